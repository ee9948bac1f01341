//! Plain depth-first search in reading order, as a recursive solver does it.

use super::Stepper;
use crate::contradiction::Contradiction;
use crate::digits::Digit;
use crate::grid::{Cell, Grid};
use crate::technique::Technique;
use crate::trace::{Board, Change, Step, StepKind};
use crate::validate::{self, Conflict};

/// What the depth-first search does next.
#[derive(Copy, Clone, Debug)]
enum Phase {
    /// Fill the first empty cell with its smallest fitting digit above `after`.
    Advance { after: Option<Digit> },
    /// Undo the last placement.
    Retreat,
    /// The givens conflict: say so and end.
    Conflicting(Conflict),
    /// The trace has ended.
    Done,
}

/// Depth-first search in reading order: each placement is a guess, each dead end a
/// contradiction, each undo a backtrack. Candidates are kept exact (the digits no peer
/// holds, within the puzzle's pencil marks), so the page can show them.
#[derive(Clone)]
pub struct BacktrackingStepper {
    /// The puzzle, for the digits its pencil marks allow in each cell.
    puzzle: Grid,
    board: Board,
    placed: Vec<(Cell, Digit)>,
    phase: Phase,
}

impl BacktrackingStepper {
    /// A stepper at the start of the puzzle.
    pub fn new(puzzle: &Grid) -> BacktrackingStepper {
        BacktrackingStepper {
            puzzle: puzzle.clone(),
            board: Board::new(puzzle),
            placed: Vec::new(),
            phase: match validate::first_conflict(puzzle) {
                Some(conflict) => Phase::Conflicting(conflict),
                None => Phase::Advance { after: None },
            },
        }
    }

    fn depth(&self) -> u32 {
        self.placed.len() as u32
    }

    fn advance(&mut self, after: Option<Digit>) -> Step {
        let shape = self.board.shape();
        let Some(cell) = shape.cells().find(|&c| self.board.value(c).is_none()) else {
            self.phase = Phase::Done;
            return Step::new(
                StepKind::Solved,
                Technique::Solved,
                self.depth(),
                "Solved: every cell holds a digit".to_string(),
            );
        };
        let candidates = self.board.candidates(cell);
        let next = candidates.iter().find(|&d| after.is_none_or(|a| d > a));
        match (next, after) {
            (Some(digit), _) => {
                let changes = self.board.placement_changes(cell, digit);
                self.placed.push((cell, digit));
                self.phase = Phase::Advance { after: None };
                let text = format!(
                    "Try {digit} in {} (depth {})",
                    cell.name(shape),
                    self.depth(),
                    digit = shape.show(digit)
                );
                let mut step = Step::new(StepKind::Guess, Technique::Guess, self.depth(), text);
                step.cells = vec![cell];
                step.digit = Some(digit);
                step.changes = changes;
                self.apply(step)
            }
            (None, None) => {
                self.phase = Phase::Retreat;
                let text = format!("Dead end: no digit fits {}", cell.name(shape));
                let mut step = Step::new(
                    StepKind::Contradiction,
                    Technique::Contradiction,
                    self.depth(),
                    text,
                );
                step.cells = vec![cell];
                step
            }
            (None, Some(_)) => self.retreat(),
        }
    }

    fn retreat(&mut self) -> Step {
        let shape = self.board.shape();
        let Some((cell, digit)) = self.placed.pop() else {
            self.phase = Phase::Done;
            return Step::new(
                StepKind::Unsolvable,
                Technique::Unsolvable,
                0,
                "No solution: every digit has been tried in every cell".to_string(),
            );
        };
        let mut changes = vec![Change::Unplace { cell, digit }];
        // The digit appears once per house, so a peer still sees it elsewhere exactly when
        // one of its houses that does not hold `cell` has it.
        let geometry = self.board.geometry();
        let houses_of_cell = &geometry.cell_houses[cell.index()];
        let grid = self.board.grid();
        for &peer in &geometry.peers[cell.index()] {
            let seen_elsewhere = geometry.cell_houses[peer.index()].iter().any(|&h| {
                !houses_of_cell.contains(&h) && grid.digits_in(geometry.house(h)).contains(digit)
            });
            let is_allowed = self.puzzle.allowed(peer).contains(digit);
            if self.board.value(peer).is_none() && is_allowed && !seen_elsewhere {
                changes.push(Change::Restore { cell: peer, digit });
            }
        }
        self.phase = Phase::Advance { after: Some(digit) };
        let text = format!(
            "Backtrack: take {digit} out of {} and try the next digit (depth {})",
            cell.name(shape),
            self.depth(),
            digit = shape.show(digit)
        );
        let mut step = Step::new(
            StepKind::Backtrack,
            Technique::Backtrack,
            self.depth(),
            text,
        );
        step.cells = vec![cell];
        step.digit = Some(digit);
        step.changes = changes;
        self.apply(step)
    }

    fn apply(&mut self, step: Step) -> Step {
        self.board.apply_step(&step);
        step
    }

    /// Whether the board breaks a rule beyond the houses, or leaves one that no choice of the
    /// candidates can keep: the last placement's fault, or the givens' (then every placement
    /// fails, and so does a grid given whole). Houses need no check: candidates keep them.
    fn breaks_rule(&self) -> bool {
        self.board.broken_rule().is_some()
    }

    /// The dead end of a board that breaks a rule: say which, then undo the last placement
    /// (with none, the search ends: no solution).
    fn rule_dead_end(&mut self) -> Step {
        let shape = self.board.shape();
        let rule = self
            .board
            .broken_rule()
            .expect("called when the board breaks a rule");
        self.phase = Phase::Retreat;
        let contradiction = Contradiction::BrokenRule(rule);
        let text = format!("Dead end: {}", contradiction.describe(shape));
        let mut step = Step::new(
            StepKind::Contradiction,
            Technique::Contradiction,
            self.depth(),
            text,
        );
        step.mark_fault(contradiction, self.board.geometry());
        step
    }
}

impl Stepper for BacktrackingStepper {
    fn snapshot(&self) -> Box<dyn Stepper> {
        Box::new(self.clone())
    }

    fn next_step(&mut self) -> Option<Step> {
        match self.phase {
            Phase::Advance { .. } if self.breaks_rule() => Some(self.rule_dead_end()),
            Phase::Advance { after } => Some(self.advance(after)),
            Phase::Retreat => Some(self.retreat()),
            Phase::Conflicting(conflict) => {
                self.phase = Phase::Done;
                let shape = self.board.shape();
                let text = format!("No solution: {}", conflict.describe(shape));
                let mut step = Step::new(StepKind::Unsolvable, Technique::Unsolvable, 0, text);
                step.mark_fault(Contradiction::Conflict(conflict), self.board.geometry());
                Some(step)
            }
            Phase::Done => None,
        }
    }

    fn board(&self) -> &Board {
        &self.board
    }
}
