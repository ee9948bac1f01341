//! Variant lines through every command: each keeps the layout its tag names.

mod tool;

use tool::run;

/// A jigsaw 9×9 with one solution (the page's sample; from tests/data/variants.txt).
const JIGSAW: &str =
    "jigsaw:AAABBBCCCAAABBBCCCDDABBECFCDAAEBEFFCDDDEEEFFIDGGEHHFIIDGGEHHFFIDGGEHHIFIGGGHHHIII:\
.6..1....4.......7......2.5...18....5......1..2.....7....36.....8...75..69.......";

/// An X-Sudoku 9×9 with one solution (the page's sample).
const X: &str =
    "x:.8.............9........1...4.6.......1.7.43.2....3.1.1.........94..768182...6.7.";

#[test]
fn explain_steps_through_the_layout_of_the_tag() {
    let out = run(&["explain"], &format!("{JIGSAW}\n"));
    assert_eq!(out.code, 0, "{}", out.stderr);
    // The region map stands beside the cells, and the sentences name regions, not boxes.
    assert!(out.stdout.contains(".    AAABBBCCC\n"), "{}", out.stdout);
    assert!(out.stdout.contains("in region "), "{}", out.stdout);
    assert!(!out.stdout.contains(" box "), "{}", out.stdout);
    assert!(out.stdout.contains("no guessing"), "{}", out.stdout);

    let out = run(&["explain", "--strategy", "singles"], &format!("{X}\n"));
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("diagonal"), "{}", out.stdout);
}

#[test]
fn solve_count_and_rate_keep_the_tag() {
    let input = format!("{JIGSAW}\n{X}\n");
    let solved = run(&["solve"], &input);
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    let lines = solved.lines();
    assert!(lines[0].starts_with("jigsaw:AAABBBCCC"), "{}", lines[0]);
    assert!(lines[1].starts_with("x:"), "{}", lines[1]);
    assert!(lines.iter().all(|l| !l.contains('.')), "{}", solved.stdout);

    let counted = run(&["count"], &input);
    assert_eq!(counted.code, 0, "{}", counted.stderr);
    assert!(
        counted.lines().iter().all(|l| l.starts_with('1')),
        "{}",
        counted.stdout
    );

    let rated = run(&["rate"], &input);
    assert_eq!(rated.code, 0, "{}", rated.stderr);
    assert!(
        rated.lines().iter().all(|l| l.contains("no-guess")),
        "{}",
        rated.stdout
    );
}
