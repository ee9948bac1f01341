//! Native speed of Stepdoku's exact solvers against the Rust `sudoku` crate.
//!
//! Usage: `stepdoku-bench [--rounds N] [--sample-17 N] [--tsv PATH]` measures every
//! collection; `stepdoku-bench --count-all COLLECTION` only counts every puzzle of one
//! collection to two solutions with the fast solver (for a peak-memory measurement);
//! `stepdoku-bench --profile COLLECTION N SOLVER` counts the first N puzzles of a collection
//! to two solutions once with one solver (`fast` or `sudoku`) and prints the solutions and
//! guesses found, for instruction counts under `valgrind --tool=callgrind`.
//!
//! Each round runs every solver once over the whole collection, solvers alternating, and the
//! best round per solver is reported, in µs per puzzle. Puzzles are parsed before timing. A
//! collection of fewer than [`MIN_PER_ROUND`] puzzles is run several times over in each round,
//! so that a round measures solving rather than the caches and branch predictors warming up.

use std::time::Instant;
use stepdoku::search::fast9::Fast9Solver;
use stepdoku::search::general::GeneralSolver;
use stepdoku::search::{ExactSolver, Solutions};
use stepdoku::Shape;
use sudoku::Sudoku;

/// The collections measured, as file stems in `../shared/data`.
const COLLECTIONS: [&str; 6] = [
    "17_clue",
    "magictour_top1465",
    "forum_hardest_1106",
    "serg_benchmark",
    "norvig_top95",
    "norvig_hardest",
];

/// The fewest puzzles solved per round: smaller collections are repeated up to this.
const MIN_PER_ROUND: usize = 1000;

const DATA_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data");

fn load(name: &str, sample: usize) -> Vec<[u8; 81]> {
    let path = format!("{DATA_DIR}/{name}.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| l.len() == 81)
        .take(sample)
        .map(|line| {
            let mut values = [0u8; 81];
            for (v, c) in values.iter_mut().zip(line.bytes()) {
                *v = if c.is_ascii_digit() { c - b'0' } else { 0 };
            }
            values
        })
        .collect()
}

/// Totals of one pass of our solver over a collection.
#[derive(Default, Clone, Copy)]
struct Totals {
    n_solutions: u64,
    n_guesses: u64,
    n_without_guess: u64,
}

fn run_ours(solver: &mut dyn ExactSolver, puzzles: &[[u8; 81]], limit: u32) -> Totals {
    let mut kept = Solutions::new(1);
    let mut totals = Totals::default();
    for p in puzzles {
        let outcome = solver.search(p, limit, &mut kept);
        totals.n_solutions += outcome.n_solutions as u64;
        totals.n_guesses += outcome.n_guesses;
        totals.n_without_guess += (outcome.n_guesses == 0) as u64;
    }
    totals
}

fn run_peer(puzzles: &[Sudoku], limit: u32) -> u64 {
    let mut n_solutions = 0u64;
    for &s in puzzles {
        n_solutions += if limit == 1 {
            s.some_solution().is_some() as u64
        } else {
            s.solutions_count_up_to(limit as usize) as u64
        };
    }
    n_solutions
}

/// Seconds taken by `f`, and its result.
fn timed<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let start = Instant::now();
    let result = std::hint::black_box(f());
    (start.elapsed().as_secs_f64(), result)
}

struct Args {
    rounds: usize,
    sample_17: usize,
    tsv: Option<String>,
    count_all: Option<String>,
    profile: Option<(String, usize, String)>,
}

fn parse_args() -> Args {
    let mut args = Args {
        rounds: 5,
        sample_17: 10_000,
        tsv: None,
        count_all: None,
        profile: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = || it.next().expect("a value after the option");
        match a.as_str() {
            "--rounds" => args.rounds = value().parse().expect("a number"),
            "--sample-17" => args.sample_17 = value().parse().expect("a number"),
            "--tsv" => args.tsv = Some(value()),
            "--count-all" => args.count_all = Some(value()),
            "--profile" => {
                let name = value();
                let n = value().parse().expect("a number");
                args.profile = Some((name, n, value()));
            }
            _ => panic!("unknown option {a}"),
        }
    }
    args
}

fn main() {
    let args = parse_args();
    if let Some((name, n, solver)) = args.profile {
        let puzzles = load(&name, n);
        if solver == "sudoku" {
            let peers: Vec<Sudoku> = puzzles
                .iter()
                .map(|p| Sudoku::from_bytes(*p).expect("a valid puzzle for the sudoku crate"))
                .collect();
            println!("{} solutions", run_peer(&peers, 2));
        } else {
            let totals = run_ours(&mut Fast9Solver::new(), &puzzles, 2);
            println!(
                "{} solutions, {} guesses, {} without guessing",
                totals.n_solutions, totals.n_guesses, totals.n_without_guess
            );
        }
        return;
    }
    if let Some(name) = args.count_all {
        let puzzles = load(&name, usize::MAX);
        let (secs, totals) = timed(|| run_ours(&mut Fast9Solver::new(), &puzzles, 2));
        println!(
            "counted {} puzzles of {name} to 2: {} solutions in {:.3} s",
            puzzles.len(),
            totals.n_solutions,
            secs
        );
        return;
    }
    let mut tsv = String::from(
        "env\tcollection\tn_puzzles\tsolver\tlimit\tus_per_puzzle\tguesses_per_puzzle\tpct_no_guess\n",
    );
    println!(
        "native, best of {} rounds, µs/puzzle (17_clue: first {} puzzles)",
        args.rounds, args.sample_17
    );
    println!(
        "{:<19} {:>6} | {:>8} {:>8} {:>8} {:>6} | {:>8} {:>8} {:>8} {:>6} | {:>7} {:>6}",
        "collection",
        "n",
        "fast:1",
        "gen:1",
        "sudoku:1",
        "f/s",
        "fast:2",
        "gen:2",
        "sudoku:2",
        "f/s",
        "guess/p",
        "%noG"
    );
    for name in COLLECTIONS {
        let sample = if name == "17_clue" {
            args.sample_17
        } else {
            usize::MAX
        };
        let distinct = load(name, sample);
        let puzzles = distinct.repeat(MIN_PER_ROUND.div_ceil(distinct.len()));
        let peers: Vec<Sudoku> = puzzles
            .iter()
            .map(|p| Sudoku::from_bytes(*p).expect("a valid puzzle for the sudoku crate"))
            .collect();
        let n = puzzles.len() as f64;
        let mut fast = Fast9Solver::new();
        let mut general = GeneralSolver::new(Shape::NINE);
        // best[limit_idx][solver_idx] in seconds.
        let mut best = [[f64::INFINITY; 3]; 2];
        let mut fast_totals = [Totals::default(); 2];
        for _ in 0..args.rounds {
            for (limit_idx, limit) in [1u32, 2].into_iter().enumerate() {
                let (t, totals) = timed(|| run_ours(&mut fast, &puzzles, limit));
                fast_totals[limit_idx] = totals;
                best[limit_idx][0] = best[limit_idx][0].min(t);
                let (t, g) = timed(|| run_ours(&mut general, &puzzles, limit));
                best[limit_idx][1] = best[limit_idx][1].min(t);
                let (t, s) = timed(|| run_peer(&peers, limit));
                best[limit_idx][2] = best[limit_idx][2].min(t);
                assert_eq!(totals.n_solutions, g.n_solutions, "{name}: solvers disagree");
                assert_eq!(totals.n_solutions, s, "{name}: peer disagrees");
            }
        }
        let us = |s: f64| s * 1e6 / n;
        let guesses = fast_totals[1].n_guesses as f64 / n;
        let no_guess = 100.0 * fast_totals[1].n_without_guess as f64 / n;
        println!(
            "{:<19} {:>6} | {:>8.2} {:>8.2} {:>8.2} {:>6.2} | {:>8.2} {:>8.2} {:>8.2} {:>6.2} | {:>7.2} {:>6.1}",
            name,
            distinct.len(),
            us(best[0][0]),
            us(best[0][1]),
            us(best[0][2]),
            best[0][0] / best[0][2],
            us(best[1][0]),
            us(best[1][1]),
            us(best[1][2]),
            best[1][0] / best[1][2],
            guesses,
            no_guess
        );
        for (limit_idx, limit) in [1, 2].into_iter().enumerate() {
            let t = &fast_totals[limit_idx];
            for (solver_idx, solver) in ["ours fast", "ours general", "sudoku crate"]
                .into_iter()
                .enumerate()
            {
                let (g, ng) = if solver_idx == 0 {
                    (
                        format!("{:.3}", t.n_guesses as f64 / n),
                        format!("{:.1}", 100.0 * t.n_without_guess as f64 / n),
                    )
                } else {
                    (String::new(), String::new())
                };
                tsv.push_str(&format!(
                    "native\t{name}\t{}\t{solver}\t{limit}\t{:.3}\t{g}\t{ng}\n",
                    distinct.len(),
                    us(best[limit_idx][solver_idx])
                ));
            }
        }
    }
    println!("f/s = ours fast / sudoku crate (below 1: ours is faster); guess/p and %noG: ours fast, count to 2");
    if let Some(path) = args.tsv {
        std::fs::write(&path, tsv).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
}
