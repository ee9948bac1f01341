//! Intersections (locked candidates): pointing and claiming.
//!
//! A box and a line (row or column) cross in a segment of cells. When a digit's places in
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

use super::util::{bit_positions, eliminate_from, geometry, lose_text, Geometry, HousePlaces};
use super::Rung;
use crate::digits::Digit;
use crate::grid::Cell;
use crate::technique::Technique;
use crate::trace::{Board, Candidate, Step, StepKind};

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

/// The mask of the positions `offset, offset + stride, …` (`count` of them) in a house.
fn strided_mask(offset: usize, stride: usize, count: usize) -> u32 {
    (0..count).fold(0, |mask, k| mask | 1 << (offset + k * stride))
}

/// The mask of `count` consecutive positions starting at `offset`.
fn run_mask(offset: usize, count: usize) -> u32 {
    ((1u32 << count) - 1) << offset
}

/// Pointing: a digit's places in a box all lie in one row or column, so the digit leaves
/// the rest of that line. Boxes in order, then digits, then row before column.
pub fn pointing(board: &Board) -> Option<Step> {
    let shape = board.shape();
    let geo = geometry(shape);
    let places = HousePlaces::new(board, geo);
    let (n, box_rows, box_cols) = (geo.size, shape.box_rows(), shape.box_cols());
    for box_idx in 0..n {
        let box_id = 2 * n + box_idx;
        let first_cell = geo.house_cells[box_id][0];
        let (top, left) = (shape.row_of(first_cell), shape.col_of(first_cell));
        for digit in shape.all_digits().iter() {
            let in_box = places.get(digit, box_id);
            if in_box.count_ones() < 2 {
                continue;
            }
            let first = in_box.trailing_zeros() as usize;
            let row_off = first / box_cols;
            if in_box & !run_mask(row_off * box_cols, box_cols) == 0 {
                let row_id = top + row_off;
                let outside = places.get(digit, row_id) & !run_mask(left, box_cols);
                if outside != 0 {
                    return Some(locked_step(
                        board,
                        geo,
                        Technique::Pointing,
                        digit,
                        [box_id, row_id],
                        in_box,
                        outside,
                    ));
                }
            }
            let col_off = first % box_cols;
            if in_box & !strided_mask(col_off, box_cols, box_rows) == 0 {
                let col_id = n + left + col_off;
                let outside = places.get(digit, col_id) & !run_mask(top, box_rows);
                if outside != 0 {
                    return Some(locked_step(
                        board,
                        geo,
                        Technique::Pointing,
                        digit,
                        [box_id, col_id],
                        in_box,
                        outside,
                    ));
                }
            }
        }
    }
    None
}

/// Claiming (box/line reduction): a digit's places in a row or column all lie in one box,
/// so the digit leaves the rest of that box. Rows, then columns, then digits.
pub fn claiming(board: &Board) -> Option<Step> {
    let shape = board.shape();
    let geo = geometry(shape);
    let places = HousePlaces::new(board, geo);
    let (n, box_rows, box_cols) = (geo.size, shape.box_rows(), shape.box_cols());
    let boxes_across = n / box_cols;
    for line_id in 0..2 * n {
        let is_row = line_id < n;
        let line_idx = line_id % n;
        for digit in shape.all_digits().iter() {
            let in_line = places.get(digit, line_id);
            if in_line.count_ones() < 2 {
                continue;
            }
            let first = in_line.trailing_zeros() as usize;
            let (box_idx, rest_of_box) = if is_row {
                let stack = first / box_cols;
                if in_line & !run_mask(stack * box_cols, box_cols) != 0 {
                    continue;
                }
                let row_off = line_idx % box_rows;
                let box_idx = (line_idx / box_rows) * boxes_across + stack;
                (box_idx, !run_mask(row_off * box_cols, box_cols))
            } else {
                let band = first / box_rows;
                if in_line & !run_mask(band * box_rows, box_rows) != 0 {
                    continue;
                }
                let col_off = line_idx % box_cols;
                let box_idx = band * boxes_across + line_idx / box_cols;
                (box_idx, !strided_mask(col_off, box_cols, box_rows))
            };
            let box_id = 2 * n + box_idx;
            let outside = places.get(digit, box_id) & rest_of_box;
            if outside != 0 {
                return Some(locked_step(
                    board,
                    geo,
                    Technique::Claiming,
                    digit,
                    [line_id, box_id],
                    in_line,
                    outside,
                ));
            }
        }
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
    let shape = geo.shape;
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
