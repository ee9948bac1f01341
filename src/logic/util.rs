//! Helpers shared by the technique families: precomputed grid geometry and cell bit sets.
//!
//! Add functions here; do not rewrite those of others.

use crate::digits::{Digit, DigitSet};
use crate::grid::{Cell, House, HouseKind, Shape};
use crate::trace::{Board, Candidate, Change};
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
    /// The peers of each cell as a bit set wide enough for every shape.
    peer_bits: Vec<CellSet<10>>,
}

impl Geometry {
    fn build(shape: Shape) -> Geometry {
        let houses: Vec<House> = shape.houses().collect();
        let house_cells: Vec<Vec<Cell>> = houses.iter().map(|&h| shape.cells_of(h)).collect();
        let cell_houses: Vec<[usize; 3]> = shape
            .cells()
            .map(|c| shape.houses_of(c).map(|h| h.id(shape)))
            .collect();
        let peers: Vec<Vec<Cell>> = shape
            .cells()
            .map(|c| shape.cells().filter(|&p| shape.sees(c, p)).collect())
            .collect();
        let peer_bits = peers.iter().map(|p| CellSet::of(p)).collect();
        Geometry {
            shape,
            size: shape.size(),
            n_cells: shape.n_cells(),
            house_cells,
            cell_houses,
            peers,
            peer_bits,
        }
    }

    /// The peers of a cell as a [`CellSet`] of `W` words (`W` at least [`words_for`] the shape).
    pub fn peer_set<const W: usize>(&self, cell: Cell) -> CellSet<W> {
        let mut set = CellSet::EMPTY;
        set.0.copy_from_slice(&self.peer_bits[cell.index()].0[..W]);
        set
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

/// Cells named people's way: `r1c2, r3c4`.
pub fn cell_list(shape: Shape, cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(|c| c.name(shape)).collect();
    names.join(", ")
}

/// The digits of a set as sentences write them, smallest first, each in the shape's alphabet
/// (see [`Shape::show`]): `["3", "6"]` on 9×9, `["A", "F"]` for 10 and 15 on 16×16.
pub fn digit_names(shape: Shape, digits: DigitSet) -> Vec<String> {
    digits.iter().map(|d| shape.show(d).to_string()).collect()
}

/// Joins names as people write a list: "a", "a and b", "a, b and c".
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Where each digit can still go in each house, as bit masks of positions within the house
/// (bit `i` is the `i`-th cell of [`Geometry::house_cells`]), with the digits already placed
/// in each house. Built once per finder call, it answers "which cells of this house can take
/// this digit" without allocating:
///
/// ```text
///  masks[digit_idx * n_houses + house_id]   bit i set ⇔ house_cells[house_id][i] has the digit
/// ```
#[derive(Clone, Debug)]
pub struct HousePlaces {
    n_houses: usize,
    masks: Vec<u32>,
    placed: Vec<DigitSet>,
}

impl HousePlaces {
    /// The places of every digit in every house of the board.
    pub fn new(board: &Board, geometry: &Geometry) -> HousePlaces {
        let n_houses = geometry.house_cells.len();
        let mut masks = vec![0u32; geometry.size * n_houses];
        let mut placed = vec![DigitSet::EMPTY; n_houses];
        for (house_id, cells) in geometry.house_cells.iter().enumerate() {
            for (pos, &cell) in cells.iter().enumerate() {
                if let Some(digit) = board.value(cell) {
                    placed[house_id].insert(digit);
                    continue;
                }
                for digit in board.candidates(cell).iter() {
                    masks[digit.index() * n_houses + house_id] |= 1 << pos;
                }
            }
        }
        HousePlaces {
            n_houses,
            masks,
            placed,
        }
    }

    /// The positions within the house where the digit is still a candidate.
    pub fn get(&self, digit: Digit, house_id: usize) -> u32 {
        self.masks[digit.index() * self.n_houses + house_id]
    }

    /// The digits already placed in the house.
    pub fn placed(&self, house_id: usize) -> DigitSet {
        self.placed[house_id]
    }
}

/// The positions of the set bits of a mask, lowest first.
pub fn bit_positions(mask: u32) -> impl Iterator<Item = usize> {
    let mut bits = mask;
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let pos = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(pos)
    })
}

/// Every candidate of `cells` whose digit is in `digits`, cell by cell.
pub fn candidates_among(board: &Board, cells: &[Cell], digits: DigitSet) -> Vec<Candidate> {
    cells
        .iter()
        .flat_map(|&cell| {
            board
                .candidates(cell)
                .intersection(digits)
                .iter()
                .map(move |digit| Candidate::new(cell, digit))
        })
        .collect()
}

/// Every candidate of `cells`, cell by cell.
pub fn candidates_of(board: &Board, cells: &[Cell]) -> Vec<Candidate> {
    candidates_among(board, cells, DigitSet::all(board.shape().size()))
}

/// The eliminations of `digit` from those of `cells` that still have it as a candidate.
pub fn eliminate_from(board: &Board, digit: Digit, cells: &[Cell]) -> Vec<Change> {
    cells
        .iter()
        .filter(|&&cell| board.has_candidate(cell, digit))
        .map(|&cell| Change::Eliminate { cell, digit })
        .collect()
}

/// Sorts `u32` keys, smallest first.
///
/// The compiler makes a copy of the sort for each type of element (and each comparison), and
/// a copy for a small type takes several kilobytes of the WebAssembly module. So finders sort
/// cells, candidates and digit sets as `u32` keys through this one function. Each key stands
/// for one element, so equal keys are equal elements, and the unstable sort gives the order
/// a stable one would.
pub fn sort_keys(keys: &mut [u32]) {
    keys.sort_unstable();
}

/// Sorts cells in reading order, through [`sort_keys`].
pub fn sort_cells(cells: &mut [Cell]) {
    let mut keys: Vec<u32> = cells.iter().map(|c| c.index() as u32).collect();
    sort_keys(&mut keys);
    for (cell, key) in cells.iter_mut().zip(keys) {
        *cell = Cell::new(key as usize);
    }
}

/// Sorts candidates by cell, then digit, through [`sort_keys`].
pub fn sort_candidates(candidates: &mut [Candidate]) {
    // A digit index is below 32, so five bits hold it under the cell index.
    let mut keys: Vec<u32> = candidates
        .iter()
        .map(|v| (v.cell.index() as u32) << 5 | v.digit.index() as u32)
        .collect();
    sort_keys(&mut keys);
    for (v, key) in candidates.iter_mut().zip(keys) {
        let cell = Cell::new((key >> 5) as usize);
        *v = Candidate::new(cell, Digit::from_index((key & 31) as usize));
    }
}

/// What a list of eliminations removes, grouped by cell: "3 and 6 from r8c1 and r8c2; 3 from
/// r8c5". Cells that lose the same digits share a group; groups keep the order of first use.
pub fn removal_text(shape: Shape, changes: &[Change]) -> String {
    let mut per_cell: Vec<(Cell, DigitSet)> = Vec::new();
    for change in changes {
        if let Change::Eliminate { cell, digit } = *change {
            match per_cell.iter_mut().find(|(c, _)| *c == cell) {
                Some((_, digits)) => digits.insert(digit),
                None => per_cell.push((cell, DigitSet::single(digit))),
            }
        }
    }
    let mut groups: Vec<(DigitSet, Vec<Cell>)> = Vec::new();
    for (cell, digits) in per_cell {
        match groups.iter_mut().find(|(d, _)| *d == digits) {
            Some((_, cells)) => cells.push(cell),
            None => groups.push((digits, vec![cell])),
        }
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|(digits, cells)| {
            let cell_names: Vec<String> = cells.iter().map(|c| c.name(shape)).collect();
            format!(
                "{} from {}",
                and_list(&digit_names(shape, *digits)),
                and_list(&cell_names)
            )
        })
        .collect();
    parts.join("; ")
}

/// "r3c7 loses 4" or "r3c7 and r3c9 lose 4", for eliminations of one digit.
pub fn lose_text(shape: Shape, changes: &[Change], digit: Digit) -> String {
    let names: Vec<String> = changes
        .iter()
        .filter_map(|change| match *change {
            Change::Eliminate { cell, .. } => Some(cell.name(shape)),
            _ => None,
        })
        .collect();
    let verb = if names.len() == 1 { "loses" } else { "lose" };
    format!(
        "{} {verb} {digit}",
        and_list(&names),
        digit = shape.show(digit)
    )
}

/// Lines of one kind named people's way: "rows 2 and 7", "columns 1, 4 and 9" (1-based).
pub fn lines_text(kind: HouseKind, indices: &[usize]) -> String {
    let numbers: Vec<String> = indices.iter().map(|i| (i + 1).to_string()).collect();
    let word = kind.word();
    if numbers.len() == 1 {
        format!("{word} {}", numbers[0])
    } else {
        format!("{word}s {}", and_list(&numbers))
    }
}

/// The first choice of `k` items, in lexicographic order of their indices, whose masks
/// together have exactly `k` bits, for which `check` returns a result. This is the shape of
/// every locked set: `k` cells holding `k` digits, `k` digits with `k` places, `k` base
/// lines of a fish on `k` cover lines. Choices whose union grows past `k` bits are pruned.
pub fn find_locked_set<T>(
    masks: &[u32],
    k: usize,
    mut check: impl FnMut(&[usize], u32) -> Option<T>,
) -> Option<T> {
    fn extend<T>(
        masks: &[u32],
        k: usize,
        start: usize,
        chosen: &mut Vec<usize>,
        union: u32,
        check: &mut dyn FnMut(&[usize], u32) -> Option<T>,
    ) -> Option<T> {
        if chosen.len() == k {
            return if union.count_ones() as usize == k {
                check(chosen, union)
            } else {
                None
            };
        }
        for idx in start..masks.len() {
            if masks.len() - idx < k - chosen.len() {
                break;
            }
            let grown = union | masks[idx];
            if grown.count_ones() as usize > k {
                continue;
            }
            chosen.push(idx);
            if let Some(found) = extend(masks, k, idx + 1, chosen, grown, check) {
                return Some(found);
            }
            chosen.pop();
        }
        None
    }
    if k == 0 || masks.len() < k {
        return None;
    }
    let mut chosen = Vec::with_capacity(k);
    extend(masks, k, 0, &mut chosen, 0, &mut check)
}

/// Calls `$func::<W>($args…)` with a [`CellSet`] width `W` that fits the shape.
///
/// Only three widths are used, so each generic finder is compiled three times rather than
/// five: shapes up to 9×9 take 2 words (the 1 word of 4×4 to 8×8 would be a little faster on
/// those small grids), 12×12 and 16×16 take 4, and 25×25 takes 10. Spare words stay empty,
/// so a finder's result does not depend on the width.
macro_rules! with_cell_width {
    ($shape:expr, $func:ident ( $($arg:expr),* $(,)? )) => {
        match $crate::logic::util::words_for($shape) {
            0..=2 => $func::<2>($($arg),*),
            3..=4 => $func::<4>($($arg),*),
            _ => $func::<10>($($arg),*),
        }
    };
}
pub(crate) use with_cell_width;

/// Whether two distinct cells share a house, from the precomputed houses of each cell (no
/// division, unlike [`Shape::sees`]).
pub fn sees(geometry: &Geometry, a: Cell, b: Cell) -> bool {
    let [ra, ca, ba] = geometry.cell_houses[a.index()];
    let [rb, cb, bb] = geometry.cell_houses[b.index()];
    a != b && (ra == rb || ca == cb || ba == bb)
}
