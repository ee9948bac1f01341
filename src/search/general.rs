//! The general exact solver, for every shape from 4×4 to 25×25 and every layout.
//!
//! It keeps a candidate mask per cell and, after each placement, propagates to a fixpoint:
//! - naked singles (a cell with one candidate);
//! - hidden singles (a digit with one place in a house, whatever houses the layout has);
//! - locked candidates, pointing and claiming alike: when a digit's places in a house all lie
//!   in the cells it shares with another house (a box and a line, a jigsaw region and a
//!   line, a window or a diagonal and a box), the digit leaves the rest of that other house.
//!   The pairs of houses come from the layout's overlaps ([`Geometry::overlaps`]), so this
//!   works on every layout.
//!
//! When propagation stalls it branches on whichever is narrower: the cell with the fewest
//! candidates, trying each candidate in turn, or the house digit with the fewest places,
//! trying each place in turn (a cell wins a tie). Each try is one node of the budget and one
//! guess of [`SearchOutcome::n_guesses`]; each branch point counts once in
//! [`SearchOutcome::n_branches`].
//!
//! States of branches are copied into buffers kept from earlier branches, so a search
//! allocates only while it goes deeper than before. Measured on the 26 puzzles of
//! `tests/data/big_grids.txt` (16×16 and 25×25 with 20–40% givens, and pencil-mark grids
//! without a solution), against singles and the fewest-candidates cell alone: see
//! bench/README.md, Speed, "General solver on big grids".

use super::{Budget, ExactSolver, SearchOutcome, Solutions};
use crate::digits::DigitSet;
use crate::geometry::Geometry;
use crate::grid::Shape;
use crate::util::bit_positions;

/// Two houses sharing cells, as the solver reads [`crate::geometry::Overlap`].
#[derive(Copy, Clone, Debug)]
struct Overlap {
    /// The other house.
    other: u16,
    /// Positions within the first house of the shared cells.
    shared: u32,
    /// Positions within the other house of its cells outside the first.
    rest_of_other: u32,
}

/// The houses, peers and overlaps of a layout as flat indices, for the solver's inner loops;
/// built from the one [`Geometry`].
#[derive(Clone, Debug)]
struct Tables {
    size: usize,
    n_houses: usize,
    /// Cells of each house, `size` per house, in the geometry's house order.
    house_cells: Vec<u16>,
    /// Peers of every cell, one run per cell.
    peers: Vec<u16>,
    /// Where each cell's run of peers starts in `peers`; one more entry than cells.
    peer_start: Vec<u32>,
    /// Overlaps of every house, one run per house.
    overlaps: Vec<Overlap>,
    /// Where each house's run of overlaps starts in `overlaps`; one more entry than houses.
    overlap_start: Vec<u32>,
}

impl Tables {
    fn new(geometry: &Geometry) -> Tables {
        let house_cells = geometry
            .house_cells
            .iter()
            .flatten()
            .map(|c| c.index() as u16)
            .collect();
        let mut peers = Vec::new();
        let mut peer_start = vec![0];
        for cell_peers in &geometry.peers {
            peers.extend(cell_peers.iter().map(|c| c.index() as u16));
            peer_start.push(peers.len() as u32);
        }
        let mut overlaps = Vec::new();
        let mut overlap_start = vec![0];
        for house_id in 0..geometry.n_houses() {
            overlaps.extend(geometry.overlaps(house_id).iter().map(|o| Overlap {
                other: o.other as u16,
                shared: o.shared,
                rest_of_other: o.rest_of_other,
            }));
            overlap_start.push(overlaps.len() as u32);
        }
        Tables {
            size: geometry.size(),
            n_houses: geometry.n_houses(),
            house_cells,
            peers,
            peer_start,
            overlaps,
            overlap_start,
        }
    }

    fn house(&self, house_id: usize) -> &[u16] {
        &self.house_cells[house_id * self.size..(house_id + 1) * self.size]
    }
}

/// The search state: candidates and values of every cell.
#[derive(Clone, Default)]
struct State {
    /// Candidate mask per cell; a cell with a value has exactly that one bit.
    candidates: Vec<u32>,
    /// Value per cell, 0 while unassigned.
    values: Vec<u8>,
    n_unassigned: usize,
}

impl State {
    /// Becomes a copy of `other`, reusing its own buffers.
    fn copy_from(&mut self, other: &State) {
        self.candidates.clear();
        self.candidates.extend_from_slice(&other.candidates);
        self.values.clear();
        self.values.extend_from_slice(&other.values);
        self.n_unassigned = other.n_unassigned;
    }
}

/// Where the search branches: every candidate of a cell, or every place of a digit in a
/// house.
#[derive(Copy, Clone)]
enum Branch {
    Cell(usize),
    HouseDigit(usize, u32),
}

/// The exact solver for any supported shape.
pub struct GeneralSolver {
    geometry: Tables,
    all: u32,
    budget: Budget,
    queue: Vec<u16>,
    /// States of finished branches, kept for their buffers.
    spare: Vec<State>,
}

impl GeneralSolver {
    /// A solver for classic puzzles of this shape.
    pub fn new(shape: Shape) -> GeneralSolver {
        GeneralSolver::for_layout(&Geometry::classic(shape))
    }

    /// A solver for puzzles of this layout.
    pub fn for_layout(geometry: &Geometry) -> GeneralSolver {
        GeneralSolver {
            geometry: Tables::new(geometry),
            all: geometry.shape().all_digits().bits(),
            budget: Budget::DEFAULT,
            queue: Vec::new(),
            spare: Vec::new(),
        }
    }

    /// Gives `cell` the value whose bit is `bit`; false on a contradiction.
    fn assign(&mut self, state: &mut State, cell: usize, bit: u32) -> bool {
        if state.values[cell] != 0 {
            return state.candidates[cell] == bit;
        }
        if state.candidates[cell] & bit == 0 {
            return false;
        }
        state.values[cell] = bit.trailing_zeros() as u8 + 1;
        state.candidates[cell] = bit;
        state.n_unassigned -= 1;
        self.queue.push(cell as u16);
        true
    }

    /// Takes the digits of `bits` out of `cell`'s candidates; false on a contradiction.
    fn eliminate(&mut self, state: &mut State, cell: usize, bits: u32) -> bool {
        if state.candidates[cell] & bits == 0 {
            return true;
        }
        if state.values[cell] != 0 {
            return false;
        }
        state.candidates[cell] &= !bits;
        let left = state.candidates[cell];
        if left == 0 {
            return false;
        }
        left & (left - 1) != 0 || self.assign(state, cell, left)
    }

    /// Takes every placed value out of its peers, placing naked singles as they appear;
    /// false on a contradiction.
    fn naked_singles(&mut self, state: &mut State) -> bool {
        while let Some(cell) = self.queue.pop() {
            let bit = state.candidates[cell as usize];
            let (start, end) = (
                self.geometry.peer_start[cell as usize] as usize,
                self.geometry.peer_start[cell as usize + 1] as usize,
            );
            for i in start..end {
                let peer = self.geometry.peers[i] as usize;
                if !self.eliminate(state, peer, bit) {
                    return false;
                }
            }
        }
        true
    }

    /// Places every hidden single; `Some(placed any)`, or `None` on a contradiction (a house
    /// without a place for some digit).
    fn hidden_singles(&mut self, state: &mut State) -> Option<bool> {
        let mut found_any = false;
        for house_id in 0..self.geometry.n_houses {
            let (mut once, mut twice) = (0u32, 0u32);
            for &cell in self.geometry.house(house_id) {
                let c = state.candidates[cell as usize];
                twice |= once & c;
                once |= c;
            }
            if once != self.all {
                return None;
            }
            for pos in bit_positions(once & !twice) {
                let bit = 1u32 << pos;
                // An earlier single of this house may have taken the only cell.
                let cell = self
                    .geometry
                    .house(house_id)
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| state.candidates[c] & bit != 0)?;
                if state.values[cell] == 0 {
                    if !self.assign(state, cell, bit) {
                        return None;
                    }
                    found_any = true;
                }
            }
        }
        Some(found_any)
    }

    /// Applies locked candidates in every pair of overlapping houses; `Some(eliminated
    /// any)`, or `None` on a contradiction.
    fn locked_candidates(&mut self, state: &mut State) -> Option<bool> {
        let mut found_any = false;
        let size = self.geometry.size;
        let mut row = [0u32; 32];
        for house_id in 0..self.geometry.n_houses {
            let (mut once, mut twice) = (0u32, 0u32);
            for (i, &cell) in self.geometry.house(house_id).iter().enumerate() {
                let c = state.candidates[cell as usize];
                row[i] = c;
                twice |= once & c;
                once |= c;
            }
            for k in
                self.geometry.overlap_start[house_id]..self.geometry.overlap_start[house_id + 1]
            {
                let overlap = self.geometry.overlaps[k as usize];
                let (mut inside, mut outside) = (0u32, 0u32);
                for (i, &c) in row[..size].iter().enumerate() {
                    if overlap.shared >> i & 1 != 0 {
                        inside |= c;
                    } else {
                        outside |= c;
                    }
                }
                let locked = inside & !outside & twice;
                if locked == 0 {
                    continue;
                }
                let other = overlap.other as usize;
                for j in bit_positions(overlap.rest_of_other) {
                    let cell = self.geometry.house_cells[other * size + j] as usize;
                    if state.candidates[cell] & locked != 0 {
                        if !self.eliminate(state, cell, locked) {
                            return None;
                        }
                        found_any = true;
                    }
                }
            }
        }
        Some(found_any)
    }

    /// Applies singles, then locked candidates, until neither changes anything; false on a
    /// contradiction.
    fn propagate(&mut self, state: &mut State) -> bool {
        loop {
            if !self.naked_singles(state) {
                return false;
            }
            match self.hidden_singles(state) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if !self.queue.is_empty() {
                continue;
            }
            match self.locked_candidates(state) {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// The narrowest branch of a stalled state: the cell with the fewest candidates, or a
    /// house digit with fewer places than that.
    fn choose(&self, state: &State) -> (Branch, u32) {
        let mut best = (Branch::Cell(usize::MAX), u32::MAX);
        for (cell, &c) in state.candidates.iter().enumerate() {
            if state.values[cell] == 0 {
                let n = c.count_ones();
                if n < best.1 {
                    best = (Branch::Cell(cell), n);
                    if n == 2 {
                        return best;
                    }
                }
            }
        }
        // Counts of places per digit, bit-sliced: bit k of `counts[i]` is bit i of digit k's
        // count (at most 25, so five slices).
        for house_id in 0..self.geometry.n_houses {
            let mut counts = [0u32; 5];
            for &cell in self.geometry.house(house_id) {
                let mut carry = state.candidates[cell as usize];
                for slice in counts.iter_mut() {
                    let next = *slice & carry;
                    *slice ^= carry;
                    carry = next;
                    if carry == 0 {
                        break;
                    }
                }
            }
            for n in 2..best.1 {
                let mut digits = self.all;
                for (i, slice) in counts.iter().enumerate() {
                    digits &= if n >> i & 1 != 0 { *slice } else { !*slice };
                }
                if digits != 0 {
                    best = (
                        Branch::HouseDigit(house_id, digits & digits.wrapping_neg()),
                        n,
                    );
                    break;
                }
            }
            if best.1 == 2 {
                break;
            }
        }
        best
    }

    fn explore(
        &mut self,
        mut state: State,
        limit: u32,
        kept: &mut Solutions,
        outcome: &mut SearchOutcome,
    ) {
        self.explore_state(&mut state, limit, kept, outcome);
        self.spare.push(state);
    }

    fn explore_state(
        &mut self,
        state: &mut State,
        limit: u32,
        kept: &mut Solutions,
        outcome: &mut SearchOutcome,
    ) {
        if !self.propagate(state) {
            self.queue.clear();
            return;
        }
        if state.n_unassigned == 0 {
            outcome.n_solutions += 1;
            kept.push(&state.values);
            return;
        }
        let (branch, _) = self.choose(state);
        outcome.n_branches += 1;
        // The tries of the branch: candidate bits of one cell, or cells of one house.
        let (options, house_digit) = match branch {
            Branch::Cell(cell) => (state.candidates[cell], None),
            Branch::HouseDigit(house_id, bit) => {
                let mut places = 0u32;
                for (i, &cell) in self.geometry.house(house_id).iter().enumerate() {
                    if state.candidates[cell as usize] & bit != 0 {
                        places |= 1 << i;
                    }
                }
                (places, Some((house_id, bit)))
            }
        };
        for option in bit_positions(options) {
            if outcome.n_solutions >= limit || outcome.exhausted {
                break;
            }
            if outcome.n_guesses >= self.budget.nodes {
                outcome.exhausted = true;
                return;
            }
            let (cell, bit) = match (branch, house_digit) {
                (_, Some((house_id, bit))) => (self.geometry.house(house_id)[option] as usize, bit),
                (Branch::Cell(cell), None) => (cell, 1 << option),
                (Branch::HouseDigit(..), None) => unreachable!("a house digit has its house"),
            };
            outcome.n_guesses += 1;
            let mut next = self.spare.pop().unwrap_or_default();
            next.copy_from(state);
            if self.assign(&mut next, cell, bit) {
                self.explore(next, limit, kept, outcome);
            } else {
                self.spare.push(next);
            }
        }
    }
}

impl GeneralSolver {
    /// Searches as [`ExactSolver::search`] does, with each cell restricted to the digits its
    /// pencil marks allow (one set per cell).
    pub fn search_within(
        &mut self,
        givens: &[u8],
        marks: &[DigitSet],
        limit: u32,
        kept: &mut Solutions,
    ) -> SearchOutcome {
        let masks: Vec<u32> = marks.iter().map(|m| m.bits() & self.all).collect();
        self.search_masked(givens, &masks, limit, kept)
    }

    fn search_masked(
        &mut self,
        givens: &[u8],
        masks: &[u32],
        limit: u32,
        kept: &mut Solutions,
    ) -> SearchOutcome {
        let size = self.geometry.size;
        kept.clear(givens.len());
        let mut outcome = SearchOutcome::default();
        if givens.len() != size * size
            || masks.len() != givens.len()
            || givens.iter().any(|&v| v as usize > size)
            || limit == 0
        {
            return outcome;
        }
        let mut state = self.spare.pop().unwrap_or_default();
        state.candidates.clear();
        state.candidates.extend_from_slice(masks);
        state.values.clear();
        state.values.resize(givens.len(), 0);
        state.n_unassigned = givens.len();
        self.queue.clear();
        for (cell, &v) in givens.iter().enumerate() {
            if v != 0 && !self.assign(&mut state, cell, 1 << (v - 1)) {
                self.spare.push(state);
                return outcome;
            }
        }
        // Cells whose marks allow one digit hold it.
        for cell in 0..givens.len() {
            let c = state.candidates[cell];
            if state.values[cell] == 0 && c != 0 && c & (c - 1) == 0 {
                self.assign(&mut state, cell, c);
            }
        }
        self.explore(state, limit, kept, &mut outcome);
        self.queue.clear();
        outcome
    }
}

impl ExactSolver for GeneralSolver {
    fn search(&mut self, givens: &[u8], limit: u32, kept: &mut Solutions) -> SearchOutcome {
        let masks = vec![self.all; givens.len()];
        self.search_masked(givens, &masks, limit, kept)
    }

    fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }
}
