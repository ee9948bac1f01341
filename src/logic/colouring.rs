//! Simple colouring: trap and wrap.

use super::Rung;

/// The rungs of this family, in ladder order.
pub const RUNGS: &[Rung] = &[];
