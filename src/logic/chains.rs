//! Chains: remote pair, X-chain, XY-chain, alternating inference chains (grouped too).

use super::Rung;

/// The rungs of this family, in ladder order.
pub const RUNGS: &[Rung] = &[];
