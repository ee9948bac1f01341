//! Intersections: locked candidates, pointing and claiming.

use super::Rung;

/// The rungs of this family, in ladder order.
pub const RUNGS: &[Rung] = &[];
