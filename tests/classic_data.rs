//! Classic puzzles of every size from our own committed collection (tests/data/classic.txt,
//! written by examples/make_test_data.rs), so that the core's tests stand without
//! `../shared/data`: counted by both exact searches, and solved by every strategy with every
//! step checked against the solution, replayed and undone.

mod common;

use common::{own_cases, run_and_check, Case};
use stepdoku::search::{self, general::GeneralSolver, ExactSolver, Solutions};
use stepdoku::strategy::BacktrackingStepper;
use stepdoku::{Grid, Shape, StepKind, Stepper, Strategy};

fn cases() -> Vec<Case> {
    own_cases(include_str!("data/classic.txt"))
}

#[test]
fn the_collection_has_every_size_with_none_one_and_two_solutions() {
    let cases = cases();
    for shape in Shape::ALL {
        for n in [0, 1, 2] {
            assert!(
                cases
                    .iter()
                    .any(|c| c.puzzle.shape() == shape && c.n_solutions == n),
                "{}: a puzzle with {n} solutions",
                shape.name()
            );
        }
    }
    for case in &cases {
        assert!(case.puzzle.geometry().is_classic());
        let line = case.puzzle.to_line();
        assert_eq!(Grid::parse(&line).unwrap(), case.puzzle, "{line}");
    }
}

#[test]
fn both_exact_searches_agree_with_the_recorded_counts() {
    for case in cases() {
        let puzzle = &case.puzzle;
        // The general solver, whatever the size; `count_solutions` takes the fast 9×9 solver
        // for 9×9, so there the two are separate searches.
        let mut kept = Solutions::new(2);
        let general =
            GeneralSolver::for_layout(puzzle.geometry()).search(puzzle.values(), 2, &mut kept);
        assert_eq!(general.n_solutions, case.n_solutions, "{puzzle}");
        assert_eq!(
            search::count_solutions(puzzle, 2, search::Budget::DEFAULT).unwrap(),
            case.n_solutions,
            "{puzzle}"
        );
        // The Backtracking strategy is an exact search of its own; its traces stay short on
        // the small sizes.
        if puzzle.shape().size() <= 6 {
            let mut backtracking = BacktrackingStepper::new(puzzle);
            let last = std::iter::from_fn(|| backtracking.next_step())
                .last()
                .expect("a step");
            let expected = match case.n_solutions {
                0 => StepKind::Unsolvable,
                _ => StepKind::Solved,
            };
            assert_eq!(last.kind, expected, "{puzzle}");
        }
        if let Some(solution) = &case.solution {
            assert!(solution.is_valid_solution(), "{solution}");
            assert!(solution.agrees_with(puzzle), "{solution}");
            assert_eq!(
                search::solve(puzzle, search::Budget::DEFAULT)
                    .unwrap()
                    .as_ref(),
                Some(solution),
                "{puzzle}"
            );
        }
    }
}

#[test]
fn every_strategy_solves_the_unique_puzzles_soundly() {
    for case in cases() {
        let Some(solution) = &case.solution else {
            continue;
        };
        let size = case.puzzle.shape().size();
        for strategy in Strategy::ALL {
            // Backtracking's traces on minimal 9×9 and larger puzzles run to millions of steps.
            if strategy == Strategy::Backtracking && size > 8 {
                continue;
            }
            let steps = run_and_check(&case.puzzle, strategy, Some(solution), 2_000_000);
            let last = steps.last().expect("a step");
            assert_eq!(last.kind, StepKind::Solved, "{} {strategy:?}", case.puzzle);
        }
    }
}
