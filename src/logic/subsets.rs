//! Subsets: naked and hidden pairs, triples and quads.

use super::Rung;

/// The rungs of this family, in ladder order.
pub const RUNGS: &[Rung] = &[];
