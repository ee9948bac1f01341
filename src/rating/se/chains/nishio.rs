//! Nishio: a candidate whose one-digit chain leads to a contradiction is false.

use super::{keep_easier, Chains, Conclusion, Mode, Origin};
use crate::rating::se::board::{bits, tables, Board9};
use crate::rating::se::difficulty::{chain_difficulty, chain_name, ChainKind};
use crate::rating::se::implications::{node, Implications};

impl Chains {
    /// Nishio hints: a candidate whose one-digit chain leads to a contradiction is false.
    /// Each candidate is first followed as masks; only one that contradicts is followed again
    /// with parents, to count its chain.
    pub(super) fn nishio(&mut self, board: &Board9) -> Option<Conclusion> {
        let mut best: Option<Conclusion> = None;
        let mut on = std::mem::take(&mut self.on);
        for cell in 0..81 {
            for digit in bits(board.candidates[cell]) {
                let k = cell * 9 + digit as usize;
                if !nishio_contradicts(board, k) {
                    continue;
                }
                self.propagate(
                    board,
                    Mode::Nishio,
                    Origin::Start(node(k, true)),
                    &mut on[k],
                );
                let imp = &on[k];
                if let Some(x) = imp.contradiction {
                    self.ancestry.start();
                    let (a, ..) = self.ancestry.count(imp, node(x, true));
                    let (b, ..) = self.ancestry.count(imp, node(x, false));
                    keep_easier(
                        &mut best,
                        Conclusion {
                            difficulty: chain_difficulty(
                                Mode::Nishio,
                                ChainKind::Contradiction,
                                a + b,
                                true,
                                false,
                            ),
                            name: chain_name(Mode::Nishio, ChainKind::Contradiction, true, false),
                            node: node(k, false),
                        },
                    );
                }
            }
        }
        self.on = on;
        best
    }

    /// For a one-digit chain: a house where every place of the digit is off is a
    /// contradiction, recorded as an on node of its first place whose parents are the offs.
    pub(super) fn empty_house(&mut self, board: &Board9, start: usize, imp: &mut Implications) {
        let t = tables();
        let digit = (start / 2 % 9) as u8;
        for house in 0..27 {
            let places = board.places(house, digit);
            if places == 0 {
                continue;
            }
            let all_off = bits(places).all(|i| {
                let c = t.houses[house][i as usize] as usize;
                imp.has(node(c * 9 + digit as usize, false))
            });
            if all_off {
                let parents: Vec<u16> = bits(places)
                    .map(|i| {
                        node(
                            t.houses[house][i as usize] as usize * 9 + digit as usize,
                            false,
                        ) as u16
                    })
                    .collect();
                let first = t.houses[house][places.trailing_zeros() as usize] as usize;
                let on = node(first * 9 + digit as usize, true);
                if !imp.has(on) {
                    imp.add(on, &parents);
                }
                imp.contradiction.get_or_insert(first * 9 + digit as usize);
                return;
            }
        }
    }
}

/// Whether candidate `k` switched on leads, following its digit alone (Nishio), to a
/// contradiction: a house left without a place for the digit, or a place both on and off.
/// The one-digit chain as masks: each house whose places are all off but one switches that
/// one on, until nothing changes.
fn nishio_contradicts(board: &Board9, k: usize) -> bool {
    let t = tables();
    let (cell, digit) = (k / 9, k % 9);
    let places = board.cells[digit];
    let mut on: u128 = 1 << cell;
    let mut off = t.peer_masks[cell] & places;
    loop {
        let mut grew = false;
        for &house in &t.house_masks {
            let all = house & places;
            let left = all & !off;
            if all == 0 || all == left {
                continue;
            }
            if left == 0 {
                return true;
            }
            if left & (left - 1) == 0 && on & left == 0 {
                on |= left;
                off |= t.peer_masks[left.trailing_zeros() as usize] & places;
                grew = true;
            }
        }
        if on & off != 0 {
            return true;
        }
        if !grew {
            return false;
        }
    }
}
