//! `generate`: new puzzles on a pool of threads, written in order as they are found.
//!
//! Puzzle K (from 0) of a run comes from the seed `--seed` + K, so it is the same puzzle
//! whatever the number of threads, and `--seed S+K --count 1` makes it again alone. Workers
//! take the next number, run a generator for its seed until it meets the request, and send
//! the puzzle to the main thread, which writes the puzzles in order and draws the progress
//! bar.

use crossbeam_channel::RecvTimeoutError;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread;
use std::time::Duration;
use stepdoku::generate::{Generated, Generator, Request};

use crate::format::Format;
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
    pub format: Format,
    pub n_threads: usize,
}

/// Makes the puzzles and writes one line per puzzle to `out`.
pub fn run_generate(options: &GenerateOptions, mut out: impl Write) -> Result<Outcome, Failure> {
    let next = AtomicU64::new(0);
    let tries = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let progress = io::stderr()
        .is_terminal()
        .then(|| GenerateProgress::new(options.count));
    thread::scope(|scope| {
        let (found_tx, found_rx) = crossbeam_channel::unbounded::<(u64, Option<Generated>)>();
        let n_threads = (options.n_threads as u64).clamp(1, options.count.max(1));
        for _ in 0..n_threads {
            let found_tx = found_tx.clone();
            let (next, tries, stop) = (&next, &tries, &stop);
            scope.spawn(move || loop {
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
                        break None;
                    }
                    tries.fetch_add(1, Ordering::Relaxed);
                    if let Some(found) = generator.try_once() {
                        break Some(found);
                    }
                };
                if found_tx.send((index, found)).is_err() {
                    return;
                }
            });
        }
        drop(found_tx);
        let written = write_in_order(options, &found_rx, &mut out, &tries, progress.as_ref());
        // Whatever happened to the output, the workers stop at their next candidate.
        stop.store(true, Ordering::Relaxed);
        written
    })
}

/// Writes the puzzles as they come back, in order of their number, updating the progress bar
/// while it waits.
fn write_in_order(
    options: &GenerateOptions,
    found_rx: &crossbeam_channel::Receiver<(u64, Option<Generated>)>,
    out: &mut impl Write,
    tries: &AtomicU64,
    progress: Option<&GenerateProgress>,
) -> Result<Outcome, Failure> {
    let mut pending = BTreeMap::new();
    let mut next_out = 0;
    let mut n_failed = 0;
    while next_out < options.count {
        match found_rx.recv_timeout(Duration::from_millis(100)) {
            Ok((index, found)) => {
                pending.insert(index, found);
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
        while let Some(found) = pending.remove(&next_out) {
            let line = match found {
                Some(found) => format_line(&found, options.format),
                None => {
                    n_failed += 1;
                    let seed = options.first_seed + next_out;
                    let message = format!(
                        "error: puzzle {}: no candidate met the request within {} tries (seed {seed})\n",
                        next_out + 1,
                        options.max_tries
                    );
                    eprint!("{message}");
                    if options.format == Format::Jsonl {
                        let error = serde_json::json!({ "seed": seed, "error": message.trim_start_matches("error: ").trim_end() });
                        error.to_string() + "\n"
                    } else {
                        "\n".to_string()
                    }
                }
            };
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
    Ok(Outcome::of_failures(n_failed))
}

/// One output line: tab-separated columns, or the JSON record.
pub fn format_line(found: &Generated, format: Format) -> String {
    match format {
        Format::Jsonl => serde_json::to_string(found).expect("the record always serialises") + "\n",
        Format::Text => {
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
    }
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
