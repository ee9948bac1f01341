//! Puzzle text in and result text out, shared by every command.

use serde::Serialize;

use std::sync::Arc;
use stepdoku::validate::first_conflict;
use stepdoku::{Digit, Geometry, Grid, ParseError, Reading, Shape, Variant};

/// Reads the puzzle part of a line into `values` (one value per cell, 0 for empty) with
/// [`Grid::parse_into_as`], which allocates nothing for a plain 81-character line; a puzzle
/// with pencil marks comes back whole. A line without a tag is read in `variant`.
pub fn read_values(
    text: &[u8],
    values: &mut Vec<u8>,
    variant: &Variant,
) -> Result<Reading, String> {
    let text = std::str::from_utf8(text).map_err(|e| not_utf8(&e))?;
    Grid::parse_into_as(text, values, variant).map_err(|e| describe_parse_error(&e))
}

/// Reads the puzzle part of a line whole, in any form [`Grid::parse`] reads; a line without
/// a tag is read in `variant`.
pub fn read_grid(text: &[u8], variant: &Variant) -> Result<Grid, String> {
    let text = std::str::from_utf8(text).map_err(|e| not_utf8(&e))?;
    Grid::parse_as(text, variant).map_err(|e| describe_parse_error(&e))
}

fn not_utf8(error: &std::str::Utf8Error) -> String {
    format!("not valid UTF-8 (byte {})", error.valid_up_to() + 1)
}

pub fn describe_parse_error(error: &ParseError) -> String {
    match error {
        ParseError::Empty => "no cells on this line".to_string(),
        ParseError::TooLong { len } => format!(
            "too long: {len} bytes, but no puzzle needs more than {}",
            stepdoku::grid::MAX_TEXT_LEN
        ),
        ParseError::BadCharacter {
            ch, column, size, ..
        } => match size {
            Some(n) => format!("bad character '{ch}' at column {column}: not a digit of a {n}×{n} puzzle"),
            None => format!(
                "bad character '{ch}' at column {column}: use digits, letters above 9, and '.' or '0' for blanks"
            ),
        },
        ParseError::WrongLength { n_cells } => {
            let counts: Vec<String> = Shape::ALL.iter().map(|s| s.n_cells().to_string()).collect();
            format!(
                "read {n_cells} cells, but a puzzle has {} cells",
                counts.join(", ")
            )
        }
        ParseError::Layout(error) => error.to_string(),
    }
}

/// Why a puzzle with no solution has none: a duplicate given, or just none.
pub fn no_solution_message(geometry: &Arc<Geometry>, values: &[u8]) -> String {
    match Grid::from_values_in(geometry.clone(), values)
        .and_then(|grid| first_conflict(&grid).map(|c| (grid, c)))
    {
        Some((grid, conflict)) => format!("duplicate given: {}", conflict.describe(grid.shape())),
        None => "no solution".to_string(),
    }
}

/// Appends a board on one line after its variant's tag, `.` for an empty cell.
pub fn push_line(out: &mut String, geometry: &Geometry, values: &[u8]) {
    let shape = geometry.shape();
    out.push_str(&geometry.tag());
    out.extend(
        values
            .iter()
            .map(|&v| Digit::new(v).map_or('.', |d| shape.digit_char(d))),
    );
}

/// A difficulty with one decimal, or `-` when there is none.
pub fn format_difficulty(value: Option<f32>) -> String {
    value.map_or_else(|| "-".to_string(), |v| format!("{v:.1}"))
}

/// The text with its first letter in lower case, to follow "error: line N: ".
pub fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => "no solution".to_string(),
    }
}

/// A record as one line of JSON (without its line end).
pub fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}
