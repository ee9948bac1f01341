//! Reading f-puzzles JSON: the object f-puzzles exports (and packs, compressed, into its
//! `?load=` links), one per puzzle.
//!
//! ```text
//!  { "size": 9,
//!    "grid": [[{"value": 5, "given": true, "region": 0}, {}, …], …],   rows of cells
//!    "killercage":  [{"cells": ["R1C1", "R1C2"], "value": "11"}],
//!    "thermometer": [{"lines": [["R2C2", "R2C3", "R2C4"]]}],
//!    "arrow":       [{"cells": ["R5C5"], "lines": [["R5C5", "R6C6", "R7C7"]]}],
//!    "difference":  [{"cells": ["R1C1", "R1C2"]}],      white dot (value: another gap)
//!    "ratio":       [{"cells": ["R1C1", "R2C1"]}],      black dot (value: another ratio)
//!    "xv":          [{"cells": ["R3C3", "R3C4"], "value": "X"}],
//!    "diagonal+": true, "diagonal-": true, "antiknight": true, "antiking": true,
//!    "nonconsecutive": true }
//! ```
//!
//! A key that names a rule we do not read is refused by its name, never skipped: skipping it
//! would solve another puzzle than the one posed. Keys that only draw (titles, text, lines,
//! shapes, colours) are skipped; [`COSMETIC_KEYS`] lists them.

use super::check::ConstraintError;
use super::{
    Arrow, Cage, ConstraintPuzzle, Constraints, Diagonal, PairRule, Relation, Thermometer,
};
use crate::geometry::{Cell, Geometry, Shape, Variant};
use crate::grid::{Grid, MAX_TEXT_LEN};
use serde_json::{Map, Value};

/// Top-level keys that only draw or describe, and change no rule: they are skipped.
pub const COSMETIC_KEYS: [&str; 11] = [
    "title",
    "author",
    "ruleset",
    "solution",
    "text",
    "line",
    "rectangle",
    "circle",
    "cage",
    "disabledlogic",
    "truecandidatesoptions",
];

/// The top-level keys of the rules read here, besides `size` and `grid`.
pub const RULE_KEYS: [&str; 11] = [
    "killercage",
    "thermometer",
    "arrow",
    "difference",
    "ratio",
    "xv",
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "nonconsecutive",
];

/// Reads one f-puzzles JSON object into a checked puzzle.
///
/// Givens are the cells with a `value` and `given: true`; a `value` without `given` is a
/// solver's entry and is not part of the puzzle. A cell's `region` (0-based) makes the grid
/// a jigsaw where the regions differ from the boxes. An arrow's line that starts in its
/// circle, as f-puzzles writes it, has that cell left out. A key naming a rule that is not
/// read is refused by name ([`ConstraintError::Unsupported`]), unless its value is `false`,
/// `null` or an empty list, which pose no rule.
pub fn read(text: &str) -> Result<ConstraintPuzzle, ConstraintError> {
    if text.len() > MAX_TEXT_LEN {
        return Err(ConstraintError::Json(format!(
            "the text has {} bytes, more than the {MAX_TEXT_LEN} a puzzle may have",
            text.len()
        )));
    }
    let value: Value =
        serde_json::from_str(text).map_err(|e| ConstraintError::Json(e.to_string()))?;
    let Value::Object(object) = value else {
        return Err(ConstraintError::Json(
            "the text is not one JSON object".to_string(),
        ));
    };
    for (key, value) in &object {
        let is_known = key == "size"
            || key == "grid"
            || RULE_KEYS.contains(&key.as_str())
            || COSMETIC_KEYS.contains(&key.as_str());
        let poses_nothing = match value {
            Value::Null | Value::Bool(false) => true,
            Value::Array(items) => items.is_empty(),
            _ => false,
        };
        if !is_known && !poses_nothing {
            return Err(ConstraintError::Unsupported(key.clone()));
        }
    }
    let size = match object.get("size") {
        None => return Err(ConstraintError::Missing("size")),
        Some(value) => value
            .as_u64()
            .ok_or_else(|| wrong("size", "a whole number"))?,
    };
    let shape = Shape::from_size(size as usize)
        .filter(|s| s.size() <= 16)
        .ok_or(ConstraintError::UnsupportedSize(size))?;
    let reader = Reader { shape };
    let mut grid = reader.grid(&object)?;
    let mut constraints = reader.constraints(&object)?;
    // Both diagonals on boxes are X-Sudoku: houses of the layout, as every layer knows them.
    if grid.geometry().is_classic() && constraints.diagonals.len() == 2 {
        constraints.diagonals.clear();
        let x = Geometry::new(shape, Variant::X).map_err(ConstraintError::Layout)?;
        grid = grid.in_layout(x);
    }
    ConstraintPuzzle::new(grid, constraints)
}

/// A wrong value at `place`.
fn wrong(place: impl Into<String>, expected: &'static str) -> ConstraintError {
    ConstraintError::WrongValue {
        place: place.into(),
        expected,
    }
}

/// Reads the parts of one puzzle of a known shape.
struct Reader {
    shape: Shape,
}

impl Reader {
    /// The grid: its givens and its layout from the cells' regions.
    fn grid(&self, object: &Map<String, Value>) -> Result<Grid, ConstraintError> {
        let n = self.shape.size();
        let rows = match object.get("grid") {
            None => return Err(ConstraintError::Missing("grid")),
            Some(value) => value
                .as_array()
                .ok_or_else(|| wrong("grid", "a list of rows"))?,
        };
        if rows.len() != n {
            return Err(ConstraintError::GridShape {
                what: "rows".to_string(),
                read: rows.len(),
                size: n,
            });
        }
        let mut values = vec![0u8; self.shape.n_cells()];
        let mut regions: Vec<u8> = self
            .shape
            .cells()
            .map(|c| self.shape.box_of(c) as u8)
            .collect();
        for (r, row) in rows.iter().enumerate() {
            let cells = row
                .as_array()
                .ok_or_else(|| wrong(format!("grid row {}", r + 1), "a list of cells"))?;
            if cells.len() != n {
                return Err(ConstraintError::GridShape {
                    what: format!("cells in row {}", r + 1),
                    read: cells.len(),
                    size: n,
                });
            }
            for (c, entry) in cells.iter().enumerate() {
                let cell = self.shape.cell(r, c);
                let place = || format!("cell R{}C{}", r + 1, c + 1);
                let Value::Object(entry) = entry else {
                    return Err(wrong(place(), "an object"));
                };
                if entry
                    .get("givenPencilMarks")
                    .is_some_and(|v| v.as_array().is_some_and(|a| !a.is_empty()))
                {
                    return Err(ConstraintError::Unsupported("givenPencilMarks".to_string()));
                }
                let is_given = entry.get("given").and_then(Value::as_bool) == Some(true);
                if let (true, Some(value)) = (is_given, entry.get("value")) {
                    let digit = value
                        .as_u64()
                        .filter(|&d| (1..=n as u64).contains(&d))
                        .ok_or_else(|| {
                            wrong(format!("{} value", place()), "a digit of the grid")
                        })?;
                    values[cell.index()] = digit as u8;
                }
                if let Some(region) = entry.get("region") {
                    let region = region.as_u64().filter(|&k| k < n as u64).ok_or_else(|| {
                        wrong(format!("{} region", place()), "a region number from 0")
                    })?;
                    regions[cell.index()] = region as u8;
                }
            }
        }
        let is_boxes = self
            .shape
            .cells()
            .all(|c| regions[c.index()] as usize == self.shape.box_of(c));
        let geometry = if is_boxes {
            Geometry::classic(self.shape)
        } else {
            // Renumbered in order of first appearance, as jigsaw maps are everywhere else.
            let letters: String = regions.iter().map(|&r| (b'A' + r) as char).collect();
            Geometry::new(
                self.shape,
                Variant::Jigsaw(Geometry::jigsaw_map(&letters).into()),
            )
            .map_err(ConstraintError::Layout)?
        };
        Ok(Grid::from_values_in(geometry, &values).expect("values checked against the size"))
    }

    /// Every rule of the object.
    fn constraints(&self, object: &Map<String, Value>) -> Result<Constraints, ConstraintError> {
        let mut rules = Constraints::default();
        for (i, entry) in entries(object, "killercage")?.iter().enumerate() {
            let place = format!("killercage {}", i + 1);
            let cells = self.cells(entry, "cells", &place)?;
            let sum = match entry.get("value") {
                None | Some(Value::Null) => None,
                Some(Value::String(s)) if s.trim().is_empty() => None,
                Some(value) => Some(
                    number(value)
                        .filter(|&s| s <= u16::MAX as u64)
                        .ok_or_else(|| wrong(format!("{place} value"), "a whole number"))?
                        as u16,
                ),
            };
            rules.cages.push(Cage { cells, sum });
        }
        for (i, entry) in entries(object, "thermometer")?.iter().enumerate() {
            let place = format!("thermometer {}", i + 1);
            for line in self.lines(entry, &place)? {
                rules.thermometers.push(Thermometer { cells: line });
            }
        }
        for (i, entry) in entries(object, "arrow")?.iter().enumerate() {
            let place = format!("arrow {}", i + 1);
            let bulb = self.cells(entry, "cells", &place)?;
            let [circle] = bulb[..] else {
                return Err(ConstraintError::ArrowBulb {
                    arrow: i + 1,
                    n_cells: bulb.len(),
                });
            };
            for mut line in self.lines(entry, &place)? {
                if line.first() == Some(&circle) {
                    line.remove(0);
                }
                rules.arrows.push(Arrow { circle, line });
            }
        }
        for (key, default) in [("difference", 1), ("ratio", 2)] {
            for (i, entry) in entries(object, key)?.iter().enumerate() {
                let place = format!("{key} {}", i + 1);
                let k = match entry.get("value") {
                    None | Some(Value::Null) => default,
                    Some(Value::String(s)) if s.trim().is_empty() => default,
                    Some(value) => number(value)
                        .filter(|&k| (1..=25).contains(&k))
                        .ok_or_else(|| wrong(format!("{place} value"), "a whole number"))?
                        as u8,
                };
                let relation = match key {
                    "difference" => Relation::Difference(k),
                    _ => Relation::Ratio(k),
                };
                self.push_pair(&mut rules, entry, &place, relation)?;
            }
        }
        for (i, entry) in entries(object, "xv")?.iter().enumerate() {
            let place = format!("xv {}", i + 1);
            let relation = match entry.get("value").and_then(Value::as_str) {
                Some(v) if v.eq_ignore_ascii_case("x") => Relation::Sum(10),
                Some(v) if v.eq_ignore_ascii_case("v") => Relation::Sum(5),
                _ => return Err(wrong(format!("{place} value"), "\"X\" or \"V\"")),
            };
            self.push_pair(&mut rules, entry, &place, relation)?;
        }
        if flag(object, "diagonal-")? {
            rules.diagonals.push(Diagonal::Falling);
        }
        if flag(object, "diagonal+")? {
            rules.diagonals.push(Diagonal::Rising);
        }
        rules.is_antiknight = flag(object, "antiknight")?;
        rules.is_antiking = flag(object, "antiking")?;
        rules.is_nonconsecutive = flag(object, "nonconsecutive")?;
        Ok(rules)
    }

    /// Adds a pair rule from an entry of two cells.
    fn push_pair(
        &self,
        rules: &mut Constraints,
        entry: &Value,
        place: &str,
        relation: Relation,
    ) -> Result<(), ConstraintError> {
        let cells = self.cells(entry, "cells", place)?;
        let [a, b] = cells[..] else {
            return Err(wrong(format!("{place} cells"), "a list of two cells"));
        };
        rules.pairs.push(PairRule { a, b, relation });
        Ok(())
    }

    /// The cells listed under `key` of an entry.
    fn cells(&self, entry: &Value, key: &str, place: &str) -> Result<Vec<Cell>, ConstraintError> {
        let list = entry
            .get(key)
            .and_then(Value::as_array)
            .ok_or_else(|| wrong(format!("{place} {key}"), "a list of cells such as \"R1C1\""))?;
        self.cell_list(list, place)
    }

    /// The lines of an entry, each a list of cells.
    fn lines(&self, entry: &Value, place: &str) -> Result<Vec<Vec<Cell>>, ConstraintError> {
        let lines = entry
            .get("lines")
            .and_then(Value::as_array)
            .ok_or_else(|| wrong(format!("{place} lines"), "a list of lines of cells"))?;
        lines
            .iter()
            .map(|line| {
                let list = line
                    .as_array()
                    .ok_or_else(|| wrong(format!("{place} lines"), "a list of lines of cells"))?;
                self.cell_list(list, place)
            })
            .collect()
    }

    fn cell_list(&self, list: &[Value], place: &str) -> Result<Vec<Cell>, ConstraintError> {
        list.iter()
            .map(|name| {
                let name = name.as_str().ok_or_else(|| {
                    wrong(format!("{place} cells"), "cell names such as \"R1C1\"")
                })?;
                self.shape
                    .cell_named(name)
                    .ok_or_else(|| ConstraintError::BadCellName {
                        name: name.to_string(),
                        place: place.to_string(),
                        size: self.shape.size(),
                    })
            })
            .collect()
    }
}

/// The entries under a key: none when it is absent or `null`.
fn entries<'a>(
    object: &'a Map<String, Value>,
    key: &'static str,
) -> Result<&'a [Value], ConstraintError> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(items)) => Ok(items),
        Some(_) => Err(wrong(key, "a list")),
    }
}

/// A flag: false when absent.
fn flag(object: &Map<String, Value>, key: &'static str) -> Result<bool, ConstraintError> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(wrong(key, "true or false")),
    }
}

/// A whole number written as a number or as text ("15"), as f-puzzles writes sums.
fn number(value: &Value) -> Option<u64> {
    match value {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}
