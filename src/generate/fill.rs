//! Random solution grids: the first step of every fresh candidate.

use crate::digits::{Digit, DigitSet};
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use rand::seq::SliceRandom;
use rand::Rng;
use std::sync::Arc;

/// The dead ends a fill may meet before it starts over with fresh choices.
const FILL_DEAD_ENDS: u32 = 200;

/// A random solution grid of a layout.
pub fn fill(layout: &Arc<Geometry>, rng: &mut impl Rng) -> Grid {
    loop {
        let mut filling = Filling {
            layout,
            candidates: vec![layout.shape().all_digits(); layout.n_cells()],
            values: vec![0; layout.n_cells()],
            dead_ends: 0,
        };
        if filling.search(rng) {
            return Grid::from_values_in(layout.clone(), &filling.values)
                .expect("a filled grid of the layout");
        }
    }
}

/// One attempt at a random fill: candidates and values of every cell.
#[derive(Clone)]
struct Filling<'a> {
    layout: &'a Geometry,
    candidates: Vec<DigitSet>,
    values: Vec<u8>,
    dead_ends: u32,
}

impl Filling<'_> {
    /// Fills the empty cells, the one with the fewest candidates first (ties broken at
    /// random), trying its digits in random order; false at a dead end or out of patience.
    fn search(&mut self, rng: &mut impl Rng) -> bool {
        let mut best: Option<(usize, usize)> = None;
        let mut ties = 0;
        for (index, candidates) in self.candidates.iter().enumerate() {
            if self.values[index] != 0 {
                continue;
            }
            let n = candidates.len();
            match best {
                Some((_, fewest)) if n > fewest => {}
                Some((_, fewest)) if n == fewest => {
                    ties += 1;
                    if rng.random_range(0..ties) == 0 {
                        best = Some((index, n));
                    }
                }
                _ => {
                    best = Some((index, n));
                    ties = 1;
                }
            }
        }
        let Some((index, _)) = best else {
            return true;
        };
        let mut digits: Vec<Digit> = self.candidates[index].iter().collect();
        digits.shuffle(rng);
        for digit in digits {
            let saved = self.clone();
            if self.place(Cell::new(index), digit) && self.search(rng) {
                return true;
            }
            let dead_ends = self.dead_ends + 1;
            *self = saved;
            self.dead_ends = dead_ends;
            if self.dead_ends > FILL_DEAD_ENDS {
                return false;
            }
        }
        false
    }

    /// Places a digit and removes it from the cell's peers; false when a peer is left with
    /// no candidate.
    fn place(&mut self, cell: Cell, digit: Digit) -> bool {
        self.values[cell.index()] = digit.get();
        self.candidates[cell.index()] = DigitSet::single(digit);
        for peer in &self.layout.peers[cell.index()] {
            let candidates = &mut self.candidates[peer.index()];
            candidates.remove(digit);
            if candidates.is_empty() && self.values[peer.index()] == 0 {
                return false;
            }
        }
        true
    }
}
