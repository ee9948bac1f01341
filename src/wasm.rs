//! The WebAssembly exports: the only file that knows about wasm-bindgen.
//!
//! Results cross to JavaScript as small, copied values (strings, numbers, plain objects,
//! `Uint32Array`s); nothing hands out a view into wasm memory. Steps, ratings, verdicts and
//! techniques are the records of the README's "Wire format", the very ones `stepdoku explain
//! --format jsonl` writes: this file serialises the core's types and adds no field of its own.

use crate::digits::{Digit, DigitSet};
use crate::generate::{self, Symmetry};
use crate::geometry::{Geometry, Variant};
use crate::grid::{layout_of_tag, Cell, Grid, HouseKind, Shape};
use crate::rating::Level;
use crate::search::{self, Budget};
use crate::strategy::Strategy;
use crate::technique::Technique;
use crate::trace::Board;
use crate::validate::{Diagnosis, VerdictKind};
use serde::Serialize;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

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

/// The error thrown for text that cannot be read: the verdict (see the Wire format).
fn parse_error(text: &str) -> JsValue {
    to_js(&Diagnosis::of_text(text))
}

fn parse(text: &str) -> Result<Grid, JsValue> {
    Grid::parse(text).map_err(|_| parse_error(text))
}

/// Solves a puzzle: returns its solution on one line, or throws the diagnosis object
/// (`status` `invalid` or `none`). With several solutions it returns the first.
#[wasm_bindgen]
pub fn solve(puzzle: &str) -> Result<String, JsValue> {
    let grid = parse(puzzle)?;
    match search::solve(&grid, Budget::DEFAULT) {
        Ok(Some(solution)) if crate::validate::first_conflict(&grid).is_none() => {
            Ok(solution.to_line())
        }
        _ => Err(to_js(&Diagnosis::of_text(puzzle))),
    }
}

/// The verdict on a puzzle (the README's Wire format, "Verdict"), its search within `nodes`
/// search nodes (the core's default budget of a million without): `status` `undecided` when
/// they run out. Never throws.
#[wasm_bindgen]
pub fn analyze(puzzle: &str, nodes: Option<f64>) -> JsValue {
    let budget = match nodes {
        Some(n) if n >= 1.0 && n.fract() == 0.0 => Budget::nodes(n.min(u64::MAX as f64) as u64),
        _ => Budget::DEFAULT,
    };
    to_js(&Diagnosis::of_text_within(puzzle, budget))
}

/// Counts the solutions of a puzzle up to `limit`; throws the diagnosis for unreadable text.
#[wasm_bindgen(js_name = countSolutions)]
pub fn count_solutions(puzzle: &str, limit: u32) -> Result<u32, JsValue> {
    search::count_solutions(&parse(puzzle)?, limit, Budget::DEFAULT)
        .map_err(|undecided| JsValue::from(js_sys::Error::new(&undecided.to_string())))
}

/// One count (up to `limit`) per non-blank line of `puzzles`; an unreadable line counts 0.
#[wasm_bindgen(js_name = countSolutionsBatch)]
pub fn count_solutions_batch(puzzles: &str, limit: u32) -> Vec<u32> {
    search::count_batch(puzzles.as_bytes(), limit, Budget::DEFAULT)
}

/// As `countSolutionsBatch`, with the text as bytes (a `Uint8Array`, e.g. a file read by
/// `fetch` or `FileReader`): copied into wasm memory once, read without decoding.
#[wasm_bindgen(js_name = countSolutionsBytes)]
pub fn count_solutions_bytes(puzzles: &[u8], limit: u32) -> Vec<u32> {
    search::count_batch(puzzles, limit, Budget::DEFAULT)
}

/// Reads puzzle text: `{ size, boxRows, boxCols, values, candidates, marks, line, layout }`
/// with `values` one number per cell (0 for empty), `candidates` one bit mask per cell (bit 0
/// is digit 1; the digits no peer holds, within the pencil marks; 0 for a filled cell), the
/// board every trace starts from, `marks` the pencil marks as bit masks (null without), `line`
/// the puzzle on one line, and `layout` its houses as `layout` describes them. Throws the
/// diagnosis for unreadable text.
#[wasm_bindgen(js_name = parsePuzzle)]
pub fn parse_puzzle(text: &str) -> Result<JsValue, JsValue> {
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
    let grid = parse(text)?;
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

/// The layout of a shape that a tag names (`undefined` or empty for classic), or the error
/// JavaScript sees.
fn layout(shape: Shape, tag: Option<String>) -> Result<Arc<Geometry>, JsValue> {
    layout_of_tag(shape, tag.as_deref().unwrap_or(""))
        .map_err(|error| JsValue::from_str(&error.to_string()))
}

/// Writes one value per cell (0 for empty) as a one-line puzzle in the size's alphabet, in
/// the layout `tag` names (see `parsePuzzle`; classic without); throws when the count is not
/// that of a supported size or the tag is not a layout of it.
#[wasm_bindgen(js_name = formatPuzzle)]
pub fn format_puzzle(values: &[u8], tag: Option<String>) -> Result<String, JsValue> {
    Ok(position(values, &[], tag)?.to_line())
}

/// The puzzle with one cell changed: `digit` in cell `cell` (0-based, reading order), or the
/// cell emptied with digit 0; an emptied cell allows every digit again. Returns the new
/// puzzle on one line; throws the diagnosis for unreadable text, or for a cell or digit out
/// of range.
#[wasm_bindgen(js_name = setCell)]
pub fn set_cell(text: &str, cell: usize, digit: u8) -> Result<String, JsValue> {
    let mut grid = parse(text)?;
    let shape = grid.shape();
    if cell >= shape.n_cells() || usize::from(digit) > shape.size() {
        return Err(JsValue::from_str("no such cell or digit in this grid"));
    }
    grid.set(Cell::new(cell), Digit::new(digit));
    Ok(grid.to_line())
}

/// A position on a person's board: `values` one per cell (0 for empty; every digit counts,
/// the person's as well as the givens), `marks` one bit mask per cell (bit 0 is digit 1) of
/// the digits the person still allows there, 0 for a cell they have not marked (`marks` may
/// be empty when they have marked none), and `tag` the layout (`layout.tag` of
/// `parsePuzzle`; classic when absent). Throws for a count that is not a supported size, a
/// value past the size, or a tag that is not a layout of it.
fn position(values: &[u8], marks: &[u32], tag: Option<String>) -> Result<Grid, JsValue> {
    let shape = Shape::from_cell_count(values.len())
        .ok_or_else(|| JsValue::from_str("not a grid of a supported size"))?;
    let grid = Grid::from_values_in(layout(shape, tag)?, values)
        .ok_or_else(|| JsValue::from_str("a value past the grid's size"))?;
    if marks.is_empty() {
        return Ok(grid);
    }
    if marks.len() != values.len() {
        return Err(JsValue::from_str("one mark mask per cell"));
    }
    let all = shape.all_digits();
    let sets = marks
        .iter()
        .map(|&bits| match DigitSet::from_bits(bits).intersection(all) {
            DigitSet::EMPTY => all,
            set => set,
        })
        .collect();
    Ok(grid.with_marks(sets))
}

/// The candidates of a position (see `Solver.fromPosition` for `values`, `marks` and `tag`):
/// per cell, the bit mask of the digits no peer holds, within its marks; 0 for a filled cell.
/// With no marks, these are the pencil marks that Fill candidates writes.
#[wasm_bindgen]
pub fn candidates(values: &[u8], marks: &[u32], tag: Option<String>) -> Result<Vec<u32>, JsValue> {
    let board = Board::new(&position(values, marks, tag)?);
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
pub fn conflicts(values: &[u8], tag: Option<String>) -> Result<Vec<u32>, JsValue> {
    let grid = position(values, &[], tag)?;
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
pub fn seed_of_date(date: &str) -> Option<f64> {
    generate::seed_of_date(date).map(|seed| seed as f64)
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
    use super::{parse, position, to_js};
    use crate::generate;
    use crate::grid::Grid;
    use crate::rating::{Rater, Rating};
    use crate::strategy::{self, Strategy};
    use crate::timeline;
    use crate::trace::{Step, StepKind};
    use serde::Serialize;
    use wasm_bindgen::prelude::*;

    /// Rates a puzzle as `stepdoku rate` does: runs the Human strategy (at most
    /// `ratingMaxSteps()` steps) and returns the rating (the README's Wire format, "Rating").
    /// It runs to the end in one call, so big or empty grids take long: a page should use
    /// `Solver.advance` in slices instead. Throws the diagnosis for unreadable text.
    #[wasm_bindgen]
    pub fn rate(puzzle: &str) -> Result<JsValue, JsValue> {
        Ok(to_js(&Rating::of_puzzle(&parse(puzzle)?)))
    }

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
        pub fn new(request: JsValue, seed: f64) -> Result<Generator, JsValue> {
            if !(seed.fract() == 0.0 && (0.0..=generate::MAX_SEED as f64).contains(&seed)) {
                return Err(js_sys::RangeError::new(
                    "the seed must be a whole number from 0 to 2^53 - 1",
                )
                .into());
            }
            let type_error = |message: String| JsValue::from(js_sys::TypeError::new(&message));
            let record: generate::RequestRecord = serde_wasm_bindgen::from_value(request)
                .map_err(|e| type_error(format!("not a generation request: {e}")))?;
            let request = record.request().map_err(type_error)?;
            let generator = generate::Generator::new(request, seed as u64)
                .map_err(|e| type_error(e.to_string()))?;
            Ok(Generator { generator })
        }

        /// Makes up to `max` candidates and returns the first that meets the request (the
        /// README's Wire format, "New puzzle": `{ puzzle, solution, seed, tries, rating }`),
        /// or `undefined` when none of them did.
        pub fn run(&mut self, max: u32) -> JsValue {
            (0..max)
                .find_map(|_| self.generator.try_once())
                .map_or(JsValue::UNDEFINED, |found| to_js(&found))
        }

        /// The candidates made so far.
        #[wasm_bindgen(getter)]
        pub fn tries(&self) -> f64 {
            self.generator.tries() as f64
        }
    }

    /// The strategy of a name, or the error JavaScript sees for an unknown one.
    fn strategy_named(name: &str) -> Result<Strategy, JsValue> {
        Strategy::from_name(name)
            .ok_or_else(|| JsValue::from_str("strategy must be backtracking, singles or human"))
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
        pub fn new(puzzle: &str, strategy: &str) -> Result<Solver, JsValue> {
            Self::start(&parse(puzzle)?, strategy)
        }

        /// Starts solving from a position on a person's board: `values` one per cell (0 for
        /// empty), `marks` one bit mask per cell of the digits still allowed (0 for a cell not
        /// marked; empty for no marks at all). A cell marked with one digit is not filled: the
        /// first steps say why it holds that digit. `tag` names the layout (`layout.tag` of
        /// `parsePuzzle`; classic when absent). Throws for a bad count, tag or strategy name.
        #[wasm_bindgen(js_name = fromPosition)]
        pub fn from_position(
            values: &[u8],
            marks: &[u32],
            strategy: &str,
            tag: Option<String>,
        ) -> Result<Solver, JsValue> {
            Self::start(&position(values, marks, tag)?, strategy)
        }

        /// The next step (the README's Wire format, "Step"), or `undefined` once the trace
        /// has ended.
        pub fn step(&mut self) -> JsValue {
            match self.next_step() {
                Some(step) => to_js(&step),
                None => JsValue::UNDEFINED,
            }
        }

        /// Up to `max` next steps as an array (shorter once the trace ends), to save crossings.
        #[wasm_bindgen(js_name = stepMany)]
        pub fn step_many(&mut self, max: u32) -> js_sys::Array {
            let steps = js_sys::Array::new();
            for _ in 0..max {
                let step = self.step();
                if step.is_undefined() {
                    break;
                }
                steps.push(&step);
            }
            steps
        }

        /// Takes up to `max` next steps without handing them to JavaScript (they still count
        /// for `stepCount` and `rating`); returns how many were taken, fewer than `max` once the
        /// trace has ended. For rating a puzzle in slices that can be interrupted.
        pub fn advance(&mut self, max: u32) -> u32 {
            let mut n_taken = 0;
            while n_taken < max && self.next_step().is_some() {
                n_taken += 1;
            }
            n_taken
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
        fn start(grid: &Grid, strategy: &str) -> Result<Solver, JsValue> {
            let strategy = strategy_named(strategy)?;
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
        pub fn new(puzzle: &str, strategy: &str) -> Result<Timeline, JsValue> {
            Self::start(&parse(puzzle)?, strategy)
        }

        /// The trace from a position on a person's board (`values`, `marks` and `tag` as for
        /// `Solver.fromPosition`).
        #[wasm_bindgen(js_name = fromPosition)]
        pub fn from_position(
            values: &[u8],
            marks: &[u32],
            strategy: &str,
            tag: Option<String>,
        ) -> Result<Timeline, JsValue> {
            Self::start(&position(values, marks, tag)?, strategy)
        }

        /// Makes up to `max` more steps; returns how many it made (fewer once it has ended).
        pub fn make(&mut self, max: u32) -> u32 {
            self.timeline.make(max as usize) as u32
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

        /// Moves the cursor to `target` (or the last position made); returns where it is.
        pub fn seek(&mut self, target: u32) -> u32 {
            self.timeline.seek(target as usize) as u32
        }

        /// Step `index` as `Solver.step` gives it (the step from position `index` to `index +
        /// 1`), or `undefined` when not made.
        pub fn step(&mut self, index: u32) -> JsValue {
            self.timeline
                .step(index as usize)
                .map_or(JsValue::UNDEFINED, to_js)
        }

        /// Steps `from` to `from + count - 1` as `[{ kind, text }]`, as far as made.
        pub fn rows(&mut self, from: u32, count: u32) -> JsValue {
            let from = from as usize;
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
            to_js(&rows)
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
        pub fn first_with_filled(&self, n: u32) -> Option<u32> {
            self.timeline
                .first_with_filled(n as usize)
                .map(|p| p as u32)
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
        fn start(grid: &Grid, strategy: &str) -> Result<Timeline, JsValue> {
            Ok(Timeline {
                timeline: timeline::Timeline::new(grid, strategy_named(strategy)?),
            })
        }
    }
}
