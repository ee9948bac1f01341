//! Chains inside chains: static forcing chains and static cell and region forcing chains run
//! on the board as a dynamic chain leaves it, their conclusions added as the chain's nodes
//! (Sudoku Explainer's "+ Forcing Chains" and "+ Multiple Forcing Chains").

use super::{still_open, Chains, Mode, Origin, Targets};
use crate::rating::se::board::{bits, tables, Board9};
use crate::rating::se::implications::{node, Implications, Reach, Reaches, UNITS};

impl Chains {
    /// Static forcing chains on the board as the chain leaves it: their conclusions are added
    /// as nodes whose parents are the eliminations that made their strong links, each
    /// carrying its inner chain's node count. Returns whether a node was added.
    ///
    /// The board on entry has no static chain conclusion (an easier tier would have found
    /// it), and the chain only removes candidates, which takes links away and makes new
    /// strong links. So every new conclusion goes through a strong link made since the last
    /// search (`seen`, the board then). The static implications are closed under
    /// contraposition, so a conclusion through the strong link "a or b" is a node that both
    /// `a` on and `b` on imply.
    pub(super) fn inner_chains(
        &mut self,
        board: &Board9,
        trial: &Board9,
        seen: &mut Board9,
        imp: &mut Implications,
    ) -> bool {
        let links = trial.strong_links_since(seen);
        *seen = *trial;
        if links.is_empty() {
            return false;
        }
        let mut ends: Vec<usize> = links.iter().flat_map(|&(a, b)| [a, b]).collect();
        ends.sort_unstable();
        ends.dedup();
        let mut reaches = Reaches::new(trial, &ends, std::mem::take(&mut self.reach));
        for i in 0..ends.len() {
            reaches.get(i, &mut self.scratch);
        }
        let mut inner = std::mem::take(&mut self.inner);
        while inner.len() < ends.len() {
            inner.push(Implications::new());
        }
        let mut ready = vec![false; ends.len()];
        let index = |k: usize| ends.binary_search(&k).expect("an end of a link");
        // The shortest inner chain to each conclusion: (node, nodes, link).
        let mut found: Vec<(usize, usize, usize, Targets)> = Vec::new();
        for (l, &(a, b)) in links.iter().enumerate() {
            let (ia, ib) = (index(a), index(b));
            let (ra, rb) = (&reaches.made[ia], &reaches.made[ib]);
            if !ra.contradiction && !rb.contradiction {
                let mut start = [0; 9];
                start[a % 9] = 1 << (a / 9);
                if !Reach::common_beyond([ra, rb].into_iter(), &start, imp) {
                    continue;
                }
            }
            for i in [ia, ib] {
                self.follow_static(trial, &mut inner, &mut ready, ends[i], i);
            }
            let (fa, fb) = (&inner[ia], &inner[ib]);
            let mut consider = |n: usize, nodes: usize, targets: Targets| match found
                .iter_mut()
                .find(|f| f.0 == n)
            {
                Some(f) if f.1 > nodes => *f = (n, nodes, l, targets),
                Some(_) => {}
                None => found.push((n, nodes, l, targets)),
            };
            for (on_end, forward) in [(a, fa), (b, fb)] {
                if let Some(x) = forward.contradiction {
                    self.ancestry.start();
                    let nodes = self.ancestry.count(forward, node(x, true)).0
                        + self.ancestry.count(forward, node(x, false)).0;
                    consider(
                        node(on_end, false),
                        nodes,
                        Targets::Contradiction(on_end, x),
                    );
                }
            }
            if fa.contradiction.is_some() || fb.contradiction.is_some() {
                continue;
            }
            for &n in &fa.order[1..] {
                let n = n as usize;
                if !fb.has(n) || imp.has(n) || !still_open(trial, n) {
                    continue;
                }
                self.ancestry.start();
                let nodes = self.ancestry.count(fa, n).0;
                self.ancestry.start();
                consider(n, nodes + self.ancestry.count(fb, n).0, Targets::Both(n));
            }
        }
        let mut added = false;
        let mut parents: Vec<u16> = Vec::new();
        let mut strong: Vec<(usize, usize)> = Vec::new();
        for &(n, nodes, l, targets) in &found {
            let (a, b) = links[l];
            strong.clear();
            strong.push((a, b));
            match targets {
                Targets::Both(n) => {
                    for end in [a, b] {
                        self.ancestry.start();
                        self.ancestry
                            .strong_links(&inner[index(end)], n, &mut strong);
                    }
                }
                Targets::Contradiction(end, x) => {
                    self.ancestry.start();
                    for target in [node(x, true), node(x, false)] {
                        self.ancestry
                            .strong_links(&inner[index(end)], target, &mut strong);
                    }
                }
            }
            parents.clear();
            added |= add_inner(board, trial, &strong, &mut parents, (n, nodes), imp);
        }
        self.inner = inner;
        self.reach = reaches.made;
        added
    }

    /// Follows candidate `k` switched on with the static rules of `trial`, parents kept, into
    /// `inner[i]`, unless `ready[i]` says it was done.
    pub(super) fn follow_static(
        &mut self,
        trial: &Board9,
        inner: &mut [Implications],
        ready: &mut [bool],
        k: usize,
        i: usize,
    ) {
        if !std::mem::replace(&mut ready[i], true) {
            self.propagate(
                trial,
                Mode::Static,
                Origin::Start(node(k, true)),
                &mut inner[i],
            );
        }
    }

    /// Static cell and region forcing chains on the board as the chain leaves it: a node that
    /// every candidate of a cell (every place of a digit in a house) switched on implies is
    /// added, its parents the eliminations that made the units and the strong links of its
    /// branches, carrying the branches' node count. Returns whether a node was added.
    ///
    /// The board on entry has no static multiple chain conclusion (an easier tier would have
    /// found it), and the chain only removes candidates. So a new conclusion is about a unit
    /// that lost candidates since the last search (`seen`, the board then), or one of its
    /// branches goes through a strong link made since: a branch `k` through the new link
    /// "a or b" reaches `a` off, so `a` on reaches `k` off. Only those units are searched.
    pub(super) fn inner_multiple(
        &mut self,
        board: &Board9,
        trial: &Board9,
        seen: &mut Board9,
        imp: &mut Implications,
    ) -> bool {
        let t = tables();
        let mut changed = [false; UNITS];
        for (cell, changed) in changed[..81].iter_mut().enumerate() {
            let (now, before) = (trial.candidates[cell], seen.candidates[cell]);
            *changed = now != before && now.count_ones() >= 2;
        }
        for house in 0..27 {
            for digit in 0..9 {
                let (now, before) = (trial.places(house, digit), seen.places(house, digit));
                changed[81 + house * 9 + digit as usize] = now != before && now.count_ones() >= 2;
            }
        }
        let ends: Vec<usize> = trial
            .strong_links_since(seen)
            .into_iter()
            .flat_map(|(a, b)| [a, b])
            .collect();
        *seen = *trial;
        let open: Vec<usize> = (0..81)
            .filter(|&c| trial.candidates[c].count_ones() >= 2)
            .flat_map(|c| bits(trial.candidates[c]).map(move |d| c * 9 + d as usize))
            .collect();
        let mut slot_of = [u16::MAX; 729];
        for (i, &k) in open.iter().enumerate() {
            slot_of[k] = i as u16;
        }
        let index = |k: usize| Some(usize::from(slot_of[k])).filter(|&i| i < open.len());
        let mut inner = std::mem::take(&mut self.inner);
        while inner.len() < open.len() {
            inner.push(Implications::new());
        }
        let mut ready = vec![false; open.len()];
        let mut reaches = Reaches::new(trial, &open, std::mem::take(&mut self.reach));
        // Branches a new strong link reaches, by digit.
        let mut touched = [0u128; 9];
        for &end in &ends {
            if let Some(i) = index(end) {
                let r = reaches.get(i, &mut self.scratch);
                if !r.contradiction {
                    for (touched, off) in touched.iter_mut().zip(r.off) {
                        *touched |= off;
                    }
                    continue;
                }
                self.follow_static(trial, &mut inner, &mut ready, open[i], i);
                for &n in &inner[i].order {
                    if n % 2 == 0 {
                        let k = n as usize / 2;
                        touched[k % 9] |= 1 << (k / 9);
                    }
                }
            }
        }
        // The smallest count of each conclusion: (node, nodes, unit).
        let mut found: Vec<(usize, usize, usize)> = Vec::new();
        let mut branches: Vec<usize> = Vec::with_capacity(9);
        'units: for (unit, &unit_changed) in changed.iter().enumerate() {
            branches.clear();
            if unit < 81 {
                branches.extend(bits(trial.candidates[unit]).map(|d| unit * 9 + d as usize));
            } else {
                let (house, digit) = ((unit - 81) / 9, (unit - 81) % 9);
                let places = trial.places(house, digit as u8);
                branches
                    .extend(bits(places).map(|i| t.houses[house][i as usize] as usize * 9 + digit));
            }
            let is_touched = |k: usize| touched[k % 9] & (1 << (k / 9)) != 0;
            if branches.len() < 2 || !(unit_changed || branches.iter().any(|&k| is_touched(k))) {
                continue;
            }
            let mut slots = [0; 9];
            for (slot, &k) in slots.iter_mut().zip(&branches) {
                let Some(i) = index(k) else {
                    continue 'units;
                };
                *slot = i;
            }
            let slots = &slots[..branches.len()];
            let mut own = [0u128; 9];
            for &k in &branches {
                let (cell, digit) = (k / 9, k % 9);
                if unit < 81 {
                    own = [1 << cell; 9];
                } else {
                    own[digit] |= 1 << cell;
                }
            }
            let except = (
                std::array::from_fn(|d| own[d] | imp.on_of_digit[d]),
                std::array::from_fn(|d| own[d] | imp.off_of_digit[d]),
            );
            if !reaches.meet(slots, except, &mut self.scratch) {
                continue;
            }
            for &i in slots {
                self.follow_static(trial, &mut inner, &mut ready, open[i], i);
            }
            if slots.iter().any(|&i| inner[i].contradiction.is_some()) {
                continue;
            }
            for &n in &inner[slots[0]].order[1..] {
                let n = n as usize;
                if imp.has(n)
                    || !still_open(trial, n)
                    || branches.contains(&(n / 2))
                    || !slots.iter().all(|&i| inner[i].has(n))
                {
                    continue;
                }
                self.ancestry.start();
                let nodes: usize = slots
                    .iter()
                    .map(|&i| self.ancestry.count(&inner[i], n).0)
                    .sum();
                match found.iter_mut().find(|f| f.0 == n) {
                    Some(f) if f.1 > nodes => *f = (n, nodes, unit),
                    Some(_) => {}
                    None => found.push((n, nodes, unit)),
                }
            }
        }
        let mut added = false;
        let mut parents: Vec<u16> = Vec::new();
        let mut strong: Vec<(usize, usize)> = Vec::new();
        for &(n, nodes, unit) in &found {
            parents.clear();
            strong.clear();
            if unit < 81 {
                for d in bits(board.candidates[unit] & !trial.candidates[unit]) {
                    parents.push(node(unit * 9 + d as usize, false) as u16);
                }
                for d in bits(trial.candidates[unit]) {
                    let i = index(unit * 9 + d as usize).expect("a branch");
                    self.ancestry.start();
                    self.ancestry.strong_links(&inner[i], n, &mut strong);
                }
            } else {
                let (house, digit) = ((unit - 81) / 9, (unit - 81) % 9);
                let (all, now) = (
                    board.places(house, digit as u8),
                    trial.places(house, digit as u8),
                );
                for i in bits(all) {
                    let k = t.houses[house][i as usize] as usize * 9 + digit;
                    if now & (1 << i) == 0 {
                        parents.push(node(k, false) as u16);
                    } else {
                        let slot = index(k).expect("a branch");
                        self.ancestry.start();
                        self.ancestry.strong_links(&inner[slot], n, &mut strong);
                    }
                }
            }
            added |= add_inner(board, trial, &strong, &mut parents, (n, nodes), imp);
        }
        self.inner = inner;
        self.reach = reaches.made;
        added
    }
}

/// Adds the conclusion `n` of an inner chain of `nodes` nodes whose strong links are `strong`;
/// `parents` holds the eliminations it rests on so far, and gets those that made the links.
fn add_inner(
    board: &Board9,
    trial: &Board9,
    strong: &[(usize, usize)],
    parents: &mut Vec<u16>,
    (n, nodes): (usize, usize),
    imp: &mut Implications,
) -> bool {
    for &(p, m) in strong {
        made_link(board, trial, p, m, parents);
    }
    parents.sort_unstable();
    parents.dedup();
    imp.add_nested(n, parents, u16::try_from(nodes).unwrap_or(u16::MAX))
}

/// Adds to `parents` the eliminations (off nodes) that made `a` and `b` a strong link on
/// `trial`: the cell's other candidates when they share a cell, else the digit's other places
/// in a house that holds both.
fn made_link(board: &Board9, trial: &Board9, a: usize, b: usize, parents: &mut Vec<u16>) {
    let t = tables();
    let (ca, cb) = (a / 9, b / 9);
    if ca == cb {
        for d in bits(board.candidates[ca] & !trial.candidates[ca]) {
            parents.push(node(ca * 9 + d as usize, false) as u16);
        }
        return;
    }
    let digit = (a % 9) as u8;
    let Some(&house) = t.cell_houses[ca].iter().find(|h| {
        t.cell_houses[cb].contains(h) && trial.places(**h as usize, digit).count_ones() == 2
    }) else {
        return;
    };
    let house = house as usize;
    for i in bits(board.places(house, digit) & !trial.places(house, digit)) {
        let c = t.houses[house][i as usize] as usize;
        parents.push(node(c * 9 + digit as usize, false) as u16);
    }
}
