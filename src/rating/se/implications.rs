//! What an assumption implies: [`Implications`] keep each node's parents so that a chain can
//! be counted; [`Reach`] follows a board's static links as masks only, to tell quickly
//! whether following with parents is worth it; [`Ancestry`] counts a node's ancestors.
//!
//! A candidate `k` is `cell × 9 + digit` (digit 0-based); its nodes are `k × 2` (switched
//! off) and `k × 2 + 1` (switched on).

use super::board::{bits, cells_of, tables, Board9};

/// The number of nodes: two per candidate.
const NODES: usize = 729 * 2;

/// The units multiple chains start from: the 81 cells, then each house's 9 digits.
pub(super) const UNITS: usize = 81 + 27 * 9;

pub(super) fn node(candidate: usize, on: bool) -> usize {
    candidate * 2 + usize::from(on)
}

/// The implications of one assumption: which nodes follow and from which parents.
#[derive(Clone)]
pub(super) struct Implications {
    /// Where each node stands in `order`, or [`ABSENT`] when it does not follow.
    pub(super) at: Vec<u16>,
    /// For each node in `order`: its parents (a range of `pool`) and the node count of the
    /// inner chain it follows from (0 for a plain link).
    pub(super) links: Vec<(u32, u8, u16)>,
    pool: Vec<u16>,
    /// The nodes in the order they followed.
    pub(super) order: Vec<u16>,
    /// The digits of each cell whose off node follows.
    pub(super) off_in_cell: [u16; 81],
    /// The cells of each digit whose off node follows.
    pub(super) off_of_digit: [u128; 9],
    /// The cells of each digit whose on node follows.
    pub(super) on_of_digit: [u128; 9],
    /// A candidate both on and off, if the assumption leads to a contradiction.
    pub(super) contradiction: Option<usize>,
}

/// The position of a node that does not follow.
const ABSENT: u16 = u16::MAX;

impl Implications {
    pub(super) fn new() -> Implications {
        Implications {
            at: vec![ABSENT; NODES],
            links: Vec::new(),
            pool: Vec::new(),
            order: Vec::new(),
            off_in_cell: [0; 81],
            off_of_digit: [0; 9],
            on_of_digit: [0; 9],
            contradiction: None,
        }
    }

    pub(super) fn clear(&mut self) {
        for &n in &self.order {
            self.at[n as usize] = ABSENT;
        }
        self.links.clear();
        self.pool.clear();
        self.order.clear();
        self.off_in_cell = [0; 81];
        self.off_of_digit = [0; 9];
        self.on_of_digit = [0; 9];
        self.contradiction = None;
    }

    /// Whether node `n` follows.
    pub(super) fn has(&self, n: usize) -> bool {
        self.at[n] != ABSENT
    }

    pub(super) fn add(&mut self, n: usize, parents: &[u16]) -> bool {
        if self.has(n) {
            return false;
        }
        self.at[n] = self.order.len() as u16;
        let parents = &parents[..parents.len().min(usize::from(u8::MAX))];
        self.links
            .push((self.pool.len() as u32, parents.len() as u8, 0));
        let k = n / 2;
        if n % 2 == 0 {
            self.off_in_cell[k / 9] |= 1 << (k % 9);
            self.off_of_digit[k % 9] |= 1 << (k / 9);
        } else {
            self.on_of_digit[k % 9] |= 1 << (k / 9);
        }
        self.pool.extend_from_slice(parents);
        self.order.push(n as u16);
        if self.has(n ^ 1) && self.contradiction.is_none() {
            self.contradiction = Some(n / 2);
        }
        true
    }

    /// Adds a node that follows from an inner chain of `nested` nodes.
    pub(super) fn add_nested(&mut self, n: usize, parents: &[u16], nested: u16) -> bool {
        let added = self.add(n, parents);
        if let Some(link) = self.links.last_mut().filter(|_| added) {
            link.2 = nested;
        }
        added
    }

    fn parents_of(&self, n: usize) -> &[u16] {
        let (start, len, _) = self.links[self.at[n] as usize];
        &self.pool[start as usize..start as usize + len as usize]
    }

    /// The node count of the inner chain `n` follows from.
    fn nested_of(&self, n: usize) -> usize {
        usize::from(self.links[self.at[n] as usize].2)
    }
}

/// The nodes the static implications of one assumption reach, as masks and without their
/// parents: a few bit operations per node, where a propagation that keeps parents also
/// records each link. The static tier and the inner chain searches reach first, and follow
/// with parents only the assumptions whose reaches can conclude something; the two give the
/// same nodes, so the same conclusions.
#[derive(Clone, Copy, Default)]
pub(super) struct Reach {
    /// The cells of each digit whose on node follows.
    pub(super) on: [u128; 9],
    /// The cells of each digit whose off node follows.
    pub(super) off: [u128; 9],
    /// Whether some candidate is both on and off. The masks then stop where it was seen.
    pub(super) contradiction: bool,
}

/// A board's static links, which [`Reach`] follows: the cells with two candidates, and for each
/// digit the cells in a house with two places of it.
pub(super) struct StaticLinks<'a> {
    pub(super) board: &'a Board9,
    bivalue: u128,
    bilocal: [u128; 9],
    /// For each digit, the houses with two places of it.
    bilocal_houses: [u32; 9],
}

impl StaticLinks<'_> {
    pub(super) fn of(board: &Board9) -> StaticLinks<'_> {
        let t = tables();
        let mut bivalue = 0;
        for (cell, candidates) in board.candidates.iter().enumerate() {
            if candidates.count_ones() == 2 {
                bivalue |= 1 << cell;
            }
        }
        let (mut bilocal, mut bilocal_houses) = ([0; 9], [0; 9]);
        for (house, places) in board.places.iter().enumerate() {
            for digit in 0..9 {
                if places[digit].count_ones() == 2 {
                    bilocal[digit] |= t.house_masks[house] & board.cells[digit];
                    bilocal_houses[digit] |= 1 << house;
                }
            }
        }
        StaticLinks {
            board,
            bivalue,
            bilocal,
            bilocal_houses,
        }
    }

    /// What node `n` implies statically.
    pub(super) fn reach(&self, n: usize, stack: &mut Vec<u16>) -> Reach {
        let t = tables();
        let board = self.board;
        let mut reach = Reach::default();
        let (cell, digit) = (n / 2 / 9, n / 2 % 9);
        stack.clear();
        if n % 2 == 1 {
            reach.on[digit] = 1 << cell;
            stack.push((n / 2) as u16);
        } else {
            reach.off[digit] = 1 << cell;
            self.switched_off(cell, digit, &mut reach, stack);
        }
        while let Some(k) = stack.pop() {
            let (cell, digit) = (k as usize / 9, k as usize % 9);
            let bit = 1u128 << cell;
            for other in bits(board.candidates[cell] & !(1 << digit)) {
                let other = other as usize;
                if reach.off[other] & bit == 0 {
                    reach.off[other] |= bit;
                    reach.contradiction |= reach.on[other] & bit != 0;
                    self.switched_off(cell, other, &mut reach, stack);
                }
            }
            let seen = t.peer_masks[cell] & board.cells[digit] & !reach.off[digit];
            reach.off[digit] |= seen;
            reach.contradiction |= reach.on[digit] & seen != 0;
            for peer in cells_of(seen & (self.bivalue | self.bilocal[digit])) {
                self.switched_off(peer, digit, &mut reach, stack);
            }
            if reach.contradiction {
                break;
            }
        }
        reach
    }

    /// Switches on what candidate (`cell`, `digit`) switched off implies.
    fn switched_off(&self, cell: usize, digit: usize, reach: &mut Reach, stack: &mut Vec<u16>) {
        let t = tables();
        let bit = 1u128 << cell;
        let mut on = |cell: usize, digit: usize| {
            if reach.on[digit] & (1 << cell) == 0 {
                reach.on[digit] |= 1 << cell;
                reach.contradiction |= reach.off[digit] & (1 << cell) != 0;
                stack.push((cell * 9 + digit) as u16);
            }
        };
        if self.bivalue & bit != 0 {
            let other = (self.board.candidates[cell] & !(1 << digit)).trailing_zeros();
            on(cell, other as usize);
        }
        if self.bilocal[digit] & bit != 0 {
            for &house in &t.cell_houses[cell] {
                if self.bilocal_houses[digit] & (1 << house) != 0 {
                    let places = t.house_masks[house as usize] & self.board.cells[digit];
                    on((places & !bit).trailing_zeros() as usize, digit);
                }
            }
        }
    }
}

/// The reaches of an inner search's assumptions on one board, each made when first asked for.
pub(super) struct Reaches<'a> {
    pub(super) links: StaticLinks<'a>,
    /// The candidate each assumption switches on.
    starts: &'a [usize],
    /// The reach of each assumption, where `done` says it was made.
    pub(super) made: Vec<Reach>,
    done: Vec<bool>,
}

impl<'a> Reaches<'a> {
    /// Reaches on `board` from each of `starts`, kept in `buffer` (its contents do not matter).
    pub(super) fn new(
        board: &'a Board9,
        starts: &'a [usize],
        mut buffer: Vec<Reach>,
    ) -> Reaches<'a> {
        if buffer.len() < starts.len() {
            buffer.resize(starts.len(), Reach::default());
        }
        Reaches {
            links: StaticLinks::of(board),
            starts,
            made: buffer,
            done: vec![false; starts.len()],
        }
    }

    /// The reach of assumption `i`.
    pub(super) fn get(&mut self, i: usize, stack: &mut Vec<u16>) -> &Reach {
        if !self.done[i] {
            self.done[i] = true;
            self.made[i] = self.links.reach(node(self.starts[i], true), stack);
        }
        &self.made[i]
    }

    /// Whether the reaches of assumptions `slots` (the branches of a unit) all have some node
    /// outside `except_on` and `except_off` (per digit, the cells whose on, off nodes do not
    /// count), none of them contradicting. The common nodes are narrowed one branch at a
    /// time, those reached already first, so that most units are dropped before every branch
    /// is reached.
    pub(super) fn meet(
        &mut self,
        slots: &[usize],
        (except_on, except_off): ([u128; 9], [u128; 9]),
        stack: &mut Vec<u16>,
    ) -> bool {
        let mut common = Reach {
            on: except_on.map(|cells| !cells),
            off: except_off.map(|cells| !cells),
            contradiction: false,
        };
        for made_first in [true, false] {
            for &i in slots {
                if self.done[i] != made_first {
                    continue;
                }
                let reach = self.get(i, stack);
                if reach.contradiction || !common.narrow(reach) {
                    return false;
                }
            }
        }
        true
    }
}

impl Reach {
    /// Keeps of these nodes those `other` has too; whether any are left.
    fn narrow(&mut self, other: &Reach) -> bool {
        let mut left = 0;
        for d in 0..9 {
            self.on[d] &= other.on[d];
            self.off[d] &= other.off[d];
            left |= self.on[d] | self.off[d];
        }
        left != 0
    }

    /// Whether every reach of `all` has some node in common outside `except_on` and
    /// `except_off` (per digit, the cells whose on, off nodes do not count).
    pub(super) fn common<'a>(
        mut all: impl Iterator<Item = &'a Reach>,
        except_on: &[u128; 9],
        except_off: &[u128; 9],
    ) -> bool {
        let Some(first) = all.next() else {
            return false;
        };
        let (mut on, mut off) = (first.on, first.off);
        for reach in all {
            for d in 0..9 {
                on[d] &= reach.on[d];
                off[d] &= reach.off[d];
            }
        }
        (0..9).any(|d| on[d] & !except_on[d] | off[d] & !except_off[d] != 0)
    }

    /// Whether every reach of `all` has some node in common that is not about the cells of
    /// `own` (per digit) and that `imp` does not have already.
    pub(super) fn common_beyond<'a>(
        all: impl Iterator<Item = &'a Reach>,
        own: &[u128; 9],
        imp: &Implications,
    ) -> bool {
        let except_on = std::array::from_fn(|d| own[d] | imp.on_of_digit[d]);
        let except_off = std::array::from_fn(|d| own[d] | imp.off_of_digit[d]);
        Reach::common(all, &except_on, &except_off)
    }
}

/// Counts the ancestors of nodes (themselves included) and which kinds of links they use.
pub(super) struct Ancestry {
    stamp: Vec<u32>,
    now: u32,
    stack: Vec<u16>,
}

impl Ancestry {
    pub(super) fn new() -> Ancestry {
        Ancestry {
            stamp: vec![0; NODES],
            now: 0,
            stack: Vec::new(),
        }
    }

    pub(super) fn start(&mut self) {
        self.now += 1;
    }

    /// Adds the ancestors of `n` to the count of this round; returns (new nodes and the nodes
    /// of their inner chains, whether an X link (same digit, other cell) and a Y link (same
    /// cell) were seen).
    pub(super) fn count(&mut self, imp: &Implications, n: usize) -> (usize, bool, bool) {
        let mut count = 0;
        let (mut x, mut y) = (false, false);
        self.stack.clear();
        if self.stamp[n] != self.now {
            self.stamp[n] = self.now;
            self.stack.push(n as u16);
            count += 1 + imp.nested_of(n);
        }
        while let Some(m) = self.stack.pop() {
            let m = m as usize;
            for &p in imp.parents_of(m) {
                let p = p as usize;
                if p / 2 / 9 == m / 2 / 9 {
                    y = true;
                } else {
                    x = true;
                }
                if self.stamp[p] != self.now {
                    self.stamp[p] = self.now;
                    self.stack.push(p as u16);
                    count += 1 + imp.nested_of(p);
                }
            }
        }
        (count, x, y)
    }

    /// Adds to `links` the strong links (off → on, as candidate pairs) among the ancestors of
    /// `n` not yet walked in this round.
    pub(super) fn strong_links(
        &mut self,
        imp: &Implications,
        n: usize,
        links: &mut Vec<(usize, usize)>,
    ) {
        self.stack.clear();
        if self.stamp[n] != self.now {
            self.stamp[n] = self.now;
            self.stack.push(n as u16);
        }
        while let Some(m) = self.stack.pop() {
            let m = m as usize;
            for &p in imp.parents_of(m) {
                let p = p as usize;
                if m % 2 == 1 && p % 2 == 0 {
                    links.push((p / 2, m / 2));
                }
                if self.stamp[p] != self.now {
                    self.stamp[p] = self.now;
                    self.stack.push(p as u16);
                }
            }
        }
    }
}
