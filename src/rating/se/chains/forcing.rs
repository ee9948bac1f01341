//! The tier loops and the conclusions of binary chains: an assumption that leads to a
//! contradiction, and both assumptions about a candidate that lead to the same node. The
//! static tier's binary chains are Sudoku Explainer's forcing X- and XY-chains.

use super::{keep_easier, still_open, Chains, Conclusion, Mode};
use crate::rating::se::board::{bits, tables, Board9};
use crate::rating::se::difficulty::{chain_difficulty, chain_name, ChainKind};
use crate::rating::se::implications::{node, Reach, Reaches, UNITS};
use crate::rating::se::Tenths;

impl Chains {
    /// The easiest hint of a tier of binary and multiple chains, following one cell's
    /// assumptions at a time so that a hint no harder than `enough` ends it early.
    pub(super) fn tier(
        &mut self,
        board: &Board9,
        mode: Mode,
        enough: Tenths,
    ) -> Option<Conclusion> {
        let mut best: Option<Conclusion> = None;
        let below = match mode {
            Mode::DynamicPlus => Some(Mode::Dynamic),
            Mode::DynamicForcing => Some(Mode::DynamicPlus),
            Mode::DynamicMultiple => Some(Mode::DynamicForcing),
            Mode::Static | Mode::Nishio | Mode::Dynamic => None,
        };
        let resume = below.filter(|&below| self.exhausted.take() == Some(below));
        for i in 0..81 {
            let cell = (self.first_cell + i) % 81;
            self.propagate_cells(board, mode, cell..cell + 1, resume);
            let found = [
                self.binary(board, mode, cell..cell + 1),
                self.multiple(board, mode, cell..cell + 1),
            ];
            for found in found.into_iter().flatten() {
                keep_easier(&mut best, found);
            }
            if best.is_some_and(|b| b.difficulty <= enough) {
                self.first_cell = cell;
                return best;
            }
        }
        self.exhausted = Some(mode);
        if let Some(found) = self.multiple(board, mode, 81..UNITS) {
            keep_easier(&mut best, found);
        }
        best
    }

    /// The static tier's easiest hint, as [`Chains::tier`] would find it, following with
    /// parents only the cells and regions whose reaches can conclude something. A board
    /// seldom has a static chain, and a reach costs a fraction of a propagation with parents.
    pub(super) fn static_tier(&mut self, board: &Board9, enough: Tenths) -> Option<Conclusion> {
        let t = tables();
        self.exhausted = None;
        let open: Vec<usize> = (0..729)
            .filter(|&k| board.candidates[k / 9] & (1 << (k % 9)) != 0)
            .collect();
        let mut slot_of = [0; 729];
        for (i, &k) in open.iter().enumerate() {
            slot_of[k] = i;
        }
        let mut reaches = Reaches::new(board, &open, std::mem::take(&mut self.reach));
        let mut stack = Vec::new();
        let mut best: Option<Conclusion> = None;
        let mut followed = [false; 729];
        for i in 0..81 {
            let cell = (self.first_cell + i) % 81;
            let digits = board.candidates[cell];
            let mut worth = false;
            for d in bits(digits) {
                let k = cell * 9 + d as usize;
                let on = *reaches.get(slot_of[k], &mut stack);
                let off = reaches.links.reach(node(k, false), &mut stack);
                let mut own = [0; 9];
                own[d as usize] = 1 << cell;
                worth |= on.contradiction
                    || off.contradiction
                    || Reach::common([&on, &off].into_iter(), &own, &own);
            }
            let slots: Vec<usize> = bits(digits)
                .map(|d| slot_of[cell * 9 + d as usize])
                .collect();
            let own = [1 << cell; 9];
            worth = worth || reaches.meet(&slots, (own, own), &mut stack);
            if !worth {
                continue;
            }
            self.propagate_cells(board, Mode::Static, cell..cell + 1, None);
            for d in bits(digits) {
                followed[cell * 9 + d as usize] = true;
            }
            let found = [
                self.binary(board, Mode::Static, cell..cell + 1),
                self.multiple(board, Mode::Static, cell..cell + 1),
            ];
            for found in found.into_iter().flatten() {
                keep_easier(&mut best, found);
            }
            if best.is_some_and(|b| b.difficulty <= enough) {
                self.first_cell = cell;
                self.reach = reaches.made;
                return best;
            }
        }
        for unit in 81..UNITS {
            let (house, digit) = ((unit - 81) / 9, (unit - 81) % 9);
            let places = board.places(house, digit as u8);
            let branches: Vec<usize> = bits(places)
                .map(|i| t.houses[house][i as usize] as usize * 9 + digit)
                .collect();
            let slots: Vec<usize> = branches.iter().map(|&k| slot_of[k]).collect();
            let mut own = [0; 9];
            own[digit] = t.house_masks[house] & board.cells[digit];
            if branches.len() < 2 || !reaches.meet(&slots, (own, own), &mut stack) {
                continue;
            }
            let mut on = std::mem::take(&mut self.on);
            for &k in &branches {
                self.follow_static(board, &mut on, &mut followed, k, k);
            }
            self.on = on;
            if let Some(found) = self.multiple(board, Mode::Static, unit..unit + 1) {
                keep_easier(&mut best, found);
            }
        }
        self.reach = reaches.made;
        best
    }

    /// Contradictions (an assumption that leads to a candidate both on and off) and double
    /// implications (both assumptions about a candidate lead to the same node).
    pub(super) fn binary(
        &mut self,
        board: &Board9,
        mode: Mode,
        cells: std::ops::Range<usize>,
    ) -> Option<Conclusion> {
        let mut best: Option<Conclusion> = None;
        for cell in cells {
            for digit in bits(board.candidates[cell]) {
                let k = cell * 9 + digit as usize;
                for on in [true, false] {
                    let imp = if on { &self.on[k] } else { &self.off[k] };
                    if let Some(x) = imp.contradiction {
                        self.ancestry.start();
                        let (a, xa, ya) = self.ancestry.count(imp, node(x, true));
                        let (b, xb, yb) = self.ancestry.count(imp, node(x, false));
                        let conclusion = Conclusion {
                            difficulty: chain_difficulty(
                                mode,
                                ChainKind::Contradiction,
                                a + b,
                                xa || xb,
                                ya || yb,
                            ),
                            name: chain_name(mode, ChainKind::Contradiction, xa || xb, ya || yb),
                            node: node(k, !on),
                        };
                        keep_easier(&mut best, conclusion);
                    }
                }
                let (on_imp, off_imp) = (&self.on[k], &self.off[k]);
                if on_imp.contradiction.is_some() || off_imp.contradiction.is_some() {
                    continue;
                }
                for &n in &on_imp.order[1..] {
                    let n = n as usize;
                    if !off_imp.has(n) || !still_open(board, n) {
                        continue;
                    }
                    self.ancestry.start();
                    let (a, xa, ya) = self.ancestry.count(on_imp, n);
                    self.ancestry.start();
                    let (b, xb, yb) = self.ancestry.count(off_imp, n);
                    let conclusion = Conclusion {
                        difficulty: chain_difficulty(
                            mode,
                            ChainKind::Double,
                            a + b,
                            xa || xb,
                            ya || yb,
                        ),
                        name: chain_name(mode, ChainKind::Double, xa || xb, ya || yb),
                        node: n,
                    };
                    keep_easier(&mut best, conclusion);
                }
            }
        }
        best
    }
}
