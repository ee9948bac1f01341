//! Singles: full house, hidden single, naked single.

use crate::digits::Digit;
use crate::grid::{Cell, House, HouseKind};
use crate::technique::Technique;
use crate::trace::{Board, Candidate, Step, StepKind};

/// The last empty cell of a house takes the missing digit.
pub fn full_house(board: &Board) -> Option<Step> {
    let shape = board.shape();
    let geometry = board.geometry();
    geometry.houses().find_map(|house| {
        let mut empty = geometry
            .cells_of(house)
            .iter()
            .copied()
            .filter(|&c| board.value(c).is_none());
        let cell = empty.next()?;
        if empty.next().is_some() {
            return None;
        }
        let digit = shape
            .all_digits()
            .difference(board.grid().digits_in(house))
            .single_digit()?;
        board.has_candidate(cell, digit).then(|| {
            let text = format!(
                "{} = {digit}: the last empty cell in {house}",
                cell.name(shape),
                digit = shape.show(digit)
            );
            placement(board, Technique::FullHouse, cell, digit, Some(house), text)
        })
    })
}

/// A digit with one place left in a box (or a jigsaw region or a window) goes there.
pub fn hidden_single_box(board: &Board) -> Option<Step> {
    hidden_single(
        board,
        &[HouseKind::Box, HouseKind::Region, HouseKind::Window],
        Technique::HiddenSingleBox,
    )
}

/// A digit with one place left in a row, a column or a diagonal goes there.
pub fn hidden_single_line(board: &Board) -> Option<Step> {
    hidden_single(
        board,
        &[HouseKind::Row, HouseKind::Column, HouseKind::Diagonal],
        Technique::HiddenSingleLine,
    )
}

fn hidden_single(board: &Board, kinds: &[HouseKind], technique: Technique) -> Option<Step> {
    let shape = board.shape();
    board
        .geometry()
        .houses()
        .filter(|h| kinds.contains(&h.kind()))
        .find_map(|house| {
            let missing = shape.all_digits().difference(board.grid().digits_in(house));
            missing.iter().find_map(|digit| {
                let places = board.places_for(digit, house);
                let [cell] = places[..] else { return None };
                let text = format!(
                    "{} = {digit}: the only place for {digit} in {house}",
                    cell.name(shape),
                    digit = shape.show(digit)
                );
                Some(placement(board, technique, cell, digit, Some(house), text))
            })
        })
}

/// A cell with one candidate left takes it.
pub fn naked_single(board: &Board) -> Option<Step> {
    let shape = board.shape();
    shape.cells().find_map(|cell| {
        let digit = board.candidates(cell).single_digit()?;
        let text = format!(
            "{} = {digit}: the only candidate left in the cell",
            cell.name(shape),
            digit = shape.show(digit)
        );
        Some(placement(
            board,
            Technique::NakedSingle,
            cell,
            digit,
            None,
            text,
        ))
    })
}

/// A deduction that places `digit` in `cell`.
pub(crate) fn placement(
    board: &Board,
    technique: Technique,
    cell: Cell,
    digit: Digit,
    house: Option<House>,
    text: String,
) -> Step {
    let mut step = Step::new(StepKind::Deduction, technique, 0, text);
    step.cells = vec![cell];
    step.digit = Some(digit);
    step.houses = house.into_iter().collect();
    step.pattern = vec![Candidate::new(cell, digit)];
    step.changes = board.placement_changes(cell, digit);
    step
}
