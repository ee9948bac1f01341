//! `stepdoku render` as a user runs it: the first puzzle of a file or standard input, the
//! image on standard output or in a file, solutions, steps past the end of a trace, and usage
//! errors. Images are read back with the XML helpers of the library's image tests.

#[path = "../../tests/svg/mod.rs"]
mod svg;
mod tool;

use std::path::PathBuf;
use stepdoku::{search, stepper, Grid, Strategy};
use svg::{digit_text, parse, roles, symbol, Frame};
use tool::run;

/// A puzzle with a unique solution (the seed example).
const PUZZLE: &str =
    "850002400720000009004000000000107002305000900040000000000080070017000000000036040";

/// A puzzle whose Human trace needs chains, fins and grouped links (the second seed).
const CHAINS: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// A puzzle whose Human trace takes Nishio forcing chains (line 1 of magictour_top1465).
const FORCING: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/// The seed example with several solutions.
const SEVERAL: &str =
    "000000401000000000210000030059813000601090000000004000030006018000020905006500002";

/// The number of steps in a strategy's trace of a puzzle.
fn trace_len(puzzle: &Grid, strategy: Strategy) -> usize {
    let mut solver = stepper(puzzle, strategy);
    let mut n_steps = 0;
    while solver.next_step().is_some() {
        n_steps += 1;
        assert!(n_steps < 100_000, "the trace ends");
    }
    n_steps
}

/// A path in the temporary directory, named for the test; any old file there is removed.
fn temp_path(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("stepdoku-render-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn temp_file(name: &str, contents: &str) -> PathBuf {
    let path = temp_path(name);
    std::fs::write(&path, contents).expect("write a temporary file");
    path
}

/// Checks that an image shows the givens of a puzzle, each in its cell.
fn assert_shows_givens(svg: &str, puzzle: &str) {
    let puzzle = Grid::parse(puzzle).unwrap();
    let shape = puzzle.shape();
    let doc = parse(svg);
    let frame = Frame::of(&doc, shape);
    for cell in shape.cells() {
        let shown = digit_text(&doc, cell);
        match puzzle.get(cell) {
            Some(digit) => {
                let (text, x, y) = shown.expect("a given is drawn");
                assert_eq!(text, symbol(shape, digit));
                assert!(frame.holds(shape, cell, x, y));
            }
            None => assert!(shown.is_none(), "{} is empty", cell.name(shape)),
        }
    }
}

#[test]
fn cli_draws_the_first_puzzle_of_a_file_or_standard_input() {
    let input = format!("# a collection\n\n{PUZZLE}  # the first\n{CHAINS}\n");
    let out = run(&["render"], &input);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stderr.is_empty(), "{}", out.stderr);
    assert_shows_givens(&out.stdout, PUZZLE);

    let file = temp_file("first.txt", &input);
    let out = run(&["render", file.to_str().unwrap(), "--theme", "dark"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_shows_givens(&out.stdout, PUZZLE);
    let doc = parse(&out.stdout);
    assert_eq!(doc.root_element().attribute("data-theme"), Some("dark"));

    let out = run(&["render", "--puzzle", CHAINS, "--candidates"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let doc = parse(&out.stdout);
    assert!(doc
        .descendants()
        .any(|n| n.attribute("data-candidate").is_some()));
    let _ = std::fs::remove_file(file);
}

#[test]
fn cli_writes_the_image_to_a_file_with_o() {
    let path = temp_path("step.svg");
    let out = run(
        &[
            "render",
            "--what",
            "step",
            "--step",
            "5",
            "-o",
            path.to_str().unwrap(),
            "-",
        ],
        PUZZLE,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.is_empty(), "the image goes to the file only");
    let svg = std::fs::read_to_string(&path).expect("the image was written");
    let doc = parse(&svg);
    let title = doc.root_element().attribute("aria-label").unwrap();
    let step = {
        let mut solver = stepper(&Grid::parse(PUZZLE).unwrap(), Strategy::Human);
        (0..5).filter_map(|_| solver.next_step()).last().unwrap()
    };
    assert_eq!(title, format!("Step 5: {}", step.text));
    let _ = std::fs::remove_file(path);
}

#[test]
fn cli_draws_a_solution_and_fails_on_none() {
    let out = run(&["render", "--what", "solution"], PUZZLE);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let puzzle = Grid::parse(PUZZLE).unwrap();
    let solution = search::solve(&puzzle, search::Budget::DEFAULT)
        .unwrap()
        .unwrap();
    let doc = parse(&out.stdout);
    for cell in puzzle.shape().cells() {
        let (text, _, _) = digit_text(&doc, cell).expect("every digit");
        assert_eq!(text, symbol(puzzle.shape(), solution.get(cell).unwrap()));
    }

    let none = format!("12345678.........9{}", ".".repeat(63));
    let path = temp_path("none.svg");
    let out = run(
        &["render", "--what", "solution", "-o", path.to_str().unwrap()],
        &none,
    );
    assert_eq!(out.code, 1);
    assert!(out.stdout.is_empty());
    assert!(
        out.stderr.starts_with("error: line 1: no solution"),
        "{}",
        out.stderr
    );
    assert!(!path.exists(), "nothing is written for a puzzle that fails");

    let out = run(&["render", "--what", "solution"], SEVERAL);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stderr.contains("warning: line 1: several solutions"),
        "{}",
        out.stderr
    );
    let doc = parse(&out.stdout);
    assert!(doc.descendants().any(|n| roles(n).contains(&"differ")));
}

#[test]
fn cli_says_how_many_steps_a_trace_has_when_the_step_is_past_its_end() {
    let puzzle = Grid::parse(PUZZLE).unwrap();
    for strategy in [Strategy::Human, Strategy::Singles] {
        let n_steps = trace_len(&puzzle, strategy);
        let last = n_steps.to_string();
        let out = run(
            &["render", "--strategy", strategy.name(), "--step", &last],
            PUZZLE,
        );
        assert_eq!(out.code, 0, "{}", out.stderr);
        parse(&out.stdout);
        let past = (n_steps + 1).to_string();
        let out = run(
            &["render", "--strategy", strategy.name(), "--step", &past],
            PUZZLE,
        );
        assert_eq!(out.code, 1);
        assert!(out.stdout.is_empty());
        assert!(
            out.stderr.contains(&format!(
                "the {} trace of this puzzle has {n_steps} steps",
                strategy.name()
            )),
            "{}",
            out.stderr
        );
    }
}

#[test]
fn cli_reports_usage_errors_and_unreadable_input() {
    for args in [
        &["render", "--step", "x"][..],
        &["render", "--step", "-1"],
        &["render", "--what", "step"],
        &["render", "--what", "puzzle", "--step", "3"],
        &["render", "--what", "board"],
        &["render", "--theme", "sepia"],
        &["render", "--strategy", "magic", "--step", "1"],
        &["render", "--step", "3", "--implication", "0"],
        &["render", "--step", "3", "--implication", "x"],
        &["render", "--implication", "1"],
        &["render", "--what", "solution", "--implication", "1"],
        &["render", "--candidates=yes"],
        &["render", "--puzzle", PUZZLE, "puzzle.txt"],
        &["render", "--unique"],
        &["solve", "--theme", "dark"],
    ] {
        let out = run(args, PUZZLE);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(
            out.stderr.starts_with("error: "),
            "{args:?}: {}",
            out.stderr
        );
    }
    let missing = temp_path("missing.txt");
    let out = run(&["render", missing.to_str().unwrap()], "");
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("cannot open"), "{}", out.stderr);

    let unwritable = temp_path("no-such-dir").join("image.svg");
    let out = run(&["render", "-o", unwritable.to_str().unwrap()], PUZZLE);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("cannot write"), "{}", out.stderr);
}

#[test]
fn cli_fails_an_unreadable_puzzle_or_an_empty_input() {
    let out = run(&["render"], "# notes only\n12x4\n");
    assert_eq!(out.code, 1);
    assert!(out.stdout.is_empty());
    assert!(
        out.stderr.starts_with("error: line 2: read 4 cells"),
        "{}",
        out.stderr
    );
    let out = run(&["render", "--puzzle", "not a puzzle"], "");
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.starts_with("error: --puzzle: "),
        "{}",
        out.stderr
    );
    let out = run(&["render"], "\n# nothing\n");
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("no puzzle"), "{}", out.stderr);
}

#[test]
fn cli_help_describes_render() {
    for args in [&["render", "--help"][..], &["help", "render"]] {
        let out = run(args, "");
        assert_eq!(out.code, 0);
        assert!(
            out.stdout.contains("Usage: stepdoku render"),
            "{}",
            out.stdout
        );
    }
    let out = run(&["render", "--help"], "");
    for words in ["--implication <K>", "premises", "Implication K of N"] {
        assert!(out.stdout.contains(words), "{words}: {}", out.stdout);
    }
    let out = run(&["--help"], "");
    assert!(out.stdout.contains("render"), "{}", out.stdout);
}

#[test]
fn cli_walks_a_forcing_chain_to_an_implication() {
    // The first forcing chain of the Human trace: its position and its implications.
    let puzzle = Grid::parse(FORCING).unwrap();
    let mut solver = stepper(&puzzle, Strategy::Human);
    let (position, step) = (1..)
        .map(|position| (position, solver.next_step().expect("a forcing chain comes")))
        .find(|(_, step)| !step.implications.is_empty())
        .unwrap();
    let n = step.implications.len();
    let at = position.to_string();
    for k in [1, 2, n] {
        let out = run(
            &["render", "--step", &at, "--implication", &k.to_string()],
            FORCING,
        );
        assert_eq!(out.code, 0, "{}", out.stderr);
        let doc = parse(&out.stdout);
        let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
        let expected = format!(
            "Step {position}, implication {k} of {n}: {}",
            step.implications[k - 1].text
        );
        assert_eq!(title.text(), Some(expected.as_str()));
        let walked: Vec<&str> = doc
            .descendants()
            .filter_map(|n| n.attribute("data-walk"))
            .collect();
        assert!(walked.contains(&"current") || step.implications[k - 1].links.is_empty());
        assert!(walked.iter().all(|role| *role != "earlier") || k > 1);
    }
    let past = (n + 1).to_string();
    let out = run(&["render", "--step", &at, "--implication", &past], FORCING);
    assert_eq!(out.code, 1);
    assert!(out.stdout.is_empty());
    assert!(
        out.stderr.contains(&format!(
            "step {position} has {n} implications (premises included), so there is no \
             implication {past} (use --implication 1 to {n})"
        )),
        "{}",
        out.stderr
    );
    let out = run(&["render", "--step", "1", "--implication", "1"], FORCING);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr
            .contains("step 1 has no chain of implications to walk"),
        "{}",
        out.stderr
    );
}
