//! The HoDoKu profile: the score and level HoDoKu would give, computed along HoDoKu's own
//! solving order.
//!
//! HoDoKu does not apply the easiest step on the Sudoku Explainer scale: it walks a fixed list
//! of techniques (full house and naked single before hidden single, locked candidates before
//! subsets, basic fish before single-digit patterns, wings, uniqueness, finned fish,
//! colouring, chains, almost locked sets, forcing chains and nets) and applies the first that
//! applies. Its score sums the scores of the steps taken along that order, so the order
//! changes the score and, through the level's score ceilings, the level. This module uses our
//! finders in that order with HoDoKu's published scores; the rich ladder of the Human strategy
//! is left as it is for explaining.

use super::Level;
use crate::digits::DigitSet;
use crate::geometry::{Cell, Geometry, House, Shape};
use crate::grid::Grid;
use crate::logic::{self, Detail, Rung};
use crate::technique::{Technique, Uniqueness};
use crate::trace::{Board, Change};
use crate::util::bit_positions;
use std::sync::OnceLock;

/// HoDoKu's score for a puzzle that needs brute force (its "Brute Force" step).
pub const BRUTE_FORCE_SCORE: u32 = 10_000;

/// The rating HoDoKu's order gives a 9×9 puzzle.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HodokuRating {
    /// The sum of the scores of the steps along HoDoKu's order.
    pub score: u32,
    /// The level: the hardest technique's level, raised by the score ceilings.
    pub level: Level,
    /// HoDoKu's name for the step with the highest level (the first one of that level):
    /// "Brute Force" when our techniques ran out, `None` when no step was taken.
    pub hardest: Option<&'static str>,
    /// Whether our techniques ran out before the grid was full, where HoDoKu would use brute
    /// force (scored [`BRUTE_FORCE_SCORE`], level Extreme).
    pub needs_brute_force: bool,
}

/// The position of a technique in HoDoKu's solving order (lower is tried first).
fn order(technique: Technique) -> u32 {
    use Technique as T;
    match technique {
        T::FullHouse => 0,
        T::NakedSingle => 1,
        T::HiddenSingleBox => 2,
        T::HiddenSingleLine => 3,
        T::Pointing => 10,
        T::Claiming => 11,
        T::NakedPair => 20,
        T::NakedTriple => 21,
        T::HiddenPair => 22,
        T::HiddenTriple => 23,
        T::NakedQuad => 24,
        T::HiddenQuad => 25,
        T::XWing => 30,
        T::Swordfish => 31,
        T::Jellyfish => 32,
        T::Skyscraper => 40,
        T::TwoStringKite => 41,
        T::EmptyRectangle => 42,
        T::TurbotFish => 43,
        T::WWing => 50,
        T::XYWing => 51,
        T::XYZWing => 52,
        T::UniqueRectangle1 => 60,
        T::UniqueRectangle2 => 61,
        T::UniqueRectangle3 => 62,
        T::UniqueRectangle4 => 63,
        T::HiddenRectangle => 64,
        T::BugPlusOne => 65,
        T::RemotePair => 70,
        T::FinnedXWing => 80,
        T::SashimiXWing => 81,
        T::FinnedSwordfish => 82,
        T::SashimiSwordfish => 83,
        T::FinnedJellyfish => 84,
        T::SashimiJellyfish => 85,
        T::SimpleColouringTrap => 90,
        T::SimpleColouringWrap => 91,
        T::XChain => 100,
        T::XYChain => 101,
        T::Aic => 102,
        T::GroupedAic => 103,
        T::AlsXz => 110,
        T::AlsXyWing => 111,
        T::NishioForcingChain => 120,
        T::CellForcingChain => 121,
        T::UnitForcingChain => 122,
        _ => 1000,
    }
}

/// The level HoDoKu files a technique under. Our forcing chains are HoDoKu's forcing chains
/// and nets (Extreme); the rest follows [`Level::of_technique`].
fn level(technique: Technique) -> Level {
    Level::of_technique(technique)
}

/// Our finders for 9×9 classic puzzles in HoDoKu's order, with or without the uniqueness
/// techniques. The nested forcing chains are left out: HoDoKu's forcing chains and nets
/// follow singles and links only, never inner trials, and where ours need those HoDoKu
/// turns to brute force (as it does on every puzzle of the forum's hardest list).
fn ladder(uniqueness: Uniqueness) -> &'static [Rung] {
    static LADDERS: [OnceLock<Vec<Rung>>; 2] = [OnceLock::new(), OnceLock::new()];
    let known = usize::from(uniqueness == Uniqueness::Known);
    LADDERS[known].get_or_init(|| {
        let geometry = Geometry::classic(Shape::NINE);
        let mut rungs = logic::human_ladder_with(uniqueness, &geometry, Detail::Bare).to_vec();
        rungs.retain(|rung| rung.technique != Technique::NestedForcingChain);
        rungs.sort_by_key(|rung| order(rung.technique));
        rungs
    })
}

impl HodokuRating {
    /// Rates a 9×9 puzzle along HoDoKu's order, taking at most `max_steps` steps.
    pub fn of_puzzle(puzzle: &Grid, max_steps: usize) -> HodokuRating {
        let rungs = ladder(Uniqueness::of(puzzle));
        let mut board = Board::new(puzzle);
        let mut score = 0u32;
        let mut technique_level = Level::Easy;
        let mut hardest = None;
        let mut needs_brute_force = false;
        let geometry = Geometry::classic(Shape::NINE);
        let (singles, rest) = rungs.split_at(rungs.partition_point(|r| order(r.technique) < 10));
        for _ in 0..max_steps {
            if board.is_solved() {
                break;
            }
            if board.contradiction().is_some() {
                needs_brute_force = true;
                break;
            }
            let (name, step_score, step_level, changes) =
                match logic::next_deduction(singles, &board) {
                    Some(step) => (
                        hodoku_name(step.technique),
                        step.technique.score(),
                        level(step.technique),
                        step.changes,
                    ),
                    None => match locked_subset(&board, &geometry) {
                        Some(locked) => locked,
                        None => match logic::next_deduction(rest, &board) {
                            Some(step) => (
                                hodoku_name(step.technique),
                                step.technique.score(),
                                level(step.technique),
                                step.changes,
                            ),
                            None => {
                                needs_brute_force = true;
                                break;
                            }
                        },
                    },
                };
            score = score.saturating_add(step_score);
            if hardest.is_none() || step_level > technique_level {
                technique_level = technique_level.max(step_level);
                hardest = Some(name);
            }
            for change in changes {
                board.apply(change);
            }
        }
        if needs_brute_force {
            score = score.saturating_add(BRUTE_FORCE_SCORE);
            technique_level = Level::Extreme;
            hardest = Some("Brute Force");
        }
        let mut level = technique_level;
        while level.max_score().is_some_and(|max| score > max) {
            level = level.harder();
        }
        HodokuRating {
            score,
            level,
            hardest,
            needs_brute_force,
        }
    }
}

/// HoDoKu's name for one of our techniques.
fn hodoku_name(technique: Technique) -> &'static str {
    use Technique as T;
    match technique {
        T::HiddenSingleBox | T::HiddenSingleLine => "Hidden Single",
        T::Pointing => "Locked Candidates Type 1 (Pointing)",
        T::Claiming => "Locked Candidates Type 2 (Claiming)",
        T::SimpleColouringTrap => "Simple Colors Trap",
        T::SimpleColouringWrap => "Simple Colors Wrap",
        T::UniqueRectangle1 => "Uniqueness Test 1",
        T::UniqueRectangle2 => "Uniqueness Test 2",
        T::UniqueRectangle3 => "Uniqueness Test 3",
        T::UniqueRectangle4 => "Uniqueness Test 4",
        T::BugPlusOne => "Bivalue Universal Grave + 1",
        T::Aic => "AIC",
        T::GroupedAic => "Grouped AIC",
        T::AlsXz => "Almost Locked Set XZ-Rule",
        T::AlsXyWing => "Almost Locked Set XY-Wing",
        T::NishioForcingChain | T::CellForcingChain | T::UnitForcingChain => "Forcing Chain",
        other => other.name(),
    }
}

/// HoDoKu's Locked Pair and Locked Triple, tried before locked candidates: two (three) empty
/// cells where a box meets a row or column hold only two (three) digits between them, so
/// those digits leave the rest of both houses. Returns the name, score, level and changes.
fn locked_subset(
    board: &Board,
    geometry: &Geometry,
) -> Option<(&'static str, u32, Level, Vec<Change>)> {
    for size in [2, 3] {
        for line_id in 0..18 {
            let line = if line_id < 9 {
                House::row(line_id)
            } else {
                House::column(line_id - 9)
            };
            let line_cells = geometry.cells_of(line);
            for segment in 0..3 {
                let cells: Vec<Cell> = line_cells[segment * 3..segment * 3 + 3]
                    .iter()
                    .copied()
                    .filter(|&c| board.value(c).is_none())
                    .collect();
                if cells.len() < size {
                    continue;
                }
                let box_house = House::boxed(Shape::NINE.box_of(cells[0]));
                for chosen in subsets_of(&cells, size) {
                    let digits = chosen
                        .iter()
                        .fold(DigitSet::EMPTY, |all, &c| all.union(board.candidates(c)));
                    if digits.len() != size || chosen.iter().any(|&c| board.candidates(c).len() < 2)
                    {
                        continue;
                    }
                    let mut changes = Vec::new();
                    for house in [line, box_house] {
                        for &cell in geometry.cells_of(house) {
                            if chosen.contains(&cell) {
                                continue;
                            }
                            for digit in board.candidates(cell).intersection(digits).iter() {
                                let change = Change::Eliminate { cell, digit };
                                if !changes.contains(&change) {
                                    changes.push(change);
                                }
                            }
                        }
                    }
                    if !changes.is_empty() {
                        return Some(if size == 2 {
                            ("Locked Pair", 40, Level::Medium, changes)
                        } else {
                            ("Locked Triple", 60, Level::Medium, changes)
                        });
                    }
                }
            }
        }
    }
    None
}

/// The subsets of two or three of a few cells (all of them when there are exactly `size`).
fn subsets_of(cells: &[Cell], size: usize) -> Vec<Vec<Cell>> {
    let n = cells.len();
    let mut out = Vec::new();
    for mask in 0u32..(1 << n) {
        if mask.count_ones() as usize == size {
            out.push(bit_positions(mask).map(|i| cells[i]).collect());
        }
    }
    out
}
