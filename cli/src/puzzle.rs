//! Puzzle text in and result text out, shared by every command.

use serde::Serialize;

use std::sync::Arc;
use stepdoku::grid::CharName;
use stepdoku::validate;
use stepdoku::{
    ConstraintPuzzle, Digit, DigitSet, Geometry, Grid, ParseError, Reading, Shape, Variant,
};

/// Reads the puzzle part of a line into `values` (one value per cell, 0 for empty) with
/// [`Grid::parse_into_as`], which allocates nothing for a plain 81-character line; a puzzle
/// with pencil marks comes back whole. A line without a tag is read in `variant`.
pub fn read_values(
    text: &[u8],
    values: &mut Vec<u8>,
    variant: &Variant,
) -> Result<Reading, String> {
    let text = decode_line(text)?;
    refuse_constraints(text)?;
    Grid::parse_into_as(text, values, variant).map_err(|e| describe_parse_error(&e))
}

/// Whether a line holds a constraint puzzle (see [`ConstraintPuzzle::read`]): f-puzzles
/// JSON (its first character that is not a space is `{`), an f-puzzles or SudokuPad link,
/// or Stepdoku's one-line text with rules after a `;`. Cheap: a plain puzzle line is only
/// scanned for those marks.
pub fn is_constraint_line(text: &[u8]) -> bool {
    let has = |needle: &[u8]| text.windows(needle.len()).any(|w| w == needle);
    text.trim_ascii_start().starts_with(b"{")
        || text.contains(&b';')
        || has(b"load=")
        || has(b"fpuzzles")
}

/// A constraint puzzle's line where only plain puzzle text is read (`rate`, `explain`) is
/// refused by what it is, not by its first character.
fn refuse_constraints(text: &str) -> Result<(), String> {
    if is_constraint_line(text.as_bytes()) {
        return Err(
            "a constraint puzzle (f-puzzles JSON, a link to one, or rules after `;`) is read \
             by solve, count and render only, for now"
                .to_string(),
        );
    }
    Ok(())
}

/// Reads a constraint puzzle's line (see [`is_constraint_line`]), or says what is wrong
/// with it.
pub fn read_constraint_puzzle(text: &[u8]) -> Result<ConstraintPuzzle, String> {
    let text = decode_line(text)?;
    match ConstraintPuzzle::read(text.trim()) {
        Some(read) => read.map_err(|e| sentence_part(&e.to_string())),
        None => Err("not a constraint puzzle".to_string()),
    }
}

/// Reads the puzzle part of a line whole, in any form [`Grid::parse`] reads; a line without
/// a tag is read in `variant`.
pub fn read_grid(text: &[u8], variant: &Variant) -> Result<Grid, String> {
    let text = decode_line(text)?;
    refuse_constraints(text)?;
    Grid::parse_as(text, variant).map_err(|e| describe_parse_error(&e))
}

/// The text of a line's puzzle part, or what is wrong with its bytes and how to fix it: text
/// in UTF-16 (as Windows tools often save it), lines that end with a carriage return alone
/// (so that a whole file reads as one line), or bytes that are not UTF-8.
fn decode_line(bytes: &[u8]) -> Result<&str, String> {
    // UTF-16 holds ASCII text as every other byte 0.
    let n_nul = bytes.iter().filter(|&&b| b == 0).count();
    if n_nul > 0 && 3 * n_nul >= bytes.len() {
        return Err(
            "this looks like UTF-16 text, which is not read: convert the file to \
                    UTF-8 first (iconv -f UTF-16 -t UTF-8 FILE)"
                .to_string(),
        );
    }
    let text = std::str::from_utf8(bytes)
        .map_err(|e| format!("not valid UTF-8 (byte {})", e.valid_up_to() + 1))?;
    if text.trim_end().contains('\r') {
        return Err(
            "the lines end with a carriage return alone (old Mac line ends), which is \
                    not read as a line end: convert them first (tr '\\r' '\\n' < FILE)"
                .to_string(),
        );
    }
    Ok(text)
}

/// A read error as the tool says it after "error: line N: " (the line is always 1 within a
/// line, so only the column is named), in the core's words.
pub fn describe_parse_error(error: &ParseError) -> String {
    match error {
        ParseError::Empty => "no cells on this line".to_string(),
        ParseError::TooLong { len } => format!(
            "too long: {len} bytes, but no puzzle needs more than {}",
            stepdoku::grid::MAX_TEXT_LEN
        ),
        ParseError::BadCharacter {
            ch,
            line,
            column,
            expected,
        } => {
            let place = match line {
                1 => format!("column {column}"),
                _ => format!("line {line}, column {column}"),
            };
            format!("bad character {} at {place}: {expected}", CharName(*ch))
        }
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

/// Why a puzzle that the search found no solution for has none, in the words of the page's
/// verdict ([`validate::no_solution`]): a duplicate given, or the cell or house where singles
/// run dry.
pub fn no_solution_message(
    geometry: &Arc<Geometry>,
    values: &[u8],
    marks: Option<&[DigitSet]>,
) -> String {
    let Some(mut grid) = Grid::from_values_in(geometry.clone(), values) else {
        return "no solution".to_string();
    };
    if let Some(marks) = marks {
        grid = grid.with_marks(marks.to_vec());
    }
    sentence_part(&validate::no_solution(&grid).to_string())
}

/// A sentence of the core's as a part of "error: line N: …": first letter in lower case, no
/// full stop.
pub fn sentence_part(sentence: &str) -> String {
    lower_first(sentence).trim_end_matches('.').to_string()
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
