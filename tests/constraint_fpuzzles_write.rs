//! Writing puzzles as f-puzzles JSON (`src/constraint/fpuzzles_write.rs`): givens, jigsaw
//! regions and X-Sudoku's diagonals in the grid's terms, every rule under its f-puzzles key,
//! and what f-puzzles has no key for refused by name.

use serde_json::{json, Value};
use stepdoku::constraint::fpuzzles_write::{write, Unwritable};
use stepdoku::{ConstraintPuzzle, Grid};

fn written(text: &str) -> Value {
    let grid = match ConstraintPuzzle::read_line(text) {
        Some(read) => read.unwrap().into_grid(),
        None => Grid::parse(text).unwrap(),
    };
    serde_json::from_str(&write(&grid).unwrap()).unwrap()
}

#[test]
fn every_rule_goes_under_its_key() {
    let text = format!(
        "5{};cage=17:r1c2,r1c3,r2c2;cage:r5c5,r5c6;thermo:r9c1,r8c1;arrow:r3c7>r3c8,r4c9;\
         white:r1c8,r1c9;white=3:r2c8,r2c9;black:r3c8,r3c9;x:r9c8,r9c9;v:r8c9,r9c9;\
         diagonal+;antiknight;nonconsecutive",
        ".".repeat(80)
    );
    let json = written(&text);
    assert_eq!(json["size"], 9);
    assert_eq!(json["grid"][0][0], json!({ "value": 5, "given": true }));
    assert_eq!(json["grid"][0][1], json!({}));
    assert_eq!(json["grid"].as_array().unwrap().len(), 9);
    assert_eq!(
        json["killercage"],
        json!([
            { "cells": ["R1C2", "R1C3", "R2C2"], "value": "17" },
            { "cells": ["R5C5", "R5C6"] }
        ])
    );
    assert_eq!(
        json["thermometer"],
        json!([{ "lines": [["R9C1", "R8C1"]] }])
    );
    assert_eq!(
        json["arrow"],
        json!([{ "cells": ["R3C7"], "lines": [["R3C7", "R3C8", "R4C9"]] }])
    );
    assert_eq!(
        json["difference"],
        json!([{ "cells": ["R1C8", "R1C9"] }, { "cells": ["R2C8", "R2C9"], "value": "3" }])
    );
    assert_eq!(json["ratio"], json!([{ "cells": ["R3C8", "R3C9"] }]));
    assert_eq!(
        json["xv"],
        json!([
            { "cells": ["R9C8", "R9C9"], "value": "X" },
            { "cells": ["R8C9", "R9C9"], "value": "V" }
        ])
    );
    assert_eq!(json["diagonal+"], true);
    assert_eq!(json["diagonal-"], Value::Null);
    assert_eq!(json["antiknight"], true);
    assert_eq!(json["antiking"], Value::Null);
    assert_eq!(json["nonconsecutive"], true);
}

#[test]
fn a_variant_says_itself_in_f_puzzles_terms() {
    let x = written(&format!("x:{}", ".".repeat(81)));
    assert_eq!(
        (x["diagonal+"].clone(), x["diagonal-"].clone()),
        (json!(true), json!(true))
    );
    let jigsaw =
        written("jigsaw:AAABBBAAABBBCCCCDDCCDDDDEEEFFFEEEFFF:...4..3......6.........1..2.355...6.");
    assert_eq!(jigsaw["size"], 6);
    assert_eq!(jigsaw["grid"][0][0], json!({ "region": 0 }));
    assert_eq!(jigsaw["grid"][2][2], json!({ "region": 2 }));
    assert_eq!(jigsaw["grid"][2][4], json!({ "region": 3 }));
    assert_eq!(
        jigsaw["grid"][0][3],
        json!({ "value": 4, "given": true, "region": 1 })
    );
}

#[test]
fn what_f_puzzles_has_no_key_for_is_refused_by_name() {
    let windoku = Grid::parse(&format!("windoku:{}", ".".repeat(81))).unwrap();
    let error = write(&windoku).unwrap_err();
    assert_eq!(
        error.to_string(),
        "f-puzzles JSON has no key for Windoku's windows"
    );
    let text = format!("{};sum=7:r1c1,r1c2", ".".repeat(81));
    let grid = ConstraintPuzzle::read_line(&text)
        .unwrap()
        .unwrap()
        .into_grid();
    assert_eq!(
        write(&grid),
        Err(Unwritable {
            what: "a pair of cells adding up to 7 (only X and V)".to_string()
        })
    );
}
