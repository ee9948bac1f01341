//! Sentences write digits in the puzzle's own alphabet, as the puzzle text and the page do:
//! numbers up to 9×9, `1`–`9` then letters from `A` = 10 on 12×12 and 16×16, and letters
//! only on 25×25 (`A` = 1 … `Y` = 25). Cell names (`r10c1`) and house numbers stay numbers,
//! and the JSON keeps digits as 1-based numbers.
//!
//! Each test builds the same situation on several shapes and checks the exact sentence, so
//! the 9×9 sentence is pinned down as it always was and the larger ones differ only in how
//! their digits are written.

mod common;

use common::{cell, digit, eliminate, open_board};
use stepdoku::logic::{singles, subsets, wings, Finder};
use stepdoku::validate::Diagnosis;
use stepdoku::Contradiction;
use stepdoku::{check_text, Board, Candidate, Cell, Grid, Shape, StepKind};
use stepdoku::{stepper, Strategy};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/// Leaves a cell only the given candidates.
fn set_candidates(board: &mut Board, name: &str, values: &[u8]) {
    let c = cell(board.shape(), name);
    for d in board.shape().all_digits().iter() {
        if !values.contains(&d.get()) {
            eliminate(board, c, d);
        }
    }
}

/// Leaves `value` among `cells` only in the cells named in `keep`.
fn keep_only(board: &mut Board, value: u8, cells: &[Cell], keep: &[&str]) {
    let keep: Vec<Cell> = keep.iter().map(|n| cell(board.shape(), n)).collect();
    for &c in cells.iter().filter(|c| !keep.contains(c)) {
        eliminate(board, c, digit(value));
    }
}

/// A full valid grid: row `r` is the first row shifted as a pattern of boxes.
fn pattern_solution(shape: Shape) -> Grid {
    let (n, rows, cols) = (shape.size(), shape.box_rows(), shape.box_cols());
    let values: Vec<u8> = shape
        .cells()
        .map(|c| {
            let (r, col) = (shape.row_of(c), shape.col_of(c));
            (((r % rows) * cols + r / rows + col) % n + 1) as u8
        })
        .collect();
    let grid = Grid::from_values(&values).expect("values of the shape");
    assert!(grid.is_valid_solution());
    grid
}

/// The sentence of the step a finder finds, which must be there.
fn sentence(board: &Board, find: Finder) -> String {
    find(board).expect("the finder fires").text
}

/// A row of `size` cells with the character `ch` at columns 1 and 4, then blank rows.
fn duplicate_in_row_1(shape: Shape, ch: char) -> String {
    let n = shape.size();
    let mut text = String::new();
    for col in 1..=n {
        text.push(if col == 1 || col == 4 { ch } else { '.' });
    }
    text.push_str(&".".repeat(n * (n - 1)));
    text
}

// ---------------------------------------------------------------------------------------
// Singles
// ---------------------------------------------------------------------------------------

#[test]
fn singles_write_their_digit_in_the_alphabet_of_the_shape() {
    // (shape, digit, how the shape writes it)
    let cases = [
        (Shape::FOUR, 3, "3"),
        (Shape::NINE, 7, "7"),
        (Shape::TWELVE, 11, "B"),
        (Shape::SIXTEEN, 15, "F"),
        (Shape::SIXTEEN, 9, "9"),
        (Shape::TWENTY_FIVE, 25, "Y"),
        (Shape::TWENTY_FIVE, 1, "A"),
    ];
    for (shape, value, shown) in cases {
        let d = digit(value);

        // Full house: the pattern grid without the cell of row 1 that holds the digit.
        let mut puzzle = pattern_solution(shape);
        let gap = shape.cell(0, value as usize - 1);
        assert_eq!(puzzle.get(gap), Some(d));
        puzzle.set(gap, None);
        assert_eq!(
            sentence(&Board::new(&puzzle), singles::full_house),
            format!("r1c{value} = {shown}: the last empty cell in row 1")
        );

        // Hidden single: the digit has one place left in box 1.
        let mut board = open_board(shape);
        let box_1: Vec<Cell> = shape.cells().filter(|&c| shape.box_of(c) == 0).collect();
        keep_only(&mut board, value, &box_1, &["r2c2"]);
        assert_eq!(
            sentence(&board, singles::hidden_single_box),
            format!(
                "r2c2 = {shown}: the only place for {shown} in box 1; the other places were \
                 ruled out earlier"
            )
        );

        // Naked single: one candidate left in the last cell of the grid.
        let mut board = open_board(shape);
        let last = format!("r{0}c{0}", shape.size());
        set_candidates(&mut board, &last, &[value]);
        assert_eq!(
            sentence(&board, singles::naked_single),
            format!(
                "{last} = {shown}: the only candidate left in the cell; the other candidates \
                 were ruled out earlier"
            )
        );
    }
}

#[test]
fn the_json_of_a_step_keeps_digits_as_numbers() {
    let shape = Shape::SIXTEEN;
    let mut board = open_board(shape);
    set_candidates(&mut board, "r10c1", &[15]);
    let step = singles::naked_single(&board).expect("a naked single");
    assert_eq!(
        step.text,
        "r10c1 = F: the only candidate left in the cell; the other candidates were ruled out \
         earlier"
    );
    let json = serde_json::to_value(&step).unwrap();
    assert_eq!(json["digit"], 15);
    assert_eq!(json["changes"][0]["digit"], 15);
    assert_eq!(json["pattern"][0]["digit"], 15);
    assert_eq!(json["technique"], "Naked Single");
    assert_eq!(json["techniqueId"], "naked-single");
    assert_eq!(json["reliesOnUniqueness"], false);
    assert!(
        json.get("links").is_none(),
        "a missing list is empty: {json}"
    );
}

#[test]
fn every_placement_of_a_singles_trace_writes_its_digit_as_the_shape_does() {
    for shape in [Shape::NINE, Shape::SIXTEEN, Shape::TWENTY_FIVE] {
        // Every other cell blank: singles, and guesses where singles stall.
        let mut puzzle = pattern_solution(shape);
        for c in shape.cells().filter(|c| c.index() % 2 == 0) {
            puzzle.set(c, None);
        }
        let mut stepper = stepper(&puzzle, Strategy::Singles);
        let (mut n_placements, mut n_letters) = (0, 0);
        while let Some(step) = stepper.next_step() {
            assert!(
                n_placements <= shape.n_cells() * 4,
                "{}: too long",
                shape.name()
            );
            if !matches!(step.kind, StepKind::Deduction | StepKind::Guess) {
                continue;
            }
            for placed in step.placements() {
                let shown = shape.digit_char(placed.digit);
                let expected = format!("{} = {shown}", placed.cell.name(shape));
                assert!(step.text.contains(&expected), "{}: {}", expected, step.text);
                n_placements += 1;
                n_letters += usize::from(shown.is_ascii_alphabetic());
            }
        }
        assert!(stepper.board().is_solved(), "{}", shape.name());
        assert!(n_placements > 0);
        assert_eq!(n_letters > 0, shape.size() > 9, "{}", shape.name());
    }
}

// ---------------------------------------------------------------------------------------
// Harder techniques: lists of digits, slashed and in words
// ---------------------------------------------------------------------------------------

#[test]
fn xy_wing_writes_pairs_and_the_eliminated_digit_in_the_alphabet_of_the_shape() {
    // The pivot and its pincers lie in three boxes on every shape up to 25×25.
    let cases = [
        (
            Shape::NINE,
            [3, 7, 9],
            "XY-Wing: pivot r9c9 (3/7) with pincers r1c9 (7/9) and r9c1 (3/9): one pincer is 9, so r1c1 loses 9",
        ),
        (
            Shape::SIXTEEN,
            [3, 10, 16],
            "XY-Wing: pivot r9c9 (3/A) with pincers r1c9 (A/G) and r9c1 (3/G): one pincer is G, so r1c1 loses G",
        ),
        (
            Shape::TWENTY_FIVE,
            [3, 7, 9],
            "XY-Wing: pivot r9c9 (C/G) with pincers r1c9 (G/I) and r9c1 (C/I): one pincer is I, so r1c1 loses I",
        ),
    ];
    for (shape, [x, y, z], expected) in cases {
        let mut board = open_board(shape);
        set_candidates(&mut board, "r9c9", &[x, y]);
        set_candidates(&mut board, "r9c1", &[x, z]);
        set_candidates(&mut board, "r1c9", &[y, z]);
        assert_eq!(sentence(&board, wings::xy_wing), expected);
    }
}

#[test]
fn hidden_pair_lists_the_removed_digits_in_the_alphabet_of_the_shape() {
    let cases = [
        (
            Shape::NINE,
            [1, 7],
            "Hidden pair 1/7 in row 1 on r1c1, r1c2 removes 2, 3, 4, 5, 6, 8 and 9 from r1c1 and r1c2",
        ),
        (
            Shape::SIXTEEN,
            [10, 15],
            "Hidden pair A/F in row 1 on r1c1, r1c2 removes 1, 2, 3, 4, 5, 6, 7, 8, 9, B, C, D, E and G from r1c1 and r1c2",
        ),
        (
            Shape::TWENTY_FIVE,
            [1, 25],
            "Hidden pair A/Y in row 1 on r1c1, r1c2 removes B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W and X from r1c1 and r1c2",
        ),
    ];
    for (shape, pair, expected) in cases {
        let mut board = open_board(shape);
        let row_1: Vec<Cell> = (0..shape.size()).map(|c| shape.cell(0, c)).collect();
        for value in pair {
            keep_only(&mut board, value, &row_1, &["r1c1", "r1c2"]);
        }
        assert_eq!(sentence(&board, subsets::hidden_pair), expected);
    }
}

#[test]
fn candidate_names_write_the_digit_first_in_the_alphabet_of_the_shape() {
    let cases = [
        (Shape::NINE, "r3c5", 5, "5r3c5"),
        (Shape::SIXTEEN, "r10c1", 15, "Fr10c1"),
        (Shape::TWENTY_FIVE, "r25c12", 1, "Ar25c12"),
    ];
    for (shape, name, value, expected) in cases {
        let candidate = Candidate::new(cell(shape, name), digit(value));
        assert_eq!(candidate.name(shape), expected);
    }
}

// ---------------------------------------------------------------------------------------
// Diagnostics
// ---------------------------------------------------------------------------------------

#[test]
fn duplicate_givens_are_named_in_the_alphabet_of_the_shape() {
    let cases = [
        (Shape::NINE, '5', "5"),
        (Shape::TWELVE, 'C', "C"),
        (Shape::SIXTEEN, 'F', "F"),
        (Shape::TWENTY_FIVE, 'A', "A"),
    ];
    for (shape, ch, shown) in cases {
        let text = duplicate_in_row_1(shape, ch);
        let conflict = format!("r1c1 and r1c4 both hold {shown} in row 1");
        let expected = format!("Duplicate given: {conflict}.");
        assert_eq!(check_text(&text).unwrap_err().to_string(), expected);
        assert_eq!(Diagnosis::of_text(&text).message, expected);

        // A trace of such a puzzle ends at once, with the same words.
        let puzzle = Grid::parse(&text).unwrap();
        for strategy in Strategy::ALL {
            let step = stepper(&puzzle, strategy).next_step().unwrap();
            assert_eq!(step.kind, StepKind::Unsolvable);
            assert_eq!(step.text, format!("No solution: {conflict}"));
        }
    }
}

#[test]
fn a_digit_with_no_place_is_named_in_the_alphabet_of_the_shape() {
    let cases = [
        (Shape::NINE, 9, "9"),
        (Shape::SIXTEEN, 16, "G"),
        (Shape::TWENTY_FIVE, 20, "T"),
    ];
    for (shape, value, shown) in cases {
        let mut board = open_board(shape);
        for col in 0..shape.size() {
            eliminate(&mut board, shape.cell(2, col), digit(value));
        }
        let contradiction = board.contradiction().expect("no place for the digit");
        assert_eq!(
            contradiction,
            Contradiction::NoPlace(digit(value), stepdoku::House::row(2))
        );
        assert_eq!(
            contradiction.describe(shape),
            format!("{shown} has no place left in row 3")
        );
    }
}
