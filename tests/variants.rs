//! X-Sudoku, Windoku and Jigsaw: the committed collection (tests/data/variants.txt, written by
//! examples/make_test_data.rs) read, counted by both exact searches, and solved by every
//! strategy with every step checked against the solution.

mod common;

use common::{own_cases, Case};
use stepdoku::logic::human_ladder;
use stepdoku::search::{self, general::GeneralSolver, ExactSolver, Solutions};
use stepdoku::strategy::BacktrackingStepper;
use stepdoku::technique::{Needs, Uniqueness};
use stepdoku::{
    stepper, validate, Board, Change, Geometry, Grid, HouseKind, ParseError, Rating, Shape,
    StepKind, Stepper, Strategy, Variant,
};

fn cases() -> Vec<Case> {
    own_cases(include_str!("data/variants.txt"))
}

#[test]
fn the_collection_covers_every_variant_and_reads_back_as_written() {
    let cases = cases();
    for slug in ["x", "windoku", "jigsaw"] {
        let unique = cases
            .iter()
            .filter(|c| c.puzzle.geometry().variant().slug() == slug && c.n_solutions == 1)
            .count();
        assert!(unique >= 7, "{slug}: {unique} unique puzzles");
        for n in [0, 2] {
            assert!(
                cases
                    .iter()
                    .any(|c| c.puzzle.geometry().variant().slug() == slug && c.n_solutions == n),
                "{slug} has a puzzle with {n} solutions"
            );
        }
    }
    for case in &cases {
        let line = case.puzzle.to_line();
        assert_eq!(Grid::parse(&line).unwrap(), case.puzzle, "{line}");
        assert!(!case.puzzle.geometry().is_classic());
    }
}

#[test]
fn both_exact_searches_agree_with_the_recorded_counts() {
    for case in cases() {
        let puzzle = &case.puzzle;
        let mut kept = Solutions::new(2);
        let found =
            GeneralSolver::for_layout(puzzle.geometry()).search(puzzle.values(), 2, &mut kept);
        assert_eq!(found.n_solutions, case.n_solutions, "{puzzle}");
        // The Backtracking strategy is an exact search of its own: its trace must end solved
        // on the same grid exactly when there is a solution. (Its traces on minimal 9×9
        // puzzles run to millions of steps, so the small grids only.)
        if puzzle.shape().size() <= 6 {
            let mut backtracking = BacktrackingStepper::new(puzzle);
            let last = std::iter::from_fn(|| backtracking.next_step())
                .last()
                .unwrap();
            let expected = if case.n_solutions == 0 {
                StepKind::Unsolvable
            } else {
                StepKind::Solved
            };
            assert_eq!(last.kind, expected, "{puzzle}");
            if let Some(solution) = &case.solution {
                assert_eq!(backtracking.board().grid(), &solution.without_marks());
            }
        }
        if let Some(solution) = &case.solution {
            assert!(solution.is_valid_solution(), "{solution}");
            assert!(solution.agrees_with(puzzle));
            assert_eq!(
                search::solve(puzzle, search::Budget::DEFAULT)
                    .unwrap()
                    .as_ref(),
                Some(solution)
            );
        }
    }
}

/// Replays a strategy's trace on a unique puzzle, checking each step against the solution,
/// then undoes it all back to the start.
fn check_trace(puzzle: &Grid, solution: &Grid, strategy: Strategy) {
    let mut solver = stepper(puzzle, strategy);
    let mut replay = Board::new(puzzle);
    let start = replay.clone();
    let mut steps = Vec::new();
    while let Some(step) = solver.next_step() {
        if step.depth == 0 && step.kind == StepKind::Deduction {
            for change in &step.changes {
                match *change {
                    Change::Place { cell, digit } => assert_eq!(
                        solution.get(cell),
                        Some(digit),
                        "{puzzle} {strategy:?}: {}",
                        step.text
                    ),
                    Change::Eliminate { cell, digit } => assert_ne!(
                        solution.get(cell),
                        Some(digit),
                        "{puzzle} {strategy:?}: {}",
                        step.text
                    ),
                    _ => {}
                }
            }
            assert!(
                step.technique.is_sound_for(puzzle.geometry()),
                "{:?} on {}",
                step.technique,
                puzzle.geometry().variant().slug()
            );
        }
        replay.apply_step(&step);
        steps.push(step);
    }
    assert_eq!(steps.last().map(|s| s.kind), Some(StepKind::Solved));
    assert_eq!(replay.grid(), &solution.without_marks(), "{puzzle}");
    assert_eq!(&replay, solver.board());
    for step in steps.iter().rev() {
        replay.undo_step(step);
    }
    assert_eq!(replay, start);
}

#[test]
fn every_strategy_solves_every_unique_variant_puzzle_soundly() {
    for case in cases() {
        let Some(solution) = &case.solution else {
            continue;
        };
        for strategy in Strategy::ALL {
            if strategy == Strategy::Backtracking && case.puzzle.shape().size() > 6 {
                continue;
            }
            check_trace(&case.puzzle, solution, strategy);
        }
    }
}

#[test]
fn variant_puzzles_are_rated_and_diagnosed() {
    for case in cases() {
        match case.n_solutions {
            1 => {
                let rating = Rating::of_puzzle(&case.puzzle);
                assert!(rating.solved, "{}", case.puzzle);
                assert!(validate::check(&case.puzzle).is_ok());
            }
            n => {
                let error = validate::check(&case.puzzle).unwrap_err();
                let text = error.to_string();
                assert!(
                    (n == 0 && text.contains("no solution") || text.contains("both hold"))
                        || (n == 2 && text.contains("solutions")),
                    "{n}: {text}"
                );
            }
        }
    }
}

#[test]
fn the_ladder_offers_only_techniques_sound_for_the_layout() {
    let jigsaw = cases()
        .into_iter()
        .find(|c| matches!(c.puzzle.geometry().variant(), Variant::Jigsaw(_)))
        .unwrap()
        .puzzle;
    let x = Geometry::new(Shape::NINE, Variant::X).unwrap();
    let classic = Geometry::classic(Shape::NINE);
    let on_jigsaw = human_ladder(Uniqueness::Known, jigsaw.geometry());
    let on_x = human_ladder(Uniqueness::Known, &x);
    let on_classic = human_ladder(Uniqueness::Known, &classic);
    assert!(on_jigsaw.iter().all(|r| r.technique.needs() == Needs::Any));
    assert!(on_x.iter().all(|r| r.technique.needs() <= Needs::Boxes));
    assert!(on_x.iter().any(|r| r.technique.needs() == Needs::Boxes));
    assert!(on_classic
        .iter()
        .any(|r| r.technique.needs() == Needs::Classic));
    assert!(on_jigsaw.len() < on_x.len() && on_x.len() < on_classic.len());
}

#[test]
fn tags_say_the_variant_and_bad_layouts_are_explained() {
    let x = Grid::parse(&format!("X: {}", ".".repeat(81))).unwrap();
    assert_eq!(x.geometry().variant(), &Variant::X);
    assert_eq!(x.geometry().n_houses(), 29);
    let hyper = Grid::parse(&format!("hyper:{}", ".".repeat(81))).unwrap();
    assert_eq!(hyper.geometry().variant(), &Variant::Windoku);
    assert!(hyper
        .geometry()
        .houses()
        .any(|h| h.kind() == HouseKind::Window));
    let six_windoku = Grid::parse(&format!("windoku:{}", ".".repeat(36))).unwrap_err();
    assert!(matches!(six_windoku, ParseError::Layout(_)));
    assert!(six_windoku.to_string().contains("square boxes"));
    let short_map = Grid::parse(&format!("jigsaw:AABB:{}", ".".repeat(16))).unwrap_err();
    assert!(
        short_map.to_string().contains("4 region letters"),
        "{short_map}"
    );
    let multi_line = "jigsaw:\nAABB\nAABB\nCCDD\nCCDD\n:\n1...\n....\n....\n...4\n";
    let grid = Grid::parse(multi_line).unwrap();
    assert!(!grid.geometry().has_boxes());
    assert_eq!(grid.to_line(), "jigsaw:AABBAABBCCDDCCDD:1..............4");
}
