//! The one geometry: which cells form each house, for every shape and every variant.
//!
//! A [`Geometry`] is built once per layout (a [`Shape`] and a [`Variant`]) and shared by
//! everything that asks "what is a house?": the grid, both exact solvers, validation, every
//! technique finder, the sentences and the SVG pictures. Houses are numbered densely in one
//! order, which nothing else decodes:
//!
//! ```text
//!  rows 0‥n │ columns n‥2n │ boxes (or jigsaw regions) 2n‥3n │ diagonals ↘ ↗ │ windows …
//! ```
//!
//! Every house holds exactly `n` cells, and a solution holds every digit once in each.
//!
//! A grid of side `n` is split into boxes of `box_rows × box_cols` cells with
//! `box_rows × box_cols = n`. Cells are numbered in reading order:
//!
//! ```text
//!  9×9, boxes 3×3            6×6, boxes 2×3
//!   0  1  2 │  3 …            0  1  2 │  3  4  5
//!   9 10 11 │ 12 …            6  7  8 │  9 10 11
//!  18 19 20 │ 21 …           ─────────┼─────────
//!  ─────────┼──────          12 13 14 │ 15 16 17
//!  27 …                       …
//! ```
//!
//! Boxes are numbered in reading order too. Everything shown to people is 1-based
//! (`r3c5`, `box 2`); everything stored is 0-based.

pub mod rules;

pub use rules::Constraints;

use crate::digits::{Digit, DigitSet};
use crate::util::bit_positions_in_words;
use serde::{Serialize, Serializer};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};

/// The shape of a grid: the size of its boxes. The side is `box_rows * box_cols`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

impl Shape {
    /// 4×4 with boxes of 2×2.
    pub const FOUR: Shape = Shape::new(2, 2);
    /// 6×6 with boxes of 2 rows × 3 columns.
    pub const SIX: Shape = Shape::new(2, 3);
    /// 8×8 with boxes of 2 rows × 4 columns.
    pub const EIGHT: Shape = Shape::new(2, 4);
    /// The classic 9×9 with boxes of 3×3.
    pub const NINE: Shape = Shape::new(3, 3);
    /// 12×12 with boxes of 3 rows × 4 columns.
    pub const TWELVE: Shape = Shape::new(3, 4);
    /// 16×16 with boxes of 4×4.
    pub const SIXTEEN: Shape = Shape::new(4, 4);
    /// 25×25 with boxes of 5×5.
    pub const TWENTY_FIVE: Shape = Shape::new(5, 5);

    /// Every supported shape, smallest first.
    pub const ALL: [Shape; 7] = [
        Shape::FOUR,
        Shape::SIX,
        Shape::EIGHT,
        Shape::NINE,
        Shape::TWELVE,
        Shape::SIXTEEN,
        Shape::TWENTY_FIVE,
    ];

    const fn new(box_rows: u8, box_cols: u8) -> Shape {
        Shape { box_rows, box_cols }
    }

    /// The supported shape with this side length, if any.
    pub fn from_size(size: usize) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.size() == size)
    }

    /// The supported shape with this many cells, if any.
    pub fn from_cell_count(n_cells: usize) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.n_cells() == n_cells)
    }

    /// The side of the grid, which is also the number of digits.
    pub const fn size(self) -> usize {
        self.box_rows as usize * self.box_cols as usize
    }

    /// The number of rows in one box.
    pub const fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// The number of columns in one box.
    pub const fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// The number of cells.
    pub const fn n_cells(self) -> usize {
        self.size() * self.size()
    }

    /// All digits of this shape.
    pub const fn all_digits(self) -> DigitSet {
        DigitSet::all(self.size())
    }

    /// The cell at a 0-based row and column.
    pub fn cell(self, row: usize, col: usize) -> Cell {
        Cell((row * self.size() + col) as u16)
    }

    /// The cell a name such as `r3c5` names (1-based, case and spaces around it do not
    /// matter), if it is in the grid: the reverse of [`Cell::name`].
    pub fn cell_named(self, name: &str) -> Option<Cell> {
        let lower = name.trim().to_ascii_lowercase();
        let (row, col) = lower.strip_prefix('r')?.split_once('c')?;
        let is_number =
            |t: &str| !t.is_empty() && t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit());
        if !is_number(row) || !is_number(col) {
            return None;
        }
        let (row, col): (usize, usize) = (row.parse().ok()?, col.parse().ok()?);
        let n = self.size();
        ((1..=n).contains(&row) && (1..=n).contains(&col)).then(|| self.cell(row - 1, col - 1))
    }

    /// The 0-based row of a cell.
    pub fn row_of(self, cell: Cell) -> usize {
        cell.index() / self.size()
    }

    /// The 0-based column of a cell.
    pub fn col_of(self, cell: Cell) -> usize {
        cell.index() % self.size()
    }

    /// The 0-based box of a cell, numbered in reading order.
    pub fn box_of(self, cell: Cell) -> usize {
        let boxes_across = self.size() / self.box_cols();
        (self.row_of(cell) / self.box_rows()) * boxes_across + self.col_of(cell) / self.box_cols()
    }

    /// Every cell in reading order.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (0..self.n_cells()).map(Cell::new)
    }

    /// The character that writes a digit in this shape's alphabet (see
    /// [`Grid::parse`](crate::Grid::parse)).
    pub fn digit_char(self, digit: Digit) -> char {
        let v = digit.get();
        if self.size() == 25 {
            (b'A' + v - 1) as char
        } else if v <= 9 {
            (b'0' + v) as char
        } else {
            (b'A' + v - 10) as char
        }
    }

    /// A digit as sentences write it, in this shape's alphabet: the character of
    /// [`Shape::digit_char`], so "7" on 9×9, "F" for 15 on 16×16 and "A" for 1 on 25×25.
    /// Every sentence for people writes digits this way, as the page and the puzzle text do;
    /// `Digit`'s own `Display` writes the number whatever the shape.
    pub fn show(self, digit: Digit) -> impl fmt::Display {
        self.digit_char(digit)
    }

    /// The digits of a set in this shape's alphabet, smallest first, joined by `/`: "3/6/8"
    /// on 9×9, "1/A/F" for 1, 10 and 15 on 16×16 (see [`Shape::show`]).
    pub fn show_slashed(self, digits: DigitSet) -> String {
        let chars: Vec<String> = digits.iter().map(|d| self.show(d).to_string()).collect();
        chars.join("/")
    }

    /// A name for people, such as "9×9".
    pub fn name(self) -> String {
        format!("{0}×{0}", self.size())
    }
}

/// A cell, by its 0-based index in reading order. Its row and column depend on the [`Shape`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u16);

impl Cell {
    /// The cell with this 0-based reading-order index.
    pub const fn new(index: usize) -> Cell {
        Cell(index as u16)
    }

    /// The 0-based reading-order index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The name people use, such as `r3c5` (1-based).
    pub fn name(self, shape: Shape) -> String {
        format!("r{}c{}", shape.row_of(self) + 1, shape.col_of(self) + 1)
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u16(self.0)
    }
}

/// The kinds of house: rows and columns in every layout, boxes or jigsaw regions, and the
/// extra houses of the variants.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
    /// An irregular region of a jigsaw layout, in place of a box.
    Region,
    /// A main diagonal of X-Sudoku: index 0 runs ↘ from r1c1, index 1 runs ↗ from the
    /// bottom-left corner.
    Diagonal,
    /// An extra square window of Windoku.
    Window,
}

impl HouseKind {
    /// Every kind, in the order of dense house ids (see [`crate::geometry`]).
    pub const ORDER: [HouseKind; 6] = [
        HouseKind::Row,
        HouseKind::Column,
        HouseKind::Box,
        HouseKind::Region,
        HouseKind::Diagonal,
        HouseKind::Window,
    ];

    /// The word people use: "row", "column", "box", "region", "diagonal" or "window".
    pub fn word(self) -> &'static str {
        match self {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
            HouseKind::Region => "region",
            HouseKind::Diagonal => "diagonal",
            HouseKind::Window => "window",
        }
    }

    /// Whether houses of this kind are lines across the grid (rows, columns, diagonals).
    pub fn is_line(self) -> bool {
        matches!(
            self,
            HouseKind::Row | HouseKind::Column | HouseKind::Diagonal
        )
    }
}

/// A house: a row, a column, a box or a variant's house, with its 0-based index among the
/// houses of its kind. Which cells it holds is the [`crate::Geometry`]'s to say. It
/// serialises as `{ kind, index, name }`, `name` as sentences write it ("row 3",
/// "diagonal ↘").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct House {
    kind: HouseKind,
    index: u8,
}

impl Serialize for House {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut record = serializer.serialize_struct("House", 3)?;
        record.serialize_field("kind", &self.kind)?;
        record.serialize_field("index", &self.index)?;
        record.serialize_field("name", &self.to_string())?;
        record.end()
    }
}

impl House {
    /// The house of a kind with a 0-based index.
    pub fn new(kind: HouseKind, index: usize) -> House {
        House {
            kind,
            index: index as u8,
        }
    }

    /// The 0-based row `index`.
    pub fn row(index: usize) -> House {
        House::new(HouseKind::Row, index)
    }

    /// The 0-based column `index`.
    pub fn column(index: usize) -> House {
        House::new(HouseKind::Column, index)
    }

    /// The 0-based box `index` (boxes in reading order).
    pub fn boxed(index: usize) -> House {
        House::new(HouseKind::Box, index)
    }

    /// The kind of house.
    pub fn kind(self) -> HouseKind {
        self.kind
    }

    /// The 0-based index among houses of its kind.
    pub fn index(self) -> usize {
        self.index as usize
    }
}

impl fmt::Display for House {
    /// Writes "row 3", "column 5", "box 2", "region 4", "window 1" (1-based) or
    /// "diagonal ↘" / "diagonal ↗".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.kind, self.index) {
            (HouseKind::Diagonal, 0) => write!(f, "diagonal ↘"),
            (HouseKind::Diagonal, _) => write!(f, "diagonal ↗"),
            (kind, index) => write!(f, "{} {}", kind.word(), index + 1),
        }
    }
}

/// Which houses a grid has beyond rows and columns.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Rows, columns and boxes.
    Classic,
    /// X-Sudoku: the classic houses and both main diagonals.
    X,
    /// Windoku (Hyper Sudoku): the classic houses and extra square windows, one cell in from
    /// each box border (four on 9×9).
    Windoku,
    /// Jigsaw: rows, columns and irregular regions of `n` cells instead of boxes. The map holds
    /// the 0-based region of each cell in reading order.
    Jigsaw(Box<[u8]>),
}

impl Variant {
    /// The variants that need nothing but their name, in the order a page offers them.
    pub const FIXED: [Variant; 3] = [Variant::Classic, Variant::X, Variant::Windoku];

    /// The name people know the variant by: "Classic", "X-Sudoku", "Windoku" or "Jigsaw".
    pub fn name(&self) -> &'static str {
        match self {
            Variant::Classic => "Classic",
            Variant::X => "X-Sudoku",
            Variant::Windoku => "Windoku",
            Variant::Jigsaw(_) => "Jigsaw",
        }
    }

    /// The tag puzzle text writes before the cells: empty for classic, `x:`, `windoku:`, or
    /// `jigsaw:` with the map (one region letter per cell) and a colon.
    pub fn tag(&self) -> String {
        match self {
            Variant::Classic => String::new(),
            Variant::X | Variant::Windoku => format!("{}:", self.slug()),
            Variant::Jigsaw(map) => {
                let letters: String = map.iter().map(|&r| region_letter(r)).collect();
                format!("jigsaw:{letters}:")
            }
        }
    }

    /// The variant a tag names without its colon, as a command line gives it: `classic`,
    /// `x`, `windoku` or `hyper`, or `jigsaw:MAP` with the region map (see
    /// [`Geometry::jigsaw_map`]); case does not matter. `None` for any other name. A map is
    /// only read here: [`Geometry::new`] checks it against a shape.
    pub fn from_name(name: &str) -> Option<Variant> {
        match name.split_once(':') {
            Some((word, map)) if word.trim().eq_ignore_ascii_case("jigsaw") => {
                Some(Variant::Jigsaw(Geometry::jigsaw_map(map).into()))
            }
            Some(_) => None,
            None => Variant::of_word(name),
        }
    }

    /// The variant of a tag word that needs no map: `classic`, `x`, `windoku` or `hyper`.
    pub(crate) fn of_word(word: &str) -> Option<Variant> {
        match word.trim().to_ascii_lowercase().as_str() {
            "classic" => Some(Variant::Classic),
            "x" => Some(Variant::X),
            "windoku" | "hyper" => Some(Variant::Windoku),
            _ => None,
        }
    }

    /// The stable name of the variant: `classic`, `x`, `windoku` or `jigsaw`.
    pub fn slug(&self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::X => "x",
            Variant::Windoku => "windoku",
            Variant::Jigsaw(_) => "jigsaw",
        }
    }
}

/// Why a layout cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutError {
    /// Windoku needs square boxes of side 3 or more.
    NoWindows(Shape),
    /// A jigsaw map whose length is not the number of cells.
    MapLength {
        /// The number of region characters read.
        read: usize,
        /// The number of cells of the grid.
        n_cells: usize,
    },
    /// A jigsaw map with the wrong number of regions, or a region of the wrong size.
    MapRegions {
        /// The side of the grid: the number of regions, and of cells in each.
        size: usize,
        /// The sizes of the regions read, in order of first appearance.
        sizes: Vec<usize>,
    },
    /// Text that is not a variant tag where only a tag may stand.
    NotATag(String),
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutError::NoWindows(shape) => write!(
                f,
                "Windoku needs square boxes (9×9, 16×16 or 25×25), not {}.",
                shape.name()
            ),
            LayoutError::MapLength { read, n_cells } => write!(
                f,
                "The jigsaw map has {read} region letters, but the grid has {n_cells} cells."
            ),
            LayoutError::MapRegions { size, sizes } => {
                let n_read = sizes.iter().filter(|&&n| n > 0).count();
                write!(
                    f,
                    "A {size}×{size} jigsaw map needs {size} regions of {size} cells each; it has {n_read}"
                )?;
                // Each region of the wrong size by its letter, so the map can be mended.
                let (mut sep, mut cells) = (": ", " cells");
                for (r, &n) in sizes.iter().enumerate() {
                    if n > 0 && n != *size {
                        write!(f, "{sep}{} with {n}{cells}", region_letter(r as u8))?;
                        (sep, cells) = (", ", "");
                    }
                }
                write!(f, ".")
            }
            LayoutError::NotATag(text) => write!(
                f,
                "“{text}” is not a layout: write x:, windoku:, jigsaw: with a region map, or nothing."
            ),
        }
    }
}

impl std::error::Error for LayoutError {}

/// The houses of one layout, with each cell's houses and peers.
pub struct Geometry {
    shape: Shape,
    variant: Variant,
    /// The house with each dense id.
    houses: Vec<House>,
    /// The dense id of the first house of each kind, by [`HouseKind::ORDER`] position.
    kind_start: [usize; HouseKind::ORDER.len()],
    /// The cells of each house in reading order, by dense id.
    pub house_cells: Vec<Vec<Cell>>,
    /// The dense ids of the houses of each cell, in house order.
    pub cell_houses: Vec<Vec<usize>>,
    /// The peers of each cell (cells sharing a house with it, itself excluded), in order.
    pub peers: Vec<Vec<Cell>>,
    /// The peers of each cell as a bit set wide enough for every shape.
    peer_bits: Vec<CellSet<10>>,
    /// The box or jigsaw region of each cell, for drawing thick borders.
    regions: Vec<u8>,
    /// For each house, the houses it shares two or more cells with.
    overlaps: Vec<Vec<Overlap>>,
    /// The rules beyond the houses (none for a plain layout).
    rules: Constraints,
    /// The rules as their one-line text (see [`Geometry::rules_text`]), written once.
    rules_text: String,
}

/// Two houses that share two or more cells, as seen from the first: a box and a row, a jigsaw
/// region and a column, a window and a box, a diagonal and a box. When a digit's places in
/// the first all lie in the shared cells, it leaves the rest of the second.
#[derive(Clone, Debug)]
pub struct Overlap {
    /// The dense id of the other house.
    pub other: usize,
    /// The positions of the shared cells within the first house (bit `i` is its `i`-th cell).
    pub shared: u32,
    /// The positions within the other house of its cells outside the first.
    pub rest_of_other: u32,
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Geometry({} {})", self.shape.name(), self.variant.slug())
    }
}

impl PartialEq for Geometry {
    fn eq(&self, other: &Geometry) -> bool {
        // The rules' text is written the same for the same rules, and only for them.
        self.shape == other.shape
            && self.variant == other.variant
            && self.rules_text == other.rules_text
    }
}

impl Eq for Geometry {}

impl Hash for Geometry {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.shape.hash(state);
        self.variant.hash(state);
        self.rules_text.hash(state);
    }
}

impl Geometry {
    /// The classic geometry of a shape (rows, columns, boxes), built on first use and shared.
    pub fn classic(shape: Shape) -> Arc<Geometry> {
        static CLASSIC: [OnceLock<Arc<Geometry>>; 7] = [const { OnceLock::new() }; 7];
        let idx = Shape::ALL
            .iter()
            .position(|&s| s == shape)
            .expect("every shape is listed in Shape::ALL");
        CLASSIC[idx]
            .get_or_init(|| Arc::new(Geometry::build(shape, Variant::Classic)))
            .clone()
    }

    /// The geometry of a shape in a variant. Classic, X and Windoku geometries are built once
    /// and shared; each jigsaw map gets its own.
    pub fn new(shape: Shape, variant: Variant) -> Result<Arc<Geometry>, LayoutError> {
        static FIXED: [[OnceLock<Arc<Geometry>>; 7]; 2] =
            [const { [const { OnceLock::new() }; 7] }; 2];
        let idx = Shape::ALL
            .iter()
            .position(|&s| s == shape)
            .expect("every shape is listed in Shape::ALL");
        match variant {
            Variant::Classic => Ok(Geometry::classic(shape)),
            Variant::X => Ok(FIXED[0][idx]
                .get_or_init(|| Arc::new(Geometry::build(shape, Variant::X)))
                .clone()),
            Variant::Windoku => {
                if shape.box_rows() != shape.box_cols() || shape.box_rows() < 3 {
                    return Err(LayoutError::NoWindows(shape));
                }
                Ok(FIXED[1][idx]
                    .get_or_init(|| Arc::new(Geometry::build(shape, Variant::Windoku)))
                    .clone())
            }
            Variant::Jigsaw(map) => {
                check_map(shape, &map)?;
                Ok(Arc::new(Geometry::build(shape, Variant::Jigsaw(map))))
            }
        }
    }

    /// Reads a jigsaw map: one region character per cell (letters or digits; whitespace and
    /// `|`, `-`, `+` ignored), regions numbered in order of first appearance.
    pub fn jigsaw_map(text: &str) -> Vec<u8> {
        let mut labels: Vec<char> = Vec::new();
        text.chars()
            .filter(|c| !c.is_whitespace() && !matches!(c, '|' | '-' | '+'))
            .map(|c| {
                let c = c.to_ascii_uppercase();
                match labels.iter().position(|&l| l == c) {
                    Some(at) => at as u8,
                    None => {
                        labels.push(c);
                        (labels.len() - 1).min(u8::MAX as usize) as u8
                    }
                }
            })
            .collect()
    }

    fn build(shape: Shape, variant: Variant) -> Geometry {
        let n = shape.size();
        let cells = || shape.cells();
        let regions: Vec<u8> = match &variant {
            Variant::Jigsaw(map) => map.to_vec(),
            _ => cells().map(|c| shape.box_of(c) as u8).collect(),
        };
        let third = match variant {
            Variant::Jigsaw(_) => HouseKind::Region,
            _ => HouseKind::Box,
        };
        let mut houses: Vec<House> = Vec::new();
        let mut house_cells: Vec<Vec<Cell>> = Vec::new();
        let mut kind_start = [usize::MAX; HouseKind::ORDER.len()];
        let mut add = |kind: HouseKind, members: Vec<Vec<Cell>>| {
            let at = HouseKind::ORDER.iter().position(|&k| k == kind).unwrap();
            kind_start[at] = houses.len();
            for (index, cells) in members.into_iter().enumerate() {
                debug_assert_eq!(cells.len(), n, "every house holds n cells");
                houses.push(House::new(kind, index));
                house_cells.push(cells);
            }
        };
        add(
            HouseKind::Row,
            (0..n)
                .map(|r| (0..n).map(|c| shape.cell(r, c)).collect())
                .collect(),
        );
        add(
            HouseKind::Column,
            (0..n)
                .map(|c| (0..n).map(|r| shape.cell(r, c)).collect())
                .collect(),
        );
        add(
            third,
            (0..n)
                .map(|k| {
                    cells()
                        .filter(|c| regions[c.index()] as usize == k)
                        .collect()
                })
                .collect(),
        );
        match variant {
            Variant::X => add(
                HouseKind::Diagonal,
                vec![
                    (0..n).map(|i| shape.cell(i, i)).collect(),
                    (0..n).map(|i| shape.cell(i, n - 1 - i)).collect(),
                ],
            ),
            Variant::Windoku => {
                let side = shape.box_rows();
                let starts: Vec<usize> = (0..)
                    .map(|k| 1 + k * (side + 1))
                    .take_while(|&s| s + side <= n)
                    .collect();
                let windows = starts
                    .iter()
                    .flat_map(|&top| starts.iter().map(move |&left| (top, left)))
                    .map(|(top, left)| {
                        (top..top + side)
                            .flat_map(|r| (left..left + side).map(move |c| shape.cell(r, c)))
                            .collect()
                    })
                    .collect();
                add(HouseKind::Window, windows);
            }
            Variant::Classic | Variant::Jigsaw(_) => {}
        }
        let mut cell_houses = vec![Vec::new(); shape.n_cells()];
        for (id, members) in house_cells.iter().enumerate() {
            for c in members {
                cell_houses[c.index()].push(id);
            }
        }
        let mut peer_bits = vec![CellSet::<10>::EMPTY; shape.n_cells()];
        for members in &house_cells {
            let set = CellSet::<10>::of(members);
            for c in members {
                peer_bits[c.index()] = peer_bits[c.index()].or(&set);
            }
        }
        for c in cells() {
            peer_bits[c.index()].remove(c);
        }
        let peers = peer_bits.iter().map(|bits| bits.iter().collect()).collect();
        let sets: Vec<CellSet<10>> = house_cells.iter().map(|m| CellSet::of(m)).collect();
        let positions = |members: &[Cell], keep: &dyn Fn(Cell) -> bool| {
            members
                .iter()
                .enumerate()
                .filter(|&(_, &c)| keep(c))
                .fold(0u32, |mask, (i, _)| mask | 1 << i)
        };
        let overlaps = (0..houses.len())
            .map(|a| {
                (0..houses.len())
                    .filter(|&b| b != a && sets[a].and(&sets[b]).len() >= 2)
                    .map(|b| Overlap {
                        other: b,
                        shared: positions(&house_cells[a], &|c| sets[b].contains(c)),
                        rest_of_other: positions(&house_cells[b], &|c| !sets[a].contains(c)),
                    })
                    .collect()
            })
            .collect();
        Geometry {
            shape,
            variant,
            houses,
            kind_start,
            house_cells,
            cell_houses,
            peers,
            peer_bits,
            regions,
            overlaps,
            rules: Constraints::default(),
            rules_text: String::new(),
        }
    }

    /// This layout with rules beyond its houses (replacing any it had). The rules are taken as
    /// they are: [`crate::constraint::check`] checks them against a puzzle.
    pub fn with_rules(&self, rules: Constraints) -> Arc<Geometry> {
        let mut geometry = Geometry::build(self.shape, self.variant.clone());
        geometry.rules_text = rules.to_text(self.shape);
        geometry.rules = rules;
        Arc::new(geometry)
    }

    /// The rules as Stepdoku's one-line text writes them after the cells
    /// ([`Constraints::to_text`]): empty without rules. Written once, when the rules are
    /// given, so a grid writes its line without formatting them again.
    pub fn rules_text(&self) -> &str {
        &self.rules_text
    }

    /// The rules beyond the houses: empty for a plain layout.
    pub fn rules(&self) -> &Constraints {
        &self.rules
    }

    /// Whether the layout has rules beyond its houses.
    pub fn has_rules(&self) -> bool {
        !self.rules_text.is_empty()
    }

    /// The shape: the side and the size of the boxes.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The variant.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Whether this is the classic layout (rows, columns and boxes only, no other rule).
    pub fn is_classic(&self) -> bool {
        self.variant == Variant::Classic && !self.has_rules()
    }

    /// Whether the boxes of the shape are houses (classic, X and Windoku; not jigsaw).
    pub fn has_boxes(&self) -> bool {
        !matches!(self.variant, Variant::Jigsaw(_))
    }

    /// The side, which is also the number of digits and of cells in each house.
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The number of cells.
    pub fn n_cells(&self) -> usize {
        self.shape.n_cells()
    }

    /// The number of houses.
    pub fn n_houses(&self) -> usize {
        self.houses.len()
    }

    /// Every house, in dense-id order.
    pub fn houses(&self) -> impl Iterator<Item = House> + '_ {
        self.houses.iter().copied()
    }

    /// The house with a dense id.
    pub fn house(&self, id: usize) -> House {
        self.houses[id]
    }

    /// The dense id of a house of this layout.
    pub fn id(&self, house: House) -> usize {
        let at = HouseKind::ORDER
            .iter()
            .position(|&k| k == house.kind())
            .unwrap();
        debug_assert_ne!(
            self.kind_start[at],
            usize::MAX,
            "{house} is not a house here"
        );
        self.kind_start[at] + house.index()
    }

    /// The cells of a house, in reading order.
    pub fn cells_of(&self, house: House) -> &[Cell] {
        &self.house_cells[self.id(house)]
    }

    /// The houses a cell belongs to.
    pub fn houses_of(&self, cell: Cell) -> impl Iterator<Item = House> + '_ {
        self.cell_houses[cell.index()]
            .iter()
            .map(|&id| self.houses[id])
    }

    /// Whether two distinct cells share a house.
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        self.peer_bits[a.index()].contains(b)
    }

    /// The peers of a cell as a [`CellSet`] of `W` words (`W` at least [`words_for`] the shape).
    pub fn peer_set<const W: usize>(&self, cell: Cell) -> CellSet<W> {
        let mut set = CellSet::EMPTY;
        set.0.copy_from_slice(&self.peer_bits[cell.index()].0[..W]);
        set
    }

    /// The houses that share two or more cells with a house (by dense id), in id order.
    pub fn overlaps(&self, house_id: usize) -> &[Overlap] {
        &self.overlaps[house_id]
    }

    /// The box or jigsaw region of each cell, in reading order: where the page draws thick
    /// borders.
    pub fn regions(&self) -> &[u8] {
        &self.regions
    }

    /// The houses drawn over the regions: diagonals and windows.
    pub fn extra_houses(&self) -> impl Iterator<Item = House> + '_ {
        self.houses()
            .filter(|h| matches!(h.kind(), HouseKind::Diagonal | HouseKind::Window))
    }

    /// The digits of a set that no house of `cell` holds, given the digits in each house.
    pub fn free_digits(&self, cell: Cell, seen: &[DigitSet], from: DigitSet) -> DigitSet {
        self.cell_houses[cell.index()]
            .iter()
            .fold(from, |set, &h| set.difference(seen[h]))
    }

    /// The layout's tag as puzzle text writes it, before the cells (see [`Variant::tag`]).
    pub fn tag(&self) -> String {
        self.variant.tag()
    }
}

/// The letter that names a jigsaw region in maps: `A` for the first.
pub fn region_letter(region: u8) -> char {
    (b'A' + region) as char
}

fn check_map(shape: Shape, map: &[u8]) -> Result<(), LayoutError> {
    if map.len() != shape.n_cells() {
        return Err(LayoutError::MapLength {
            read: map.len(),
            n_cells: shape.n_cells(),
        });
    }
    let n = shape.size();
    let n_regions = map.iter().map(|&r| r as usize + 1).max().unwrap_or(0);
    let mut sizes = vec![0usize; n_regions];
    for &r in map {
        sizes[r as usize] += 1;
    }
    if n_regions != n || sizes.iter().any(|&s| s != n) {
        return Err(LayoutError::MapRegions { size: n, sizes });
    }
    Ok(())
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
        for (i, word) in set.0.iter_mut().enumerate() {
            let lo = i * 64;
            if n >= lo + 64 {
                *word = u64::MAX;
            } else if n > lo {
                *word = (1u64 << (n - lo)) - 1;
            }
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
        bit_positions_in_words(&self.0).map(Cell::new)
    }
}

/// The number of 64-bit words a [`CellSet`] needs for a shape: 1 up to 8×8, 2 for 9×9,
/// 3 for 12×12, 4 for 16×16 and 10 for 25×25.
pub fn words_for(shape: Shape) -> usize {
    shape.n_cells().div_ceil(64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_of_every_layout_has_its_houses_and_peers() {
        for shape in Shape::ALL {
            let classic = Geometry::classic(shape);
            assert_eq!(classic.n_houses(), 3 * shape.size());
            let x = Geometry::new(shape, Variant::X).unwrap();
            assert_eq!(x.n_houses(), 3 * shape.size() + 2);
            for cell in shape.cells() {
                assert_eq!(classic.houses_of(cell).count(), 3);
                let on_diagonals = x.houses_of(cell).count() - 3;
                let (r, c) = (shape.row_of(cell), shape.col_of(cell));
                let expected = usize::from(r == c) + usize::from(r + c == shape.size() - 1);
                assert_eq!(
                    on_diagonals,
                    expected,
                    "{} {}",
                    shape.name(),
                    cell.name(shape)
                );
            }
            for id in 0..x.n_houses() {
                assert_eq!(x.id(x.house(id)), id);
            }
        }
    }

    #[test]
    fn windoku_has_four_windows_on_nine_by_nine_and_none_on_six_by_six() {
        let g = Geometry::new(Shape::NINE, Variant::Windoku).unwrap();
        assert_eq!(g.extra_houses().count(), 4);
        let window = g.cells_of(House::new(HouseKind::Window, 3));
        assert_eq!(window[0].name(Shape::NINE), "r6c6");
        assert_eq!(
            Geometry::new(Shape::SIX, Variant::Windoku).unwrap_err(),
            LayoutError::NoWindows(Shape::SIX)
        );
        assert_eq!(
            Geometry::new(Shape::SIXTEEN, Variant::Windoku)
                .unwrap()
                .extra_houses()
                .count(),
            9
        );
    }

    #[test]
    fn jigsaw_maps_are_checked() {
        let map = Geometry::jigsaw_map("AABB AABB CCDD CCDD");
        assert_eq!(map, vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]);
        let g = Geometry::new(Shape::FOUR, Variant::Jigsaw(map.into())).unwrap();
        assert!(!g.has_boxes());
        assert_eq!(g.tag(), "jigsaw:AABBAABBCCDDCCDD:");
        let uneven = Geometry::jigsaw_map("AAAB AABB CCDD CCDD");
        assert!(matches!(
            Geometry::new(Shape::FOUR, Variant::Jigsaw(uneven.into())),
            Err(LayoutError::MapRegions { .. })
        ));
    }
}
