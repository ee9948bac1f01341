//! Single-digit patterns: Skyscraper, 2-String Kite, Turbot fish, Empty rectangle.

use super::Rung;

/// The rungs of this family, in ladder order.
pub const RUNGS: &[Rung] = &[];
