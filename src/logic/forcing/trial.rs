//! The trial: a copy of the board as bit masks on which a premise is followed by propagation,
//! and the memo that keeps the trials of the board the finders last looked at.

use super::Reach;
use crate::contradiction::Contradiction;
use crate::digits::{Digit, DigitSet};
use crate::grid::{Cell, House};
use crate::logic::util::{exactly_two, Geometry};
use crate::trace::{Board, Candidate};
use crate::util::bit_positions;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

/// A copy of the board as bit masks, on which a premise is followed by propagation.
#[derive(Debug)]
pub struct Trial {
    pub(super) geometry: Arc<Geometry>,
    /// Candidates per cell as a bit mask (bit 0 is digit 1); 0 for filled cells.
    pub(super) cands: Vec<u32>,
    /// The digit in each cell, 0 for empty.
    pub(super) values: Vec<u8>,
    /// The digits placed in each house, by dense house id.
    pub(super) placed: Vec<u32>,
    /// Cells that may have become naked singles.
    pub(super) queue: Vec<u16>,
    /// Placements made since the trial started, in order.
    log: Vec<(Cell, Digit)>,
    /// What the scans of one propagation need not look at again (see [`Scans`]).
    scans: Scans,
}

/// Which houses the propagation's scans need not look at again: a count of the changes
/// made, the count at each house's last change, and the count at which the hidden-single
/// scan and the locked-candidate scan last found nothing in each house (0: never). A
/// hidden-single scan of a house reads only that house's cells, and a locked-candidate scan
/// only those of the house and of the houses it overlaps, so a scan that found nothing finds
/// nothing again while they are unchanged: skipping it leaves the placements, eliminations
/// and contradictions the same, in the same order.
///
/// Every change a trial makes itself is counted (`assign`, `eliminate`); code that writes a
/// trial's cells directly (a derivation) calls [`Trial::forget_scans`]. The memo's base
/// trial is scanned once ([`Trial::prescan`]), so the trials of its premises look again
/// only at the houses their own changes touch.
#[derive(Clone, Debug, Default)]
struct Scans {
    n_changes: u32,
    changed_at: Vec<u32>,
    singles_clean_at: Vec<u32>,
    locked_clean_at: Vec<u32>,
}

impl Scans {
    fn new(n_houses: usize) -> Scans {
        Scans {
            n_changes: 1,
            changed_at: vec![0; n_houses],
            singles_clean_at: vec![0; n_houses],
            locked_clean_at: vec![0; n_houses],
        }
    }

    /// Forgets every scan.
    fn forget(&mut self) {
        self.singles_clean_at.fill(0);
        self.locked_clean_at.fill(0);
    }

    /// Records a change to a cell of each of `houses`.
    fn changed(&mut self, houses: &[usize]) {
        self.n_changes += 1;
        for &h in houses {
            self.changed_at[h] = self.n_changes;
        }
    }

    /// Whether the hidden-single scan found nothing in house `h` since its last change.
    fn singles_clean(&self, h: usize) -> bool {
        let at = self.singles_clean_at[h];
        at != 0 && at >= self.changed_at[h]
    }

    /// Whether the locked-candidate scan found nothing in house `h` since its last change or
    /// a change to a house it overlaps.
    fn locked_clean(&self, g: &Geometry, h: usize) -> bool {
        let at = self.locked_clean_at[h];
        at != 0
            && at >= self.changed_at[h]
            && g.overlaps(h).iter().all(|o| at >= self.changed_at[o.other])
    }
}

/// Copies field by field, so that `clone_from`, which every trial starts with, reuses the
/// buffers it copies into rather than allocating new ones.
impl Clone for Trial {
    fn clone(&self) -> Trial {
        Trial {
            geometry: Arc::clone(&self.geometry),
            cands: self.cands.clone(),
            values: self.values.clone(),
            placed: self.placed.clone(),
            queue: self.queue.clone(),
            log: self.log.clone(),
            scans: self.scans.clone(),
        }
    }

    fn clone_from(&mut self, source: &Trial) {
        self.geometry.clone_from(&source.geometry);
        self.cands.clone_from(&source.cands);
        self.values.clone_from(&source.values);
        self.placed.clone_from(&source.placed);
        self.queue.clone_from(&source.queue);
        self.log.clone_from(&source.log);
        self.scans.clone_from(&source.scans);
    }
}

impl Trial {
    /// The trial state of a board, before any premise.
    pub fn new(board: &Board) -> Trial {
        let shape = board.shape();
        let geometry = board.grid().geometry().clone();
        let cands = shape.cells().map(|c| board.candidates(c).bits()).collect();
        let values: Vec<u8> = shape
            .cells()
            .map(|c| board.value(c).map_or(0, Digit::get))
            .collect();
        let placed = geometry
            .house_cells
            .iter()
            .map(|cells| {
                cells
                    .iter()
                    .filter(|c| values[c.index()] != 0)
                    .fold(0, |m, c| m | 1 << (values[c.index()] - 1))
            })
            .collect();
        let scans = Scans::new(geometry.n_houses());
        Trial {
            geometry,
            cands,
            values,
            placed,
            queue: Vec::new(),
            log: Vec::new(),
            scans,
        }
    }

    /// Whether this trial holds the digits and candidates of `board`, on its layout.
    fn starts_from(&self, board: &Board) -> bool {
        Arc::ptr_eq(&self.geometry, board.grid().geometry())
            && board.shape().cells().all(|c| {
                self.cands[c.index()] == board.candidates(c).bits()
                    && self.values[c.index()] == board.value(c).map_or(0, Digit::get)
            })
    }

    /// The digit in a cell, if any.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.values[cell.index()])
    }

    /// The candidates of an empty cell (empty for a filled one).
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        DigitSet::from_bits(self.cands[cell.index()])
    }

    /// The placements made since the trial started, in order.
    pub fn placements(&self) -> &[(Cell, Digit)] {
        &self.log
    }

    /// Assumes `digit` in `cell` and propagates with `reach`; `Err` when that fails.
    pub fn assume(&mut self, cell: Cell, digit: Digit, reach: Reach) -> Result<(), Contradiction> {
        let house = self
            .geometry
            .house(self.geometry.cell_houses[cell.index()][0]);
        self.assign(cell, digit, house)?;
        self.propagate(reach)
    }

    /// Removes `digit` from `cell` and propagates with `reach`; `Err` when that fails.
    pub fn assume_not(
        &mut self,
        cell: Cell,
        digit: Digit,
        reach: Reach,
    ) -> Result<(), Contradiction> {
        self.eliminate(cell.index(), 1 << digit.index())?;
        self.propagate(reach)
    }

    /// Places `digit` in `cell` and removes it from the peers. `house` is the house to blame
    /// when the cell can no longer take the digit (it was the digit's last place there).
    fn assign(&mut self, cell: Cell, digit: Digit, house: House) -> Result<(), Contradiction> {
        let idx = cell.index();
        let bit = 1u32 << digit.index();
        if self.values[idx] != 0 || self.cands[idx] & bit == 0 {
            return Err(Contradiction::NoPlace(digit, house));
        }
        self.values[idx] = digit.get();
        self.cands[idx] = 0;
        for &h in &self.geometry.cell_houses[idx] {
            self.placed[h] |= bit;
        }
        self.scans.changed(&self.geometry.cell_houses[idx]);
        self.log.push((cell, digit));
        for k in 0..self.geometry.peers[idx].len() {
            let peer = self.geometry.peers[idx][k];
            if self.cands[peer.index()] & bit != 0 {
                self.eliminate(peer.index(), bit)?;
            }
        }
        Ok(())
    }

    fn eliminate(&mut self, idx: usize, bit: u32) -> Result<(), Contradiction> {
        let left = self.cands[idx] & !bit;
        self.cands[idx] = left;
        self.scans.changed(&self.geometry.cell_houses[idx]);
        if self.values[idx] == 0 {
            if left == 0 {
                return Err(Contradiction::NoCandidate(Cell::new(idx)));
            }
            if left.is_power_of_two() {
                self.queue.push(idx as u16);
            }
        }
        Ok(())
    }

    /// Forgets what the scans found: for code that changes the trial's cells directly.
    pub(super) fn forget_scans(&mut self) {
        self.scans.forget();
    }

    /// Scans every house for hidden singles and locked candidates without acting on them,
    /// recording where there are none, so that the trials that start from this one look
    /// only at the houses they change.
    fn prescan(&mut self) {
        let g = Arc::clone(&self.geometry);
        let full = (1u32 << g.size()) - 1;
        let at = self.scans.n_changes;
        for (h, cells) in g.house_cells.iter().enumerate() {
            let (mut once, mut twice) = (0u32, 0u32);
            for c in cells {
                let m = self.cands[c.index()];
                twice |= once & m;
                once |= m;
            }
            let missing = full & !(once | self.placed[h]);
            if missing == 0 && once & !twice & !self.placed[h] == 0 {
                self.scans.singles_clean_at[h] = at;
            }
            let is_locked = g.overlaps(h).iter().any(|overlap| {
                let (mut inside, mut outside) = (0u32, 0u32);
                for (k, c) in cells.iter().enumerate() {
                    if overlap.shared & 1 << k != 0 {
                        inside |= self.cands[c.index()];
                    } else {
                        outside |= self.cands[c.index()];
                    }
                }
                let only = inside & !outside;
                only != 0
                    && g.house_cells[overlap.other]
                        .iter()
                        .enumerate()
                        .any(|(k, c)| {
                            self.cands[c.index()] & only != 0 && overlap.rest_of_other & 1 << k != 0
                        })
            });
            if !is_locked {
                self.scans.locked_clean_at[h] = at;
            }
        }
    }

    fn propagate(&mut self, reach: Reach) -> Result<(), Contradiction> {
        loop {
            self.naked_singles()?;
            if self.hidden_singles()? {
                continue;
            }
            if reach >= Reach::LockedCandidates && self.locked_candidates()? {
                continue;
            }
            if reach >= Reach::Nested && self.inner_trials()? {
                continue;
            }
            if reach >= Reach::Net && self.inner_forcing()? {
                continue;
            }
            return Ok(());
        }
    }

    fn naked_singles(&mut self) -> Result<(), Contradiction> {
        while let Some(idx) = self.queue.pop() {
            let idx = idx as usize;
            if self.values[idx] != 0 {
                continue;
            }
            let mask = self.cands[idx];
            if mask == 0 {
                return Err(Contradiction::NoCandidate(Cell::new(idx)));
            }
            if mask.is_power_of_two() {
                let digit = Digit::from_index(mask.trailing_zeros() as usize);
                let house = self.geometry.house(self.geometry.cell_houses[idx][0]);
                self.assign(Cell::new(idx), digit, house)?;
            }
        }
        Ok(())
    }

    /// Places every hidden single found in one pass over the houses; whether any was found.
    fn hidden_singles(&mut self) -> Result<bool, Contradiction> {
        let g = Arc::clone(&self.geometry);
        let full = (1u32 << g.size()) - 1;
        let mut found = false;
        for (h, cells) in g.house_cells.iter().enumerate() {
            if self.scans.singles_clean(h) {
                continue;
            }
            let scanned_at = self.scans.n_changes;
            let mut is_clean = true;
            let (mut once, mut twice) = (0u32, 0u32);
            for c in cells {
                let m = self.cands[c.index()];
                twice |= once & m;
                once |= m;
            }
            let missing = full & !(once | self.placed[h]);
            if missing != 0 {
                let digit = Digit::from_index(missing.trailing_zeros() as usize);
                return Err(Contradiction::NoPlace(digit, g.house(h)));
            }
            for pos in bit_positions(once & !twice & !self.placed[h]) {
                let bit = 1u32 << pos;
                if self.placed[h] & bit != 0 {
                    continue;
                }
                let digit = Digit::from_index(pos);
                let cell = cells
                    .iter()
                    .copied()
                    .find(|c| self.cands[c.index()] & bit != 0)
                    .ok_or(Contradiction::NoPlace(digit, g.house(h)))?;
                self.assign(cell, digit, g.house(h))?;
                found = true;
                is_clean = false;
            }
            if is_clean {
                self.scans.singles_clean_at[h] = scanned_at;
            }
            if found {
                self.naked_singles()?;
            }
        }
        Ok(found)
    }

    /// Applies every locked-candidate elimination found in one pass; whether any was.
    ///
    /// For each house and each house it overlaps (a box and its rows and columns, a line and
    /// its boxes, and the variants' houses alike), a digit found only in the shared cells
    /// leaves the rest of the other house.
    fn locked_candidates(&mut self) -> Result<bool, Contradiction> {
        let g = Arc::clone(&self.geometry);
        let mut found = false;
        for (h, cells) in g.house_cells.iter().enumerate() {
            if self.scans.locked_clean(&g, h) {
                continue;
            }
            let scanned_at = self.scans.n_changes;
            for overlap in g.overlaps(h) {
                let (mut inside, mut outside) = (0u32, 0u32);
                for (k, c) in cells.iter().enumerate() {
                    if overlap.shared & 1 << k != 0 {
                        inside |= self.cands[c.index()];
                    } else {
                        outside |= self.cands[c.index()];
                    }
                }
                let only = inside & !outside;
                if only == 0 {
                    continue;
                }
                for (k, c) in g.house_cells[overlap.other].iter().enumerate() {
                    let hit = self.cands[c.index()] & only;
                    if hit != 0 && overlap.rest_of_other & 1 << k != 0 {
                        self.eliminate(c.index(), hit)?;
                        found = true;
                    }
                }
            }
            if found {
                return Ok(true);
            }
            self.scans.locked_clean_at[h] = scanned_at;
        }
        Ok(false)
    }

    /// Tries each candidate of each two-candidate cell with singles and locked candidates;
    /// a candidate whose trial fails is removed, and the removal propagated, before the scan
    /// goes on. Whether any was removed.
    fn inner_trials(&mut self) -> Result<bool, Contradiction> {
        let mut scratch = self.clone();
        let mut found = false;
        for idx in 0..self.cands.len() {
            let mask = self.cands[idx];
            if mask.count_ones() != 2 {
                continue;
            }
            for pos in bit_positions(mask) {
                scratch.clone_from(self);
                let digit = Digit::from_index(pos);
                if scratch
                    .assume(Cell::new(idx), digit, Reach::LockedCandidates)
                    .is_err()
                {
                    self.eliminate(idx, 1 << pos)?;
                    self.propagate(Reach::LockedCandidates)?;
                    found = true;
                    break;
                }
            }
        }
        Ok(found)
    }

    /// The pairs of candidates of which one is true: the two candidates of each two-candidate
    /// cell, then the two places of each digit with two places left in a house.
    pub(super) fn either_or_pairs(&self) -> Vec<[Candidate; 2]> {
        let mut pairs = Vec::new();
        for (idx, &mask) in self.cands.iter().enumerate() {
            if self.values[idx] == 0 && mask.count_ones() == 2 {
                let cell = Cell::new(idx);
                let low = Digit::from_index(mask.trailing_zeros() as usize);
                let high = Digit::from_index(31 - mask.leading_zeros() as usize);
                pairs.push([Candidate::new(cell, low), Candidate::new(cell, high)]);
            }
        }
        let g = &self.geometry;
        for (h, cells) in g.house_cells.iter().enumerate() {
            for pos in bit_positions(!self.placed[h] & ((1u32 << g.size()) - 1)) {
                let digit = Digit::from_index(pos);
                let bit = 1u32 << digit.index();
                let places = cells.iter().filter(|c| self.cands[c.index()] & bit != 0);
                if let Some([&a, &b]) = exactly_two(places) {
                    pairs.push([Candidate::new(a, digit), Candidate::new(b, digit)]);
                }
            }
        }
        pairs
    }

    /// Whether a candidate is gone from this trial: its cell holds another digit, or it was
    /// taken out.
    pub(super) fn has_lost(&self, c: Candidate) -> bool {
        let value = self.values[c.cell.index()];
        if value != 0 {
            value != c.digit.get()
        } else {
            self.cands[c.cell.index()] & 1 << c.digit.index() == 0
        }
    }

    /// Follows both candidates of the first either-or pair (see [`Trial::either_or_pairs`])
    /// that gives something, with singles and locked candidates: a candidate whose trial
    /// fails is removed; otherwise the candidates both trials take out are. Whether anything
    /// was removed.
    fn inner_forcing(&mut self) -> Result<bool, Contradiction> {
        let mut first = self.clone();
        let mut second = self.clone();
        for [a, b] in self.either_or_pairs() {
            first.clone_from(self);
            second.clone_from(self);
            first.queue.clear();
            second.queue.clear();
            let a_lives = first
                .assume(a.cell, a.digit, Reach::LockedCandidates)
                .is_ok();
            let b_lives = second
                .assume(b.cell, b.digit, Reach::LockedCandidates)
                .is_ok();
            if !(a_lives && b_lives) {
                let dead = if a_lives { b } else { a };
                self.eliminate(dead.cell.index(), 1 << dead.digit.index())?;
                return Ok(true);
            }
            let mut found = false;
            for idx in 0..self.cands.len() {
                for pos in bit_positions(self.cands[idx]) {
                    let c = Candidate::new(Cell::new(idx), Digit::from_index(pos));
                    if first.has_lost(c) && second.has_lost(c) {
                        self.eliminate(idx, 1 << pos)?;
                        found = true;
                    }
                }
            }
            if found {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// The trials of the premises of one board, kept while the finders of this family look at it.
///
/// The finders follow the same premises with the same reach: the ladder asks the Nishio
/// finder first and, when it finds nothing, the cell and then the unit finder, whose
/// premises are those same candidates. A trial is a function of the board, the premise and
/// the reach alone, so a kept trial is the one they would run again. A trial with more reach
/// also starts as one with less does, up to the end of that one (each reach adds work only
/// once the lesser propagation has nothing left), so it resumes from the kept trial with
/// the most reach below it. Only the trials of the last board seen are kept, per thread;
/// their buffers are reused for the next board's, so the memory is not given back and
/// asked for again at every board (on glibc, the heap would shrink and grow at each).
pub(super) struct TrialMemo {
    /// The board the trials start from.
    base: Trial,
    /// Each trial followed, by premise (cell index × 32 + digit index) and reach.
    outcomes: HashMap<(u32, Reach), Result<Trial, Contradiction>>,
    /// Trials of earlier boards, whose buffers the next trials reuse.
    spare: Vec<Trial>,
}

thread_local! {
    static TRIALS: RefCell<Option<TrialMemo>> = const { RefCell::new(None) };
}

impl TrialMemo {
    /// The trial of `premise` with `reach`: the propagated trial, or the contradiction it
    /// ran into.
    pub(super) fn follow(
        &mut self,
        premise: Candidate,
        reach: Reach,
    ) -> &Result<Trial, Contradiction> {
        let key = (
            premise.cell.index() as u32 * 32 + premise.digit.index() as u32,
            reach,
        );
        if !self.outcomes.contains_key(&key) {
            let lesser = Reach::ALL
                .into_iter()
                .rev()
                .filter(|&r| r < reach)
                .find_map(|r| self.outcomes.get(&(key.0, r)));
            let outcome = match lesser {
                Some(Err(dead)) => Err(*dead),
                Some(Ok(start)) => {
                    let mut trial = self.spare.pop().unwrap_or_else(|| start.clone());
                    trial.clone_from(start);
                    trial.propagate(reach).map(|()| trial)
                }
                None => {
                    let mut trial = self.spare.pop().unwrap_or_else(|| self.base.clone());
                    trial.clone_from(&self.base);
                    trial
                        .assume(premise.cell, premise.digit, reach)
                        .map(|()| trial)
                }
            };
            self.outcomes.insert(key, outcome);
        }
        &self.outcomes[&key]
    }

    /// The trial of the board itself, before any premise.
    pub(super) fn base(&self) -> &Trial {
        &self.base
    }

    /// The trial of `premise` with `reach`, once [`TrialMemo::follow`] has followed it.
    pub(super) fn outcome(
        &self,
        premise: Candidate,
        reach: Reach,
    ) -> &Result<Trial, Contradiction> {
        let key = (
            premise.cell.index() as u32 * 32 + premise.digit.index() as u32,
            reach,
        );
        &self.outcomes[&key]
    }

    /// Forgets the trials, keeping their buffers, and starts from `board`.
    fn restart(&mut self, board: &Board) {
        self.spare.extend(
            self.outcomes
                .drain()
                .filter_map(|(_, outcome)| outcome.ok()),
        );
        self.base = Trial::new(board);
        self.base.prescan();
    }
}

/// Runs `f` with the kept trials of `board`, after dropping those of another board.
pub(super) fn with_trials<R>(board: &Board, f: impl FnOnce(&mut TrialMemo) -> R) -> R {
    TRIALS.with(|cell| {
        let mut kept = cell.borrow_mut();
        let memo = kept.get_or_insert_with(|| {
            let mut base = Trial::new(board);
            base.prescan();
            TrialMemo {
                base,
                outcomes: HashMap::new(),
                spare: Vec::new(),
            }
        });
        if !memo.base.starts_from(board) {
            memo.restart(board);
        }
        f(memo)
    })
}

/// Drops the kept trials, buffers and all: the nested finder's trials cost the most memory,
/// and the board after it is another.
pub(super) fn forget_trials() {
    TRIALS.with(|kept| kept.take());
}
