//! Traces of every strategy: replay, inversion and soundness, over the seeds and a sample of
//! every collection.

mod common;

use common::{load, run_and_check, sample, COLLECTIONS, SEEDS, SEED_SEVERAL};
use stepdoku::{search, Grid, StepKind, Strategy};

fn last_kind(steps: &[stepdoku::Step]) -> StepKind {
    steps.last().expect("a trace has steps").kind
}

#[test]
fn seeds_solve_with_every_strategy() {
    for (puzzle, solution) in SEEDS {
        let puzzle = Grid::parse(puzzle).unwrap();
        let solution = Grid::parse(solution).unwrap();
        for strategy in Strategy::ALL {
            let max = if strategy == Strategy::Backtracking {
                2_000_000
            } else {
                100_000
            };
            let steps = run_and_check(&puzzle, strategy, Some(&solution), max);
            assert_eq!(last_kind(&steps), StepKind::Solved, "{}", strategy.name());
        }
    }
}

#[test]
fn strategies_replay_and_invert_on_every_collection() {
    for name in COLLECTIONS {
        for puzzle in sample(name, 12) {
            let solutions = search::solutions(&puzzle, 2, search::Budget::DEFAULT).unwrap();
            let unique = (solutions.len() == 1).then(|| &solutions[0]);
            for strategy in [Strategy::Singles, Strategy::Human] {
                let steps = run_and_check(&puzzle, strategy, unique, 100_000);
                assert_eq!(last_kind(&steps), StepKind::Solved, "{name} {puzzle}");
            }
        }
    }
}

#[test]
fn backtracking_replays_on_easier_puzzles() {
    // Plain depth-first search is hopeless on 17 clues, so give back every third empty cell.
    for puzzle in sample("17_clue", 5) {
        let solution = search::solve(&puzzle, search::Budget::DEFAULT)
            .unwrap()
            .unwrap();
        let mut easier = puzzle.clone();
        for cell in puzzle.shape().cells().filter(|c| c.index() % 3 == 0) {
            easier.set(cell, solution.get(cell));
        }
        let steps = run_and_check(&easier, Strategy::Backtracking, Some(&solution), 5_000_000);
        assert_eq!(last_kind(&steps), StepKind::Solved);
        assert!(easier.agrees_with(&puzzle));
    }
}

#[test]
fn several_solutions_and_empty_grids_still_animate_a_search() {
    let puzzles = [
        Grid::parse(SEED_SEVERAL).unwrap(),
        Grid::parse(&".".repeat(81)).unwrap(),
        Grid::parse(&".".repeat(16)).unwrap(),
        Grid::parse(&".".repeat(36)).unwrap(),
    ];
    for puzzle in puzzles {
        for strategy in Strategy::ALL {
            let steps = run_and_check(&puzzle, strategy, None, 1_000_000);
            assert_eq!(last_kind(&steps), StepKind::Solved, "{}", strategy.name());
        }
    }
}

#[test]
fn unsolvable_puzzles_end_in_an_unsolvable_step() {
    // Consistent givens without a solution: r1c9 can hold only 9, which column 9 already has.
    let mut text = String::from("12345678.");
    text.push_str("........9");
    text.push_str(&".".repeat(63));
    let no_solution = Grid::parse(&text).unwrap();
    let duplicate = Grid::parse(&format!("5..5{}", ".".repeat(77))).unwrap();
    for puzzle in [no_solution, duplicate] {
        for strategy in Strategy::ALL {
            let steps = run_and_check(&puzzle, strategy, None, 1_000_000);
            assert_eq!(
                last_kind(&steps),
                StepKind::Unsolvable,
                "{}",
                strategy.name()
            );
        }
    }
}

#[test]
fn every_collection_solution_is_valid() {
    for name in COLLECTIONS {
        let puzzles = if name == "17_clue" {
            sample(name, 2000)
        } else {
            load(name)
        };
        for puzzle in puzzles {
            let found = search::solutions(&puzzle, 2, search::Budget::DEFAULT).unwrap();
            assert!(!found.is_empty(), "{name} {puzzle}");
            for solution in &found {
                assert!(solution.is_valid_solution() && solution.agrees_with(&puzzle));
            }
            if name == "serg_benchmark" {
                assert_eq!(
                    found.len(),
                    2,
                    "serg puzzles have several solutions: {puzzle}"
                );
            } else {
                assert_eq!(found.len(), 1, "{name} {puzzle}");
            }
        }
    }
}
