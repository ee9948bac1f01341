//! Cell and region forcing chains: every candidate of a cell (every place of a digit in a
//! house) switched on leads to the same node.

use super::{keep_easier, still_open, Chains, Conclusion, Mode};
use crate::rating::se::board::{bits, tables, Board9};
use crate::rating::se::difficulty::{chain_difficulty, chain_name, ChainKind};

impl Chains {
    /// Cell and region forcing chains: every candidate of a cell (every place of a digit in a
    /// house) switched on leads to the same node. `units` numbers cells 0–80, then each
    /// house's digits (81 + house × 9 + digit).
    pub(super) fn multiple(
        &mut self,
        board: &Board9,
        mode: Mode,
        units: std::ops::Range<usize>,
    ) -> Option<Conclusion> {
        let t = tables();
        let mut best: Option<Conclusion> = None;
        let mut branches: Vec<usize> = Vec::with_capacity(9);
        for unit in units {
            branches.clear();
            let region = unit >= 81;
            if region {
                let (house, digit) = ((unit - 81) / 9, ((unit - 81) % 9) as u8);
                let places = board.places(house, digit);
                if places.count_ones() < 2 {
                    continue;
                }
                for i in bits(places) {
                    branches.push(t.houses[house][i as usize] as usize * 9 + digit as usize);
                }
            } else {
                if board.candidates[unit].count_ones() < 2 {
                    continue;
                }
                for d in bits(board.candidates[unit]) {
                    branches.push(unit * 9 + d as usize);
                }
            }
            if branches.iter().any(|&k| self.on[k].contradiction.is_some()) {
                continue;
            }
            let first = &self.on[branches[0]];
            for &n in &first.order[1..] {
                let n = n as usize;
                if !still_open(board, n) || !branches.iter().all(|&k| self.on[k].has(n)) {
                    continue;
                }
                // A conclusion about a branch's own candidates is not a multiple chain.
                if branches.contains(&(n / 2)) {
                    continue;
                }
                // Static branches count their nodes once between them; dynamic branches,
                // whose nodes depend on the branch's own history, each count their own.
                let mut total = 0;
                self.ancestry.start();
                for &k in &branches {
                    if mode != Mode::Static {
                        self.ancestry.start();
                    }
                    total += self.ancestry.count(&self.on[k], n).0;
                }
                let kind = if region {
                    ChainKind::Region
                } else {
                    ChainKind::Cell
                };
                keep_easier(
                    &mut best,
                    Conclusion {
                        difficulty: chain_difficulty(mode, kind, total, true, true),
                        name: chain_name(mode, kind, true, true),
                        node: n,
                    },
                );
            }
        }
        best
    }
}
