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

#[cfg(test)]
mod tests {
    use crate::rating::se::board::fixtures::without;
    use crate::rating::se::chains::Chains;
    use crate::rating::se::implications::node;

    #[test]
    fn a_nishio_contradiction_rates_by_its_nodes() {
        // Digit 1: box 2 keeps r1c4 and r2c5, box 3 keeps r1c7 and r2c8. 1r1c1 takes r1c4,
        // so box 2 puts it at r2c5, which takes r2c8; with r1c7 taken by 1r1c1 too, box 3
        // is left without a place: 6 nodes (1r1c1, r1c4 off, r2c5 on, r2c8 off, r1c7 off and
        // on), one tenth over Nishio's 7.5. No candidate of 1 has a shorter chain.
        let board = without(1, &[4, 5, 12, 14, 21, 22, 23, 7, 8, 15, 17, 24, 25, 26]);
        let found = Chains::new().nishio(&board).expect("a Nishio chain");
        assert_eq!(
            (found.difficulty, found.name, found.node),
            (76, "Nishio Forcing Chains", node(0, false))
        );
    }

    #[test]
    fn a_short_nishio_contradiction_has_no_bonus() {
        // Digit 1: box 2 keeps r1c4 and r1c5 only, both seen by 1r1c1: 4 nodes.
        let board = without(1, &[5, 12, 13, 14, 21, 22, 23]);
        let found = Chains::new().nishio(&board).expect("a Nishio chain");
        assert_eq!((found.difficulty, found.node), (75, node(0, false)));
    }
}
