//! The `stepdoku` command-line tool: solve, count, rate and explain puzzles, one per line, and
//! draw one as an SVG image, and make new puzzles.
//!
//! `solve`, `count` and `rate` stream their input in batches over a pool of worker threads
//! and write results in input order, in constant memory ([`pool`]). `explain` runs one puzzle
//! at a time and streams each step as it comes ([`explain`]). `render` draws the first puzzle
//! of its input ([`render`]). Run `stepdoku --help` for the conventions.
//!
//! | module | what |
//! |---|---|
//! | [`args`] | the command line (clap), its help, and the [`args::Request`] it makes |
//! | [`mod@format`] | the output formats, text or JSON lines |
//! | [`outcome`] | how a run ends: [`outcome::Outcome`], [`outcome::Failure`] |
//! | [`input`] | opening the input, reading it line by line in bounded memory |
//! | [`puzzle`] | puzzle text in, result text out, messages, JSON |
//! | [`batch`] | `solve`, `count` and `rate` on one batch of lines |
//! | [`pool`] | worker threads, the ordered writer, the progress bar |
//! | [`explain`] | `explain`, as text or JSON lines |
//! | [`generate`] | `generate`, new puzzles on a pool of threads |
//! | [`render`] | `render`, an SVG image |

mod args;
mod batch;
mod explain;
mod format;
mod generate;
mod input;
mod limits;
mod outcome;
mod pool;
mod puzzle;
mod render;

use std::io::{self, BufWriter, IsTerminal, Write};
use std::panic;
use std::process::ExitCode;

use crate::limits::Limits;
use args::Request;
use batch::Task;
use input::{open_input, Input, LineReader, Opened};
use outcome::{Failure, Outcome};
use pool::{Delivery, Engine, Progress};
use stepdoku::Variant;

fn main() -> ExitCode {
    // Panics are caught per puzzle and reported as errors on the puzzle's line, so the
    // default hook's message would only repeat it.
    panic::set_hook(Box::new(|_| {}));
    let request = match args::parse(std::env::args_os()) {
        Ok(request) => request,
        // Help, the version, or a usage error with the usage of its command.
        Err(error) => {
            let _ = error.print();
            return ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2));
        }
    };
    match run(request) {
        Ok(Outcome::AllSucceeded) => ExitCode::SUCCESS,
        Ok(Outcome::SomeFailed) => ExitCode::from(1),
        // Whoever reads our output stopped reading (`| head`): stop quietly.
        Err(Failure::OutputClosed) => ExitCode::SUCCESS,
        Err(Failure::Fatal(message)) => {
            let _ = writeln!(io::stderr().lock(), "error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(request: Request) -> Result<Outcome, Failure> {
    match request {
        Request::Batch {
            task,
            variant,
            input,
            n_threads,
            limits,
        } => run_batches(task, variant, &input, n_threads, limits),
        Request::Explain { options, input } => {
            let Opened { reader, name, .. } = open_input(&input)?;
            let stdout = BufWriter::with_capacity(1 << 16, io::stdout().lock());
            explain::run_explain(LineReader::new(reader, name), stdout, options)
        }
        Request::Generate(options) => {
            let stdout = BufWriter::with_capacity(1 << 16, io::stdout().lock());
            generate::run_generate(&options, stdout)
        }
        Request::Render { options, input } => render::run_render(&options, &input),
    }
}

/// Runs `solve`, `count` or `rate` over the pool.
fn run_batches(
    task: Task,
    variant: Variant,
    input: &Input,
    n_threads: usize,
    limits: Limits,
) -> Result<Outcome, Failure> {
    let Opened { reader, size, name } = open_input(input)?;
    // Someone typing puzzles gets each answer as soon as it is found.
    let is_interactive = matches!(input, Input::Stdin) && io::stdin().is_terminal();
    let shows_progress = io::stderr().is_terminal() && !io::stdout().is_terminal();
    let progress = size
        .filter(|&n_bytes| n_bytes > 0 && shows_progress)
        .map(Progress::new);
    let engine = Engine {
        task,
        variant,
        limits,
        n_threads,
        batch_len: match (is_interactive, task) {
            (true, _) => 1,
            // A rating takes milliseconds to seconds: each line is its own batch, written as
            // soon as those before it are.
            (false, Task::Rate { .. }) => 1,
            (false, _) => 1024,
        },
        delivery: if is_interactive {
            Delivery::AtOnce
        } else {
            Delivery::Buffered
        },
    };
    let stdout = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    engine.run(LineReader::new(reader, name), stdout, progress)
}
