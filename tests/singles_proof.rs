//! The proof a single carries (`Step::proof`), checked against the board before the step on
//! every collection: our own (`tests/data/`: every size from 4×4 to 25×25, X-Sudoku, Windoku,
//! Jigsaw, and puzzles with pencil marks made from them) and samples of `../shared/data`.
//!
//! - Hidden single: every witness holds the single's digit, outside the single's house; every
//!   cell it covers is an empty cell of the house, not the single's, that sees it; the covers
//!   do not overlap; and they cover exactly the cells a copy of the digit sees. Where every
//!   candidate went because of a digit placed (the Singles strategy before its first
//!   backtrack, on a puzzle without pencil marks), the covers and the filled cells make up
//!   the whole house but the single's cell.
//! - Naked single: every witness is a peer holding another digit, one witness per digit, each
//!   covering the single's cell; every other digit some peer holds has its witness (every
//!   other digit, where the proof must be whole).
//! - Full house and every other step: no proof.

mod common;

use common::{has_shared_data, own_cases, sample};
use stepdoku::{
    stepper, Board, Cell, Digit, DigitSet, Grid, Shape, Step, StepKind, Strategy, Technique,
};

/// What the checks saw, for the summary line and the assertions that they saw something.
#[derive(Default, Debug)]
struct Tally {
    hidden: usize,
    hidden_whole: usize,
    naked: usize,
    naked_whole: usize,
    full_house: usize,
    witnesses: usize,
    /// Hidden singles on 9×9 whose greedy cover is as small as the smallest cover.
    greedy_optimal: usize,
    greedy_compared: usize,
}

/// Whether some copy of `digit` on the board sees `cell`.
fn is_seen_holding(board: &Board, cell: Cell, digit: Digit) -> bool {
    board.geometry().peers[cell.index()]
        .iter()
        .any(|&p| board.value(p) == Some(digit))
}

/// The fewest copies of `digit` that together see every cell of `targets` each one can see
/// (by trying every subset; 9×9 only, where at most 9 copies exist).
fn smallest_cover(board: &Board, targets: &[Cell], digit: Digit) -> usize {
    let geometry = board.geometry();
    let copies: Vec<Cell> = board
        .shape()
        .cells()
        .filter(|&c| board.value(c) == Some(digit))
        .collect();
    let sees = |mask: u32, t: Cell| {
        copies
            .iter()
            .enumerate()
            .any(|(i, &c)| mask & (1 << i) != 0 && geometry.sees(c, t))
    };
    let all = (1u32 << copies.len()) - 1;
    let coverable: Vec<Cell> = targets.iter().copied().filter(|&t| sees(all, t)).collect();
    (0..=all)
        .filter(|&mask| coverable.iter().all(|&t| sees(mask, t)))
        .map(|mask| mask.count_ones() as usize)
        .min()
        .unwrap_or(0)
}

/// Checks the proof of one step against the board before it. `must_be_whole` says that every
/// candidate gone from the board went because of a digit placed.
fn check_step(board: &Board, step: &Step, must_be_whole: bool, tally: &mut Tally, context: &str) {
    let shape = board.shape();
    let geometry = board.geometry();
    let context = format!("{context}: {}", step.text);
    tally.witnesses += step.proof.len();
    match step.technique {
        Technique::HiddenSingleBox | Technique::HiddenSingleLine => {
            tally.hidden += 1;
            let [cell] = step.cells[..] else {
                panic!("{context}: one cell")
            };
            let [house] = step.houses[..] else {
                panic!("{context}: one house")
            };
            let digit = step.digit.expect("a digit");
            let in_house = geometry.cells_of(house);
            let mut covered = vec![false; shape.n_cells()];
            for w in &step.proof {
                assert_eq!(w.digit, digit, "{context}: a witness of another digit");
                assert_eq!(
                    board.value(w.cell),
                    Some(digit),
                    "{context}: {w:?} holds it"
                );
                assert!(!in_house.contains(&w.cell), "{context}: {w:?} is outside");
                assert!(!w.covers.is_empty(), "{context}: {w:?} covers something");
                for &c in &w.covers {
                    assert!(in_house.contains(&c), "{context}: {w:?} covers within");
                    assert_ne!(c, cell, "{context}: the single's cell is not covered");
                    assert_eq!(board.value(c), None, "{context}: a covered cell is empty");
                    assert!(geometry.sees(w.cell, c), "{context}: {w:?} sees {c:?}");
                    assert!(!covered[c.index()], "{context}: covers overlap at {c:?}");
                    covered[c.index()] = true;
                }
            }
            let others: Vec<Cell> = in_house
                .iter()
                .copied()
                .filter(|&c| c != cell && board.value(c).is_none())
                .collect();
            for &c in &others {
                assert_eq!(
                    covered[c.index()],
                    is_seen_holding(board, c, digit),
                    "{context}: {} is covered exactly when a {digit} sees it",
                    c.name(shape)
                );
            }
            let is_whole = others.iter().all(|c| covered[c.index()]);
            assert!(
                is_whole || !must_be_whole,
                "{context}: covers and filled cells make up the house"
            );
            tally.hidden_whole += usize::from(is_whole);
            if shape == Shape::NINE && geometry.is_classic() {
                tally.greedy_compared += 1;
                let best = smallest_cover(board, &others, digit);
                assert!(
                    step.proof.len() >= best,
                    "{context}: no cover beats the smallest"
                );
                tally.greedy_optimal += usize::from(step.proof.len() == best);
            }
        }
        Technique::NakedSingle => {
            tally.naked += 1;
            let [cell] = step.cells[..] else {
                panic!("{context}: one cell")
            };
            let digit = step.digit.expect("a digit");
            let mut ruled_out = DigitSet::EMPTY;
            for w in &step.proof {
                assert_ne!(w.digit, digit, "{context}: a witness of another digit");
                assert_eq!(
                    board.value(w.cell),
                    Some(w.digit),
                    "{context}: {w:?} holds it"
                );
                assert!(geometry.sees(w.cell, cell), "{context}: {w:?} is a peer");
                assert_eq!(
                    w.covers,
                    [cell],
                    "{context}: {w:?} covers the single's cell"
                );
                assert!(
                    !ruled_out.contains(w.digit),
                    "{context}: one witness a digit"
                );
                ruled_out.insert(w.digit);
            }
            for d in shape.all_digits().iter().filter(|&d| d != digit) {
                assert_eq!(
                    ruled_out.contains(d),
                    is_seen_holding(board, cell, d),
                    "{context}: {d} has a witness exactly when a peer holds it"
                );
            }
            let is_whole = ruled_out.len() == shape.size() - 1;
            assert!(
                is_whole || !must_be_whole,
                "{context}: every digit ruled out"
            );
            tally.naked_whole += usize::from(is_whole);
        }
        Technique::FullHouse => {
            tally.full_house += 1;
            assert!(
                step.proof.is_empty(),
                "{context}: a full house needs no proof"
            );
        }
        _ => assert!(
            step.proof.is_empty(),
            "{context}: only singles have a proof"
        ),
    }
}

/// Runs a strategy on a puzzle (at most `max_steps` steps), checking every step's proof.
fn check_trace(puzzle: &Grid, strategy: Strategy, max_steps: usize, tally: &mut Tally) {
    let context = format!("{} {}", strategy.name(), puzzle.to_line());
    let mut solver = stepper(puzzle, strategy);
    let mut board = Board::new(puzzle);
    // Until a backtrack rules a guess out, every candidate the Singles strategy removes goes
    // with a digit it places; pencil marks remove candidates from the start.
    let mut is_exact = strategy == Strategy::Singles && puzzle.marks().is_none();
    for _ in 0..max_steps {
        let Some(step) = solver.next_step() else {
            return;
        };
        if step.kind == StepKind::Backtrack {
            is_exact = false;
        }
        check_step(&board, &step, is_exact, tally, &context);
        board.apply_step(&step);
    }
}

/// A puzzle with pencil marks: its own candidates, less one digit that is not the solution's
/// in every fifth empty cell that has three or more.
fn with_marks(puzzle: &Grid, solution: &Grid) -> Grid {
    let board = Board::new(puzzle);
    let marks = puzzle
        .shape()
        .cells()
        .map(|c| {
            let mut set = board.candidates(c);
            if puzzle.get(c).is_none() && c.index() % 5 == 0 && set.len() >= 3 {
                let right = solution.get(c).expect("a full solution");
                let wrong = set.iter().find(|&d| d != right).expect("another digit");
                set.remove(wrong);
            }
            if puzzle.get(c).is_some() {
                set = puzzle.shape().all_digits();
            }
            set
        })
        .collect();
    puzzle.clone().with_marks(marks)
}

#[test]
fn singles_prove_themselves_on_our_own_collections_of_every_size_and_variant() {
    let mut tally = Tally::default();
    let mut sizes = Vec::new();
    let cases = own_cases(include_str!("data/classic.txt"))
        .into_iter()
        .chain(own_cases(include_str!("data/variants.txt")));
    for case in cases.filter(|c| c.n_solutions == 1) {
        let puzzle = &case.puzzle;
        let size = puzzle.shape().size();
        if !sizes.contains(&size) {
            sizes.push(size);
        }
        check_trace(puzzle, Strategy::Singles, 20_000, &mut tally);
        check_trace(puzzle, Strategy::Human, 5_000, &mut tally);
        let solution = case
            .solution
            .as_ref()
            .expect("a unique puzzle has its solution");
        if size <= 9 {
            check_trace(
                &with_marks(puzzle, solution),
                Strategy::Human,
                5_000,
                &mut tally,
            );
        }
    }
    sizes.sort_unstable();
    eprintln!("own collections, sizes {sizes:?}: {tally:?}");
    assert_eq!(sizes, [4, 6, 8, 9, 12, 16, 25], "every size was checked");
    assert!(tally.hidden > 100 && tally.naked > 10 && tally.full_house > 10);
    assert!(tally.hidden_whole > 0 && tally.hidden_whole < tally.hidden);
    assert!(tally.witnesses > tally.hidden, "proofs were there to check");
}

#[test]
fn singles_prove_themselves_on_the_shared_collections() {
    if !has_shared_data() {
        return;
    }
    let mut tally = Tally::default();
    for (name, n, strategies) in [
        ("17_clue", 40, &[Strategy::Singles, Strategy::Human][..]),
        (
            "magictour_top1465",
            30,
            &[Strategy::Singles, Strategy::Human],
        ),
        ("norvig_top95", 20, &[Strategy::Human]),
        ("forum_hardest_1106", 10, &[Strategy::Singles]),
    ] {
        for puzzle in sample(name, n) {
            for &strategy in strategies {
                check_trace(&puzzle, strategy, 20_000, &mut tally);
            }
        }
    }
    eprintln!(
        "shared collections: {tally:?}; the greedy cover is the smallest on {} of {} 9×9 \
         hidden singles",
        tally.greedy_optimal, tally.greedy_compared
    );
    assert!(tally.hidden > 1000 && tally.naked > 100);
}

#[test]
fn a_hidden_single_names_its_witnesses() {
    // The seed example's first step: 7 has one place left in box 4.
    let puzzle = Grid::parse(common::SEEDS[0].0).unwrap();
    let step = stepper(&puzzle, Strategy::Human).next_step().unwrap();
    assert_eq!(step.technique, Technique::HiddenSingleBox);
    let names: Vec<String> = step
        .proof
        .iter()
        .map(|w| w.cell.name(puzzle.shape()))
        .collect();
    let shape = puzzle.shape();
    let cell = step.cells[0].name(shape);
    assert_eq!(
        step.text,
        format!(
            "{cell} = 7: the only place for 7 in box 4; the 7s in {} rule out the rest",
            match &names[..] {
                [a, b, c] => format!("{a}, {b} and {c}"),
                _ => panic!("three witnesses: {names:?}"),
            }
        )
    );
    let json = serde_json::to_value(&step).unwrap();
    assert_eq!(json["proof"][0]["digit"], 7);
    assert_eq!(
        json["proof"][0]["cell"],
        step.proof[0].cell.index(),
        "cells are numbers on the wire"
    );
}

#[test]
fn a_naked_single_names_the_digits_of_its_houses_and_what_went_earlier() {
    // r1c9 sees 1, 2 and 3 in box 3, 4, 5 and 6 in row 1, 7 and 8 in column 9, and nothing
    // else is on the grid.
    let rows = [
        "456...12.",
        "......3..",
        ".........",
        "........7",
        "........8",
    ];
    let puzzle = Grid::parse(&format!("{}{}", rows.concat(), ".".repeat(36))).unwrap();
    let step = stepdoku::logic::singles::naked_single(&Board::new(&puzzle)).expect("a single");
    assert_eq!(
        step.text,
        "r1c9 = 9: the only candidate left in the cell; box 3 has 1, 2 and 3, row 1 has 4, 5 \
         and 6, column 9 has 7 and 8"
    );
    let held: Vec<(String, u8)> = step
        .proof
        .iter()
        .map(|w| (w.cell.name(puzzle.shape()), w.digit.get()))
        .collect();
    assert_eq!(
        held,
        [
            ("r1c7", 1),
            ("r1c8", 2),
            ("r2c7", 3),
            ("r1c1", 4),
            ("r1c2", 5),
            ("r1c3", 6),
            ("r4c9", 7),
            ("r5c9", 8)
        ]
        .map(|(c, d)| (c.to_string(), d))
    );
    // The same without the 8 in column 9, r1c9's pencil marks leaving it out instead: the
    // proof says it went earlier.
    let rows = ["456...12.", "......3..", ".........", "........7"];
    let mut marks = vec![DigitSet::all(9); 81];
    marks[8].remove(Digit::new(8).unwrap());
    let puzzle = Grid::parse(&format!("{}{}", rows.concat(), ".".repeat(45)))
        .unwrap()
        .with_marks(marks);
    let step = stepdoku::logic::singles::naked_single(&Board::new(&puzzle)).expect("a single");
    assert_eq!(
        step.text,
        "r1c9 = 9: the only candidate left in the cell; box 3 has 1, 2 and 3, row 1 has 4, 5 \
         and 6, column 9 has 7; 8 was ruled out earlier"
    );
    assert_eq!(step.proof.len(), 7);
}
