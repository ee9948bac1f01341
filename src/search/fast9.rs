//! The bit-parallel exact solver for 9×9 (being written; for now it delegates).

use super::general::GeneralSolver;
use super::{ExactSolver, SearchOutcome, Solutions};
use crate::grid::Shape;

/// The fast exact solver for 9×9 puzzles.
pub struct Fast9Solver {
    inner: GeneralSolver,
}

impl Fast9Solver {
    /// A new solver; it can be reused for any number of puzzles.
    pub fn new() -> Fast9Solver {
        Fast9Solver {
            inner: GeneralSolver::new(Shape::NINE),
        }
    }
}

impl Default for Fast9Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl ExactSolver for Fast9Solver {
    fn search(&mut self, givens: &[u8], limit: u32, kept: &mut Solutions) -> SearchOutcome {
        self.inner.search(givens, limit, kept)
    }
}
