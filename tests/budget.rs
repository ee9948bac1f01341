//! Every search runs within a budget of nodes and a deadline, and says so when it runs out:
//! the solvers, the counts, the verdict, the batch count, a rating and a replayed trace.

use std::sync::atomic::{AtomicU64, Ordering};
use stepdoku::rating::Rating;
use stepdoku::render::{Picture, ShortTrace, Shortfall};
use stepdoku::search::fast9::Fast9Solver;
use stepdoku::search::general::GeneralSolver;
use stepdoku::search::{
    self, Budget, Deadline, ExactSolver, Solutions, Spent, Undecided, UNDECIDED_COUNT,
};
use stepdoku::util;
use stepdoku::validate::{self, Diagnosis, PuzzleError, VerdictKind};
use stepdoku::{Geometry, Grid, Shape, Strategy, Variant};

/// A hard 9×9 puzzle (the first of forum_hardest_1106): it needs dozens of nodes.
const HARD: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

fn values(text: &str) -> Vec<u8> {
    Grid::parse(text).unwrap().values().to_vec()
}

#[test]
fn fast9_stops_at_its_budget_and_says_so() {
    let mut solver = Fast9Solver::new();
    let full = solver.search(&values(HARD), 2, &mut Solutions::new(0));
    assert!(!full.exhausted);
    assert_eq!(full.decided(), Ok(1));
    assert!(full.n_guesses > 10, "the puzzle needs a search");

    solver.set_budget(Budget::nodes(5));
    let short = solver.search(&values(HARD), 2, &mut Solutions::new(0));
    assert!(short.exhausted);
    assert!(short.n_guesses <= 5);
    assert_eq!(
        short.decided(),
        Err(Undecided {
            nodes: short.n_guesses,
            found: short.n_solutions,
            spent: Spent::Nodes,
        })
    );
    // Within budget again, the same solver decides.
    solver.set_budget(Budget::DEFAULT);
    assert_eq!(
        solver
            .search(&values(HARD), 2, &mut Solutions::new(0))
            .decided(),
        Ok(1)
    );
}

#[test]
fn the_general_solver_stops_at_its_budget_on_every_size() {
    for shape in [Shape::NINE, Shape::SIXTEEN, Shape::TWENTY_FIVE] {
        let empty = vec![0; shape.n_cells()];
        let mut solver = GeneralSolver::new(shape);
        solver.set_budget(Budget::nodes(3));
        // An empty grid has more solutions than any limit: only the budget can stop it
        // before the limit, and a limit of a million is out of reach of three nodes.
        let outcome = solver.search(&empty, 1_000_000, &mut Solutions::new(0));
        assert!(outcome.exhausted, "{}", shape.name());
        assert!(outcome.n_guesses <= 3);
        assert!(outcome.decided().is_err());
    }
}

#[test]
fn counts_and_solutions_give_undecided() {
    let puzzle = Grid::parse(HARD).unwrap();
    let undecided = search::count_solutions(&puzzle, 2, Budget::nodes(2)).unwrap_err();
    assert_eq!(undecided.nodes, 2);
    assert_eq!(
        undecided.to_string(),
        "Undecided: the search gave up after 2 nodes with no solution found so far."
    );
    assert!(search::solve(&puzzle, Budget::nodes(2)).is_err());
    assert!(search::solutions(&puzzle, 2, Budget::nodes(2)).is_err());
    assert_eq!(search::count_solutions(&puzzle, 2, Budget::DEFAULT), Ok(1));

    // Pencil marks go through the general solver, within the same budget.
    let marked = Grid::parse(&".".repeat(81))
        .unwrap()
        .with_marks(vec![Shape::NINE.all_digits(); 81]);
    assert!(search::count_solutions(&marked, 1_000_000, Budget::nodes(4)).is_err());
}

#[test]
fn the_verdict_is_undecided_when_the_budget_runs_out() {
    let puzzle = Grid::parse(HARD).unwrap();
    match validate::check_within(&puzzle, Budget::nodes(3)) {
        Err(PuzzleError::Undecided(undecided)) => assert_eq!(undecided.nodes, 3),
        other => panic!("expected undecided, got {other:?}"),
    }
    let diagnosis = Diagnosis::of_text_within(HARD, Budget::nodes(3));
    assert_eq!(diagnosis.status, VerdictKind::Undecided);
    assert!(diagnosis
        .message
        .starts_with("Undecided: the search gave up after 3 nodes"));
    assert!(diagnosis.solution.is_none());
    assert_eq!(Diagnosis::of_text(HARD).status, VerdictKind::Unique);
    assert!(VerdictKind::ALL.contains(&VerdictKind::Undecided));
}

#[test]
fn a_batch_marks_undecided_lines() {
    let easy = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let text = format!("{HARD}\n{easy}\nnot a puzzle\n");
    let counts = search::count_batch(text.as_bytes(), 2, Budget::nodes(3));
    assert_eq!(counts[0], UNDECIDED_COUNT);
    assert_eq!(counts[2], 0);
    let counts = search::count_batch(text.as_bytes(), 2, Budget::DEFAULT);
    assert_eq!(counts, [1, 1, 0]);
}

#[test]
fn thousands_are_grouped() {
    assert_eq!(util::group_thousands(0), "0");
    assert_eq!(util::group_thousands(999), "999");
    assert_eq!(util::group_thousands(1_000), "1,000");
    assert_eq!(util::group_thousands(1_234_567), "1,234,567");
}

/// A clock that moves one millisecond each time it is read, so that a deadline comes after
/// a known number of readings, whatever the machine's speed.
fn ticking_clock() -> f64 {
    static TICKS: AtomicU64 = AtomicU64::new(0);
    TICKS.fetch_add(1, Ordering::Relaxed) as f64
}

/// A budget of unbounded nodes that ends after `readings` readings of the ticking clock.
fn after_readings(readings: u64) -> Budget {
    Budget::UNLIMITED.until(Deadline::after(ticking_clock, readings as f64))
}

/// The solver `solver_for` picks for a classic grid of `shape`, and the general solver.
fn both_solvers(shape: Shape) -> Vec<Box<dyn ExactSolver>> {
    vec![
        search::solver_for(&Geometry::classic(shape)),
        Box::new(GeneralSolver::new(shape)),
    ]
}

#[test]
fn every_solver_stops_at_its_deadline_and_says_it_was_time() {
    // Counting every solution of an empty grid never ends by itself.
    for shape in [Shape::NINE, Shape::SIXTEEN, Shape::TWENTY_FIVE] {
        let empty = vec![0u8; shape.n_cells()];
        for solver in &mut both_solvers(shape) {
            solver.set_budget(after_readings(20));
            let outcome = solver.search(&empty, u32::MAX, &mut Solutions::new(0));
            let undecided = outcome.decided().unwrap_err();
            assert_eq!(undecided.spent, Spent::Time, "{}", shape.name());
            // The clock is read once per `NODES_PER_CLOCK_READ` nodes, and the ticking clock
            // passes the deadline within 20 readings (fewer when other tests read it too).
            assert!(
                undecided.nodes <= 21 * Budget::NODES_PER_CLOCK_READ,
                "{}: {} nodes",
                shape.name(),
                undecided.nodes
            );
            assert!(undecided.to_string().contains("at its time limit"));
        }
    }
}

#[test]
fn a_deadline_far_off_changes_nothing() {
    let far = Budget::DEFAULT.until(Deadline::after(ticking_clock, 1e15));
    let hard = Grid::parse(HARD).unwrap();
    assert_eq!(search::count_solutions(&hard, 2, far), Ok(1));
    let mut solver = GeneralSolver::new(Shape::NINE);
    solver.set_budget(far);
    let outcome = solver.search(&values(HARD), 2, &mut Solutions::new(0));
    assert_eq!(outcome.decided(), Ok(1));
}

#[test]
fn a_rating_and_a_replay_stop_at_their_deadline() {
    // An empty 25×25 Windoku: the count before the trace cannot finish, and its trace
    // guesses for millions of steps.
    let layout = Geometry::new(Shape::TWENTY_FIVE, Variant::Windoku).unwrap();
    let empty = Grid::from_values_in(layout, &vec![0; Shape::TWENTY_FIVE.n_cells()]).unwrap();
    let rating = Rating::of_puzzle_until(&empty, Rating::DEFAULT_MAX_STEPS, after_readings(50));
    assert!(rating.truncated);
    assert!(!rating.solved);
    let stopped =
        Picture::at_position_within(&empty, Strategy::Human, 1_000_000, after_readings(50));
    assert!(matches!(
        stopped,
        Err(ShortTrace {
            cause: Shortfall::OutOfTime,
            ..
        })
    ));
    // A trace that ends before the position says so, however much time is left.
    let hard = Grid::parse(HARD).unwrap();
    let far = Budget::DEFAULT.until(Deadline::after(ticking_clock, 1e15));
    let short = Picture::at_position_within(&hard, Strategy::Human, 1_000_000, far);
    assert!(matches!(
        short,
        Err(ShortTrace {
            cause: Shortfall::Ended,
            ..
        })
    ));
}

#[test]
fn a_search_that_cannot_end_visits_exactly_its_budget() {
    // Counting every solution of an empty grid never ends by itself: every solver stops at
    // its budget to the node, as "gave up after 1,000 nodes" says, never a few past it.
    for shape in [Shape::NINE, Shape::SIXTEEN] {
        let empty = vec![0u8; shape.n_cells()];
        for solver in &mut both_solvers(shape) {
            for nodes in [1, 7, 1_000] {
                solver.set_budget(Budget::nodes(nodes));
                let outcome = solver.search(&empty, u32::MAX, &mut Solutions::new(0));
                assert!(outcome.exhausted);
                assert_eq!(outcome.n_guesses, nodes, "{} within {nodes}", shape.name());
            }
        }
    }
}
