//! The stepping exports (`Solver`, `Timeline`, `Generator`, `rate`): the explainer, with every
//! technique finder. Only the full module has them (the `explainer` feature); a page's worker
//! loads it when a trace, a rating or a new puzzle is first asked for.

use super::args::{
    budget_for, js_string, page_budget, parse, position, position_index, puzzle_text, range_error,
    read_grid, shown, step_count, text, type_error, whole_number, whole_u32, MAX_ROWS_PER_CALL,
    MAX_SAFE_WHOLE, MAX_TRIES_PER_CALL, SLICE_MS,
};
use super::to_js;
use crate::generate::{self, Progress};
use crate::grid::Grid;
use crate::rating::{Rater, Rating};
use crate::search::Budget;
use crate::strategy::{self, Strategy};
use crate::timeline;
use crate::trace::{Step, StepKind};
use crate::validate::{Diagnosis, VerdictKind};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Rates a puzzle as `stepdoku rate` does: after its verdict (within the page's budget, as
/// `analyze` gives it), runs the Human strategy (at most `ratingMaxSteps()` steps, and at most
/// `maxMs` milliseconds, 10,000 without) and returns
/// the rating (docs/FORMATS.md, Wire format, "Rating"; `truncated` when a limit stopped it). It
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
        whole_number(max_ms, "maxMs of rate", 1..=MAX_SAFE_WHOLE)? as f64
    };
    let text = puzzle_text(puzzle, "puzzle of rate")?;
    // The verdict first, within the page's budget as `analyze` gives it; then the rating
    // within `maxMs`.
    let diagnosis = Diagnosis::of_text_within(&text, page_budget());
    let grid = match (diagnosis.status, read_grid(&text)) {
        (VerdictKind::Unique | VerdictKind::Several, Ok(grid)) => grid,
        _ => return Err(to_js(&diagnosis)),
    };
    let budget = budget_for(Budget::DEFAULT.nodes, max_ms);
    let rating = Rating::of_puzzle_until(&grid, Rating::DEFAULT_MAX_STEPS, budget);
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

/// Makes new puzzles for one request from one seed, a few candidates per call and no call
/// much longer than `SLICE_MS` (a candidate that takes longer goes on at the next call), so
/// that a worker can report progress and be stopped between calls. The same request and seed
/// give the same puzzles as `stepdoku generate`.
#[wasm_bindgen]
pub struct Generator {
    generator: generate::Generator,
    /// The longest piece of work seen between two questions to the clock, in ms: a call
    /// stops when one more piece that long would take it past its deadline.
    longest_piece_ms: f64,
}

#[wasm_bindgen]
impl Generator {
    /// A generator for `request` (docs/FORMATS.md, Wire format, "Generation request": `{
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
        Ok(Generator {
            generator,
            longest_piece_ms: 0.0,
        })
    }

    /// Makes up to `max` candidates (0 to `MAX_TRIES_PER_CALL`; one paused by the last call
    /// goes on first) for about `SLICE_MS` at most, and returns the first that meets the
    /// request (docs/FORMATS.md, Wire format, "New puzzle": `{ puzzle, solution, seed, tries,
    /// rating }`), or `undefined` when none of them did or time ran out first: call again to
    /// go on. However the work is sliced, a seed gives the same puzzles.
    pub fn run(&mut self, max: &JsValue) -> Result<JsValue, JsValue> {
        let max = whole_u32(max, "count of Generator.run", 0..=MAX_TRIES_PER_CALL)?;
        let mut last = js_sys::Date::now();
        let deadline = last + SLICE_MS;
        let longest = &mut self.longest_piece_ms;
        let mut go_on = || {
            let now = js_sys::Date::now();
            *longest = longest.max(now - last);
            last = now;
            now + *longest < deadline
        };
        for _ in 0..max {
            match self.generator.try_once_while(&mut go_on) {
                Progress::Met(found) => return Ok(to_js(&found)),
                Progress::Missed if go_on() => {}
                Progress::Missed | Progress::Paused => break,
            }
        }
        Ok(JsValue::UNDEFINED)
    }

    /// The candidates made so far.
    #[wasm_bindgen(getter)]
    pub fn tries(&self) -> f64 {
        self.generator.tries() as f64
    }
}

/// The seed of the puzzle of the day for a date written `YYYY-MM-DD` (the number
/// `YYYYMMDD`), or `undefined` for text that is not such a date or not a day of the
/// calendar (2026-02-31). In the full module only: the worker works out a puzzle of the
/// day's seed, so the page module (the first grid) does not carry the calendar.
#[wasm_bindgen(js_name = seedOfDate)]
pub fn seed_of_date(date: &JsValue) -> Result<Option<f64>, JsValue> {
    let date = text(date, "date of seedOfDate")?.unwrap_or_default();
    Ok(generate::seed_of_date(&date).ok().map(|seed| seed as f64))
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

    /// The next step (docs/FORMATS.md, Wire format, "Step"), or `undefined` once the trace
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
            stepper: strategy::stepper_within(grid, strategy, page_budget()),
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
/// and the counters. Memory stays bounded however long the trace (see
/// docs/ARCHITECTURE.md, Invariants).
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
    /// 0 to `MAX_ROWS_PER_CALL` (1,000).
    pub fn rows(&mut self, from: &JsValue, count: &JsValue) -> Result<JsValue, JsValue> {
        let from = position_index(from, "start of Timeline.rows")? as usize;
        let count = whole_u32(count, "count of Timeline.rows", 0..=MAX_ROWS_PER_CALL)?;
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
                    u32::from(view.value) | (view.placer as u32) << 8 | u32::from(view.depth) << 16,
                    view.candidates.bits(),
                ]
            })
            .collect()
    }
}

impl Timeline {
    fn start(grid: &Grid, strategy: Strategy) -> Result<Timeline, JsValue> {
        Ok(Timeline {
            timeline: timeline::Timeline::new_within(grid, strategy, page_budget()),
        })
    }
}

/// Reads a constraint puzzle in any of its forms (an f-puzzles JSON object, an f-puzzles or
/// SudokuPad link, Stepdoku's one-line text) or plain puzzle text, and gives it as one line
/// of Stepdoku's own text, which `parsePuzzle` of this module reads. Throws the diagnosis
/// (`invalid`, its message naming the key, cage or cell at fault) for anything else.
#[wasm_bindgen(js_name = importPuzzle)]
pub fn import_puzzle(text: &JsValue) -> Result<String, JsValue> {
    let text = puzzle_text(text, "text of importPuzzle")?;
    let read = match crate::constraint::ConstraintPuzzle::read(&text) {
        Some(read) => read.map(crate::constraint::ConstraintPuzzle::into_grid),
        None => Grid::parse(&text).map_err(crate::constraint::ConstraintError::Cells),
    };
    read.map(|grid| grid.to_line())
        .map_err(|error| to_js(&Diagnosis::of_constraint_error(&error)))
}
