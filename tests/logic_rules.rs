//! The rule techniques, one fixture each: a constraint puzzle in Stepdoku's one-line text
//! (`cells;rule;rule`), the finder, and the step it must give: its sentence, which names the
//! rule, what remains and every candidate that leaves. See `tests/killer_logic.rs` for the
//! techniques over whole traces.

mod common;

use common::assert_well_formed;
use stepdoku::logic::{cages, innies, relations, Finder};
use stepdoku::{Board, ConstraintPuzzle};

/// The board of a puzzle in Stepdoku's one-line text.
fn board_of(line: &str) -> Board {
    let puzzle = ConstraintPuzzle::read(line)
        .expect("a constraint puzzle")
        .expect("a puzzle that reads");
    Board::new(puzzle.grid())
}

/// Checks that `find` gives, on the puzzle of `line`, a well-formed step with this sentence.
fn check(line: &str, find: Finder, expected: &str) {
    let board = board_of(line);
    let step = find(&board).unwrap_or_else(|| panic!("no step on {line}"));
    assert_well_formed(&board, &step);
    assert_eq!(step.text, expected, "{line}");
}

/// Checks that `find` gives no step on the puzzle of `line`.
fn check_none(line: &str, find: Finder) {
    let board = board_of(line);
    if let Some(step) = find(&board) {
        panic!("unexpected step on {line}: {}", step.text);
    }
}

/// An empty 9×9 grid, for the rules to follow.
const EMPTY: &str =
    ".................................................................................";

fn with(cells: &str, rules: &str) -> String {
    format!("{cells};{rules}")
}

/// A grid with one digit placed at `r`ow, `c`olumn (1-based).
fn placed(r: usize, c: usize, digit: char) -> String {
    let mut cells: Vec<char> = EMPTY.chars().collect();
    cells[(r - 1) * 9 + c - 1] = digit;
    cells.into_iter().collect()
}

#[test]
fn cage_combinations() {
    check(
        &with(EMPTY, "cage=17:r1c1,r1c2"),
        cages::cage_combinations,
        "Cage Combinations: the cage of 17 at r1c1 in 2 cells can only be 8+9, so r1c1 and r1c2 lose 1/2/3/4/5/6/7",
    );
    check(
        &with(EMPTY, "cage=7:r1c1,r2c1,r2c2"),
        cages::cage_combinations,
        "Cage Combinations: the cage of 7 at r1c1 in 3 cells can only be 1+2+4, so r1c1, r2c1 and r2c2 lose 3/5/6/7/8/9",
    );
    // The combinations that remain need cells that can take their digits: with r1c1 = 1,
    // 10 in three cells is 1+2+7, 1+3+6 or 1+4+5.
    check(
        &with(&placed(1, 1, '1'), "cage=10:r1c1,r1c2,r2c2"),
        cages::cage_combinations,
        "Cage Combinations: the cage of 10 at r1c1 in 3 cells can only be 1+2+7, 1+3+6 or 1+4+5, so r1c2 and r2c2 lose 8/9",
    );
    check_none(
        &with(EMPTY, "cage=15:r1c1,r1c2,r1c3"),
        cages::cage_combinations,
    );
}

#[test]
fn cage_pointing() {
    // 1+2 in r1c1, r1c2: 1 and 2 leave the rest of row 1 (and of box 1).
    check(
        &with(EMPTY, "cage=3:r1c1,r1c2"),
        cages::cage_pointing,
        "Cage Pointing: every combination of the cage of 3 at r1c1 (1+2) holds 1, and its places for 1 lie in row 1, so r1c3, r1c4, r1c5, r1c6, r1c7, r1c8 and r1c9 lose 1",
    );
    // 23 in three cells is 6+8+9, all in box 1: 6 leaves the rest of the box.
    check(
        &with(EMPTY, "cage=23:r1c1,r2c1,r2c2"),
        cages::cage_pointing,
        "Cage Pointing: every combination of the cage of 23 at r1c1 (6+8+9) holds 6, and its places for 6 lie in box 1, so r1c2, r1c3, r2c3, r3c1, r3c2 and r3c3 lose 6",
    );
    // A cage across two boxes: 9 lies in every combination of 17 (8+9), and once r1c4 has lost
    // 9 (to a 9 in r5c4) its places lie in r1c3, box 1: 9 leaves the rest of box 1.
    check(
        &with(&placed(5, 4, '9'), "cage=17:r1c3,r1c4"),
        cages::cage_pointing,
        "Cage Pointing: every combination of the cage of 17 at r1c3 (8+9) holds 8, and its places for 8 lie in row 1, so r1c1, r1c2, r1c5, r1c6, r1c7, r1c8 and r1c9 lose 8",
    );
}

#[test]
fn cage_claiming() {
    // In row 1, 9 can only go in r1c1 and r1c2: the 9s of r2c4 and r3c7 take it out of
    // r1c4–r1c9, and r1c3 holds 1. So the cage of 12 holds 9: 3+9.
    let mut cells: Vec<char> = EMPTY.chars().collect();
    cells[2] = '1';
    cells[9 + 3] = '9';
    cells[18 + 6] = '9';
    let cells: String = cells.into_iter().collect();
    check(
        &with(&cells, "cage=12:r1c1,r1c2"),
        cages::cage_claiming,
        "Cage Claiming: in row 1, 9 can only go in r1c1 and r1c2 (the cage of 12 at r1c1), so the cage holds 9: only 3+9 remain, so r1c1 and r1c2 lose 2/4/5/6/7/8",
    );
}

#[test]
fn innies_and_outies() {
    // Row 1: two whole cages of 1+2+3+4+5+6 = 21 and 7+8 = 15 ... the last cell is 45 - 36.
    check(
        &with(
            EMPTY,
            "cage=21:r1c1,r1c2,r1c3,r1c4,r1c5,r1c6;cage=15:r1c7,r1c8",
        ),
        innies::innies_outies,
        "Innies: row 1 adds up to 45 and its whole cages to 36, so r1c9 (its innie) = 9",
    );
    // Two innies that see each other add up to 17: 8+9.
    check(
        &with(EMPTY, "cage=28:r1c1,r1c2,r1c3,r1c4,r1c5,r1c6,r1c7"),
        innies::innies_outies,
        "Innies: row 1 adds up to 45 and its whole cages to 28, so r1c8 and r1c9 (its innies) add up to 17: only 8+9, so r1c8 and r1c9 lose 1/2/3/4/5/6/7",
    );
    // Outies: row 1 is covered by a cage of 45 over r1c1–r1c8 and r2c1, and r1c9 lies in a
    // cage of 10 with r2c9: the cages add up to 55, so the outies r2c1 and r2c9 add up to 10.
    check(
        &with(
            EMPTY,
            "cage=40:r1c1,r1c2,r1c3,r1c4,r1c5,r1c6,r1c7,r2c1;cage=13:r1c8,r1c9,r2c9",
        ),
        innies::innies_outies,
        "Outies: the cages meeting row 1 add up to 53 and it to 45, so r2c1 and r2c9 (its outies) add up to 8: only 1+7, 2+6 or 3+5, so r2c1 and r2c9 lose 4/8/9",
    );
}

#[test]
fn an_innie_less_an_outie() {
    // Row 1: a cage of 5 in r1c8 wholly inside; the cage of 37 over r1c1–r1c7 sticks out at
    // r2c1; r1c9 lies in a cage of 20 with r2c8 and r2c9. So 45 = 5 + (37 − r2c1) + r1c9:
    // r1c9 = r2c1 + 3.
    check(
        &with(
            EMPTY,
            "cage=5:r1c8;cage=37:r1c1,r1c2,r1c3,r1c4,r1c5,r1c6,r1c7,r2c1;cage=20:r1c9,r2c8,r2c9",
        ),
        innies::innies_outies,
        "Innies and Outies: row 1 adds up to 45 and its whole cages to 5; the cage of 37 at r1c1 sticks out of it at r2c1 (its outie) and r1c9 (its innie) lies in another cage, so r1c9 = r2c1 + 3, so r1c9 loses 1/2/3; r2c1 loses 7/8/9",
    );
}

#[test]
fn anti_knight_anti_king_and_diagonal() {
    check(
        &with(&placed(5, 5, '5'), "antiknight"),
        relations::anti_knight,
        "Anti-knight: r5c5 = 5, so r3c4, r3c6, r4c3, r4c7, r6c3, r6c7, r7c4 and r7c6, a knight's move away, lose 5",
    );
    check(
        &with(&placed(3, 3, '5'), "antiking"),
        relations::anti_king,
        "Anti-king: r3c3 = 5, so r2c4, r4c2 and r4c4, a king's move away, lose 5",
    );
    check(
        &with(&placed(1, 1, '5'), "diagonal-"),
        relations::diagonal,
        "Diagonal: r1c1 = 5 on the ↘ diagonal, so r4c4, r5c5, r6c6, r7c7, r8c8 and r9c9 lose 5",
    );
    check_none(&with(&placed(1, 1, '5'), "diagonal+"), relations::diagonal);
}

#[test]
fn thermometer_arrow_and_pairs() {
    check(
        &with(EMPTY, "thermo:r1c1,r1c2,r1c3"),
        relations::thermometer,
        "Thermometer: digits increase along r1c1, r1c2, r1c3, so r1c1 loses 8/9; r1c2 loses 1/9; r1c3 loses 1/2",
    );
    check(
        &with(&placed(1, 3, '6'), "arrow:r1c1>r1c2,r1c3"),
        relations::arrow,
        "Arrow: r1c2, r1c3 adds up to the circle at r1c1, so r1c1 loses 1/2/3/4/5; r1c2 loses 4/5/7/8/9",
    );
    check(
        &with(&placed(1, 1, '4'), "white:r1c1,r2c1"),
        relations::kropki_dot,
        "Kropki Dot: r1c1 and r2c1 hold consecutive digits (white dot), so r2c1 loses 1/2/6/7/8/9",
    );
    check(
        &with(EMPTY, "black:r1c1,r2c1"),
        relations::kropki_dot,
        "Kropki Dot: r1c1 and r2c1 hold a digit and its double (black dot), so r1c1 and r2c1 lose 5/7/9",
    );
    check(
        &with(EMPTY, "v:r1c1,r2c1"),
        relations::xv_pair,
        "XV Pair: r1c1 and r2c1 add up to 5 (V), so r1c1 and r2c1 lose 5/6/7/8/9",
    );
    check(
        &with(&placed(5, 5, '5'), "nonconsecutive"),
        relations::non_consecutive,
        "Non-Consecutive: r4c5 and r5c5 are neighbours, never consecutive, so r4c5 loses 4/6",
    );
    check_none(&with(EMPTY, "nonconsecutive"), relations::non_consecutive);
}

#[test]
fn the_technique_ladder_doc_lists_every_technique() {
    let doc = include_str!("../docs/TECHNIQUES.md");
    for &technique in stepdoku::Technique::ALL {
        if technique.is_search() {
            continue;
        }
        let row = format!(
            "| `{}` | {} | {:.1} | {} |",
            technique.slug(),
            technique.name(),
            technique.difficulty(),
            technique.score()
        );
        assert!(doc.contains(&row), "docs/TECHNIQUES.md lacks {row}");
    }
}
