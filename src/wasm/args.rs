//! The arguments JavaScript passes, checked before use.

use super::to_js;
use crate::digits::DigitSet;
use crate::geometry::Geometry;
use crate::grid::{Grid, ParseError, Shape, MAX_TEXT_LEN};
#[cfg(feature = "verdict")]
use crate::search::{Budget, Deadline};
use crate::validate::Diagnosis;
use std::ops::RangeInclusive;
use std::sync::Arc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The most solutions `countSolutions` and its batch forms count (`limit`), as `stepdoku
/// count --limit` takes.
pub const MAX_LIMIT: u32 = u32::MAX;

#[cfg(feature = "verdict")]
/// The largest whole number JavaScript holds exactly (2^53 − 1): the most search nodes.
pub(super) const MAX_SAFE_WHOLE: u64 = (1 << 53) - 1;

/// The most steps one call makes or hands out (`stepMany`, `advance`, `make`, `rows`), so that
/// a wrong count cannot run a whole trace in one call; a page calls again to go on.
pub const MAX_STEPS_PER_CALL: u32 = 1_000_000;

#[cfg(feature = "verdict")]
/// The longest any one search the page starts may run, in milliseconds: a count or solve
/// that meets dead end after dead end on a big grid stops undecided after 30 seconds.
pub const PAGE_MAX_MS: f64 = 30_000.0;

#[cfg(feature = "verdict")]
/// The page's clock: milliseconds since 1970, as `Date.now()` reads it.
fn now_ms() -> f64 {
    js_sys::Date::now()
}

#[cfg(feature = "verdict")]
/// A budget of `nodes` search nodes that ends `ms` milliseconds from now.
pub fn budget_for(nodes: u64, ms: f64) -> Budget {
    Budget::nodes(nodes).until(Deadline::after(now_ms, ms))
}

#[cfg(feature = "verdict")]
/// The budget of a search the page starts: the core's default nodes, and [`PAGE_MAX_MS`].
pub fn page_budget() -> Budget {
    budget_for(Budget::DEFAULT.nodes, PAGE_MAX_MS)
}

/// The most candidates one `Generator.run` call makes.
pub const MAX_TRIES_PER_CALL: u32 = 1_000;

/// The milliseconds a `Generator.run` call may take before it returns, its candidate paused
/// to go on at the next call: the page's worker stays free to be stopped or to report
/// progress. The generator asks the clock between pieces of work (the fill of a grid, one
/// uniqueness check, one step of a rating: up to about 140 ms natively on 25×25), and a call
/// stops when one more piece as long as the longest seen so far would pass this; a piece
/// longer than any before can still overrun it.
pub const SLICE_MS: f64 = 150.0;

#[cfg(feature = "explainer")]
/// The most rows one `Timeline.rows` call hands out: a step list shows a screenful, and a
/// larger count would grow wasm memory, which is never given back, for good.
pub const MAX_ROWS_PER_CALL: u32 = 1_000;

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
pub(super) fn shown(value: &JsValue) -> String {
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

pub(super) fn type_error(message: &str) -> JsValue {
    js_sys::TypeError::new(message).into()
}

pub(super) fn range_error(message: &str) -> JsValue {
    js_sys::RangeError::new(message).into()
}

/// A whole number from `range`, or the error naming `what`.
pub(super) fn whole_number(
    value: &JsValue,
    what: &str,
    range: RangeInclusive<u64>,
) -> Result<u64, JsValue> {
    as_whole(value, &range).ok_or_else(|| not_whole(value, what, &range))
}

/// The value as a whole number from `range`, if it is one.
pub(super) fn as_whole(value: &JsValue, range: &RangeInclusive<u64>) -> Option<u64> {
    let n = value.as_f64()?;
    let is_whole = n.fract() == 0.0 && (*range.start() as f64..=*range.end() as f64).contains(&n);
    is_whole.then_some(n as u64)
}

/// The error for a value that is not a whole number from `range`: a `TypeError` for one that
/// is not a number, a `RangeError` otherwise.
pub(super) fn not_whole(value: &JsValue, what: &str, range: &RangeInclusive<u64>) -> JsValue {
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

#[cfg(feature = "verdict")]
/// A whole number from `range` that fits a `u32` (every count and index the exports take).
pub(super) fn whole_u32(
    value: &JsValue,
    what: &str,
    range: RangeInclusive<u32>,
) -> Result<u32, JsValue> {
    let (start, end) = (u64::from(*range.start()), u64::from(*range.end()));
    Ok(whole_number(value, what, start..=end)? as u32)
}

#[cfg(feature = "verdict")]
/// A count of solutions to stop at: 1 to [`MAX_LIMIT`].
pub(super) fn limit(value: &JsValue, what: &str) -> Result<u32, JsValue> {
    whole_u32(value, what, 1..=MAX_LIMIT)
}

#[cfg(feature = "verdict")]
/// The limit of a batch count: as [`limit`], or 0 to read every line and search none (what
/// the benchmark's "bytes in" measures).
pub(super) fn batch_limit(value: &JsValue, what: &str) -> Result<u32, JsValue> {
    whole_u32(value, what, 0..=MAX_LIMIT)
}

/// A count of steps for one call: 0 to [`MAX_STEPS_PER_CALL`].
#[cfg(feature = "explainer")]
pub(super) fn step_count(value: &JsValue, what: &str) -> Result<u32, JsValue> {
    whole_u32(value, what, 0..=MAX_STEPS_PER_CALL)
}

/// A position or step index of a trace: 0 to [`MAX_POSITION`].
#[cfg(feature = "explainer")]
pub(super) fn position_index(value: &JsValue, what: &str) -> Result<u32, JsValue> {
    whole_u32(value, what, 0..=MAX_POSITION)
}

/// A string of at most [`MAX_TEXT_LEN`] bytes, or `ParseError::TooLong` for a longer one
/// (the core's own error, so that a verdict says it as the CLI does); a `TypeError` for a
/// value that is not a string. Text too long by its length in UTF-16 units is refused
/// before it is copied into wasm memory, which never shrinks: a 10 MB paste costs nothing.
pub(super) fn text(value: &JsValue, what: &str) -> Result<Result<String, ParseError>, JsValue> {
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
pub(super) fn js_string<'a>(
    value: &'a JsValue,
    what: &str,
) -> Result<&'a js_sys::JsString, JsValue> {
    value.dyn_ref::<js_sys::JsString>().ok_or_else(|| {
        type_error(&format!(
            "The {what} must be a string, not {}.",
            shown(value)
        ))
    })
}

/// The UTF-8 length of a JavaScript string, read in slices so that wasm memory holds one
/// slice at a time, however long the string.
pub(super) fn utf8_len(string: &js_sys::JsString) -> usize {
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
pub(super) fn puzzle_text(value: &JsValue, what: &str) -> Result<String, JsValue> {
    text(value, what)?.map_err(|error| to_js(&Diagnosis::of_parse_error(&error)))
}

/// Reads puzzle text, or throws its diagnosis (the error for text that cannot be read).
pub(super) fn parse(value: &JsValue, what: &str) -> Result<Grid, JsValue> {
    let text = puzzle_text(value, what)?;
    read_grid(&text).map_err(|diagnosis| to_js(&diagnosis))
}

/// Reads plain puzzle text: the page module leaves rules beyond the houses to the verdict
/// and full modules, whose constraint reader would add a quarter to it (see `isImport`).
#[cfg(not(feature = "verdict"))]
pub(super) fn read_grid(text: &str) -> Result<Grid, Diagnosis> {
    Grid::parse(text).map_err(|error| Diagnosis::of_parse_error(&error))
}

/// Reads puzzle text, with rules beyond the houses after its cells if it has them.
#[cfg(feature = "verdict")]
pub(super) fn read_grid(text: &str) -> Result<Grid, Diagnosis> {
    match crate::constraint::ConstraintPuzzle::read_line(text) {
        Some(read) => read
            .map(crate::constraint::ConstraintPuzzle::into_grid)
            .map_err(|error| Diagnosis::of_constraint_error(&error)),
        None => Grid::parse(text).map_err(|error| Diagnosis::of_parse_error(&error)),
    }
}

/// The layout a key names: the page module reads variant tags only (see `read_grid`).
#[cfg(not(feature = "verdict"))]
fn layout_of(shape: Shape, key: &str) -> Result<Arc<Geometry>, String> {
    crate::grid::layout_of_tag(shape, key).map_err(|error| error.to_string())
}

/// The layout a key names: a variant tag, then any rules (see `constraint::layout_of_key`).
#[cfg(feature = "verdict")]
fn layout_of(shape: Shape, key: &str) -> Result<Arc<Geometry>, String> {
    crate::constraint::layout_of_key(shape, key).map_err(|error| error.to_string())
}

/// A layout tag: `undefined`, `null` or a string (see `layout`).
pub(super) fn optional_text(value: &JsValue, what: &str) -> Result<Option<String>, JsValue> {
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
pub(super) fn numbers(
    value: &JsValue,
    what: &str,
    max_len: usize,
) -> Result<Vec<JsValue>, JsValue> {
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

#[cfg(feature = "verdict")]
/// A `Uint8Array`, copied.
pub(super) fn bytes(value: &JsValue, what: &str) -> Result<Vec<u8>, JsValue> {
    match value.dyn_ref::<js_sys::Uint8Array>() {
        Some(bytes) => Ok(bytes.to_vec()),
        None => Err(type_error(&format!(
            "The {what} must be a Uint8Array, not {}.",
            shown(value)
        ))),
    }
}

/// The layout of a shape that a tag names (`undefined`, `null` or empty for classic), or a
/// `RangeError` with the core's sentence.
pub(super) fn layout(shape: Shape, tag: &JsValue, what: &str) -> Result<Arc<Geometry>, JsValue> {
    let tag = optional_text(tag, &format!("tag of {what}"))?;
    layout_of(shape, tag.as_deref().unwrap_or("")).map_err(|error| {
        range_error(&format!(
            "The tag of {what} is not a layout of this grid: {error}"
        ))
    })
}

/// A position on a person's board: `values` one per cell (0 for empty; every digit counts,
/// the person's as well as the givens), `marks` one bit mask per cell (bit 0 is digit 1) of
/// the digits the person still allows there, 0 for a cell they have not marked (`marks` may
/// be empty when they have marked none), and `tag` the layout (`layout.tag` of
/// `parsePuzzle`; classic when absent). Each may be an `Array` or a typed array; `marks` may
/// also be `undefined`. Throws a `RangeError` for a count that is not a supported size, a
/// value past the size, a mask with a bit past it, or a tag that is not a layout of it, and a
/// `TypeError` for an argument of the wrong type; `export` names the export in the message.
pub(super) fn position(
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
