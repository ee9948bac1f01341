//! The generator: every puzzle it makes has one solution (both exact searches agree), is
//! minimal unless asked otherwise, has the symmetry asked for and rates as asked; a seed
//! gives the same puzzle every time (tests/data/generated.txt, which the wasm tests make
//! again in the browser).

#[path = "common/generated.rs"]
mod generated;

use generated::{generated_cases, GeneratedCase};
use std::sync::Arc;
use stepdoku::generate::{
    seed_of_date, DateError, ErRange, Generated, Generator, Givens, Ladder, Progress, Request,
    RequestRecord, Symmetry, Target,
};
use stepdoku::logic;
use stepdoku::rating::Level;
use stepdoku::search::{self, general::GeneralSolver, ExactSolver, Solutions};
use stepdoku::strategy::{SearchStepper, Stepper};
use stepdoku::technique::Uniqueness;
use stepdoku::{Geometry, Grid, Rating, Shape, StepKind, Technique, Variant};

fn generate(request: &Request, seed: u64) -> Generated {
    Generator::new(request.clone(), seed)
        .expect("a request that can be met")
        .next_puzzle()
}

/// The number of solutions of some values of a layout, up to 2, by the general solver and by
/// the layout's own (the bit-parallel one for classic 9×9), which must agree.
fn count_both(layout: &Geometry, values: &[u8]) -> u32 {
    let general = GeneralSolver::for_layout(layout)
        .search(values, 2, &mut Solutions::new(0))
        .n_solutions;
    let own = search::solver_for(layout)
        .search(values, 2, &mut Solutions::new(0))
        .n_solutions;
    assert_eq!(general, own, "the exact searches disagree");
    general
}

/// Checks what every generated puzzle must be: one solution, the one reported, the givens a
/// subset of it, the symmetry asked for, and minimal over the symmetry's orbits unless a
/// floor of givens was asked for.
fn check_puzzle(request: &Request, made: &Generated) {
    let layout = request.layout.as_ref();
    let puzzle = &made.puzzle;
    assert_eq!(puzzle.geometry().as_ref(), layout, "{}", puzzle.to_line());
    assert_eq!(
        count_both(layout, puzzle.values()),
        1,
        "{}",
        puzzle.to_line()
    );
    assert_eq!(
        search::solve(puzzle, search::Budget::DEFAULT)
            .unwrap()
            .as_ref(),
        Some(&made.solution)
    );
    assert!(made.solution.is_valid_solution() && made.solution.agrees_with(puzzle));
    assert!(request.symmetry.holds_for(puzzle), "{}", puzzle.to_line());
    match request.givens {
        Givens::Minimal => {
            for orbit in request.symmetry.orbits(layout.shape()) {
                if puzzle.get(orbit[0]).is_none() {
                    continue;
                }
                let mut values = puzzle.values().to_vec();
                for cell in &orbit {
                    values[cell.index()] = 0;
                }
                assert_eq!(
                    count_both(layout, &values),
                    2,
                    "{}: the givens at {orbit:?} can go",
                    puzzle.to_line()
                );
            }
        }
        Givens::AtLeast(n) => assert!(puzzle.n_filled() >= n),
    }
}

fn layout(shape: Shape, variant: Variant) -> Arc<Geometry> {
    Geometry::new(shape, variant).expect("a layout")
}

/// The 9×9 jigsaw map of tests/data/generated.txt.
const JIGSAW_MAP: &str =
    "AAABBBBBCAAABBBCCCADDBEECFFADDEECCFFADDEECCFFDDDEEFFFIGGGHEHHHIGGHHHHHIIGGGGIIIII";

#[test]
fn every_size_and_layout_gets_unique_minimal_puzzles() {
    let mut layouts: Vec<(Arc<Geometry>, Givens)> = [
        Shape::FOUR,
        Shape::SIX,
        Shape::EIGHT,
        Shape::NINE,
        Shape::TWELVE,
    ]
    .into_iter()
    .map(|shape| (Geometry::classic(shape), Givens::Minimal))
    .collect();
    layouts.extend([
        (layout(Shape::SIX, Variant::X), Givens::Minimal),
        (layout(Shape::NINE, Variant::X), Givens::Minimal),
        (layout(Shape::NINE, Variant::Windoku), Givens::Minimal),
        (
            layout(
                Shape::NINE,
                Variant::from_name(&format!("jigsaw:{JIGSAW_MAP}")).unwrap(),
            ),
            Givens::Minimal,
        ),
        // Minimal 16×16 and 25×25 puzzles take the general solver seconds to minutes: these
        // keep a floor of givens.
        (Geometry::classic(Shape::SIXTEEN), Givens::AtLeast(150)),
        (Geometry::classic(Shape::TWENTY_FIVE), Givens::AtLeast(450)),
    ]);
    for (layout, givens) in layouts {
        for seed in 0..2 {
            let mut request = Request::new(layout.clone());
            request.givens = givens;
            check_puzzle(&request, &generate(&request, seed));
        }
    }
}

/// Minimal 16×16 puzzles: the uniqueness check of the dig refutes another digit in each
/// emptied cell, and the puzzle must still be unique and minimal by a count to two.
#[test]
fn minimal_16x16_puzzles_are_unique_and_minimal() {
    let request = Request::new(Geometry::classic(Shape::SIXTEEN));
    for seed in 1..=2 {
        check_puzzle(&request, &generate(&request, seed));
    }
}

/// A minimal 25×25 puzzle (seconds of work): unique, its givens of its solution, and its
/// solution the one reported. Its checks ran within a budget, so it is minimal only as far as
/// they could tell (see src/generate/dig.rs): some givens do go under a longer search, which
/// `stepdoku-bench --generator` counts.
#[test]
fn a_minimal_25x25_puzzle_is_unique() {
    let request = Request::new(Geometry::classic(Shape::TWENTY_FIVE));
    let made = generate(&request, 1);
    assert_eq!(
        count_both(request.layout.as_ref(), made.puzzle.values()),
        1,
        "{}",
        made.puzzle.to_line()
    );
    assert!(made.solution.is_valid_solution() && made.solution.agrees_with(&made.puzzle));
    assert_eq!(
        search::solve(&made.puzzle, search::Budget::DEFAULT).unwrap(),
        Some(made.solution)
    );
}

/// The puzzles a generator makes when `go_on` says stop at every question, or at every
/// `every`-th, each call going on where the last stopped; as many as `n_puzzles`.
fn sliced(request: &Request, seed: u64, every: u32, n_puzzles: usize) -> Vec<Generated> {
    let mut generator = Generator::new(request.clone(), seed).unwrap();
    let mut n_asked = 0;
    let mut made = Vec::new();
    let mut n_calls = 0;
    while made.len() < n_puzzles {
        n_calls += 1;
        let go_on = || {
            n_asked += 1;
            every != 0 && n_asked % every != 0
        };
        made.extend(generator.next_puzzle_while(go_on));
    }
    assert!(n_calls > n_puzzles, "the work was sliced");
    made
}

#[test]
fn sliced_and_unsliced_runs_make_the_same_puzzles() {
    let mut cases: Vec<(Request, usize)> = Vec::new();
    let mut hard = Request::new(Geometry::classic(Shape::NINE));
    hard.target = Target::Level(Level::Hard);
    cases.push((hard, 3));
    let mut xwing = Request::new(Geometry::classic(Shape::NINE));
    xwing.target = Target::Er(ErRange::parse("3.0-4.0").unwrap());
    xwing.symmetry = Symmetry::Rotate180;
    cases.push((xwing, 2));
    cases.push((Request::new(layout(Shape::SIX, Variant::X)), 3));
    let mut sixteen = Request::new(Geometry::classic(Shape::SIXTEEN));
    sixteen.givens = Givens::AtLeast(150);
    cases.push((sixteen, 1));
    for (request, n_puzzles) in cases {
        let mut whole = Generator::new(request.clone(), 5).unwrap();
        let unsliced: Vec<Generated> = (0..n_puzzles).map(|_| whole.next_puzzle()).collect();
        for every in [0, 1, 2, 7] {
            let made = sliced(&request, 5, every, n_puzzles);
            for (a, b) in unsliced.iter().zip(&made) {
                assert_eq!(a.puzzle, b.puzzle, "{} every {every}", request.target);
                assert_eq!((a.tries, &a.rating), (b.tries, &b.rating));
            }
        }
    }
    // A try paused at once goes on at the next call; a try that misses says so.
    let mut request = Request::new(Geometry::classic(Shape::NINE));
    request.target = Target::Needs(Technique::Skyscraper);
    let mut generator = Generator::new(request, 0).unwrap();
    let mut n_paused = 0;
    while generator.tries() < 3 {
        match generator.try_once_while(|| false) {
            Progress::Paused => n_paused += 1,
            Progress::Missed => {}
            Progress::Met(made) => panic!("never met: {}", made.puzzle.to_line()),
        }
    }
    assert!(n_paused > 3);
}

#[test]
fn every_symmetry_holds_and_the_puzzle_stays_minimal_over_its_orbits() {
    for shape in [Shape::SIX, Shape::NINE] {
        for symmetry in Symmetry::ALL {
            for seed in 0..3 {
                let mut request = Request::new(Geometry::classic(shape));
                request.symmetry = symmetry;
                let made = generate(&request, seed);
                check_puzzle(&request, &made);
                if symmetry != Symmetry::None {
                    assert!(!Symmetry::None.orbits(shape).is_empty());
                }
            }
        }
    }
}

#[test]
fn orbits_split_the_cells() {
    for shape in [Shape::FOUR, Shape::NINE, Shape::TWELVE] {
        for symmetry in Symmetry::ALL {
            let mut cells: Vec<usize> = symmetry
                .orbits(shape)
                .iter()
                .flatten()
                .map(|c| c.index())
                .collect();
            cells.sort_unstable();
            assert_eq!(
                cells,
                (0..shape.n_cells()).collect::<Vec<_>>(),
                "{symmetry}"
            );
        }
        let most = |symmetry: Symmetry| symmetry.orbits(shape).iter().map(Vec::len).max();
        assert_eq!(most(Symmetry::None), Some(1));
        assert_eq!(most(Symmetry::Rotate180), Some(2));
        assert_eq!(most(Symmetry::Rotate90), Some(4));
        assert_eq!(most(Symmetry::Mirror), Some(2));
        assert_eq!(most(Symmetry::Diagonal), Some(2));
    }
    for symmetry in Symmetry::ALL {
        assert_eq!(Symmetry::from_slug(symmetry.slug()), Some(symmetry));
    }
    assert_eq!(Symmetry::from_slug("180"), Some(Symmetry::Rotate180));
    assert_eq!(Symmetry::from_slug("sideways"), None);
}

/// The techniques of a puzzle's Human trace (with uniqueness techniques when `uniqueness` is
/// known), each deduction's, and whether it guessed.
fn trace_techniques(puzzle: &Grid, uniqueness: Uniqueness) -> (Vec<(Technique, f32)>, bool) {
    let mut stepper = SearchStepper::human(puzzle, uniqueness);
    let mut deductions = Vec::new();
    let mut guessed = false;
    while let Some(step) = stepper.next_step() {
        match step.kind {
            StepKind::Deduction => deductions.push((step.technique, step.difficulty)),
            StepKind::Guess => guessed = true,
            _ => {}
        }
    }
    assert!(stepper.board().is_solved(), "{}", puzzle.to_line());
    (deductions, guessed)
}

#[test]
fn every_level_is_met_and_the_rating_is_the_puzzles_own() {
    for level in Level::ALL {
        for seed in 0..3 {
            let mut request = Request::new(Geometry::classic(Shape::NINE));
            request.target = Target::Level(level);
            let made = generate(&request, seed);
            check_puzzle(&request, &made);
            let rating = Rating::of_puzzle(&made.puzzle);
            assert_eq!(rating, made.rating, "{}", made.puzzle.to_line());
            assert_eq!(rating.level, level, "{}", made.puzzle.to_line());
            assert!(level == Level::Extreme || !rating.needs_guessing);
        }
    }
}

#[test]
fn er_ranges_are_met() {
    for (range, seed) in [("1.0-2.0", 1), ("3.0-4.0", 2), ("6.0-7.0", 3), ("7.5", 4)] {
        let range = ErRange::parse(range).expect("a range");
        let mut request = Request::new(Geometry::classic(Shape::NINE));
        request.target = Target::Er(range);
        let made = generate(&request, seed);
        check_puzzle(&request, &made);
        let rating = Rating::of_puzzle(&made.puzzle);
        assert!(
            range.contains(rating.er) && !rating.needs_guessing,
            "{range}: {rating:?}"
        );
    }
}

#[test]
fn a_technique_is_needed_and_nothing_harder() {
    let singles: Vec<Technique> = logic::SINGLES.iter().map(|r| r.technique).collect();
    let wanted = [
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::XWing,
        Technique::XYWing,
        Technique::UniqueRectangle1,
    ];
    for (seed, technique) in wanted.into_iter().enumerate() {
        let mut request = Request::new(Geometry::classic(Shape::NINE));
        request.target = Target::Needs(technique);
        let made = generate(&request, seed as u64);
        check_puzzle(&request, &made);
        let (deductions, guessed) = trace_techniques(&made.puzzle, Uniqueness::Known);
        assert!(!guessed);
        assert!(
            deductions.iter().any(|&(t, _)| t == technique),
            "{technique:?}"
        );
        for (t, difficulty) in deductions {
            assert!(
                t == technique || difficulty <= technique.difficulty(),
                "{t:?}"
            );
        }
    }
    let mut request = Request::new(Geometry::classic(Shape::NINE));
    request.target = Target::SinglesOnly;
    request.symmetry = Symmetry::Rotate180;
    for seed in 0..3 {
        let made = generate(&request, seed);
        check_puzzle(&request, &made);
        let (deductions, guessed) = trace_techniques(&made.puzzle, Uniqueness::Known);
        assert!(!guessed && deductions.iter().all(|(t, _)| singles.contains(t)));
    }
}

#[test]
fn without_uniqueness_the_puzzle_never_needs_it_and_a_budget_ends_a_search() {
    let mut request = Request::new(Geometry::classic(Shape::NINE));
    request.target = Target::Level(Level::Hard);
    request.ladder = Ladder::WithoutUniqueness;
    for seed in 0..4 {
        let made = generate(&request, seed);
        check_puzzle(&request, &made);
        let (deductions, guessed) = trace_techniques(&made.puzzle, Uniqueness::Unknown);
        assert!(!guessed && deductions.iter().all(|(t, _)| !t.relies_on_uniqueness()));
    }
    request.target = Target::Needs(Technique::UniqueRectangle1);
    assert!(request.check().is_err());
    assert!(Generator::new(request.clone(), 0).is_err());
    request.ladder = Ladder::Full;
    // Never met (see `next_puzzle_within`): the budget ends the search.
    request.target = Target::Needs(Technique::Skyscraper);
    let mut generator = Generator::new(request.clone(), 0).unwrap();
    assert!(generator.next_puzzle_within(200).is_none());
    assert_eq!(generator.tries(), 200);
}

#[test]
fn a_seed_gives_the_same_puzzles_and_other_seeds_others() {
    let mut request = Request::new(Geometry::classic(Shape::NINE));
    request.target = Target::Level(Level::Medium);
    let mut a = Generator::new(request.clone(), 7).unwrap();
    let mut b = Generator::new(request.clone(), 7).unwrap();
    let mut c = Generator::new(request, 8).unwrap();
    for _ in 0..3 {
        let (x, y, z) = (a.next_puzzle(), b.next_puzzle(), c.next_puzzle());
        assert_eq!(x.puzzle, y.puzzle);
        assert_eq!((x.seed, x.tries), (y.seed, y.tries));
        assert_ne!(x.puzzle, z.puzzle);
    }
}

#[test]
fn the_committed_seeds_give_the_committed_puzzles() {
    let cases = generated_cases();
    for GeneratedCase {
        seed,
        request: json,
        puzzle,
    } in &cases
    {
        let record: RequestRecord = serde_json::from_str(json).expect("a request record");
        let request = record.request().expect("a request that can be met");
        let made = generate(&request, *seed);
        assert_eq!(made.puzzle.to_line(), *puzzle, "seed {seed}, {json}");
        check_puzzle(&request, &made);
    }
    assert_eq!(cases.len(), 16);
}

#[test]
fn requests_on_the_wire_say_what_is_wrong() {
    let read = |json: &str| serde_json::from_str::<RequestRecord>(json).map(|r| r.request());
    assert!(read(r#"{"size":7}"#).unwrap().unwrap_err().contains("7×7"));
    assert!(read(r#"{"level":"hard","er":"4-5"}"#).unwrap().is_err());
    assert!(read(r#"{"level":"tricky"}"#)
        .unwrap()
        .unwrap_err()
        .contains("level"));
    assert!(read(r#"{"technique":"guess"}"#).unwrap().is_err());
    assert!(read(r#"{"technique":"xwing","tag":"jigsaw:AAAA:"}"#)
        .unwrap()
        .is_err());
    assert!(read(r#"{"tag":"windoku:","size":6}"#).unwrap().is_err());
    assert!(read(r#"{"colour":"red"}"#).is_err());
    let request = read(r#"{"size":6,"tag":"x:","symmetry":"mirror","givens":12}"#)
        .unwrap()
        .unwrap();
    assert_eq!(request.layout.shape(), Shape::SIX);
    assert_eq!(request.symmetry, Symmetry::Mirror);
    assert_eq!(request.givens, Givens::AtLeast(12));
}

#[test]
fn er_ranges_and_dates_are_read() {
    assert_eq!(
        ErRange::parse("4.0-6.0"),
        Some(ErRange { min: 4.0, max: 6.0 })
    );
    assert_eq!(ErRange::parse("7.1"), Some(ErRange { min: 7.1, max: 7.1 }));
    assert!(ErRange::parse("6-4").is_none() && ErRange::parse("x").is_none());
    assert!(ErRange::parse("7.1").unwrap().contains(7.1));
    assert_eq!(seed_of_date("2026-11-24"), Ok(20_261_124));
    assert_eq!(seed_of_date("2024-02-29"), Ok(20_240_229));
    for bad in ["2026-13-01", "2026-1-1", "26-11-24", "today", ""] {
        assert_eq!(seed_of_date(bad), Err(DateError::NotADate), "{bad}");
    }
    for day_not_in_calendar in ["2026-02-31", "2026-04-31", "2025-02-29"] {
        assert!(
            matches!(
                seed_of_date(day_not_in_calendar),
                Err(DateError::NoSuchDay { .. })
            ),
            "{day_not_in_calendar}"
        );
    }
    assert_eq!(
        Target::of_technique_slug("singles"),
        Some(Target::SinglesOnly)
    );
    assert_eq!(
        Target::of_technique_slug("xwing"),
        Some(Target::Needs(Technique::XWing))
    );
}
