//! The output formats of `rate`, `explain` and `generate`.
//!
//! A module of its own so that the commands that write results and the command line that
//! chooses among them both depend on it, and not on each other.

use clap::ValueEnum;

/// How `rate` and `explain` write their results.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Text for people: columns for rate, numbered steps for explain.
    Text,
    /// One JSON object per line.
    #[value(alias = "json")]
    Jsonl,
}

/// How `generate` writes its puzzles.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PuzzleFormat {
    /// Tab-separated columns: the puzzle, its rating, its seed.
    Text,
    /// One JSON object per line: the puzzle, its solution, its seed and its rating.
    #[value(alias = "json")]
    Jsonl,
    /// One f-puzzles JSON object per line (the givens, the layout and the solution), which
    /// f-puzzles and SudokuPad open.
    Fpuzzles,
}
