//! What can be wrong with a constraint puzzle, and the checks made once when it is built:
//! every message names the cage, line or cell at fault.

use super::text::RuleError;
use super::{Constraints, Relation};
use crate::geometry::{Cell, LayoutError, Shape};
use crate::grid::Grid;
use crate::grid::ParseError;
use crate::lzstring::UnpackError;
use std::fmt;

/// Why a constraint puzzle cannot be read or built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConstraintError {
    /// The text is not JSON; the message of the JSON reader, with its line and column.
    Json(String),
    /// A key the puzzle needs is missing.
    Missing(&'static str),
    /// A value of the wrong kind: what was read where, and what may stand there.
    WrongValue {
        /// Where it stands, as "killercage 2 value".
        place: String,
        /// What may stand there, as "a whole number".
        expected: &'static str,
    },
    /// A constraint or option we do not read, by its f-puzzles key.
    Unsupported(String),
    /// A size with no layout here.
    UnsupportedSize(u64),
    /// A grid whose number of rows, or of cells in a row, is not the size.
    GridShape {
        /// What was counted: "rows" or "cells in row 3".
        what: String,
        /// How many were read.
        read: usize,
        /// The size.
        size: usize,
    },
    /// A cell name that is not `R<row>C<column>` inside the grid.
    BadCellName {
        /// The name as written.
        name: String,
        /// Where it stands, as "killercage 2".
        place: String,
        /// The side of the grid.
        size: usize,
    },
    /// The regions do not make a layout.
    Layout(LayoutError),
    /// A cage with more cells than a house.
    CageTooBig {
        /// The cage, 1-based in the puzzle's order.
        cage: usize,
        /// Its number of cells.
        n_cells: usize,
        /// The side of the grid.
        size: usize,
    },
    /// A cage whose cells do not hang together by their edges.
    CageNotConnected {
        /// The cage, 1-based.
        cage: usize,
        /// A cell cut off from the cage's first cell.
        cell: Cell,
        /// The grid's shape, to name cells.
        shape: Shape,
    },
    /// Two cages that share a cell.
    CagesOverlap {
        /// The earlier cage, 1-based.
        first: usize,
        /// The later cage, 1-based.
        second: usize,
        /// A cell both hold.
        cell: Cell,
        /// The grid's shape, to name cells.
        shape: Shape,
    },
    /// A cage sum that no set of distinct digits of that many cells reaches.
    ImpossibleSum {
        /// The cage, 1-based.
        cage: usize,
        /// The sum asked.
        sum: u16,
        /// The cage's number of cells.
        n_cells: usize,
        /// The smallest and largest sums that many distinct digits make.
        range: (u16, u16),
    },
    /// A cage holding the same given twice.
    DuplicateInCage {
        /// The cage, 1-based.
        cage: usize,
        /// The two cells.
        cells: (Cell, Cell),
        /// The digit both hold.
        digit: u8,
        /// The grid's shape, to name cells.
        shape: Shape,
    },
    /// A cell named twice in one cage, thermometer, arrow or pair.
    RepeatedCell {
        /// Where, as "thermometer 1".
        place: String,
        /// The cell.
        cell: Cell,
        /// The grid's shape, to name cells.
        shape: Shape,
    },
    /// A thermometer longer than there are digits to increase through.
    ThermometerTooLong {
        /// The thermometer, 1-based.
        thermometer: usize,
        /// Its number of cells.
        n_cells: usize,
        /// The side of the grid.
        size: usize,
    },
    /// An arrow whose circle is not one cell.
    ArrowBulb {
        /// The arrow entry, 1-based.
        arrow: usize,
        /// The number of cells in its circle.
        n_cells: usize,
    },
    /// An arrow with no cell on its line.
    EmptyArrow {
        /// The arrow, 1-based.
        arrow: usize,
    },
    /// A cell outside the grid in constraints built by hand.
    CellOutside {
        /// Where.
        place: String,
    },
    /// An f-puzzles or SudokuPad link whose packed puzzle cannot be unpacked.
    Link(UnpackError),
    /// The cells of a one-line text that cannot be read as a puzzle.
    Cells(ParseError),
    /// A rule of a one-line text that cannot be read.
    Rule(RuleError),
}

impl fmt::Display for ConstraintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConstraintError::Json(message) => write!(f, "Not f-puzzles JSON: {message}."),
            ConstraintError::Link(error) => write!(f, "The link's puzzle cannot be read: {error}."),
            ConstraintError::Cells(error) => write!(f, "{error}"),
            ConstraintError::Rule(error) => write!(f, "Bad {error}."),
            ConstraintError::Missing(key) => {
                write!(f, "The f-puzzles JSON has no `{key}`.")
            }
            ConstraintError::WrongValue { place, expected } => {
                write!(f, "The f-puzzles {place} must be {expected}.")
            }
            ConstraintError::Unsupported(key) => {
                write!(f, "f-puzzles constraint `{key}` is not supported.")
            }
            ConstraintError::UnsupportedSize(size) => write!(
                f,
                "A {size}×{size} f-puzzles grid is not supported: sizes 4, 6, 8, 9, 12 and 16 are."
            ),
            ConstraintError::GridShape { what, read, size } => {
                // "rows" and "cells in row 3", one of them as "row" and "cell in row 3".
                let what = match (*read, what.split_once(' ')) {
                    (1, Some((word, rest))) => format!("{} {rest}", word.trim_end_matches('s')),
                    (1, None) => what.trim_end_matches('s').to_string(),
                    _ => what.clone(),
                };
                write!(f, "The f-puzzles grid has {read} {what}, but its size is {size}.")
            }
            ConstraintError::BadCellName { name, place, size } => write!(
                f,
                "“{name}” in {place} is not a cell of a {size}×{size} grid: write R1C1 to R{size}C{size}."
            ),
            ConstraintError::Layout(error) => error.fmt(f),
            ConstraintError::CageTooBig {
                cage,
                n_cells,
                size,
            } => write!(
                f,
                "Cage {cage} has {n_cells} cells, but a cage holds at most {size} distinct digits."
            ),
            ConstraintError::CageNotConnected { cage, cell, shape } => write!(
                f,
                "Cage {cage} is not connected: {} touches none of its other cells by an edge.",
                cell.name(*shape)
            ),
            ConstraintError::CagesOverlap {
                first,
                second,
                cell,
                shape,
            } => write!(
                f,
                "Cages {first} and {second} overlap: both hold {}.",
                cell.name(*shape)
            ),
            ConstraintError::ImpossibleSum {
                cage,
                sum,
                n_cells,
                range: (lo, hi),
            } => write!(
                f,
                "Cage {cage} cannot sum to {sum}: {n_cells} distinct digits sum to {lo} to {hi}."
            ),
            ConstraintError::DuplicateInCage {
                cage,
                cells: (a, b),
                digit,
                shape,
            } => write!(
                f,
                "Duplicate given in cage {cage}: {} and {} both hold {digit}.",
                a.name(*shape),
                b.name(*shape)
            ),
            ConstraintError::RepeatedCell { place, cell, shape } => {
                write!(f, "{place} names {} twice.", cell.name(*shape))
            }
            ConstraintError::ThermometerTooLong {
                thermometer,
                n_cells,
                size,
            } => write!(
                f,
                "Thermometer {thermometer} has {n_cells} cells, but digits can rise through only {size}."
            ),
            ConstraintError::ArrowBulb { arrow, n_cells } => write!(
                f,
                "Arrow {arrow} has a circle of {n_cells} cells; only one-cell circles are supported."
            ),
            ConstraintError::EmptyArrow { arrow } => {
                write!(f, "Arrow {arrow} has no cell on its line.")
            }
            ConstraintError::CellOutside { place } => {
                write!(f, "{place} names a cell outside the grid.")
            }
        }
    }
}

impl std::error::Error for ConstraintError {}

/// The smallest and largest sums of `k` distinct digits from 1 to `n`.
pub fn sum_range(k: usize, n: usize) -> (u16, u16) {
    let lo = (1..=k).sum::<usize>();
    let hi = (n + 1 - k.min(n)..=n).sum::<usize>();
    (lo as u16, hi as u16)
}

/// Checks rules against their grid: every cell inside it, no cell repeated in one rule;
/// cages connected, apart, no larger than a house, with a reachable sum and no given twice;
/// thermometers no longer than the digits; arrows with a line; pairs of two cells.
pub fn check(grid: &Grid, constraints: &Constraints) -> Result<(), ConstraintError> {
    let shape = grid.shape();
    let n = shape.size();
    let inside = |cells: &[Cell], place: &dyn Fn() -> String| {
        if cells.iter().any(|c| c.index() >= shape.n_cells()) {
            return Err(ConstraintError::CellOutside { place: place() });
        }
        no_repeat(cells, shape, place)
    };
    let mut owner = vec![0usize; shape.n_cells()];
    for (i, cage) in constraints.cages.iter().enumerate() {
        let number = i + 1;
        inside(&cage.cells, &|| format!("Cage {number}"))?;
        if cage.cells.len() > n {
            return Err(ConstraintError::CageTooBig {
                cage: number,
                n_cells: cage.cells.len(),
                size: n,
            });
        }
        for &cell in &cage.cells {
            match owner[cell.index()] {
                0 => owner[cell.index()] = number,
                first => {
                    return Err(ConstraintError::CagesOverlap {
                        first,
                        second: number,
                        cell,
                        shape,
                    })
                }
            }
        }
        if let Some(cell) = cut_off_cell(&cage.cells, shape) {
            return Err(ConstraintError::CageNotConnected {
                cage: number,
                cell,
                shape,
            });
        }
        if let Some(sum) = cage.sum {
            let range = sum_range(cage.cells.len(), n);
            if sum < range.0 || sum > range.1 {
                return Err(ConstraintError::ImpossibleSum {
                    cage: number,
                    sum,
                    n_cells: cage.cells.len(),
                    range,
                });
            }
        }
        for (k, &a) in cage.cells.iter().enumerate() {
            for &b in &cage.cells[k + 1..] {
                let digit = grid.values()[a.index()];
                if digit != 0 && digit == grid.values()[b.index()] {
                    return Err(ConstraintError::DuplicateInCage {
                        cage: number,
                        cells: (a.min(b), a.max(b)),
                        digit,
                        shape,
                    });
                }
            }
        }
    }
    for (i, thermo) in constraints.thermometers.iter().enumerate() {
        inside(&thermo.cells, &|| format!("Thermometer {}", i + 1))?;
        if thermo.cells.len() > n {
            return Err(ConstraintError::ThermometerTooLong {
                thermometer: i + 1,
                n_cells: thermo.cells.len(),
                size: n,
            });
        }
    }
    for (i, arrow) in constraints.arrows.iter().enumerate() {
        if arrow.line.is_empty() {
            return Err(ConstraintError::EmptyArrow { arrow: i + 1 });
        }
        let mut cells = vec![arrow.circle];
        cells.extend(&arrow.line);
        inside(&cells, &|| format!("Arrow {}", i + 1))?;
    }
    for (i, pair) in constraints.pairs.iter().enumerate() {
        let what = match pair.relation {
            Relation::Sum(_) => "XV mark",
            _ => "Dot",
        };
        inside(&[pair.a, pair.b], &|| format!("{what} {}", i + 1))?;
    }
    Ok(())
}

/// An error for the first cell named twice in `cells`.
fn no_repeat(
    cells: &[Cell],
    shape: Shape,
    place: &dyn Fn() -> String,
) -> Result<(), ConstraintError> {
    for (k, &a) in cells.iter().enumerate() {
        if cells[k + 1..].contains(&a) {
            return Err(ConstraintError::RepeatedCell {
                place: place(),
                cell: a,
                shape,
            });
        }
    }
    Ok(())
}

/// A cell of `cells` that the first cell cannot reach through orthogonal neighbours within
/// `cells`, or `None` when they all hang together.
fn cut_off_cell(cells: &[Cell], shape: Shape) -> Option<Cell> {
    let first = *cells.first()?;
    let mut reached = vec![first];
    let mut todo = vec![first];
    while let Some(cell) = todo.pop() {
        for &other in cells {
            let (r1, c1) = (shape.row_of(cell), shape.col_of(cell));
            let (r2, c2) = (shape.row_of(other), shape.col_of(other));
            if r1.abs_diff(r2) + c1.abs_diff(c2) == 1 && !reached.contains(&other) {
                reached.push(other);
                todo.push(other);
            }
        }
    }
    cells.iter().copied().find(|c| !reached.contains(c))
}
