//! What a picture shows: each cell's content and where its digit came from, the step to mark,
//! the title and the caption; built from a puzzle, a solution or a position of a trace.

use super::caption::{step_heading, Caption};
use super::painter::Painter;
use super::theme::Theme;
use crate::constraint::Constraints;
use crate::digits::{Digit, DigitSet};
use crate::geometry::Geometry;
use crate::grid::{Cell, Grid, Shape};
use crate::search::Budget;
use crate::strategy::{stepper_within, Strategy};
use crate::trace::{Board, Change, Step, StepKind};
use std::sync::Arc;

/// Where a digit came from, which sets how it is drawn (as the page's board model records).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// A digit of the puzzle as posed.
    Given,
    /// Placed by a step that is not a guess, with this many guesses in force (0: for sure).
    Deduced {
        /// The number of guesses in force when it was placed.
        depth: u32,
    },
    /// Tried by a guess.
    Guess {
        /// The guess's depth: 1 for the first guess in force.
        depth: u32,
    },
    /// Filled in from the solution.
    Solution,
}

impl Origin {
    /// The word written into the image's `data-origin` attributes.
    pub(super) fn word(self) -> &'static str {
        match self {
            Origin::Given => "given",
            Origin::Deduced { .. } => "deduced",
            Origin::Guess { .. } => "guess",
            Origin::Solution => "solution",
        }
    }
}

/// What one cell shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CellContent {
    /// A digit, and where it came from.
    Digit(Digit, Origin),
    /// An empty cell with its candidates.
    Candidates(DigitSet),
    /// An empty cell, drawn without candidates.
    Blank,
}

/// The trace of a puzzle did not reach the position asked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ShortTrace {
    /// The number of steps the trace has, or had reached when it stopped.
    pub n_steps: usize,
    /// Why it stopped there.
    pub cause: Shortfall,
}

/// Why a trace stopped before the position asked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shortfall {
    /// The trace ended: positions 0 to `n_steps` exist.
    Ended,
    /// The budget's deadline passed while the trace was replayed.
    OutOfTime,
}

/// What to draw: a board, each cell's content, and optionally a step to highlight.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    pub(super) geometry: Arc<Geometry>,
    pub(super) cells: Vec<CellContent>,
    pub(super) step: Option<Step>,
    /// The position of the trace drawn, with `step` the step that led there.
    pub(super) position: usize,
    /// The implication of the step's forcing chain walked to, as an index into its
    /// `implications` (see [`Picture::walked_to`]).
    pub(super) walk: Option<usize>,
    pub(super) differing: Vec<Cell>,
    /// The rules beyond the houses, drawn under the digits (none for a plain puzzle).
    pub(super) constraints: Constraints,
    pub(super) title: String,
    pub(super) description: String,
    pub(super) caption: Option<Caption>,
}

impl Picture {
    /// The puzzle as posed: its givens, and the candidates of its empty cells when it has
    /// pencil marks (the page shows those while editing); no caption.
    pub fn of_puzzle(puzzle: &Grid) -> Picture {
        if puzzle.marks().is_some() {
            return Picture::of_puzzle_with_candidates(puzzle);
        }
        let cells = puzzle
            .shape()
            .cells()
            .map(|cell| match puzzle.get(cell) {
                Some(digit) => CellContent::Digit(digit, Origin::Given),
                None => CellContent::Blank,
            })
            .collect();
        Picture::plain(puzzle, cells, "Sudoku puzzle")
    }

    /// The puzzle as posed, with the candidates every trace starts from in its empty cells.
    pub fn of_puzzle_with_candidates(puzzle: &Grid) -> Picture {
        let board = Board::new(puzzle);
        let origins = Origins::of_puzzle(puzzle);
        Picture::plain(puzzle, origins.contents(&board), "Sudoku puzzle")
    }

    /// A solution of the puzzle: its givens as givens, every other digit as filled in.
    pub fn of_solution(puzzle: &Grid, solution: &Grid) -> Picture {
        let cells = puzzle
            .shape()
            .cells()
            .map(|cell| match (puzzle.get(cell), solution.get(cell)) {
                (Some(digit), _) => CellContent::Digit(digit, Origin::Given),
                (None, Some(digit)) => CellContent::Digit(digit, Origin::Solution),
                (None, None) => CellContent::Blank,
            })
            .collect();
        Picture::plain(puzzle, cells, "Solution of a Sudoku puzzle")
    }

    /// A picture of `what` with no step and no caption.
    fn plain(puzzle: &Grid, cells: Vec<CellContent>, what: &str) -> Picture {
        let shape = puzzle.shape();
        Picture::new(
            puzzle,
            cells,
            format!("{what}, {}", shape.name()),
            format!("{} puzzle {}", shape.name(), puzzle.to_line()),
        )
    }

    /// A picture of the puzzle's board with these cells and words: no step, no caption, no
    /// cells marked as differing.
    fn new(puzzle: &Grid, cells: Vec<CellContent>, title: String, description: String) -> Picture {
        Picture {
            geometry: puzzle.geometry().clone(),
            cells,
            step: None,
            position: 0,
            walk: None,
            differing: Vec::new(),
            constraints: Constraints::default(),
            title,
            description,
            caption: None,
        }
    }

    /// Marks cells where another solution differs, as the page does for a puzzle with several.
    pub fn with_differing(mut self, cells: &[Cell]) -> Picture {
        self.differing = cells.to_vec();
        self
    }

    /// Draws a constraint puzzle's rules under the digits: cages, thermometers, arrows,
    /// dots, X and V, extra diagonals; the rules with no mark of their own (anti-knight,
    /// anti-king, non-consecutive) are named in the description.
    pub fn with_constraints(mut self, constraints: &Constraints) -> Picture {
        let named: Vec<&str> = [
            (constraints.is_antiknight, "anti-knight"),
            (constraints.is_antiking, "anti-king"),
            (constraints.is_nonconsecutive, "non-consecutive"),
        ]
        .into_iter()
        .filter_map(|(is_on, name)| is_on.then_some(name))
        .collect();
        if !named.is_empty() {
            self.description = format!("{}; rules: {}", self.description, named.join(", "));
        }
        self.constraints = constraints.clone();
        self
    }

    /// The board at a position of the puzzle's trace with a strategy: position 0 is the
    /// puzzle as given, position `n` the board after the trace's `n`-th step, that step
    /// highlighted (the numbering of the page's step list). Empty cells show their
    /// candidates, and a caption under the grid gives the step's number and sentence.
    ///
    /// Replays the trace up to the position, so the work grows with it; a trace that ends
    /// before gives [`ShortTrace`] with its length.
    pub fn at_position(
        puzzle: &Grid,
        strategy: Strategy,
        position: usize,
    ) -> Result<Picture, ShortTrace> {
        Picture::at_position_within(puzzle, strategy, position, Budget::DEFAULT)
    }

    /// The board at a position as [`Picture::at_position`] draws it, replaying the trace
    /// within `budget`: the strategy's setup searches within it, and a replay still going
    /// when its deadline passes stops with [`Shortfall::OutOfTime`].
    pub fn at_position_within(
        puzzle: &Grid,
        strategy: Strategy,
        position: usize,
        budget: Budget,
    ) -> Result<Picture, ShortTrace> {
        let shape = puzzle.shape();
        let mut solver = stepper_within(puzzle, strategy, budget);
        let mut origins = Origins::of_puzzle(puzzle);
        let mut last = None;
        for n_taken in 0..position {
            if budget.is_out_of_time() {
                return Err(ShortTrace {
                    n_steps: n_taken,
                    cause: Shortfall::OutOfTime,
                });
            }
            let Some(step) = solver.next_step() else {
                return Err(ShortTrace {
                    n_steps: n_taken,
                    cause: Shortfall::Ended,
                });
            };
            origins.record(&step);
            last = Some(step);
        }
        let board = solver.board();
        let description = format!(
            "{} puzzle {}; the {} strategy's trace at step {position}",
            shape.name(),
            puzzle.to_line(),
            strategy.name()
        );
        let (title, caption) = match &last {
            None => (
                format!("The puzzle as given, {}", shape.name()),
                Caption {
                    heading: "Step 0".to_string(),
                    text: "The puzzle as given".to_string(),
                },
            ),
            Some(step) => (
                format!("Step {position}: {}", step.text),
                Caption {
                    heading: step_heading(step, position),
                    text: step.text.clone(),
                },
            ),
        };
        Ok(Picture {
            step: last,
            position,
            caption: Some(caption),
            ..Picture::new(puzzle, origins.contents(board), title, description)
        })
    }

    /// The same picture under another title: the image's `<title>` and `aria-label`.
    pub fn with_title(mut self, title: impl Into<String>) -> Picture {
        self.title = title.into();
        self
    }

    /// The same picture without the caption under the grid.
    pub fn without_caption(mut self) -> Picture {
        self.caption = None;
        self
    }

    /// The shape of the board drawn.
    pub fn shape(&self) -> Shape {
        self.geometry.shape()
    }

    /// What each cell shows, in reading order.
    pub fn cells(&self) -> &[CellContent] {
        &self.cells
    }

    /// The step highlighted, if any.
    pub fn step(&self) -> Option<&Step> {
        self.step.as_ref()
    }

    /// The image's title: the step's number and sentence, or what the picture shows.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The picture as a self-contained SVG document in a theme's colours.
    pub fn to_svg(&self, theme: Theme) -> String {
        let mut svg = String::with_capacity(16 * 1024);
        // Writing into a String cannot fail.
        let _ = Painter::new(self, theme).paint(&mut svg);
        svg
    }
}

/// Where each digit on the board came from, kept up to date as a trace's steps are replayed:
/// a digit a guess places is a guess, any other placed digit a deduction at the step's depth.
struct Origins {
    per_cell: Vec<Option<Origin>>,
}

impl Origins {
    fn of_puzzle(puzzle: &Grid) -> Origins {
        Origins {
            per_cell: puzzle
                .shape()
                .cells()
                .map(|cell| puzzle.get(cell).map(|_| Origin::Given))
                .collect(),
        }
    }

    fn record(&mut self, step: &Step) {
        for change in &step.changes {
            match *change {
                Change::Place { cell, .. } => {
                    self.per_cell[cell.index()] = Some(match step.kind {
                        StepKind::Guess => Origin::Guess { depth: step.depth },
                        _ => Origin::Deduced { depth: step.depth },
                    });
                }
                Change::Unplace { cell, .. } => self.per_cell[cell.index()] = None,
                Change::Eliminate { .. } | Change::Restore { .. } => {}
            }
        }
    }

    /// Each cell of the board: its digit with its origin, or its candidates.
    fn contents(&self, board: &Board) -> Vec<CellContent> {
        board
            .shape()
            .cells()
            .map(|cell| match board.value(cell) {
                Some(digit) => CellContent::Digit(
                    digit,
                    self.per_cell[cell.index()].unwrap_or(Origin::Deduced { depth: 0 }),
                ),
                None => CellContent::Candidates(board.candidates(cell)),
            })
            .collect()
    }
}
