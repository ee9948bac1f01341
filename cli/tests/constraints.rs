//! Constraint puzzles through the command-line tool as a user gives them: every puzzle of
//! `tests/data/killer.jsonl` as f-puzzles JSON, as an f-puzzles link and as Stepdoku's
//! one-line text, solved to its solution and counted unique; drawn with its rules; refused
//! with a sentence where a command does not read them yet, or where the link or a rule is
//! damaged.

#[path = "../../tests/svg/mod.rs"]
#[allow(dead_code)]
mod svg;
mod tool;

use serde_json::Value;
use stepdoku::lzstring::pack_base64;
use stepdoku::ConstraintPuzzle;
use svg::{all_with, parse};
use tool::run;

/// The committed constraint puzzles: (f-puzzles JSON line, its solution).
fn puzzles() -> Vec<(String, String)> {
    include_str!("../../tests/data/killer.jsonl")
        .lines()
        .filter(|line| line.starts_with('{'))
        .map(|line| {
            let json: Value = serde_json::from_str(line).expect("JSON");
            let solution = json["solution"]
                .as_array()
                .expect("each puzzle has its solution")
                .iter()
                .map(|d| d.as_u64().expect("a digit").to_string())
                .collect();
            (line.to_string(), solution)
        })
        .collect()
}

/// The three forms of a puzzle a user may give: its JSON, a link to it, its one-line text.
fn forms(json: &str) -> [String; 3] {
    let puzzle = ConstraintPuzzle::from_fpuzzles(json).expect("a puzzle");
    [
        json.to_string(),
        format!("https://www.f-puzzles.com/?load={}", pack_base64(json)),
        puzzle.to_line(),
    ]
}

#[test]
fn every_puzzle_in_every_form_is_solved_and_counted_unique() {
    let puzzles = puzzles();
    assert!(puzzles.len() >= 30, "{} puzzles", puzzles.len());
    let mut input = String::new();
    let mut expected = Vec::new();
    for (json, solution) in &puzzles {
        for form in forms(json) {
            input.push_str(&form);
            input.push('\n');
            expected.push(solution.clone());
        }
    }
    let solved = run(&["solve"], &input);
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    assert_eq!(solved.lines(), expected);
    let counted = run(&["count"], &input);
    assert_eq!(counted.code, 0, "{}", counted.stderr);
    assert!(
        counted.lines().iter().all(|&n| n == "1"),
        "{}",
        counted.stdout
    );
    assert_eq!(counted.lines().len(), expected.len());
}

#[test]
fn render_draws_the_rules_under_the_puzzle_and_its_solution() {
    let (json, _) = &puzzles()[0];
    let n_cages = serde_json::from_str::<Value>(json).unwrap()["killercage"]
        .as_array()
        .unwrap()
        .len();
    for form in forms(json) {
        for what in ["puzzle", "solution"] {
            let out = run(&["render", "--what", what], &format!("{form}\n"));
            assert_eq!(out.code, 0, "{}", out.stderr);
            let doc = parse(&out.stdout);
            assert_eq!(all_with(&doc, "data-rule", "cage").len(), n_cages, "{what}");
            let digits = doc
                .descendants()
                .filter(|n| n.attribute("data-origin") == Some("solution"))
                .count();
            assert_eq!(digits > 0, what == "solution");
        }
    }
}

#[test]
fn what_is_not_read_yet_or_damaged_is_refused_with_a_sentence() {
    let (json, _) = &puzzles()[0];
    let step = run(
        &["render", "--what", "step", "--step", "3"],
        &format!("{json}\n"),
    );
    assert_eq!(step.code, 1);
    assert!(
        step.stderr
            .contains("a constraint puzzle has no trace to draw yet"),
        "{}",
        step.stderr
    );
    for command in ["explain", "rate"] {
        let out = run(&[command], &format!("{json}\n"));
        assert_eq!(out.code, 1, "{command}");
        assert!(out.stderr.contains("line 1: "), "{command}: {}", out.stderr);
        assert!(
            out.stderr.contains("constraint puzzle"),
            "{command}: {}",
            out.stderr
        );
    }
    let cases = [
        (
            "https://www.f-puzzles.com/?load=N4Ig%",
            "error: line 1: the link's puzzle cannot be read: the packed puzzle has '%' at \
             character 5",
        ),
        (
            "https://sudokupad.app/fpuzzlesN4IgzglgXgpiBcB",
            "error: line 1: the link's puzzle cannot be read: the packed puzzle is cut short",
        ),
        (
            ".................................................................................;\
             cage=17:r1c1,r1c10",
            "error: line 1: bad rule 1 (\"cage=17:r1c1,r1c10\"): \"r1c10\" is not a cell of a \
             9×9 grid (write r1c1 to r9c9)",
        ),
        (
            ".................................................................................;\
             cage=50:r1c1,r1c2",
            "error: line 1: cage 1 cannot sum to 50: 2 distinct digits sum to 3 to 17",
        ),
        (
            ".................................................................................;\
             cage=5:r1c1,r1c3",
            "error: line 1: cage 1 is not connected: r1c3 touches none of its other cells by an \
             edge",
        ),
    ];
    for (text, message) in cases {
        let out = run(&["solve"], &format!("{text}\n"));
        assert_eq!(out.code, 1, "{text}");
        assert!(out.stderr.starts_with(message), "{text}: {}", out.stderr);
        assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    }
}
