//! Singles: full house, hidden single, naked single, each with its proof.
//!
//! A single's step carries the digits that prove it ([`Step::proof`], a list of
//! [`Witness`]es), the exclusion map people draw by hand:
//!
//! - **Hidden single** of digit `d` in a house: every other empty cell of the house sees a
//!   copy of `d` somewhere on the board. The witnesses are a small cover of those cells,
//!   chosen greedily: the copy of `d` that sees the most cells not yet covered comes first
//!   (the first in reading order on a tie), and it covers those cells; then the next, until
//!   no copy of `d` sees a cell left. So the covers do not overlap, and every cell a copy
//!   can explain is explained.
//! - **Naked single**: every other digit is held by a peer of the cell. The witness of each
//!   digit is its copy in the first house of the cell that holds it, houses taken box (or
//!   jigsaw region) first, then row, then column, then a variant's diagonals and windows:
//!   the order people scan in, which keeps the sentence to a few houses.
//! - **Full house**: no witness; every other cell of its house is filled.
//!
//! The proof is partial where a candidate went by other means than a digit seen: an earlier
//! elimination step, a backtrack that ruled out a failed guess, or the pencil marks the
//! puzzle came with. Those cells (or digits) have no witness, and the sentence says they were
//! ruled out earlier. Everything here asks the board's [`crate::Geometry`] what a house and a
//! peer are, so it holds on every size and variant.

use crate::digits::{Digit, DigitSet};
use crate::grid::{Cell, House, HouseKind, Shape};
use crate::technique::Technique;
use crate::trace::{Board, Candidate, Step, StepKind, Witness};
use std::fmt::Write;

/// At most this many cells or witnesses are named in a sentence; the rest are counted.
const MAX_NAMED: usize = 5;

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
                // Counted without collecting: this runs for every digit missing from every
                // house at every step of a trace.
                let mut places = board
                    .geometry()
                    .cells_of(house)
                    .iter()
                    .filter(|&&c| board.has_candidate(c, digit));
                let cell = *places.next()?;
                if places.next().is_some() {
                    return None;
                }
                let (proof, uncovered) = hidden_single_proof(board, house, cell, digit);
                let text = format!(
                    "{} = {digit}: the only place for {digit} in {house}{}",
                    cell.name(shape),
                    hidden_single_reason(shape, digit, &proof, &uncovered),
                    digit = shape.show(digit)
                );
                let mut step = placement(board, technique, cell, digit, Some(house), text);
                step.proof = proof;
                Some(step)
            })
        })
}

/// A cell with one candidate left takes it.
pub fn naked_single(board: &Board) -> Option<Step> {
    let shape = board.shape();
    shape.cells().find_map(|cell| {
        let digit = board.candidates(cell).single_digit()?;
        let (by_house, unexplained) = naked_single_proof(board, cell, digit);
        let text = format!(
            "{} = {digit}: the only candidate left in the cell{}",
            cell.name(shape),
            naked_single_reason(shape, &by_house, unexplained),
            digit = shape.show(digit)
        );
        let mut step = placement(board, Technique::NakedSingle, cell, digit, None, text);
        step.proof = by_house.into_iter().flat_map(|(_, w)| w).collect();
        Some(step)
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

/// The proof of a hidden single of `digit` in `cell`, the only place left in `house`: a greedy
/// cover of the house's other empty cells by copies of `digit` that see them (see the module
/// documentation), and the cells no copy sees, which lost the digit by other means.
fn hidden_single_proof(
    board: &Board,
    house: House,
    cell: Cell,
    digit: Digit,
) -> (Vec<Witness>, Vec<Cell>) {
    // Singles make most steps of a trace, and a rating runs whole traces: sized up front,
    // these vectors never grow.
    let geometry = board.geometry();
    let size = geometry.size();
    let mut left: Vec<Cell> = Vec::with_capacity(size);
    left.extend(
        geometry
            .cells_of(house)
            .iter()
            .filter(|&&c| c != cell && board.value(c).is_none()),
    );
    let mut copies: Vec<Cell> = Vec::with_capacity(size);
    copies.extend(
        board
            .grid()
            .values()
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v == digit.get())
            .map(|(i, _)| Cell::new(i)),
    );
    let mut proof = Vec::with_capacity(size);
    loop {
        let seen = |copy: Cell| left.iter().filter(|&&c| geometry.sees(copy, c)).count();
        // The first copy in reading order among those that see the most cells left.
        let Some((best, n_seen)) = copies.iter().map(|&copy| (copy, seen(copy))).fold(
            None,
            |best: Option<(Cell, usize)>, (copy, n)| match best {
                Some((_, most)) if most >= n => best,
                _ => Some((copy, n)),
            },
        ) else {
            break;
        };
        if n_seen == 0 {
            break;
        }
        let mut covers = Vec::with_capacity(n_seen);
        covers.extend(left.iter().filter(|&&c| geometry.sees(best, c)));
        left.retain(|&c| !geometry.sees(best, c));
        proof.push(Witness {
            cell: best,
            digit,
            covers,
        });
    }
    (proof, left)
}

/// The witnesses of a naked single of `digit` in `cell`, grouped by the house they were found
/// in (box or region first, then row, column and the variant's houses; see the module
/// documentation), each covering `cell`; and the other digits no peer holds.
fn naked_single_proof(
    board: &Board,
    cell: Cell,
    digit: Digit,
) -> (Vec<(House, Vec<Witness>)>, DigitSet) {
    let geometry = board.geometry();
    let scan_rank = |house: &House| match house.kind() {
        HouseKind::Box | HouseKind::Region => 0,
        HouseKind::Row => 1,
        HouseKind::Column => 2,
        HouseKind::Diagonal | HouseKind::Window => 3,
    };
    let mut houses: Vec<House> = geometry.houses_of(cell).collect();
    houses.sort_by_key(scan_rank);
    let mut unexplained = board.shape().all_digits();
    unexplained.remove(digit);
    let mut by_house = Vec::new();
    for house in houses {
        let mut witnesses: Vec<Witness> = geometry
            .cells_of(house)
            .iter()
            .filter_map(|&c| {
                let held = board.value(c)?;
                unexplained.contains(held).then(|| Witness {
                    cell: c,
                    digit: held,
                    covers: vec![cell],
                })
            })
            .collect();
        if witnesses.is_empty() {
            continue;
        }
        witnesses.sort_by_key(|w| w.digit);
        for w in &witnesses {
            unexplained.remove(w.digit);
        }
        by_house.push((house, witnesses));
    }
    (by_house, unexplained)
}

/// Writes `n` items as people list them — "a", "a and b", "a, b and c" — naming at most
/// [`MAX_NAMED`] and counting the rest ("a, b, c, d, e and 3 more"); `item(out, k)` writes
/// the `k`-th.
fn write_list(out: &mut String, n: usize, mut item: impl FnMut(&mut String, usize)) {
    let named = n.min(MAX_NAMED);
    let parts = if n > MAX_NAMED { named + 1 } else { named };
    for k in 0..parts {
        out.push_str(match k {
            0 => "",
            _ if k + 1 == parts => " and ",
            _ => ", ",
        });
        if k < named {
            item(out, k);
        } else {
            let _ = write!(out, "{} more", n - named);
        }
    }
}

/// What a hidden single's sentence adds after "the only place for 7 in box 2": the witnesses
/// ("; the 7s in r1c8 and r2c2 rule out the rest") and any cell that lost the digit by other
/// means ("… rule out all but r4c6 (ruled out earlier)"); without a witness, that every
/// other place went earlier; nothing when the house has no other empty cell.
fn hidden_single_reason(
    shape: Shape,
    digit: Digit,
    proof: &[Witness],
    uncovered: &[Cell],
) -> String {
    let mut out = String::new();
    if proof.is_empty() {
        if !uncovered.is_empty() {
            out.push_str("; the other places were ruled out earlier");
        }
        return out;
    }
    let plural = if proof.len() > 1 { "s" } else { "" };
    let _ = write!(out, "; the {}{plural} in ", shape.show(digit));
    write_list(&mut out, proof.len(), |out, k| {
        out.push_str(&proof[k].cell.name(shape))
    });
    out.push_str(if proof.len() > 1 {
        " rule out "
    } else {
        " rules out "
    });
    if uncovered.is_empty() {
        out.push_str("the rest");
    } else {
        out.push_str("all but ");
        write_list(&mut out, uncovered.len(), |out, k| {
            out.push_str(&uncovered[k].name(shape))
        });
        out.push_str(" (ruled out earlier)");
    }
    out
}

/// What a naked single's sentence adds after "the only candidate left in the cell": the
/// digits each house holds ("; box 5 has 1, 2 and 7, row 5 has 4 and 9") and the digits
/// that went by other means ("; 6 was ruled out earlier"); without a witness, that every
/// other candidate went earlier.
fn naked_single_reason(
    shape: Shape,
    by_house: &[(House, Vec<Witness>)],
    unexplained: DigitSet,
) -> String {
    let mut out = String::new();
    if by_house.is_empty() {
        if !unexplained.is_empty() {
            out.push_str("; the other candidates were ruled out earlier");
        }
        return out;
    }
    for (k, (house, witnesses)) in by_house.iter().enumerate() {
        let _ = write!(out, "{}{house} has ", if k == 0 { "; " } else { ", " });
        write_list(&mut out, witnesses.len(), |out, j| {
            let _ = write!(out, "{}", shape.show(witnesses[j].digit));
        });
    }
    if !unexplained.is_empty() {
        let digits: Vec<Digit> = unexplained.iter().collect();
        out.push_str("; ");
        write_list(&mut out, digits.len(), |out, j| {
            let _ = write!(out, "{}", shape.show(digits[j]));
        });
        out.push_str(if digits.len() == 1 {
            " was ruled out earlier"
        } else {
            " were ruled out earlier"
        });
    }
    out
}
