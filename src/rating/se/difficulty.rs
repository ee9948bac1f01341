//! The difficulty and the name Sudoku Explainer gives a chain: a base per kind of chain and
//! the length bonus for its node count.

use super::chains::Mode;
use super::Tenths;
use crate::technique::length_bonus;

/// What a chain concludes from.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum ChainKind {
    Contradiction,
    Double,
    Cell,
    Region,
}

pub(super) fn chain_difficulty(
    mode: Mode,
    kind: ChainKind,
    nodes: usize,
    x: bool,
    y: bool,
) -> Tenths {
    let base = match (mode, kind) {
        (Mode::Static, ChainKind::Cell) => 83,
        (Mode::Static, ChainKind::Region) => 82,
        (Mode::Static, _) => {
            if x && y {
                70
            } else {
                66
            }
        }
        (Mode::Nishio, _) => 75,
        (Mode::Dynamic, _) => 85,
        (Mode::DynamicPlus, _) => 90,
        (Mode::DynamicForcing, _) => 95,
        (Mode::DynamicMultiple, _) => 100,
    };
    base + length_bonus(nodes)
}

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
