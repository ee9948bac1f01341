//! Constraint puzzles through the command-line tool as a user gives them: every puzzle of
//! `tests/data/killer.jsonl` as f-puzzles JSON, as an f-puzzles link and as Stepdoku's
//! one-line text, solved to its solution and counted unique; drawn with its rules;
//! explained and rated by the Human strategy's rule techniques; refused with a sentence
//! where the link or a rule is damaged.

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
fn what_is_damaged_is_refused_with_a_sentence() {
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

#[test]
fn explain_walks_a_killer_by_its_cages_to_the_solution() {
    let (json, solution) = &puzzles()[0];
    let out = run(&["explain"], &format!("{json}\n"));
    assert_eq!(out.code, 0, "{}", out.stderr);
    for technique in ["[Cage Combinations", "[Innies and Outies"] {
        assert!(
            out.stdout.contains(technique),
            "no {technique}: {}",
            out.stdout
        );
    }
    assert!(out.stdout.contains("Solved: every cell holds a digit"));
    assert!(
        out.stdout
            .contains(&format!("Result: solved: {solution};cage=")),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("no guessing"), "{}", out.stdout);
}

#[test]
fn rate_gives_a_killer_its_numbers() {
    let (json, _) = &puzzles()[0];
    let out = run(&["rate"], &format!("{json}\n"));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let fields: Vec<&str> = out.stdout.trim_end().split('\t').collect();
    assert_eq!(fields.len(), 7, "{}", out.stdout);
    let er: f32 = fields[0].parse().expect("ER a number");
    assert!((2.0..=3.0).contains(&er), "{}", out.stdout);
    assert!(fields[3].parse::<u32>().expect("a score") > 0);
    assert_eq!(fields[5], "no-guess", "{}", out.stdout);
}

#[test]
fn render_draws_a_step_of_a_killer_with_its_cages() {
    let (json, _) = &puzzles()[0];
    let out = run(
        &["render", "--what", "step", "--step", "3"],
        &format!("{json}\n"),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("<svg"), "an image");
    assert!(
        out.stdout.contains("Cage Combinations"),
        "the step's caption"
    );
}
