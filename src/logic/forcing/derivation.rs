//! The derivation: a trial that remembers why, followed again once a finder has its premise,
//! to explain the step.

use super::trial::Trial;
use super::Reach;
use crate::contradiction::Contradiction;
use crate::digits::Digit;
use crate::grid::Cell;
use crate::trace::{Board, Candidate, Rule};
use crate::util::bit_positions;
use std::sync::Arc;

/// No implication: a candidate the derivation has not taken out (it may never have been one).
pub(super) const NO_FACT: u32 = u32::MAX;

/// A fact a [`Derivation`] has found, with why.
#[derive(Clone, Debug)]
pub(super) struct Fact {
    pub(super) rule: Rule,
    /// The candidate it makes true (a placement: one) or the candidates it makes false.
    pub(super) targets: Vec<Candidate>,
    /// Whether `targets` is a placement.
    pub(super) is_placement: bool,
    /// The earlier facts it rests on, by id, smallest first.
    pub(super) from: Vec<u32>,
    /// The false candidates it rests on (for the arrows): those its parents took out.
    pub(super) removed: Vec<Candidate>,
    /// For locked candidates, the places of the digit left where the two houses meet.
    pub(super) locked: Vec<Candidate>,
    /// For an inner trial, the dead end it reached.
    pub(super) inner_dead_end: Option<Contradiction>,
    /// For an inner trial or an inner forcing chain, once resolved (see
    /// [`Derivation::resolve`]), its chain: the inner trial followed again, recording why,
    /// to its dead end, or each side of the inner forcing chain to the targets.
    pub(super) inner: Vec<Branch>,
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
pub(super) struct Derivation {
    trial: Trial,
    reach: Reach,
    /// For each candidate (`cell * size + digit index`), the fact that took it out.
    gone_by: Vec<u32>,
    /// For each cell, the fact that placed its digit.
    pub(super) placed_by: Vec<u32>,
    /// The facts found, fact `first_id + k` at `facts[k]`. An inner trial's derivation starts
    /// from its outer one's state without copying its facts: ids below `first_id` are the
    /// outer facts, which it treats as given.
    pub(super) facts: Vec<Fact>,
    pub(super) first_id: u32,
    /// The states on which inner trials failed, kept to find what each rests on only if the
    /// chain uses it.
    snapshots: Vec<Snapshot>,
}

/// One premise followed, recording why: its derivation and the facts its chain ends at (the
/// dead end, or what says the conclusion). A forcing step's chain has one per premise, and
/// so has an inner trial's or inner forcing chain's, whose derivation starts from the state
/// the fact was found on (its ids below `first_id` are the outer facts).
#[derive(Clone, Debug)]
pub(super) struct Branch {
    pub(super) derivation: Derivation,
    pub(super) ends: Vec<u32>,
}

impl Branch {
    /// The premise followed with `reach` to its dead end, and the dead end; `None` if it
    /// leads to none.
    pub(super) fn to_dead_end(
        board: &Board,
        premise: Candidate,
        reach: Reach,
    ) -> Option<(Branch, Contradiction)> {
        let mut d = Derivation::from_premise(board, premise, reach)?;
        let (dead, from, removed) = d.run()?;
        let end = d.add_dead_end(dead, from, removed);
        Some((
            Branch {
                derivation: d,
                ends: vec![end],
            },
            dead,
        ))
    }

    /// The premise of a cell or unit forcing chain followed with `reach` to its dead end, or
    /// to the conclusion every live branch shares: the placements `placed`, or when there
    /// are none the eliminations `gone`. `None` if the premise cannot be placed.
    pub(super) fn to_conclusion(
        board: &Board,
        premise: Candidate,
        reach: Reach,
        (placed, gone): (&[Candidate], &[Candidate]),
    ) -> Option<Branch> {
        let mut d = Derivation::from_premise(board, premise, reach)?;
        let ends = match d.run() {
            Some((dead, from, removed)) => vec![d.add_dead_end(dead, from, removed)],
            None => {
                let ends = d.ends_for(placed, gone);
                debug_assert!(!ends.is_empty(), "every live branch reaches the conclusion");
                ends
            }
        };
        Some(Branch {
            derivation: d,
            ends,
        })
    }

    /// Finds what the inner trials and inner forcing chains of the chain rest on (see
    /// [`Derivation::resolve`]).
    pub(super) fn resolve(&mut self) {
        self.derivation.resolve(&self.ends);
    }

    /// The facts of this derivation its chain holds so far: before [`Branch::resolve`], a
    /// lower bound of the implications it will have (resolving only adds to them).
    pub(super) fn n_facts(&self) -> usize {
        let d = &self.derivation;
        d.ancestors(&self.ends)
            .into_iter()
            .filter(|&id| id >= d.first_id)
            .count()
    }
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

impl Snapshot {
    /// The facts that made `either` and `or` an either-or pair on this state: those that
    /// took the other candidates out of their cell, or the digit out of the other cells of
    /// a house where they are its last two places.
    fn pair_makers(&self, either: Candidate, or: Candidate) -> Vec<u32> {
        let g = &self.trial.geometry;
        let size = g.size();
        let gone_by = |cell: Cell, digit: Digit| self.gone_by[cell.index() * size + digit.index()];
        let mut makers = Vec::new();
        if either.cell == or.cell {
            for k in 0..size {
                let digit = Digit::from_index(k);
                if digit != either.digit && digit != or.digit {
                    makers.push(gone_by(either.cell, digit));
                }
            }
        } else {
            let bit = 1u32 << either.digit.index();
            let is_pair_house = |h: usize| {
                self.trial.placed[h] & bit == 0
                    && g.house_cells[h].iter().all(|&c| {
                        c == either.cell || c == or.cell || self.trial.cands[c.index()] & bit == 0
                    })
            };
            let house = g.cell_houses[either.cell.index()]
                .iter()
                .copied()
                .filter(|h| g.cell_houses[or.cell.index()].contains(h))
                .find(|&h| is_pair_house(h));
            debug_assert!(
                house.is_some(),
                "a pair of places is the last two in a house"
            );
            if let Some(h) = house {
                for &c in &g.house_cells[h] {
                    if c != either.cell && c != or.cell {
                        makers.push(gone_by(c, either.digit));
                    }
                }
            }
        }
        makers.retain(|&id| id != NO_FACT);
        makers
    }
}

impl Derivation {
    pub(super) fn new(board: &Board, reach: Reach) -> Derivation {
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

    /// A derivation on `board` whose first fact is `premise`, assumed true; `None` if the
    /// premise cannot be placed.
    fn from_premise(board: &Board, premise: Candidate, reach: Reach) -> Option<Derivation> {
        let mut d = Derivation::new(board, reach);
        d.place(
            premise.cell,
            premise.digit,
            Rule::Premise,
            Vec::new(),
            Vec::new(),
        )?;
        Some(d)
    }

    /// The fact with id `id`, or `None` for a fact of the outer derivation.
    pub(super) fn fact(&self, id: u32) -> Option<&Fact> {
        id.checked_sub(self.first_id)
            .map(|k| &self.facts[k as usize])
    }

    fn size(&self) -> usize {
        self.trial.geometry.size()
    }

    pub(super) fn remover(&self, cell: Cell, digit: Digit) -> u32 {
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
    pub(super) fn place(
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
            inner: Vec::new(),
            pending: None,
            depth: 0,
        });
        let size = self.size();
        for pos in bit_positions(self.trial.cands[idx] & !bit) {
            self.gone_by[idx * size + pos] = id;
        }
        self.placed_by[idx] = id;
        self.trial.forget_scans();
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
        self.trial.forget_scans();
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
            for pos in bit_positions(full & !covered) {
                let digit = Digit::from_index(pos);
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
            for pos in bit_positions(once & !twice & !self.trial.placed[h]) {
                let bit = 1u32 << pos;
                let digit = Digit::from_index(pos);
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
                for pos in bit_positions(inside & !outside) {
                    let bit = 1u32 << pos;
                    let digit = Digit::from_index(pos);
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
                        inner: Vec::new(),
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
            for pos in bit_positions(mask) {
                let cell = Cell::new(idx);
                let digit = Digit::from_index(pos);
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
                        inner: Vec::new(),
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
            inner: Vec::new(),
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
                for pos in bit_positions(mask) {
                    let digit = Digit::from_index(pos);
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
    pub(super) fn resolve(&mut self, ends: &[u32]) {
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
                let fact = &self.facts[k];
                let mut branches = Vec::new();
                let mut dead_end = None;
                if let Rule::InnerForcing { either, or } = fact.rule {
                    // Both sides take every target out: each side's chain ends at what says
                    // so, and the fact rests on the facts of this derivation either rests on.
                    for premise in [either, or] {
                        let (mut inner, dead) = follow(premise);
                        debug_assert!(dead.is_none(), "both sides of an inner forcing live");
                        let ends = inner.ends_for(&[], &fact.targets);
                        debug_assert!(!ends.is_empty(), "both sides take the targets out");
                        branches.push(Branch {
                            derivation: inner,
                            ends,
                        });
                    }
                } else {
                    let (mut inner, dead) = follow(fact.targets[0]);
                    if let Some((dead, dead_from, removed)) = dead {
                        let end = inner.add_dead_end(dead, dead_from, removed);
                        branches.push(Branch {
                            derivation: inner,
                            ends: vec![end],
                        });
                        dead_end = Some(dead);
                    } else {
                        debug_assert!(false, "the inner derivation reaches what the trial reaches");
                    }
                }
                // The facts of this derivation the inner chains rest on directly: their
                // ancestors stop at them.
                let mut from: Vec<u32> = branches
                    .iter()
                    .flat_map(|b| b.derivation.ancestors(&b.ends))
                    .filter(|&f| f < n_outer)
                    .collect();
                if let Rule::InnerForcing { either, or } = fact.rule {
                    from.extend(snapshot.pair_makers(either, or));
                }
                from.sort_unstable();
                from.dedup();
                let fact = &mut self.facts[k];
                fact.pending = None;
                fact.from = from;
                fact.inner = branches;
                if dead_end.is_some() {
                    fact.inner_dead_end = dead_end;
                }
            }
        }
    }

    /// The facts that say the step's conclusion, as the ends of a branch: the fact that placed
    /// each of `placed`; or, when nothing is placed, the fact that took each of `gone` out,
    /// where a placement took some out a new fact per placement (and per kind: its cell's
    /// other digits, or its peers) that says so outright. Those `gone` that nothing took out
    /// are left out.
    pub(super) fn ends_for(&mut self, placed: &[Candidate], gone: &[Candidate]) -> Vec<u32> {
        let mut ends: Vec<u32> = placed
            .iter()
            .map(|c| self.placed_by[c.cell.index()])
            .collect();
        if ends.is_empty() {
            let mut peer_groups: Vec<((u32, bool), Vec<Candidate>)> = Vec::new();
            for &c in gone {
                let id = self.remover(c.cell, c.digit);
                if id == NO_FACT {
                    continue;
                }
                let Some(fact) = self.fact(id) else {
                    // Not possible: a candidate of the board this derivation started from is
                    // taken out by one of its own facts.
                    debug_assert!(false, "{c:?} was out before the derivation started");
                    continue;
                };
                if fact.is_placement {
                    let key = (id, fact.targets[0].cell == c.cell);
                    match peer_groups.iter_mut().find(|(k, _)| *k == key) {
                        Some((_, targets)) => targets.push(c),
                        None => peer_groups.push((key, vec![c])),
                    }
                } else {
                    ends.push(id);
                }
            }
            for ((id, _), targets) in peer_groups {
                ends.push(self.push(Fact {
                    rule: Rule::Peer,
                    targets,
                    is_placement: false,
                    from: vec![id],
                    removed: Vec::new(),
                    locked: Vec::new(),
                    inner_dead_end: None,
                    inner: Vec::new(),
                    pending: None,
                    depth: 0,
                }));
            }
        }
        ends.retain(|&id| id != NO_FACT);
        ends.sort_unstable();
        ends.dedup();
        ends
    }

    /// Runs rounds until a dead end (returned with the facts it rests on and the candidates
    /// they took out: the one with the fewest ancestors) or until nothing more follows.
    pub(super) fn run(&mut self) -> Option<(Contradiction, Vec<u32>, Vec<Candidate>)> {
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
    pub(super) fn ancestors(&self, ends: &[u32]) -> Vec<u32> {
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
    pub(super) fn add_dead_end(
        &mut self,
        dead: Contradiction,
        from: Vec<u32>,
        removed: Vec<Candidate>,
    ) -> u32 {
        let rule = match dead {
            Contradiction::NoCandidate(cell) => Rule::NoCandidate { cell },
            Contradiction::NoPlace(digit, house) => Rule::NoPlace { digit, house },
            Contradiction::Conflict(_) | Contradiction::BrokenRule(_) => {
                unreachable!("a trial never places two equal digits in a house, nor reads rules")
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
            inner: Vec::new(),
            pending: None,
            depth: 0,
        })
    }
}
