//! The Rust `sudoku` crate behind the same batch entry points as `wasm-ours`.

use sudoku::Sudoku;
use wasm_bindgen::prelude::*;

/// The puzzle of an 81-character line ('.' or '0' for blanks).
fn parse(line: &str) -> Option<Sudoku> {
    let mut values = [0u8; 81];
    for (v, c) in values.iter_mut().zip(line.bytes()) {
        *v = if c.is_ascii_digit() { c - b'0' } else { 0 };
    }
    Sudoku::from_bytes(values).ok()
}

/// The number of solutions, up to `limit`, of each newline-separated puzzle.
#[wasm_bindgen]
pub fn count_batch(puzzles: &str, limit: u32) -> Vec<u32> {
    puzzles
        .lines()
        .filter(|l| l.len() >= 81)
        .map(|l| parse(l).map_or(0, |s| s.solutions_count_up_to(limit as usize) as u32))
        .collect()
}

/// The first solution of each newline-separated puzzle, concatenated as 81 digits each
/// ("0" × 81 when a puzzle has none).
#[wasm_bindgen]
pub fn solve_batch(puzzles: &str) -> String {
    let mut out = String::new();
    for line in puzzles.lines().filter(|l| l.len() >= 81) {
        match parse(line).and_then(|s| s.some_solution()) {
            Some(solution) => out.extend(solution.to_bytes().iter().map(|&v| (b'0' + v) as char)),
            None => out.push_str(&"0".repeat(81)),
        }
    }
    out
}
