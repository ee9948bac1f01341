//! Reading and writing puzzles, and the lists a page shows: the page module's exports, which
//! every module has. Nothing here searches.

use super::args::{parse, position, whole_number};
use super::to_js;
use crate::constraint::layout_key;
use crate::digits::Digit;
use crate::generate::Symmetry;
use crate::geometry::{Geometry, Variant};
use crate::grid::{Cell, HouseKind, Shape};
use crate::rating::Level;
use crate::strategy::Strategy;
use crate::technique::Technique;
use crate::trace::Board;
use crate::validate::VerdictKind;
use serde::Serialize;
use wasm_bindgen::prelude::*;

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

/// A layout as the page draws it: `{ tag, variant, name, regions, extras, rules }`, `tag` the
/// layout's key, which every export that takes a `tag` reads back: what puzzle text writes
/// before the cells (empty for classic), then for a layout with rules those rules as the
/// one-line text writes them after the cells (`;cage=17:r1c1,r1c2`); `variant` `classic`, `x`,
/// `windoku` or `jigsaw` and `name` its name (see `variants`), `regions` the box or jigsaw
/// region of each cell (where thick borders go), `extras` the diagonals and windows as
/// `[{ kind, index, name, cells }]`, and `rules` the rules beyond the houses (`null` without;
/// see `RulesView`).
#[derive(Serialize)]
struct LayoutView {
    tag: String,
    variant: &'static str,
    name: &'static str,
    regions: Vec<u8>,
    extras: Vec<HouseView>,
    /// Left out of the page module, which reads no puzzle with rules (see `isImport`).
    #[cfg(feature = "verdict")]
    rules: Option<RulesView>,
}

/// The rules of a layout beyond its houses, as the page draws them: `{ cages: [{ cells, sum
/// }], thermometers: [cells], arrows: [{ circle, line }], dots: [{ cells, kind, label }],
/// diagonals: [cells], global: [name], notes: [text] }`. A dot's `kind` is `white`, `black` or
/// `sum` (X, V or another sum on an edge), its `label` what is written on it ("X", "V", "7",
/// or a white or black dot's gap or ratio when not 1 or 2; else empty). `global` names the rules
/// that hold everywhere ("anti-knight", …); `notes` says per cell what touches it, for its
/// accessible name (see `Constraints::cell_notes`).
#[cfg(feature = "verdict")]
#[derive(Serialize)]
struct RulesView {
    cages: Vec<CageView>,
    thermometers: Vec<Vec<Cell>>,
    arrows: Vec<ArrowView>,
    dots: Vec<DotView>,
    diagonals: Vec<Vec<Cell>>,
    global: Vec<&'static str>,
    notes: Vec<String>,
}

/// A cage: its cells and its sum (`null` without).
#[cfg(feature = "verdict")]
#[derive(Serialize)]
struct CageView {
    cells: Vec<Cell>,
    sum: Option<u16>,
}

/// An arrow: its circle and its line, from the circle outwards.
#[cfg(feature = "verdict")]
#[derive(Serialize)]
struct ArrowView {
    circle: Cell,
    line: Vec<Cell>,
}

/// A mark on the edge of two cells.
#[cfg(feature = "verdict")]
#[derive(Serialize)]
struct DotView {
    cells: [Cell; 2],
    kind: &'static str,
    label: String,
}

#[cfg(feature = "verdict")]
impl RulesView {
    /// The rules of a layout, if it has any.
    fn of(geometry: &Geometry) -> Option<RulesView> {
        use crate::constraint::Relation;
        let shape = geometry.shape();
        let rules = geometry.rules();
        geometry.has_rules().then(|| RulesView {
            cages: rules
                .cages
                .iter()
                .map(|cage| CageView {
                    cells: cage.cells.clone(),
                    sum: cage.sum,
                })
                .collect(),
            thermometers: rules.thermometers.iter().map(|t| t.cells.clone()).collect(),
            arrows: rules
                .arrows
                .iter()
                .map(|a| ArrowView {
                    circle: a.circle,
                    line: a.line.clone(),
                })
                .collect(),
            dots: rules
                .pairs
                .iter()
                .map(|pair| {
                    let (kind, label) = match pair.relation {
                        Relation::Difference(1) => ("white", String::new()),
                        Relation::Difference(k) => ("white", k.to_string()),
                        Relation::Ratio(2) => ("black", String::new()),
                        Relation::Ratio(k) => ("black", k.to_string()),
                        Relation::Sum(10) => ("sum", "X".to_string()),
                        Relation::Sum(5) => ("sum", "V".to_string()),
                        Relation::Sum(k) => ("sum", k.to_string()),
                        Relation::NotConsecutive => ("white", "≠".to_string()),
                    };
                    DotView {
                        cells: [pair.a, pair.b],
                        kind,
                        label,
                    }
                })
                .collect(),
            diagonals: rules.diagonals.iter().map(|d| d.cells(shape)).collect(),
            global: rules.global_rules(),
            notes: rules.cell_notes(shape),
        })
    }
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
            tag: layout_key(geometry),
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
            #[cfg(feature = "verdict")]
            rules: RulesView::of(geometry),
        }
    }
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

/// Every technique in ladder order, search steps last (docs/FORMATS.md, Wire format,
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

/// Whether text looks like a constraint puzzle: an f-puzzles JSON object or an f-puzzles or
/// SudokuPad link to one, which only the full module's `importPuzzle` reads, or Stepdoku's
/// one-line text with rules after the cells, which the verdict and full modules' `parsePuzzle`
/// reads too (the page module's reads none of them). A quick look at the text, not a reading.
#[wasm_bindgen(js_name = isImport)]
pub fn is_import(value: &JsValue) -> Result<bool, JsValue> {
    Ok(match super::args::text(value, "text of isImport")? {
        Ok(text) => crate::constraint::is_import(&text),
        Err(_) => false,
    })
}
