//! A forcing step with the derivations that explain it, before its chain is written: the
//! explained finders weigh several and write only the one they keep.

use super::chain::{ChainSize, ChainWriter};
use super::derivation::Branch;
use super::{implications_count, nishio_step, Reach};
use crate::contradiction::Contradiction;
use crate::trace::{Board, Candidate, Step};

/// A forcing step found by the search, and each of its premises followed again, recording
/// why (see [`Branch`]).
pub(super) enum Proof {
    /// A Nishio (or nested) premise, the dead end its trial met, and its branch to the dead
    /// end with that dead end (`None` only if the derivation missed what the trial found).
    Nishio {
        premise: Candidate,
        reach: Reach,
        fast_dead: Contradiction,
        branch: Option<(Branch, Contradiction)>,
    },
    /// A cell or unit forcing chain, without its chain yet, and a branch per premise.
    Forcing { step: Step, branches: Vec<Branch> },
}

impl Proof {
    /// The proof of a Nishio premise whose trial with `reach` ran into `fast_dead`.
    pub(super) fn nishio(
        board: &Board,
        premise: Candidate,
        reach: Reach,
        fast_dead: Contradiction,
    ) -> Proof {
        let branch = Branch::to_dead_end(board, premise, reach);
        debug_assert!(
            branch.is_some(),
            "the derivation reaches what the trial reaches"
        );
        Proof::Nishio {
            premise,
            reach,
            fast_dead,
            branch,
        }
    }

    /// The proof of a cell or unit forcing chain found with `reach`: each premise (its
    /// pattern) followed to its dead end or to the step's conclusion.
    pub(super) fn forcing(board: &Board, step: Step, reach: Reach) -> Proof {
        let placed: Vec<Candidate> = step.placements().collect();
        let gone: Vec<Candidate> = step.eliminations().collect();
        let branches = step
            .pattern
            .iter()
            .filter_map(|&premise| Branch::to_conclusion(board, premise, reach, (&placed, &gone)))
            .collect();
        Proof::Forcing { step, branches }
    }

    fn branches(&self) -> Vec<&Branch> {
        match self {
            Proof::Nishio { branch, .. } => branch.iter().map(|(b, _)| b).collect(),
            Proof::Forcing { branches, .. } => branches.iter().collect(),
        }
    }

    /// A lower bound of the implications to walk through once resolved: the facts the
    /// branches hold before their inner trials are followed again.
    pub(super) fn min_walked(&self) -> usize {
        self.branches().iter().map(|b| b.n_facts()).sum()
    }

    /// Follows the inner trials and inner forcing chains of every branch again (see
    /// [`Branch::resolve`]): what [`Proof::size`] and [`Proof::write`] need.
    pub(super) fn resolve(&mut self) {
        match self {
            Proof::Nishio { branch, .. } => {
                if let Some((branch, _)) = branch {
                    branch.resolve();
                }
            }
            Proof::Forcing { branches, .. } => branches.iter_mut().for_each(Branch::resolve),
        }
    }

    /// The size of the chain [`Proof::write`] would write, once resolved.
    pub(super) fn size(&self) -> ChainSize {
        if let Proof::Nishio { branch: None, .. } = self {
            return ChainSize::UNKNOWN;
        }
        self.branches()
            .iter()
            .map(|b| ChainSize::of(b))
            .fold(ChainSize::default(), |sum, size| ChainSize {
                n_walked: sum.n_walked + size.n_walked,
                n_nested: sum.n_nested + size.n_nested,
            })
    }

    /// The step with its chain and the sentence that counts it, once resolved.
    pub(super) fn write(self, board: &Board) -> Step {
        let shape = board.shape();
        let mut chain = ChainWriter::new(shape);
        for branch in self.branches() {
            chain.append(branch);
        }
        let mut step = match self {
            Proof::Nishio {
                premise,
                reach,
                fast_dead,
                branch,
            } => {
                let dead = branch.map_or(fast_dead, |(_, dead)| dead);
                let (cell, digit) = (premise.cell.name(shape), shape.show(premise.digit));
                let text = format!(
                    "Nishio forcing chain: if {cell} were {digit}, {} would lead in {} to a dead end: {}; so {cell} is not {digit}",
                    reach.words(),
                    implications_count(chain.n_implications()),
                    dead.describe_hypothetical(shape),
                );
                nishio_step(premise, dead, text)
            }
            Proof::Forcing { mut step, .. } => {
                step.text = format!(
                    "{} ({})",
                    step.text,
                    implications_count(chain.n_implications())
                );
                step
            }
        };
        chain.write_to(&mut step);
        step
    }
}

/// Of proofs of the same technique with the same reach, in the order the search met them,
/// the step a person can follow best, written: the fewest implications to walk through, then
/// the fewest inner trials and inner forcing chains, then the first met. A proof whose lower
/// bound ([`Proof::min_walked`]) is already longer than the best so far is not resolved, and
/// only the one kept is written.
pub(super) fn simplest(proofs: Vec<Proof>, board: &Board) -> Option<Step> {
    let mut best: Option<(ChainSize, Proof)> = None;
    for mut proof in proofs {
        if best
            .as_ref()
            .is_some_and(|(size, _)| proof.min_walked() > size.n_walked)
        {
            continue;
        }
        proof.resolve();
        let size = proof.size();
        if best.as_ref().is_none_or(|(best_size, _)| size < *best_size) {
            best = Some((size, proof));
        }
    }
    best.map(|(_, proof)| proof.write(board))
}
