//! Intersections (locked candidates): pointing and claiming.
//!
//! Two houses that overlap share two or more cells: a box and a line (row or column) cross in
//! a segment of cells, and on variants a jigsaw region and a line, a window and a box, a
//! diagonal and a box do too. When a digit's places in
//! one of them all lie in that segment, the digit must go in the segment, so it leaves the
//! rest of the other house:
//!
//! ```text
//!  pointing (box → row)          claiming (row → box)
//!  . . . | x x . | - - -         - - - | x x . | . . .
//!  . . . | . . . | . . .               | - - - |
//!  . . . | . . . | . . .               | - - - |
//!  x: the digit's places,  -: cells that lose it
//! ```

use super::memo::DigitSkips;
use super::util::{eliminate_from, lose_text, Geometry};
use super::Rung;
use crate::digits::Digit;
use crate::grid::{Cell, HouseKind};
use crate::technique::Technique;
use crate::trace::{Board, Candidate, Step, StepKind};
use crate::util::bit_positions;

/// The rungs of this family, in ladder order.
pub const RUNGS: &[Rung] = &[
    Rung {
        technique: Technique::Pointing,
        find: pointing,
    },
    Rung {
        technique: Technique::Claiming,
        find: claiming,
    },
];

/// Pointing: a digit's places in a box (or a jigsaw region or a window) all lie in one other
/// house it overlaps, so the digit leaves the rest of that house. Boxes in order, then digits,
/// then the overlapping houses in order (a row before a column).
pub fn pointing(board: &Board) -> Option<Step> {
    locked(board, Technique::Pointing, |kind| !kind.is_line())
}

/// Claiming (box/line reduction): a digit's places in a row, a column or a diagonal all lie
/// in one box (or region, or window), so the digit leaves the rest of it. Rows, then
/// columns, then digits.
pub fn claiming(board: &Board) -> Option<Step> {
    locked(board, Technique::Claiming, HouseKind::is_line)
}

/// The first locked candidate whose source house is of a kind `is_source` accepts.
fn locked(board: &Board, technique: Technique, is_source: fn(HouseKind) -> bool) -> Option<Step> {
    let geo = board.geometry();
    let (places, mut skips) = DigitSkips::of(technique, board);
    for source in (0..geo.n_houses()).filter(|&h| is_source(geo.house(h).kind())) {
        for digit in board.shape().all_digits().iter() {
            if skips.can_skip(digit) {
                continue;
            }
            let in_source = places.get(digit, source);
            if in_source.count_ones() < 2 {
                continue;
            }
            for overlap in geo.overlaps(source) {
                if in_source & !overlap.shared != 0 {
                    continue;
                }
                let outside = places.get(digit, overlap.other) & overlap.rest_of_other;
                if outside != 0 {
                    return Some(locked_step(
                        board,
                        geo,
                        technique,
                        digit,
                        [source, overlap.other],
                        in_source,
                        outside,
                    ));
                }
            }
        }
    }
    // The search is house by house, so only a search that found nothing has searched every
    // digit.
    for digit in board.shape().all_digits().iter() {
        skips.found_nothing(digit);
    }
    None
}

/// The step of a locked candidate: `houses[0]` holds the digit only at the positions
/// `locked`, which lie in `houses[1]`; the digit leaves the positions `outside` of
/// `houses[1]`.
fn locked_step(
    board: &Board,
    geo: &Geometry,
    technique: Technique,
    digit: Digit,
    houses: [usize; 2],
    locked: u32,
    outside: u32,
) -> Step {
    let shape = geo.shape();
    let [source, target] = houses.map(|id| geo.house(id));
    let locked_cells: Vec<Cell> = bit_positions(locked)
        .map(|pos| geo.house_cells[houses[0]][pos])
        .collect();
    let target_cells: Vec<Cell> = bit_positions(outside)
        .map(|pos| geo.house_cells[houses[1]][pos])
        .collect();
    let changes = eliminate_from(board, digit, &target_cells);
    let name = match technique {
        Technique::Pointing => "Pointing",
        _ => "Claiming",
    };
    let text = format!(
        "{name}: in {source}, {digit} lies only in {target}, so {}",
        lose_text(shape, &changes, digit),
        digit = shape.show(digit)
    );
    let mut step = Step::new(StepKind::Deduction, technique, 0, text);
    step.pattern = locked_cells
        .iter()
        .map(|&cell| Candidate::new(cell, digit))
        .collect();
    step.cells = locked_cells;
    step.digit = Some(digit);
    step.houses = vec![source, target];
    step.changes = changes;
    step
}
