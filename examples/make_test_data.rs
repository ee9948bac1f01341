//! Writes the project's own test collections, each puzzle with its number of solutions (up
//! to 2) and its solution, made and counted by the project's own general solver (the tests
//! count them again with both exact searches). Deterministic: the same run writes the same
//! file. The random source is the generator's own PCG (`Pcg64Mcg`), seeded.
//!
//! The committed `variants.txt` and `classic.txt` were written before this example moved from
//! a hand-written xorshift64* source to PCG (commit 590cdcf): a run now writes other puzzles
//! of the same plan, as good for the tests. `generated` is unchanged (the generator has always
//! used PCG).
//!
//! ```text
//! cargo run --release --example make_test_data -- variants > tests/data/variants.txt
//! cargo run --release --example make_test_data -- classic > tests/data/classic.txt
//! cargo run --release --example make_test_data -- generated > tests/data/generated.txt
//! ```
//!
//! `generated`: what the core's generator makes from a few seeds and requests (one line per
//! puzzle: seed, request record as JSON, puzzle), which tests/generate.rs and the wasm
//! tests make again, natively and in wasm, to check that a seed gives the same puzzle on
//! every platform.
//!
//! `variants`: X-Sudoku, Windoku and Jigsaw puzzles of several sizes. `classic`: classic
//! puzzles of every size, so that the core's tests stand without `../shared/data`.
//!
//! Each puzzle is made from a random full grid of its layout (a few random givens, then the
//! solver's first solution), with givens removed in random order while the solution stays
//! unique, so every unique puzzle is minimal, except that 16×16 and 25×25 puzzles keep a floor
//! of givens (counting the sparsest of them takes the general solver too long). For each
//! layout one puzzle is also written with givens taken out until it has two solutions or
//! more, and one with a clashing given (none); classic ones get one more with no solution
//! and no clash: a cell of the unique puzzle given another of its candidates.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::sync::Arc;
use stepdoku::generate::{Generator, RequestRecord};
use stepdoku::search::{general::GeneralSolver, ExactSolver, Solutions};
use stepdoku::{Geometry, Grid, Shape, Variant};

fn count(solver: &mut GeneralSolver, values: &[u8], limit: u32) -> u32 {
    solver
        .search(values, limit, &mut Solutions::new(0))
        .n_solutions
}

/// A random full grid of a layout, if the layout has one.
fn full_grid(geometry: &Arc<Geometry>, rng: &mut Pcg64Mcg) -> Option<Vec<u8>> {
    let mut solver = GeneralSolver::for_layout(geometry);
    let n = geometry.size();
    let mut values = vec![0u8; geometry.n_cells()];
    for _ in 0..n + 2 {
        let cell = rng.random_range(0..values.len());
        let digit = 1 + rng.random_range(0..n) as u8;
        let before = values[cell];
        values[cell] = digit;
        if count(&mut solver, &values, 1) == 0 {
            values[cell] = before;
        }
    }
    let mut kept = Solutions::new(1);
    solver.search(&values, 1, &mut kept);
    let first = kept.iter().next().map(<[u8]>::to_vec);
    first
}

/// A puzzle with a unique solution from a full grid: minimal, unless it reaches the floor
/// of givens first.
fn minimal(geometry: &Arc<Geometry>, solution: &[u8], rng: &mut Pcg64Mcg) -> Vec<u8> {
    let floor = match geometry.size() {
        16 => 120,
        25 => 360,
        _ => 0,
    };
    let mut solver = GeneralSolver::for_layout(geometry);
    let mut puzzle = solution.to_vec();
    let mut n_givens = puzzle.len();
    let mut order: Vec<usize> = (0..puzzle.len()).collect();
    order.shuffle(rng);
    for cell in order {
        if n_givens == floor {
            break;
        }
        let digit = puzzle[cell];
        puzzle[cell] = 0;
        if count(&mut solver, &puzzle, 2) == 1 {
            n_givens -= 1;
        } else {
            puzzle[cell] = digit;
        }
    }
    puzzle
}

/// A jigsaw map of a shape: the boxes, reshaped by random swaps of cells between
/// neighbouring regions that keep every region connected and of `n` cells.
fn jigsaw_map(shape: Shape, rng: &mut Pcg64Mcg) -> Vec<u8> {
    let n = shape.size();
    let mut map: Vec<u8> = shape.cells().map(|c| shape.box_of(c) as u8).collect();
    let neighbours = |cell: usize| {
        let (r, c) = (cell / n, cell % n);
        let mut out = Vec::with_capacity(4);
        if r > 0 {
            out.push(cell - n);
        }
        if r + 1 < n {
            out.push(cell + n);
        }
        if c > 0 {
            out.push(cell - 1);
        }
        if c + 1 < n {
            out.push(cell + 1);
        }
        out
    };
    let connected = |map: &[u8], region: u8| {
        let members: Vec<usize> = (0..map.len()).filter(|&i| map[i] == region).collect();
        let mut seen = vec![false; map.len()];
        let mut stack = vec![members[0]];
        seen[members[0]] = true;
        let mut reached = 0;
        while let Some(i) = stack.pop() {
            reached += 1;
            for j in neighbours(i) {
                if map[j] == region && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        reached == members.len()
    };
    for _ in 0..40 * n {
        let a = rng.random_range(0..map.len());
        let b = *neighbours(a).get(rng.random_range(0..4)).unwrap_or(&a);
        let (ra, rb) = (map[a], map[b]);
        if ra == rb {
            continue;
        }
        // `a` joins `rb`; some cell of `rb` bordering `ra` joins `ra` in return.
        let candidates: Vec<usize> = (0..map.len())
            .filter(|&c| map[c] == rb && c != b && neighbours(c).iter().any(|&d| map[d] == ra))
            .collect();
        if candidates.is_empty() {
            continue;
        }
        let c = candidates[rng.random_range(0..candidates.len())];
        map[a] = rb;
        map[c] = ra;
        if !connected(&map, ra) || !connected(&map, rb) {
            map[a] = ra;
            map[c] = rb;
        }
    }
    map
}

fn line(geometry: &Arc<Geometry>, values: &[u8]) -> String {
    Grid::from_values_in(geometry.clone(), values)
        .expect("values of the layout")
        .to_line()
}

fn write(geometry: &Arc<Geometry>, puzzle: &[u8], solution: Option<&[u8]>) {
    let n_solutions = count(&mut GeneralSolver::for_layout(geometry), puzzle, 2);
    let solution = match solution {
        Some(values) if n_solutions == 1 => line(geometry, values),
        _ => "-".to_string(),
    };
    println!("{} {n_solutions} {solution}", line(geometry, puzzle));
}

/// Seeds and requests for `generated`: every size, each variant, every symmetry, each kind
/// of target; all quick to make.
const GENERATED: [(u64, &str); 16] = [
    (1, "{}"),
    (2, "{}"),
    (3, r#"{"level":"hard"}"#),
    (4, r#"{"level":"extreme","symmetry":"rotate-180"}"#),
    (5, r#"{"technique":"xwing","symmetry":"mirror"}"#),
    (6, r#"{"technique":"singles","symmetry":"rotate-90"}"#),
    (7, r#"{"er":"6.0-7.0","uniqueness":false}"#),
    (8, r#"{"size":4}"#),
    (9, r#"{"size":6,"tag":"x:"}"#),
    (10, r#"{"size":8,"symmetry":"diagonal"}"#),
    (11, r#"{"size":12,"level":"medium"}"#),
    (12, r#"{"size":16,"givens":150}"#),
    (13, r#"{"tag":"windoku:","level":"medium"}"#),
    (
        14,
        r#"{"tag":"jigsaw:AAABBBBBCAAABBBCCCADDBEECFFADDEECCFFADDEECCFFDDDEEFFFIGGGHEHHHIGGHHHHHIIGGGGIIIII:"}"#,
    ),
    (15, r#"{"size":25,"givens":450}"#),
    (20_261_124, r#"{"level":"medium"}"#),
];

/// Writes the `generated` lines.
fn write_generated() {
    println!("# Seed, request, puzzle: what the generator makes, natively and in wasm alike.");
    println!("# Written by examples/make_test_data.rs.");
    for (seed, json) in GENERATED {
        let record: RequestRecord = serde_json::from_str(json).expect("a request record");
        let request = record.request().expect("a request that can be met");
        let made = Generator::new(request, seed)
            .expect("checked")
            .next_puzzle();
        println!("{seed}\t{json}\t{}", made.puzzle.to_line());
    }
}

fn main() {
    let collection = std::env::args().nth(1).unwrap_or_default();
    if collection == "generated" {
        write_generated();
        return;
    }
    let mut rng = Pcg64Mcg::seed_from_u64(0x5eed_2026_1123);
    let plan: Vec<(Shape, &str, usize)> = match collection.as_str() {
        "variants" => {
            println!(
                "# X-Sudoku, Windoku and Jigsaw puzzles: puzzle, number of solutions (up to 2),"
            );
            println!("# solution ('-' unless unique). Written by examples/make_test_data.rs.");
            // Random 9×9 jigsaw maps are often without any solution, and proving that is
            // slow, so few of them.
            vec![
                (Shape::FOUR, "x", 3),
                (Shape::SIX, "x", 4),
                (Shape::NINE, "x", 12),
                (Shape::NINE, "windoku", 12),
                (Shape::SIX, "jigsaw", 4),
                (Shape::NINE, "jigsaw", 3),
            ]
        }
        "classic" => {
            println!("# Classic puzzles of every size: puzzle, number of solutions (up to 2),");
            println!("# solution ('-' unless unique). Written by examples/make_test_data.rs.");
            vec![
                (Shape::FOUR, "classic", 4),
                (Shape::SIX, "classic", 4),
                (Shape::EIGHT, "classic", 3),
                (Shape::NINE, "classic", 8),
                (Shape::TWELVE, "classic", 2),
                (Shape::SIXTEEN, "classic", 2),
                (Shape::TWENTY_FIVE, "classic", 1),
            ]
        }
        _ => {
            eprintln!("usage: make_test_data variants|classic|generated");
            std::process::exit(2);
        }
    };
    for (shape, name, n_puzzles) in plan {
        let mut made = 0;
        while made < n_puzzles {
            let variant = match name {
                "classic" => Variant::Classic,
                "x" => Variant::X,
                "windoku" => Variant::Windoku,
                _ => Variant::Jigsaw(jigsaw_map(shape, &mut rng).into()),
            };
            let geometry = Geometry::new(shape, variant).expect("a valid layout");
            let Some(solution) = full_grid(&geometry, &mut rng) else {
                continue;
            };
            let puzzle = minimal(&geometry, &solution, &mut rng);
            write(&geometry, &puzzle, Some(&solution));
            if made == 0 {
                // Givens taken out in reading order until a second solution appears: the
                // first is enough for a minimal puzzle.
                let mut several = puzzle.clone();
                let mut solver = GeneralSolver::for_layout(&geometry);
                for given in 0..several.len() {
                    several[given] = 0;
                    if count(&mut solver, &several, 2) == 2 {
                        break;
                    }
                }
                write(&geometry, &several, None);
                let mut none = puzzle.clone();
                let empty = none.iter().position(|&v| v == 0).expect("an empty cell");
                // The cell and a peer get the same digit: a clash, so no solution.
                let peer = geometry.peers[empty][0].index();
                none[peer] = solution[peer];
                none[empty] = solution[peer];
                write(&geometry, &none, None);
                if name == "classic" {
                    write(
                        &geometry,
                        &without_solution(&geometry, &puzzle, &solution),
                        None,
                    );
                }
            }
            made += 1;
        }
    }
}

/// The unique puzzle with its first empty cell given another digit that no peer holds: no
/// clash, yet no solution, since the only solution has a different digit there.
fn without_solution(geometry: &Arc<Geometry>, puzzle: &[u8], solution: &[u8]) -> Vec<u8> {
    let mut none = puzzle.to_vec();
    for cell in (0..none.len()).filter(|&i| none[i] == 0) {
        let seen: Vec<u8> = geometry.peers[cell]
            .iter()
            .map(|p| none[p.index()])
            .collect();
        let other =
            (1..=geometry.size() as u8).find(|&d| d != solution[cell] && !seen.contains(&d));
        if let Some(digit) = other {
            none[cell] = digit;
            return none;
        }
    }
    panic!("no empty cell of the puzzle has a second candidate")
}
