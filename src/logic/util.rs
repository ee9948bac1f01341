//! Helpers shared by the technique families: sentences, house places and cell bit sets.
//!
//! Add functions here; do not rewrite those of others.

use crate::digits::{Digit, DigitSet};
pub use crate::geometry::{words_for, CellSet, Geometry};
use crate::grid::{Cell, HouseKind, Shape};
use crate::trace::{Board, Candidate, Change};
use crate::util::bit_positions;

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
        let mut masks = vec![0u32; geometry.size() * n_houses];
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

    /// Turns the digit's place at position `pos` of the house on or off: the cell gained or
    /// lost the candidate (or was filled or emptied).
    pub fn flip(&mut self, digit: Digit, house_id: usize, pos: usize) {
        self.masks[digit.index() * self.n_houses + house_id] ^= 1 << pos;
    }

    /// Sets the digits placed in the house.
    pub fn set_placed(&mut self, house_id: usize, digits: DigitSet) {
        self.placed[house_id] = digits;
    }

    /// The positions within the house of the digit's two places, lowest first, when it has
    /// exactly two there: the ends of a conjugate pair.
    pub fn pair(&self, digit: Digit, house_id: usize) -> Option<[usize; 2]> {
        exactly_two(bit_positions(self.get(digit, house_id)))
    }

    /// The conjugate pairs of a digit (its strong links in houses): each house where it has
    /// exactly two places, by house id, with those two cells in the house's order.
    pub fn conjugate_pairs<'a>(
        &'a self,
        geo: &'a Geometry,
        digit: Digit,
    ) -> impl Iterator<Item = (usize, [Cell; 2])> + 'a {
        (0..geo.house_cells.len()).filter_map(move |house_id| {
            let [a, b] = self.pair(digit, house_id)?;
            let cells = &geo.house_cells[house_id];
            Some((house_id, [cells[a], cells[b]]))
        })
    }
}

/// The two items when there are exactly two: with a digit's places in a house as the items,
/// the ends of a conjugate pair. Reads at most three items.
pub fn exactly_two<T>(items: impl IntoIterator<Item = T>) -> Option<[T; 2]> {
    let mut items = items.into_iter();
    match (items.next(), items.next(), items.next()) {
        (Some(a), Some(b), None) => Some([a, b]),
        _ => None,
    }
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

/// The eliminations of the candidates `victims`, in their order.
pub fn eliminations(victims: &[Candidate]) -> Vec<Change> {
    victims
        .iter()
        .map(|v| Change::Eliminate {
            cell: v.cell,
            digit: v.digit,
        })
        .collect()
}

/// "r5c1 and r4c2 lose 7, r6c6 loses 3/7" for eliminations sorted by cell: cells losing the
/// same digits are named together, in order of their first cell.
pub fn describe_losses(shape: Shape, victims: &[Candidate]) -> String {
    let mut per_cell: Vec<(Cell, DigitSet)> = Vec::new();
    for v in victims {
        match per_cell.last_mut() {
            Some((cell, set)) if *cell == v.cell => set.insert(v.digit),
            _ => per_cell.push((v.cell, DigitSet::single(v.digit))),
        }
    }
    let mut groups: Vec<(Vec<String>, DigitSet)> = Vec::new();
    for (cell, set) in per_cell {
        match groups.iter_mut().find(|(_, s)| *s == set) {
            Some((cells, _)) => cells.push(cell.name(shape)),
            None => groups.push((vec![cell.name(shape)], set)),
        }
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|(cells, set)| {
            let verb = if cells.len() == 1 { "loses" } else { "lose" };
            format!("{} {verb} {}", and_list(cells), shape.show_slashed(*set))
        })
        .collect();
    parts.join("; ")
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
