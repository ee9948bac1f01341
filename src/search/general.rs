//! The general exact solver, for every shape from 4×4 to 25×25.
//!
//! It keeps a candidate mask per cell, propagates naked singles (a cell with one candidate)
//! and hidden singles (a digit with one place in a house), and when propagation stalls it
//! guesses at the cell with the fewest candidates, trying each in turn on a copy of the state.

use super::{ExactSolver, SearchOutcome, Solutions};
use crate::digits::DigitSet;
use crate::grid::Shape;

/// Cell indices of a shape's houses and peers, computed once per solver.
#[derive(Clone, Debug)]
pub(crate) struct Geometry {
    pub(crate) size: usize,
    /// Cells of each house (rows, columns, boxes), `size` per house.
    pub(crate) house_cells: Vec<u16>,
    /// Peers of each cell (cells sharing a house, itself excluded), `n_peers` per cell.
    pub(crate) peers: Vec<u16>,
    pub(crate) n_peers: usize,
}

impl Geometry {
    pub(crate) fn new(shape: Shape) -> Geometry {
        let size = shape.size();
        let house_cells: Vec<u16> = shape
            .houses()
            .flat_map(|h| shape.cells_of(h))
            .map(|c| c.index() as u16)
            .collect();
        let n_peers = 3 * (size - 1) - (shape.box_rows() - 1) - (shape.box_cols() - 1);
        let mut peers = Vec::with_capacity(shape.n_cells() * n_peers);
        for a in shape.cells() {
            let before = peers.len();
            peers.extend(
                shape
                    .cells()
                    .filter(|&b| shape.sees(a, b))
                    .map(|b| b.index() as u16),
            );
            debug_assert_eq!(peers.len() - before, n_peers);
        }
        Geometry {
            size,
            house_cells,
            peers,
            n_peers,
        }
    }

    pub(crate) fn peers_of(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.n_peers..(cell + 1) * self.n_peers]
    }

    pub(crate) fn house(&self, house_id: usize) -> &[u16] {
        &self.house_cells[house_id * self.size..(house_id + 1) * self.size]
    }
}

/// The search state: candidates and values of every cell.
#[derive(Clone)]
struct State {
    /// Candidate mask per cell; a cell with a value has exactly that one bit.
    candidates: Vec<u32>,
    /// Value per cell, 0 while unassigned.
    values: Vec<u8>,
    n_unassigned: usize,
}

/// The exact solver for any supported shape.
pub struct GeneralSolver {
    geometry: Geometry,
    all: u32,
    queue: Vec<u16>,
}

impl GeneralSolver {
    /// A solver for puzzles of this shape.
    pub fn new(shape: Shape) -> GeneralSolver {
        GeneralSolver {
            geometry: Geometry::new(shape),
            all: shape.all_digits().bits(),
            queue: Vec::new(),
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

    /// Applies naked and hidden singles until none is left; false on a contradiction.
    fn propagate(&mut self, state: &mut State) -> bool {
        loop {
            while let Some(cell) = self.queue.pop() {
                let bit = state.candidates[cell as usize];
                for i in 0..self.geometry.n_peers {
                    let peer = self.geometry.peers_of(cell as usize)[i] as usize;
                    if state.candidates[peer] & bit == 0 {
                        continue;
                    }
                    if state.values[peer] != 0 {
                        return false;
                    }
                    state.candidates[peer] &= !bit;
                    let left = state.candidates[peer];
                    if left == 0 {
                        return false;
                    }
                    if left & (left - 1) == 0 && !self.assign(state, peer, left) {
                        return false;
                    }
                }
            }
            let mut found_any = false;
            for house_id in 0..3 * self.geometry.size {
                let (mut once, mut twice) = (0u32, 0u32);
                for &cell in self.geometry.house(house_id) {
                    let c = state.candidates[cell as usize];
                    twice |= once & c;
                    once |= c;
                }
                if once != self.all {
                    return false;
                }
                let mut singles = once & !twice;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles &= singles - 1;
                    let house = self.geometry.house(house_id);
                    // An earlier single of this house may have taken the only cell.
                    let Some(cell) = house
                        .iter()
                        .map(|&c| c as usize)
                        .find(|&c| state.candidates[c] & bit != 0)
                    else {
                        return false;
                    };
                    if state.values[cell] == 0 {
                        if !self.assign(state, cell, bit) {
                            return false;
                        }
                        found_any = true;
                    }
                }
            }
            if !found_any && self.queue.is_empty() {
                return true;
            }
        }
    }

    fn explore(
        &mut self,
        mut state: State,
        limit: u32,
        kept: &mut Solutions,
        outcome: &mut SearchOutcome,
    ) {
        if !self.propagate(&mut state) {
            self.queue.clear();
            return;
        }
        if state.n_unassigned == 0 {
            outcome.n_solutions += 1;
            kept.push(&state.values);
            return;
        }
        let cell = (0..state.values.len())
            .filter(|&c| state.values[c] == 0)
            .min_by_key(|&c| state.candidates[c].count_ones())
            .expect("an unassigned cell exists");
        let mut options = state.candidates[cell];
        while options != 0 && outcome.n_solutions < limit {
            let bit = options & options.wrapping_neg();
            options &= options - 1;
            outcome.n_guesses += 1;
            let mut branch = state.clone();
            if self.assign(&mut branch, cell, bit) {
                self.explore(branch, limit, kept, outcome);
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
        let mut state = State {
            candidates: masks.to_vec(),
            values: vec![0; givens.len()],
            n_unassigned: givens.len(),
        };
        self.queue.clear();
        for (cell, &v) in givens.iter().enumerate() {
            if v != 0 && !self.assign(&mut state, cell, 1 << (v - 1)) {
                return outcome;
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
}
