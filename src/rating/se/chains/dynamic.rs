//! The propagation of one assumption under a mode's rules: the cell's and houses' last
//! candidates, and for the "+" modes, locked candidates, subsets and fish on the board as
//! the chain leaves it, then the nested searches.

use super::{Chains, Mode, Origin};
use crate::rating::se::board::{bits, cells_of, tables, Board9};
use crate::rating::se::implications::{node, Implications};

impl Chains {
    /// Follows both assumptions (on and off) about every candidate of `cells`: from the start,
    /// or with `resume`, from where that tier below left them exhausted.
    pub(super) fn propagate_cells(
        &mut self,
        board: &Board9,
        mode: Mode,
        cells: std::ops::Range<usize>,
        resume: Option<Mode>,
    ) {
        let (mut on, mut off) = (std::mem::take(&mut self.on), std::mem::take(&mut self.off));
        for cell in cells {
            for digit in 0..9 {
                let k = cell * 9 + digit;
                if board.candidates[cell] & (1 << digit) == 0 {
                    on[k].clear();
                    off[k].clear();
                    continue;
                }
                // An exhausted tier below followed every candidate; a fresh start otherwise.
                let followed = !on[k].order.is_empty() && !off[k].order.is_empty();
                if let Some(below) = resume.filter(|_| followed) {
                    self.propagate(board, mode, Origin::Exhausted(below), &mut on[k]);
                    self.propagate(board, mode, Origin::Exhausted(below), &mut off[k]);
                    continue;
                }
                self.propagate(board, mode, Origin::Start(node(k, true)), &mut on[k]);
                self.propagate(board, mode, Origin::Start(node(k, false)), &mut off[k]);
            }
        }
        (self.on, self.off) = (on, off);
    }

    pub(super) fn propagate(
        &mut self,
        board: &Board9,
        mode: Mode,
        from: Origin,
        imp: &mut Implications,
    ) {
        let t = tables();
        // The board as the last inner chain search saw it, when there was one.
        let mut seen = None;
        let mut seen_multiple = None;
        // The board as the chain leaves it, and how many of the chain's nodes it has taken in.
        let (mut now, mut applied) = (None, 0);
        // How many nodes a search for locked candidates, for subsets, had seen when it last
        // found none.
        let (mut head, mut locked_clean, mut subsets_clean) = (0, 0, 0);
        match from {
            Origin::Start(node) => {
                imp.clear();
                imp.add(node, &[]);
            }
            Origin::Exhausted(below) => {
                head = imp.order.len();
                if below != Mode::Dynamic {
                    (locked_clean, subsets_clean) = (head, head);
                }
                if below == Mode::DynamicForcing {
                    seen = Some(board.after(imp));
                }
                (now, applied) = (Some(board.after(imp)), head);
            }
        }
        let start = imp.order[0] as usize;
        loop {
            while head < imp.order.len() && imp.contradiction.is_none() {
                let n = imp.order[head] as usize;
                head += 1;
                let k = n / 2;
                let (cell, digit) = (k / 9, (k % 9) as u8);
                if n % 2 == 1 {
                    if mode != Mode::Nishio {
                        for d in bits(board.candidates[cell] & !(1 << digit)) {
                            imp.add(node(cell * 9 + d as usize, false), &[n as u16]);
                        }
                    }
                    let seen_by = t.peer_masks[cell] & board.cells[digit as usize];
                    for p in cells_of(seen_by & !imp.off_of_digit[digit as usize]) {
                        imp.add(node(p * 9 + digit as usize, false), &[n as u16]);
                    }
                } else {
                    self.off_implications(board, mode, n, imp);
                }
            }
            if mode == Mode::Nishio && imp.contradiction.is_none() {
                self.empty_house(board, start, imp);
            }
            if imp.contradiction.is_some()
                || !matches!(
                    mode,
                    Mode::DynamicPlus | Mode::DynamicForcing | Mode::DynamicMultiple
                )
            {
                break;
            }
            // The board as the chain leaves it.
            let now = now.get_or_insert(*board);
            for &n in &imp.order[applied..] {
                if n % 2 == 0 {
                    now.remove(n as usize / 2 / 9, (n / 2 % 9) as u8);
                }
            }
            applied = imp.order.len();
            if self.plus_implications(board, now, imp, &mut locked_clean)
                || subset_implications(board, now, imp, &mut subsets_clean)
            {
                continue;
            }
            if mode == Mode::DynamicPlus {
                break;
            }
            if self.inner_chains(board, now, seen.get_or_insert(*board), imp) {
                continue;
            }
            if mode != Mode::DynamicMultiple
                || !self.inner_multiple(board, now, seen_multiple.get_or_insert(*board), imp)
            {
                break;
            }
        }
    }

    fn off_implications(&mut self, board: &Board9, mode: Mode, n: usize, imp: &mut Implications) {
        let t = tables();
        let k = n / 2;
        let (cell, digit) = (k / 9, (k % 9) as u8);
        let parents = &mut self.scratch;
        // The cell: its last candidate not off.
        if mode != Mode::Nishio {
            let all = board.candidates[cell];
            if mode == Mode::Static {
                if all.count_ones() == 2 {
                    let other = (all & !(1 << digit)).trailing_zeros() as usize;
                    imp.add(node(cell * 9 + other, true), &[n as u16]);
                }
            } else {
                let off = all & imp.off_in_cell[cell];
                let left = all & !off;
                if left.count_ones() == 1 {
                    parents.clear();
                    parents.extend(bits(off).map(|d| node(cell * 9 + d as usize, false) as u16));
                    let last = node(cell * 9 + left.trailing_zeros() as usize, true);
                    let list = std::mem::take(parents);
                    imp.add(last, &list);
                    *parents = list;
                }
            }
        }
        // The houses: the digit's last place not off.
        for &house in &t.cell_houses[cell] {
            let places = board.places(house as usize, digit);
            if mode == Mode::Static {
                if places.count_ones() == 2 {
                    for i in bits(places) {
                        let c = t.houses[house as usize][i as usize] as usize;
                        if c != cell {
                            imp.add(node(c * 9 + digit as usize, true), &[n as u16]);
                        }
                    }
                }
                continue;
            }
            let all = board.cells[digit as usize] & t.house_masks[house as usize];
            let off = all & imp.off_of_digit[digit as usize];
            let left = all & !off;
            if left.count_ones() == 1 {
                parents.clear();
                parents.extend(cells_of(off).map(|c| node(c * 9 + digit as usize, false) as u16));
                let last = node(left.trailing_zeros() as usize * 9 + digit as usize, true);
                let list = std::mem::take(parents);
                imp.add(last, &list);
                *parents = list;
            }
        }
    }

    /// Locked candidates on the board as the chain leaves it; returns whether it added a node.
    /// A base house counts only when the chain has taken places of the digit from it (else
    /// the board had the same locked candidates), and not when it places the digit there.
    ///
    /// `clean` is how many of the chain's nodes the last search that found nothing had seen:
    /// a new one needs a base house that lost places of the digit since.
    fn plus_implications(
        &mut self,
        board: &Board9,
        now: &Board9,
        imp: &mut Implications,
        clean: &mut usize,
    ) -> bool {
        let t = tables();
        let mut added = false;
        let mut alive = now.cells;
        let placed = imp.on_of_digit;
        let mut dirty = [0u32; 9];
        for &n in &imp.order[*clean..] {
            let k = n as usize / 2;
            if n % 2 == 0 {
                for &house in &t.cell_houses[k / 9] {
                    dirty[k % 9] |= 1 << house;
                }
            }
        }
        let parents = &mut self.scratch;
        for (bases, covers) in [(18..27, 0..18), (0..18, 18..27)] {
            for base in bases {
                let in_base = t.house_masks[base];
                for digit in (0..9).filter(|&d| dirty[d] & 1 << base != 0) {
                    let cells = alive[digit] & in_base;
                    let taken = board.cells[digit] & in_base & !cells;
                    if placed[digit] & in_base != 0 || cells.count_ones() < 2 || taken == 0 {
                        continue;
                    }
                    parents.clear();
                    parents.extend(cells_of(taken).map(|c| node(c * 9 + digit, false) as u16));
                    for cover in covers.clone() {
                        let in_cover = t.house_masks[cover];
                        if cells & !in_cover != 0 {
                            continue;
                        }
                        for c in cells_of(alive[digit] & in_cover & !cells) {
                            added |= imp.add(node(c * 9 + digit, false), parents);
                            alive[digit] &= !(1 << c);
                        }
                    }
                }
            }
        }
        if !added {
            *clean = imp.order.len();
        }
        added
    }
}

/// What a subset rule looks for.
#[derive(Copy, Clone, PartialEq, Eq)]
enum SubsetKind {
    /// k digits with k places in a house.
    Hidden,
    /// k cells of a house with k candidates.
    Naked,
    /// k rows (or columns) whose places of a digit lie in k columns (or rows).
    Fish,
}

/// Subsets and fish on the board as the chain leaves it, the "+" rules Sudoku Explainer
/// tries after locked candidates, in its order: hidden pair, naked pair, X-Wing, then the
/// triples and Swordfish, then the quads and Jellyfish. It stops after the first rule that
/// adds a node. A subset counts only when the chain has taken candidates from it (else the
/// board had it already); its parents are those eliminations.
///
/// `clean` is how many of the chain's nodes the last search that found nothing had seen: a
/// new subset needs a house (a fish, a digit) that lost candidates since.
fn subset_implications(
    board: &Board9,
    now: &Board9,
    imp: &mut Implications,
    clean: &mut usize,
) -> bool {
    let t = tables();
    let (alive, places) = (&now.candidates, &now.places);
    let (mut dirty_houses, mut dirty_digits) = (0u32, 0u16);
    for &n in &imp.order[*clean..] {
        if n % 2 == 0 {
            let (cell, digit) = (n as usize / 2 / 9, n as usize / 2 % 9);
            for &house in &t.cell_houses[cell] {
                dirty_houses |= 1 << house;
            }
            dirty_digits |= 1 << digit;
        }
    }
    let usable = |masks: &[u16; 9]| {
        (0..9)
            .filter(|&i| (2..=4).contains(&masks[i].count_ones()))
            .fold(0u16, |m, i| m | 1 << i)
    };
    // Every subset the board has and the board before the chain had not, found in one walk
    // per house (digit) and applied below in the rules' order: (rule, where, items, union),
    // where a rule is (size − 2) × 3 + kind and `where` a house, or a digit × 2 + orientation.
    let mut found: Vec<(usize, usize, u16, u16)> = Vec::new();
    let rule = |set: u16, kind: SubsetKind| (set.count_ones() as usize - 2) * 3 + kind as usize;
    for house in (0..27).filter(|h| dirty_houses & 1 << h != 0) {
        let changed = (0..9u8)
            .filter(|&d| board.places(house, d) != places[house][d as usize])
            .fold(0u16, |m, d| m | 1 << d);
        if changed != 0 {
            let digits = &places[house];
            covering_sets(usable(digits), changed, digits, &mut |set, union| {
                found.push((rule(set, SubsetKind::Hidden), house, set, union));
            });
        }
        let masks: [u16; 9] = std::array::from_fn(|i| alive[t.houses[house][i] as usize]);
        let changed = (0..9)
            .filter(|&i| masks[i] != board.candidates[t.houses[house][i] as usize])
            .fold(0u16, |m, i| m | 1 << i);
        if changed != 0 {
            covering_sets(usable(&masks), changed, &masks, &mut |set, union| {
                found.push((rule(set, SubsetKind::Naked), house, set, union));
            });
        }
    }
    for digit in (0..9).filter(|d| dirty_digits & 1 << d != 0) {
        for (orientation, bases) in [0..9, 9..18].into_iter().enumerate() {
            let masks: [u16; 9] = std::array::from_fn(|i| places[bases.start + i][digit]);
            let changed = (0..9)
                .filter(|&i| board.places(bases.start + i, digit as u8) != masks[i])
                .fold(0u16, |m, i| m | 1 << i);
            if changed != 0 {
                covering_sets(usable(&masks), changed, &masks, &mut |set, union| {
                    let at = digit * 2 + orientation;
                    found.push((rule(set, SubsetKind::Fish), at, set, union));
                });
            }
        }
    }
    if found.is_empty() {
        *clean = imp.order.len();
        return false;
    }
    found.sort_by_key(|f| f.0);
    let off = |c: usize, d: u8| node(c * 9 + d as usize, false) as u16;
    let mut parents: Vec<u16> = Vec::new();
    let mut added = false;
    for (i, &(rule, at, set, union)) in found.iter().enumerate() {
        parents.clear();
        match rule % 3 {
            0 => {
                let (house, cells) = (at, &t.houses[at]);
                for d in bits(set) {
                    let taken = board.places(house, d) & !places[house][d as usize];
                    parents.extend(bits(taken).map(|i| off(cells[i as usize] as usize, d)));
                }
                for i in bits(union) {
                    let c = cells[i as usize] as usize;
                    for d in bits(alive[c] & !set) {
                        added |= imp.add(node(c * 9 + d as usize, false), &parents);
                    }
                }
            }
            1 => {
                let cells = &t.houses[at];
                for i in bits(set) {
                    let c = cells[i as usize] as usize;
                    let taken = board.candidates[c] & !alive[c];
                    parents.extend(bits(taken).map(|d| off(c, d)));
                }
                for i in bits(0x1ff & !set) {
                    let c = cells[i as usize] as usize;
                    for d in bits(alive[c] & union) {
                        added |= imp.add(node(c * 9 + d as usize, false), &parents);
                    }
                }
            }
            _ => {
                let (digit, bases) = (at / 2, if at % 2 == 0 { 0 } else { 9 });
                let covers = 9 - bases;
                for i in bits(set) {
                    let house = bases + i as usize;
                    let taken = board.places(house, digit as u8) & !places[house][digit];
                    parents.extend(
                        bits(taken).map(|j| off(t.houses[house][j as usize] as usize, digit as u8)),
                    );
                }
                for j in bits(union) {
                    let cover = covers + j as usize;
                    for i in bits(places[cover][digit] & !set) {
                        let c = t.houses[cover][i as usize] as usize;
                        added |= imp.add(node(c * 9 + digit, false), &parents);
                    }
                }
            }
        }
        let rule_ends = found.get(i + 1).is_none_or(|next| next.0 != rule);
        if added && rule_ends {
            return true;
        }
    }
    *clean = imp.order.len();
    false
}

/// Visits every set of 2 to 4 items (bits of `items`) with at least one of `changed` whose
/// masks (`masks[item]`) cover as many bits between them as there are items, as (items, union),
/// in lexicographic order; an item set whose union already has more than 4 bits is not
/// extended.
fn covering_sets(items: u16, changed: u16, masks: &[u16; 9], visit: &mut impl FnMut(u16, u16)) {
    fn go(
        rest: u16,
        (changed, masks): (u16, &[u16; 9]),
        set: u16,
        union: u16,
        visit: &mut impl FnMut(u16, u16),
    ) {
        for i in bits(rest) {
            let (set, union) = (set | 1 << i, union | masks[i as usize]);
            let size = set.count_ones();
            if union.count_ones() > 4 {
                continue;
            }
            let rest = rest & !((2 << i) - 1);
            if size >= 2 && union.count_ones() == size && set & changed != 0 {
                visit(set, union);
            }
            if size < 4 && (set | rest) & changed != 0 {
                go(rest, (changed, masks), set, union, visit);
            }
        }
    }
    go(items, (changed, masks), 0, 0, visit);
}
