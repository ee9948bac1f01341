//! `--generator`: minimal puzzles of the big grids against their targets (a minimal 16×16
//! within 2 s median, a minimal 25×25 within 30 s), and how finely the work slices.
//!
//! Each seed runs a new generator to its first puzzle, sliced as the page's worker slices it:
//! `next_puzzle_while` is called again each time its `go_on` says stop, here every
//! [`SLICE_MS`]. The longest gap between two questions to `go_on` is the longest piece of
//! work that cannot be cut (a fill, a uniqueness check or a step of the rating's trace); it
//! bounds how far a slice can overrun. Then the puzzle's Human trace is run again on its own
//! to time its longest step, and a few fresh solution grids are filled and timed.
//!
//! There is no peer to set beside these: HoDoKu publishes no generator speed, and the
//! dancing-links peer of `--big-grids` only counts solutions.

use crate::clock::{thread_cpu_seconds, timed};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::time::{Duration, Instant};
use stepdoku::digits::Digit;
use stepdoku::generate::{fill, Generated, Generator, Request};
use stepdoku::search::general::GeneralSolver;
use stepdoku::search::{Budget, ExactSolver, Solutions};
use stepdoku::strategy::{SearchStepper, Stepper};
use stepdoku::technique::Uniqueness;
use stepdoku::{Geometry, Shape};

/// The slice of the page's worker (`SLICE_MS` of src/wasm/args.rs).
const SLICE_MS: u64 = 150;

/// What one seed's puzzle took.
struct Made {
    /// The puzzle itself, for seed 1.
    made: Option<Generated>,
    /// Thread CPU seconds from a new generator to its first puzzle.
    seconds: f64,
    n_givens: usize,
    /// Calls of `next_puzzle_while`: slices.
    n_slices: u32,
    /// The longest gap between two questions to `go_on`, in ms.
    longest_gap_ms: f64,
    /// The longest step of the puzzle's Human trace, in ms, and the steps.
    longest_step_ms: f64,
    n_steps: usize,
    /// Thread CPU seconds of the whole Human trace of the puzzle: its rating.
    trace_seconds: f64,
}

fn make(request: &Request, seed: u64) -> Made {
    let mut generator = Generator::new(request.clone(), seed).expect("a request that can be met");
    let mut longest_gap = Duration::ZERO;
    let mut n_slices = 0;
    let start = thread_cpu_seconds();
    let made = loop {
        n_slices += 1;
        let slice_end = Instant::now() + Duration::from_millis(SLICE_MS);
        let mut last = Instant::now();
        let go_on = || {
            let now = Instant::now();
            longest_gap = longest_gap.max(now - last);
            last = now;
            now < slice_end
        };
        if let Some(made) = generator.next_puzzle_while(go_on) {
            break made;
        }
    };
    let seconds = thread_cpu_seconds() - start;
    let mut counter = GeneralSolver::for_layout(made.puzzle.geometry());
    counter.set_budget(Budget::DEFAULT);
    let count = counter.search(made.puzzle.values(), 2, &mut Solutions::new(0));
    assert_eq!(count.decided(), Ok(1), "unique: {}", made.puzzle.to_line());
    let mut stepper = SearchStepper::human(&made.puzzle, Uniqueness::Known);
    let mut longest_step = Duration::ZERO;
    let mut n_steps = 0;
    let trace_start = thread_cpu_seconds();
    loop {
        let step_start = Instant::now();
        let Some(_) = stepper.next_step() else { break };
        longest_step = longest_step.max(step_start.elapsed());
        n_steps += 1;
    }
    let trace_seconds = thread_cpu_seconds() - trace_start;
    Made {
        made: Some(made.clone()).filter(|_| seed == 1),
        seconds,
        n_givens: made.puzzle.n_filled(),
        n_slices,
        longest_gap_ms: longest_gap.as_secs_f64() * 1000.0,
        longest_step_ms: longest_step.as_secs_f64() * 1000.0,
        n_steps,
        trace_seconds,
    }
}

/// The budget of the longer checks of the givens a 25×25 dig kept.
const LONG_CHECK: Budget = Budget::nodes(100_000);

/// How many givens of a puzzle could go, each alone, by the dig's refuting check (no solution
/// with another digit in the cell) within [`LONG_CHECK`]; and how many stay undecided by it.
fn removable(made: &Generated) -> (usize, usize) {
    let shape = made.puzzle.shape();
    let mut solver = GeneralSolver::for_layout(made.puzzle.geometry());
    solver.set_budget(LONG_CHECK);
    let mut marks = vec![shape.all_digits(); shape.n_cells()];
    let mut kept = Solutions::new(0);
    let (mut n_removable, mut n_undecided) = (0, 0);
    let mut values = made.puzzle.values().to_vec();
    for cell in 0..values.len() {
        let own = values[cell];
        if own == 0 {
            continue;
        }
        values[cell] = 0;
        marks[cell].remove(Digit::new(own).expect("a digit"));
        match solver
            .search_within(&values, &marks, 1, &mut kept)
            .decided()
        {
            Ok(0) => n_removable += 1,
            Ok(_) => {}
            Err(_) => n_undecided += 1,
        }
        marks[cell] = shape.all_digits();
        values[cell] = own;
    }
    (n_removable, n_undecided)
}

/// Times minimal 16×16 (seeds 1–10) and 25×25 (seeds 1–5) puzzles.
pub fn generator() {
    println!();
    println!(
        "generator, minimal puzzles, sliced every {SLICE_MS} ms; s of thread CPU time per puzzle"
    );
    println!(
        "{:<14} {:>5} | {:>8} {:>8} {:>7} | {:>13} | {:>7} {:>9} {:>9} {:>6}",
        "puzzles",
        "seeds",
        "median s",
        "max s",
        "target",
        "givens",
        "slices",
        "max gap",
        "max step",
        "steps"
    );
    for (shape, n_seeds, target_s) in [(Shape::SIXTEEN, 10, 2.0), (Shape::TWENTY_FIVE, 5, 30.0)] {
        let request = Request::new(Geometry::classic(shape));
        let made: Vec<Made> = (1..=n_seeds).map(|seed| make(&request, seed)).collect();
        let mut seconds: Vec<f64> = made.iter().map(|m| m.seconds).collect();
        seconds.sort_by(f64::total_cmp);
        let median = (seconds[(seconds.len() - 1) / 2] + seconds[seconds.len() / 2]) / 2.0;
        let max = seconds[seconds.len() - 1];
        let mut givens: Vec<usize> = made.iter().map(|m| m.n_givens).collect();
        givens.sort_unstable();
        let size = shape.size();
        println!(
            "{:<14} {:>5} | {:>8.2} {:>8.2} {:>6.2}× | {:>4} ({:>3}–{:>3}) | {:>7} {:>6.1} ms {:>6.1} ms {:>6}",
            format!("{size}×{size} minimal"),
            n_seeds,
            median,
            max,
            median / target_s,
            givens[(givens.len() - 1) / 2],
            givens[0],
            givens[givens.len() - 1],
            made.iter().map(|m| m.n_slices).sum::<u32>(),
            made.iter().map(|m| m.longest_gap_ms).fold(0.0, f64::max),
            made.iter().map(|m| m.longest_step_ms).fold(0.0, f64::max),
            made.iter().map(|m| m.n_steps).max().unwrap_or(0),
        );
        let layout = Geometry::classic(shape);
        let fills: Vec<f64> = (1..=n_seeds)
            .map(|seed| timed(|| fill(&layout, &mut Pcg64Mcg::seed_from_u64(seed))).0 * 1000.0)
            .collect();
        println!(
            "{:<14} {:>5} | fill of a solution grid: max {:.1} ms; Human trace of the puzzle: max {:.2} s",
            "",
            "",
            fills.iter().copied().fold(0.0, f64::max),
            made.iter().map(|m| m.trace_seconds).fold(0.0, f64::max)
        );
        if shape == Shape::TWENTY_FIVE {
            let first = made[0].made.as_ref().expect("seed 1");
            let (seconds, (n_removable, n_undecided)) = timed(|| removable(first));
            println!(
                "{:<14} {:>5} | seed 1: {n_removable} of its givens go by a check of {} nodes, {n_undecided} undecided ({seconds:.0} s)",
                "",
                "",
                LONG_CHECK.nodes
            );
        }
    }
    println!("target: the median against the target (16×16: 2 s, 25×25: 30 s); below 1× meets it");
}
