//! Helpers shared by the integration tests: the puzzle collections and trace checks.
//!
//! Each test crate (here and in `cli/tests/`, which reaches this module by its path) uses
//! only some of them.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use stepdoku::trace::LinkKind;
use stepdoku::{search, Board, Candidate, Cell, Change, Digit, Grid, Shape, Step, StepKind};
use stepdoku::{Stepper, Strategy, Technique};

/// Every collection in `../shared/data`, by file stem.
pub const COLLECTIONS: [&str; 6] = [
    "17_clue",
    "magictour_top1465",
    "forum_hardest_1106",
    "serg_benchmark",
    "norvig_top95",
    "norvig_hardest",
];

/// The seed examples: puzzle and solution.
pub const SEEDS: [(&str, &str); 2] = [
    (
        "850002400720000009004000000000107002305000900040000000000080070017000000000036040",
        "859612437723854169164379528986147352375268914241593786432981675617425893598736241",
    ),
    (
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452",
    ),
];

/// A puzzle that naked and hidden singles solve alone (Project Euler 96, grid 1).
pub const SINGLES_ONLY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

/// The seed example with several solutions.
pub const SEED_SEVERAL: &str =
    "000000401000000000210000030059813000601090000000004000030006018000020905006500002";

/// The path of a collection file, in `../shared/data` beside the repository.
pub fn data_path(name: &str) -> PathBuf {
    repository_root()
        .join("../shared/data")
        .join(format!("{name}.txt"))
}

/// The root of the repository: the package's own directory for the library's tests, its
/// parent for those of `cli/`, which reach this module from there.
fn repository_root() -> &'static Path {
    let package_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    package_dir
        .ancestors()
        .find(|dir| dir.join("tests/common/mod.rs").is_file())
        .unwrap_or(package_dir)
}

/// One line of a collection of our own (`tests/data/*.txt`, written by
/// `examples/make_test_data.rs`): the puzzle, its number of solutions (up to 2), its solution.
pub struct Case {
    pub puzzle: Grid,
    pub n_solutions: u32,
    pub solution: Option<Grid>,
}

/// The cases of a collection of our own, `#` lines being comments.
pub fn own_cases(text: &str) -> Vec<Case> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split(' ').collect();
            let [puzzle, n, solution] = fields[..] else {
                panic!("three fields: {line}");
            };
            Case {
                puzzle: Grid::parse(puzzle).unwrap_or_else(|e| panic!("{puzzle}: {e}")),
                n_solutions: n.parse().expect("a count"),
                solution: (solution != "-").then(|| Grid::parse(solution).expect("a solution")),
            }
        })
        .collect()
}

/// Whether the shared collections are beside the repository. When they are not, it says
/// so once per test program: the tests over them then see empty collections, and the
/// collections of our own (`tests/data/`) still test the core. CI always has them, and
/// `scripts/test.sh` refuses to run without them.
pub fn has_shared_data() -> bool {
    static SAID: std::sync::Once = std::sync::Once::new();
    let is_there = data_path(COLLECTIONS[0]).is_file();
    if !is_there {
        // Written to stderr itself, past the test harness's capture of `eprintln!`.
        SAID.call_once(|| {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "note: ../shared/data is not beside the repository: the tests over its \
                 collections are not run (tests/data/ still is)"
            );
        });
    }
    is_there
}

/// Every puzzle of a collection; none when the shared collections are not there (see
/// [`has_shared_data`]).
pub fn load(name: &str) -> Vec<Grid> {
    if !has_shared_data() {
        return Vec::new();
    }
    let text = std::fs::read_to_string(data_path(name))
        .unwrap_or_else(|e| panic!("read {}: {e}", data_path(name).display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Grid::parse(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// Every `step`-th puzzle of a collection, at most `max` of them.
pub fn sample(name: &str, max: usize) -> Vec<Grid> {
    let all = load(name);
    let stride = all.len().div_ceil(max).max(1);
    all.into_iter().step_by(stride).take(max).collect()
}

/// A puzzle of a shape made from the core, with its solution: the first solution of the empty
/// grid with two cells in three blanked.
pub fn puzzle_of(shape: Shape) -> (Grid, Grid) {
    let solution = search::solve(&Grid::empty(shape), search::Budget::DEFAULT)
        .unwrap()
        .expect("an empty grid has solutions");
    let mut puzzle = solution.clone();
    for cell in shape.cells().filter(|c| c.index() % 3 != 1) {
        puzzle.set(cell, None);
    }
    (puzzle, solution)
}

/// Checks what every step a technique's finder returns must be: a deduction with a sentence
/// that starts with a capital, at least its technique's difficulty, and at least one change;
/// each change places or eliminates a candidate the board still has when the change comes
/// (so none comes twice); a step that relies on a unique solution says so; a chain's links
/// alternate strong and weak, each starting where the one before ended, first and last strong.
pub fn assert_well_formed(board: &Board, step: &Step) {
    assert_eq!(step.kind, StepKind::Deduction, "{}", step.text);
    assert!(
        step.difficulty >= step.technique.difficulty(),
        "{}",
        step.text
    );
    assert!(!step.changes.is_empty(), "{}: no change", step.text);
    let first = step.text.chars().next().expect("a sentence");
    assert!(!first.is_lowercase(), "{}", step.text);
    let mut after = board.clone();
    let mut seen: Vec<Change> = Vec::new();
    for &change in &step.changes {
        assert!(!seen.contains(&change), "{}: {change:?} twice", step.text);
        seen.push(change);
        match change {
            // A step may place a digit and then clear the other candidates of its cell.
            Change::Eliminate { cell, digit } => assert!(
                after.has_candidate(cell, digit)
                    || (board.value(cell).is_none() && after.value(cell).is_some()),
                "{}: eliminates an absent candidate {:?}",
                step.text,
                Candidate::new(cell, digit)
            ),
            Change::Place { cell, digit } => assert!(
                after.has_candidate(cell, digit),
                "{}: places an absent candidate {:?}",
                step.text,
                Candidate::new(cell, digit)
            ),
            _ => panic!("{}: a deduction only places and eliminates", step.text),
        }
        after.apply(change);
    }
    assert_eq!(
        step.relies_on_uniqueness,
        step.technique.relies_on_uniqueness(),
        "{}",
        step.text
    );
    if step.relies_on_uniqueness {
        assert!(
            step.text.contains("relies on a unique solution"),
            "{}",
            step.text
        );
    }
    let is_chain = matches!(
        step.technique,
        Technique::XChain | Technique::XYChain | Technique::Aic | Technique::GroupedAic
    );
    for (k, link) in step.links.iter().enumerate() {
        assert!(
            !link.from.is_empty() && !link.to.is_empty(),
            "{}",
            step.text
        );
        if is_chain {
            let expected = if k % 2 == 0 {
                LinkKind::Strong
            } else {
                LinkKind::Weak
            };
            assert_eq!(link.kind, expected, "link {k} of {}", step.text);
            if k > 0 {
                assert_eq!(link.from, step.links[k - 1].to, "chain is connected");
            }
        }
    }
    if is_chain {
        assert!(step.links.len() % 2 == 1, "a chain starts and ends strong");
    }
}

/// Checks that a step made at search depth 0 agrees with the solution: it places only
/// solution digits and eliminates none.
pub fn assert_sound(step: &Step, solution: &Grid, context: &str) {
    for placed in step.placements() {
        assert_eq!(
            solution.get(placed.cell),
            Some(placed.digit),
            "{context}: wrong placement in step {:?}",
            step.text
        );
    }
    for gone in step.eliminations() {
        assert_ne!(
            solution.get(gone.cell),
            Some(gone.digit),
            "{context}: eliminated a solution digit in step {:?}",
            step.text
        );
    }
}

/// Runs a strategy to the end (at most `max_steps`), checking on the way that every step
/// outside search is sound against `solution` (when given), that the stepper's board is the
/// replay of the steps, and that undoing every step returns to the start. Returns the steps.
pub fn run_and_check(
    puzzle: &Grid,
    strategy: Strategy,
    solution: Option<&Grid>,
    max_steps: usize,
) -> Vec<Step> {
    let trace = check_trace_prefix(puzzle, strategy, solution, max_steps + 1);
    assert!(
        trace.is_ended && trace.steps.len() <= max_steps,
        "{} {}: more than {max_steps} steps",
        strategy.name(),
        puzzle.to_line()
    );
    trace.steps
}

/// The first steps of a trace, as [`check_trace_prefix`] gives them.
pub struct TracePrefix {
    /// The steps taken, in order.
    pub steps: Vec<Step>,
    /// Whether the trace ended within them (the stepper had no step left).
    pub is_ended: bool,
}

/// Takes up to `max_steps` steps of a strategy, with the checks of [`run_and_check`]: every
/// step outside search is sound against `solution` (when given), the stepper's board is the
/// replay of the steps taken, and undoing them returns to the start. A trace longer than
/// `max_steps` is not a failure: the steps taken are checked and returned.
pub fn check_trace_prefix(
    puzzle: &Grid,
    strategy: Strategy,
    solution: Option<&Grid>,
    max_steps: usize,
) -> TracePrefix {
    let context = format!("{} {}", strategy.name(), puzzle.to_line());
    let mut stepper: Box<dyn Stepper> = stepdoku::stepper(puzzle, strategy);
    let start = Board::new(puzzle);
    let mut replay = start.clone();
    let mut steps = Vec::new();
    let mut is_ended = false;
    while steps.len() < max_steps {
        let Some(step) = stepper.next_step() else {
            is_ended = true;
            break;
        };
        if let Some(solution) = solution {
            if step.depth == 0 {
                assert_sound(&step, solution, &context);
            }
        }
        replay.apply_step(&step);
        steps.push(step);
    }
    assert_eq!(
        &replay,
        stepper.board(),
        "{context}: replay differs from the stepper"
    );
    for step in steps.iter().rev() {
        replay.undo_step(step);
    }
    assert_eq!(
        replay, start,
        "{context}: undoing every step does not return to the start"
    );
    TracePrefix { steps, is_ended }
}

/// A digit from its value.
pub fn digit(value: u8) -> Digit {
    Digit::new(value).expect("a digit from 1 to 25")
}

/// A cell named people's way, such as `r2c3` or `r10c1`.
pub fn cell(shape: Shape, name: &str) -> Cell {
    let (row, col) = name[1..].split_once('c').expect("a name like r2c3");
    shape.cell(
        row.parse::<usize>().unwrap() - 1,
        col.parse::<usize>().unwrap() - 1,
    )
}

/// A board with no digit placed and every candidate everywhere.
pub fn open_board(shape: Shape) -> Board {
    Board::new(&Grid::empty(shape))
}

/// Removes a candidate from a board, if it is there.
pub fn eliminate(board: &mut Board, cell: Cell, digit: Digit) {
    if board.has_candidate(cell, digit) {
        board.apply(Change::Eliminate { cell, digit });
    }
}
