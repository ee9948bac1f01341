//! The bit-parallel exact solver for 9×9.
//!
//! The design follows the band bitboards of JCZSolve and borrows ideas from tdoku: the
//! grid is cut into three horizontal bands (three rows each), and for every digit each
//! band is one 27-bit mask of the cells where that digit may still go. One machine word
//! then answers questions about a digit in three rows and three boxes at once.
//!
//! ```text
//!  candidates[band_idx * 9 + digit_idx]: u32, bits 27..31 always clear
//!
//!            box 0      box 1      box 2
//!  row 0    0  1  2 |  3  4  5 |  6  7  8      band 0 = rows 0-2
//!  row 1    9 10 11 | 12 13 14 | 15 16 17      band 1 = rows 3-5
//!  row 2   18 19 20 | 21 22 23 | 24 25 26      band 2 = rows 6-8
//!
//!  A "triad" is the three bits of one row inside one box (bits 3t..3t+2 of a row);
//!  a band's triad shape is a 9-bit mask, bit row*3 + box set when that triad is not empty.
//! ```
//!
//! A placed digit keeps its bit in its own mask and loses it in the other eight, so a
//! solved digit has exactly three bits per band. `unsolved[band_idx]` marks the cells not
//! placed yet, in the same layout, and `seen` holds each mask as the band rules last left it.
//!
//! Propagation (the Update loop of JCZSolve) scans the 27 masks, unrolled, and applies the
//! band rules to every mask that differs from `seen`:
//! - The digit must take one triad per row and per box of the band, the three triads
//!   forming a permutation. A table indexed by the triad shape keeps the triads that lie on
//!   some permutation; this performs pointing and claiming (locked candidates) inside the
//!   band and finds contradictions.
//! - A box whose candidates stand in one column locks that column: the other bands lose it.
//! - A triad on every permutation in a box of one column is a single cell: a row (and box)
//!   with one place left, so the digit is placed there and the cell leaves the other digits.
//!
//! The scan repeats only when a mask behind it changed. Then one pass per band finds naked
//! singles and empty cells by bit-sliced counting of the nine digit masks (cells with at
//! least one, two and three candidates), and records the cells with two candidates. A
//! single only loses its row and box peers; the band rules do the rest.
//!
//! When singles run dry, the stack rules look at the grid the other way round: a digit's
//! columns in the three bands form, per stack, a 3×3 matrix of bands by columns in which the
//! digit takes one column per band and one band per column. Entries on no permutation go
//! (claiming from columns into boxes, and with the band rules hidden singles in columns). All
//! nine digits are computed side by side, so the pass vectorises, and it runs only when some
//! digit's columns changed since the last pass. This cut branch points by 20–28% on the hard
//! lists and made them 9–14% faster; it costs 10% on serg_benchmark (no fewer branch points).
//!
//! Measured and left out (µs and branch points against this design, count to 2): the stack
//! rules inside every band update (+14–22% time on the easy lists); a changed-mask walked by
//! `trailing_zeros` instead of the unrolled scan (20–30% slower everywhere: the constant
//! indices of the unrolled scan matter more than its unpredictable branches; dispatched by a
//! `match` to the constant-index code, 11–45% slower on six lists of seven, as the indirect
//! jump mispredicts more); the triad rules (a triad takes exactly three digits: 4–13% fewer
//! branch points, up to 21% more time);
//! branching on a digit's placement in a band with two permutations left, as tdoku does (26%
//! more branch points on the hardest list with our propagation, and no gain as a fallback when
//! no cell has two candidates); scoring every cell with two candidates (6% fewer branch
//! points, slower on easy lists). Measured again on 2026-11-26: the naked triad rules (a
//! triad where only three digits remain keeps them), rows and columns, run only where the
//! search would otherwise guess, take 4% fewer branch points on forum_hardest and 15–21% on
//! top1465 and norvig_top95, yet cost 20% more time on forum_hardest and 50% on serg (about
//! 200 ns a call against 300–600 ns a node), and still 12% more on forum_hardest when run
//! only above 40 unsolved cells; tdoku's branching (the band or stack with fewest
//! permutations left over all digits, then its digit with fewest), 2–35% fewer branch points
//! on forum_hardest, app-style and norvig_hardest but 12–33% more on the other lists, and
//! 30–80% more time; scoring a cell by how many candidates of its two digits its peers hold,
//! up to 5% fewer branch points on forum_hardest and 6–29% more on the others; adding to the
//! score below the peers with two candidates that share a digit with the cell (a guess there
//! turns them into singles), 7–15% fewer branch points on forum_hardest, top1465, 17-clue and
//! app-style, but 3–16% more time on forum_hardest, norvig_hardest and serg.
//!
//! When nothing more follows, the search guesses at a cell with two candidates, choosing
//! among the first four such cells of each band the one whose peers (its row and box in the
//! band, its column in the others) are most open: an unsolved peer counts 2 and a peer with
//! two candidates 3; the last of equals wins. Compared with the first such cell, counting
//! unsolved peers took 45% fewer guesses on the hardest list; weighing peers with two
//! candidates, among four cells instead of three, took 1–24% fewer branch points again on
//! every list (serg 1%, forum_hardest 2%, app-style 7%, norvig_top95 24%). Failing that it
//! takes the first cell with fewest candidates. It tries each candidate on a copy of the
//! state, the last candidate continuing on the state itself. The state is 276 bytes and
//! `Copy`, recursion is at most 81 deep, and the search allocates nothing.
//!
//! `n_branches` counts branch points (tdoku's "guesses"), `n_guesses` every candidate tried
//! at them, as in the general solver.

use super::{Budget, ClockReader, ExactSolver, SearchOutcome, Solutions, Spent};
use crate::util::bit_positions;

/// The cells of a band, 27 bits.
const BAND: u32 = (1 << 27) - 1;
/// One column inside a band: bits 0, 9 and 18, shifted by the column index.
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// For a 9-bit row, which of its three triads are not empty (3 bits).
const TRIADS_OF_ROW: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut row = 0;
    while row < 512 {
        let mut t = 0;
        while t < 3 {
            if (row >> (3 * t)) & 7 != 0 {
                table[row] |= 1 << t;
            }
            t += 1;
        }
        row += 1;
    }
    table
};

/// The six ways to give each row of a band one box: `box_of_row[row]`.
const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// For a band's triad shape (bit row*3 + box), the triads that lie on some permutation of
/// occupied triads (one per row and one per box), as a triad shape.
const fn permutation_triads(shape: usize, on_all: bool) -> u32 {
    let mut some = 0u32;
    let mut all = 0x1FFu32;
    let mut p = 0;
    while p < 6 {
        let box_of_row = PERMUTATIONS[p];
        let mut triads = 0u32;
        let mut row = 0;
        while row < 3 {
            triads |= 1 << (row * 3 + box_of_row[row]);
            row += 1;
        }
        if shape as u32 & triads == triads {
            some |= triads;
            all &= triads;
        }
        p += 1;
    }
    if on_all {
        if some == 0 {
            0
        } else {
            all
        }
    } else {
        some
    }
}

/// The cells (27 bits) of the triads of a triad shape.
const fn triad_cells(shape: u32) -> u32 {
    let mut cells = 0u32;
    let mut t = 0;
    while t < 9 {
        if shape >> t & 1 != 0 {
            cells |= 7 << (9 * (t / 3) + 3 * (t % 3));
        }
        t += 1;
    }
    cells
}

/// For a band's triad shape, the cells of the triads that lie on some permutation; 0 when
/// there is none (a contradiction).
const PERMUTATION_CELLS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut shape = 0;
    while shape < 512 {
        table[shape] = triad_cells(permutation_triads(shape, false));
        shape += 1;
    }
    table
};

/// For a band's triad shape, the triads on every permutation: the digit's only triad in
/// their row and in their box.
const FORCED_TRIADS: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut shape = 0;
    while shape < 512 {
        table[shape] = permutation_triads(shape, true) as u16;
        shape += 1;
    }
    table
};

/// For the 9-bit set of columns a digit occupies in a band: what its other bands keep (the
/// columns that are the only column of their box leave them), and, as a triad shape, the
/// triads of the boxes that hold one column.
const COLUMN_RULES: [(u32, u16); 512] = {
    let mut table = [(0u32, 0u16); 512];
    let mut columns = 0;
    while columns < 512 {
        let mut locked = 0u32;
        let mut single = 0u16;
        let mut b = 0;
        while b < 3 {
            let in_box = (columns >> (3 * b)) & 7;
            if in_box != 0 && in_box & (in_box - 1) == 0 {
                locked |= (in_box << (3 * b)) as u32;
                single |= (1 | 1 << 3 | 1 << 6) << b;
            }
            b += 1;
        }
        table[columns] = (BAND & !(locked | locked << 9 | locked << 18), single);
        columns += 1;
    }
    table
};

/// The columns (9 bits) where a band mask has a candidate.
#[inline(always)]
fn columns_of(mask: u32) -> u32 {
    (mask | mask >> 9 | mask >> 18) & 0x1FF
}

/// The stack rules for one digit. `columns` holds the digit's columns per band (band `b` at
/// bits `9 * b`), so each stack is a 3×3 matrix of bands by columns in which the digit takes
/// one column per band and one band per column: a permutation. Returns the entries that lie
/// on some permutation: an entry stays when the two bands and two columns besides it still
/// hold a permutation of their own. All three stacks are computed at once by rotating the
/// bands (shifts by 9) and the columns inside each stack (shifts by 1 and 2).
#[inline(always)]
fn stack_permutation_cells(columns: u32) -> u32 {
    // Band b takes band b + 1's (or b + 2's) columns.
    let next = columns >> 9 | (columns & 0x1FF) << 18;
    let after_next = columns >> 18 | (columns & 0x3_FFFF) << 9;
    // Column k of a stack takes column k + 1's (or k + 2's) bit.
    let turn1 = |m: u32| (m >> 1 & 0o333_333_333) | (m << 2 & 0o444_444_444);
    let turn2 = |m: u32| (m >> 2 & 0o111_111_111) | (m << 1 & 0o666_666_666);
    columns & ((turn1(next) & turn2(after_next)) | (turn2(next) & turn1(after_next)))
}

/// For a triad shape, the cells of its triads.
const TRIAD_CELLS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut shape = 0;
    while shape < 512 {
        table[shape] = triad_cells(shape as u32);
        shape += 1;
    }
    table
};

/// For each cell of a band (0..27), what the cell's digit keeps in the band: everything but
/// the other cells of its row and box.
const KEEP_IN_BAND: [u32; 27] = {
    let mut table = [0u32; 27];
    let mut pos = 0;
    while pos < 27 {
        let (row, col) = (pos / 9, pos % 9);
        let box_cols = 7u32 << (3 * (col / 3));
        let peers = (0x1FFu32 << (9 * row)) | box_cols | box_cols << 9 | box_cols << 18;
        table[pos] = (BAND & !peers) | 1 << pos;
        pos += 1;
    }
    table
};

/// Three band masks as one 81-bit grid mask, band `b` at bits `27 * b`.
#[inline(always)]
fn grid_cells(bands: [u32; 3]) -> u128 {
    bands[0] as u128 | (bands[1] as u128) << 27 | (bands[2] as u128) << 54
}

/// For each cell (`band_idx * 27 + pos`), its 20 peers as a grid mask (see [`grid_cells`]).
const PEERS: [u128; 81] = {
    let mut table = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut other = 0;
        while other < 81 {
            let (r1, c1, r2, c2) = (cell / 9, cell % 9, other / 9, other % 9);
            if other != cell && (r1 == r2 || c1 == c2 || (r1 / 3 == r2 / 3 && c1 / 3 == c2 / 3)) {
                table[cell] |= 1 << other;
            }
            other += 1;
        }
        cell += 1;
    }
    table
};

/// The two bands other than a band.
const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// The index of a digit-band mask: bands major, so the nine digits of a band are adjacent.
#[inline(always)]
fn at(band_idx: usize, digit_idx: usize) -> usize {
    band_idx * 9 + digit_idx
}

/// The search state; small and `Copy` so a guess copies it on the stack.
#[derive(Copy, Clone)]
struct State {
    /// Where each digit may go, per band: index `band_idx * 9 + digit_idx`.
    candidates: [u32; 27],
    /// Each mask as the band rules last left it; a mask that differs needs the rules again.
    seen: [u32; 27],
    /// The cells not placed yet, per band.
    unsolved: [u32; 3],
    /// The cells with exactly two candidates, per band, as the last naked-single pass found.
    pairs: [u32; 3],
    /// The columns of each digit (9 bits per band) when the stack rules last saw them.
    stack_columns: [u32; 9],
}

impl State {
    /// Every digit possible everywhere.
    fn empty() -> State {
        State {
            candidates: [BAND; 27],
            // Above 27 bits, so the first scan visits every mask, even one left empty by
            // conflicting givens.
            seen: [u32::MAX; 27],
            unsolved: [BAND; 3],
            pairs: [0; 3],
            stack_columns: [0; 9],
        }
    }

    /// The state with the givens placed (81 values, 0 for blank), before any propagation;
    /// `None` when a value is above 9. Givens that conflict leave a digit without a place in
    /// some row, which the first propagation finds.
    fn from_givens(givens: &[u8]) -> Option<State> {
        // The cells of each value per band, `band_idx * 10 + value`; value 0 marks the blanks.
        // Filled without a branch per cell, as givens and blanks alternate unpredictably.
        let mut cells = [0u32; 30];
        for (row, row_values) in givens.chunks_exact(9).enumerate() {
            let band_cells = &mut cells[row / 3 * 10..][..10];
            let first_bit = 1u32 << (row % 3 * 9);
            for (col, &value) in row_values.iter().enumerate() {
                *band_cells.get_mut(value as usize)? |= first_bit << col;
            }
        }
        // The columns each digit holds.
        let mut columns = [0u32; 9];
        for band_cells in cells.chunks_exact(10) {
            for (digit_columns, &own) in columns.iter_mut().zip(&band_cells[1..]) {
                *digit_columns |= (own | own >> 9 | own >> 18) & 0x1FF;
            }
        }
        let mut state = State::empty();
        for (band_idx, band_cells) in cells.chunks_exact(10).enumerate() {
            let blank = band_cells[0];
            state.unsolved[band_idx] = blank;
            for (digit_idx, &own) in band_cells[1..].iter().enumerate() {
                // The digit keeps its givens and the blanks outside its columns, then leaves
                // the rows and boxes of its givens.
                let mut mask = (blank & !(COLUMN * columns[digit_idx])) | own;
                for pos in bit_positions(own) {
                    mask &= KEEP_IN_BAND[pos];
                }
                state.candidates[at(band_idx, digit_idx)] = mask;
            }
        }
        Some(state)
    }

    /// Places digit `digit_idx` (0-based) in the cell of band `band_idx` whose bit is `bit`,
    /// a candidate there: the digit leaves the cell's row and box. The band rules then find
    /// the digit's row solved, which takes the cell from the other digits and the column from
    /// the other bands.
    #[inline(always)]
    fn place(&mut self, digit_idx: usize, band_idx: usize, bit: u32) {
        let pos = bit.trailing_zeros() as usize;
        self.candidates[at(band_idx, digit_idx)] &= KEEP_IN_BAND[pos];
    }

    /// Applies the band rules to one digit-band; false on a contradiction. Sets `again` when
    /// it changed a mask that the current scan has passed already.
    #[inline(always)]
    fn update_band(&mut self, idx: usize, again: &mut bool) -> bool {
        let band_idx = idx / 9;
        let digit_idx = idx % 9;
        let old = self.candidates[idx];
        let shape = (TRIADS_OF_ROW[(old & 0x1FF) as usize]
            | TRIADS_OF_ROW[((old >> 9) & 0x1FF) as usize] << 3
            | TRIADS_OF_ROW[(old >> 18) as usize] << 6) as usize;
        let mask = old & PERMUTATION_CELLS[shape];
        if mask == 0 {
            return false;
        }
        self.candidates[idx] = mask;
        self.seen[idx] = mask;
        // Columns locked inside a box of this band leave the other bands.
        let columns = (mask | mask >> 9 | mask >> 18) & 0x1FF;
        let (keep_other, single_column) = COLUMN_RULES[columns as usize];
        for other in OTHER_BANDS[band_idx] {
            let other_idx = at(other, digit_idx);
            let before = self.candidates[other_idx];
            self.candidates[other_idx] = before & keep_other;
            // A change behind the scan needs another pass (band known at compile time).
            if other_idx < idx {
                *again |= before & !keep_other != 0;
            }
        }
        // A forced triad in a box of one column is one cell: the digit is placed there, and
        // the cell leaves the other digits.
        let solved = mask & TRIAD_CELLS[(FORCED_TRIADS[shape] & single_column) as usize];
        let new = solved & self.unsolved[band_idx];
        if new != 0 {
            self.unsolved[band_idx] &= !new;
            for d in 0..9 {
                self.candidates[at(band_idx, d)] &= !new;
            }
            self.candidates[idx] = mask;
            *again = true;
        }
        true
    }

    /// Applies the band rules until no mask changes; false on a contradiction.
    #[inline(always)]
    fn update(&mut self) -> bool {
        loop {
            let mut again = false;
            // Unrolled, so every index and the band arithmetic are constants.
            macro_rules! visit {
                ($($idx:literal)*) => {$(
                    if self.candidates[$idx] != self.seen[$idx] {
                        if !self.update_band($idx, &mut again) {
                            return false;
                        }
                    }
                )*};
            }
            visit!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
            if !again {
                return true;
            }
        }
    }

    /// Applies the stack rules to every digit whose columns changed since they last saw
    /// them; whether a mask changed. Written digit-parallel, so that it vectorises.
    fn stack_rules(&mut self) -> bool {
        let masks = &self.candidates;
        let columns: [u32; 9] = std::array::from_fn(|d| {
            columns_of(masks[d]) | columns_of(masks[9 + d]) << 9 | columns_of(masks[18 + d]) << 18
        });
        // Compared without a call to `bcmp`, which comparing the arrays becomes.
        let moved = (columns.iter().zip(&self.stack_columns)).fold(0, |m, (a, b)| m | (a ^ b));
        if moved == 0 {
            return false;
        }
        let keep: [u32; 9] = std::array::from_fn(|d| stack_permutation_cells(columns[d]));
        let lost = (columns.iter().zip(&keep)).fold(0, |m, (c, k)| m | (c ^ k));
        self.stack_columns = keep;
        if lost == 0 {
            return false;
        }
        for (b, band_masks) in self.candidates.chunks_exact_mut(9).enumerate() {
            for (mask, &k) in band_masks.iter_mut().zip(&keep) {
                let band_columns = k >> (9 * b) & 0x1FF;
                *mask &= band_columns | band_columns << 9 | band_columns << 18;
            }
        }
        true
    }

    /// Places every naked single (by bit-sliced counting of the nine digit masks of a band)
    /// and records the cells with two candidates. `None` on an empty cell, otherwise whether
    /// a single was placed.
    #[inline(always)]
    fn naked_singles(&mut self) -> Option<bool> {
        let mut found = false;
        for band_idx in 0..3 {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let mask = self.candidates[at(band_idx, d)];
                thrice |= twice & mask;
                twice |= once & mask;
                once |= mask;
            }
            if once != BAND {
                return None;
            }
            self.pairs[band_idx] = twice & !thrice;
            let singles = once & !twice & self.unsolved[band_idx];
            for pos in bit_positions(singles) {
                let bit = 1u32 << pos;
                found = true;
                let mut d = 0;
                loop {
                    let idx = at(band_idx, d);
                    if self.candidates[idx] & bit != 0 {
                        self.candidates[idx] &= KEEP_IN_BAND[pos];
                        break;
                    }
                    d += 1;
                    if d == 9 {
                        // An earlier single of this pass took the cell's last candidate.
                        return None;
                    }
                }
            }
        }
        Some(found)
    }

    /// Propagates until nothing changes; false on a contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            if !self.update() {
                return false;
            }
            if self.unsolved == [0; 3] {
                return true;
            }
            match self.naked_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) if self.stack_rules() => continue,
                Some(false) => return true,
            }
        }
    }

    /// The cell to guess at, as (band index, bit): of the first four cells with two
    /// candidates in each band, the one whose peers are most open (an unsolved peer counts 2,
    /// one with two candidates 3); else the first unsolved cell with fewest candidates. Only
    /// called on a propagated, unsolved state.
    fn guess_cell(&self) -> (usize, u32) {
        let unsolved = grid_cells(self.unsolved);
        let two_candidates = grid_cells(self.pairs);
        let mut choice = (0usize, 0u32, 0u32);
        for band_idx in 0..3 {
            // At most the first four cells with two candidates in this band are scored.
            for pos in bit_positions(self.pairs[band_idx]).take(4) {
                let bit = 1u32 << pos;
                let peers = PEERS[band_idx * 27 + pos];
                let n = 2 * (unsolved & peers).count_ones() + (two_candidates & peers).count_ones();
                if n >= choice.2 {
                    choice = (band_idx, bit, n);
                }
            }
        }
        if choice.1 != 0 {
            return (choice.0, choice.1);
        }
        let mut best = (0, 0, u32::MAX);
        for band_idx in 0..3 {
            for pos in bit_positions(self.unsolved[band_idx]) {
                let bit = 1u32 << pos;
                let n = (0..9)
                    .filter(|&d| self.candidates[at(band_idx, d)] & bit != 0)
                    .count() as u32;
                if n < best.2 {
                    best = (band_idx, bit, n);
                }
            }
        }
        (best.0, best.1)
    }

    /// The values of a solved state, row by row.
    fn values(&self) -> [u8; 81] {
        let mut values = [0u8; 81];
        for (band_values, band_masks) in values
            .chunks_exact_mut(27)
            .zip(self.candidates.chunks_exact(9))
        {
            for (value, &mask) in (1..).zip(band_masks) {
                for pos in bit_positions(mask) {
                    band_values[pos] = value;
                }
            }
        }
        values
    }
}

/// The fast exact solver for 9×9 puzzles.
#[derive(Clone, Debug, Default)]
pub struct Fast9Solver {
    limit: u32,
    budget: Budget,
    clock: ClockReader,
    outcome: SearchOutcome,
}

impl Fast9Solver {
    /// A new solver, within [`Budget::DEFAULT`]; it can be reused for any number of puzzles.
    pub fn new() -> Fast9Solver {
        Fast9Solver::default()
    }

    /// Whether the search has visited every node of its budget, which marks it exhausted: it
    /// asks before each node, so it never visits more.
    fn is_out_of_nodes(&mut self) -> bool {
        let is_out = self.outcome.n_guesses >= self.budget.nodes;
        self.outcome.exhausted |= is_out;
        is_out
    }

    /// Searches from `state`, counting and keeping the solutions found.
    fn explore(&mut self, mut state: State, kept: &mut Solutions) {
        loop {
            if !state.propagate() {
                return;
            }
            if state.unsolved == [0; 3] {
                self.outcome.n_solutions += 1;
                if kept.wants_more() {
                    kept.push(&state.values());
                }
                return;
            }
            if self.is_out_of_nodes() {
                return;
            }
            if self
                .clock
                .is_out_of_time(&self.budget, self.outcome.n_guesses)
            {
                self.outcome.exhausted = true;
                self.outcome.spent = Spent::Time;
                return;
            }
            self.outcome.n_branches += 1;
            let (band_idx, bit) = state.guess_cell();
            let mut options: u32 = 0;
            for digit_idx in 0..9 {
                if state.candidates[at(band_idx, digit_idx)] & bit != 0 {
                    options |= 1 << digit_idx;
                }
            }
            // All but the last option on a copy; the last one continues in place.
            let last = options.ilog2() as usize;
            for digit_idx in bit_positions(options & !(1 << last)) {
                if self.is_out_of_nodes() {
                    return;
                }
                self.outcome.n_guesses += 1;
                let mut branch = state;
                branch.place(digit_idx, band_idx, bit);
                self.explore(branch, kept);
                if self.outcome.n_solutions >= self.limit || self.outcome.exhausted {
                    return;
                }
                state.candidates[at(band_idx, digit_idx)] &= !bit;
            }
            if self.is_out_of_nodes() {
                return;
            }
            self.outcome.n_guesses += 1;
            state.place(last, band_idx, bit);
        }
    }
}

impl ExactSolver for Fast9Solver {
    fn search(&mut self, givens: &[u8], limit: u32, kept: &mut Solutions) -> SearchOutcome {
        kept.clear(givens.len());
        self.outcome = SearchOutcome::default();
        self.clock = ClockReader::default();
        self.limit = limit;
        if givens.len() != 81 || limit == 0 {
            return self.outcome;
        }
        if let Some(state) = State::from_givens(givens) {
            self.explore(state, kept);
        }
        self.outcome
    }

    fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }
}
