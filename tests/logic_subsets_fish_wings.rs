//! The simpler technique families: intersections, subsets, fish, single-digit patterns,
//! wings and simple colouring.
//!
//! Focused tests build a candidate state by hand (an empty grid, then eliminations) so the
//! expected eliminations are known exactly, including states where a finder must not fire.
//! Data-driven tests walk the Human strategy over the standard collections, check every
//! step at depth 0 against the solution, and call every finder of these families directly on
//! every board the trace passes through, so a technique shadowed by an easier one is tested
//! too.

mod common;

use common::{cell, digit, eliminate, load, open_board, run_and_check, sample};
use stepdoku::logic::{colouring, fish, intersections, single_digit, subsets, wings, Finder, Rung};
use stepdoku::util::bit_positions;
use stepdoku::{search, Board, Candidate, Cell, Change, Grid, Shape, Step, StepKind};
use stepdoku::{Strategy, Technique};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/// Every rung of the families under test.
fn rungs() -> impl Iterator<Item = &'static Rung> {
    intersections::RUNGS
        .iter()
        .chain(subsets::RUNGS)
        .chain(fish::RUNGS)
        .chain(single_digit::RUNGS)
        .chain(wings::RUNGS)
        .chain(colouring::RUNGS)
}

/// Leaves `digit` in the cells of `among` only at the named cells.
fn keep_only(board: &mut Board, value: u8, among: &[Cell], keep: &[&str]) {
    let shape = board.shape();
    let keep: Vec<Cell> = keep.iter().map(|n| cell(shape, n)).collect();
    for &c in among {
        if !keep.contains(&c) {
            eliminate(board, c, digit(value));
        }
    }
}

/// The cells of row `r` (1-based).
fn row(shape: Shape, r: usize) -> Vec<Cell> {
    (0..shape.size()).map(|c| shape.cell(r - 1, c)).collect()
}

/// The cells of column `c` (1-based).
fn column(shape: Shape, c: usize) -> Vec<Cell> {
    (0..shape.size()).map(|r| shape.cell(r, c - 1)).collect()
}

/// The cells of box `b` (1-based).
fn boxed(shape: Shape, b: usize) -> Vec<Cell> {
    shape
        .cells()
        .filter(|&c| shape.box_of(c) == b - 1)
        .collect()
}

/// Leaves a cell only the given candidates.
fn set_candidates(board: &mut Board, name: &str, values: &[u8]) {
    let shape = board.shape();
    let c = cell(shape, name);
    for d in shape.all_digits().iter() {
        if !values.contains(&d.get()) {
            eliminate(board, c, d);
        }
    }
}

/// The eliminations of a step as sorted names such as `5r4c3`.
fn eliminations(shape: Shape, step: &Step) -> Vec<String> {
    let mut names: Vec<String> = step.eliminations().map(|c| c.name(shape)).collect();
    names.sort();
    names
}

/// Checks what every step of these families must be: a well-formed deduction of `technique`
/// that only eliminates.
fn assert_eliminates_by(board: &Board, step: &Step, technique: Technique) {
    common::assert_well_formed(board, step);
    assert_eq!(step.technique, technique, "{}", step.text);
    assert!(
        step.changes
            .iter()
            .all(|change| matches!(change, Change::Eliminate { .. })),
        "{}: only eliminations expected",
        step.text
    );
}

/// Runs a finder and checks its step: technique, eliminations (sorted names) and, when
/// given, the sentence.
fn check(
    board: &Board,
    find: Finder,
    technique: Technique,
    expected: &[&str],
    text: Option<&str>,
) -> Step {
    let step = find(board).unwrap_or_else(|| panic!("{} not found", technique.name()));
    assert_eliminates_by(board, &step, technique);
    let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(
        eliminations(board.shape(), &step),
        expected,
        "{}",
        step.text
    );
    if let Some(text) = text {
        assert_eq!(step.text, text);
    }
    step
}

// ---------------------------------------------------------------------------------------
// Intersections
// ---------------------------------------------------------------------------------------

#[test]
fn pointing_in_a_box_clears_the_rest_of_the_row() {
    let s = Shape::NINE;
    let mut board = open_board(s);
    keep_only(&mut board, 4, &boxed(s, 2), &["r3c4", "r3c6"]);
    let step = check(
        &board,
        intersections::pointing,
        Technique::Pointing,
        &["4r3c1", "4r3c2", "4r3c3", "4r3c7", "4r3c8", "4r3c9"],
        Some("Pointing: in box 2, 4 lies only in row 3, so r3c1, r3c2, r3c3, r3c7, r3c8 and r3c9 lose 4"),
    );
    assert_eq!(step.digit, Some(digit(4)));
    assert_eq!(step.cells, vec![cell(s, "r3c4"), cell(s, "r3c6")]);
    // Once the row is clear, nothing is left to point at.
    board.apply_step(&step);
    assert!(intersections::pointing(&board).is_none());
}

#[test]
fn pointing_along_a_column_in_a_six_by_six_box() {
    // 6×6 boxes are 2 rows × 3 columns: a column crosses a box in two cells.
    let s = Shape::SIX;
    let mut board = open_board(s);
    keep_only(&mut board, 2, &boxed(s, 4), &["r3c5", "r4c5"]);
    check(
        &board,
        intersections::pointing,
        Technique::Pointing,
        &["2r1c5", "2r2c5", "2r5c5", "2r6c5"],
        Some("Pointing: in box 4, 2 lies only in column 5, so r1c5, r2c5, r5c5 and r6c5 lose 2"),
    );
}

#[test]
fn claiming_in_a_row_clears_the_rest_of_the_box() {
    let s = Shape::NINE;
    let mut board = open_board(s);
    keep_only(&mut board, 7, &row(s, 5), &["r5c7", "r5c9"]);
    check(
        &board,
        intersections::claiming,
        Technique::Claiming,
        &["7r4c7", "7r4c8", "7r4c9", "7r6c7", "7r6c8", "7r6c9"],
        Some("Claiming: in row 5, 7 lies only in box 6, so r4c7, r4c8, r4c9, r6c7, r6c8 and r6c9 lose 7"),
    );
    // A line whose places span two boxes claims nothing.
    let mut board = open_board(s);
    keep_only(&mut board, 7, &row(s, 5), &["r5c6", "r5c7"]);
    assert!(intersections::claiming(&board).is_none());
}

#[test]
fn claiming_on_a_twelve_by_twelve_column() {
    // 12×12 boxes are 3 rows × 4 columns.
    let s = Shape::TWELVE;
    let mut board = open_board(s);
    keep_only(&mut board, 11, &column(s, 6), &["r4c6", "r6c6"]);
    let step = check(
        &board,
        intersections::claiming,
        Technique::Claiming,
        &[
            "Br4c5", "Br4c7", "Br4c8", "Br5c5", "Br5c7", "Br5c8", "Br6c5", "Br6c7", "Br6c8",
        ],
        None,
    );
    // 12×12 writes 11 as B, in sentences as in the puzzle text.
    assert!(step
        .text
        .starts_with("Claiming: in column 6, B lies only in box 5"));
}

// ---------------------------------------------------------------------------------------
// Subsets
// ---------------------------------------------------------------------------------------

#[test]
fn naked_pair_triple_and_quad() {
    let s = Shape::NINE;
    let mut board = open_board(s);
    set_candidates(&mut board, "r1c2", &[1, 5]);
    set_candidates(&mut board, "r1c8", &[1, 5]);
    let expected: Vec<String> = (1..=9)
        .filter(|c| ![2, 8].contains(c))
        .flat_map(|c| [format!("1r1c{c}"), format!("5r1c{c}")])
        .collect();
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    let step = check(
        &board,
        subsets::naked_pair,
        Technique::NakedPair,
        &expected,
        None,
    );
    assert!(step
        .text
        .starts_with("Naked pair 1/5 in row 1 on r1c2, r1c8 removes 1 and 5 from r1c1"));
    assert_eq!(step.cells, vec![cell(s, "r1c2"), cell(s, "r1c8")]);

    // A naked triple need not have all three digits in each cell.
    let mut board = open_board(s);
    set_candidates(&mut board, "r8c7", &[3, 6]);
    set_candidates(&mut board, "r8c8", &[6, 8]);
    set_candidates(&mut board, "r8c9", &[3, 8]);
    for c in 2..=6 {
        set_candidates(&mut board, &format!("r8c{c}"), &[1, 2, 4, 5, 7, 9]);
    }
    set_candidates(&mut board, "r8c1", &[3, 6, 9]);
    assert!(subsets::naked_pair(&board).is_none());
    check(
        &board,
        subsets::naked_triple,
        Technique::NakedTriple,
        &["3r8c1", "6r8c1"],
        Some("Naked triple 3/6/8 in row 8 on r8c7, r8c8, r8c9 removes 3 and 6 from r8c1"),
    );

    let mut board = open_board(s);
    for (name, values) in [
        ("r2c1", &[1, 2][..]),
        ("r2c4", &[2, 3]),
        ("r2c5", &[3, 4]),
        ("r2c9", &[1, 4]),
    ] {
        set_candidates(&mut board, name, values);
    }
    assert!(subsets::naked_triple(&board).is_none());
    let step = subsets::naked_quad(&board).expect("a naked quad in row 2");
    assert_eliminates_by(&board, &step, Technique::NakedQuad);
    assert_eq!(step.eliminations().count(), 5 * 4);
    assert!(step.text.starts_with("Naked quad 1/2/3/4 in row 2"));
}

#[test]
fn hidden_pair_and_triple() {
    let s = Shape::NINE;
    let mut board = open_board(s);
    for value in [1, 7] {
        keep_only(&mut board, value, &boxed(s, 3), &["r1c8", "r2c9"]);
    }
    // Rows and columns come first, but they hold 1 and 7 in many cells.
    let step = check(
        &board,
        subsets::hidden_pair,
        Technique::HiddenPair,
        &[
            "2r1c8", "3r1c8", "4r1c8", "5r1c8", "6r1c8", "8r1c8", "9r1c8", "2r2c9", "3r2c9",
            "4r2c9", "5r2c9", "6r2c9", "8r2c9", "9r2c9",
        ],
        Some("Hidden pair 1/7 in box 3 on r1c8, r2c9 removes 2, 3, 4, 5, 6, 8 and 9 from r1c8 and r2c9"),
    );
    assert_eq!(step.houses, vec![stepdoku::House::boxed(2)]);
    // Once the extra candidates are gone, the pair is naked and hidden: nothing to remove.
    board.apply_step(&step);
    assert!(subsets::hidden_pair(&board).is_none());

    let mut board = open_board(s);
    keep_only(&mut board, 2, &column(s, 4), &["r1c4", "r5c4"]);
    keep_only(&mut board, 5, &column(s, 4), &["r5c4", "r9c4"]);
    keep_only(&mut board, 8, &column(s, 4), &["r1c4", "r9c4"]);
    assert!(subsets::hidden_pair(&board).is_none());
    let step = subsets::hidden_triple(&board).expect("hidden triple 2/5/8 in column 4");
    assert_eliminates_by(&board, &step, Technique::HiddenTriple);
    assert_eq!(step.eliminations().count(), 3 * 6);
    assert!(step
        .text
        .starts_with("Hidden triple 2/5/8 in column 4 on r1c4, r5c4, r9c4 removes"));
}

// ---------------------------------------------------------------------------------------
// Fish
// ---------------------------------------------------------------------------------------

/// Cells of the given columns outside the given rows, as eliminations of `value`.
fn column_rest(value: u8, cols: &[usize], skip_rows: &[usize]) -> Vec<String> {
    let mut names = Vec::new();
    for &c in cols {
        for r in (1..=9).filter(|r| !skip_rows.contains(r)) {
            names.push(format!("{value}r{r}c{c}"));
        }
    }
    names
}

#[test]
fn x_wing_on_rows_and_on_columns() {
    let s = Shape::NINE;
    let mut board = open_board(s);
    keep_only(&mut board, 5, &row(s, 2), &["r2c3", "r2c8"]);
    keep_only(&mut board, 5, &row(s, 7), &["r7c3", "r7c8"]);
    let expected = column_rest(5, &[3, 8], &[2, 7]);
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    let step = check(&board, fish::x_wing, Technique::XWing, &expected, None);
    assert!(step
        .text
        .starts_with("X-Wing on 5 in rows 2 and 7 (columns 3 and 8) removes 5 from r1c3"));
    assert_eq!(step.cells.len(), 4);
    assert!(step.fins.is_empty());
    // After it, the fish has nothing left to remove, and finned forms see no fin.
    board.apply_step(&step);
    for find in [fish::x_wing, fish::finned_x_wing, fish::sashimi_x_wing] {
        assert!(find(&board).is_none());
    }

    // The same fish with columns as base.
    let mut board = open_board(s);
    keep_only(&mut board, 5, &column(s, 2), &["r3c2", "r8c2"]);
    keep_only(&mut board, 5, &column(s, 7), &["r3c7", "r8c7"]);
    let step = fish::x_wing(&board).expect("an X-Wing on columns");
    assert_eliminates_by(&board, &step, Technique::XWing);
    assert_eq!(step.eliminations().count(), 14);
    assert!(step
        .text
        .starts_with("X-Wing on 5 in columns 2 and 7 (rows 3 and 8)"));
}

#[test]
fn finned_and_sashimi_x_wing() {
    let s = Shape::NINE;
    // Finned: row 7 has an extra place r7c9 in box 9, next to the corner r7c8.
    let mut board = open_board(s);
    keep_only(&mut board, 5, &row(s, 2), &["r2c3", "r2c8"]);
    keep_only(&mut board, 5, &row(s, 7), &["r7c3", "r7c8", "r7c9"]);
    assert!(fish::x_wing(&board).is_none());
    assert!(fish::sashimi_x_wing(&board).is_none());
    let step = check(
        &board,
        fish::finned_x_wing,
        Technique::FinnedXWing,
        &["5r8c8", "5r9c8"],
        Some("Finned X-Wing on 5 in rows 2 and 7 (columns 3 and 8) with fin r7c9 removes 5 from r8c8 and r9c8"),
    );
    assert_eq!(step.fins, vec![Candidate::new(cell(s, "r7c9"), digit(5))]);

    // Sashimi: the corner r7c8 is missing. Read one way, r7c9 is the fin of an X-Wing on
    // columns 3 and 8; read the other way, r2c8 is the fin of one on columns 3 and 9. Both
    // hold; the fin box met first (box 3, on row 2) wins.
    let mut board = open_board(s);
    keep_only(&mut board, 5, &row(s, 2), &["r2c3", "r2c8"]);
    keep_only(&mut board, 5, &row(s, 7), &["r7c3", "r7c9"]);
    assert!(fish::finned_x_wing(&board).is_none());
    check(
        &board,
        fish::sashimi_x_wing,
        Technique::SashimiXWing,
        &["5r1c9", "5r3c9"],
        Some("Sashimi X-Wing on 5 in rows 2 and 7 (columns 3 and 9) with fin r2c8 removes 5 from r1c9 and r3c9"),
    );

    // Fins in two boxes make no fish.
    let mut board = open_board(s);
    keep_only(&mut board, 5, &row(s, 2), &["r2c3", "r2c8", "r2c5"]);
    keep_only(&mut board, 5, &row(s, 7), &["r7c3", "r7c8", "r7c9"]);
    for find in [fish::finned_x_wing, fish::sashimi_x_wing] {
        assert!(find(&board).is_none());
    }
}

#[test]
fn swordfish_and_jellyfish() {
    let s = Shape::NINE;
    let mut board = open_board(s);
    keep_only(&mut board, 9, &row(s, 1), &["r1c1", "r1c5"]);
    keep_only(&mut board, 9, &row(s, 5), &["r5c5", "r5c9"]);
    keep_only(&mut board, 9, &row(s, 9), &["r9c1", "r9c9"]);
    assert!(fish::x_wing(&board).is_none());
    let expected = column_rest(9, &[1, 5, 9], &[1, 5, 9]);
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    let step = check(
        &board,
        fish::swordfish,
        Technique::Swordfish,
        &expected,
        None,
    );
    assert!(step
        .text
        .starts_with("Swordfish on 9 in rows 1, 5 and 9 (columns 1, 5 and 9)"));
    assert_eq!(step.houses.len(), 6);

    let mut board = open_board(s);
    keep_only(&mut board, 3, &row(s, 1), &["r1c1", "r1c4"]);
    keep_only(&mut board, 3, &row(s, 3), &["r3c4", "r3c6"]);
    keep_only(&mut board, 3, &row(s, 6), &["r6c6", "r6c8"]);
    keep_only(&mut board, 3, &row(s, 8), &["r8c1", "r8c8"]);
    assert!(fish::swordfish(&board).is_none());
    let expected = column_rest(3, &[1, 4, 6, 8], &[1, 3, 6, 8]);
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    check(
        &board,
        fish::jellyfish,
        Technique::Jellyfish,
        &expected,
        None,
    );
}

#[test]
fn finned_swordfish_eliminates_only_in_the_fin_box() {
    let s = Shape::NINE;
    let mut board = open_board(s);
    keep_only(&mut board, 6, &row(s, 1), &["r1c1", "r1c5"]);
    keep_only(&mut board, 6, &row(s, 4), &["r4c5", "r4c8"]);
    // Row 8: body r8c1, r8c8, fin r8c9 in box 9.
    keep_only(&mut board, 6, &row(s, 8), &["r8c1", "r8c8", "r8c9"]);
    assert!(fish::swordfish(&board).is_none());
    assert!(fish::sashimi_swordfish(&board).is_none());
    check(
        &board,
        fish::finned_swordfish,
        Technique::FinnedSwordfish,
        &["6r7c8", "6r9c8"],
        None,
    );
}

// ---------------------------------------------------------------------------------------
// Single-digit patterns
// ---------------------------------------------------------------------------------------

#[test]
fn skyscraper() {
    let s = Shape::NINE;
    let mut board = open_board(s);
    keep_only(&mut board, 4, &row(s, 1), &["r1c1", "r1c8"]);
    keep_only(&mut board, 4, &row(s, 5), &["r5c2", "r5c8"]);
    let step = check(
        &board,
        single_digit::skyscraper,
        Technique::Skyscraper,
        &["4r2c2", "4r3c2", "4r4c1", "4r6c1"],
        Some(
            "Skyscraper on 4: row 1 has 4 only in r1c1 and r1c8, row 5 only in r5c8 and r5c2, \
             and r1c8 sees r5c8; so r1c1 or r5c2 is 4, and r2c2, r3c2, r4c1 and r6c1 lose 4",
        ),
    );
    assert_eq!(step.links.len(), 3);
    // Both ends in the same column: that is an X-Wing, not a Skyscraper.
    let mut board = open_board(s);
    keep_only(&mut board, 4, &row(s, 1), &["r1c1", "r1c8"]);
    keep_only(&mut board, 4, &row(s, 5), &["r5c1", "r5c8"]);
    assert!(single_digit::skyscraper(&board).is_none());
    assert!(single_digit::turbot_fish(&board).is_none());
}

#[test]
fn two_string_kite() {
    let s = Shape::NINE;
    let mut board = open_board(s);
    keep_only(&mut board, 4, &row(s, 3), &["r3c2", "r3c7"]);
    keep_only(&mut board, 4, &column(s, 1), &["r1c1", "r8c1"]);
    assert!(single_digit::skyscraper(&board).is_none());
    assert!(single_digit::turbot_fish(&board).is_none());
    check(
        &board,
        single_digit::two_string_kite,
        Technique::TwoStringKite,
        &["4r8c7"],
        None,
    );
}

#[test]
fn turbot_fish_with_a_box_link() {
    let s = Shape::NINE;
    let mut board = open_board(s);
    keep_only(&mut board, 4, &boxed(s, 1), &["r1c2", "r3c1"]);
    keep_only(&mut board, 4, &row(s, 7), &["r7c1", "r7c6"]);
    assert!(single_digit::skyscraper(&board).is_none());
    assert!(single_digit::two_string_kite(&board).is_none());
    check(
        &board,
        single_digit::turbot_fish,
        Technique::TurbotFish,
        &["4r1c6"],
        None,
    );
}

#[test]
fn empty_rectangle() {
    let s = Shape::NINE;
    let mut board = open_board(s);
    keep_only(&mut board, 6, &boxed(s, 5), &["r4c4", "r4c6", "r6c5"]);
    keep_only(&mut board, 6, &column(s, 8), &["r4c8", "r9c8"]);
    let step = check(
        &board,
        single_digit::empty_rectangle,
        Technique::EmptyRectangle,
        &["6r9c5"],
        Some(
            "Empty rectangle on 6: in box 5, 6 lies only in row 4 and column 5; column 8 has 6 \
             only in r4c8 and r9c8, so r9c8 or r6c5 holds 6, and r9c5 loses 6",
        ),
    );
    assert_eq!(step.links.len(), 3);
    // With the box's places on one line only, there is no rectangle (it is a pointing).
    let mut board = open_board(s);
    keep_only(&mut board, 6, &boxed(s, 5), &["r4c4", "r4c6"]);
    keep_only(&mut board, 6, &column(s, 8), &["r4c8", "r9c8"]);
    assert!(single_digit::empty_rectangle(&board).is_none());
}

// ---------------------------------------------------------------------------------------
// Wings
// ---------------------------------------------------------------------------------------

#[test]
fn xy_wing() {
    let s = Shape::NINE;
    let mut board = open_board(s);
    set_candidates(&mut board, "r5c5", &[3, 7]);
    set_candidates(&mut board, "r5c1", &[3, 9]);
    set_candidates(&mut board, "r2c5", &[7, 9]);
    let step = check(
        &board,
        wings::xy_wing,
        Technique::XYWing,
        &["9r2c1"],
        Some("XY-Wing: pivot r5c5 (3/7) with pincers r2c5 (7/9) and r5c1 (3/9): one pincer is 9, so r2c1 loses 9"),
    );
    assert_eq!(step.links.len(), 5);
    // Pincers sharing the same pivot digit make no wing.
    set_candidates(&mut board, "r2c5", &[3, 9]);
    assert!(wings::xy_wing(&board).is_none());
}

#[test]
fn xyz_wing() {
    let s = Shape::NINE;
    let mut board = open_board(s);
    set_candidates(&mut board, "r5c5", &[3, 7, 9]);
    set_candidates(&mut board, "r5c4", &[3, 9]);
    set_candidates(&mut board, "r2c5", &[7, 9]);
    assert!(wings::xy_wing(&board).is_none());
    check(
        &board,
        wings::xyz_wing,
        Technique::XYZWing,
        &["9r4c5", "9r6c5"],
        Some("XYZ-Wing: pivot r5c5 (3/7/9) with pincers r2c5 (7/9) and r5c4 (3/9): one of the three is 9, so r4c5 and r6c5 lose 9"),
    );
}

#[test]
fn w_wing() {
    let s = Shape::NINE;
    let mut board = open_board(s);
    set_candidates(&mut board, "r1c1", &[4, 6]);
    set_candidates(&mut board, "r8c9", &[4, 6]);
    assert!(wings::w_wing(&board).is_none(), "no strong link yet");
    keep_only(&mut board, 4, &row(s, 5), &["r5c1", "r5c9"]);
    check(
        &board,
        wings::w_wing,
        Technique::WWing,
        &["6r1c9", "6r8c1"],
        Some("W-Wing: r1c1 and r8c9 hold only 4/6 and row 5 has 4 only in r5c1 and r5c9, so one of the two is 6, and r1c9 and r8c1 lose 6"),
    );
}

// ---------------------------------------------------------------------------------------
// Simple colouring
// ---------------------------------------------------------------------------------------

#[test]
fn simple_colouring_trap() {
    let s = Shape::NINE;
    let mut board = open_board(s);
    keep_only(&mut board, 2, &row(s, 1), &["r1c1", "r1c5"]);
    keep_only(&mut board, 2, &boxed(s, 2), &["r1c5", "r3c6"]);
    keep_only(&mut board, 2, &column(s, 6), &["r3c6", "r8c6"]);
    assert!(colouring::simple_colouring_wrap(&board).is_none());
    let step = check(
        &board,
        colouring::simple_colouring_trap,
        Technique::SimpleColouringTrap,
        &["2r8c1"],
        Some(
            "Simple colouring on 2: strong links colour r1c1, r3c6 one way and r1c5, r8c6 the \
             other, and one colour is true; r8c1 sees both colours and loses 2",
        ),
    );
    assert_eq!(step.links.len(), 3);
    assert!(step
        .links
        .iter()
        .all(|l| l.kind == stepdoku::trace::LinkKind::Strong));
}

#[test]
fn simple_colouring_wrap() {
    let s = Shape::NINE;
    let mut board = open_board(s);
    keep_only(&mut board, 2, &row(s, 1), &["r1c1", "r1c5"]);
    keep_only(&mut board, 2, &column(s, 5), &["r1c5", "r5c5"]);
    keep_only(&mut board, 2, &row(s, 5), &["r5c5", "r5c2"]);
    keep_only(&mut board, 2, &column(s, 2), &["r5c2", "r2c2"]);
    check(
        &board,
        colouring::simple_colouring_wrap,
        Technique::SimpleColouringWrap,
        &["2r1c1", "2r2c2", "2r5c5"],
        None,
    );
}

// ---------------------------------------------------------------------------------------
// Every finder on an open board of every shape: nothing to find, nothing to crash.
// ---------------------------------------------------------------------------------------

#[test]
fn finders_find_nothing_on_open_boards_of_every_shape() {
    for shape in Shape::ALL {
        let board = open_board(shape);
        for rung in rungs() {
            assert!(
                (rung.find)(&board).is_none(),
                "{} on an open {}",
                rung.technique.name(),
                shape.name()
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Collections
// ---------------------------------------------------------------------------------------

/// What a walk over a collection found.
#[derive(Default)]
struct Tally {
    n_puzzles: usize,
    n_without_guess: usize,
    n_boards_checked: usize,
}

/// Runs the Human strategy on each puzzle (soundness, replay and inversion are checked by
/// `run_and_check`), then replays the trace and, on every board at depth 0 where the next
/// step is not a single, calls every finder of these families directly and checks its step
/// against the solution.
fn walk(name: &str, puzzles: &[Grid]) -> Tally {
    let mut tally = Tally::default();
    let started = std::time::Instant::now();
    let mut finder_time = std::time::Duration::ZERO;
    for puzzle in puzzles {
        let solution = search::solve(puzzle, search::Budget::DEFAULT)
            .unwrap()
            .expect("collection puzzles have a solution");
        let steps = run_and_check(puzzle, Strategy::Human, Some(&solution), 100_000);
        tally.n_puzzles += 1;
        if steps.iter().all(|s| s.kind != StepKind::Guess) {
            tally.n_without_guess += 1;
        }
        let mut board = Board::new(puzzle);
        let mut depth = 0;
        for step in &steps {
            let is_single = matches!(
                step.technique,
                Technique::FullHouse
                    | Technique::HiddenSingleBox
                    | Technique::HiddenSingleLine
                    | Technique::NakedSingle
            );
            if depth == 0 && !is_single && !board.is_solved() && board.contradiction().is_none() {
                tally.n_boards_checked += 1;
                let finders_started = std::time::Instant::now();
                for rung in rungs() {
                    if let Some(found) = (rung.find)(&board) {
                        let context = format!("{name} {puzzle}: {}", found.text);
                        assert_eliminates_by(&board, &found, rung.technique);
                        common::assert_sound(&found, &solution, &context);
                    }
                }
                finder_time += finders_started.elapsed();
            }
            board.apply_step(step);
            depth = step.depth;
        }
    }
    eprintln!(
        "{name}: {} puzzles, {} solved without guessing, {} boards checked; {:.1} s in all, \
         {:.1} s in the direct finder calls",
        tally.n_puzzles,
        tally.n_without_guess,
        tally.n_boards_checked,
        started.elapsed().as_secs_f64(),
        finder_time.as_secs_f64()
    );
    tally
}

#[test]
fn norvig_collections_are_sound() {
    if !common::has_shared_data() {
        return;
    }
    for name in ["norvig_top95", "norvig_hardest"] {
        let tally = walk(name, &load(name));
        assert!(tally.n_boards_checked > 0);
    }
}

#[test]
fn magictour_top1465_is_sound() {
    let puzzles = load("magictour_top1465");
    walk("magictour_top1465", &puzzles);
}

/// The whole hardest list: every finder of these families is called on every board its
/// Human trace meets.
#[test]
fn forum_hardest_is_sound() {
    walk("forum_hardest_1106", &load("forum_hardest_1106"));
}

#[test]
fn seventeen_clue_sample_is_sound() {
    let tally = walk("17_clue", &sample("17_clue", 300));
    assert_eq!(
        tally.n_without_guess, tally.n_puzzles,
        "17-clue puzzles are easy"
    );
}

// ---------------------------------------------------------------------------------------
// Fish against a brute-force reference
// ---------------------------------------------------------------------------------------

/// All `k`-subsets of `0..n` as bit masks, in increasing order.
fn subsets_of(n: usize, k: usize) -> Vec<u32> {
    (0u32..1 << n)
        .filter(|m| m.count_ones() as usize == k)
        .collect()
}

/// Which fish of size `k` a brute-force search sees on the board: straight from the
/// definitions, every choice of base lines, cover lines and digit. Returns, in this order,
/// whether a basic, a finned and a sashimi fish with eliminations exist.
fn reference_fish(board: &Board, k: usize) -> [bool; 3] {
    let shape = board.shape();
    let n = shape.size();
    let mut found = [false; 3];
    let combos = subsets_of(n, k);
    for d in shape.all_digits().iter() {
        for rows_are_base in [true, false] {
            let at = |base: usize, cover: usize| {
                if rows_are_base {
                    shape.cell(base, cover)
                } else {
                    shape.cell(cover, base)
                }
            };
            let places: Vec<u32> = (0..n)
                .map(|b| {
                    (0..n)
                        .filter(|&c| board.has_candidate(at(b, c), d))
                        .fold(0, |m, c| m | 1 << c)
                })
                .collect();
            for &base in &combos {
                let lines: Vec<usize> = bit_positions(base).collect();
                if lines.iter().any(|&b| places[b].count_ones() < 2) {
                    continue;
                }
                for &cover in &combos {
                    let bodies: Vec<u32> = lines.iter().map(|&b| places[b] & cover).collect();
                    let body_union = bodies.iter().fold(0, |m, &x| m | x);
                    if bodies.contains(&0) || body_union != cover {
                        continue;
                    }
                    let fins: Vec<Cell> = lines
                        .iter()
                        .flat_map(|&b| {
                            let fin_bits = places[b] & !cover;
                            bit_positions(fin_bits).map(move |c| at(b, c))
                        })
                        .collect();
                    let targets = bit_positions(cover).flat_map(|c| {
                        (0..n)
                            .filter(move |b| base & 1 << b == 0)
                            .map(move |b| at(b, c))
                    });
                    let fin_box = fins.first().map(|&f| shape.box_of(f));
                    if fins.iter().any(|&f| Some(shape.box_of(f)) != fin_box) {
                        continue;
                    }
                    let has_elimination = targets
                        .filter(|&t| board.has_candidate(t, d))
                        .any(|t| fin_box.is_none_or(|x| shape.box_of(t) == x));
                    if !has_elimination {
                        continue;
                    }
                    let slot = if fins.is_empty() {
                        0
                    } else if bodies.iter().any(|b| b.count_ones() < 2) {
                        2
                    } else {
                        1
                    };
                    found[slot] = true;
                }
            }
        }
    }
    found
}

#[test]
fn fish_finders_agree_with_a_brute_force_search() {
    if !common::has_shared_data() {
        return;
    }
    let finders: [[Finder; 3]; 3] = [
        [fish::x_wing, fish::finned_x_wing, fish::sashimi_x_wing],
        [
            fish::swordfish,
            fish::finned_swordfish,
            fish::sashimi_swordfish,
        ],
        [
            fish::jellyfish,
            fish::finned_jellyfish,
            fish::sashimi_jellyfish,
        ],
    ];
    let mut n_boards = 0;
    let mut n_found = [[0; 3]; 3];
    for puzzle in load("norvig_top95").iter().step_by(4) {
        let steps = run_and_check(puzzle, Strategy::Human, None, 100_000);
        let mut board = Board::new(puzzle);
        for (i, step) in steps.iter().enumerate() {
            if i % 3 == 0 && step.depth == 0 && !board.is_solved() {
                n_boards += 1;
                for (size_idx, row) in finders.iter().enumerate() {
                    let expected = reference_fish(&board, size_idx + 2);
                    for (kind_idx, find) in row.iter().enumerate() {
                        let found = find(&board).is_some();
                        assert_eq!(
                            found,
                            expected[kind_idx],
                            "size {}, kind {kind_idx} on {}",
                            size_idx + 2,
                            board.grid()
                        );
                        n_found[size_idx][kind_idx] += usize::from(found);
                    }
                }
            }
            board.apply_step(step);
        }
    }
    eprintln!("{n_boards} boards; found (basic, finned, sashimi) by size: {n_found:?}");
    assert!(n_found.iter().flatten().all(|&n| n > 0), "{n_found:?}");
}
