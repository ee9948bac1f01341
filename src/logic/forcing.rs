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
//! those that fail.
//!
//! Cost: a trial on 9×9 takes a few microseconds; a finder runs at most one trial per
//! candidate and propagation level, and the nested finder at most one inner trial per
//! candidate of a two-candidate cell per round. From 16×16 on, where a trial costs far more
//! and there are far more candidates, premises come only from two-candidate cells and
//! conjugate pairs, and the nested finder is skipped: such puzzles may need search sooner.

use super::util::{and_list, sort_keys, Geometry};
use super::Rung;
use crate::contradiction::Contradiction;
use crate::digits::{Digit, DigitSet};
use crate::grid::{Cell, House, Shape};
use crate::technique::Technique;
use crate::trace::{Board, Candidate, Change, Step, StepKind};
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

/// What a trial applies after its premise.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reach {
    /// Naked and hidden singles.
    Singles,
    /// Singles, then locked candidates (pointing and claiming).
    LockedCandidates,
    /// Singles and locked candidates, then, in turn, a trial of each candidate of every
    /// two-candidate cell, dropping those that fail.
    Nested,
}

impl Reach {
    fn words(self) -> &'static str {
        match self {
            Reach::Singles => "singles",
            Reach::LockedCandidates => "singles and locked candidates",
            Reach::Nested => "singles, locked candidates and inner trials",
        }
    }
}

/// A copy of the board as bit masks, on which a premise is followed by propagation.
#[derive(Clone, Debug)]
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
}

/// Nishio forcing chain: a candidate that, assumed true, leads by singles (then locked
/// candidates) to a contradiction is false.
pub fn nishio(board: &Board) -> Option<Step> {
    [Reach::Singles, Reach::LockedCandidates]
        .into_iter()
        .find_map(|reach| nishio_with(board, reach))
}

/// Nested forcing chain: a Nishio whose trials may themselves try each candidate of their
/// two-candidate cells. The last logical resort before search; skipped above 12×12, where
/// it is too slow.
pub fn nested_forcing_chain(board: &Board) -> Option<Step> {
    if board.shape().size() > 12 {
        return None;
    }
    let mut step = nishio_with(board, Reach::Nested)?;
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

fn nishio_with(board: &Board, reach: Reach) -> Option<Step> {
    let shape = board.shape();
    let base = Trial::new(board);
    let mut trial = base.clone();
    for cell in cells_by_count(board) {
        for digit in board.candidates(cell).iter() {
            trial.clone_from(&base);
            let Err(dead) = trial.assume(cell, digit, reach) else {
                continue;
            };
            let text = format!(
                "Nishio forcing chain: if {} were {digit}, {} would give {}, and then {}; so {} is not {digit}",
                cell.name(shape),
                reach.words(),
                placements_summary(shape, &trial.log[1..]),
                dead.describe_hypothetical(shape),
                cell.name(shape),
                digit = shape.show(digit),
            );
            let mut step = Step::new(StepKind::Deduction, Technique::NishioForcingChain, 0, text);
            step.cells = vec![cell];
            step.digit = Some(digit);
            step.pattern = vec![Candidate::new(cell, digit)];
            mark_dead_end(&mut step, dead);
            step.changes = vec![Change::Eliminate { cell, digit }];
            return Some(step);
        }
    }
    None
}

/// "r3c4 = 5, r6c6 = 2 and 9 more placements" (or "no placement").
fn placements_summary(shape: Shape, placements: &[(Cell, Digit)]) -> String {
    const SHOWN: usize = 4;
    if placements.is_empty() {
        return "no placement".to_string();
    }
    let mut items: Vec<String> = placements
        .iter()
        .take(SHOWN)
        .map(|(c, d)| format!("{} = {}", c.name(shape), shape.show(*d)))
        .collect();
    if placements.len() > SHOWN {
        items.push(format!("{} more placements", placements.len() - SHOWN));
    }
    and_list(&items)
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
                forcing_step(board, &premises, Premises::Cell(cell), reach)
            })
        })
}

/// Unit forcing chain: every place of a digit in a house leads by singles (then locked
/// candidates) to the same placement or elimination, which therefore holds.
pub fn unit_forcing_chain(board: &Board) -> Option<Step> {
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
                forcing_step(board, &premises, Premises::Unit(g.house(h), digit), reach)
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
    let mut trial = base.clone();
    for &premise in premises {
        trial.clone_from(&base);
        if trial.assume(premise.cell, premise.digit, reach).is_err() {
            dead.push(premise);
            continue;
        }
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
    Some(step)
}
