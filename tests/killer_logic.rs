//! The rule techniques on the constraint puzzles of `tests/data/killer.jsonl`: the Human and
//! Singles strategies step every puzzle to its end, every step at depth 0 agrees with the
//! puzzle's solution, the trace ends Solved on that solution, replaying the steps gives the
//! stepper's board and undoing them all gives the start.

mod common;

use common::run_and_check;
use serde_json::Value;
use stepdoku::{ConstraintPuzzle, Digit, Grid, Step, StepKind, Strategy, Technique};

const DATA: &str = include_str!("data/killer.jsonl");

/// Each puzzle of the collection with its solution, as grids carrying the rules.
fn puzzles() -> Vec<(String, Grid, Grid)> {
    DATA.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let object: Value = serde_json::from_str(line).expect("JSON");
            let title = object["title"].as_str().unwrap_or("").to_string();
            let puzzle = ConstraintPuzzle::from_fpuzzles(line).expect("a puzzle");
            let grid = puzzle.grid().clone();
            let mut solution = grid.clone();
            let values = object["solution"].as_array().expect("a solution");
            for (cell, value) in grid.shape().cells().zip(values) {
                let digit = Digit::new(value.as_u64().unwrap() as u8).unwrap();
                solution.set(cell, Some(digit));
            }
            (title, grid, solution)
        })
        .collect()
}

/// Runs a strategy on a puzzle with every check of `run_and_check`, and checks that it ends
/// Solved on the solution.
fn solve_and_check(title: &str, puzzle: &Grid, solution: &Grid, strategy: Strategy) -> Vec<Step> {
    let steps = run_and_check(puzzle, strategy, Some(solution), 200_000);
    let last = steps.last().expect("a step");
    assert_eq!(last.kind, StepKind::Solved, "{title}: {}", last.text);
    let mut board = stepdoku::Board::new(puzzle);
    for step in &steps {
        board.apply_step(step);
    }
    assert_eq!(
        board.grid().to_line(),
        solution.to_line(),
        "{title}: solved on another grid"
    );
    steps
}

#[test]
fn the_human_strategy_solves_every_puzzle_soundly() {
    let mut n_without_guess = 0;
    for (title, puzzle, solution) in puzzles() {
        let steps = solve_and_check(&title, &puzzle, &solution, Strategy::Human);
        if steps.iter().all(|s| s.kind != StepKind::Guess) {
            n_without_guess += 1;
        }
    }
    assert!(n_without_guess >= 10, "{n_without_guess} without a guess");
}

#[test]
fn the_singles_strategy_solves_the_first_puzzles_soundly() {
    for (title, puzzle, solution) in puzzles().into_iter().take(3) {
        solve_and_check(&title, &puzzle, &solution, Strategy::Singles);
    }
    for (title, puzzle, solution) in puzzles().into_iter().rev().take(4) {
        solve_and_check(&title, &puzzle, &solution, Strategy::Singles);
    }
}

#[test]
fn a_killer_is_explained_with_cage_combinations_and_innies() {
    let (title, puzzle, solution) = puzzles().remove(0);
    let steps = solve_and_check(&title, &puzzle, &solution, Strategy::Human);
    for technique in [Technique::CageCombinations, Technique::InniesOuties] {
        assert!(
            steps.iter().any(|s| s.technique == technique),
            "{title}: no {}",
            technique.name()
        );
    }
}
