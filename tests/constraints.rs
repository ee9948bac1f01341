//! Constraint puzzles (killer cages, thermometers, arrows, kropki dots, XV, diagonals,
//! anti-knight, anti-king, non-consecutive) read from f-puzzles JSON and solved exactly.
//!
//! Every puzzle of `tests/data/killer.jsonl` (written by `examples/make_killer_data.rs`, each
//! with its solution in f-puzzles' `solution` key) is solved and counted twice: by the core's
//! `ConstraintSolver`, and by a deliberately naive search written here, which reads the JSON
//! on its own and checks every rule directly, cell after cell.

use serde_json::Value;
use stepdoku::search::rules::ConstraintSolver;
use stepdoku::search::{count_solutions, search_grid, solve};
use stepdoku::search::{Budget, Deadline, ExactSolver, Solutions};
use stepdoku::ConstraintPuzzle;

const DATA: &str = include_str!("data/killer.jsonl");

fn lines() -> impl Iterator<Item = &'static str> {
    DATA.lines().filter(|l| !l.trim().is_empty())
}

fn solution_of(line: &str) -> Vec<u8> {
    let object: Value = serde_json::from_str(line).expect("JSON");
    object["solution"]
        .as_array()
        .expect("a solution")
        .iter()
        .map(|v| v.as_u64().expect("a digit") as u8)
        .collect()
}

#[test]
fn the_collection_holds_killers_without_givens_and_mixed_puzzles() {
    let titles: Vec<String> = lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["title"].to_string())
        .collect();
    assert!(titles.iter().filter(|t| t.contains("killer")).count() >= 20);
    assert!(titles.iter().filter(|t| !t.contains("killer")).count() >= 10);
    for line in lines().filter(|l| l.contains("\"killer ")) {
        let puzzle = ConstraintPuzzle::from_fpuzzles(line).unwrap();
        assert_eq!(puzzle.grid().n_filled(), 0, "a killer without givens");
    }
}

#[test]
fn every_puzzle_has_its_one_solution_by_the_constraint_solver() {
    for line in lines() {
        let puzzle = ConstraintPuzzle::from_fpuzzles(line).unwrap_or_else(|e| panic!("{e}"));
        let mut kept = Solutions::new(2);
        let outcome = search_grid(puzzle.grid(), 2, Budget::DEFAULT, &mut kept);
        assert_eq!(outcome.decided(), Ok(1), "{line}");
        let found = kept.iter().next().unwrap().to_vec();
        assert_eq!(found, solution_of(line), "{line}");
        let grid = solve(puzzle.grid(), Budget::DEFAULT).unwrap().unwrap();
        assert!(puzzle.is_solved_by(&grid));
    }
}

/// Whether the naive search ends on a puzzle within seconds: a 6×6 one, or one with at
/// least 12 givens.
fn is_quick_for_naive(line: &str) -> bool {
    line.contains("\"size\":6") || line.matches("\"given\":true").count() >= 12
}

/// The naive search on every puzzle it ends within seconds.
#[test]
fn the_quick_puzzles_have_their_one_solution_by_the_naive_search() {
    let quick: Vec<&str> = lines().filter(|l| is_quick_for_naive(l)).collect();
    assert!(quick.len() >= 7, "{}", quick.len());
    naive_check(quick.into_iter());
}

/// The naive search on the others (9×9 killers without givens, sparse mixed puzzles):
/// minutes each, so run on demand (`cargo test --test constraints -- --ignored`).
#[test]
#[ignore]
fn the_slow_puzzles_have_their_one_solution_by_the_naive_search() {
    naive_check(lines().filter(|l| !is_quick_for_naive(l)));
}

fn naive_check<'a>(lines: impl Iterator<Item = &'a str>) {
    for line in lines {
        let naive = Naive::read(line);
        let mut values = naive.givens.clone();
        let mut found = Vec::new();
        naive.search(&mut values, &mut found);
        assert_eq!(found.len(), 1, "{line}");
        assert_eq!(found[0], solution_of(line), "{line}");
    }
}

#[test]
fn a_wrong_solution_is_not_a_solution() {
    let line = lines().next().unwrap();
    let puzzle = ConstraintPuzzle::from_fpuzzles(line).unwrap();
    let mut values = solution_of(line);
    let grid = stepdoku::Grid::from_values_in(puzzle.grid().geometry().clone(), &values).unwrap();
    assert!(puzzle.is_solved_by(&grid));
    // Swapping two rows keeps every house but not the cages.
    let (top, second) = values.split_at_mut(9);
    top.swap_with_slice(&mut second[..9]);
    let grid = stepdoku::Grid::from_values_in(puzzle.grid().geometry().clone(), &values).unwrap();
    assert!(grid.is_valid_solution() && !puzzle.is_solved_by(&grid));
}

#[test]
fn a_search_out_of_nodes_or_time_is_undecided() {
    let empty = format!(
        "{{\"size\":9,\"grid\":[{}],\"antiknight\":true}}",
        vec![format!("[{}]", ["{}"; 9].join(",")); 9].join(",")
    );
    let puzzle = ConstraintPuzzle::from_fpuzzles(&empty).unwrap();
    let undecided = count_solutions(puzzle.grid(), 1_000_000, Budget::nodes(50)).unwrap_err();
    assert_eq!(undecided.nodes, 50);
    fn now() -> f64 {
        0.0
    }
    let past = Budget::nodes(u64::MAX).until(Deadline::after(now, 0.0));
    let undecided = count_solutions(puzzle.grid(), 1_000_000, past).unwrap_err();
    assert_eq!(undecided.spent, stepdoku::search::Spent::Time);
    // The same solver goes on working after a search that gave up.
    let mut solver = ConstraintSolver::for_layout(puzzle.grid().geometry());
    solver.set_budget(Budget::nodes(10));
    assert!(
        solver
            .search(puzzle.grid().values(), 2, &mut Solutions::new(0))
            .exhausted
    );
    solver.set_budget(Budget::DEFAULT);
    let outcome = solver.search(puzzle.grid().values(), 2, &mut Solutions::new(0));
    assert_eq!(outcome.decided(), Ok(2));
}

/// An f-puzzles object of an empty `n`×`n` grid with `rules` (JSON members) after it.
fn object(n: usize, rules: &str) -> String {
    let row = format!("[{}]", vec!["{}"; n].join(","));
    let grid = vec![row; n].join(",");
    match rules {
        "" => format!("{{\"size\":{n},\"grid\":[{grid}]}}"),
        _ => format!("{{\"size\":{n},\"grid\":[{grid}],{rules}}}"),
    }
}

fn check(text: &str, expected: &str) {
    let error = ConstraintPuzzle::from_fpuzzles(text).unwrap_err();
    assert!(
        error.to_string().contains(expected),
        "{text}\n  gave: {error}\n  expected: {expected}"
    );
}

#[test]
fn bad_inputs_are_named() {
    check(
        "{\"size\": 9,",
        "Not f-puzzles JSON: EOF while parsing a value at line 1 column 11",
    );
    check("[1, 2]", "the text is not one JSON object");
    check("{\"grid\": []}", "The f-puzzles JSON has no `size`.");
    check(
        "{\"size\": 7, \"grid\": []}",
        "A 7×7 f-puzzles grid is not supported",
    );
    check(
        "{\"size\": 9, \"grid\": [[]]}",
        "The f-puzzles grid has 1 row, but its size is 9.",
    );
    check(
        &object(9, "\"palindrome\":[{\"lines\":[[\"R1C1\",\"R1C2\"]]}]"),
        "f-puzzles constraint `palindrome` is not supported.",
    );
    check(
        &object(
            9,
            "\"littlekillersum\":[{\"cells\":[\"R1C1\"],\"value\":\"5\"}]",
        ),
        "f-puzzles constraint `littlekillersum` is not supported.",
    );
    check(
        &object(
            9,
            "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\",\"R1C3\"],\"value\":\"50\"}]",
        ),
        "Cage 1 cannot sum to 50: 3 distinct digits sum to 6 to 24.",
    );
    check(
        &object(
            9,
            "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C3\"],\"value\":\"5\"}]",
        ),
        "Cage 1 is not connected: r1c3 touches none of its other cells by an edge.",
    );
    check(
        &object(
            9,
            "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"]},{\"cells\":[\"R1C2\",\"R1C3\"]}]",
        ),
        "Cages 1 and 2 overlap: both hold r1c2.",
    );
    check(
        &object(
            4,
            "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\",\"R1C3\",\"R1C4\",\"R2C4\"]}]",
        ),
        "Cage 1 has 5 cells, but a cage holds at most 4 distinct digits.",
    );
    check(
        &object(9, "\"thermometer\":[{\"lines\":[[\"R1C1\",\"R10C1\"]]}]"),
        "“R10C1” in thermometer 1 is not a cell of a 9×9 grid: write R1C1 to R9C9.",
    );
    let duplicate = object(4, "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"]}]").replacen(
        "{}",
        "{\"value\":3,\"given\":true}",
        2,
    );
    check(
        &duplicate,
        "Duplicate given in cage 1: r1c1 and r1c2 both hold 3.",
    );
    check(
        &object(
            9,
            "\"arrow\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"lines\":[[\"R1C2\",\"R1C3\"]]}]",
        ),
        "Arrow 1 has a circle of 2 cells; only one-cell circles are supported.",
    );
    check(
        &object(
            9,
            "\"xv\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"Y\"}]",
        ),
        "The f-puzzles xv 1 value must be \"X\" or \"V\".",
    );
}

#[test]
fn cosmetic_keys_and_empty_unsupported_ones_are_skipped() {
    let text = object(
        4,
        "\"title\":\"t\",\"author\":\"a\",\"text\":[{\"cells\":[\"R1C1\"]}],\"palindrome\":[],\"odd\":null,\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"3\"}]",
    );
    let puzzle = ConstraintPuzzle::from_fpuzzles(&text).unwrap();
    assert_eq!(puzzle.constraints().cages.len(), 1);
    // Of the 288 grids of 4×4, a sixth start with 1 and 2 in either order.
    assert_eq!(
        count_solutions(puzzle.grid(), 1000, Budget::DEFAULT),
        Ok(48)
    );
}

#[test]
fn regions_make_a_jigsaw_and_boxes_stay_classic() {
    let classic = ConstraintPuzzle::from_fpuzzles(&object(4, "")).unwrap();
    assert!(classic.grid().geometry().is_classic());
    // Regions by rows: a 4×4 jigsaw whose regions are its rows.
    let mut text = String::from("{\"size\":4,\"grid\":[");
    for r in 0..4 {
        let cells: Vec<String> = (0..4).map(|_| format!("{{\"region\":{r}}}")).collect();
        text += &format!("{}[{}]", if r > 0 { "," } else { "" }, cells.join(","));
    }
    text += "]}";
    let jigsaw = ConstraintPuzzle::from_fpuzzles(&text).unwrap();
    assert_eq!(jigsaw.grid().geometry().variant().slug(), "jigsaw");
    // Rows as regions: every Latin square of side 4 is a solution.
    assert_eq!(
        count_solutions(jigsaw.grid(), 1000, Budget::DEFAULT),
        Ok(576)
    );
}

/// Two cells, a test their digits must pass, and the number it compares with.
type PairTest = (usize, usize, fn(u8, u8, u8) -> bool, u8);

/// The naive search's reading of a puzzle: every rule as plain lists of cell indices.
struct Naive {
    n: usize,
    givens: Vec<u8>,
    /// Groups whose digits all differ: rows, columns, regions, cages, diagonals, and the
    /// pairs of the anti-knight and anti-king rules.
    distinct: Vec<Vec<usize>>,
    sums: Vec<(Vec<usize>, u32)>,
    thermos: Vec<Vec<usize>>,
    arrows: Vec<(usize, Vec<usize>)>,
    /// Pairs of cells and a test their digits must pass.
    pairs: Vec<PairTest>,
}

impl Naive {
    fn read(line: &str) -> Naive {
        let o: Value = serde_json::from_str(line).unwrap();
        let n = o["size"].as_u64().unwrap() as usize;
        let cell = |v: &Value| {
            let name = v.as_str().unwrap().to_ascii_uppercase();
            let (r, c) = name[1..].split_once('C').unwrap();
            (r.parse::<usize>().unwrap() - 1) * n + c.parse::<usize>().unwrap() - 1
        };
        let cells = |v: &Value| v.as_array().unwrap().iter().map(cell).collect::<Vec<_>>();
        let list = |key: &str| o[key].as_array().cloned().unwrap_or_default();
        let (box_rows, box_cols) = match n {
            4 => (2, 2),
            6 => (2, 3),
            8 => (2, 4),
            _ => (3, 3),
        };
        let mut givens = vec![0u8; n * n];
        let mut region = vec![0usize; n * n];
        for r in 0..n {
            for c in 0..n {
                let entry = &o["grid"][r][c];
                if entry["given"] == Value::Bool(true) {
                    givens[r * n + c] = entry["value"].as_u64().unwrap() as u8;
                }
                region[r * n + c] = entry["region"]
                    .as_u64()
                    .map_or((r / box_rows) * (n / box_cols) + c / box_cols, |x| {
                        x as usize
                    });
            }
        }
        let mut distinct: Vec<Vec<usize>> = Vec::new();
        for k in 0..n {
            distinct.push((0..n).map(|c| k * n + c).collect());
            distinct.push((0..n).map(|r| r * n + k).collect());
            distinct.push((0..n * n).filter(|&c| region[c] == k).collect());
        }
        if o["diagonal-"] == Value::Bool(true) {
            distinct.push((0..n).map(|i| i * n + i).collect());
        }
        if o["diagonal+"] == Value::Bool(true) {
            distinct.push((0..n).map(|i| i * n + n - 1 - i).collect());
        }
        let mut sums = Vec::new();
        for cage in list("killercage") {
            let members = cells(&cage["cells"]);
            if let Some(sum) = cage["value"].as_str().and_then(|s| s.parse().ok()) {
                sums.push((members.clone(), sum));
            }
            distinct.push(members);
        }
        let mut moves: Vec<(isize, isize)> = Vec::new();
        if o["antiknight"] == Value::Bool(true) {
            moves.extend([(1, 2), (2, 1), (1, -2), (2, -1)]);
        }
        if o["antiking"] == Value::Bool(true) {
            moves.extend([(1, 1), (1, -1)]);
        }
        let mut pairs: Vec<PairTest> = Vec::new();
        for r in 0..n as isize {
            for c in 0..n as isize {
                let at = |r: isize, c: isize| {
                    ((0..n as isize).contains(&r) && (0..n as isize).contains(&c))
                        .then(|| r as usize * n + c as usize)
                };
                let here = at(r, c).unwrap();
                for &(dr, dc) in &moves {
                    if let Some(there) = at(r + dr, c + dc) {
                        distinct.push(vec![here, there]);
                    }
                }
                if o["nonconsecutive"] == Value::Bool(true) {
                    for (dr, dc) in [(0, 1), (1, 0)] {
                        if let Some(there) = at(r + dr, c + dc) {
                            pairs.push((here, there, |a, b, _| a.abs_diff(b) != 1, 0));
                        }
                    }
                }
            }
        }
        for dot in list("difference") {
            let ab = cells(&dot["cells"]);
            pairs.push((ab[0], ab[1], |a, b, _| a.abs_diff(b) == 1, 0));
        }
        for dot in list("ratio") {
            let ab = cells(&dot["cells"]);
            pairs.push((ab[0], ab[1], |a, b, _| a == 2 * b || b == 2 * a, 0));
        }
        for mark in list("xv") {
            let ab = cells(&mark["cells"]);
            let total = if mark["value"] == "X" { 10 } else { 5 };
            pairs.push((ab[0], ab[1], |a, b, t| a + b == t, total));
        }
        let thermos = list("thermometer")
            .iter()
            .flat_map(|t| t["lines"].as_array().unwrap().iter().map(cells))
            .collect();
        let mut arrows = Vec::new();
        for arrow in list("arrow") {
            let circle = cells(&arrow["cells"])[0];
            for line in arrow["lines"].as_array().unwrap() {
                let line: Vec<usize> = cells(line).into_iter().filter(|&c| c != circle).collect();
                arrows.push((circle, line));
            }
        }
        Naive {
            n,
            givens,
            distinct,
            sums,
            thermos,
            arrows,
            pairs,
        }
    }

    /// Whether the filled cells (0 is empty) break no rule through `cell` that can be
    /// judged yet.
    fn is_consistent(&self, v: &[u8], cell: usize) -> bool {
        let n = self.n as u32;
        let distinct = self
            .distinct
            .iter()
            .filter(|g| g.contains(&cell))
            .all(|group| {
                let filled: Vec<u8> = group.iter().map(|&c| v[c]).filter(|&d| d > 0).collect();
                (0..filled.len()).all(|i| !filled[i + 1..].contains(&filled[i]))
            });
        let sums = self
            .sums
            .iter()
            .filter(|(g, _)| g.contains(&cell))
            .all(|(cells, sum)| {
                let total: u32 = cells.iter().map(|&c| v[c] as u32).sum();
                let empty = cells.iter().filter(|&&c| v[c] == 0).count() as u32;
                // The empty cells hold distinct digits: at least 1 + 2 + …, at most n + n−1 + ….
                let least: u32 = (1..=empty).sum();
                let most: u32 = (0..empty).map(|i| n - i).sum();
                total + least <= *sum && total + most >= *sum
            });
        let thermos = self
            .thermos
            .iter()
            .filter(|g| g.contains(&cell))
            .all(|line| {
                line.iter().enumerate().all(|(i, &c)| {
                    v[c] == 0
                        || (v[c] as usize > i && (v[c] as usize) <= self.n - (line.len() - 1 - i))
                }) && line
                    .windows(2)
                    .all(|w| v[w[0]] == 0 || v[w[1]] == 0 || v[w[0]] < v[w[1]])
            });
        let arrows = self
            .arrows
            .iter()
            .filter(|(circle, line)| *circle == cell || line.contains(&cell))
            .all(|(circle, line)| {
                let total: u32 = line.iter().map(|&c| v[c] as u32).sum();
                let empty = line.iter().filter(|&&c| v[c] == 0).count() as u32;
                match v[*circle] as u32 {
                    0 => total + empty <= n,
                    d if empty == 0 => total == d,
                    d => total + empty <= d,
                }
            });
        let pairs = self
            .pairs
            .iter()
            .filter(|p| p.0 == cell || p.1 == cell)
            .all(|&(a, b, test, k)| v[a] == 0 || v[b] == 0 || test(v[a], v[b], k));
        distinct && sums && thermos && arrows && pairs
    }

    /// Fills the empty cell with the fewest digits that break no rule first, every such digit
    /// tried, up to two solutions.
    fn search(&self, v: &mut Vec<u8>, found: &mut Vec<Vec<u8>>) {
        if found.len() >= 2 {
            return;
        }
        let mut best: Option<(usize, Vec<u8>)> = None;
        for cell in 0..v.len() {
            if v[cell] != 0 {
                continue;
            }
            let digits: Vec<u8> = (1..=self.n as u8)
                .filter(|&d| {
                    v[cell] = d;
                    let ok = self.is_consistent(v, cell);
                    v[cell] = 0;
                    ok
                })
                .collect();
            if best.as_ref().is_none_or(|(_, b)| digits.len() < b.len()) {
                best = Some((cell, digits));
            }
        }
        let Some((cell, digits)) = best else {
            found.push(v.clone());
            return;
        };
        for d in digits {
            v[cell] = d;
            self.search(v, found);
        }
        v[cell] = 0;
    }
}
