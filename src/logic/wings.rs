//! Wings: XY-Wing, XYZ-Wing, W-Wing.
//!
//! Each is a pivot and two pincers (or two cells and a strong link) that force a digit `z`
//! into one of two or three cells; a cell that sees all of them loses `z`.
//!
//! ```text
//!  XY-Wing                       pivot xy sees pincers xz and yz:
//!  xy . . | . . . | yz . .       if the pivot is x, the pincer xz is z;
//!  .  . . | . . . | .  . .       if it is y, the pincer yz is z.
//!  xz . . | . . . | -  . .       - sees both pincers and loses z.
//! ```

use super::util::{candidates_of, eliminate_from, lose_text, sort_cells, Geometry, HousePlaces};
use super::Rung;
use crate::digits::{Digit, DigitSet};
use crate::grid::{Cell, House, Shape};
use crate::technique::Technique;
use crate::trace::{Board, Candidate, Link, LinkKind, Step, StepKind};

/// The rungs of this family, in ladder order.
pub const RUNGS: &[Rung] = &[
    Rung {
        technique: Technique::XYWing,
        find: xy_wing,
    },
    Rung {
        technique: Technique::XYZWing,
        find: xyz_wing,
    },
    Rung {
        technique: Technique::WWing,
        find: w_wing,
    },
];

/// The empty cells with exactly `n` candidates, in reading order.
fn cells_with_n_candidates(board: &Board, n: usize) -> Vec<(Cell, DigitSet)> {
    board
        .shape()
        .cells()
        .map(|c| (c, board.candidates(c)))
        .filter(|(_, set)| set.len() == n)
        .collect()
}

/// The peers of `around` (other than `skip`) that have `digit` and see every cell of `all`.
fn targets(
    board: &Board,
    geo: &Geometry,
    digit: Digit,
    around: Cell,
    all: &[Cell],
    skip: &[Cell],
) -> Vec<Cell> {
    let mut cells: Vec<Cell> = geo.peers[around.index()]
        .iter()
        .copied()
        .filter(|&c| {
            board.has_candidate(c, digit)
                && !skip.contains(&c)
                && all.iter().all(|&x| x == around || geo.sees(c, x))
        })
        .collect();
    sort_cells(&mut cells);
    cells
}

fn named(shape: Shape, cell: Cell, set: DigitSet) -> String {
    format!("{} ({})", cell.name(shape), shape.show_slashed(set))
}

fn cand_link(from: Candidate, to: Candidate, kind: LinkKind) -> Link {
    Link {
        from: vec![from],
        to: vec![to],
        kind,
    }
}

/// A pivot with two candidates `x/y` sees two pincers `x/z` and `y/z`; one pincer is `z`,
/// so cells seeing both pincers lose `z`. Pivots in reading order, then pincer pairs.
pub fn xy_wing(board: &Board) -> Option<Step> {
    let shape = board.shape();
    let geo = board.geometry();
    let bivalues = cells_with_n_candidates(board, 2);
    for &(pivot, pivot_set) in &bivalues {
        let pincers: Vec<(Cell, DigitSet)> = bivalues
            .iter()
            .copied()
            .filter(|&(c, set)| geo.sees(pivot, c) && set.intersection(pivot_set).len() == 1)
            .collect();
        for (i, &(a, a_set)) in pincers.iter().enumerate() {
            for &(b, b_set) in &pincers[i + 1..] {
                let x = a_set.intersection(pivot_set);
                let y = b_set.intersection(pivot_set);
                let z_set = a_set.difference(pivot_set);
                if x == y || z_set != b_set.difference(pivot_set) {
                    continue;
                }
                let z = z_set.first().expect("a pincer has a digit off the pivot");
                let cells = targets(board, geo, z, a, &[a, b], &[b, pivot]);
                if cells.is_empty() {
                    continue;
                }
                let changes = eliminate_from(board, z, &cells);
                let text = format!(
                    "XY-Wing: pivot {} with pincers {} and {}: one pincer is {z}, so {}",
                    named(shape, pivot, pivot_set),
                    named(shape, a, a_set),
                    named(shape, b, b_set),
                    lose_text(shape, &changes, z),
                    z = shape.show(z)
                );
                let mut step = Step::new(StepKind::Deduction, Technique::XYWing, 0, text);
                step.cells = vec![pivot, a, b];
                step.digit = Some(z);
                step.pattern = candidates_of(board, &[pivot, a, b]);
                let x = x.first().expect("one shared digit");
                let y = y.first().expect("one shared digit");
                let cand = Candidate::new;
                step.links = vec![
                    cand_link(cand(a, z), cand(a, x), LinkKind::Strong),
                    cand_link(cand(a, x), cand(pivot, x), LinkKind::Weak),
                    cand_link(cand(pivot, x), cand(pivot, y), LinkKind::Strong),
                    cand_link(cand(pivot, y), cand(b, y), LinkKind::Weak),
                    cand_link(cand(b, y), cand(b, z), LinkKind::Strong),
                ];
                step.changes = changes;
                return Some(step);
            }
        }
    }
    None
}

/// A pivot with three candidates `x/y/z` sees two pincers `x/z` and `y/z`; one of the three
/// is `z`, so cells seeing all three lose `z`.
pub fn xyz_wing(board: &Board) -> Option<Step> {
    let shape = board.shape();
    let geo = board.geometry();
    let bivalues = cells_with_n_candidates(board, 2);
    for (pivot, pivot_set) in cells_with_n_candidates(board, 3) {
        let pincers: Vec<(Cell, DigitSet)> = bivalues
            .iter()
            .copied()
            .filter(|&(c, set)| geo.sees(pivot, c) && set.difference(pivot_set).is_empty())
            .collect();
        for (i, &(a, a_set)) in pincers.iter().enumerate() {
            for &(b, b_set) in &pincers[i + 1..] {
                if a_set == b_set {
                    continue;
                }
                let z = a_set
                    .intersection(b_set)
                    .first()
                    .expect("two pairs from three digits share one");
                let cells = targets(board, geo, z, pivot, &[pivot, a, b], &[a, b]);
                if cells.is_empty() {
                    continue;
                }
                let changes = eliminate_from(board, z, &cells);
                let text = format!(
                    "XYZ-Wing: pivot {} with pincers {} and {}: one of the three is {z}, so {}",
                    named(shape, pivot, pivot_set),
                    named(shape, a, a_set),
                    named(shape, b, b_set),
                    lose_text(shape, &changes, z),
                    z = shape.show(z)
                );
                let mut step = Step::new(StepKind::Deduction, Technique::XYZWing, 0, text);
                step.cells = vec![pivot, a, b];
                step.digit = Some(z);
                step.pattern = candidates_of(board, &[pivot, a, b]);
                step.changes = changes;
                return Some(step);
            }
        }
    }
    None
}

/// Two cells with the same candidates `x/y` that do not see each other, joined by a strong
/// link on `x` (a house whose only two places for `x` see one cell each): one of the two
/// cells is `y`, so cells seeing both lose `y`.
pub fn w_wing(board: &Board) -> Option<Step> {
    let shape = board.shape();
    let geo = board.geometry();
    let places = super::memo::places(board);
    let bivalues = cells_with_n_candidates(board, 2);
    for (i, &(a, pair)) in bivalues.iter().enumerate() {
        for &(b, b_set) in &bivalues[i + 1..] {
            if b_set != pair || geo.sees(a, b) {
                continue;
            }
            for x in pair.iter() {
                let y = pair
                    .difference(DigitSet::single(x))
                    .first()
                    .expect("a pair");
                let cells = targets(board, geo, y, a, &[a, b], &[b]);
                if cells.is_empty() {
                    continue;
                }
                let Some((house, p, q)) = strong_link_between(geo, &places, x, a, b) else {
                    continue;
                };
                let changes = eliminate_from(board, y, &cells);
                let text = format!(
                    "W-Wing: {} and {} hold only {} and {house} has {x} only in {} and {}, \
                     so one of the two is {y}, and {}",
                    a.name(shape),
                    b.name(shape),
                    shape.show_slashed(pair),
                    p.name(shape),
                    q.name(shape),
                    lose_text(shape, &changes, y),
                    x = shape.show(x),
                    y = shape.show(y)
                );
                let mut step = Step::new(StepKind::Deduction, Technique::WWing, 0, text);
                step.cells = vec![a, b, p, q];
                step.digit = Some(y);
                step.houses = vec![house];
                let cand = Candidate::new;
                step.pattern = vec![
                    cand(a, x),
                    cand(a, y),
                    cand(b, x),
                    cand(b, y),
                    cand(p, x),
                    cand(q, x),
                ];
                step.links = vec![
                    cand_link(cand(a, y), cand(a, x), LinkKind::Strong),
                    cand_link(cand(a, x), cand(p, x), LinkKind::Weak),
                    cand_link(cand(p, x), cand(q, x), LinkKind::Strong),
                    cand_link(cand(q, x), cand(b, x), LinkKind::Weak),
                    cand_link(cand(b, x), cand(b, y), LinkKind::Strong),
                ];
                step.changes = changes;
                return Some(step);
            }
        }
    }
    None
}

/// The first house (rows, columns, boxes) whose only two places for `digit` are a cell `p`
/// seeing `a` and a cell `q` seeing `b`, neither of them `a` or `b`.
fn strong_link_between(
    geo: &Geometry,
    places: &HousePlaces,
    digit: Digit,
    a: Cell,
    b: Cell,
) -> Option<(House, Cell, Cell)> {
    places
        .conjugate_pairs(geo, digit)
        .find_map(|(house_id, [first, second])| {
            if [first, second].iter().any(|&c| c == a || c == b) {
                return None;
            }
            let house = geo.house(house_id);
            if geo.sees(first, a) && geo.sees(second, b) {
                Some((house, first, second))
            } else if geo.sees(second, a) && geo.sees(first, b) {
                Some((house, second, first))
            } else {
                None
            }
        })
}
