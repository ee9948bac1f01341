//! The Sudoku Explainer profile: ER, EP and ED as Sudoku Explainer would compute them, from a
//! rating solve with its technique set, its order of difficulty and its chain kinds.
//!
//! The rules followed here are Sudoku Explainer's published ones; the code is our own. The
//! solve always applies the easiest hint available:
//! - singles (hidden single 1.2 in a box, 1.5 in a row or column, naked single 2.3) and the
//!   "direct" techniques, rated as such only when they yield a placement at once (direct
//!   pointing 1.7, direct claiming 1.9, direct hidden pair 2.0, direct hidden triple 2.5);
//! - locked candidates, naked and hidden subsets, basic fish, XY- and XYZ-Wing, unique
//!   rectangles (our finders) and BUG+1, each at its fixed difficulty;
//! - chains over candidates switched on and off, each hint concluding one placement or one
//!   elimination: forcing X- and XY-chains (6.6 and 7.0), Nishio (one digit, 7.5), cell and
//!   region forcing chains (8.3 and 8.2), dynamic forcing chains (8.5), and dynamic chains
//!   whose implications also use, on the board as the chain leaves it and each only when the
//!   ones before give nothing more: locked candidates, then hidden and naked subsets and fish
//!   up to size 4 (9.0, "+"); static forcing chains (9.5, "+ Forcing Chains"); static cell and
//!   region forcing chains (10.0, "+ Multiple Forcing Chains"). Each adds 0.1 every time the
//!   chain's node count, the nodes of its inner chains included, passes 4, 6, 8, 12, 16, 24,
//!   32, … (alternately ×3/2 and ×4/3).
//!
//! Where we depart from Sudoku Explainer, to keep a rating fast:
//! - "+ Multiple Forcing Chains" is searched only when no easier hint exists; Sudoku Explainer
//!   also weighs it against a long "+ Forcing Chains" hint.
//! - After the first step, a chain hint no harder than the rating so far is taken as soon as it
//!   is found: it cannot raise ER or EP itself, though the solve may then go on along another
//!   path than Sudoku Explainer's.
//! - Deeper nesting (10.5, "+ Dynamic Forcing Chains") is not searched: a puzzle that needs it
//!   gives up with 10.5 as a lower bound, as does one past the step budget.
//!
//! Where each job is:
//! - this file: the public [`SeRating`] and [`SeStep`], and the solve loop;
//! - `board`: the 9×9 geometry as fixed tables and the board as bit masks;
//! - `basic`: singles, the direct techniques and the basic techniques, each at its fixed
//!   difficulty;
//! - `implications`: what an assumption implies, with parents (`Implications`) or as masks
//!   only (`Reach`), and the counting of a chain's nodes (`Ancestry`);
//! - `chains`: the chain search, one file per kind of chain;
//! - `difficulty`: a chain's difficulty and name, from its kind and its node count.

mod basic;
mod board;
mod chains;
mod difficulty;
mod implications;

use crate::grid::Grid;
use crate::trace::Candidate;
use basic::{basic, singles_and_direct};
use board::Board9;
use chains::Chains;

pub use crate::technique::length_bonus;

/// A difficulty in tenths (2.6 is 26), so comparisons are exact.
type Tenths = u16;

/// The result of a rating solve on Sudoku Explainer's terms.
#[derive(Clone, Debug, PartialEq)]
pub struct SeRating {
    /// The hardest step applied (0 when there is none).
    pub er: f32,
    /// The hardest step up to and including the first placement.
    pub ep: Option<f32>,
    /// The difficulty of the first step.
    pub ed: Option<f32>,
    /// Sudoku Explainer's name of the hardest step.
    pub hardest: Option<&'static str>,
    /// How the solve ended.
    pub outcome: SeOutcome,
}

/// How a rating solve on Sudoku Explainer's terms ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SeOutcome {
    /// Every cell was filled.
    Solved,
    /// The puzzle needs a technique this profile does not search (nesting past
    /// "+ Multiple Forcing Chains") or went past the step budget: ER is a lower bound.
    GaveUp,
    /// The board reached a contradiction (the puzzle has no solution).
    Invalid,
}

/// The number of steps after which the solve gives up.
pub const STEP_BUDGET: usize = 2_000;

/// The difficulty at which the profile gives up: Sudoku Explainer's next nesting level.
const GIVE_UP_AT: Tenths = 105;

/// What a hint does to the board.
#[derive(Clone, Debug)]
enum Action {
    /// Place a digit in a cell.
    Place(Candidate),
    /// Remove candidates.
    Eliminate(Vec<Candidate>),
}

/// A step the profile found: its difficulty, Sudoku Explainer's name and what it does.
#[derive(Clone, Debug)]
struct Hint {
    difficulty: Tenths,
    name: &'static str,
    action: Action,
}

impl Hint {
    fn places(&self) -> bool {
        matches!(self.action, Action::Place(..))
    }

    fn to_step(&self) -> SeStep {
        let (placement, eliminations) = match &self.action {
            Action::Place(candidate) => (Some(*candidate), Vec::new()),
            Action::Eliminate(list) => (None, list.clone()),
        };
        SeStep {
            difficulty: f32::from(self.difficulty) / 10.0,
            name: self.name,
            placement,
            eliminations,
        }
    }
}

/// One step of the rating solve, for checking it: its difficulty, Sudoku Explainer's name
/// and what it changed.
#[derive(Clone, Debug, PartialEq)]
pub struct SeStep {
    /// The difficulty.
    pub difficulty: f32,
    /// Sudoku Explainer's name of the technique.
    pub name: &'static str,
    /// The placement it makes, if any.
    pub placement: Option<Candidate>,
    /// The candidates it removes.
    pub eliminations: Vec<Candidate>,
}

impl SeRating {
    /// Rates a 9×9 puzzle on Sudoku Explainer's terms.
    pub fn of_puzzle(puzzle: &Grid) -> SeRating {
        SeRating::solve(puzzle, |_| {})
    }

    /// The steps of the rating solve of a 9×9 puzzle, in order.
    pub fn steps_of(puzzle: &Grid) -> Vec<SeStep> {
        let mut steps = Vec::new();
        SeRating::solve(puzzle, |step| steps.push(step));
        steps
    }

    fn solve(puzzle: &Grid, mut visit: impl FnMut(SeStep)) -> SeRating {
        let mut board = Board9::new(puzzle);
        let mut er: Tenths = 0;
        let mut ep = None;
        let mut ed = None;
        let mut hardest = None;
        let mut hardest_before_placement: Tenths = 0;
        let mut chains = Chains::take();
        let mut outcome = SeOutcome::GaveUp;
        for _ in 0..STEP_BUDGET {
            if board.is_solved() {
                outcome = SeOutcome::Solved;
                break;
            }
            if board.is_broken() {
                outcome = SeOutcome::Invalid;
                break;
            }
            let enough = if ed.is_some() { er } else { 0 };
            let Some(hint) = easiest_hint(&board, &mut chains, enough) else {
                if er < GIVE_UP_AT {
                    er = GIVE_UP_AT;
                    hardest = Some("Nested Forcing Chains (not searched)");
                }
                break;
            };
            if hint.difficulty > er || hardest.is_none() {
                er = er.max(hint.difficulty);
                hardest = Some(hint.name);
            }
            ed.get_or_insert(hint.difficulty);
            if ep.is_none() {
                hardest_before_placement = hardest_before_placement.max(hint.difficulty);
                if hint.places() {
                    ep = Some(hardest_before_placement);
                }
            }
            visit(hint.to_step());
            board.apply(&hint.action);
        }
        chains.give_back();
        let real = |t: Tenths| f32::from(t) / 10.0;
        SeRating {
            er: real(er),
            ep: ep.map(real),
            ed: ed.map(real),
            hardest,
            outcome,
        }
    }
}

/// The easiest hint on the board, if the profile finds one.
///
/// A chain hint no harder than `enough` is taken as soon as it is found, without looking for
/// an easier one: the caller passes the rating so far after the first step, where such a
/// hint cannot raise ER or EP itself.
fn easiest_hint(board: &Board9, chains: &mut Chains, enough: Tenths) -> Option<Hint> {
    if let Some(hint) = singles_and_direct(board) {
        return Some(hint);
    }
    if let Some(hint) = basic(board) {
        return Some(hint);
    }
    chains.easiest(board, enough)
}
