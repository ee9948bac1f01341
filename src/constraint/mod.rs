//! Constraint puzzles: a grid with rules beyond its houses — killer cages, thermometers,
//! arrows, kropki dots, XV pairs, extra diagonals, and the anti-knight, anti-king and
//! non-consecutive rules.
//!
//! This module reads and checks them. The rules themselves are data
//! ([`Constraints`], in `geometry::rules`) that the puzzle's layout carries once
//! [`ConstraintPuzzle::new`] has checked them against the grid: every cell inside it, cages
//! connected, apart, no larger than a house, with sums they can reach and no repeated given.
//! From then on the puzzle is a [`Grid`] like any other ([`ConstraintPuzzle::into_grid`]):
//! every layer that reads its [`Geometry`] reads the rules too, and the exact solvers pick
//! the constraint solver for it (`search::rules`).
//!
//! ```text
//!  f-puzzles JSON, links ──► fpuzzles::read ─┐
//!  one-line text ──────────► text::read_rules ┴► ConstraintPuzzle::new (check::check)
//!                                                   │ the rules into the layout
//!                                                   ▼
//!                                    Grid (its Geometry carries the rules)
//! ```

pub mod check;
pub mod fpuzzles;
pub mod fpuzzles_write;
pub mod link;
pub mod text;

pub use crate::geometry::rules::{
    Arrow, Cage, Constraints, Diagonal, PairRule, Relation, Thermometer,
};
pub use check::ConstraintError;

use crate::geometry::{Geometry, Shape};
use crate::grid::{layout_of_tag, Grid};
use std::sync::Arc;

/// A puzzle with constraints: its grid (givens and layout) and the rules beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstraintPuzzle {
    grid: Grid,
    constraints: Constraints,
}

impl ConstraintPuzzle {
    /// A puzzle from a grid and its rules, once [`check::check`] finds them sound: every cell
    /// inside the grid, cages connected, apart, no larger than a house, with sums they can
    /// reach and no repeated given, and so on.
    pub fn new(grid: Grid, constraints: Constraints) -> Result<ConstraintPuzzle, ConstraintError> {
        check::check(&grid, &constraints)?;
        let grid = grid.without_rules();
        let grid = grid
            .clone()
            .in_layout(grid.geometry().with_rules(constraints.clone()));
        Ok(ConstraintPuzzle { grid, constraints })
    }

    /// Reads a constraint puzzle in any of its forms: one f-puzzles JSON object, an
    /// f-puzzles or SudokuPad link to one ([`link`]), or Stepdoku's one-line text, the cells
    /// then the rules after semicolons ([`text`]). `None` for text in none of those forms
    /// (plain puzzle text, which [`Grid::parse`] reads).
    pub fn read(text: &str) -> Option<Result<ConstraintPuzzle, ConstraintError>> {
        if text.trim_start().starts_with('{') {
            return Some(fpuzzles::read(text));
        }
        if let Some(json) = link::json_of_link(text) {
            return Some(
                json.map_err(ConstraintError::Link)
                    .and_then(|json| fpuzzles::read(&json)),
            );
        }
        ConstraintPuzzle::read_line(text)
    }

    /// Reads Stepdoku's one-line text of a constraint puzzle alone (the cells, then the
    /// rules after semicolons): `None` for text without rules. Unlike [`ConstraintPuzzle::read`]
    /// it never reads JSON, so a caller that needs only this form does not carry a JSON
    /// reader (the page's first module).
    pub fn read_line(text: &str) -> Option<Result<ConstraintPuzzle, ConstraintError>> {
        let (cells, rules) = text::split(text)?;
        Some(ConstraintPuzzle::from_line(cells, rules))
    }

    /// The puzzle as a grid: its layout carries the rules.
    pub fn into_grid(self) -> Grid {
        self.grid
    }

    /// A puzzle from the two parts of its one-line text: the cells and the rules.
    fn from_line(cells: &str, rules: &str) -> Result<ConstraintPuzzle, ConstraintError> {
        let grid = Grid::parse(cells).map_err(ConstraintError::Cells)?;
        let rules = text::read_rules(grid.shape(), rules).map_err(ConstraintError::Rule)?;
        ConstraintPuzzle::new(grid, rules)
    }

    /// Stepdoku's one-line text of the puzzle (see [`text`]): reads back to the same puzzle.
    pub fn to_line(&self) -> String {
        text::write(&self.grid, &self.constraints)
    }

    /// Reads a puzzle from one f-puzzles JSON object (see [`fpuzzles::read`]).
    pub fn from_fpuzzles(text: &str) -> Result<ConstraintPuzzle, ConstraintError> {
        fpuzzles::read(text)
    }

    /// The grid: the givens and the layout.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The rules beyond the layout's houses.
    pub fn constraints(&self) -> &Constraints {
        &self.constraints
    }

    /// Whether a grid is a solution: full, its houses right, every given kept and every rule
    /// kept.
    pub fn is_solved_by(&self, solution: &Grid) -> bool {
        solution.shape() == self.grid.shape()
            && solution.is_valid_solution()
            && solution.agrees_with(&self.grid)
            && self
                .constraints
                .are_kept_by(self.grid.shape(), solution.values())
    }
}

/// Whether text looks like a constraint puzzle in one of its forms: JSON (it holds `{`), a
/// link (it holds `load=` or `fpuzzles`) or Stepdoku's one-line text (it holds a
/// semicolon). A quick look, for a caller that reads only plain text to know when to hand
/// the text on to [`ConstraintPuzzle::read`]; plain puzzle text never looks so.
pub fn is_import(text: &str) -> bool {
    text.contains(['{', ';']) || text.contains("load=") || text.contains("fpuzzles")
}

/// The layout a layout key names: a variant tag as [`Grid::parse`] reads it (empty for
/// classic), then, for a layout with rules, the rules as the one-line text writes them
/// (`;cage=17:r1c1,r1c2;…`). [`layout_key`] writes it.
pub fn layout_of_key(shape: Shape, key: &str) -> Result<Arc<Geometry>, ConstraintError> {
    let (tag, rules) = key.split_once(';').unwrap_or((key, ""));
    let geometry = layout_of_tag(shape, tag).map_err(ConstraintError::Layout)?;
    if rules.trim().is_empty() {
        return Ok(geometry);
    }
    let rules = text::read_rules(shape, rules).map_err(ConstraintError::Rule)?;
    let empty = Grid::empty_in(geometry);
    Ok(ConstraintPuzzle::new(empty, rules)?.grid.geometry().clone())
}

/// The key of a layout: its variant tag, then its rules (see [`layout_of_key`]).
pub fn layout_key(geometry: &Geometry) -> String {
    geometry.tag() + geometry.rules_text()
}
