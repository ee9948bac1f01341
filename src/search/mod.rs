//! Exact solvers: find solutions and count them up to a limit.
//!
//! Every solver implements [`ExactSolver`], so one harness tests and benchmarks them all.
//! [`general::GeneralSolver`] handles every shape; [`fast9::Fast9Solver`] is the bit-parallel
//! solver for 9×9. The free functions here pick the right one.

pub mod fast9;
pub mod general;

use crate::geometry::Geometry;
use crate::grid::{Grid, Reading, Shape};
use std::sync::Arc;

/// What a search found.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchOutcome {
    /// Solutions found, never more than the limit asked for.
    pub n_solutions: u32,
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
pub trait ExactSolver {
    /// Searches the puzzle given as one value per cell (0 for empty), stopping once `limit`
    /// solutions are found. Solutions are kept in `kept` (cleared first) up to its capacity.
    ///
    /// Givens that conflict with each other make zero solutions. The number of values must be
    /// that of a shape the solver handles; others also give zero solutions.
    fn search(&mut self, givens: &[u8], limit: u32, kept: &mut Solutions) -> SearchOutcome;
}

/// Whether a layout is classic 9×9, which [`fast9::Fast9Solver`] solves.
pub fn is_fast9(geometry: &Geometry) -> bool {
    geometry.shape() == Shape::NINE && geometry.is_classic()
}

/// The solver best suited to a layout.
pub fn solver_for(geometry: &Geometry) -> Box<dyn ExactSolver> {
    if is_fast9(geometry) {
        Box::new(fast9::Fast9Solver::new())
    } else {
        Box::new(general::GeneralSolver::for_layout(geometry))
    }
}

/// Searches a puzzle with the solver for its layout, within its pencil marks if it has any.
fn search_grid(puzzle: &Grid, limit: u32, kept: &mut Solutions) -> SearchOutcome {
    match puzzle.marks() {
        Some(marks) => general::GeneralSolver::for_layout(puzzle.geometry()).search_within(
            puzzle.values(),
            marks,
            limit,
            kept,
        ),
        None => solver_for(puzzle.geometry()).search(puzzle.values(), limit, kept),
    }
}

/// Counts the solutions of a puzzle, stopping at `limit`.
pub fn count_solutions(puzzle: &Grid, limit: u32) -> u32 {
    search_grid(puzzle, limit, &mut Solutions::new(0)).n_solutions
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

/// One count (up to `limit`) per non-blank line of `puzzles` (text as bytes), each line read
/// as [`Grid::parse`] reads it; an unreadable line counts 0. Plain 81-character lines go
/// straight to the 9×9 solver, with no allocation per puzzle.
pub fn count_batch(puzzles: &[u8], limit: u32) -> Vec<u32> {
    let mut kept = Solutions::new(0);
    let mut plain = [0u8; 81];
    let mut values = Vec::new();
    let mut fast = fast9::Fast9Solver::new();
    let mut general: Option<(Arc<Geometry>, general::GeneralSolver)> = None;
    puzzles
        .split(|&b| b == b'\n')
        .filter_map(|line| {
            if read_plain_line(line.trim_ascii(), &mut plain) {
                return Some(fast.search(&plain, limit, &mut kept).n_solutions);
            }
            let Ok(text) = std::str::from_utf8(line) else {
                return Some(0);
            };
            if text.trim().is_empty() {
                return None;
            }
            Some(match Grid::parse_into(text, &mut values) {
                Ok(Reading::Values(geometry)) if is_fast9(&geometry) => {
                    fast.search(&values, limit, &mut kept).n_solutions
                }
                Ok(Reading::Marked(grid)) => count_solutions(&grid, limit),
                Ok(Reading::Values(geometry)) => {
                    let (_, solver) = match &mut general {
                        Some(cached) if cached.0 == geometry => cached,
                        _ => general.insert((
                            geometry.clone(),
                            general::GeneralSolver::for_layout(&geometry),
                        )),
                    };
                    solver.search(&values, limit, &mut kept).n_solutions
                }
                Err(_) => 0,
            })
        })
        .collect()
}

/// Up to `limit` solutions of a puzzle.
pub fn solutions(puzzle: &Grid, limit: u32) -> Vec<Grid> {
    let mut kept = Solutions::new(limit as usize);
    search_grid(puzzle, limit, &mut kept);
    kept.grids(puzzle.geometry())
}

/// The first solution of a puzzle, if it has one.
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    solutions(puzzle, 1).into_iter().next()
}
