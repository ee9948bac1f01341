//! One depth-first run of the search: propagate, then branch on the narrowest choice.
//!
//! A stalled state branches on whichever is narrowest for its weight: a cell, trying each
//! of its candidates in turn, or a digit of a house, trying each of its places in turn. A
//! choice with `n` options and weight `w` is narrower than one with `n'` and `w'` when
//! `n / w < n' / w'`. Weights start at 1 and grow where contradictions show (see
//! [`super::propagate::Propagator::cell_weight`]), and they last through the restarts of a
//! search, so each run starts where the earlier ones failed (the dom/wdeg heuristic of
//! constraint solvers). With every weight at 1 this is the fewest-candidates cell, or a
//! house digit with fewer places; a cell wins a tie, and the first in reading and house order
//! wins among equals.
//!
//! The first run weighs every choice 1 (so it is the plain fewest-options search, and its
//! first solution the one that search finds first), takes the lowest digit of a house first
//! and tries options from the lowest; later runs use the weights the earlier runs gathered
//! and take digits and first options at random ([`TieBreak`]).

use super::propagate::State;
use super::GeneralSolver;
use crate::search::{SearchOutcome, Solutions, Spent};
use crate::util::bit_positions;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Where the search branches: every candidate of a cell, or every place of a digit in a
/// house.
#[derive(Copy, Clone)]
enum Branch {
    Cell(usize),
    HouseDigit(usize, u32),
}

/// How a run orders the options of a branch and picks among a house's equally narrow
/// digits.
#[derive(Clone, Debug)]
pub(super) struct TieBreak {
    /// The source of the random choices, or `None` to take the lowest digit and try options
    /// from the lowest.
    rng: Option<Pcg64Mcg>,
}

impl TieBreak {
    /// Lowest first.
    pub fn in_order() -> TieBreak {
        TieBreak { rng: None }
    }

    /// Random choices, all drawn from `seed`.
    pub fn shuffled(seed: u64) -> TieBreak {
        TieBreak {
            rng: Some(Pcg64Mcg::seed_from_u64(seed)),
        }
    }

    /// One of the set bits of `mask` (not 0): the lowest, or a random one.
    fn pick_bit(&mut self, mask: u32) -> u32 {
        match &mut self.rng {
            None => mask & mask.wrapping_neg(),
            Some(rng) => {
                let skip = rng.random_range(0..mask.count_ones());
                let mut rest = mask;
                for _ in 0..skip {
                    rest &= rest - 1;
                }
                rest & rest.wrapping_neg()
            }
        }
    }

    /// The position to try first among a branch's options: 0, or a random one below `width`.
    fn first_option(&mut self, width: usize) -> usize {
        match &mut self.rng {
            None => 0,
            Some(rng) => rng.random_range(0..width),
        }
    }
}

impl GeneralSolver {
    /// The branch of a stalled state with the fewest options per weight: cells and houses
    /// where contradictions showed often come first.
    fn choose(&mut self, state: &State) -> Branch {
        let tables = &self.propagator.tables;
        let all = self.propagator.all;
        // The best so far as options and weight: a is better than b when
        // options_a * weight_b < options_b * weight_a.
        // The starting bound is one more option than any branch can have, small enough that
        // the cross products stay far from overflow (options ≤ 26, weights < 2^32).
        let mut best = Branch::Cell(usize::MAX);
        let (mut best_n, mut best_w) = (tables.size as u64 + 1, 1u64);
        for cell in 0..tables.n_cells {
            if state.values[cell] == 0 {
                let n = state.candidates[cell].count_ones() as u64;
                let w = if self.is_weighted {
                    self.propagator.cell_weight[cell] as u64
                } else {
                    1
                };
                if n * best_w < best_n * w {
                    (best, best_n, best_w) = (Branch::Cell(cell), n, w);
                }
            }
        }
        // Counts of places per digit, bit-sliced: bit k of `counts[i]` is bit i of digit k's
        // count (at most 25, so five slices).
        for house_id in 0..tables.n_houses {
            let w = if self.is_weighted {
                self.propagator.house_weight[house_id] as u64
            } else {
                1
            };
            if 2 * best_w >= best_n * w {
                // Not even a digit with two places would beat the best.
                continue;
            }
            let mut counts = [0u32; 5];
            for &cell in tables.house(house_id) {
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
            for n in 2u64..=tables.size as u64 {
                if n * best_w >= best_n * w {
                    break;
                }
                let mut digits = all;
                for (i, slice) in counts.iter().enumerate() {
                    digits &= if n >> i & 1 != 0 { *slice } else { !*slice };
                }
                if digits != 0 {
                    (best_n, best_w) = (n, w);
                    best = Branch::HouseDigit(house_id, digits);
                    break;
                }
            }
        }
        match best {
            Branch::HouseDigit(house_id, digits) => {
                Branch::HouseDigit(house_id, self.tie_break.pick_bit(digits))
            }
            cell => cell,
        }
    }

    /// Searches below `state` and keeps its buffers for later branches.
    pub(super) fn explore(
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
        if !self.propagator.propagate(state) {
            return;
        }
        if state.n_unassigned == 0 {
            self.record_solution(&state.values, kept, outcome);
            return;
        }
        let branch = self.choose(state);
        outcome.n_branches += 1;
        // The tries of the branch: candidate bits of one cell, or cells of one house.
        let (options, width) = match branch {
            Branch::Cell(cell) => (state.candidates[cell], self.propagator.tables.size),
            Branch::HouseDigit(house_id, bit) => {
                let mut places = 0u32;
                for (i, &cell) in self.propagator.tables.house(house_id).iter().enumerate() {
                    if state.candidates[cell as usize] & bit != 0 {
                        places |= 1 << i;
                    }
                }
                (places, self.propagator.tables.size)
            }
        };
        // Options from `first` up, then those below it.
        let first = self.tie_break.first_option(width);
        let from_first = options & (u32::MAX << first);
        let tries = bit_positions(from_first).chain(bit_positions(options & !from_first));
        for option in tries {
            if outcome.n_solutions >= limit || outcome.exhausted {
                break;
            }
            if outcome.n_guesses >= self.run_node_cap {
                outcome.exhausted = true;
                return;
            }
            if self.clock.is_out_of_time(&self.budget, outcome.n_guesses) {
                outcome.exhausted = true;
                outcome.spent = Spent::Time;
                return;
            }
            let (cell, bit) = match branch {
                Branch::Cell(cell) => (cell, 1 << option),
                Branch::HouseDigit(house_id, bit) => {
                    (self.propagator.tables.house(house_id)[option] as usize, bit)
                }
            };
            outcome.n_guesses += 1;
            let mut next = self.spare.pop().unwrap_or_default();
            next.copy_from(state);
            if self.propagator.assign(&mut next, cell, bit) {
                self.explore(next, limit, kept, outcome);
            } else {
                self.propagator.forget_pending();
                self.spare.push(next);
            }
        }
    }
}
