//! Batch entry points of Stepdoku's fast solver, so the node benchmark crosses the
//! JS/wasm boundary once per collection, not once per puzzle.

use stepdoku::search::fast9::Fast9Solver;
use stepdoku::search::{ExactSolver, Solutions};
use wasm_bindgen::prelude::*;

/// The values of an 81-character line ('.' or '0' for blanks).
fn parse(line: &str) -> [u8; 81] {
    let mut values = [0u8; 81];
    for (v, c) in values.iter_mut().zip(line.bytes()) {
        *v = if c.is_ascii_digit() { c - b'0' } else { 0 };
    }
    values
}

/// The number of solutions, up to `limit`, of each newline-separated puzzle.
#[wasm_bindgen]
pub fn count_batch(puzzles: &str, limit: u32) -> Vec<u32> {
    let mut solver = Fast9Solver::new();
    let mut kept = Solutions::new(0);
    puzzles
        .lines()
        .filter(|l| l.len() >= 81)
        .map(|l| solver.search(&parse(l), limit, &mut kept).n_solutions)
        .collect()
}

/// The first solution of each newline-separated puzzle, concatenated as 81 digits each
/// ("0" × 81 when a puzzle has none).
#[wasm_bindgen]
pub fn solve_batch(puzzles: &str) -> String {
    let mut solver = Fast9Solver::new();
    let mut kept = Solutions::new(1);
    let mut out = String::new();
    for line in puzzles.lines().filter(|l| l.len() >= 81) {
        solver.search(&parse(line), 1, &mut kept);
        match kept.iter().next() {
            Some(values) => out.extend(values.iter().map(|&v| (b'0' + v) as char)),
            None => out.push_str(&"0".repeat(81)),
        }
    }
    out
}

/// Total guesses over the batch when counting to `limit` (for the report).
#[wasm_bindgen]
pub fn guesses_batch(puzzles: &str, limit: u32) -> f64 {
    let mut solver = Fast9Solver::new();
    let mut kept = Solutions::new(0);
    puzzles
        .lines()
        .filter(|l| l.len() >= 81)
        .map(|l| solver.search(&parse(l), limit, &mut kept).n_guesses as f64)
        .sum()
}
