//! Writes `tests/data/big_grids.txt`: hard work for the general exact solver on 16×16 and
//! 25×25 grids, and times the solver on it. Deterministic: the same run writes the same file.
//!
//! ```text
//! cargo run --release --example make_big_grids > tests/data/big_grids.txt
//! cargo run --release --example make_big_grids -- time tests/data/big_grids.txt [BUDGET]
//! cargo run --release --example make_big_grids -- hard [BUDGET [SEED]] > tests/data/big_grids_hard.txt
//! ```
//!
//! `hard` writes the hard collection (about 3 minutes): random givens at 20–45% of 16×16 and
//! 25×25 grids (classic, X-Sudoku, jigsaw), three puzzles made unique by adding givens where
//! two solutions differ (written with ` = ` and the solution), a changed given of two of them
//! and a pigeonhole 16×16, both without a solution; every count within BUDGET nodes.
//!
//! Each puzzle keeps a share of the cells of a random solution grid of its layout (the core's
//! seeded filler), so it has at least one solution: 25×25 with 20–40% givens, 16×16 with
//! 72–82 givens and with 20%, 16×16 X-Sudoku and a jigsaw of 2×8 regions (the filler meets too many
//! dead ends on 16×16 Windoku, and so does the solver on its empty grid). The
//! pencil-mark grids keep 30% of a solution's cells as givens and allow, in every other cell,
//! the candidates the givens leave, with some wrong ones struck out and the solution's digit
//! struck out of one cell; only those without any solution are written.
//!
//! A line is the number of solutions (up to 2), a space, then the puzzle as
//! [`Grid::to_line`] writes it. `time` counts every puzzle of a file to 2 with the general
//! solver (within BUDGET nodes, a million by default) and prints, per puzzle, its size,
//! layout, givens, expected and found counts, milliseconds, `marks` for a pencil-mark grid,
//! and nodes.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::sync::Arc;
use std::time::Instant;
use stepdoku::search::general::GeneralSolver;
use stepdoku::search::{Budget, ExactSolver, SearchOutcome, Solutions};
use stepdoku::{generate, DigitSet, Geometry, Grid, Shape, Variant};

/// A puzzle keeping `n_givens` cells of a random solution of the layout.
fn kept_cells(layout: &Arc<Geometry>, n_givens: usize, rng: &mut Pcg64Mcg) -> (Grid, Grid) {
    let solution = generate::fill(layout, rng);
    let n = layout.n_cells();
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    let mut values = vec![0u8; n];
    for &cell in &order[..n_givens] {
        values[cell] = solution.values()[cell];
    }
    let puzzle = Grid::from_values_in(layout.clone(), &values).expect("values of the layout");
    (puzzle, solution)
}

/// Pencil marks for a puzzle: the candidates its givens leave, each wrong one struck out with
/// probability `strike` (in percent), and the solution's digit struck out of one empty cell.
fn marked(puzzle: &Grid, solution: &Grid, strike: u32, rng: &mut Pcg64Mcg) -> Grid {
    let layout = puzzle.geometry();
    let shape = layout.shape();
    let mut seen = vec![DigitSet::EMPTY; layout.n_houses()];
    for cell in shape.cells() {
        if let Some(d) = puzzle.get(cell) {
            for &h in &layout.cell_houses[cell.index()] {
                seen[h].insert(d);
            }
        }
    }
    let empty: Vec<usize> = (0..layout.n_cells())
        .filter(|&c| puzzle.values()[c] == 0)
        .collect();
    let wrong_cell = empty[rng.random_range(0..empty.len())];
    let marks = shape
        .cells()
        .map(|cell| {
            if let Some(d) = puzzle.get(cell) {
                return DigitSet::single(d);
            }
            let right = solution.get(cell).expect("a full solution");
            let mut set = layout.free_digits(cell, &seen, shape.all_digits());
            for d in set.iter() {
                if d != right && rng.random_range(0..100) < strike {
                    set.remove(d);
                }
            }
            if cell.index() == wrong_cell {
                set.remove(right);
            }
            set
        })
        .collect();
    puzzle.clone().with_marks(marks)
}

fn search(solver: &mut GeneralSolver, puzzle: &Grid, kept: &mut Solutions) -> SearchOutcome {
    match puzzle.marks() {
        Some(marks) => solver.search_within(puzzle.values(), marks, 2, kept),
        None => solver.search(puzzle.values(), 2, kept),
    }
}

fn count(puzzle: &Grid) -> u32 {
    let mut solver = GeneralSolver::for_layout(puzzle.geometry());
    solver.set_budget(Budget::UNLIMITED);
    search(&mut solver, puzzle, &mut Solutions::new(0)).n_solutions
}

/// The 16×16 jigsaw layout of 2×8 regions: two per pair of rows.
fn jigsaw_16() -> Arc<Geometry> {
    let map: Vec<u8> = (0..256)
        .map(|i| ((i / 16) / 2 * 2 + (i % 16) / 8) as u8)
        .collect();
    Geometry::new(Shape::SIXTEEN, Variant::Jigsaw(map.into()))
        .expect("regions of 16 connected cells")
}

/// The seed of the committed hard collection.
const HARD_SEED: u64 = 20_261_128;

fn write() {
    let mut rng = Pcg64Mcg::seed_from_u64(20_260_414);
    println!("# Hard work for the general solver on big grids: number of solutions (up to 2),");
    println!("# then the puzzle. Written by examples/make_big_grids.rs (seeded).");
    let classic25 = Geometry::classic(Shape::TWENTY_FIVE);
    let classic16 = Geometry::classic(Shape::SIXTEEN);
    let mut sets: Vec<(Arc<Geometry>, usize)> = Vec::new();
    for percent in [20, 25, 30, 35, 40] {
        for _ in 0..2 {
            sets.push((classic25.clone(), 625 * percent / 100));
        }
    }
    for n_givens in [72, 74, 76, 78, 80, 82] {
        sets.push((classic16.clone(), n_givens));
    }
    for _ in 0..2 {
        sets.push((classic16.clone(), 51));
    }
    for layout in [
        Geometry::new(Shape::SIXTEEN, Variant::X).expect("16×16 X-Sudoku"),
        jigsaw_16(),
    ] {
        for n_givens in [64, 80] {
            sets.push((layout.clone(), n_givens));
        }
    }
    for (layout, n_givens) in sets {
        let (puzzle, _) = kept_cells(&layout, n_givens, &mut rng);
        println!("{} {}", count(&puzzle), puzzle.to_line());
    }
    // Pencil-mark grids without a solution.
    let layout = classic16;
    {
        let mut written = 0;
        while written < 4 {
            let n_givens = layout.n_cells() * 30 / 100;
            let (puzzle, solution) = kept_cells(&layout, n_givens, &mut rng);
            let grid = marked(&puzzle, &solution, 40, &mut rng);
            if count(&grid) == 0 {
                println!("0 {}", grid.to_line());
                written += 1;
            }
        }
    }
}

/// A 25×25 jigsaw: the boxes, with one cell traded between the two boxes of each pair
/// (first and second, third and fourth) of every band, so that its regions overlap the lines
/// unlike boxes do.
fn jigsaw_25() -> Arc<Geometry> {
    let mut map: Vec<u8> = (0..625)
        .map(|i| ((i / 25) / 5 * 5 + (i % 25) / 5) as u8)
        .collect();
    for band in 0..5 {
        for left_box in [0, 2] {
            let (top, border) = (band * 5, left_box * 5 + 4);
            // The top cell of the left box's last column joins the right box, and the cell
            // of the right box's first column one row down joins the left box.
            map.swap(top * 25 + border, (top + 1) * 25 + border + 1);
        }
    }
    Geometry::new(Shape::TWENTY_FIVE, Variant::Jigsaw(map.into()))
        .expect("regions of 25 connected cells")
}

/// Counts a puzzle's solutions to 2 within `budget` nodes, keeping them.
fn count_kept(puzzle: &Grid, budget: u64, kept: &mut Solutions) -> SearchOutcome {
    let mut solver = GeneralSolver::for_layout(puzzle.geometry());
    solver.set_budget(Budget::nodes(budget));
    search(&mut solver, puzzle, kept)
}

/// A puzzle with one solution: givens of `solution` are added, each where the two solutions
/// found last differ, until it has one.
fn disambiguated(mut puzzle: Grid, solution: &Grid, budget: u64, rng: &mut Pcg64Mcg) -> Grid {
    loop {
        let mut kept = Solutions::new(2);
        let outcome = count_kept(&puzzle, budget, &mut kept);
        let cell = match outcome.decided() {
            Ok(1) => return puzzle,
            Ok(_) => {
                let found: Vec<&[u8]> = kept.iter().collect();
                let differ: Vec<usize> = (0..puzzle.values().len())
                    .filter(|&c| found[0][c] != found[1][c])
                    .collect();
                differ[rng.random_range(0..differ.len())]
            }
            Err(_) => {
                let empty: Vec<usize> = (0..puzzle.values().len())
                    .filter(|&c| puzzle.values()[c] == 0)
                    .collect();
                empty[rng.random_range(0..empty.len())]
            }
        };
        let mut values = puzzle.values().to_vec();
        values[cell] = solution.values()[cell];
        puzzle = Grid::from_values_in(puzzle.geometry().clone(), &values).expect("values");
    }
}

/// Whether `digit` (1-based) is given in a house of `cell`.
fn is_seen(layout: &Geometry, values: &[u8], cell: usize, digit: u8) -> bool {
    layout.cell_houses[cell].iter().any(|&h| {
        layout.house_cells[h]
            .iter()
            .any(|c| values[c.index()] == digit)
    })
}

/// A puzzle without a solution that only a search refutes: one given of `puzzle` (which has
/// one solution) changed to a digit no peer holds.
fn with_a_changed_given(puzzle: &Grid, budget: u64, rng: &mut Pcg64Mcg) -> Grid {
    let layout = puzzle.geometry();
    loop {
        let given: Vec<usize> = (0..layout.n_cells())
            .filter(|&c| puzzle.values()[c] != 0)
            .collect();
        let cell = given[rng.random_range(0..given.len())];
        let mut values = puzzle.values().to_vec();
        values[cell] = 0;
        let digit = rng.random_range(1..=layout.size() as u8);
        if digit == puzzle.values()[cell] || is_seen(layout, &values, cell, digit) {
            continue;
        }
        values[cell] = digit;
        let changed = Grid::from_values_in(layout.clone(), &values).expect("values");
        let outcome = count_kept(&changed, budget, &mut Solutions::new(0));
        if outcome.decided() == Ok(0) && outcome.n_guesses > 0 {
            return changed;
        }
    }
}

/// A 16×16 puzzle without a solution by pigeonhole: three digits whose only places in the
/// first box are its two cells r1c1 and r2c2. Givens elsewhere in the box's rows and columns
/// shut the three digits out of the box's other cells:
///
/// ```text
///   c1 c2 c3 c4 | c5 c6 …
/// r1 ·  e  ·  · |           ·  the two cells left to the three digits a, b, c
/// r2 e  ·  ·  · |           e  other digits given
/// r3 ·  ·  ·  · | a  ·  …   rows 3 and 4 hold a, b, c in the other boxes of the band;
/// r4 ·  ·  ·  · | ·  c  …   columns 3 and 4 hold them in the other boxes of the stack
/// ```
///
/// Random givens follow (none of a, b, c in the box's rows and columns, none clashing) up to
/// `n_givens`, redrawn until the grid is refuted by search rather than by propagation alone
/// (or, after `MAX_DRAWS` draws, by propagation).
fn pigeonhole_16(n_givens: usize, budget: u64, rng: &mut Pcg64Mcg) -> Grid {
    let layout = Geometry::classic(Shape::SIXTEEN);
    let mut digits: Vec<u8> = (1..=16).collect();
    for i in (1..16).rev() {
        digits.swap(i, rng.random_range(0..=i));
    }
    let (trio, others) = (&digits[..3], &digits[3..]);
    let mut base = vec![0u8; 256];
    base[1] = others[0];
    base[16] = others[1];
    for (k, &digit) in trio.iter().enumerate() {
        for (line, offset) in [(2, 0), (3, 1)] {
            // Rows 3 and 4: the digit in box (k + offset) % 3 + 1 of the band.
            let stack = (k + offset) % 3 + 1;
            base[line * 16 + stack * 4 + offset] = digit;
            // Columns 3 and 4: likewise in the bands below.
            base[(stack * 4 + offset) * 16 + line] = digit;
        }
    }
    // Since the solver applies pairs and triples (issue 32) propagation alone refutes most
    // draws: after this many, one refuted without search is taken.
    const MAX_DRAWS: u32 = 200;
    for draw in 1.. {
        let mut values = base.clone();
        let mut n_filled = values.iter().filter(|&&v| v != 0).count();
        while n_filled < n_givens {
            let cell = rng.random_range(0..256);
            let digit = rng.random_range(1..=16u8);
            let (row, col) = (cell / 16, cell % 16);
            let is_near_the_box = row < 4 || col < 4;
            if values[cell] != 0
                || (is_near_the_box && (row < 4 && col < 4 || trio.contains(&digit)))
                || is_seen(&layout, &values, cell, digit)
            {
                continue;
            }
            values[cell] = digit;
            n_filled += 1;
        }
        let puzzle = Grid::from_values_in(layout.clone(), &values).expect("values");
        let outcome = count_kept(&puzzle, budget, &mut Solutions::new(0));
        if outcome.decided() == Ok(0) && (outcome.n_guesses > 0 || draw >= MAX_DRAWS) {
            return puzzle;
        }
    }
    unreachable!("the draws go on until one is taken")
}

/// Writes the hard collection: random givens of random solutions (several solutions, most of
/// them), puzzles made unique, and puzzles without a solution; each counted within `budget`.
fn hard(budget: u64, seed: u64) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    println!("# Hard big grids for the general solver: number of solutions (up to 2), the puzzle,");
    println!("# and for a unique one ' = ' and its solution. Written by");
    println!("# `cargo run --release --example make_big_grids -- hard {budget} {seed}` (seeded).");
    let classic25 = Geometry::classic(Shape::TWENTY_FIVE);
    let x25 = Geometry::new(Shape::TWENTY_FIVE, Variant::X).expect("25×25 X-Sudoku");
    let classic16 = Geometry::classic(Shape::SIXTEEN);
    let x16 = Geometry::new(Shape::SIXTEEN, Variant::X).expect("16×16 X-Sudoku");
    let mut sets: Vec<(Arc<Geometry>, usize)> = Vec::new();
    for percent in [20, 25, 30, 35, 40, 45] {
        for _ in 0..2 {
            sets.push((classic25.clone(), percent));
        }
        sets.push((classic16.clone(), percent));
    }
    for percent in [25, 35] {
        sets.push((x25.clone(), percent));
        sets.push((jigsaw_25(), percent));
    }
    for percent in [25, 35, 45] {
        sets.push((x16.clone(), percent));
        sets.push((jigsaw_16(), percent));
    }
    for (layout, percent) in sets {
        let n_givens = layout.n_cells() * percent / 100;
        // A puzzle this budget cannot decide is drawn again.
        loop {
            let (puzzle, _) = kept_cells(&layout, n_givens, &mut rng);
            if let Ok(n) = count_kept(&puzzle, budget, &mut Solutions::new(0)).decided() {
                println!("{n} {}", puzzle.to_line());
                break;
            }
        }
    }
    let mut unique = Vec::new();
    for (layout, percent) in [(&classic25, 40), (&x25, 40), (&classic16, 35)] {
        let (puzzle, solution) = kept_cells(layout, layout.n_cells() * percent / 100, &mut rng);
        let puzzle = disambiguated(puzzle, &solution, budget, &mut rng);
        println!("1 {} = {}", puzzle.to_line(), solution.to_line());
        unique.push(puzzle);
    }
    for puzzle in [&unique[0], &unique[2]] {
        println!(
            "0 {}",
            with_a_changed_given(puzzle, budget, &mut rng).to_line()
        );
    }
    println!("0 {}", pigeonhole_16(64, budget, &mut rng).to_line());
}

fn time(path: &str, budget: u64) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mut total_ms, mut total_nodes, mut max_ms) = (0.0, 0u64, 0.0f64);
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (expected, rest) = line.split_once(' ').expect("a count, then a puzzle");
        let puzzle_text = rest.split_once(" = ").map_or(rest, |(puzzle, _)| puzzle);
        let puzzle = Grid::parse(puzzle_text).expect("a puzzle");
        let mut solver = GeneralSolver::for_layout(puzzle.geometry());
        solver.set_budget(Budget::nodes(budget));
        // The best of three runs, so that other load on the machine counts less.
        let mut ms = f64::INFINITY;
        let mut outcome = SearchOutcome::default();
        for _ in 0..3 {
            let start = Instant::now();
            outcome = search(&mut solver, &puzzle, &mut Solutions::new(0));
            ms = ms.min(start.elapsed().as_secs_f64() * 1e3);
        }
        total_ms += ms;
        max_ms = max_ms.max(ms);
        total_nodes += outcome.n_guesses;
        println!(
            "{}\t{}\t{}\t{}\t{}\t{ms:.2}\t{}\tnodes {}",
            puzzle.geometry().shape().name(),
            puzzle.geometry().variant().slug(),
            puzzle.n_filled(),
            expected,
            match outcome.decided() {
                Ok(n) => n.to_string(),
                Err(_) => "undecided".to_string(),
            },
            if puzzle.marks().is_some() {
                "marks"
            } else {
                ""
            },
            outcome.n_guesses,
        );
    }
    println!(
        "total\t{total_ms:.1} ms\tmax {max_ms:.1} ms\t{total_nodes} nodes\t{:.0} nodes/s",
        total_nodes as f64 / total_ms * 1e3
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => write(),
        Some("time") => time(
            args.get(1).expect("a file after time"),
            args.get(2)
                .map_or(1_000_000, |b| b.parse().expect("a number")),
        ),
        Some("hard") => hard(
            args.get(1)
                .map_or(1_000_000, |b| b.parse().expect("a number")),
            args.get(2)
                .map_or(HARD_SEED, |s| s.parse().expect("a number")),
        ),
        Some(other) => {
            panic!(
                "unknown mode {other}: give nothing, hard [BUDGET [SEED]], or time FILE [BUDGET]"
            )
        }
    }
}
