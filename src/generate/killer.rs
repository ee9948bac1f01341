//! Killer candidates: a solution grid cut into random cages, each cage's sum read off the
//! grid, no givens; a cutting is kept when the cages alone leave the one solution.
//!
//! A cage starts at a random cell no cage holds yet and grows one edge neighbour at a time
//! (a random one whose digit the cage does not hold yet) up to a size drawn from 2 to 5,
//! fewer where it runs out of neighbours; a cage left with one cell then joins a neighbouring
//! cage that lacks its digit, where one has room. Small cages pin the solution down, large ones leave
//! room: about one cutting in eight is unique on 9×9 (24 of 200 measured, 30 ms a check).

use crate::geometry::rules::{Cage, Constraints};
use crate::geometry::{Cell, Geometry, Shape};
use crate::grid::Grid;
use crate::search::{self, Budget};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;
use std::sync::Arc;

/// The nodes a uniqueness check of a cutting may use: a 9×9 killer is decided in a few
/// thousand; one that needs more is thrown away (not proven unique).
const CHECK_NODES: u64 = 200_000;

/// The cuttings tried on one solution grid before a fresh grid is filled.
pub(super) const CUTS_PER_GRID: u32 = 20;

/// The most cells a cage grows to by taking in a cage of one cell.
const MAX_CAGE_CELLS: usize = 4;

/// The sizes a cage may be drawn to have, each as often as it is listed.
const CAGE_SIZES: [usize; 6] = [2, 2, 3, 3, 3, 4];

/// A random cutting of a solution grid into cages, as a puzzle of no givens in the layout of
/// `solution` with those cages; `None` when the cages leave more than one solution (or the
/// check could not tell within its budget).
pub(super) fn cut(solution: &Grid, rng: &mut impl Rng) -> Option<Grid> {
    let shape = solution.shape();
    let cages = cages_of(shape, solution.values(), rng);
    let rules = Constraints {
        cages: cages
            .into_iter()
            .map(|cells| Cage {
                sum: Some(
                    cells
                        .iter()
                        .map(|&c| solution.values()[c.index()] as u16)
                        .sum(),
                ),
                cells,
            })
            .collect(),
        ..Constraints::default()
    };
    let layout: Arc<Geometry> = solution.geometry().with_rules(rules);
    let puzzle = Grid::empty_in(layout);
    let n = search::count_solutions(&puzzle, 2, Budget::nodes(CHECK_NODES)).ok()?;
    (n == 1).then_some(puzzle)
}

/// Cages covering every cell, each of distinct digits of `values`, connected by edges.
fn cages_of(shape: Shape, values: &[u8], rng: &mut impl Rng) -> Vec<Vec<Cell>> {
    let none = usize::MAX;
    let mut owner = vec![none; shape.n_cells()];
    let mut order: Vec<Cell> = shape.cells().collect();
    order.shuffle(rng);
    let mut cages: Vec<Vec<Cell>> = Vec::new();
    for start in order {
        if owner[start.index()] != none {
            continue;
        }
        let size = *CAGE_SIZES.choose(rng).expect("sizes are listed");
        let mut cage = vec![start];
        owner[start.index()] = cages.len();
        while cage.len() < size {
            let mut options: Vec<Cell> = cage
                .iter()
                .flat_map(|&c| edge_neighbours(shape, c))
                .filter(|c| owner[c.index()] == none)
                .filter(|c| cage.iter().all(|m| values[m.index()] != values[c.index()]))
                .collect();
            options.sort();
            options.dedup();
            let Some(&next) = options.choose(rng) else {
                break;
            };
            owner[next.index()] = cages.len();
            cage.push(next);
        }
        cages.push(cage);
    }
    // A cage of one cell is a given in disguise: it joins a neighbouring cage that lacks its
    // digit, where there is one.
    for k in 0..cages.len() {
        if cages[k].len() != 1 {
            continue;
        }
        let cell = cages[k][0];
        let host = edge_neighbours(shape, cell)
            .map(|c| owner[c.index()])
            .filter(|&j| j != k && cages[j].len() < MAX_CAGE_CELLS)
            .find(|&j| {
                cages[j]
                    .iter()
                    .all(|m| values[m.index()] != values[cell.index()])
            });
        if let Some(j) = host {
            cages[j].push(cell);
            cages[k].clear();
            owner[cell.index()] = j;
        }
    }
    cages.retain(|cage| !cage.is_empty());
    cages
}

/// The cells that share an edge with a cell.
fn edge_neighbours(shape: Shape, cell: Cell) -> impl Iterator<Item = Cell> {
    let n = shape.size() as isize;
    let (r, c) = (shape.row_of(cell) as isize, shape.col_of(cell) as isize);
    [(0, 1), (1, 0), (0, -1), (-1, 0)]
        .into_iter()
        .map(move |(dr, dc)| (r + dr, c + dc))
        .filter(move |(r, c)| (0..n).contains(r) && (0..n).contains(c))
        .map(move |(r, c)| shape.cell(r as usize, c as usize))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::fill;
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    #[test]
    fn a_cutting_covers_the_grid_with_connected_cages_of_distinct_digits() {
        let mut rng = Pcg64Mcg::seed_from_u64(7);
        let solution = fill(&Geometry::classic(Shape::NINE), &mut rng);
        let cages = cages_of(Shape::NINE, solution.values(), &mut rng);
        let mut seen = vec![0; 81];
        for cage in &cages {
            assert!((1..=MAX_CAGE_CELLS).contains(&cage.len()));
            let digits: std::collections::BTreeSet<u8> =
                cage.iter().map(|c| solution.values()[c.index()]).collect();
            assert_eq!(digits.len(), cage.len(), "distinct digits");
            for c in cage {
                seen[c.index()] += 1;
            }
        }
        assert!(seen.iter().all(|&k| k == 1), "every cell in one cage");
        let rules = Constraints {
            cages: cages
                .into_iter()
                .map(|cells| Cage { cells, sum: None })
                .collect(),
            ..Constraints::default()
        };
        let grid = Grid::empty_in(Geometry::classic(Shape::NINE));
        crate::constraint::ConstraintPuzzle::new(grid, rules).expect("connected, apart");
    }

    #[test]
    fn a_kept_cutting_has_its_solution_alone() {
        let mut rng = Pcg64Mcg::seed_from_u64(11);
        let solution = fill(&Geometry::classic(Shape::NINE), &mut rng);
        // About one cutting in eight is unique: one of 100 is, but for a chance of 10^-6.
        let puzzle = (0..100)
            .find_map(|_| cut(&solution, &mut rng))
            .expect("a cutting is unique");
        assert_eq!(puzzle.n_filled(), 0);
        let found = search::solve(&puzzle, Budget::DEFAULT).unwrap().unwrap();
        assert_eq!(found.values(), solution.values());
    }
}
