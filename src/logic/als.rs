//! Almost locked sets: ALS-XZ and ALS-XY-Wing.

use super::Rung;

/// The rungs of this family, in ladder order.
pub const RUNGS: &[Rung] = &[];
