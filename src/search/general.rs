//! The general exact solver, for every shape from 4×4 to 25×25.
//!
//! It keeps a candidate mask per cell, propagates naked singles (a cell with one candidate)
//! and hidden singles (a digit with one place in a house, whatever houses the layout has), and when propagation stalls it
//! guesses at the cell with the fewest candidates, trying each in turn on a copy of the state.

use super::{Budget, ExactSolver, SearchOutcome, Solutions};
use crate::digits::DigitSet;
use crate::geometry::Geometry;
use crate::grid::Shape;

/// The houses and peers of a layout as flat cell indices, for the solver's inner loops;
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
        Tables {
            size: geometry.size(),
            n_houses: geometry.n_houses(),
            house_cells,
            peers,
            peer_start,
        }
    }

    fn house(&self, house_id: usize) -> &[u16] {
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
    geometry: Tables,
    all: u32,
    budget: Budget,
    queue: Vec<u16>,
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
                let (start, end) = (
                    self.geometry.peer_start[cell as usize] as usize,
                    self.geometry.peer_start[cell as usize + 1] as usize,
                );
                for i in start..end {
                    let peer = self.geometry.peers[i] as usize;
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
            for house_id in 0..self.geometry.n_houses {
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
        outcome.n_branches += 1;
        while options != 0 && outcome.n_solutions < limit && !outcome.exhausted {
            if outcome.n_guesses >= self.budget.nodes {
                outcome.exhausted = true;
                return;
            }
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

    fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }
}
