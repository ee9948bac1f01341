//! Fish: X-Wing, Swordfish, Jellyfish, with finned and sashimi forms.

use super::Rung;

/// The rungs of this family, in ladder order.
pub const RUNGS: &[Rung] = &[];
