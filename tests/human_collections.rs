//! The Human strategy over every puzzle of every collection with a unique solution: each
//! step outside search agrees with the solution, the trace replays to the solved grid and
//! undoes to the start, and no puzzle needs a guess.

mod common;

use common::{load, run_and_check};
use stepdoku::{search, Grid, StepKind, Strategy};

/// What the Human strategy did on a collection.
#[derive(Debug, Default)]
struct Tally {
    n_puzzles: usize,
    n_without_guess: usize,
    n_steps: usize,
}

/// Runs the Human strategy on one puzzle with a unique solution and checks its trace.
fn check_one(puzzle: &Grid) -> (bool, usize) {
    assert_eq!(
        search::count_solutions(puzzle, 2, search::Budget::DEFAULT).unwrap(),
        1,
        "{puzzle}: collection puzzle without a unique solution"
    );
    let solution = search::solve(puzzle, search::Budget::DEFAULT)
        .unwrap()
        .expect("a unique solution");
    let steps = run_and_check(puzzle, Strategy::Human, Some(&solution), 200_000);
    let last = steps.last().expect("a trace has at least one step");
    assert_eq!(
        last.kind,
        StepKind::Solved,
        "{puzzle}: trace does not end solved"
    );
    for step in &steps {
        assert_eq!(
            step.relies_on_uniqueness,
            step.technique.relies_on_uniqueness(),
            "{puzzle}: {}",
            step.text
        );
    }
    let needs_guess = steps.iter().any(|s| s.kind == StepKind::Guess);
    (!needs_guess, steps.len())
}

/// Checks every puzzle of a collection, on every core of the machine.
fn check_collection(name: &str) -> Tally {
    let puzzles = load(name);
    let n_threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = puzzles.len().div_ceil(n_threads).max(1);
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let handles: Vec<_> = puzzles
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut tally = Tally::default();
                    for puzzle in part {
                        let (is_guess_free, n_steps) = check_one(puzzle);
                        tally.n_puzzles += 1;
                        tally.n_without_guess += usize::from(is_guess_free);
                        tally.n_steps += n_steps;
                    }
                    tally
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a checking thread panicked"))
            .collect()
    });
    let mut total = Tally::default();
    for tally in tallies {
        total.n_puzzles += tally.n_puzzles;
        total.n_without_guess += tally.n_without_guess;
        total.n_steps += tally.n_steps;
    }
    eprintln!("{name}: {total:?}");
    assert_eq!(total.n_puzzles, puzzles.len());
    total
}

#[test]
fn seventeen_clue_puzzles_all_fall_to_logic() {
    let tally = check_collection("17_clue");
    assert_eq!(tally.n_without_guess, tally.n_puzzles);
}

#[test]
fn top1465_puzzles_all_fall_to_logic() {
    let tally = check_collection("magictour_top1465");
    assert_eq!(tally.n_without_guess, tally.n_puzzles);
}

#[test]
fn norvig_puzzles_all_fall_to_logic() {
    for name in ["norvig_top95", "norvig_hardest"] {
        let tally = check_collection(name);
        assert_eq!(tally.n_without_guess, tally.n_puzzles, "{name}");
    }
}

#[test]
fn forum_hardest_puzzles_all_fall_to_logic() {
    let tally = check_collection("forum_hardest_1106");
    assert_eq!(tally.n_without_guess, tally.n_puzzles);
}
