//! The general exact solver on big grids: 16×16 and 25×25 puzzles with 20–40% of a random
//! solution's cells kept (classic, X-Sudoku, jigsaw), and 16×16 pencil-mark grids without a
//! solution (`tests/data/big_grids.txt`, written by `examples/make_big_grids.rs`). Each is
//! counted to 2 within a node budget that the propagation and branching must keep them under;
//! node counts are deterministic, so the budget either holds or fails every run.

use stepdoku::search::general::GeneralSolver;
use stepdoku::search::{Budget, ExactSolver, Solutions};
use stepdoku::Grid;

/// Nodes each puzzle may take. The hardest takes about 1,800; singles and the
/// fewest-candidates cell alone took more than 100,000 on most of these.
const BUDGET: u64 = 5_000;

#[test]
fn big_grids_are_counted_within_the_budget() {
    let text = include_str!("data/big_grids.txt");
    let mut n_puzzles = 0;
    for (line_idx, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let at = format!("big_grids.txt line {}", line_idx + 1);
        let (expected, puzzle_text) = line.split_once(' ').expect("a count, then a puzzle");
        let expected: u32 = expected.parse().expect("a count");
        let puzzle = Grid::parse(puzzle_text).unwrap_or_else(|e| panic!("{at}: {e}"));
        let mut solver = GeneralSolver::for_layout(puzzle.geometry());
        solver.set_budget(Budget::nodes(BUDGET));
        let mut kept = Solutions::new(2);
        let outcome = match puzzle.marks() {
            Some(marks) => solver.search_within(puzzle.values(), marks, 2, &mut kept),
            None => solver.search(puzzle.values(), 2, &mut kept),
        };
        assert_eq!(
            outcome.decided(),
            Ok(expected),
            "{at}: {} nodes",
            outcome.n_guesses
        );
        assert_eq!(kept.len(), expected as usize, "{at}");
        let mut previous: Option<&[u8]> = None;
        for values in kept.iter() {
            let solution = Grid::from_values_in(puzzle.geometry().clone(), values)
                .unwrap_or_else(|| panic!("{at}: a solution out of the layout"));
            assert!(solution.is_valid_solution(), "{at}: breaks a rule");
            assert!(solution.agrees_with(&puzzle), "{at}: drops a given");
            for cell in puzzle.shape().cells() {
                let digit = solution.get(cell).expect("a full solution");
                assert!(puzzle.allowed(cell).contains(digit), "{at}: breaks a mark");
            }
            assert_ne!(previous, Some(values), "{at}: the same solution twice");
            previous = Some(values);
        }
        n_puzzles += 1;
    }
    assert_eq!(n_puzzles, 26, "the collection is read whole");
}

/// Nodes each hard puzzle may take. Restarts with contradiction weights decide all but one
/// within about 20,000; the unique 25×25 X-Sudoku takes about 104,500.
const HARD_BUDGET: u64 = 120_000;

#[test]
fn hard_big_grids_are_counted_within_the_budget() {
    let text = include_str!("data/big_grids_hard.txt");
    let mut n_by_count = [0; 3];
    for (line_idx, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let at = format!("big_grids_hard.txt line {}", line_idx + 1);
        let (expected, rest) = line.split_once(' ').expect("a count, then a puzzle");
        let expected: u32 = expected.parse().expect("a count");
        let (puzzle_text, solution_text) = match rest.split_once(" = ") {
            Some((puzzle, solution)) => (puzzle, Some(solution)),
            None => (rest, None),
        };
        let puzzle = Grid::parse(puzzle_text).unwrap_or_else(|e| panic!("{at}: {e}"));
        let mut solver = GeneralSolver::for_layout(puzzle.geometry());
        solver.set_budget(Budget::nodes(HARD_BUDGET));
        let mut kept = Solutions::new(2);
        let outcome = solver.search(puzzle.values(), 2, &mut kept);
        assert_eq!(
            outcome.decided(),
            Ok(expected),
            "{at}: {} nodes",
            outcome.n_guesses
        );
        assert_eq!(kept.len(), expected as usize, "{at}");
        let solutions: Vec<&[u8]> = kept.iter().collect();
        for values in &solutions {
            let solution = Grid::from_values_in(puzzle.geometry().clone(), values)
                .unwrap_or_else(|| panic!("{at}: a solution out of the layout"));
            assert!(solution.is_valid_solution(), "{at}: breaks a rule");
            assert!(solution.agrees_with(&puzzle), "{at}: drops a given");
        }
        if expected == 2 {
            assert_ne!(solutions[0], solutions[1], "{at}: the same solution twice");
        }
        if let Some(solution_text) = solution_text {
            assert_eq!(
                expected, 1,
                "{at}: a solution given for a puzzle with {expected}"
            );
            let committed = Grid::parse(solution_text).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(solutions[0], committed.values(), "{at}: another solution");
        }
        n_by_count[expected as usize] += 1;
    }
    assert_eq!(n_by_count, [3, 4, 27], "the collection is read whole");
}
