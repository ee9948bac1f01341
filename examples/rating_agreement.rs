//! Benchmark of the rating profiles: agreement with Sudoku Explainer and HoDoKu on
//! `../shared/data/se_hodoku_ratings.tsv`, and the time per puzzle of each part of a rating
//! on forum_hardest_1106 and top1465 samples, beside the peers' measured times.
//!
//! `cargo run --release --example rating_agreement [N per collection]`
//!
//! Times are wall-clock milliseconds per puzzle (median and p90), each part on its own: the
//! Human trace a rating follows (bare steps), the SE profile, the HoDoKu profile, then the
//! whole `Rating::of_puzzle`, which runs the profiles beside the trace on a second thread;
//! "one thread" is the sum of the three parts, what it costs without that second thread.

use std::time::Instant;
use stepdoku::logic::Detail;
use stepdoku::rating::agreement::{parse_peer_table, ErAgreement, MeasuredEr};
use stepdoku::rating::hodoku::HodokuRating;
use stepdoku::rating::se::SeRating;
use stepdoku::strategy::{SearchStepper, Stepper, Uniqueness};
use stepdoku::{Grid, Rating};

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// The milliseconds `work` takes.
fn time_ms(work: impl FnOnce()) -> f64 {
    let start = Instant::now();
    work();
    start.elapsed().as_secs_f64() * 1000.0
}

/// "median (p90)" of some times.
fn summary(mut times: Vec<f64>) -> String {
    times.sort_by(f64::total_cmp);
    format!(
        "{:.1} ({:.1})",
        percentile(&times, 0.5),
        percentile(&times, 0.9)
    )
}

fn main() {
    let shared = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/");
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(50);
    let table = std::fs::read_to_string(format!("{shared}se_hodoku_ratings.tsv"))
        .expect("../shared/data/se_hodoku_ratings.tsv");
    let rows = parse_peer_table(&table).expect("a well-formed table");
    for prefix in ["magictour_top1465", "forum_hardest_1106"] {
        let part: Vec<_> = rows
            .iter()
            .filter(|r| r.collection.starts_with(prefix))
            .collect();
        let pairs: Vec<_> = part
            .iter()
            .filter_map(|r| r.se.map(|se| (SeRating::of_puzzle(&r.puzzle).er, se)))
            .collect();
        let a = ErAgreement::of(&pairs);
        for (what, finished) in [("finished by SE", true), ("SE's lower bounds", false)] {
            let some: Vec<_> = pairs
                .iter()
                .filter(|(_, theirs)| matches!(theirs, MeasuredEr::Finished { .. }) == finished)
                .copied()
                .collect();
            if !some.is_empty() {
                let b = ErAgreement::of(&some);
                println!(
                    "{prefix}, {what}: {} rows; ER within ±0.2 {:.0}%, equal {:.0}%, mean |diff| {:.2}, bias {:+.2}, Spearman {:.3}",
                    b.n,
                    b.within * 100.0,
                    b.equal * 100.0,
                    b.mean_abs,
                    b.bias,
                    b.spearman
                );
            }
        }
        let levels = part
            .iter()
            .filter(|r| HodokuRating::of_puzzle(&r.puzzle, 100_000).level == r.hodoku_level)
            .count();
        println!(
            "{prefix}: {} rows; ER within ±0.2 {:.0}%, equal {:.0}%, mean |diff| {:.2}, bias {:+.2}, Spearman {:.3}; HoDoKu level equal {:.0}%",
            part.len(),
            a.within * 100.0,
            a.equal * 100.0,
            a.mean_abs,
            a.bias,
            a.spearman,
            100.0 * levels as f64 / part.len() as f64
        );
    }
    for (name, file, peers) in [
        (
            "top1465",
            "magictour_top1465.txt",
            "SE 180 ms, HoDoKu 40 ms median (measured)",
        ),
        (
            "forum_hardest_1106",
            "forum_hardest_1106.txt",
            "SE a minute or more on most",
        ),
    ] {
        let text = std::fs::read_to_string(format!("{shared}{file}")).expect("a collection");
        let puzzles: Vec<Grid> = text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .take(n)
            .map(|l| Grid::parse(l).expect("a puzzle"))
            .collect();
        let (mut human, mut se, mut hodoku, mut one_thread, mut whole) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for puzzle in &puzzles {
            human.push(time_ms(|| {
                let uniqueness = Uniqueness::of(puzzle);
                let mut stepper = SearchStepper::human_with(puzzle, uniqueness, Detail::Bare);
                while std::hint::black_box(stepper.next_step()).is_some() {}
            }));
            se.push(time_ms(|| {
                std::hint::black_box(SeRating::of_puzzle(puzzle));
            }));
            hodoku.push(time_ms(|| {
                std::hint::black_box(HodokuRating::of_puzzle(puzzle, 100_000));
            }));
            one_thread.push(human.last().unwrap() + se.last().unwrap() + hodoku.last().unwrap());
            whole.push(time_ms(|| {
                std::hint::black_box(Rating::of_puzzle(puzzle));
            }));
        }
        println!(
            "{name} (first {}), ms per puzzle, median (p90): Human trace {}, SE profile {}, HoDoKu profile {}; whole rating {} on two threads, {} on one; peers: {peers}",
            puzzles.len(),
            summary(human),
            summary(se),
            summary(hodoku),
            summary(whole),
            summary(one_thread),
        );
    }
}
