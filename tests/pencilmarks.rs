//! Puzzles with pencil marks: reading the 729-character line and pencil-mark grids, writing
//! them back, solving and counting within the marks, and the Human strategy starting from
//! them, sound against the solution.

mod common;

use common::{run_and_check, sample, SEEDS, SEED_SEVERAL};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stepdoku::{
    check, search, Board, DigitSet, Grid, PuzzleError, Reading, Shape, StepKind, Strategy,
};

/// The board's candidates of a puzzle as pencil marks (givens keep their digit).
fn board_marks(puzzle: &Grid) -> Vec<DigitSet> {
    let board = Board::new(puzzle);
    puzzle
        .shape()
        .cells()
        .map(|c| match puzzle.get(c) {
            Some(d) => DigitSet::single(d),
            None => board.candidates(c),
        })
        .collect()
}

/// The board's marks with some wrong candidates struck out at random: a position part of
/// the way through a solve, as people paste it.
fn thinned_marks(puzzle: &Grid, solution: &Grid, rng: &mut Pcg64Mcg) -> Vec<DigitSet> {
    let mut marks = board_marks(puzzle);
    for cell in puzzle.shape().cells() {
        let right = solution.get(cell).expect("a full solution");
        for digit in marks[cell.index()].iter() {
            if digit != right && rng.random_range(0..3) == 0 {
                marks[cell.index()].remove(digit);
            }
        }
    }
    marks
}

/// The marks written as a 729-character line, by hand (not by `to_line`).
fn sukaku_line(marks: &[DigitSet]) -> String {
    marks
        .iter()
        .flat_map(|m| {
            (1..=9u8).map(move |d| {
                if m.bits() & (1 << (d - 1)) != 0 {
                    char::from(b'0' + d)
                } else {
                    '.'
                }
            })
        })
        .collect()
}

/// The marks written as a HoDoKu-style pencil-mark grid with `*---*` frames, by hand.
fn framed_grid(marks: &[DigitSet]) -> String {
    let group = |m: &DigitSet| -> String {
        (1..=9u8)
            .filter(|d| m.bits() & (1 << (d - 1)) != 0)
            .map(|d| char::from(b'0' + d))
            .collect()
    };
    let frame = "*-----------+-----------+-----------*\n";
    let mut out = String::from(frame);
    for r in 0..9 {
        if r > 0 && r % 3 == 0 {
            out.push_str(frame);
        }
        out.push('|');
        for c in 0..9 {
            out.push_str(&format!(" {:<9}", group(&marks[r * 9 + c])));
            if c % 3 == 2 {
                out.push_str(" |");
            }
        }
        out.push('\n');
    }
    out.push_str(frame);
    out
}

#[test]
fn both_formats_read_the_same_marks_and_write_back() {
    let mut rng = Pcg64Mcg::seed_from_u64(0x9e37_79b9_7f4a_7c15);
    for puzzle in sample("magictour_top1465", 20) {
        let solution = search::solve(&puzzle, search::Budget::DEFAULT)
            .unwrap()
            .expect("a solution");
        let marks = thinned_marks(&puzzle, &solution, &mut rng);
        let from_line = Grid::parse(&sukaku_line(&marks)).expect("a 729-character line");
        let from_grid = Grid::parse(&framed_grid(&marks)).expect("a pencil-mark grid");
        assert_eq!(from_line, from_grid);
        assert_eq!(from_line.shape(), Shape::NINE);
        assert_eq!(from_line.marks(), Some(&marks[..]));
        // A cell with one candidate is a given.
        for cell in puzzle.shape().cells() {
            let single = marks[cell.index()].single_digit();
            assert_eq!(from_line.get(cell), single, "{cell:?}");
        }
        // Written back, as a line and as rows, they read the same again.
        assert_eq!(from_line.to_line(), sukaku_line(&marks));
        assert_eq!(Grid::parse(&from_line.to_line()).as_ref(), Ok(&from_line));
        assert_eq!(Grid::parse(&from_line.to_pretty()).as_ref(), Ok(&from_line));
        let mut values = Vec::new();
        assert_eq!(
            Grid::parse_into(&from_line.to_line(), &mut values),
            Ok(Reading::Marked(from_line.clone()))
        );
    }
}

#[test]
fn hodoku_frames_and_cells_without_candidates_read_too() {
    let mut rng = Pcg64Mcg::seed_from_u64(0x1234_5678_9abc_def1);
    let puzzle = Grid::parse(SEEDS[1].0).unwrap();
    let solution = search::solve(&puzzle, search::Budget::DEFAULT)
        .unwrap()
        .expect("a solution");
    let marks = thinned_marks(&puzzle, &solution, &mut rng);
    // HoDoKu frames its grid with dots and colons.
    let hodoku = framed_grid(&marks)
        .lines()
        .enumerate()
        .map(|(i, line)| match i {
            0 | 12 => line.replace('*', "."),
            4 | 8 => line.replace('*', ":"),
            _ => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(Grid::parse(&hodoku), Grid::parse(&sukaku_line(&marks)));
    // A cell that allows nothing reads and writes back, in every form, and has no solution.
    let mut none = marks.clone();
    let open = (0..81).find(|&i| none[i].len() > 1).expect("an open cell");
    none[open] = DigitSet::EMPTY;
    let grid = Grid::parse(&sukaku_line(&none)).unwrap();
    assert_eq!(grid.marks().map(|m| m[open]), Some(DigitSet::EMPTY));
    assert_eq!(Grid::parse(&grid.to_pretty()).as_ref(), Ok(&grid));
    assert_eq!(
        search::count_solutions(&grid, 1, search::Budget::DEFAULT).unwrap(),
        0
    );
    let four = Grid::parse(&format!("- 2 {}", ".".repeat(14).replace('.', ". ")))
        .expect("a 4×4 line of groups");
    assert_eq!(four.marks().map(|m| m[0]), Some(DigitSet::EMPTY));
    assert_eq!(Grid::parse(&four.to_line()).as_ref(), Ok(&four));
}

#[test]
fn plain_puzzles_are_not_taken_for_marks() {
    let line = "850002400720000009004000000000107002305000900040000000000080070017000000000036040";
    let rows: Vec<String> = line
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let row = std::str::from_utf8(row).unwrap();
            format!("{} {} {}", &row[..3], &row[3..6], &row[6..])
        })
        .collect();
    let spaced = Grid::parse(&rows.join("\n")).expect("rows with spaces between boxes");
    assert_eq!(spaced, Grid::parse(line).unwrap());
    assert!(spaced.marks().is_none());
    // Marks that allow every digit in every empty cell are no marks at all.
    let all = Grid::parse(&sukaku_line(&board_marks(&Grid::empty(Shape::NINE)))).unwrap();
    assert_eq!(all, Grid::empty(Shape::NINE));
    assert_eq!(all.to_line(), ".".repeat(81));
}

#[test]
fn other_sizes_read_groups_of_candidates() {
    // 4×4 on one line: r1c1 = 1, r1c2 is 2 or 3, the rest open.
    let mut groups = vec!["1", "23"];
    groups.extend(std::iter::repeat_n(".", 14));
    let grid = Grid::parse(&groups.join(" ")).expect("a 4×4 pencil-mark line");
    assert_eq!(grid.shape(), Shape::FOUR);
    let marks = grid.marks().expect("restricting marks");
    assert_eq!(marks[1].bits(), 0b110);
    assert_eq!(marks[2], Shape::FOUR.all_digits());
    assert_eq!(Grid::parse(&grid.to_line()).as_ref(), Ok(&grid));
    assert_eq!(Grid::parse(&grid.to_pretty()).as_ref(), Ok(&grid));
    // The marks hold: r1c2 is 3 or 2 in the solutions, never 4.
    for solution in search::solutions(&grid, 100, search::Budget::DEFAULT).unwrap() {
        assert!(matches!(solution.values()[1], 2 | 3));
    }
}

/// Whether a full grid holds, in every cell, a digit its marks allow.
fn respects(solution: &Grid, marks: &[DigitSet]) -> bool {
    solution
        .shape()
        .cells()
        .all(|c| marks[c.index()].contains(solution.get(c).expect("a full grid")))
}

#[test]
fn solutions_keep_within_the_marks() {
    let puzzle = Grid::parse(SEED_SEVERAL).unwrap();
    let both = search::solutions(&puzzle, 2, search::Budget::DEFAULT).unwrap();
    assert_eq!(both.len(), 2);
    // Each cell allows only the digits of the two solutions: both still solve it.
    let mut marks: Vec<DigitSet> = puzzle
        .shape()
        .cells()
        .map(|c| {
            [&both[0], &both[1]]
                .iter()
                .filter_map(|s| s.get(c))
                .collect()
        })
        .collect();
    let marked = Grid::parse(&sukaku_line(&marks)).unwrap();
    let found = search::solutions(&marked, 1000, search::Budget::DEFAULT).unwrap();
    assert!(found.len() < 1000, "few grids mix the two");
    assert!(found
        .iter()
        .all(|s| s.is_valid_solution() && respects(s, &marks)));
    assert!(found.contains(&both[0]) && found.contains(&both[1]));
    // Striking out the second's digit where they differ rules the second out.
    let cell = puzzle
        .shape()
        .cells()
        .find(|&c| both[0].get(c) != both[1].get(c))
        .expect("two solutions differ somewhere");
    marks[cell.index()].remove(both[1].get(cell).unwrap());
    let narrower = Grid::parse(&sukaku_line(&marks)).unwrap();
    let found = search::solutions(&narrower, 1000, search::Budget::DEFAULT).unwrap();
    assert!(found.iter().all(|s| respects(s, &marks)));
    assert!(found.contains(&both[0]) && !found.contains(&both[1]));
    // With the first's digit gone too, that cell allows nothing: no solution.
    marks[cell.index()].remove(both[0].get(cell).unwrap());
    let none = Grid::parse(&sukaku_line(&marks)).unwrap();
    assert_eq!(
        search::count_solutions(&none, 2, search::Budget::DEFAULT).unwrap(),
        0
    );
    assert!(matches!(check(&none), Err(PuzzleError::NoSolution { .. })));
    let counts = search::count_batch(
        format!("{}\n{}", narrower.to_line(), none.to_line()).as_bytes(),
        1,
        search::Budget::DEFAULT,
    );
    assert_eq!(counts, [1, 0]);
}

#[test]
fn every_strategy_starts_from_the_marks_and_stays_sound() {
    let mut rng = Pcg64Mcg::seed_from_u64(0x2545_f491_4f6c_dd1d);
    for puzzle in sample("magictour_top1465", 25) {
        let solution = search::solve(&puzzle, search::Budget::DEFAULT)
            .unwrap()
            .expect("a solution");
        let marks = thinned_marks(&puzzle, &solution, &mut rng);
        let marked = Grid::parse(&sukaku_line(&marks)).unwrap();
        assert_eq!(
            search::count_solutions(&marked, 2, search::Budget::DEFAULT).unwrap(),
            1,
            "{marked}"
        );
        // The board starts from the marks, less what the givens' peers rule out.
        let board = Board::new(&marked);
        let plain = Board::new(&marked.without_marks());
        for cell in marked.shape().cells() {
            if marked.get(cell).is_none() {
                let expected = marks[cell.index()].intersection(plain.candidates(cell));
                assert_eq!(board.candidates(cell), expected, "{marked} {cell:?}");
            }
        }
        for strategy in [Strategy::Singles, Strategy::Human] {
            let steps = run_and_check(&marked, strategy, Some(&solution), 200_000);
            assert_eq!(
                steps.last().map(|s| s.kind),
                Some(StepKind::Solved),
                "{marked}"
            );
        }
    }
}

#[test]
fn backtracking_tries_only_marked_digits() {
    let mut rng = Pcg64Mcg::seed_from_u64(0x5851_f42d_4c95_7f2d);
    let (easy, solution) = SEEDS[0];
    let (puzzle, solution) = (Grid::parse(easy).unwrap(), Grid::parse(solution).unwrap());
    for _ in 0..5 {
        let marks = thinned_marks(&puzzle, &solution, &mut rng);
        let marked = Grid::parse(&sukaku_line(&marks)).unwrap();
        let steps = run_and_check(&marked, Strategy::Backtracking, Some(&solution), 2_000_000);
        assert_eq!(
            steps.last().map(|s| s.kind),
            Some(StepKind::Solved),
            "{marked}"
        );
        for step in steps.iter().filter(|s| s.kind == StepKind::Guess) {
            for placed in step.placements() {
                assert!(
                    marks[placed.cell.index()].contains(placed.digit),
                    "{}",
                    step.text
                );
            }
        }
    }
}
