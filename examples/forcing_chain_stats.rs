//! The lengths of the forcing chains the Human strategy explains, and what explaining costs.
//!
//! ```text
//! cargo run --release --example forcing_chain_stats [collection…] [--max N] [--paired]
//! ```
//!
//! For each collection (file stems of `../shared/data`; default magictour_top1465 and
//! forum_hardest_1106): the wall time of explaining every puzzle's whole Human trace (reading
//! the puzzle, the uniqueness check, every step, as the page's `new Solver(puzzle, "human")`
//! does), then, over the trace's forcing steps, the chain's length: the implications a reader
//! walks through, premises and inner implications included (see `walked`). Median, 90th
//! percentile, maximum and total, and how many inner trials and inner forcing chains the
//! chains use.
//!
//! With `--paired`, it follows the bare trace instead (see `Detail::Bare`: the finders take
//! the first chain they find, as all of them did before they weighed alternatives) and, at
//! each of its forcing steps, explains every alternative the explained finder weighs
//! (`forcing::alternatives`): the first-found chain against the one the explained finder
//! picks, on the same boards.
//!
//! The numbers before and after a change to the finders are in `bench/README.md` ("Forcing
//! chains").

use std::time::Instant;
use stepdoku::logic::{forcing, Detail};
use stepdoku::strategy::{SearchStepper, Uniqueness};
use stepdoku::trace::{Implication, Rule};
use stepdoku::{Grid, Step, StepKind, Stepper, Strategy, Technique};

const FORCING: [Technique; 4] = [
    Technique::NishioForcingChain,
    Technique::CellForcingChain,
    Technique::UnitForcingChain,
    Technique::NestedForcingChain,
];

fn main() {
    let mut names: Vec<String> = Vec::new();
    let mut max = usize::MAX;
    let mut is_paired = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--max" => {
                max = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--max needs a number")
            }
            "--paired" => is_paired = true,
            _ => names.push(arg),
        }
    }
    if names.is_empty() {
        names = ["magictour_top1465", "forum_hardest_1106"]
            .map(String::from)
            .to_vec();
    }
    for name in names {
        let path = format!("{}/../shared/data/{name}.txt", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .take(max)
            .collect();
        if is_paired {
            paired(&name, &lines);
            continue;
        }
        let mut chains = Chains::default();
        let start = Instant::now();
        for line in &lines {
            let grid = Grid::parse(line).expect("collection puzzles parse");
            let mut stepper = stepdoku::stepper(&grid, Strategy::Human);
            while let Some(step) = stepper.next_step() {
                chains.record(&step);
            }
        }
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "{name}: {} puzzles explained in {seconds:.2} s; {}",
            lines.len(),
            chains.summary()
        );
    }
}

/// The caps `--paired` compares: what the explained finders would pick if they weighed only
/// the first N alternatives.
const CAPS: [usize; 4] = [2, 3, 4, forcing::MAX_ALTERNATIVES];

/// On each forcing step of the bare traces of `lines`, the first-found chain and the one the
/// explained finder picks among the alternatives (and would pick among the first N only).
fn paired(name: &str, lines: &[&str]) {
    let mut first_found = Chains::default();
    let mut picked: Vec<Chains> = CAPS.iter().map(|_| Chains::default()).collect();
    let (mut n_alternatives, mut n_shorter) = (0, 0);
    let start = Instant::now();
    for line in lines {
        let grid = Grid::parse(line).expect("collection puzzles parse");
        let mut stepper = SearchStepper::human_with(&grid, Uniqueness::of(&grid), Detail::Bare);
        loop {
            let board = stepper.board().clone();
            let Some(step) = stepper.next_step() else {
                break;
            };
            if step.kind != StepKind::Deduction || !FORCING.contains(&step.technique) {
                continue;
            }
            let alternatives = forcing::alternatives(&board, step.technique);
            assert_eq!(
                alternatives.first().map(|s| &s.changes),
                Some(&step.changes),
                "the first alternative is the bare finder's step"
            );
            let simplest = |cap: usize| {
                alternatives
                    .iter()
                    .take(cap)
                    .min_by_key(|s| (walked(&s.implications), nested(&s.implications)))
                    .expect("an alternative")
            };
            first_found.record(&alternatives[0]);
            for (chains, &cap) in picked.iter_mut().zip(&CAPS) {
                chains.record(simplest(cap));
            }
            n_alternatives += alternatives.len();
            let best = simplest(forcing::MAX_ALTERNATIVES);
            n_shorter +=
                usize::from(walked(&best.implications) < walked(&alternatives[0].implications));
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let n_steps = first_found.lengths.len();
    println!(
        "{name}, bare trace ({seconds:.2} s with every alternative explained), {n_steps} forcing steps, {:.2} alternatives weighed per step, a shorter one picked at {n_shorter}:",
        n_alternatives as f64 / n_steps.max(1) as f64
    );
    println!("  first found:      {}", first_found.summary());
    for (chains, cap) in picked.iter().zip(CAPS) {
        println!("  simplest of {cap:>2}:  {}", chains.summary());
    }
}

/// The implications a reader walks through: each one, premises included, and those of its
/// inner chain.
fn walked(implications: &[Implication]) -> usize {
    implications.iter().map(|i| 1 + walked(&i.inner)).sum()
}

/// The inner trials and inner forcing chains a chain uses.
fn nested(implications: &[Implication]) -> usize {
    implications
        .iter()
        .filter(|i| matches!(i.rule, Rule::InnerTrial | Rule::InnerForcing { .. }))
        .count()
}

/// The forcing chains seen so far.
#[derive(Default)]
struct Chains {
    lengths: Vec<usize>,
    n_nested: usize,
}

impl Chains {
    fn record(&mut self, step: &Step) {
        if step.kind == StepKind::Deduction && FORCING.contains(&step.technique) {
            self.lengths.push(walked(&step.implications));
            self.n_nested += nested(&step.implications);
        }
    }

    fn summary(&self) -> String {
        let mut lengths = self.lengths.clone();
        if lengths.is_empty() {
            return "no forcing step".to_string();
        }
        lengths.sort_unstable();
        let at = |p: f64| lengths[((lengths.len() - 1) as f64 * p).round() as usize];
        format!(
            "{} forcing steps; implications walked per chain: median {}, p90 {}, max {}, total {}; {} inner trials and inner forcing chains",
            lengths.len(),
            at(0.5),
            at(0.9),
            at(1.0),
            lengths.iter().sum::<usize>(),
            self.n_nested,
        )
    }
}
