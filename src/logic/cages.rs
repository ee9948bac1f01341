//! Killer cages: which sets of digits (*combinations*) a cage can still hold, and how a cage
//! and a house it lies in share a digit.
//!
//! - Cage Combinations (SudokuWiki's "Killer Combinations"): a cage of 17 in two cells is
//!   8+9, so its cells lose 1 to 7. A combination counts only when the cage's cells can be
//!   given its digits, one each, from their candidates.
//! - Cage Pointing: a digit every combination holds must be in the cage; when the cage's
//!   places for it lie in one house, it leaves the rest of that house.
//! - Cage Claiming, the converse: a digit's places in a house all lie in one cage, so the
//!   cage holds it; the combinations without it go.
//!
//! ```text
//!  cage of 3 over r1c1, r1c2 (1+2):     Cage Pointing on 1 and 2 in row 1
//!  [1/2 1/2] . . . - - - - - - -        -: cells of row 1 that lose 1 and 2
//! ```

use super::relations::{elimination_step, losses, names};
use super::util::{and_list, candidates_among, describe_losses, digit_names};
use super::Rung;
use crate::contradiction::support::{cage_fit, CageFit};
use crate::digits::{Digit, DigitSet};
use crate::geometry::rules::Cage;
use crate::grid::{Cell, Shape};
use crate::technique::Technique;
use crate::trace::{Board, Candidate, Step};

/// The rung every strategy with cages has: Cage Combinations.
pub const BASIC: &[Rung] = &[Rung {
    technique: Technique::CageCombinations,
    find: cage_combinations,
}];

/// The rungs of the Human strategy beyond [`BASIC`], in ladder order.
pub const RUNGS: &[Rung] = &[
    Rung {
        technique: Technique::CagePointing,
        find: cage_pointing,
    },
    Rung {
        technique: Technique::CageClaiming,
        find: cage_claiming,
    },
];

/// The domains of a cage's cells on the board (a placed digit as a one-digit set).
fn domains(board: &Board, cells: &[Cell]) -> Vec<DigitSet> {
    cells.iter().map(|&c| board.domain(c)).collect()
}

/// What a cage allows on the board, holding every digit of `must`; `None` on a grid too big
/// to analyse.
fn fit(board: &Board, cage: &Cage, must: DigitSet) -> Option<CageFit> {
    cage_fit(
        &domains(board, &cage.cells),
        cage.sum,
        must,
        board.shape().size(),
    )
}

/// "the cage of 17 at r1c1" or, without a sum, "the cage at r1c1".
pub fn cage_name(shape: Shape, cage: &Cage) -> String {
    match cage.sum {
        Some(sum) => format!("the cage of {sum} at {}", cage.cells[0].name(shape)),
        None => format!("the cage at {}", cage.cells[0].name(shape)),
    }
}

/// The combinations as people write them: "8+9", "1+2+7 or 1+3+6", or "5 combinations"
/// past four.
pub fn combos_text(shape: Shape, combos: &[DigitSet]) -> String {
    if combos.len() > 4 {
        return format!("{} combinations", combos.len());
    }
    let mut lists: Vec<Vec<String>> = combos
        .iter()
        .map(|&combo| digit_names(shape, combo))
        .collect();
    // As people list them: by their smallest digit, then the next, as 1+2+7 before 1+3+6.
    lists.sort_by_key(|names| names.iter().map(|n| format!("{n:>2}")).collect::<Vec<_>>());
    let names: Vec<String> = lists.iter().map(|names| names.join("+")).collect();
    match names.as_slice() {
        [init @ .., last] if !init.is_empty() => format!("{} or {last}", init.join(", ")),
        _ => names.join(""),
    }
}

/// Cage Combinations: the first cage, in the puzzle's order, some of whose candidates no
/// combination it can still hold allows; they all leave.
pub fn cage_combinations(board: &Board) -> Option<Step> {
    let shape = board.shape();
    for cage in &board.geometry().rules().cages {
        let Some(fit) = fit(board, cage, DigitSet::EMPTY) else {
            continue;
        };
        let victims = losses(board, &cage.cells, &fit.allowed);
        if victims.is_empty() {
            continue;
        }
        let n_cells = match cage.cells.len() {
            1 => "1 cell".to_string(),
            n => format!("{n} cells"),
        };
        let what = match (cage.sum, fit.combos.len()) {
            (None, _) => format!("{} holds different digits", cage_name(shape, cage)),
            (Some(_), 0..=4) => format!(
                "{} in {n_cells} can only be {}",
                cage_name(shape, cage),
                combos_text(shape, &fit.combos)
            ),
            (Some(_), n_combos) => format!(
                "{} in {n_cells} has {n_combos} combinations left",
                cage_name(shape, cage),
            ),
        };
        let text = format!(
            "Cage Combinations: {what}, so {}",
            describe_losses(shape, &victims)
        );
        let allowed = fit.allowed.iter().fold(DigitSet::EMPTY, |a, &d| a.union(d));
        let mut step = elimination_step(
            Technique::CageCombinations,
            cage.cells.clone(),
            &victims,
            text,
        );
        step.pattern = candidates_among(board, &cage.cells, allowed);
        return Some(step);
    }
    None
}

/// Cage Pointing: a digit every combination of a cage holds, not yet placed in it, whose
/// places in the cage all lie in one house, leaves the rest of that house. Cages in the
/// puzzle's order, then digits, then the houses of the first place in order.
pub fn cage_pointing(board: &Board) -> Option<Step> {
    let shape = board.shape();
    let geometry = board.geometry();
    for cage in &geometry.rules().cages {
        let Some(fit) = fit(board, cage, DigitSet::EMPTY) else {
            continue;
        };
        if fit.is_dead() {
            continue;
        }
        let placed: DigitSet = cage.cells.iter().filter_map(|&c| board.value(c)).collect();
        for digit in fit.required().difference(placed).iter() {
            let places: Vec<Cell> = cage
                .cells
                .iter()
                .copied()
                .filter(|&c| board.has_candidate(c, digit))
                .collect();
            let Some(&first) = places.first() else {
                continue;
            };
            for house in geometry.houses_of(first) {
                let house_cells = geometry.cells_of(house);
                if !places.iter().all(|c| house_cells.contains(c)) {
                    continue;
                }
                let victims: Vec<Candidate> = house_cells
                    .iter()
                    .filter(|c| !cage.cells.contains(c) && board.has_candidate(**c, digit))
                    .map(|&c| Candidate::new(c, digit))
                    .collect();
                if victims.is_empty() {
                    continue;
                }
                let text = format!(
                    "Cage Pointing: every combination of {} ({}) holds {d}, and its places for \
                     {d} lie in {house}, so {}",
                    cage_name(shape, cage),
                    combos_text(shape, &fit.combos),
                    describe_losses(shape, &victims),
                    d = shape.show(digit),
                );
                let mut step =
                    elimination_step(Technique::CagePointing, places.clone(), &victims, text);
                step.digit = Some(digit);
                step.houses = vec![house];
                step.pattern = places.iter().map(|&c| Candidate::new(c, digit)).collect();
                return Some(step);
            }
        }
    }
    None
}

/// Cage Claiming: in a house, a digit's places all lie in one cage, so the cage holds the
/// digit; the candidates that only combinations without it allowed leave the cage. Houses in
/// order, then digits.
pub fn cage_claiming(board: &Board) -> Option<Step> {
    let shape = board.shape();
    let geometry = board.geometry();
    let cages = &geometry.rules().cages;
    if cages.is_empty() {
        return None;
    }
    let mut cage_of: Vec<Option<usize>> = vec![None; shape.n_cells()];
    for (idx, cage) in cages.iter().enumerate() {
        for &cell in &cage.cells {
            cage_of[cell.index()] = Some(idx);
        }
    }
    for house in geometry.houses() {
        for digit in shape.all_digits().iter() {
            let places: Vec<Cell> = geometry
                .cells_of(house)
                .iter()
                .copied()
                .filter(|&c| board.has_candidate(c, digit))
                .collect();
            let Some(&first) = places.first() else {
                continue;
            };
            let Some(idx) = cage_of[first.index()] else {
                continue;
            };
            if places.iter().any(|c| cage_of[c.index()] != Some(idx)) {
                continue;
            }
            let cage = &cages[idx];
            if let Some(step) = claiming_step(board, cage, digit, house, &places) {
                return Some(step);
            }
        }
    }
    None
}

/// The step of Cage Claiming for a cage that must hold `digit`, its places in `house`, if
/// that takes a candidate out.
fn claiming_step(
    board: &Board,
    cage: &Cage,
    digit: Digit,
    house: crate::grid::House,
    places: &[Cell],
) -> Option<Step> {
    let shape = board.shape();
    let fit = fit(board, cage, DigitSet::single(digit))?;
    let victims = losses(board, &cage.cells, &fit.allowed);
    if victims.is_empty() {
        return None;
    }
    let holds = if fit.is_dead() {
        "no combination holds it".to_string()
    } else {
        format!("only {} remain", combos_text(shape, &fit.combos))
    };
    let text = format!(
        "Cage Claiming: in {house}, {d} can only go in {} ({}), so the cage holds {d}: {holds}, \
         so {}",
        names(shape, places.iter().copied()),
        cage_name(shape, cage),
        describe_losses(shape, &victims),
        d = shape.show(digit),
    );
    let mut step = elimination_step(Technique::CageClaiming, cage.cells.clone(), &victims, text);
    step.digit = Some(digit);
    step.houses = vec![house];
    step.pattern = places.iter().map(|&c| Candidate::new(c, digit)).collect();
    Some(step)
}

/// The digits of a set as a list people read: "1, 2 and 7".
pub fn digits_text(shape: Shape, digits: DigitSet) -> String {
    and_list(&digit_names(shape, digits))
}
