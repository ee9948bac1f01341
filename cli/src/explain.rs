//! `explain`: the steps that solve each puzzle, streamed as they are found, as text or as
//! JSON lines.

use serde::Serialize;
use std::io::{self, Write};
use std::panic::{self, AssertUnwindSafe};

use stepdoku::rating::{Rater, Rating};
use stepdoku::validate;
use stepdoku::{stepper_within, Grid, Reading, Step, StepKind, Strategy, Technique, Variant};

use crate::format::Format;
use crate::input::{puzzle_part, too_long_message, LineRead, LineReader};
use crate::limits::Limits;
use crate::outcome::{Failure, Outcome};
use crate::puzzle::{
    format_difficulty, is_constraint_line, no_solution_message, read_constraint_puzzle,
    read_values, sentence_part, to_json,
};

/// What `explain` shows.
pub struct ExplainOptions {
    pub strategy: Strategy,
    pub format: Format,
    /// The most steps of one puzzle.
    pub max_steps: usize,
    /// How far the work on one puzzle may go.
    pub limits: Limits,
    /// How much of each step the text shows.
    pub detail: Detail,
    /// The layout of lines without a tag.
    pub variant: Variant,
}

/// How much of each step `explain --format text` shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Detail {
    /// The step's sentence.
    Sentences,
    /// The sentence, then each implication of a forcing chain on its own numbered line
    /// (`--verbose`).
    Implications,
}

/// A step as `explain --format jsonl` writes it: the step's own record (docs/FORMATS.md, "Wire
/// format") after `type`, `puzzle` and `step` (its 0-based index).
#[derive(Serialize)]
struct StepRecord<'a> {
    #[serde(rename = "type")]
    record_type: &'static str,
    puzzle: u64,
    step: u64,
    #[serde(flatten)]
    fields: &'a Step,
}

/// The end of a puzzle's steps: the rating's record after `type`, `puzzle`, `line` and
/// `strategy`, then `grid`, the board at the end.
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

/// The summary of a line that could not be read: no step, and why.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
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

pub fn run_explain(
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
            (LineRead::TooLong, _) => Err(too_long_message()),
            (LineRead::Whole, None) => continue,
            // A constraint puzzle's grid carries its rules, which the strategies keep.
            (LineRead::Whole, Some(part)) if is_constraint_line(part) => {
                read_constraint_puzzle(part).map(|puzzle| puzzle.grid().clone())
            }
            (LineRead::Whole, Some(part)) => read_values(part, &mut values, &options.variant)
                .and_then(|reading| match reading {
                    Reading::Values(geometry) => Grid::from_values_in(geometry, &values)
                        .ok_or_else(|| "not a grid".to_string()),
                    Reading::Marked(grid) => Ok(grid),
                }),
        };
        let puzzle_idx = n_puzzles;
        n_puzzles += 1;
        let explained = match parsed {
            Ok(grid) => {
                let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
                    explain_puzzle(&grid, puzzle_idx, line_no, &options, &mut out)
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
    options: &ExplainOptions,
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
    let budget = options.limits.start();
    let mut solver = stepper_within(grid, options.strategy, budget);
    let mut rater = Rater::for_shape(grid.shape());
    let mut n_steps: u64 = 0;
    // The sentence of an `Unsolvable` step, which names what is wrong.
    let mut ending = String::new();
    while (n_steps as usize) < options.max_steps && !budget.is_out_of_time() {
        let Some(step) = solver.next_step() else {
            break;
        };
        rater.record(&step);
        n_steps += 1;
        if step.kind == StepKind::Unsolvable {
            ending.clone_from(&step.text);
        }
        if is_text {
            write_step_text(out, n_steps, &step, options.detail)
        } else {
            let record = StepRecord {
                record_type: "step",
                puzzle: puzzle_idx,
                step: n_steps - 1,
                fields: &step,
            };
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
        Err(stopped(rating.n_steps, options))
    } else if validate::first_conflict(grid).is_some() {
        // A duplicate given, named as `solve` and `rate` name it.
        Err(no_solution_message(
            grid.geometry(),
            grid.values(),
            grid.marks(),
        ))
    } else {
        Err(sentence_part(&ending))
    })
}

/// Why a trace that did not end stopped: its step cap, or its deadline.
fn stopped(n_steps: usize, options: &ExplainOptions) -> String {
    if n_steps < options.max_steps {
        format!(
            "stopped after {n_steps} steps in {} s (see --max-seconds)",
            options.limits.seconds()
        )
    } else {
        format!("stopped after {n_steps} steps (see --max-steps)")
    }
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}\n")).collect()
}

/// One step as text: its number and sentence, then for a deduction its technique and its own
/// ER (its technique's difficulty plus a chain's length bonus): `[X-Chain, ER 6.8]`.
fn write_step_text(out: &mut impl Write, n: u64, step: &Step, detail: Detail) -> io::Result<()> {
    if step.kind == StepKind::Deduction {
        writeln!(
            out,
            "  {n:>4}. {}  [{}, ER {:.1}]",
            step.text,
            step.technique.name(),
            step.er
        )?;
    } else {
        writeln!(out, "  {n:>4}. {}", step.text)?;
    }
    if detail == Detail::Implications {
        write_implications(out, step)?;
    }
    Ok(())
}

/// A forcing chain's implications under its step, numbered from 1, each with the numbers of
/// those it rests on: `        3. r2c3 = 4: the only candidate left in r2c3, since … (1, 2)`.
fn write_implications(out: &mut impl Write, step: &Step) -> io::Result<()> {
    for (k, implication) in step.implications.iter().enumerate() {
        let from: Vec<String> = implication
            .from
            .iter()
            .map(|p| (p + 1).to_string())
            .collect();
        let from = if from.is_empty() {
            String::new()
        } else {
            format!("  ({})", from.join(", "))
        };
        writeln!(out, "        {:>3}. {}{from}", k + 1, implication.text)?;
    }
    Ok(())
}

fn write_summary_text(
    out: &mut impl Write,
    rating: &Rating,
    options: &ExplainOptions,
    final_grid: &str,
) -> io::Result<()> {
    let result = if rating.solved {
        format!("solved: {final_grid}")
    } else if rating.truncated {
        stopped(rating.n_steps, options)
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
