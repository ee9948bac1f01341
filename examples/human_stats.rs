//! Runs the Human strategy over puzzle collections and reports, per collection: the share of
//! puzzles solved with no guess, the hardest technique of each puzzle, and the time per
//! puzzle for the whole trace (median, 99th percentile, maximum).
//!
//! ```text
//! cargo run --release --example human_stats [collection…] [--max N] [--every N]
//!     [--rounds R] [--tsv FILE] [--profile]
//! ```
//!
//! The time of a puzzle covers what the page's `new Solver(puzzle, "human")` and its steps
//! do in the core: reading the puzzle text, checking uniqueness, and every step of the trace
//! up to the end (the wasm benchmark, `bench/human.sh`, adds building each step's JS object).
//!
//! - `--max N` keeps the first N puzzles of each collection, `--every N` every Nth (a sample).
//! - `--rounds R` times every puzzle R times (rounds over the whole collection) and keeps
//!   each puzzle's fastest time.
//! - `--tsv FILE` also writes one line per puzzle (`collection`, `index` among the
//!   collection's non-blank lines, `ms`, `steps`, `guesses`, the hardest step's `difficulty`
//!   and `technique`, empty when the trace guessed) for `bench/node/human.mjs`.
//! - With `--profile`, it also replays the logic of each puzzle rung by rung and reports the
//!   total time spent in each finder, whether or not it found a step.
//!
//! Collections are file stems of `../shared/data`, or paths of files ending in `.txt`, one
//! puzzle a line (default: norvig_top95, norvig_hardest,
//! forum_hardest_1106, magictour_top1465).

use std::collections::BTreeMap;
use std::io::Write;
use std::time::Instant;
use stepdoku::strategy::Uniqueness;
use stepdoku::{Grid, Step, StepKind, Strategy, Technique};

fn main() {
    let mut names: Vec<String> = Vec::new();
    let mut max = usize::MAX;
    let mut every = 1usize;
    let mut rounds = 1usize;
    let mut tsv_path: Option<String> = None;
    let mut is_profiling = false;
    let mut args = std::env::args().skip(1);
    let number = |value: Option<String>, flag: &str| -> usize {
        value
            .and_then(|v| v.parse().ok())
            .filter(|&n| n > 0)
            .unwrap_or_else(|| panic!("{flag} needs a positive number"))
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--profile" => is_profiling = true,
            "--max" => max = number(args.next(), "--max"),
            "--every" => every = number(args.next(), "--every"),
            "--rounds" => rounds = number(args.next(), "--rounds"),
            "--tsv" => tsv_path = Some(args.next().expect("--tsv needs a file")),
            _ => names.push(arg),
        }
    }
    if names.is_empty() {
        names = [
            "norvig_top95",
            "norvig_hardest",
            "forum_hardest_1106",
            "magictour_top1465",
        ]
        .map(String::from)
        .to_vec();
    }
    let mut tsv = tsv_path.map(|path| {
        let mut file = std::io::BufWriter::new(
            std::fs::File::create(&path).unwrap_or_else(|e| panic!("{path}: {e}")),
        );
        writeln!(
            file,
            "collection\tindex\tms\tsteps\tguesses\tdifficulty\ttechnique"
        )
        .expect("write tsv");
        file
    });
    for name in names {
        let path = if name.ends_with(".txt") {
            name.clone()
        } else {
            format!("{}/../shared/data/{name}.txt", env!("CARGO_MANIFEST_DIR"))
        };
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        // (index among the non-blank lines, line)
        let lines: Vec<(usize, &str)> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .enumerate()
            .filter(|(i, _)| i % every == 0)
            .take(max)
            .collect();
        let results = run(&lines, rounds);
        let sample = if every > 1 {
            format!(" (every {every}th puzzle)")
        } else {
            String::new()
        };
        report(&format!("{name}{sample}"), &lines, &results);
        if let Some(file) = tsv.as_mut() {
            for ((index, _), r) in lines.iter().zip(&results) {
                let (difficulty, technique) = match r.hardest {
                    Some((d, t)) if r.n_guesses == 0 => (format!("{d}"), t.name()),
                    _ => (String::new(), ""),
                };
                writeln!(
                    file,
                    "{name}\t{index}\t{:.4}\t{}\t{}\t{difficulty}\t{technique}",
                    r.ms, r.n_steps, r.n_guesses
                )
                .expect("write tsv");
            }
        }
        if is_profiling {
            let puzzles: Vec<Grid> = lines
                .iter()
                .map(|(_, l)| Grid::parse(l).expect("collection puzzles parse"))
                .collect();
            profile(&puzzles);
        }
    }
    if let Some(mut file) = tsv {
        file.flush().expect("write tsv");
    }
}

/// What one puzzle's trace gave.
struct Outcome {
    /// The fastest time over the rounds, in ms, for the whole trace.
    ms: f64,
    n_steps: usize,
    n_guesses: usize,
    /// The hardest deduction made outside search (the first of the highest difficulty).
    hardest: Option<(f32, Technique)>,
}

/// Explains every puzzle `rounds` times (rounds over the whole list, so a passing load spike
/// hits one round of a puzzle, not all of them) and keeps each puzzle's fastest time.
fn run(lines: &[(usize, &str)], rounds: usize) -> Vec<Outcome> {
    let mut results: Vec<Outcome> = Vec::with_capacity(lines.len());
    for round in 0..rounds {
        for (i, (_, line)) in lines.iter().enumerate() {
            let (ms, steps) = trace(line);
            if round > 0 {
                let result = &mut results[i];
                assert_eq!(result.n_steps, steps.len(), "a trace is deterministic");
                result.ms = result.ms.min(ms);
                continue;
            }
            let mut hardest: Option<(f32, Technique)> = None;
            let mut n_guesses = 0;
            for step in &steps {
                match step.kind {
                    StepKind::Guess => n_guesses += 1,
                    StepKind::Deduction
                        if step.depth == 0 && hardest.is_none_or(|(d, _)| step.difficulty > d) =>
                    {
                        hardest = Some((step.difficulty, step.technique));
                    }
                    _ => {}
                }
            }
            results.push(Outcome {
                ms,
                n_steps: steps.len(),
                n_guesses,
                hardest,
            });
        }
    }
    results
}

/// The whole Human trace of a puzzle and the ms it took: what `new Solver(line, "human")`
/// and its steps do in the core.
fn trace(line: &str) -> (f64, Vec<Step>) {
    let start = Instant::now();
    let grid = Grid::parse(line).expect("collection puzzles parse");
    let mut stepper = stepdoku::stepper(&grid, Strategy::Human);
    let mut steps = Vec::new();
    while let Some(step) = stepper.next_step() {
        steps.push(step);
    }
    (start.elapsed().as_secs_f64() * 1000.0, steps)
}

/// Times every finder of the ladder on every board the logic reaches (no search).
fn profile(puzzles: &[Grid]) {
    let mut totals: BTreeMap<String, (f64, usize, usize)> = BTreeMap::new();
    for puzzle in puzzles {
        let ladder = stepdoku::logic::human_ladder(Uniqueness::of(puzzle), puzzle.geometry());
        let mut board = stepdoku::Board::new(puzzle);
        'steps: while !board.is_solved() {
            for rung in ladder {
                let start = Instant::now();
                let found = (rung.find)(&board);
                let entry = totals
                    .entry(format!(
                        "{:5.2} {}",
                        rung.technique.difficulty(),
                        rung.technique.name()
                    ))
                    .or_default();
                entry.0 += start.elapsed().as_secs_f64() * 1000.0;
                entry.1 += 1;
                if let Some(step) = found {
                    entry.2 += 1;
                    board.apply_step(&step);
                    continue 'steps;
                }
            }
            break;
        }
    }
    println!("  finder               total ms      calls      found");
    for (name, (ms, calls, found)) in &totals {
        println!("    {name:<40} {ms:>10.1} {calls:>10} {found:>10}");
    }
}

fn report(name: &str, lines: &[(usize, &str)], results: &[Outcome]) {
    if results.is_empty() {
        println!("{name}: no puzzles");
        return;
    }
    let n_no_guess = results.iter().filter(|r| r.n_guesses == 0).count();
    // Hardest step per puzzle, by name.
    let mut hardest_counts: BTreeMap<(u32, String), usize> = BTreeMap::new();
    for r in results {
        let key = match r.hardest {
            _ if r.n_guesses > 0 => (u32::MAX, "Guess (search needed)".to_string()),
            Some((d, t)) => label(d, t),
            None => (0, "(nothing to deduce)".to_string()),
        };
        *hardest_counts.entry(key).or_default() += 1;
    }
    let slowest = results
        .iter()
        .zip(lines)
        .max_by(|a, b| a.0.ms.total_cmp(&b.0.ms))
        .map(|(_, (_, line))| *line)
        .unwrap_or_default();
    let mut times_ms: Vec<f64> = results.iter().map(|r| r.ms).collect();
    times_ms.sort_by(f64::total_cmp);
    let pct = |p: f64| times_ms[((times_ms.len() - 1) as f64 * p).round() as usize];
    println!(
        "{name}: {} puzzles, {:.1}% solved with no guess; ms per puzzle: median {:.2}, p99 {:.2}, max {:.2} ({slowest})",
        results.len(),
        100.0 * n_no_guess as f64 / results.len() as f64,
        pct(0.5),
        pct(0.99),
        pct(1.0),
    );
    println!("  hardest step per puzzle (difficulty, technique; Guess = needed search):");
    for ((key, name), count) in &hardest_counts {
        let difficulty = match *key {
            u32::MAX => "     ".to_string(),
            key => format!("{:5.2}", key as f64 / 100.0),
        };
        println!("    {difficulty} {name:<36} {count:>6}");
    }
}

/// A sort key and name for a hardest step.
fn label(difficulty: f32, technique: Technique) -> (u32, String) {
    (
        (difficulty * 100.0).round() as u32,
        technique.name().to_string(),
    )
}
