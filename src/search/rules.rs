//! The exact solver of constraint puzzles: propagation to a fixed point over candidate bit
//! sets, then branching on the cell with the fewest candidates, within a [`Budget`].
//!
//! A puzzle is compiled once into flat tables of cell indices:
//!
//! ```text
//!  peers[cell]   cells that must hold another digit: the layout's houses, cages,
//!                diagonals, anti-knight and anti-king moves
//!  units         groups of n cells that hold every digit once (hidden singles)
//!  sum cages     cells + every set of distinct digits that reaches the sum
//!  thermometers  cells, bulb first          arrows  circle + line
//!  pairs         two cells + for each digit of one, the digits the other may hold
//!
//!  candidates: one u32 per cell, bit d−1 set while digit d may go there
//! ```
//!
//! Each pass of propagation applies every rule once: naked singles to their peers, hidden
//! singles in the units, the digit sets each sum cage can still hold (and, for cages of up to
//! [`EXACT_CAGE_CELLS`] cells, which digit each cell takes in some assignment of them), the
//! bounds along each thermometer and each arrow, and the digits each pair rule leaves. Passes
//! repeat until nothing changes. A full board is checked against every rule before it counts
//! as a solution, so the propagators may be weak but never make a wrong solution.

use super::{Budget, ClockReader, ExactSolver, SearchOutcome, Solutions, Spent};
use crate::digits::DigitSet;
use crate::geometry::Geometry;
use crate::util::bit_positions;

/// The largest cage whose cells' digits are found by trying every assignment; larger cages
/// keep the union of their digit sets only.
pub const EXACT_CAGE_CELLS: usize = 4;

/// A cage with a sum: its cells and every set of distinct digits that reaches the sum.
#[derive(Clone, Debug)]
struct SumCage {
    cells: Vec<u16>,
    sum: u32,
    /// Each set of `cells.len()` distinct digits adding up to `sum`, as a bit mask.
    combos: Vec<u32>,
}

/// Two cells in a symmetric relation, with what each digit of one allows in the other.
#[derive(Clone, Debug)]
struct Pair {
    a: u16,
    b: u16,
    /// `allowed[d]`: the digits the other cell may hold when one holds digit `d` (1-based).
    allowed: Vec<u32>,
}

/// The exact solver of one constraint puzzle's rules (the givens come with each search).
#[derive(Clone, Debug)]
pub struct ConstraintSolver {
    size: usize,
    all: u32,
    peers: Vec<Vec<u16>>,
    units: Vec<Vec<u16>>,
    sum_cages: Vec<SumCage>,
    thermometers: Vec<Vec<u16>>,
    arrows: Vec<(u16, Vec<u16>)>,
    pairs: Vec<Pair>,
    /// Groups of cells whose digits add up to a known total, by the 45 rule (see
    /// [`sum_groups`]).
    sum_groups: Vec<(Vec<u16>, u32)>,
    budget: Budget,
    clock: ClockReader,
}

/// Why propagation stopped: a cell or a unit has no digit left.
struct Dead;

impl ConstraintSolver {
    /// A solver for a layout and its rules ([`Geometry::rules`]), which
    /// [`crate::constraint::check`] has accepted.
    pub fn for_layout(geometry: &Geometry) -> ConstraintSolver {
        let rules = geometry.rules();
        let shape = geometry.shape();
        let n = shape.size();
        let idx = |c: &crate::geometry::Cell| c.index() as u16;
        let mut peers: Vec<Vec<u16>> = geometry
            .peers
            .iter()
            .map(|cells| cells.iter().map(idx).collect())
            .collect();
        let mut link = |a: u16, b: u16| {
            if a != b && !peers[a as usize].contains(&b) {
                peers[a as usize].push(b);
                peers[b as usize].push(a);
            }
        };
        let groups = rules.distinct_groups(shape);
        for group in &groups {
            for (k, a) in group.iter().enumerate() {
                for b in &group[k + 1..] {
                    link(idx(a), idx(b));
                }
            }
        }
        for (a, b) in rules.apart_pairs(shape) {
            link(idx(&a), idx(&b));
        }
        let mut units: Vec<Vec<u16>> = geometry
            .house_cells
            .iter()
            .map(|cells| cells.iter().map(idx).collect())
            .collect();
        units.extend(
            groups
                .iter()
                .filter(|g| g.len() == n)
                .map(|g| g.iter().map(idx).collect()),
        );
        let sum_cages = rules
            .cages
            .iter()
            .filter_map(|cage| {
                let sum = cage.sum? as u32;
                let k = cage.cells.len() as u32;
                let combos = (0u32..1 << n)
                    .filter(|m| m.count_ones() == k && digit_sum(*m) == sum)
                    .collect();
                Some(SumCage {
                    cells: cage.cells.iter().map(idx).collect(),
                    sum,
                    combos,
                })
            })
            .collect();
        let pairs = rules
            .pair_rules(shape)
            .iter()
            .map(|rule| Pair {
                a: idx(&rule.a),
                b: idx(&rule.b),
                allowed: (0..=n as u8)
                    .map(|d| {
                        (1..=n as u8)
                            .filter(|&e| d > 0 && rule.relation.holds(d, e))
                            .fold(0u32, |m, e| m | 1 << (e - 1))
                    })
                    .collect(),
            })
            .collect();
        ConstraintSolver {
            size: n,
            all: (1u32 << n) - 1,
            peers,
            units,
            sum_cages,
            thermometers: rules
                .thermometers
                .iter()
                .map(|t| t.cells.iter().map(idx).collect())
                .collect(),
            arrows: rules
                .arrows
                .iter()
                .map(|a| (idx(&a.circle), a.line.iter().map(idx).collect()))
                .collect(),
            pairs,
            sum_groups: sum_groups(geometry),
            budget: Budget::DEFAULT,
            clock: ClockReader::default(),
        }
    }

    /// Removes from `cell` every digit outside `mask`; whether that changed anything.
    fn keep(cands: &mut [u32], cell: u16, mask: u32) -> Result<bool, Dead> {
        let before = cands[cell as usize];
        let after = before & mask;
        if after == 0 {
            return Err(Dead);
        }
        cands[cell as usize] = after;
        Ok(after != before)
    }

    /// Applies every rule until none removes a candidate.
    fn propagate(&self, cands: &mut [u32]) -> Result<(), Dead> {
        loop {
            let mut changed = false;
            for cell in 0..cands.len() {
                let m = cands[cell];
                if m == 0 {
                    return Err(Dead);
                }
                if m.is_power_of_two() {
                    for &p in &self.peers[cell] {
                        changed |= Self::keep(cands, p, !m)?;
                    }
                }
            }
            for unit in &self.units {
                let (mut once, mut twice) = (0u32, 0u32);
                for &c in unit {
                    let m = cands[c as usize];
                    twice |= once & m;
                    once |= m;
                }
                if once != self.all {
                    return Err(Dead);
                }
                for bit in bit_positions(once & !twice) {
                    // An earlier digit may have taken the only place of this one.
                    let Some(&at) = unit.iter().find(|&&c| cands[c as usize] & 1 << bit != 0)
                    else {
                        return Err(Dead);
                    };
                    changed |= Self::keep(cands, at, 1 << bit)?;
                }
            }
            for cage in &self.sum_cages {
                changed |= self.propagate_cage(cage, cands)?;
            }
            for line in &self.thermometers {
                changed |= self.propagate_thermometer(line, cands)?;
            }
            for (circle, line) in &self.arrows {
                changed |= self.propagate_arrow(*circle, line, cands)?;
            }
            for (cells, total) in &self.sum_groups {
                changed |= Self::propagate_sum(cells, *total, cands)?;
            }
            for pair in &self.pairs {
                let support = |m: u32| bit_positions(m).fold(0, |s, d| s | pair.allowed[d + 1]);
                changed |= Self::keep(cands, pair.a, support(cands[pair.b as usize]))?;
                changed |= Self::keep(cands, pair.b, support(cands[pair.a as usize]))?;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// Keeps in a sum cage's cells only digits of a digit set still possible for it.
    fn propagate_cage(&self, cage: &SumCage, cands: &mut [u32]) -> Result<bool, Dead> {
        let cell_cands: Vec<u32> = cage.cells.iter().map(|&c| cands[c as usize]).collect();
        let union = cell_cands.iter().fold(0, |u, m| u | m);
        let fixed = cell_cands
            .iter()
            .filter(|m| m.is_power_of_two())
            .fold(0, |u, m| u | m);
        let mut support = vec![0u32; cage.cells.len()];
        let mut required = self.all;
        let mut any = false;
        let is_exact = cage.cells.len() <= EXACT_CAGE_CELLS;
        for &combo in &cage.combos {
            if combo & !union != 0
                || fixed & !combo != 0
                || cell_cands.iter().any(|m| m & combo == 0)
            {
                continue;
            }
            if is_exact {
                let mut picks = vec![0u32; cage.cells.len()];
                if !assign(&cell_cands, 0, 0, combo, &mut picks, &mut support) {
                    continue;
                }
            } else {
                for (s, m) in support.iter_mut().zip(&cell_cands) {
                    *s |= m & combo;
                }
            }
            any = true;
            required &= combo;
        }
        if !any {
            return Err(Dead);
        }
        let mut changed = false;
        for (&cell, &s) in cage.cells.iter().zip(&support) {
            changed |= Self::keep(cands, cell, s)?;
        }
        // A digit every possible set holds, with one place left in the cage, goes there.
        for bit in bit_positions(required) {
            let mut places = cage
                .cells
                .iter()
                .filter(|&&c| cands[c as usize] & 1 << bit != 0);
            match (places.next(), places.next()) {
                (None, _) => return Err(Dead),
                (Some(&only), None) => changed |= Self::keep(cands, only, 1 << bit)?,
                _ => {}
            }
        }
        debug_assert!(cage.sum > 0);
        Ok(changed)
    }

    /// Keeps each cell of a thermometer above the smallest digit before it and below the
    /// largest after it.
    fn propagate_thermometer(&self, line: &[u16], cands: &mut [u32]) -> Result<bool, Dead> {
        let mut changed = false;
        let mut low = 0u32; // the smallest digit the cell before may hold (0 before the bulb)
        for &c in line {
            changed |= Self::keep(cands, c, self.all & (u32::MAX << low))?;
            low = min_digit(cands[c as usize]);
        }
        let mut high = self.size as u32 + 1;
        for &c in line.iter().rev() {
            changed |= Self::keep(cands, c, below(high))?;
            high = max_digit(cands[c as usize]);
        }
        Ok(changed)
    }

    /// Keeps an arrow's circle within the sums its line can make, and each cell of the line
    /// within what the circle and the other cells leave.
    fn propagate_arrow(&self, circle: u16, line: &[u16], cands: &mut [u32]) -> Result<bool, Dead> {
        let lows: u32 = line.iter().map(|&c| min_digit(cands[c as usize])).sum();
        let highs: u32 = line.iter().map(|&c| max_digit(cands[c as usize])).sum();
        let mut changed = Self::keep(cands, circle, between(lows, highs))?;
        let (c_low, c_high) = (
            min_digit(cands[circle as usize]),
            max_digit(cands[circle as usize]),
        );
        for &c in line {
            let m = cands[c as usize];
            let others_low = lows - min_digit(m);
            let others_high = highs - max_digit(m);
            let hi = c_high.saturating_sub(others_low);
            let lo = c_low.saturating_sub(others_high).max(1);
            changed |= Self::keep(cands, c, between(lo, hi))?;
        }
        Ok(changed)
    }

    /// Keeps each cell of a group within what the group's total leaves it, given the
    /// smallest and largest digits the other cells may hold.
    fn propagate_sum(cells: &[u16], total: u32, cands: &mut [u32]) -> Result<bool, Dead> {
        let lows: u32 = cells.iter().map(|&c| min_digit(cands[c as usize])).sum();
        let highs: u32 = cells.iter().map(|&c| max_digit(cands[c as usize])).sum();
        if total < lows || total > highs {
            return Err(Dead);
        }
        let mut changed = false;
        for &c in cells {
            let m = cands[c as usize];
            let hi = total - (lows - min_digit(m));
            let lo = total.saturating_sub(highs - max_digit(m)).max(1);
            changed |= Self::keep(cands, c, between(lo, hi))?;
        }
        Ok(changed)
    }

    /// Whether a full board keeps every rule (propagation is checked, not trusted).
    fn keeps_every_rule(&self, values: &[u8]) -> bool {
        let at = |c: u16| values[c as usize] as u32;
        let distinct = (0..values.len()).all(|c| {
            self.peers[c]
                .iter()
                .all(|&p| values[p as usize] != values[c])
        });
        distinct
            && self
                .sum_cages
                .iter()
                .all(|cage| cage.cells.iter().map(|&c| at(c)).sum::<u32>() == cage.sum)
            && self
                .thermometers
                .iter()
                .all(|t| t.windows(2).all(|w| at(w[0]) < at(w[1])))
            && self
                .arrows
                .iter()
                .all(|(circle, line)| line.iter().map(|&c| at(c)).sum::<u32>() == at(*circle))
            && self
                .pairs
                .iter()
                .all(|p| p.allowed[at(p.a) as usize] & 1 << (at(p.b) - 1) != 0)
    }

    fn explore(
        &mut self,
        mut cands: Vec<u32>,
        limit: u32,
        kept: &mut Solutions,
        outcome: &mut SearchOutcome,
    ) {
        if self.propagate(&mut cands).is_err() {
            return;
        }
        let narrowest = (0..cands.len())
            .filter(|&c| !cands[c].is_power_of_two())
            .min_by_key(|&c| cands[c].count_ones());
        let Some(cell) = narrowest else {
            let values: Vec<u8> = cands.iter().map(|m| min_digit(*m) as u8).collect();
            if self.keeps_every_rule(&values) {
                outcome.n_solutions += 1;
                kept.push(&values);
            }
            return;
        };
        outcome.n_branches += 1;
        for bit in bit_positions(cands[cell]) {
            if outcome.n_solutions >= limit || outcome.exhausted {
                return;
            }
            if outcome.n_guesses >= self.budget.nodes {
                outcome.exhausted = true;
                return;
            }
            if self.clock.is_out_of_time(&self.budget, outcome.n_guesses) {
                outcome.exhausted = true;
                outcome.spent = Spent::Time;
                return;
            }
            outcome.n_guesses += 1;
            let mut next = cands.clone();
            next[cell] = 1 << bit;
            self.explore(next, limit, kept, outcome);
        }
    }
}

impl ConstraintSolver {
    /// Searches as [`ExactSolver::search`] does, each empty cell within its pencil marks.
    pub fn search_within(
        &mut self,
        givens: &[u8],
        marks: &[DigitSet],
        limit: u32,
        kept: &mut Solutions,
    ) -> SearchOutcome {
        self.search_from(givens, Some(marks), limit, kept)
    }

    /// The search, from the givens and, where there are marks, within them.
    fn search_from(
        &mut self,
        givens: &[u8],
        marks: Option<&[DigitSet]>,
        limit: u32,
        kept: &mut Solutions,
    ) -> SearchOutcome {
        kept.clear(givens.len());
        self.clock = ClockReader::default();
        let mut outcome = SearchOutcome::default();
        if givens.len() != self.peers.len()
            || givens.iter().any(|&v| v as usize > self.size)
            || limit == 0
        {
            return outcome;
        }
        let cands = givens
            .iter()
            .enumerate()
            .map(|(i, &v)| match (v, marks) {
                (0, Some(marks)) => self.all & marks[i].bits(),
                (0, None) => self.all,
                _ => 1 << (v - 1),
            })
            .collect();
        self.explore(cands, limit, kept, &mut outcome);
        outcome
    }
}

impl ExactSolver for ConstraintSolver {
    fn search(&mut self, givens: &[u8], limit: u32, kept: &mut Solutions) -> SearchOutcome {
        self.search_from(givens, None, limit, kept)
    }

    fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }
}

/// The most cells a 45-rule group may have: a larger one bounds its cells too loosely to
/// pay for its pass.
const MAX_SUM_GROUP: usize = 5;

/// The groups of cells the 45 rule gives a total for. Each house holds every digit once, so
/// its cells add up to 1 + 2 + … + n, and so do 2 or 3 adjacent rows or columns, times 2 or
/// 3. Over such a region, the cages wholly inside have known sums, so the other cells of the
/// region (the innies) add up to the rest; and the cages that reach into it add up to their
/// sums, so their cells outside it (the outies) add up to what those sums pass the region's
/// total by. Each group of 1 to [`MAX_SUM_GROUP`] cells is kept, once.
fn sum_groups(geometry: &Geometry) -> Vec<(Vec<u16>, u32)> {
    let shape = geometry.shape();
    let n = shape.size();
    let rules = geometry.rules();
    let mut cage_of = vec![usize::MAX; shape.n_cells()];
    for (k, cage) in rules.cages.iter().enumerate() {
        if cage.sum.is_some() {
            for c in &cage.cells {
                cage_of[c.index()] = k;
            }
        }
    }
    if rules.cages.is_empty() {
        return Vec::new();
    }
    let house_total = (n * (n + 1) / 2) as u32;
    let mut regions: Vec<Vec<usize>> = geometry
        .house_cells
        .iter()
        .map(|cells| cells.iter().map(|c| c.index()).collect())
        .collect();
    for width in 2..=3 {
        for first in 0..=n - width {
            let rows = (0..shape.n_cells()).filter(|&i| (first..first + width).contains(&(i / n)));
            let cols = (0..shape.n_cells()).filter(|&i| (first..first + width).contains(&(i % n)));
            regions.push(rows.collect());
            regions.push(cols.collect());
        }
    }
    let mut groups: Vec<(Vec<u16>, u32)> = Vec::new();
    for region in regions {
        let total = house_total * (region.len() / n) as u32;
        let inside = |i: usize| region.contains(&i);
        let mut touched: Vec<usize> = region
            .iter()
            .map(|&i| cage_of[i])
            .filter(|&k| k != usize::MAX)
            .collect();
        touched.sort_unstable();
        touched.dedup();
        let whole = |k: &usize| rules.cages[*k].cells.iter().all(|c| inside(c.index()));
        let cage_sum = |k: &usize| u32::from(rules.cages[*k].sum.unwrap_or(0));
        let whole_sum: u32 = touched.iter().filter(|k| whole(k)).map(cage_sum).sum();
        let innies: Vec<u16> = region
            .iter()
            .filter(|&&i| cage_of[i] == usize::MAX || !whole(&cage_of[i]))
            .map(|&i| i as u16)
            .collect();
        if (1..=MAX_SUM_GROUP).contains(&innies.len()) && total > whole_sum {
            groups.push((innies, total - whole_sum));
        }
        let is_covered = region.iter().all(|&i| cage_of[i] != usize::MAX);
        let touched_sum: u32 = touched.iter().map(cage_sum).sum();
        let outies: Vec<u16> = touched
            .iter()
            .flat_map(|&k| rules.cages[k].cells.iter().map(|c| c.index()))
            .filter(|&i| !inside(i))
            .map(|i| i as u16)
            .collect();
        if is_covered && (1..=MAX_SUM_GROUP).contains(&outies.len()) && touched_sum > total {
            groups.push((outies, touched_sum - total));
        }
    }
    for (cells, _) in &mut groups {
        cells.sort_unstable();
    }
    groups.sort();
    groups.dedup();
    groups
}

/// Every assignment of distinct digits of `combo` to the cells from `i` on, within their
/// candidates; each digit a cell takes in one is added to its `support`. Whether there is one.
fn assign(
    cell_cands: &[u32],
    i: usize,
    used: u32,
    combo: u32,
    picks: &mut [u32],
    support: &mut [u32],
) -> bool {
    if i == cell_cands.len() {
        for (s, p) in support.iter_mut().zip(picks.iter()) {
            *s |= p;
        }
        return true;
    }
    let mut any = false;
    for bit in bit_positions(cell_cands[i] & combo & !used) {
        picks[i] = 1 << bit;
        any |= assign(cell_cands, i + 1, used | 1 << bit, combo, picks, support);
    }
    any
}

/// The sum of the digits of a mask (bit d−1 is digit d).
fn digit_sum(mask: u32) -> u32 {
    bit_positions(mask).map(|b| b as u32 + 1).sum()
}

/// The smallest digit of a non-empty mask.
fn min_digit(mask: u32) -> u32 {
    mask.trailing_zeros() + 1
}

/// The largest digit of a non-empty mask.
fn max_digit(mask: u32) -> u32 {
    32 - mask.leading_zeros()
}

/// The digits below `digit`.
fn below(digit: u32) -> u32 {
    match digit {
        0 | 1 => 0,
        d if d > 32 => u32::MAX,
        d => (1u32 << (d - 1)) - 1,
    }
}

/// The digits from `lo` to `hi`.
fn between(lo: u32, hi: u32) -> u32 {
    if lo > hi || lo > 32 {
        return 0;
    }
    below(hi + 1) & !below(lo)
}
