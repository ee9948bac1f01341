//! What the rules beyond the houses still allow: for each rule (a killer cage, a thermometer,
//! an arrow, a kropki dot or XV mark, an anti-knight or anti-king pair, an extra diagonal),
//! the digits of its cells that some choice of the other cells' candidates keeps it true
//! with. A cell's *domain* is its digit when it holds one, else its candidates.
//!
//! Two readers share it: [`broken_rule`], which reports a rule that no choice can keep (a
//! dead end for the trace), and the rule techniques of [`crate::logic`], which eliminate the
//! candidates a rule does not allow. Each analysis is a necessary condition only: a digit it
//! drops is in no solution, but a digit it keeps may still be in none.
//!
//! The cage analysis enumerates digit sets as bit masks, so it runs on grids of up to 9
//! digits; on bigger ones only placed digits are checked (a repeat, a sum overshot or missed).

use super::BrokenRule;
use crate::digits::{Digit, DigitSet};
use crate::geometry::rules::{Diagonal, Relation};
use crate::geometry::{Cell, Geometry, Shape};

/// The largest grid whose cages [`cage_fit`] analyses: 9 digits, 512 digit sets.
pub const MAX_CAGE_DIGITS: usize = 9;

/// What a cage still allows: the digit sets (*combinations*) it can hold, and the digits each
/// cell can take in one of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CageFit {
    /// The combinations that some choice of the cells' domains fills exactly, smallest first
    /// as bit masks.
    pub combos: Vec<DigitSet>,
    /// For each cell, in the cage's order, the digits it takes in some such choice.
    pub allowed: Vec<DigitSet>,
}

impl CageFit {
    /// Whether no choice keeps the cage.
    pub fn is_dead(&self) -> bool {
        self.combos.is_empty()
    }

    /// The digits every combination holds.
    pub fn required(&self) -> DigitSet {
        self.combos
            .iter()
            .fold(DigitSet::all(MAX_CAGE_DIGITS), |acc, &c| {
                acc.intersection(c)
            })
    }
}

/// A set of digit masks below 512: bit `m` of the 512-bit array is set when mask `m` is in.
type MaskSet = [u64; 8];

fn mask_has(set: &MaskSet, mask: u32) -> bool {
    set[(mask >> 6) as usize] >> (mask & 63) & 1 == 1
}

fn mask_add(set: &mut MaskSet, mask: u32) {
    set[(mask >> 6) as usize] |= 1 << (mask & 63);
}

fn masks_of(set: &MaskSet) -> impl Iterator<Item = u32> + '_ {
    set.iter().enumerate().flat_map(|(word_idx, &word)| {
        (0..64)
            .filter(move |bit| word >> bit & 1 == 1)
            .map(move |bit| (word_idx * 64 + bit) as u32)
    })
}

/// The total of the digits of a mask (bit 0 is digit 1).
pub fn mask_sum(mask: u32) -> u16 {
    (0..32)
        .filter(|bit| mask >> bit & 1 == 1)
        .map(|bit| bit as u16 + 1)
        .sum()
}

/// What a cage allows: cells with these domains, all different, adding up to `sum` when it
/// has one, holding every digit of `must`. `None` on grids of more than
/// [`MAX_CAGE_DIGITS`] digits, which this does not analyse.
///
/// For each combination of the right size and sum, the choices are built cell by cell as the
/// sets of digit masks that cells `0..i` can fill (`forward[i]`) and that cells `i..` can fill
/// (`backward[i]`); cell `i` can take `d` when some mask of `forward[i]` and `d` leave a rest
/// of the combination that `backward[i + 1]` fills.
pub fn cage_fit(
    domains: &[DigitSet],
    sum: Option<u16>,
    must: DigitSet,
    n_digits: usize,
) -> Option<CageFit> {
    if n_digits > MAX_CAGE_DIGITS {
        return None;
    }
    let n_cells = domains.len();
    let union = domains
        .iter()
        .fold(DigitSet::EMPTY, |acc, &d| acc.union(d))
        .bits();
    let mut fit = CageFit {
        combos: Vec::new(),
        allowed: vec![DigitSet::EMPTY; n_cells],
    };
    for combo in 0u32..(1 << n_digits) {
        let is_candidate = combo.count_ones() as usize == n_cells
            && combo & !union == 0
            && must.bits() & !combo == 0
            && sum.is_none_or(|s| mask_sum(combo) == s);
        if !is_candidate {
            continue;
        }
        let mut forward = vec![[0u64; 8]; n_cells + 1];
        mask_add(&mut forward[0], 0);
        for (i, domain) in domains.iter().enumerate() {
            let digits = domain.bits() & combo;
            let (before, after) = forward.split_at_mut(i + 1);
            for mask in masks_of(&before[i]) {
                for bit in bits_of(digits & !mask) {
                    mask_add(&mut after[0], mask | bit);
                }
            }
        }
        if !mask_has(&forward[n_cells], combo) {
            continue;
        }
        let mut backward = vec![[0u64; 8]; n_cells + 1];
        mask_add(&mut backward[n_cells], 0);
        for i in (0..n_cells).rev() {
            let digits = domains[i].bits() & combo;
            let (before, after) = backward.split_at_mut(i + 1);
            for mask in masks_of(&after[0]) {
                for bit in bits_of(digits & !mask) {
                    mask_add(&mut before[i], mask | bit);
                }
            }
        }
        for i in 0..n_cells {
            let digits = domains[i].bits() & combo;
            for mask in masks_of(&forward[i]) {
                for bit in bits_of(digits & !mask) {
                    if mask_has(&backward[i + 1], combo & !mask & !bit) {
                        fit.allowed[i] = fit.allowed[i].union(DigitSet::from_bits(bit));
                    }
                }
            }
        }
        fit.combos.push(DigitSet::from_bits(combo));
    }
    Some(fit)
}

/// Each set bit of a mask alone, lowest first.
fn bits_of(mask: u32) -> impl Iterator<Item = u32> {
    (0..32)
        .map(|bit| 1u32 << bit)
        .filter(move |b| mask & b != 0)
}

/// What a thermometer allows: the digits of each cell, bulb first, that a strictly increasing
/// choice from the domains takes. Along a line of "less than", a digit has such a choice
/// exactly when it lies above the least digit the cell before can take and below the
/// greatest the cell after can take, so two passes find them all.
pub fn thermometer_fit(domains: &[DigitSet]) -> Vec<DigitSet> {
    let mut allowed = domains.to_vec();
    for i in 1..allowed.len() {
        let floor = allowed[i - 1].first().map_or(u8::MAX, Digit::get);
        allowed[i] = keep(allowed[i], |d| d > floor);
    }
    for i in (0..allowed.len().saturating_sub(1)).rev() {
        let ceiling = allowed[i + 1].iter().last().map_or(0, Digit::get);
        allowed[i] = keep(allowed[i], |d| d < ceiling);
    }
    allowed
}

/// The digits of a set that `is_kept` accepts (by value, 1-based).
fn keep(set: DigitSet, is_kept: impl Fn(u8) -> bool) -> DigitSet {
    set.iter().filter(|d| is_kept(d.get())).collect()
}

/// Sums from 0 to 127 as bits.
type Sums = u128;

/// The sums `a + b` for `a` in `left` and `b` in `right`, those under 128.
fn add_sums(left: Sums, right: Sums) -> Sums {
    (0..128)
        .filter(|s| left >> s & 1 == 1)
        .fold(0, |acc, s| acc | right << s)
}

/// The sums one cell with this domain gives.
fn sums_of(domain: DigitSet) -> Sums {
    domain.iter().fold(0, |acc, d| acc | 1 << d.get())
}

/// What an arrow allows: the circle's digits, then each line cell's, that some choice of the
/// other cells adds up with. Digits on the line are taken as free to repeat (a house may
/// forbid it, which only lets more through: the analysis stays a necessary condition).
/// `None` when the line's sums could pass 127, which this does not analyse.
pub fn arrow_fit(circle: DigitSet, line: &[DigitSet]) -> Option<(DigitSet, Vec<DigitSet>)> {
    let max_digit = line.iter().filter_map(|d| d.iter().last()).map(Digit::get);
    if max_digit.map(usize::from).sum::<usize>() >= 128 {
        return None;
    }
    let n = line.len();
    let mut prefix = vec![1 as Sums; n + 1];
    for i in 0..n {
        prefix[i + 1] = add_sums(prefix[i], sums_of(line[i]));
    }
    let mut suffix = vec![1 as Sums; n + 1];
    for i in (0..n).rev() {
        suffix[i] = add_sums(suffix[i + 1], sums_of(line[i]));
    }
    let circle_allowed = keep(circle, |x| prefix[n] >> x & 1 == 1);
    let targets = sums_of(circle_allowed);
    let line_allowed = (0..n)
        .map(|i| {
            let others = add_sums(prefix[i], suffix[i + 1]);
            keep(line[i], |d| add_sums(others, 1 << d) & targets != 0)
        })
        .collect();
    Some((circle_allowed, line_allowed))
}

/// What a pair rule allows: the digits of each cell that some digit of the other stands in
/// the relation with.
pub fn pair_fit(relation: Relation, a: DigitSet, b: DigitSet) -> (DigitSet, DigitSet) {
    let a_allowed = keep(a, |x| b.iter().any(|y| relation.holds(x, y.get())));
    let b_allowed = keep(b, |y| a.iter().any(|x| relation.holds(x.get(), y)));
    (a_allowed, b_allowed)
}

/// The first rule beyond the houses that the board breaks or that no choice of the
/// remaining candidates can keep, in this order: cages, thermometers, arrows, pair rules,
/// anti-knight and anti-king pairs, diagonals. `domain` gives a cell's digit as a one-digit
/// set when it holds one, else its candidates.
pub fn broken_rule(geometry: &Geometry, domain: impl Fn(Cell) -> DigitSet) -> Option<BrokenRule> {
    let rules = geometry.rules();
    let shape = geometry.shape();
    let n_digits = shape.size();
    for (idx, cage) in rules.cages.iter().enumerate() {
        let domains: Vec<DigitSet> = cage.cells.iter().map(|&c| domain(c)).collect();
        let broken = |repeat| BrokenRule::Cage {
            idx,
            first: cage.cells[0],
            sum: cage.sum,
            repeat,
        };
        if let Some(digit) = repeated(&domains) {
            return Some(broken(Some(digit)));
        }
        let is_dead = match cage_fit(&domains, cage.sum, DigitSet::EMPTY, n_digits) {
            Some(fit) => fit.is_dead(),
            None => placed_sum_is_off(&domains, cage.sum),
        };
        if is_dead {
            return Some(broken(None));
        }
    }
    for (idx, thermometer) in rules.thermometers.iter().enumerate() {
        let domains: Vec<DigitSet> = thermometer.cells.iter().map(|&c| domain(c)).collect();
        let allowed = thermometer_fit(&domains);
        if let Some(pos) = allowed.iter().position(|d| d.is_empty()) {
            return Some(BrokenRule::Thermometer {
                idx,
                bulb: thermometer.cells[0],
                at: thermometer.cells[pos],
            });
        }
    }
    for (idx, arrow) in rules.arrows.iter().enumerate() {
        let line: Vec<DigitSet> = arrow.line.iter().map(|&c| domain(c)).collect();
        let is_dead = match arrow_fit(domain(arrow.circle), &line) {
            Some((circle, line)) => circle.is_empty() || line.iter().any(|d| d.is_empty()),
            None => {
                let circle = domain(arrow.circle);
                let placed: Option<Vec<Digit>> = line.iter().map(|d| one_digit(*d)).collect();
                match (one_digit(circle), placed) {
                    (Some(x), Some(digits)) => {
                        digits.iter().map(|d| u32::from(d.get())).sum::<u32>() != u32::from(x.get())
                    }
                    _ => false,
                }
            }
        };
        if is_dead {
            return Some(BrokenRule::Arrow {
                idx,
                circle: arrow.circle,
            });
        }
    }
    for rule in rules.pair_rules(shape) {
        let (a, b) = pair_fit(rule.relation, domain(rule.a), domain(rule.b));
        if a.is_empty() || b.is_empty() {
            return Some(BrokenRule::Pair {
                a: rule.a,
                b: rule.b,
                relation: rule.relation,
            });
        }
    }
    for (a, b) in rules.apart_pairs(shape) {
        if let (Some(x), Some(y)) = (one_digit(domain(a)), one_digit(domain(b))) {
            if x == y {
                return Some(BrokenRule::Apart { a, b, digit: x });
            }
        }
    }
    for &diagonal in &rules.diagonals {
        let domains: Vec<DigitSet> = diagonal.cells(shape).iter().map(|&c| domain(c)).collect();
        if let Some(digit) = repeated(&domains) {
            return Some(BrokenRule::Diagonal {
                diagonal,
                digit,
                is_repeat: true,
            });
        }
        let covered = domains.iter().fold(DigitSet::EMPTY, |acc, &d| acc.union(d));
        if let Some(digit) = shape.all_digits().difference(covered).first() {
            return Some(BrokenRule::Diagonal {
                diagonal,
                digit,
                is_repeat: false,
            });
        }
    }
    None
}

/// The digit of a one-digit set.
fn one_digit(set: DigitSet) -> Option<Digit> {
    set.single_digit()
}

/// A digit that two one-digit domains share: a repeat among placed digits.
fn repeated(domains: &[DigitSet]) -> Option<Digit> {
    let mut seen = DigitSet::EMPTY;
    for digit in domains.iter().filter_map(|&d| one_digit(d)) {
        if seen.contains(digit) {
            return Some(digit);
        }
        seen.insert(digit);
    }
    None
}

/// Whether the placed digits of a cage pass its sum, or fill it with another total.
fn placed_sum_is_off(domains: &[DigitSet], sum: Option<u16>) -> bool {
    let Some(sum) = sum else {
        return false;
    };
    let placed: Vec<Digit> = domains.iter().filter_map(|&d| one_digit(d)).collect();
    let total: u16 = placed.iter().map(|d| u16::from(d.get())).sum();
    total > sum || (placed.len() == domains.len() && total != sum)
}

/// The cells a broken rule is about: the cage's, the thermometer's, the arrow's (circle
/// first), the pair's or the diagonal's.
pub fn cells_of(rule: BrokenRule, geometry: &Geometry) -> Vec<Cell> {
    let rules = geometry.rules();
    match rule {
        BrokenRule::Cage { idx, .. } => rules.cages[idx].cells.clone(),
        BrokenRule::Thermometer { idx, .. } => rules.thermometers[idx].cells.clone(),
        BrokenRule::Arrow { idx, .. } => {
            let arrow = &rules.arrows[idx];
            std::iter::once(arrow.circle)
                .chain(arrow.line.iter().copied())
                .collect()
        }
        BrokenRule::Pair { a, b, .. } | BrokenRule::Apart { a, b, .. } => vec![a, b],
        BrokenRule::Diagonal { diagonal, .. } => diagonal.cells(geometry.shape()),
    }
}

/// The name people use for a diagonal in sentences: "the ↘ diagonal".
pub fn diagonal_name(diagonal: Diagonal) -> &'static str {
    match diagonal {
        Diagonal::Falling => "the ↘ diagonal",
        Diagonal::Rising => "the ↗ diagonal",
    }
}

/// Whether two cells are a knight's move apart (else, for an apart pair, a king's).
pub fn is_knights_move(shape: Shape, a: Cell, b: Cell) -> bool {
    let dr = shape.row_of(a).abs_diff(shape.row_of(b));
    let dc = shape.col_of(a).abs_diff(shape.col_of(b));
    (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(digits: &[u8]) -> DigitSet {
        digits.iter().map(|&d| Digit::new(d).unwrap()).collect()
    }

    #[test]
    fn a_cage_of_17_in_two_cells_is_8_and_9() {
        let fit = cage_fit(
            &[set(&[1, 2, 3, 4, 5, 6, 7, 8, 9]); 2],
            Some(17),
            DigitSet::EMPTY,
            9,
        )
        .unwrap();
        assert_eq!(fit.combos, vec![set(&[8, 9])]);
        assert_eq!(fit.allowed, vec![set(&[8, 9]); 2]);
    }

    #[test]
    fn a_cage_needs_a_matching_not_only_a_combination() {
        // 10 in three cells: 1+2+7, 1+3+6, 1+4+5, 2+3+5. The first two cells can only be 1,
        // so no choice gives them different digits.
        let fit = cage_fit(
            &[set(&[1]), set(&[1, 2]), set(&[7])],
            Some(10),
            DigitSet::EMPTY,
            9,
        )
        .unwrap();
        assert_eq!(fit.allowed, vec![set(&[1]), set(&[2]), set(&[7])]);
        let dead = cage_fit(
            &[set(&[1]), set(&[1]), set(&[8])],
            Some(10),
            DigitSet::EMPTY,
            9,
        );
        assert!(dead.unwrap().is_dead());
    }

    #[test]
    fn a_thermometer_keeps_room_below_and_above() {
        let full = set(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let allowed = thermometer_fit(&[full, full, set(&[3, 9])]);
        assert_eq!(
            allowed,
            vec![
                set(&[1, 2, 3, 4, 5, 6, 7]),
                set(&[2, 3, 4, 5, 6, 7, 8]),
                set(&[3, 9])
            ]
        );
        assert!(thermometer_fit(&[set(&[5]), set(&[2, 3])])[1].is_empty());
    }

    #[test]
    fn an_arrow_adds_up_to_its_circle() {
        let full = set(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let (circle, line) = arrow_fit(full, &[full, set(&[6])]).unwrap();
        assert_eq!(circle, set(&[7, 8, 9]));
        assert_eq!(line, vec![set(&[1, 2, 3]), set(&[6])]);
    }

    #[test]
    fn a_black_dot_pairs_halves_and_doubles() {
        let full = set(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let (a, _) = pair_fit(Relation::Ratio(2), full, set(&[6]));
        assert_eq!(a, set(&[3]));
    }
}
