//! Forcing chains: Nishio, cell and unit forcing chains, the last logical resort before search.

use super::Rung;

/// The rungs of this family, in ladder order.
pub const RUNGS: &[Rung] = &[];
