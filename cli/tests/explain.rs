//! `explain` as a user runs it: its JSON lines (every field, every step replayed to the
//! solution), its text, its step caps and every step's own ER.

#[path = "../../tests/common/mod.rs"]
mod common;
mod tool;

use common::{SEEDS, SINGLES_ONLY};
use serde_json::Value;
use stepdoku::{search, Grid};
use tool::{changes_with_op, json_of, run};

fn values_of(puzzle: &str) -> Vec<u8> {
    Grid::parse(puzzle).unwrap().values().to_vec()
}

#[test]
fn explain_jsonl_has_the_fields_and_replays_to_the_solution() {
    let input = format!("{SINGLES_ONLY}\n# comment\n{}\n", SEEDS[0].0);
    let out = run(
        &["explain", "--strategy", "singles", "--format", "jsonl"],
        &input,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let records = json_of(&out);
    for (puzzle_idx, puzzle) in [SINGLES_ONLY, SEEDS[0].0].into_iter().enumerate() {
        let steps: Vec<&Value> = records
            .iter()
            .filter(|r| r["type"] == "step" && r["puzzle"] == puzzle_idx)
            .collect();
        let summary = records
            .iter()
            .find(|r| r["type"] == "summary" && r["puzzle"] == puzzle_idx)
            .expect("a summary per puzzle");
        for step in &steps {
            for key in [
                "kind",
                "technique",
                "techniqueId",
                "difficulty",
                "text",
                "depth",
                "reliesOnUniqueness",
            ] {
                assert!(step.get(key).is_some(), "{key} missing from {step}");
            }
            // A missing list is empty: none is written empty.
            for key in ["cells", "houses", "pattern", "fins", "links", "changes"] {
                assert_ne!(step.get(key), Some(&Value::Array(Vec::new())), "{step}");
            }
        }
        for key in [
            "solved",
            "nSteps",
            "nGuesses",
            "hardest",
            "hardestId",
            "er",
            "ep",
            "ed",
            "score",
            "level",
        ] {
            assert!(summary.get(key).is_some(), "{key} missing from {summary}");
        }
        assert_eq!(summary["solved"], true);
        assert_eq!(summary["nSteps"], steps.len());
        assert_eq!(steps.last().unwrap()["kind"], "solved");

        // Replaying every change in order rebuilds the board, backtracks included.
        let mut values = values_of(puzzle);
        for step in &steps {
            for change in step["changes"].as_array().into_iter().flatten() {
                let cell = change["cell"].as_u64().unwrap() as usize;
                let digit = change["digit"].as_u64().unwrap() as u8;
                match change["op"].as_str().unwrap() {
                    "place" => values[cell] = digit,
                    "unplace" => values[cell] = 0,
                    _ => {}
                }
            }
        }
        let expected = search::solve(&Grid::parse(puzzle).unwrap(), search::Budget::DEFAULT)
            .unwrap()
            .unwrap()
            .values()
            .to_vec();
        assert_eq!(values, expected, "puzzle {puzzle_idx}");
    }

    // Without guesses, placements alone give the solution, and no elimination removes a
    // solution digit.
    let solution = values_of(
        &search::solve(&Grid::parse(SINGLES_ONLY).unwrap(), search::Budget::DEFAULT)
            .unwrap()
            .unwrap()
            .to_line(),
    );
    let mut values = values_of(SINGLES_ONLY);
    for step in records
        .iter()
        .filter(|r| r["puzzle"] == 0 && r["type"] == "step")
    {
        assert_eq!(step["depth"], 0);
        for (cell, digit) in changes_with_op(step, "place") {
            assert_eq!(values[cell], 0);
            values[cell] = digit;
        }
        for (cell, digit) in changes_with_op(step, "eliminate") {
            assert_ne!(solution[cell], digit);
        }
    }
    assert_eq!(values, solution);
}

#[test]
fn explain_text_and_step_caps() {
    let out = run(&["explain"], &format!("{}\n", SEEDS[0].0));
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.starts_with("Puzzle 1 (line 1)"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("[Hidden Single, ER 1.2]"));
    assert!(out.stdout.contains("Rating: ER"));

    let capped = run(
        &[
            "explain",
            "--strategy",
            "backtracking",
            "--format",
            "jsonl",
            "--max-steps",
            "25",
        ],
        &format!("{}\n", SEEDS[1].0),
    );
    assert_eq!(capped.code, 1);
    let records = json_of(&capped);
    assert_eq!(records.len(), 26);
    assert_eq!(records[25]["type"], "summary");
    assert_eq!(records[25]["truncated"], true);
    assert!(capped.stderr.contains("stopped after 25 steps"));

    let bad = run(&["explain", "--format", "jsonl"], "12\n");
    assert_eq!(bad.code, 1);
    let records = json_of(&bad);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["type"], "summary");
    assert!(records[0]["error"].is_string());
}

/// Every step `explain --format jsonl` writes has its own ER, `er`: its technique's
/// difficulty, plus a chain's length bonus (0 for a search step); the text shows the same ER.
#[test]
fn explain_gives_every_step_its_own_er() {
    // The first puzzle of our forcing collection, whose Human trace takes chains and Nishio
    // forcing chains, and a puzzle that singles leave to guesses and backtracks.
    let forcing = include_str!("../../tests/data/forcing.txt")
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .expect("a puzzle");
    let human = run(&["explain", "--format", "jsonl"], &format!("{forcing}\n"));
    let singles = run(
        &["explain", "--strategy", "singles", "--format", "jsonl"],
        &format!("{}\n", SEEDS[1].0),
    );
    let mut n_with_bonus = 0;
    let mut n_search = 0;
    for out in [&human, &singles] {
        assert_eq!(out.code, 0, "{}", out.stderr);
        for step in json_of(out).iter().filter(|r| r["type"] == "step") {
            let er = step["er"]
                .as_f64()
                .unwrap_or_else(|| panic!("no numeric er: {step}"));
            let difficulty = step["difficulty"].as_f64().expect("a difficulty");
            if step["kind"] == "deduction" {
                assert!(er >= difficulty, "{step}");
                n_with_bonus += usize::from(er > difficulty);
            } else {
                assert_eq!(er, 0.0, "{step}");
                n_search += 1;
            }
        }
    }
    assert!(n_with_bonus > 0, "no chain with a length bonus");
    assert!(n_search > 0, "no search step");

    let text = run(&["explain"], &format!("{forcing}\n"));
    let lines = text.lines();
    for step in json_of(&human).iter().filter(|r| r["kind"] == "deduction") {
        let n = step["step"].as_u64().unwrap() + 1;
        let expected = format!(
            "  {n:>4}. {}  [{}, ER {:.1}]",
            step["text"].as_str().unwrap(),
            step["technique"].as_str().unwrap(),
            step["er"].as_f64().unwrap()
        );
        assert!(lines.contains(&expected.as_str()), "{expected}");
    }
}
