//! Uniqueness: unique rectangles types 1–4, hidden rectangle, BUG+1 (only for puzzles known to have one solution).

use super::Rung;

/// The rungs of this family, in ladder order.
pub const RUNGS: &[Rung] = &[];
