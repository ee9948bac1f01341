//! `render`: the first puzzle of the input as an SVG image, of the puzzle, its solution or a
//! position of its trace.

use clap::ValueEnum;
use std::io::{self, Write};
use std::path::PathBuf;

use stepdoku::render::{NoSuchImplication, Picture, ShortTrace, Shortfall, Theme};
use stepdoku::search::{Budget, Solutions};
use stepdoku::validate::{self, PuzzleError};
use stepdoku::{ConstraintPuzzle, Grid, Strategy, Variant};

use crate::input::{open_input, puzzle_part, too_long_message, Input, LineRead, LineReader};
use crate::limits::Limits;
use crate::outcome::{write_stdout, Failure, Outcome};
use crate::puzzle::{
    describe_parse_error, is_constraint_line, read_constraint_puzzle, read_grid, sentence_part,
};

/// A puzzle to draw: plain puzzle text, or a constraint puzzle with rules beside its grid.
enum ToDraw {
    Plain(Grid),
    Constrained(ConstraintPuzzle),
}

/// What `render` draws, and how.
pub struct RenderOptions {
    pub subject: Subject,
    pub strategy: Strategy,
    /// The position of the trace to draw, for [`Subject::Step`].
    pub position: Option<usize>,
    /// The implication of the step's forcing chain to walk to, from 1 (see
    /// [`Picture::walked_to`]).
    pub implication: Option<usize>,
    pub theme: Theme,
    pub candidates: CandidateDisplay,
    pub caption: CaptionDisplay,
    /// The title of the image instead of its own.
    pub title: Option<String>,
    /// Where the image goes; standard output when `None`.
    pub output: Option<PathBuf>,
    /// How far the work on the puzzle may go.
    pub limits: Limits,
    /// The layout of a puzzle without a tag.
    pub variant: Variant,
}

/// What `render` draws: the puzzle as given, its solution, or a position of its trace with
/// the step that led there highlighted. The help of `render` says more of each, so the values
/// have no help of their own.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Subject {
    Puzzle,
    Solution,
    Step,
}

/// Whether a puzzle's image shows the candidates of its empty cells.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum CandidateDisplay {
    /// Only when the puzzle has pencil marks (a step always shows them).
    WhenMarked,
    Always,
}

/// Whether a step's image has a caption under the grid.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum CaptionDisplay {
    Shown,
    Hidden,
}

/// Draws the first puzzle of the input and writes the image; a puzzle that fails is reported
/// on standard error and writes nothing.
pub fn run_render(options: &RenderOptions, input: &Input) -> Result<Outcome, Failure> {
    let drawn = read_first_puzzle(input, &options.variant)?.and_then(|(puzzle, place)| {
        let drawn = match &puzzle {
            ToDraw::Plain(grid) => draw(grid, options),
            ToDraw::Constrained(puzzle) => draw_constrained(puzzle, options),
        };
        drawn
            .map_err(|message| format!("{place}{message}"))
            .map(|(svg, warning)| {
                if let Some(warning) = warning {
                    let _ = writeln!(io::stderr().lock(), "warning: {place}{warning}");
                }
                svg
            })
    });
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
/// there is none. A `--puzzle` text is read whole, in any form [`Grid::parse`] or
/// [`ConstraintPuzzle::read`] reads. A puzzle without a tag is read in `variant`.
fn read_first_puzzle(
    input: &Input,
    variant: &Variant,
) -> Result<Result<(ToDraw, String), String>, Failure> {
    if let Input::Text(text) = input {
        if let Some(read) = ConstraintPuzzle::read(text) {
            return Ok(read
                .map(|puzzle| (ToDraw::Constrained(puzzle), String::new()))
                .map_err(|e| format!("--puzzle: {}", sentence_part(&e.to_string()))));
        }
        return Ok(Grid::parse_as(text, variant)
            .map(|grid| (ToDraw::Plain(grid), String::new()))
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
            (LineRead::TooLong, _) => return Ok(Err(format!("{place}{}", too_long_message()))),
            (LineRead::Whole, None) => continue,
            (LineRead::Whole, Some(part)) => part,
        };
        let read = if is_constraint_line(part) {
            read_constraint_puzzle(part).map(ToDraw::Constrained)
        } else {
            read_grid(part, variant).map(ToDraw::Plain)
        };
        return Ok(read
            .map(|puzzle| (puzzle, place.clone()))
            .map_err(|message| format!("{place}{message}")));
    }
    Ok(Err(format!("no puzzle in {}", lines.name)))
}

/// The image of a constraint puzzle, its rules drawn under the digits, with a warning to
/// give; or why it cannot be drawn.
fn draw_constrained(
    puzzle: &ConstraintPuzzle,
    render: &RenderOptions,
) -> Result<(String, Option<String>), String> {
    let grid = puzzle.grid();
    let mut warning = None;
    let picture = match render.subject {
        Subject::Puzzle => Picture::of_puzzle(grid),
        Subject::Solution => {
            let mut kept = Solutions::new(2);
            let n = stepdoku::search::search_grid(grid, 2, render.limits.start(), &mut kept)
                .decided()
                .map_err(|undecided| undecided.to_string())?;
            let solutions = kept.grids(grid.geometry());
            let first = solutions
                .first()
                .ok_or("no solution: the givens and the rules leave none")?;
            let picture = Picture::of_solution(grid, first);
            if n > 1 {
                warning = Some(
                    "several solutions; drew the first, with the cells where a second differs dashed"
                        .to_string(),
                );
                let differing: Vec<_> = grid
                    .shape()
                    .cells()
                    .filter(|&c| first.get(c) != solutions[1].get(c))
                    .collect();
                picture.with_differing(&differing)
            } else {
                picture
            }
        }
        Subject::Step => step_picture(grid, render, render.limits.start())?,
    };
    let picture = picture.with_constraints(puzzle.constraints());
    let picture = match &render.title {
        Some(title) => picture.with_title(title),
        None => picture,
    };
    Ok((picture.to_svg(render.theme), warning))
}

/// The image of a puzzle, with a warning to give; or why the puzzle cannot be drawn.
fn draw(grid: &Grid, render: &RenderOptions) -> Result<(String, Option<String>), String> {
    let mut warning = None;
    let budget = render.limits.start();
    let picture = match render.subject {
        Subject::Puzzle => match render.candidates {
            CandidateDisplay::Always => Picture::of_puzzle_with_candidates(grid),
            CandidateDisplay::WhenMarked => Picture::of_puzzle(grid),
        },
        Subject::Solution => match validate::check_within(grid, budget) {
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
                return Err(sentence_part(&message));
            }
        },
        Subject::Step => step_picture(grid, render, budget)?,
    };
    let picture = match &render.title {
        Some(title) => picture.with_title(title),
        None => picture,
    };
    Ok((picture.to_svg(render.theme), warning))
}

/// The picture of the step at `render.position` of the trace, walked to `render.implication`
/// when asked; or why there is none.
fn step_picture(grid: &Grid, render: &RenderOptions, budget: Budget) -> Result<Picture, String> {
    let position = render.position.unwrap_or(0);
    let picture = Picture::at_position_within(grid, render.strategy, position, budget).map_err(
        |ShortTrace { n_steps, cause }| match cause {
            Shortfall::Ended => format!(
                "the {} trace of this puzzle has {n_steps} steps, so there is no step \
                 {position} (use --step 0 to {n_steps})",
                render.strategy.name()
            ),
            Shortfall::OutOfTime => format!(
                "stopped at step {n_steps} of the {} trace after {} s, before step \
                 {position} (see --max-seconds)",
                render.strategy.name(),
                render.limits.seconds()
            ),
        },
    )?;
    let picture = match render.implication {
        None => picture,
        Some(k) => picture
            .walked_to(k)
            .map_err(|NoSuchImplication { n_implications }| {
                no_implication_message(position, k, n_implications)
            })?,
    };
    Ok(match render.caption {
        CaptionDisplay::Shown => picture,
        CaptionDisplay::Hidden => picture.without_caption(),
    })
}

/// Why `--implication k` cannot walk step `position`, whose chain has `n_implications`.
fn no_implication_message(position: usize, k: usize, n_implications: usize) -> String {
    match n_implications {
        0 if position == 0 => "position 0 is the puzzle as given, with no step to walk: \
                               --implication needs a forcing chain step"
            .to_string(),
        0 => format!(
            "step {position} has no chain of implications to walk: --implication needs a \
             forcing chain step (Nishio, cell, unit or nested forcing chain)"
        ),
        n => format!(
            "step {position} has {n} implications (premises included), so there is no \
             implication {k} (use --implication 1 to {n})"
        ),
    }
}
