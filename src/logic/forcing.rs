//! Forcing chains: Nishio, cell and unit forcing chains, and nested forcing chains.
//!
//! Each premise (a candidate assumed true) is followed on a copy of the board by a
//! [`Trial`]: singles are applied until none is left, then locked candidates when the
//! finder asks for them. A premise whose trial ends in a contradiction is false (Nishio). When
//! every candidate of a cell (or every place of a digit in a house) leads to the same
//! placement or elimination, that conclusion holds whichever premise is true.
//!
//! Finders first try trials with singles only, then with locked candidates too, so the
//! explanation uses the simplest propagation that works. The nested finder, the last resort
//! before search, lets a trial itself try each candidate of its two-candidate cells and drop
//! those that fail; when that is not enough, it tries again with inner forcing chains too: a
//! trial follows both sides of each either-or pair (the two candidates of a cell, the two
//! places of a digit in a house) and drops what both sides rule out. With them the Human
//! strategy solves every puzzle of the shared collections without a guess.
//!
//! The explanation: once a finder has its premise (or premises), a `Derivation` follows each
//! again, breadth first, recording every placement and elimination with its rule and the
//! earlier facts it rests on; the step keeps only what the dead end (or, on each branch, the
//! step's conclusion) rests on, premise first, as its `implications`, and draws the same
//! chain as its `links`. Only the winning premises are followed this way, so the search
//! itself stays as cheap as before; with [`Detail::Bare`] (a rating) they are not followed
//! again at all.
//!
//! The finders keep the trials of the board they last looked at: the cell and unit finders
//! follow the premises the Nishio finder has just followed on that board, and a trial with
//! more reach resumes from one with less (see `TrialMemo`).
//!
//! Cost: a trial on 9×9 takes a few microseconds; a finder runs at most one trial per
//! candidate and propagation level, and the nested finder at most one inner trial per
//! candidate of a two-candidate cell per round, then two inner trials per either-or pair per
//! round. From 16×16 on, where a trial costs far more
//! and there are far more candidates, premises come only from two-candidate cells and
//! conjugate pairs, and the nested finder is skipped: such puzzles may need search sooner.

use super::util::{and_list, sort_keys, Geometry};
use super::{Detail, Rung};
use crate::contradiction::Contradiction;
use crate::digits::{Digit, DigitSet};
use crate::grid::{Cell, House, Shape};
use crate::technique::Technique;
use crate::trace::{Board, Candidate, Change, Implication, Link, LinkKind, Rule, Step, StepKind};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

/// The rungs of this family, in ladder order. The nested finder comes last.
pub const RUNGS: &[Rung] = &[
    Rung {
        technique: Technique::NishioForcingChain,
        find: nishio,
    },
    Rung {
        technique: Technique::CellForcingChain,
        find: cell_forcing_chain,
    },
    Rung {
        technique: Technique::UnitForcingChain,
        find: unit_forcing_chain,
    },
    Rung {
        technique: Technique::NestedForcingChain,
        find: nested_forcing_chain,
    },
];

/// The rungs of this family whose steps come without their chains (see [`Detail::Bare`]).
const BARE_RUNGS: &[Rung] = &[
    Rung {
        technique: Technique::NishioForcingChain,
        find: |board| nishio_in(board, Detail::Bare),
    },
    Rung {
        technique: Technique::CellForcingChain,
        find: |board| cell_forcing_chain_in(board, Detail::Bare),
    },
    Rung {
        technique: Technique::UnitForcingChain,
        find: |board| unit_forcing_chain_in(board, Detail::Bare),
    },
    Rung {
        technique: Technique::NestedForcingChain,
        find: |board| nested_forcing_chain_in(board, Detail::Bare),
    },
];

/// The rungs of this family, their steps with `detail`.
pub fn rungs(detail: Detail) -> &'static [Rung] {
    match detail {
        Detail::Explained => RUNGS,
        Detail::Bare => BARE_RUNGS,
    }
}

/// What a trial applies after its premise.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reach {
    /// Naked and hidden singles.
    Singles,
    /// Singles, then locked candidates (pointing and claiming).
    LockedCandidates,
    /// Singles and locked candidates, then, in turn, a trial of each candidate of every
    /// two-candidate cell, dropping those that fail.
    Nested,
    /// As nested, then inner forcing chains: for each two-candidate cell and each digit with
    /// two places in a house, a trial of both (singles and locked candidates), keeping the
    /// eliminations they agree on, or dropping the one that fails.
    Net,
}

impl Reach {
    /// Every reach, least first.
    const ALL: [Reach; 4] = [
        Reach::Singles,
        Reach::LockedCandidates,
        Reach::Nested,
        Reach::Net,
    ];

    fn words(self) -> &'static str {
        match self {
            Reach::Singles => "singles",
            Reach::LockedCandidates => "singles and locked candidates",
            Reach::Nested => "singles, locked candidates and inner trials",
            Reach::Net => "singles, locked candidates, inner trials and inner forcing chains",
        }
    }
}

/// A copy of the board as bit masks, on which a premise is followed by propagation.
#[derive(Debug)]
pub struct Trial {
    geometry: Arc<Geometry>,
    /// Candidates per cell as a bit mask (bit 0 is digit 1); 0 for filled cells.
    cands: Vec<u32>,
    /// The digit in each cell, 0 for empty.
    values: Vec<u8>,
    /// The digits placed in each house, by dense house id.
    placed: Vec<u32>,
    /// Cells that may have become naked singles.
    queue: Vec<u16>,
    /// Placements made since the trial started, in order.
    log: Vec<(Cell, Digit)>,
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
        }
    }

    fn clone_from(&mut self, source: &Trial) {
        self.geometry.clone_from(&source.geometry);
        self.cands.clone_from(&source.cands);
        self.values.clone_from(&source.values);
        self.placed.clone_from(&source.placed);
        self.queue.clone_from(&source.queue);
        self.log.clone_from(&source.log);
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
        Trial {
            geometry,
            cands,
            values,
            placed,
            queue: Vec::new(),
            log: Vec::new(),
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
            let mut hidden = once & !twice & !self.placed[h];
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                if self.placed[h] & bit != 0 {
                    continue;
                }
                let digit = Digit::from_index(bit.trailing_zeros() as usize);
                let cell = cells
                    .iter()
                    .copied()
                    .find(|c| self.cands[c.index()] & bit != 0)
                    .ok_or(Contradiction::NoPlace(digit, g.house(h)))?;
                self.assign(cell, digit, g.house(h))?;
                found = true;
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
            let mut bits = mask;
            while bits != 0 {
                let bit = bits & bits.wrapping_neg();
                bits &= bits - 1;
                scratch.clone_from(self);
                let digit = Digit::from_index(bit.trailing_zeros() as usize);
                if scratch
                    .assume(Cell::new(idx), digit, Reach::LockedCandidates)
                    .is_err()
                {
                    self.eliminate(idx, bit)?;
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
    fn either_or_pairs(&self) -> Vec<[Candidate; 2]> {
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
            let mut digits = !self.placed[h] & ((1u32 << g.size()) - 1);
            while digits != 0 {
                let digit = Digit::from_index(digits.trailing_zeros() as usize);
                digits &= digits - 1;
                let bit = 1u32 << digit.index();
                let mut places = cells.iter().filter(|c| self.cands[c.index()] & bit != 0);
                if let (Some(&a), Some(&b), None) = (places.next(), places.next(), places.next()) {
                    pairs.push([Candidate::new(a, digit), Candidate::new(b, digit)]);
                }
            }
        }
        pairs
    }

    /// Whether a candidate is gone from this trial: its cell holds another digit, or it was
    /// taken out.
    fn has_lost(&self, c: Candidate) -> bool {
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
                let mut bits = self.cands[idx];
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    bits &= bits - 1;
                    let c = Candidate::new(
                        Cell::new(idx),
                        Digit::from_index(bit.trailing_zeros() as usize),
                    );
                    if first.has_lost(c) && second.has_lost(c) {
                        self.eliminate(idx, bit)?;
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
struct TrialMemo {
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
    fn follow(&mut self, premise: Candidate, reach: Reach) -> &Result<Trial, Contradiction> {
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

    /// Forgets the trials, keeping their buffers, and starts from `board`.
    fn restart(&mut self, board: &Board) {
        self.spare.extend(
            self.outcomes
                .drain()
                .filter_map(|(_, outcome)| outcome.ok()),
        );
        self.base = Trial::new(board);
    }
}

/// Runs `f` with the kept trials of `board`, after dropping those of another board.
fn with_trials<R>(board: &Board, f: impl FnOnce(&mut TrialMemo) -> R) -> R {
    TRIALS.with(|cell| {
        let mut kept = cell.borrow_mut();
        let memo = kept.get_or_insert_with(|| TrialMemo {
            base: Trial::new(board),
            outcomes: HashMap::new(),
            spare: Vec::new(),
        });
        if !memo.base.starts_from(board) {
            memo.restart(board);
        }
        f(memo)
    })
}

/// Nishio forcing chain: a candidate that, assumed true, leads by singles (then locked
/// candidates) to a contradiction is false.
pub fn nishio(board: &Board) -> Option<Step> {
    nishio_in(board, Detail::Explained)
}

fn nishio_in(board: &Board, detail: Detail) -> Option<Step> {
    [Reach::Singles, Reach::LockedCandidates]
        .into_iter()
        .find_map(|reach| nishio_with(board, reach, detail))
}

/// Nested forcing chain: a Nishio whose trials may themselves try each candidate of their
/// two-candidate cells, and failing that, also follow both sides of every either-or pair
/// (inner forcing chains). The last logical resort before search; skipped above 12×12, where
/// it is too slow.
pub fn nested_forcing_chain(board: &Board) -> Option<Step> {
    nested_forcing_chain_in(board, Detail::Explained)
}

fn nested_forcing_chain_in(board: &Board, detail: Detail) -> Option<Step> {
    if board.shape().size() > 12 {
        TRIALS.with(|kept| kept.take());
        return None;
    }
    let step = nishio_with(board, Reach::Nested, detail)
        .or_else(|| nishio_with(board, Reach::Net, detail));
    TRIALS.with(|kept| kept.take());
    let mut step = step?;
    step.technique = Technique::NestedForcingChain;
    step.difficulty = Technique::NestedForcingChain.difficulty();
    step.text = step
        .text
        .replacen("Nishio forcing chain", "Nested forcing chain", 1);
    Some(step)
}

/// The most premises a forcing chain follows at once: any number up to 12×12; from 16×16
/// on, two (two-candidate cells and conjugate pairs), since each trial there costs many
/// times more and there are many more candidates to try.
fn max_premises(shape: Shape) -> usize {
    if shape.size() <= 12 {
        shape.size()
    } else {
        2
    }
}

/// The empty cells with at least two candidates (and at most [`max_premises`]), fewest
/// candidates first, then in reading order.
fn cells_by_count(board: &Board) -> Vec<Cell> {
    let max = max_premises(board.shape());
    // The key is the count of candidates, then the cell (below 2^16): the cells come in
    // reading order, so among cells with as many candidates it keeps reading order, as the
    // stable sort by count alone did.
    let mut keys: Vec<u32> = board
        .shape()
        .cells()
        .filter(|&c| (2..=max).contains(&board.candidates(c).len()))
        .map(|c| (board.candidates(c).len() as u32) << 16 | c.index() as u32)
        .collect();
    sort_keys(&mut keys);
    keys.into_iter()
        .map(|key| Cell::new((key & 0xffff) as usize))
        .collect()
}

fn nishio_with(board: &Board, reach: Reach, detail: Detail) -> Option<Step> {
    let shape = board.shape();
    let (cell, digit, fast_dead) = with_trials(board, |trials| {
        cells_by_count(board).into_iter().find_map(|cell| {
            board.candidates(cell).iter().find_map(|digit| {
                let outcome = trials.follow(Candidate::new(cell, digit), reach);
                outcome.as_ref().err().map(|&dead| (cell, digit, dead))
            })
        })
    })?;
    let (dead, text, chain) = match detail {
        Detail::Explained => {
            // The search found the premise; the explanation follows it again, recording why.
            let mut chain = ChainWriter::new(shape);
            let dead = match derive_dead_end(board, Candidate::new(cell, digit), reach) {
                Some((derivation, end, dead)) => {
                    chain.append(&derivation, &[end]);
                    dead
                }
                None => {
                    debug_assert!(false, "the derivation reaches what the trial reaches");
                    fast_dead
                }
            };
            let text = format!(
                "Nishio forcing chain: if {} were {digit}, {} would lead in {} to a dead end: {}; so {} is not {digit}",
                cell.name(shape),
                reach.words(),
                implications_count(chain.n_implications()),
                dead.describe_hypothetical(shape),
                cell.name(shape),
                digit = shape.show(digit),
            );
            (dead, text, Some(chain))
        }
        Detail::Bare => {
            let text = format!(
                "Nishio forcing chain: if {} were {digit}, {} would lead to a dead end; so it is not",
                cell.name(shape),
                reach.words(),
                digit = shape.show(digit),
            );
            (fast_dead, text, None)
        }
    };
    let mut step = Step::new(StepKind::Deduction, Technique::NishioForcingChain, 0, text);
    step.cells = vec![cell];
    step.digit = Some(digit);
    step.pattern = vec![Candidate::new(cell, digit)];
    mark_dead_end(&mut step, dead);
    step.changes = vec![Change::Eliminate { cell, digit }];
    if let Some(chain) = chain {
        chain.write_to(&mut step);
    }
    Some(step)
}

/// "1 implication", "7 implications".
fn implications_count(n: usize) -> String {
    if n == 1 {
        "1 implication".to_string()
    } else {
        format!("{n} implications")
    }
}

fn mark_dead_end(step: &mut Step, dead: Contradiction) {
    match dead {
        Contradiction::NoCandidate(cell) => step.cells.push(cell),
        Contradiction::NoPlace(_, house) => step.houses.push(house),
        Contradiction::Conflict(conflict) => step.cells.extend(conflict.cells),
    }
}

/// Cell forcing chain: every candidate of a cell leads by singles (then locked candidates)
/// to the same placement or elimination, which therefore holds.
pub fn cell_forcing_chain(board: &Board) -> Option<Step> {
    cell_forcing_chain_in(board, Detail::Explained)
}

fn cell_forcing_chain_in(board: &Board, detail: Detail) -> Option<Step> {
    let cells = cells_by_count(board);
    [Reach::Singles, Reach::LockedCandidates]
        .into_iter()
        .find_map(|reach| {
            cells.iter().find_map(|&cell| {
                let premises: Vec<Candidate> = board
                    .candidates(cell)
                    .iter()
                    .map(|d| Candidate::new(cell, d))
                    .collect();
                forcing_step(board, &premises, Premises::Cell(cell), reach, detail)
            })
        })
}

/// Unit forcing chain: every place of a digit in a house leads by singles (then locked
/// candidates) to the same placement or elimination, which therefore holds.
pub fn unit_forcing_chain(board: &Board) -> Option<Step> {
    unit_forcing_chain_in(board, Detail::Explained)
}

fn unit_forcing_chain_in(board: &Board, detail: Detail) -> Option<Step> {
    let shape = board.shape();
    let g = board.geometry();
    // Each unit is a key (see `sort_keys`): the number of places, the house id and the digit
    // index, the last two below 2^8.
    let mut units: Vec<u32> = Vec::new();
    for (h, cells) in g.house_cells.iter().enumerate() {
        for digit in shape.all_digits().iter() {
            let n_places = cells
                .iter()
                .filter(|&&c| board.has_candidate(c, digit))
                .count();
            if (2..=max_premises(shape)).contains(&n_places) {
                units.push((n_places as u32) << 16 | (h as u32) << 8 | digit.index() as u32);
            }
        }
    }
    // The units come by house, then digit, so sorting the whole key keeps that order among
    // units with as many places, as the stable sort by count alone did; no two are equal.
    sort_keys(&mut units);
    [Reach::Singles, Reach::LockedCandidates]
        .into_iter()
        .find_map(|reach| {
            units.iter().find_map(|&unit| {
                let h = (unit >> 8 & 0xff) as usize;
                let digit = Digit::from_index((unit & 0xff) as usize);
                let premises: Vec<Candidate> = g.house_cells[h]
                    .iter()
                    .filter(|&&c| board.has_candidate(c, digit))
                    .map(|&c| Candidate::new(c, digit))
                    .collect();
                forcing_step(
                    board,
                    &premises,
                    Premises::Unit(g.house(h), digit),
                    reach,
                    detail,
                )
            })
        })
}

/// Where the premises of a forcing chain come from: one of them is true.
#[derive(Copy, Clone)]
enum Premises {
    /// The candidates of a cell.
    Cell(Cell),
    /// The places of a digit in a house.
    Unit(House, Digit),
}

/// Follows each premise and returns the step for what they all agree on, if anything.
fn forcing_step(
    board: &Board,
    premises: &[Candidate],
    source: Premises,
    reach: Reach,
    detail: Detail,
) -> Option<Step> {
    let shape = board.shape();
    let base = Trial::new(board);
    let n_cells = shape.n_cells();
    // The value every live branch places in a cell (0: not all the same).
    let mut agreed = vec![0u8; n_cells];
    // The candidates every live branch removes from a cell.
    let mut removed = vec![0u32; n_cells];
    let mut n_live = 0;
    let mut dead: Vec<Candidate> = Vec::new();
    with_trials(board, |trials| {
        for &premise in premises {
            let Ok(trial) = trials.follow(premise, reach) else {
                dead.push(premise);
                continue;
            };
            for idx in 0..n_cells {
                if base.values[idx] != 0 {
                    continue;
                }
                let value = trial.values[idx];
                let left = if value != 0 {
                    1 << (value - 1)
                } else {
                    trial.cands[idx]
                };
                let gone = base.cands[idx] & !left;
                if n_live == 0 {
                    agreed[idx] = value;
                    removed[idx] = gone;
                } else {
                    if agreed[idx] != value {
                        agreed[idx] = 0;
                    }
                    removed[idx] &= gone;
                }
            }
            n_live += 1;
        }
    });
    if n_live == 0 {
        // Every premise fails: the board has no solution, which the search will find.
        return None;
    }
    let (technique, opening) = match source {
        Premises::Cell(cell) => (
            Technique::CellForcingChain,
            format!(
                "Cell forcing chain: whichever of {} {} holds, {}",
                shape.show_slashed(board.candidates(cell)),
                cell.name(shape),
                reach.words()
            ),
        ),
        Premises::Unit(house, digit) => {
            let places: Vec<String> = premises.iter().map(|p| p.cell.name(shape)).collect();
            (
                Technique::UnitForcingChain,
                format!(
                    "Unit forcing chain: wherever {digit} goes in {house} ({}), {}",
                    places.join(" or "),
                    reach.words(),
                    digit = shape.show(digit)
                ),
            )
        }
    };
    let dead_note = if dead.is_empty() {
        String::new()
    } else {
        let names: Vec<String> = dead
            .iter()
            .map(|p| format!("{} = {}", p.cell.name(shape), shape.show(p.digit)))
            .collect();
        format!(" ({} fails at once)", and_list(&names))
    };
    let mut step;
    if let Some(idx) = (0..n_cells).find(|&i| agreed[i] != 0) {
        let cell = Cell::new(idx);
        let digit = Digit::new(agreed[idx]).expect("agreed values are digits");
        step = Step::new(
            StepKind::Deduction,
            technique,
            0,
            format!(
                "{opening} lead to {} = {digit}{dead_note}",
                cell.name(shape),
                digit = shape.show(digit)
            ),
        );
        step.cells.push(cell);
        step.digit = Some(digit);
        step.changes = board.placement_changes(cell, digit);
    } else {
        let mut changes = Vec::new();
        let mut items = Vec::new();
        for (idx, &gone) in removed.iter().enumerate() {
            if gone == 0 {
                continue;
            }
            let cell = Cell::new(idx);
            let set = DigitSet::from_bits(gone);
            items.push(format!(
                "{} from {}",
                shape.show_slashed(set),
                cell.name(shape)
            ));
            changes.extend(set.iter().map(|digit| Change::Eliminate { cell, digit }));
        }
        if changes.is_empty() {
            return None;
        }
        step = Step::new(
            StepKind::Deduction,
            technique,
            0,
            format!("{opening} remove {}{dead_note}", and_list(&items)),
        );
        step.cells.extend(changes.iter().filter_map(|c| match *c {
            Change::Eliminate { cell, .. } => Some(cell),
            _ => None,
        }));
        step.cells.dedup();
        step.changes = changes;
    }
    match source {
        Premises::Cell(cell) => step.cells.insert(0, cell),
        Premises::Unit(house, digit) => {
            step.houses.push(house);
            if step.digit.is_none() {
                step.digit = Some(digit);
            }
        }
    }
    step.pattern = premises.to_vec();
    if detail == Detail::Explained {
        let mut chain = ChainWriter::new(shape);
        for &premise in premises {
            append_branch(&mut chain, board, &step, premise, reach);
        }
        step.text = format!(
            "{} ({})",
            step.text,
            implications_count(chain.n_implications())
        );
        chain.write_to(&mut step);
    }
    Some(step)
}

/// Appends the branch of one premise of a cell or unit forcing chain: to its dead end, or to
/// each placement or elimination of `step` (the conclusion every branch shares).
fn append_branch(
    chain: &mut ChainWriter,
    board: &Board,
    step: &Step,
    premise: Candidate,
    reach: Reach,
) {
    let mut d = Derivation::new(board, reach);
    if d.place(
        premise.cell,
        premise.digit,
        Rule::Premise,
        Vec::new(),
        Vec::new(),
    )
    .is_none()
    {
        return;
    }
    if let Some((dead, from, removed)) = d.run() {
        let end = d.add_dead_end(dead, from, removed);
        d.resolve(&[end]);
        chain.append(&d, &[end]);
        return;
    }
    let mut ends = Vec::new();
    for placed in step.placements() {
        ends.push(d.placed_by[placed.cell.index()]);
    }
    if ends.is_empty() {
        // Eliminations a placement makes are said outright where the branch ends, one
        // implication per placement (and per kind: its cell's other digits, or its peers).
        let mut peer_groups: Vec<((u32, bool), Vec<Candidate>)> = Vec::new();
        for gone in step.eliminations() {
            let id = d.remover(gone.cell, gone.digit);
            if id == NO_FACT {
                continue;
            }
            let fact = &d.facts[id as usize];
            if fact.is_placement {
                let key = (id, fact.targets[0].cell == gone.cell);
                match peer_groups.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, targets)) => targets.push(gone),
                    None => peer_groups.push((key, vec![gone])),
                }
            } else {
                ends.push(id);
            }
        }
        for ((id, _), targets) in peer_groups {
            ends.push(d.push(Fact {
                rule: Rule::Peer,
                targets,
                is_placement: false,
                from: vec![id],
                removed: Vec::new(),
                locked: Vec::new(),
                inner_dead_end: None,
                pending: None,
                depth: 0,
            }));
        }
    }
    ends.retain(|&id| id != NO_FACT);
    ends.sort_unstable();
    ends.dedup();
    debug_assert!(!ends.is_empty(), "every live branch reaches the conclusion");
    d.resolve(&ends);
    chain.append(&d, &ends);
}

/// No implication: a candidate the derivation has not taken out (it may never have been one).
const NO_FACT: u32 = u32::MAX;

/// A fact a [`Derivation`] has found, with why.
#[derive(Clone, Debug)]
struct Fact {
    rule: Rule,
    /// The candidate it makes true (a placement: one) or the candidates it makes false.
    targets: Vec<Candidate>,
    /// Whether `targets` is a placement.
    is_placement: bool,
    /// The earlier facts it rests on, by id, smallest first.
    from: Vec<u32>,
    /// The false candidates it rests on (for the arrows): those its parents took out.
    removed: Vec<Candidate>,
    /// For locked candidates, the places of the digit left where the two houses meet.
    locked: Vec<Candidate>,
    /// For an inner trial, the dead end it reached.
    inner_dead_end: Option<Contradiction>,
    /// For an inner trial whose parents are not known yet, the state it was found on (an
    /// index into `Derivation::snapshots`): see [`Derivation::resolve`].
    pending: Option<usize>,
    /// The longest path from a premise to this fact.
    depth: u32,
}

/// A trial that remembers why: every placement and elimination it makes is a [`Fact`] with
/// its rule and the earlier facts it rests on. It runs only to explain a forcing step once
/// found, never while the finders search, so the search keeps the cheaper [`Trial`].
///
/// It works in rounds, breadth first: each round finds every single the board allows, or,
/// when there is none, every locked candidate (then every failing inner trial), from the
/// facts of the rounds before. So each fact comes as early as it can, and among several
/// reasons for it the one with the shallowest parents is kept. The rules only ever take
/// candidates out, so the rounds reach what [`Trial`] reaches, dead end included.
#[derive(Clone, Debug)]
struct Derivation {
    trial: Trial,
    reach: Reach,
    /// For each candidate (`cell * size + digit index`), the fact that took it out.
    gone_by: Vec<u32>,
    /// For each cell, the fact that placed its digit.
    placed_by: Vec<u32>,
    /// The facts found, fact `first_id + k` at `facts[k]`. An inner trial's derivation starts
    /// from its outer one's state without copying its facts: ids below `first_id` are the
    /// outer facts, which it treats as given.
    facts: Vec<Fact>,
    first_id: u32,
    /// The states on which inner trials failed, kept to find what each rests on only if the
    /// chain uses it.
    snapshots: Vec<Snapshot>,
}

/// A derivation's state when a round of inner trials ran.
#[derive(Clone, Debug)]
struct Snapshot {
    trial: Trial,
    gone_by: Vec<u32>,
    placed_by: Vec<u32>,
    /// The facts there were then: the ids below it.
    n_facts: u32,
}

impl Derivation {
    fn new(board: &Board, reach: Reach) -> Derivation {
        let n_cells = board.shape().n_cells();
        Derivation {
            trial: Trial::new(board),
            reach,
            gone_by: vec![NO_FACT; n_cells * board.shape().size()],
            placed_by: vec![NO_FACT; n_cells],
            facts: Vec::new(),
            first_id: 0,
            snapshots: Vec::new(),
        }
    }

    /// The fact with id `id`, or `None` for a fact of the outer derivation.
    fn fact(&self, id: u32) -> Option<&Fact> {
        id.checked_sub(self.first_id)
            .map(|k| &self.facts[k as usize])
    }

    fn size(&self) -> usize {
        self.trial.geometry.size()
    }

    fn remover(&self, cell: Cell, digit: Digit) -> u32 {
        self.gone_by[cell.index() * self.size() + digit.index()]
    }

    /// The facts that took `digit` out of `cells`, and the candidates they took.
    fn removers(
        &self,
        cells: impl Iterator<Item = Cell>,
        digit: Digit,
    ) -> (Vec<u32>, Vec<Candidate>) {
        let mut from = Vec::new();
        let mut removed = Vec::new();
        for cell in cells {
            let id = self.remover(cell, digit);
            if id != NO_FACT {
                from.push(id);
                removed.push(Candidate::new(cell, digit));
            }
        }
        from.sort_unstable();
        from.dedup();
        (from, removed)
    }

    /// The facts that took the candidates other than `keep` out of `cell`.
    fn cell_removers(&self, cell: Cell, keep: Option<Digit>) -> (Vec<u32>, Vec<Candidate>) {
        let mut from = Vec::new();
        let mut removed = Vec::new();
        for k in 0..self.size() {
            let digit = Digit::from_index(k);
            let id = self.remover(cell, digit);
            if Some(digit) != keep && id != NO_FACT {
                from.push(id);
                removed.push(Candidate::new(cell, digit));
            }
        }
        from.sort_unstable();
        from.dedup();
        (from, removed)
    }

    fn depth_of(&self, from: &[u32]) -> u32 {
        from.iter()
            .map(|&f| self.fact(f).map_or(0, |fact| fact.depth) + 1)
            .max()
            .unwrap_or(0)
    }

    fn push(&mut self, mut fact: Fact) -> u32 {
        fact.depth = if fact.pending.is_some() {
            // Not known yet: at most one more than the deepest fact so far.
            self.facts.iter().map(|f| f.depth + 1).max().unwrap_or(0)
        } else {
            self.depth_of(&fact.from)
        };
        self.facts.push(fact);
        self.first_id + (self.facts.len() - 1) as u32
    }

    /// Places `digit` in `cell` as a fact, taking it out of the peers; `None` when the cell
    /// can no longer take it (the next round then finds the dead end).
    fn place(
        &mut self,
        cell: Cell,
        digit: Digit,
        rule: Rule,
        from: Vec<u32>,
        removed: Vec<Candidate>,
    ) -> Option<u32> {
        let idx = cell.index();
        let bit = 1u32 << digit.index();
        if self.trial.values[idx] != 0 || self.trial.cands[idx] & bit == 0 {
            return None;
        }
        let id = self.push(Fact {
            rule,
            targets: vec![Candidate::new(cell, digit)],
            is_placement: true,
            from,
            removed,
            locked: Vec::new(),
            inner_dead_end: None,
            pending: None,
            depth: 0,
        });
        let size = self.size();
        let mut others = self.trial.cands[idx] & !bit;
        while others != 0 {
            self.gone_by[idx * size + others.trailing_zeros() as usize] = id;
            others &= others - 1;
        }
        self.placed_by[idx] = id;
        self.trial.values[idx] = digit.get();
        self.trial.cands[idx] = 0;
        let g = Arc::clone(&self.trial.geometry);
        for &h in &g.cell_houses[idx] {
            self.trial.placed[h] |= bit;
        }
        for &peer in &g.peers[idx] {
            if self.trial.cands[peer.index()] & bit != 0 {
                self.trial.cands[peer.index()] &= !bit;
                self.gone_by[peer.index() * size + digit.index()] = id;
            }
        }
        Some(id)
    }

    /// Takes the candidates of `fact.targets` that are still there out, as one fact.
    fn eliminate(&mut self, mut fact: Fact) -> Option<u32> {
        fact.targets
            .retain(|c| self.trial.cands[c.cell.index()] & 1 << c.digit.index() != 0);
        if fact.targets.is_empty() {
            return None;
        }
        let targets = fact.targets.clone();
        let id = self.push(fact);
        let size = self.size();
        for c in targets {
            self.trial.cands[c.cell.index()] &= !(1 << c.digit.index());
            self.gone_by[c.cell.index() * size + c.digit.index()] = id;
        }
        Some(id)
    }

    /// Every dead end on the board now, each with the facts it rests on.
    fn dead_ends(&self) -> Vec<(Contradiction, Vec<u32>, Vec<Candidate>)> {
        let g = &self.trial.geometry;
        let mut found = Vec::new();
        for idx in 0..self.trial.cands.len() {
            if self.trial.values[idx] == 0 && self.trial.cands[idx] == 0 {
                let cell = Cell::new(idx);
                let (from, removed) = self.cell_removers(cell, None);
                found.push((Contradiction::NoCandidate(cell), from, removed));
            }
        }
        let full = (1u32 << g.size()) - 1;
        for (h, cells) in g.house_cells.iter().enumerate() {
            let covered = cells
                .iter()
                .fold(self.trial.placed[h], |m, c| m | self.trial.cands[c.index()]);
            let mut missing = full & !covered;
            while missing != 0 {
                let digit = Digit::from_index(missing.trailing_zeros() as usize);
                missing &= missing - 1;
                let (from, removed) = self.removers(cells.iter().copied(), digit);
                found.push((Contradiction::NoPlace(digit, g.house(h)), from, removed));
            }
        }
        found
    }

    /// Every single the board allows now: `(candidate, rule, from, removed)`, one per
    /// candidate, the one with the shallowest parents (then the fewest) where there are several.
    #[allow(clippy::type_complexity)]
    fn singles(&self) -> Vec<(Candidate, Rule, Vec<u32>, Vec<Candidate>)> {
        let g = &self.trial.geometry;
        let mut found: Vec<(Candidate, Rule, Vec<u32>, Vec<Candidate>)> = Vec::new();
        for idx in 0..self.trial.cands.len() {
            let mask = self.trial.cands[idx];
            if self.trial.values[idx] == 0 && mask.is_power_of_two() {
                let cell = Cell::new(idx);
                let digit = Digit::from_index(mask.trailing_zeros() as usize);
                let (from, removed) = self.cell_removers(cell, Some(digit));
                found.push((
                    Candidate::new(cell, digit),
                    Rule::NakedSingle,
                    from,
                    removed,
                ));
            }
        }
        for (h, cells) in g.house_cells.iter().enumerate() {
            let (mut once, mut twice) = (0u32, 0u32);
            for c in cells {
                let m = self.trial.cands[c.index()];
                twice |= once & m;
                once |= m;
            }
            let mut hidden = once & !twice & !self.trial.placed[h];
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                let digit = Digit::from_index(bit.trailing_zeros() as usize);
                let Some(&cell) = cells
                    .iter()
                    .find(|c| self.trial.cands[c.index()] & bit != 0)
                else {
                    continue;
                };
                if self.trial.cands[cell.index()] == bit {
                    continue; // a naked single too: found above
                }
                let (from, removed) =
                    self.removers(cells.iter().copied().filter(|&c| c != cell), digit);
                found.push((
                    Candidate::new(cell, digit),
                    Rule::HiddenSingle { house: g.house(h) },
                    from,
                    removed,
                ));
            }
        }
        let key = |f: &(Candidate, Rule, Vec<u32>, Vec<Candidate>)| {
            (
                f.0.cell.index(),
                f.0.digit.index(),
                self.depth_of(&f.2),
                f.2.len(),
            )
        };
        found.sort_by_key(key);
        found.dedup_by_key(|f| (f.0.cell, f.0.digit));
        found.sort_by_key(|f| self.depth_of(&f.2));
        found
    }

    /// Every locked-candidate elimination the board allows now, as facts to apply.
    fn locked_candidates(&self) -> Vec<Fact> {
        let g = &self.trial.geometry;
        let mut found = Vec::new();
        for (h, cells) in g.house_cells.iter().enumerate() {
            for overlap in g.overlaps(h) {
                let (mut inside, mut outside) = (0u32, 0u32);
                for (k, c) in cells.iter().enumerate() {
                    if overlap.shared & 1 << k != 0 {
                        inside |= self.trial.cands[c.index()];
                    } else {
                        outside |= self.trial.cands[c.index()];
                    }
                }
                let mut only = inside & !outside;
                while only != 0 {
                    let bit = only & only.wrapping_neg();
                    only &= only - 1;
                    let digit = Digit::from_index(bit.trailing_zeros() as usize);
                    let targets: Vec<Candidate> = g.house_cells[overlap.other]
                        .iter()
                        .enumerate()
                        .filter(|&(k, c)| {
                            overlap.rest_of_other & 1 << k != 0
                                && self.trial.cands[c.index()] & bit != 0
                        })
                        .map(|(_, &c)| Candidate::new(c, digit))
                        .collect();
                    if targets.is_empty() {
                        continue;
                    }
                    let (from, removed) = self.removers(
                        cells
                            .iter()
                            .enumerate()
                            .filter(|&(k, _)| overlap.shared & 1 << k == 0)
                            .map(|(_, &c)| c),
                        digit,
                    );
                    let locked = cells
                        .iter()
                        .filter(|c| self.trial.cands[c.index()] & bit != 0)
                        .map(|&c| Candidate::new(c, digit))
                        .collect();
                    found.push(Fact {
                        rule: Rule::LockedCandidates {
                            source: g.house(h),
                            target: g.house(overlap.other),
                        },
                        targets,
                        is_placement: false,
                        from,
                        removed,
                        locked,
                        inner_dead_end: None,
                        pending: None,
                        depth: 0,
                    });
                }
            }
        }
        found.sort_by_key(|f| self.depth_of(&f.from));
        found
    }

    /// Every candidate of a two-candidate cell whose inner trial fails, as facts to apply,
    /// their parents left to [`Derivation::resolve`] (most are never used by the chain).
    fn inner_trials(&mut self) -> Vec<Fact> {
        let mut found = Vec::new();
        let mut scratch = self.trial.clone();
        for idx in 0..self.trial.cands.len() {
            let mask = self.trial.cands[idx];
            if self.trial.values[idx] != 0 || mask.count_ones() != 2 {
                continue;
            }
            let mut bits = mask;
            while bits != 0 {
                let bit = bits & bits.wrapping_neg();
                bits &= bits - 1;
                let cell = Cell::new(idx);
                let digit = Digit::from_index(bit.trailing_zeros() as usize);
                scratch.clone_from(&self.trial);
                scratch.queue.clear();
                if let Err(dead) = scratch.assume(cell, digit, Reach::LockedCandidates) {
                    found.push(Fact {
                        rule: Rule::InnerTrial,
                        targets: vec![Candidate::new(cell, digit)],
                        is_placement: false,
                        from: Vec::new(),
                        removed: Vec::new(),
                        locked: Vec::new(),
                        inner_dead_end: Some(dead),
                        pending: Some(self.snapshots.len()),
                        depth: 0,
                    });
                }
            }
        }
        if !found.is_empty() {
            self.keep_snapshot();
        }
        found
    }

    /// Keeps the state now, for [`Derivation::resolve`] to follow the inner chains of the
    /// facts found on it (their `pending` index is the snapshot's).
    fn keep_snapshot(&mut self) {
        self.snapshots.push(Snapshot {
            trial: self.trial.clone(),
            gone_by: self.gone_by.clone(),
            placed_by: self.placed_by.clone(),
            n_facts: self.first_id + self.facts.len() as u32,
        });
    }

    /// Every either-or pair's inner forcing chain, as facts to apply: a side whose trial
    /// fails as an inner trial, or else what both sides take out; their parents are left to
    /// [`Derivation::resolve`].
    fn inner_forcings(&mut self) -> Vec<Fact> {
        let mut found = Vec::new();
        let mut first = self.trial.clone();
        let mut second = self.trial.clone();
        let pending = |rule, targets, inner_dead_end| Fact {
            rule,
            targets,
            is_placement: false,
            from: Vec::new(),
            removed: Vec::new(),
            locked: Vec::new(),
            inner_dead_end,
            pending: Some(self.snapshots.len()),
            depth: 0,
        };
        for [a, b] in self.trial.either_or_pairs() {
            first.clone_from(&self.trial);
            second.clone_from(&self.trial);
            first.queue.clear();
            second.queue.clear();
            let a_dead = first.assume(a.cell, a.digit, Reach::LockedCandidates).err();
            let b_dead = second
                .assume(b.cell, b.digit, Reach::LockedCandidates)
                .err();
            if let Some(dead) = a_dead {
                found.push(pending(Rule::InnerTrial, vec![a], Some(dead)));
            }
            if let Some(dead) = b_dead {
                found.push(pending(Rule::InnerTrial, vec![b], Some(dead)));
            }
            if a_dead.is_some() || b_dead.is_some() {
                continue;
            }
            let mut targets = Vec::new();
            for (idx, &mask) in self.trial.cands.iter().enumerate() {
                let mut bits = mask;
                while bits != 0 {
                    let digit = Digit::from_index(bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                    let c = Candidate::new(Cell::new(idx), digit);
                    if first.has_lost(c) && second.has_lost(c) {
                        targets.push(c);
                    }
                }
            }
            if !targets.is_empty() {
                found.push(pending(
                    Rule::InnerForcing { either: a, or: b },
                    targets,
                    None,
                ));
            }
        }
        if !found.is_empty() {
            self.keep_snapshot();
        }
        found
    }

    /// Finds what the inner trials among the facts `ends` rest on (directly or not) rest on
    /// in turn: each is followed again, recording why, from the state it failed on, and
    /// rests on the facts of this derivation its dead end's chain names.
    fn resolve(&mut self, ends: &[u32]) {
        loop {
            let pending: Vec<u32> = self
                .ancestors(ends)
                .into_iter()
                .filter(|&id| self.fact(id).is_some_and(|f| f.pending.is_some()))
                .collect();
            if pending.is_empty() {
                return;
            }
            for id in pending {
                let k = (id - self.first_id) as usize;
                let snapshot = &self.snapshots[self.facts[k].pending.expect("pending")];
                let n_outer = snapshot.n_facts;
                // The inner chain of one premise, followed from the state the fact was found on.
                let follow = |premise: Candidate| {
                    let mut inner = Derivation {
                        trial: snapshot.trial.clone(),
                        reach: Reach::LockedCandidates,
                        gone_by: snapshot.gone_by.clone(),
                        placed_by: snapshot.placed_by.clone(),
                        facts: Vec::new(),
                        first_id: n_outer,
                        snapshots: Vec::new(),
                    };
                    inner.place(
                        premise.cell,
                        premise.digit,
                        Rule::Premise,
                        Vec::new(),
                        Vec::new(),
                    );
                    let dead = inner.run();
                    (inner, dead)
                };
                let mut from = Vec::new();
                let mut dead_end = None;
                let fact = &self.facts[k];
                if let Rule::InnerForcing { either, or } = fact.rule {
                    // Both sides take every target out: the facts of this derivation either
                    // side's chain to them rests on.
                    for premise in [either, or] {
                        let (inner, dead) = follow(premise);
                        debug_assert!(dead.is_none(), "both sides of an inner forcing live");
                        let removers: Vec<u32> = fact
                            .targets
                            .iter()
                            .map(|t| inner.remover(t.cell, t.digit))
                            .collect();
                        debug_assert!(removers.iter().all(|&r| r != NO_FACT));
                        from.extend(
                            inner
                                .ancestors(&removers)
                                .into_iter()
                                .filter(|&f| f < n_outer),
                        );
                    }
                    from.sort_unstable();
                    from.dedup();
                } else {
                    let (inner, dead) = follow(fact.targets[0]);
                    if let Some((dead, dead_from, _)) = dead {
                        // The facts of this derivation the inner chain rests on directly: the
                        // inner ancestors stop at them.
                        from = inner
                            .ancestors(&dead_from)
                            .into_iter()
                            .filter(|&f| f < n_outer)
                            .collect();
                        dead_end = Some(dead);
                    } else {
                        debug_assert!(false, "the inner derivation reaches what the trial reaches");
                    }
                }
                let fact = &mut self.facts[k];
                fact.pending = None;
                fact.from = from;
                if dead_end.is_some() {
                    fact.inner_dead_end = dead_end;
                }
            }
        }
    }

    /// Runs rounds until a dead end (returned with the facts it rests on and the candidates
    /// they took out: the one with the fewest ancestors) or until nothing more follows.
    fn run(&mut self) -> Option<(Contradiction, Vec<u32>, Vec<Candidate>)> {
        loop {
            let dead_ends = self.dead_ends();
            if !dead_ends.is_empty() {
                return dead_ends
                    .into_iter()
                    .min_by_key(|d| self.ancestors(&d.1).len());
            }
            let singles = self.singles();
            if !singles.is_empty() {
                for (c, rule, from, removed) in singles {
                    self.place(c.cell, c.digit, rule, from, removed);
                }
                continue;
            }
            let mut facts = Vec::new();
            if self.reach >= Reach::LockedCandidates {
                facts = self.locked_candidates();
            }
            if facts.is_empty() && self.reach >= Reach::Nested {
                facts = self.inner_trials();
            }
            if facts.is_empty() && self.reach >= Reach::Net {
                facts = self.inner_forcings();
            }
            if facts.is_empty() {
                return None;
            }
            for fact in facts {
                self.eliminate(fact);
            }
        }
    }

    /// The facts `ends` rest on, directly or not, with `ends` themselves, smallest id (and
    /// so premise) first. Facts of the outer derivation are in it where one of this
    /// derivation's rests on them, but not what they rest on.
    fn ancestors(&self, ends: &[u32]) -> Vec<u32> {
        let mut seen = vec![false; (self.first_id as usize) + self.facts.len()];
        let mut stack: Vec<u32> = ends.to_vec();
        while let Some(f) = stack.pop() {
            if std::mem::replace(&mut seen[f as usize], true) {
                continue;
            }
            if let Some(fact) = self.fact(f) {
                stack.extend(&fact.from);
            }
        }
        (0..seen.len() as u32)
            .filter(|&f| seen[f as usize])
            .collect()
    }

    /// Adds the dead end as the last fact; its id.
    fn add_dead_end(
        &mut self,
        dead: Contradiction,
        from: Vec<u32>,
        removed: Vec<Candidate>,
    ) -> u32 {
        let rule = match dead {
            Contradiction::NoCandidate(cell) => Rule::NoCandidate { cell },
            Contradiction::NoPlace(digit, house) => Rule::NoPlace { digit, house },
            Contradiction::Conflict(_) => {
                unreachable!("a trial never places two equal digits in a house")
            }
        };
        self.push(Fact {
            rule,
            targets: Vec::new(),
            is_placement: false,
            from,
            removed,
            locked: Vec::new(),
            inner_dead_end: Some(dead),
            pending: None,
            depth: 0,
        })
    }
}

/// A forcing step's chain as it grows, branch by branch: its implications and its arrows.
struct ChainWriter {
    shape: Shape,
    implications: Vec<Implication>,
    links: Vec<Link>,
}

impl ChainWriter {
    fn new(shape: Shape) -> ChainWriter {
        ChainWriter {
            shape,
            implications: Vec::new(),
            links: Vec::new(),
        }
    }

    /// The implications after the premises: the chain's length as the sentences give it.
    fn n_implications(&self) -> usize {
        self.implications
            .iter()
            .filter(|i| i.rule != Rule::Premise)
            .count()
    }

    /// Appends one branch: the facts of `d` that `ends` rest on, premise first, and `ends`.
    fn append(&mut self, d: &Derivation, ends: &[u32]) {
        let shape = self.shape;
        let ids = d.ancestors(ends);
        let mut index = vec![usize::MAX; d.facts.len()];
        for &id in &ids {
            let fact = &d.facts[id as usize];
            index[id as usize] = self.implications.len();
            let since = |word: &str| {
                let names: Vec<String> = fact
                    .from
                    .iter()
                    .flat_map(|&p| parent_names(shape, &d.facts[p as usize], fact))
                    .collect();
                if names.is_empty() {
                    String::new()
                } else {
                    format!(", {word} {}", and_list(&names))
                }
            };
            let first = fact.targets.first().copied();
            let show = |c: Candidate| (c.cell.name(shape), shape.show(c.digit).to_string());
            let text = match fact.rule {
                Rule::Premise => {
                    let (cell, digit) = show(first.expect("a premise places"));
                    format!("Suppose {cell} = {digit}")
                }
                Rule::NakedSingle => {
                    let (cell, digit) = show(first.expect("a single places"));
                    format!(
                        "{cell} = {digit}: the only candidate left in {cell}{}",
                        since("since")
                    )
                }
                Rule::HiddenSingle { house } => {
                    let (cell, digit) = show(first.expect("a single places"));
                    format!(
                        "{cell} = {digit}: the only place left for {digit} in {house}{}",
                        since("since")
                    )
                }
                Rule::Peer => {
                    let target = first.expect("an elimination has a target");
                    let placed = d.facts[fact.from[0] as usize].targets[0];
                    let names = and_list(&fact_names(shape, fact));
                    if placed.cell == target.cell {
                        format!(
                            "{names}: {} holds {}",
                            placed.cell.name(shape),
                            shape.show(placed.digit)
                        )
                    } else {
                        let them = if fact.targets.len() == 1 {
                            "it"
                        } else {
                            "them"
                        };
                        format!(
                            "{names}: {} = {} sees {them}",
                            placed.cell.name(shape),
                            shape.show(placed.digit)
                        )
                    }
                }
                Rule::LockedCandidates { source, target } => {
                    let digit = shape.show(first.expect("an elimination has a target").digit);
                    format!(
                        "{}: in {source}, {digit} lies only in {target}{}",
                        and_list(&fact_names(shape, fact)),
                        since("since")
                    )
                }
                Rule::InnerTrial => {
                    let (cell, digit) = show(first.expect("an elimination has a target"));
                    let dead = fact
                        .inner_dead_end
                        .expect("an inner trial ends in a dead end");
                    format!(
                        "{cell} ≠ {digit}: if {cell} were {digit}, singles and locked candidates would lead to a dead end ({}){}",
                        dead.describe_hypothetical(shape),
                        since("given")
                    )
                }
                Rule::InnerForcing { either, or } => {
                    let side = |c: Candidate| {
                        let (cell, digit) = show(c);
                        format!("{cell} = {digit}")
                    };
                    let gone: Vec<String> = fact
                        .targets
                        .iter()
                        .map(|&c| {
                            let (cell, digit) = show(c);
                            format!("{cell} ≠ {digit}")
                        })
                        .collect();
                    format!(
                        "{}: one of {} and {} holds, and either would rule {} out by singles and locked candidates{}",
                        and_list(&gone),
                        side(either),
                        side(or),
                        if gone.len() == 1 { "it" } else { "them" },
                        since("given")
                    )
                }
                Rule::NoCandidate { .. } | Rule::NoPlace { .. } => {
                    let dead = fact.inner_dead_end.expect("a dead end says which");
                    format!("{}{}", dead.describe(shape), since("since"))
                }
            };
            let changes = fact
                .targets
                .iter()
                .map(|&Candidate { cell, digit }| {
                    if fact.is_placement {
                        Change::Place { cell, digit }
                    } else {
                        Change::Eliminate { cell, digit }
                    }
                })
                .collect();
            let from = fact.from.iter().map(|&p| index[p as usize]).collect();
            self.implications.push(Implication {
                rule: fact.rule,
                changes,
                from,
                links: Vec::new(),
                inner: Vec::new(),
                inner_links: Vec::new(),
                text,
            });
            self.add_links(d, fact);
        }
    }

    /// The arrows of one fact: from each placement it rests on to the candidates that
    /// placement took out (weak), then from those to what they force (strong).
    fn add_links(&mut self, d: &Derivation, fact: &Fact) {
        let mut by_remover: Vec<(u32, Vec<Candidate>)> = Vec::new();
        for &r in &fact.removed {
            let id = d.remover(r.cell, r.digit);
            if id == NO_FACT || !d.facts[id as usize].is_placement {
                continue;
            }
            match by_remover.iter_mut().find(|(f, _)| *f == id) {
                Some((_, cands)) => cands.push(r),
                None => by_remover.push((id, vec![r])),
            }
        }
        for (id, to) in by_remover {
            self.link(d.facts[id as usize].targets.clone(), to, LinkKind::Weak);
        }
        match fact.rule {
            Rule::NakedSingle | Rule::HiddenSingle { .. } if !fact.removed.is_empty() => {
                self.link(fact.removed.clone(), fact.targets.clone(), LinkKind::Strong);
            }
            Rule::LockedCandidates { .. } => {
                if !fact.removed.is_empty() {
                    self.link(fact.removed.clone(), fact.locked.clone(), LinkKind::Strong);
                }
                self.link(fact.locked.clone(), fact.targets.clone(), LinkKind::Weak);
            }
            Rule::Peer | Rule::InnerTrial | Rule::InnerForcing { .. } => {
                for &p in &fact.from {
                    let parent = &d.facts[p as usize];
                    if parent.is_placement {
                        self.link(parent.targets.clone(), fact.targets.clone(), LinkKind::Weak);
                    }
                }
            }
            _ => {}
        }
    }

    fn link(&mut self, from: Vec<Candidate>, to: Vec<Candidate>, kind: LinkKind) {
        let link = Link { from, to, kind };
        if !self.links.contains(&link) {
            self.links.push(link);
        }
    }

    /// Puts the chain on the step.
    fn write_to(self, step: &mut Step) {
        step.implications = self.implications;
        step.links = self.links;
    }
}

/// A fact as other implications name it: "r3c9 = 3", or "r4c4 ≠ 4" for each candidate it
/// takes out.
fn fact_names(shape: Shape, fact: &Fact) -> Vec<String> {
    let sign = if fact.is_placement { "=" } else { "≠" };
    fact.targets
        .iter()
        .map(|c| format!("{} {sign} {}", c.cell.name(shape), shape.show(c.digit)))
        .collect()
}

/// A parent as a fact names it: a placement whole, an elimination by the candidates of it the
/// fact rests on (all of them when it does not say which, as for an inner trial).
fn parent_names(shape: Shape, parent: &Fact, fact: &Fact) -> Vec<String> {
    let names = fact_names(shape, parent);
    if parent.is_placement {
        return names;
    }
    let used: Vec<String> = parent
        .targets
        .iter()
        .zip(&names)
        .filter(|(c, _)| fact.removed.contains(c))
        .map(|(_, name)| name.clone())
        .collect();
    if used.is_empty() {
        names
    } else {
        used
    }
}

/// The chain of one premise followed to its dead end: the derivation and the dead end's
/// fact, or `None` if the premise leads to no dead end with `reach`.
fn derive_dead_end(
    board: &Board,
    premise: Candidate,
    reach: Reach,
) -> Option<(Derivation, u32, Contradiction)> {
    let mut d = Derivation::new(board, reach);
    d.place(
        premise.cell,
        premise.digit,
        Rule::Premise,
        Vec::new(),
        Vec::new(),
    )?;
    let (dead, from, removed) = d.run()?;
    let end = d.add_dead_end(dead, from, removed);
    d.resolve(&[end]);
    Some((d, end, dead))
}
