//! The command line: each command, its options and help, and the run it asks for.
//!
//! clap parses and checks the words; [`parse`] turns what it found into a [`Request`] whose
//! types say what each option means, so the rest of the tool never sees a flag.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use std::ffi::OsString;
use std::io::{self, Write};
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::thread;

use crate::limits::{Limits, DEFAULT_MAX_SECONDS};
use std::time::Duration;
use std::time::{SystemTime, UNIX_EPOCH};
use stepdoku::generate::{self, Clues, DateError, ErRange, Givens, Ladder, Symmetry, Target};
use stepdoku::rating::Level;
use stepdoku::render::Theme;
use stepdoku::{Geometry, Rating, Shape, Strategy, Variant};

use crate::batch::{Ambiguity, Task};
use crate::explain::{Detail, ExplainOptions};
use crate::format::{Format, PuzzleFormat};
use crate::generate::GenerateOptions;
use crate::input::Input;
use crate::render::{CandidateDisplay, CaptionDisplay, RenderOptions, Subject};

/// The most worker threads per core that `-j` runs: more only take turns on the same cores,
/// and each holds its own buffers and solvers.
pub const MAX_THREADS_PER_CORE: usize = 4;

/// The conventions every command follows, shown after the list of commands.
const CONVENTIONS: &str = "\
Input:
  FILE, or standard input when FILE is '-' or absent. One puzzle per line, in any one-line
  form: 81 characters with '.', '0', '*', '_' or 'x' for blanks; 16, 36, 64, 144, 256 or
  625 characters for 4×4, 6×6, 8×8, 12×12, 16×16 or 25×25 (sizes may be mixed in one file);
  a SudokuWiki link. A variant's tag may come before the cells ('x:', 'windoku:',
  'jigsaw:MAP:'); --variant gives the layout of lines without one. '#' starts a comment,
  to the end of the line. Blank lines and comment-only lines are not puzzles: they are
  skipped and produce no output. CRLF line ends are fine. A line over 64 KiB is reported as
  too long and skipped without being held.

Output:
  solve, count and rate print exactly one line per puzzle, in input order: output line K
  belongs to the K-th puzzle. A puzzle that fails gets an empty line (an error object with
  --format jsonl) and a message 'error: line N: …' on standard error, where N is the
  1-based line number in the input. Solutions are written with 1–9, then A–G up to 16×16,
  and A–Y for 25×25. Work is spread over every core, in constant memory; -j asks for more
  or fewer threads, at most 4 per core. A progress bar shows on standard error when the
  input is a file, standard error is a terminal and standard output is not (so it never
  mixes with results on screen or in a pipe).
  render draws only the first puzzle of its input, as one SVG image.

Exit status:
  0  every puzzle succeeded
  1  at least one puzzle failed (unreadable, duplicate given, no solution, …)
  2  usage error, or the input could not be read

Run 'stepdoku help COMMAND' for the details of a command.";

const SOLVE_ABOUT: &str = "\
Print the solution of each puzzle

Prints one line per puzzle: its solution, on one line. A puzzle that cannot be read, has
two givens with the same digit in a house, or has no solution gets an empty line and an
error on standard error.

A proper puzzle has exactly one solution, so by default solve also looks for a second
one. When it finds one, it still prints the first solution (in a fixed, reproducible
order) and warns 'warning: line N: several solutions; printed the first'; the puzzle
counts as solved.";

const SOLVE_STATUS: &str =
    "Exit status: 0 if every puzzle was solved, 1 if any failed, 2 for usage errors.";

const COUNT_ABOUT: &str = "\
Count the solutions of each puzzle, up to a limit

Prints one line per puzzle: the number of its solutions, stopping at N (default 2, so
'2' means 'two or more'). Two givens with the same digit in a house make 0 solutions.
A line that cannot be read gets an empty line and an error on standard error.";

const COUNT_STATUS: &str =
    "Exit status: 0 if every line was read, 1 if any could not be, 2 for usage errors.";

const RATE_ABOUT: &str = "\
Rate each puzzle on the Sudoku Explainer and HoDoKu scales

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

With --format jsonl each line is a JSON object: puzzle (0-based), line, then the
rating record (er, ep, ed, score, level, hardest, hardestId, needsGuessing, solved,
nSteps, …: every field in docs/FORMATS.md, \"Wire format\"); a puzzle that fails gives
{\"puzzle\", \"line\", \"error\"}.

A puzzle with several solutions is rated along the path to the one found, with a
warning. A puzzle with no solution, or whose trace reaches --max-steps, fails.";

const RATE_STATUS: &str =
    "Exit status: 0 if every puzzle was rated, 1 if any failed, 2 for usage errors.";

const EXPLAIN_ABOUT: &str = "\
Show the steps that solve each puzzle

Strategies:
  human         the easiest human technique at each step; search only when none applies
                (default)
  singles       singles, then a guess at a cell with the fewest candidates; backtracks
  backtracking  plain depth-first search in reading order

With --format text (the default), each puzzle gets a header, numbered steps with their
technique and difficulty, and a summary with the rating. --verbose adds, under each
forcing-chain step, its chain: each implication on its own numbered line, premise first,
with the rule it follows by and the earlier implications it rests on.

With --format jsonl, each step is one JSON object: type \"step\", puzzle (0-based),
step (0-based), then the step record the page reads too: kind (deduction, guess,
contradiction, backtrack, solved, unsolvable), technique, techniqueId, difficulty,
depth, cells, digit, houses, pattern, fins, links, implications (a forcing chain's
implications: rule, changes, from, text), reliesOnUniqueness, changes (every
change in order, with unplace and restore for backtracks: replaying them rebuilds the
board), text. Cells are 0-based in reading order, digits 1-based; a missing list is
empty. Then one summary object per puzzle: type \"summary\", puzzle, line, strategy,
the rating record (see stepdoku rate --help) and grid (the board at the end, '.' for
empty cells). A line that cannot be read gives a summary with \"error\". Every field is
described in docs/FORMATS.md, \"Wire format\".

Puzzles run one after another, and steps stream as they are found.";

const EXPLAIN_STATUS: &str = "\
Exit status: 0 if every puzzle was solved, 1 if any was not (unreadable, no solution,
stopped at --max-steps), 2 for usage errors.";

const RENDER_ABOUT: &str = "\
Draw a puzzle, its solution or a step of its trace as an SVG image

Draws the first puzzle of the input (any one-line form, a 729-character pencil-mark line
too; or --puzzle TEXT in any form Grid::parse reads) as a self-contained SVG image, in
the colours of the page: givens, digits placed by logic, guesses with their depth, digits
placed under a guess, candidates, and the roles of a step (its cells, houses, eliminated
and restored candidates, pattern, fins and chain links). The image scales (it has a
viewBox), names what it shows in its <title> and aria-label, and needs no font file.

What to draw (--what):
  puzzle    the puzzle as given (the default); candidates only with --candidates, or
            when the puzzle has pencil marks
  solution  the solution: givens, then the other digits as filled in. A puzzle with
            several solutions draws the first, dashes the cells where a second differs
            and warns
  step      the board at position N of the trace of --strategy: 0 is the puzzle as
            given, N the board after the trace's N-th step, that step highlighted (as
            the page numbers steps: #…&n=N). Candidates are always shown, and a caption
            under the grid gives the step's number, technique and sentence

A forcing chain step (Nishio, cell, unit or nested forcing chain) can be walked with
--implication K: its implications are numbered from 1 in the step's order, premises
included, as the page counts them (\"Implication K of N\"); an inner trial's own chain
is not walked. Only the arrows of implications 1 to K are drawn, those leading to K
emphasised and the earlier ones faded; what K makes true is ringed, what it makes false
struck, the dead end it names outlined, and the caption gives its sentence.";

const RENDER_STATUS: &str = "\
Exit status: 0 if the image was written, 1 if the puzzle failed (unreadable, no puzzle
in the input, no solution for --what solution, a trace shorter than --step or a step
with no implication --implication: the message says how many there are), 2 for usage
errors, an input that could not be read or an output that could not be written.";

const GENERATE_ABOUT: &str = "\
Make new puzzles by level, ER range or technique

Prints one line per puzzle, as each is found: a puzzle with exactly one solution, minimal
(no given can be taken away without a second solution; with --symmetry, no orbit of
givens can) unless --givens asks for more, rated by the Human strategy. With --format
text (the default) the line has tab-separated columns:

  puzzle  ER  score  level  hardest  givens  seed

With --format jsonl each line is a JSON object: puzzle, solution, seed, tries (candidates
made for it) and rating (the record of stepdoku rate --format jsonl). With --format
fpuzzles each line is the puzzle as f-puzzles JSON, its solution under 'solution', which
f-puzzles and SudokuPad open (Windoku has no f-puzzles form and fails).

What the rating must show (one of them; any puzzle without):
  --level L      a HoDoKu level: easy, medium, hard, unfair or extreme
  --er A-B       an ER range such as 4.0-6.0 (both ends included), or one ER
  --technique T  the Human trace uses technique T (its id, as stepdoku explain
                 --format jsonl writes techniqueId: xwing, xywing, …) and nothing
                 harder; 'singles' for singles only
Only extreme (and any puzzle, without a target) may need a guess. --no-uniqueness rates
without the techniques that rely on a unique solution, so the puzzle never needs them.

Puzzle K (from 0) comes from seed S+K (--seed S; a random S by default; --daily DATE
uses YYYYMMDD, the puzzle of the day the page makes too): the same seed and options give
the same puzzle on every machine and in the page, whatever -j. Symmetries: none,
rotate-180, rotate-90, mirror, diagonal. A progress bar (puzzles made, candidates tried)
shows on standard error when it is a terminal.

Each puzzle fails after --max-tries candidates (default 100000): an empty line (an object
with seed and error in jsonl) and a message on standard error. --max-seconds S (default
30) bounds the whole command by the clock: the puzzles made by then are written (a puzzle
stopped before a later one was made gets an empty line, so line K is still puzzle K), and
a message on standard error says how many of those asked were made.

Speed: a 9×9 takes about a millisecond per candidate; Easy to Extreme come within tens
of candidates, an ER above 7.6 hardly ever. A minimal 16×16 takes about 0.2 s, a minimal
25×25 about 5 s; --givens N stops taking givens away at N. On 25×25, each check that a
given may go is bounded (3,000 search nodes), so minimal there means that no given could
be taken away by such a check: the puzzle is unique, but a longer search could take
more of its givens away.";

const GENERATE_STATUS: &str = "\
Exit status: 0 once every puzzle is written, 1 if any reached --max-tries (some requests
are never met: the Human strategy finds every Skyscraper as a finned or sashimi X-Wing
first, and 4×4 grids need nothing but singles) or was not made by --max-seconds, 2 for
usage errors or an output that could not be written.";

/// The words of the command line, as clap reads them.
#[derive(Parser)]
#[command(
    name = "stepdoku",
    version,
    propagate_version = true,
    about = "stepdoku — a Sudoku solver that shows every deduction and every backtrack",
    after_help = CONVENTIONS,
    subcommand_required = true,
    arg_required_else_help = false
)]
struct Cli {
    #[command(subcommand)]
    command: CommandArgs,
}

/// The commands and their options, as clap reads them. Each shows its version as the tool's
/// (`stepdoku 0.1.0`, not `stepdoku-solve 0.1.0`), hence its display name.
#[derive(Subcommand)]
enum CommandArgs {
    /// Print the solution of each puzzle.
    #[command(long_about = SOLVE_ABOUT, after_help = SOLVE_STATUS, display_name = "stepdoku")]
    Solve(SolveArgs),
    /// Count the solutions of each puzzle, up to a limit.
    #[command(long_about = COUNT_ABOUT, after_help = COUNT_STATUS, display_name = "stepdoku")]
    Count(CountArgs),
    /// Rate each puzzle on the Sudoku Explainer and HoDoKu scales.
    #[command(long_about = RATE_ABOUT, after_help = RATE_STATUS, display_name = "stepdoku")]
    Rate(RateArgs),
    /// Show the steps that solve each puzzle.
    #[command(
        long_about = EXPLAIN_ABOUT,
        after_help = EXPLAIN_STATUS,
        display_name = "stepdoku"
    )]
    Explain(ExplainArgs),
    /// Make new puzzles by level, ER range or technique.
    #[command(
        long_about = GENERATE_ABOUT,
        after_help = GENERATE_STATUS,
        display_name = "stepdoku"
    )]
    Generate(GenerateArgs),
    /// Draw a puzzle, its solution or a step of its trace as an SVG image.
    #[command(long_about = RENDER_ABOUT, after_help = RENDER_STATUS, display_name = "stepdoku")]
    Render(RenderArgs),
}

/// The FILE operand of every command.
#[derive(Args)]
struct InputArg {
    /// The puzzles, one per line: a file, or standard input when '-' or absent.
    #[arg(value_name = "FILE|-")]
    file: Option<PathBuf>,
}

/// The `--max-nodes` and `--max-seconds` options of every command that reads puzzles.
#[derive(Args)]
struct LimitsArgs {
    /// Give up on a puzzle's search after N nodes (candidates tried), reporting it undecided.
    #[arg(
        long,
        value_name = "N",
        default_value_t = Limits::DEFAULT.nodes,
        value_parser = parse_nodes,
        allow_negative_numbers = true
    )]
    max_nodes: u64,
    /// Give up on a puzzle after S seconds, its searches and steps together (a search on a
    /// big grid whose guesses meet dead end after dead end could go on for hours).
    #[arg(
        long,
        value_name = "S",
        default_value_t = DEFAULT_MAX_SECONDS as usize,
        value_parser = parse_count,
        allow_negative_numbers = true
    )]
    max_seconds: usize,
}

impl LimitsArgs {
    /// The bounds on each puzzle's work.
    fn limits(&self) -> Limits {
        Limits {
            nodes: self.max_nodes,
            max_time: Duration::from_secs(self.max_seconds as u64),
        }
    }
}

/// The `--variant` option of every command.
#[derive(Args)]
struct VariantArg {
    /// The layout of puzzle lines without a tag of their own: classic (the default), x,
    /// windoku, or jigsaw:MAP with one region letter per cell. A tagged line keeps its own.
    #[arg(long, value_name = "V", value_parser = parse_variant)]
    variant: Option<Variant>,
}

impl VariantArg {
    /// The layout of lines without a tag.
    fn layout(self) -> Variant {
        self.variant.unwrap_or(Variant::Classic)
    }
}

/// What the commands that run on the pool read, and with how many threads.
#[derive(Args)]
struct BatchArgs {
    #[command(flatten)]
    variant: VariantArg,
    #[command(flatten)]
    threads: ThreadsArg,
    #[command(flatten)]
    limits: LimitsArgs,
    #[command(flatten)]
    input: InputArg,
}

/// The `-j` option of the commands that run on the pool.
#[derive(Args)]
struct ThreadsArg {
    /// Worker threads (default: one per core; at most 4 per core).
    #[arg(
        short = 'j',
        long = "threads",
        value_name = "N",
        value_parser = parse_n_threads,
        allow_negative_numbers = true
    )]
    n_threads: Option<usize>,
}

#[derive(Args)]
struct SolveArgs {
    /// Treat several solutions as a failure: empty line, error, exit status 1.
    #[arg(long, overrides_with = "first")]
    unique: bool,
    /// Do not look for a second solution (faster; no warning).
    #[arg(long, overrides_with = "unique")]
    first: bool,
    #[command(flatten)]
    batch: BatchArgs,
}

#[derive(Args)]
struct CountArgs {
    /// Stop counting at N solutions (N ≥ 1).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 2,
        value_parser = parse_limit,
        allow_negative_numbers = true
    )]
    limit: u32,
    #[command(flatten)]
    batch: BatchArgs,
}

#[derive(Args)]
struct RateArgs {
    /// How to write the ratings.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Give up on a puzzle after N steps.
    #[arg(
        long,
        value_name = "N",
        default_value_t = Rating::DEFAULT_MAX_STEPS,
        value_parser = parse_count,
        allow_negative_numbers = true
    )]
    max_steps: usize,
    #[command(flatten)]
    batch: BatchArgs,
}

#[derive(Args)]
struct ExplainArgs {
    /// The strategy whose steps to show.
    #[arg(long, value_name = "S", default_value = "human", value_parser = strategy_parser())]
    strategy: Strategy,
    /// How to write the steps.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Stop a puzzle after N steps.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1_000_000,
        value_parser = parse_count,
        allow_negative_numbers = true
    )]
    max_steps: usize,
    #[command(flatten)]
    limits: LimitsArgs,
    /// Under each forcing-chain step, its implications, one numbered line each (text only).
    #[arg(long)]
    verbose: bool,
    #[command(flatten)]
    variant: VariantArg,
    #[command(flatten)]
    input: InputArg,
}

#[derive(Args)]
struct GenerateArgs {
    /// The HoDoKu level the puzzles must have.
    #[arg(long, value_name = "L", value_parser = parse_level, conflicts_with_all = ["er", "technique"])]
    level: Option<Level>,
    /// The range of ER the puzzles must have, such as 4.0-6.0.
    #[arg(long, value_name = "A-B", value_parser = parse_er, conflicts_with = "technique")]
    er: Option<ErRange>,
    /// A technique the puzzles must need, and nothing harder ('singles': singles only).
    #[arg(long, value_name = "T", value_parser = parse_technique)]
    technique: Option<Target>,
    /// Rate without the techniques that rely on a unique solution.
    #[arg(long)]
    no_uniqueness: bool,
    /// Make killers: cages with their sums and no givens (no --symmetry or --givens then).
    #[arg(long)]
    killer: bool,
    /// The symmetry of the givens.
    #[arg(long, value_name = "S", default_value = "none", value_parser = symmetry_parser())]
    symmetry: Symmetry,
    /// The grid's size: 4, 6, 8, 9, 12, 16 or 25 (a jigsaw map fixes its own).
    #[arg(long, value_name = "N", value_parser = parse_size)]
    size: Option<Shape>,
    /// How many puzzles to make.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1,
        value_parser = parse_count,
        allow_negative_numbers = true
    )]
    count: usize,
    /// The seed of the first puzzle, a whole number below 2^53 (default: a random one).
    #[arg(long, value_name = "S", value_parser = parse_seed, conflicts_with = "daily")]
    seed: Option<u64>,
    /// Make the puzzle of the day of DATE (YYYY-MM-DD, or 'today' in UTC).
    #[arg(long, value_name = "DATE", value_parser = parse_daily)]
    daily: Option<u64>,
    /// Give up on a puzzle after N candidates (it gets an empty line and an error).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 100_000,
        value_parser = parse_count,
        allow_negative_numbers = true
    )]
    max_tries: usize,
    /// Stop the whole command after S seconds, writing the puzzles made by then.
    #[arg(
        long,
        value_name = "S",
        default_value_t = 30,
        value_parser = parse_count,
        allow_negative_numbers = true
    )]
    max_seconds: usize,
    /// Keep at least N givens (the puzzles need not be minimal then).
    #[arg(long, value_name = "N", value_parser = parse_count, allow_negative_numbers = true)]
    givens: Option<usize>,
    /// How to write the puzzles.
    #[arg(long, value_enum, default_value_t = PuzzleFormat::Text)]
    format: PuzzleFormat,
    #[command(flatten)]
    variant: VariantArg,
    #[command(flatten)]
    threads: ThreadsArg,
}

#[derive(Args)]
struct RenderArgs {
    /// What to draw (default puzzle; step when --step is given).
    #[arg(long, value_enum, value_name = "W")]
    what: Option<Subject>,
    /// The strategy whose trace --what step draws.
    #[arg(long, value_name = "S", default_value = "human", value_parser = strategy_parser())]
    strategy: Strategy,
    /// The position to draw, from 0 (the puzzle) to the trace's length.
    #[arg(
        long,
        value_name = "N",
        value_parser = parse_position,
        allow_negative_numbers = true
    )]
    step: Option<usize>,
    /// Walk the step's forcing chain to implication K (from 1, premises included).
    #[arg(long, value_name = "K", value_parser = parse_count)]
    implication: Option<usize>,
    /// The colours: light or dark.
    #[arg(long, value_name = "T", default_value = "light", value_parser = theme_parser())]
    theme: Theme,
    /// Show the candidates of empty cells on a puzzle.
    #[arg(long)]
    candidates: bool,
    /// Leave out the caption under a step's grid.
    #[arg(long)]
    no_caption: bool,
    // The help is an attribute, not a doc comment, so that rustdoc does not read `<title>`
    // as an HTML tag and `--help` still shows it as written.
    #[arg(
        long,
        value_name = "TEXT",
        help = "Name the image (its <title> and aria-label) instead of by what it shows."
    )]
    title: Option<String>,
    /// Draw this puzzle, in any form, instead of reading FILE or standard input.
    #[arg(long, value_name = "TEXT", conflicts_with = "file")]
    puzzle: Option<String>,
    /// Write the image to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    #[command(flatten)]
    limits: LimitsArgs,
    #[command(flatten)]
    variant: VariantArg,
    #[command(flatten)]
    input: InputArg,
}

/// What the command line asks for.
pub enum Request {
    /// `solve`, `count` or `rate`: one output line per puzzle, worked out on a pool of threads.
    Batch {
        task: Task,
        /// The layout of lines without a tag.
        variant: Variant,
        input: Input,
        n_threads: usize,
        /// How far each puzzle's work may go before it is reported undecided.
        limits: Limits,
    },
    /// `explain`: the steps of each puzzle, one puzzle after another.
    Explain {
        options: ExplainOptions,
        input: Input,
    },
    /// `generate`: new puzzles.
    Generate(GenerateOptions),
    /// `render`: an image of the first puzzle.
    Render {
        options: RenderOptions,
        input: Input,
    },
}

/// Reads the command line (the program's name first). Help, the version and usage errors come
/// back as clap errors, which print themselves and know their exit status.
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Request, clap::Error> {
    let args: Vec<OsString> = args.into_iter().collect();
    let command_name = args.get(1).and_then(|a| a.to_str()).unwrap_or("");
    let matches = Cli::command()
        .try_get_matches_from(&args)
        .map_err(|error| with_usage(error, command_name))?;
    let cli = Cli::from_arg_matches(&matches).map_err(|error| with_usage(error, command_name))?;
    request(cli.command).map_err(|message| usage_error(command_name, message))
}

fn request(command: CommandArgs) -> Result<Request, String> {
    Ok(match command {
        CommandArgs::Solve(args) => {
            let ambiguity = if args.unique {
                Ambiguity::Reject
            } else if args.first {
                Ambiguity::Ignore
            } else {
                Ambiguity::Warn
            };
            batch(Task::Solve(ambiguity), args.batch)
        }
        CommandArgs::Count(args) => batch(Task::Count { limit: args.limit }, args.batch),
        CommandArgs::Rate(args) => batch(
            Task::Rate {
                format: args.format,
                max_steps: args.max_steps,
            },
            args.batch,
        ),
        CommandArgs::Explain(args) => Request::Explain {
            options: ExplainOptions {
                strategy: args.strategy,
                format: args.format,
                max_steps: args.max_steps,
                limits: args.limits.limits(),
                detail: if args.verbose {
                    Detail::Implications
                } else {
                    Detail::Sentences
                },
                variant: args.variant.layout(),
            },
            input: Input::from_operand(args.input.file),
        },
        CommandArgs::Generate(args) => generate_request(args)?,
        CommandArgs::Render(args) => render_request(args)?,
    })
}

fn generate_request(args: GenerateArgs) -> Result<Request, String> {
    let variant = args.variant.layout();
    let shape = match (&variant, args.size) {
        (Variant::Jigsaw(map), size) => {
            let shape = Shape::from_cell_count(map.len()).expect("checked when read");
            if size.is_some_and(|size| size != shape) {
                return Err(format!("the jigsaw map is for a {} grid", shape.name()));
            }
            shape
        }
        (_, size) => size.unwrap_or(Shape::NINE),
    };
    let mut request =
        generate::Request::new(Geometry::new(shape, variant).map_err(|e| e.to_string())?);
    request.symmetry = args.symmetry;
    request.target = match (args.level, args.er, args.technique) {
        (Some(level), _, _) => Target::Level(level),
        (_, Some(range), _) => Target::Er(range),
        (_, _, Some(target)) => target,
        _ => Target::Any,
    };
    if let Some(n) = args.givens {
        request.givens = Givens::AtLeast(n);
    }
    if args.no_uniqueness {
        request.ladder = Ladder::WithoutUniqueness;
    }
    if args.killer {
        request.clues = Clues::Cages;
    }
    request.check().map_err(|e| e.to_string())?;
    let first_seed = args.seed.or(args.daily).unwrap_or_else(random_seed);
    let count = args.count as u64;
    if first_seed
        .checked_add(count - 1)
        .is_none_or(|last| last > generate::MAX_SEED)
    {
        return Err(format!(
            "the seeds {first_seed} to {first_seed}+{} pass 2^53 - 1",
            count - 1
        ));
    }
    Ok(Request::Generate(GenerateOptions {
        request,
        first_seed,
        count,
        max_tries: args.max_tries as u64,
        max_time: Duration::from_secs(args.max_seconds as u64),
        format: args.format,
        n_threads: n_threads(args.threads),
    }))
}

/// A seed from the clock, below 2^32 so that links stay short.
fn random_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos());
    (nanos % (1 << 32)) as u64
}

fn batch(
    task: Task,
    BatchArgs {
        variant,
        threads,
        limits,
        input,
    }: BatchArgs,
) -> Request {
    Request::Batch {
        task,
        variant: variant.layout(),
        input: Input::from_operand(input.file),
        n_threads: n_threads(threads),
        limits: limits.limits(),
    }
}

/// The threads `-j` asks for, or one per core; more than the machine can run are clamped to
/// [`MAX_THREADS_PER_CORE`] per core, with a warning.
fn n_threads(threads: ThreadsArg) -> usize {
    let n_cores = thread::available_parallelism().map_or(1, NonZeroUsize::get);
    let Some(asked) = threads.n_threads else {
        return n_cores;
    };
    let (n, warning) = clamp_threads(asked, n_cores);
    if let Some(warning) = warning {
        let _ = writeln!(io::stderr().lock(), "warning: {warning}");
    }
    n
}

/// The number of threads to run for `asked` on `n_cores` cores, and the warning to give when
/// that is fewer.
fn clamp_threads(asked: usize, n_cores: usize) -> (usize, Option<String>) {
    let most = n_cores.saturating_mul(MAX_THREADS_PER_CORE);
    if asked <= most {
        return (asked, None);
    }
    let cores = if n_cores == 1 { "core" } else { "cores" };
    let option = if asked == usize::MAX {
        "-j".to_string()
    } else {
        format!("-j {asked}")
    };
    (
        most,
        Some(format!(
            "{option} asks for more threads than this machine can use ({n_cores} {cores}); \
             running {most}, {MAX_THREADS_PER_CORE} per core"
        )),
    )
}

fn render_request(args: RenderArgs) -> Result<Request, String> {
    let subject = match (args.what, args.step) {
        (None | Some(Subject::Step), Some(_)) => Subject::Step,
        (None, None) => Subject::Puzzle,
        (Some(Subject::Step), None) => {
            return Err("'--what step' needs '--step N' (0 is the puzzle as given)".to_string())
        }
        (Some(_), Some(_)) => {
            return Err("'--step' draws a step: use it with '--what step' or alone".to_string())
        }
        (Some(subject), None) => subject,
    };
    if args.implication.is_some() && subject != Subject::Step {
        return Err(
            "'--implication' walks the chain of a step: use it with '--step N'".to_string(),
        );
    }
    let input = match args.puzzle {
        Some(text) => Input::Text(text),
        None => Input::from_operand(args.input.file),
    };
    Ok(Request::Render {
        options: RenderOptions {
            subject,
            strategy: args.strategy,
            position: args.step,
            implication: args.implication,
            theme: args.theme,
            candidates: if args.candidates {
                CandidateDisplay::Always
            } else {
                CandidateDisplay::WhenMarked
            },
            caption: if args.no_caption {
                CaptionDisplay::Hidden
            } else {
                CaptionDisplay::Shown
            },
            title: args.title,
            output: args.output,
            limits: args.limits.limits(),
            variant: args.variant.layout(),
        },
        input,
    })
}

/// The command named `name` (the tool itself when there is no such command), built so that
/// its usage line reads `stepdoku NAME …`.
fn command_named(name: &str) -> clap::Command {
    let mut cli = Cli::command();
    cli.build();
    cli.find_subcommand(name).cloned().unwrap_or(cli)
}

/// A usage error of the command named `name`, with its usage line.
fn usage_error(name: &str, message: String) -> clap::Error {
    command_named(name).error(ErrorKind::ArgumentConflict, message)
}

/// Gives an error the usage line of its command when clap left it out (as it does for a
/// value it rejects), so that every usage error shows how to call the command.
fn with_usage(mut error: clap::Error, name: &str) -> clap::Error {
    let is_usage_error = !matches!(
        error.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    if is_usage_error && error.get(ContextKind::Usage).is_none() {
        let usage = command_named(name).render_usage();
        error.insert(ContextKind::Usage, ContextValue::StyledStr(usage));
    }
    error
}

fn strategy_parser() -> impl TypedValueParser<Value = Strategy> {
    PossibleValuesParser::new(["human", "singles", "backtracking"])
        .try_map(|name| Strategy::from_name(&name).ok_or("not a strategy"))
}

fn parse_level(text: &str) -> Result<Level, String> {
    Level::from_name(text).ok_or_else(|| {
        let names: Vec<String> = Level::ALL
            .iter()
            .map(|level| level.name().to_ascii_lowercase())
            .collect();
        format!("not a level: use {}", names.join(", "))
    })
}

fn symmetry_parser() -> impl TypedValueParser<Value = Symmetry> {
    PossibleValuesParser::new(Symmetry::ALL.map(Symmetry::slug))
        .try_map(|slug| Symmetry::from_slug(&slug).ok_or("not a symmetry"))
}

fn parse_er(text: &str) -> Result<ErRange, String> {
    ErRange::parse(text).ok_or_else(|| "not an ER range such as 4.0-6.0".to_string())
}

fn parse_technique(text: &str) -> Result<Target, String> {
    Target::of_technique_slug(text).ok_or_else(|| {
        "not a technique's id (such as xwing; see stepdoku explain --format jsonl), or 'singles'"
            .to_string()
    })
}

fn parse_size(text: &str) -> Result<Shape, String> {
    parse_number(text)
        .and_then(Shape::from_size)
        .ok_or_else(|| "not a size: use 4, 6, 8, 9, 12, 16 or 25".to_string())
}

fn parse_seed(text: &str) -> Result<u64, String> {
    parse_number(text)
        .map(|n| n as u64)
        .filter(|&n| n <= generate::MAX_SEED)
        .ok_or_else(|| "not a whole number from 0 to 2^53 - 1".to_string())
}

/// The seed of the puzzle of the day: a date, or `today` (UTC).
fn parse_daily(text: &str) -> Result<u64, String> {
    let date = if text.trim().eq_ignore_ascii_case("today") {
        today_utc()
    } else {
        text.to_string()
    };
    generate::seed_of_date(&date).map_err(|error| match error {
        DateError::NotADate => "not a date: use YYYY-MM-DD or today".to_string(),
        DateError::NoSuchDay { .. } => error.to_string(),
    })
}

/// Today's date in UTC, `YYYY-MM-DD`.
fn today_utc() -> String {
    let today = time::OffsetDateTime::now_utc().date();
    format!(
        "{:04}-{:02}-{:02}",
        today.year(),
        u8::from(today.month()),
        today.day()
    )
}

fn theme_parser() -> impl TypedValueParser<Value = Theme> {
    PossibleValuesParser::new(["light", "dark"])
        .try_map(|name| Theme::from_name(&name).ok_or("not a theme"))
}

/// A layout for `--variant`: a variant's name (see [`Variant::from_name`]); a jigsaw map must
/// make the regions of a supported size, since it alone fixes the size.
fn parse_variant(text: &str) -> Result<Variant, String> {
    let variant = Variant::from_name(text).ok_or(
        "not a variant: use classic, x, windoku or jigsaw:MAP (one region letter per cell)",
    )?;
    if let Variant::Jigsaw(map) = &variant {
        let shape = Shape::from_cell_count(map.len()).ok_or_else(|| {
            format!(
                "the jigsaw map has {} region letters, not one per cell of a grid",
                map.len()
            )
        })?;
        Geometry::new(shape, variant.clone()).map_err(|e| e.to_string())?;
    }
    Ok(variant)
}

/// A whole number that may have `_` between its digits (`1_000_000`).
fn parse_number(text: &str) -> Option<usize> {
    text.chars()
        .filter(|&c| c != '_')
        .collect::<String>()
        .parse()
        .ok()
}

/// A positive whole number.
fn parse_count(text: &str) -> Result<usize, String> {
    let n = parse_from_one(text, usize::MAX as u64)?;
    Ok(n as usize)
}

/// A whole number from 1 to `max`; the message gives the range, whether the text is not a
/// number or a number out of it.
fn parse_from_one(text: &str, max: u64) -> Result<u64, String> {
    let digits: String = text.chars().filter(|&c| c != '_').collect();
    digits
        .parse::<u64>()
        .ok()
        .filter(|n| (1..=max).contains(n))
        .ok_or_else(|| format!("not a whole number from 1 to {max}"))
}

/// A whole number, 0 allowed.
fn parse_position(text: &str) -> Result<usize, String> {
    parse_number(text).ok_or_else(|| "not a whole number (0 or more)".to_string())
}

/// A number of search nodes, at least 1.
fn parse_nodes(text: &str) -> Result<u64, String> {
    parse_from_one(text, u64::MAX)
}

/// The most solutions to count, from 1 to 2^32 − 1.
fn parse_limit(text: &str) -> Result<u32, String> {
    Ok(parse_from_one(text, u32::MAX as u64)? as u32)
}

/// A number of threads, at least 1; a number too large for the machine's words stands for as
/// many as it can run (see [`clamp_threads`]).
fn parse_n_threads(text: &str) -> Result<usize, String> {
    let digits: String = text.chars().filter(|&c| c != '_').collect();
    let is_number = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    match parse_number(text) {
        Some(n) if n >= 1 => Ok(n),
        None if is_number => Ok(usize::MAX),
        _ => Err("not a number of threads (1 or more)".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn numbers_may_have_underscores() {
        assert_eq!(parse_count("1_000_000"), Ok(1_000_000));
        assert_eq!(parse_position("0"), Ok(0));
        assert!(parse_count("0").is_err());
        assert!(parse_position("-1").is_err());
        assert_eq!(parse_n_threads("4"), Ok(4));
        assert!(parse_n_threads("0").is_err());
        assert!(parse_n_threads("-3").is_err());
        assert_eq!(parse_n_threads("30_000"), Ok(30_000));
        assert_eq!(parse_n_threads("99999999999999999999999"), Ok(usize::MAX));
        assert!(parse_limit("5_000_000_000").is_err());
    }

    #[test]
    fn threads_are_clamped_to_four_per_core() {
        assert_eq!(clamp_threads(8, 2), (8, None));
        assert_eq!(clamp_threads(1, 1), (1, None));
        let (n, warning) = clamp_threads(30_000, 2);
        assert_eq!(n, 8);
        assert_eq!(
            warning.as_deref(),
            Some(
                "-j 30000 asks for more threads than this machine can use (2 cores); running 8, 4 \
                 per core"
            )
        );
        assert_eq!(clamp_threads(usize::MAX, 1).0, 4);
        assert!(clamp_threads(usize::MAX, 1)
            .1
            .is_some_and(|w| w.starts_with("-j asks for more threads")));
    }

    #[test]
    fn today_is_a_date() {
        assert!(generate::seed_of_date(&today_utc()).is_ok_and(|seed| seed > 20_260_000));
    }
}
