//! The rules of a layout beyond its houses, as data: killer cages, thermometers, arrows,
//! kropki dots and XV marks, extra diagonals, and the anti-knight, anti-king and
//! non-consecutive rules. A [`Geometry`](super::Geometry) carries them, so every layer that
//! reads the layout reads them too; [`crate::constraint`] reads and checks them.

use super::{Cell, Shape};
use std::fmt::Write as _;

/// A killer cage: cells whose digits are all different and, when the cage has a sum, add up
/// to it. A cage without a sum is a house-like group of distinct digits and nothing more.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    /// Its cells, in the order the puzzle lists them.
    pub cells: Vec<Cell>,
    /// The total of its digits, if the puzzle gives one.
    pub sum: Option<u16>,
}

/// A thermometer: digits strictly increase from the bulb (the first cell) along the line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Thermometer {
    /// Its cells, bulb first.
    pub cells: Vec<Cell>,
}

/// An arrow: the digits on its line add up to the digit in its circle. Digits on the line
/// may repeat unless a house (or another rule) keeps them apart.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// The cell of the circle (the bulb).
    pub circle: Cell,
    /// The cells of the line, from the circle outwards.
    pub line: Vec<Cell>,
}

/// How the digits of two cells must relate.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// The two digits differ by exactly this much: a white kropki dot (difference 1).
    Difference(u8),
    /// One digit is this many times the other: a black kropki dot (ratio 2).
    Ratio(u8),
    /// The two digits add up to this: an XV pair (X is 10, V is 5).
    Sum(u8),
    /// The two digits do not differ by 1: the non-consecutive rule between orthogonal
    /// neighbours.
    NotConsecutive,
}

impl Relation {
    /// Whether the digits `a` and `b` (1-based) stand in this relation.
    pub fn holds(self, a: u8, b: u8) -> bool {
        match self {
            Relation::Difference(k) => a.abs_diff(b) == k,
            Relation::Ratio(k) => {
                a as u16 == k as u16 * b as u16 || b as u16 == k as u16 * a as u16
            }
            Relation::Sum(total) => a as u16 + b as u16 == total as u16,
            Relation::NotConsecutive => a.abs_diff(b) != 1,
        }
    }

    /// What people call the mark for this relation, for messages: "white dot", "black dot",
    /// "X", "V", "sum 7".
    pub fn word(self) -> String {
        match self {
            Relation::Difference(1) => "white dot".to_string(),
            Relation::Difference(k) => format!("difference dot {k}"),
            Relation::Ratio(2) => "black dot".to_string(),
            Relation::Ratio(k) => format!("ratio dot {k}"),
            Relation::Sum(10) => "X".to_string(),
            Relation::Sum(5) => "V".to_string(),
            Relation::Sum(total) => format!("sum {total}"),
            Relation::NotConsecutive => "non-consecutive pair".to_string(),
        }
    }
}

/// Two cells whose digits stand in a [`Relation`]: a kropki dot or an XV mark on their
/// shared edge.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PairRule {
    /// The first cell.
    pub a: Cell,
    /// The second cell.
    pub b: Cell,
    /// What their digits must satisfy.
    pub relation: Relation,
}

/// Which main diagonal: ↘ from r1c1 (f-puzzles' `diagonal-`) or ↗ from the bottom-left
/// corner (`diagonal+`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Diagonal {
    /// From r1c1 down to the bottom-right corner.
    Falling,
    /// From the bottom-left corner up to the top-right one.
    Rising,
}

impl Diagonal {
    /// The cells of the diagonal in a shape, top row first.
    pub fn cells(self, shape: Shape) -> Vec<Cell> {
        let n = shape.size();
        (0..n)
            .map(|r| match self {
                Diagonal::Falling => shape.cell(r, r),
                Diagonal::Rising => shape.cell(r, n - 1 - r),
            })
            .collect()
    }
}

/// Every rule of a puzzle beyond the houses of its layout.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Constraints {
    /// Killer cages, none sharing a cell.
    pub cages: Vec<Cage>,
    /// Main diagonals that are houses.
    pub diagonals: Vec<Diagonal>,
    /// Thermometers, one line each.
    pub thermometers: Vec<Thermometer>,
    /// Arrows, one line each (an f-puzzles arrow with several lines makes one per line).
    pub arrows: Vec<Arrow>,
    /// Kropki dots and XV marks.
    pub pairs: Vec<PairRule>,
    /// No two cells a chess knight's move apart hold the same digit.
    pub is_antiknight: bool,
    /// No two cells a chess king's move apart (diagonal neighbours) hold the same digit.
    pub is_antiking: bool,
    /// No two orthogonal neighbours hold consecutive digits.
    pub is_nonconsecutive: bool,
}

impl Constraints {
    /// What the rules say of each cell, by cell index, for a reader who cannot see the
    /// drawing: "cage of 17, 3 cells; thermometer bulb, 4 cells; white dot with r1c2". Empty
    /// for a cell no cage, line, dot or extra diagonal touches. The anti-knight, anti-king and
    /// non-consecutive rules hold for every cell and are not repeated here.
    pub fn cell_notes(&self, shape: Shape) -> Vec<String> {
        let mut notes: Vec<Vec<String>> = vec![Vec::new(); shape.n_cells()];
        for cage in &self.cages {
            let n = cage.cells.len();
            let note = match cage.sum {
                Some(sum) => format!("cage of {sum}, {n} cells"),
                None => format!("cage without a sum, {n} cells"),
            };
            for c in &cage.cells {
                notes[c.index()].push(note.clone());
            }
        }
        for thermometer in &self.thermometers {
            let n = thermometer.cells.len();
            for (k, c) in thermometer.cells.iter().enumerate() {
                notes[c.index()].push(match k {
                    0 => format!("thermometer bulb, {n} cells"),
                    _ => format!("thermometer cell {} of {n}", k + 1),
                });
            }
        }
        for arrow in &self.arrows {
            let n = arrow.line.len();
            notes[arrow.circle.index()].push(format!("arrow circle, the sum of {n} cells"));
            let circle = arrow.circle.name(shape);
            for c in &arrow.line {
                notes[c.index()].push(format!("on the arrow from {circle}"));
            }
        }
        for pair in &self.pairs {
            let word = pair.relation.word();
            notes[pair.a.index()].push(format!("{word} with {}", pair.b.name(shape)));
            notes[pair.b.index()].push(format!("{word} with {}", pair.a.name(shape)));
        }
        for diagonal in &self.diagonals {
            let name = match diagonal {
                Diagonal::Falling => "on the ↘ diagonal",
                Diagonal::Rising => "on the ↗ diagonal",
            };
            for c in diagonal.cells(shape) {
                notes[c.index()].push(name.to_string());
            }
        }
        notes.into_iter().map(|n| n.join("; ")).collect()
    }

    /// The rules that hold for every cell, by name: "anti-knight", "anti-king",
    /// "non-consecutive".
    pub fn global_rules(&self) -> Vec<&'static str> {
        [
            (self.is_antiknight, "anti-knight"),
            (self.is_antiking, "anti-king"),
            (self.is_nonconsecutive, "non-consecutive"),
        ]
        .into_iter()
        .filter_map(|(is_on, name)| is_on.then_some(name))
        .collect()
    }

    /// The rules as Stepdoku's one-line text writes them after a puzzle's cells, each after a
    /// semicolon (`;cage=17:r1c1,r1c2;antiknight`; see [`crate::constraint::text`]); empty
    /// without rules.
    pub fn to_text(&self, shape: Shape) -> String {
        let mut out = String::new();
        for cage in &self.cages {
            match cage.sum {
                Some(sum) => write_rule(&mut out, "cage=", sum, ":", shape, &cage.cells),
                None => write_rule(&mut out, "cage:", 0, "", shape, &cage.cells),
            }
        }
        for thermometer in &self.thermometers {
            write_rule(&mut out, "thermo:", 0, "", shape, &thermometer.cells);
        }
        for arrow in &self.arrows {
            write_rule(&mut out, "arrow:", 0, "", shape, &[arrow.circle]);
            out.push('>');
            write_cells(&mut out, shape, &arrow.line);
        }
        for rule in &self.pairs {
            let (head, k) = match rule.relation {
                Relation::Difference(1) => ("white:", 0),
                Relation::Difference(k) => ("white=", k),
                Relation::Ratio(2) => ("black:", 0),
                Relation::Ratio(k) => ("black=", k),
                Relation::Sum(10) => ("x:", 0),
                Relation::Sum(5) => ("v:", 0),
                Relation::Sum(k) => ("sum=", k),
                // Never listed as a pair: the rule covers every pair of neighbours.
                Relation::NotConsecutive => continue,
            };
            let colon = if k > 0 { ":" } else { "" };
            write_rule(
                &mut out,
                head,
                u16::from(k),
                colon,
                shape,
                &[rule.a, rule.b],
            );
        }
        for diagonal in &self.diagonals {
            out.push_str(match diagonal {
                Diagonal::Rising => ";diagonal+",
                Diagonal::Falling => ";diagonal-",
            });
        }
        for (is_on, word) in [
            (self.is_antiknight, ";antiknight"),
            (self.is_antiking, ";antiking"),
            (self.is_nonconsecutive, ";nonconsecutive"),
        ] {
            if is_on {
                out.push_str(word);
            }
        }
        out
    }

    /// Whether there is no rule at all: the puzzle is its grid alone.
    pub fn is_empty(&self) -> bool {
        *self == Constraints::default()
    }

    /// The groups of cells whose digits must all differ beyond the layout's houses: the
    /// cages and the diagonals.
    pub fn distinct_groups(&self, shape: Shape) -> Vec<Vec<Cell>> {
        let cages = self.cages.iter().map(|cage| cage.cells.clone());
        let diagonals = self.diagonals.iter().map(|d| d.cells(shape));
        cages.chain(diagonals).collect()
    }

    /// Every pair of cells that must hold different digits because of the anti-knight or
    /// anti-king rule, each pair once, the smaller cell first.
    pub fn apart_pairs(&self, shape: Shape) -> Vec<(Cell, Cell)> {
        let mut moves: Vec<(isize, isize)> = Vec::new();
        if self.is_antiknight {
            moves.extend([(1, 2), (2, 1), (2, -1), (1, -2)]);
        }
        if self.is_antiking {
            moves.extend([(1, 1), (1, -1)]);
        }
        neighbour_pairs(shape, &moves)
    }

    /// Every pair rule: the dots and XV marks, and each orthogonal pair of neighbours under
    /// the non-consecutive rule.
    pub fn pair_rules(&self, shape: Shape) -> Vec<PairRule> {
        let mut rules = self.pairs.clone();
        if self.is_nonconsecutive {
            rules.extend(
                neighbour_pairs(shape, &[(0, 1), (1, 0)])
                    .into_iter()
                    .map(|(a, b)| PairRule {
                        a,
                        b,
                        relation: Relation::NotConsecutive,
                    }),
            );
        }
        rules
    }

    /// Whether a full grid of values (one per cell, 1-based) keeps every rule here. The
    /// layout's houses are the grid's to check.
    pub fn are_kept_by(&self, shape: Shape, values: &[u8]) -> bool {
        let at = |c: Cell| values[c.index()];
        let distinct = |cells: &[Cell]| {
            let mut seen = 0u32;
            cells.iter().all(|&c| {
                let bit = 1u32 << at(c);
                let is_new = seen & bit == 0;
                seen |= bit;
                is_new
            })
        };
        let sums = self.cages.iter().all(|cage| {
            cage.sum
                .is_none_or(|s| cage.cells.iter().map(|&c| at(c) as u16).sum::<u16>() == s)
        });
        let groups = self.distinct_groups(shape).iter().all(|g| distinct(g));
        let thermos = self
            .thermometers
            .iter()
            .all(|t| t.cells.windows(2).all(|w| at(w[0]) < at(w[1])));
        let arrows = self
            .arrows
            .iter()
            .all(|a| a.line.iter().map(|&c| at(c) as u32).sum::<u32>() == at(a.circle) as u32);
        let pairs = self
            .pair_rules(shape)
            .iter()
            .all(|p| p.relation.holds(at(p.a), at(p.b)));
        let apart = self.apart_pairs(shape).iter().all(|&(a, b)| at(a) != at(b));
        sums && groups && thermos && arrows && pairs && apart
    }
}

/// The pairs of cells one of `moves` apart (each move and its opposite), each pair once with
/// the smaller cell first.
fn neighbour_pairs(shape: Shape, moves: &[(isize, isize)]) -> Vec<(Cell, Cell)> {
    let n = shape.size() as isize;
    let mut pairs = Vec::new();
    for cell in shape.cells() {
        let (r, c) = (shape.row_of(cell) as isize, shape.col_of(cell) as isize);
        for &(dr, dc) in moves {
            let (r2, c2) = (r + dr, c + dc);
            if (0..n).contains(&r2) && (0..n).contains(&c2) {
                let other = shape.cell(r2 as usize, c2 as usize);
                pairs.push((cell.min(other), cell.max(other)));
            }
        }
    }
    pairs.sort();
    pairs.dedup();
    pairs
}

/// Writes one rule of the one-line text: `;`, its head, its number when not 0, what comes
/// between the number and the cells, and the cells.
fn write_rule(out: &mut String, head: &str, k: u16, colon: &str, shape: Shape, cells: &[Cell]) {
    out.push(';');
    out.push_str(head);
    if k > 0 {
        let _ = write!(out, "{k}");
    }
    out.push_str(colon);
    write_cells(out, shape, cells);
}

/// Writes cells by name, separated by commas.
fn write_cells(out: &mut String, shape: Shape, cells: &[Cell]) {
    for (i, cell) in cells.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(
            out,
            "r{}c{}",
            shape.row_of(*cell) + 1,
            shape.col_of(*cell) + 1
        );
    }
}
