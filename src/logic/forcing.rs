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
//! chain as its `links`. Each implication lists the links that lead to it (an arrow another
//! implication drew first keeps its index), so a page can walk the chain implication by
//! implication and draw each one's arrows. An inner trial or inner forcing chain the chain
//! rests on is followed again from the state it was found on, and its implication carries
//! that chain as its own (`inner`, `inner_links`): the candidate tried, what follows from it
//! up to the dead end; or each side of the pair up to the candidates it rules out. Facts of
//! the outer chain an inner one rests on are named in its sentences, not repeated. Inner
//! chains use singles and locked candidates only, so they nest no further.
//!
//! Where several premises fail (or several cells or units agree on something) at the same
//! reach, the explained finder weighs the first [`MAX_ALTERNATIVES`] the search meets and
//! keeps the chain a person can follow best: the fewest implications to walk through, inner
//! ones included, then the fewest inner trials and inner forcing chains, then the first met
//! (see [`alternatives`]). Only the one kept is written out; a proof whose facts before its
//! inner trials are followed already outnumber the best one's implications is not followed
//! further. With [`Detail::Bare`] (a rating) the finders keep the first they meet and follow
//! nothing again, so the search costs a rating no more than before; a bare and an explained
//! trace take the same technique at each step, but may rule out different candidates with
//! it, and part from there.
//!
//! The finders keep the trials of the board they last looked at: the cell and unit finders
//! follow the premises the Nishio finder has just followed on that board, and a trial with
//! more reach resumes from one with less (see `TrialMemo`).
//!
//! Cost: a trial on 9×9 takes a few microseconds; a finder runs at most one trial per
//! candidate and propagation level, and the nested finder at most one inner trial per
//! candidate of a two-candidate cell per round, then two inner trials per either-or pair per
//! round. Weighing alternatives costs the explained finders more trials (to meet up to
//! [`MAX_ALTERNATIVES`] failing premises) and a derivation per alternative: see
//! `bench/README.md` ("Forcing chains"). From 16×16 on, where a trial costs far more and
//! there are far more candidates, premises come only from two-candidate cells and conjugate
//! pairs, and the nested finder is skipped: such puzzles may need search sooner.
//!
//! Files: `trial.rs` (the fast trial and the memo of trials), `derivation.rs` (the trial that
//! remembers why), `proof.rs` (a step with its derivations, before its chain is written),
//! `chain.rs` (the implications, their sentences and arrows).

mod chain;
mod derivation;
mod proof;
mod trial;

pub use trial::Trial;

use super::util::{and_list, sort_keys};
use super::{Detail, Rung};
use crate::contradiction::Contradiction;
use crate::digits::{Digit, DigitSet};
use crate::grid::{Cell, House, Shape};
use crate::technique::Technique;
#[cfg(doc)]
use crate::trace::Implication;
use crate::trace::{Board, Candidate, Change, Step, StepKind};
use proof::{simplest, Proof};
use trial::{forget_trials, with_trials};

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

/// The most steps an explained finder weighs, at the first reach that gives any: the first
/// failing premises a Nishio or nested finder meets (fewest candidates first, then in reading
/// order), or the first cells or units that give a cell or unit forcing chain. It follows
/// each again and keeps the one a person can follow best (see [`alternatives`]). Meeting more
/// than the first costs more trials, and following each costs a derivation, hence the cap:
/// on the hard collections, weighing 8 makes the chains about 45% shorter than the first
/// found on the same boards, and explaining whole traces 1.2× (top1465) to 2.1×
/// (forum_hardest) slower (see `bench/README.md`, "Forcing chains"). The bare finders (see
/// [`Detail::Bare`]) take the first.
pub const MAX_ALTERNATIVES: usize = 8;

/// The reaches of the Nishio, cell and unit finders, least first.
const FIRST_REACHES: [Reach; 2] = [Reach::Singles, Reach::LockedCandidates];

/// The reaches of the nested finder, least first.
const NESTED_REACHES: [Reach; 2] = [Reach::Nested, Reach::Net];

/// Every step the explained finder of `technique` (a forcing chain) weighs on `board`, with
/// its chain, in the order the search meets them: at most [`MAX_ALTERNATIVES`], all at the
/// first reach that gives one. The finder gives the one a person can follow best (the fewest
/// implications to walk through, premises and inner chains included, see
/// [`Implication::inner`]; then the fewest inner trials and inner forcing chains; then the
/// first); the first is the one the bare finder (see [`Detail::Bare`]) takes. Empty when the
/// finder finds nothing, and for other techniques.
pub fn alternatives(board: &Board, technique: Technique) -> Vec<Step> {
    proofs(board, technique)
        .into_iter()
        .map(|mut proof| {
            proof.resolve();
            titled(proof.write(board), technique)
        })
        .collect()
}

/// The step the explained finder of `technique` gives: the simplest of the alternatives.
fn explained(board: &Board, technique: Technique) -> Option<Step> {
    let step = simplest(proofs(board, technique), board)?;
    Some(titled(step, technique))
}

/// The step as the finder of `technique` names it: the nested finder's steps are Nishio
/// steps found with inner trials.
fn titled(step: Step, technique: Technique) -> Step {
    if technique == Technique::NestedForcingChain {
        as_nested(step)
    } else {
        step
    }
}

/// The proofs behind [`alternatives`], not yet resolved or written.
fn proofs(board: &Board, technique: Technique) -> Vec<Proof> {
    match technique {
        Technique::NishioForcingChain => nishio_proofs(board, &FIRST_REACHES),
        Technique::CellForcingChain => {
            let cells = cells_by_count(board);
            forcing_proofs(board, |reach| {
                cells
                    .iter()
                    .filter_map(|&cell| cell_step(board, cell, reach))
                    .take(MAX_ALTERNATIVES)
                    .collect()
            })
        }
        Technique::UnitForcingChain => {
            let units = units_by_count(board);
            forcing_proofs(board, |reach| {
                units
                    .iter()
                    .filter_map(|&(house, digit)| unit_step(board, house, digit, reach))
                    .take(MAX_ALTERNATIVES)
                    .collect()
            })
        }
        Technique::NestedForcingChain => {
            if board.shape().size() > 12 {
                forget_trials();
                return Vec::new();
            }
            let proofs = nishio_proofs(board, &NESTED_REACHES);
            forget_trials();
            proofs
        }
        _ => Vec::new(),
    }
}

/// Nishio forcing chain: a candidate that, assumed true, leads by singles (then locked
/// candidates) to a contradiction is false.
pub fn nishio(board: &Board) -> Option<Step> {
    nishio_in(board, Detail::Explained)
}

fn nishio_in(board: &Board, detail: Detail) -> Option<Step> {
    match detail {
        Detail::Explained => explained(board, Technique::NishioForcingChain),
        Detail::Bare => FIRST_REACHES
            .into_iter()
            .find_map(|reach| bare_nishio(board, reach)),
    }
}

/// Nested forcing chain: a Nishio whose trials may themselves try each candidate of their
/// two-candidate cells, and failing that, also follow both sides of every either-or pair
/// (inner forcing chains). The last logical resort before search; skipped above 12×12, where
/// it is too slow.
pub fn nested_forcing_chain(board: &Board) -> Option<Step> {
    nested_forcing_chain_in(board, Detail::Explained)
}

fn nested_forcing_chain_in(board: &Board, detail: Detail) -> Option<Step> {
    match detail {
        Detail::Explained => explained(board, Technique::NestedForcingChain),
        Detail::Bare => {
            if board.shape().size() > 12 {
                forget_trials();
                return None;
            }
            let step = NESTED_REACHES
                .into_iter()
                .find_map(|reach| bare_nishio(board, reach));
            forget_trials();
            step.map(as_nested)
        }
    }
}

/// A Nishio step found with inner trials, as the nested forcing chain it is.
fn as_nested(mut step: Step) -> Step {
    step.technique = Technique::NestedForcingChain;
    step.difficulty = Technique::NestedForcingChain.difficulty();
    step.text = step
        .text
        .replacen("Nishio forcing chain", "Nested forcing chain", 1);
    step
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

/// The first failing premises at `reach`, at most `max`, in the order of [`cells_by_count`]
/// and then of digits: each with the dead end its trial ran into.
fn failing_premises(board: &Board, reach: Reach, max: usize) -> Vec<(Candidate, Contradiction)> {
    with_trials(board, |trials| {
        let mut found = Vec::new();
        for cell in cells_by_count(board) {
            for digit in board.candidates(cell).iter() {
                let premise = Candidate::new(cell, digit);
                if let Err(dead) = trials.follow(premise, reach) {
                    found.push((premise, *dead));
                    if found.len() == max {
                        return found;
                    }
                }
            }
        }
        found
    })
}

/// The bare Nishio step of the first failing premise at `reach` (see [`Detail::Bare`]).
fn bare_nishio(board: &Board, reach: Reach) -> Option<Step> {
    let shape = board.shape();
    let (premise, dead) = failing_premises(board, reach, 1).pop()?;
    let text = format!(
        "Nishio forcing chain: if {} were {digit}, {} would lead to a dead end; so it is not",
        premise.cell.name(shape),
        reach.words(),
        digit = shape.show(premise.digit),
    );
    Some(nishio_step(premise, dead, text))
}

/// The proofs of the first failing premises (at most [`MAX_ALTERNATIVES`]) at the first of
/// `reaches` where any fails.
fn nishio_proofs(board: &Board, reaches: &[Reach]) -> Vec<Proof> {
    for &reach in reaches {
        let failing = failing_premises(board, reach, MAX_ALTERNATIVES);
        if !failing.is_empty() {
            return failing
                .into_iter()
                .map(|(premise, dead)| Proof::nishio(board, premise, reach, dead))
                .collect();
        }
    }
    Vec::new()
}

/// The Nishio step that rules `premise` out, its trial having run into `dead`.
fn nishio_step(premise: Candidate, dead: Contradiction, text: String) -> Step {
    let Candidate { cell, digit } = premise;
    let mut step = Step::new(StepKind::Deduction, Technique::NishioForcingChain, 0, text);
    step.cells = vec![cell];
    step.digit = Some(digit);
    step.pattern = vec![premise];
    mark_dead_end(&mut step, dead);
    step.changes = vec![Change::Eliminate { cell, digit }];
    step
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
        // Trials follow singles in houses, which break no rule beyond them.
        Contradiction::BrokenRule(_) => {}
    }
}

/// Cell forcing chain: every candidate of a cell leads by singles (then locked candidates)
/// to the same placement or elimination, which therefore holds.
pub fn cell_forcing_chain(board: &Board) -> Option<Step> {
    cell_forcing_chain_in(board, Detail::Explained)
}

fn cell_forcing_chain_in(board: &Board, detail: Detail) -> Option<Step> {
    match detail {
        Detail::Explained => explained(board, Technique::CellForcingChain),
        Detail::Bare => {
            let cells = cells_by_count(board);
            FIRST_REACHES
                .into_iter()
                .find_map(|reach| cells.iter().find_map(|&cell| cell_step(board, cell, reach)))
        }
    }
}

/// The cell forcing chain of `cell` with `reach`, without its chain, if its candidates agree
/// on anything.
fn cell_step(board: &Board, cell: Cell, reach: Reach) -> Option<Step> {
    let premises: Vec<Candidate> = board
        .candidates(cell)
        .iter()
        .map(|d| Candidate::new(cell, d))
        .collect();
    forcing_step(board, &premises, Premises::Cell(cell), reach)
}

/// Unit forcing chain: every place of a digit in a house leads by singles (then locked
/// candidates) to the same placement or elimination, which therefore holds.
pub fn unit_forcing_chain(board: &Board) -> Option<Step> {
    unit_forcing_chain_in(board, Detail::Explained)
}

fn unit_forcing_chain_in(board: &Board, detail: Detail) -> Option<Step> {
    match detail {
        Detail::Explained => explained(board, Technique::UnitForcingChain),
        Detail::Bare => {
            let units = units_by_count(board);
            FIRST_REACHES.into_iter().find_map(|reach| {
                units
                    .iter()
                    .find_map(|&(house, digit)| unit_step(board, house, digit, reach))
            })
        }
    }
}

/// The units a unit forcing chain starts from, as (dense house id, digit): the digits with
/// at least two places in a house (and at most [`max_premises`]), fewest places first, then
/// by house, then by digit.
fn units_by_count(board: &Board) -> Vec<(usize, Digit)> {
    let shape = board.shape();
    let g = board.geometry();
    // Each unit is a key (see `sort_keys`): the number of places, the house id and the digit
    // index, the last two below 2^8.
    let mut units: Vec<u32> = Vec::new();
    let places = super::memo::places(board);
    for h in 0..g.n_houses() {
        for digit in shape.all_digits().iter() {
            let n_places = places.get(digit, h).count_ones() as usize;
            if (2..=max_premises(shape)).contains(&n_places) {
                units.push((n_places as u32) << 16 | (h as u32) << 8 | digit.index() as u32);
            }
        }
    }
    // The units come by house, then digit, so sorting the whole key keeps that order among
    // units with as many places, as the stable sort by count alone did; no two are equal.
    sort_keys(&mut units);
    units
        .into_iter()
        .map(|unit| {
            let h = (unit >> 8 & 0xff) as usize;
            (h, Digit::from_index((unit & 0xff) as usize))
        })
        .collect()
}

/// The unit forcing chain of `digit` in the house of dense id `h` with `reach`, without its
/// chain, if the digit's places agree on anything.
fn unit_step(board: &Board, h: usize, digit: Digit, reach: Reach) -> Option<Step> {
    let g = board.geometry();
    let premises: Vec<Candidate> = g.house_cells[h]
        .iter()
        .filter(|&&c| board.has_candidate(c, digit))
        .map(|&c| Candidate::new(c, digit))
        .collect();
    forcing_step(board, &premises, Premises::Unit(g.house(h), digit), reach)
}

/// The proofs of the cell or unit forcing chains `find` gives at the first reach where it
/// gives any.
fn forcing_proofs(board: &Board, find: impl Fn(Reach) -> Vec<Step>) -> Vec<Proof> {
    for reach in FIRST_REACHES {
        let steps = find(reach);
        if !steps.is_empty() {
            return steps
                .into_iter()
                .map(|step| Proof::forcing(board, step, reach))
                .collect();
        }
    }
    Vec::new()
}

/// Where the premises of a forcing chain come from: one of them is true.
#[derive(Copy, Clone)]
enum Premises {
    /// The candidates of a cell.
    Cell(Cell),
    /// The places of a digit in a house.
    Unit(House, Digit),
}

/// Follows each premise and returns the step for what they all agree on, if anything,
/// without its chain (see [`Proof::forcing`]).
fn forcing_step(
    board: &Board,
    premises: &[Candidate],
    source: Premises,
    reach: Reach,
) -> Option<Step> {
    let shape = board.shape();
    let n_cells = shape.n_cells();
    // The value every live branch places in a cell (0: not all the same).
    let mut agreed = vec![0u8; n_cells];
    // The candidates every live branch removes from a cell.
    let mut removed = vec![0u32; n_cells];
    let mut n_live = 0;
    let mut dead: Vec<Candidate> = Vec::new();
    with_trials(board, |trials| {
        for &premise in premises {
            trials.follow(premise, reach);
        }
        // The memo's base trial is the board's, as `Trial::new` would make it.
        let base = trials.base();
        for &premise in premises {
            let Ok(trial) = trials.outcome(premise, reach) else {
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
    Some(step)
}
