//! The board of the Sudoku Explainer profile: the 9×9 geometry as fixed tables, the
//! candidates as bit masks, and the helpers that walk the bits of a mask.

use super::implications::Implications;
use super::Action;
use crate::digits::{Digit, DigitSet};
use crate::geometry::{Cell, Geometry, Shape};
use crate::grid::Grid;
use crate::trace::{Board, Candidate};
use crate::util::bit_positions;
use std::sync::OnceLock;

/// The classic 9×9 geometry copied into fixed arrays, so the inner loops index without
/// bounds on vectors. House ids are the geometry's dense ones: rows 0–8, columns 9–17, boxes
/// 18–26.
pub(super) struct Tables {
    /// The cells of each house, in reading order.
    pub(super) houses: [[u8; 9]; 27],
    /// The houses of each cell: row, column, box.
    pub(super) cell_houses: [[u8; 3]; 81],
    /// The 20 peers of each cell.
    pub(super) peers: [[u8; 20]; 81],
    /// The 20 peers of each cell as a mask (bit `c` for cell `c`).
    pub(super) peer_masks: [u128; 81],
    /// The position of each cell in each of its houses (the order of `cell_houses`).
    cell_slots: [[u8; 3]; 81],
    /// The cells of each house as a mask (bit `c` for cell `c`).
    pub(super) house_masks: [u128; 27],
}

pub(super) fn tables() -> &'static Tables {
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
pub(super) struct Board9 {
    pub(super) candidates: [u16; 81],
    pub(super) values: [u8; 81],
    /// The places of each digit in each house, by position bit: `candidates` seen by house.
    pub(super) places: [[u16; 9]; 27],
    /// The cells that have each digit as a candidate (bit `c` for cell `c`).
    pub(super) cells: [u128; 9],
}

impl Board9 {
    pub(super) fn new(puzzle: &Grid) -> Board9 {
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

    pub(super) fn place(&mut self, cell: usize, digit: u8) {
        self.values[cell] = digit + 1;
        for d in bits(self.candidates[cell]) {
            self.remove(cell, d);
        }
        for &p in &tables().peers[cell] {
            self.remove(p as usize, digit);
        }
    }

    /// Removes a candidate, if it is there.
    pub(super) fn remove(&mut self, cell: usize, digit: u8) {
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

    pub(super) fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    pub(super) fn is_broken(&self) -> bool {
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
    pub(super) fn after(&self, imp: &Implications) -> Board9 {
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
    pub(super) fn strong_links_since(&self, before: &Board9) -> Vec<(usize, usize)> {
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
    pub(super) fn places(&self, house: usize, digit: u8) -> u16 {
        self.places[house][digit as usize]
    }

    /// Removes a candidate, if it is there.
    pub(super) fn remove_candidate(&mut self, candidate: Candidate) {
        self.remove(candidate.cell.index(), candidate.digit.index() as u8);
    }

    pub(super) fn apply(&mut self, action: &Action) {
        match action {
            Action::Place(candidate) => {
                self.place(candidate.cell.index(), candidate.digit.index() as u8)
            }
            Action::Eliminate(list) => {
                for &candidate in list {
                    self.remove_candidate(candidate);
                }
            }
        }
    }

    pub(super) fn to_board(self) -> Board {
        let grid = Grid::from_values(&self.values).expect("a 9×9 grid");
        let marks = self
            .candidates
            .iter()
            .map(|&m| DigitSet::from_bits(u32::from(m)))
            .collect();
        Board::new(&grid.with_marks(marks))
    }
}

/// The candidate `digit` (0-based, as in the masks) of `cell`, as the trace names it.
pub(super) fn candidate(cell: usize, digit: u8) -> Candidate {
    Candidate::new(Cell::new(cell), Digit::from_index(usize::from(digit)))
}

/// The cells of a cell mask, in order: [`bits`] for the 81-bit masks, which
/// [`bit_positions`] does not take.
pub(super) fn cells_of(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let c = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            c
        })
    })
}

/// The set bits of a digit or position mask, lowest first: the crate's
/// [`bit_positions`], as the `u8` digits and positions the masks here index by.
pub(super) fn bits(mask: u16) -> impl Iterator<Item = u8> {
    bit_positions(mask).map(|i| i as u8)
}

/// Boards for the profile's tests, built by taking candidates off an empty grid.
#[cfg(test)]
pub(super) mod fixtures {
    use super::Board9;
    use crate::grid::Grid;
    use crate::trace::Candidate;
    use crate::Shape;

    /// An empty board: every candidate in every cell.
    pub(in crate::rating::se) fn empty() -> Board9 {
        Board9::new(&Grid::from_values(&[0; 81]).expect("an empty 9×9 grid"))
    }

    /// An empty board without candidate `digit` (1-based, as people write it) in `cells`.
    pub(in crate::rating::se) fn without(digit: u8, cells: &[usize]) -> Board9 {
        let mut board = empty();
        for &cell in cells {
            board.remove(cell, digit - 1);
        }
        board
    }

    /// A candidate's name, such as `5r3c5`, for readable assertions.
    pub(in crate::rating::se) fn name(candidate: Candidate) -> String {
        candidate.name(Shape::NINE)
    }
}
