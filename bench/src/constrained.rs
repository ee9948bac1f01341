//! The benchmark's peer for constraint puzzles (killer cages, thermometers, arrows, kropki
//! dots, XV, extra diagonals, anti-knight, anti-king, non-consecutive): an exact cover
//! counted by the plain dancing-links search of [`crate::dlx`], built here and nowhere else.
//!
//! The cover: cells tied together by a cage, a thermometer, an arrow or a dot form a *part*,
//! and every way to fill a part that keeps its own rules (and the houses, diagonals and pair
//! rules among its cells) is one row. A row covers the columns of its cells (primary: each
//! cell once), of each house and diagonal with each digit (primary: each digit once a
//! house), and the secondary columns of the rules between cells of different parts that no
//! part sees whole (anti-knight and anti-king: the same digit in both cells; non-consecutive:
//! two consecutive digits): a secondary column is covered at most once, so two candidates
//! that share one are never chosen together. A cell in no part is a part of its own.

use std::collections::HashMap;

use stepdoku::constraint::{ConstraintPuzzle, Relation};
use stepdoku::search::Budget;
use stepdoku::Cell;

use crate::clock::timed;
use crate::dlx::Dlx;

/// The most rows one part may give: a nine-cell cage without a sum has 9! fillings, past
/// what a plain cover is built for. Such a puzzle has no peer time.
pub const MAX_ROWS_PER_PART: usize = 200_000;

/// The cover of a puzzle, or `None` when a part has more than [`MAX_ROWS_PER_PART`] rows.
pub fn cover_of(puzzle: &ConstraintPuzzle) -> Option<Dlx> {
    let grid = puzzle.grid();
    let rules = puzzle.constraints();
    let geometry = grid.geometry();
    let shape = grid.shape();
    let n = shape.size();
    let n_cells = shape.n_cells();
    let diagonals: Vec<Vec<Cell>> = rules.diagonals.iter().map(|d| d.cells(shape)).collect();
    let n_primary = n_cells + (geometry.n_houses() + diagonals.len()) * n;
    // The primary house columns of each cell: layout houses, then diagonals.
    let mut groups_of: Vec<Vec<usize>> = shape
        .cells()
        .map(|cell| geometry.houses_of(cell).map(|h| geometry.id(h)).collect())
        .collect();
    for (k, diagonal) in diagonals.iter().enumerate() {
        for cell in diagonal {
            groups_of[cell.index()].push(geometry.n_houses() + k);
        }
    }
    // Pairs of candidates that exclude each other across parts: each gets a secondary column.
    let mut exclusions: Vec<((Cell, u8), (Cell, u8))> = Vec::new();
    for (a, b) in rules.apart_pairs(shape) {
        exclusions.extend((1..=n as u8).map(|d| ((a, d), (b, d))));
    }
    let global: Vec<_> = rules
        .pair_rules(shape)
        .into_iter()
        .filter(|p| p.relation == Relation::NotConsecutive)
        .collect();
    for rule in &global {
        for d in 1..n as u8 {
            exclusions.push(((rule.a, d), (rule.b, d + 1)));
            exclusions.push(((rule.a, d + 1), (rule.b, d)));
        }
    }
    let mut secondary_of: HashMap<(Cell, u8), Vec<usize>> = HashMap::new();
    for (k, &(x, y)) in exclusions.iter().enumerate() {
        secondary_of.entry(x).or_default().push(n_primary + k);
        secondary_of.entry(y).or_default().push(n_primary + k);
    }
    let parts = Parts::of(puzzle);
    let mut rows = Vec::new();
    for part in parts.cells() {
        let fillings = parts.fillings(puzzle, &part, &groups_of, &exclusions)?;
        for filling in fillings {
            let mut columns = Vec::new();
            for (&cell, &digit) in part.iter().zip(&filling) {
                columns.push(cell.index());
                let d = usize::from(digit) - 1;
                columns.extend(groups_of[cell.index()].iter().map(|g| n_cells + g * n + d));
                columns.extend(secondary_of.get(&(cell, digit)).into_iter().flatten());
            }
            rows.push(columns);
        }
    }
    Some(Dlx::for_rows(n_primary, exclusions.len(), &rows))
}

/// The parts of a puzzle: cells joined by a cage, a thermometer, an arrow or a dot.
struct Parts {
    /// The part of each cell, by a representative cell (union-find).
    parent: Vec<usize>,
}

impl Parts {
    fn of(puzzle: &ConstraintPuzzle) -> Parts {
        let rules = puzzle.constraints();
        let mut parts = Parts {
            parent: (0..puzzle.grid().shape().n_cells()).collect(),
        };
        let mut join_all = |cells: &mut dyn Iterator<Item = Cell>| {
            if let Some(first) = cells.next() {
                for cell in cells {
                    parts.join(first.index(), cell.index());
                }
            }
        };
        for cage in &rules.cages {
            join_all(&mut cage.cells.iter().copied());
        }
        for thermometer in &rules.thermometers {
            join_all(&mut thermometer.cells.iter().copied());
        }
        for arrow in &rules.arrows {
            join_all(&mut std::iter::once(arrow.circle).chain(arrow.line.iter().copied()));
        }
        for pair in &rules.pairs {
            join_all(&mut [pair.a, pair.b].into_iter());
        }
        parts
    }

    fn root(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }

    fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.root(a), self.root(b));
        self.parent[ra.max(rb)] = ra.min(rb);
    }

    /// The cells of each part, in reading order.
    fn cells(&self) -> Vec<Vec<Cell>> {
        let mut by_root: HashMap<usize, Vec<Cell>> = HashMap::new();
        let mut parts = Parts {
            parent: self.parent.clone(),
        };
        for i in 0..self.parent.len() {
            by_root.entry(parts.root(i)).or_default().push(Cell::new(i));
        }
        let mut all: Vec<Vec<Cell>> = by_root.into_values().collect();
        all.sort();
        all
    }

    /// Every filling of a part's cells (digits in its cells' order) that keeps its givens,
    /// the houses and diagonals among its cells, the exclusions between them and every rule
    /// whose cells all lie in it; `None` past [`MAX_ROWS_PER_PART`].
    fn fillings(
        &self,
        puzzle: &ConstraintPuzzle,
        part: &[Cell],
        groups_of: &[Vec<usize>],
        exclusions: &[((Cell, u8), (Cell, u8))],
    ) -> Option<Vec<Vec<u8>>> {
        let grid = puzzle.grid();
        let rules = puzzle.constraints();
        let n = grid.shape().size() as u8;
        let position = |cell: Cell| part.iter().position(|&c| c == cell);
        let inside = |cells: &[Cell]| cells.iter().all(|&c| position(c).is_some());
        // Each rule inside the part as a check on a filling, run once its cells are filled:
        // (the last position it needs, the check).
        type Check<'a> = Box<dyn Fn(&[u8]) -> bool + 'a>;
        let mut checks: Vec<(usize, Check)> = Vec::new();
        let at = |cells: Vec<usize>| cells.into_iter().max().unwrap_or(0);
        for cage in rules.cages.iter().filter(|c| inside(&c.cells)) {
            let places: Vec<usize> = cage.cells.iter().filter_map(|&c| position(c)).collect();
            let sum = cage.sum;
            let distinct = places.clone();
            checks.push((
                at(places.clone()),
                Box::new(move |f: &[u8]| {
                    let digits: Vec<u8> = distinct.iter().map(|&p| f[p]).collect();
                    let mut seen = 0u32;
                    digits.iter().all(|&d| {
                        let fresh = seen & (1 << d) == 0;
                        seen |= 1 << d;
                        fresh
                    }) && sum.is_none_or(|s| digits.iter().map(|&d| u16::from(d)).sum::<u16>() == s)
                }),
            ));
        }
        for thermometer in rules.thermometers.iter().filter(|t| inside(&t.cells)) {
            let places: Vec<usize> = thermometer.cells.iter().filter_map(|&c| position(c)).collect();
            checks.push((
                at(places.clone()),
                Box::new(move |f: &[u8]| places.windows(2).all(|w| f[w[0]] < f[w[1]])),
            ));
        }
        for arrow in rules.arrows.iter().filter(|a| inside(&[a.circle])) {
            let circle = position(arrow.circle)?;
            let line: Vec<usize> = arrow.line.iter().filter_map(|&c| position(c)).collect();
            let last = at(line.iter().copied().chain([circle]).collect());
            checks.push((
                last,
                Box::new(move |f: &[u8]| {
                    line.iter().map(|&p| u32::from(f[p])).sum::<u32>() == u32::from(f[circle])
                }),
            ));
        }
        for pair in rules.pairs.iter().filter(|p| inside(&[p.a, p.b])) {
            let (a, b, relation) = (position(pair.a)?, position(pair.b)?, pair.relation);
            checks.push((a.max(b), Box::new(move |f: &[u8]| relation.holds(f[a], f[b]))));
        }
        // Pairs of positions that must differ (a shared house, diagonal or cage: checked as
        // soon as both are filled, which prunes a cage early) or exclude digit pairs
        // (anti-knight, anti-king, non-consecutive).
        let cage_of = |cell: Cell| rules.cages.iter().position(|c| c.cells.contains(&cell));
        for (i, &x) in part.iter().enumerate() {
            for (j, &y) in part.iter().enumerate().skip(i + 1) {
                let same_cage = cage_of(x).is_some() && cage_of(x) == cage_of(y);
                if same_cage
                    || groups_of[x.index()]
                        .iter()
                        .any(|g| groups_of[y.index()].contains(g))
                {
                    checks.push((j, Box::new(move |f: &[u8]| f[i] != f[j])));
                }
            }
        }
        for &((x, dx), (y, dy)) in exclusions {
            if let (Some(i), Some(j)) = (position(x), position(y)) {
                checks.push((i.max(j), Box::new(move |f: &[u8]| f[i] != dx || f[j] != dy)));
            }
        }
        let mut by_place: Vec<Vec<&Check>> = vec![Vec::new(); part.len()];
        for (place, check) in &checks {
            by_place[*place].push(check);
        }
        let givens: Vec<u8> = part.iter().map(|&c| grid.values()[c.index()]).collect();
        let mut out = Vec::new();
        let mut filling = vec![0u8; part.len()];
        let mut stack = vec![(0usize, 0u8)];
        // Depth-first over positions, each check run at the position that completes it.
        while let Some((place, last)) = stack.pop() {
            let next = (last + 1..=n).find(|&d| givens[place] == 0 || givens[place] == d);
            let Some(digit) = next else {
                continue;
            };
            stack.push((place, digit));
            filling[place] = digit;
            if !by_place[place].iter().all(|check| check(&filling)) {
                continue;
            }
            if place + 1 == part.len() {
                out.push(filling.clone());
                if out.len() > MAX_ROWS_PER_PART {
                    return None;
                }
            } else {
                stack.push((place + 1, 0));
            }
        }
        Some(out)
    }
}

/// Times our constraint solver against the cover on every puzzle of the files (f-puzzles
/// JSON, one object a line), each counted to two solutions: the best of `rounds` per puzzle
/// in µs of thread CPU time, for killers (cages only) and for the other constraint puzzles;
/// the cover's time includes building it, as a solver's includes reading its puzzle. The two
/// counts must agree.
pub fn compare(paths: &[String], rounds: usize) {
    let mut groups: [(&str, Vec<(f64, Option<f64>)>); 2] =
        [("killer", Vec::new()), ("other rules", Vec::new())];
    for path in paths {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for (k, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let puzzle = ConstraintPuzzle::from_fpuzzles(line)
                .unwrap_or_else(|e| panic!("{path}:{}: {e}", k + 1));
            let rules = puzzle.constraints();
            let is_killer = rules.thermometers.is_empty()
                && rules.arrows.is_empty()
                && rules.pairs.is_empty()
                && rules.diagonals.is_empty()
                && !(rules.is_antiknight || rules.is_antiking || rules.is_nonconsecutive);
            let best = |f: &mut dyn FnMut() -> u32| {
                (0..rounds)
                    .map(|_| timed(&mut *f))
                    .min_by(|a, b| a.0.total_cmp(&b.0))
                    .expect("at least one round")
            };
            let (ours, n_ours) = best(&mut || {
                stepdoku::search::count_solutions(puzzle.grid(), 2, Budget::DEFAULT).expect("decided")
            });
            let peer = cover_of(&puzzle).map(|_| {
                let (secs, n_peer) = best(&mut || {
                    let mut dlx = cover_of(&puzzle).expect("built above");
                    dlx.count_rows(2, u64::MAX).expect("no branch limit").0
                });
                assert_eq!(n_peer, n_ours, "{path}:{}: the counts differ", k + 1);
                secs
            });
            groups[usize::from(!is_killer)].1.push((ours, peer));
        }
    }
    println!(
        "constraint puzzles, counted to 2, best of {rounds} rounds, µs/puzzle of thread CPU time"
    );
    println!(
        "{:<12} {:>7} | {:>9} {:>9} {:>9} | {:>9} {:>9} {:>9} | {:>10}",
        "puzzles", "n", "ours mean", "median", "max", "DLX mean", "median", "max", "DLX / ours"
    );
    for (name, times) in &groups {
        if times.is_empty() {
            continue;
        }
        let ours: Vec<f64> = times.iter().map(|t| t.0 * 1e6).collect();
        let peers: Vec<f64> = times.iter().filter_map(|t| t.1.map(|s| s * 1e6)).collect();
        let (o_mean, o_median, o_max) = summary(&ours);
        let (p_mean, p_median, p_max) = summary(&peers);
        // The ratio over the puzzles both solved.
        let both: Vec<(f64, f64)> = times
            .iter()
            .filter_map(|t| t.1.map(|p| (t.0, p)))
            .collect();
        let ratio = both.iter().map(|b| b.1).sum::<f64>() / both.iter().map(|b| b.0).sum::<f64>();
        println!(
            "{name:<12} {:>7} | {o_mean:>9.0} {o_median:>9.0} {o_max:>9.0} | {p_mean:>9.0} {p_median:>9.0} {p_max:>9.0} | {ratio:>9.1}×",
            format!("{}/{}", peers.len(), ours.len()),
        );
    }
}

/// The mean, median and largest of some times.
fn summary(times: &[f64]) -> (f64, f64, f64) {
    if times.is_empty() {
        return (f64::NAN, f64::NAN, f64::NAN);
    }
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mean = sorted.iter().sum::<f64>() / sorted.len() as f64;
    (mean, sorted[sorted.len() / 2], sorted[sorted.len() - 1])
}
