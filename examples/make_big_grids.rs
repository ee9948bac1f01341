//! Writes `tests/data/big_grids.txt`: hard work for the general exact solver on 16×16 and
//! 25×25 grids, and times the solver on it. Deterministic: the same run writes the same file.
//!
//! ```text
//! cargo run --release --example make_big_grids > tests/data/big_grids.txt
//! cargo run --release --example make_big_grids -- time tests/data/big_grids.txt [BUDGET]
//! ```
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

fn time(path: &str, budget: u64) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mut total_ms, mut total_nodes) = (0.0, 0u64);
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (expected, puzzle_text) = line.split_once(' ').expect("a count, then a puzzle");
        let puzzle = Grid::parse(puzzle_text).expect("a puzzle");
        let mut solver = GeneralSolver::for_layout(puzzle.geometry());
        solver.set_budget(Budget::nodes(budget));
        let start = Instant::now();
        let outcome = search(&mut solver, &puzzle, &mut Solutions::new(0));
        let ms = start.elapsed().as_secs_f64() * 1e3;
        total_ms += ms;
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
    println!("total\t{total_ms:.1} ms\t{total_nodes} nodes");
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
        Some(other) => panic!("unknown mode {other}: give nothing, or time FILE [BUDGET]"),
    }
}
