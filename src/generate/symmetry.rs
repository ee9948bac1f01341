//! Symmetries of the givens' pattern and the orbits of cells they make: the generator empties
//! a whole orbit at a time, so the givens keep the symmetry asked for.

use crate::geometry::{Cell, Shape};
use crate::grid::Grid;
use std::fmt;

/// A symmetry of the givens' pattern: every cell's images hold a given when it does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Any pattern.
    None,
    /// A half turn about the centre.
    Rotate180,
    /// A quarter turn about the centre (and so a half turn too).
    Rotate90,
    /// A reflection left to right.
    Mirror,
    /// A reflection in the diagonal from the top left to the bottom right.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, `None` first.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The short name used on the command line and in links, such as `rotate-180`.
    pub fn slug(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate-180",
            Symmetry::Rotate90 => "rotate-90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The name people read, such as "Rotational 180°".
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "None",
            Symmetry::Rotate180 => "Rotational 180°",
            Symmetry::Rotate90 => "Rotational 90°",
            Symmetry::Mirror => "Mirror",
            Symmetry::Diagonal => "Diagonal",
        }
    }

    /// The symmetry with this slug; `180` and `90` are read as the rotations.
    pub fn from_slug(slug: &str) -> Option<Symmetry> {
        match slug.trim().to_ascii_lowercase().as_str() {
            "180" => Some(Symmetry::Rotate180),
            "90" => Some(Symmetry::Rotate90),
            word => Symmetry::ALL.into_iter().find(|s| s.slug() == word),
        }
    }

    /// The image of a cell under one application of the symmetry.
    fn image(self, shape: Shape, cell: Cell) -> Cell {
        let last = shape.size() - 1;
        let (row, col) = (shape.row_of(cell), shape.col_of(cell));
        match self {
            Symmetry::None => cell,
            Symmetry::Rotate180 => shape.cell(last - row, last - col),
            Symmetry::Rotate90 => shape.cell(col, last - row),
            Symmetry::Mirror => shape.cell(row, last - col),
            Symmetry::Diagonal => shape.cell(col, row),
        }
    }

    /// The orbits of a shape's cells: sets of cells that hold givens together, each listed
    /// once, in the order of their first cell.
    pub fn orbits(self, shape: Shape) -> Vec<Vec<Cell>> {
        let mut seen = vec![false; shape.n_cells()];
        let mut orbits = Vec::new();
        for cell in shape.cells() {
            if seen[cell.index()] {
                continue;
            }
            let mut orbit = vec![cell];
            seen[cell.index()] = true;
            let mut next = self.image(shape, cell);
            while next != cell {
                if !seen[next.index()] {
                    seen[next.index()] = true;
                    orbit.push(next);
                }
                next = self.image(shape, next);
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether a puzzle's givens have this symmetry.
    pub fn holds_for(self, puzzle: &Grid) -> bool {
        let shape = puzzle.shape();
        shape
            .cells()
            .all(|cell| puzzle.get(cell).is_some() == puzzle.get(self.image(shape, cell)).is_some())
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}
