//! Stepdoku's own one-line text for a constraint puzzle, for the command line and links: the
//! puzzle's cells as any other puzzle text (a variant tag first if it has one), then its
//! rules, each after a semicolon.
//!
//! ```text
//! .................................................................................;cage=17:r1c1,r1c2,r2c1;thermo:r9c1,r8c1,r8c2;arrow:r3c7>r3c8,r4c9;white:r1c8,r1c9;x:r9c8,r9c9;diagonal+;antiknight
//! ```
//!
//! | rule | meaning |
//! |---|---|
//! | `cage=SUM:CELLS`, `cage:CELLS` | a killer cage, with its sum or without |
//! | `thermo:CELLS` | a thermometer, bulb first |
//! | `arrow:CIRCLE>CELLS` | an arrow from its circle along its line |
//! | `white:A,B`, `black:A,B` | a kropki dot: digits 1 apart, or one twice the other |
//! | `white=K:A,B`, `black=K:A,B` | a dot with another difference or ratio |
//! | `x:A,B`, `v:A,B`, `sum=K:A,B` | digits adding up to 10, to 5, or to K |
//! | `diagonal+`, `diagonal-` | the ↗ or ↘ main diagonal holds each digit once |
//! | `antiknight`, `antiking`, `nonconsecutive` | the rules of those names |
//!
//! Cells are named `r3c5`; names, rule words and spaces around them are read in any case.
//! Writing gives the rules in the order of the table, each list in the puzzle's order, so a
//! puzzle read and written again gives the same text.

use super::{Arrow, Cage, Constraints, Diagonal, PairRule, Relation, Thermometer};
use crate::geometry::{Cell, Shape};
use crate::grid::Grid;
use std::fmt;

/// What is wrong with the rules of a text, naming the rule (1-based, in writing order) and
/// what to write instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    /// The rule's place among the rules, from 1.
    pub position: usize,
    /// The rule as written.
    pub rule: String,
    /// What is wrong with it.
    pub problem: String,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "rule {} ({:?}): {}",
            self.position, self.rule, self.problem
        )
    }
}

impl std::error::Error for RuleError {}

/// The puzzle text and the rules text of a one-line puzzle, split at its first semicolon;
/// `None` when the text has no rules.
pub fn split(text: &str) -> Option<(&str, &str)> {
    text.split_once(';')
}

/// Reads the rules after the first semicolon of a text for a grid of `shape`.
pub fn read_rules(shape: Shape, rules: &str) -> Result<Constraints, RuleError> {
    let mut out = Constraints::default();
    for (k, rule) in rules.split(';').enumerate() {
        let fail = |problem: String| RuleError {
            position: k + 1,
            rule: rule.trim().to_string(),
            problem,
        };
        read_rule(shape, rule.trim(), &mut out).map_err(fail)?;
    }
    Ok(out)
}

/// Reads one rule into `out`, or says what is wrong with it.
fn read_rule(shape: Shape, rule: &str, out: &mut Constraints) -> Result<(), String> {
    let (head, cells) = match rule.split_once(':') {
        Some((head, cells)) => (head.trim().to_ascii_lowercase(), Some(cells)),
        None => (rule.to_ascii_lowercase(), None),
    };
    let (word, number) = match head.split_once('=') {
        Some((word, number)) => {
            let value: u16 = number
                .trim()
                .parse()
                .map_err(|_| format!("{number:?} is not a whole number"))?;
            (word.trim().to_string(), Some(value))
        }
        None => (head, None),
    };
    let list = |cells: Option<&str>| -> Result<Vec<Cell>, String> {
        let cells = cells.ok_or(format!("`{word}` needs its cells after a colon"))?;
        cells
            .split(',')
            .map(|name| {
                shape.cell_named(name).ok_or(format!(
                    "{:?} is not a cell of a {} grid (write r1c1 to r{n}c{n})",
                    name.trim(),
                    shape.name(),
                    n = shape.size()
                ))
            })
            .collect()
    };
    let pair = |cells: Option<&str>, relation: Relation| -> Result<PairRule, String> {
        match list(cells)?[..] {
            [a, b] => Ok(PairRule { a, b, relation }),
            ref other => Err(format!("`{word}` joins two cells, not {}", other.len())),
        }
    };
    let small = |value: Option<u16>, default: u8| -> Result<u8, String> {
        value.map_or(Ok(default), |v| {
            u8::try_from(v).map_err(|_| format!("{v} is too large for `{word}`"))
        })
    };
    let bare = |value: Option<u16>| match (value, cells) {
        (None, None) => Ok(()),
        _ => Err(format!("`{word}` takes no number and no cells")),
    };
    match word.as_str() {
        "cage" => out.cages.push(Cage {
            cells: list(cells)?,
            sum: number,
        }),
        "thermo" => out.thermometers.push(Thermometer {
            cells: list(cells)?,
        }),
        "arrow" => {
            let text = cells.ok_or("`arrow` needs its circle, >, then its line".to_string())?;
            let (circle, line) = text
                .split_once('>')
                .ok_or("an arrow is written CIRCLE>LINE, such as r1c1>r1c2,r1c3".to_string())?;
            let circle = match list(Some(circle))?[..] {
                [circle] => circle,
                _ => return Err("an arrow's circle is one cell".to_string()),
            };
            out.arrows.push(Arrow {
                circle,
                line: list(Some(line))?,
            });
        }
        "white" => out
            .pairs
            .push(pair(cells, Relation::Difference(small(number, 1)?))?),
        "black" => out
            .pairs
            .push(pair(cells, Relation::Ratio(small(number, 2)?))?),
        "x" | "v" => {
            if number.is_some() {
                return Err(format!(
                    "`{word}` takes no number: write sum=K for another total"
                ));
            }
            let total = if word == "x" { 10 } else { 5 };
            out.pairs.push(pair(cells, Relation::Sum(total))?);
        }
        "sum" => {
            let total = small(number, 0)?;
            if number.is_none() {
                return Err("`sum` needs its total: sum=7:r1c1,r1c2".to_string());
            }
            out.pairs.push(pair(cells, Relation::Sum(total))?);
        }
        "diagonal+" | "diagonal-" => {
            bare(number)?;
            out.diagonals.push(if word == "diagonal+" {
                Diagonal::Rising
            } else {
                Diagonal::Falling
            });
        }
        "antiknight" => {
            bare(number)?;
            out.is_antiknight = true;
        }
        "antiking" => {
            bare(number)?;
            out.is_antiking = true;
        }
        "nonconsecutive" => {
            bare(number)?;
            out.is_nonconsecutive = true;
        }
        _ => {
            return Err(format!(
                "`{word}` is not a rule: write cage, thermo, arrow, white, black, x, v, sum, \
                 diagonal+, diagonal-, antiknight, antiking or nonconsecutive"
            ))
        }
    }
    Ok(())
}

/// The one-line text of a puzzle: the grid's own text, then its rules.
pub fn write(grid: &Grid, rules: &Constraints) -> String {
    grid.without_rules().to_line() + &rules.to_text(grid.shape())
}
