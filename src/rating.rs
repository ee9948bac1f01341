//! Difficulty ratings on two scales side by side: from a trace, and on the peers' own terms.
//!
//! [`Rating::of_trace`] is a pure function of the steps of a trace: it rates what a shown
//! trace did. [`Rating::of_puzzle`] runs the Human strategy for the counters and the hardest
//! technique of our ladder and, for a classic 9×9 puzzle with one solution, takes ER/EP/ED
//! from the [Sudoku Explainer profile](se) (Sudoku Explainer's technique set and chain kinds,
//! always its easiest hint) and the score and level from the [HoDoKu profile](hodoku)
//! (HoDoKu's solving order and scores), so those numbers read as the peers would print them.
//! `source` says which. Explanations keep the rich ladder either way.
//!
//! # Sudoku Explainer scale
//! The difficulty of a deduction is its own ER ([`Step::er`]): its technique's difficulty,
//! plus Sudoku Explainer's length bonus for a chain.
//! - **ER** is the difficulty of the hardest deduction of the trace.
//! - **EP** is the difficulty of the hardest deduction up to and including the first
//!   deduction that places a digit.
//! - **ED** is the difficulty of the hardest deduction up to and including the first
//!   deduction that changes the board at all (removes a candidate or places a digit). Since
//!   every deduction changes the board, this is the difficulty of the first deduction, as in
//!   Sudoku Explainer.
//!
//! So `ED ≤ EP ≤ ER` whenever all three are known.
//!
//! The rule techniques of killers and other constraint puzzles (Cage Combinations, Innies and
//! Outies, Thermometer…) have no number on either peer's scale: theirs are Stepdoku's own, set
//! among the singles and locked candidates (docs/TECHNIQUES.md), and a constraint puzzle is
//! always rated from its trace.
//!
//! # HoDoKu scale
//! - **score** is the sum of the HoDoKu scores of every deduction.
//! - **level** is the level of the hardest technique used (see [`Level::of_technique`]),
//!   raised while the score is above that level's ceiling: Easy ≤ 800, Medium ≤ 1000,
//!   Hard ≤ 1600, Unfair ≤ 1800, Extreme above. A trace that guesses is Extreme, as HoDoKu
//!   rates a puzzle that needs brute force. HoDoKu's ceilings are for 9×9 grids; on other
//!   sizes they scale with the number of cells (×625/81 on 25×25), so a big grid solved by
//!   singles stays Easy.
//!
//! # Search steps
//! Guesses, contradictions and backtracks have no difficulty of their own. When a trace
//! guesses, `needs_guessing` is true and:
//! - ER is the hardest deduction the strategy did find, anywhere in the trace (under guesses
//!   too). It is then a lower bound: the puzzle is beyond the techniques the strategy knows.
//! - EP and ED count only the deductions before the first guess. When the first guess comes
//!   before any placement (or before any deduction), EP (or ED) is unknown: `None`, written
//!   `null` in JSON and `-` in text.
//! - The score sums every deduction, those under guesses included, so it measures the work
//!   the trace did.

pub mod agreement;
pub mod hodoku;
pub mod se;

use crate::grid::{Grid, Shape};
use crate::logic::Detail;
use crate::search::Budget;
use crate::strategy::{SearchStepper, Stepper};
use crate::technique::{Technique, Uniqueness};
use crate::trace::{Change, Step, StepKind};
use serde::Serialize;
use std::fmt;

/// A HoDoKu-style difficulty level, easiest first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Level {
    /// Singles only, and a score of at most 800.
    Easy,
    /// Locked candidates, pairs and triples; a score of at most 1000.
    Medium,
    /// Quads, basic fish, single-digit patterns, wings, colouring, uniqueness; at most 1600.
    Hard,
    /// Big and finned fish, chains, almost locked sets; at most 1800.
    Unfair,
    /// Forcing chains or guessing, or a score above 1800.
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];

    /// The name people use, such as "Hard".
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Unfair => "Unfair",
            Level::Extreme => "Extreme",
        }
    }

    /// The level with this name, in any case (`hard`, `Hard`).
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The highest score a puzzle of this level may have; `None` for Extreme.
    pub fn max_score(self) -> Option<u32> {
        match self {
            Level::Easy => Some(800),
            Level::Medium => Some(1000),
            Level::Hard => Some(1600),
            Level::Unfair => Some(1800),
            Level::Extreme => None,
        }
    }

    /// The next level up; Extreme stays Extreme.
    pub fn harder(self) -> Level {
        match self {
            Level::Easy => Level::Medium,
            Level::Medium => Level::Hard,
            Level::Hard => Level::Unfair,
            Level::Unfair | Level::Extreme => Level::Extreme,
        }
    }

    /// The level HoDoKu gives a technique. Search steps are Extreme, as HoDoKu files brute
    /// force there; techniques this table does not list get a level from their Sudoku
    /// Explainer difficulty.
    pub fn of_technique(technique: Technique) -> Level {
        use Technique as T;
        match technique {
            T::FullHouse | T::HiddenSingleBox | T::HiddenSingleLine | T::NakedSingle => Level::Easy,
            T::Pointing
            | T::Claiming
            | T::NakedPair
            | T::HiddenPair
            | T::NakedTriple
            | T::HiddenTriple => Level::Medium,
            T::XWing
            | T::FinnedXWing
            | T::SashimiXWing
            | T::Swordfish
            | T::NakedQuad
            | T::HiddenQuad
            | T::Skyscraper
            | T::TwoStringKite
            | T::TurbotFish
            | T::EmptyRectangle
            | T::XYWing
            | T::XYZWing
            | T::WWing
            | T::SimpleColouringTrap
            | T::SimpleColouringWrap
            | T::UniqueRectangle1
            | T::UniqueRectangle2
            | T::UniqueRectangle3
            | T::UniqueRectangle4
            | T::HiddenRectangle
            | T::BugPlusOne
            | T::RemotePair => Level::Hard,
            T::FinnedSwordfish
            | T::SashimiSwordfish
            | T::Jellyfish
            | T::FinnedJellyfish
            | T::SashimiJellyfish
            | T::XChain
            | T::XYChain
            | T::Aic
            | T::GroupedAic
            | T::AlsXz
            | T::AlsXyWing => Level::Unfair,
            T::NishioForcingChain
            | T::CellForcingChain
            | T::UnitForcingChain
            | T::NestedForcingChain => Level::Extreme,
            t if t.is_search() => Level::Extreme,
            other => Level::of_difficulty(other.difficulty()),
        }
    }

    /// A level for a technique the table does not list, from its Sudoku Explainer difficulty.
    fn of_difficulty(difficulty: f32) -> Level {
        if difficulty <= 2.3 {
            Level::Easy
        } else if difficulty < 3.2 {
            Level::Medium
        } else if difficulty < 5.2 {
            Level::Hard
        } else if difficulty < 7.6 {
            Level::Unfair
        } else {
            Level::Extreme
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The difficulty of a trace on the Sudoku Explainer and HoDoKu scales, with its counters.
/// See the [module documentation](self) for the definitions. On the wire (docs/FORMATS.md, "Wire
/// format") it is one camelCase record, the hardest technique as `hardest` (its name) and
/// `hardestId` (its slug).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Rating {
    /// Sudoku Explainer rating: the hardest deduction (0 when there is none).
    pub er: f32,
    /// Sudoku Explainer pearl: the hardest deduction up to the first placement, unless a
    /// guess came first.
    pub ep: Option<f32>,
    /// Sudoku Explainer diamond: the difficulty of the first deduction, unless a guess came
    /// first.
    pub ed: Option<f32>,
    /// HoDoKu score: the sum of the scores of every deduction.
    pub score: u32,
    /// HoDoKu level.
    pub level: Level,
    /// The hardest technique of the trace: that of the first deduction whose technique's
    /// difficulty is the largest. It goes by the technique, not by the step's own ER, so a
    /// rating of bare steps (whose forcing chains have no length bonus) names the technique
    /// the explained trace does; a chain's bonus may then make `er` come from a step of
    /// another technique (a Grouped AIC of ER 7.6 beside an ALS-XZ of 7.5).
    #[serde(flatten, serialize_with = "Technique::serialize_as_hardest")]
    pub hardest: Option<Technique>,
    /// Whether the trace guesses at least once.
    pub needs_guessing: bool,
    /// Whether the trace ends with every cell filled.
    pub solved: bool,
    /// Whether the trace stops before its end (neither solved nor shown unsolvable), as when
    /// a step cap cuts it short.
    pub truncated: bool,
    /// The number of steps of every kind, the final one included.
    pub n_steps: usize,
    /// The number of deductions.
    pub n_deductions: usize,
    /// The number of guesses.
    pub n_guesses: usize,
    /// The number of backtracks.
    pub n_backtracks: usize,
    /// Where ER/EP/ED and the score and level come from.
    pub source: RatingSource,
    /// Sudoku Explainer's name of its hardest step, with the peer profiles.
    pub se_hardest: Option<&'static str>,
    /// Whether ER is a lower bound because the Sudoku Explainer profile gave up (a puzzle
    /// that needs deeper nesting than it searches, "+ Dynamic Forcing Chains").
    pub er_is_lower_bound: bool,
    /// HoDoKu's name of its hardest step, with the peer profiles.
    pub hodoku_hardest: Option<&'static str>,
}

/// The ratings of the peer profiles for one puzzle.
struct PeerRatings {
    se: se::SeRating,
    hodoku: hodoku::HodokuRating,
}

impl PeerRatings {
    /// Whether the peer profiles rate `puzzle`, whose uniqueness `uniqueness` gives: a
    /// classic 9×9 puzzle without pencil marks, with one solution. The uniqueness is asked
    /// for last, as it may cost a count of the solutions (a fifth of a second on 25×25).
    fn fit(puzzle: &Grid, uniqueness: impl FnOnce() -> Uniqueness) -> bool {
        puzzle.shape() == Shape::NINE
            && puzzle.geometry().is_classic()
            && puzzle.marks().is_none()
            && uniqueness() == Uniqueness::Known
    }

    fn of(puzzle: &Grid) -> PeerRatings {
        PeerRatings {
            se: se::SeRating::of_puzzle(puzzle),
            hodoku: hodoku::HodokuRating::of_puzzle(puzzle, Rating::DEFAULT_MAX_STEPS),
        }
    }
}

/// Where the numbers of a rating come from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum RatingSource {
    /// The steps of our trace (the rich ladder): any grid, or a shown trace.
    Trace,
    /// The peer profiles: ER/EP/ED as Sudoku Explainer computes them, the score and level
    /// as HoDoKu does (classic 9×9 puzzles with one solution).
    PeerProfiles,
}

impl Rating {
    /// Rates a trace of a 9×9 puzzle.
    pub fn of_trace(steps: &[Step]) -> Rating {
        let mut rater = Rater::new();
        for step in steps {
            rater.record(step);
        }
        rater.rating()
    }

    /// Rates a puzzle by running the Human strategy on it, at most
    /// [`Rating::DEFAULT_MAX_STEPS`] steps.
    pub fn of_puzzle(puzzle: &Grid) -> Rating {
        Rating::of_puzzle_within(puzzle, Rating::DEFAULT_MAX_STEPS)
    }

    /// Rates a puzzle by running the Human strategy on it, at most `max_steps` steps; a trace
    /// cut short is rated as far as it went, with `truncated` set.
    pub fn of_puzzle_within(puzzle: &Grid, max_steps: usize) -> Rating {
        Rating::of_puzzle_until(puzzle, max_steps, Budget::DEFAULT)
    }

    /// Rates a puzzle as [`Rating::of_puzzle_within`] does, within `budget`: the count of
    /// solutions that comes first searches within it, and the trace stops, truncated, once
    /// its deadline (the caller's: the core reads no clock) has passed. A step of the Human
    /// strategy on a big grid takes up to a few milliseconds, and a search whose guesses meet
    /// dead end after dead end can take millions of them, so a step budget alone does not
    /// bound the time.
    ///
    /// Natively, once the Human trace takes a step of [`Rating::PEERS_BESIDE_FROM`] or more,
    /// the Sudoku Explainer profile runs on a second thread while the trace goes on: neither
    /// reads the other, and on a hard puzzle each takes tens of milliseconds.
    pub fn of_puzzle_until(puzzle: &Grid, max_steps: usize, budget: Budget) -> Rating {
        let uniqueness = Uniqueness::of_within(puzzle, budget);
        let go_on = || !budget.is_out_of_time();
        if !PeerRatings::fit(puzzle, || uniqueness) {
            return Rating::of_human_trace(puzzle, uniqueness, (max_steps, go_on), &mut || {});
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            std::thread::scope(|scope| {
                // The Sudoku Explainer profile, the longer one, goes to the second thread;
                // the HoDoKu profile follows the trace here.
                let mut beside = None;
                let rating =
                    Rating::of_human_trace(puzzle, uniqueness, (max_steps, go_on), &mut || {
                        beside
                            .get_or_insert_with(|| scope.spawn(|| se::SeRating::of_puzzle(puzzle)));
                    });
                if rating.truncated && beside.is_none() {
                    return rating;
                }
                let hodoku = hodoku::HodokuRating::of_puzzle(puzzle, Rating::DEFAULT_MAX_STEPS);
                let se = match beside {
                    Some(thread) => thread
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                    None => se::SeRating::of_puzzle(puzzle),
                };
                rating.with_peers(PeerRatings { se, hodoku })
            })
        }
        #[cfg(target_arch = "wasm32")]
        {
            let rating = Rating::of_human_trace(puzzle, uniqueness, (max_steps, go_on), &mut || {});
            if rating.truncated {
                return rating;
            }
            rating.with_peers(PeerRatings::of(puzzle))
        }
    }

    /// The difficulty of a Human step from which [`Rating::of_puzzle_until`] runs the Sudoku
    /// Explainer profile beside the trace: chains, where the profile takes milliseconds.
    /// Below it a second thread costs more than it saves.
    pub const PEERS_BESIDE_FROM: f32 = 6.0;

    /// Rates the Human trace of a puzzle of known uniqueness, at most `max_steps` steps while
    /// `go_on` says so (the steps bare, as a rating reads no explanation, so a forcing chain
    /// counts its technique's difficulty without a length bonus: see [`Step::er`]), calling
    /// `on_hard_step` at each step of [`Rating::PEERS_BESIDE_FROM`] or more.
    fn of_human_trace(
        puzzle: &Grid,
        uniqueness: Uniqueness,
        (max_steps, mut go_on): (usize, impl FnMut() -> bool),
        on_hard_step: &mut dyn FnMut(),
    ) -> Rating {
        let mut solver = SearchStepper::human_with(puzzle, uniqueness, Detail::Bare);
        let mut rater = Rater::for_shape(puzzle.shape());
        for _ in 0..max_steps {
            if !go_on() {
                break;
            }
            match solver.next_step() {
                Some(step) => {
                    rater.record(&step);
                    if step.difficulty >= Rating::PEERS_BESIDE_FROM {
                        on_hard_step();
                    }
                }
                None => break,
            }
        }
        rater.rating()
    }

    /// This rating of the Human trace of `puzzle` with ER/EP/ED from the Sudoku Explainer
    /// profile and the score and level from the HoDoKu profile, when the puzzle is a classic
    /// 9×9 one without pencil marks, with one solution, whose trace ended; otherwise
    /// unchanged.
    pub fn with_peer_profiles(self, puzzle: &Grid) -> Rating {
        if self.truncated || !PeerRatings::fit(puzzle, || Uniqueness::of(puzzle)) {
            return self;
        }
        self.with_peers(PeerRatings::of(puzzle))
    }

    /// This rating with the peer profiles' numbers, unless its trace was cut short.
    fn with_peers(mut self, peers: PeerRatings) -> Rating {
        if self.truncated {
            return self;
        }
        let PeerRatings { se, hodoku } = peers;
        self.er = se.er;
        self.ep = se.ep;
        self.ed = se.ed;
        self.se_hardest = se.hardest;
        self.er_is_lower_bound = se.outcome != se::SeOutcome::Solved;
        self.score = hodoku.score;
        self.level = hodoku.level;
        self.hodoku_hardest = hodoku.hardest;
        self.source = RatingSource::PeerProfiles;
        self
    }

    /// The step cap of [`Rating::of_puzzle`]: far more than any 9×9 trace needs, and a bound
    /// on the work for pathological inputs such as an empty 25×25 grid.
    pub const DEFAULT_MAX_STEPS: usize = 100_000;
}

/// Rates a trace one step at a time, so a long trace need not be kept in memory.
#[derive(Clone, Debug)]
pub struct Rater {
    er: f32,
    ep: Option<f32>,
    ed: Option<f32>,
    /// The hardest difficulty so far, while EP is still open.
    hardest_before_placement: f32,
    /// The difficulty of the technique of `hardest`.
    hardest_difficulty: f32,
    has_guessed: bool,
    score: u32,
    technique_level: Level,
    hardest: Option<Technique>,
    last_kind: Option<StepKind>,
    n_steps: usize,
    n_deductions: usize,
    n_guesses: usize,
    n_backtracks: usize,
    /// The cells of the grid rated, which scale the level's score ceilings.
    n_cells: u32,
}

impl Default for Rater {
    fn default() -> Rater {
        Rater::new()
    }
}

impl Rater {
    /// A rater for a 9×9 grid that has seen no step.
    pub fn new() -> Rater {
        Rater::for_shape(Shape::NINE)
    }

    /// A rater for a grid of this shape that has seen no step.
    pub fn for_shape(shape: Shape) -> Rater {
        Rater {
            er: 0.0,
            ep: None,
            ed: None,
            hardest_before_placement: 0.0,
            hardest_difficulty: 0.0,
            has_guessed: false,
            score: 0,
            technique_level: Level::Easy,
            hardest: None,
            last_kind: None,
            n_steps: 0,
            n_deductions: 0,
            n_guesses: 0,
            n_backtracks: 0,
            n_cells: shape.n_cells() as u32,
        }
    }

    /// Takes the next step of the trace into account.
    pub fn record(&mut self, step: &Step) {
        self.n_steps += 1;
        self.last_kind = Some(step.kind);
        match step.kind {
            StepKind::Deduction => self.record_deduction(step),
            StepKind::Guess => {
                self.n_guesses += 1;
                self.has_guessed = true;
                self.technique_level = Level::Extreme;
            }
            StepKind::Backtrack => self.n_backtracks += 1,
            StepKind::Contradiction | StepKind::Solved | StepKind::Unsolvable => {}
        }
    }

    fn record_deduction(&mut self, step: &Step) {
        // The step's own ER, its chain's length bonus included: the trace's ER is then the
        // largest a step of it shows.
        let difficulty = step.er;
        self.n_deductions += 1;
        self.score = self.score.saturating_add(step.technique.score());
        self.technique_level = self
            .technique_level
            .max(Level::of_technique(step.technique));
        self.er = self.er.max(difficulty);
        if self.hardest.is_none() || step.difficulty > self.hardest_difficulty {
            self.hardest_difficulty = step.difficulty;
            self.hardest = Some(step.technique);
        }
        if self.has_guessed {
            return;
        }
        if self.ed.is_none() && !step.changes.is_empty() {
            self.ed = Some(difficulty);
        }
        if self.ep.is_none() {
            self.hardest_before_placement = self.hardest_before_placement.max(difficulty);
            if step
                .changes
                .iter()
                .any(|c| matches!(c, Change::Place { .. }))
            {
                self.ep = Some(self.hardest_before_placement);
            }
        }
    }

    /// The rating of the steps seen so far.
    pub fn rating(&self) -> Rating {
        let mut level = self.technique_level;
        let nine = Shape::NINE.n_cells() as u32;
        while level
            .max_score()
            .is_some_and(|max| self.score > max * self.n_cells / nine)
        {
            level = level.harder();
        }
        let solved = self.last_kind == Some(StepKind::Solved);
        let ended = solved || self.last_kind == Some(StepKind::Unsolvable);
        Rating {
            er: self.er,
            ep: self.ep,
            ed: self.ed,
            score: self.score,
            level,
            hardest: self.hardest,
            needs_guessing: self.has_guessed,
            solved,
            truncated: !ended,
            n_steps: self.n_steps,
            n_deductions: self.n_deductions,
            n_guesses: self.n_guesses,
            n_backtracks: self.n_backtracks,
            source: RatingSource::Trace,
            se_hardest: None,
            er_is_lower_bound: self.has_guessed,
            hodoku_hardest: None,
        }
    }
}
