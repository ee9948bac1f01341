//! Runs the Human strategy over puzzle collections and reports, per collection: the share of
//! puzzles solved with no guess, the hardest technique of each puzzle, and the time per
//! puzzle for the whole trace (median, 99th percentile, maximum).
//!
//! ```text
//! cargo run --release --example human_stats [collection…] [--max N] [--profile]
//! ```
//!
//! With `--profile`, it also replays the logic of each puzzle rung by rung and reports the
//! total time spent in each finder, whether or not it found a step.
//!
//! Collections are file stems of `../shared/data` (default: norvig_top95, norvig_hardest,
//! forum_hardest_1106, magictour_top1465).

use std::collections::BTreeMap;
use std::time::Instant;
use stepdoku::strategy::{SearchStepper, Uniqueness};
use stepdoku::{Grid, StepKind, Stepper, Technique};

fn main() {
    let mut names: Vec<String> = Vec::new();
    let mut max = usize::MAX;
    let mut is_profiling = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--profile" {
            is_profiling = true;
        } else if arg == "--max" {
            max = args.next().and_then(|v| v.parse().ok()).unwrap_or(max);
        } else {
            names.push(arg);
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
    for name in names {
        let path = format!("{}/../shared/data/{name}.txt", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let puzzles: Vec<Grid> = text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .take(max)
            .map(|l| Grid::parse(l).expect("collection puzzles parse"))
            .collect();
        report(&name, &puzzles);
        if is_profiling {
            profile(&puzzles);
        }
    }
}

/// Times every finder of the ladder on every board the logic reaches (no search).
fn profile(puzzles: &[Grid]) {
    let mut totals: BTreeMap<String, (f64, usize, usize)> = BTreeMap::new();
    for puzzle in puzzles {
        let ladder = stepdoku::logic::human_ladder(Uniqueness::of(puzzle));
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

fn report(name: &str, puzzles: &[Grid]) {
    let mut times_ms = Vec::with_capacity(puzzles.len());
    let mut n_no_guess = 0;
    // Hardest step per puzzle, by name.
    let mut hardest_counts: BTreeMap<(u32, String), usize> = BTreeMap::new();
    let mut slowest = (0.0f64, String::new());
    for puzzle in puzzles {
        let uniqueness = Uniqueness::of(puzzle);
        let start = Instant::now();
        let mut stepper = SearchStepper::human(puzzle, uniqueness);
        let mut n_guesses = 0;
        let mut hardest: Option<(f32, Technique)> = None;
        while let Some(step) = stepper.next_step() {
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
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        if ms > slowest.0 {
            slowest = (ms, puzzle.to_line());
        }
        times_ms.push(ms);
        if n_guesses == 0 {
            n_no_guess += 1;
            if let Some((d, t)) = hardest {
                *hardest_counts.entry(label(d, t)).or_default() += 1;
            }
        } else {
            *hardest_counts
                .entry((u32::MAX, "Guess (search needed)".to_string()))
                .or_default() += 1;
        }
    }
    times_ms.sort_by(f64::total_cmp);
    let pct = |p: f64| times_ms[((times_ms.len() - 1) as f64 * p).round() as usize];
    println!(
        "{name}: {} puzzles, {:.1}% solved with no guess; ms per puzzle: median {:.2}, p99 {:.2}, max {:.2} ({})",
        puzzles.len(),
        100.0 * n_no_guess as f64 / puzzles.len() as f64,
        pct(0.5),
        pct(0.99),
        pct(1.0),
        slowest.1,
    );
    println!("  hardest step per puzzle (Guess = needed search):");
    for ((_, name), count) in &hardest_counts {
        println!("    {name:<36} {count}");
    }
}

/// A sort key and name for a hardest step.
fn label(difficulty: f32, technique: Technique) -> (u32, String) {
    ((difficulty * 100.0) as u32, technique.name().to_string())
}
