//! Uniqueness: unique rectangles types 1–4, hidden rectangle, BUG+1.
//!
//! These hold only when the puzzle has exactly one solution, so the ladder uses them only
//! then. A deadly pattern is a set of empty cells whose digits could be swapped to give a
//! second solution: four cells at the corners of a rectangle that span exactly two rows, two
//! columns and two boxes, holding the same two digits crosswise. Placed digits are never
//! corners (the board does not tell givens from deductions, and only empty cells matter).
//!
//! ```text
//!  corners  c1   c2          a b         b a
//!     r1    [0]  [1]   →     b a   or    a b   two solutions: the puzzle forbids both,
//!     r2    [2]  [3]                           so one corner must hold another digit
//! ```

use super::util::{and_list, describe_losses, eliminations};
use super::Rung;
use crate::digits::{Digit, DigitSet};
use crate::grid::{Cell, House};
use crate::technique::Technique;
use crate::trace::{Board, Candidate, Change, Step, StepKind};

/// The rungs of this family, in ladder order.
pub const RUNGS: &[Rung] = &[
    Rung {
        technique: Technique::UniqueRectangle1,
        find: unique_rectangle_1,
    },
    Rung {
        technique: Technique::UniqueRectangle2,
        find: unique_rectangle_2,
    },
    Rung {
        technique: Technique::UniqueRectangle3,
        find: unique_rectangle_3,
    },
    Rung {
        technique: Technique::UniqueRectangle4,
        find: unique_rectangle_4,
    },
    Rung {
        technique: Technique::HiddenRectangle,
        find: hidden_rectangle,
    },
    Rung {
        technique: Technique::BugPlusOne,
        find: bug_plus_one,
    },
];

/// A possible deadly rectangle: four empty corners in two rows, two columns and two boxes
/// that all hold the digits `a` and `b`.
#[derive(Copy, Clone, Debug)]
struct Rectangle {
    /// Corners in reading order: top left, top right, bottom left, bottom right.
    corners: [Cell; 4],
    a: Digit,
    b: Digit,
}

impl Rectangle {
    fn pair(&self) -> DigitSet {
        let mut set = DigitSet::single(self.a);
        set.insert(self.b);
        set
    }

    /// The corner diagonally opposite corner `k`.
    fn opposite(k: usize) -> usize {
        3 - k
    }

    fn names(&self, board: &Board) -> String {
        let shape = board.shape();
        let names: Vec<String> = self.corners.iter().map(|c| c.name(shape)).collect();
        and_list(&names)
    }
}

/// Every possible deadly rectangle of the board, in a fixed order.
///
/// Four corners span exactly two boxes when their two rows share a band of boxes and their
/// columns do not share a stack, or the other way round.
fn rectangles(board: &Board) -> Vec<Rectangle> {
    let shape = board.shape();
    let n = shape.size();
    let (box_rows, box_cols) = (shape.box_rows(), shape.box_cols());
    let mut found = Vec::new();
    for r1 in 0..n {
        for c1 in 0..n {
            let top_left = board.candidates(shape.cell(r1, c1));
            if top_left.len() < 2 {
                continue;
            }
            for c2 in c1 + 1..n {
                let top = top_left.intersection(board.candidates(shape.cell(r1, c2)));
                if top.len() < 2 {
                    continue;
                }
                let is_same_stack = c1 / box_cols == c2 / box_cols;
                for r2 in r1 + 1..n {
                    let is_same_band = r1 / box_rows == r2 / box_rows;
                    if is_same_band == is_same_stack {
                        continue;
                    }
                    let corners = [
                        shape.cell(r1, c1),
                        shape.cell(r1, c2),
                        shape.cell(r2, c1),
                        shape.cell(r2, c2),
                    ];
                    let common = top
                        .intersection(board.candidates(corners[2]))
                        .intersection(board.candidates(corners[3]));
                    if common.len() < 2 {
                        continue;
                    }
                    let digits: Vec<Digit> = common.iter().collect();
                    for (i, &a) in digits.iter().enumerate() {
                        for &b in &digits[i + 1..] {
                            found.push(Rectangle { corners, a, b });
                        }
                    }
                }
            }
        }
    }
    found
}

/// The corners of a rectangle that hold exactly its pair, and those with extra candidates.
fn split_corners(board: &Board, rect: &Rectangle) -> (Vec<usize>, Vec<usize>) {
    (0..4).partition(|&k| board.candidates(rect.corners[k]) == rect.pair())
}

fn uniqueness_step(technique: Technique, text: String, rect: &Rectangle) -> Step {
    let mut step = Step::new(StepKind::Deduction, technique, 0, text);
    step.cells = rect.corners.to_vec();
    step.pattern = rect
        .corners
        .iter()
        .flat_map(|&c| [Candidate::new(c, rect.a), Candidate::new(c, rect.b)])
        .collect();
    step
}

/// Unique rectangle type 1: three corners hold only the pair, so the fourth must not be
/// either digit of it.
pub fn unique_rectangle_1(board: &Board) -> Option<Step> {
    let shape = board.shape();
    rectangles(board).into_iter().find_map(|rect| {
        let (plain, extra) = split_corners(board, &rect);
        let (&[_, _, _], &[k]) = (&plain[..], &extra[..]) else {
            return None;
        };
        let cell = rect.corners[k];
        let text = format!(
            "Unique rectangle type 1 (relies on a unique solution): {} would hold only {}, which gives two solutions, so {} is not {} or {}",
            rect.names(board),
            shape.show_slashed(rect.pair()),
            cell.name(shape),
            shape.show(rect.a),
            shape.show(rect.b)
        );
        let mut step = uniqueness_step(Technique::UniqueRectangle1, text, &rect);
        step.changes = eliminations(&[Candidate::new(cell, rect.a), Candidate::new(cell, rect.b)]);
        Some(step)
    })
}

/// Unique rectangle type 2: the two corners with extras have the same single extra digit;
/// one of them holds it, so cells seeing both lose it.
pub fn unique_rectangle_2(board: &Board) -> Option<Step> {
    let shape = board.shape();
    rectangles(board).into_iter().find_map(|rect| {
        let (plain, extra) = split_corners(board, &rect);
        let (&[_, _], &[k1, k2]) = (&plain[..], &extra[..]) else {
            return None;
        };
        let (e1, e2) = (rect.corners[k1], rect.corners[k2]);
        let x1 = board.candidates(e1).difference(rect.pair());
        let x2 = board.candidates(e2).difference(rect.pair());
        let z = x1.single_digit()?;
        if x1 != x2 {
            return None;
        }
        let victims: Vec<Candidate> = shape
            .cells()
            .filter(|&c| board.geometry().sees(c, e1) && board.geometry().sees(c, e2) && board.has_candidate(c, z))
            .map(|c| Candidate::new(c, z))
            .collect();
        if victims.is_empty() {
            return None;
        }
        let losers: Vec<Cell> = victims.iter().map(|v| v.cell).collect();
        let text = format!(
            "Unique rectangle type 2 (relies on a unique solution): {} would hold only {}, which gives two solutions, so {} or {} is {z}, and {} {} {z}",
            rect.names(board),
            shape.show_slashed(rect.pair()),
            e1.name(shape),
            e2.name(shape),
            super::util::cell_list(shape, &losers),
            if losers.len() == 1 { "loses" } else { "lose" },
            z = shape.show(z),
        );
        let mut step = uniqueness_step(Technique::UniqueRectangle2, text, &rect);
        step.digit = Some(z);
        step.changes = eliminations(&victims);
        Some(step)
    })
}

/// The houses two cells share.
fn shared_houses(board: &Board, a: Cell, b: Cell) -> Vec<House> {
    let geometry = board.geometry();
    geometry
        .houses_of(a)
        .filter(|&h| geometry.houses_of(b).any(|hb| hb == h))
        .collect()
}

/// Unique rectangle type 3: the extra digits of the two corners with extras act as one cell
/// that, with other cells of a house they share, forms a naked subset.
pub fn unique_rectangle_3(board: &Board) -> Option<Step> {
    let shape = board.shape();
    let g = board.geometry();
    rectangles(board).into_iter().find_map(|rect| {
        let (plain, extra) = split_corners(board, &rect);
        let (&[_, _], &[k1, k2]) = (&plain[..], &extra[..]) else {
            return None;
        };
        let (e1, e2) = (rect.corners[k1], rect.corners[k2]);
        let extras = board
            .candidates(e1)
            .union(board.candidates(e2))
            .difference(rect.pair());
        shared_houses(board, e1, e2).into_iter().find_map(|house| {
            let others: Vec<Cell> = g.cells_of(house)
                .iter()
                .copied()
                .filter(|&c| c != e1 && c != e2 && board.value(c).is_none())
                .collect();
            // Subsets of one to three other cells, smallest first, that with the pseudo-cell
            // of the extras hold as many digits as cells.
            let n_others = others.len();
            let mut subsets: Vec<Vec<usize>> = (0..n_others).map(|i| vec![i]).collect();
            for i in 0..n_others {
                for j in i + 1..n_others {
                    subsets.push(vec![i, j]);
                }
            }
            for i in 0..n_others {
                for j in i + 1..n_others {
                    for k in j + 1..n_others {
                        subsets.push(vec![i, j, k]);
                    }
                }
            }
            subsets.into_iter().find_map(|picks| {
                let subset: Vec<Cell> = picks.iter().map(|&i| others[i]).collect();
                let digits = subset
                    .iter()
                    .fold(extras, |s, &c| s.union(board.candidates(c)));
                if digits.len() != subset.len() + 1 {
                    return None;
                }
                let victims: Vec<Candidate> = others
                    .iter()
                    .filter(|c| !subset.contains(c))
                    .flat_map(|&c| {
                        board
                            .candidates(c)
                            .intersection(digits)
                            .iter()
                            .map(move |d| Candidate::new(c, d))
                    })
                    .collect();
                if victims.is_empty() {
                    return None;
                }
                let text = format!(
                    "Unique rectangle type 3 (relies on a unique solution): {} would hold only {}, which gives two solutions, so {} or {} holds one of {}; with {} they lock {} in {house}, and {}",
                    rect.names(board),
                    shape.show_slashed(rect.pair()),
                    e1.name(shape),
                    e2.name(shape),
                    shape.show_slashed(extras),
                    super::util::cell_list(shape, &subset),
                    shape.show_slashed(digits),
                    describe_losses(shape, &victims),
                );
                let mut step = uniqueness_step(Technique::UniqueRectangle3, text, &rect);
                step.houses = vec![house];
                step.cells.extend(subset.iter().copied());
                step.changes = eliminations(&victims);
                Some(step)
            })
        })
    })
}

/// Unique rectangle type 4: one digit of the pair can go only in the two corners with extras
/// within a house they share, so the other digit of the pair leaves both.
pub fn unique_rectangle_4(board: &Board) -> Option<Step> {
    let shape = board.shape();
    rectangles(board).into_iter().find_map(|rect| {
        let (plain, extra) = split_corners(board, &rect);
        let (&[_, _], &[k1, k2]) = (&plain[..], &extra[..]) else {
            return None;
        };
        let (e1, e2) = (rect.corners[k1], rect.corners[k2]);
        shared_houses(board, e1, e2).into_iter().find_map(|house| {
            [(rect.a, rect.b), (rect.b, rect.a)]
                .into_iter()
                .find_map(|(locked, gone)| {
                    let places = board.places_for(locked, house);
                    if places.len() != 2 || !places.contains(&e1) || !places.contains(&e2) {
                        return None;
                    }
                    let text = format!(
                        "Unique rectangle type 4 (relies on a unique solution): {} would hold only {}, which gives two solutions; {locked} must go in {} or {} within {house}, so neither can be {gone}",
                        rect.names(board),
                        shape.show_slashed(rect.pair()),
                        e1.name(shape),
                        e2.name(shape),
                        locked = shape.show(locked),
                        gone = shape.show(gone),
                    );
                    let mut step = uniqueness_step(Technique::UniqueRectangle4, text, &rect);
                    step.houses = vec![house];
                    step.digit = Some(gone);
                    step.changes = eliminations(&[Candidate::new(e1, gone), Candidate::new(e2, gone)]);
                    Some(step)
                })
        })
    })
}

/// Hidden rectangle: one corner holds only the pair, and the digit `a` is a conjugate pair
/// in both the row and the column of the opposite corner; that corner then cannot be `b`.
pub fn hidden_rectangle(board: &Board) -> Option<Step> {
    let shape = board.shape();
    rectangles(board).into_iter().find_map(|rect| {
        (0..4).find_map(|k| {
            if board.candidates(rect.corners[k]) != rect.pair() {
                return None;
            }
            let far = rect.corners[Rectangle::opposite(k)];
            let row = House::row(shape.row_of(far));
            let col = House::column(shape.col_of(far));
            [(rect.a, rect.b), (rect.b, rect.a)]
                .into_iter()
                .find_map(|(linked, gone)| {
                    let in_rect = |cells: Vec<Cell>| {
                        cells.len() == 2 && cells.iter().all(|c| rect.corners.contains(c))
                    };
                    if !in_rect(board.places_for(linked, row))
                        || !in_rect(board.places_for(linked, col))
                    {
                        return None;
                    }
                    let text = format!(
                        "Hidden rectangle (relies on a unique solution): {} holds only {}, and {linked} appears in {row} and {col} only at corners of {}; if {} were {gone}, the four corners would hold {} crosswise and give two solutions, so {} is not {gone}",
                        rect.corners[k].name(shape),
                        shape.show_slashed(rect.pair()),
                        rect.names(board),
                        far.name(shape),
                        shape.show_slashed(rect.pair()),
                        far.name(shape),
                        linked = shape.show(linked),
                        gone = shape.show(gone),
                    );
                    let mut step = uniqueness_step(Technique::HiddenRectangle, text, &rect);
                    step.houses = vec![row, col];
                    step.digit = Some(gone);
                    step.changes = vec![Change::Eliminate {
                        cell: far,
                        digit: gone,
                    }];
                    Some(step)
                })
        })
    })
}

/// BUG+1: every empty cell holds two candidates but one, which holds three, and every digit
/// appears twice in each house where it appears, except one digit three times in the houses
/// of the odd cell. Without that digit there, the board would be a deadly pattern, so the
/// odd cell takes it.
pub fn bug_plus_one(board: &Board) -> Option<Step> {
    let shape = board.shape();
    let g = board.geometry();
    let mut odd: Option<Cell> = None;
    for cell in shape.cells() {
        match board.candidates(cell).len() {
            0 | 2 => {}
            3 if odd.is_none() => odd = Some(cell),
            _ => return None,
        }
    }
    let odd = odd?;
    let odd_houses = &g.cell_houses[odd.index()];
    let mut bug_digit: Option<Digit> = None;
    for (h, cells) in g.house_cells.iter().enumerate() {
        for digit in shape.all_digits().iter() {
            let count = cells
                .iter()
                .filter(|&&c| board.has_candidate(c, digit))
                .count();
            match count {
                0 | 2 => {}
                3 if odd_houses.contains(&h) && board.has_candidate(odd, digit) => {
                    if bug_digit.is_some_and(|d| d != digit) {
                        return None;
                    }
                    bug_digit = Some(digit);
                }
                _ => return None,
            }
        }
    }
    let digit = bug_digit?;
    // The digit must be the odd one out in all three houses of the odd cell.
    let all_three = odd_houses.iter().all(|&h| {
        g.house_cells[h]
            .iter()
            .filter(|&&c| board.has_candidate(c, digit))
            .count()
            == 3
    });
    if !all_three {
        return None;
    }
    let text = format!(
        "BUG+1 (relies on a unique solution): every empty cell but {} holds two candidates, and {digit} appears three times in its row, column and box; without {digit} there the board would allow two solutions or none, so {} = {digit}",
        odd.name(shape),
        odd.name(shape),
        digit = shape.show(digit)
    );
    let mut step = Step::new(StepKind::Deduction, Technique::BugPlusOne, 0, text);
    step.cells = vec![odd];
    step.digit = Some(digit);
    step.pattern = board
        .candidates(odd)
        .iter()
        .map(|d| Candidate::new(odd, d))
        .collect();
    step.changes = board.placement_changes(odd, digit);
    Some(step)
}
