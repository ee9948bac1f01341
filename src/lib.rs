//! Stepdoku: a Sudoku solver that shows every deduction and every backtrack on one timeline.
//!
//! ```
//! use stepdoku::{Grid, search};
//! let puzzle = Grid::parse(
//!     "850002400720000009004000000000107002305000900040000000000080070017000000000036040",
//! ).unwrap();
//! let solution = search::solve(&puzzle).unwrap();
//! assert!(solution.is_valid_solution() && solution.agrees_with(&puzzle));
//! ```

pub mod digits;
pub mod grid;
pub mod search;

pub use digits::{Digit, DigitSet};
pub use grid::{Cell, Grid, House, HouseKind, ParseError, Shape};
