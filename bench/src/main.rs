//! Native speed of Stepdoku's exact solvers against tdoku, the Rust `sudoku` crate and, on
//! 16×16 and 25×25 grids, a dancing-links peer.
//!
//! Usage: `stepdoku-bench [--rounds N] [--sample-17 N] [--tsv PATH] [--tdoku BINARY]
//! [--app-style FILE]` measures every collection (with `--app-style`, generated puzzles too;
//! with `--tdoku`, tdoku's counting harness runs on the same files right after ours); `stepdoku-bench --count-all COLLECTION` only counts every puzzle of one
//! collection to two solutions with the fast solver (for a peak-memory measurement);
//! `stepdoku-bench --profile COLLECTION N SOLVER` counts the first N puzzles of a collection
//! to two solutions once with one solver (`fast` or `sudoku`) and prints the solutions and
//! guesses found, for instruction counts under `valgrind --tool=callgrind`;
//! `stepdoku-bench --big-grids` only runs the general solver against dancing links on big
//! grids; `stepdoku-bench --generator` only times minimal 16×16 and 25×25 puzzles from the
//! generator (see `generator.rs`); `stepdoku-bench --constrained FILE` (repeatable) only
//! counts constraint puzzles (f-puzzles JSON lines) against an exact cover of their own (see
//! `constrained.rs`).
//!
//! Each round runs every solver once over the whole collection, solvers alternating, and the
//! best round per solver is reported, in µs per puzzle of the thread's CPU time (so that
//! other load on the machine counts as little as possible). Puzzles are parsed before timing. A
//! collection of fewer than [`MIN_PER_ROUND`] puzzles is run several times over in each round,
//! so that a round measures solving rather than the caches and branch predictors warming up.

mod clock;
mod constrained;
mod dlx;
mod generator;
mod grids;

use clock::timed;
use std::sync::Arc;
use stepdoku::generate::{Generator, Givens, Request};
use stepdoku::search::fast9::Fast9Solver;
use stepdoku::search::general::GeneralSolver;
use stepdoku::search::{ExactSolver, Solutions};
use stepdoku::{Geometry, Shape};
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

/// The file of a collection: a stem in `../shared/data`, or a path.
fn collection_path(name: &str) -> String {
    if name.contains('/') {
        name.to_string()
    } else {
        format!("{DATA_DIR}/{name}.txt")
    }
}

fn load(name: &str, sample: usize) -> Vec<[u8; 81]> {
    let path = collection_path(name);
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
    n_branches: u64,
    n_without_guess: u64,
}

fn run_ours<P: AsRef<[u8]>>(solver: &mut dyn ExactSolver, puzzles: &[P], limit: u32) -> Totals {
    let mut kept = Solutions::new(1);
    let mut totals = Totals::default();
    for p in puzzles {
        let outcome = solver.search(p.as_ref(), limit, &mut kept);
        totals.n_solutions += outcome.n_solutions as u64;
        totals.n_guesses += outcome.n_guesses;
        totals.n_branches += outcome.n_branches;
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

/// What tdoku's counting harness printed for one file: best µs per puzzle and guesses per
/// puzzle (its branch points).
struct Tdoku {
    us: f64,
    guesses: f64,
}

/// Runs tdoku's harness (`tdoku-count FILE passes 2`) on a file of 81-character lines.
fn run_tdoku(binary: &str, file: &str, passes: usize) -> Option<Tdoku> {
    let out = std::process::Command::new(binary)
        .args([file, &passes.to_string(), "2"])
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let field = |key: &str| -> Option<f64> {
        text.split('\t')
            .find_map(|f| f.trim().strip_prefix(key))
            .and_then(|v| v.parse().ok())
    };
    Some(Tdoku {
        us: field("best=")?,
        guesses: field("guesses/p=")?,
    })
}

struct Args {
    rounds: usize,
    sample_17: usize,
    tsv: Option<String>,
    tdoku: Option<String>,
    app_style: Option<String>,
    count_all: Option<String>,
    profile: Option<(String, usize, String)>,
    /// Only the general solver against dancing links on big grids.
    big_grids_only: bool,
    /// Only the generator's minimal big grids.
    generator_only: bool,
    /// Only constraint puzzles from these files (f-puzzles JSON lines), against the cover.
    constrained: Vec<String>,
}

fn parse_args() -> Args {
    let mut args = Args {
        rounds: 5,
        sample_17: 10_000,
        tsv: None,
        tdoku: None,
        app_style: None,
        count_all: None,
        profile: None,
        big_grids_only: false,
        generator_only: false,
        constrained: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = || it.next().expect("a value after the option");
        match a.as_str() {
            "--rounds" => args.rounds = value().parse().expect("a number"),
            "--sample-17" => args.sample_17 = value().parse().expect("a number"),
            "--tsv" => args.tsv = Some(value()),
            "--tdoku" => args.tdoku = Some(value()),
            "--app-style" => args.app_style = Some(value()),
            "--count-all" => args.count_all = Some(value()),
            "--big-grids" => args.big_grids_only = true,
            "--generator" => args.generator_only = true,
            "--constrained" => args.constrained.push(value()),
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
    if args.big_grids_only {
        big_grids(args.rounds);
        return;
    }
    if args.generator_only {
        generator::generator();
        return;
    }
    if !args.constrained.is_empty() {
        constrained::compare(&args.constrained, args.rounds);
        return;
    }
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
        "env\tcollection\tn_puzzles\tsolver\tlimit\tus_per_puzzle\tguesses_per_puzzle\tpct_no_guess\tbranches_per_puzzle\n",
    );
    println!(
        "native, best of {} rounds, µs/puzzle of thread CPU time (17_clue: first {} puzzles)",
        args.rounds, args.sample_17
    );
    println!(
        "{:<19} {:>6} | {:>7} {:>7} {:>7} | {:>7} {:>7} {:>6} {:>7} {:>6} {:>7} | {:>7} {:>7} {:>7} {:>5}",
        "",
        "",
        "first",
        "",
        "",
        "count",
        "to 2",
        "",
        "",
        "",
        "",
        "nodes/p",
        "",
        "guess/p",
        ""
    );
    println!(
        "{:<19} {:>6} | {:>7} {:>7} {:>7} | {:>7} {:>7} {:>6} {:>7} {:>6} {:>7} | {:>7} {:>7} {:>7} {:>5}",
        "collection",
        "n",
        "ours",
        "general",
        "sudoku",
        "ours",
        "tdoku",
        "o/t",
        "sudoku",
        "o/s",
        "general",
        "ours",
        "tdoku",
        "ours",
        "%noG"
    );
    let mut collections: Vec<String> = COLLECTIONS.iter().map(|s| s.to_string()).collect();
    collections.extend(args.app_style.clone());
    for name in &collections {
        let sample = if name == "17_clue" {
            args.sample_17
        } else {
            usize::MAX
        };
        let distinct = load(name, sample);
        let label = std::path::Path::new(name)
            .file_stem()
            .map_or(name.clone(), |s| s.to_string_lossy().into_owned());
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
                assert_eq!(
                    totals.n_solutions, g.n_solutions,
                    "{name}: solvers disagree"
                );
                assert_eq!(totals.n_solutions, s, "{name}: peer disagrees");
            }
        }
        // tdoku reads the same puzzles from a file of its own.
        let tdoku = args.tdoku.as_deref().and_then(|binary| {
            let file = std::env::temp_dir().join(format!("stepdoku-bench-{label}.txt"));
            let lines: Vec<String> = distinct
                .iter()
                .map(|p| p.iter().map(|&v| (b'0' + v) as char).collect())
                .collect();
            std::fs::write(&file, lines.join("\n") + "\n").ok()?;
            run_tdoku(binary, &file.to_string_lossy(), args.rounds)
        });
        let us = |s: f64| s * 1e6 / n;
        let t = &fast_totals[1];
        let per = |x: u64| x as f64 / n;
        let ours2 = us(best[1][0]);
        let opt = |x: Option<f64>, digits: usize| {
            x.map_or("–".to_string(), |v| format!("{v:.digits$}"))
        };
        println!(
            "{:<19} {:>6} | {:>7.2} {:>7.2} {:>7.2} | {:>7.2} {:>7} {:>6} {:>7.2} {:>6.2} {:>7.2} | {:>7.2} {:>7} {:>7.2} {:>5.1}",
            label,
            distinct.len(),
            us(best[0][0]),
            us(best[0][1]),
            us(best[0][2]),
            ours2,
            opt(tdoku.as_ref().map(|t| t.us), 2),
            opt(tdoku.as_ref().map(|t| ours2 / t.us), 2),
            us(best[1][2]),
            best[1][0] / best[1][2],
            us(best[1][1]),
            per(t.n_branches),
            opt(tdoku.as_ref().map(|t| t.guesses), 2),
            per(t.n_guesses),
            100.0 * per(t.n_without_guess)
        );
        for (limit_idx, limit) in [1, 2].into_iter().enumerate() {
            let t = &fast_totals[limit_idx];
            for (solver_idx, solver) in ["ours fast", "ours general", "sudoku crate"]
                .into_iter()
                .enumerate()
            {
                let counts = if solver_idx == 0 {
                    format!(
                        "{:.3}\t{:.1}\t{:.3}",
                        per(t.n_guesses),
                        100.0 * per(t.n_without_guess),
                        per(t.n_branches)
                    )
                } else {
                    "\t\t".to_string()
                };
                tsv.push_str(&format!(
                    "native\t{label}\t{}\t{solver}\t{limit}\t{:.3}\t{counts}\n",
                    distinct.len(),
                    us(best[limit_idx][solver_idx])
                ));
            }
        }
        if let Some(t) = &tdoku {
            tsv.push_str(&format!(
                "native\t{label}\t{}\ttdoku\t2\t{:.3}\t\t\t{:.3}\n",
                distinct.len(),
                t.us,
                t.guesses
            ));
        }
    }
    println!(
        "o/t = ours / tdoku, o/s = ours / sudoku crate (below 1: ours is faster). nodes/p: branch \
         points per puzzle (tdoku's \"guesses\"); guess/p: candidates ours tried at them; %noG: \
         puzzles ours solved without a branch. tdoku: its own harness, best of {} passes, wall time.",
        args.rounds
    );
    big_grids(args.rounds);
    if let Some(path) = args.tsv {
        std::fs::write(&path, tsv).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
}

/// The general solver against the dancing-links peer on 16×16 and 25×25 puzzles, counting
/// to two: generated sets, and the solver's own collections of big grids in every layout.
/// The branch points after which the peer gives up on one puzzle of the big grids.
const DLX_MAX_BRANCHES: u64 = 200_000;

fn big_grids(rounds: usize) {
    println!();
    println!("general solver on larger grids, count to 2, best of {rounds} rounds, µs/puzzle of thread CPU time");
    println!(
        "{:<28} {:>5} | {:>10} {:>10} {:>6} | {:>8} {:>8} {:>9}",
        "puzzles", "n", "general", "dlx", "g/d", "nodes/p", "dlx n/p", "max µs"
    );
    let mut sets: Vec<(String, Vec<(Arc<Geometry>, Vec<u8>)>)> = Vec::new();
    for (box_size, count, kept_percent) in [(4, 200, 55), (4, 200, 45), (5, 20, 65), (5, 20, 55)] {
        let n_side = box_size * box_size;
        let layout = Geometry::classic(Shape::from_size(n_side).expect("a square-of-boxes size"));
        let puzzles = grids::puzzles(box_size, count, kept_percent, 2026 + kept_percent as u64);
        sets.push((
            format!("{n_side}×{n_side}, {kept_percent}% givens"),
            puzzles.into_iter().map(|p| (layout.clone(), p)).collect(),
        ));
    }
    // Unique 16×16 puzzles from our generator, dug down to 110 givens.
    let layout = Geometry::classic(Shape::SIXTEEN);
    let mut request = Request::new(layout.clone());
    request.givens = Givens::AtLeast(110);
    let mut generator = Generator::new(request, 2026).expect("a request that can be met");
    let unique = (0..30)
        .map(|_| {
            (
                layout.clone(),
                generator.next_puzzle().puzzle.values().to_vec(),
            )
        })
        .collect();
    sets.push(("16×16 unique, 110 givens".to_string(), unique));
    // The puzzles without marks of the solver's own collections, by size.
    for file in ["big_grids.txt", "big_grids_hard.txt"] {
        let path = format!("{}/../tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let grids: Vec<stepdoku::Grid> = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| {
                let puzzle = l.split_once(' ')?.1;
                stepdoku::Grid::parse(puzzle.split(" = ").next()?).ok()
            })
            .filter(|g| g.marks().is_none())
            .collect();
        for n_side in [16, 25] {
            let puzzles = grids
                .iter()
                .filter(|g| g.shape().size() == n_side)
                .map(|g| (g.geometry().clone(), g.values().to_vec()))
                .collect();
            sets.push((format!("{n_side}×{n_side} {file}"), puzzles));
        }
    }
    for (label, puzzles) in sets {
        let mut solvers: Vec<(GeneralSolver, dlx::Dlx)> = puzzles
            .iter()
            .map(|(layout, _)| {
                (
                    GeneralSolver::for_layout(layout),
                    dlx::Dlx::for_layout(layout),
                )
            })
            .collect();
        let mut best = [f64::INFINITY; 2];
        let mut slowest = 0f64;
        let (mut ours, mut theirs) = (Totals::default(), (0u64, 0u64));
        let mut undecided = 0;
        for _ in 0..rounds {
            let mut totals = Totals::default();
            let mut spent = 0.0;
            let mut round_slowest = 0f64;
            for ((_, p), (general, _)) in puzzles.iter().zip(&mut solvers) {
                let (t, one) = timed(|| run_ours(general, std::slice::from_ref(p), 2));
                spent += t;
                round_slowest = round_slowest.max(t);
                totals.n_solutions += one.n_solutions;
                totals.n_branches += one.n_branches;
            }
            if spent < best[0] {
                best[0] = spent;
                slowest = round_slowest;
            }
            ours = totals;
            let (t, found) = timed(|| {
                let mut found = (0u64, 0u64);
                for ((layout, p), (_, peer)) in puzzles.iter().zip(&mut solvers) {
                    match peer.count(layout.size(), p, 2, DLX_MAX_BRANCHES) {
                        Some((n, branches)) => {
                            found.0 += n as u64;
                            found.1 += branches;
                        }
                        None => {
                            undecided += 1;
                            found.1 += DLX_MAX_BRANCHES;
                        }
                    }
                }
                found
            });
            best[1] = best[1].min(t);
            theirs = found;
            if undecided == 0 {
                assert_eq!(
                    ours.n_solutions, theirs.0,
                    "{label}: general and dlx disagree"
                );
            } else {
                // The peer gave up on some puzzles: measure it once, not every round.
                break;
            }
        }
        // With puzzles the peer gave up on, its time is a lower bound and so is the ratio.
        let bound = if undecided > 0 { "≥" } else { " " };
        let n = puzzles.len() as f64;
        println!(
            "{:<28} {:>5} | {:>10.1} {bound}{:>9.1} {:>5.2}{} | {:>8.1} {:>8.1} {:>9.0}",
            label,
            puzzles.len(),
            best[0] * 1e6 / n,
            best[1] * 1e6 / n,
            best[0] / best[1],
            if undecided > 0 { "↓" } else { " " },
            ours.n_branches as f64 / n,
            theirs.1 as f64 / n,
            slowest * 1e6
        );
    }
    println!("g/d = general / dlx (below 1: ours is faster; ≥ and ↓: dlx gave up on some puzzles at {DLX_MAX_BRANCHES} branch points, so its time is a lower bound and the ratio an upper one); max µs: ours on the slowest puzzle of the set; the first four sets are shuffled full grids with random cells kept, so some have several solutions; big_grids.txt: random solutions (our filler) with 20–40% kept; big_grids_hard.txt: 20–45% kept in classic, X and jigsaw layouts, with unique and unsolvable grids (tests/data)");
}
