//! Stepdoku: a Sudoku solver that shows every deduction and every backtrack on one timeline.
//!
//! ```
//! use stepdoku::{Grid, search::{self, Budget}};
//! let puzzle = Grid::parse(
//!     "850002400720000009004000000000107002305000900040000000000080070017000000000036040",
//! ).unwrap();
//! let solution = search::solve(&puzzle, Budget::DEFAULT).unwrap().unwrap();
//! assert!(solution.is_valid_solution() && solution.agrees_with(&puzzle));
//! ```

pub mod constraint;
pub mod contradiction;
pub mod digits;
pub mod generate;
pub mod geometry;
pub mod grid;
pub mod search;

pub use digits::{Digit, DigitSet};
pub use geometry::{Geometry, LayoutError, Variant};
pub use grid::{Cell, Grid, House, HouseKind, ParseError, Reading, Shape};
pub mod logic;
pub mod lzstring;
pub mod rating;
pub mod render;
pub mod strategy;
pub mod technique;
pub mod timeline;
pub mod trace;
pub mod util;
pub mod validate;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use constraint::{ConstraintPuzzle, Constraints};
pub use contradiction::{Conflict, Contradiction};
pub use rating::Rating;
pub use strategy::{stepper, stepper_within, Stepper, Strategy};
pub use technique::Technique;
pub use trace::{Board, Candidate, Change, Step, StepKind};
pub use validate::{check, check_text, Checked, PuzzleError};
