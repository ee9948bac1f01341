//! Times the generator natively on the cases of bench/generate-cases.tsv (see
//! bench/generate.sh): per case, milliseconds per puzzle (median, p90, max), puzzles per
//! second and candidates per puzzle, as tab-separated lines.
//!
//! ```text
//! cargo run --release --example generate_stats -- bench/generate-cases.tsv
//! ```

use std::time::Instant;
use stepdoku::generate::{Generator, RequestRecord};

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: generate_stats CASES.tsv");
    let cases = std::fs::read_to_string(&path).expect("the cases file");
    println!("case\tpuzzles\tmedian ms\tp90 ms\tmax ms\tpuzzles/s\tcandidates/puzzle");
    for line in cases
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let [name, count, json] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("three fields: {line}");
        };
        let record: RequestRecord = serde_json::from_str(json).expect("a request record");
        let request = record.request().expect("a request that can be met");
        let count: u64 = count.parse().expect("a count");
        let mut ms = Vec::new();
        let mut tries = 0;
        for seed in 1..=count {
            let start = Instant::now();
            let made = Generator::new(request.clone(), seed)
                .expect("checked")
                .next_puzzle();
            ms.push(start.elapsed().as_secs_f64() * 1000.0);
            tries += made.tries;
        }
        let total: f64 = ms.iter().sum();
        ms.sort_by(f64::total_cmp);
        let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
        println!(
            "{name}\t{count}\t{:.2}\t{:.2}\t{:.2}\t{:.1}\t{:.1}",
            at(0.5),
            at(0.9),
            at(1.0),
            count as f64 * 1000.0 / total,
            tries as f64 / count as f64
        );
    }
}
