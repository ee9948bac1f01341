//! Logic first, then search: the engine behind the "Singles + search" and "Human" strategies.

use super::Stepper;
use crate::contradiction::Contradiction;
use crate::digits::Digit;
use crate::grid::{Cell, Grid};
use crate::logic::{self, Detail, Rung};
use crate::search::{self, Budget};
use crate::technique::{Technique, Uniqueness};
use crate::trace::{Board, Change, Step, StepKind};
use crate::validate;

impl Uniqueness {
    /// Checks a puzzle by counting its solutions up to two, within the default budget: a
    /// count that runs out of it leaves uniqueness unknown.
    pub fn of(puzzle: &Grid) -> Uniqueness {
        Uniqueness::of_within(puzzle, Budget::DEFAULT)
    }

    /// Checks a puzzle as [`Uniqueness::of`] does, counting within `budget`.
    pub fn of_within(puzzle: &Grid, budget: Budget) -> Uniqueness {
        if validate::first_conflict(puzzle).is_none()
            && search::count_solutions(puzzle, 2, budget) == Ok(1)
        {
            Uniqueness::Known
        } else {
            Uniqueness::Unknown
        }
    }
}

/// A guess in force: where, what, and where the change log stood before it.
#[derive(Copy, Clone, Debug)]
struct Guess {
    cell: Cell,
    digit: Digit,
    log_len: usize,
}

/// Applies the easiest deduction of a ladder; when none applies, guesses at the first cell
/// with the fewest candidates (its smallest candidate). On a contradiction it emits the
/// contradiction, then a backtrack that undoes everything since the last guess and eliminates
/// the guessed digit, and goes on one level up.
#[derive(Clone)]
pub struct SearchStepper {
    board: Board,
    ladder: &'static [Rung],
    /// Every change applied since the first guess in force, so a backtrack can undo back to
    /// a guess; empty while no guess is in force, which keeps snapshots small.
    log: Vec<Change>,
    guesses: Vec<Guess>,
    pending: Option<Contradiction>,
    is_done: bool,
}

impl SearchStepper {
    /// The "Singles + search" strategy: singles, and on a layout with rules beyond its houses
    /// the rungs that keep those rules ([`logic::singles_ladder`]).
    pub fn singles(puzzle: &Grid) -> SearchStepper {
        SearchStepper::with_ladder(puzzle, logic::singles_ladder(puzzle.geometry()))
    }

    /// The "Human" strategy: the whole technique ladder, with the uniqueness techniques only
    /// when the puzzle is known to have one solution.
    pub fn human(puzzle: &Grid, uniqueness: Uniqueness) -> SearchStepper {
        SearchStepper::human_with(puzzle, uniqueness, Detail::Explained)
    }

    /// The "Human" strategy with steps that hold `detail`: with [`Detail::Bare`], the steps
    /// a rating reads, at less cost, with the techniques of [`SearchStepper::human`] at each
    /// step. Where several forcing chains of a technique apply, the bare step is the first
    /// found and the explained one the simplest (see `logic::forcing::alternatives`), so the
    /// two traces may part there.
    pub fn human_with(puzzle: &Grid, uniqueness: Uniqueness, detail: Detail) -> SearchStepper {
        let ladder = logic::human_ladder_with(uniqueness, puzzle.geometry(), detail);
        SearchStepper::with_ladder(puzzle, ladder)
    }

    fn with_ladder(puzzle: &Grid, ladder: &'static [Rung]) -> SearchStepper {
        SearchStepper {
            board: Board::new(puzzle),
            ladder,
            log: Vec::new(),
            guesses: Vec::new(),
            pending: validate::first_conflict(puzzle).map(Contradiction::Conflict),
            is_done: false,
        }
    }

    fn depth(&self) -> u32 {
        self.guesses.len() as u32
    }

    fn apply(&mut self, mut step: Step) -> Step {
        step.depth = self.depth();
        self.board.apply_step(&step);
        if !self.guesses.is_empty() {
            self.log.extend_from_slice(&step.changes);
        }
        step
    }

    fn backtrack(&mut self, contradiction: Contradiction) -> Step {
        let shape = self.board.shape();
        let Some(guess) = self.guesses.pop() else {
            self.is_done = true;
            let text = format!("No solution: {}", contradiction.describe(shape));
            let mut step = Step::new(StepKind::Unsolvable, Technique::Unsolvable, 0, text);
            step.mark_fault(contradiction, self.board.geometry());
            return step;
        };
        let mut changes: Vec<Change> = self.log[guess.log_len..]
            .iter()
            .rev()
            .map(|c| c.inverse())
            .collect();
        changes.push(Change::Eliminate {
            cell: guess.cell,
            digit: guess.digit,
        });
        for &change in &changes {
            self.board.apply(change);
        }
        self.log.truncate(guess.log_len);
        if !self.guesses.is_empty() {
            self.log
                .push(*changes.last().expect("the elimination was pushed"));
        }
        let cell = guess.cell.name(shape);
        let digit = guess.digit;
        let text = format!(
            "Backtrack to depth {}: {digit} in {cell} led to a contradiction, so {cell} is not {digit}",
            self.depth(),
            digit = shape.show(digit)
        );
        let mut step = Step::new(StepKind::Backtrack, Technique::Backtrack, 0, text);
        step.cells = vec![guess.cell];
        step.digit = Some(digit);
        step.changes = changes;
        step.depth = self.depth();
        step
    }

    fn guess(&mut self) -> Step {
        let shape = self.board.shape();
        let (cell, options) = shape
            .cells()
            .filter(|&c| self.board.value(c).is_none())
            .map(|c| (c, self.board.candidates(c)))
            .min_by_key(|(_, set)| set.len())
            .expect("an unsolved board without contradiction has an empty cell with candidates");
        let digit = options.first().expect("no contradiction, so a candidate");
        self.guesses.push(Guess {
            cell,
            digit,
            log_len: self.log.len(),
        });
        let text = format!(
            "Guess {} = {digit} (one of {} candidates {}), depth {}",
            cell.name(shape),
            options.len(),
            shape.show_slashed(options),
            self.depth(),
            digit = shape.show(digit)
        );
        let mut step = Step::new(StepKind::Guess, Technique::Guess, 0, text);
        step.cells = vec![cell];
        step.digit = Some(digit);
        step.changes = self.board.placement_changes(cell, digit);
        self.apply(step)
    }
}

impl Stepper for SearchStepper {
    fn snapshot(&self) -> Box<dyn Stepper> {
        Box::new(self.clone())
    }

    fn next_step(&mut self) -> Option<Step> {
        if self.is_done {
            return None;
        }
        if let Some(contradiction) = self.pending.take() {
            return Some(self.backtrack(contradiction));
        }
        if let Some(contradiction) = self.board.contradiction() {
            self.pending = Some(contradiction);
            let shape = self.board.shape();
            let text = format!("Contradiction: {}", contradiction.describe(shape));
            let mut step = Step::new(
                StepKind::Contradiction,
                Technique::Contradiction,
                self.depth(),
                text,
            );
            step.mark_fault(contradiction, self.board.geometry());
            return Some(step);
        }
        // After the contradictions: a full board that breaks a rule beyond the houses (a
        // cage's sum, say) is a dead end, not a solution.
        if self.board.is_solved() {
            self.is_done = true;
            let text = "Solved: every cell holds a digit".to_string();
            return Some(Step::new(
                StepKind::Solved,
                Technique::Solved,
                self.depth(),
                text,
            ));
        }
        if let Some(step) = logic::next_deduction(self.ladder, &self.board) {
            return Some(self.apply(step));
        }
        Some(self.guess())
    }

    fn board(&self) -> &Board {
        &self.board
    }
}
