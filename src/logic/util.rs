//! Helpers shared by the technique families: precomputed grid geometry and cell bit sets.
//!
//! Add functions here; do not rewrite those of others.

use crate::grid::{Cell, House, Shape};
use std::sync::OnceLock;

/// The geometry of a shape, computed once: the cells of each house, the houses and the peers
/// of each cell. Finders use it instead of [`Shape::cells_of`], which allocates on each call.
#[derive(Debug)]
pub struct Geometry {
    /// The shape.
    pub shape: Shape,
    /// The side, which is also the number of digits.
    pub size: usize,
    /// The number of cells.
    pub n_cells: usize,
    /// The cells of each house, by dense house id (rows, then columns, then boxes).
    pub house_cells: Vec<Vec<Cell>>,
    /// The houses of each cell as dense ids: row, column, box.
    pub cell_houses: Vec<[usize; 3]>,
    /// The peers of each cell (cells sharing a house with it, itself excluded).
    pub peers: Vec<Vec<Cell>>,
}

impl Geometry {
    fn build(shape: Shape) -> Geometry {
        let houses: Vec<House> = shape.houses().collect();
        let house_cells: Vec<Vec<Cell>> = houses.iter().map(|&h| shape.cells_of(h)).collect();
        let cell_houses: Vec<[usize; 3]> = shape
            .cells()
            .map(|c| shape.houses_of(c).map(|h| h.id(shape)))
            .collect();
        let peers = shape
            .cells()
            .map(|c| shape.cells().filter(|&p| shape.sees(c, p)).collect())
            .collect();
        Geometry {
            shape,
            size: shape.size(),
            n_cells: shape.n_cells(),
            house_cells,
            cell_houses,
            peers,
        }
    }

    /// The house with a dense id.
    pub fn house(&self, id: usize) -> House {
        let n = self.size;
        match id / n {
            0 => House::row(id % n),
            1 => House::column(id % n),
            _ => House::boxed(id % n),
        }
    }
}

/// The geometry of a shape, built on first use and kept for the life of the program.
pub fn geometry(shape: Shape) -> &'static Geometry {
    static GEOMETRIES: [OnceLock<Geometry>; 7] = [const { OnceLock::new() }; 7];
    let idx = Shape::ALL
        .iter()
        .position(|&s| s == shape)
        .expect("every shape is listed in Shape::ALL");
    GEOMETRIES[idx].get_or_init(|| Geometry::build(shape))
}

/// A set of cells as a bit set of `W` 64-bit words; `W` words hold `64 × W` cells, so 9×9
/// needs `W = 2` and 25×25 needs `W = 10`. Finders pick `W` from the shape with
/// [`words_for`] and dispatch to a generic function.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CellSet<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for CellSet<W> {
    fn default() -> Self {
        CellSet([0; W])
    }
}

impl<const W: usize> CellSet<W> {
    /// The empty set.
    pub const EMPTY: CellSet<W> = CellSet([0; W]);

    /// The set of the first `n` cells.
    pub fn first_n(n: usize) -> CellSet<W> {
        let mut set = CellSet::EMPTY;
        for i in 0..n {
            set.insert(Cell::new(i));
        }
        set
    }

    /// The set of the given cells.
    pub fn of(cells: &[Cell]) -> CellSet<W> {
        let mut set = CellSet::EMPTY;
        for &c in cells {
            set.insert(c);
        }
        set
    }

    /// Adds a cell.
    pub fn insert(&mut self, cell: Cell) {
        self.0[cell.index() / 64] |= 1 << (cell.index() % 64);
    }

    /// Removes a cell.
    pub fn remove(&mut self, cell: Cell) {
        self.0[cell.index() / 64] &= !(1 << (cell.index() % 64));
    }

    /// Whether the set holds the cell.
    pub fn contains(&self, cell: Cell) -> bool {
        self.0[cell.index() / 64] & (1 << (cell.index() % 64)) != 0
    }

    /// Cells in both sets.
    pub fn and(&self, other: &CellSet<W>) -> CellSet<W> {
        let mut out = *self;
        for (o, x) in out.0.iter_mut().zip(other.0.iter()) {
            *o &= x;
        }
        out
    }

    /// Cells in either set.
    pub fn or(&self, other: &CellSet<W>) -> CellSet<W> {
        let mut out = *self;
        for (o, x) in out.0.iter_mut().zip(other.0.iter()) {
            *o |= x;
        }
        out
    }

    /// Cells of `self` not in `other`.
    pub fn minus(&self, other: &CellSet<W>) -> CellSet<W> {
        let mut out = *self;
        for (o, x) in out.0.iter_mut().zip(other.0.iter()) {
            *o &= !x;
        }
        out
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether the two sets share a cell.
    pub fn meets(&self, other: &CellSet<W>) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// Whether every cell of `self` is in `other`.
    pub fn is_subset(&self, other: &CellSet<W>) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a & !b == 0)
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The cells in reading order.
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut bits = w;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(Cell::new(i * 64 + b))
            })
        })
    }
}

/// The number of 64-bit words a [`CellSet`] needs for a shape: 1 up to 8×8, 2 for 9×9,
/// 3 for 12×12, 4 for 16×16 and 10 for 25×25.
pub fn words_for(shape: Shape) -> usize {
    shape.n_cells().div_ceil(64)
}

/// Per-shape peer sets as [`CellSet`]s, indexed by cell.
pub fn peer_sets<const W: usize>(geometry: &Geometry) -> Vec<CellSet<W>> {
    geometry.peers.iter().map(|p| CellSet::of(p)).collect()
}

/// Cells named people's way: `r1c2, r3c4`.
pub fn cell_list(shape: Shape, cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(|c| c.name(shape)).collect();
    names.join(", ")
}

/// Joins names as people write a list: "a", "a and b", "a, b and c".
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
