//! Strategies that solve a puzzle one step at a time and emit the trace.
//!
//! A [`Stepper`] owns the board and yields steps lazily, so an endless search on an empty
//! 25×25 grid costs nothing until someone asks for the next step.

mod backtracking;
mod search;

pub use crate::technique::Uniqueness;
pub use backtracking::BacktrackingStepper;
pub use search::SearchStepper;

use crate::grid::Grid;
use crate::search::Budget;
use crate::trace::{Board, Step};
use serde::Serialize;

/// How a stepper solves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Strategy {
    /// Depth-first search in reading order: place the smallest digit that fits, go on, undo
    /// on a dead end — as a plain recursive solver does.
    Backtracking,
    /// Naked and hidden singles until none remain, then a guess at a cell with the fewest
    /// candidates; on a contradiction, backtrack and rule the failed digit out.
    Singles,
    /// The easiest human technique available at each step; search only when none applies.
    Human,
}

impl Strategy {
    /// Every strategy.
    pub const ALL: [Strategy; 3] = [Strategy::Backtracking, Strategy::Singles, Strategy::Human];

    /// The strategy with this name (`backtracking`, `singles` or `human`).
    pub fn from_name(name: &str) -> Option<Strategy> {
        Strategy::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The short name used on the command line and in the page.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Backtracking => "backtracking",
            Strategy::Singles => "singles",
            Strategy::Human => "human",
        }
    }
    /// The name people read, as the page's strategy menu shows it: "Singles + search".
    pub fn label(self) -> &'static str {
        match self {
            Strategy::Backtracking => "Backtracking",
            Strategy::Singles => "Singles + search",
            Strategy::Human => "Human",
        }
    }
}

/// Something that solves a puzzle one step at a time.
pub trait Stepper {
    /// The next step, already applied to the board; `None` once the trace has ended (after a
    /// `Solved` or `Unsolvable` step).
    fn next_step(&mut self) -> Option<Step>;

    /// The board after the steps given so far.
    fn board(&self) -> &Board;

    /// A copy of the stepper as it stands: stepping the copy gives the very steps that
    /// stepping this one would, so a trace can be made again from any copy kept along it.
    fn snapshot(&self) -> Box<dyn Stepper>;
}

/// A stepper for a puzzle with the given strategy. The puzzle's givens must not conflict
/// (check with [`crate::validate`] first); conflicting givens end in an `Unsolvable` step.
pub fn stepper(puzzle: &Grid, strategy: Strategy) -> Box<dyn Stepper> {
    stepper_within(puzzle, strategy, Budget::DEFAULT)
}

/// A stepper as [`stepper`] makes one, whose setup searches within `budget`: the Human
/// strategy first counts the puzzle's solutions to know whether the uniqueness techniques
/// apply, which on a big grid can take as long as a solve.
pub fn stepper_within(puzzle: &Grid, strategy: Strategy, budget: Budget) -> Box<dyn Stepper> {
    match strategy {
        Strategy::Backtracking => Box::new(BacktrackingStepper::new(puzzle)),
        Strategy::Singles => Box::new(SearchStepper::singles(puzzle)),
        Strategy::Human => Box::new(SearchStepper::human(
            puzzle,
            Uniqueness::of_within(puzzle, budget),
        )),
    }
}
