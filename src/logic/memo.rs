//! What the finders keep from one board to the next: the places of every digit in every
//! house, brought up to date cell by cell instead of rebuilt by every finder at every step,
//! and, for the finders that search one digit at a time, the digits where each last found
//! nothing.
//!
//! A trace changes a few cells per step, while a ladder asks dozens of finders about each
//! board; on a 25×25 board building the places was a tenth of a step's time, and the
//! single-digit finders (fish, skyscrapers, colouring, intersections) searched again every
//! digit whose places no step had touched.
//!
//! ```text
//!  board ──(cells that differ from the board last seen)──► places updated, and
//!          each digit whose places changed gets a new version
//!  finder F, digit d: found nothing at version v ──► skips d while d's version is v
//! ```
//!
//! Results never depend on the memo. A single-digit finder's search of a digit reads only
//! that digit's places (and the layout), so it finds nothing for the digit again while they
//! are unchanged; skipping it leaves the finder's first step, in its own order, the same.
//! Versions are never reused, and all of them are renewed when the layout changes, so a
//! version names one state of one digit's places.
//!
//! The memo is thread-local, like the forcing chains' trials (`forcing::trial`), so the
//! finders keep their plain signature.

use super::util::HousePlaces;
use crate::digits::{Digit, DigitSet};
use crate::geometry::Geometry;
use crate::grid::Cell;
use crate::technique::Technique;
use crate::trace::Board;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// The board last seen, its places, and what finders found nothing in.
struct Memo {
    geometry: Arc<Geometry>,
    /// The digits of the board last seen, by cell index.
    values: Vec<u8>,
    /// Its candidates, by cell index, as the board keeps them (a filled cell's included).
    candidates: Vec<DigitSet>,
    places: Rc<HousePlaces>,
    /// The version of each digit's places, by digit index.
    versions: Vec<u64>,
    /// For each finder, by digit index, the version of the digit's places when the finder
    /// last found nothing for it (0: never).
    nothing: Vec<(Technique, Vec<u64>)>,
}

thread_local! {
    static MEMO: RefCell<Option<Memo>> = const { RefCell::new(None) };
    /// The last version given out; versions outlive a memo, so none is given twice.
    static LAST_VERSION: RefCell<u64> = const { RefCell::new(0) };
}

fn new_version() -> u64 {
    LAST_VERSION.with(|last| {
        let mut last = last.borrow_mut();
        *last += 1;
        *last
    })
}

impl Memo {
    fn new(board: &Board) -> Memo {
        let geometry = board.grid().geometry().clone();
        Memo {
            values: board.grid().values().to_vec(),
            candidates: board.raw_candidates().to_vec(),
            places: Rc::new(HousePlaces::new(board, &geometry)),
            versions: (0..geometry.size()).map(|_| new_version()).collect(),
            nothing: Vec::new(),
            geometry,
        }
    }

    /// Whether the memo holds `board`'s places.
    fn holds(&self, board: &Board) -> bool {
        Arc::ptr_eq(&self.geometry, board.grid().geometry())
            && self.values == board.grid().values()
            && self.candidates == board.raw_candidates()
    }

    /// Brings the places up to `board`, on the same layout: each cell that differs gives
    /// its old candidates back and takes its new ones, and each digit whose places changed
    /// gets a new version.
    fn update(&mut self, board: &Board) {
        let geometry = self.geometry.clone();
        let places = Rc::make_mut(&mut self.places);
        let mut changed = DigitSet::EMPTY;
        for (idx, (value, candidates)) in board
            .grid()
            .values()
            .iter()
            .zip(board.raw_candidates())
            .enumerate()
        {
            if self.values[idx] == *value && self.candidates[idx] == *candidates {
                continue;
            }
            let cell = Cell::new(idx);
            let held = |value: u8, candidates: DigitSet| {
                if value == 0 {
                    candidates
                } else {
                    DigitSet::EMPTY
                }
            };
            let before = held(self.values[idx], self.candidates[idx]);
            let after = held(*value, *candidates);
            let flipped = before.union(after).difference(before.intersection(after));
            for &house_id in &geometry.cell_houses[idx] {
                let cells = &geometry.house_cells[house_id];
                let pos = cells
                    .binary_search(&cell)
                    .expect("a cell is in each of its houses");
                for digit in flipped.iter() {
                    places.flip(digit, house_id, pos);
                }
                if self.values[idx] != *value {
                    let placed = cells
                        .iter()
                        .filter_map(|&c| Digit::new(board.grid().values()[c.index()]))
                        .collect();
                    places.set_placed(house_id, placed);
                }
            }
            changed = changed.union(flipped);
            self.values[idx] = *value;
            self.candidates[idx] = *candidates;
        }
        for digit in changed.iter() {
            self.versions[digit.index()] = new_version();
        }
    }
}

/// Runs `f` on the memo brought up to `board`.
fn with_memo<R>(board: &Board, f: impl FnOnce(&mut Memo) -> R) -> R {
    MEMO.with(|kept| {
        let mut kept = kept.borrow_mut();
        match kept.as_mut() {
            Some(memo) if memo.holds(board) => {}
            Some(memo) if Arc::ptr_eq(&memo.geometry, board.grid().geometry()) => {
                memo.update(board)
            }
            _ => *kept = Some(Memo::new(board)),
        }
        f(kept.as_mut().expect("set above"))
    })
}

/// The places of every digit in every house of `board`: the same as
/// [`HousePlaces::new`], kept up to date from the board before.
pub fn places(board: &Board) -> Rc<HousePlaces> {
    with_memo(board, |memo| memo.places.clone())
}

/// The digits a single-digit finder may skip on a board: those whose places are as they
/// were when the finder last found nothing for them. What the finder now finds nothing for,
/// it records with [`DigitSkips::found_nothing`]; the record goes back to the memo when this
/// is dropped.
pub struct DigitSkips {
    technique: Technique,
    /// The version of each digit's places on this board.
    versions: Vec<u64>,
    /// The version at which the finder last found nothing, by digit index.
    nothing: Vec<u64>,
}

impl DigitSkips {
    /// The places of `board` and the digits `technique`'s finder may skip there.
    pub fn of(technique: Technique, board: &Board) -> (Rc<HousePlaces>, DigitSkips) {
        with_memo(board, |memo| {
            let nothing = match memo.nothing.iter_mut().find(|(t, _)| *t == technique) {
                Some((_, versions)) => std::mem::take(versions),
                None => Vec::new(),
            };
            let n = memo.versions.len();
            let mut skips = DigitSkips {
                technique,
                versions: memo.versions.clone(),
                nothing,
            };
            skips.nothing.resize(n, 0);
            (memo.places.clone(), skips)
        })
    }

    /// Whether the finder found nothing for `digit` on these very places before.
    pub fn can_skip(&self, digit: Digit) -> bool {
        self.nothing[digit.index()] == self.versions[digit.index()]
    }

    /// Records that the finder found nothing for `digit` on this board.
    pub fn found_nothing(&mut self, digit: Digit) {
        self.nothing[digit.index()] = self.versions[digit.index()];
    }
}

impl Drop for DigitSkips {
    fn drop(&mut self) {
        let nothing = std::mem::take(&mut self.nothing);
        let technique = self.technique;
        MEMO.with(|kept| {
            // Versions are never reused, so a record kept across a new memo matches nothing.
            if let Some(memo) = kept.borrow_mut().as_mut() {
                match memo.nothing.iter_mut().find(|(t, _)| *t == technique) {
                    Some((_, versions)) => *versions = nothing,
                    None => memo.nothing.push((technique, nothing)),
                }
            }
        });
    }
}
