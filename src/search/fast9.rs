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
//! placed yet, in the same layout.
//!
//! Propagation works on one digit-band at a time, for the masks that changed:
//! - The digit must take one triad per row and per box of the band, the three triads
//!   forming a permutation. A table indexed by the triad shape keeps the triads that lie on
//!   some permutation; this performs pointing and claiming (locked candidates) inside the
//!   band and finds contradictions.
//! - A box whose candidates stand in one column locks that column: the other bands lose it.
//! - A row left with one cell is a hidden single (after the triad step this also covers
//!   hidden singles in boxes); it is placed at once.
//!
//! When no mask changes any more, one pass over all cells finds naked singles (bit-sliced
//! counting of the nine digit masks) and empty cells, and one pass per digit finds hidden
//! singles in columns and empty columns. When even that finds nothing, the search guesses at
//! the first cell with two candidates (or, failing that, the cell with fewest candidates),
//! trying each candidate on a copy of the state; the last candidate reuses the state itself.
//! The state is small and `Copy`, so the search allocates nothing.

use super::{ExactSolver, SearchOutcome, Solutions};

/// The cells of a band, 27 bits.
const BAND: u32 = (1 << 27) - 1;
/// One column inside a band: bits 0, 9 and 18, shifted by the column index.
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// For a 9-bit row, which of its three triads are not empty (3 bits).
const TRIADS_OF_ROW: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut row = 0;
    while row < 512 {
        let mut triads = 0;
        let mut t = 0;
        while t < 3 {
            if (row >> (3 * t)) & 7 != 0 {
                triads |= 1 << t;
            }
            t += 1;
        }
        table[row] = triads;
        row += 1;
    }
    table
};

/// For a band's triad shape (bit row*3 + box), the cells of the triads that lie on some
/// permutation of occupied triads (one per row and one per box); 0 when there is none.
const PERMUTATION_CELLS: [u32; 512] = {
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0u32; 512];
    let mut shape = 0;
    while shape < 512 {
        let mut cells = 0u32;
        let mut p = 0;
        while p < 6 {
            let box_of_row = PERMUTATIONS[p];
            let mut fits = true;
            let mut row = 0;
            while row < 3 {
                if shape >> (row * 3 + box_of_row[row]) & 1 == 0 {
                    fits = false;
                }
                row += 1;
            }
            if fits {
                let mut row = 0;
                while row < 3 {
                    cells |= 7 << (9 * row + 3 * box_of_row[row]);
                    row += 1;
                }
            }
            p += 1;
        }
        table[shape] = cells;
        shape += 1;
    }
    table
};

/// For the 9-bit set of columns a digit occupies in a band, the columns that are the only
/// column of their box (the digit is locked to that column within the box).
const LOCKED_COLUMNS: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut locked = 0u16;
        let mut b = 0;
        while b < 3 {
            let in_box = (columns >> (3 * b)) & 7;
            if in_box != 0 && in_box & (in_box - 1) == 0 {
                locked |= (in_box << (3 * b)) as u16;
            }
            b += 1;
        }
        table[columns] = locked;
        columns += 1;
    }
    table
};

/// For each cell of a band (0..27), the other cells of its row and box in that band.
const BAND_PEERS: [u32; 27] = {
    let mut table = [0u32; 27];
    let mut pos = 0;
    while pos < 27 {
        let (row, col) = (pos / 9, pos % 9);
        let box_cols = 7u32 << (3 * (col / 3));
        let mut peers = (0x1FFu32 << (9 * row)) | box_cols | box_cols << 9 | box_cols << 18;
        peers &= !(1 << pos);
        table[pos] = peers;
        pos += 1;
    }
    table
};

/// The two bands other than a band.
const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

/// Spreads a 9-bit set of columns to all three rows of a band.
#[inline(always)]
fn spread_columns(columns: u32) -> u32 {
    columns | columns << 9 | columns << 18
}

/// The columns (9 bits) where a band mask has at least one bit.
#[inline(always)]
fn columns_of(mask: u32) -> u32 {
    (mask | mask >> 9 | mask >> 18) & 0x1FF
}

/// The columns (9 bits) where a band mask has at least two bits.
#[inline(always)]
fn columns_twice(mask: u32) -> u32 {
    let (r0, r1, r2) = (mask & 0x1FF, (mask >> 9) & 0x1FF, mask >> 18);
    (r0 & r1) | (r0 & r2) | (r1 & r2)
}

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
    /// The cells not placed yet, per band.
    unsolved: [u32; 3],
    /// The digit-bands whose mask changed since they were last examined (bit per index).
    dirty: u32,
}

impl State {
    /// Every digit possible everywhere.
    fn empty() -> State {
        State {
            candidates: [BAND; 27],
            unsolved: [BAND; 3],
            dirty: (1 << 27) - 1,
        }
    }

    /// Narrows a digit-band mask, marking it dirty when it changed.
    #[inline(always)]
    fn keep(&mut self, idx: usize, mask: u32) {
        let old = self.candidates[idx];
        let new = old & mask;
        self.candidates[idx] = new;
        self.dirty |= ((new != old) as u32) << idx;
    }

    /// Places digit `digit_idx` (0-based) in the cell of band `band_idx` whose bit is `bit`,
    /// removing it from the cell's peers and the cell from other digits. False when the digit
    /// is no longer possible there.
    #[inline(always)]
    fn place(&mut self, digit_idx: usize, band_idx: usize, bit: u32) -> bool {
        let idx = at(band_idx, digit_idx);
        if self.candidates[idx] & bit == 0 {
            return false;
        }
        if self.unsolved[band_idx] & bit == 0 {
            // Already placed; only the same digit keeps the bit of a placed cell.
            return true;
        }
        self.unsolved[band_idx] &= !bit;
        // The cell leaves every digit of the band, then comes back to its own.
        let base = band_idx * 9;
        let mut changed = 0u32;
        for d in 0..9 {
            let old = self.candidates[base + d];
            self.candidates[base + d] = old & !bit;
            changed |= ((old & bit != 0) as u32) << d;
        }
        let pos = bit.trailing_zeros() as usize;
        self.candidates[idx] = (self.candidates[idx] | bit) & !BAND_PEERS[pos];
        self.dirty |= changed << base | 1 << idx;
        let column = !(COLUMN << (pos % 9));
        let (b1, b2) = OTHER_BANDS[band_idx];
        self.keep(at(b1, digit_idx), column);
        self.keep(at(b2, digit_idx), column);
        true
    }

    /// Applies the band rules to one digit-band; false on a contradiction.
    #[inline(always)]
    fn update_band(&mut self, idx: usize) -> bool {
        let band_idx = idx / 9;
        let digit_idx = idx % 9;
        let (b1, b2) = OTHER_BANDS[band_idx];
        let old = self.candidates[idx];
        let shape = TRIADS_OF_ROW[(old & 0x1FF) as usize] as usize
            | (TRIADS_OF_ROW[((old >> 9) & 0x1FF) as usize] as usize) << 3
            | (TRIADS_OF_ROW[(old >> 18) as usize] as usize) << 6;
        let mask = old & PERMUTATION_CELLS[shape];
        if mask == 0 {
            return false;
        }
        self.candidates[idx] = mask;
        // Columns locked inside a box of this band leave the other bands.
        let locked = !spread_columns(LOCKED_COLUMNS[columns_of(mask) as usize] as u32);
        self.keep(at(b1, digit_idx), locked);
        self.keep(at(b2, digit_idx), locked);
        // Rows with one cell left: hidden singles.
        let mut singles = 0;
        for row in 0..3 {
            let row_bits = mask & (0x1FF << (9 * row));
            singles |= row_bits & (((row_bits & (row_bits - 1)) == 0) as u32).wrapping_neg();
        }
        singles &= self.unsolved[band_idx];
        while singles != 0 {
            let bit = singles & singles.wrapping_neg();
            singles &= singles - 1;
            if !self.place(digit_idx, band_idx, bit) {
                return false;
            }
        }
        true
    }

    /// Propagates until nothing changes; false on a contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            while self.dirty != 0 {
                let idx = self.dirty.trailing_zeros() as usize;
                self.dirty &= self.dirty - 1;
                if !self.update_band(idx) {
                    return false;
                }
            }
            if self.unsolved == [0; 3] {
                return true;
            }
            // Naked singles and empty cells, by bit-sliced counting over the digits.
            for band_idx in 0..3 {
                let unsolved = self.unsolved[band_idx];
                if unsolved == 0 {
                    continue;
                }
                let band = &self.candidates[band_idx * 9..band_idx * 9 + 9];
                let (mut once, mut twice) = (0u32, 0u32);
                for &mask in band {
                    twice |= once & mask;
                    once |= mask;
                }
                if unsolved & !once != 0 {
                    return false;
                }
                let mut singles = unsolved & !twice;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles &= singles - 1;
                    let digit_idx = (0..9)
                        .find(|&d| self.candidates[at(band_idx, d)] & bit != 0)
                        .unwrap_or(9);
                    if digit_idx == 9 || !self.place(digit_idx, band_idx, bit) {
                        return false;
                    }
                }
            }
            if self.dirty != 0 {
                continue;
            }
            // Hidden singles in columns and columns with no place for a digit.
            for digit_idx in 0..9 {
                let (m0, m1, m2) = (
                    self.candidates[at(0, digit_idx)],
                    self.candidates[at(1, digit_idx)],
                    self.candidates[at(2, digit_idx)],
                );
                let (c0, c1, c2) = (columns_of(m0), columns_of(m1), columns_of(m2));
                if c0 | c1 | c2 != 0x1FF {
                    return false;
                }
                let twice = (c0 & c1)
                    | (c0 & c2)
                    | (c1 & c2)
                    | columns_twice(m0)
                    | columns_twice(m1)
                    | columns_twice(m2);
                let mut singles = !twice & 0x1FF;
                while singles != 0 {
                    let col = singles.trailing_zeros();
                    singles &= singles - 1;
                    for band_idx in 0..3 {
                        let bit = self.candidates[at(band_idx, digit_idx)] & (COLUMN << col);
                        if bit != 0 {
                            if self.unsolved[band_idx] & bit != 0
                                && !self.place(digit_idx, band_idx, bit)
                            {
                                return false;
                            }
                            break;
                        }
                    }
                }
            }
            if self.dirty == 0 {
                return true;
            }
        }
    }

    /// The cell to guess at, as (band index, bit): the first with two candidates, else the
    /// first with fewest. Only called on a propagated, unsolved state.
    fn guess_cell(&self) -> (usize, u32) {
        for band_idx in 0..3 {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for &mask in &self.candidates[band_idx * 9..band_idx * 9 + 9] {
                thrice |= twice & mask;
                twice |= once & mask;
                once |= mask;
            }
            let pairs = self.unsolved[band_idx] & twice & !thrice;
            if pairs != 0 {
                return (band_idx, pairs & pairs.wrapping_neg());
            }
        }
        let mut best = (0, 0, u32::MAX);
        for band_idx in 0..3 {
            let mut cells = self.unsolved[band_idx];
            while cells != 0 {
                let bit = cells & cells.wrapping_neg();
                cells &= cells - 1;
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
        for (idx, &mask) in self.candidates.iter().enumerate() {
            let (band_idx, digit_idx) = (idx / 9, idx % 9);
            let mut bits = mask;
            while bits != 0 {
                let pos = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                values[band_idx * 27 + pos] = digit_idx as u8 + 1;
            }
        }
        values
    }
}

/// The fast exact solver for 9×9 puzzles.
#[derive(Clone, Debug, Default)]
pub struct Fast9Solver {
    limit: u32,
    outcome: SearchOutcome,
}

impl Fast9Solver {
    /// A new solver; it can be reused for any number of puzzles.
    pub fn new() -> Fast9Solver {
        Fast9Solver::default()
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
            let (band_idx, bit) = state.guess_cell();
            let mut options: u32 = 0;
            for digit_idx in 0..9 {
                if state.candidates[at(band_idx, digit_idx)] & bit != 0 {
                    options |= 1 << digit_idx;
                }
            }
            // All but the last option on a copy; the last one continues in place.
            while options & (options - 1) != 0 {
                let digit_idx = options.trailing_zeros() as usize;
                options &= options - 1;
                self.outcome.n_guesses += 1;
                let mut branch = state;
                if branch.place(digit_idx, band_idx, bit) {
                    self.explore(branch, kept);
                }
                if self.outcome.n_solutions >= self.limit {
                    return;
                }
            }
            self.outcome.n_guesses += 1;
            if !state.place(options.trailing_zeros() as usize, band_idx, bit) {
                return;
            }
        }
    }
}

impl ExactSolver for Fast9Solver {
    fn search(&mut self, givens: &[u8], limit: u32, kept: &mut Solutions) -> SearchOutcome {
        kept.clear(givens.len());
        self.outcome = SearchOutcome::default();
        self.limit = limit;
        if givens.len() != 81 || givens.iter().any(|&v| v > 9) || limit == 0 {
            return self.outcome;
        }
        let mut state = State::empty();
        for (cell, &value) in givens.iter().enumerate() {
            if value != 0 {
                let bit = 1 << (cell % 27);
                if !state.place(value as usize - 1, cell / 27, bit) {
                    return self.outcome;
                }
            }
        }
        self.explore(state, kept);
        self.outcome
    }
}
