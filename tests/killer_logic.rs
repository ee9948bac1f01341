//! The rule techniques on the constraint puzzles of `tests/data/killer.jsonl`: the Human and
//! Singles strategies step every puzzle to its end, every step at depth 0 agrees with the
//! puzzle's solution, the trace ends Solved on that solution, replaying the steps gives the
//! stepper's board and undoing them all gives the start.

mod common;

use common::{check_trace_prefix, run_and_check};
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

/// The puzzles whose traces run long: few givens under rules that the techniques use little
/// (tens of thousands of steps, up to a minute each for the Human strategy in release).
const SLOW: &[&str] = &[
    "thermo #2",
    "arrow #4",
    "xv #8",
    "antiknight #9",
    "nonconsecutive #10",
];

fn is_slow(title: &str) -> bool {
    SLOW.contains(&title)
}

#[test]
fn the_human_strategy_solves_every_killer_and_the_quick_puzzles_soundly() {
    let mut n_without_guess = 0;
    for (title, puzzle, solution) in puzzles().into_iter().filter(|(t, ..)| !is_slow(t)) {
        let steps = solve_and_check(&title, &puzzle, &solution, Strategy::Human);
        if title.starts_with("killer") && steps.iter().all(|s| s.kind != StepKind::Guess) {
            n_without_guess += 1;
        }
    }
    // 21 of the 25 when this was written (bench/README.md, "Killer techniques").
    assert!(n_without_guess >= 20, "{n_without_guess} without a guess");
}

#[test]
fn the_slow_puzzles_start_soundly() {
    for (title, puzzle, solution) in puzzles().into_iter().filter(|(t, ..)| is_slow(t)) {
        for strategy in [Strategy::Human, Strategy::Singles] {
            let trace = check_trace_prefix(&puzzle, strategy, Some(&solution), 300);
            assert_eq!(trace.steps.len(), 300, "{title}");
        }
    }
}

#[test]
#[ignore = "minutes: the Human strategy guesses hundreds of times on the slow puzzles"]
fn the_human_strategy_solves_the_slow_puzzles_soundly() {
    for (title, puzzle, solution) in puzzles().into_iter().filter(|(t, ..)| is_slow(t)) {
        if title == "nonconsecutive #10" {
            // Not solved in 200,000 steps: checked as far as 20,000.
            check_trace_prefix(&puzzle, Strategy::Human, Some(&solution), 20_000);
        } else {
            solve_and_check(&title, &puzzle, &solution, Strategy::Human);
        }
    }
}

#[test]
fn the_singles_strategy_solves_every_puzzle_but_the_slowest_soundly() {
    for (title, puzzle, solution) in puzzles() {
        if title != "nonconsecutive #10" {
            solve_and_check(&title, &puzzle, &solution, Strategy::Singles);
        }
    }
}

#[test]
fn the_backtracking_strategy_never_ends_solved_on_a_broken_rule() {
    // Plain depth-first search is slow on a killer without givens; the 6×6 ones end quickly.
    for (title, puzzle, solution) in puzzles().into_iter().filter(|(t, ..)| t.contains("6×6")) {
        solve_and_check(&title, &puzzle, &solution, Strategy::Backtracking);
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

#[test]
fn a_full_board_without_contradiction_is_a_solution() {
    // Each solution with two digits swapped everywhere: still a Sudoku, but most swaps break
    // a cage's sum, a thermometer, a dot… The board reports a contradiction exactly then.
    let (mut n_kept, mut n_broken) = (0, 0);
    for (title, puzzle, solution) in puzzles() {
        let shape = puzzle.shape();
        let rules = puzzle.geometry().rules().clone();
        for a in 1..=shape.size() as u8 {
            for b in a..=shape.size() as u8 {
                let mut swapped = solution.clone();
                let mut values = Vec::new();
                for cell in shape.cells() {
                    let v = solution.get(cell).unwrap().get();
                    let w = if v == a {
                        b
                    } else if v == b {
                        a
                    } else {
                        v
                    };
                    swapped.set(cell, Some(Digit::new(w).unwrap()));
                    values.push(w);
                }
                let board = stepdoku::Board::new(&swapped);
                let is_kept = rules.are_kept_by(shape, &values);
                assert_eq!(
                    board.contradiction().is_none(),
                    is_kept,
                    "{title}, {a} and {b} swapped: {:?}",
                    board.contradiction().map(|c| c.describe(shape))
                );
                if is_kept {
                    n_kept += 1;
                } else {
                    n_broken += 1;
                }
            }
        }
    }
    assert!(
        n_kept >= 37 && n_broken > 1000,
        "{n_kept} kept, {n_broken} broken"
    );
}

#[test]
fn a_broken_rule_is_named() {
    let (_, puzzle, solution) = puzzles().remove(0);
    let shape = puzzle.shape();
    // Swap 1 and 2 in the solution: a cage holding one of them misses its sum.
    let mut grid = solution.clone();
    for cell in shape.cells() {
        let v = solution.get(cell).unwrap().get();
        let w = match v {
            1 => 2,
            2 => 1,
            v => v,
        };
        grid.set(cell, Some(Digit::new(w).unwrap()));
    }
    let contradiction = stepdoku::Board::new(&grid)
        .contradiction()
        .expect("a broken cage");
    let text = contradiction.describe(shape);
    assert!(
        text.starts_with("the cage of ") && text.ends_with("cannot reach its sum"),
        "{text}"
    );
}

#[test]
fn a_whole_grid_that_breaks_a_cage_is_not_solved_by_any_strategy() {
    let (_, puzzle, solution) = puzzles().remove(0);
    let shape = puzzle.shape();
    // The solution with 1 and 2 swapped, given whole: a Sudoku, but a cage misses its sum.
    let mut grid = solution.clone();
    for cell in shape.cells() {
        let w = match solution.get(cell).unwrap().get() {
            1 => 2,
            2 => 1,
            v => v,
        };
        grid.set(cell, Some(Digit::new(w).unwrap()));
    }
    for strategy in Strategy::ALL {
        let steps = run_and_check(&grid, strategy, None, 100);
        let kinds: Vec<StepKind> = steps.iter().map(|s| s.kind).collect();
        assert!(
            !kinds.contains(&StepKind::Solved),
            "{}: {kinds:?}",
            strategy.name()
        );
        assert_eq!(
            kinds.last(),
            Some(&StepKind::Unsolvable),
            "{}",
            strategy.name()
        );
    }
}
