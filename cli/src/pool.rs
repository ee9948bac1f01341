//! The pool that runs `solve`, `count` and `rate`: batches of lines go to worker threads, and
//! their results come back out in input order, in constant memory.
//!
//! ```text
//!  reader (main thread) ──batches──▶ worker 1..n ──results──▶ writer (main thread)
//!    lines, numbers,                  parse, solve            reorders by batch number,
//!    skips comments                   with own buffers        stdout + stderr
//! ```
//!
//! Both channels are bounded, and the reader sends a new batch only while fewer than two per
//! worker are in flight, so however long the input, at most that many batches and their
//! results are held at once. A batch ends at its number of lines or once its text reaches
//! [`MAX_BATCH_BYTES`], and no line holds more than
//! [`MAX_LINE_BYTES`](crate::input::MAX_LINE_BYTES): long lines make shorter batches, not
//! larger ones.

use crate::limits::Limits;
use crossbeam_channel::{Receiver, Sender};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::thread;
use stepdoku::Variant;

use crate::batch::{Batch, BatchResult, PuzzleLine, Task, Worker};
use crate::input::{puzzle_part, LineRead, LineReader};
use crate::outcome::{Failure, Outcome};

/// The text of a batch, in bytes, past which no line is added to it: with at most one line of
/// 64 KiB past it, a batch holds under 320 KiB of text.
pub const MAX_BATCH_BYTES: usize = 1 << 18;

/// When results reach standard output.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    /// Each batch's result is written and flushed before the next line is read, so a person
    /// typing puzzles sees each answer as soon as it is found.
    AtOnce,
    /// Up to two batches per worker are in flight; results are written in input order as they
    /// come (those that come early wait for the ones before), and flushed whenever the pool
    /// waits for a result or reads more lines, so a finished line is never held back behind
    /// work that is still going on.
    Buffered,
}

/// Reads batches on the calling thread, works them out on a pool of threads, and writes the
/// results in input order.
pub struct Engine {
    pub task: Task,
    /// The layout of lines without a tag.
    pub variant: Variant,
    /// How far each puzzle's work may go.
    pub limits: Limits,
    pub n_threads: usize,
    /// The most puzzles in one batch.
    pub batch_len: usize,
    pub delivery: Delivery,
}

impl Engine {
    pub fn run(
        &self,
        mut lines: LineReader,
        mut stdout: impl Write,
        progress: Option<Progress>,
    ) -> Result<Outcome, Failure> {
        let max_in_flight = 2 * self.n_threads;
        // The channels live inside the scope: when it returns, early or not, the batch sender
        // is dropped, the workers run out of batches and the scope can end.
        thread::scope(|scope| {
            let (batch_tx, batch_rx) = crossbeam_channel::bounded::<Batch>(max_in_flight);
            let (result_tx, result_rx) = crossbeam_channel::bounded::<BatchResult>(max_in_flight);
            for worker_no in 1..=self.n_threads {
                let batch_rx = batch_rx.clone();
                let result_tx = result_tx.clone();
                let task = self.task;
                let variant = self.variant.clone();
                let limits = self.limits;
                thread::Builder::new()
                    .name(format!("worker {worker_no}"))
                    .spawn_scoped(scope, move || {
                        let mut worker = Worker::new(task, variant, limits);
                        for batch in batch_rx {
                            if result_tx.send(worker.run(&batch)).is_err() {
                                return;
                            }
                        }
                    })
                    .map_err(|e| {
                        Failure::Fatal(format!(
                            "cannot start worker thread {worker_no} of {} (try fewer with -j): {e}",
                            self.n_threads
                        ))
                    })?;
            }
            drop(result_tx);
            let mut writer = OrderedWriter {
                stdout: &mut stdout,
                progress: progress.as_ref(),
                pending: BTreeMap::new(),
                next_seq: 0,
                n_failed: 0,
                n_puzzles_done: 0,
            };
            self.feed(&mut lines, &batch_tx, &result_rx, &mut writer)?;
            writer.stdout.flush().map_err(Failure::writing)?;
            Ok(Outcome::of_failures(writer.n_failed))
        })
    }

    fn feed(
        &self,
        lines: &mut LineReader,
        batch_tx: &Sender<Batch>,
        result_rx: &Receiver<BatchResult>,
        writer: &mut OrderedWriter<impl Write>,
    ) -> Result<(), Failure> {
        let max_in_flight = 2 * self.n_threads;
        let mut n_in_flight = 0;
        let mut seq = 0;
        let mut n_puzzles = 0;
        let mut is_at_end = false;
        while !is_at_end {
            let mut batch = Batch {
                seq,
                text: Vec::with_capacity(self.batch_len * 96),
                puzzles: Vec::with_capacity(self.batch_len),
            };
            while batch.puzzles.len() < self.batch_len && batch.text.len() < MAX_BATCH_BYTES {
                let start = batch.text.len();
                let Some(read) = lines.read_line(&mut batch.text)? else {
                    is_at_end = true;
                    break;
                };
                let is_too_long = matches!(read, LineRead::TooLong);
                let part_len = match puzzle_part(&batch.text[start..]) {
                    Some(part) => part.len(),
                    None if is_too_long => 0,
                    None => {
                        batch.text.truncate(start);
                        continue;
                    }
                };
                batch.text.truncate(start + part_len);
                batch.puzzles.push(PuzzleLine {
                    start,
                    end: start + part_len,
                    line_no: lines.n_lines,
                    puzzle_idx: n_puzzles,
                    is_too_long,
                });
                n_puzzles += 1;
            }
            if !batch.puzzles.is_empty() {
                // The channel has room for every batch in flight, and workers only stop once
                // it closes, so sending neither waits nor fails.
                let _ = batch_tx.send(batch);
                seq += 1;
                n_in_flight += 1;
            }
            while let Ok(result) = result_rx.try_recv() {
                n_in_flight -= 1;
                writer.accept(result)?;
            }
            let must_drain = is_at_end || self.delivery == Delivery::AtOnce;
            while n_in_flight >= max_in_flight || (must_drain && n_in_flight > 0) {
                // What is written goes out before the wait, so each finished line reaches
                // the reader (`| head -1`, a person watching) as soon as those before it.
                writer.stdout.flush().map_err(Failure::writing)?;
                let Ok(result) = result_rx.recv() else {
                    return Err(Failure::Fatal("a worker thread stopped".to_string()));
                };
                n_in_flight -= 1;
                writer.accept(result)?;
            }
            // And before the next lines are read, which may wait on a slow pipe.
            writer.stdout.flush().map_err(Failure::writing)?;
            if let Some(progress) = writer.progress {
                progress.show(lines.n_bytes, writer.n_puzzles_done);
            }
        }
        Ok(())
    }
}

/// Writes batch results in the order of their batches, holding back those that come early.
struct OrderedWriter<'a, W: Write> {
    stdout: W,
    progress: Option<&'a Progress>,
    pending: BTreeMap<u64, BatchResult>,
    next_seq: u64,
    n_failed: u64,
    n_puzzles_done: u64,
}

impl<W: Write> OrderedWriter<'_, W> {
    fn accept(&mut self, result: BatchResult) -> Result<(), Failure> {
        self.pending.insert(result.seq, result);
        while let Some(result) = self.pending.remove(&self.next_seq) {
            self.next_seq += 1;
            self.n_failed += result.n_failed;
            self.n_puzzles_done += result.n_puzzles;
            if !result.stderr.is_empty() {
                // Messages go out with the results of their batch, so they stay near them.
                self.stdout.flush().map_err(Failure::writing)?;
                let write = || io::stderr().lock().write_all(result.stderr.as_bytes());
                let _ = match self.progress {
                    Some(progress) => progress.bar.suspend(write),
                    None => write(),
                };
            }
            self.stdout
                .write_all(result.stdout.as_bytes())
                .map_err(Failure::writing)?;
        }
        Ok(())
    }
}

/// A progress bar on standard error: how much of the input file has been read, and how many
/// puzzles are done. It clears itself when dropped.
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// How the bar looks: `[#########>....................]  31%  15040 puzzles  ETA 2s`.
    const TEMPLATE: &'static str = "[{bar:30}] {percent:>3}%  {msg} puzzles  ETA {eta}";

    /// The most times a second the bar is drawn.
    const MAX_DRAWS_PER_SECOND: u8 = 10;

    /// A bar over an input of this many bytes.
    pub fn new(n_total_bytes: u64) -> Progress {
        let style = ProgressStyle::with_template(Self::TEMPLATE)
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("#>.");
        let target = ProgressDrawTarget::stderr_with_hz(Self::MAX_DRAWS_PER_SECOND);
        let bar = ProgressBar::with_draw_target(Some(n_total_bytes), target).with_style(style);
        Progress { bar }
    }

    fn show(&self, n_bytes_read: u64, n_puzzles_done: u64) {
        self.bar.set_position(n_bytes_read);
        self.bar.set_message(n_puzzles_done.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::Ambiguity;
    use std::cell::RefCell;
    use std::io::{BufRead, Read};
    use std::rc::Rc;

    #[test]
    fn the_progress_template_is_valid() {
        assert!(ProgressStyle::with_template(Progress::TEMPLATE).is_ok());
    }

    /// Standard output as a test sees it.
    #[derive(Clone, Default)]
    struct Screen(Rc<RefCell<Vec<u8>>>);

    impl Write for Screen {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// A person typing lines one at a time: each line is handed over only when asked for, and
    /// the bytes on the screen at that moment are noted.
    struct Typist {
        text: Vec<u8>,
        pos: usize,
        screen: Screen,
        /// For each line asked for (and the end), how many bytes the screen showed then.
        n_bytes_seen: Rc<RefCell<Vec<usize>>>,
    }

    impl Read for Typist {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let available = self.fill_buf()?;
            let n = available.len().min(buf.len());
            buf[..n].copy_from_slice(&available[..n]);
            self.consume(n);
            Ok(n)
        }
    }

    impl BufRead for Typist {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            let is_line_start = self.pos == 0 || self.text[self.pos - 1] == b'\n';
            let n_lines_started = self.text[..self.pos]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            let mut seen = self.n_bytes_seen.borrow_mut();
            if is_line_start && seen.len() == n_lines_started {
                seen.push(self.screen.0.borrow().len());
            }
            let rest = &self.text[self.pos..];
            let line_len = rest
                .iter()
                .position(|&b| b == b'\n')
                .map_or(rest.len(), |at| at + 1);
            Ok(&rest[..line_len])
        }

        fn consume(&mut self, n: usize) {
            self.pos += n;
        }
    }

    #[test]
    fn at_once_each_answer_is_on_screen_before_the_next_line_is_read() {
        const PUZZLE: &str =
            "850002400720000009004000000000107002305000900040000000000080070017000000000036040";
        let n_puzzles = 3;
        let screen = Screen::default();
        let n_bytes_seen = Rc::new(RefCell::new(Vec::new()));
        let typist = Typist {
            text: format!("{PUZZLE}\n").repeat(n_puzzles).into_bytes(),
            pos: 0,
            screen: screen.clone(),
            n_bytes_seen: Rc::clone(&n_bytes_seen),
        };
        let engine = Engine {
            task: Task::Solve(Ambiguity::Warn),
            variant: Variant::Classic,
            limits: Limits::DEFAULT,
            n_threads: 2,
            batch_len: 1,
            delivery: Delivery::AtOnce,
        };
        let lines = LineReader::new(Box::new(typist), "the keyboard".to_string());
        let outcome = engine.run(lines, screen.clone(), None);
        assert!(matches!(outcome, Ok(Outcome::AllSucceeded)));
        let answer_len = PUZZLE.len() + 1;
        let expected: Vec<usize> = (0..=n_puzzles).map(|k| k * answer_len).collect();
        assert_eq!(*n_bytes_seen.borrow(), expected);
        assert_eq!(screen.0.borrow().len(), n_puzzles * answer_len);
    }
}
