//! Wings: XY-Wing, XYZ-Wing, W-Wing.

use super::Rung;

/// The rungs of this family, in ladder order.
pub const RUNGS: &[Rung] = &[];
