//! The rules between cells beyond the houses, one technique each: anti-knight and anti-king
//! (a placed digit leaves the cells a chess move away), an extra diagonal (a placed digit
//! leaves the diagonal), thermometers, arrows, kropki dots, XV marks and the non-consecutive
//! rule (a candidate that no choice of the other cells of the rule keeps it with leaves).
//!
//! Each finder takes the first rule, in the puzzle's order, that eliminates something, and
//! eliminates all that rule excludes at once. What a rule allows is computed by
//! [`crate::contradiction::support`], the very analysis the trace's dead ends use.

use super::util::{and_list, cell_list, describe_losses, sort_candidates};
use super::Rung;
use crate::contradiction::support::{
    arrow_fit, diagonal_name, is_knights_move, pair_fit, thermometer_fit,
};
use crate::digits::DigitSet;
use crate::geometry::rules::Relation;
use crate::grid::Cell;
use crate::technique::Technique;
use crate::trace::{Board, Candidate, Change, Step, StepKind};

/// The rungs of this family, in ladder order.
pub const RUNGS: &[Rung] = &[
    Rung {
        technique: Technique::AntiKnight,
        find: anti_knight,
    },
    Rung {
        technique: Technique::AntiKing,
        find: anti_king,
    },
    Rung {
        technique: Technique::Diagonal,
        find: diagonal,
    },
    Rung {
        technique: Technique::Thermometer,
        find: thermometer,
    },
    Rung {
        technique: Technique::XvPair,
        find: xv_pair,
    },
    Rung {
        technique: Technique::NonConsecutive,
        find: non_consecutive,
    },
    Rung {
        technique: Technique::KropkiDot,
        find: kropki_dot,
    },
    Rung {
        technique: Technique::Arrow,
        find: arrow,
    },
];

/// The eliminations of the candidates of `cells` that their allowed digits leave out, cell
/// by cell (filled cells lose nothing).
pub fn losses(board: &Board, cells: &[Cell], allowed: &[DigitSet]) -> Vec<Candidate> {
    cells
        .iter()
        .zip(allowed)
        .flat_map(|(&cell, &allowed)| {
            board
                .candidates(cell)
                .difference(allowed)
                .iter()
                .map(move |digit| Candidate::new(cell, digit))
        })
        .collect()
}

/// A deduction that eliminates `victims`, about `cells`, with a sentence.
pub fn elimination_step(
    technique: Technique,
    cells: Vec<Cell>,
    victims: &[Candidate],
    text: String,
) -> Step {
    let mut step = Step::new(StepKind::Deduction, technique, 0, text);
    step.cells = cells;
    step.changes = victims
        .iter()
        .map(|v| Change::Eliminate {
            cell: v.cell,
            digit: v.digit,
        })
        .collect();
    step
}

/// Anti-knight: a placed digit leaves the cells a knight's move away. Placed cells in
/// reading order.
pub fn anti_knight(board: &Board) -> Option<Step> {
    if !board.geometry().rules().is_antiknight {
        return None;
    }
    apart(board, Technique::AntiKnight, true)
}

/// Anti-king: a placed digit leaves the cells a king's move away (its diagonal neighbours;
/// its orthogonal ones share a house). Placed cells in reading order.
pub fn anti_king(board: &Board) -> Option<Step> {
    if !board.geometry().rules().is_antiking {
        return None;
    }
    apart(board, Technique::AntiKing, false)
}

/// The first placed digit whose cells a knight's move away (`is_knight`) or a king's move
/// away still hold it as a candidate.
fn apart(board: &Board, technique: Technique, is_knight: bool) -> Option<Step> {
    let shape = board.shape();
    let pairs = board.geometry().rules().apart_pairs(shape);
    for cell in shape.cells() {
        let Some(digit) = board.value(cell) else {
            continue;
        };
        let mut victims: Vec<Candidate> = pairs
            .iter()
            .filter_map(|&(a, b)| match (a == cell, b == cell) {
                (true, _) => Some(b),
                (_, true) => Some(a),
                _ => None,
            })
            .filter(|&other| is_knights_move(shape, cell, other) == is_knight)
            .filter(|&other| board.has_candidate(other, digit))
            .map(|other| Candidate::new(other, digit))
            .collect();
        if victims.is_empty() {
            continue;
        }
        sort_candidates(&mut victims);
        let (name, moves) = if is_knight {
            ("Anti-knight", "a knight's move")
        } else {
            ("Anti-king", "a king's move")
        };
        let text = format!(
            "{name}: {} = {}, so {}, {moves} away, {}",
            cell.name(shape),
            shape.show(digit),
            names(shape, victims.iter().map(|v| v.cell)),
            lose(victims.len(), shape.show(digit)),
        );
        let mut step = elimination_step(technique, vec![cell], &victims, text);
        step.digit = Some(digit);
        return Some(step);
    }
    None
}

/// Cells named as a list people read: "r1c1, r2c3 and r3c2".
pub fn names(shape: crate::grid::Shape, cells: impl Iterator<Item = Cell>) -> String {
    and_list(&cells.map(|c| c.name(shape)).collect::<Vec<_>>())
}

/// "loses 5" or "lose 5".
fn lose(n_cells: usize, digit: impl std::fmt::Display) -> String {
    if n_cells == 1 {
        format!("loses {digit}")
    } else {
        format!("lose {digit}")
    }
}

/// Diagonal: a digit placed on an extra diagonal leaves the diagonal's other cells.
/// Diagonals in the puzzle's order, then their cells from the top.
pub fn diagonal(board: &Board) -> Option<Step> {
    let shape = board.shape();
    for &diagonal in &board.geometry().rules().diagonals {
        let cells = diagonal.cells(shape);
        for &cell in &cells {
            let Some(digit) = board.value(cell) else {
                continue;
            };
            let victims: Vec<Candidate> = cells
                .iter()
                .filter(|&&other| board.has_candidate(other, digit))
                .map(|&other| Candidate::new(other, digit))
                .collect();
            if victims.is_empty() {
                continue;
            }
            let text = format!(
                "Diagonal: {} = {} on {}, so {} {}",
                cell.name(shape),
                shape.show(digit),
                diagonal_name(diagonal),
                names(shape, victims.iter().map(|v| v.cell)),
                lose(victims.len(), shape.show(digit)),
            );
            let mut step = elimination_step(Technique::Diagonal, vec![cell], &victims, text);
            step.digit = Some(digit);
            return Some(step);
        }
    }
    None
}

/// Thermometer: digits increase from the bulb, so each cell keeps only the digits with room
/// for the cells before and after it. Thermometers in the puzzle's order.
pub fn thermometer(board: &Board) -> Option<Step> {
    let shape = board.shape();
    for thermometer in &board.geometry().rules().thermometers {
        let cells = &thermometer.cells;
        let domains: Vec<DigitSet> = cells.iter().map(|&c| board.domain(c)).collect();
        let victims = losses(board, cells, &thermometer_fit(&domains));
        if victims.is_empty() {
            continue;
        }
        let text = format!(
            "Thermometer: digits increase along {}, so {}",
            cell_list(shape, cells),
            describe_losses(shape, &victims)
        );
        return Some(elimination_step(
            Technique::Thermometer,
            cells.clone(),
            &victims,
            text,
        ));
    }
    None
}

/// Arrow: the line adds up to the circle, so a candidate of the circle that no choice of the
/// line gives, or of a line cell that no choice of the others adds up with, leaves. Arrows in
/// the puzzle's order.
pub fn arrow(board: &Board) -> Option<Step> {
    let shape = board.shape();
    for arrow in &board.geometry().rules().arrows {
        let line: Vec<DigitSet> = arrow.line.iter().map(|&c| board.domain(c)).collect();
        let Some((circle, line_allowed)) = arrow_fit(board.domain(arrow.circle), &line) else {
            continue;
        };
        let cells: Vec<Cell> = std::iter::once(arrow.circle)
            .chain(arrow.line.iter().copied())
            .collect();
        let allowed: Vec<DigitSet> = std::iter::once(circle).chain(line_allowed).collect();
        let victims = losses(board, &cells, &allowed);
        if victims.is_empty() {
            continue;
        }
        let text = format!(
            "Arrow: {} adds up to the circle at {}, so {}",
            cell_list(shape, &arrow.line),
            arrow.circle.name(shape),
            describe_losses(shape, &victims)
        );
        return Some(elimination_step(Technique::Arrow, cells, &victims, text));
    }
    None
}

/// XV pair: cells marked X add up to 10, marked V to 5 (or another sum).
pub fn xv_pair(board: &Board) -> Option<Step> {
    pairs(board, Technique::XvPair, |r| matches!(r, Relation::Sum(_)))
}

/// Non-consecutive: orthogonal neighbours do not hold consecutive digits.
pub fn non_consecutive(board: &Board) -> Option<Step> {
    if !board.geometry().rules().is_nonconsecutive {
        return None;
    }
    pairs(board, Technique::NonConsecutive, |r| {
        r == Relation::NotConsecutive
    })
}

/// Kropki dot: a white dot joins consecutive digits (or digits another difference apart), a
/// black dot a digit and its double (or another multiple).
pub fn kropki_dot(board: &Board) -> Option<Step> {
    pairs(board, Technique::KropkiDot, |r| {
        matches!(r, Relation::Difference(_) | Relation::Ratio(_))
    })
}

/// The first pair rule of a kind `is_kind` accepts that eliminates something: every
/// candidate of its two cells that no candidate of the other stands in the relation with.
fn pairs(board: &Board, technique: Technique, is_kind: fn(Relation) -> bool) -> Option<Step> {
    let shape = board.shape();
    let rules = board.geometry().rules();
    if rules.pairs.is_empty() && !rules.is_nonconsecutive {
        return None;
    }
    for rule in rules.pair_rules(shape) {
        if !is_kind(rule.relation) {
            continue;
        }
        let (a, b) = pair_fit(rule.relation, board.domain(rule.a), board.domain(rule.b));
        let cells = vec![rule.a, rule.b];
        let mut victims = losses(board, &cells, &[a, b]);
        if victims.is_empty() {
            continue;
        }
        sort_candidates(&mut victims);
        let text = format!(
            "{}: {} and {} {}, so {}",
            technique.name(),
            rule.a.name(shape),
            rule.b.name(shape),
            relation_text(rule.relation),
            describe_losses(shape, &victims)
        );
        return Some(elimination_step(technique, cells, &victims, text));
    }
    None
}

/// What a relation asks of two cells, as a sentence's verb phrase: "hold consecutive digits
/// (white dot)".
fn relation_text(relation: Relation) -> String {
    match relation {
        Relation::Difference(1) => "hold consecutive digits (white dot)".to_string(),
        Relation::Difference(k) => format!("hold digits {k} apart (white dot)"),
        Relation::Ratio(2) => "hold a digit and its double (black dot)".to_string(),
        Relation::Ratio(k) => format!("hold a digit and {k} times it (black dot)"),
        Relation::Sum(10) => "add up to 10 (X)".to_string(),
        Relation::Sum(5) => "add up to 5 (V)".to_string(),
        Relation::Sum(total) => format!("add up to {total}"),
        Relation::NotConsecutive => "are neighbours, never consecutive".to_string(),
    }
}
