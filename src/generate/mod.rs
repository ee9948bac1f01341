//! New puzzles: a random solution grid, givens taken away while the solution stays unique,
//! and the Human strategy's rating checked against what was asked.
//!
//! A [`Generator`] makes one candidate puzzle per [`Generator::try_once`] and keeps it only
//! when its rating meets the [`Target`]. Everything it draws comes from one seeded PCG
//! stream and integer arithmetic, so a seed and a [`Request`] give the same puzzles natively
//! and in wasm. Each candidate:
//! 1. fills an empty grid of the layout at random (cells with the fewest candidates first,
//!    digits in random order, starting over after a fixed number of dead ends: `fill.rs`);
//! 2. visits the [`Symmetry`]'s orbits of cells (`symmetry.rs`) in random order and empties
//!    each orbit whose removal keeps the solution unique (proven by an exact search within a
//!    budget: `dig.rs`). One pass leaves a minimal puzzle: emptying more cells only adds
//!    solutions, so an orbit that could not go when it was visited cannot go later either.
//!    On 25×25 the budget of a check is small, and minimal means only that no orbit could go
//!    by a check within it (see `dig.rs`);
//! 3. runs the Human strategy on it and rates the trace, giving up as soon as a step is
//!    harder than the target allows.
//!
//! [`Generator::try_once_while`] and [`Generator::next_puzzle_while`] do the same work in
//! slices: they ask a `go_on` callback between two pieces of it (a fill, a uniqueness check,
//! a step of the trace) and keep the candidate under way when it says stop, so a caller
//! bound by a clock (the page's worker, `stepdoku generate --max-seconds`) gets the same
//! puzzles as one that is not.
//!
//! A candidate that falls short of its target (an ER too low) is kept when it is the closest
//! so far, and the next tries climb from it: a few of its solution's cells are given back and
//! the givens taken away again in a new order, which makes a different minimal puzzle with
//! the same solution. After `CLIMB_STEPS` such tries the generator starts afresh. Hard
//! targets (an ER of 9 and more) come within seconds this way where fresh grids alone would
//! take hours.

mod dig;
mod fill;
mod killer;
mod symmetry;

pub use fill::fill;
pub use symmetry::Symmetry;

use crate::geometry::{Cell, Geometry, Shape};
use crate::grid::layout_of_tag;
use crate::grid::Grid;
use crate::logic;
use crate::rating::{Level, Rater, Rating};
use crate::strategy::{SearchStepper, Stepper};
use crate::technique::{Technique, Uniqueness};
use crate::trace::StepKind;
use dig::{Dig, UniquenessCheck};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;
use std::sync::Arc;

/// A range of Sudoku Explainer ratings (ER), both ends included.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ErRange {
    /// The lowest ER accepted.
    pub min: f32,
    /// The highest ER accepted.
    pub max: f32,
}

impl ErRange {
    /// Reads `4.0-6.0`, or a single number such as `7.1` for that ER alone; `None` for
    /// anything else, or when the range is empty.
    pub fn parse(text: &str) -> Option<ErRange> {
        let number = |s: &str| s.trim().parse::<f32>().ok().filter(|x| x.is_finite());
        let (min, max) = match text.split_once('-') {
            Some((low, high)) => (number(low)?, number(high)?),
            None => (number(text)?, number(text)?),
        };
        (min <= max).then_some(ErRange { min, max })
    }

    /// Whether an ER is in the range, read to the tenth as ratings are written.
    pub fn contains(self, er: f32) -> bool {
        let tenths = |x: f32| (x * 10.0).round() as i32;
        (tenths(self.min)..=tenths(self.max)).contains(&tenths(er))
    }
}

impl fmt::Display for ErRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1}-{:.1}", self.min, self.max)
    }
}

/// What the Human strategy's trace of a new puzzle must show. Whatever the target, the trace
/// must solve the puzzle, and only [`Target::Any`] and [`Level::Extreme`] accept a trace that
/// guesses.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Target {
    /// Any puzzle with a unique solution.
    Any,
    /// A puzzle of this HoDoKu level.
    Level(Level),
    /// A puzzle whose ER is in this range.
    Er(ErRange),
    /// A puzzle whose trace uses this technique and nothing harder.
    Needs(Technique),
    /// A puzzle solved by singles alone (full house, hidden and naked singles).
    SinglesOnly,
}

impl Target {
    /// Whether a technique is one of the singles.
    fn is_single(technique: Technique) -> bool {
        logic::SINGLES
            .iter()
            .any(|rung| rung.technique == technique)
    }

    /// Whether a trace may go on after a step of this technique with this difficulty.
    fn allows(self, technique: Technique, difficulty: f32) -> bool {
        if technique.is_search() {
            return technique != Technique::Guess
                || matches!(self, Target::Any | Target::Level(Level::Extreme));
        }
        match self {
            Target::Any => true,
            Target::Level(level) => Level::of_technique(technique) <= level,
            Target::Er(range) => difficulty <= range.max + 0.05,
            Target::Needs(needed) => technique == needed || difficulty <= needed.difficulty(),
            Target::SinglesOnly => Target::is_single(technique),
        }
    }

    /// Whether a finished rating meets the target; `used` says whether the trace used the
    /// technique a [`Target::Needs`] asks for.
    fn accepts(self, rating: &Rating, used: bool) -> bool {
        rating.solved
            && match self {
                Target::Any => true,
                Target::Level(level) => rating.level == level,
                Target::Er(range) => range.contains(rating.er),
                Target::Needs(_) => used,
                Target::SinglesOnly => true,
            }
    }

    /// The target that a technique's slug names (`x-wing`: [`Target::Needs`]), or
    /// `singles` for [`Target::SinglesOnly`].
    pub fn of_technique_slug(slug: &str) -> Option<Target> {
        match slug.trim() {
            "singles" => Some(Target::SinglesOnly),
            slug => Technique::from_slug(slug).map(Target::Needs),
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Any => f.write_str("any"),
            Target::Level(level) => f.write_str(level.name()),
            Target::Er(range) => write!(f, "ER {range}"),
            Target::Needs(technique) => write!(f, "needs {}", technique.name()),
            Target::SinglesOnly => f.write_str("singles only"),
        }
    }
}

/// How many givens a new puzzle keeps.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Givens {
    /// As few as the symmetry allows: no orbit of givens can go without a second solution.
    Minimal,
    /// Givens are taken away only while at least this many remain, so the puzzle has this
    /// many or more and need not be minimal.
    AtLeast(usize),
}

/// What holds a new puzzle's solution in place.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Clues {
    /// Givens, dug from a full grid (see the module's description).
    Givens,
    /// Killer cages with their sums and no givens (see `killer.rs`): the layout's houses and
    /// the cages alone leave the one solution.
    Cages,
}

/// Which techniques the rating's Human trace may use.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ladder {
    /// The whole ladder, the uniqueness techniques included (a new puzzle has one solution).
    Full,
    /// The ladder without the techniques that rely on the puzzle having one solution.
    WithoutUniqueness,
}

/// Why a request cannot be met.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RequestError {
    /// The technique asked for is a search step, or not on the layout's ladder.
    TechniqueUnavailable(Technique),
    /// An option that shapes givens (a symmetry, a number of givens) asked of a killer,
    /// which has none.
    NoGivens(&'static str),
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RequestError::TechniqueUnavailable(t) => write!(
                f,
                "no puzzle can need {}: the Human strategy does not use it on this layout with these options",
                t.name()
            ),
            RequestError::NoGivens(option) => {
                write!(f, "a killer has no givens, so no {option}")
            }
        }
    }
}

impl std::error::Error for RequestError {}

/// What to generate: the layout and what the puzzle must be like.
#[derive(Clone, Debug)]
pub struct Request {
    /// The layout of the grid.
    pub layout: Arc<Geometry>,
    /// The symmetry of the givens' pattern.
    pub symmetry: Symmetry,
    /// What the rating must show.
    pub target: Target,
    /// How many givens to keep.
    pub givens: Givens,
    /// The techniques the rating may use.
    pub ladder: Ladder,
    /// What holds the solution in place: givens or killer cages.
    pub clues: Clues,
}

impl Request {
    /// A request for any minimal puzzle of a layout, with no symmetry.
    pub fn new(layout: Arc<Geometry>) -> Request {
        Request {
            layout,
            symmetry: Symmetry::None,
            target: Target::Any,
            givens: Givens::Minimal,
            ladder: Ladder::Full,
            clues: Clues::Givens,
        }
    }

    /// Checks that the request can be met at all: a needed technique must be a deduction the
    /// Human strategy uses on the layout with the ladder asked for.
    pub fn check(&self) -> Result<(), RequestError> {
        if self.clues == Clues::Cages {
            if self.symmetry != Symmetry::None {
                return Err(RequestError::NoGivens("symmetry of givens"));
            }
            if self.givens != Givens::Minimal {
                return Err(RequestError::NoGivens("number of givens"));
            }
        }
        if let Target::Needs(technique) = self.target {
            let on_ladder = logic::human_ladder(self.uniqueness(), &self.layout)
                .iter()
                .any(|rung| rung.technique == technique);
            if !on_ladder {
                return Err(RequestError::TechniqueUnavailable(technique));
            }
        }
        Ok(())
    }

    fn uniqueness(&self) -> Uniqueness {
        match self.ladder {
            Ladder::Full => Uniqueness::Known,
            Ladder::WithoutUniqueness => Uniqueness::Unknown,
        }
    }
}

/// The largest seed: seeds are whole numbers below 2^53, which JavaScript numbers (and so
/// links and the page) hold exactly.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// The seed of the puzzle of the day for a date written `YYYY-MM-DD`: the number `YYYYMMDD`,
/// so every page and the command line give the same puzzle on the same day. The date must be
/// a day of the (proleptic Gregorian) calendar, from year 1 to 9999: 2024-02-29 is one,
/// 2025-02-29 and 2026-04-31 are not.
pub fn seed_of_date(date: &str) -> Result<u64, DateError> {
    let mut parts = date.trim().splitn(3, '-');
    let mut part = |digits: usize, range: std::ops::RangeInclusive<u16>| {
        parts
            .next()
            .filter(|p| p.len() == digits && p.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|p| p.parse::<u16>().ok())
            .filter(|n| range.contains(n))
            .ok_or(DateError::NotADate)
    };
    let (year, month, day) = (part(4, 1..=9999)?, part(2, 1..=12)?, part(2, 1..=31)?);
    let calendar_month = time::Month::try_from(month as u8).map_err(|_| DateError::NotADate)?;
    if time::Date::from_calendar_date(i32::from(year), calendar_month, day as u8).is_err() {
        return Err(DateError::NoSuchDay {
            year,
            month: month as u8,
            day: day as u8,
            n_days: calendar_month.length(i32::from(year)),
        });
    }
    Ok(u64::from(year) * 10_000 + u64::from(month) * 100 + u64::from(day))
}

/// Why a text names no day for the puzzle of the day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DateError {
    /// Not written `YYYY-MM-DD` with a year from 0001 to 9999, a month from 01 to 12 and a
    /// day from 01 to 31.
    NotADate,
    /// Written so, but the month has fewer days: 2026-02-31.
    NoSuchDay {
        year: u16,
        month: u8,
        day: u8,
        /// The days of that month in that year.
        n_days: u8,
    },
}

impl std::fmt::Display for DateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            DateError::NotADate => write!(f, "not a date: use YYYY-MM-DD"),
            DateError::NoSuchDay {
                year,
                month,
                day,
                n_days,
            } => {
                let month_name = time::Month::try_from(month).map_err(|_| std::fmt::Error)?;
                write!(
                    f,
                    "{year:04}-{month:02}-{day:02} is not a day of the calendar: \
                     {month_name} {year} has {n_days} days"
                )
            }
        }
    }
}

impl std::error::Error for DateError {}

/// A request on the wire, as the page sends one: `{ size, tag, level, er, technique,
/// symmetry, givens, uniqueness }`, every field optional. `size` defaults to 9, `tag` (a
/// variant's tag, as [`Geometry::tag`] writes it) to classic; at most one of `level` (a
/// level's name), `er` (`4.0-6.0`) and `technique` (a slug, or `singles`); `symmetry` a slug
/// of [`Symmetry`]; `givens` a number of givens to keep at least (minimal when absent);
/// `uniqueness: false` rates without the uniqueness techniques.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RequestRecord {
    /// The grid's size (9 for 9×9).
    pub size: Option<usize>,
    /// The variant's tag; empty or absent for classic.
    pub tag: Option<String>,
    /// A level's name.
    pub level: Option<String>,
    /// An ER range.
    pub er: Option<String>,
    /// A technique's slug, or `singles`.
    pub technique: Option<String>,
    /// A symmetry's slug.
    pub symmetry: Option<String>,
    /// The fewest givens to keep.
    pub givens: Option<usize>,
    /// Whether the rating may use the uniqueness techniques (default true).
    pub uniqueness: Option<bool>,
}

impl RequestRecord {
    /// The request the record describes, or a sentence saying what is wrong with it.
    pub fn request(&self) -> Result<Request, String> {
        let size = self.size.unwrap_or(9);
        let shape = Shape::from_size(size).ok_or(format!("no grid is {size}×{size}"))?;
        let layout =
            layout_of_tag(shape, self.tag.as_deref().unwrap_or("")).map_err(|e| e.to_string())?;
        let mut request = Request::new(layout);
        let targets = [&self.level, &self.er, &self.technique];
        if targets.iter().filter(|t| t.is_some()).count() > 1 {
            return Err("ask for one of a level, an ER range or a technique".to_string());
        }
        if let Some(name) = &self.level {
            let level = Level::from_name(name).ok_or(format!("{name:?} is not a level"))?;
            request.target = Target::Level(level);
        }
        if let Some(range) = &self.er {
            let range = ErRange::parse(range)
                .ok_or(format!("{range:?} is not an ER range such as 4.0-6.0"))?;
            request.target = Target::Er(range);
        }
        if let Some(slug) = &self.technique {
            request.target =
                Target::of_technique_slug(slug).ok_or(format!("{slug:?} is not a technique"))?;
        }
        if let Some(slug) = &self.symmetry {
            request.symmetry =
                Symmetry::from_slug(slug).ok_or(format!("{slug:?} is not a symmetry"))?;
        }
        if let Some(n) = self.givens {
            request.givens = Givens::AtLeast(n);
        }
        if self.uniqueness == Some(false) {
            request.ladder = Ladder::WithoutUniqueness;
        }
        request.check().map_err(|e| e.to_string())?;
        Ok(request)
    }
}

/// A new puzzle: the puzzle, its solution, its rating and how to make it again.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle (givens only).
    pub puzzle: Grid,
    /// Its one solution.
    pub solution: Grid,
    /// The Human strategy's rating of it.
    pub rating: Rating,
    /// The seed of the generator that made it.
    pub seed: u64,
    /// The candidates the generator made for it, this one included.
    pub tries: u64,
}

/// A new puzzle on the wire: `{ puzzle, solution, seed, tries, rating }`, the grids as
/// lines and the rating as docs/FORMATS.md (Wire format) writes one.
impl Serialize for Generated {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut record = serializer.serialize_struct("Generated", 5)?;
        record.serialize_field("puzzle", &self.puzzle.to_line())?;
        record.serialize_field("solution", &self.solution.to_line())?;
        record.serialize_field("seed", &self.seed)?;
        record.serialize_field("tries", &self.tries)?;
        record.serialize_field("rating", &self.rating)?;
        record.end()
    }
}

/// What a call of [`Generator::try_once_while`] came to.
#[derive(Clone, Debug)]
pub enum Progress {
    /// The candidate met the target: the new puzzle (boxed, as it is much larger than the
    /// other variants).
    Met(Box<Generated>),
    /// The candidate was made and rated, and missed the target.
    Missed,
    /// The caller said to stop before the candidate was made and rated; the next call goes on
    /// with it where it stopped.
    Paused,
}

/// Where the generator's current candidate stands between two calls.
enum Phase {
    /// No candidate is under way: the next call starts one.
    Start,
    /// Givens are being taken away.
    Digging(Dig),
    /// A solution grid is being cut into killer cages: the cuttings left to try on it.
    Cutting(Grid, u32),
    /// The puzzle is being rated.
    Rating(Box<Rate>),
}

/// Makes puzzles for one request from one seed; see the module's description.
pub struct Generator {
    request: Request,
    seed: u64,
    rng: Pcg64Mcg,
    check: UniquenessCheck,
    orbits: Vec<Vec<Cell>>,
    tries: u64,
    /// The candidate that came closest to the target, which the next tries start from.
    closest: Option<Closest>,
    /// Tries made from closest candidates since the last fresh solution grid.
    climb: u32,
    /// The candidate under way, kept when a call was told to stop.
    phase: Phase,
}

impl Generator {
    /// A generator for a request, checked first (see [`Request::check`]).
    pub fn new(request: Request, seed: u64) -> Result<Generator, RequestError> {
        request.check()?;
        Ok(Generator {
            check: UniquenessCheck::for_layout(&request.layout),
            orbits: request.symmetry.orbits(request.layout.shape()),
            rng: Pcg64Mcg::seed_from_u64(seed),
            request,
            seed,
            tries: 0,
            closest: None,
            climb: 0,
            phase: Phase::Start,
        })
    }

    /// The number of candidates made so far, the one under way included.
    pub fn tries(&self) -> u64 {
        self.tries
    }

    /// The request.
    pub fn request(&self) -> &Request {
        &self.request
    }

    /// Makes one candidate puzzle: the puzzle when it meets the target, otherwise `None`.
    pub fn try_once(&mut self) -> Option<Generated> {
        match self.try_once_while(|| true) {
            Progress::Met(found) => Some(*found),
            Progress::Missed | Progress::Paused => None,
        }
    }

    /// Makes one candidate puzzle as [`Generator::try_once`] does, asking `go_on` between
    /// two pieces of work (a uniqueness check while digging, a step of the rating's trace)
    /// whether to go on. When it says no, the call returns [`Progress::Paused`] and the next
    /// call goes on with the same candidate, so a seed gives the same puzzles however the
    /// work is sliced. Each call does some work before it asks: the fill of a fresh solution
    /// grid, one check or one step of the trace.
    pub fn try_once_while(&mut self, mut go_on: impl FnMut() -> bool) -> Progress {
        loop {
            match std::mem::replace(&mut self.phase, Phase::Start) {
                Phase::Start if self.request.clues == Clues::Cages => {
                    self.tries += 1;
                    let solution = fill(&self.request.layout, &mut self.rng);
                    self.phase = Phase::Cutting(solution, killer::CUTS_PER_GRID);
                    if !go_on() {
                        return Progress::Paused;
                    }
                }
                Phase::Cutting(solution, left) => {
                    match killer::cut(&solution, &mut self.rng) {
                        Some(puzzle) => {
                            let rate = Rate::new(puzzle, solution, self.request.uniqueness());
                            self.phase = Phase::Rating(Box::new(rate));
                        }
                        None if left > 1 => self.phase = Phase::Cutting(solution, left - 1),
                        None => return Progress::Missed,
                    }
                    if !go_on() {
                        return Progress::Paused;
                    }
                }
                Phase::Start => {
                    let dig = self.start_try();
                    self.phase = Phase::Digging(dig);
                    // A fresh 25×25 solution grid takes up to 80 ms to fill: a piece of work
                    // of its own.
                    if !go_on() {
                        return Progress::Paused;
                    }
                }
                Phase::Digging(mut dig) => {
                    if !dig.run(&self.orbits, &mut self.check, &mut go_on) {
                        self.phase = Phase::Digging(dig);
                        return Progress::Paused;
                    }
                    let (puzzle, solution) = dig.finish(&self.request.layout);
                    let rate = Rate::new(puzzle, solution, self.request.uniqueness());
                    self.phase = Phase::Rating(Box::new(rate));
                    if !go_on() {
                        return Progress::Paused;
                    }
                }
                Phase::Rating(mut rate) => match rate.run(self.request.target, &mut go_on) {
                    Some(outcome) => return self.finish_try(*rate, outcome),
                    None => {
                        self.phase = Phase::Rating(rate);
                        return Progress::Paused;
                    }
                },
            }
        }
    }

    /// Starts a candidate: a fresh solution grid, or a neighbour of the closest candidate,
    /// ready to be dug.
    fn start_try(&mut self) -> Dig {
        self.tries += 1;
        let (solution, start) = match self.closest.take() {
            Some(closest) if self.climb < CLIMB_STEPS => {
                self.climb += 1;
                let start = self.neighbour(&closest);
                (closest.solution, start)
            }
            _ => {
                self.climb = 0;
                let solution = fill(&self.request.layout, &mut self.rng);
                let start = solution.values().to_vec();
                (solution, start)
            }
        };
        Dig::new(
            solution,
            start,
            self.orbits.len(),
            self.request.givens,
            &mut self.rng,
        )
    }

    /// The end of a candidate: the new puzzle when it met the target; otherwise it may be
    /// the closest so far.
    fn finish_try(&mut self, rate: Rate, outcome: Result<Rating, Miss>) -> Progress {
        let Rate {
            puzzle, solution, ..
        } = rate;
        match outcome {
            Ok(rating) => Progress::Met(Box::new(Generated {
                puzzle,
                solution,
                rating,
                seed: self.seed,
                tries: self.tries,
            })),
            // A killer's cages are cut afresh each time: no climbing from the closest.
            Err(Miss::TooEasy(_)) if self.request.clues == Clues::Cages => Progress::Missed,
            Err(Miss::TooEasy(hardness)) => {
                self.closest = match self.closest.take() {
                    Some(closest) if closest.hardness > hardness => Some(closest),
                    _ => Some(Closest {
                        puzzle,
                        solution,
                        hardness,
                    }),
                };
                Progress::Missed
            }
            Err(Miss::TooHard) => Progress::Missed,
        }
    }

    /// The closest puzzle's givens with a few more orbits of its solution given, for a
    /// [`Dig`] to take away again in another order.
    fn neighbour(&mut self, closest: &Closest) -> Vec<u8> {
        let mut values = closest.puzzle.values().to_vec();
        let mut empty: Vec<&Vec<Cell>> = self
            .orbits
            .iter()
            .filter(|orbit| values[orbit[0].index()] == 0)
            .collect();
        let (chosen, _) = empty.partial_shuffle(&mut self.rng, NEIGHBOUR_ORBITS);
        for orbit in chosen.iter() {
            for cell in orbit.iter() {
                values[cell.index()] = closest.solution.values()[cell.index()];
            }
        }
        values
    }

    /// The next puzzle that meets the target, however many candidates it takes: only for
    /// targets known to be met (a level, a common technique); see
    /// [`Generator::next_puzzle_within`] and [`Generator::next_puzzle_while`].
    pub fn next_puzzle(&mut self) -> Generated {
        loop {
            if let Some(found) = self.try_once() {
                return found;
            }
        }
    }

    /// The next puzzle that meets the target within `max_tries` more candidates, if one
    /// does. Some targets are never met: the Human strategy finds every Skyscraper as a
    /// finned or sashimi X-Wing first, and a 4×4 grid never needs more than singles.
    pub fn next_puzzle_within(&mut self, max_tries: u64) -> Option<Generated> {
        (0..max_tries).find_map(|_| self.try_once())
    }

    /// The next puzzle that meets the target, made by [`Generator::try_once_while`] while
    /// `go_on` says to go on; `None` once it says to stop (the candidate under way goes on at
    /// the next call). Bound by a clock, this slices the work: a seed gives the same puzzles
    /// as [`Generator::next_puzzle`] however many calls they take.
    pub fn next_puzzle_while(&mut self, mut go_on: impl FnMut() -> bool) -> Option<Generated> {
        loop {
            match self.try_once_while(&mut go_on) {
                Progress::Met(found) => return Some(*found),
                Progress::Paused => return None,
                Progress::Missed if !go_on() => return None,
                Progress::Missed => {}
            }
        }
    }
}

/// The rating of a dug candidate under way: its Human trace so far.
struct Rate {
    puzzle: Grid,
    solution: Grid,
    stepper: SearchStepper,
    rater: Rater,
    /// Whether the trace used the technique a [`Target::Needs`] asks for.
    used: bool,
    n_steps: usize,
}

impl Rate {
    fn new(puzzle: Grid, solution: Grid, uniqueness: Uniqueness) -> Rate {
        Rate {
            stepper: SearchStepper::human(&puzzle, uniqueness),
            rater: Rater::for_shape(puzzle.shape()),
            puzzle,
            solution,
            used: false,
            n_steps: 0,
        }
    }

    /// Rates the puzzle as [`Rating::of_puzzle`] does, stopping at the first step of its
    /// Human trace that the target does not allow; asks `go_on` before every step but the
    /// first of the call, and gives `None` when it says to stop.
    fn run(
        &mut self,
        target: Target,
        go_on: &mut impl FnMut() -> bool,
    ) -> Option<Result<Rating, Miss>> {
        let mut n_taken = 0;
        while self.n_steps < Rating::DEFAULT_MAX_STEPS {
            if n_taken > 0 && !go_on() {
                return None;
            }
            let Some(step) = self.stepper.next_step() else {
                break;
            };
            n_taken += 1;
            self.n_steps += 1;
            if !target.allows(step.technique, step.difficulty) {
                return Some(Err(Miss::TooHard));
            }
            self.used |=
                step.kind == StepKind::Deduction && Target::Needs(step.technique) == target;
            self.rater.record(&step);
        }
        // The rating people see: on classic 9×9 grids, ER/EP/ED and the level on the peers'
        // own terms (the trace's steps above only prune, as the profiles rarely rate lower).
        let rating = self.rater.rating().with_peer_profiles(&self.puzzle);
        Some(if target.accepts(&rating, self.used) {
            Ok(rating)
        } else if rating.solved && !rating.needs_guessing {
            Err(Miss::TooEasy(Hardness::of(&rating)))
        } else {
            Err(Miss::TooHard)
        })
    }
}

/// Why a candidate puzzle missed the target.
enum Miss {
    /// Its trace went past what the target allows (or guessed, or stopped unsolved).
    TooHard,
    /// Its trace stayed within the target but fell short of it.
    TooEasy(Hardness),
}

/// How hard a candidate that fell short was: its ER, then its HoDoKu score, which still
/// grows where the ER stands still (many puzzles share the ER of their hardest technique).
#[derive(Copy, Clone, Debug, PartialEq, PartialOrd)]
struct Hardness {
    er: f32,
    score: u32,
}

impl Hardness {
    fn of(rating: &Rating) -> Hardness {
        Hardness {
            er: rating.er,
            score: rating.score,
        }
    }
}

/// The candidate that came closest to a target it fell short of: the hardest so far.
struct Closest {
    puzzle: Grid,
    solution: Grid,
    hardness: Hardness,
}

/// Candidates made from the closest one before the generator starts afresh.
const CLIMB_STEPS: u32 = 40;

/// Orbits of the solution given back to make a neighbour of the closest candidate.
const NEIGHBOUR_ORBITS: usize = 3;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_is_a_day_of_the_calendar() {
        assert_eq!(seed_of_date("2024-02-29"), Ok(20_240_229));
        assert_eq!(seed_of_date("2000-02-29"), Ok(20_000_229));
        assert_eq!(seed_of_date("2026-12-31"), Ok(20_261_231));
        for (date, n_days) in [
            ("2026-02-31", 28),
            ("2026-04-31", 30),
            ("2025-02-29", 28),
            ("1900-02-29", 28),
        ] {
            let error = seed_of_date(date).unwrap_err();
            assert!(
                matches!(error, DateError::NoSuchDay { n_days: n, .. } if n == n_days),
                "{date}: {error:?}"
            );
        }
        assert_eq!(
            seed_of_date("2026-02-31").unwrap_err().to_string(),
            "2026-02-31 is not a day of the calendar: February 2026 has 28 days"
        );
        assert_eq!(
            seed_of_date("2026-13-01").unwrap_err().to_string(),
            "not a date: use YYYY-MM-DD"
        );
    }
}
