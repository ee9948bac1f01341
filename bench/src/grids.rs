//! Puzzles on large grids for the general solver's benchmark, made here so that the
//! benchmark needs no data files: a full grid from the shifted pattern, shuffled by the moves
//! that keep a grid valid (digits relabelled, rows inside bands, bands, columns inside stacks,
//! stacks), then a share of its cells kept at random. Such puzzles may have several
//! solutions; the benchmark counts to two, as for 9×9.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// An order of `groups` groups of `size` lines: groups shuffled, lines inside each shuffled.
fn line_order(rng: &mut Pcg64Mcg, groups: usize, size: usize) -> Vec<usize> {
    let mut group_order: Vec<usize> = (0..groups).collect();
    group_order.shuffle(rng);
    let mut order = Vec::new();
    for g in group_order {
        let mut inner: Vec<usize> = (0..size).map(|i| g * size + i).collect();
        inner.shuffle(rng);
        order.extend(inner);
    }
    order
}

/// `count` puzzles of side `box_size`² (square boxes), each keeping `kept_percent` of its
/// cells, from `seed` (the generator's seeded PCG, so every run measures the same puzzles).
pub fn puzzles(box_size: usize, count: usize, kept_percent: usize, seed: u64) -> Vec<Vec<u8>> {
    let n = box_size * box_size;
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let mut digits: Vec<u8> = (1..=n as u8).collect();
            digits.shuffle(&mut rng);
            let rows = line_order(&mut rng, box_size, box_size);
            let cols = line_order(&mut rng, box_size, box_size);
            let mut grid = vec![0u8; n * n];
            for (r, &pr) in rows.iter().enumerate() {
                for (c, &pc) in cols.iter().enumerate() {
                    let pattern = (pr % box_size * box_size + pr / box_size + pc) % n;
                    if rng.random_range(0..100) < kept_percent {
                        grid[r * n + c] = digits[pattern];
                    }
                }
            }
            grid
        })
        .collect()
}
