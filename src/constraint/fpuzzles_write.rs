//! Writing a puzzle as f-puzzles JSON, so that it opens in f-puzzles, SudokuPad and the
//! other tools that read it: the object `fpuzzles::read` reads back to the same puzzle.
//!
//! Givens are cells with `value` and `given: true`; a jigsaw's cells carry their 0-based
//! `region`; X-Sudoku's diagonals are `diagonal+` and `diagonal-`. Rules go under the keys
//! f-puzzles gives them (`killercage` with its sum as text, `thermometer` and `arrow` with
//! `lines` that start at the bulb, `difference`, `ratio`, `xv`, and the flags). What f-puzzles
//! has no key for is refused by name rather than left out: Windoku's windows and a pair sum
//! other than X (10) and V (5).

use super::{Diagonal, Relation};
use crate::geometry::{Cell, Shape, Variant};
use crate::grid::Grid;
use serde_json::{json, Map, Value};
use std::fmt;

/// Why a puzzle cannot be written as f-puzzles JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unwritable {
    /// What f-puzzles has no key for.
    pub what: String,
}

impl fmt::Display for Unwritable {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "f-puzzles JSON has no key for {}", self.what)
    }
}

impl std::error::Error for Unwritable {}

/// The f-puzzles JSON of a puzzle (its givens, its layout and the layout's rules), on one
/// line.
pub fn write(grid: &Grid) -> Result<String, Unwritable> {
    let shape = grid.shape();
    let rules = grid.geometry().rules();
    let name = |cell: Cell| cell.name(shape).to_ascii_uppercase();
    let names = |cells: &[Cell]| -> Vec<String> { cells.iter().map(|&c| name(c)).collect() };
    let regions = match grid.geometry().variant() {
        Variant::Windoku => {
            return Err(Unwritable {
                what: "Windoku's windows".to_string(),
            })
        }
        Variant::Jigsaw(map) => Some(map.clone()),
        Variant::Classic | Variant::X => None,
    };
    let mut object = Map::new();
    object.insert("size".into(), json!(shape.size()));
    object.insert("grid".into(), cells_json(grid, shape, regions.as_deref()));
    let mut diagonals = rules.diagonals.clone();
    if *grid.geometry().variant() == Variant::X {
        diagonals.extend([Diagonal::Falling, Diagonal::Rising]);
    }
    let mut list = |key: &str, entries: Vec<Value>| {
        if !entries.is_empty() {
            object.insert(key.into(), Value::Array(entries));
        }
    };
    list(
        "killercage",
        rules
            .cages
            .iter()
            .map(|cage| match cage.sum {
                Some(sum) => json!({ "cells": names(&cage.cells), "value": sum.to_string() }),
                None => json!({ "cells": names(&cage.cells) }),
            })
            .collect(),
    );
    list(
        "thermometer",
        rules
            .thermometers
            .iter()
            .map(|t| json!({ "lines": [names(&t.cells)] }))
            .collect(),
    );
    list(
        "arrow",
        rules
            .arrows
            .iter()
            .map(|a| {
                let mut line = vec![name(a.circle)];
                line.extend(names(&a.line));
                json!({ "cells": [name(a.circle)], "lines": [line] })
            })
            .collect(),
    );
    let mut pairs: [Vec<Value>; 3] = Default::default();
    for rule in &rules.pairs {
        let cells = names(&[rule.a, rule.b]);
        let (slot, entry) = match rule.relation {
            Relation::Difference(1) => (0, json!({ "cells": cells })),
            Relation::Difference(k) => (0, json!({ "cells": cells, "value": k.to_string() })),
            Relation::Ratio(2) => (1, json!({ "cells": cells })),
            Relation::Ratio(k) => (1, json!({ "cells": cells, "value": k.to_string() })),
            Relation::Sum(10) => (2, json!({ "cells": cells, "value": "X" })),
            Relation::Sum(5) => (2, json!({ "cells": cells, "value": "V" })),
            Relation::Sum(k) => {
                return Err(Unwritable {
                    what: format!("a pair of cells adding up to {k} (only X and V)"),
                })
            }
            Relation::NotConsecutive => continue,
        };
        pairs[slot].push(entry);
    }
    let [differences, ratios, xvs] = pairs;
    list("difference", differences);
    list("ratio", ratios);
    list("xv", xvs);
    for (is_on, key) in [
        (diagonals.contains(&Diagonal::Rising), "diagonal+"),
        (diagonals.contains(&Diagonal::Falling), "diagonal-"),
        (rules.is_antiknight, "antiknight"),
        (rules.is_antiking, "antiking"),
        (rules.is_nonconsecutive, "nonconsecutive"),
    ] {
        if is_on {
            object.insert(key.into(), Value::Bool(true));
        }
    }
    Ok(Value::Object(object).to_string())
}

/// The `grid`: rows of cells, each `{}`, or with its given and, on a jigsaw, its region.
fn cells_json(grid: &Grid, shape: Shape, regions: Option<&[u8]>) -> Value {
    let n = shape.size();
    let rows = (0..n)
        .map(|row| {
            let cells = (0..n)
                .map(|col| {
                    let cell = shape.cell(row, col);
                    let mut entry = Map::new();
                    if let Some(digit) = grid.get(cell) {
                        entry.insert("value".into(), json!(digit.get()));
                        entry.insert("given".into(), Value::Bool(true));
                    }
                    if let Some(regions) = regions {
                        entry.insert("region".into(), json!(regions[cell.index()]));
                    }
                    Value::Object(entry)
                })
                .collect();
            Value::Array(cells)
        })
        .collect();
    Value::Array(rows)
}
