//! Taking givens away: a candidate's solution loses orbit after orbit of givens, in random
//! order, while the solution stays unique.
//!
//! A [`Dig`] keeps where it is (the values so far, the order of the orbits, how many it has
//! visited), so the generator can stop between two uniqueness checks and go on later with
//! the same result.
//!
//! Each removal is kept only when a [`UniquenessCheck`] proves the solution still unique:
//! - on classic 9×9, the bit-parallel solver counts the solutions up to two (fast enough
//!   that nothing else pays, and it keeps the committed 9×9 puzzles as they were);
//! - on every other layout, the general solver looks for a solution in which a cell of the
//!   emptied orbit holds another digit than the solution's: the cell's pencil marks are every
//!   digit but its own. The solution stays unique exactly when no such solution exists for
//!   any cell of the orbit. A refutation like this mostly ends in propagation, where a count
//!   to two must first find the solution and then search the rest of the tree.
//!
//! A check that runs out of its budget keeps the orbit: only a proven unique puzzle loses
//! givens. Up to 16×16 the budget (100,000 nodes) is never reached in practice, so the
//! puzzles are minimal. On 25×25 it is 3,000 nodes: there "minimal" means that no orbit of
//! givens could be taken away by a check within that budget. The puzzle is still proven
//! unique, but a few of its givens might go under a longer search (see bench/README.md, New
//! puzzles, for how many givens that leaves).

use super::Givens;
use crate::digits::{Digit, DigitSet};
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::search::{self, general::GeneralSolver, Budget, ExactSolver, Solutions};
use rand::seq::SliceRandom;
use rand::Rng;
use std::sync::Arc;

/// The budget of each uniqueness check up to 16×16.
const DIG_BUDGET: Budget = Budget::nodes(100_000);

/// The budget of each uniqueness check on 25×25, where a check that needs more than this
/// rarely ends within a second: see the module's description for what it costs.
const DIG_BUDGET_25: Budget = Budget::nodes(3_000);

/// The budget of each uniqueness check on a layout.
fn dig_budget(layout: &Geometry) -> Budget {
    if layout.shape().size() >= 25 {
        DIG_BUDGET_25
    } else {
        DIG_BUDGET
    }
}

/// Proves that emptying an orbit of a puzzle keeps its solution unique.
pub(super) enum UniquenessCheck {
    /// Classic 9×9: count the solutions up to two.
    CountToTwo {
        solver: Box<dyn ExactSolver>,
        kept: Solutions,
    },
    /// Every other layout: look for a solution with another digit in a cell of the orbit.
    Refute {
        solver: Box<GeneralSolver>,
        /// Every digit in every cell, but while a search runs, the cell it refutes.
        marks: Vec<DigitSet>,
        kept: Solutions,
    },
}

impl UniquenessCheck {
    /// The check for a layout, within the layout's budget.
    pub fn for_layout(layout: &Geometry) -> UniquenessCheck {
        let budget = dig_budget(layout);
        if search::is_fast9(layout) {
            let mut solver = search::solver_for(layout);
            solver.set_budget(budget);
            UniquenessCheck::CountToTwo {
                solver,
                kept: Solutions::new(0),
            }
        } else {
            let mut solver = GeneralSolver::for_layout(layout);
            solver.set_budget(budget);
            UniquenessCheck::Refute {
                solver: Box::new(solver),
                marks: vec![layout.shape().all_digits(); layout.n_cells()],
                kept: Solutions::new(0),
            }
        }
    }

    /// Whether `values`, whose `orbit` was just emptied, is proven to have `solution` as its
    /// only solution; false when it has another or the check ran out of its budget.
    fn is_unique(&mut self, values: &[u8], orbit: &[Cell], solution: &[u8]) -> bool {
        match self {
            UniquenessCheck::CountToTwo { solver, kept } => {
                solver.search(values, 2, kept).decided() == Ok(1)
            }
            UniquenessCheck::Refute {
                solver,
                marks,
                kept,
            } => orbit.iter().all(|cell| {
                let all = marks[cell.index()];
                let own = Digit::new(solution[cell.index()]).expect("a solution has every digit");
                marks[cell.index()].remove(own);
                let outcome = solver.search_within(values, marks, 1, kept);
                marks[cell.index()] = all;
                outcome.decided() == Ok(0)
            }),
        }
    }
}

/// A candidate's givens being taken away: where the dig stands between two calls.
pub(super) struct Dig {
    /// The one solution of the puzzle at every stage.
    solution: Grid,
    /// The puzzle so far, one value per cell (0 for empty).
    values: Vec<u8>,
    /// The orbits (indices into the generator's orbits) in the order they are visited.
    order: Vec<usize>,
    /// How many orbits of `order` have been visited.
    n_visited: usize,
    n_givens: usize,
    /// The fewest givens the puzzle may keep.
    floor: usize,
}

impl Dig {
    /// A dig of `start` (givens of `solution`) over `n_orbits` orbits, visited in an order
    /// drawn from `rng`.
    pub fn new(
        solution: Grid,
        start: Vec<u8>,
        n_orbits: usize,
        givens: Givens,
        rng: &mut impl Rng,
    ) -> Dig {
        let mut order: Vec<usize> = (0..n_orbits).collect();
        order.shuffle(rng);
        Dig {
            solution,
            n_givens: start.iter().filter(|&&v| v != 0).count(),
            values: start,
            order,
            n_visited: 0,
            floor: match givens {
                Givens::Minimal => 0,
                Givens::AtLeast(n) => n,
            },
        }
    }

    /// Visits the orbits left, emptying each whose removal `check` proves keeps the solution
    /// unique, and asks `go_on` before every check but the first of the call: true once every
    /// orbit is visited, false when `go_on` stopped it first.
    pub fn run(
        &mut self,
        orbits: &[Vec<Cell>],
        check: &mut UniquenessCheck,
        go_on: &mut impl FnMut() -> bool,
    ) -> bool {
        let mut n_checked = 0;
        while let Some(&orbit_idx) = self.order.get(self.n_visited) {
            let orbit = &orbits[orbit_idx];
            if self.values[orbit[0].index()] == 0 || self.n_givens - orbit.len() < self.floor {
                self.n_visited += 1;
                continue;
            }
            if n_checked > 0 && !go_on() {
                return false;
            }
            for cell in orbit {
                self.values[cell.index()] = 0;
            }
            if check.is_unique(&self.values, orbit, self.solution.values()) {
                self.n_givens -= orbit.len();
            } else {
                for cell in orbit {
                    self.values[cell.index()] = self.solution.values()[cell.index()];
                }
            }
            n_checked += 1;
            self.n_visited += 1;
        }
        true
    }

    /// The puzzle the dig left and its solution.
    pub fn finish(self, layout: &Arc<Geometry>) -> (Grid, Grid) {
        let puzzle = Grid::from_values_in(layout.clone(), &self.values)
            .expect("the values come from a grid of the layout");
        (puzzle, self.solution)
    }
}
