//! The techniques before chains, each at its fixed difficulty: singles and the "direct"
//! techniques that yield a placement at once, then locked candidates, naked and hidden
//! subsets, basic fish, XY- and XYZ-Wing, unique rectangles and BUG+1.
//!
//! Each difficulty is our technique table's where Sudoku Explainer's is the same; the
//! direct techniques, which our table does not have, are named constants.

use super::board::{bits, candidate, tables, Board9};
use super::difficulty::tenths;
use super::{Action, Hint, Tenths};
use crate::logic::uniqueness;
use crate::technique::Technique;
use crate::trace::{Board, Candidate, Change, Step};
use std::ops::Range;

/// Sudoku Explainer's direct pointing: pointing that leaves a hidden single at once.
const DIRECT_POINTING: Tenths = 17;
/// Sudoku Explainer's direct claiming: claiming that leaves a hidden single at once.
const DIRECT_CLAIMING: Tenths = 19;
/// Sudoku Explainer's direct hidden pair: a hidden pair that leaves a hidden single in its
/// house at once.
const DIRECT_HIDDEN_PAIR: Tenths = 20;
/// Sudoku Explainer's direct hidden triple, as the direct hidden pair.
const DIRECT_HIDDEN_TRIPLE: Tenths = 25;

/// The houses of each kind, by the dense ids of [`tables`].
const LINES: Range<usize> = 0..18;
const ROWS: Range<usize> = 0..9;
const COLUMNS: Range<usize> = 9..18;
const BOXES: Range<usize> = 18..27;

/// The unique rectangle finders, in the order the profile tries them.
const UNIQUE_RECTANGLES: &[fn(&Board) -> Option<Step>] = &[
    uniqueness::unique_rectangle_1,
    uniqueness::unique_rectangle_2,
    uniqueness::unique_rectangle_4,
    uniqueness::unique_rectangle_3,
];

/// Every type of unique rectangle is rated 4.5 here, Sudoku Explainer's and our type 1's
/// difficulty (our table rates types 2 to 4 higher).
const UNIQUE_RECTANGLE: Technique = Technique::UniqueRectangle1;

/// The first hidden single in `houses`: a digit with one place left in a house.
fn hidden_single(board: &Board9, houses: Range<usize>) -> Option<Candidate> {
    let t = tables();
    for house in houses {
        for digit in 0..9u8 {
            let places = board.places(house, digit);
            if places.count_ones() == 1 {
                let cell = t.houses[house][places.trailing_zeros() as usize];
                return Some(candidate(usize::from(cell), digit));
            }
        }
    }
    None
}

/// A hidden single that eliminating `removed` from the board creates, in a house of one of
/// the removed candidates' cells.
fn created_single(board: &Board9, removed: &[Candidate]) -> Option<Candidate> {
    let mut after = *board;
    for &gone in removed {
        after.remove_candidate(gone);
    }
    let t = tables();
    for &gone in removed {
        let digit = gone.digit.index() as u8;
        for &house in &t.cell_houses[gone.cell.index()] {
            let places = after.places(house as usize, digit);
            if places.count_ones() == 1 {
                let cell = t.houses[house as usize][places.trailing_zeros() as usize];
                return Some(candidate(usize::from(cell), digit));
            }
        }
    }
    None
}

/// A house holding every cell of `removed` (the house of a hidden subset), if any.
fn removed_house(removed: &[Candidate]) -> Option<u8> {
    let t = tables();
    t.cell_houses[removed[0].cell.index()]
        .iter()
        .copied()
        .find(|&h| {
            removed
                .iter()
                .all(|gone| t.cell_houses[gone.cell.index()].contains(&h))
        })
}

/// A hidden single that eliminating `removed` creates in `house`.
fn created_single_in(
    board: &Board9,
    removed: &[Candidate],
    house: Option<u8>,
) -> Option<Candidate> {
    let house = house? as usize;
    let mut after = *board;
    for &gone in removed {
        after.remove_candidate(gone);
    }
    let t = tables();
    for gone in removed {
        let digit = gone.digit.index() as u8;
        let places = after.places(house, digit);
        if places.count_ones() == 1 {
            let cell = t.houses[house][places.trailing_zeros() as usize];
            return Some(candidate(usize::from(cell), digit));
        }
    }
    None
}

/// Singles and the direct techniques, easiest first.
pub(super) fn singles_and_direct(board: &Board9) -> Option<Hint> {
    let place = |difficulty, name, found: Candidate| Hint {
        difficulty,
        name,
        action: Action::Place(found),
    };
    if let Some(found) = hidden_single(board, BOXES) {
        let difficulty = tenths(Technique::HiddenSingleBox);
        return Some(place(difficulty, "Hidden Single", found));
    }
    if let Some(found) = hidden_single(board, LINES) {
        let difficulty = tenths(Technique::HiddenSingleLine);
        return Some(place(difficulty, "Hidden Single", found));
    }
    let direct_locked: [(LockedFinder, _, _); 2] = [
        (pointing, DIRECT_POINTING, "Direct Pointing"),
        (claiming, DIRECT_CLAIMING, "Direct Claiming"),
    ];
    for (locked, difficulty, name) in direct_locked {
        for removed in locked(board) {
            if let Some(found) = created_single(board, &removed) {
                return Some(place(difficulty, name, found));
            }
        }
    }
    for removed in hidden_subsets(board, 2) {
        if let Some(found) = created_single_in(board, &removed, removed_house(&removed)) {
            return Some(place(DIRECT_HIDDEN_PAIR, "Direct Hidden Pair", found));
        }
    }
    for cell in 0..81 {
        if board.values[cell] == 0 && board.candidates[cell].count_ones() == 1 {
            let digit = board.candidates[cell].trailing_zeros() as u8;
            let difficulty = tenths(Technique::NakedSingle);
            return Some(place(difficulty, "Naked Single", candidate(cell, digit)));
        }
    }
    for removed in hidden_subsets(board, 3) {
        if let Some(found) = created_single_in(board, &removed, removed_house(&removed)) {
            return Some(place(DIRECT_HIDDEN_TRIPLE, "Direct Hidden Triplet", found));
        }
    }
    None
}

/// A finder of locked candidates, which gives the eliminations of each pattern it finds.
type LockedFinder = fn(&Board9) -> Vec<Vec<Candidate>>;

/// Pointing: a box's digit confined to one line leaves the rest of the line.
fn pointing(board: &Board9) -> Vec<Vec<Candidate>> {
    locked_candidates(board, BOXES, LINES)
}

/// Claiming: a line's digit confined to one box leaves the rest of the box.
fn claiming(board: &Board9) -> Vec<Vec<Candidate>> {
    locked_candidates(board, LINES, BOXES)
}

/// Locked candidates: a digit of a house of `bases` confined to a house of `covers`, each
/// with the candidates it removes.
fn locked_candidates(
    board: &Board9,
    bases: Range<usize>,
    covers: Range<usize>,
) -> Vec<Vec<Candidate>> {
    let t = tables();
    let mut found = Vec::new();
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
                    let removed: Vec<Candidate> = t.houses[cover]
                        .iter()
                        .filter(|&&c| {
                            !cells.contains(&(c as usize))
                                && board.candidates[c as usize] & (1 << digit) != 0
                        })
                        .map(|&c| candidate(usize::from(c), digit))
                        .collect();
                    if !removed.is_empty() {
                        found.push(removed);
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

fn naked_subsets(board: &Board9, k: u32) -> Vec<Vec<Candidate>> {
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
                let removed: Vec<Candidate> = (0..9)
                    .filter(|i| chosen & (1 << i) == 0)
                    .flat_map(|i| {
                        let c = t.houses[house][i];
                        bits(board.candidates[c as usize] & digits)
                            .map(move |d| candidate(c as usize, d))
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

fn hidden_subsets(board: &Board9, k: u32) -> Vec<Vec<Candidate>> {
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
                let removed: Vec<Candidate> = bits(cells)
                    .flat_map(|i| {
                        let c = t.houses[house][i as usize];
                        bits(board.candidates[c as usize] & !digits)
                            .map(move |d| candidate(c as usize, d))
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

fn fish(board: &Board9, k: u32) -> Option<Vec<Candidate>> {
    let t = tables();
    for digit in 0..9u8 {
        for (bases, covers) in [(ROWS, COLUMNS), (COLUMNS, ROWS)] {
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
                let removed: Vec<Candidate> = bits(cover)
                    .flat_map(|j| {
                        let house = covers.start + j as usize;
                        t.houses[house]
                            .iter()
                            .enumerate()
                            .filter(move |&(i, &c)| {
                                chosen & (1 << i) == 0
                                    && board.candidates[c as usize] & (1 << digit) != 0
                            })
                            .map(move |(_, &c)| candidate(usize::from(c), digit))
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
fn wing(board: &Board9, pivot_size: u32) -> Option<Vec<Candidate>> {
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
                let removed: Vec<Candidate> = (0..81)
                    .filter(|&c| {
                        board.candidates[c] & z != 0
                            && c != pivot
                            && sees(c, a as usize)
                            && sees(c, b as usize)
                            && (pivot_size == 2 || sees(c, pivot))
                    })
                    .map(|c| candidate(c, digit))
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
fn uniqueness_hint(board: &Board9, finders: &[fn(&Board) -> Option<Step>]) -> Option<Vec<Change>> {
    let as_board = board.to_board();
    finders
        .iter()
        .find_map(|find| find(&as_board))
        .map(|step| step.changes)
}

/// What the changes of one of our steps do: its placement if it makes one, else its
/// eliminations.
fn changes_to_action(changes: &[Change]) -> Action {
    for change in changes {
        if let Change::Place { cell, digit } = *change {
            return Action::Place(Candidate::new(cell, digit));
        }
    }
    Action::Eliminate(
        changes
            .iter()
            .filter_map(|change| match *change {
                Change::Eliminate { cell, digit } => Some(Candidate::new(cell, digit)),
                _ => None,
            })
            .collect(),
    )
}

/// The basic techniques, in Sudoku Explainer's order of difficulty.
pub(super) fn basic(board: &Board9) -> Option<Hint> {
    let eliminate = |technique: Technique, name, removed: Vec<Candidate>| Hint {
        difficulty: tenths(technique),
        name,
        action: Action::Eliminate(removed),
    };
    if let Some(removed) = pointing(board).into_iter().next() {
        return Some(eliminate(Technique::Pointing, "Pointing", removed));
    }
    if let Some(removed) = claiming(board).into_iter().next() {
        return Some(eliminate(Technique::Claiming, "Claiming", removed));
    }
    if let Some(removed) = naked_subsets(board, 2).into_iter().next() {
        return Some(eliminate(Technique::NakedPair, "Naked Pair", removed));
    }
    if let Some(removed) = fish(board, 2) {
        return Some(eliminate(Technique::XWing, "X-Wing", removed));
    }
    if let Some(removed) = hidden_subsets(board, 2).into_iter().next() {
        return Some(eliminate(Technique::HiddenPair, "Hidden Pair", removed));
    }
    if let Some(removed) = naked_subsets(board, 3).into_iter().next() {
        return Some(eliminate(Technique::NakedTriple, "Naked Triplet", removed));
    }
    if let Some(removed) = fish(board, 3) {
        return Some(eliminate(Technique::Swordfish, "Swordfish", removed));
    }
    if let Some(removed) = hidden_subsets(board, 3).into_iter().next() {
        return Some(eliminate(
            Technique::HiddenTriple,
            "Hidden Triplet",
            removed,
        ));
    }
    if let Some(removed) = wing(board, 2) {
        return Some(eliminate(Technique::XYWing, "XY-Wing", removed));
    }
    if let Some(removed) = wing(board, 3) {
        return Some(eliminate(Technique::XYZWing, "XYZ-Wing", removed));
    }
    if let Some(changes) = uniqueness_hint(board, UNIQUE_RECTANGLES) {
        return Some(Hint {
            difficulty: tenths(UNIQUE_RECTANGLE),
            name: "Unique Rectangle",
            action: changes_to_action(&changes),
        });
    }
    if let Some(removed) = naked_subsets(board, 4).into_iter().next() {
        return Some(eliminate(Technique::NakedQuad, "Naked Quad", removed));
    }
    if let Some(removed) = fish(board, 4) {
        return Some(eliminate(Technique::Jellyfish, "Jellyfish", removed));
    }
    if let Some(removed) = hidden_subsets(board, 4).into_iter().next() {
        return Some(eliminate(Technique::HiddenQuad, "Hidden Quad", removed));
    }
    if let Some(changes) = uniqueness_hint(board, &[uniqueness::bug_plus_one]) {
        return Some(Hint {
            difficulty: tenths(Technique::BugPlusOne),
            name: "BUG type 1",
            action: changes_to_action(&changes),
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{basic, singles_and_direct};
    use crate::rating::se::board::fixtures::{empty, name, without};
    use crate::rating::se::board::Board9;
    use crate::rating::se::{Action, Hint};

    /// The hint's difficulty, its name and what it does, e.g. `(17, "Direct Pointing",
    /// "place 1r3c6")`.
    fn check(hint: Option<Hint>, expected: (u16, &str, &str)) {
        let hint = hint.expect("a hint");
        let action = match &hint.action {
            Action::Place(candidate) => format!("place {}", name(*candidate)),
            Action::Eliminate(list) => {
                let names: Vec<String> = list.iter().map(|&c| name(c)).collect();
                format!("eliminate {}", names.join(" "))
            }
        };
        assert_eq!((hint.difficulty, hint.name, action.as_str()), expected);
    }

    /// Box 1 (r1–3 c1–3) keeps digit 1 in row 1 only.
    const BOX_1_BELOW_ROW_1: [usize; 6] = [9, 10, 11, 18, 19, 20];

    #[test]
    fn a_hidden_single_in_a_box_rates_1_2() {
        // Digit 1 left in box 1 at r1c1 only.
        let board = without(1, &[1, 2, 9, 10, 11, 18, 19, 20]);
        check(
            singles_and_direct(&board),
            (12, "Hidden Single", "place 1r1c1"),
        );
    }

    #[test]
    fn a_hidden_single_in_a_row_rates_1_5() {
        // Digit 1 left in row 1 at r1c1 only; every box keeps several places for it.
        let board = without(1, &[1, 2, 3, 4, 5, 6, 7, 8]);
        check(
            singles_and_direct(&board),
            (15, "Hidden Single", "place 1r1c1"),
        );
    }

    #[test]
    fn a_box_single_comes_before_a_row_single() {
        // Row 9 has a hidden single at r9c9, box 1 one at r1c1: the box's is easier.
        let mut cells: Vec<usize> = (72..80).collect();
        cells.extend([1, 2, 9, 10, 11, 18, 19, 20]);
        check(
            singles_and_direct(&without(1, &cells)),
            (12, "Hidden Single", "place 1r1c1"),
        );
    }

    #[test]
    fn direct_pointing_rates_1_7() {
        // Box 1 points digit 1 along row 1, which takes r1c4–6 from box 2, whose only other
        // place for it is r3c6.
        let mut cells = BOX_1_BELOW_ROW_1.to_vec();
        cells.extend([12, 13, 14, 21, 22]);
        check(
            singles_and_direct(&without(1, &cells)),
            (17, "Direct Pointing", "place 1r3c6"),
        );
    }

    #[test]
    fn pointing_without_a_single_rates_2_6() {
        let board = without(1, &BOX_1_BELOW_ROW_1);
        assert!(singles_and_direct(&board).is_none());
        check(
            basic(&board),
            (
                26,
                "Pointing",
                "eliminate 1r1c4 1r1c5 1r1c6 1r1c7 1r1c8 1r1c9",
            ),
        );
    }

    #[test]
    fn a_naked_single_rates_2_3() {
        let mut board: Board9 = empty();
        for digit in 1..9 {
            board.remove(40, digit);
        }
        check(
            singles_and_direct(&board),
            (23, "Naked Single", "place 1r5c5"),
        );
    }
}
