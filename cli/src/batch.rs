//! The work of `solve`, `count` and `rate` on a batch of puzzle lines: one output line per
//! puzzle, messages for standard error, and the number that failed.

use serde::Serialize;
use std::fmt::Write as _;
use std::panic::{self, AssertUnwindSafe};

use std::sync::Arc;
use stepdoku::rating::Rating;
use stepdoku::search::general::GeneralSolver;
use stepdoku::search::rules::ConstraintSolver;
use stepdoku::search::{self, Budget, ExactSolver, SearchOutcome, Solutions, Spent, Undecided};
use stepdoku::util::group_thousands;
use stepdoku::{
    ConstraintPuzzle, Digit, DigitSet, Geometry, Grid, Reading, Shape, Technique, Variant,
};

use crate::format::Format;
use crate::input::too_long_message;
use crate::limits::Limits;
use crate::puzzle::{
    format_difficulty, is_constraint_line, no_solution_message, push_line, read_constraint_puzzle,
    read_values, to_json,
};

/// What is done to each puzzle of a batch.
#[derive(Clone, Copy)]
pub enum Task {
    Solve(Ambiguity),
    Count { limit: u32 },
    Rate { format: Format, max_steps: usize },
}

/// What `solve` does about a puzzle with several solutions.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Ambiguity {
    /// Look for a second solution; print the first with a warning.
    Warn,
    /// Look for a second solution; fail the puzzle.
    Reject,
    /// Stop at the first solution.
    Ignore,
}

/// One puzzle line of a batch.
pub struct PuzzleLine {
    /// Where its puzzle part lies in the batch text.
    pub start: usize,
    pub end: usize,
    /// Its 1-based line number in the input.
    pub line_no: u64,
    /// Its 0-based index among the puzzles.
    pub puzzle_idx: u64,
    /// Whether the line was too long to read.
    pub is_too_long: bool,
}

/// Consecutive puzzle lines, handed to one worker.
pub struct Batch {
    /// Its place among the batches, from 0.
    pub seq: u64,
    pub text: Vec<u8>,
    pub puzzles: Vec<PuzzleLine>,
}

/// What a worker made of a batch.
pub struct BatchResult {
    pub seq: u64,
    /// One line per puzzle of the batch.
    pub stdout: String,
    pub stderr: String,
    pub n_puzzles: u64,
    pub n_failed: u64,
}

/// A puzzle as a batch reads it: its values, and its pencil marks if it has any.
#[derive(Copy, Clone)]
struct PuzzleRead<'a> {
    geometry: &'a Arc<Geometry>,
    values: &'a [u8],
    marks: Option<&'a [DigitSet]>,
}

/// What a worker keeps from one puzzle to the next, so the hot path does not allocate.
pub struct Worker {
    task: Task,
    /// The layout of lines without a tag.
    variant: Variant,
    solvers: Vec<(Arc<Geometry>, Box<dyn ExactSolver>)>,
    /// How far each puzzle's work may go before it is reported undecided.
    limits: Limits,
    /// The budget of the puzzle at hand, started when its work started.
    budget: Budget,
    kept: Solutions,
    values: Vec<u8>,
}

impl Worker {
    pub fn new(task: Task, variant: Variant, limits: Limits) -> Worker {
        Worker {
            task,
            variant,
            solvers: Vec::new(),
            limits,
            budget: limits.start(),
            kept: Solutions::new(1),
            values: Vec::with_capacity(Shape::TWENTY_FIVE.n_cells()),
        }
    }

    pub fn run(&mut self, batch: &Batch) -> BatchResult {
        let mut result = BatchResult {
            seq: batch.seq,
            stdout: String::with_capacity(batch.puzzles.len() * 84),
            stderr: String::new(),
            n_puzzles: batch.puzzles.len() as u64,
            n_failed: 0,
        };
        for puzzle in &batch.puzzles {
            let text = &batch.text[puzzle.start..puzzle.end];
            let out_len = result.stdout.len();
            let outcome = if puzzle.is_too_long {
                Err(too_long_message())
            } else {
                panic::catch_unwind(AssertUnwindSafe(|| self.process(text, puzzle, &mut result)))
                    .unwrap_or_else(|payload| {
                        // The solvers may be left half-way through a search: start afresh.
                        self.solvers.clear();
                        result.stdout.truncate(out_len);
                        let why = payload
                            .downcast_ref::<&str>()
                            .map(|s| s.to_string())
                            .or_else(|| payload.downcast_ref::<String>().cloned())
                            .unwrap_or_default();
                        Err(format!("internal error, please report this puzzle: {why}"))
                    })
            };
            if let Err(message) = outcome {
                result.n_failed += 1;
                let _ = writeln!(result.stderr, "error: line {}: {message}", puzzle.line_no);
                if let Task::Rate {
                    format: Format::Jsonl,
                    ..
                } = self.task
                {
                    let record = ErrorRecord {
                        puzzle: puzzle.puzzle_idx,
                        line: puzzle.line_no,
                        error: &message,
                    };
                    result.stdout.push_str(&to_json(&record));
                }
            }
            result.stdout.push('\n');
        }
        result
    }

    /// Searches a puzzle, within its pencil marks if it has any.
    fn search(
        &mut self,
        geometry: &Arc<Geometry>,
        values: &[u8],
        marks: Option<&[DigitSet]>,
        limit: u32,
        kept: &mut Solutions,
    ) -> SearchOutcome {
        match marks {
            Some(marks) => {
                let mut solver = GeneralSolver::for_layout(geometry);
                solver.set_budget(self.budget);
                solver.search_within(values, marks, limit, kept)
            }
            None => {
                let budget = self.budget;
                let solver = self.solver(geometry);
                solver.set_budget(budget);
                solver.search(values, limit, kept)
            }
        }
    }

    fn solver(&mut self, geometry: &Arc<Geometry>) -> &mut dyn ExactSolver {
        let at = match self.solvers.iter().position(|(g, _)| g == geometry) {
            Some(at) => at,
            None => {
                self.solvers
                    .push((geometry.clone(), search::solver_for(geometry)));
                self.solvers.len() - 1
            }
        };
        self.solvers[at].1.as_mut()
    }

    /// Writes the output line of one puzzle (without its line end) or says why it failed.
    fn process(
        &mut self,
        text: &[u8],
        puzzle: &PuzzleLine,
        result: &mut BatchResult,
    ) -> Result<(), String> {
        self.budget = self.limits.start();
        if is_constraint_line(text) {
            return self.process_constraints(text, puzzle, result);
        }
        let mut values = std::mem::take(&mut self.values);
        let outcome = read_values(text, &mut values, &self.variant).and_then(|reading| {
            let (geometry, marks) = match reading {
                Reading::Values(geometry) => (geometry, None),
                Reading::Marked(grid) => {
                    values.clear();
                    values.extend_from_slice(grid.values());
                    (
                        grid.geometry().clone(),
                        grid.marks().map(<[DigitSet]>::to_vec),
                    )
                }
            };
            let read = PuzzleRead {
                geometry: &geometry,
                values: &values,
                marks: marks.as_deref(),
            };
            match self.task {
                Task::Solve(ambiguity) => self.solve(read, ambiguity, puzzle, result),
                Task::Count { limit } => {
                    let mut counted = Solutions::new(0);
                    let n = self
                        .search(&geometry, read.values, read.marks, limit, &mut counted)
                        .decided()
                        .map_err(|undecided| undecided_message(&undecided))?;
                    let _ = write!(result.stdout, "{n}");
                    Ok(())
                }
                Task::Rate { format, max_steps } => {
                    self.rate(read, format, max_steps, puzzle, result)
                }
            }
        });
        self.values = values;
        outcome
    }

    /// Writes the output line of a constraint puzzle: `solve` and `count` search it with
    /// the constraint solver; `rate` rates it as any other puzzle, its grid carrying the
    /// rules that the Human strategy's rule techniques read.
    fn process_constraints(
        &mut self,
        text: &[u8],
        puzzle: &PuzzleLine,
        result: &mut BatchResult,
    ) -> Result<(), String> {
        let read = read_constraint_puzzle(text)?;
        if let Task::Rate { format, max_steps } = self.task {
            let grid = read.grid();
            let read = PuzzleRead {
                geometry: grid.geometry(),
                values: grid.values(),
                marks: None,
            };
            return self.rate(read, format, max_steps, puzzle, result);
        }
        let mut solver = ConstraintSolver::for_layout(read.grid().geometry());
        solver.set_budget(self.budget);
        let givens = read.grid().values();
        match self.task {
            Task::Count { limit } => {
                let n = solver
                    .search(givens, limit, &mut Solutions::new(0))
                    .decided()
                    .map_err(|undecided| undecided_message(&undecided))?;
                let _ = write!(result.stdout, "{n}");
                Ok(())
            }
            Task::Solve(ambiguity) => {
                let limit = if ambiguity == Ambiguity::Ignore { 1 } else { 2 };
                let mut kept = Solutions::new(1);
                let found = solver.search(givens, limit, &mut kept);
                match (found.decided(), ambiguity) {
                    (Err(undecided), _) => return Err(undecided_message(&undecided)),
                    (Ok(0), _) => return Err(constraint_no_solution(&read)),
                    (Ok(1), _) | (_, Ambiguity::Ignore) => {}
                    (_, Ambiguity::Warn) => {
                        let _ = writeln!(
                            result.stderr,
                            "warning: line {}: several solutions; printed the first",
                            puzzle.line_no
                        );
                    }
                    (_, Ambiguity::Reject) => return Err("several solutions".to_string()),
                }
                if let Some(solution) = kept.iter().next() {
                    let shape = read.grid().shape();
                    result.stdout.extend(
                        solution
                            .iter()
                            .filter_map(|&v| Digit::new(v).map(|d| shape.digit_char(d))),
                    );
                }
                Ok(())
            }
            Task::Rate { .. } => unreachable!("rated above"),
        }
    }

    fn solve(
        &mut self,
        PuzzleRead {
            geometry,
            values,
            marks,
        }: PuzzleRead,
        ambiguity: Ambiguity,
        puzzle: &PuzzleLine,
        result: &mut BatchResult,
    ) -> Result<(), String> {
        let limit = if ambiguity == Ambiguity::Ignore { 1 } else { 2 };
        let mut kept = std::mem::take(&mut self.kept);
        let found = self.search(geometry, values, marks, limit, &mut kept);
        let outcome = match (found.decided(), ambiguity) {
            (Err(undecided), _) => Err(undecided_message(&undecided)),
            (Ok(0), _) => Err(no_solution_message(geometry, values, marks)),
            (Ok(1), _) | (_, Ambiguity::Ignore) => Ok(()),
            (_, Ambiguity::Warn) => {
                let _ = writeln!(
                    result.stderr,
                    "warning: line {}: several solutions; printed the first",
                    puzzle.line_no
                );
                Ok(())
            }
            (_, Ambiguity::Reject) => Err("several solutions".to_string()),
        };
        if outcome.is_ok() {
            if let Some(solution) = kept.iter().next() {
                push_line(&mut result.stdout, geometry, solution);
            }
        }
        self.kept = kept;
        outcome
    }

    fn rate(
        &mut self,
        PuzzleRead {
            geometry,
            values,
            marks,
        }: PuzzleRead,
        format: Format,
        max_steps: usize,
        puzzle: &PuzzleLine,
        result: &mut BatchResult,
    ) -> Result<(), String> {
        let mut counted = Solutions::new(0);
        match self
            .search(geometry, values, marks, 2, &mut counted)
            .decided()
            .map_err(|undecided| undecided_message(&undecided))?
        {
            0 => return Err(no_solution_message(geometry, values, marks)),
            1 => {}
            _ => {
                let _ = writeln!(
                    result.stderr,
                    "warning: line {}: several solutions; rated the path to the first found",
                    puzzle.line_no
                );
            }
        }
        let mut grid = Grid::from_values_in(geometry.clone(), values).ok_or("not a grid")?;
        if let Some(marks) = marks {
            grid = grid.with_marks(marks.to_vec());
        }
        let rating = Rating::of_puzzle_until(&grid, max_steps, self.budget);
        if rating.truncated {
            return Err(if rating.n_steps < max_steps {
                format!(
                    "gave up after {} steps in {} s (see --max-seconds)",
                    rating.n_steps,
                    self.limits.seconds()
                )
            } else {
                format!("gave up after {max_steps} steps (see --max-steps)")
            });
        }
        match format {
            Format::Text => {
                let hardest = rating.hardest.map_or("-", Technique::name);
                let _ = write!(
                    result.stdout,
                    "{:.1}\t{}\t{}\t{}\t{}\t{}\t{hardest}",
                    rating.er,
                    format_difficulty(rating.ep),
                    format_difficulty(rating.ed),
                    rating.score,
                    rating.level,
                    if rating.needs_guessing {
                        "guess"
                    } else {
                        "no-guess"
                    },
                );
            }
            Format::Jsonl => {
                let record = RateRecord {
                    puzzle: puzzle.puzzle_idx,
                    line: puzzle.line_no,
                    rating: &rating,
                };
                result.stdout.push_str(&to_json(&record));
            }
        }
        Ok(())
    }
}

#[derive(Serialize)]
struct RateRecord<'a> {
    puzzle: u64,
    line: u64,
    #[serde(flatten)]
    rating: &'a Rating,
}

#[derive(Serialize)]
struct ErrorRecord<'a> {
    puzzle: u64,
    line: u64,
    error: &'a str,
}

/// Why a constraint puzzle has no solution: a duplicate given in a house, as for other
/// puzzles, or else its rules leave none.
fn constraint_no_solution(puzzle: &ConstraintPuzzle) -> String {
    let grid = puzzle.grid();
    match stepdoku::validate::first_conflict(grid) {
        Some(_) => no_solution_message(grid.geometry(), grid.values(), None),
        None => "no solution: the givens and the rules leave none".to_string(),
    }
}

/// Why a puzzle whose search ran out of its budget has no answer.
fn undecided_message(undecided: &Undecided) -> String {
    let (when, option) = match undecided.spent {
        Spent::Nodes => ("after", "--max-nodes"),
        Spent::Time => ("at its time limit, after", "--max-seconds"),
    };
    format!(
        "undecided: the search gave up {when} {} nodes ({} found so far; see {option})",
        group_thousands(undecided.nodes),
        undecided.found
    )
}
