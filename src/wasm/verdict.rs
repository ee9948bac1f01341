//! Verdicts and exact solving: the verdict module's exports (the `verdict` feature), built at
//! full speed for the worker that checks each puzzle.

use super::args::{
    batch_limit, bytes, js_string, limit, page_budget, parse, puzzle_text, read_grid, text,
    whole_number, MAX_SAFE_WHOLE,
};
use super::to_js;
use crate::search::{self, Budget};
use crate::validate::Diagnosis;
use wasm_bindgen::prelude::*;

/// Solves a puzzle: returns its solution on one line, or throws the diagnosis object
/// (`status` `invalid` or `none`). With several solutions it returns the first.
#[wasm_bindgen]
pub fn solve(puzzle: &JsValue) -> Result<String, JsValue> {
    let text = puzzle_text(puzzle, "puzzle of solve")?;
    let grid =
        read_grid(&text).map_err(|_| to_js(&Diagnosis::of_text_within(&text, page_budget())))?;
    match search::solve(&grid, page_budget()) {
        Ok(Some(solution)) if crate::validate::first_conflict(&grid).is_none() => {
            Ok(solution.to_line())
        }
        _ => Err(to_js(&Diagnosis::of_text_within(&text, page_budget()))),
    }
}

/// The verdict on a puzzle (docs/FORMATS.md, Wire format, "Verdict"), its search within `nodes`
/// search nodes (1 to 2^53 − 1; without, the core's default budget of a million and at most
/// 30 seconds, `PAGE_MAX_MS`): `status` `undecided` when they run out. Throws only a
/// `TypeError` or `RangeError` for arguments of the wrong kind.
#[wasm_bindgen]
pub fn analyze(puzzle: &JsValue, nodes: &JsValue) -> Result<JsValue, JsValue> {
    let budget = if nodes.is_undefined() {
        page_budget()
    } else {
        // The page asks for a number of nodes, and the person for more with Keep going:
        // theirs to spend, in a worker the page can stop.
        Budget::nodes(whole_number(nodes, "nodes of analyze", 1..=MAX_SAFE_WHOLE)?)
    };
    Ok(match text(puzzle, "puzzle of analyze")? {
        Ok(text) => to_js(&Diagnosis::of_text_within(&text, budget)),
        Err(error) => to_js(&Diagnosis::of_parse_error(&error)),
    })
}

/// Counts the solutions of a puzzle up to `limit` (1 to 4,294,967,295); throws the diagnosis
/// for unreadable text.
#[wasm_bindgen(js_name = countSolutions)]
pub fn count_solutions(puzzle: &JsValue, limit: &JsValue) -> Result<u32, JsValue> {
    let grid = parse(puzzle, "puzzle of countSolutions")?;
    let limit = self::limit(limit, "limit of countSolutions")?;
    search::count_solutions(&grid, limit, page_budget())
        .map_err(|undecided| JsValue::from(js_sys::Error::new(&undecided.to_string())))
}

/// One count (up to `limit`, 0 to 4,294,967,295) per non-blank line of `puzzles`; an
/// unreadable line, or one longer than 64 KiB, counts 0. The whole text has no cap of its own: a
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
