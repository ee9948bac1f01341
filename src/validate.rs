//! Diagnostics: what is wrong with a puzzle, naming the cells at fault.

use crate::constraint::{ConstraintError, ConstraintPuzzle};
pub use crate::contradiction::Conflict;
use crate::contradiction::Contradiction;
use crate::grid::{Cell, Grid, House, ParseError};
use crate::logic;
use crate::search::{self, Budget, Undecided};
use crate::trace::Board;
use std::fmt;

/// The first pair of givens that share a digit and a house, looking at rows, then columns,
/// then boxes.
pub fn first_conflict(grid: &Grid) -> Option<Conflict> {
    let geometry = grid.geometry();
    geometry.houses().find_map(|house| {
        let mut first_seen: Vec<Option<Cell>> = vec![None; geometry.size()];
        geometry.cells_of(house).iter().find_map(|&cell| {
            let digit = grid.get(cell)?;
            first_seen[digit.index()]
                .replace(cell)
                .map(|earlier| Conflict {
                    digit,
                    house,
                    cells: [earlier, cell],
                })
        })
    })
}

/// Every cell whose digit another cell of one of its houses also holds, in reading order:
/// all the cells at fault when a person's digits clash, not only the first pair.
pub fn conflicting_cells(grid: &Grid) -> Vec<Cell> {
    let shape = grid.shape();
    let mut at_fault = vec![false; shape.n_cells()];
    for cells in &grid.geometry().house_cells {
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i + 1..] {
                if grid.get(a).is_some() && grid.get(a) == grid.get(b) {
                    at_fault[a.index()] = true;
                    at_fault[b.index()] = true;
                }
            }
        }
    }
    shape.cells().filter(|c| at_fault[c.index()]).collect()
}

/// Why a puzzle cannot be solved as given.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleError {
    /// The text could not be read as a grid.
    Parse(ParseError),
    /// Two givens hold the same digit in one house.
    DuplicateGiven {
        /// The two cells, their digit and house.
        conflict: Conflict,
        /// The puzzle.
        puzzle: Grid,
    },
    /// No grid completes the givens.
    NoSolution {
        /// The contradiction that singles reach, when they reach one; `None` when only the
        /// exhausted search shows it.
        reason: Option<Contradiction>,
        /// The puzzle.
        puzzle: Grid,
    },
    /// More than one grid completes the givens.
    SeveralSolutions {
        /// One solution.
        first: Grid,
        /// Another solution.
        second: Grid,
        /// The cells where the two differ, in reading order.
        differing: Vec<Cell>,
    },
    /// The search ran out of its budget before it could tell.
    Undecided(Undecided),
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::Parse(error) => write!(f, "{error}"),
            PuzzleError::DuplicateGiven { conflict, puzzle } => {
                write!(f, "Duplicate given: {}.", conflict.describe(puzzle.shape()))
            }
            PuzzleError::NoSolution {
                reason: Some(reason),
                puzzle,
            } => write!(f, "No solution: {}.", reason.describe(puzzle.shape())),
            PuzzleError::NoSolution { reason: None, .. } => {
                write!(
                    f,
                    "No solution: every possibility leads to a contradiction."
                )
            }
            PuzzleError::Undecided(undecided) => write!(f, "{undecided}"),
            PuzzleError::SeveralSolutions {
                first, differing, ..
            } => {
                let shape = first.shape();
                let names: Vec<String> = differing.iter().take(6).map(|c| c.name(shape)).collect();
                let more = if differing.len() > 6 { ", …" } else { "" };
                write!(
                    f,
                    "At least two solutions: they differ in {} cells ({}{more}).",
                    differing.len(),
                    names.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for PuzzleError {}

impl From<ParseError> for PuzzleError {
    fn from(error: ParseError) -> PuzzleError {
        PuzzleError::Parse(error)
    }
}

/// A puzzle with exactly one solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The puzzle as read.
    pub puzzle: Grid,
    /// Its only solution.
    pub solution: Grid,
}

/// Reads a puzzle and checks that it has exactly one solution.
pub fn check_text(text: &str) -> Result<Checked, PuzzleError> {
    check(&Grid::parse(text)?)
}

impl From<Undecided> for PuzzleError {
    fn from(undecided: Undecided) -> PuzzleError {
        PuzzleError::Undecided(undecided)
    }
}

/// Checks that a puzzle has exactly one solution, saying precisely why not otherwise.
pub fn check(puzzle: &Grid) -> Result<Checked, PuzzleError> {
    check_within(puzzle, Budget::DEFAULT)
}

/// Checks a puzzle as [`check`] does, searching within `budget`: a search that runs out of it
/// gives [`PuzzleError::Undecided`].
pub fn check_within(puzzle: &Grid, budget: Budget) -> Result<Checked, PuzzleError> {
    if first_conflict(puzzle).is_some() {
        return Err(no_solution(puzzle));
    }
    let mut found = search::solutions(puzzle, 2, budget)?.into_iter();
    match (found.next(), found.next()) {
        (None, _) => Err(no_solution(puzzle)),
        (Some(solution), None) => Ok(Checked {
            puzzle: puzzle.clone(),
            solution,
        }),
        (Some(first), Some(second)) => {
            let differing = puzzle
                .shape()
                .cells()
                .filter(|&c| first.get(c) != second.get(c))
                .collect();
            Err(PuzzleError::SeveralSolutions {
                first,
                second,
                differing,
            })
        }
    }
}

/// Why a puzzle that a search found no solution for has none: a duplicate given, or else the
/// contradiction singles reach (the cell or house where they run dry), if they reach one. Its
/// message is the one the page's verdict and the command line's `solve` and `rate` give.
pub fn no_solution(puzzle: &Grid) -> PuzzleError {
    match first_conflict(puzzle) {
        Some(conflict) => PuzzleError::DuplicateGiven {
            conflict,
            puzzle: puzzle.clone(),
        },
        None => PuzzleError::NoSolution {
            reason: singles_contradiction(puzzle),
            puzzle: puzzle.clone(),
        },
    }
}

/// The contradiction that singles alone reach from the givens, if they reach one.
fn singles_contradiction(puzzle: &Grid) -> Option<Contradiction> {
    let mut board = Board::new(puzzle);
    loop {
        if let Some(contradiction) = board.contradiction() {
            return Some(contradiction);
        }
        let step = logic::next_deduction(logic::SINGLES, &board)?;
        board.apply_step(&step);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(text: &str) -> String {
        check_text(text).unwrap_err().to_string()
    }

    #[test]
    fn conflicting_cells_names_every_cell_of_every_clash() {
        // Three 5s in row 1 (one also clashing in box 1 with r2c2), and two 7s in column 9.
        let mut text = format!("5..5.5...{}", ".".repeat(72));
        text.replace_range(10..11, "5");
        text.replace_range(17..18, "7");
        text.replace_range(80..81, "7");
        let grid = Grid::parse(&text).unwrap();
        let names: Vec<String> = conflicting_cells(&grid)
            .into_iter()
            .map(|c| c.name(grid.shape()))
            .collect();
        assert_eq!(names, ["r1c1", "r1c4", "r1c6", "r2c2", "r2c9", "r9c9"]);
        assert!(conflicting_cells(&Grid::parse(&".".repeat(16)).unwrap()).is_empty());
    }

    #[test]
    fn duplicate_given_names_both_cells_and_the_house() {
        let text = format!("5..5{}", ".".repeat(77));
        assert_eq!(
            message(&text),
            "Duplicate given: r1c1 and r1c4 both hold 5 in row 1."
        );
    }

    #[test]
    fn several_solutions_show_two_that_differ() {
        let empty = ".".repeat(81);
        match check_text(&empty).unwrap_err() {
            PuzzleError::SeveralSolutions {
                first,
                second,
                differing,
            } => {
                assert!(first.is_valid_solution() && second.is_valid_solution());
                assert!(!differing.is_empty());
                for c in differing {
                    assert_ne!(first.get(c), second.get(c));
                }
            }
            other => panic!("expected several solutions, got {other:?}"),
        }
    }

    #[test]
    fn no_solution_names_the_cell_singles_reach() {
        // r1c9 sees 1–8 in its row and 9 in its column.
        let mut text = String::from("12345678.");
        text.push_str("........9");
        text.push_str(&".".repeat(63));
        assert_eq!(message(&text), "No solution: r1c9 has no candidate left.");
    }
}

/// What a verdict says of a puzzle, as [`Diagnosis::status`] names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum VerdictKind {
    /// Exactly one solution: `unique`.
    Unique,
    /// Two or more solutions: `several`.
    Several,
    /// No solution: `none`.
    #[serde(rename = "none")]
    NoSolution,
    /// Unreadable text or a duplicate given: `invalid`.
    Invalid,
    /// The search ran out of its budget before it could tell: `undecided`.
    Undecided,
}

impl VerdictKind {
    /// Every kind, the verdict a proper puzzle gets first.
    pub const ALL: [VerdictKind; 5] = [
        VerdictKind::Unique,
        VerdictKind::Several,
        VerdictKind::NoSolution,
        VerdictKind::Invalid,
        VerdictKind::Undecided,
    ];
}

/// The verdict on a puzzle text, in a form ready to serialise for the page or a script: one
/// camelCase record (docs/FORMATS.md, "Wire format"), a missing list being empty.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Diagnosis {
    /// `unique`, `several`, `none` or `invalid`.
    pub status: VerdictKind,
    /// One sentence for people.
    pub message: String,
    /// The side of the grid, when the text could be read.
    pub size: Option<usize>,
    /// The puzzle on one line, when the text could be read.
    pub puzzle: Option<String>,
    /// The only solution, or the first of two.
    pub solution: Option<String>,
    /// The second solution when there are several.
    pub second: Option<String>,
    /// The cells at fault (the duplicate givens, the cells where two solutions differ, the
    /// cell with no candidate), 0-based in reading order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<Cell>,
    /// The house at fault, if one.
    pub house: Option<House>,
    /// For unreadable text: the 1-based line and column of the bad character.
    pub position: Option<(usize, usize)>,
}

impl Diagnosis {
    /// The verdict on a puzzle text, searching within [`Budget::DEFAULT`].
    pub fn of_text(text: &str) -> Diagnosis {
        Diagnosis::of_text_within(text, Budget::DEFAULT)
    }

    /// The verdict on text that could not be read: `invalid`, with the bad character's place.
    pub fn of_parse_error(error: &ParseError) -> Diagnosis {
        let position = match *error {
            ParseError::BadCharacter { line, column, .. } => Some((line, column)),
            _ => None,
        };
        Diagnosis {
            status: VerdictKind::Invalid,
            message: error.to_string(),
            size: None,
            puzzle: None,
            solution: None,
            second: None,
            cells: Vec::new(),
            house: None,
            position,
        }
    }

    /// The verdict on a constraint puzzle that could not be read or built: `invalid`, with
    /// the bad character's place when the fault is in its cells.
    pub fn of_constraint_error(error: &ConstraintError) -> Diagnosis {
        match error {
            ConstraintError::Cells(error) => Diagnosis::of_parse_error(error),
            _ => Diagnosis {
                message: error.to_string(),
                position: None,
                ..Diagnosis::of_parse_error(&ParseError::Empty)
            },
        }
    }

    /// The verdict on a puzzle text, searching within `budget`: `undecided` if it runs out.
    /// The text may be any puzzle text, rules after the cells included (see
    /// [`ConstraintPuzzle::read_line`]); f-puzzles JSON and links are read first with
    /// [`ConstraintPuzzle::read`].
    pub fn of_text_within(text: &str, budget: Budget) -> Diagnosis {
        let read = match ConstraintPuzzle::read_line(text) {
            Some(read) => read.map(ConstraintPuzzle::into_grid),
            None => Grid::parse(text).map_err(ConstraintError::Cells),
        };
        let grid = match read {
            Ok(grid) => grid,
            Err(error) => return Diagnosis::of_constraint_error(&error),
        };
        let mut diagnosis = Diagnosis {
            status: VerdictKind::Unique,
            message: String::new(),
            size: Some(grid.shape().size()),
            puzzle: Some(grid.to_line()),
            solution: None,
            second: None,
            cells: Vec::new(),
            house: None,
            position: None,
        };
        match check_within(&grid, budget) {
            Ok(checked) => {
                diagnosis.message = "Unique solution".to_string();
                diagnosis.solution = Some(checked.solution.to_line());
            }
            Err(error) => {
                diagnosis.message = error.to_string();
                match error {
                    PuzzleError::Parse(_) => diagnosis.status = VerdictKind::Invalid,
                    PuzzleError::Undecided(_) => diagnosis.status = VerdictKind::Undecided,
                    PuzzleError::DuplicateGiven { conflict, .. } => {
                        diagnosis.status = VerdictKind::Invalid;
                        diagnosis.cells = conflict.cells.to_vec();
                        diagnosis.house = Some(conflict.house);
                    }
                    PuzzleError::NoSolution { reason, .. } => {
                        diagnosis.status = VerdictKind::NoSolution;
                        match reason {
                            Some(Contradiction::NoCandidate(cell)) => diagnosis.cells = vec![cell],
                            Some(Contradiction::NoPlace(_, house)) => diagnosis.house = Some(house),
                            _ => {}
                        }
                    }
                    PuzzleError::SeveralSolutions {
                        first,
                        second,
                        differing,
                    } => {
                        diagnosis.status = VerdictKind::Several;
                        diagnosis.solution = Some(first.to_line());
                        diagnosis.second = Some(second.to_line());
                        diagnosis.cells = differing;
                    }
                }
            }
        }
        diagnosis
    }
}
