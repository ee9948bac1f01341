//! Almost locked sets: ALS-XZ and ALS-XY-Wing.
//!
//! An almost locked set (ALS) is `n` empty cells of one house that hold `n + 1` candidates
//! between them: remove any one digit and the rest are locked in those cells. A digit `x`
//! common to two disjoint sets is *restricted* when every `x` of one sees every `x` of the
//! other: then at most one of the sets holds `x`, so the other is locked without it.
//!
//! ALS-XZ: sets A and B with a restricted common `x`. One of them is locked without `x`, so
//! for any other common digit `z`, A or B holds `z`, and a cell seeing every `z` of both
//! loses it.
//!
//! ALS-XY-Wing: a pivot set C restricted to A by `x` and to B by `y` (`x ≠ y`). If neither A
//! nor B held `z`, both would be locked and hold `x` and `y`, so C would lack both and have
//! `n` cells for `n − 1` digits. So A or B holds `z`, and a cell seeing every `z` of both
//! loses it.

use super::util::{
    and_list, candidates_of, describe_losses, digit_names, eliminations, sort_candidates,
    with_cell_width, CellSet,
};
use super::Rung;
use crate::digits::{Digit, DigitSet};
use crate::grid::{Cell, House, HouseKind, Shape};
use crate::technique::Technique;
use crate::trace::{Board, Candidate, Link, LinkKind, Step, StepKind};

/// The rungs of this family, in ladder order.
pub const RUNGS: &[Rung] = &[
    Rung {
        technique: Technique::AlsXz,
        find: als_xz,
    },
    Rung {
        technique: Technique::AlsXyWing,
        find: als_xy_wing,
    },
];

/// The largest set considered, in cells: larger sets rarely help and multiply the cost.
pub const MAX_ALS_CELLS: usize = 5;

/// An almost locked set with, per digit, its cells holding the digit and the cells that see
/// all of those.
struct Als<const W: usize> {
    house: House,
    cells: Vec<Cell>,
    cell_set: CellSet<W>,
    digits: DigitSet,
    /// Per digit index: cells of the set holding the digit.
    holding: Vec<CellSet<W>>,
    /// Per digit index: cells (anywhere) that see every cell of the set holding the digit.
    seeing: Vec<CellSet<W>>,
}

impl<const W: usize> Als<W> {
    fn name(&self, shape: Shape) -> String {
        let names: Vec<String> = self.cells.iter().map(|c| c.name(shape)).collect();
        format!(
            "{{{}}} ({}, {})",
            names.join(" "),
            shape.show_slashed(self.digits),
            self.house
        )
    }

    fn candidates(&self, board: &Board) -> Vec<Candidate> {
        candidates_of(board, &self.cells)
    }

    fn holding_candidates(&self, digit: Digit) -> Vec<Candidate> {
        self.holding[digit.index()]
            .iter()
            .map(|c| Candidate::new(c, digit))
            .collect()
    }

    /// Whether `x` is a restricted common digit of two disjoint sets.
    fn is_restricted(&self, other: &Als<W>, x: Digit) -> bool {
        self.digits.contains(x)
            && other.digits.contains(x)
            && other.holding[x.index()].is_subset(&self.seeing[x.index()])
    }
}

/// Every almost locked set of up to [`MAX_ALS_CELLS`] cells, smallest first, each cell set once.
fn all_als<const W: usize>(board: &Board) -> Vec<Als<W>> {
    let g = board.geometry();
    als_cells(board)
        .into_iter()
        .map(|(h, cells, digits)| {
            let set = CellSet::<W>::of(&cells);
            make_als(board, g.house(h), cells, set, digits, g.size())
        })
        .collect()
}

/// The house id, cells and digits of every almost locked set of up to [`MAX_ALS_CELLS`]
/// cells, smallest first, each cell set once. It does not depend on the [`CellSet`] width, so
/// the module holds one copy of it and of its sort.
///
/// A set inside one row or column is found from that line; a box keeps only sets that span
/// two of its rows and two of its columns, and a column only sets of two or more cells.
fn als_cells(board: &Board) -> Vec<(usize, Vec<Cell>, DigitSet)> {
    let shape = board.shape();
    let g = board.geometry();
    let mut found: Vec<(usize, Vec<Cell>, DigitSet)> = Vec::new();
    let mut picked: Vec<Cell> = Vec::with_capacity(MAX_ALS_CELLS);
    for (h, cells) in g.house_cells.iter().enumerate() {
        let empty: Vec<Cell> = cells
            .iter()
            .copied()
            .filter(|&c| board.value(c).is_none())
            .collect();
        let mut sets: Vec<(Vec<Cell>, DigitSet)> = Vec::new();
        grow(board, &empty, 0, &mut picked, DigitSet::EMPTY, &mut sets);
        let house = g.house(h);
        for (cells, digits) in sets {
            let is_kept = match house.kind() {
                HouseKind::Row => true,
                HouseKind::Column | HouseKind::Diagonal => cells.len() > 1,
                HouseKind::Box | HouseKind::Region | HouseKind::Window => {
                    let row = shape.row_of(cells[0]);
                    let col = shape.col_of(cells[0]);
                    cells.iter().any(|&c| shape.row_of(c) != row)
                        && cells.iter().any(|&c| shape.col_of(c) != col)
                }
            };
            if is_kept {
                found.push((h, cells, digits));
            }
        }
    }
    // No cell set is found twice, so size and cells alone give the order the stable sort
    // gave. The house id (sets are found house by house) would break a tie the same way; it
    // makes the key total without resting on that argument.
    found.sort_unstable_by(|a, b| (a.1.len(), &a.1, a.0).cmp(&(b.1.len(), &b.1, b.0)));
    found
}

/// Adds to `out` every almost locked set that extends `picked` with cells of `empty` from
/// index `from` on, pruning once the candidates outgrow the largest set allowed.
fn grow(
    board: &Board,
    empty: &[Cell],
    from: usize,
    picked: &mut Vec<Cell>,
    digits: DigitSet,
    out: &mut Vec<(Vec<Cell>, DigitSet)>,
) {
    for i in from..empty.len() {
        let union = digits.union(board.candidates(empty[i]));
        if union.len() > MAX_ALS_CELLS + 1 {
            continue;
        }
        picked.push(empty[i]);
        if union.len() == picked.len() + 1 && picked.len() < empty.len() {
            out.push((picked.clone(), union));
        }
        if picked.len() < MAX_ALS_CELLS {
            grow(board, empty, i + 1, picked, union, out);
        }
        picked.pop();
    }
}

fn make_als<const W: usize>(
    board: &Board,
    house: House,
    cells: Vec<Cell>,
    cell_set: CellSet<W>,
    digits: DigitSet,
    n: usize,
) -> Als<W> {
    let g = board.geometry();
    let mut holding = vec![CellSet::EMPTY; n];
    let mut seeing = vec![CellSet::EMPTY; n];
    for d in digits.iter() {
        let mut hold = CellSet::EMPTY;
        let mut see = CellSet::first_n(g.n_cells());
        for &c in &cells {
            if board.has_candidate(c, d) {
                hold.insert(c);
                see = see.and(&g.peer_set(c));
            }
        }
        holding[d.index()] = hold;
        seeing[d.index()] = see;
    }
    Als {
        house,
        cells,
        cell_set,
        digits,
        holding,
        seeing,
    }
}

/// The cells holding each digit as a candidate, by digit index.
fn digit_cells<const W: usize>(board: &Board) -> Vec<CellSet<W>> {
    let shape = board.shape();
    let mut sets = vec![CellSet::<W>::EMPTY; shape.size()];
    for cell in shape.cells() {
        for d in board.candidates(cell).iter() {
            sets[d.index()].insert(cell);
        }
    }
    sets
}

/// The candidates of `z` that see every `z` of both sets.
fn z_victims<const W: usize>(
    a: &Als<W>,
    b: &Als<W>,
    z: Digit,
    holders: &CellSet<W>,
) -> Vec<Candidate> {
    a.seeing[z.index()]
        .and(&b.seeing[z.index()])
        .and(holders)
        .iter()
        .map(|c| Candidate::new(c, z))
        .collect()
}

/// ALS-XZ: two almost locked sets with a restricted common digit `x`; a cell seeing every
/// `z` of both sets loses `z`.
pub fn als_xz(board: &Board) -> Option<Step> {
    with_cell_width!(board.shape(), als_xz_w(board))
}

fn als_xz_w<const W: usize>(board: &Board) -> Option<Step> {
    let shape = board.shape();
    let sets = all_als::<W>(board);
    let holders = digit_cells::<W>(board);
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            let common = a.digits.intersection(b.digits);
            if common.len() < 2 || a.cell_set.meets(&b.cell_set) {
                continue;
            }
            for x in common.iter() {
                if !a.is_restricted(b, x) {
                    continue;
                }
                let mut victims = Vec::new();
                let mut zs = DigitSet::EMPTY;
                for z in common.iter().filter(|&z| z != x) {
                    let found = z_victims(a, b, z, &holders[z.index()]);
                    if !found.is_empty() {
                        zs.insert(z);
                        victims.extend(found);
                    }
                }
                if victims.is_empty() {
                    continue;
                }
                sort_candidates(&mut victims);
                let text = format!(
                    "ALS-XZ: {} and {} are each one digit short of locked; they share {x}, and every {x} of one sees every {x} of the other, so at most one holds {x} and the other is locked without it; so one of them holds {}, and {}",
                    a.name(shape),
                    b.name(shape),
                    digit_names(shape, zs).join(" and "),
                    describe_losses(shape, &victims),
                    x = shape.show(x)
                );
                let mut step = Step::new(StepKind::Deduction, Technique::AlsXz, 0, text);
                step.cells = a.cells.iter().chain(&b.cells).copied().collect();
                step.houses = vec![a.house, b.house];
                step.pattern = a.candidates(board);
                step.pattern.extend(b.candidates(board));
                step.links = vec![Link {
                    from: a.holding_candidates(x),
                    to: b.holding_candidates(x),
                    kind: LinkKind::Weak,
                }];
                step.changes = eliminations(&victims);
                return Some(step);
            }
        }
    }
    None
}

/// ALS-XY-Wing: a pivot set restricted to two other sets by two different digits; a cell
/// seeing every `z` of the two outer sets loses `z`.
pub fn als_xy_wing(board: &Board) -> Option<Step> {
    with_cell_width!(board.shape(), als_xy_wing_w(board))
}

fn als_xy_wing_w<const W: usize>(board: &Board) -> Option<Step> {
    let shape = board.shape();
    let sets = all_als::<W>(board);
    let holders = digit_cells::<W>(board);
    // Restricted commons of each set: (other set, digit).
    let mut restricted: Vec<Vec<(usize, Digit)>> = vec![Vec::new(); sets.len()];
    for (i, a) in sets.iter().enumerate() {
        for (j, b) in sets.iter().enumerate().skip(i + 1) {
            if a.cell_set.meets(&b.cell_set) {
                continue;
            }
            for x in a.digits.intersection(b.digits).iter() {
                if a.is_restricted(b, x) {
                    restricted[i].push((j, x));
                    restricted[j].push((i, x));
                }
            }
        }
    }
    for (p, pivot) in sets.iter().enumerate() {
        let links = &restricted[p];
        for (k, &(ia, x)) in links.iter().enumerate() {
            for &(ib, y) in &links[k + 1..] {
                if ia == ib || x == y {
                    continue;
                }
                let (a, b) = (&sets[ia], &sets[ib]);
                if a.cell_set.meets(&b.cell_set) {
                    continue;
                }
                let zs = a
                    .digits
                    .intersection(b.digits)
                    .difference(DigitSet::single(x))
                    .difference(DigitSet::single(y));
                let mut victims = Vec::new();
                let mut found_zs = DigitSet::EMPTY;
                for z in zs.iter() {
                    let found = z_victims(a, b, z, &holders[z.index()]);
                    if !found.is_empty() {
                        found_zs.insert(z);
                        victims.extend(found);
                    }
                }
                if victims.is_empty() {
                    continue;
                }
                sort_candidates(&mut victims);
                let text = format!(
                    "ALS-XY-Wing: the pivot {} shares {x} with {} and {y} with {}, each time with every one seeing every other; if neither outer set held {}, both would be locked and hold {x} and {y}, leaving the pivot short of two digits; so one of them holds it, and {}",
                    pivot.name(shape),
                    a.name(shape),
                    b.name(shape),
                    and_list(&digit_names(shape, found_zs)),
                    describe_losses(shape, &victims),
                    x = shape.show(x),
                    y = shape.show(y)
                );
                let mut step = Step::new(StepKind::Deduction, Technique::AlsXyWing, 0, text);
                step.cells = pivot
                    .cells
                    .iter()
                    .chain(&a.cells)
                    .chain(&b.cells)
                    .copied()
                    .collect();
                step.houses = vec![pivot.house, a.house, b.house];
                step.pattern = pivot.candidates(board);
                step.pattern.extend(a.candidates(board));
                step.pattern.extend(b.candidates(board));
                step.links = vec![
                    Link {
                        from: a.holding_candidates(x),
                        to: pivot.holding_candidates(x),
                        kind: LinkKind::Weak,
                    },
                    Link {
                        from: pivot.holding_candidates(y),
                        to: b.holding_candidates(y),
                        kind: LinkKind::Weak,
                    },
                ];
                step.changes = eliminations(&victims);
                return Some(step);
            }
        }
    }
    None
}
