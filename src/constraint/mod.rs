//! Constraint puzzles: a grid with rules beyond its houses — killer cages, thermometers,
//! arrows, kropki dots, XV pairs, extra diagonals, and the anti-knight, anti-king and
//! non-consecutive rules.
//!
//! A [`ConstraintPuzzle`] is a [`Grid`] (its givens and its layout: classic or jigsaw, the
//! one [`Geometry`](crate::Geometry) every house comes from) and the [`Constraints`] that hang
//! beside it. The grid alone is the puzzle with the constraints forgotten, so everything
//! that reads grids still reads it; only this module's solver ([`solver`]) knows the
//! constraints. The constraints are data, checked once against the grid when the puzzle is
//! made ([`ConstraintPuzzle::new`]), so the solver never meets an impossible cage or a cell
//! outside the grid.
//!
//! ```text
//!  f-puzzles JSON ──► fpuzzles::read ──► ConstraintPuzzle { grid, constraints }
//!                                             │ check::check (cages, cells, givens)
//!                                             ▼
//!                                    solver::ConstraintSolver (propagate + branch, Budget)
//! ```

pub mod check;
pub mod fpuzzles;
pub mod fpuzzles_write;
pub mod link;
pub mod solver;
pub mod text;

pub use check::ConstraintError;

use crate::geometry::{Cell, Shape};
use crate::grid::Grid;

/// A killer cage: cells whose digits are all different and, when the cage has a sum, add up
/// to it. A cage without a sum is a house-like group of distinct digits and nothing more.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    /// Its cells, in the order the puzzle lists them.
    pub cells: Vec<Cell>,
    /// The total of its digits, if the puzzle gives one.
    pub sum: Option<u16>,
}

/// A thermometer: digits strictly increase from the bulb (the first cell) along the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermometer {
    /// Its cells, bulb first.
    pub cells: Vec<Cell>,
}

/// An arrow: the digits on its line add up to the digit in its circle. Digits on the line
/// may repeat unless a house (or another rule) keeps them apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// The cell of the circle (the bulb).
    pub circle: Cell,
    /// The cells of the line, from the circle outwards.
    pub line: Vec<Cell>,
}

/// How the digits of two cells must relate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Relation {
    /// The two digits differ by exactly this much: a white kropki dot (difference 1).
    Difference(u8),
    /// One digit is this many times the other: a black kropki dot (ratio 2).
    Ratio(u8),
    /// The two digits add up to this: an XV pair (X is 10, V is 5).
    Sum(u8),
    /// The two digits do not differ by 1: the non-consecutive rule between orthogonal
    /// neighbours.
    NotConsecutive,
}

impl Relation {
    /// Whether the digits `a` and `b` (1-based) stand in this relation.
    pub fn holds(self, a: u8, b: u8) -> bool {
        match self {
            Relation::Difference(k) => a.abs_diff(b) == k,
            Relation::Ratio(k) => {
                a as u16 == k as u16 * b as u16 || b as u16 == k as u16 * a as u16
            }
            Relation::Sum(total) => a as u16 + b as u16 == total as u16,
            Relation::NotConsecutive => a.abs_diff(b) != 1,
        }
    }

    /// What people call the mark for this relation, for messages: "white dot", "black dot",
    /// "X", "V", "sum 7".
    pub fn word(self) -> String {
        match self {
            Relation::Difference(1) => "white dot".to_string(),
            Relation::Difference(k) => format!("difference dot {k}"),
            Relation::Ratio(2) => "black dot".to_string(),
            Relation::Ratio(k) => format!("ratio dot {k}"),
            Relation::Sum(10) => "X".to_string(),
            Relation::Sum(5) => "V".to_string(),
            Relation::Sum(total) => format!("sum {total}"),
            Relation::NotConsecutive => "non-consecutive pair".to_string(),
        }
    }
}

/// Two cells whose digits stand in a [`Relation`]: a kropki dot or an XV mark on their
/// shared edge.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PairRule {
    /// The first cell.
    pub a: Cell,
    /// The second cell.
    pub b: Cell,
    /// What their digits must satisfy.
    pub relation: Relation,
}

/// Which main diagonal: ↘ from r1c1 (f-puzzles' `diagonal-`) or ↗ from the bottom-left
/// corner (`diagonal+`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Diagonal {
    /// From r1c1 down to the bottom-right corner.
    Falling,
    /// From the bottom-left corner up to the top-right one.
    Rising,
}

impl Diagonal {
    /// The cells of the diagonal in a shape, top row first.
    pub fn cells(self, shape: Shape) -> Vec<Cell> {
        let n = shape.size();
        (0..n)
            .map(|r| match self {
                Diagonal::Falling => shape.cell(r, r),
                Diagonal::Rising => shape.cell(r, n - 1 - r),
            })
            .collect()
    }
}

/// Every rule of a puzzle beyond the houses of its layout.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Constraints {
    /// Killer cages, none sharing a cell.
    pub cages: Vec<Cage>,
    /// Main diagonals that are houses.
    pub diagonals: Vec<Diagonal>,
    /// Thermometers, one line each.
    pub thermometers: Vec<Thermometer>,
    /// Arrows, one line each (an f-puzzles arrow with several lines makes one per line).
    pub arrows: Vec<Arrow>,
    /// Kropki dots and XV marks.
    pub pairs: Vec<PairRule>,
    /// No two cells a chess knight's move apart hold the same digit.
    pub is_antiknight: bool,
    /// No two cells a chess king's move apart (diagonal neighbours) hold the same digit.
    pub is_antiking: bool,
    /// No two orthogonal neighbours hold consecutive digits.
    pub is_nonconsecutive: bool,
}

impl Constraints {
    /// Whether there is no rule at all: the puzzle is its grid alone.
    pub fn is_empty(&self) -> bool {
        *self == Constraints::default()
    }

    /// The groups of cells whose digits must all differ beyond the layout's houses: the
    /// cages and the diagonals.
    pub fn distinct_groups(&self, shape: Shape) -> Vec<Vec<Cell>> {
        let cages = self.cages.iter().map(|cage| cage.cells.clone());
        let diagonals = self.diagonals.iter().map(|d| d.cells(shape));
        cages.chain(diagonals).collect()
    }

    /// Every pair of cells that must hold different digits because of the anti-knight or
    /// anti-king rule, each pair once, the smaller cell first.
    pub fn apart_pairs(&self, shape: Shape) -> Vec<(Cell, Cell)> {
        let mut moves: Vec<(isize, isize)> = Vec::new();
        if self.is_antiknight {
            moves.extend([(1, 2), (2, 1), (2, -1), (1, -2)]);
        }
        if self.is_antiking {
            moves.extend([(1, 1), (1, -1)]);
        }
        neighbour_pairs(shape, &moves)
    }

    /// Every pair rule: the dots and XV marks, and each orthogonal pair of neighbours under
    /// the non-consecutive rule.
    pub fn pair_rules(&self, shape: Shape) -> Vec<PairRule> {
        let mut rules = self.pairs.clone();
        if self.is_nonconsecutive {
            rules.extend(
                neighbour_pairs(shape, &[(0, 1), (1, 0)])
                    .into_iter()
                    .map(|(a, b)| PairRule {
                        a,
                        b,
                        relation: Relation::NotConsecutive,
                    }),
            );
        }
        rules
    }

    /// Whether a full grid of values (one per cell, 1-based) keeps every rule here. The
    /// layout's houses are the grid's to check.
    pub fn are_kept_by(&self, shape: Shape, values: &[u8]) -> bool {
        let at = |c: Cell| values[c.index()];
        let distinct = |cells: &[Cell]| {
            let mut seen = 0u32;
            cells.iter().all(|&c| {
                let bit = 1u32 << at(c);
                let is_new = seen & bit == 0;
                seen |= bit;
                is_new
            })
        };
        let sums = self.cages.iter().all(|cage| {
            cage.sum
                .is_none_or(|s| cage.cells.iter().map(|&c| at(c) as u16).sum::<u16>() == s)
        });
        let groups = self.distinct_groups(shape).iter().all(|g| distinct(g));
        let thermos = self
            .thermometers
            .iter()
            .all(|t| t.cells.windows(2).all(|w| at(w[0]) < at(w[1])));
        let arrows = self
            .arrows
            .iter()
            .all(|a| a.line.iter().map(|&c| at(c) as u32).sum::<u32>() == at(a.circle) as u32);
        let pairs = self
            .pair_rules(shape)
            .iter()
            .all(|p| p.relation.holds(at(p.a), at(p.b)));
        let apart = self.apart_pairs(shape).iter().all(|&(a, b)| at(a) != at(b));
        sums && groups && thermos && arrows && pairs && apart
    }
}

/// The pairs of cells one of `moves` apart (each move and its opposite), each pair once with
/// the smaller cell first.
fn neighbour_pairs(shape: Shape, moves: &[(isize, isize)]) -> Vec<(Cell, Cell)> {
    let n = shape.size() as isize;
    let mut pairs = Vec::new();
    for cell in shape.cells() {
        let (r, c) = (shape.row_of(cell) as isize, shape.col_of(cell) as isize);
        for &(dr, dc) in moves {
            let (r2, c2) = (r + dr, c + dc);
            if (0..n).contains(&r2) && (0..n).contains(&c2) {
                let other = shape.cell(r2 as usize, c2 as usize);
                pairs.push((cell.min(other), cell.max(other)));
            }
        }
    }
    pairs.sort();
    pairs.dedup();
    pairs
}

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
        let (cells, rules) = text::split(text)?;
        Some(ConstraintPuzzle::from_line(cells, rules))
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
