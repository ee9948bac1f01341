//! The general exact solver, for every shape from 4×4 to 25×25 and every layout.
//!
//! It keeps a candidate mask per cell and, after each placement, propagates to a fixpoint:
//! - naked singles (a cell with one candidate);
//! - hidden singles (a digit with one place in a house, whatever houses the layout has);
//! - locked candidates, pointing and claiming alike: when a digit's places in a house all lie
//!   in the cells it shares with another house (a box and a line, a jigsaw region and a
//!   line, a window or a diagonal and a box), the digit leaves the rest of that other house.
//!   The pairs of houses come from the layout's overlaps ([`Geometry::overlaps`]), so this
//!   works on every layout;
//! - on 16×16 and larger, naked and hidden pairs and triples in a house, once nothing else
//!   is due.
//!
//! Propagation looks again only at the houses that changed (`propagate.rs`). When it
//! stalls, the search branches on the narrowest cell or house digit (`branch.rs`). Each try
//! is one node of the budget and one guess of [`SearchOutcome::n_guesses`]; each branch
//! point counts once in [`SearchOutcome::n_branches`].
//!
//! A search runs in restarts: a first run in the fixed order within 2,000 nodes (what
//! decides every puzzle of the committed collections, so their counts, solutions and node
//! counts are those of a single fixed-order search), then runs from 500 nodes doubling,
//! branching by contradiction weights gathered across runs, with seeded random digit and
//! option order. Once a cut run has found a solution, the next run takes the rest of the
//! budget: what is left is a proof or a search for one more solution, which later restarts
//! would only pay for again. Solutions found by any run are kept and counted once; only a
//! run that is not cut decides fewer than the limit. All runs share the caller's budget.
//!
//! States of branches are copied into buffers kept from earlier branches, so a search
//! allocates only while it goes deeper than before. Measured on `tests/data/big_grids.txt`
//! and `tests/data/big_grids_hard.txt`: see bench/README.md, Speed, "General solver on big
//! grids".

mod branch;
mod propagate;
mod tables;

use super::{Budget, ClockReader, ExactSolver, SearchOutcome, Solutions, Spent};
use crate::digits::DigitSet;
use crate::geometry::Geometry;
use crate::grid::Shape;
use branch::TieBreak;
use propagate::{Propagator, State};
use tables::Tables;

/// The nodes of the first run, searched in the fixed order and without weights.
const FIRST_RUN_NODES: u64 = 2_000;

/// The nodes of the first restart, which starts the weighted runs; each later one may take
/// twice as many as the one before.
const FIRST_RESTART_NODES: u64 = 500;

/// The largest limit a search restarts for: the solutions found by cut runs are kept to be
/// told apart from those of later runs, and a few are cheap to keep and compare. A search
/// asked for more makes one run with the whole budget.
const MAX_LIMIT_WITH_RESTARTS: u32 = 16;

/// Where the seeds of the shuffled runs start (run `k` takes this plus `k`), so that a
/// search is the same every time it runs.
const RESTART_SEED: u64 = 0x005E_ED0F_2026_0032;

/// The exact solver for any supported shape.
pub struct GeneralSolver {
    propagator: Propagator,
    budget: Budget,
    /// Reads the budget's deadline, if any, as the search goes.
    clock: ClockReader,
    /// The node count at which the current run is cut.
    run_node_cap: u64,
    /// How the current run breaks ties.
    tie_break: TieBreak,
    /// Whether the solutions found are kept to be told apart from those of later runs.
    is_keeping_found: bool,
    /// Whether a run may meet a solution an earlier run found; later runs also branch by
    /// the contradiction weights.
    is_after_restart: bool,
    /// Whether the current run branches by the contradiction weights (not the first).
    is_weighted: bool,
    /// The distinct solutions found so far by this search, one value per cell each, stored
    /// flat (only while `is_keeping_found`).
    found: Vec<u8>,
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
        let tables = Tables::new(geometry);
        GeneralSolver {
            tie_break: TieBreak::in_order(),
            propagator: Propagator::new(tables, geometry.shape().all_digits().bits()),
            budget: Budget::DEFAULT,
            clock: ClockReader::default(),
            run_node_cap: 0,
            is_keeping_found: false,
            is_after_restart: false,
            is_weighted: false,
            found: Vec::new(),
            spare: Vec::new(),
        }
    }

    /// Counts a full grid reached by the search, unless an earlier run found it already.
    fn record_solution(
        &mut self,
        values: &[u8],
        kept: &mut Solutions,
        outcome: &mut SearchOutcome,
    ) {
        if self.is_after_restart && self.found.chunks(values.len()).any(|seen| seen == values) {
            return;
        }
        if self.is_keeping_found {
            self.found.extend_from_slice(values);
        }
        outcome.n_solutions += 1;
        kept.push(values);
    }

    /// Searches from a propagated root in runs: the first in the fixed order within
    /// [`FIRST_RUN_NODES`], then, while a run is cut by its share of the budget before the
    /// limit is reached, again from the root with shuffled ties and twice the nodes, or the
    /// rest of the budget once a solution is known.
    ///
    /// A solution found by any run is real, and each is counted once, so the count only
    /// grows. A run that ends without being cut has seen every solution (up to the limit),
    /// which decides the search; only when the whole budget is spent is it undecided.
    fn search_in_runs(
        &mut self,
        root: State,
        limit: u32,
        kept: &mut Solutions,
        outcome: &mut SearchOutcome,
    ) {
        let budget = self.budget.nodes;
        self.tie_break = TieBreak::in_order();
        self.is_weighted = false;
        let mut run_nodes = if self.is_keeping_found {
            FIRST_RUN_NODES
        } else {
            budget
        };
        let mut run_idx = 0u64;
        loop {
            self.run_node_cap = outcome.n_guesses.saturating_add(run_nodes).min(budget);
            outcome.exhausted = false;
            let mut state = self.spare.pop().unwrap_or_default();
            state.copy_from(&root);
            self.explore(state, limit, kept, outcome);
            if !outcome.exhausted
                || outcome.n_solutions >= limit
                || outcome.n_guesses >= budget
                || outcome.spent == Spent::Time
            {
                break;
            }
            run_nodes = if outcome.n_solutions > 0 {
                // What is left is to prove there is no other solution, or to find one: a
                // whole tree at worst, which restarts would only pay for again.
                budget
            } else if run_idx == 0 {
                FIRST_RESTART_NODES
            } else {
                run_nodes.saturating_mul(2)
            };
            run_idx += 1;
            self.is_after_restart = true;
            self.is_weighted = true;
            self.tie_break = TieBreak::shuffled(RESTART_SEED.wrapping_add(run_idx));
        }
        self.spare.push(root);
        self.tie_break = TieBreak::in_order();
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
        let masks: Vec<u32> = marks
            .iter()
            .map(|m| m.bits() & self.propagator.all)
            .collect();
        self.search_masked(givens, &masks, limit, kept)
    }

    fn search_masked(
        &mut self,
        givens: &[u8],
        masks: &[u32],
        limit: u32,
        kept: &mut Solutions,
    ) -> SearchOutcome {
        let size = self.propagator.tables.size;
        kept.clear(givens.len());
        let mut outcome = SearchOutcome::default();
        if givens.len() != size * size
            || masks.len() != givens.len()
            || givens.iter().any(|&v| v as usize > size)
            || limit == 0
        {
            return outcome;
        }
        self.is_keeping_found = limit <= MAX_LIMIT_WITH_RESTARTS;
        self.is_after_restart = false;
        self.clock = ClockReader::default();
        self.found.clear();
        self.propagator.reset_weights();
        let mut root = self.spare.pop().unwrap_or_default();
        root.candidates.clear();
        root.candidates.extend_from_slice(masks);
        root.values.clear();
        root.values.resize(givens.len(), 0);
        root.n_unassigned = givens.len();
        self.propagator.forget_pending();
        self.propagator.queue_every_house();
        let mut is_consistent = givens
            .iter()
            .enumerate()
            .all(|(cell, &v)| v == 0 || self.propagator.assign(&mut root, cell, 1 << (v - 1)));
        if is_consistent {
            // Cells whose marks allow one digit hold it.
            for cell in 0..givens.len() {
                let c = root.candidates[cell];
                if root.values[cell] == 0 && c != 0 && c & (c - 1) == 0 {
                    self.propagator.assign(&mut root, cell, c);
                }
            }
            is_consistent = self.propagator.propagate(&mut root);
        }
        self.propagator.forget_pending();
        if !is_consistent {
            self.spare.push(root);
            return outcome;
        }
        if root.n_unassigned == 0 {
            self.record_solution(&root.values, kept, &mut outcome);
            self.spare.push(root);
            return outcome;
        }
        self.search_in_runs(root, limit, kept, &mut outcome);
        outcome
    }
}

impl ExactSolver for GeneralSolver {
    fn search(&mut self, givens: &[u8], limit: u32, kept: &mut Solutions) -> SearchOutcome {
        let masks = vec![self.propagator.all; givens.len()];
        self.search_masked(givens, &masks, limit, kept)
    }

    fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }
}
