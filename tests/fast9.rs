//! The fast 9×9 solver agrees with the general reference solver.
//!
//! Every puzzle of every collection in `../shared/data` is counted up to two solutions by
//! both solvers; seed examples pin known answers; property tests compare both solvers on
//! random puzzles cut from random valid grids.

mod common;

use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stepdoku::search::fast9::Fast9Solver;
use stepdoku::search::general::GeneralSolver;
use stepdoku::search::{self, ExactSolver, SearchOutcome, Solutions};
use stepdoku::{Grid, Shape};

const DATA_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data");

/// The puzzle values of an 81-character line ('.' or '0' for blanks).
fn parse_line(line: &str) -> Vec<u8> {
    assert_eq!(line.len(), 81, "not an 81-character line: {line:?}");
    line.bytes()
        .map(|c| match c {
            b'1'..=b'9' => c - b'0',
            _ => 0,
        })
        .collect()
}

/// The puzzles of one collection file; none without `../shared/data` (see
/// [`common::has_shared_data`]).
fn collection(name: &str) -> Vec<Vec<u8>> {
    if !common::has_shared_data() {
        return Vec::new();
    }
    let path = format!("{DATA_DIR}/{name}.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(parse_line)
        .collect()
}

/// Searches with the fast solver, checks every kept solution, and returns the outcome.
fn fast_checked(solver: &mut Fast9Solver, givens: &[u8], limit: u32) -> SearchOutcome {
    let mut kept = Solutions::new(limit as usize);
    let outcome = solver.search(givens, limit, &mut kept);
    assert!(outcome.n_solutions <= limit);
    assert_eq!(kept.len(), outcome.n_solutions as usize);
    let puzzle = Grid::from_values(givens);
    let mut previous: Option<&[u8]> = None;
    for values in kept.iter() {
        let grid = Grid::from_values(values).expect("a 9×9 grid");
        assert!(
            grid.is_valid_solution(),
            "invalid solution {}",
            grid.to_line()
        );
        if let Some(puzzle) = &puzzle {
            assert!(grid.agrees_with(puzzle), "solution ignores a given");
        }
        assert_ne!(previous, Some(values), "the same solution twice");
        previous = Some(values);
    }
    outcome
}

/// The number of solutions up to `limit` by the general solver.
fn general_count(givens: &[u8], limit: u32) -> u32 {
    GeneralSolver::new(Shape::NINE)
        .search(givens, limit, &mut Solutions::new(0))
        .n_solutions
}

/// Checks that both solvers count the same on every puzzle of a collection.
fn check_collection(name: &str) -> Vec<u32> {
    let mut fast = Fast9Solver::new();
    let mut general = GeneralSolver::new(Shape::NINE);
    let mut none = Solutions::new(0);
    let mut counts = Vec::new();
    for (line_idx, givens) in collection(name).iter().enumerate() {
        let n_fast = fast_checked(&mut fast, givens, 2).n_solutions;
        let n_general = general.search(givens, 2, &mut none).n_solutions;
        assert_eq!(n_fast, n_general, "{name} line {}", line_idx + 1);
        counts.push(n_fast);
    }
    counts
}

#[test]
fn agrees_on_17_clue() {
    let counts = check_collection("17_clue");
    assert!(counts.iter().all(|&n| n == 1), "17-clue puzzles are proper");
}

#[test]
fn agrees_on_magictour_top1465() {
    check_collection("magictour_top1465");
}

#[test]
fn agrees_on_forum_hardest_1106() {
    check_collection("forum_hardest_1106");
}

#[test]
fn every_serg_puzzle_has_two_solutions() {
    let counts = check_collection("serg_benchmark");
    assert!(counts.iter().all(|&n| n == 2));
}

#[test]
fn agrees_on_norvig() {
    check_collection("norvig_top95");
    check_collection("norvig_hardest");
}

#[test]
fn count_batch_counts_each_line_as_the_solvers_do() {
    if !common::has_shared_data() {
        return;
    }
    let path = format!("{DATA_DIR}/magictour_top1465.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let batch = search::count_batch(text.as_bytes(), 2, search::Budget::DEFAULT);
    assert_eq!(batch, check_collection("magictour_top1465"));
    assert!(batch.iter().all(|&n| n == 1));

    // Mixed sizes, comments, blank and unreadable lines: one count per non-blank line.
    let several =
        "000000401000000000210000030059813000601090000000004000030006018000020905006500002";
    let lines = [
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.. # Inkala",
        "",
        several,
        "1...........2... # a 4x4",
        "11..............",
        "not a puzzle",
        "   ",
        "1........",
    ];
    let counts = search::count_batch(lines.join("\r\n").as_bytes(), 5, search::Budget::DEFAULT);
    let expected: Vec<u32> = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            Grid::parse(l).map_or(0, |g| {
                search::count_solutions(&g, 5, search::Budget::DEFAULT).unwrap()
            })
        })
        .collect();
    assert_eq!(counts, expected);
    assert_eq!(counts, [1, 5, 5, 0, 0, 0]);

    // Bytes that are not UTF-8, and 81-character lines that the plain reader passes on.
    let mut bytes = b"\xff\xfe 1\n".to_vec();
    bytes.extend_from_slice(several.as_bytes());
    bytes.extend_from_slice(
        format!("\n{}Z\n\t{}\t\n", &several[..80], several.replace('0', ".")).as_bytes(),
    );
    assert_eq!(
        search::count_batch(&bytes, 5, search::Budget::DEFAULT),
        [0, 5, 0, 5]
    );
}

/// Checks that a puzzle has exactly this one solution.
fn check_unique(puzzle: &str, solution: &str) {
    let givens = parse_line(puzzle);
    let mut kept = Solutions::new(2);
    let outcome = Fast9Solver::new().search(&givens, 2, &mut kept);
    assert_eq!(outcome.n_solutions, 1);
    let found: Vec<&[u8]> = kept.iter().collect();
    assert_eq!(found, vec![parse_line(solution).as_slice()]);
}

#[test]
fn seed_examples() {
    check_unique(
        "850002400720000009004000000000107002305000900040000000000080070017000000000036040",
        "859612437723854169164379528986147352375268914241593786432981675617425893598736241",
    );
    check_unique(
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452",
    );
    let mut solver = Fast9Solver::new();
    let several = parse_line(
        "000000401000000000210000030059813000601090000000004000030006018000020905006500002",
    );
    assert_eq!(fast_checked(&mut solver, &several, 2).n_solutions, 2);
    assert_eq!(fast_checked(&mut solver, &[0; 81], 2).n_solutions, 2);
    assert_eq!(fast_checked(&mut solver, &[0; 81], 5).n_solutions, 5);
}

#[test]
fn limit_stops_the_search() {
    let mut solver = Fast9Solver::new();
    assert_eq!(fast_checked(&mut solver, &[0; 81], 1).n_solutions, 1);
    assert_eq!(fast_checked(&mut solver, &[0; 81], 0).n_solutions, 0);
    // Keeps no more solutions than the buffer holds, but counts on.
    let mut kept = Solutions::new(1);
    let outcome = solver.search(&[0; 81], 3, &mut kept);
    assert_eq!((outcome.n_solutions, kept.len()), (3, 1));
}

#[test]
fn bad_input_has_no_solution() {
    let mut solver = Fast9Solver::new();
    let mut kept = Solutions::new(2);
    let mut two_ones = [0u8; 81];
    two_ones[0] = 1;
    two_ones[8] = 1;
    assert_eq!(solver.search(&two_ones, 2, &mut kept).n_solutions, 0);
    let mut in_box = [0u8; 81];
    in_box[0] = 5;
    in_box[20] = 5;
    assert_eq!(solver.search(&in_box, 2, &mut kept).n_solutions, 0);
    let mut in_column = [0u8; 81];
    in_column[4] = 7;
    in_column[76] = 7;
    assert_eq!(solver.search(&in_column, 2, &mut kept).n_solutions, 0);
    let mut too_big = [0u8; 81];
    too_big[10] = 10;
    assert_eq!(solver.search(&too_big, 2, &mut kept).n_solutions, 0);
    assert_eq!(solver.search(&[0; 80], 2, &mut kept).n_solutions, 0);
    assert_eq!(solver.search(&[0; 82], 2, &mut kept).n_solutions, 0);
    assert_eq!(solver.search(&[0; 16], 2, &mut kept).n_solutions, 0);
    // No conflict among the givens, but no solution: row 0 needs a 9 where none can go.
    let no_room = parse_line(&format!("12345678.........9{}", ".".repeat(63)));
    assert_eq!(solver.search(&no_room, 2, &mut kept).n_solutions, 0);
    assert_eq!(general_count(&no_room, 2), 0);
    assert!(kept.is_empty());
}

/// A random valid full grid: a known solution under random symmetries of Sudoku
/// (relabelled digits, rows within bands, bands, columns within stacks, stacks, transpose).
fn random_full_grid(seed: u64) -> Vec<u8> {
    let base = parse_line(
        "859612437723854169164379528986147352375268914241593786432981675617425893598736241",
    );
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let permutation = |rng: &mut Pcg64Mcg, n: usize| -> Vec<usize> {
        let mut items: Vec<usize> = (0..n).collect();
        items.shuffle(rng);
        items
    };
    let digits = permutation(&mut rng, 9);
    let line_order = |rng: &mut Pcg64Mcg| -> Vec<usize> {
        let groups = permutation(rng, 3);
        groups
            .iter()
            .flat_map(|&g| permutation(rng, 3).into_iter().map(move |i| g * 3 + i))
            .collect()
    };
    let rows = line_order(&mut rng);
    let cols = line_order(&mut rng);
    let transpose = rng.random_bool(0.5);
    let mut grid = vec![0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = if transpose {
                (cols[c], rows[r])
            } else {
                (rows[r], cols[c])
            };
            grid[r * 9 + c] = digits[base[sr * 9 + sc] as usize - 1] as u8 + 1;
        }
    }
    grid
}

/// A puzzle from a random full grid keeping about `kept_percent` of the cells.
fn random_puzzle(seed: u64, kept_percent: usize) -> Vec<u8> {
    let mut grid = random_full_grid(seed);
    let mut rng = Pcg64Mcg::seed_from_u64(seed.rotate_left(17));
    for value in grid.iter_mut() {
        if rng.random_range(0..100) >= kept_percent {
            *value = 0;
        }
    }
    grid
}

proptest! {
    #[test]
    fn random_puzzles_agree(seed in any::<u64>(), kept_percent in 0usize..60, limit in 2u32..=3) {
        let givens = random_puzzle(seed, kept_percent);
        let n_fast = fast_checked(&mut Fast9Solver::new(), &givens, limit).n_solutions;
        prop_assert!(n_fast >= 1, "cut from a valid grid, so solvable");
        prop_assert_eq!(n_fast, general_count(&givens, limit));
    }

    #[test]
    fn a_conflicting_given_leaves_no_solution(
        seed in any::<u64>(),
        kept_percent in 10usize..70,
        row in 0usize..9,
    ) {
        let mut givens = random_puzzle(seed, kept_percent);
        let cells = row * 9..row * 9 + 9;
        let filled = cells.clone().find(|&c| givens[c] != 0);
        let empty = cells.clone().find(|&c| givens[c] == 0);
        prop_assume!(filled.is_some() && empty.is_some());
        givens[empty.unwrap()] = givens[filled.unwrap()];
        prop_assert_eq!(fast_checked(&mut Fast9Solver::new(), &givens, 2).n_solutions, 0);
        prop_assert_eq!(general_count(&givens, 2), 0);
    }
}

#[test]
fn a_full_grid_with_conflicts_has_no_solution() {
    // A valid grid: row r holds (3r + r/3 + c) % 9 + 1 in column c, so rows 0 and 1 of
    // band 0 start 1 2 3 and 4 5 6.
    let mut grid: Vec<u8> = (0..81)
        .map(|i| {
            let (r, c) = (i / 9, i % 9);
            ((r * 3 + r / 3 + c) % 9 + 1) as u8
        })
        .collect();
    let mut kept = Solutions::new(0);
    assert_eq!(
        Fast9Solver::new().search(&grid, 2, &mut kept).n_solutions,
        1
    );
    // Every 1 of band 0 goes to row 0, so digit 1 has two givens in row 0, none in row 1
    // or row 2, and no candidate left in the band.
    for value in &mut grid[9..27] {
        if *value == 1 {
            *value = 9;
        }
    }
    grid[1] = 1;
    assert_eq!(
        Fast9Solver::new().search(&grid, 2, &mut kept).n_solutions,
        0
    );
}
