//! Ratings: hand-built traces check the definitions exactly; real puzzles check properties
//! that hold whichever techniques the Human ladder has.

mod common;

use common::{sample, SEEDS, SINGLES_ONLY};
use stepdoku::rating::{Level, Rater, RatingSource};
use stepdoku::{Cell, Change, Digit, Grid, Rating, Shape, Step, StepKind, Technique};

fn digit(value: u8) -> Digit {
    Digit::new(value).expect("a digit")
}

/// A deduction with one change: a placement or an elimination in cell 0.
fn deduction(technique: Technique, places: Placement) -> Step {
    let mut step = Step::new(
        StepKind::Deduction,
        technique,
        0,
        technique.name().to_string(),
    );
    let (cell, digit) = (Cell::new(0), digit(1));
    step.changes = vec![match places {
        Placement::Places => Change::Place { cell, digit },
        Placement::Eliminates => Change::Eliminate { cell, digit },
    }];
    step
}

/// Whether a synthetic deduction places a digit or only eliminates one.
#[derive(Copy, Clone)]
enum Placement {
    Places,
    Eliminates,
}

fn search_step(kind: StepKind, technique: Technique, depth: u32) -> Step {
    let mut step = Step::new(kind, technique, depth, technique.name().to_string());
    if kind == StepKind::Guess {
        step.changes = vec![Change::Place {
            cell: Cell::new(1),
            digit: digit(2),
        }];
    }
    step
}

fn solved() -> Step {
    search_step(StepKind::Solved, Technique::Solved, 0)
}

#[test]
fn er_ep_ed_follow_sudoku_explainer() {
    let trace = [
        deduction(Technique::Pointing, Placement::Eliminates),
        deduction(Technique::XWing, Placement::Eliminates),
        deduction(Technique::HiddenSingleBox, Placement::Places),
        deduction(Technique::XYWing, Placement::Eliminates),
        deduction(Technique::NakedSingle, Placement::Places),
        solved(),
    ];
    let rating = Rating::of_trace(&trace);
    assert_eq!(rating.er, Technique::XYWing.difficulty());
    assert_eq!(rating.ep, Some(Technique::XWing.difficulty()));
    assert_eq!(rating.ed, Some(Technique::Pointing.difficulty()));
    assert_eq!(rating.hardest, Some(Technique::XYWing));
    assert_eq!(rating.score, 50 + 140 + 14 + 160 + 4);
    assert_eq!(rating.level, Level::Hard);
    assert!(rating.solved && !rating.truncated && !rating.needs_guessing);
    assert_eq!(
        (rating.n_steps, rating.n_deductions, rating.n_guesses),
        (6, 5, 0)
    );
}

#[test]
fn a_first_placement_makes_all_three_equal() {
    let trace = [
        deduction(Technique::HiddenSingleLine, Placement::Places),
        deduction(Technique::FullHouse, Placement::Places),
        solved(),
    ];
    let rating = Rating::of_trace(&trace);
    let d = Technique::HiddenSingleLine.difficulty();
    assert_eq!((rating.er, rating.ep, rating.ed), (d, Some(d), Some(d)));
    assert_eq!(rating.level, Level::Easy);
}

#[test]
fn a_guess_before_any_deduction_leaves_ep_and_ed_unknown() {
    let trace = [
        search_step(StepKind::Guess, Technique::Guess, 1),
        deduction(Technique::NakedSingle, Placement::Places),
        solved(),
    ];
    let rating = Rating::of_trace(&trace);
    assert_eq!(rating.ep, None);
    assert_eq!(rating.ed, None);
    assert_eq!(rating.er, Technique::NakedSingle.difficulty());
    assert!(rating.needs_guessing && rating.solved);
    assert_eq!(rating.level, Level::Extreme);
    assert_eq!(rating.n_guesses, 1);
}

#[test]
fn deductions_under_a_guess_count_for_er_but_not_for_ep() {
    let trace = [
        deduction(Technique::Claiming, Placement::Eliminates),
        search_step(StepKind::Guess, Technique::Guess, 1),
        deduction(Technique::Swordfish, Placement::Eliminates),
        search_step(StepKind::Contradiction, Technique::Contradiction, 1),
        search_step(StepKind::Backtrack, Technique::Backtrack, 0),
        deduction(Technique::HiddenSingleBox, Placement::Places),
        solved(),
    ];
    let rating = Rating::of_trace(&trace);
    assert_eq!(rating.ed, Some(Technique::Claiming.difficulty()));
    assert_eq!(rating.ep, None);
    assert_eq!(rating.er, Technique::Swordfish.difficulty());
    assert_eq!(rating.hardest, Some(Technique::Swordfish));
    assert_eq!((rating.n_guesses, rating.n_backtracks), (1, 1));
    assert!(rating.needs_guessing);
}

#[test]
fn the_score_raises_the_level() {
    // 60 hidden singles score 840: Easy techniques, but above Easy's ceiling of 800.
    let mut trace: Vec<Step> = (0..60)
        .map(|_| deduction(Technique::HiddenSingleBox, Placement::Places))
        .collect();
    trace.push(solved());
    let rating = Rating::of_trace(&trace);
    assert_eq!(rating.score, 840);
    assert_eq!(rating.level, Level::Medium);
    let trace = [
        deduction(Technique::HiddenSingleBox, Placement::Places),
        solved(),
    ];
    assert_eq!(Rating::of_trace(&trace).level, Level::Easy);
}

#[test]
fn traces_that_stop_early_are_truncated_and_unsolved() {
    let empty = Rating::of_trace(&[]);
    assert!(empty.truncated && !empty.solved);
    assert_eq!(
        (empty.er, empty.ep, empty.ed, empty.hardest),
        (0.0, None, None, None)
    );
    let cut = Rating::of_trace(&[deduction(Technique::NakedPair, Placement::Eliminates)]);
    assert!(cut.truncated && !cut.solved);
    let dead = Rating::of_trace(&[search_step(StepKind::Unsolvable, Technique::Unsolvable, 0)]);
    assert!(!dead.truncated && !dead.solved);
}

#[test]
fn the_rater_streams_what_of_trace_computes() {
    let trace = [
        deduction(Technique::NakedPair, Placement::Eliminates),
        deduction(Technique::HiddenSingleBox, Placement::Places),
        solved(),
    ];
    let mut rater = Rater::new();
    for step in &trace {
        rater.record(step);
    }
    assert_eq!(rater.rating(), Rating::of_trace(&trace));
}

#[test]
fn every_technique_has_a_level() {
    for &technique in Technique::ALL {
        let level = Level::of_technique(technique);
        if technique.is_search() {
            assert_eq!(level, Level::Extreme, "{technique:?}");
        }
    }
    assert_eq!(Level::of_technique(Technique::NakedSingle), Level::Easy);
    assert_eq!(Level::of_technique(Technique::Pointing), Level::Medium);
    assert_eq!(Level::of_technique(Technique::XWing), Level::Hard);
    assert_eq!(Level::of_technique(Technique::XChain), Level::Unfair);
    assert_eq!(
        Level::of_technique(Technique::CellForcingChain),
        Level::Extreme
    );
}

#[test]
fn ratings_serialise_with_the_documented_fields() {
    let rating = Rating::of_trace(&[
        deduction(Technique::HiddenSingleBox, Placement::Places),
        solved(),
    ]);
    let value = serde_json::to_value(&rating).unwrap();
    for key in [
        "er",
        "ep",
        "ed",
        "score",
        "level",
        "hardest",
        "hardestId",
        "needsGuessing",
        "solved",
        "truncated",
        "nSteps",
        "nDeductions",
        "nGuesses",
        "nBacktracks",
        "source",
        "seHardest",
        "erIsLowerBound",
        "hodokuHardest",
    ] {
        assert!(value.get(key).is_some(), "missing {key} in {value}");
    }
    assert_eq!(value["level"], "Easy");
    assert_eq!(value["hardest"], "Hidden Single");
    assert_eq!(value["hardestId"], "hidden-single-box");
    assert_eq!(value["source"], "trace");
    let nothing = serde_json::to_value(Rating::of_trace(&[solved()])).unwrap();
    assert!(nothing["hardest"].is_null() && nothing["hardestId"].is_null());
}

#[test]
fn a_singles_puzzle_is_easy() {
    let rating = Rating::of_puzzle(&Grid::parse(SINGLES_ONLY).unwrap());
    assert!(rating.solved && !rating.needs_guessing, "{rating:?}");
    assert!(rating.er <= 2.3, "{rating:?}");
    assert_eq!(rating.level, Level::Easy, "{rating:?}");
}

#[test]
fn the_first_seed_needs_no_more_than_locked_candidates() {
    // Singles alone stall on this puzzle with 48 empty cells; pointing finishes it. Easier
    // techniques may join the ladder, harder ones can never be chosen first.
    let rating = Rating::of_puzzle(&Grid::parse(SEEDS[0].0).unwrap());
    assert!(rating.solved && !rating.needs_guessing, "{rating:?}");
    assert!(rating.er <= Technique::Pointing.difficulty(), "{rating:?}");
}

#[test]
fn inkala_needs_more_than_the_easy_seeds() {
    let easy = Rating::of_puzzle(&Grid::parse(SEEDS[0].0).unwrap());
    let inkala = Rating::of_puzzle(&Grid::parse(SEEDS[1].0).unwrap());
    assert!(inkala.solved, "{inkala:?}");
    assert!(
        inkala.needs_guessing || inkala.er > easy.er,
        "{inkala:?} vs {easy:?}"
    );
    assert!(inkala.level >= Level::Hard, "{inkala:?}");
    assert!(inkala.score > easy.score);
}

#[test]
fn ratings_of_real_puzzles_are_consistent() {
    let puzzles = sample("norvig_top95", 6)
        .into_iter()
        .chain(sample("17_clue", 6))
        .chain(SEEDS.iter().map(|(p, _)| Grid::parse(p).unwrap()));
    for puzzle in puzzles {
        let rating = Rating::of_puzzle(&puzzle);
        let context = format!("{puzzle}: {rating:?}");
        assert!(rating.solved && !rating.truncated, "{context}");
        if let (Some(ep), Some(ed)) = (rating.ep, rating.ed) {
            assert!(ed <= ep && ep <= rating.er, "{context}");
        }
        if !rating.er_is_lower_bound {
            assert!(rating.ep.is_some() && rating.ed.is_some(), "{context}");
        }
        let hardest = rating.hardest.expect("a deduction");
        match rating.source {
            RatingSource::Trace => {
                assert!(rating.level >= Level::of_technique(hardest), "{context}");
                assert!(rating.score >= 4 * rating.n_deductions as u32, "{context}");
            }
            RatingSource::PeerProfiles => {
                // Classic 9×9 puzzles with one solution: both peers' hardest steps are named.
                assert!(rating.se_hardest.is_some(), "{context}");
                assert!(rating.hodoku_hardest.is_some(), "{context}");
                assert!(
                    rating.score >= 4 * (81 - puzzle.n_filled()) as u32,
                    "{context}"
                );
            }
        }
        assert!(rating.n_steps > rating.n_deductions, "{context}");
    }
}

#[test]
fn a_step_cap_truncates() {
    let rating = Rating::of_puzzle_within(&Grid::parse(SEEDS[1].0).unwrap(), 3);
    assert!(rating.truncated && !rating.solved);
    assert_eq!(rating.n_steps, 3);
}

#[test]
fn score_ceilings_scale_with_the_grid() {
    // Just over 800 points of hidden singles: Medium by score on 9×9, Easy on 25×25.
    let n = 800 / Technique::HiddenSingleBox.score() as usize + 1;
    let trace: Vec<Step> = (0..n)
        .map(|_| deduction(Technique::HiddenSingleBox, Placement::Places))
        .chain([solved()])
        .collect();
    let rate = |mut rater: Rater| {
        for step in &trace {
            rater.record(step);
        }
        rater.rating()
    };
    let nine = rate(Rater::new());
    assert!(nine.score > 800);
    assert_eq!(nine.level, Level::Medium);
    assert_eq!(rate(Rater::for_shape(Shape::NINE)), nine);
    assert_eq!(
        rate(Rater::for_shape(Shape::TWENTY_FIVE)).level,
        Level::Easy
    );
    assert_eq!(rate(Rater::for_shape(Shape::FOUR)).level, Level::Extreme);
}

/// `Rating::of_puzzle` follows a bare Human trace (no forcing-chain explanations); its
/// rating is that of the explained trace, on puzzles whose traces take every kind of
/// forcing chain, but for the number of steps: where several forcing chains of the same
/// technique apply, the explained trace takes the one a person can follow best and the bare
/// one the first found (see `forcing::alternatives`), so the two may rule out different
/// candidates and reach the solution in different numbers of steps.
#[test]
fn a_puzzle_rates_as_its_explained_trace_does() {
    let own = include_str!("data/forcing.txt")
        .lines()
        .chain([SINGLES_ONLY])
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| Grid::parse(l).expect("a puzzle"));
    for puzzle in own.chain(sample("magictour_top1465", 10)) {
        let mut stepper = stepdoku::stepper(&puzzle, stepdoku::Strategy::Human);
        let steps: Vec<Step> = std::iter::from_fn(|| stepper.next_step()).collect();
        let mut explained = Rating::of_trace(&steps).with_peer_profiles(&puzzle);
        let bare = Rating::of_puzzle(&puzzle);
        (explained.n_steps, explained.n_deductions) = (bare.n_steps, bare.n_deductions);
        assert_eq!(bare, explained, "{puzzle}");
    }
}
