//! Exact solvers: find solutions and count them up to a limit.
//!
//! Every solver implements [`ExactSolver`], so one harness tests and benchmarks them all.
//! [`general::GeneralSolver`] handles every shape; [`fast9::Fast9Solver`] is the bit-parallel
//! solver for 9×9. The free functions here pick the right one.

pub mod fast9;
pub mod general;
pub mod rules;

use crate::geometry::Geometry;
use crate::grid::{Grid, Reading, Shape};
use crate::util::group_thousands;
use std::sync::Arc;

/// A clock the caller supplies: milliseconds since a moment of its choosing. The core reads
/// no clock of its own; the CLI passes one built on `std::time::Instant`, the page one built
/// on `Date.now()`.
pub type Clock = fn() -> f64;

/// A moment on a caller's [`Clock`] after which a search stops undecided.
#[derive(Copy, Clone, Debug)]
pub struct Deadline {
    clock: Clock,
    at_ms: f64,
}

impl Deadline {
    /// The moment `ms` milliseconds after now on `clock`.
    pub fn after(clock: Clock, ms: f64) -> Deadline {
        Deadline {
            clock,
            at_ms: clock() + ms,
        }
    }

    /// Whether the moment has come.
    pub fn has_passed(&self) -> bool {
        (self.clock)() >= self.at_ms
    }

    /// The milliseconds left before the moment, 0 once it has passed.
    pub fn ms_left(&self) -> f64 {
        (self.at_ms - (self.clock)()).max(0.0)
    }
}

/// How much a search may do before it gives up undecided: a number of search nodes, each a
/// candidate tried at a branch point (what [`SearchOutcome::n_guesses`] counts), and,
/// optionally, a [`Deadline`] that the search reads every [`Budget::NODES_PER_CLOCK_READ`]
/// nodes, so that it holds by wall clock within a few milliseconds.
///
/// A node costs about 1 µs on 9×9 and 10–50 µs on 25×25, so the default of a million nodes
/// bounds any search to seconds on 9×9 and about a minute on 25×25; no puzzle of the shared
/// collections needs more than a few thousand. Callers that face people give a deadline as
/// well (the CLI's `--max-seconds`, the page's worker).
#[derive(Copy, Clone, Debug)]
pub struct Budget {
    /// The most nodes the search may visit.
    pub nodes: u64,
    /// When the search must stop, if ever.
    pub deadline: Option<Deadline>,
}

impl Budget {
    /// The budget of every search that is not given one: a million nodes.
    pub const DEFAULT: Budget = Budget::nodes(1_000_000);
    /// No bound at all, for callers that bound the work themselves (tests of small grids).
    pub const UNLIMITED: Budget = Budget::nodes(u64::MAX);
    /// How many nodes a search visits between two readings of the deadline's clock: a few
    /// milliseconds of work on 25×25, a fraction of one on 9×9.
    pub const NODES_PER_CLOCK_READ: u64 = 64;

    /// A budget of `nodes` search nodes.
    pub const fn nodes(nodes: u64) -> Budget {
        Budget {
            nodes,
            deadline: None,
        }
    }

    /// This budget, ending at `deadline` as well.
    pub const fn until(self, deadline: Deadline) -> Budget {
        Budget {
            nodes: self.nodes,
            deadline: Some(deadline),
        }
    }

    /// Whether the deadline, if any, has passed.
    pub fn is_out_of_time(&self) -> bool {
        self.deadline.is_some_and(|deadline| deadline.has_passed())
    }
}

/// Reads a budget's clock every [`Budget::NODES_PER_CLOCK_READ`] nodes of a search.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct ClockReader {
    next_read_at: u64,
}

impl ClockReader {
    /// Whether the search, having visited `n_guesses` nodes, is past the budget's deadline;
    /// the clock is read only once every [`Budget::NODES_PER_CLOCK_READ`] nodes.
    pub(crate) fn is_out_of_time(&mut self, budget: &Budget, n_guesses: u64) -> bool {
        if budget.deadline.is_none() || n_guesses < self.next_read_at {
            return false;
        }
        self.next_read_at = n_guesses.saturating_add(Budget::NODES_PER_CLOCK_READ);
        budget.is_out_of_time()
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

/// What ran out when a search gave up: its nodes or its time.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Spent {
    /// It visited every node of its budget.
    #[default]
    Nodes,
    /// Its deadline passed.
    Time,
}

/// A search that ran out of its [`Budget`] before it could tell how many solutions there are.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Undecided {
    /// The nodes it visited.
    pub nodes: u64,
    /// Solutions it had found by then, fewer than the limit asked for.
    pub found: u32,
    /// What ran out.
    pub spent: Spent,
}

impl std::fmt::Display for Undecided {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Undecided: the search gave up {} {} {} with {} found so far.",
            match self.spent {
                Spent::Nodes => "after",
                Spent::Time => "at its time limit, after",
            },
            group_thousands(self.nodes),
            if self.nodes == 1 { "node" } else { "nodes" },
            match self.found {
                0 => "no solution".to_string(),
                1 => "one solution".to_string(),
                n => format!("{n} solutions"),
            }
        )
    }
}

impl std::error::Error for Undecided {}

/// What a search found.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchOutcome {
    /// Solutions found, never more than the limit asked for.
    pub n_solutions: u32,
    /// Whether the search ran out of its budget before it ended: then `n_solutions` is only
    /// what it found so far, and fewer than the limit.
    pub exhausted: bool,
    /// What ran out, when `exhausted`.
    pub spent: Spent,
    /// How many candidates the search tried at its branch points.
    pub n_guesses: u64,
    /// How many branch points the search met: states where propagation stopped short of a
    /// solution or a contradiction (what tdoku counts as guesses).
    pub n_branches: u64,
}

/// Solutions kept by a search, stored flat so a buffer can be reused without allocating.
#[derive(Clone, Debug, Default)]
pub struct Solutions {
    max_kept: usize,
    n_cells: usize,
    values: Vec<u8>,
}

impl SearchOutcome {
    /// The number of solutions, or [`Undecided`] if the budget ran out first.
    pub fn decided(&self) -> Result<u32, Undecided> {
        if self.exhausted {
            Err(Undecided {
                nodes: self.n_guesses,
                found: self.n_solutions,
                spent: self.spent,
            })
        } else {
            Ok(self.n_solutions)
        }
    }
}

impl Solutions {
    /// A buffer that keeps up to `max_kept` solutions (0 keeps none and only counts).
    pub fn new(max_kept: usize) -> Solutions {
        Solutions {
            max_kept,
            n_cells: 0,
            values: Vec::new(),
        }
    }

    /// Forgets the kept solutions; solvers call this when a search starts.
    pub fn clear(&mut self, n_cells: usize) {
        self.n_cells = n_cells;
        self.values.clear();
    }

    /// Whether another solution would still be kept.
    pub fn wants_more(&self) -> bool {
        self.len() < self.max_kept
    }

    /// Keeps a solution (one value per cell) if there is room.
    pub fn push(&mut self, solution: &[u8]) {
        if self.wants_more() {
            debug_assert_eq!(solution.len(), self.n_cells);
            self.values.extend_from_slice(solution);
        }
    }

    /// The number of solutions kept.
    pub fn len(&self) -> usize {
        self.values.len().checked_div(self.n_cells).unwrap_or(0)
    }

    /// Whether no solution is kept.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The kept solutions, one slice of values per solution.
    pub fn iter(&self) -> impl Iterator<Item = &[u8]> {
        self.values.chunks(self.n_cells.max(1))
    }

    /// The kept solutions as grids of a layout.
    pub fn grids(&self, geometry: &Arc<Geometry>) -> Vec<Grid> {
        self.iter()
            .filter_map(|values| Grid::from_values_in(geometry.clone(), values))
            .collect::<Vec<Grid>>()
    }
}

/// An exact solver: complete, never wrong, and deterministic.
///
/// A solver works within a [`Budget`] ([`Budget::DEFAULT`] until told otherwise): a search
/// that runs out of it stops with [`SearchOutcome::exhausted`] set.
pub trait ExactSolver {
    /// Searches the puzzle given as one value per cell (0 for empty), stopping once `limit`
    /// solutions are found or the budget runs out. Solutions are kept in `kept` (cleared
    /// first) up to its capacity.
    ///
    /// Givens that conflict with each other make zero solutions. The number of values must be
    /// that of a shape the solver handles; others also give zero solutions.
    fn search(&mut self, givens: &[u8], limit: u32, kept: &mut Solutions) -> SearchOutcome;

    /// Sets the budget of every later search.
    fn set_budget(&mut self, budget: Budget);
}

/// Whether a layout is classic 9×9, which [`fast9::Fast9Solver`] solves.
pub fn is_fast9(geometry: &Geometry) -> bool {
    geometry.shape() == Shape::NINE && geometry.is_classic()
}

/// The solver best suited to a layout: the constraint solver for one with rules beyond its
/// houses.
pub fn solver_for(geometry: &Geometry) -> Box<dyn ExactSolver> {
    if geometry.has_rules() {
        Box::new(rules::ConstraintSolver::for_layout(geometry))
    } else if is_fast9(geometry) {
        Box::new(fast9::Fast9Solver::new())
    } else {
        Box::new(general::GeneralSolver::for_layout(geometry))
    }
}

/// Searches a puzzle with the solver for its layout, within its pencil marks if it has any,
/// and within `budget`.
pub fn search_grid(
    puzzle: &Grid,
    limit: u32,
    budget: Budget,
    kept: &mut Solutions,
) -> SearchOutcome {
    match puzzle.marks() {
        Some(marks) if puzzle.geometry().has_rules() => {
            let mut solver = rules::ConstraintSolver::for_layout(puzzle.geometry());
            solver.set_budget(budget);
            solver.search_within(puzzle.values(), marks, limit, kept)
        }
        Some(marks) => {
            let mut solver = general::GeneralSolver::for_layout(puzzle.geometry());
            solver.set_budget(budget);
            solver.search_within(puzzle.values(), marks, limit, kept)
        }
        None => {
            let mut solver = solver_for(puzzle.geometry());
            solver.set_budget(budget);
            solver.search(puzzle.values(), limit, kept)
        }
    }
}

/// Counts the solutions of a puzzle, stopping at `limit`, within `budget`.
pub fn count_solutions(puzzle: &Grid, limit: u32, budget: Budget) -> Result<u32, Undecided> {
    search_grid(puzzle, limit, budget, &mut Solutions::new(0)).decided()
}

/// Reads a line of 81 digits, with `.` or `0` for blanks, straight into values; false for any
/// other line, which takes the general reader.
fn read_plain_line(line: &[u8], values: &mut [u8; 81]) -> bool {
    if line.len() != 81 {
        return false;
    }
    let mut bad = false;
    for (value, &byte) in values.iter_mut().zip(line) {
        let digit = byte.wrapping_sub(b'0');
        *value = if byte == b'.' { 0 } else { digit };
        bad |= digit > 9 && byte != b'.';
    }
    !bad
}

/// What [`count_batch`] gives for a line whose search ran out of its budget.
pub const UNDECIDED_COUNT: u32 = u32::MAX;

/// One count (up to `limit`) per non-blank line of `puzzles` (text as bytes), each line read
/// as [`Grid::parse`] reads it and searched within `budget`; an unreadable line counts 0, an
/// undecided one [`UNDECIDED_COUNT`]. Plain 81-character lines go straight to the 9×9
/// solver, with no allocation per puzzle.
pub fn count_batch(puzzles: &[u8], limit: u32, budget: Budget) -> Vec<u32> {
    let mut kept = Solutions::new(0);
    let mut plain = [0u8; 81];
    let mut values = Vec::new();
    let mut fast = fast9::Fast9Solver::new();
    fast.set_budget(budget);
    let mut general: Option<(Arc<Geometry>, general::GeneralSolver)> = None;
    let count = |outcome: SearchOutcome| outcome.decided().unwrap_or(UNDECIDED_COUNT);
    puzzles
        .split(|&b| b == b'\n')
        .filter_map(|line| {
            if read_plain_line(line.trim_ascii(), &mut plain) {
                return Some(count(fast.search(&plain, limit, &mut kept)));
            }
            let Ok(text) = std::str::from_utf8(line) else {
                return Some(0);
            };
            if text.trim().is_empty() {
                return None;
            }
            Some(match Grid::parse_into(text, &mut values) {
                Ok(Reading::Values(geometry)) if is_fast9(&geometry) => {
                    count(fast.search(&values, limit, &mut kept))
                }
                Ok(Reading::Marked(grid)) => count(search_grid(&grid, limit, budget, &mut kept)),
                Ok(Reading::Values(geometry)) => {
                    let (_, solver) = match &mut general {
                        Some(cached) if cached.0 == geometry => cached,
                        _ => general.insert((
                            geometry.clone(),
                            general::GeneralSolver::for_layout(&geometry),
                        )),
                    };
                    solver.set_budget(budget);
                    count(solver.search(&values, limit, &mut kept))
                }
                Err(_) => 0,
            })
        })
        .collect()
}

/// Up to `limit` solutions of a puzzle, found within `budget`.
pub fn solutions(puzzle: &Grid, limit: u32, budget: Budget) -> Result<Vec<Grid>, Undecided> {
    let mut kept = Solutions::new(limit as usize);
    search_grid(puzzle, limit, budget, &mut kept).decided()?;
    Ok(kept.grids(puzzle.geometry()))
}

/// The first solution of a puzzle, if it has one, found within `budget`.
pub fn solve(puzzle: &Grid, budget: Budget) -> Result<Option<Grid>, Undecided> {
    Ok(solutions(puzzle, 1, budget)?.into_iter().next())
}
