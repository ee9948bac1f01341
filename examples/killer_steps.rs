//! Steps every puzzle of `tests/data/killer.jsonl` with a strategy (the first argument:
//! `human`, `singles` or `backtracking`; `human` by default) and prints, per puzzle, the steps,
//! the guesses, whether it ended Solved on the grid that keeps every rule, and the time; then
//! the totals for the killers without givens. A third argument names another file of
//! f-puzzles JSON lines (such as `bench/killers_heldout.jsonl`), after a step cap as the
//! second. Run in release: `cargo run --release --example killer_steps -- human`.

use std::time::Instant;
use stepdoku::{ConstraintPuzzle, StepKind, Strategy};

fn main() {
    let strategy = std::env::args()
        .nth(1)
        .and_then(|name| Strategy::from_name(&name))
        .unwrap_or(Strategy::Human);
    let max_steps: usize = std::env::args()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000);
    let path = std::env::args()
        .nth(3)
        .unwrap_or_else(|| "tests/data/killer.jsonl".to_string());
    let data = std::fs::read_to_string(&path).expect("the collection");
    let (mut n_killers, mut n_no_guess, mut n_steps, mut seconds) = (0, 0, 0, 0.0);
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let object: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let title = object["title"].as_str().unwrap_or("").to_string();
        let puzzle = ConstraintPuzzle::from_fpuzzles(line).expect("a puzzle");
        let start = Instant::now();
        let mut stepper = stepdoku::stepper(puzzle.grid(), strategy);
        let (mut steps, mut guesses, mut last) = (0usize, 0usize, None);
        while steps < max_steps {
            let Some(step) = stepper.next_step() else {
                break;
            };
            steps += 1;
            guesses += usize::from(step.kind == StepKind::Guess);
            last = Some(step.kind);
        }
        let elapsed = start.elapsed().as_secs_f64();
        let is_solved =
            last == Some(StepKind::Solved) && puzzle.is_solved_by(stepper.board().grid());
        println!(
            "{title:40} steps {steps:7} guesses {guesses:6} solved {is_solved} {elapsed:8.3}s"
        );
        let is_killer =
            title.contains("killer") || (title.is_empty() && line.contains("killercage"));
        if is_killer {
            n_killers += 1;
            n_no_guess += usize::from(guesses == 0 && is_solved);
            n_steps += steps;
            seconds += elapsed;
        }
    }
    println!(
        "killers: {n_killers}, solved without a guess: {n_no_guess}, steps per puzzle {:.1}, seconds per puzzle {:.3}",
        n_steps as f64 / n_killers as f64,
        seconds / n_killers as f64
    );
}
