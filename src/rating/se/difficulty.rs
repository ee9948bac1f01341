//! The difficulty and the name Sudoku Explainer gives a chain: a base per kind of chain and
//! the length bonus for its node count.
//!
//! A base is our technique table's difficulty where Sudoku Explainer's is the same; the
//! others are named constants that say why they differ.

use super::chains::Mode;
use super::Tenths;
use crate::technique::{length_bonus, Technique};

/// Sudoku Explainer's Nishio forcing chains: one digit followed alone. Our table's Nishio
/// forcing chain (7.6) may use singles and chains of every digit, so it is rated higher.
pub(super) const NISHIO: Tenths = 75;
/// Sudoku Explainer's region forcing chains, one tenth below its cell forcing chains; our
/// table's unit forcing chain (8.5) is rated above our cell forcing chain.
const REGION_FORCING: Tenths = 82;
/// Sudoku Explainer's dynamic forcing chains: implications that follow the chain's own
/// eliminations. Our table has no such technique.
const DYNAMIC: Tenths = 85;
/// Dynamic forcing chains that also use locked candidates, subsets and fish on the board as
/// the chain leaves it (Sudoku Explainer's "+"). Our table's nested forcing chain, 9.0 too,
/// is another technique.
const DYNAMIC_PLUS: Tenths = 90;
/// Dynamic forcing chains that also use static forcing chains (Sudoku Explainer's
/// "+ Forcing Chains").
const DYNAMIC_FORCING: Tenths = 95;
/// Dynamic forcing chains that also use static cell and region forcing chains (Sudoku
/// Explainer's "+ Multiple Forcing Chains").
const DYNAMIC_MULTIPLE: Tenths = 100;

/// A technique's difficulty in our table, in tenths (2.6 is 26).
pub(super) fn tenths(technique: Technique) -> Tenths {
    (technique.difficulty() * 10.0).round() as Tenths
}

/// What a chain concludes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum ChainKind {
    /// An assumption leads to a candidate both on and off, so it is false.
    Contradiction,
    /// Both assumptions about a candidate lead to the same node.
    Double,
    /// Every candidate of a cell leads to the same node.
    Cell,
    /// Every place of a digit in a house leads to the same node.
    Region,
}

/// The least difficulty of a chain of `mode`: the base its tier starts from. A static chain
/// with links of one kind only is Sudoku Explainer's X-chain (6.6, as our X-chain).
pub(super) fn tier_base(mode: Mode) -> Tenths {
    match mode {
        Mode::Static => tenths(Technique::XChain),
        Mode::Nishio => NISHIO,
        Mode::Dynamic => DYNAMIC,
        Mode::DynamicPlus => DYNAMIC_PLUS,
        Mode::DynamicForcing => DYNAMIC_FORCING,
        Mode::DynamicMultiple => DYNAMIC_MULTIPLE,
    }
}

/// The difficulty of a chain of `mode` and `kind` with `nodes` nodes, `x` and `y` saying
/// whether it has links between cells and within a cell. A static chain with both is
/// Sudoku Explainer's forcing XY-chain (7.0, as our alternating inference chain).
pub(super) fn chain_difficulty(
    mode: Mode,
    kind: ChainKind,
    nodes: usize,
    x: bool,
    y: bool,
) -> Tenths {
    let base = match (mode, kind) {
        (Mode::Static, ChainKind::Cell) => tenths(Technique::CellForcingChain),
        (Mode::Static, ChainKind::Region) => REGION_FORCING,
        (Mode::Static, _) if x && y => tenths(Technique::Aic),
        (mode, _) => tier_base(mode),
    };
    base + length_bonus(nodes)
}

/// Sudoku Explainer's name of a chain.
pub(super) fn chain_name(mode: Mode, kind: ChainKind, x: bool, y: bool) -> &'static str {
    match (mode, kind) {
        (Mode::Static, ChainKind::Cell) => "Cell Forcing Chains",
        (Mode::Static, ChainKind::Region) => "Region Forcing Chains",
        (Mode::Static, _) if x && !y => "Turbot Fish",
        (Mode::Static, _) => "Forcing Chain",
        (Mode::Nishio, _) => "Nishio Forcing Chains",
        (Mode::Dynamic, ChainKind::Contradiction) => "Dynamic Contradiction Forcing Chains",
        (Mode::Dynamic, ChainKind::Double) => "Dynamic Double Forcing Chains",
        (Mode::Dynamic, ChainKind::Cell) => "Dynamic Cell Forcing Chains",
        (Mode::Dynamic, ChainKind::Region) => "Dynamic Region Forcing Chains",
        (Mode::DynamicPlus, ChainKind::Contradiction) => "Dynamic Contradiction Forcing Chains (+)",
        (Mode::DynamicPlus, ChainKind::Double) => "Dynamic Double Forcing Chains (+)",
        (Mode::DynamicPlus, ChainKind::Cell) => "Dynamic Cell Forcing Chains (+)",
        (Mode::DynamicPlus, ChainKind::Region) => "Dynamic Region Forcing Chains (+)",
        (Mode::DynamicForcing, ChainKind::Contradiction) => {
            "Dynamic Contradiction Forcing Chains (+ Forcing Chains)"
        }
        (Mode::DynamicForcing, ChainKind::Double) => {
            "Dynamic Double Forcing Chains (+ Forcing Chains)"
        }
        (Mode::DynamicForcing, ChainKind::Cell) => "Dynamic Cell Forcing Chains (+ Forcing Chains)",
        (Mode::DynamicForcing, ChainKind::Region) => {
            "Dynamic Region Forcing Chains (+ Forcing Chains)"
        }
        (Mode::DynamicMultiple, ChainKind::Contradiction) => {
            "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)"
        }
        (Mode::DynamicMultiple, ChainKind::Double) => {
            "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)"
        }
        (Mode::DynamicMultiple, ChainKind::Cell) => {
            "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)"
        }
        (Mode::DynamicMultiple, ChainKind::Region) => {
            "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{chain_difficulty, chain_name, tenths, tier_base, ChainKind};
    use crate::rating::se::chains::Mode;
    use crate::technique::{length_bonus, Technique};

    #[test]
    fn the_length_bonus_adds_a_tenth_past_each_ceiling() {
        // Ceilings 4, 6, 8, 12, 16, 24, 32, 48, 64: ×3/2 and ×4/3 in turn.
        let expected = [
            (1, 0),
            (4, 0),
            (5, 1),
            (6, 1),
            (7, 2),
            (8, 2),
            (9, 3),
            (12, 3),
            (13, 4),
            (16, 4),
            (17, 5),
            (24, 5),
            (25, 6),
            (32, 6),
            (33, 7),
            (48, 7),
            (49, 8),
            (64, 8),
            (65, 9),
        ];
        for (nodes, bonus) in expected {
            assert_eq!(length_bonus(nodes), bonus, "{nodes} nodes");
        }
    }

    #[test]
    fn static_chains_rate_by_their_links() {
        use ChainKind::{Cell, Contradiction, Double, Region};
        let rate = |kind, nodes, x, y| {
            (
                chain_difficulty(Mode::Static, kind, nodes, x, y),
                chain_name(Mode::Static, kind, x, y),
            )
        };
        assert_eq!(rate(Contradiction, 4, true, false), (66, "Turbot Fish"));
        assert_eq!(rate(Double, 6, true, true), (71, "Forcing Chain"));
        assert_eq!(rate(Double, 4, false, true), (66, "Forcing Chain"));
        assert_eq!(rate(Cell, 8, true, true), (85, "Cell Forcing Chains"));
        assert_eq!(rate(Region, 9, true, true), (85, "Region Forcing Chains"));
    }

    #[test]
    fn nishio_rates_7_5_plus_the_length_bonus() {
        let rate =
            |nodes| chain_difficulty(Mode::Nishio, ChainKind::Contradiction, nodes, true, false);
        assert_eq!((rate(4), rate(6), rate(7), rate(20)), (75, 76, 77, 80));
        assert_eq!(
            chain_name(Mode::Nishio, ChainKind::Contradiction, true, false),
            "Nishio Forcing Chains"
        );
    }

    #[test]
    fn each_tier_starts_at_its_easiest_chain() {
        let modes = [
            (Mode::Static, 66),
            (Mode::Nishio, 75),
            (Mode::Dynamic, 85),
            (Mode::DynamicPlus, 90),
            (Mode::DynamicForcing, 95),
            (Mode::DynamicMultiple, 100),
        ];
        let kinds = [
            ChainKind::Contradiction,
            ChainKind::Double,
            ChainKind::Cell,
            ChainKind::Region,
        ];
        for (mode, base) in modes {
            assert_eq!(tier_base(mode), base, "{mode:?}");
            let easiest = kinds
                .iter()
                .flat_map(|&kind| {
                    [(false, false), (true, false), (false, true), (true, true)]
                        .map(|(x, y)| chain_difficulty(mode, kind, 2, x, y))
                })
                .min();
            assert_eq!(easiest, Some(base), "{mode:?}");
        }
    }

    #[test]
    fn the_table_difficulties_read_are_sudoku_explainers() {
        let expected = [
            (Technique::HiddenSingleBox, 12),
            (Technique::HiddenSingleLine, 15),
            (Technique::NakedSingle, 23),
            (Technique::Pointing, 26),
            (Technique::Claiming, 28),
            (Technique::NakedPair, 30),
            (Technique::XWing, 32),
            (Technique::HiddenPair, 34),
            (Technique::NakedTriple, 36),
            (Technique::Swordfish, 38),
            (Technique::HiddenTriple, 40),
            (Technique::XYWing, 42),
            (Technique::XYZWing, 44),
            (Technique::UniqueRectangle1, 45),
            (Technique::NakedQuad, 50),
            (Technique::Jellyfish, 52),
            (Technique::HiddenQuad, 54),
            (Technique::BugPlusOne, 56),
            (Technique::XChain, 66),
            (Technique::Aic, 70),
            (Technique::CellForcingChain, 83),
        ];
        for (technique, se) in expected {
            assert_eq!(tenths(technique), se, "{technique:?}");
        }
    }
}
