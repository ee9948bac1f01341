//! Benchmark of the rating profiles: agreement with Sudoku Explainer and HoDoKu on
//! `../shared/data/se_hodoku_ratings.tsv`, and the time per puzzle of each profile on
//! forum_hardest_1106 and top1465 samples, beside the peers' measured times.
//!
//! `cargo run --release --example rating_agreement [N per collection]`

use std::time::Instant;
use stepdoku::rating::agreement::{parse_peer_table, ErAgreement, MeasuredEr};
use stepdoku::rating::hodoku::HodokuRating;
use stepdoku::rating::se::SeRating;
use stepdoku::Grid;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
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
        let mut se_ms = Vec::new();
        let mut hodoku_ms = Vec::new();
        for puzzle in &puzzles {
            let start = Instant::now();
            std::hint::black_box(SeRating::of_puzzle(puzzle));
            se_ms.push(start.elapsed().as_secs_f64() * 1000.0);
            let start = Instant::now();
            std::hint::black_box(HodokuRating::of_puzzle(puzzle, 100_000));
            hodoku_ms.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        se_ms.sort_by(f64::total_cmp);
        hodoku_ms.sort_by(f64::total_cmp);
        println!(
            "{name} (first {}): SE profile median {:.1} ms, p90 {:.1} ms; HoDoKu profile median {:.1} ms, p90 {:.1} ms; peers: {peers}",
            puzzles.len(),
            percentile(&se_ms, 0.5),
            percentile(&se_ms, 0.9),
            percentile(&hodoku_ms, 0.5),
            percentile(&hodoku_ms, 0.9),
        );
    }
}
