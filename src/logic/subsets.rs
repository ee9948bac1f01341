//! Subsets: naked and hidden pairs, triples and quads.
//!
//! A naked subset is `k` cells of a house whose candidates together are only `k` digits:
//! those digits fill those cells, so they leave the rest of the house. A hidden subset is
//! `k` digits whose places in a house are only `k` cells: those cells take those digits,
//! so every other candidate leaves them.

use super::util::{
    candidates_among, candidates_of, cell_list, find_locked_set, removal_text, Geometry,
};
use super::Rung;
use crate::digits::{Digit, DigitSet};
use crate::grid::{Cell, House, Shape};
use crate::technique::Technique;
use crate::trace::{Board, Candidate, Change, Step, StepKind};
use crate::util::bit_positions;

/// The rungs of this family, in ladder order.
pub const RUNGS: &[Rung] = &[
    Rung {
        technique: Technique::NakedPair,
        find: naked_pair,
    },
    Rung {
        technique: Technique::HiddenPair,
        find: hidden_pair,
    },
    Rung {
        technique: Technique::NakedTriple,
        find: naked_triple,
    },
    Rung {
        technique: Technique::HiddenTriple,
        find: hidden_triple,
    },
    Rung {
        technique: Technique::NakedQuad,
        find: naked_quad,
    },
    Rung {
        technique: Technique::HiddenQuad,
        find: hidden_quad,
    },
];

/// Two cells of a house with the same two candidates.
pub fn naked_pair(board: &Board) -> Option<Step> {
    naked_subset(board, 2, Technique::NakedPair)
}

/// Three cells of a house with three candidates between them.
pub fn naked_triple(board: &Board) -> Option<Step> {
    naked_subset(board, 3, Technique::NakedTriple)
}

/// Four cells of a house with four candidates between them.
pub fn naked_quad(board: &Board) -> Option<Step> {
    naked_subset(board, 4, Technique::NakedQuad)
}

/// Two digits with the same two places in a house.
pub fn hidden_pair(board: &Board) -> Option<Step> {
    hidden_subset(board, 2, Technique::HiddenPair)
}

/// Three digits with three places between them in a house.
pub fn hidden_triple(board: &Board) -> Option<Step> {
    hidden_subset(board, 3, Technique::HiddenTriple)
}

/// Four digits with four places between them in a house.
pub fn hidden_quad(board: &Board) -> Option<Step> {
    hidden_subset(board, 4, Technique::HiddenQuad)
}

/// The first naked subset of `k` cells, in house order (rows, columns, boxes), that
/// eliminates something.
fn naked_subset(board: &Board, k: usize, technique: Technique) -> Option<Step> {
    let geo = board.geometry();
    let places = super::memo::places(board);
    let mut positions: Vec<usize> = Vec::with_capacity(geo.size());
    let mut masks: Vec<u32> = Vec::with_capacity(geo.size());
    for house_id in 0..geo.house_cells.len() {
        let cells = &geo.house_cells[house_id];
        // A subset needs at least one more empty cell to eliminate from.
        let n_empty = cells.len() - places.placed(house_id).len();
        if n_empty <= k {
            continue;
        }
        positions.clear();
        masks.clear();
        for (pos, &cell) in cells.iter().enumerate() {
            let n_candidates = board.candidates(cell).len();
            if (2..=k).contains(&n_candidates) {
                positions.push(pos);
                masks.push(board.candidates(cell).bits());
            }
        }
        let found = find_locked_set(&masks, k, |chosen, digit_bits| {
            let inside: u32 = chosen.iter().map(|&i| 1u32 << positions[i]).sum();
            let digits = DigitSet::from_bits(digit_bits);
            let hits = digits
                .iter()
                .any(|d| places.get(d, house_id) & !inside != 0);
            hits.then(|| naked_step(board, geo, technique, house_id, inside, digits))
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The step of a naked subset: the cells at positions `inside` of the house hold `digits`.
fn naked_step(
    board: &Board,
    geo: &Geometry,
    technique: Technique,
    house_id: usize,
    inside: u32,
    digits: DigitSet,
) -> Step {
    let shape = geo.shape();
    let house_cells = &geo.house_cells[house_id];
    let subset_cells: Vec<Cell> = bit_positions(inside).map(|p| house_cells[p]).collect();
    let mut changes = Vec::new();
    for (pos, &cell) in house_cells.iter().enumerate() {
        if inside & 1 << pos != 0 {
            continue;
        }
        for digit in board.candidates(cell).intersection(digits).iter() {
            changes.push(Change::Eliminate { cell, digit });
        }
    }
    let pattern = candidates_of(board, &subset_cells);
    subset_step(
        shape,
        technique,
        geo.house(house_id),
        subset_cells,
        digits,
        changes,
        pattern,
    )
}

/// The first hidden subset of `k` digits, in house order (rows, columns, boxes), that
/// eliminates something.
fn hidden_subset(board: &Board, k: usize, technique: Technique) -> Option<Step> {
    let shape = board.shape();
    let geo = board.geometry();
    let places = super::memo::places(board);
    let mut digits: Vec<Digit> = Vec::with_capacity(geo.size());
    let mut masks: Vec<u32> = Vec::with_capacity(geo.size());
    for house_id in 0..geo.house_cells.len() {
        let missing = shape.all_digits().difference(places.placed(house_id));
        if missing.len() <= k {
            continue;
        }
        digits.clear();
        masks.clear();
        for digit in missing.iter() {
            let mask = places.get(digit, house_id);
            if (2..=k).contains(&(mask.count_ones() as usize)) {
                digits.push(digit);
                masks.push(mask);
            }
        }
        let cells = &geo.house_cells[house_id];
        let found = find_locked_set(&masks, k, |chosen, inside| {
            let subset: DigitSet = chosen.iter().map(|&i| digits[i]).collect();
            let hits = bit_positions(inside)
                .any(|pos| !board.candidates(cells[pos]).difference(subset).is_empty());
            hits.then(|| hidden_step(board, geo, technique, house_id, inside, subset))
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The step of a hidden subset: `digits` go only in the positions `inside` of the house.
fn hidden_step(
    board: &Board,
    geo: &Geometry,
    technique: Technique,
    house_id: usize,
    inside: u32,
    digits: DigitSet,
) -> Step {
    let shape = geo.shape();
    let subset_cells: Vec<Cell> = bit_positions(inside)
        .map(|p| geo.house_cells[house_id][p])
        .collect();
    let changes: Vec<Change> = subset_cells
        .iter()
        .flat_map(|&cell| {
            board
                .candidates(cell)
                .difference(digits)
                .iter()
                .map(move |digit| Change::Eliminate { cell, digit })
        })
        .collect();
    let pattern = candidates_among(board, &subset_cells, digits);
    subset_step(
        shape,
        technique,
        geo.house(house_id),
        subset_cells,
        digits,
        changes,
        pattern,
    )
}

/// The step of a subset of `digits` on `cells` of `house`, as its sentence reads: "Naked
/// triple 3/6/8 in row 8 on r8c7, r8c8, r8c9 removes 3 and 6 from r8c1".
fn subset_step(
    shape: Shape,
    technique: Technique,
    house: House,
    cells: Vec<Cell>,
    digits: DigitSet,
    changes: Vec<Change>,
    pattern: Vec<Candidate>,
) -> Step {
    let name = technique.name();
    let text = format!(
        "{}{} {} in {house} on {} removes {}",
        &name[..1],
        name[1..].to_lowercase(),
        shape.show_slashed(digits),
        cell_list(shape, &cells),
        removal_text(shape, &changes)
    );
    let mut step = Step::new(StepKind::Deduction, technique, 0, text);
    step.pattern = pattern;
    step.cells = cells;
    step.houses = vec![house];
    step.changes = changes;
    step
}
