//! The WebAssembly exports: the only file that knows about wasm-bindgen.
//!
//! Results cross to JavaScript as small, copied values (strings, numbers, plain objects,
//! `Uint32Array`s); nothing hands out a view into wasm memory. Steps, ratings, verdicts and
//! techniques are the records of the README's "Wire format", the very ones `stepdoku explain
//! --format jsonl` writes: this file serialises the core's types and adds no field of its own.

use crate::digits::{Digit, DigitSet};
use crate::generate::{self, Symmetry};
use crate::geometry::{Geometry, Variant};
use crate::grid::{layout_of_tag, Cell, Grid, HouseKind, ParseError, Shape, MAX_TEXT_LEN};
use crate::rating::Level;
use crate::search::{self, Budget};
use crate::strategy::Strategy;
use crate::technique::Technique;
use crate::trace::Board;
use crate::validate::{Diagnosis, VerdictKind};
use serde::Serialize;
use std::ops::RangeInclusive;
use std::sync::Arc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// Turns a serialisable value into a plain JavaScript object, as `JSON.parse` would make it
/// from the record's JSON (objects, not `Map`s; `null` for a `None`).
fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .expect("the records always serialise")
}

/// The most solutions `countSolutions` and its batch forms count (`limit`), as `stepdoku
/// count --limit` takes.
pub const MAX_LIMIT: u32 = u32::MAX;

/// The largest whole number JavaScript holds exactly (2^53 − 1): the most search nodes.
const MAX_SAFE_WHOLE: u64 = (1 << 53) - 1;

/// The most steps one call makes or hands out (`stepMany`, `advance`, `make`, `rows`), so that
/// a wrong count cannot run a whole trace in one call; a page calls again to go on.
pub const MAX_STEPS_PER_CALL: u32 = 1_000_000;

/// The most candidates one `Generator.run` call makes.
pub const MAX_TRIES_PER_CALL: u32 = 1_000;

/// The largest position or step index a `Timeline` takes (`seek`, `step`, `rows`,
/// `firstWithFilled`): positions cross as 32-bit numbers, and past the last step made they
/// mean "the end".
pub const MAX_POSITION: u32 = u32::MAX;

// The arguments JavaScript passes, checked before use: wasm-bindgen would coerce a number
// silently (−1 to 4294967295 for a `u32`, NaN to 0, 261 to 5 for a `u8`) and read any value
// as a string. So every export takes its numbers and strings as `JsValue`s and reads them
// through the helpers below, which throw a `TypeError` for a value of the wrong type and a
// `RangeError` for one out of range, each a sentence that names the argument (`what`, e.g.
// "limit of countSolutions") and what it may be.

/// What a value is, for a sentence: `-1`, `NaN`, `"abc"`, `undefined`, `an object`.
fn shown(value: &JsValue) -> String {
    if let Some(n) = value.as_f64() {
        return js_sys::Number::from(n)
            .to_string_with_radix(10)
            .map(String::from)
            .unwrap_or_default();
    }
    if let Some(text) = value.as_string() {
        let mut short: String = text.chars().take(20).collect();
        if short.len() < text.len() {
            short.push('…');
        }
        // Not `{:?}`: its escapes would bring Unicode tables into the small module.
        return format!("\"{short}\"");
    }
    if value.is_undefined() {
        return "undefined".to_string();
    }
    if value.is_null() {
        return "null".to_string();
    }
    match value.js_typeof().as_string().as_deref() {
        Some(kind @ "object") => format!("an {kind}"),
        Some(kind) => format!("a {kind}"),
        None => "a value".to_string(),
    }
}

fn type_error(message: &str) -> JsValue {
    js_sys::TypeError::new(message).into()
}

fn range_error(message: &str) -> JsValue {
    js_sys::RangeError::new(message).into()
}

/// A whole number from `range`, or the error naming `what`.
fn whole_number(value: &JsValue, what: &str, range: RangeInclusive<u64>) -> Result<u64, JsValue> {
    as_whole(value, &range).ok_or_else(|| not_whole(value, what, &range))
}

/// The value as a whole number from `range`, if it is one.
fn as_whole(value: &JsValue, range: &RangeInclusive<u64>) -> Option<u64> {
    let n = value.as_f64()?;
    let is_whole = n.fract() == 0.0 && (*range.start() as f64..=*range.end() as f64).contains(&n);
    is_whole.then_some(n as u64)
}

/// The error for a value that is not a whole number from `range`: a `TypeError` for one that
/// is not a number, a `RangeError` otherwise.
fn not_whole(value: &JsValue, what: &str, range: &RangeInclusive<u64>) -> JsValue {
    if value.as_f64().is_none() {
        return type_error(&format!(
            "The {what} must be a number, not {}.",
            shown(value)
        ));
    }
    range_error(&format!(
        "The {what} must be a whole number from {} to {}, not {}.",
        range.start(),
        range.end(),
        shown(value)
    ))
}

/// A whole number from `range` that fits a `u32` (every count and index the exports take).
fn whole_u32(value: &JsValue, what: &str, range: RangeInclusive<u32>) -> Result<u32, JsValue> {
    let (start, end) = (u64::from(*range.start()), u64::from(*range.end()));
    Ok(whole_number(value, what, start..=end)? as u32)
}

/// A count of solutions to stop at: 1 to [`MAX_LIMIT`].
fn limit(value: &JsValue, what: &str) -> Result<u32, JsValue> {
    whole_u32(value, what, 1..=MAX_LIMIT)
}

/// The limit of a batch count: as [`limit`], or 0 to read every line and search none (what
/// the benchmark's "bytes in" measures).
fn batch_limit(value: &JsValue, what: &str) -> Result<u32, JsValue> {
    whole_u32(value, what, 0..=MAX_LIMIT)
}

/// A count of steps for one call: 0 to [`MAX_STEPS_PER_CALL`].
#[cfg(feature = "explainer")]
fn step_count(value: &JsValue, what: &str) -> Result<u32, JsValue> {
    whole_u32(value, what, 0..=MAX_STEPS_PER_CALL)
}

/// A position or step index of a trace: 0 to [`MAX_POSITION`].
#[cfg(feature = "explainer")]
fn position_index(value: &JsValue, what: &str) -> Result<u32, JsValue> {
    whole_u32(value, what, 0..=MAX_POSITION)
}

/// A string of at most [`MAX_TEXT_LEN`] bytes, or `ParseError::TooLong` for a longer one
/// (the core's own error, so that a verdict says it as the CLI does); a `TypeError` for a
/// value that is not a string. Text too long by its length in UTF-16 units is refused
/// before it is copied into wasm memory, which never shrinks: a 10 MB paste costs nothing.
fn text(value: &JsValue, what: &str) -> Result<Result<String, ParseError>, JsValue> {
    let string = js_string(value, what)?;
    // A UTF-16 unit takes at least one byte in UTF-8.
    if string.length() as usize > MAX_TEXT_LEN {
        return Ok(Err(ParseError::TooLong {
            len: utf8_len(string),
        }));
    }
    let text = String::from(string);
    if text.len() > MAX_TEXT_LEN {
        return Ok(Err(ParseError::TooLong { len: text.len() }));
    }
    Ok(Ok(text))
}

/// A JavaScript string, not yet copied; a `TypeError` for any other value.
fn js_string<'a>(value: &'a JsValue, what: &str) -> Result<&'a js_sys::JsString, JsValue> {
    value.dyn_ref::<js_sys::JsString>().ok_or_else(|| {
        type_error(&format!(
            "The {what} must be a string, not {}.",
            shown(value)
        ))
    })
}

/// The UTF-8 length of a JavaScript string, read in slices so that wasm memory holds one
/// slice at a time, however long the string.
fn utf8_len(string: &js_sys::JsString) -> usize {
    const SLICE: u32 = 1 << 16;
    let n_units = string.length();
    let mut len = 0;
    let mut start = 0;
    while start < n_units {
        let mut end = start.saturating_add(SLICE).min(n_units);
        // A high surrogate (0xD800 to 0xDBFF) ends the slice: keep its pair whole.
        if end < n_units && (55296.0..56320.0).contains(&string.char_code_at(end - 1)) {
            end += 1;
        }
        len += String::from(string.slice(start, end)).len();
        start = end;
    }
    len
}

/// Puzzle text, or the diagnosis of text too long to be a puzzle.
fn puzzle_text(value: &JsValue, what: &str) -> Result<String, JsValue> {
    text(value, what)?.map_err(|error| to_js(&Diagnosis::of_parse_error(&error)))
}

/// Reads puzzle text, or throws its diagnosis (the error for text that cannot be read).
fn parse(value: &JsValue, what: &str) -> Result<Grid, JsValue> {
    let text = puzzle_text(value, what)?;
    Grid::parse(&text).map_err(|_| to_js(&Diagnosis::of_text(&text)))
}

/// A layout tag: `undefined`, `null` or a string (see `layout`).
fn optional_text(value: &JsValue, what: &str) -> Result<Option<String>, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    match text(value, what)? {
        Ok(text) => Ok(Some(text)),
        Err(error) => Err(range_error(&format!("The {what} is too long: {error}"))),
    }
}

/// The numbers of an `Array` or a typed array of at most `max_len` elements (checked before
/// they are copied), each a number; their ranges are the caller's to check.
fn numbers(value: &JsValue, what: &str, max_len: usize) -> Result<Vec<JsValue>, JsValue> {
    let is_list = js_sys::Array::is_array(value)
        || (js_sys::ArrayBuffer::is_view(value) && !value.is_instance_of::<js_sys::DataView>());
    if !is_list {
        return Err(type_error(&format!(
            "The {what} must be an array or a typed array of numbers, not {}.",
            shown(value)
        )));
    }
    let len = js_sys::Reflect::get(value, &JsValue::from_str("length")).unwrap_or_default();
    if len.as_f64().unwrap_or(0.0) > max_len as f64 {
        return Err(range_error(&format!(
            "The {what} must hold at most {max_len} numbers, not {}.",
            shown(&len)
        )));
    }
    let items: Vec<JsValue> = js_sys::Array::from(value).iter().collect();
    if let Some(item) = items.iter().find(|item| item.as_f64().is_none()) {
        return Err(type_error(&format!(
            "The {what} must hold only numbers, not {}.",
            shown(item)
        )));
    }
    Ok(items)
}

/// A `Uint8Array`, copied.
fn bytes(value: &JsValue, what: &str) -> Result<Vec<u8>, JsValue> {
    match value.dyn_ref::<js_sys::Uint8Array>() {
        Some(bytes) => Ok(bytes.to_vec()),
        None => Err(type_error(&format!(
            "The {what} must be a Uint8Array, not {}.",
            shown(value)
        ))),
    }
}

/// Solves a puzzle: returns its solution on one line, or throws the diagnosis object
/// (`status` `invalid` or `none`). With several solutions it returns the first.
#[wasm_bindgen]
pub fn solve(puzzle: &JsValue) -> Result<String, JsValue> {
    let text = puzzle_text(puzzle, "puzzle of solve")?;
    let grid = Grid::parse(&text).map_err(|_| to_js(&Diagnosis::of_text(&text)))?;
    match search::solve(&grid, Budget::DEFAULT) {
        Ok(Some(solution)) if crate::validate::first_conflict(&grid).is_none() => {
            Ok(solution.to_line())
        }
        _ => Err(to_js(&Diagnosis::of_text(&text))),
    }
}

/// The verdict on a puzzle (the README's Wire format, "Verdict"), its search within `nodes`
/// search nodes (1 to 2^53 − 1; the core's default budget of a million without): `status`
/// `undecided` when they run out. Throws only a `TypeError` or `RangeError` for arguments of
/// the wrong kind.
#[wasm_bindgen]
pub fn analyze(puzzle: &JsValue, nodes: &JsValue) -> Result<JsValue, JsValue> {
    let budget = if nodes.is_undefined() {
        Budget::DEFAULT
    } else {
        Budget::nodes(whole_number(nodes, "nodes of analyze", 1..=MAX_SAFE_WHOLE)?)
    };
    Ok(match text(puzzle, "puzzle of analyze")? {
        Ok(text) => to_js(&Diagnosis::of_text_within(&text, budget)),
        Err(error) => to_js(&Diagnosis::of_parse_error(&error)),
    })
}

/// Counts the solutions of a puzzle up to `limit` (1 to [`MAX_LIMIT`]); throws the diagnosis
/// for unreadable text.
#[wasm_bindgen(js_name = countSolutions)]
pub fn count_solutions(puzzle: &JsValue, limit: &JsValue) -> Result<u32, JsValue> {
    let grid = parse(puzzle, "puzzle of countSolutions")?;
    let limit = self::limit(limit, "limit of countSolutions")?;
    search::count_solutions(&grid, limit, Budget::DEFAULT)
        .map_err(|undecided| JsValue::from(js_sys::Error::new(&undecided.to_string())))
}

/// One count (up to `limit`, 0 to [`MAX_LIMIT`]) per non-blank line of `puzzles`; an
/// unreadable line, or one
/// longer than [`MAX_TEXT_LEN`] bytes, counts 0. The whole text has no cap of its own: a
/// file of a million puzzles is one call.
#[wasm_bindgen(js_name = countSolutionsBatch)]
pub fn count_solutions_batch(puzzles: &JsValue, limit: &JsValue) -> Result<Vec<u32>, JsValue> {
    let puzzles = String::from(js_string(puzzles, "puzzles of countSolutionsBatch")?);
    let limit = batch_limit(limit, "limit of countSolutionsBatch")?;
    Ok(search::count_batch(
        puzzles.as_bytes(),
        limit,
        Budget::DEFAULT,
    ))
}

/// As `countSolutionsBatch`, with the text as bytes (a `Uint8Array`, e.g. a file read by
/// `fetch` or `FileReader`): copied into wasm memory once, read without decoding.
#[wasm_bindgen(js_name = countSolutionsBytes)]
pub fn count_solutions_bytes(puzzles: &JsValue, limit: &JsValue) -> Result<Vec<u32>, JsValue> {
    let puzzles = bytes(puzzles, "bytes of countSolutionsBytes")?;
    let limit = batch_limit(limit, "limit of countSolutionsBytes")?;
    Ok(search::count_batch(&puzzles, limit, Budget::DEFAULT))
}

/// Reads puzzle text: `{ size, boxRows, boxCols, values, candidates, marks, line, layout }`
/// with `values` one number per cell (0 for empty), `candidates` one bit mask per cell (bit 0
/// is digit 1; the digits no peer holds, within the pencil marks; 0 for a filled cell), the
/// board every trace starts from, `marks` the pencil marks as bit masks (null without), `line`
/// the puzzle on one line, and `layout` its houses as `layout` describes them. Throws the
/// diagnosis for unreadable text.
#[wasm_bindgen(js_name = parsePuzzle)]
pub fn parse_puzzle(text: &JsValue) -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Parsed<'a> {
        size: usize,
        box_rows: usize,
        box_cols: usize,
        values: &'a [u8],
        candidates: Vec<u32>,
        marks: Option<Vec<u32>>,
        line: String,
        layout: LayoutView,
    }
    let grid = parse(text, "text of parsePuzzle")?;
    let shape = grid.shape();
    let board = Board::new(&grid);
    Ok(to_js(&Parsed {
        size: shape.size(),
        box_rows: shape.box_rows(),
        box_cols: shape.box_cols(),
        values: grid.values(),
        candidates: shape.cells().map(|c| board.candidates(c).bits()).collect(),
        marks: grid
            .marks()
            .map(|marks| marks.iter().map(|m| m.bits()).collect()),
        line: grid.to_line(),
        layout: LayoutView::of(grid.geometry()),
    }))
}

/// A layout as the page draws it: `{ tag, variant, name, regions, extras }`, `tag` what puzzle
/// text writes before the cells (empty for classic), `variant` `classic`, `x`, `windoku` or
/// `jigsaw` and `name` its name (see `variants`), `regions` the box or jigsaw region of each
/// cell (where thick borders go), and `extras` the diagonals and windows as `[{ kind, index,
/// name, cells }]`.
#[derive(Serialize)]
struct LayoutView {
    tag: String,
    variant: &'static str,
    name: &'static str,
    regions: Vec<u8>,
    extras: Vec<HouseView>,
}

/// A house with its cells: `{ kind, index, name, cells }`.
#[derive(Serialize)]
struct HouseView {
    kind: HouseKind,
    index: usize,
    name: String,
    cells: Vec<Cell>,
}

impl LayoutView {
    fn of(geometry: &Geometry) -> LayoutView {
        LayoutView {
            tag: geometry.tag(),
            variant: geometry.variant().slug(),
            name: geometry.variant().name(),
            regions: geometry.regions().to_vec(),
            extras: geometry
                .extra_houses()
                .map(|house| HouseView {
                    kind: house.kind(),
                    index: house.index(),
                    name: house.to_string(),
                    cells: geometry.cells_of(house).to_vec(),
                })
                .collect(),
        }
    }
}

/// The layout of a shape that a tag names (`undefined`, `null` or empty for classic), or a
/// `RangeError` with the core's sentence.
fn layout(shape: Shape, tag: &JsValue, what: &str) -> Result<Arc<Geometry>, JsValue> {
    let tag = optional_text(tag, &format!("tag of {what}"))?;
    layout_of_tag(shape, tag.as_deref().unwrap_or("")).map_err(|error| {
        range_error(&format!(
            "The tag of {what} is not a layout of this grid: {error}"
        ))
    })
}

/// Writes one value per cell (0 for empty) as a one-line puzzle in the size's alphabet, in
/// the layout `tag` names (see `parsePuzzle`; classic without); throws when the count is not
/// that of a supported size or the tag is not a layout of it.
#[wasm_bindgen(js_name = formatPuzzle)]
pub fn format_puzzle(values: &JsValue, tag: &JsValue) -> Result<String, JsValue> {
    Ok(position(values, &JsValue::UNDEFINED, tag, "formatPuzzle")?.to_line())
}

/// The puzzle with one cell changed: `digit` in cell `cell` (0-based, reading order), or the
/// cell emptied with digit 0; an emptied cell allows every digit again. Returns the new
/// puzzle on one line; throws the diagnosis for unreadable text, or for a cell or digit out
/// of range.
#[wasm_bindgen(js_name = setCell)]
pub fn set_cell(text: &JsValue, cell: &JsValue, digit: &JsValue) -> Result<String, JsValue> {
    let mut grid = parse(text, "puzzle of setCell")?;
    let shape = grid.shape();
    let cell = whole_number(cell, "cell of setCell", 0..=shape.n_cells() as u64 - 1)?;
    let digit = whole_number(digit, "digit of setCell", 0..=shape.size() as u64)?;
    grid.set(Cell::new(cell as usize), Digit::new(digit as u8));
    Ok(grid.to_line())
}

/// A position on a person's board: `values` one per cell (0 for empty; every digit counts,
/// the person's as well as the givens), `marks` one bit mask per cell (bit 0 is digit 1) of
/// the digits the person still allows there, 0 for a cell they have not marked (`marks` may
/// be empty when they have marked none), and `tag` the layout (`layout.tag` of
/// `parsePuzzle`; classic when absent). Each may be an `Array` or a typed array; `marks` may
/// also be `undefined`. Throws a `RangeError` for a count that is not a supported size, a
/// value past the size, a mask with a bit past it, or a tag that is not a layout of it, and a
/// `TypeError` for an argument of the wrong type; `export` names the export in the message.
fn position(
    values: &JsValue,
    marks: &JsValue,
    tag: &JsValue,
    export: &str,
) -> Result<Grid, JsValue> {
    let max_cells = Shape::TWENTY_FIVE.n_cells();
    let items = numbers(values, &format!("values of {export}"), max_cells)?;
    let Some(shape) = Shape::from_cell_count(items.len()) else {
        let counts: Vec<String> = Shape::ALL.iter().map(|s| s.n_cells().to_string()).collect();
        return Err(range_error(&format!(
            "The values of {export} must hold one number per cell ({}), not {}.",
            counts.join(", "),
            items.len()
        )));
    };
    let values = items
        .iter()
        .enumerate()
        .map(|(cell, value)| {
            let range = 0..=shape.size() as u64;
            let what = || format!("value of cell {cell} of {export}");
            as_whole(value, &range)
                .map(|n| n as u8)
                .ok_or_else(|| not_whole(value, &what(), &range))
        })
        .collect::<Result<Vec<u8>, JsValue>>()?;
    let grid = Grid::from_values_in(layout(shape, tag, export)?, &values)
        .expect("every value is within the size");
    let marks = if marks.is_undefined() {
        Vec::new()
    } else {
        numbers(marks, &format!("marks of {export}"), max_cells)?
    };
    if marks.is_empty() {
        return Ok(grid);
    }
    if marks.len() != values.len() {
        return Err(range_error(&format!(
            "The marks of {export} must be empty or hold one mask per cell ({}), not {}.",
            values.len(),
            marks.len()
        )));
    }
    let all = shape.all_digits();
    let sets = marks
        .iter()
        .enumerate()
        .map(|(cell, mask)| {
            let range = 0..=u64::from(all.bits());
            let what = || format!("mask of cell {cell} of {export}");
            let bits = as_whole(mask, &range).ok_or_else(|| not_whole(mask, &what(), &range))?;
            Ok(match DigitSet::from_bits(bits as u32) {
                DigitSet::EMPTY => all,
                set => set,
            })
        })
        .collect::<Result<Vec<DigitSet>, JsValue>>()?;
    Ok(grid.with_marks(sets))
}

/// The candidates of a position (see `Solver.fromPosition` for `values`, `marks` and `tag`):
/// per cell, the bit mask of the digits no peer holds, within its marks; 0 for a filled cell.
/// With no marks, these are the pencil marks that Fill candidates writes.
#[wasm_bindgen]
pub fn candidates(values: &JsValue, marks: &JsValue, tag: &JsValue) -> Result<Vec<u32>, JsValue> {
    let board = Board::new(&position(values, marks, tag, "candidates")?);
    Ok(board
        .shape()
        .cells()
        .map(|c| board.candidates(c).bits())
        .collect())
}

/// The cells (0-based, reading order) whose digit another cell of one of their houses also
/// holds: every cell of every clash, not only the first pair. `tag` names the layout, as for
/// `Solver.fromPosition`.
#[wasm_bindgen]
pub fn conflicts(values: &JsValue, tag: &JsValue) -> Result<Vec<u32>, JsValue> {
    let grid = position(values, &JsValue::UNDEFINED, tag, "conflicts")?;
    Ok(crate::validate::conflicting_cells(&grid)
        .into_iter()
        .map(|c| c.index() as u32)
        .collect())
}

/// Every supported shape: `[{ size, boxRows, boxCols }]`, smallest first.
#[wasm_bindgen]
pub fn shapes() -> JsValue {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct ShapeView {
        size: usize,
        box_rows: usize,
        box_cols: usize,
    }
    let all: Vec<ShapeView> = Shape::ALL
        .iter()
        .map(|s| ShapeView {
            size: s.size(),
            box_rows: s.box_rows(),
            box_cols: s.box_cols(),
        })
        .collect();
    to_js(&all)
}

/// The variants a page offers by name: `[{ id, name, tag }]` (classic, X-Sudoku, Windoku),
/// `tag` what puzzle text writes before the cells. Jigsaw is not listed: it needs a map.
/// Whether a shape has a variant is `formatPuzzle`'s to say: it throws when not.
#[wasm_bindgen]
pub fn variants() -> JsValue {
    #[derive(Serialize)]
    struct VariantView {
        id: &'static str,
        name: &'static str,
        tag: String,
    }
    let all: Vec<VariantView> = Variant::FIXED
        .iter()
        .map(|v| VariantView {
            id: v.slug(),
            name: v.name(),
            tag: v.tag(),
        })
        .collect();
    to_js(&all)
}

/// The HoDoKu levels, easiest first: `["Easy", "Medium", "Hard", "Unfair", "Extreme"]`.
#[wasm_bindgen]
pub fn levels() -> JsValue {
    to_js(&Level::ALL.map(Level::name))
}

/// The symmetries a new puzzle's givens may have, `[{ id, name }]`: `id` as a request and
/// `stepdoku generate --symmetry` name it, `name` as a person reads it.
#[wasm_bindgen]
pub fn symmetries() -> JsValue {
    #[derive(Serialize)]
    struct SymmetryView {
        id: &'static str,
        name: &'static str,
    }
    let all = Symmetry::ALL.map(|s| SymmetryView {
        id: s.slug(),
        name: s.name(),
    });
    to_js(&all)
}

/// The seed of the puzzle of the day for a date written `YYYY-MM-DD` (the number
/// `YYYYMMDD`), or `undefined` for text that is not such a date.
#[wasm_bindgen(js_name = seedOfDate)]
pub fn seed_of_date(date: &JsValue) -> Result<Option<f64>, JsValue> {
    let date = text(date, "date of seedOfDate")?.unwrap_or_default();
    Ok(generate::seed_of_date(&date).map(|seed| seed as f64))
}

/// Every technique in ladder order, search steps last (the README's Wire format,
/// "Technique").
#[wasm_bindgen]
pub fn techniques() -> JsValue {
    to_js(Technique::ALL)
}

/// Every strategy, `[{ id, name }]`: `id` as a trace, a link and the CLI name it
/// (`backtracking`, `singles`, `human`), `name` as a person reads it.
#[wasm_bindgen]
pub fn strategies() -> JsValue {
    #[derive(Serialize)]
    struct StrategyView {
        id: &'static str,
        name: &'static str,
    }
    let all: Vec<StrategyView> = Strategy::ALL
        .iter()
        .map(|s| StrategyView {
            id: s.name(),
            name: s.label(),
        })
        .collect();
    to_js(&all)
}

/// The longest puzzle text the core reads, in bytes (`MAX_TEXT_LEN`, 64 KiB): a page refuses
/// longer text before it reaches wasm.
#[wasm_bindgen(js_name = maxTextLength)]
pub fn max_text_length() -> u32 {
    crate::grid::MAX_TEXT_LEN as u32
}

/// Every verdict kind a diagnosis's `status` may hold: `["unique", "several", "none",
/// "invalid"]`.
#[wasm_bindgen(js_name = verdictKinds)]
pub fn verdict_kinds() -> JsValue {
    to_js(&VerdictKind::ALL)
}

/// The stepping exports (`Solver`, `rate`): the explainer, with every technique finder. The
/// page's thread loads a module built without them (`--no-default-features`), a fraction of
/// the size, and its worker loads the whole module when a trace or a rating is first asked for.
#[cfg(feature = "explainer")]
pub use explainer::{rate, rating_max_steps, Generator, Solver, Timeline};

#[cfg(feature = "explainer")]
mod explainer {
    use super::{
        js_string, parse, position, position_index, puzzle_text, range_error, shown, step_count,
        to_js, type_error, whole_number, whole_u32, MAX_TRIES_PER_CALL,
    };
    use crate::generate;
    use crate::grid::Grid;
    use crate::rating::{Rater, Rating};
    use crate::strategy::{self, Strategy};
    use crate::timeline;
    use crate::trace::{Step, StepKind};
    use crate::validate::{Diagnosis, VerdictKind};
    use serde::Serialize;
    use wasm_bindgen::prelude::*;

    /// Rates a puzzle as `stepdoku rate` does: runs the Human strategy (at most
    /// `ratingMaxSteps()` steps, and at most `maxMs` milliseconds, 10,000 without) and returns
    /// the rating (the README's Wire format, "Rating"; `truncated` when a limit stopped it). It
    /// runs in one call: a page should rather use `Solver.advance` in slices. Throws the
    /// diagnosis where `stepdoku rate` fails: for unreadable text, a duplicate given, no
    /// solution or an undecided verdict (`status` `invalid`, `none` or `undecided`); a puzzle
    /// with several solutions is rated along the path to the first found, as the CLI does
    /// (with a warning there).
    #[wasm_bindgen]
    pub fn rate(puzzle: &JsValue, max_ms: &JsValue) -> Result<JsValue, JsValue> {
        let max_ms = if max_ms.is_undefined() {
            RATE_MAX_MS
        } else {
            whole_number(max_ms, "maxMs of rate", 1..=super::MAX_SAFE_WHOLE)? as f64
        };
        let text = puzzle_text(puzzle, "puzzle of rate")?;
        let diagnosis = Diagnosis::of_text(&text);
        let grid = match (diagnosis.status, Grid::parse(&text)) {
            (VerdictKind::Unique | VerdictKind::Several, Ok(grid)) => grid,
            _ => return Err(to_js(&diagnosis)),
        };
        let deadline = js_sys::Date::now() + max_ms;
        let rating = Rating::of_puzzle_while(&grid, Rating::DEFAULT_MAX_STEPS, || {
            js_sys::Date::now() < deadline
        });
        Ok(to_js(&rating))
    }

    /// How long `rate` runs without a `maxMs` of its own: ten seconds.
    const RATE_MAX_MS: f64 = 10_000.0;

    /// The most steps a rating takes (as `stepdoku rate` without `--max-steps`), so a page
    /// rating in slices stops where `rate` would.
    #[wasm_bindgen(js_name = ratingMaxSteps)]
    pub fn rating_max_steps() -> u32 {
        Rating::DEFAULT_MAX_STEPS as u32
    }

    /// Makes new puzzles for one request from one seed, a few candidates per call so that a
    /// worker can report progress and be stopped between calls. The same request and seed
    /// give the same puzzles as `stepdoku generate`.
    #[wasm_bindgen]
    pub struct Generator {
        generator: generate::Generator,
    }

    #[wasm_bindgen]
    impl Generator {
        /// A generator for `request` (the README's Wire format, "Generation request": `{
        /// size, tag, level, er, technique, symmetry, givens, uniqueness }`, all optional)
        /// from `seed`, a whole number from 0 to 2^53 − 1. Throws a `RangeError` for a seed
        /// out of range and a `TypeError` with a sentence for a request that cannot be met.
        #[wasm_bindgen(constructor)]
        pub fn new(request: JsValue, seed: &JsValue) -> Result<Generator, JsValue> {
            let seed = whole_number(seed, "seed of new Generator", 0..=generate::MAX_SEED)?;
            let record: generate::RequestRecord = serde_wasm_bindgen::from_value(request)
                .map_err(|e| type_error(&format!("not a generation request: {e}")))?;
            let request = record.request().map_err(|e| type_error(&e))?;
            let generator =
                generate::Generator::new(request, seed).map_err(|e| type_error(&e.to_string()))?;
            Ok(Generator { generator })
        }

        /// Makes up to `max` candidates (0 to `MAX_TRIES_PER_CALL`) and returns the first that
        /// meets the request (the README's Wire format, "New puzzle": `{ puzzle, solution,
        /// seed, tries, rating }`), or `undefined` when none of them did.
        pub fn run(&mut self, max: &JsValue) -> Result<JsValue, JsValue> {
            let max = whole_u32(max, "count of Generator.run", 0..=MAX_TRIES_PER_CALL)?;
            Ok((0..max)
                .find_map(|_| self.generator.try_once())
                .map_or(JsValue::UNDEFINED, |found| to_js(&found)))
        }

        /// The candidates made so far.
        #[wasm_bindgen(getter)]
        pub fn tries(&self) -> f64 {
            self.generator.tries() as f64
        }
    }

    /// The strategy a name names: a `TypeError` for a value that is not a string, a
    /// `RangeError` for an unknown name; `export` names the export in the message.
    fn strategy_named(name: &JsValue, export: &str) -> Result<Strategy, JsValue> {
        let names: Vec<String> = Strategy::ALL
            .iter()
            .map(|s| format!("\"{}\"", s.name()))
            .collect();
        let allowed = names.join(", ");
        let what = format!("strategy of {export}");
        let text = String::from(js_string(name, &what)?);
        Strategy::from_name(&text).ok_or_else(|| {
            range_error(&format!(
                "The {what} must be one of {allowed}, not {}.",
                shown(name)
            ))
        })
    }

    /// A puzzle being solved one step at a time. Create it with a puzzle and a strategy
    /// (`"backtracking"`, `"singles"` or `"human"`), call `step()` until it returns `undefined`,
    /// and `free()` it when done.
    #[wasm_bindgen]
    pub struct Solver {
        stepper: Box<dyn strategy::Stepper>,
        n_steps: u32,
        /// Rates the steps given so far, so the rating costs no second solve.
        rater: Rater,
        /// The puzzle, for the peer profiles once a Human trace has ended.
        puzzle: Grid,
        /// Whether this is the Human strategy, whose ended trace is rated on the peers' terms.
        is_human: bool,
        /// The rating with the peer profiles, computed once the Human trace has ended.
        final_rating: std::cell::OnceCell<Rating>,
    }

    #[wasm_bindgen]
    impl Solver {
        /// Starts solving; throws the diagnosis for unreadable text or an unknown strategy name.
        #[wasm_bindgen(constructor)]
        pub fn new(puzzle: &JsValue, strategy: &JsValue) -> Result<Solver, JsValue> {
            let grid = parse(puzzle, "puzzle of new Solver")?;
            Self::start(&grid, strategy_named(strategy, "new Solver")?)
        }

        /// Starts solving from a position on a person's board: `values` one per cell (0 for
        /// empty), `marks` one bit mask per cell of the digits still allowed (0 for a cell not
        /// marked; empty for no marks at all). A cell marked with one digit is not filled: the
        /// first steps say why it holds that digit. `tag` names the layout (`layout.tag` of
        /// `parsePuzzle`; classic when absent). Throws for a bad count, tag or strategy name.
        #[wasm_bindgen(js_name = fromPosition)]
        pub fn from_position(
            values: &JsValue,
            marks: &JsValue,
            strategy: &JsValue,
            tag: &JsValue,
        ) -> Result<Solver, JsValue> {
            let grid = position(values, marks, tag, "Solver.fromPosition")?;
            Self::start(&grid, strategy_named(strategy, "Solver.fromPosition")?)
        }

        /// The next step (the README's Wire format, "Step"), or `undefined` once the trace
        /// has ended.
        pub fn step(&mut self) -> JsValue {
            match self.next_step() {
                Some(step) => to_js(&step),
                None => JsValue::UNDEFINED,
            }
        }

        /// Up to `max` next steps (0 to `MAX_STEPS_PER_CALL`) as an array (shorter once the
        /// trace ends), to save crossings.
        #[wasm_bindgen(js_name = stepMany)]
        pub fn step_many(&mut self, max: &JsValue) -> Result<js_sys::Array, JsValue> {
            let max = step_count(max, "count of Solver.stepMany")?;
            let steps = js_sys::Array::new();
            for _ in 0..max {
                let step = self.step();
                if step.is_undefined() {
                    break;
                }
                steps.push(&step);
            }
            Ok(steps)
        }

        /// Takes up to `max` next steps (0 to `MAX_STEPS_PER_CALL`) without handing them to
        /// JavaScript (they still count for `stepCount` and `rating`); returns how many were
        /// taken, fewer than `max` once the trace has ended. For rating a puzzle in slices that
        /// can be interrupted.
        pub fn advance(&mut self, max: &JsValue) -> Result<u32, JsValue> {
            let max = step_count(max, "count of Solver.advance")?;
            let mut n_taken = 0;
            while n_taken < max && self.next_step().is_some() {
                n_taken += 1;
            }
            Ok(n_taken)
        }

        /// The rating of the steps given so far (see `rate`); the puzzle's rating once the
        /// trace of the `"human"` strategy has ended, ER/EP/ED and the score and level then
        /// on the peers' own terms, as `rate` gives them.
        #[wasm_bindgen(getter)]
        pub fn rating(&self) -> JsValue {
            let rating = self.rater.rating();
            if self.is_human && !rating.truncated {
                return to_js(
                    self.final_rating
                        .get_or_init(|| rating.with_peer_profiles(&self.puzzle)),
                );
            }
            to_js(&rating)
        }

        /// How many steps have been given so far.
        #[wasm_bindgen(getter, js_name = stepCount)]
        pub fn step_count(&self) -> u32 {
            self.n_steps
        }
    }

    impl Solver {
        fn start(grid: &Grid, strategy: Strategy) -> Result<Solver, JsValue> {
            Ok(Solver {
                stepper: strategy::stepper(grid, strategy),
                n_steps: 0,
                rater: Rater::for_shape(grid.shape()),
                puzzle: grid.clone(),
                is_human: strategy == Strategy::Human,
                final_rating: std::cell::OnceCell::new(),
            })
        }

        /// The next step of the trace, counted and rated.
        fn next_step(&mut self) -> Option<Step> {
            let step = self.stepper.next_step()?;
            self.n_steps += 1;
            self.rater.record(&step);
            Some(step)
        }
    }

    /// A trace kept in the module, for a page that shows one position at a time: it makes
    /// steps when asked (`make`), moves a cursor to any position made so far (`seek`) in both
    /// directions, and hands out only what a page draws there: the cells that changed since
    /// the page last asked (`changes`), the step (`step`), the rows of a step list (`rows`)
    /// and the counters. Memory stays bounded however long the trace (see the README).
    #[wasm_bindgen]
    pub struct Timeline {
        timeline: timeline::Timeline,
    }

    /// A row of the step list: `{ kind, text }`.
    #[derive(Serialize)]
    struct RowView {
        kind: StepKind,
        text: String,
    }

    #[wasm_bindgen]
    impl Timeline {
        /// The trace of a puzzle with a strategy (`"backtracking"`, `"singles"` or `"human"`),
        /// no step made yet; throws the diagnosis for unreadable text or an unknown strategy.
        #[wasm_bindgen(constructor)]
        pub fn new(puzzle: &JsValue, strategy: &JsValue) -> Result<Timeline, JsValue> {
            let grid = parse(puzzle, "puzzle of new Timeline")?;
            Self::start(&grid, strategy_named(strategy, "new Timeline")?)
        }

        /// The trace from a position on a person's board (`values`, `marks` and `tag` as for
        /// `Solver.fromPosition`).
        #[wasm_bindgen(js_name = fromPosition)]
        pub fn from_position(
            values: &JsValue,
            marks: &JsValue,
            strategy: &JsValue,
            tag: &JsValue,
        ) -> Result<Timeline, JsValue> {
            let grid = position(values, marks, tag, "Timeline.fromPosition")?;
            Self::start(&grid, strategy_named(strategy, "Timeline.fromPosition")?)
        }

        /// Makes up to `max` more steps (0 to `MAX_STEPS_PER_CALL`); returns how many it made
        /// (fewer once it has ended).
        pub fn make(&mut self, max: &JsValue) -> Result<u32, JsValue> {
            let max = step_count(max, "count of Timeline.make")?;
            Ok(self.timeline.make(max as usize) as u32)
        }

        /// How many steps have been made.
        #[wasm_bindgen(getter)]
        pub fn made(&self) -> u32 {
            self.timeline.made() as u32
        }

        /// Whether every step of the trace has been made.
        #[wasm_bindgen(getter, js_name = isComplete)]
        pub fn is_complete(&self) -> bool {
            self.timeline.is_complete()
        }

        /// The cursor's position: 0 before the first step.
        #[wasm_bindgen(getter)]
        pub fn position(&self) -> u32 {
            self.timeline.position() as u32
        }

        /// Moves the cursor to `target` (0 to `MAX_POSITION`, or the last position made when
        /// past it); returns where it is.
        pub fn seek(&mut self, target: &JsValue) -> Result<u32, JsValue> {
            let target = position_index(target, "target of Timeline.seek")?;
            Ok(self.timeline.seek(target as usize) as u32)
        }

        /// Step `index` as `Solver.step` gives it (the step from position `index` to `index +
        /// 1`), or `undefined` when not made.
        pub fn step(&mut self, index: &JsValue) -> Result<JsValue, JsValue> {
            let index = position_index(index, "index of Timeline.step")?;
            Ok(self
                .timeline
                .step(index as usize)
                .map_or(JsValue::UNDEFINED, to_js))
        }

        /// Steps `from` to `from + count - 1` as `[{ kind, text }]`, as far as made; `count` is
        /// 0 to `MAX_STEPS_PER_CALL`.
        pub fn rows(&mut self, from: &JsValue, count: &JsValue) -> Result<JsValue, JsValue> {
            let from = position_index(from, "start of Timeline.rows")? as usize;
            let count = step_count(count, "count of Timeline.rows")?;
            let end = from
                .saturating_add(count as usize)
                .min(self.timeline.made());
            let rows: Vec<RowView> = (from..end)
                .filter_map(|index| {
                    let step = self.timeline.step(index)?;
                    Some(RowView {
                        kind: step.kind,
                        text: step.text.clone(),
                    })
                })
                .collect();
            Ok(to_js(&rows))
        }

        /// The counters at the cursor: `{ steps, placements, guesses, backtracks, depth }`.
        #[wasm_bindgen(getter)]
        pub fn counters(&self) -> JsValue {
            to_js(&self.timeline.counters())
        }

        /// How many cells hold a digit at the cursor.
        #[wasm_bindgen(getter)]
        pub fn filled(&self) -> u32 {
            self.timeline.frame().n_filled() as u32
        }

        /// The first position with at least `n` digits on the board, once made; `undefined`
        /// before. For keeping one's place when the strategy changes.
        #[wasm_bindgen(js_name = firstWithFilled)]
        pub fn first_with_filled(&self, n: &JsValue) -> Result<Option<u32>, JsValue> {
            let n = position_index(n, "count of Timeline.firstWithFilled")?;
            Ok(self
                .timeline
                .first_with_filled(n as usize)
                .map(|p| p as u32))
        }

        /// The cells that changed since the last call (every cell on the first), three numbers
        /// each: the cell (0-based, reading order); its digit (0 for none) + 256 × what placed
        /// it (0 the starting board, 1 a deduction, 2 a guess) + 65,536 × the guesses in force
        /// then; and its candidates as a bit mask (bit 0 is digit 1; 0 for a filled cell).
        pub fn changes(&mut self) -> Vec<u32> {
            self.timeline
                .take_changes()
                .into_iter()
                .flat_map(|view| {
                    [
                        view.cell.index() as u32,
                        u32::from(view.value)
                            | (view.placer as u32) << 8
                            | u32::from(view.depth) << 16,
                        view.candidates.bits(),
                    ]
                })
                .collect()
        }
    }

    impl Timeline {
        fn start(grid: &Grid, strategy: Strategy) -> Result<Timeline, JsValue> {
            Ok(Timeline {
                timeline: timeline::Timeline::new(grid, strategy),
            })
        }
    }
}
