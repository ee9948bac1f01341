//! `stepdoku generate`, run as a user runs it: seeds, threads, formats, budgets, usage errors.

mod tool;

use serde_json::Value;
use stepdoku::generate::{Symmetry, MAX_SEED};
use stepdoku::rating::Level;
use stepdoku::{search, ConstraintPuzzle, Grid, Rating};
use tool::run;

/// The puzzle column of each text line.
fn puzzles(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .map(|line| line.split('\t').next().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn puzzles_come_in_seed_order_whatever_the_threads() {
    let one = run(
        &[
            "generate", "--level", "hard", "--count", "4", "--seed", "70", "-j", "1",
        ],
        "",
    );
    let two = run(
        &[
            "generate", "--level", "hard", "--count", "4", "--seed", "70", "-j", "3",
        ],
        "",
    );
    assert_eq!((one.code, two.code), (0, 0), "{}", one.stderr);
    assert_eq!(one.stdout, two.stdout);
    let third = run(&["generate", "--level", "hard", "--seed", "72"], "");
    assert_eq!(third.lines()[0], one.lines()[2]);
    for line in one.lines() {
        let columns: Vec<&str> = line.split('\t').collect();
        let [puzzle, er, score, level, _hardest, givens, _seed] = columns[..] else {
            panic!("seven columns: {line}");
        };
        let grid = Grid::parse(puzzle).unwrap();
        assert_eq!(
            search::count_solutions(&grid, 2, search::Budget::DEFAULT).unwrap(),
            1
        );
        let rating = Rating::of_puzzle(&grid);
        assert_eq!(level, "Hard");
        assert_eq!(rating.level, Level::Hard);
        assert_eq!(er, format!("{:.1}", rating.er));
        assert_eq!(score, rating.score.to_string());
        assert_eq!(givens, grid.n_filled().to_string());
    }
}

#[test]
fn jsonl_has_the_record_and_options_shape_the_puzzle() {
    let out = run(
        &[
            "generate",
            "--technique",
            "xwing",
            "--symmetry",
            "mirror",
            "--variant",
            "x",
            "--size",
            "9",
            "--seed",
            "3",
            "--format",
            "jsonl",
        ],
        "",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let record: Value = serde_json::from_str(out.lines()[0]).unwrap();
    let puzzle = Grid::parse(record["puzzle"].as_str().unwrap()).unwrap();
    let solution = Grid::parse(record["solution"].as_str().unwrap()).unwrap();
    assert!(record["puzzle"].as_str().unwrap().starts_with("x:"));
    assert!(Symmetry::Mirror.holds_for(&puzzle));
    assert_eq!(
        search::solve(&puzzle, search::Budget::DEFAULT).unwrap(),
        Some(solution)
    );
    assert_eq!(record["seed"], 3);
    assert!(record["tries"].as_u64().unwrap() >= 1);
    assert_eq!(record["rating"]["hardestId"], "xwing");

    let small = run(
        &["generate", "--size", "6", "--count", "2", "--givens", "20"],
        "",
    );
    assert_eq!(small.code, 0, "{}", small.stderr);
    for puzzle in puzzles(&small.stdout) {
        assert!(Grid::parse(&puzzle).unwrap().n_filled() >= 20);
    }
}

#[test]
fn fpuzzles_output_opens_as_the_same_puzzle_and_windoku_is_refused() {
    for variant in [
        "classic",
        "x",
        "jigsaw:AAABBBCCCAAABBBCCCDDABBECFCDAAEBEFFCDDDEEEFFIDGGEHHFIIDGGEHHFFIDGGEHHIFIGGGHHHIII",
    ] {
        let args = [
            "generate",
            "--level",
            "easy",
            "--seed",
            "5",
            "--variant",
            variant,
        ];
        let text = run(&args, "");
        let json = run(&[&args[..], &["--format", "fpuzzles"]].concat(), "");
        assert_eq!(json.code, 0, "{}", json.stderr);
        let line = json.lines()[0];
        let puzzle = ConstraintPuzzle::read(line).unwrap().unwrap().into_grid();
        assert_eq!(
            puzzle,
            Grid::parse(&puzzles(&text.stdout)[0]).unwrap(),
            "{variant}"
        );
        let record: Value = serde_json::from_str(line).unwrap();
        let solution: Vec<u8> = record["solution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d.as_u64().unwrap() as u8)
            .collect();
        let solved = search::solve(&puzzle, search::Budget::DEFAULT)
            .unwrap()
            .unwrap();
        assert_eq!(solved.values(), &solution[..]);
        // The same puzzle through the other commands.
        assert_eq!(run(&["count"], line).stdout.trim(), "1");
    }
    let windoku = run(
        &[
            "generate",
            "--level",
            "easy",
            "--seed",
            "5",
            "--variant",
            "windoku",
            "--format",
            "fpuzzles",
        ],
        "",
    );
    assert_eq!(windoku.code, 1);
    assert!(
        windoku
            .stderr
            .contains("f-puzzles JSON has no key for Windoku's windows"),
        "{}",
        windoku.stderr
    );
}

#[test]
fn killers_have_cages_and_no_givens_and_one_solution() {
    let out = run(&["generate", "--killer", "--seed", "3", "--count", "2"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    for line in puzzles(&out.stdout) {
        let puzzle = ConstraintPuzzle::read_line(&line).unwrap().unwrap();
        assert_eq!(puzzle.grid().n_filled(), 0);
        let cages = &puzzle.constraints().cages;
        let covered: usize = cages.iter().map(|cage| cage.cells.len()).sum();
        assert_eq!(covered, 81, "{line}");
        // A cage of one cell is a given in disguise: the cutting leaves one only where no
        // neighbouring cage can take it in.
        let singles = cages.iter().filter(|cage| cage.cells.len() == 1).count();
        assert!(singles <= 3, "{line}");
        assert_eq!(run(&["count"], &line).stdout.trim(), "1");
    }
    let mirrored = run(&["generate", "--killer", "--symmetry", "mirror"], "");
    assert_eq!(mirrored.code, 2);
    assert!(
        mirrored
            .stderr
            .contains("a killer has no givens, so no symmetry of givens"),
        "{}",
        mirrored.stderr
    );
}

#[test]
fn the_puzzle_of_the_day_is_its_dates_seed() {
    let daily = run(
        &["generate", "--daily", "2026-11-24", "--level", "medium"],
        "",
    );
    let seeded = run(&["generate", "--seed", "20261124", "--level", "medium"], "");
    assert_eq!(daily.code, 0, "{}", daily.stderr);
    assert_eq!(daily.stdout, seeded.stdout);
    assert!(daily.stdout.trim_end().ends_with("\t20261124"));
    assert_eq!(
        run(&["generate", "--daily", "today", "--size", "4"], "").code,
        0
    );
}

#[test]
fn the_puzzle_of_the_day_needs_a_day_of_the_calendar() {
    let leap_day = run(&["generate", "--daily", "2024-02-29", "--size", "4"], "");
    assert_eq!(leap_day.code, 0, "{}", leap_day.stderr);
    assert!(leap_day.stdout.trim_end().ends_with("\t20240229"));
    for (date, month_has) in [
        ("2026-02-31", "February 2026 has 28 days"),
        ("2026-04-31", "April 2026 has 30 days"),
        ("2025-02-29", "February 2025 has 28 days"),
    ] {
        let out = run(&["generate", "--daily", date], "");
        assert_eq!(out.code, 2, "{date}: {}", out.stderr);
        let expected = format!("{date} is not a day of the calendar: {month_has}");
        assert!(out.stderr.contains(&expected), "{date}: {}", out.stderr);
    }
}

#[test]
fn a_request_never_met_fails_at_its_budget() {
    let out = run(
        &[
            "generate",
            "--technique",
            "skyscraper",
            "--max-tries",
            "50",
            "--count",
            "2",
        ],
        "",
    );
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout, "\n\n");
    assert!(out
        .stderr
        .contains("error: puzzle 1: no candidate met the request within 50 tries"));
    let json = run(
        &[
            "generate",
            "--level",
            "hard",
            "--size",
            "4",
            "--max-tries",
            "20",
            "--format",
            "jsonl",
        ],
        "",
    );
    assert_eq!(json.code, 1);
    let record: Value = serde_json::from_str(json.lines()[0]).unwrap();
    assert!(record["error"].as_str().unwrap().contains("20 tries"));
}

#[test]
fn the_clock_bounds_the_whole_command() {
    // Never met (see above), and far more tries than a second allows: the clock ends it.
    let out = run(
        &[
            "generate",
            "--technique",
            "skyscraper",
            "--count",
            "3",
            "--max-seconds",
            "1",
        ],
        "",
    );
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout, "");
    assert!(
        out.stderr
            .contains("error: made 0 of 3 puzzles: stopped at --max-seconds 1"),
        "{}",
        out.stderr
    );
    // A bound that is not reached changes nothing.
    let args = ["generate", "--size", "6", "--count", "2", "--seed", "9"];
    let unbounded = run(&args, "");
    let bounded = run(&[&args[..], &["--max-seconds", "600"]].concat(), "");
    assert_eq!((bounded.code, &bounded.stdout), (0, &unbounded.stdout));
    assert_eq!(bounded.stderr, "");
    let help = run(&["generate", "--help"], "").stdout;
    assert!(help.contains("--max-seconds <S>") && help.contains("[default: 30]"));
    assert!(help.contains("was not made by --max-seconds"), "{help}");
}

#[test]
fn bad_requests_are_usage_errors() {
    let last_seed = MAX_SEED.to_string();
    for args in [
        &["generate", "--level", "tricky"][..],
        &["generate", "--level", "hard", "--er", "3-4"],
        &["generate", "--er", "6-4"],
        &["generate", "--technique", "magic"],
        &[
            "generate",
            "--technique",
            "unique-rectangle1",
            "--no-uniqueness",
        ],
        &[
            "generate",
            "--technique",
            "finned-xwing",
            "--variant",
            "jigsaw:AAAABBBBCCCCDDDD",
        ],
        &["generate", "--symmetry", "spiral"],
        &["generate", "--size", "7"],
        &["generate", "--size", "6", "--variant", "windoku"],
        &[
            "generate",
            "--size",
            "9",
            "--variant",
            "jigsaw:AAAABBBBCCCCDDDD",
        ],
        &["generate", "--seed", "-1"],
        &["generate", "--seed", &last_seed, "--count", "2"],
        &["generate", "--seed", "1", "--daily", "2026-11-24"],
        &["generate", "--daily", "2026-13-01"],
        &["generate", "--count", "0"],
    ] {
        let out = run(args, "");
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert!(
            out.stderr.contains("Usage: stepdoku generate"),
            "{args:?}: {}",
            out.stderr
        );
    }
}
