//! The Sudoku Explainer profile: ER, EP and ED as Sudoku Explainer would compute them, from a
//! rating solve with its technique set, its order of difficulty and its chain kinds.
//!
//! The rules followed here are Sudoku Explainer's published ones; the code is our own. The
//! solve always applies the easiest hint available:
//! - singles (hidden single 1.2 in a box, 1.5 in a row or column, naked single 2.3) and the
//!   "direct" techniques, rated as such only when they yield a placement at once (direct
//!   pointing 1.7, direct claiming 1.9, direct hidden pair 2.0, direct hidden triple 2.5);
//! - locked candidates, naked and hidden subsets, basic fish, XY- and XYZ-Wing, unique
//!   rectangles (our finders) and BUG+1, each at its fixed difficulty;
//! - chains over candidates switched on and off, each hint concluding one placement or one
//!   elimination: forcing X- and XY-chains (6.6 and 7.0), Nishio (one digit, 7.5), cell and
//!   region forcing chains (8.3 and 8.2), dynamic forcing chains (8.5), and dynamic chains
//!   whose implications also use, on the board as the chain leaves it and each only when the
//!   ones before give nothing more: locked candidates, then hidden and naked subsets and fish
//!   up to size 4 (9.0, "+"); static forcing chains (9.5, "+ Forcing Chains"); static cell and
//!   region forcing chains (10.0, "+ Multiple Forcing Chains"). Each adds 0.1 every time the
//!   chain's node count, the nodes of its inner chains included, passes 4, 6, 8, 12, 16, 24,
//!   32, … (alternately ×3/2 and ×4/3).
//!
//! Where we depart from Sudoku Explainer, to keep a rating fast:
//! - "+ Multiple Forcing Chains" is searched only when no easier hint exists; Sudoku Explainer
//!   also weighs it against a long "+ Forcing Chains" hint.
//! - After the first step, a chain hint no harder than the rating so far is taken as soon as it
//!   is found: it cannot raise ER or EP itself, though the solve may then go on along another
//!   path than Sudoku Explainer's.
//! - Deeper nesting (10.5, "+ Dynamic Forcing Chains") is not searched: a puzzle that needs it
//!   gives up with 10.5 as a lower bound, as does one past the step budget.

use crate::digits::{Digit, DigitSet};
use crate::geometry::{Geometry, Shape};
use crate::grid::Grid;
use crate::logic::uniqueness;
use crate::trace::{Board, Candidate, Change};
use std::sync::OnceLock;

pub use crate::technique::length_bonus;

/// A difficulty in tenths (2.6 is 26), so comparisons are exact.
type Tenths = u16;

/// The result of a rating solve on Sudoku Explainer's terms.
#[derive(Clone, Debug, PartialEq)]
pub struct SeRating {
    /// The hardest step applied (0 when there is none).
    pub er: f32,
    /// The hardest step up to and including the first placement.
    pub ep: Option<f32>,
    /// The difficulty of the first step.
    pub ed: Option<f32>,
    /// Sudoku Explainer's name of the hardest step.
    pub hardest: Option<&'static str>,
    /// How the solve ended.
    pub outcome: SeOutcome,
}

/// How a rating solve on Sudoku Explainer's terms ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SeOutcome {
    /// Every cell was filled.
    Solved,
    /// The puzzle needs a technique this profile does not search (nesting past
    /// "+ Multiple Forcing Chains") or went past the step budget: ER is a lower bound.
    GaveUp,
    /// The board reached a contradiction (the puzzle has no solution).
    Invalid,
}

/// The number of steps after which the solve gives up.
pub const STEP_BUDGET: usize = 2_000;

/// The difficulty at which the profile gives up: Sudoku Explainer's next nesting level.
const GIVE_UP_AT: Tenths = 105;

/// The classic 9×9 geometry copied into fixed arrays, so the inner loops index without
/// bounds on vectors. House ids are the geometry's dense ones: rows 0–8, columns 9–17, boxes
/// 18–26.
struct Tables {
    /// The cells of each house, in reading order.
    houses: [[u8; 9]; 27],
    /// The houses of each cell: row, column, box.
    cell_houses: [[u8; 3]; 81],
    /// The 20 peers of each cell.
    peers: [[u8; 20]; 81],
    /// The 20 peers of each cell as a mask (bit `c` for cell `c`).
    peer_masks: [u128; 81],
    /// The position of each cell in each of its houses (the order of `cell_houses`).
    cell_slots: [[u8; 3]; 81],
    /// The cells of each house as a mask (bit `c` for cell `c`).
    house_masks: [u128; 27],
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let geometry = Geometry::classic(Shape::NINE);
        let mut tables = Tables {
            houses: [[0; 9]; 27],
            cell_houses: [[0; 3]; 81],
            peers: [[0; 20]; 81],
            peer_masks: [0; 81],
            cell_slots: [[0; 3]; 81],
            house_masks: [0; 27],
        };
        for (house, cells) in geometry.house_cells.iter().enumerate() {
            for (slot, cell) in tables.houses[house].iter_mut().zip(cells) {
                *slot = cell.index() as u8;
                tables.house_masks[house] |= 1 << cell.index();
            }
        }
        for cell in 0..81 {
            for (slot, &house) in tables.cell_houses[cell]
                .iter_mut()
                .zip(&geometry.cell_houses[cell])
            {
                *slot = house as u8;
            }
            for (slot, peer) in tables.peers[cell].iter_mut().zip(&geometry.peers[cell]) {
                *slot = peer.index() as u8;
                tables.peer_masks[cell] |= 1 << peer.index();
            }
            for (i, &house) in geometry.cell_houses[cell].iter().enumerate() {
                let position = geometry.house_cells[house]
                    .iter()
                    .position(|c| c.index() == cell)
                    .expect("a cell is in its houses");
                tables.cell_slots[cell][i] = position as u8;
            }
        }
        tables
    })
}

/// A 9×9 board as bit masks: the candidates of each empty cell (bit `d` for digit `d + 1`)
/// and the digit of each filled one.
#[derive(Clone, Copy)]
struct Board9 {
    candidates: [u16; 81],
    values: [u8; 81],
    /// The places of each digit in each house, by position bit: `candidates` seen by house.
    places: [[u16; 9]; 27],
    /// The cells that have each digit as a candidate (bit `c` for cell `c`).
    cells: [u128; 9],
}

/// What a hint does to the board.
#[derive(Clone, Debug)]
enum Action {
    /// Place a digit (0-based) in a cell.
    Place(u8, u8),
    /// Remove candidates `(cell, digit)`.
    Eliminate(Vec<(u8, u8)>),
}

#[derive(Clone, Debug)]
struct Hint {
    difficulty: Tenths,
    name: &'static str,
    action: Action,
}

impl Hint {
    fn places(&self) -> bool {
        matches!(self.action, Action::Place(..))
    }

    fn to_step(&self) -> SeStep {
        let candidate = |cell: u8, digit: u8| {
            Candidate::new(
                crate::geometry::Cell::new(cell as usize),
                Digit::from_index(digit as usize),
            )
        };
        let (placement, eliminations) = match &self.action {
            Action::Place(cell, digit) => (Some(candidate(*cell, *digit)), Vec::new()),
            Action::Eliminate(list) => (None, list.iter().map(|&(c, d)| candidate(c, d)).collect()),
        };
        SeStep {
            difficulty: f32::from(self.difficulty) / 10.0,
            name: self.name,
            placement,
            eliminations,
        }
    }
}

impl Board9 {
    fn new(puzzle: &Grid) -> Board9 {
        let mut board = Board9 {
            candidates: [0x1ff; 81],
            values: [0; 81],
            places: [[0x1ff; 9]; 27],
            cells: [(1 << 81) - 1; 9],
        };
        for (cell, &v) in puzzle.values().iter().enumerate() {
            if v != 0 {
                board.place(cell, v - 1);
            }
        }
        board
    }

    fn place(&mut self, cell: usize, digit: u8) {
        self.values[cell] = digit + 1;
        for d in bits(self.candidates[cell]) {
            self.remove(cell, d);
        }
        for &p in &tables().peers[cell] {
            self.remove(p as usize, digit);
        }
    }

    /// Removes a candidate, if it is there.
    fn remove(&mut self, cell: usize, digit: u8) {
        if self.candidates[cell] & (1 << digit) == 0 {
            return;
        }
        self.candidates[cell] &= !(1 << digit);
        self.cells[digit as usize] &= !(1 << cell);
        let t = tables();
        for (&house, &slot) in t.cell_houses[cell].iter().zip(&t.cell_slots[cell]) {
            self.places[house as usize][digit as usize] &= !(1 << slot);
        }
    }

    fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    fn is_broken(&self) -> bool {
        let t = tables();
        if (0..81).any(|c| self.values[c] == 0 && self.candidates[c] == 0) {
            return true;
        }
        t.houses.iter().any(|house| {
            let mut covered = 0u16;
            for &c in house {
                let c = c as usize;
                covered |= self.candidates[c];
                if self.values[c] != 0 {
                    covered |= 1 << (self.values[c] - 1);
                }
            }
            covered != 0x1ff
        })
    }

    /// This board with the candidates the chain `imp` switches off removed: the board as the
    /// chain leaves it.
    fn after(&self, imp: &Implications) -> Board9 {
        let mut board = *self;
        for &n in &imp.order {
            if n % 2 == 0 {
                let k = n as usize / 2;
                board.remove(k / 9, (k % 9) as u8);
            }
        }
        board
    }

    /// The strong links (pairs of candidates, one of which holds) of this board that
    /// `before`, a board with more candidates, did not have: cells left with two candidates
    /// and houses left with two places of a digit.
    fn strong_links_since(&self, before: &Board9) -> Vec<(usize, usize)> {
        let t = tables();
        let mut links = Vec::new();
        let ends = |mask: u16| {
            (
                mask.trailing_zeros() as usize,
                15 - mask.leading_zeros() as usize,
            )
        };
        for cell in 0..81 {
            let now = self.candidates[cell];
            if now.count_ones() == 2 && before.candidates[cell].count_ones() > 2 {
                let (a, b) = ends(now);
                links.push((cell * 9 + a, cell * 9 + b));
            }
        }
        for house in 0..27 {
            for digit in 0..9u8 {
                let now = self.places(house, digit);
                if now.count_ones() == 2 && before.places(house, digit).count_ones() > 2 {
                    let (a, b) = ends(now);
                    let cells = &t.houses[house];
                    let d = digit as usize;
                    links.push((cells[a] as usize * 9 + d, cells[b] as usize * 9 + d));
                }
            }
        }
        links
    }

    /// The cells of a house (by position bit) that have `digit` as a candidate.
    fn places(&self, house: usize, digit: u8) -> u16 {
        self.places[house][digit as usize]
    }

    fn apply(&mut self, action: &Action) {
        match action {
            Action::Place(cell, digit) => self.place(*cell as usize, *digit),
            Action::Eliminate(list) => {
                for &(cell, digit) in list {
                    self.remove(cell as usize, digit);
                }
            }
        }
    }

    fn to_board(self) -> Board {
        let grid = Grid::from_values(&self.values).expect("a 9×9 grid");
        let marks = self
            .candidates
            .iter()
            .map(|&m| DigitSet::from_bits(u32::from(m)))
            .collect();
        Board::new(&grid.with_marks(marks))
    }
}

/// The cells of a cell mask, in order.
fn cells_of(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let c = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            c
        })
    })
}

/// The set bits of a mask, lowest first.
fn bits(mut mask: u16) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            i
        })
    })
}

/// Visits every set of 2 to 4 items (bits of `items`) with at least one of `changed` whose
/// masks (`masks[item]`) cover as many bits between them as there are items, as (items, union),
/// in lexicographic order; an item set whose union already has more than 4 bits is not
/// extended.
fn covering_sets(items: u16, changed: u16, masks: &[u16; 9], visit: &mut impl FnMut(u16, u16)) {
    fn go(
        rest: u16,
        (changed, masks): (u16, &[u16; 9]),
        set: u16,
        union: u16,
        visit: &mut impl FnMut(u16, u16),
    ) {
        for i in bits(rest) {
            let (set, union) = (set | 1 << i, union | masks[i as usize]);
            let size = set.count_ones();
            if union.count_ones() > 4 {
                continue;
            }
            let rest = rest & !((2 << i) - 1);
            if size >= 2 && union.count_ones() == size && set & changed != 0 {
                visit(set, union);
            }
            if size < 4 && (set | rest) & changed != 0 {
                go(rest, (changed, masks), set, union, visit);
            }
        }
    }
    go(items, (changed, masks), 0, 0, visit);
}

/// One step of the rating solve, for checking it: its difficulty, Sudoku Explainer's name
/// and what it changed.
#[derive(Clone, Debug, PartialEq)]
pub struct SeStep {
    /// The difficulty.
    pub difficulty: f32,
    /// Sudoku Explainer's name of the technique.
    pub name: &'static str,
    /// The placement it makes, if any.
    pub placement: Option<Candidate>,
    /// The candidates it removes.
    pub eliminations: Vec<Candidate>,
}

impl SeRating {
    /// Rates a 9×9 puzzle on Sudoku Explainer's terms.
    pub fn of_puzzle(puzzle: &Grid) -> SeRating {
        SeRating::solve(puzzle, |_| {})
    }

    /// The steps of the rating solve of a 9×9 puzzle, in order.
    pub fn steps_of(puzzle: &Grid) -> Vec<SeStep> {
        let mut steps = Vec::new();
        SeRating::solve(puzzle, |step| steps.push(step));
        steps
    }

    fn solve(puzzle: &Grid, mut visit: impl FnMut(SeStep)) -> SeRating {
        let mut board = Board9::new(puzzle);
        let mut er: Tenths = 0;
        let mut ep = None;
        let mut ed = None;
        let mut hardest = None;
        let mut hardest_before_placement: Tenths = 0;
        let mut chains = Chains::take();
        let mut outcome = SeOutcome::GaveUp;
        for _ in 0..STEP_BUDGET {
            if board.is_solved() {
                outcome = SeOutcome::Solved;
                break;
            }
            if board.is_broken() {
                outcome = SeOutcome::Invalid;
                break;
            }
            let enough = if ed.is_some() { er } else { 0 };
            let Some(hint) = easiest_hint(&board, &mut chains, enough) else {
                if er < GIVE_UP_AT {
                    er = GIVE_UP_AT;
                    hardest = Some("Nested Forcing Chains (not searched)");
                }
                break;
            };
            if hint.difficulty > er || hardest.is_none() {
                er = er.max(hint.difficulty);
                hardest = Some(hint.name);
            }
            ed.get_or_insert(hint.difficulty);
            if ep.is_none() {
                hardest_before_placement = hardest_before_placement.max(hint.difficulty);
                if hint.places() {
                    ep = Some(hardest_before_placement);
                }
            }
            visit(hint.to_step());
            board.apply(&hint.action);
        }
        chains.give_back();
        let real = |t: Tenths| f32::from(t) / 10.0;
        SeRating {
            er: real(er),
            ep: ep.map(real),
            ed: ed.map(real),
            hardest,
            outcome,
        }
    }
}

/// The easiest hint on the board, if the profile finds one.
///
/// A chain hint no harder than `enough` is taken as soon as it is found, without looking for
/// an easier one: the caller passes the rating so far after the first step, where such a
/// hint cannot raise ER or EP itself.
fn easiest_hint(board: &Board9, chains: &mut Chains, enough: Tenths) -> Option<Hint> {
    if let Some(hint) = singles_and_direct(board) {
        return Some(hint);
    }
    if let Some(hint) = basic(board) {
        return Some(hint);
    }
    chains.easiest(board, enough)
}

// ---------------------------------------------------------------------------------------
// Singles and direct techniques

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

fn singles_and_direct(board: &Board9) -> Option<Hint> {
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

fn basic(board: &Board9) -> Option<Hint> {
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

// ---------------------------------------------------------------------------------------
// Chains

/// How implications are drawn.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Mode {
    /// An off candidate implies the other of a bivalue cell or a bilocal house, as the board
    /// stands.
    Static,
    /// One digit only; a house whose other places are off forces the last one.
    Nishio,
    /// A cell or house whose other candidates are off (so far in the chain) forces the last.
    Dynamic,
    /// Dynamic, and when nothing more follows, locked candidates on the board as the chain
    /// leaves it (Sudoku Explainer's "+").
    DynamicPlus,
    /// Dynamic plus, and when locked candidates give nothing more either, the conclusions of
    /// static forcing chains on the board as the chain leaves it (Sudoku Explainer's
    /// "+ Forcing Chains"). Each such node counts its inner chain's nodes too.
    DynamicForcing,
    /// Dynamic forcing, and when static forcing chains give nothing more either, the
    /// conclusions of static cell and region forcing chains on the board as the chain leaves
    /// it (Sudoku Explainer's "+ Multiple Forcing Chains").
    DynamicMultiple,
}

const NODES: usize = 729 * 2;

/// The units multiple chains start from: the 81 cells, then each house's 9 digits.
const UNITS: usize = 81 + 27 * 9;

fn node(candidate: usize, on: bool) -> usize {
    candidate * 2 + usize::from(on)
}

/// The implications of one assumption: which nodes follow and from which parents.
#[derive(Clone)]
struct Implications {
    /// Where each node stands in `order`, or [`ABSENT`] when it does not follow.
    at: Vec<u16>,
    /// For each node in `order`: its parents (a range of `pool`) and the node count of the
    /// inner chain it follows from (0 for a plain link).
    links: Vec<(u32, u8, u16)>,
    pool: Vec<u16>,
    /// The nodes in the order they followed.
    order: Vec<u16>,
    /// The digits of each cell whose off node follows.
    off_in_cell: [u16; 81],
    /// The cells of each digit whose off node follows.
    off_of_digit: [u128; 9],
    /// The cells of each digit whose on node follows.
    on_of_digit: [u128; 9],
    /// A candidate both on and off, if the assumption leads to a contradiction.
    contradiction: Option<usize>,
}

/// The position of a node that does not follow.
const ABSENT: u16 = u16::MAX;

impl Implications {
    fn new() -> Implications {
        Implications {
            at: vec![ABSENT; NODES],
            links: Vec::new(),
            pool: Vec::new(),
            order: Vec::new(),
            off_in_cell: [0; 81],
            off_of_digit: [0; 9],
            on_of_digit: [0; 9],
            contradiction: None,
        }
    }

    fn clear(&mut self) {
        for &n in &self.order {
            self.at[n as usize] = ABSENT;
        }
        self.links.clear();
        self.pool.clear();
        self.order.clear();
        self.off_in_cell = [0; 81];
        self.off_of_digit = [0; 9];
        self.on_of_digit = [0; 9];
        self.contradiction = None;
    }

    /// Whether node `n` follows.
    fn has(&self, n: usize) -> bool {
        self.at[n] != ABSENT
    }

    fn add(&mut self, n: usize, parents: &[u16]) -> bool {
        if self.has(n) {
            return false;
        }
        self.at[n] = self.order.len() as u16;
        let parents = &parents[..parents.len().min(usize::from(u8::MAX))];
        self.links
            .push((self.pool.len() as u32, parents.len() as u8, 0));
        let k = n / 2;
        if n % 2 == 0 {
            self.off_in_cell[k / 9] |= 1 << (k % 9);
            self.off_of_digit[k % 9] |= 1 << (k / 9);
        } else {
            self.on_of_digit[k % 9] |= 1 << (k / 9);
        }
        self.pool.extend_from_slice(parents);
        self.order.push(n as u16);
        if self.has(n ^ 1) && self.contradiction.is_none() {
            self.contradiction = Some(n / 2);
        }
        true
    }

    /// Adds a node that follows from an inner chain of `nested` nodes.
    fn add_nested(&mut self, n: usize, parents: &[u16], nested: u16) -> bool {
        let added = self.add(n, parents);
        if let Some(link) = self.links.last_mut().filter(|_| added) {
            link.2 = nested;
        }
        added
    }

    fn parents_of(&self, n: usize) -> &[u16] {
        let (start, len, _) = self.links[self.at[n] as usize];
        &self.pool[start as usize..start as usize + len as usize]
    }

    /// The node count of the inner chain `n` follows from.
    fn nested_of(&self, n: usize) -> usize {
        usize::from(self.links[self.at[n] as usize].2)
    }
}

/// The nodes the static implications of one assumption reach, as masks and without their
/// parents: a few bit operations per node, where a propagation that keeps parents also
/// records each link. The static tier and the inner chain searches reach first, and follow
/// with parents only the assumptions whose reaches can conclude something; the two give the
/// same nodes, so the same conclusions.
#[derive(Clone, Copy, Default)]
struct Reach {
    /// The cells of each digit whose on node follows.
    on: [u128; 9],
    /// The cells of each digit whose off node follows.
    off: [u128; 9],
    /// Whether some candidate is both on and off. The masks then stop where it was seen.
    contradiction: bool,
}

/// A board's static links, which [`Reach`] follows: the cells with two candidates, and for each
/// digit the cells in a house with two places of it.
struct StaticLinks<'a> {
    board: &'a Board9,
    bivalue: u128,
    bilocal: [u128; 9],
    /// For each digit, the houses with two places of it.
    bilocal_houses: [u32; 9],
}

impl StaticLinks<'_> {
    fn of(board: &Board9) -> StaticLinks<'_> {
        let t = tables();
        let mut bivalue = 0;
        for (cell, candidates) in board.candidates.iter().enumerate() {
            if candidates.count_ones() == 2 {
                bivalue |= 1 << cell;
            }
        }
        let (mut bilocal, mut bilocal_houses) = ([0; 9], [0; 9]);
        for (house, places) in board.places.iter().enumerate() {
            for digit in 0..9 {
                if places[digit].count_ones() == 2 {
                    bilocal[digit] |= t.house_masks[house] & board.cells[digit];
                    bilocal_houses[digit] |= 1 << house;
                }
            }
        }
        StaticLinks {
            board,
            bivalue,
            bilocal,
            bilocal_houses,
        }
    }

    /// What node `n` implies statically.
    fn reach(&self, n: usize, stack: &mut Vec<u16>) -> Reach {
        let t = tables();
        let board = self.board;
        let mut reach = Reach::default();
        let (cell, digit) = (n / 2 / 9, n / 2 % 9);
        stack.clear();
        if n % 2 == 1 {
            reach.on[digit] = 1 << cell;
            stack.push((n / 2) as u16);
        } else {
            reach.off[digit] = 1 << cell;
            self.switched_off(cell, digit, &mut reach, stack);
        }
        while let Some(k) = stack.pop() {
            let (cell, digit) = (k as usize / 9, k as usize % 9);
            let bit = 1u128 << cell;
            for other in bits(board.candidates[cell] & !(1 << digit)) {
                let other = other as usize;
                if reach.off[other] & bit == 0 {
                    reach.off[other] |= bit;
                    reach.contradiction |= reach.on[other] & bit != 0;
                    self.switched_off(cell, other, &mut reach, stack);
                }
            }
            let seen = t.peer_masks[cell] & board.cells[digit] & !reach.off[digit];
            reach.off[digit] |= seen;
            reach.contradiction |= reach.on[digit] & seen != 0;
            for peer in cells_of(seen & (self.bivalue | self.bilocal[digit])) {
                self.switched_off(peer, digit, &mut reach, stack);
            }
            if reach.contradiction {
                break;
            }
        }
        reach
    }

    /// Switches on what candidate (`cell`, `digit`) switched off implies.
    fn switched_off(&self, cell: usize, digit: usize, reach: &mut Reach, stack: &mut Vec<u16>) {
        let t = tables();
        let bit = 1u128 << cell;
        let mut on = |cell: usize, digit: usize| {
            if reach.on[digit] & (1 << cell) == 0 {
                reach.on[digit] |= 1 << cell;
                reach.contradiction |= reach.off[digit] & (1 << cell) != 0;
                stack.push((cell * 9 + digit) as u16);
            }
        };
        if self.bivalue & bit != 0 {
            let other = (self.board.candidates[cell] & !(1 << digit)).trailing_zeros();
            on(cell, other as usize);
        }
        if self.bilocal[digit] & bit != 0 {
            for &house in &t.cell_houses[cell] {
                if self.bilocal_houses[digit] & (1 << house) != 0 {
                    let places = t.house_masks[house as usize] & self.board.cells[digit];
                    on((places & !bit).trailing_zeros() as usize, digit);
                }
            }
        }
    }
}

/// The reaches of an inner search's assumptions on one board, each made when first asked for.
struct Reaches<'a> {
    links: StaticLinks<'a>,
    /// The candidate each assumption switches on.
    starts: &'a [usize],
    /// The reach of each assumption, where `done` says it was made.
    made: Vec<Reach>,
    done: Vec<bool>,
}

impl<'a> Reaches<'a> {
    /// Reaches on `board` from each of `starts`, kept in `buffer` (its contents do not matter).
    fn new(board: &'a Board9, starts: &'a [usize], mut buffer: Vec<Reach>) -> Reaches<'a> {
        if buffer.len() < starts.len() {
            buffer.resize(starts.len(), Reach::default());
        }
        Reaches {
            links: StaticLinks::of(board),
            starts,
            made: buffer,
            done: vec![false; starts.len()],
        }
    }

    /// The reach of assumption `i`.
    fn get(&mut self, i: usize, stack: &mut Vec<u16>) -> &Reach {
        if !self.done[i] {
            self.done[i] = true;
            self.made[i] = self.links.reach(node(self.starts[i], true), stack);
        }
        &self.made[i]
    }

    /// Whether the reaches of assumptions `slots` (the branches of a unit) all have some node
    /// outside `except_on` and `except_off` (per digit, the cells whose on, off nodes do not
    /// count), none of them contradicting. The common nodes are narrowed one branch at a
    /// time, those reached already first, so that most units are dropped before every branch
    /// is reached.
    fn meet(
        &mut self,
        slots: &[usize],
        (except_on, except_off): ([u128; 9], [u128; 9]),
        stack: &mut Vec<u16>,
    ) -> bool {
        let mut common = Reach {
            on: except_on.map(|cells| !cells),
            off: except_off.map(|cells| !cells),
            contradiction: false,
        };
        for made_first in [true, false] {
            for &i in slots {
                if self.done[i] != made_first {
                    continue;
                }
                let reach = self.get(i, stack);
                if reach.contradiction || !common.narrow(reach) {
                    return false;
                }
            }
        }
        true
    }
}

impl Reach {
    /// Keeps of these nodes those `other` has too; whether any are left.
    fn narrow(&mut self, other: &Reach) -> bool {
        let mut left = 0;
        for d in 0..9 {
            self.on[d] &= other.on[d];
            self.off[d] &= other.off[d];
            left |= self.on[d] | self.off[d];
        }
        left != 0
    }

    /// Whether every reach of `all` has some node in common outside `except_on` and
    /// `except_off` (per digit, the cells whose on, off nodes do not count).
    fn common<'a>(
        mut all: impl Iterator<Item = &'a Reach>,
        except_on: &[u128; 9],
        except_off: &[u128; 9],
    ) -> bool {
        let Some(first) = all.next() else {
            return false;
        };
        let (mut on, mut off) = (first.on, first.off);
        for reach in all {
            for d in 0..9 {
                on[d] &= reach.on[d];
                off[d] &= reach.off[d];
            }
        }
        (0..9).any(|d| on[d] & !except_on[d] | off[d] & !except_off[d] != 0)
    }

    /// Whether every reach of `all` has some node in common that is not about the cells of
    /// `own` (per digit) and that `imp` does not have already.
    fn common_beyond<'a>(
        all: impl Iterator<Item = &'a Reach>,
        own: &[u128; 9],
        imp: &Implications,
    ) -> bool {
        let except_on = std::array::from_fn(|d| own[d] | imp.on_of_digit[d]);
        let except_off = std::array::from_fn(|d| own[d] | imp.off_of_digit[d]);
        Reach::common(all, &except_on, &except_off)
    }
}

/// Counts the ancestors of nodes (themselves included) and which kinds of links they use.
struct Ancestry {
    stamp: Vec<u32>,
    now: u32,
    stack: Vec<u16>,
}

impl Ancestry {
    fn new() -> Ancestry {
        Ancestry {
            stamp: vec![0; NODES],
            now: 0,
            stack: Vec::new(),
        }
    }

    fn start(&mut self) {
        self.now += 1;
    }

    /// Adds the ancestors of `n` to the count of this round; returns (new nodes and the nodes
    /// of their inner chains, whether an X link (same digit, other cell) and a Y link (same
    /// cell) were seen).
    fn count(&mut self, imp: &Implications, n: usize) -> (usize, bool, bool) {
        let mut count = 0;
        let (mut x, mut y) = (false, false);
        self.stack.clear();
        if self.stamp[n] != self.now {
            self.stamp[n] = self.now;
            self.stack.push(n as u16);
            count += 1 + imp.nested_of(n);
        }
        while let Some(m) = self.stack.pop() {
            let m = m as usize;
            for &p in imp.parents_of(m) {
                let p = p as usize;
                if p / 2 / 9 == m / 2 / 9 {
                    y = true;
                } else {
                    x = true;
                }
                if self.stamp[p] != self.now {
                    self.stamp[p] = self.now;
                    self.stack.push(p as u16);
                    count += 1 + imp.nested_of(p);
                }
            }
        }
        (count, x, y)
    }

    /// Adds to `links` the strong links (off → on, as candidate pairs) among the ancestors of
    /// `n` not yet walked in this round.
    fn strong_links(&mut self, imp: &Implications, n: usize, links: &mut Vec<(usize, usize)>) {
        self.stack.clear();
        if self.stamp[n] != self.now {
            self.stamp[n] = self.now;
            self.stack.push(n as u16);
        }
        while let Some(m) = self.stack.pop() {
            let m = m as usize;
            for &p in imp.parents_of(m) {
                let p = p as usize;
                if m % 2 == 1 && p % 2 == 0 {
                    links.push((p / 2, m / 2));
                }
                if self.stamp[p] != self.now {
                    self.stamp[p] = self.now;
                    self.stack.push(p as u16);
                }
            }
        }
    }
}

/// Where a propagation begins.
#[derive(Copy, Clone)]
enum Origin {
    /// A single assumption, the node given.
    Start(usize),
    /// Where the same assumption's propagation of the tier below (given) stopped, every
    /// rule of that tier exhausted: it goes on with the rules this tier adds. Each tier
    /// tries its rules in order, a rule only when the ones before it give nothing, and adds
    /// its own last, so the propagation goes on exactly as one begun in this tier would.
    Exhausted(Mode),
}

/// Where an inner chain ends: a node both ends of its strong link imply, or a contradiction
/// (candidate `.1` both on and off) that one end (`.0`) implies.
#[derive(Copy, Clone)]
enum Targets {
    Both(usize),
    Contradiction(usize, usize),
}

struct Chains {
    on: Vec<Implications>,
    off: Vec<Implications>,
    ancestry: Ancestry,
    scratch: Vec<u16>,
    /// The static implications of each end of a strong link an inner chain search starts
    /// from, reused between searches.
    inner: Vec<Implications>,
    /// The reaches of an inner search's assumptions, reused between searches.
    reach: Vec<Reach>,
    /// Where a tier that may end early starts its walk over the cells: where the last one
    /// ended, since the next hint is often near the last.
    first_cell: usize,
    /// The tier whose propagations `on` and `off` hold in full for the board at hand, every
    /// assumption followed until its rules gave nothing more.
    exhausted: Option<Mode>,
}

/// A chain conclusion: the node that holds and the chain's difficulty.
#[derive(Clone, Copy)]
struct Conclusion {
    difficulty: Tenths,
    name: &'static str,
    node: usize,
}

/// The chain buffers of finished solves: a few megabytes each, which each solve would
/// otherwise allocate and zero again. A rating runs its solve on a thread of its own, so
/// the buffers are shared between threads rather than kept per thread.
static SPARE_CHAINS: std::sync::Mutex<Vec<Chains>> = std::sync::Mutex::new(Vec::new());

/// How many spare chain buffers are kept: one per solve that can run at once, on most machines.
const SPARES_KEPT: usize = 8;

impl Chains {
    /// Spare chain buffers, or new ones.
    fn take() -> Chains {
        let spare = SPARE_CHAINS.lock().ok().and_then(|mut spares| spares.pop());
        let mut chains = spare.unwrap_or_else(Chains::new);
        chains.first_cell = 0;
        chains
    }

    /// Keeps the buffers for a later solve.
    fn give_back(self) {
        if let Ok(mut spares) = SPARE_CHAINS.lock() {
            if spares.len() < SPARES_KEPT {
                spares.push(self);
            }
        }
    }

    fn new() -> Chains {
        Chains {
            on: (0..729).map(|_| Implications::new()).collect(),
            off: (0..729).map(|_| Implications::new()).collect(),
            ancestry: Ancestry::new(),
            scratch: Vec::new(),
            inner: Vec::new(),
            reach: Vec::new(),
            first_cell: 0,
            exhausted: None,
        }
    }

    /// The easiest chain hint: the tiers in order of base difficulty, stopping when the next
    /// base is no easier than the best found. A hint no harder than `enough` ends the search.
    fn easiest(&mut self, board: &Board9, enough: Tenths) -> Option<Hint> {
        let mut best: Option<Conclusion> = None;
        self.exhausted = None;
        let tiers: [(Tenths, Mode); 6] = [
            (66, Mode::Static),
            (75, Mode::Nishio),
            (85, Mode::Dynamic),
            (90, Mode::DynamicPlus),
            (95, Mode::DynamicForcing),
            (100, Mode::DynamicMultiple),
        ];
        for (base, mode) in tiers {
            if best.is_some_and(|b| b.difficulty <= base.max(enough))
                || (mode == Mode::DynamicMultiple && best.is_some())
            {
                break;
            }
            let found = match mode {
                Mode::Nishio => {
                    self.exhausted = None;
                    self.nishio(board)
                }
                Mode::Static => self.static_tier(board, enough),
                _ => self.tier(board, mode, enough),
            };
            if let Some(found) = found {
                if best.is_none_or(|b| found.difficulty < b.difficulty) {
                    best = Some(found);
                }
            }
        }
        best.map(|c| Hint {
            difficulty: c.difficulty,
            name: c.name,
            action: if c.node % 2 == 1 {
                Action::Place((c.node / 2 / 9) as u8, (c.node / 2 % 9) as u8)
            } else {
                Action::Eliminate(vec![((c.node / 2 / 9) as u8, (c.node / 2 % 9) as u8)])
            },
        })
    }

    /// The easiest hint of a tier of binary and multiple chains, following one cell's
    /// assumptions at a time so that a hint no harder than `enough` ends it early.
    fn tier(&mut self, board: &Board9, mode: Mode, enough: Tenths) -> Option<Conclusion> {
        let mut best: Option<Conclusion> = None;
        let below = match mode {
            Mode::DynamicPlus => Some(Mode::Dynamic),
            Mode::DynamicForcing => Some(Mode::DynamicPlus),
            Mode::DynamicMultiple => Some(Mode::DynamicForcing),
            Mode::Static | Mode::Nishio | Mode::Dynamic => None,
        };
        let resume = below.filter(|&below| self.exhausted.take() == Some(below));
        for i in 0..81 {
            let cell = (self.first_cell + i) % 81;
            self.propagate_cells(board, mode, cell..cell + 1, resume);
            let found = [
                self.binary(board, mode, cell..cell + 1),
                self.multiple(board, mode, cell..cell + 1),
            ];
            for found in found.into_iter().flatten() {
                keep_easier(&mut best, found);
            }
            if best.is_some_and(|b| b.difficulty <= enough) {
                self.first_cell = cell;
                return best;
            }
        }
        self.exhausted = Some(mode);
        if let Some(found) = self.multiple(board, mode, 81..UNITS) {
            keep_easier(&mut best, found);
        }
        best
    }

    /// The static tier's easiest hint, as [`Chains::tier`] would find it, following with
    /// parents only the cells and regions whose reaches can conclude something. A board
    /// seldom has a static chain, and a reach costs a fraction of a propagation with parents.
    fn static_tier(&mut self, board: &Board9, enough: Tenths) -> Option<Conclusion> {
        let t = tables();
        self.exhausted = None;
        let open: Vec<usize> = (0..729)
            .filter(|&k| board.candidates[k / 9] & (1 << (k % 9)) != 0)
            .collect();
        let mut slot_of = [0; 729];
        for (i, &k) in open.iter().enumerate() {
            slot_of[k] = i;
        }
        let mut reaches = Reaches::new(board, &open, std::mem::take(&mut self.reach));
        let mut stack = Vec::new();
        let mut best: Option<Conclusion> = None;
        let mut followed = [false; 729];
        for i in 0..81 {
            let cell = (self.first_cell + i) % 81;
            let digits = board.candidates[cell];
            let mut worth = false;
            for d in bits(digits) {
                let k = cell * 9 + d as usize;
                let on = *reaches.get(slot_of[k], &mut stack);
                let off = reaches.links.reach(node(k, false), &mut stack);
                let mut own = [0; 9];
                own[d as usize] = 1 << cell;
                worth |= on.contradiction
                    || off.contradiction
                    || Reach::common([&on, &off].into_iter(), &own, &own);
            }
            let slots: Vec<usize> = bits(digits)
                .map(|d| slot_of[cell * 9 + d as usize])
                .collect();
            let own = [1 << cell; 9];
            worth = worth || reaches.meet(&slots, (own, own), &mut stack);
            if !worth {
                continue;
            }
            self.propagate_cells(board, Mode::Static, cell..cell + 1, None);
            for d in bits(digits) {
                followed[cell * 9 + d as usize] = true;
            }
            let found = [
                self.binary(board, Mode::Static, cell..cell + 1),
                self.multiple(board, Mode::Static, cell..cell + 1),
            ];
            for found in found.into_iter().flatten() {
                keep_easier(&mut best, found);
            }
            if best.is_some_and(|b| b.difficulty <= enough) {
                self.first_cell = cell;
                self.reach = reaches.made;
                return best;
            }
        }
        for unit in 81..UNITS {
            let (house, digit) = ((unit - 81) / 9, (unit - 81) % 9);
            let places = board.places(house, digit as u8);
            let branches: Vec<usize> = bits(places)
                .map(|i| t.houses[house][i as usize] as usize * 9 + digit)
                .collect();
            let slots: Vec<usize> = branches.iter().map(|&k| slot_of[k]).collect();
            let mut own = [0; 9];
            own[digit] = t.house_masks[house] & board.cells[digit];
            if branches.len() < 2 || !reaches.meet(&slots, (own, own), &mut stack) {
                continue;
            }
            let mut on = std::mem::take(&mut self.on);
            for &k in &branches {
                self.follow_static(board, &mut on, &mut followed, k, k);
            }
            self.on = on;
            if let Some(found) = self.multiple(board, Mode::Static, unit..unit + 1) {
                keep_easier(&mut best, found);
            }
        }
        self.reach = reaches.made;
        best
    }

    /// Follows both assumptions (on and off) about every candidate of `cells`: from the start,
    /// or with `resume`, from where that tier below left them exhausted.
    fn propagate_cells(
        &mut self,
        board: &Board9,
        mode: Mode,
        cells: std::ops::Range<usize>,
        resume: Option<Mode>,
    ) {
        let (mut on, mut off) = (std::mem::take(&mut self.on), std::mem::take(&mut self.off));
        for cell in cells {
            for digit in 0..9 {
                let k = cell * 9 + digit;
                if board.candidates[cell] & (1 << digit) == 0 {
                    on[k].clear();
                    off[k].clear();
                    continue;
                }
                // An exhausted tier below followed every candidate; a fresh start otherwise.
                let followed = !on[k].order.is_empty() && !off[k].order.is_empty();
                if let Some(below) = resume.filter(|_| followed) {
                    self.propagate(board, mode, Origin::Exhausted(below), &mut on[k]);
                    self.propagate(board, mode, Origin::Exhausted(below), &mut off[k]);
                    continue;
                }
                self.propagate(board, mode, Origin::Start(node(k, true)), &mut on[k]);
                self.propagate(board, mode, Origin::Start(node(k, false)), &mut off[k]);
            }
        }
        (self.on, self.off) = (on, off);
    }

    fn propagate(&mut self, board: &Board9, mode: Mode, from: Origin, imp: &mut Implications) {
        let t = tables();
        // The board as the last inner chain search saw it, when there was one.
        let mut seen = None;
        let mut seen_multiple = None;
        // The board as the chain leaves it, and how many of the chain's nodes it has taken in.
        let (mut now, mut applied) = (None, 0);
        // How many nodes a search for locked candidates, for subsets, had seen when it last
        // found none.
        let (mut head, mut locked_clean, mut subsets_clean) = (0, 0, 0);
        match from {
            Origin::Start(node) => {
                imp.clear();
                imp.add(node, &[]);
            }
            Origin::Exhausted(below) => {
                head = imp.order.len();
                if below != Mode::Dynamic {
                    (locked_clean, subsets_clean) = (head, head);
                }
                if below == Mode::DynamicForcing {
                    seen = Some(board.after(imp));
                }
                (now, applied) = (Some(board.after(imp)), head);
            }
        }
        let start = imp.order[0] as usize;
        loop {
            while head < imp.order.len() && imp.contradiction.is_none() {
                let n = imp.order[head] as usize;
                head += 1;
                let k = n / 2;
                let (cell, digit) = (k / 9, (k % 9) as u8);
                if n % 2 == 1 {
                    if mode != Mode::Nishio {
                        for d in bits(board.candidates[cell] & !(1 << digit)) {
                            imp.add(node(cell * 9 + d as usize, false), &[n as u16]);
                        }
                    }
                    let seen_by = t.peer_masks[cell] & board.cells[digit as usize];
                    for p in cells_of(seen_by & !imp.off_of_digit[digit as usize]) {
                        imp.add(node(p * 9 + digit as usize, false), &[n as u16]);
                    }
                } else {
                    self.off_implications(board, mode, n, imp);
                }
            }
            if mode == Mode::Nishio && imp.contradiction.is_none() {
                self.empty_house(board, start, imp);
            }
            if imp.contradiction.is_some()
                || !matches!(
                    mode,
                    Mode::DynamicPlus | Mode::DynamicForcing | Mode::DynamicMultiple
                )
            {
                break;
            }
            // The board as the chain leaves it.
            let now = now.get_or_insert(*board);
            for &n in &imp.order[applied..] {
                if n % 2 == 0 {
                    now.remove(n as usize / 2 / 9, (n / 2 % 9) as u8);
                }
            }
            applied = imp.order.len();
            if self.plus_implications(board, now, imp, &mut locked_clean)
                || subset_implications(board, now, imp, &mut subsets_clean)
            {
                continue;
            }
            if mode == Mode::DynamicPlus {
                break;
            }
            if self.inner_chains(board, now, seen.get_or_insert(*board), imp) {
                continue;
            }
            if mode != Mode::DynamicMultiple
                || !self.inner_multiple(board, now, seen_multiple.get_or_insert(*board), imp)
            {
                break;
            }
        }
    }

    fn off_implications(&mut self, board: &Board9, mode: Mode, n: usize, imp: &mut Implications) {
        let t = tables();
        let k = n / 2;
        let (cell, digit) = (k / 9, (k % 9) as u8);
        let parents = &mut self.scratch;
        // The cell: its last candidate not off.
        if mode != Mode::Nishio {
            let all = board.candidates[cell];
            if mode == Mode::Static {
                if all.count_ones() == 2 {
                    let other = (all & !(1 << digit)).trailing_zeros() as usize;
                    imp.add(node(cell * 9 + other, true), &[n as u16]);
                }
            } else {
                let off = all & imp.off_in_cell[cell];
                let left = all & !off;
                if left.count_ones() == 1 {
                    parents.clear();
                    parents.extend(bits(off).map(|d| node(cell * 9 + d as usize, false) as u16));
                    let last = node(cell * 9 + left.trailing_zeros() as usize, true);
                    let list = std::mem::take(parents);
                    imp.add(last, &list);
                    *parents = list;
                }
            }
        }
        // The houses: the digit's last place not off.
        for &house in &t.cell_houses[cell] {
            let places = board.places(house as usize, digit);
            if mode == Mode::Static {
                if places.count_ones() == 2 {
                    for i in bits(places) {
                        let c = t.houses[house as usize][i as usize] as usize;
                        if c != cell {
                            imp.add(node(c * 9 + digit as usize, true), &[n as u16]);
                        }
                    }
                }
                continue;
            }
            let all = board.cells[digit as usize] & t.house_masks[house as usize];
            let off = all & imp.off_of_digit[digit as usize];
            let left = all & !off;
            if left.count_ones() == 1 {
                parents.clear();
                parents.extend(cells_of(off).map(|c| node(c * 9 + digit as usize, false) as u16));
                let last = node(left.trailing_zeros() as usize * 9 + digit as usize, true);
                let list = std::mem::take(parents);
                imp.add(last, &list);
                *parents = list;
            }
        }
    }

    /// For a one-digit chain: a house where every place of the digit is off is a
    /// contradiction, recorded as an on node of its first place whose parents are the offs.
    fn empty_house(&mut self, board: &Board9, start: usize, imp: &mut Implications) {
        let t = tables();
        let digit = (start / 2 % 9) as u8;
        for house in 0..27 {
            let places = board.places(house, digit);
            if places == 0 {
                continue;
            }
            let all_off = bits(places).all(|i| {
                let c = t.houses[house][i as usize] as usize;
                imp.has(node(c * 9 + digit as usize, false))
            });
            if all_off {
                let parents: Vec<u16> = bits(places)
                    .map(|i| {
                        node(
                            t.houses[house][i as usize] as usize * 9 + digit as usize,
                            false,
                        ) as u16
                    })
                    .collect();
                let first = t.houses[house][places.trailing_zeros() as usize] as usize;
                let on = node(first * 9 + digit as usize, true);
                if !imp.has(on) {
                    imp.add(on, &parents);
                }
                imp.contradiction.get_or_insert(first * 9 + digit as usize);
                return;
            }
        }
    }

    /// Locked candidates on the board as the chain leaves it; returns whether it added a node.
    /// A base house counts only when the chain has taken places of the digit from it (else
    /// the board had the same locked candidates), and not when it places the digit there.
    ///
    /// `clean` is how many of the chain's nodes the last search that found nothing had seen:
    /// a new one needs a base house that lost places of the digit since.
    fn plus_implications(
        &mut self,
        board: &Board9,
        now: &Board9,
        imp: &mut Implications,
        clean: &mut usize,
    ) -> bool {
        let t = tables();
        let mut added = false;
        let mut alive = now.cells;
        let placed = imp.on_of_digit;
        let mut dirty = [0u32; 9];
        for &n in &imp.order[*clean..] {
            let k = n as usize / 2;
            if n % 2 == 0 {
                for &house in &t.cell_houses[k / 9] {
                    dirty[k % 9] |= 1 << house;
                }
            }
        }
        let parents = &mut self.scratch;
        for (bases, covers) in [(18..27, 0..18), (0..18, 18..27)] {
            for base in bases {
                let in_base = t.house_masks[base];
                for digit in (0..9).filter(|&d| dirty[d] & 1 << base != 0) {
                    let cells = alive[digit] & in_base;
                    let taken = board.cells[digit] & in_base & !cells;
                    if placed[digit] & in_base != 0 || cells.count_ones() < 2 || taken == 0 {
                        continue;
                    }
                    parents.clear();
                    parents.extend(cells_of(taken).map(|c| node(c * 9 + digit, false) as u16));
                    for cover in covers.clone() {
                        let in_cover = t.house_masks[cover];
                        if cells & !in_cover != 0 {
                            continue;
                        }
                        for c in cells_of(alive[digit] & in_cover & !cells) {
                            added |= imp.add(node(c * 9 + digit, false), parents);
                            alive[digit] &= !(1 << c);
                        }
                    }
                }
            }
        }
        if !added {
            *clean = imp.order.len();
        }
        added
    }

    /// Static forcing chains on the board as the chain leaves it: their conclusions are added
    /// as nodes whose parents are the eliminations that made their strong links, each
    /// carrying its inner chain's node count. Returns whether a node was added.
    ///
    /// The board on entry has no static chain conclusion (an easier tier would have found
    /// it), and the chain only removes candidates, which takes links away and makes new
    /// strong links. So every new conclusion goes through a strong link made since the last
    /// search (`seen`, the board then). The static implications are closed under
    /// contraposition, so a conclusion through the strong link "a or b" is a node that both
    /// `a` on and `b` on imply.
    fn inner_chains(
        &mut self,
        board: &Board9,
        trial: &Board9,
        seen: &mut Board9,
        imp: &mut Implications,
    ) -> bool {
        let links = trial.strong_links_since(seen);
        *seen = *trial;
        if links.is_empty() {
            return false;
        }
        let mut ends: Vec<usize> = links.iter().flat_map(|&(a, b)| [a, b]).collect();
        ends.sort_unstable();
        ends.dedup();
        let mut reaches = Reaches::new(trial, &ends, std::mem::take(&mut self.reach));
        for i in 0..ends.len() {
            reaches.get(i, &mut self.scratch);
        }
        let mut inner = std::mem::take(&mut self.inner);
        while inner.len() < ends.len() {
            inner.push(Implications::new());
        }
        let mut ready = vec![false; ends.len()];
        let index = |k: usize| ends.binary_search(&k).expect("an end of a link");
        // The shortest inner chain to each conclusion: (node, nodes, link).
        let mut found: Vec<(usize, usize, usize, Targets)> = Vec::new();
        for (l, &(a, b)) in links.iter().enumerate() {
            let (ia, ib) = (index(a), index(b));
            let (ra, rb) = (&reaches.made[ia], &reaches.made[ib]);
            if !ra.contradiction && !rb.contradiction {
                let mut start = [0; 9];
                start[a % 9] = 1 << (a / 9);
                if !Reach::common_beyond([ra, rb].into_iter(), &start, imp) {
                    continue;
                }
            }
            for i in [ia, ib] {
                self.follow_static(trial, &mut inner, &mut ready, ends[i], i);
            }
            let (fa, fb) = (&inner[ia], &inner[ib]);
            let mut consider = |n: usize, nodes: usize, targets: Targets| match found
                .iter_mut()
                .find(|f| f.0 == n)
            {
                Some(f) if f.1 > nodes => *f = (n, nodes, l, targets),
                Some(_) => {}
                None => found.push((n, nodes, l, targets)),
            };
            for (on_end, forward) in [(a, fa), (b, fb)] {
                if let Some(x) = forward.contradiction {
                    self.ancestry.start();
                    let nodes = self.ancestry.count(forward, node(x, true)).0
                        + self.ancestry.count(forward, node(x, false)).0;
                    consider(
                        node(on_end, false),
                        nodes,
                        Targets::Contradiction(on_end, x),
                    );
                }
            }
            if fa.contradiction.is_some() || fb.contradiction.is_some() {
                continue;
            }
            for &n in &fa.order[1..] {
                let n = n as usize;
                if !fb.has(n) || imp.has(n) || !still_open(trial, n) {
                    continue;
                }
                self.ancestry.start();
                let nodes = self.ancestry.count(fa, n).0;
                self.ancestry.start();
                consider(n, nodes + self.ancestry.count(fb, n).0, Targets::Both(n));
            }
        }
        let mut added = false;
        let mut parents: Vec<u16> = Vec::new();
        let mut strong: Vec<(usize, usize)> = Vec::new();
        for &(n, nodes, l, targets) in &found {
            let (a, b) = links[l];
            strong.clear();
            strong.push((a, b));
            match targets {
                Targets::Both(n) => {
                    for end in [a, b] {
                        self.ancestry.start();
                        self.ancestry
                            .strong_links(&inner[index(end)], n, &mut strong);
                    }
                }
                Targets::Contradiction(end, x) => {
                    self.ancestry.start();
                    for target in [node(x, true), node(x, false)] {
                        self.ancestry
                            .strong_links(&inner[index(end)], target, &mut strong);
                    }
                }
            }
            parents.clear();
            added |= add_inner(board, trial, &strong, &mut parents, (n, nodes), imp);
        }
        self.inner = inner;
        self.reach = reaches.made;
        added
    }

    /// Follows candidate `k` switched on with the static rules of `trial`, parents kept, into
    /// `inner[i]`, unless `ready[i]` says it was done.
    fn follow_static(
        &mut self,
        trial: &Board9,
        inner: &mut [Implications],
        ready: &mut [bool],
        k: usize,
        i: usize,
    ) {
        if !std::mem::replace(&mut ready[i], true) {
            self.propagate(
                trial,
                Mode::Static,
                Origin::Start(node(k, true)),
                &mut inner[i],
            );
        }
    }

    /// Static cell and region forcing chains on the board as the chain leaves it: a node that
    /// every candidate of a cell (every place of a digit in a house) switched on implies is
    /// added, its parents the eliminations that made the units and the strong links of its
    /// branches, carrying the branches' node count. Returns whether a node was added.
    ///
    /// The board on entry has no static multiple chain conclusion (an easier tier would have
    /// found it), and the chain only removes candidates. So a new conclusion is about a unit
    /// that lost candidates since the last search (`seen`, the board then), or one of its
    /// branches goes through a strong link made since: a branch `k` through the new link
    /// "a or b" reaches `a` off, so `a` on reaches `k` off. Only those units are searched.
    fn inner_multiple(
        &mut self,
        board: &Board9,
        trial: &Board9,
        seen: &mut Board9,
        imp: &mut Implications,
    ) -> bool {
        let t = tables();
        let mut changed = [false; UNITS];
        for (cell, changed) in changed[..81].iter_mut().enumerate() {
            let (now, before) = (trial.candidates[cell], seen.candidates[cell]);
            *changed = now != before && now.count_ones() >= 2;
        }
        for house in 0..27 {
            for digit in 0..9 {
                let (now, before) = (trial.places(house, digit), seen.places(house, digit));
                changed[81 + house * 9 + digit as usize] = now != before && now.count_ones() >= 2;
            }
        }
        let ends: Vec<usize> = trial
            .strong_links_since(seen)
            .into_iter()
            .flat_map(|(a, b)| [a, b])
            .collect();
        *seen = *trial;
        let open: Vec<usize> = (0..81)
            .filter(|&c| trial.candidates[c].count_ones() >= 2)
            .flat_map(|c| bits(trial.candidates[c]).map(move |d| c * 9 + d as usize))
            .collect();
        let mut slot_of = [u16::MAX; 729];
        for (i, &k) in open.iter().enumerate() {
            slot_of[k] = i as u16;
        }
        let index = |k: usize| Some(usize::from(slot_of[k])).filter(|&i| i < open.len());
        let mut inner = std::mem::take(&mut self.inner);
        while inner.len() < open.len() {
            inner.push(Implications::new());
        }
        let mut ready = vec![false; open.len()];
        let mut reaches = Reaches::new(trial, &open, std::mem::take(&mut self.reach));
        // Branches a new strong link reaches, by digit.
        let mut touched = [0u128; 9];
        for &end in &ends {
            if let Some(i) = index(end) {
                let r = reaches.get(i, &mut self.scratch);
                if !r.contradiction {
                    for (touched, off) in touched.iter_mut().zip(r.off) {
                        *touched |= off;
                    }
                    continue;
                }
                self.follow_static(trial, &mut inner, &mut ready, open[i], i);
                for &n in &inner[i].order {
                    if n % 2 == 0 {
                        let k = n as usize / 2;
                        touched[k % 9] |= 1 << (k / 9);
                    }
                }
            }
        }
        // The smallest count of each conclusion: (node, nodes, unit).
        let mut found: Vec<(usize, usize, usize)> = Vec::new();
        let mut branches: Vec<usize> = Vec::with_capacity(9);
        'units: for (unit, &unit_changed) in changed.iter().enumerate() {
            branches.clear();
            if unit < 81 {
                branches.extend(bits(trial.candidates[unit]).map(|d| unit * 9 + d as usize));
            } else {
                let (house, digit) = ((unit - 81) / 9, (unit - 81) % 9);
                let places = trial.places(house, digit as u8);
                branches
                    .extend(bits(places).map(|i| t.houses[house][i as usize] as usize * 9 + digit));
            }
            let is_touched = |k: usize| touched[k % 9] & (1 << (k / 9)) != 0;
            if branches.len() < 2 || !(unit_changed || branches.iter().any(|&k| is_touched(k))) {
                continue;
            }
            let mut slots = [0; 9];
            for (slot, &k) in slots.iter_mut().zip(&branches) {
                let Some(i) = index(k) else {
                    continue 'units;
                };
                *slot = i;
            }
            let slots = &slots[..branches.len()];
            let mut own = [0u128; 9];
            for &k in &branches {
                let (cell, digit) = (k / 9, k % 9);
                if unit < 81 {
                    own = [1 << cell; 9];
                } else {
                    own[digit] |= 1 << cell;
                }
            }
            let except = (
                std::array::from_fn(|d| own[d] | imp.on_of_digit[d]),
                std::array::from_fn(|d| own[d] | imp.off_of_digit[d]),
            );
            if !reaches.meet(slots, except, &mut self.scratch) {
                continue;
            }
            for &i in slots {
                self.follow_static(trial, &mut inner, &mut ready, open[i], i);
            }
            if slots.iter().any(|&i| inner[i].contradiction.is_some()) {
                continue;
            }
            for &n in &inner[slots[0]].order[1..] {
                let n = n as usize;
                if imp.has(n)
                    || !still_open(trial, n)
                    || branches.contains(&(n / 2))
                    || !slots.iter().all(|&i| inner[i].has(n))
                {
                    continue;
                }
                self.ancestry.start();
                let nodes: usize = slots
                    .iter()
                    .map(|&i| self.ancestry.count(&inner[i], n).0)
                    .sum();
                match found.iter_mut().find(|f| f.0 == n) {
                    Some(f) if f.1 > nodes => *f = (n, nodes, unit),
                    Some(_) => {}
                    None => found.push((n, nodes, unit)),
                }
            }
        }
        let mut added = false;
        let mut parents: Vec<u16> = Vec::new();
        let mut strong: Vec<(usize, usize)> = Vec::new();
        for &(n, nodes, unit) in &found {
            parents.clear();
            strong.clear();
            if unit < 81 {
                for d in bits(board.candidates[unit] & !trial.candidates[unit]) {
                    parents.push(node(unit * 9 + d as usize, false) as u16);
                }
                for d in bits(trial.candidates[unit]) {
                    let i = index(unit * 9 + d as usize).expect("a branch");
                    self.ancestry.start();
                    self.ancestry.strong_links(&inner[i], n, &mut strong);
                }
            } else {
                let (house, digit) = ((unit - 81) / 9, (unit - 81) % 9);
                let (all, now) = (
                    board.places(house, digit as u8),
                    trial.places(house, digit as u8),
                );
                for i in bits(all) {
                    let k = t.houses[house][i as usize] as usize * 9 + digit;
                    if now & (1 << i) == 0 {
                        parents.push(node(k, false) as u16);
                    } else {
                        let slot = index(k).expect("a branch");
                        self.ancestry.start();
                        self.ancestry.strong_links(&inner[slot], n, &mut strong);
                    }
                }
            }
            added |= add_inner(board, trial, &strong, &mut parents, (n, nodes), imp);
        }
        self.inner = inner;
        self.reach = reaches.made;
        added
    }

    /// Contradictions (an assumption that leads to a candidate both on and off) and double
    /// implications (both assumptions about a candidate lead to the same node).
    fn binary(
        &mut self,
        board: &Board9,
        mode: Mode,
        cells: std::ops::Range<usize>,
    ) -> Option<Conclusion> {
        let mut best: Option<Conclusion> = None;
        for cell in cells {
            for digit in bits(board.candidates[cell]) {
                let k = cell * 9 + digit as usize;
                for on in [true, false] {
                    let imp = if on { &self.on[k] } else { &self.off[k] };
                    if let Some(x) = imp.contradiction {
                        self.ancestry.start();
                        let (a, xa, ya) = self.ancestry.count(imp, node(x, true));
                        let (b, xb, yb) = self.ancestry.count(imp, node(x, false));
                        let conclusion = Conclusion {
                            difficulty: chain_difficulty(
                                mode,
                                ChainKind::Contradiction,
                                a + b,
                                xa || xb,
                                ya || yb,
                            ),
                            name: chain_name(mode, ChainKind::Contradiction, xa || xb, ya || yb),
                            node: node(k, !on),
                        };
                        keep_easier(&mut best, conclusion);
                    }
                }
                let (on_imp, off_imp) = (&self.on[k], &self.off[k]);
                if on_imp.contradiction.is_some() || off_imp.contradiction.is_some() {
                    continue;
                }
                for &n in &on_imp.order[1..] {
                    let n = n as usize;
                    if !off_imp.has(n) || !still_open(board, n) {
                        continue;
                    }
                    self.ancestry.start();
                    let (a, xa, ya) = self.ancestry.count(on_imp, n);
                    self.ancestry.start();
                    let (b, xb, yb) = self.ancestry.count(off_imp, n);
                    let conclusion = Conclusion {
                        difficulty: chain_difficulty(
                            mode,
                            ChainKind::Double,
                            a + b,
                            xa || xb,
                            ya || yb,
                        ),
                        name: chain_name(mode, ChainKind::Double, xa || xb, ya || yb),
                        node: n,
                    };
                    keep_easier(&mut best, conclusion);
                }
            }
        }
        best
    }

    /// Nishio hints: a candidate whose one-digit chain leads to a contradiction is false.
    /// Each candidate is first followed as masks; only one that contradicts is followed again
    /// with parents, to count its chain.
    fn nishio(&mut self, board: &Board9) -> Option<Conclusion> {
        let mut best: Option<Conclusion> = None;
        let mut on = std::mem::take(&mut self.on);
        for cell in 0..81 {
            for digit in bits(board.candidates[cell]) {
                let k = cell * 9 + digit as usize;
                if !nishio_contradicts(board, k) {
                    continue;
                }
                self.propagate(
                    board,
                    Mode::Nishio,
                    Origin::Start(node(k, true)),
                    &mut on[k],
                );
                let imp = &on[k];
                if let Some(x) = imp.contradiction {
                    self.ancestry.start();
                    let (a, ..) = self.ancestry.count(imp, node(x, true));
                    let (b, ..) = self.ancestry.count(imp, node(x, false));
                    keep_easier(
                        &mut best,
                        Conclusion {
                            difficulty: 75 + length_bonus(a + b),
                            name: "Nishio Forcing Chains",
                            node: node(k, false),
                        },
                    );
                }
            }
        }
        self.on = on;
        best
    }

    /// Cell and region forcing chains: every candidate of a cell (every place of a digit in a
    /// house) switched on leads to the same node. `units` numbers cells 0–80, then each
    /// house's digits (81 + house × 9 + digit).
    fn multiple(
        &mut self,
        board: &Board9,
        mode: Mode,
        units: std::ops::Range<usize>,
    ) -> Option<Conclusion> {
        let t = tables();
        let mut best: Option<Conclusion> = None;
        let mut branches: Vec<usize> = Vec::with_capacity(9);
        for unit in units {
            branches.clear();
            let region = unit >= 81;
            if region {
                let (house, digit) = ((unit - 81) / 9, ((unit - 81) % 9) as u8);
                let places = board.places(house, digit);
                if places.count_ones() < 2 {
                    continue;
                }
                for i in bits(places) {
                    branches.push(t.houses[house][i as usize] as usize * 9 + digit as usize);
                }
            } else {
                if board.candidates[unit].count_ones() < 2 {
                    continue;
                }
                for d in bits(board.candidates[unit]) {
                    branches.push(unit * 9 + d as usize);
                }
            }
            if branches.iter().any(|&k| self.on[k].contradiction.is_some()) {
                continue;
            }
            let first = &self.on[branches[0]];
            for &n in &first.order[1..] {
                let n = n as usize;
                if !still_open(board, n) || !branches.iter().all(|&k| self.on[k].has(n)) {
                    continue;
                }
                // A conclusion about a branch's own candidates is not a multiple chain.
                if branches.contains(&(n / 2)) {
                    continue;
                }
                // Static branches count their nodes once between them; dynamic branches,
                // whose nodes depend on the branch's own history, each count their own.
                let mut total = 0;
                self.ancestry.start();
                for &k in &branches {
                    if mode != Mode::Static {
                        self.ancestry.start();
                    }
                    total += self.ancestry.count(&self.on[k], n).0;
                }
                let kind = if region {
                    ChainKind::Region
                } else {
                    ChainKind::Cell
                };
                keep_easier(
                    &mut best,
                    Conclusion {
                        difficulty: chain_difficulty(mode, kind, total, true, true),
                        name: chain_name(mode, kind, true, true),
                        node: n,
                    },
                );
            }
        }
        best
    }
}

/// What a subset rule looks for.
#[derive(Copy, Clone, PartialEq, Eq)]
enum SubsetKind {
    /// k digits with k places in a house.
    Hidden,
    /// k cells of a house with k candidates.
    Naked,
    /// k rows (or columns) whose places of a digit lie in k columns (or rows).
    Fish,
}

/// Subsets and fish on the board as the chain leaves it, the "+" rules Sudoku Explainer
/// tries after locked candidates, in its order: hidden pair, naked pair, X-Wing, then the
/// triples and Swordfish, then the quads and Jellyfish. It stops after the first rule that
/// adds a node. A subset counts only when the chain has taken candidates from it (else the
/// board had it already); its parents are those eliminations.
///
/// `clean` is how many of the chain's nodes the last search that found nothing had seen: a
/// new subset needs a house (a fish, a digit) that lost candidates since.
fn subset_implications(
    board: &Board9,
    now: &Board9,
    imp: &mut Implications,
    clean: &mut usize,
) -> bool {
    let t = tables();
    let (alive, places) = (&now.candidates, &now.places);
    let (mut dirty_houses, mut dirty_digits) = (0u32, 0u16);
    for &n in &imp.order[*clean..] {
        if n % 2 == 0 {
            let (cell, digit) = (n as usize / 2 / 9, n as usize / 2 % 9);
            for &house in &t.cell_houses[cell] {
                dirty_houses |= 1 << house;
            }
            dirty_digits |= 1 << digit;
        }
    }
    let usable = |masks: &[u16; 9]| {
        (0..9)
            .filter(|&i| (2..=4).contains(&masks[i].count_ones()))
            .fold(0u16, |m, i| m | 1 << i)
    };
    // Every subset the board has and the board before the chain had not, found in one walk
    // per house (digit) and applied below in the rules' order: (rule, where, items, union),
    // where a rule is (size − 2) × 3 + kind and `where` a house, or a digit × 2 + orientation.
    let mut found: Vec<(usize, usize, u16, u16)> = Vec::new();
    let rule = |set: u16, kind: SubsetKind| (set.count_ones() as usize - 2) * 3 + kind as usize;
    for house in (0..27).filter(|h| dirty_houses & 1 << h != 0) {
        let changed = (0..9u8)
            .filter(|&d| board.places(house, d) != places[house][d as usize])
            .fold(0u16, |m, d| m | 1 << d);
        if changed != 0 {
            let digits = &places[house];
            covering_sets(usable(digits), changed, digits, &mut |set, union| {
                found.push((rule(set, SubsetKind::Hidden), house, set, union));
            });
        }
        let masks: [u16; 9] = std::array::from_fn(|i| alive[t.houses[house][i] as usize]);
        let changed = (0..9)
            .filter(|&i| masks[i] != board.candidates[t.houses[house][i] as usize])
            .fold(0u16, |m, i| m | 1 << i);
        if changed != 0 {
            covering_sets(usable(&masks), changed, &masks, &mut |set, union| {
                found.push((rule(set, SubsetKind::Naked), house, set, union));
            });
        }
    }
    for digit in (0..9).filter(|d| dirty_digits & 1 << d != 0) {
        for (orientation, bases) in [0..9, 9..18].into_iter().enumerate() {
            let masks: [u16; 9] = std::array::from_fn(|i| places[bases.start + i][digit]);
            let changed = (0..9)
                .filter(|&i| board.places(bases.start + i, digit as u8) != masks[i])
                .fold(0u16, |m, i| m | 1 << i);
            if changed != 0 {
                covering_sets(usable(&masks), changed, &masks, &mut |set, union| {
                    let at = digit * 2 + orientation;
                    found.push((rule(set, SubsetKind::Fish), at, set, union));
                });
            }
        }
    }
    if found.is_empty() {
        *clean = imp.order.len();
        return false;
    }
    found.sort_by_key(|f| f.0);
    let off = |c: usize, d: u8| node(c * 9 + d as usize, false) as u16;
    let mut parents: Vec<u16> = Vec::new();
    let mut added = false;
    for (i, &(rule, at, set, union)) in found.iter().enumerate() {
        parents.clear();
        match rule % 3 {
            0 => {
                let (house, cells) = (at, &t.houses[at]);
                for d in bits(set) {
                    let taken = board.places(house, d) & !places[house][d as usize];
                    parents.extend(bits(taken).map(|i| off(cells[i as usize] as usize, d)));
                }
                for i in bits(union) {
                    let c = cells[i as usize] as usize;
                    for d in bits(alive[c] & !set) {
                        added |= imp.add(node(c * 9 + d as usize, false), &parents);
                    }
                }
            }
            1 => {
                let cells = &t.houses[at];
                for i in bits(set) {
                    let c = cells[i as usize] as usize;
                    let taken = board.candidates[c] & !alive[c];
                    parents.extend(bits(taken).map(|d| off(c, d)));
                }
                for i in bits(0x1ff & !set) {
                    let c = cells[i as usize] as usize;
                    for d in bits(alive[c] & union) {
                        added |= imp.add(node(c * 9 + d as usize, false), &parents);
                    }
                }
            }
            _ => {
                let (digit, bases) = (at / 2, if at % 2 == 0 { 0 } else { 9 });
                let covers = 9 - bases;
                for i in bits(set) {
                    let house = bases + i as usize;
                    let taken = board.places(house, digit as u8) & !places[house][digit];
                    parents.extend(
                        bits(taken).map(|j| off(t.houses[house][j as usize] as usize, digit as u8)),
                    );
                }
                for j in bits(union) {
                    let cover = covers + j as usize;
                    for i in bits(places[cover][digit] & !set) {
                        let c = t.houses[cover][i as usize] as usize;
                        added |= imp.add(node(c * 9 + digit, false), &parents);
                    }
                }
            }
        }
        let rule_ends = found.get(i + 1).is_none_or(|next| next.0 != rule);
        if added && rule_ends {
            return true;
        }
    }
    *clean = imp.order.len();
    false
}

/// Adds the conclusion `n` of an inner chain of `nodes` nodes whose strong links are `strong`;
/// `parents` holds the eliminations it rests on so far, and gets those that made the links.
fn add_inner(
    board: &Board9,
    trial: &Board9,
    strong: &[(usize, usize)],
    parents: &mut Vec<u16>,
    (n, nodes): (usize, usize),
    imp: &mut Implications,
) -> bool {
    for &(p, m) in strong {
        made_link(board, trial, p, m, parents);
    }
    parents.sort_unstable();
    parents.dedup();
    imp.add_nested(n, parents, u16::try_from(nodes).unwrap_or(u16::MAX))
}

/// Adds to `parents` the eliminations (off nodes) that made `a` and `b` a strong link on
/// `trial`: the cell's other candidates when they share a cell, else the digit's other places
/// in a house that holds both.
fn made_link(board: &Board9, trial: &Board9, a: usize, b: usize, parents: &mut Vec<u16>) {
    let t = tables();
    let (ca, cb) = (a / 9, b / 9);
    if ca == cb {
        for d in bits(board.candidates[ca] & !trial.candidates[ca]) {
            parents.push(node(ca * 9 + d as usize, false) as u16);
        }
        return;
    }
    let digit = (a % 9) as u8;
    let Some(&house) = t.cell_houses[ca].iter().find(|h| {
        t.cell_houses[cb].contains(h) && trial.places(**h as usize, digit).count_ones() == 2
    }) else {
        return;
    };
    let house = house as usize;
    for i in bits(board.places(house, digit) & !trial.places(house, digit)) {
        let c = t.houses[house][i as usize] as usize;
        parents.push(node(c * 9 + digit as usize, false) as u16);
    }
}

/// Whether candidate `k` switched on leads, following its digit alone (Nishio), to a
/// contradiction: a house left without a place for the digit, or a place both on and off.
/// The one-digit chain as masks: each house whose places are all off but one switches that
/// one on, until nothing changes.
fn nishio_contradicts(board: &Board9, k: usize) -> bool {
    let t = tables();
    let (cell, digit) = (k / 9, k % 9);
    let places = board.cells[digit];
    let mut on: u128 = 1 << cell;
    let mut off = t.peer_masks[cell] & places;
    loop {
        let mut grew = false;
        for &house in &t.house_masks {
            let all = house & places;
            let left = all & !off;
            if all == 0 || all == left {
                continue;
            }
            if left == 0 {
                return true;
            }
            if left & (left - 1) == 0 && on & left == 0 {
                on |= left;
                off |= t.peer_masks[left.trailing_zeros() as usize] & places;
                grew = true;
            }
        }
        if on & off != 0 {
            return true;
        }
        if !grew {
            return false;
        }
    }
}

/// Whether a node says something new: an off node about a candidate still there, or an on
/// node about an empty cell.
fn still_open(board: &Board9, n: usize) -> bool {
    let k = n / 2;
    board.candidates[k / 9] & (1 << (k % 9)) != 0
}

fn keep_easier(best: &mut Option<Conclusion>, found: Conclusion) {
    if best.is_none_or(|b| found.difficulty < b.difficulty) {
        *best = Some(found);
    }
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum ChainKind {
    Contradiction,
    Double,
    Cell,
    Region,
}

fn chain_difficulty(mode: Mode, kind: ChainKind, nodes: usize, x: bool, y: bool) -> Tenths {
    let base = match (mode, kind) {
        (Mode::Static, ChainKind::Cell) => 83,
        (Mode::Static, ChainKind::Region) => 82,
        (Mode::Static, _) => {
            if x && y {
                70
            } else {
                66
            }
        }
        (Mode::Nishio, _) => 75,
        (Mode::Dynamic, _) => 85,
        (Mode::DynamicPlus, _) => 90,
        (Mode::DynamicForcing, _) => 95,
        (Mode::DynamicMultiple, _) => 100,
    };
    base + length_bonus(nodes)
}

fn chain_name(mode: Mode, kind: ChainKind, x: bool, y: bool) -> &'static str {
    match (mode, kind) {
        (Mode::Static, ChainKind::Cell) => "Cell Forcing Chains",
        (Mode::Static, ChainKind::Region) => "Region Forcing Chains",
        (Mode::Static, _) if x && !y => "Turbot Fish",
        (Mode::Static, _) => "Forcing Chain",
        (Mode::Nishio, _) => "Nishio Forcing Chains",
        (Mode::Dynamic, ChainKind::Contradiction) => "Dynamic Contradiction Forcing Chains",
        (Mode::Dynamic, ChainKind::Double) => "Dynamic Double Forcing Chains",
        (Mode::Dynamic, ChainKind::Cell) => "Dynamic Cell Forcing Chains",
        (Mode::Dynamic, ChainKind::Region) => "Dynamic Region Forcing Chains",
        (Mode::DynamicPlus, ChainKind::Contradiction) => "Dynamic Contradiction Forcing Chains (+)",
        (Mode::DynamicPlus, ChainKind::Double) => "Dynamic Double Forcing Chains (+)",
        (Mode::DynamicPlus, ChainKind::Cell) => "Dynamic Cell Forcing Chains (+)",
        (Mode::DynamicPlus, ChainKind::Region) => "Dynamic Region Forcing Chains (+)",
        (Mode::DynamicForcing, ChainKind::Contradiction) => {
            "Dynamic Contradiction Forcing Chains (+ Forcing Chains)"
        }
        (Mode::DynamicForcing, ChainKind::Double) => {
            "Dynamic Double Forcing Chains (+ Forcing Chains)"
        }
        (Mode::DynamicForcing, ChainKind::Cell) => "Dynamic Cell Forcing Chains (+ Forcing Chains)",
        (Mode::DynamicForcing, ChainKind::Region) => {
            "Dynamic Region Forcing Chains (+ Forcing Chains)"
        }
        (Mode::DynamicMultiple, ChainKind::Contradiction) => {
            "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)"
        }
        (Mode::DynamicMultiple, ChainKind::Double) => {
            "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)"
        }
        (Mode::DynamicMultiple, ChainKind::Cell) => {
            "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)"
        }
        (Mode::DynamicMultiple, ChainKind::Region) => {
            "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)"
        }
    }
}
