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
