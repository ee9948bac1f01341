//! `generate`: new puzzles on a pool of threads, written in order as they are found.
//!
//! Puzzle K (from 0) of a run comes from the seed `--seed` + K, so it is the same puzzle
//! whatever the number of threads, and `--seed S+K --count 1` makes it again alone. Workers
//! take the next number, run a generator for its seed until it meets the request, and send
//! the puzzle to the main thread, which writes the puzzles in order and draws the progress
//! bar.
//!
//! `--max-seconds` bounds the whole command: every worker's generator asks the clock between
//! two pieces of its work (a uniqueness check, a step of a rating) and stops at the deadline;
//! the puzzles made by then are written, and a message says how many of those asked.

use crossbeam_channel::RecvTimeoutError;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant};
use stepdoku::generate::{Generated, Generator, Progress, Request};

use crate::format::PuzzleFormat;
use crate::outcome::{Failure, Outcome};

/// What `generate` was asked for.
pub struct GenerateOptions {
    /// What every puzzle must be like.
    pub request: Request,
    /// The seed of the first puzzle; puzzle K has `first_seed + K`.
    pub first_seed: u64,
    /// How many puzzles to make.
    pub count: u64,
    /// The most candidates made for one puzzle before it fails.
    pub max_tries: u64,
    /// The wall-clock time the whole command may take.
    pub max_time: Duration,
    pub format: PuzzleFormat,
    pub n_threads: usize,
}

/// What a worker came to for one puzzle.
enum Made {
    /// The puzzle.
    Puzzle(Box<Generated>),
    /// No candidate met the request within `--max-tries`.
    OutOfTries,
    /// The deadline came first.
    OutOfTime,
}

/// Makes the puzzles and writes one line per puzzle to `out`.
pub fn run_generate(options: &GenerateOptions, mut out: impl Write) -> Result<Outcome, Failure> {
    let start = Instant::now();
    let deadline = start.checked_add(options.max_time);
    let is_before_deadline = || deadline.is_none_or(|deadline| Instant::now() < deadline);
    let next = AtomicU64::new(0);
    let tries = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let progress = io::stderr()
        .is_terminal()
        .then(|| GenerateProgress::new(options.count));
    thread::scope(|scope| {
        let (found_tx, found_rx) = crossbeam_channel::unbounded::<(u64, Made)>();
        let n_threads = (options.n_threads as u64).clamp(1, options.count.max(1));
        for _ in 0..n_threads {
            let found_tx = found_tx.clone();
            let (next, tries, stop) = (&next, &tries, &stop);
            let go_on = move || !stop.load(Ordering::Relaxed) && is_before_deadline();
            scope.spawn(move || loop {
                if !go_on() {
                    return;
                }
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= options.count {
                    return;
                }
                let seed = options.first_seed + index;
                let mut generator = Generator::new(options.request.clone(), seed)
                    .expect("the request was checked when the command line was read");
                let found = loop {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    if generator.tries() == options.max_tries {
                        break Made::OutOfTries;
                    }
                    tries.fetch_add(1, Ordering::Relaxed);
                    match generator.try_once_while(go_on) {
                        Progress::Met(found) => break Made::Puzzle(found),
                        Progress::Missed => {}
                        Progress::Paused => break Made::OutOfTime,
                    }
                };
                if found_tx.send((index, found)).is_err() {
                    return;
                }
            });
        }
        drop(found_tx);
        let written = write_in_order(options, &found_rx, &mut out, &tries, progress.as_ref());
        let written = written.map(|written| {
            if written.n_made < options.count {
                if let Some(progress) = &progress {
                    progress.bar.finish_and_clear();
                }
                eprintln!(
                    "error: made {} of {} puzzles: stopped at --max-seconds {} ({:.1} s)",
                    written.n_made,
                    options.count,
                    options.max_time.as_secs(),
                    start.elapsed().as_secs_f64()
                );
            }
            written.outcome
        });
        // Whatever happened to the output, the workers stop at their next candidate.
        stop.store(true, Ordering::Relaxed);
        written
    })
}

/// What [`write_in_order`] wrote.
struct Written {
    outcome: Outcome,
    /// The puzzles made (not the lines written, which include failures).
    n_made: u64,
}

/// Writes the puzzles as they come back, in order of their number, updating the progress bar
/// while it waits. A puzzle the deadline stopped gets an empty line only when a later one was
/// made, so that line K still holds puzzle K; the output ends with the last puzzle made.
fn write_in_order(
    options: &GenerateOptions,
    found_rx: &crossbeam_channel::Receiver<(u64, Made)>,
    out: &mut impl Write,
    tries: &AtomicU64,
    progress: Option<&GenerateProgress>,
) -> Result<Written, Failure> {
    let mut pending = BTreeMap::new();
    let mut next_out = 0;
    let mut n_failed = 0;
    let mut n_made = 0;
    // The seeds of puzzles the deadline stopped, since the last puzzle written.
    let mut stopped: Vec<u64> = Vec::new();
    while next_out < options.count {
        match found_rx.recv_timeout(Duration::from_millis(100)) {
            Ok((index, found)) => {
                pending.insert(index, found);
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
        while let Some(found) = pending.remove(&next_out) {
            let seed = options.first_seed + next_out;
            let own_line = match found {
                Made::Puzzle(found) => match format_line(&found, options.format) {
                    Ok(line) => {
                        n_made += 1;
                        line
                    }
                    Err(why) => {
                        n_failed += 1;
                        eprintln!("error: puzzle {}: {why}", next_out + 1);
                        failure_line(seed, &why, options.format)
                    }
                },
                Made::OutOfTime => {
                    n_failed += 1;
                    stopped.push(seed);
                    next_out += 1;
                    continue;
                }
                Made::OutOfTries => {
                    n_failed += 1;
                    let message = format!(
                        "puzzle {}: no candidate met the request within {} tries (seed {seed})",
                        next_out + 1,
                        options.max_tries
                    );
                    eprintln!("error: {message}");
                    failure_line(seed, &message, options.format)
                }
            };
            let stopped_message = format!(
                "stopped at --max-seconds {} before a candidate met the request",
                options.max_time.as_secs()
            );
            let mut line: String = stopped
                .drain(..)
                .map(|seed| failure_line(seed, &stopped_message, options.format))
                .collect();
            line.push_str(&own_line);
            let mut write = || {
                out.write_all(line.as_bytes())
                    .and_then(|()| out.flush())
                    .map_err(Failure::writing)
            };
            match progress {
                Some(progress) => progress.bar.suspend(write)?,
                None => write()?,
            }
            next_out += 1;
        }
        if let Some(progress) = progress {
            progress.show(next_out, tries.load(Ordering::Relaxed));
        }
    }
    // Puzzles never started (the deadline came first) fail too.
    n_failed += options.count - next_out;
    Ok(Written {
        outcome: Outcome::of_failures(n_failed),
        n_made,
    })
}

/// The line of a puzzle that failed: empty, or in jsonl an object with its seed and why.
fn failure_line(seed: u64, message: &str, format: PuzzleFormat) -> String {
    match format {
        PuzzleFormat::Jsonl => {
            serde_json::json!({ "seed": seed, "error": message }).to_string() + "\n"
        }
        PuzzleFormat::Text | PuzzleFormat::Fpuzzles => "\n".to_string(),
    }
}

/// One output line: tab-separated columns, the JSON record, or f-puzzles JSON; `None` for a
/// puzzle f-puzzles has no form for, with why.
pub fn format_line(found: &Generated, format: PuzzleFormat) -> Result<String, String> {
    Ok(match format {
        PuzzleFormat::Jsonl => {
            serde_json::to_string(found).expect("the record always serialises") + "\n"
        }
        PuzzleFormat::Fpuzzles => fpuzzles_line(found)?,
        PuzzleFormat::Text => {
            let rating = &found.rating;
            format!(
                "{}\t{:.1}\t{}\t{}\t{}\t{}\t{}\n",
                found.puzzle.to_line(),
                rating.er,
                rating.score,
                rating.level.name(),
                rating.hardest.map_or("-", |t| t.name()),
                found.puzzle.n_filled(),
                found.seed,
            )
        }
    })
}

/// The f-puzzles JSON of a puzzle made, its solution under `solution`, on one line.
fn fpuzzles_line(found: &Generated) -> Result<String, String> {
    let json = stepdoku::constraint::fpuzzles_write::write(&found.puzzle)
        .map_err(|unwritable| unwritable.to_string())?;
    let mut object: serde_json::Value =
        serde_json::from_str(&json).expect("the writer writes JSON");
    object["solution"] = serde_json::json!(found.solution.values());
    Ok(object.to_string() + "\n")
}

/// A progress bar on standard error: puzzles made, and candidates tried on the way.
struct GenerateProgress {
    bar: ProgressBar,
}

impl GenerateProgress {
    /// How the bar looks: `[######>.......]  3/10 puzzles  412 candidates  ETA 2s`.
    const TEMPLATE: &'static str = "[{bar:30}] {pos}/{len} puzzles  {msg} candidates  ETA {eta}";

    fn new(count: u64) -> GenerateProgress {
        let style = ProgressStyle::with_template(Self::TEMPLATE)
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("#>.");
        let bar =
            ProgressBar::with_draw_target(Some(count), ProgressDrawTarget::stderr_with_hz(10))
                .with_style(style);
        GenerateProgress { bar }
    }

    fn show(&self, n_done: u64, n_tries: u64) {
        self.bar.set_position(n_done);
        self.bar.set_message(n_tries.to_string());
    }
}

impl Drop for GenerateProgress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_template_is_valid() {
        assert!(ProgressStyle::with_template(GenerateProgress::TEMPLATE).is_ok());
    }
}
