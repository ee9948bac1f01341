//! The `stepdoku` command-line tool: solve, count, rate and explain puzzles, one per line.
//!
//! `solve`, `count` and `rate` stream their input in batches over a pool of worker threads
//! and write results in input order, in constant memory. `explain` runs one puzzle at a time
//! and streams each step as it comes. `render` draws the first puzzle of its input as an SVG
//! image. Run `stepdoku --help` for the conventions.
//!
//! ```text
//!  reader (main thread) ──batches──▶ worker 1..n ──results──▶ writer (main thread)
//!    lines, numbers,                  parse, solve            reorders by batch number,
//!    skips comments                   with own buffers        stdout + stderr
//! ```

use serde::Serialize;
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Cursor, IsTerminal, Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use stepdoku::rating::{Rater, Rating};
use stepdoku::render::{Picture, ShortTrace, Theme};
use stepdoku::search::general::GeneralSolver;
use stepdoku::search::{self, ExactSolver, SearchOutcome, Solutions};
use stepdoku::trace::Link;
use stepdoku::validate::{self, first_conflict, PuzzleError};
use stepdoku::{
    stepper, Candidate, Cell, Change, Digit, DigitSet, Geometry, Grid, House, ParseError, Reading,
    Shape, Step, StepKind, Strategy, Technique,
};

const VERSION: &str = env!("CARGO_PKG_VERSION");

const HELP: &str = "\
stepdoku — a Sudoku solver that shows every deduction and every backtrack

Usage: stepdoku <COMMAND> [OPTIONS] [FILE|-]

Commands:
  solve    Print the solution of each puzzle
  count    Count the solutions of each puzzle, up to a limit
  rate     Rate each puzzle on the Sudoku Explainer and HoDoKu scales
  explain  Show the steps that solve each puzzle
  render   Draw a puzzle, its solution or a step of its trace as an SVG image
  help     Show the help of a command: stepdoku help solve

Input:
  FILE, or standard input when FILE is '-' or absent. One puzzle per line, in any one-line
  form: 81 characters with '.', '0', '*', '_' or 'x' for blanks; 16, 36, 64, 144, 256 or
  625 characters for 4×4, 6×6, 8×8, 12×12, 16×16 or 25×25 (sizes may be mixed in one file);
  a SudokuWiki link. '#' starts a comment. Blank lines and comment-only lines are not
  puzzles: they are skipped and produce no output. CRLF line ends are fine.

Output:
  solve, count and rate print exactly one line per puzzle, in input order: output line K
  belongs to the K-th puzzle. A puzzle that fails gets an empty line (an error object with
  --format jsonl) and a message 'error: line N: …' on standard error, where N is the
  1-based line number in the input. Solutions are written with 1–9, then A–G up to 16×16,
  and A–Y for 25×25. Work is spread over every core, in constant memory. A progress bar
  shows on standard error when the input is a file, standard error is a terminal and
  standard output is not (so it never mixes with results on screen or in a pipe).
  render draws only the first puzzle of its input, as one SVG image.

Exit status:
  0  every puzzle succeeded
  1  at least one puzzle failed (unreadable, duplicate given, no solution, …)
  2  usage error, or the input could not be read

Options:
  -h, --help     Show this help, or the help of a command after it
  -V, --version  Show the version
";

const SOLVE_HELP: &str = "\
stepdoku solve — print the solution of each puzzle

Usage: stepdoku solve [--unique | --first] [--threads N] [FILE|-]

Prints one line per puzzle: its solution, on one line. A puzzle that cannot be read, has
two givens with the same digit in a house, or has no solution gets an empty line and an
error on standard error.

A proper puzzle has exactly one solution, so by default solve also looks for a second
one. When it finds one, it still prints the first solution (in a fixed, reproducible
order) and warns 'warning: line N: several solutions; printed the first'; the puzzle
counts as solved.

Options:
  --unique       Treat several solutions as a failure: empty line, error, exit status 1
  --first        Do not look for a second solution (faster; no warning)
  -j, --threads N  Worker threads (default: every core)
  -h, --help     Show this help

Exit status: 0 if every puzzle was solved, 1 if any failed, 2 for usage errors.
";

const COUNT_HELP: &str = "\
stepdoku count — count the solutions of each puzzle, up to a limit

Usage: stepdoku count [--limit N] [--threads N] [FILE|-]

Prints one line per puzzle: the number of its solutions, stopping at N (default 2, so
'2' means 'two or more'). Two givens with the same digit in a house make 0 solutions.
A line that cannot be read gets an empty line and an error on standard error.

Options:
  --limit N      Stop counting at N solutions (N ≥ 1; default 2)
  -j, --threads N  Worker threads (default: every core)
  -h, --help     Show this help

Exit status: 0 if every line was read, 1 if any could not be, 2 for usage errors.
";

const RATE_HELP: &str = "\
stepdoku rate — rate each puzzle

Usage: stepdoku rate [--format text|jsonl] [--max-steps N] [--threads N] [FILE|-]

Solves each puzzle with the Human strategy (always the easiest technique available) and
prints one line per puzzle. With --format text (the default) the line has tab-separated
columns:

  ER  EP  ED  score  level  guessing  hardest

  ER, EP, ED  Sudoku Explainer ratings: the hardest step; the hardest step up to the
              first placement; the first step. '-' when a guess came first.
  score       HoDoKu score: the sum of the step scores
  level       HoDoKu level: Easy, Medium, Hard, Unfair or Extreme
  guessing    'no-guess', or 'guess' when no known technique applied and the solver had
              to guess (ER is then the hardest technique found, a lower bound)
  hardest     the name of the hardest technique used

With --format jsonl each line is a JSON object: puzzle (0-based), line, er, ep, ed,
score, level, hardest, needs_guessing, solved, truncated, n_steps, n_deductions,
n_guesses, n_backtracks; a puzzle that fails gives {\"puzzle\", \"line\", \"error\"}.

A puzzle with several solutions is rated along the path to the one found, with a
warning. A puzzle with no solution, or whose trace reaches --max-steps, fails.

Options:
  --format F       text or jsonl (default text)
  --max-steps N    Give up on a puzzle after N steps (default 100000)
  -j, --threads N  Worker threads (default: every core)
  -h, --help       Show this help

Exit status: 0 if every puzzle was rated, 1 if any failed, 2 for usage errors.
";

const EXPLAIN_HELP: &str = "\
stepdoku explain — show the steps that solve each puzzle

Usage: stepdoku explain [--strategy S] [--format text|jsonl] [--max-steps N] [FILE|-]

Strategies:
  human         the easiest human technique at each step; search only when none applies
                (default)
  singles       singles, then a guess at a cell with the fewest candidates; backtracks
  backtracking  plain depth-first search in reading order

With --format text (the default), each puzzle gets a header, numbered steps with their
technique and difficulty, and a summary with the rating.

With --format jsonl, each step is one JSON object:
  type \"step\", puzzle (0-based), step (0-based), kind (deduction, guess, contradiction,
  backtrack, solved, unsolvable), technique, slug, difficulty, depth, text,
  placements and eliminations ([cell, digit] pairs: cell 0-based in reading order,
  digit 1-based), changes (every change in order, with unplace and restore for
  backtracks: replaying them rebuilds the board), cells, digit, houses, pattern, fins,
  links, relies_on_uniqueness.
then one summary object per puzzle: type \"summary\", puzzle, line, strategy, solved,
n_steps, n_guesses, the rating fields (see stepdoku rate --help) and grid (the board at
the end, '.' for empty cells). A line that cannot be read gives a summary with \"error\".

Puzzles run one after another, and steps stream as they are found.

Options:
  --strategy S     human, singles or backtracking (default human)
  --format F       text or jsonl (default text)
  --max-steps N    Stop a puzzle after N steps (default 1000000)
  -h, --help       Show this help

Exit status: 0 if every puzzle was solved, 1 if any was not (unreadable, no solution,
stopped at --max-steps), 2 for usage errors.
";

const RENDER_HELP: &str = "\
stepdoku render — draw a puzzle, its solution or a step of its trace as an SVG image

Usage: stepdoku render [--what puzzle|solution|step] [--strategy S] [--step N]
                       [--theme light|dark] [--candidates] [--no-caption]
                       [--title TEXT] [-o FILE] [--puzzle TEXT | FILE|-]

Draws the first puzzle of the input (any one-line form, a 729-character pencil-mark line
too; or --puzzle TEXT in any form Grid::parse reads) as a self-contained SVG image, in
the colours of the page: givens, digits placed by logic, guesses with their depth, digits
placed under a guess, candidates, and the roles of a step (its cells, houses, eliminated
and restored candidates, pattern, fins and chain links). The image scales (it has a
viewBox), names what it shows in its <title> and aria-label, and needs no font file.

What to draw:
  puzzle    the puzzle as given (the default); candidates only with --candidates, or
            when the puzzle has pencil marks
  solution  the solution: givens, then the other digits as filled in. A puzzle with
            several solutions draws the first, dashes the cells where a second differs
            and warns
  step      the board at position N of the trace of --strategy: 0 is the puzzle as
            given, N the board after the trace's N-th step, that step highlighted (as
            the page numbers steps: #…&n=N). Candidates are always shown, and a caption
            under the grid gives the step's number, technique and sentence

Options:
  --what W         puzzle, solution or step (default puzzle; step when --step is given)
  --strategy S     human, singles or backtracking, for --what step (default human)
  --step N         The position to draw, from 0 (the puzzle) to the trace's length
  --theme T        light or dark (default light)
  --candidates     Show the candidates of empty cells on a puzzle
  --no-caption     Leave out the caption under a step's grid
  --title TEXT     Name the image TEXT (its <title> and aria-label); by default the
                   step's number and sentence, or what the image shows
  --puzzle TEXT    Draw this puzzle instead of reading FILE or standard input
  -o, --output FILE  Write the image to FILE instead of standard output
  -h, --help       Show this help

Exit status: 0 if the image was written, 1 if the puzzle failed (unreadable, no puzzle
in the input, no solution for --what solution, or a trace shorter than --step: the
message says how many steps it has), 2 for usage errors, an input that could not be
read or an output that could not be written.
";

/// The longest line read whole; longer lines are reported as errors and skipped, so a
/// binary file or a file without line ends cannot exhaust memory.
const MAX_LINE_BYTES: usize = 1 << 16;

/// How often the progress bar may be redrawn.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(100);

fn main() -> ExitCode {
    // Panics are caught per puzzle and reported as errors on the puzzle's line, so the
    // default hook's message would only repeat it.
    panic::set_hook(Box::new(|_| {}));
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let action = match parse_args(args) {
        Ok(action) => action,
        Err(error) => {
            let mut stderr = io::stderr().lock();
            let _ = writeln!(stderr, "error: {}\n\n{}", error.message, error.usage);
            let _ = writeln!(stderr, "Run 'stepdoku --help' for more.");
            return ExitCode::from(2);
        }
    };
    let result = match action {
        Action::Help(text) => write_stdout(text),
        Action::Version => write_stdout(&format!("stepdoku {VERSION}\n")),
        Action::Run(options) => run(&options),
    };
    match result {
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

fn write_stdout(text: &str) -> Result<Outcome, Failure> {
    let mut stdout = io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(Failure::writing)?;
    Ok(Outcome::AllSucceeded)
}

// ─── Command line ────────────────────────────────────────────────────────────────────────

/// What the command line asks for.
enum Action {
    Help(&'static str),
    Version,
    Run(Options),
}

/// A command with its options.
struct Options {
    command: Command,
    input: Input,
    n_threads: usize,
    /// Where `render` writes its image; standard output when `None`.
    output: Option<PathBuf>,
    /// The title `render` gives its image instead of its own.
    title: Option<String>,
}

#[derive(Clone, Copy)]
enum Command {
    Solve(Ambiguity),
    Count { limit: u32 },
    Rate { format: Format, max_steps: usize },
    Explain(ExplainOptions),
    Render(RenderOptions),
}

/// What `solve` does about a puzzle with several solutions.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ambiguity {
    /// Look for a second solution; print the first with a warning.
    Warn,
    /// Look for a second solution; fail the puzzle.
    Reject,
    /// Stop at the first solution.
    Ignore,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Text,
    Jsonl,
}

#[derive(Clone, Copy)]
struct ExplainOptions {
    strategy: Strategy,
    format: Format,
    max_steps: usize,
}

enum Input {
    Stdin,
    File(PathBuf),
    /// A puzzle given on the command line (`render --puzzle TEXT`).
    Text(String),
}

#[derive(Clone, Copy)]
struct RenderOptions {
    subject: Subject,
    strategy: Strategy,
    /// The position of the trace to draw, for [`Subject::Step`].
    position: Option<usize>,
    theme: Theme,
    candidates: CandidateDisplay,
    caption: CaptionDisplay,
}

/// What `render` draws.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Subject {
    Puzzle,
    Solution,
    Step,
}

/// Whether a puzzle's image shows the candidates of its empty cells.
#[derive(Clone, Copy, PartialEq, Eq)]
enum CandidateDisplay {
    /// Only when the puzzle has pencil marks (a step always shows them).
    WhenMarked,
    Always,
}

/// Whether a step's image has a caption under the grid.
#[derive(Clone, Copy, PartialEq, Eq)]
enum CaptionDisplay {
    Shown,
    Hidden,
}

struct UsageError {
    message: String,
    usage: &'static str,
}

fn usage_line(help: &'static str) -> &'static str {
    help.lines()
        .find(|l| l.starts_with("Usage:"))
        .unwrap_or("Usage: stepdoku <COMMAND> [OPTIONS] [FILE|-]")
}

fn parse_args(args: Vec<OsString>) -> Result<Action, UsageError> {
    let mut args = args.into_iter();
    let top_error = |message: String| UsageError {
        message,
        usage: usage_line(HELP),
    };
    let Some(first) = args.next() else {
        return Err(top_error("no command given".to_string()));
    };
    let first = first.to_string_lossy().into_owned();
    let (mut command, help) = match first.as_str() {
        "-h" | "--help" => return Ok(Action::Help(HELP)),
        "-V" | "--version" => return Ok(Action::Version),
        "help" => {
            return match args.next().map(|a| a.to_string_lossy().into_owned()) {
                None => Ok(Action::Help(HELP)),
                Some(name) => command_help(&name)
                    .map(Action::Help)
                    .ok_or_else(|| top_error(format!("unknown command '{name}'"))),
            }
        }
        "solve" => (Command::Solve(Ambiguity::Warn), SOLVE_HELP),
        "count" => (Command::Count { limit: 2 }, COUNT_HELP),
        "rate" => (
            Command::Rate {
                format: Format::Text,
                max_steps: Rating::DEFAULT_MAX_STEPS,
            },
            RATE_HELP,
        ),
        "explain" => (
            Command::Explain(ExplainOptions {
                strategy: Strategy::Human,
                format: Format::Text,
                max_steps: 1_000_000,
            }),
            EXPLAIN_HELP,
        ),
        "render" => (
            Command::Render(RenderOptions {
                subject: Subject::Puzzle,
                strategy: Strategy::Human,
                position: None,
                theme: Theme::Light,
                candidates: CandidateDisplay::WhenMarked,
                caption: CaptionDisplay::Shown,
            }),
            RENDER_HELP,
        ),
        other if other.starts_with('-') => {
            return Err(top_error(format!("unknown option '{other}'")))
        }
        other => return Err(top_error(format!("unknown command '{other}'"))),
    };
    let error = |message: String| UsageError {
        message,
        usage: usage_line(help),
    };
    let mut input: Option<Input> = None;
    let mut n_threads: Option<usize> = None;
    let mut output: Option<PathBuf> = None;
    let mut title: Option<String> = None;
    let mut subject: Option<Subject> = None;
    let mut only_operands = false;
    while let Some(arg) = args.next() {
        let is_option =
            !only_operands && arg.to_str().is_some_and(|s| s.starts_with('-') && s != "-");
        if !is_option {
            if input.is_some() {
                return Err(error(format!(
                    "more than one input: '{}' (give one FILE, or '-' for standard input)",
                    arg.to_string_lossy()
                )));
            }
            input = Some(if arg == "-" && !only_operands {
                Input::Stdin
            } else {
                Input::File(PathBuf::from(arg))
            });
            continue;
        }
        let arg = arg.to_string_lossy().into_owned();
        if arg == "--" {
            only_operands = true;
            continue;
        }
        let (name, inline_value) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => {
                (name.to_string(), Some(value.to_string()))
            }
            _ => (arg.clone(), None),
        };
        let mut value = || -> Result<String, UsageError> {
            inline_value
                .clone()
                .or_else(|| args.next().map(|v| v.to_string_lossy().into_owned()))
                .ok_or_else(|| error(format!("option '{name}' needs a value")))
        };
        match (name.as_str(), &mut command) {
            ("-h" | "--help", _) => return Ok(Action::Help(help)),
            ("-V" | "--version", _) => return Ok(Action::Version),
            (
                "-j" | "--threads",
                Command::Solve(_) | Command::Count { .. } | Command::Rate { .. },
            ) => {
                let n = parse_count(&value()?, &name).map_err(error)?;
                n_threads = Some(n);
            }
            ("--unique", Command::Solve(ambiguity)) => *ambiguity = Ambiguity::Reject,
            ("--first", Command::Solve(ambiguity)) => *ambiguity = Ambiguity::Ignore,
            ("--limit", Command::Count { limit }) => {
                let n = parse_count(&value()?, &name).map_err(error)?;
                *limit = u32::try_from(n).map_err(|_| error(format!("'{name}' is too large")))?;
            }
            ("--format", Command::Rate { format, .. }) => {
                *format = parse_format(&value()?).map_err(error)?
            }
            ("--format", Command::Explain(options)) => {
                options.format = parse_format(&value()?).map_err(error)?
            }
            ("--max-steps", Command::Rate { max_steps, .. }) => {
                *max_steps = parse_count(&value()?, &name).map_err(error)?
            }
            ("--max-steps", Command::Explain(options)) => {
                options.max_steps = parse_count(&value()?, &name).map_err(error)?
            }
            ("--strategy", Command::Explain(ExplainOptions { strategy, .. }))
            | ("--strategy", Command::Render(RenderOptions { strategy, .. })) => {
                let name = value()?;
                *strategy = Strategy::from_name(&name).ok_or_else(|| {
                    error(format!(
                        "unknown strategy '{name}' (use human, singles or backtracking)"
                    ))
                })?;
            }
            ("--what", Command::Render(_)) => {
                let what = value()?;
                subject = Some(match what.as_str() {
                    "puzzle" => Subject::Puzzle,
                    "solution" => Subject::Solution,
                    "step" => Subject::Step,
                    _ => {
                        return Err(error(format!(
                            "unknown '--what {what}' (use puzzle, solution or step)"
                        )))
                    }
                });
            }
            ("--step", Command::Render(options)) => {
                options.position = Some(parse_position(&value()?, &name).map_err(error)?);
            }
            ("--theme", Command::Render(options)) => {
                let name = value()?;
                options.theme = Theme::from_name(&name)
                    .ok_or_else(|| error(format!("unknown theme '{name}' (use light or dark)")))?;
            }
            ("--candidates", Command::Render(options)) => {
                options.candidates = CandidateDisplay::Always
            }
            ("--no-caption", Command::Render(options)) => options.caption = CaptionDisplay::Hidden,
            ("-o" | "--output", Command::Render(_)) => output = Some(PathBuf::from(value()?)),
            ("--title", Command::Render(_)) => title = Some(value()?),
            ("--puzzle", Command::Render(_)) => {
                let text = value()?;
                if input.is_some() {
                    return Err(error(
                        "more than one input: give --puzzle TEXT or a FILE, not both".to_string(),
                    ));
                }
                input = Some(Input::Text(text));
            }
            _ => return Err(error(format!("unknown option '{name}'"))),
        }
        if inline_value.is_some()
            && matches!(
                name.as_str(),
                "--unique" | "--first" | "--candidates" | "--no-caption"
            )
        {
            return Err(error(format!("option '{name}' takes no value")));
        }
    }
    if let Command::Render(options) = &mut command {
        options.subject = match (subject, options.position) {
            (None | Some(Subject::Step), Some(_)) => Subject::Step,
            (None, None) => Subject::Puzzle,
            (Some(Subject::Step), None) => {
                return Err(error(
                    "'--what step' needs '--step N' (0 is the puzzle as given)".to_string(),
                ))
            }
            (Some(_), Some(_)) => {
                return Err(error(
                    "'--step' draws a step: use it with '--what step' or alone".to_string(),
                ))
            }
            (Some(subject), None) => subject,
        };
    }
    let n_threads = n_threads
        .unwrap_or_else(|| thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get));
    Ok(Action::Run(Options {
        command,
        input: input.unwrap_or(Input::Stdin),
        n_threads,
        output,
        title,
    }))
}

fn command_help(name: &str) -> Option<&'static str> {
    match name {
        "solve" => Some(SOLVE_HELP),
        "count" => Some(COUNT_HELP),
        "rate" => Some(RATE_HELP),
        "explain" => Some(EXPLAIN_HELP),
        "render" => Some(RENDER_HELP),
        "help" => Some(HELP),
        _ => None,
    }
}

/// A positive whole number, allowing `_` between digits (`1_000_000`).
fn parse_count(text: &str, option: &str) -> Result<usize, String> {
    let digits: String = text.chars().filter(|&c| c != '_').collect();
    match digits.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "'{option}' needs a whole number of at least 1, not '{text}'"
        )),
    }
}

/// A whole number, 0 allowed, with `_` between digits as [`parse_count`] allows.
fn parse_position(text: &str, option: &str) -> Result<usize, String> {
    let digits: String = text.chars().filter(|&c| c != '_').collect();
    digits
        .parse::<usize>()
        .map_err(|_| format!("'{option}' needs a whole number (0 or more), not '{text}'"))
}

fn parse_format(text: &str) -> Result<Format, String> {
    match text {
        "text" => Ok(Format::Text),
        "jsonl" | "json" => Ok(Format::Jsonl),
        _ => Err(format!("unknown format '{text}' (use text or jsonl)")),
    }
}

// ─── Running ─────────────────────────────────────────────────────────────────────────────

enum Outcome {
    AllSucceeded,
    SomeFailed,
}

impl Outcome {
    fn of_failures(n_failed: u64) -> Outcome {
        if n_failed == 0 {
            Outcome::AllSucceeded
        } else {
            Outcome::SomeFailed
        }
    }
}

enum Failure {
    /// Standard output was closed by its reader.
    OutputClosed,
    /// Something that stops the whole run, such as an unreadable input file.
    Fatal(String),
}

impl Failure {
    fn writing(error: io::Error) -> Failure {
        if error.kind() == io::ErrorKind::BrokenPipe {
            Failure::OutputClosed
        } else {
            Failure::Fatal(format!("writing the output: {error}"))
        }
    }
}

/// An input opened for reading.
struct Opened {
    reader: Box<dyn BufRead>,
    /// Its size in bytes, when known (for the progress bar).
    size: Option<u64>,
    /// Its name in messages: the file, "standard input" or "--puzzle".
    name: String,
}

fn open_input(input: &Input) -> Result<Opened, Failure> {
    Ok(match input {
        Input::Stdin => Opened {
            reader: Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
            size: None,
            name: "standard input".to_string(),
        },
        Input::File(path) => {
            let name = path.display().to_string();
            let file = File::open(path)
                .map_err(|e| Failure::Fatal(format!("cannot open '{name}': {e}")))?;
            let size = file
                .metadata()
                .ok()
                .filter(|m| m.is_file())
                .map(|m| m.len());
            Opened {
                reader: Box::new(BufReader::with_capacity(1 << 16, file)),
                size,
                name,
            }
        }
        Input::Text(text) => Opened {
            reader: Box::new(Cursor::new(text.clone().into_bytes())),
            size: Some(text.len() as u64),
            name: "--puzzle".to_string(),
        },
    })
}

fn run(options: &Options) -> Result<Outcome, Failure> {
    if let Command::Render(render) = options.command {
        return run_render(options, render);
    }
    let Opened {
        reader,
        size: input_size,
        name: input_name,
    } = open_input(&options.input)?;
    let is_interactive = matches!(options.input, Input::Stdin) && io::stdin().is_terminal();
    let lines = LineReader::new(reader, input_name);
    let stdout = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match options.command {
        Command::Explain(explain) => run_explain(lines, stdout, explain),
        Command::Render(render) => run_render(options, render),
        task => {
            let show_progress = io::stderr().is_terminal() && !io::stdout().is_terminal();
            let progress = input_size
                .filter(|&size| size > 0 && show_progress)
                .map(Progress::new);
            let batch_len = match (is_interactive, task) {
                (true, _) => 1,
                (false, Command::Rate { .. }) => 4,
                (false, _) => 1024,
            };
            let engine = Engine {
                task,
                n_threads: options.n_threads.max(1),
                batch_len,
                flushes_each_batch: is_interactive,
            };
            engine.run(lines, stdout, progress)
        }
    }
}

// ─── Reading lines ───────────────────────────────────────────────────────────────────────

/// Reads the input line by line into caller-owned buffers, counting lines and bytes.
struct LineReader {
    reader: Box<dyn BufRead>,
    name: String,
    n_lines: u64,
    n_bytes: u64,
}

/// A line read by [`LineReader::read_line`].
enum LineRead {
    /// The line was appended to the buffer, without its line end.
    Whole,
    /// The line was longer than [`MAX_LINE_BYTES`]; nothing was appended.
    TooLong,
}

impl LineReader {
    fn new(reader: Box<dyn BufRead>, name: String) -> LineReader {
        LineReader {
            reader,
            name,
            n_lines: 0,
            n_bytes: 0,
        }
    }

    /// Appends the next line to `buf` without its `\n` or `\r\n`; `None` at the end.
    fn read_line(&mut self, buf: &mut Vec<u8>) -> Result<Option<LineRead>, Failure> {
        let start = buf.len();
        let n_read = (&mut self.reader)
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', buf)
            .map_err(|e| self.reading_error(e))?;
        if n_read == 0 {
            return Ok(None);
        }
        self.n_lines += 1;
        self.n_bytes += n_read as u64;
        if buf.last() == Some(&b'\n') {
            buf.pop();
        } else if n_read > MAX_LINE_BYTES {
            buf.truncate(start);
            self.skip_rest_of_line()?;
            return Ok(Some(LineRead::TooLong));
        }
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
        if self.n_lines == 1 && buf[start..].starts_with("\u{feff}".as_bytes()) {
            buf.drain(start..start + 3);
        }
        Ok(Some(LineRead::Whole))
    }

    fn skip_rest_of_line(&mut self) -> Result<(), Failure> {
        loop {
            let available = match self.reader.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.reading_error(e)),
            };
            if available.is_empty() {
                return Ok(());
            }
            let (n_used, is_end) = match available.iter().position(|&b| b == b'\n') {
                Some(at) => (at + 1, true),
                None => (available.len(), false),
            };
            self.reader.consume(n_used);
            self.n_bytes += n_used as u64;
            if is_end {
                return Ok(());
            }
        }
    }

    fn reading_error(&self, error: io::Error) -> Failure {
        Failure::Fatal(format!("reading {}: {error}", self.name))
    }
}

/// The part of a line that holds a puzzle: the text before any `#`, or `None` for a blank or
/// comment-only line.
fn puzzle_part(line: &[u8]) -> Option<&[u8]> {
    let content = match line.iter().position(|&b| b == b'#') {
        Some(at) => &line[..at],
        None => line,
    };
    (!content.iter().all(u8::is_ascii_whitespace)).then_some(content)
}

// ─── Puzzles ─────────────────────────────────────────────────────────────────────────────

/// A puzzle as a batch reads it: its values, and its pencil marks if it has any.
#[derive(Copy, Clone)]
struct PuzzleRead<'a> {
    geometry: &'a Arc<Geometry>,
    values: &'a [u8],
    marks: Option<&'a [DigitSet]>,
}

/// Reads the puzzle part of a line into `values` (one value per cell, 0 for empty) with
/// [`Grid::parse_into`], which allocates nothing for a plain 81-character line; a puzzle with
/// pencil marks comes back whole.
fn read_values(text: &[u8], values: &mut Vec<u8>) -> Result<Reading, String> {
    let text = std::str::from_utf8(text)
        .map_err(|e| format!("not valid UTF-8 (byte {})", e.valid_up_to() + 1))?;
    Grid::parse_into(text, values).map_err(|e| describe_parse_error(&e))
}

fn describe_parse_error(error: &ParseError) -> String {
    match error {
        ParseError::Empty => "no cells on this line".to_string(),
        ParseError::BadCharacter {
            ch, column, size, ..
        } => match size {
            Some(n) => format!("bad character '{ch}' at column {column}: not a digit of a {n}×{n} puzzle"),
            None => format!(
                "bad character '{ch}' at column {column}: use digits, letters above 9, and '.' or '0' for blanks"
            ),
        },
        ParseError::WrongLength { n_cells } => {
            let counts: Vec<String> = Shape::ALL.iter().map(|s| s.n_cells().to_string()).collect();
            format!(
                "read {n_cells} cells, but a puzzle has {} cells",
                counts.join(", ")
            )
        }
        ParseError::Layout(error) => error.to_string(),
    }
}

/// Why a puzzle with no solution has none: a duplicate given, or just none.
fn no_solution_message(geometry: &Arc<Geometry>, values: &[u8]) -> String {
    match Grid::from_values_in(geometry.clone(), values)
        .and_then(|grid| first_conflict(&grid).map(|c| (grid, c)))
    {
        Some((grid, conflict)) => format!("duplicate given: {}", conflict.describe(grid.shape())),
        None => "no solution".to_string(),
    }
}

fn push_line(out: &mut String, geometry: &Geometry, values: &[u8]) {
    let shape = geometry.shape();
    out.push_str(&geometry.tag());
    out.extend(
        values
            .iter()
            .map(|&v| Digit::new(v).map_or('.', |d| shape.digit_char(d))),
    );
}

fn format_difficulty(value: Option<f32>) -> String {
    value.map_or_else(|| "-".to_string(), |v| format!("{v:.1}"))
}

// ─── Parallel engine for solve, count and rate ───────────────────────────────────────────

/// One puzzle line of a batch.
struct PuzzleLine {
    /// Where its puzzle part lies in the batch text.
    start: usize,
    end: usize,
    /// Its 1-based line number in the input.
    line_no: u64,
    /// Its 0-based index among the puzzles.
    puzzle_idx: u64,
    /// Whether the line was too long to read.
    is_too_long: bool,
}

/// Consecutive puzzle lines, handed to one worker.
struct Batch {
    seq: u64,
    text: Vec<u8>,
    puzzles: Vec<PuzzleLine>,
}

/// What a worker made of a batch.
struct BatchResult {
    seq: u64,
    stdout: String,
    stderr: String,
    n_failed: u64,
}

/// What a worker keeps from one puzzle to the next, so the hot path does not allocate.
struct Worker {
    task: Command,
    solvers: Vec<(Arc<Geometry>, Box<dyn ExactSolver>)>,
    kept: Solutions,
    values: Vec<u8>,
}

impl Worker {
    fn new(task: Command) -> Worker {
        Worker {
            task,
            solvers: Vec::new(),
            kept: Solutions::new(1),
            values: Vec::with_capacity(Shape::TWENTY_FIVE.n_cells()),
        }
    }

    fn run(&mut self, batch: &Batch) -> BatchResult {
        let mut result = BatchResult {
            seq: batch.seq,
            stdout: String::with_capacity(batch.puzzles.len() * 84),
            stderr: String::new(),
            n_failed: 0,
        };
        for puzzle in &batch.puzzles {
            let text = &batch.text[puzzle.start..puzzle.end];
            let out_len = result.stdout.len();
            let outcome = if puzzle.is_too_long {
                Err(format!("longer than {MAX_LINE_BYTES} bytes"))
            } else {
                panic::catch_unwind(AssertUnwindSafe(|| self.process(text, puzzle, &mut result)))
                    .unwrap_or_else(|payload| {
                        // The solvers may be left half-way through a search: start afresh.
                        self.solvers.clear();
                        result.stdout.truncate(out_len);
                        let why = payload
                            .downcast_ref::<&str>()
                            .map(|s| s.to_string())
                            .or_else(|| payload.downcast_ref::<String>().cloned())
                            .unwrap_or_default();
                        Err(format!("internal error, please report this puzzle: {why}"))
                    })
            };
            if let Err(message) = outcome {
                result.n_failed += 1;
                let _ = writeln!(result.stderr, "error: line {}: {message}", puzzle.line_no);
                if let Command::Rate {
                    format: Format::Jsonl,
                    ..
                } = self.task
                {
                    let record = ErrorRecord {
                        puzzle: puzzle.puzzle_idx,
                        line: puzzle.line_no,
                        error: &message,
                    };
                    result.stdout.push_str(&to_json(&record));
                }
            }
            result.stdout.push('\n');
        }
        result
    }

    /// Searches a puzzle, within its pencil marks if it has any.
    fn search(
        &mut self,
        geometry: &Arc<Geometry>,
        values: &[u8],
        marks: Option<&[DigitSet]>,
        limit: u32,
        kept: &mut Solutions,
    ) -> SearchOutcome {
        match marks {
            Some(marks) => {
                GeneralSolver::for_layout(geometry).search_within(values, marks, limit, kept)
            }
            None => self.solver(geometry).search(values, limit, kept),
        }
    }

    fn solver(&mut self, geometry: &Arc<Geometry>) -> &mut dyn ExactSolver {
        let at = match self.solvers.iter().position(|(g, _)| g == geometry) {
            Some(at) => at,
            None => {
                self.solvers
                    .push((geometry.clone(), search::solver_for(geometry)));
                self.solvers.len() - 1
            }
        };
        self.solvers[at].1.as_mut()
    }

    /// Writes the output line of one puzzle (without its line end) or says why it failed.
    fn process(
        &mut self,
        text: &[u8],
        puzzle: &PuzzleLine,
        result: &mut BatchResult,
    ) -> Result<(), String> {
        let mut values = std::mem::take(&mut self.values);
        let outcome = read_values(text, &mut values).and_then(|reading| {
            let (geometry, marks) = match reading {
                Reading::Values(geometry) => (geometry, None),
                Reading::Marked(grid) => {
                    values.clear();
                    values.extend_from_slice(grid.values());
                    (
                        grid.geometry().clone(),
                        grid.marks().map(<[DigitSet]>::to_vec),
                    )
                }
            };
            let read = PuzzleRead {
                geometry: &geometry,
                values: &values,
                marks: marks.as_deref(),
            };
            match self.task {
                Command::Solve(ambiguity) => self.solve(read, ambiguity, puzzle, result),
                Command::Count { limit } => {
                    let mut counted = Solutions::new(0);
                    let n = self.search(&geometry, read.values, read.marks, limit, &mut counted);
                    let _ = write!(result.stdout, "{}", n.n_solutions);
                    Ok(())
                }
                Command::Rate { format, max_steps } => {
                    self.rate(read, format, max_steps, puzzle, result)
                }
                Command::Explain(_) | Command::Render(_) => {
                    unreachable!("explain and render run on their own")
                }
            }
        });
        self.values = values;
        outcome
    }

    fn solve(
        &mut self,
        read: PuzzleRead,
        ambiguity: Ambiguity,
        puzzle: &PuzzleLine,
        result: &mut BatchResult,
    ) -> Result<(), String> {
        let PuzzleRead {
            geometry,
            values,
            marks,
        } = read;
        let limit = if ambiguity == Ambiguity::Ignore { 1 } else { 2 };
        let mut kept = std::mem::take(&mut self.kept);
        let found = self.search(geometry, values, marks, limit, &mut kept);
        let outcome = match (found.n_solutions, ambiguity) {
            (0, _) => Err(no_solution_message(geometry, values)),
            (1, _) | (_, Ambiguity::Ignore) => Ok(()),
            (_, Ambiguity::Warn) => {
                let _ = writeln!(
                    result.stderr,
                    "warning: line {}: several solutions; printed the first",
                    puzzle.line_no
                );
                Ok(())
            }
            (_, Ambiguity::Reject) => Err("several solutions".to_string()),
        };
        if outcome.is_ok() {
            if let Some(solution) = kept.iter().next() {
                push_line(&mut result.stdout, geometry, solution);
            }
        }
        self.kept = kept;
        outcome
    }

    fn rate(
        &mut self,
        read: PuzzleRead,
        format: Format,
        max_steps: usize,
        puzzle: &PuzzleLine,
        result: &mut BatchResult,
    ) -> Result<(), String> {
        let PuzzleRead {
            geometry,
            values,
            marks,
        } = read;
        let mut counted = Solutions::new(0);
        match self
            .search(geometry, values, marks, 2, &mut counted)
            .n_solutions
        {
            0 => return Err(no_solution_message(geometry, values)),
            1 => {}
            _ => {
                let _ = writeln!(
                    result.stderr,
                    "warning: line {}: several solutions; rated the path to the first found",
                    puzzle.line_no
                );
            }
        }
        let mut grid = Grid::from_values_in(geometry.clone(), values).ok_or("not a grid")?;
        if let Some(marks) = marks {
            grid = grid.with_marks(marks.to_vec());
        }
        let rating = Rating::of_puzzle_within(&grid, max_steps);
        if rating.truncated {
            return Err(format!("gave up after {max_steps} steps (see --max-steps)"));
        }
        match format {
            Format::Text => {
                let hardest = rating.hardest.map_or("-", Technique::name);
                let _ = write!(
                    result.stdout,
                    "{:.1}\t{}\t{}\t{}\t{}\t{}\t{hardest}",
                    rating.er,
                    format_difficulty(rating.ep),
                    format_difficulty(rating.ed),
                    rating.score,
                    rating.level,
                    if rating.needs_guessing {
                        "guess"
                    } else {
                        "no-guess"
                    },
                );
            }
            Format::Jsonl => {
                let record = RateRecord {
                    puzzle: puzzle.puzzle_idx,
                    line: puzzle.line_no,
                    rating: &rating,
                };
                result.stdout.push_str(&to_json(&record));
            }
        }
        Ok(())
    }
}

#[derive(Serialize)]
struct RateRecord<'a> {
    puzzle: u64,
    line: u64,
    #[serde(flatten)]
    rating: &'a Rating,
}

#[derive(Serialize)]
struct ErrorRecord<'a> {
    puzzle: u64,
    line: u64,
    error: &'a str,
}

fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// Reads batches on the calling thread, solves them on worker threads, and writes the
/// results in input order. At most two batches per worker are in flight, so memory stays
/// constant however long the input.
struct Engine {
    task: Command,
    n_threads: usize,
    batch_len: usize,
    flushes_each_batch: bool,
}

impl Engine {
    fn run(
        &self,
        mut lines: LineReader,
        mut stdout: impl Write,
        mut progress: Option<Progress>,
    ) -> Result<Outcome, Failure> {
        let max_in_flight = 2 * self.n_threads;
        let (batch_tx, batch_rx) = mpsc::sync_channel::<Batch>(max_in_flight);
        let batch_rx = Mutex::new(batch_rx);
        let (result_tx, result_rx) = mpsc::channel::<BatchResult>();
        thread::scope(|scope| {
            for _ in 0..self.n_threads {
                let result_tx = result_tx.clone();
                let batch_rx = &batch_rx;
                let task = self.task;
                scope.spawn(move || {
                    let mut worker = Worker::new(task);
                    loop {
                        let next = match batch_rx.lock() {
                            Ok(receiver) => receiver.recv(),
                            Err(_) => return,
                        };
                        let Ok(batch) = next else { return };
                        if result_tx.send(worker.run(&batch)).is_err() {
                            return;
                        }
                    }
                });
            }
            drop(result_tx);
            let mut writer = OrderedWriter {
                stdout: &mut stdout,
                pending: BTreeMap::new(),
                next_seq: 0,
                n_failed: 0,
                n_puzzles_done: 0,
            };
            let outcome = self.feed(
                &mut lines,
                &batch_tx,
                &result_rx,
                &mut writer,
                &mut progress,
            );
            // Closing the batch channel lets the workers finish and the scope end.
            drop(batch_tx);
            if let Some(progress) = &mut progress {
                progress.clear();
            }
            outcome?;
            writer.stdout.flush().map_err(Failure::writing)?;
            Ok(Outcome::of_failures(writer.n_failed))
        })
    }

    fn feed(
        &self,
        lines: &mut LineReader,
        batch_tx: &mpsc::SyncSender<Batch>,
        result_rx: &mpsc::Receiver<BatchResult>,
        writer: &mut OrderedWriter<impl Write>,
        progress: &mut Option<Progress>,
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
            while batch.puzzles.len() < self.batch_len {
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
                // Workers only stop once this channel closes, so sending cannot fail.
                let _ = batch_tx.send(batch);
                seq += 1;
                n_in_flight += 1;
            }
            while let Ok(result) = result_rx.try_recv() {
                n_in_flight -= 1;
                writer.accept(result, progress)?;
            }
            while n_in_flight >= max_in_flight || (is_at_end && n_in_flight > 0) {
                let Ok(result) = result_rx.recv() else {
                    return Err(Failure::Fatal("a worker thread stopped".to_string()));
                };
                n_in_flight -= 1;
                writer.accept(result, progress)?;
            }
            if self.flushes_each_batch {
                writer.stdout.flush().map_err(Failure::writing)?;
            }
            if let Some(progress) = progress {
                progress.show(lines.n_bytes, writer.n_puzzles_done);
            }
        }
        Ok(())
    }
}

/// Writes batch results in the order of their batches, holding back those that come early.
struct OrderedWriter<W: Write> {
    stdout: W,
    pending: BTreeMap<u64, BatchResult>,
    next_seq: u64,
    n_failed: u64,
    n_puzzles_done: u64,
}

impl<W: Write> OrderedWriter<W> {
    fn accept(
        &mut self,
        result: BatchResult,
        progress: &mut Option<Progress>,
    ) -> Result<(), Failure> {
        self.pending.insert(result.seq, result);
        while let Some(result) = self.pending.remove(&self.next_seq) {
            self.next_seq += 1;
            self.n_failed += result.n_failed;
            self.n_puzzles_done += result.stdout.bytes().filter(|&b| b == b'\n').count() as u64;
            if !result.stderr.is_empty() {
                // Messages go out with the results of their batch, so they stay near them.
                self.stdout.flush().map_err(Failure::writing)?;
                if let Some(progress) = progress {
                    progress.clear();
                }
                let _ = io::stderr().lock().write_all(result.stderr.as_bytes());
            }
            self.stdout
                .write_all(result.stdout.as_bytes())
                .map_err(Failure::writing)?;
        }
        Ok(())
    }
}

/// A progress bar on standard error, redrawn at most every [`PROGRESS_INTERVAL`].
struct Progress {
    n_total_bytes: u64,
    last_drawn: Option<Instant>,
    is_drawn: bool,
}

impl Progress {
    fn new(n_total_bytes: u64) -> Progress {
        Progress {
            n_total_bytes,
            last_drawn: None,
            is_drawn: false,
        }
    }

    fn show(&mut self, n_bytes_read: u64, n_puzzles_done: u64) {
        let now = Instant::now();
        if self
            .last_drawn
            .is_some_and(|at| now.duration_since(at) < PROGRESS_INTERVAL)
        {
            return;
        }
        self.last_drawn = Some(now);
        let fraction = (n_bytes_read as f64 / self.n_total_bytes as f64).min(1.0);
        const WIDTH: usize = 30;
        let filled = (fraction * WIDTH as f64) as usize;
        let bar = format!("{}{}", "#".repeat(filled), ".".repeat(WIDTH - filled));
        let _ = write!(
            io::stderr().lock(),
            "\r\x1b[2K[{bar}] {:3.0}%  {n_puzzles_done} puzzles",
            fraction * 100.0
        );
        self.is_drawn = true;
    }

    fn clear(&mut self) {
        if self.is_drawn {
            let _ = write!(io::stderr().lock(), "\r\x1b[2K");
            self.is_drawn = false;
            // Redraw only after the interval, so messages are not hidden at once.
            self.last_drawn = Some(Instant::now());
        }
    }
}

// ─── Explain ─────────────────────────────────────────────────────────────────────────────

#[derive(Serialize)]
struct StepRecord<'a> {
    #[serde(rename = "type")]
    record_type: &'static str,
    puzzle: u64,
    step: u64,
    kind: StepKind,
    technique: Technique,
    slug: String,
    difficulty: f32,
    depth: u32,
    text: &'a str,
    placements: Vec<[usize; 2]>,
    eliminations: Vec<[usize; 2]>,
    changes: &'a [Change],
    cells: &'a [Cell],
    digit: Option<Digit>,
    houses: &'a [House],
    pattern: &'a [Candidate],
    fins: &'a [Candidate],
    links: &'a [Link],
    relies_on_uniqueness: bool,
}

impl<'a> StepRecord<'a> {
    fn new(puzzle: u64, step_idx: u64, step: &'a Step) -> StepRecord<'a> {
        let pair = |c: Candidate| [c.cell.index(), c.digit.get() as usize];
        StepRecord {
            record_type: "step",
            puzzle,
            step: step_idx,
            kind: step.kind,
            technique: step.technique,
            slug: step.technique.slug().to_string(),
            difficulty: step.difficulty,
            depth: step.depth,
            text: &step.text,
            placements: step.placements().map(pair).collect(),
            eliminations: step.eliminations().map(pair).collect(),
            changes: &step.changes,
            cells: &step.cells,
            digit: step.digit,
            houses: &step.houses,
            pattern: &step.pattern,
            fins: &step.fins,
            links: &step.links,
            relies_on_uniqueness: step.relies_on_uniqueness,
        }
    }
}

#[derive(Serialize)]
struct SummaryRecord<'a> {
    #[serde(rename = "type")]
    record_type: &'static str,
    puzzle: u64,
    line: u64,
    strategy: Strategy,
    #[serde(flatten)]
    rating: &'a Rating,
    grid: String,
}

#[derive(Serialize)]
struct ErrorSummaryRecord<'a> {
    #[serde(rename = "type")]
    record_type: &'static str,
    puzzle: u64,
    line: u64,
    solved: bool,
    n_steps: u64,
    n_guesses: u64,
    error: &'a str,
}

fn run_explain(
    mut lines: LineReader,
    mut out: impl Write,
    options: ExplainOptions,
) -> Result<Outcome, Failure> {
    let mut text = Vec::new();
    let mut values = Vec::new();
    let mut n_puzzles = 0;
    let mut n_failed = 0;
    while let Some(read) = lines.read_line({
        text.clear();
        &mut text
    })? {
        let line_no = lines.n_lines;
        let parsed = match (read, puzzle_part(&text)) {
            (LineRead::TooLong, _) => Err(format!("longer than {MAX_LINE_BYTES} bytes")),
            (LineRead::Whole, None) => continue,
            (LineRead::Whole, Some(part)) => {
                read_values(part, &mut values).and_then(|reading| match reading {
                    Reading::Values(_) => {
                        Grid::from_values(&values).ok_or_else(|| "not a grid".to_string())
                    }
                    Reading::Marked(grid) => Ok(grid),
                })
            }
        };
        let puzzle_idx = n_puzzles;
        n_puzzles += 1;
        let explained = match parsed {
            Ok(grid) => {
                let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
                    explain_puzzle(&grid, puzzle_idx, line_no, options, &mut out)
                }));
                match outcome {
                    Ok(result) => result?,
                    Err(_) => Err("internal error, please report this puzzle".to_string()),
                }
            }
            Err(message) => {
                if options.format == Format::Jsonl {
                    let record = ErrorSummaryRecord {
                        record_type: "summary",
                        puzzle: puzzle_idx,
                        line: line_no,
                        solved: false,
                        n_steps: 0,
                        n_guesses: 0,
                        error: &message,
                    };
                    writeln!(out, "{}", to_json(&record)).map_err(Failure::writing)?;
                }
                Err(message)
            }
        };
        if let Err(message) = explained {
            n_failed += 1;
            out.flush().map_err(Failure::writing)?;
            let _ = writeln!(io::stderr().lock(), "error: line {line_no}: {message}");
        }
    }
    out.flush().map_err(Failure::writing)?;
    Ok(Outcome::of_failures(n_failed))
}

/// Writes the trace of one puzzle; the inner result says whether the puzzle was solved.
fn explain_puzzle(
    grid: &Grid,
    puzzle_idx: u64,
    line_no: u64,
    options: ExplainOptions,
    out: &mut impl Write,
) -> Result<Result<(), String>, Failure> {
    let shape = grid.shape();
    let is_text = options.format == Format::Text;
    if is_text {
        writeln!(
            out,
            "Puzzle {} (line {line_no}): {}, {} givens, strategy {}\n{}",
            puzzle_idx + 1,
            shape.name(),
            grid.n_filled(),
            options.strategy.name(),
            indent(&grid.to_pretty())
        )
        .map_err(Failure::writing)?;
    }
    let mut solver = stepper(grid, options.strategy);
    let mut rater = Rater::for_shape(grid.shape());
    let mut n_steps: u64 = 0;
    // The sentence of an `Unsolvable` step, which names what is wrong.
    let mut ending = String::new();
    while (n_steps as usize) < options.max_steps {
        let Some(step) = solver.next_step() else {
            break;
        };
        rater.record(&step);
        n_steps += 1;
        if step.kind == StepKind::Unsolvable {
            ending.clone_from(&step.text);
        }
        if is_text {
            write_step_text(out, n_steps, &step)
        } else {
            let record = StepRecord::new(puzzle_idx, n_steps - 1, &step);
            serde_json::to_writer(&mut *out, &record)
                .map_err(io::Error::from)
                .and_then(|()| out.write_all(b"\n"))
        }
        .map_err(Failure::writing)?;
    }
    let rating = rater.rating();
    let final_grid = solver.board().grid().to_line();
    if is_text {
        write_summary_text(out, &rating, options, &final_grid).map_err(Failure::writing)?;
    } else {
        let record = SummaryRecord {
            record_type: "summary",
            puzzle: puzzle_idx,
            line: line_no,
            strategy: options.strategy,
            rating: &rating,
            grid: final_grid,
        };
        writeln!(out, "{}", to_json(&record)).map_err(Failure::writing)?;
    }
    Ok(if rating.solved {
        Ok(())
    } else if rating.truncated {
        Err(format!(
            "stopped after {} steps (see --max-steps)",
            options.max_steps
        ))
    } else {
        Err(lower_first(&ending).trim_end_matches('.').to_string())
    })
}

/// The text with its first letter in lower case, to follow "error: line N: ".
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => "no solution".to_string(),
    }
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}\n")).collect()
}

fn write_step_text(out: &mut impl Write, n: u64, step: &Step) -> io::Result<()> {
    if step.kind == StepKind::Deduction {
        writeln!(
            out,
            "  {n:>4}. {}  [{}, {:.1}]",
            step.text,
            step.technique.name(),
            step.difficulty
        )
    } else {
        writeln!(out, "  {n:>4}. {}", step.text)
    }
}

fn write_summary_text(
    out: &mut impl Write,
    rating: &Rating,
    options: ExplainOptions,
    final_grid: &str,
) -> io::Result<()> {
    let result = if rating.solved {
        format!("solved: {final_grid}")
    } else if rating.truncated {
        format!("stopped after {} steps (--max-steps)", options.max_steps)
    } else {
        "no solution".to_string()
    };
    let guessing = if rating.needs_guessing {
        "needs guessing (ER is the hardest technique found)"
    } else {
        "no guessing"
    };
    writeln!(
        out,
        "  Result: {result}\n  Rating: ER {:.1}, EP {}, ED {}; HoDoKu score {} ({}); {guessing}\n  \
         Counts: {} steps, {} deductions, {} guesses, {} backtracks; hardest: {}\n",
        rating.er,
        format_difficulty(rating.ep),
        format_difficulty(rating.ed),
        rating.score,
        rating.level,
        rating.n_steps,
        rating.n_deductions,
        rating.n_guesses,
        rating.n_backtracks,
        rating.hardest.map_or("-", Technique::name),
    )
}

// ─── Render ──────────────────────────────────────────────────────────────────────────────

/// Draws the first puzzle of the input and writes the image; a puzzle that fails is reported
/// on standard error and writes nothing.
fn run_render(options: &Options, render: RenderOptions) -> Result<Outcome, Failure> {
    let drawn = match read_first_puzzle(&options.input)? {
        Ok((grid, place)) => draw(&grid, render, options.title.as_deref())
            .map_err(|message| format!("{place}{message}"))
            .map(|(svg, warning)| {
                if let Some(warning) = warning {
                    let _ = writeln!(io::stderr().lock(), "warning: {place}{warning}");
                }
                svg
            }),
        Err(message) => Err(message),
    };
    let svg = match drawn {
        Ok(svg) => svg,
        Err(message) => {
            let _ = writeln!(io::stderr().lock(), "error: {message}");
            return Ok(Outcome::SomeFailed);
        }
    };
    match &options.output {
        Some(path) => std::fs::write(path, svg.as_bytes())
            .map_err(|e| Failure::Fatal(format!("cannot write '{}': {e}", path.display())))?,
        None => {
            write_stdout(&svg)?;
        }
    }
    Ok(Outcome::AllSucceeded)
}

/// The first puzzle of the input and where it was, as `line N: ` to start messages; or why
/// there is none. A `--puzzle` text is read whole, in any form [`Grid::parse`] reads.
fn read_first_puzzle(input: &Input) -> Result<Result<(Grid, String), String>, Failure> {
    if let Input::Text(text) = input {
        return Ok(Grid::parse(text)
            .map(|grid| (grid, String::new()))
            .map_err(|e| format!("--puzzle: {}", describe_parse_error(&e))));
    }
    let opened = open_input(input)?;
    let mut lines = LineReader::new(opened.reader, opened.name);
    let mut text = Vec::new();
    while let Some(read) = lines.read_line({
        text.clear();
        &mut text
    })? {
        let place = format!("line {}: ", lines.n_lines);
        let part = match (read, puzzle_part(&text)) {
            (LineRead::TooLong, _) => {
                return Ok(Err(format!("{place}longer than {MAX_LINE_BYTES} bytes")))
            }
            (LineRead::Whole, None) => continue,
            (LineRead::Whole, Some(part)) => part,
        };
        let parsed = std::str::from_utf8(part)
            .map_err(|e| format!("not valid UTF-8 (byte {})", e.valid_up_to() + 1))
            .and_then(|text| Grid::parse(text).map_err(|e| describe_parse_error(&e)));
        return Ok(match parsed {
            Ok(grid) => Ok((grid, place)),
            Err(message) => Err(format!("{place}{message}")),
        });
    }
    Ok(Err(format!("no puzzle in {}", lines.name)))
}

/// The image of a puzzle, with a warning to give; or why the puzzle cannot be drawn.
fn draw(
    grid: &Grid,
    render: RenderOptions,
    title: Option<&str>,
) -> Result<(String, Option<String>), String> {
    let mut warning = None;
    let picture = match render.subject {
        Subject::Puzzle => match render.candidates {
            CandidateDisplay::Always => Picture::of_puzzle_with_candidates(grid),
            CandidateDisplay::WhenMarked => Picture::of_puzzle(grid),
        },
        Subject::Solution => match validate::check(grid) {
            Ok(checked) => Picture::of_solution(grid, &checked.solution),
            Err(PuzzleError::SeveralSolutions {
                first, differing, ..
            }) => {
                warning = Some(
                    "several solutions; drew the first, with the cells where a second differs dashed"
                        .to_string(),
                );
                Picture::of_solution(grid, &first).with_differing(&differing)
            }
            Err(error) => {
                let message = error.to_string();
                return Err(lower_first(&message).trim_end_matches('.').to_string());
            }
        },
        Subject::Step => {
            let position = render.position.unwrap_or(0);
            let picture = Picture::at_position(grid, render.strategy, position).map_err(
                |ShortTrace { n_steps }| {
                    format!(
                        "the {} trace of this puzzle has {n_steps} steps, so there is no step \
                         {position} (use --step 0 to {n_steps})",
                        render.strategy.name()
                    )
                },
            )?;
            match render.caption {
                CaptionDisplay::Shown => picture,
                CaptionDisplay::Hidden => picture.without_caption(),
            }
        }
    };
    let picture = match title {
        Some(title) => picture.with_title(title),
        None => picture,
    };
    Ok((picture.to_svg(render.theme), warning))
}
