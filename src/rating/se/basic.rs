//! The techniques before chains, each at its fixed difficulty: singles and the "direct"
//! techniques that yield a placement at once, then locked candidates, naked and hidden
//! subsets, basic fish, XY- and XYZ-Wing, unique rectangles and BUG+1.

use super::board::{bits, tables, Board9};
use super::{Action, Hint};
use crate::geometry::Shape;
use crate::logic::uniqueness;
use crate::trace::{Board, Change};

fn hidden_single(board: &Board9, houses: std::ops::Range<usize>) -> Option<(u8, u8)> {
    let t = tables();
    for house in houses {
        for digit in 0..9u8 {
            let places = board.places(house, digit);
            if places.count_ones() == 1 {
                let cell = t.houses[house][places.trailing_zeros() as usize];
                return Some((cell, digit));
            }
        }
    }
    None
}

/// A hidden single that eliminating `removed` from the board creates, in a house of one of
/// the removed candidates' cells.
fn created_single(board: &Board9, removed: &[(u8, u8)]) -> Option<(u8, u8)> {
    let mut after = *board;
    for &(cell, digit) in removed {
        after.remove(cell as usize, digit);
    }
    let t = tables();
    for &(cell, digit) in removed {
        for &house in &t.cell_houses[cell as usize] {
            let places = after.places(house as usize, digit);
            if places.count_ones() == 1 {
                return Some((
                    t.houses[house as usize][places.trailing_zeros() as usize],
                    digit,
                ));
            }
        }
    }
    None
}

/// A house holding every cell of `removed` (the house of a hidden subset), if any.
fn removed_house(removed: &[(u8, u8)]) -> Option<u8> {
    let t = tables();
    t.cell_houses[removed[0].0 as usize]
        .iter()
        .copied()
        .find(|&h| {
            removed
                .iter()
                .all(|&(c, _)| t.cell_houses[c as usize].contains(&h))
        })
}

/// A hidden single that eliminating `removed` creates in `house`.
fn created_single_in(board: &Board9, removed: &[(u8, u8)], house: Option<u8>) -> Option<(u8, u8)> {
    let house = house? as usize;
    let mut after = *board;
    for &(cell, digit) in removed {
        after.remove(cell as usize, digit);
    }
    let t = tables();
    for &(_, digit) in removed {
        let places = after.places(house, digit);
        if places.count_ones() == 1 {
            return Some((t.houses[house][places.trailing_zeros() as usize], digit));
        }
    }
    None
}

pub(super) fn singles_and_direct(board: &Board9) -> Option<Hint> {
    let place = |difficulty, name, (cell, digit): (u8, u8)| Hint {
        difficulty,
        name,
        action: Action::Place(cell, digit),
    };
    if let Some(found) = hidden_single(board, 18..27) {
        return Some(place(12, "Hidden Single", found));
    }
    if let Some(found) = hidden_single(board, 0..18) {
        return Some(place(15, "Hidden Single", found));
    }
    for (pointing, difficulty, name) in [
        (true, 17, "Direct Pointing"),
        (false, 19, "Direct Claiming"),
    ] {
        for (_, removed) in locked_candidates(board, pointing) {
            if let Some(found) = created_single(board, &removed) {
                return Some(place(difficulty, name, found));
            }
        }
    }
    for removed in hidden_subsets(board, 2) {
        if let Some(found) = created_single_in(board, &removed, removed_house(&removed)) {
            return Some(place(20, "Direct Hidden Pair", found));
        }
    }
    for cell in 0..81 {
        if board.values[cell] == 0 && board.candidates[cell].count_ones() == 1 {
            let digit = board.candidates[cell].trailing_zeros() as u8;
            return Some(place(23, "Naked Single", (cell as u8, digit)));
        }
    }
    for removed in hidden_subsets(board, 3) {
        if let Some(found) = created_single_in(board, &removed, removed_house(&removed)) {
            return Some(place(25, "Direct Hidden Triplet", found));
        }
    }
    None
}

// ---------------------------------------------------------------------------------------
// Basic techniques

/// Locked candidates: pointing (a box's digit confined to one line) or claiming (a line's
/// digit confined to one box), each with the candidates it removes.
fn locked_candidates(board: &Board9, pointing: bool) -> Vec<(u8, Vec<(u8, u8)>)> {
    let t = tables();
    let mut found = Vec::new();
    let (bases, covers) = if pointing {
        (18..27, 0..18)
    } else {
        (0..18, 18..27)
    };
    for base in bases {
        for digit in 0..9u8 {
            let places = board.places(base, digit);
            if places.count_ones() < 2 {
                continue;
            }
            let cells: Vec<usize> = bits(places)
                .map(|i| t.houses[base][i as usize] as usize)
                .collect();
            for cover in covers.clone() {
                if cells
                    .iter()
                    .all(|&c| t.cell_houses[c].contains(&(cover as u8)))
                {
                    let removed: Vec<(u8, u8)> = t.houses[cover]
                        .iter()
                        .filter(|&&c| {
                            !cells.contains(&(c as usize))
                                && board.candidates[c as usize] & (1 << digit) != 0
                        })
                        .map(|&c| (c, digit))
                        .collect();
                    if !removed.is_empty() {
                        found.push((digit, removed));
                    }
                }
            }
        }
    }
    found
}

/// Combinations of `k` of the positions set in `mask` (as masks).
fn combinations(mask: u16, k: u32, mut visit: impl FnMut(u16) -> bool) -> bool {
    fn go(
        items: &[u8],
        k: u32,
        start: usize,
        acc: u16,
        visit: &mut dyn FnMut(u16) -> bool,
    ) -> bool {
        if k == 0 {
            return visit(acc);
        }
        for i in start..items.len() {
            if go(items, k - 1, i + 1, acc | (1 << items[i]), visit) {
                return true;
            }
        }
        false
    }
    let mut items = [0u8; 16];
    let mut n = 0;
    for i in bits(mask) {
        items[n] = i;
        n += 1;
    }
    go(&items[..n], k, 0, 0, &mut visit)
}

fn naked_subsets(board: &Board9, k: u32) -> Vec<Vec<(u8, u8)>> {
    let t = tables();
    let mut found = Vec::new();
    for house in 0..27 {
        let mut open = 0u16;
        for (i, &c) in t.houses[house].iter().enumerate() {
            let n = board.candidates[c as usize].count_ones();
            if n >= 2 && n <= k {
                open |= 1 << i;
            }
        }
        combinations(open, k, |chosen| {
            let digits = bits(chosen).fold(0u16, |all, i| {
                all | board.candidates[t.houses[house][i as usize] as usize]
            });
            if digits.count_ones() == k {
                let removed: Vec<(u8, u8)> = (0..9)
                    .filter(|i| chosen & (1 << i) == 0)
                    .flat_map(|i| {
                        let c = t.houses[house][i];
                        bits(board.candidates[c as usize] & digits).map(move |d| (c, d))
                    })
                    .collect();
                if !removed.is_empty() {
                    found.push(removed);
                }
            }
            false
        });
    }
    found
}

fn hidden_subsets(board: &Board9, k: u32) -> Vec<Vec<(u8, u8)>> {
    let t = tables();
    let mut found = Vec::new();
    for house in 0..27 {
        let mut places = [0u16; 9];
        let mut open = 0u16;
        for digit in 0..9u8 {
            places[digit as usize] = board.places(house, digit);
            let n = places[digit as usize].count_ones();
            if n >= 2 && n <= k {
                open |= 1 << digit;
            }
        }
        combinations(open, k, |digits| {
            let cells = bits(digits).fold(0u16, |all, d| all | places[d as usize]);
            if cells.count_ones() == k {
                let removed: Vec<(u8, u8)> = bits(cells)
                    .flat_map(|i| {
                        let c = t.houses[house][i as usize];
                        bits(board.candidates[c as usize] & !digits).map(move |d| (c, d))
                    })
                    .collect();
                if !removed.is_empty() {
                    found.push(removed);
                }
            }
            false
        });
    }
    found
}

fn fish(board: &Board9, k: u32) -> Option<Vec<(u8, u8)>> {
    let t = tables();
    for digit in 0..9u8 {
        for (bases, covers) in [(0..9, 9..18), (9..18, 0..9)] {
            let mut base_set = 0u16;
            let mut lines = [0u16; 9];
            for (i, base) in bases.clone().enumerate() {
                lines[i] = board.places(base, digit);
                let n = lines[i].count_ones();
                if n >= 2 && n <= k {
                    base_set |= 1 << i;
                }
            }
            let mut result = None;
            combinations(base_set, k, |chosen| {
                let cover = bits(chosen).fold(0u16, |all, i| all | lines[i as usize]);
                if cover.count_ones() != k {
                    return false;
                }
                let removed: Vec<(u8, u8)> = bits(cover)
                    .flat_map(|j| {
                        let house = covers.start + j as usize;
                        t.houses[house]
                            .iter()
                            .enumerate()
                            .filter(move |&(i, &c)| {
                                chosen & (1 << i) == 0
                                    && board.candidates[c as usize] & (1 << digit) != 0
                            })
                            .map(move |(_, &c)| (c, digit))
                    })
                    .collect();
                if removed.is_empty() {
                    return false;
                }
                result = Some(removed);
                true
            });
            if result.is_some() {
                return result;
            }
        }
    }
    None
}

fn sees(a: usize, b: usize) -> bool {
    a != b && tables().peers[a].contains(&(b as u8))
}

/// XY-Wing (three bivalue cells) or XYZ-Wing (a trivalue pivot).
fn wing(board: &Board9, pivot_size: u32) -> Option<Vec<(u8, u8)>> {
    let t = tables();
    for pivot in 0..81 {
        let pm = board.candidates[pivot];
        if pm.count_ones() != pivot_size {
            continue;
        }
        for &a in &t.peers[pivot] {
            let am = board.candidates[a as usize];
            if am.count_ones() != 2 || (am & pm).count_ones() != if pivot_size == 2 { 1 } else { 2 }
            {
                continue;
            }
            for &b in &t.peers[pivot] {
                let bm = board.candidates[b as usize];
                if b <= a || bm.count_ones() != 2 || bm == am {
                    continue;
                }
                let z = am & bm;
                if z.count_ones() != 1 {
                    continue;
                }
                let ok = if pivot_size == 2 {
                    pm & z == 0 && (am | bm) & !z == pm
                } else {
                    pm & z != 0 && (am | bm) == pm
                };
                if !ok {
                    continue;
                }
                let digit = z.trailing_zeros() as u8;
                let removed: Vec<(u8, u8)> = (0..81)
                    .filter(|&c| {
                        board.candidates[c] & z != 0
                            && c != pivot
                            && sees(c, a as usize)
                            && sees(c, b as usize)
                            && (pivot_size == 2 || sees(c, pivot))
                    })
                    .map(|c| (c as u8, digit))
                    .collect();
                if !removed.is_empty() {
                    return Some(removed);
                }
            }
        }
    }
    None
}

/// A hint from one of our uniqueness finders (unique rectangles, BUG+1), read back.
fn uniqueness_hint(board: &Board9, bug: bool) -> Option<Vec<Change>> {
    let as_board = board.to_board();
    let finders: &[fn(&Board) -> Option<crate::trace::Step>] = if bug {
        &[uniqueness::bug_plus_one]
    } else {
        &[
            uniqueness::unique_rectangle_1,
            uniqueness::unique_rectangle_2,
            uniqueness::unique_rectangle_4,
            uniqueness::unique_rectangle_3,
        ]
    };
    finders
        .iter()
        .find_map(|find| find(&as_board))
        .map(|step| step.changes)
}

fn changes_to_action(changes: &[Change]) -> Action {
    let shape = Shape::NINE;
    for change in changes {
        if let Change::Place { cell, digit } = change {
            let _ = shape;
            return Action::Place(cell.index() as u8, digit.index() as u8);
        }
    }
    Action::Eliminate(
        changes
            .iter()
            .filter_map(|change| match change {
                Change::Eliminate { cell, digit } => {
                    Some((cell.index() as u8, digit.index() as u8))
                }
                _ => None,
            })
            .collect(),
    )
}

pub(super) fn basic(board: &Board9) -> Option<Hint> {
    let eliminate = |difficulty, name, removed: Vec<(u8, u8)>| Hint {
        difficulty,
        name,
        action: Action::Eliminate(removed),
    };
    if let Some((_, removed)) = locked_candidates(board, true).into_iter().next() {
        return Some(eliminate(26, "Pointing", removed));
    }
    if let Some((_, removed)) = locked_candidates(board, false).into_iter().next() {
        return Some(eliminate(28, "Claiming", removed));
    }
    if let Some(removed) = naked_subsets(board, 2).into_iter().next() {
        return Some(eliminate(30, "Naked Pair", removed));
    }
    if let Some(removed) = fish(board, 2) {
        return Some(eliminate(32, "X-Wing", removed));
    }
    if let Some(removed) = hidden_subsets(board, 2).into_iter().next() {
        return Some(eliminate(34, "Hidden Pair", removed));
    }
    if let Some(removed) = naked_subsets(board, 3).into_iter().next() {
        return Some(eliminate(36, "Naked Triplet", removed));
    }
    if let Some(removed) = fish(board, 3) {
        return Some(eliminate(38, "Swordfish", removed));
    }
    if let Some(removed) = hidden_subsets(board, 3).into_iter().next() {
        return Some(eliminate(40, "Hidden Triplet", removed));
    }
    if let Some(removed) = wing(board, 2) {
        return Some(eliminate(42, "XY-Wing", removed));
    }
    if let Some(removed) = wing(board, 3) {
        return Some(eliminate(44, "XYZ-Wing", removed));
    }
    if let Some(changes) = uniqueness_hint(board, false) {
        return Some(Hint {
            difficulty: 45,
            name: "Unique Rectangle",
            action: changes_to_action(&changes),
        });
    }
    if let Some(removed) = naked_subsets(board, 4).into_iter().next() {
        return Some(eliminate(50, "Naked Quad", removed));
    }
    if let Some(removed) = fish(board, 4) {
        return Some(eliminate(52, "Jellyfish", removed));
    }
    if let Some(removed) = hidden_subsets(board, 4).into_iter().next() {
        return Some(eliminate(54, "Hidden Quad", removed));
    }
    if let Some(changes) = uniqueness_hint(board, true) {
        return Some(Hint {
            difficulty: 56,
            name: "BUG type 1",
            action: changes_to_action(&changes),
        });
    }
    None
}
