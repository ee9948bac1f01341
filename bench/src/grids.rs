//! Puzzles on large grids for the general solver's benchmark, made here so that the
//! benchmark needs no data files: a full grid from the shifted pattern, shuffled by the moves
//! that keep a grid valid (digits relabelled, rows inside bands, bands, columns inside stacks,
//! stacks), then a share of its cells kept at random. Such puzzles may have several
//! solutions; the benchmark counts to two, as for 9×9.

/// A small deterministic generator (SplitMix64), so every run measures the same puzzles.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// An order of `groups` groups of `size` lines: groups shuffled, lines inside each shuffled.
fn line_order(rng: &mut Rng, groups: usize, size: usize) -> Vec<usize> {
    let mut group_order: Vec<usize> = (0..groups).collect();
    rng.shuffle(&mut group_order);
    let mut order = Vec::new();
    for g in group_order {
        let mut inner: Vec<usize> = (0..size).map(|i| g * size + i).collect();
        rng.shuffle(&mut inner);
        order.extend(inner);
    }
    order
}

/// `count` puzzles of side `box_size`² (square boxes), each keeping `kept_percent` of its
/// cells, from `seed`.
pub fn puzzles(box_size: usize, count: usize, kept_percent: usize, seed: u64) -> Vec<Vec<u8>> {
    let n = box_size * box_size;
    let mut rng = Rng(seed);
    (0..count)
        .map(|_| {
            let mut digits: Vec<u8> = (1..=n as u8).collect();
            rng.shuffle(&mut digits);
            let rows = line_order(&mut rng, box_size, box_size);
            let cols = line_order(&mut rng, box_size, box_size);
            let mut grid = vec![0u8; n * n];
            for (r, &pr) in rows.iter().enumerate() {
                for (c, &pc) in cols.iter().enumerate() {
                    let pattern = (pr % box_size * box_size + pr / box_size + pc) % n;
                    if rng.below(100) < kept_percent {
                        grid[r * n + c] = digits[pattern];
                    }
                }
            }
            grid
        })
        .collect()
}
