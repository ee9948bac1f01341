//! Fuzz targets for the core's entry points, the oracles they check, and the inputs they
//! are fed: mutations of the committed corpus (`tests/fuzz/corpus/`) and random puzzles.
//!
//! Each target takes an input (bytes, read as puzzle text) and panics when an oracle fails;
//! the harness (`examples/soak.rs`) and the corpus test (`tests/fuzz_corpus.rs`) catch the
//! panic and report the target and the input. A target is a function of its input alone:
//! what it picks at random (a cell to set, marks to strike out) comes from a hash of the
//! input, so a saved input replays exactly.
//!
//! Every input is bounded in work: strategies stop after a few thousand steps, the Human
//! strategy after a few steps above 9×9, and grids above 9×9 are searched only when enough
//! of their cells are filled that the exact solvers finish quickly (see [`is_searchable`]).
#![allow(dead_code)]

use crate::common::check_trace_prefix;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use stepdoku::search::fast9::Fast9Solver;
use stepdoku::search::general::GeneralSolver;
use stepdoku::search::{self, ExactSolver, Solutions};
use stepdoku::validate::{first_conflict, Diagnosis, VerdictKind};
use stepdoku::{
    Cell, ConstraintPuzzle, Digit, DigitSet, Geometry, Grid, Reading, Shape, StepKind, Strategy,
};

/// An entry point of the core, with the oracles checked on it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// `Grid::parse`: a read grid writes back to text that reads as the same puzzle, and
    /// `Grid::parse_into` reads as `Grid::parse` does.
    Parse,
    /// `Diagnosis::of_text`: the verdict agrees with the exact solvers, and every solution it
    /// shows keeps the givens, the marks and the rules.
    Verdict,
    /// `search::count_solutions`, `search::solutions` and `search::count_batch`: both exact
    /// solvers agree on 9×9, and every solution they keep is one.
    Count,
    /// The Backtracking strategy, stepped.
    StepBacktracking,
    /// The Singles strategy, stepped.
    StepSingles,
    /// The Human strategy, stepped.
    StepHuman,
    /// Pencil marks: a puzzle with some candidates struck out, counted, written, read back
    /// and stepped.
    Marks,
    /// `Grid::set`, as the page's `setCell` uses it: the cell changes and nothing else does.
    SetCell,
}

impl Target {
    /// Every target, in the harness's round-robin order.
    pub const ALL: [Target; 8] = [
        Target::Parse,
        Target::Verdict,
        Target::Count,
        Target::StepBacktracking,
        Target::StepSingles,
        Target::StepHuman,
        Target::Marks,
        Target::SetCell,
    ];

    /// The target's name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Target::Parse => "parse",
            Target::Verdict => "verdict",
            Target::Count => "count",
            Target::StepBacktracking => "step-backtracking",
            Target::StepSingles => "step-singles",
            Target::StepHuman => "step-human",
            Target::Marks => "marks",
            Target::SetCell => "set-cell",
        }
    }

    /// The target with this name.
    pub fn from_name(name: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == name)
    }

    /// Runs the target on an input; panics when an oracle fails.
    pub fn run(self, input: &[u8]) -> Outcome {
        let text = String::from_utf8_lossy(input);
        match self {
            Target::Parse => parse(&text),
            Target::Verdict => verdict(&text),
            Target::Count => count(input, &text),
            Target::StepBacktracking => step(&text, Strategy::Backtracking),
            Target::StepSingles => step(&text, Strategy::Singles),
            Target::StepHuman => step(&text, Strategy::Human),
            Target::Marks => marks(input, &text),
            Target::SetCell => set_cell(input, &text),
        }
    }
}

/// How far an input got through a target.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The text is not a puzzle; the reader's error was checked.
    Unreadable,
    /// A puzzle too open to search within the bounds (see [`is_searchable`]): only what
    /// needs no search was checked.
    TooOpen,
    /// Every oracle of the target was checked.
    Checked,
}

/// Steps taken of the Backtracking and Singles strategies per input.
pub const MAX_STEPS: usize = 3_000;

/// Steps taken of the Human strategy per input up to 9×9 with a unique solution, more than
/// any such puzzle's trace has.
pub const MAX_HUMAN_STEPS: usize = 1_000;

/// Steps taken of the Human strategy per input up to 9×9 with none or several solutions,
/// whose traces are long searches with slow steps (forcing chains at each guess).
pub const MAX_HUMAN_STEPS_NOT_UNIQUE: usize = 150;

/// Steps taken of the Human strategy per input above 9×9, where each step is slow.
pub const MAX_HUMAN_STEPS_LARGE: usize = 5;

/// The steps taken of a strategy on a puzzle of a size.
fn max_steps(strategy: Strategy, size: usize, is_unique: bool) -> usize {
    match strategy {
        Strategy::Human if size > 9 => MAX_HUMAN_STEPS_LARGE,
        Strategy::Human if is_unique => MAX_HUMAN_STEPS,
        Strategy::Human => MAX_HUMAN_STEPS_NOT_UNIQUE,
        _ => MAX_STEPS,
    }
}

/// Whether the exact solvers finish quickly on a grid: every grid up to 9×9, and larger ones
/// with enough cells filled (the committed classic 12×12, 16×16 and 25×25 puzzles have 31%,
/// 46% and 57%). Sparser large grids can take minutes until searches get budgets.
pub fn is_searchable(grid: &Grid) -> bool {
    let shape = grid.shape();
    let min_filled_percent = match shape.size() {
        0..=9 => return true,
        10..=12 => 30,
        13..=16 => 45,
        _ => 55,
    };
    let n_known = shape
        .cells()
        .filter(|&c| grid.allowed(c).len() == 1)
        .count();
    n_known * 100 >= shape.n_cells() * min_filled_percent
}

/// A random source made from the input (seeded by its FNV-1a hash), so that a target's
/// choices replay with it.
fn rng_of(input: &[u8]) -> Pcg64Mcg {
    let hash = input.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    Pcg64Mcg::seed_from_u64(hash)
}

/// Checks that two grids are the same puzzle: the same layout and the same digits allowed in
/// every cell (a cell whose marks allow one digit is the same as a given of it).
pub fn assert_same_puzzle(read: &Grid, expected: &Grid, context: &str) {
    assert_eq!(
        read.geometry(),
        expected.geometry(),
        "{context}: the layout changed"
    );
    for cell in expected.shape().cells() {
        assert_eq!(
            read.allowed(cell),
            expected.allowed(cell),
            "{context}: {} allows other digits",
            cell.name(expected.shape())
        );
    }
}

/// Checks that a grid solves a puzzle: full, every house holding every digit once, every
/// given kept, and every digit within the cell's pencil marks.
pub fn assert_solves(solution: &Grid, puzzle: &Grid, context: &str) {
    assert!(
        solution.is_valid_solution(),
        "{context}: {solution} breaks a rule"
    );
    assert!(
        solution.agrees_with(puzzle),
        "{context}: {solution} changes a given"
    );
    for cell in puzzle.shape().cells() {
        let digit = solution.get(cell).expect("a full grid");
        assert!(
            puzzle.allowed(cell).contains(digit),
            "{context}: {solution} puts {digit} in {}, outside its marks",
            cell.name(puzzle.shape())
        );
    }
}

/// Counts with the general solver, within the marks, checking every solution it keeps.
fn general_count(puzzle: &Grid, limit: u32, context: &str) -> u32 {
    let mut kept = Solutions::new(limit as usize);
    let mut solver = GeneralSolver::for_layout(puzzle.geometry());
    let outcome = match puzzle.marks() {
        Some(marks) => solver.search_within(puzzle.values(), marks, limit, &mut kept),
        None => solver.search(puzzle.values(), limit, &mut kept),
    };
    check_kept(&kept, outcome.n_solutions, puzzle, limit, context);
    outcome.n_solutions
}

/// Checks the solutions a solver kept: as many as it counted (up to the limit), distinct,
/// each one solving the puzzle.
fn check_kept(kept: &Solutions, n_solutions: u32, puzzle: &Grid, limit: u32, context: &str) {
    assert!(n_solutions <= limit, "{context}: counted past the limit");
    assert_eq!(kept.len(), n_solutions as usize, "{context}: kept");
    let grids = kept.grids(puzzle.geometry());
    assert_eq!(
        grids.len(),
        kept.len(),
        "{context}: a kept solution is no grid"
    );
    for (i, grid) in grids.iter().enumerate() {
        assert_solves(grid, puzzle, context);
        assert!(
            !grids[..i].contains(grid),
            "{context}: the same solution twice"
        );
    }
}

/// The number of solutions up to `limit` by both exact solvers where both apply (classic
/// 9×9 without marks), checked to agree, else by the general solver; every kept solution
/// checked.
fn reference_count(puzzle: &Grid, limit: u32, context: &str) -> u32 {
    let n_general = general_count(puzzle, limit, context);
    if search::is_fast9(puzzle.geometry()) && puzzle.marks().is_none() {
        let mut kept = Solutions::new(limit as usize);
        let outcome = Fast9Solver::new().search(puzzle.values(), limit, &mut kept);
        check_kept(&kept, outcome.n_solutions, puzzle, limit, context);
        assert_eq!(
            outcome.n_solutions, n_general,
            "{context}: the fast 9×9 solver and the general solver disagree"
        );
    }
    n_general
}

/// `Grid::parse`: no panic; the error has a message; a read grid writes back (as one line
/// and, for classic grids, as rows) to text that reads as the same puzzle; `parse_into`
/// reads as `parse` does.
fn parse(text: &str) -> Outcome {
    let mut values = vec![7; 3];
    let into = Grid::parse_into(text, &mut values);
    let grid = match Grid::parse(text) {
        Ok(grid) => grid,
        Err(error) => {
            assert!(!error.to_string().is_empty(), "an error without a message");
            assert_eq!(into, Err(error), "parse_into fails otherwise than parse");
            return Outcome::Unreadable;
        }
    };
    match into {
        Ok(Reading::Values(geometry)) => {
            assert!(grid.marks().is_none(), "parse_into lost the marks");
            assert_eq!(
                &geometry,
                grid.geometry(),
                "parse_into reads another layout"
            );
            assert_eq!(values, grid.values(), "parse_into reads other values");
        }
        Ok(Reading::Marked(marked)) => assert_eq!(marked, grid, "parse_into reads other marks"),
        Err(error) => panic!("parse_into fails ({error}) where parse reads {grid}"),
    }
    let line = grid.to_line();
    let again = Grid::parse(&line).unwrap_or_else(|e| panic!("its line {line:?}: {e}"));
    assert_same_puzzle(&again, &grid, "read back from its line");
    if grid.geometry().is_classic() {
        let rows = grid.to_pretty();
        let again = Grid::parse(&rows).unwrap_or_else(|e| panic!("its rows {rows:?}: {e}"));
        assert_same_puzzle(&again, &grid, "read back from its rows");
    }
    Outcome::Checked
}

/// `Diagnosis::of_text`: the verdict's kind agrees with the exact solvers and the givens;
/// the solutions it shows solve the puzzle; it serialises.
fn verdict(text: &str) -> Outcome {
    // Text with rules after its cells is the constraint reader's (tests/constraints.rs and
    // tests/killer_logic.rs check its verdicts on real puzzles): here, that the verdict
    // refuses what the reader refuses, with the reader's sentence. A random text that reads
    // as a puzzle with rules is not searched.
    if let Some(read) = ConstraintPuzzle::read_line(text) {
        let Err(error) = read else {
            return Outcome::TooOpen;
        };
        let diagnosis = Diagnosis::of_text(text);
        assert_eq!(diagnosis.status, VerdictKind::Invalid);
        assert_eq!(diagnosis.message, error.to_string());
        return Outcome::Unreadable;
    }
    let grid = match Grid::parse(text) {
        Ok(grid) if !is_searchable(&grid) => return Outcome::TooOpen,
        Ok(grid) => grid,
        Err(error) => {
            let diagnosis = Diagnosis::of_text(text);
            assert_eq!(diagnosis.status, VerdictKind::Invalid);
            assert_eq!(diagnosis.message, error.to_string());
            return Outcome::Unreadable;
        }
    };
    let diagnosis = Diagnosis::of_text(text);
    serde_json::to_string(&diagnosis).expect("a verdict serialises");
    assert!(!diagnosis.message.is_empty(), "a verdict without a message");
    assert_eq!(diagnosis.size, Some(grid.shape().size()));
    assert_eq!(diagnosis.puzzle.as_deref(), Some(grid.to_line().as_str()));
    let read = |line: &Option<String>, what: &str| -> Grid {
        let line = line.as_deref().unwrap_or_else(|| panic!("no {what}"));
        Grid::parse(line).unwrap_or_else(|e| panic!("{what} {line:?}: {e}"))
    };
    let conflict = first_conflict(&grid);
    if diagnosis.status == VerdictKind::Invalid {
        let conflict = conflict.expect("a readable puzzle is invalid only for a duplicate given");
        assert_eq!(diagnosis.cells, conflict.cells);
        return Outcome::Checked;
    }
    assert_eq!(conflict, None, "a duplicate given not reported");
    let n_solutions = reference_count(&grid, 2, "verdict");
    match diagnosis.status {
        VerdictKind::Unique => {
            assert_eq!(n_solutions, 1, "unique, but the solvers count otherwise");
            assert_solves(&read(&diagnosis.solution, "solution"), &grid, "unique");
        }
        VerdictKind::Several => {
            assert_eq!(n_solutions, 2, "several, but the solvers count otherwise");
            let first = read(&diagnosis.solution, "first solution");
            let second = read(&diagnosis.second, "second solution");
            assert_solves(&first, &grid, "first of several");
            assert_solves(&second, &grid, "second of several");
            let differing: Vec<Cell> = grid
                .shape()
                .cells()
                .filter(|&c| first.get(c) != second.get(c))
                .collect();
            assert!(!differing.is_empty(), "two solutions alike");
            assert_eq!(diagnosis.cells, differing, "the differing cells");
        }
        VerdictKind::NoSolution => {
            assert_eq!(n_solutions, 0, "no solution, but the solvers find one");
        }
        VerdictKind::Invalid => unreachable!(),
        // The search ran out of its budget: nothing to compare.
        VerdictKind::Undecided => return Outcome::TooOpen,
    }
    Outcome::Checked
}

/// Counting: `count_solutions` (the fast 9×9 solver on classic 9×9) agrees with the general
/// solver, `solutions` keeps that many, each one a solution; `count_batch` counts the
/// puzzle's line, and the input itself when it is one line, as `count_solutions` does.
fn count(input: &[u8], text: &str) -> Outcome {
    let grid = match Grid::parse(text) {
        Ok(grid) if is_searchable(&grid) => grid,
        Ok(_) => return Outcome::TooOpen,
        Err(_) => {
            if !input.contains(&b'\n') {
                // count_batch skips a blank line and counts 0 for any other it cannot read.
                let is_blank = std::str::from_utf8(input).is_ok_and(|t| t.trim().is_empty());
                let expected: &[u32] = if is_blank { &[] } else { &[0] };
                assert_eq!(
                    search::count_batch(input, 2, search::Budget::DEFAULT),
                    expected,
                    "count_batch"
                );
            }
            return Outcome::Unreadable;
        }
    };
    let limit = 1 + rng_of(input).random_range(0..3) as u32;
    let Ok(n_solutions) = search::count_solutions(&grid, limit, search::Budget::DEFAULT) else {
        return Outcome::TooOpen;
    };
    assert_eq!(
        n_solutions,
        general_count(&grid, limit, "count"),
        "count_solutions and the general solver disagree"
    );
    if search::is_fast9(grid.geometry()) && grid.marks().is_none() {
        reference_count(&grid, limit, "count");
    }
    let solutions = search::solutions(&grid, limit, search::Budget::DEFAULT).unwrap();
    assert_eq!(solutions.len() as u32, n_solutions, "solutions and count");
    for solution in &solutions {
        assert_solves(solution, &grid, "solutions");
    }
    let line = grid.to_line();
    assert_eq!(
        search::count_batch(line.as_bytes(), limit, search::Budget::DEFAULT),
        [n_solutions],
        "count_batch of the puzzle's line {line:?}"
    );
    if !input.contains(&b'\n') {
        // Bytes that are not UTF-8 make a line that count_batch cannot read (this target
        // reads them with replacement characters).
        let expected = if std::str::from_utf8(input).is_ok() {
            n_solutions
        } else {
            0
        };
        assert_eq!(
            search::count_batch(input, limit, search::Budget::DEFAULT),
            [expected],
            "count_batch of the input"
        );
    }
    Outcome::Checked
}

/// A strategy stepped (at most [`MAX_STEPS`] steps, fewer for Human: see [`max_steps`]): no step at depth 0 of a puzzle with a
/// unique solution places a wrong digit or removes the solution's; the trace replays to the
/// stepper's board and undoes to the start; a trace that ends says solved only with a
/// solution on the board and unsolvable only when there is none; a snapshot steps on as
/// the stepper it was taken of.
fn step(text: &str, strategy: Strategy) -> Outcome {
    let Ok(grid) = Grid::parse(text) else {
        return Outcome::Unreadable;
    };
    if !is_searchable(&grid) {
        return Outcome::TooOpen;
    }
    check_strategy(&grid, strategy, text.len());
    Outcome::Checked
}

/// The checks of [`step`] on one puzzle; `pick` chooses where the snapshot is taken.
fn check_strategy(grid: &Grid, strategy: Strategy, pick: usize) {
    let context = format!("{} on {grid}", strategy.name());
    let n_solutions = reference_count(grid, 2, &context);
    let max_steps = max_steps(strategy, grid.shape().size(), n_solutions == 1);
    let solution = (n_solutions == 1).then(|| {
        search::solve(grid, search::Budget::DEFAULT)
            .unwrap()
            .expect("a solution")
    });
    let trace = check_trace_prefix(grid, strategy, solution.as_ref(), max_steps);
    let steps = &trace.steps;
    if trace.is_ended {
        let last = steps.last().expect("a trace has a step");
        let mut board = stepdoku::Board::new(grid);
        for step in steps {
            board.apply_step(step);
        }
        match last.kind {
            StepKind::Solved => {
                assert!(
                    n_solutions >= 1,
                    "{context}: solved a puzzle with no solution"
                );
                assert_solves(board.grid(), grid, &context);
            }
            StepKind::Unsolvable => assert_eq!(
                n_solutions, 0,
                "{context}: unsolvable, but the puzzle has a solution"
            ),
            kind => panic!("{context}: the trace ends on a {kind:?} step"),
        }
    }
    // A snapshot part of the way steps on as the stepper does.
    if steps.len() >= 2 {
        let at = pick % steps.len().min(100);
        let mut stepper = stepdoku::stepper(grid, strategy);
        for _ in 0..at {
            stepper.next_step();
        }
        let mut copy = stepper.snapshot();
        for (i, expected) in steps.iter().enumerate().skip(at).take(20) {
            let (a, b) = (stepper.next_step(), copy.next_step());
            assert_eq!(a.as_ref(), Some(expected), "{context}: step {i} made again");
            assert_eq!(b, a, "{context}: the snapshot at step {at} steps otherwise");
        }
    }
}

/// Pencil marks: the input's puzzle (or, when it has none, its board's candidates) with
/// candidates struck out at random. With the solution's digits kept, the marked puzzle still
/// has that solution (and only it when the puzzle was unique), and the Singles and Human
/// strategies step it soundly; with any candidates struck out it has no more solutions than
/// the puzzle; every solution keeps the marks; the marks write and read back.
fn marks(input: &[u8], text: &str) -> Outcome {
    let Ok(grid) = Grid::parse(text) else {
        return Outcome::Unreadable;
    };
    let mut rng = rng_of(input);
    let board = stepdoku::Board::new(&grid);
    let candidates: Vec<DigitSet> = grid
        .shape()
        .cells()
        .map(|c| grid.get(c).map_or(board.candidates(c), DigitSet::single))
        .collect();
    let keep_percent = 50 + rng.random_range(0..50);
    // Any candidate may go: such marks are what people paste by mistake.
    let loose = strike_out(&grid, &candidates, None, keep_percent, &mut rng);
    check_written_marks(&loose);
    if !is_searchable(&grid) || !is_searchable(&loose) {
        return Outcome::TooOpen;
    }
    let n_puzzle = reference_count(&grid, 2, "marks: the puzzle");
    let n_loose = reference_count(&loose, 2, "marks: loose");
    assert!(n_loose <= n_puzzle, "striking out marks made solutions");
    let Some(solution) = search::solve(&grid, search::Budget::DEFAULT).unwrap() else {
        return Outcome::Checked;
    };
    // Only candidates other than the solution's digits go.
    let kept = strike_out(&grid, &candidates, Some(&solution), keep_percent, &mut rng);
    check_written_marks(&kept);
    if !is_searchable(&kept) {
        return Outcome::Checked;
    }
    let n_kept = reference_count(&kept, 2, "marks: kept");
    assert!(n_kept >= 1, "marks that keep a solution lost it");
    if n_puzzle == 1 {
        assert_eq!(n_kept, 1, "marks made a unique puzzle several");
        check_strategy(&kept, Strategy::Singles, input.len());
        check_strategy(&kept, Strategy::Human, input.len());
    }
    Outcome::Checked
}

/// The puzzle with pencil marks: each candidate kept with a chance of `keep_percent`, the
/// solution's digit (when given) always.
fn strike_out(
    grid: &Grid,
    candidates: &[DigitSet],
    solution: Option<&Grid>,
    keep_percent: usize,
    rng: &mut Pcg64Mcg,
) -> Grid {
    let marks = grid
        .shape()
        .cells()
        .map(|cell| {
            let keep = solution.and_then(|s| s.get(cell));
            candidates[cell.index()]
                .iter()
                .filter(|&d| Some(d) == keep || rng.random_range(0..100) < keep_percent)
                .collect()
        })
        .collect();
    grid.clone().with_marks(marks)
}

/// A marked grid writes to a line that reads back as the same puzzle, and its board's
/// candidates lie within the marks.
fn check_written_marks(marked: &Grid) {
    let line = marked.to_line();
    let again = Grid::parse(&line).unwrap_or_else(|e| panic!("marks line {line:?}: {e}"));
    assert_same_puzzle(&again, marked, "marks read back from their line");
    let board = stepdoku::Board::new(marked);
    for cell in marked.shape().cells() {
        let outside = board.candidates(cell).difference(marked.allowed(cell));
        assert!(
            outside.is_empty(),
            "{line}: candidates {outside:?} of {} outside its marks",
            cell.name(marked.shape())
        );
    }
}

/// `Grid::set`, as the page's `setCell` calls it (a cell and a digit in range, 0 to empty):
/// the new puzzle's line reads back with that cell changed and every other as it was; its
/// verdict is then checked as [`verdict`] checks it.
fn set_cell(input: &[u8], text: &str) -> Outcome {
    let Ok(grid) = Grid::parse(text) else {
        return Outcome::Unreadable;
    };
    let shape = grid.shape();
    let mut rng = rng_of(input);
    let cell = Cell::new(rng.random_range(0..shape.n_cells()));
    let digit = Digit::new(rng.random_range(0..shape.size() + 1) as u8);
    let mut changed = grid.clone();
    changed.set(cell, digit);
    let line = changed.to_line();
    let again = Grid::parse(&line).unwrap_or_else(|e| panic!("set {line:?}: {e}"));
    let name = cell.name(shape);
    assert_eq!(again.get(cell), digit, "{line}: {name} holds another digit");
    let expected = digit.map_or(shape.all_digits(), DigitSet::single);
    assert_eq!(
        again.allowed(cell),
        expected,
        "{line}: {name} allows other digits"
    );
    for other in shape.cells().filter(|&c| c != cell) {
        assert_eq!(
            again.allowed(other),
            grid.allowed(other),
            "{line}: setting {name} changed {}",
            other.name(shape)
        );
    }
    assert_eq!(
        again.geometry(),
        grid.geometry(),
        "{line}: the layout changed"
    );
    match verdict(&line) {
        Outcome::Unreadable => panic!("{line}: unreadable after setting {name}"),
        outcome => outcome,
    }
}

/// The committed corpus: every file of `tests/fuzz/corpus/`, by name, in name order.
pub fn corpus() -> Vec<(String, Vec<u8>)> {
    let dir = corpus_dir();
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.expect("a directory entry").path();
            let name = path
                .file_name()
                .expect("a file")
                .to_string_lossy()
                .into_owned();
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, bytes)
        })
        .collect();
    files.sort();
    files
}

/// The directory of the committed corpus.
pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz/corpus")
}

/// Makes inputs: mutated corpus files and random puzzles, from one seed.
pub struct Inputs {
    rng: Pcg64Mcg,
    corpus: Vec<Vec<u8>>,
    jigsaw_maps: Vec<(Shape, String)>,
}

/// Pieces of text that mutations insert: digits, blanks, separators, tags, line ends, and
/// characters that look like digits or take no room.
const PIECES: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    ".",
    "A",
    "F",
    "G",
    "P",
    "Y",
    "a",
    "x",
    "*",
    "_",
    "-",
    "|",
    "+",
    ":",
    "=",
    "#",
    " ",
    "\t",
    "\n",
    "\r\n",
    "\r",
    "x:",
    "windoku:",
    "hyper:",
    "jigsaw:",
    "bd=",
    "&",
    "...",
    "000000000",
    "123456789",
    "\u{200B}",
    "\u{200F}",
    "\u{FEFF}",
    "\0",
    "１",
    "٣",
    "é",
    "🙂",
    "ß",
    "\u{301}",
];

impl Inputs {
    /// Inputs from a seed, mutating the given corpus.
    pub fn new(seed: u64, corpus: Vec<Vec<u8>>) -> Inputs {
        let jigsaw_maps = corpus
            .iter()
            .filter_map(|bytes| {
                let text = std::str::from_utf8(bytes).ok()?;
                let grid = Grid::parse(text).ok()?;
                matches!(grid.geometry().variant(), stepdoku::Variant::Jigsaw(_))
                    .then(|| (grid.shape(), grid.geometry().tag()))
            })
            .collect();
        Inputs {
            rng: Pcg64Mcg::seed_from_u64(seed),
            corpus,
            jigsaw_maps,
        }
    }

    /// The next input: a mutated corpus file, a random puzzle, or a mutated random puzzle.
    pub fn next_input(&mut self) -> Vec<u8> {
        match self.rng.random_range(0..10) {
            0..=4 => {
                let mut bytes = self.corpus[self.rng.random_range(0..self.corpus.len())].clone();
                let n_mutations = 1 + self.rng.random_range(0..4);
                for _ in 0..n_mutations {
                    self.mutate(&mut bytes);
                }
                bytes
            }
            5..=7 => self.random_puzzle(),
            _ => {
                let mut bytes = self.random_puzzle();
                self.mutate(&mut bytes);
                bytes
            }
        }
    }

    /// One mutation: a bit flipped, a piece inserted, bytes deleted or repeated, a piece of
    /// another corpus file spliced in, a digit changed, or a cell cleared.
    fn mutate(&mut self, bytes: &mut Vec<u8>) {
        let rng = &mut self.rng;
        let len = bytes.len();
        let at = rng.random_range(0..len + 1);
        match rng.random_range(0..9) {
            0 if len > 0 => bytes[at.min(len - 1)] ^= 1 << rng.random_range(0..8),
            1 => {
                let piece = PIECES[rng.random_range(0..PIECES.len())].as_bytes();
                bytes.splice(at..at, piece.iter().copied());
            }
            2 if len > 0 => {
                let end = (at + 1 + rng.random_range(0..8)).min(len);
                bytes.drain(at.min(len - 1)..end);
            }
            3 => {
                let other = &self.corpus[rng.random_range(0..self.corpus.len())];
                let from = rng.random_range(0..other.len() + 1);
                let to = (from + rng.random_range(0..100)).min(other.len());
                let end = (at + rng.random_range(0..20)).min(len);
                bytes.splice(at..end, other[from..to].iter().copied());
            }
            4 if len > 0 => {
                let end = (at + 1 + rng.random_range(0..30)).min(len);
                let start = at.min(len - 1);
                let chunk = bytes[start..end].to_vec();
                bytes.splice(end..end, chunk);
            }
            5 | 6 => {
                let Some(i) = self.pick_position(bytes, |b| b.is_ascii_alphanumeric()) else {
                    return;
                };
                const DIGITS: &[u8] = b"123456789ABCDEFGHIJKLMNOPabcy0";
                bytes[i] = DIGITS[self.rng.random_range(0..DIGITS.len())];
            }
            _ => {
                let Some(i) = self.pick_position(bytes, |b| b.is_ascii_alphanumeric()) else {
                    return;
                };
                bytes[i] = if self.rng.random_range(0..2) == 0 {
                    b'.'
                } else {
                    b'0'
                };
            }
        }
    }

    /// A random position whose byte passes `wanted`, if the bytes have one.
    fn pick_position(&mut self, bytes: &[u8], wanted: impl Fn(u8) -> bool) -> Option<usize> {
        let start = self.rng.random_range(0..bytes.len().max(1));
        (0..bytes.len())
            .map(|i| (start + i) % bytes.len())
            .find(|&i| wanted(bytes[i]))
    }

    /// A random puzzle written one of the ways people paste them: some givens of a random
    /// solution, of any size and layout; grids above 9×9 keep many givens.
    fn random_puzzle(&mut self) -> Vec<u8> {
        let shape = Shape::ALL[self.rng.random_range(0..Shape::ALL.len())];
        let solution = if shape.size() <= 9 {
            let layout = self.random_layout(shape);
            stepdoku::generate::fill(&layout, &mut self.rng)
        } else {
            self.pattern_solution(shape)
        };
        let keep_percent = match shape.size() {
            0..=9 => 15 + self.rng.random_range(0..70),
            10..=12 => 40 + self.rng.random_range(0..50),
            _ => 60 + self.rng.random_range(0..35),
        };
        let mut puzzle = solution.clone();
        for cell in shape.cells() {
            if self.rng.random_range(0..100) >= keep_percent {
                puzzle.set(cell, None);
            }
        }
        if self.rng.random_range(0..6) == 0 {
            // Pencil marks: the board's candidates, some wrong ones struck out.
            let board = stepdoku::Board::new(&puzzle);
            let marks = shape
                .cells()
                .map(|c| {
                    let right = solution.get(c).expect("a full grid");
                    puzzle
                        .get(c)
                        .map_or(board.candidates(c), DigitSet::single)
                        .iter()
                        .filter(|&d| d == right || self.rng.random_range(0..3) != 0)
                        .collect()
                })
                .collect();
            puzzle = puzzle.with_marks(marks);
        }
        let line = puzzle.to_line();
        let text = match self.rng.random_range(0..6) {
            0 if puzzle.geometry().is_classic() => puzzle.to_pretty(),
            1 if puzzle.geometry().is_classic() => puzzle.to_pretty().replace('\n', "\r\n"),
            2 => format!("{line}  # puzzle {}\n", self.rng.random_range(0..1000)),
            3 if puzzle.geometry().is_classic() && puzzle.marks().is_none() => format!(
                "https://www.sudokuwiki.org/sudoku.htm?bd={}&n=1",
                line.replace('.', "0")
            ),
            _ => line,
        };
        text.into_bytes()
    }

    /// A layout of a shape: classic mostly; X-Sudoku, Windoku or a corpus jigsaw map of the
    /// shape sometimes.
    fn random_layout(&mut self, shape: Shape) -> Arc<Geometry> {
        let tag = match self.rng.random_range(0..8) {
            0 => "x:".to_string(),
            1 => "windoku:".to_string(),
            2 => {
                let maps: Vec<&String> = self
                    .jigsaw_maps
                    .iter()
                    .filter(|(s, _)| *s == shape)
                    .map(|(_, tag)| tag)
                    .collect();
                match maps.is_empty() {
                    true => String::new(),
                    false => maps[self.rng.random_range(0..maps.len())].clone(),
                }
            }
            _ => String::new(),
        };
        stepdoku::grid::layout_of_tag(shape, &tag).unwrap_or_else(|_| Geometry::classic(shape))
    }

    /// A random classic solution of any size without search: the pattern grid (each row the
    /// one above shifted by a box width, each band by one more) with its digits relabelled,
    /// its rows shuffled within bands and its bands shuffled, and likewise its columns.
    fn pattern_solution(&mut self, shape: Shape) -> Grid {
        let (n, box_rows, box_cols) = (shape.size(), shape.box_rows(), shape.box_cols());
        let digits = self.permutation(n);
        let rows = self.line_order(box_rows, n / box_rows);
        let cols = self.line_order(box_cols, n / box_cols);
        let values: Vec<u8> = (0..n * n)
            .map(|i| {
                let (r, c) = (rows[i / n], cols[i % n]);
                let pattern = (r * box_cols + r / box_rows + c) % n;
                digits[pattern] as u8 + 1
            })
            .collect();
        let grid = Grid::from_values(&values).expect("a grid of the shape");
        debug_assert!(grid.is_valid_solution());
        grid
    }

    /// The numbers `0..n` in a random order.
    fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut items: Vec<usize> = (0..n).collect();
        items.shuffle(&mut self.rng);
        items
    }

    /// An order of the rows (or columns) that keeps each band of `band` lines together.
    fn line_order(&mut self, band: usize, n_bands: usize) -> Vec<usize> {
        let bands = self.permutation(n_bands);
        bands
            .into_iter()
            .flat_map(|b| {
                self.permutation(band)
                    .into_iter()
                    .map(move |i| b * band + i)
                    .collect::<Vec<_>>()
            })
            .collect()
    }
}
