//! Writes `tests/data/killer.jsonl`: constraint puzzles as f-puzzles JSON, one per line, each
//! with exactly one solution, which it carries in f-puzzles' own `solution` key (the reader
//! skips it; tests/constraints.rs checks it). Deterministic: the same run writes the same
//! file, from the generator's PCG (`Pcg64Mcg`), seeded.
//!
//! ```text
//! cargo run --release --example make_killer_data > tests/data/killer.jsonl
//! ```
//!
//! **Killers** (no givens): a random full grid (`generate::fill`), cut into random cages that
//! grow cell by cell through edge neighbours whose digit the cage does not hold yet (2 to 5
//! cells), each cage's sum taken from the grid; a cutting whose puzzle is not unique is thrown
//! away and another tried.
//!
//! **Mixed** puzzles: the global rules first (anti-knight, anti-king, non-consecutive,
//! diagonals), and a full grid that keeps them (the constraint solver's first solution after
//! a few random givens); then rules read off that grid — thermometers (random walks through
//! rising digits), arrows (lines whose digits add up to the circle's), kropki dots and XV
//! marks on every pair of neighbours they fit; then givens of the grid, in random order,
//! until the solution is unique, and those that are not needed taken away again.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde_json::{json, Map, Value};
use stepdoku::search::rules::ConstraintSolver;
use stepdoku::search::{Budget, ExactSolver, Solutions};
use stepdoku::{ConstraintPuzzle, Geometry, Shape};

/// The nodes each uniqueness check may use while making puzzles.
const NODES: u64 = 200_000;

fn main() {
    let mut rng = Pcg64Mcg::seed_from_u64(0x4b11_1e72_2026);
    for (shape, count) in [(Shape::NINE, 22), (Shape::SIX, 3)] {
        for k in 0..count {
            let (json, _) = killer(shape, &mut rng);
            print_line(json, format!("killer {} #{}", shape.name(), k + 1));
        }
    }
    let kinds: [(&str, &[&str]); 12] = [
        ("thermo", &["thermometer"]),
        ("thermo", &["thermometer", "antiknight"]),
        ("arrow", &["arrow"]),
        ("arrow", &["arrow", "diagonal+", "diagonal-"]),
        ("kropki", &["difference", "ratio"]),
        ("kropki", &["difference", "ratio", "antiking"]),
        ("xv", &["xv"]),
        ("xv", &["xv", "nonconsecutive"]),
        ("antiknight", &["antiknight"]),
        ("nonconsecutive", &["nonconsecutive"]),
        ("mixed", &["thermometer", "arrow", "difference", "xv"]),
        ("mixed", &["thermometer", "ratio", "antiking", "diagonal-"]),
    ];
    for (k, (name, rules)) in kinds.iter().enumerate() {
        let json = mixed(rules, &mut rng);
        print_line(json, format!("{name} #{}", k + 1));
    }
}

fn print_line(mut json: Map<String, Value>, title: String) {
    json.insert("title".to_string(), Value::String(title));
    println!("{}", Value::Object(json));
}

/// An f-puzzles object of an empty grid of a shape.
fn empty_object(shape: Shape, givens: &[u8]) -> Map<String, Value> {
    let n = shape.size();
    let rows: Vec<Value> = (0..n)
        .map(|r| {
            Value::Array(
                (0..n)
                    .map(|c| match givens[r * n + c] {
                        0 => json!({}),
                        v => json!({"value": v, "given": true}),
                    })
                    .collect(),
            )
        })
        .collect();
    let mut object = Map::new();
    object.insert("size".to_string(), json!(n));
    object.insert("grid".to_string(), Value::Array(rows));
    object
}

fn name(shape: Shape, cell: usize) -> String {
    format!("R{}C{}", cell / shape.size() + 1, cell % shape.size() + 1)
}

/// The number of solutions (up to 2) of an object, or `None` when undecided.
fn count(object: &Map<String, Value>) -> Option<u32> {
    let puzzle = ConstraintPuzzle::from_fpuzzles(&Value::Object(object.clone()).to_string())
        .expect("a puzzle the generator made");
    stepdoku::search::count_solutions(puzzle.grid(), 2, Budget::nodes(NODES)).ok()
}

/// A killer without givens and its solution.
fn killer(shape: Shape, rng: &mut Pcg64Mcg) -> (Map<String, Value>, Vec<u8>) {
    let geometry = Geometry::classic(shape);
    loop {
        let solution = stepdoku::generate::fill(&geometry, rng).values().to_vec();
        for _ in 0..20 {
            let cages = cut_into_cages(shape, &solution, rng);
            let mut object = empty_object(shape, &vec![0; shape.n_cells()]);
            let list: Vec<Value> = cages
                .iter()
                .map(|cage| {
                    let sum: u32 = cage.iter().map(|&c| solution[c] as u32).sum();
                    let cells: Vec<String> = cage.iter().map(|&c| name(shape, c)).collect();
                    json!({"cells": cells, "value": sum.to_string()})
                })
                .collect();
            object.insert("killercage".to_string(), Value::Array(list));
            if count(&object) == Some(1) {
                object.insert("solution".to_string(), json!(solution));
                return (object, solution);
            }
        }
    }
}

/// The orthogonal neighbours of a cell.
fn neighbours(shape: Shape, cell: usize) -> Vec<usize> {
    let n = shape.size() as isize;
    let (r, c) = ((cell as isize) / n, (cell as isize) % n);
    [(0, 1), (1, 0), (0, -1), (-1, 0)]
        .iter()
        .map(|(dr, dc)| (r + dr, c + dc))
        .filter(|(r, c)| (0..n).contains(r) && (0..n).contains(c))
        .map(|(r, c)| (r * n + c) as usize)
        .collect()
}

/// Random cages covering the grid, each of distinct digits of `solution`.
fn cut_into_cages(shape: Shape, solution: &[u8], rng: &mut Pcg64Mcg) -> Vec<Vec<usize>> {
    let mut owner = vec![usize::MAX; shape.n_cells()];
    let mut order: Vec<usize> = (0..shape.n_cells()).collect();
    order.shuffle(rng);
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for start in order {
        if owner[start] != usize::MAX {
            continue;
        }
        let target = rng.random_range(2..=5);
        let mut cage = vec![start];
        owner[start] = cages.len();
        while cage.len() < target {
            let mut options: Vec<usize> = cage
                .iter()
                .flat_map(|&c| neighbours(shape, c))
                .filter(|&c| {
                    owner[c] == usize::MAX && cage.iter().all(|&m| solution[m] != solution[c])
                })
                .collect();
            options.sort();
            options.dedup();
            let Some(&next) = options.choose(rng) else {
                break;
            };
            owner[next] = cages.len();
            cage.push(next);
        }
        cages.push(cage);
    }
    cages
}

/// A 9×9 puzzle with the rules named (f-puzzles keys), givens until unique, and its solution.
fn mixed(rules: &[&str], rng: &mut Pcg64Mcg) -> Map<String, Value> {
    let shape = Shape::NINE;
    let n_cells = shape.n_cells();
    let globals = [
        "antiknight",
        "antiking",
        "nonconsecutive",
        "diagonal+",
        "diagonal-",
    ];
    let mut base = empty_object(shape, &vec![0; n_cells]);
    for flag in globals.iter().filter(|f| rules.contains(f)) {
        base.insert(flag.to_string(), Value::Bool(true));
    }
    let solution = full_grid_keeping(&base, rng);
    let mut object = base.clone();
    let at = |c: usize| solution[c];
    if rules.contains(&"thermometer") {
        let mut lines = Vec::new();
        let mut used = vec![false; n_cells];
        while lines.len() < 6 {
            let mut line = vec![rng.random_range(0..n_cells)];
            if used[line[0]] {
                continue;
            }
            let target = rng.random_range(3..=6);
            while line.len() < target {
                let last = *line.last().unwrap();
                let options: Vec<usize> = kings_moves(shape, last)
                    .into_iter()
                    .filter(|&c| !used[c] && !line.contains(&c) && at(c) > at(last))
                    .collect();
                let Some(&next) = options.choose(rng) else {
                    break;
                };
                line.push(next);
            }
            if line.len() >= 3 {
                line.iter().for_each(|&c| used[c] = true);
                let names: Vec<String> = line.iter().map(|&c| name(shape, c)).collect();
                lines.push(json!({"lines": [names]}));
            }
        }
        object.insert("thermometer".to_string(), Value::Array(lines));
    }
    if rules.contains(&"arrow") {
        let mut arrows = Vec::new();
        let mut tries = 0;
        while arrows.len() < 5 && tries < 10_000 {
            tries += 1;
            let circle = rng.random_range(0..n_cells);
            let mut line = vec![circle];
            let mut total = 0;
            while total < at(circle) as u32 {
                let last = *line.last().unwrap();
                let options: Vec<usize> = kings_moves(shape, last)
                    .into_iter()
                    .filter(|c| !line.contains(c))
                    .collect();
                let Some(&next) = options.choose(rng) else {
                    break;
                };
                line.push(next);
                total += at(next) as u32;
            }
            if total == at(circle) as u32 && line.len() >= 3 {
                let names: Vec<String> = line.iter().map(|&c| name(shape, c)).collect();
                arrows.push(json!({"cells": [name(shape, circle)], "lines": [names]}));
            }
        }
        object.insert("arrow".to_string(), Value::Array(arrows));
    }
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for c in 0..n_cells {
        for d in neighbours(shape, c) {
            if d > c {
                pairs.push((c, d));
            }
        }
    }
    let mut dots = |key: &str, fits: &dyn Fn(u8, u8) -> Option<&'static str>| {
        let list: Vec<Value> = pairs
            .iter()
            .filter_map(|&(a, b)| {
                let value = fits(at(a), at(b))?;
                let cells = [name(shape, a), name(shape, b)];
                Some(match value {
                    "" => json!({"cells": cells}),
                    v => json!({"cells": cells, "value": v}),
                })
            })
            .collect();
        object.insert(key.to_string(), Value::Array(list));
    };
    if rules.contains(&"difference") {
        dots("difference", &|a, b| (a.abs_diff(b) == 1).then_some(""));
    }
    if rules.contains(&"ratio") {
        dots("ratio", &|a, b| (a == 2 * b || b == 2 * a).then_some(""));
    }
    if rules.contains(&"xv") {
        dots("xv", &|a, b| match a + b {
            10 => Some("X"),
            5 => Some("V"),
            _ => None,
        });
    }
    with_givens_until_unique(object, &solution, rng)
}

/// The cells a king's move away.
fn kings_moves(shape: Shape, cell: usize) -> Vec<usize> {
    let n = shape.size() as isize;
    let (r, c) = ((cell as isize) / n, (cell as isize) % n);
    let mut cells = Vec::new();
    for dr in -1..=1 {
        for dc in -1..=1 {
            let (r2, c2) = (r + dr, c + dc);
            if (dr, dc) != (0, 0) && (0..n).contains(&r2) && (0..n).contains(&c2) {
                cells.push((r2 * n + c2) as usize);
            }
        }
    }
    cells
}

/// A full grid that keeps the rules of `object`: the solver's first solution after a few
/// random givens that leave one.
fn full_grid_keeping(object: &Map<String, Value>, rng: &mut Pcg64Mcg) -> Vec<u8> {
    let puzzle = ConstraintPuzzle::from_fpuzzles(&Value::Object(object.clone()).to_string())
        .expect("the rules alone");
    let mut solver = ConstraintSolver::for_layout(puzzle.grid().geometry());
    solver.set_budget(Budget::nodes(NODES));
    let n = puzzle.grid().shape().size();
    let mut givens = vec![0u8; puzzle.grid().shape().n_cells()];
    let mut kept = Solutions::new(1);
    let mut placed = 0;
    while placed < 10 {
        let cell = rng.random_range(0..givens.len());
        if givens[cell] != 0 {
            continue;
        }
        givens[cell] = rng.random_range(1..=n as u8);
        if solver.search(&givens, 1, &mut kept).decided() == Ok(1) {
            placed += 1;
        } else {
            givens[cell] = 0;
        }
    }
    solver.search(&givens, 1, &mut kept);
    let solution = kept.iter().next().expect("a solution").to_vec();
    solution
}

/// Adds givens of `solution` in random order until the puzzle is unique, then takes away
/// those it does not need.
fn with_givens_until_unique(
    object: Map<String, Value>,
    solution: &[u8],
    rng: &mut Pcg64Mcg,
) -> Map<String, Value> {
    let shape = Shape::NINE;
    let mut order: Vec<usize> = (0..shape.n_cells()).collect();
    order.shuffle(rng);
    let mut givens = vec![0u8; shape.n_cells()];
    let with = |givens: &[u8]| {
        let mut o = object.clone();
        let grid = empty_object(shape, givens)["grid"].clone();
        o.insert("grid".to_string(), grid);
        o
    };
    for &cell in &order {
        if count(&with(&givens)) == Some(1) {
            break;
        }
        givens[cell] = solution[cell];
    }
    for &cell in &order {
        if givens[cell] == 0 {
            continue;
        }
        let digit = givens[cell];
        givens[cell] = 0;
        if count(&with(&givens)) != Some(1) {
            givens[cell] = digit;
        }
    }
    let mut object = with(&givens);
    object.insert("solution".to_string(), json!(solution));
    object
}
