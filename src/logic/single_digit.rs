//! Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle.
//!
//! Each is a short chain on one digit: a strong link (a house with only two places for the
//! digit, so one of them holds it), a weak link (two cells that see each other, so at most
//! one holds it), and another strong link. One of the chain's two ends holds the digit, so
//! a cell that sees both ends loses it.
//!
//! ```text
//!  Skyscraper on rows 1 and 5
//!  b . . | . . . | . a .     a, b: the only places in row 1 (strong link)
//!  . - . | . . . | . . .     c, d: the only places in row 5 (strong link)
//!  . - . | . . . | . . .     a and c share column 8 (weak link)
//!  ------+-------+------     so b or d holds the digit, and the cells marked -,
//!  - . . | . . . | . . .     which see both, lose it
//!  . d . | . . . | . c .
//!  - . . | . . . | . . .
//! ```
//!
//! A 2-String Kite joins a row's strong link to a column's through a box they both cross.
//! The Turbot Fish finder reports the same three-link chain in every other arrangement (a
//! strong link in a box, or a weak link in a box between two parallel lines); the Empty
//! Rectangle uses a box whose places lie on one row and one column as a strong link.

use super::memo::DigitSkips;
use super::util::{eliminate_from, lose_text, sort_cells, Geometry, HousePlaces};
use super::Rung;
use crate::digits::Digit;
use crate::grid::{Cell, House, HouseKind, Shape};
use crate::technique::Technique;
use crate::trace::{Board, Candidate, Change, Link, LinkKind, Step, StepKind};

/// The rungs of this family, in ladder order.
pub const RUNGS: &[Rung] = &[
    Rung {
        technique: Technique::Skyscraper,
        find: skyscraper,
    },
    Rung {
        technique: Technique::TwoStringKite,
        find: two_string_kite,
    },
    Rung {
        technique: Technique::TurbotFish,
        find: turbot_fish,
    },
    Rung {
        technique: Technique::EmptyRectangle,
        find: empty_rectangle,
    },
];

/// A strong link: the only two places of a digit in a house.
#[derive(Copy, Clone, Debug)]
struct StrongLink {
    house: House,
    ends: [Cell; 2],
}

/// The strong links of one digit.
struct DigitLinks {
    /// One link per pair of cells: a pair that is both a line's and a box's only places is
    /// kept once, under the line.
    links: Vec<StrongLink>,
}

impl DigitLinks {
    fn new(geo: &Geometry, places: &HousePlaces, digit: Digit) -> DigitLinks {
        let mut links: Vec<StrongLink> = Vec::new();
        for (house_id, [a, b]) in places.conjugate_pairs(geo, digit) {
            if links.iter().any(|l| l.ends == [a, b]) {
                continue;
            }
            links.push(StrongLink {
                house: geo.house(house_id),
                ends: [a, b],
            });
        }
        DigitLinks { links }
    }
}

/// The cells with `digit` as a candidate, other than `x` and `y`, that see both, in reading
/// order.
fn seeing_both(board: &Board, geo: &Geometry, digit: Digit, x: Cell, y: Cell) -> Vec<Cell> {
    let mut cells: Vec<Cell> = geo.peers[x.index()]
        .iter()
        .copied()
        .filter(|&c| c != y && geo.sees(c, y) && board.has_candidate(c, digit))
        .collect();
    sort_cells(&mut cells);
    cells
}

/// A chain `start = a – b = end` of two strong links joined by a weak link.
struct TwoLinkChain {
    first: StrongLink,
    second: StrongLink,
}

impl TwoLinkChain {
    /// The cells in chain order: start, its partner, the second link's near end, end.
    fn cells(&self) -> [Cell; 4] {
        [
            self.first.ends[0],
            self.first.ends[1],
            self.second.ends[0],
            self.second.ends[1],
        ]
    }
}

/// The two ways to read a strong link: as it is, and reversed.
fn both_ways(link: StrongLink) -> [StrongLink; 2] {
    let [a, b] = link.ends;
    [
        link,
        StrongLink {
            house: link.house,
            ends: [b, a],
        },
    ]
}

/// Calls `visit` on every chain of two of the digit's strong links joined by a weak link
/// (four distinct cells), in a fixed order, until it returns a step.
fn each_chain(
    geo: &Geometry,
    links: &[StrongLink],
    wanted: Arrangement,
    mut visit: impl FnMut(&TwoLinkChain) -> Option<Step>,
) -> Option<Step> {
    for (i, &l1) in links.iter().enumerate() {
        for &l2 in &links[i + 1..] {
            if !wanted.fits_kinds(l1.house.kind(), l2.house.kind()) {
                continue;
            }
            for first in both_ways(l1) {
                for second in both_ways(l2) {
                    let chain = TwoLinkChain { first, second };
                    let [a, b, c, d] = chain.cells();
                    let distinct = a != c && a != d && b != c && b != d;
                    if !distinct || !geo.sees(b, c) {
                        continue;
                    }
                    if let Some(step) = visit(&chain) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// How a two-link chain is arranged.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Arrangement {
    /// Two parallel lines whose near ends share a cross line and whose far ends do not.
    Skyscraper,
    /// Two parallel lines whose ends share both cross lines: an X-Wing, reported as such.
    XWing,
    /// A row and a column whose near ends share a box, far ends outside it.
    Kite,
    /// Anything else.
    Turbot,
}

impl Arrangement {
    /// Whether strong links in houses of these kinds can make this arrangement.
    fn fits_kinds(self, first: HouseKind, second: HouseKind) -> bool {
        use HouseKind::{Box, Column, Row};
        match self {
            Arrangement::Skyscraper | Arrangement::XWing => first == second && first != Box,
            Arrangement::Kite => matches!((first, second), (Row, Column) | (Column, Row)),
            Arrangement::Turbot => true,
        }
    }
}

fn arrangement(shape: Shape, chain: &TwoLinkChain) -> Arrangement {
    let [a, b, c, d] = chain.cells();
    let parallel = |cross: fn(Shape, Cell) -> usize| {
        if cross(shape, b) != cross(shape, c) {
            Arrangement::Turbot
        } else if cross(shape, a) == cross(shape, d) {
            Arrangement::XWing
        } else {
            Arrangement::Skyscraper
        }
    };
    match (chain.first.house.kind(), chain.second.house.kind()) {
        (HouseKind::Row, HouseKind::Row) => parallel(Shape::col_of),
        (HouseKind::Column, HouseKind::Column) => parallel(Shape::row_of),
        (HouseKind::Row, HouseKind::Column) | (HouseKind::Column, HouseKind::Row)
            if shape.box_of(b) == shape.box_of(c)
                && shape.box_of(a) != shape.box_of(b)
                && shape.box_of(d) != shape.box_of(b) =>
        {
            Arrangement::Kite
        }
        _ => Arrangement::Turbot,
    }
}

/// Two strong links in parallel lines whose near ends share a cross line: one far end holds
/// the digit, so cells seeing both far ends lose it.
pub fn skyscraper(board: &Board) -> Option<Step> {
    two_link_pattern(board, Arrangement::Skyscraper, Technique::Skyscraper)
}

/// A strong link in a row and one in a column whose near ends share a box: one far end holds
/// the digit, so cells seeing both far ends lose it.
pub fn two_string_kite(board: &Board) -> Option<Step> {
    two_link_pattern(board, Arrangement::Kite, Technique::TwoStringKite)
}

/// Two strong links joined by a weak link, in any arrangement other than a Skyscraper or a
/// 2-String Kite (a strong link in a box, or a weak link in a box).
pub fn turbot_fish(board: &Board) -> Option<Step> {
    two_link_pattern(board, Arrangement::Turbot, Technique::TurbotFish)
}

fn two_link_pattern(board: &Board, wanted: Arrangement, technique: Technique) -> Option<Step> {
    let shape = board.shape();
    let geo = board.geometry();
    let (places, mut skips) = DigitSkips::of(technique, board);
    for digit in shape.all_digits().iter() {
        if skips.can_skip(digit) {
            continue;
        }
        let digit_links = DigitLinks::new(geo, &places, digit);
        if digit_links.links.len() < 2 {
            skips.found_nothing(digit);
            continue;
        }
        let found = each_chain(geo, &digit_links.links, wanted, |chain| {
            if arrangement(shape, chain) != wanted {
                return None;
            }
            let [a, _, _, d] = chain.cells();
            let targets = seeing_both(board, geo, digit, a, d);
            (!targets.is_empty()).then(|| chain_step(board, technique, digit, chain, &targets))
        });
        if found.is_some() {
            return found;
        }
        skips.found_nothing(digit);
    }
    None
}

/// The step of a two-link chain.
fn chain_step(
    board: &Board,
    technique: Technique,
    digit: Digit,
    chain: &TwoLinkChain,
    targets: &[Cell],
) -> Step {
    let shape = board.shape();
    let [a, b, c, d] = chain.cells();
    let changes = eliminate_from(board, digit, targets);
    let name = |cell: Cell| cell.name(shape);
    let text = format!(
        "{} on {digit}: {} has {digit} only in {} and {}, {} only in {} and {}, and {} sees {}; \
         so {} or {} is {digit}, and {}",
        technique.name(),
        chain.first.house,
        name(a),
        name(b),
        chain.second.house,
        name(c),
        name(d),
        name(b),
        name(c),
        name(a),
        name(d),
        lose_text(shape, &changes, digit),
        digit = shape.show(digit)
    );
    let mut step = Step::new(StepKind::Deduction, technique, 0, text);
    let cand = |cell: Cell| Candidate::new(cell, digit);
    step.cells = vec![a, b, c, d];
    step.digit = Some(digit);
    step.houses = vec![chain.first.house, chain.second.house];
    step.pattern = vec![cand(a), cand(b), cand(c), cand(d)];
    step.links = vec![
        link(&[a], &[b], digit, LinkKind::Strong),
        link(&[b], &[c], digit, LinkKind::Weak),
        link(&[c], &[d], digit, LinkKind::Strong),
    ];
    step.changes = changes;
    step
}

/// A link between (groups of) candidates of one digit.
fn link(from: &[Cell], to: &[Cell], digit: Digit, kind: LinkKind) -> Link {
    Link {
        from: from.iter().map(|&c| Candidate::new(c, digit)).collect(),
        to: to.iter().map(|&c| Candidate::new(c, digit)).collect(),
        kind,
    }
}

/// A box whose places for a digit lie on one row and one column (on both, not only one) and a
/// strong link in a line crossing one of them outside the box. Say the box's places lie on
/// row `r` and column `c`, and a column `c2` outside the box holds the digit only in `r` and
/// `r3`. If `r3c2` is not the digit, `rc2` is, so the box's digit is on column `c` off row
/// `r`; either way `r3c` loses it. Likewise with rows and columns swapped.
pub fn empty_rectangle(board: &Board) -> Option<Step> {
    let shape = board.shape();
    let geo = board.geometry();
    let (places, mut skips) = DigitSkips::of(Technique::EmptyRectangle, board);
    let n = geo.size();
    let (box_rows, box_cols) = (shape.box_rows(), shape.box_cols());
    for digit in shape.all_digits().iter() {
        if skips.can_skip(digit) {
            continue;
        }
        for box_idx in 0..n {
            let box_id = 2 * n + box_idx;
            let in_box = places.get(digit, box_id);
            if in_box.count_ones() < 2 {
                continue;
            }
            let box_cells = &geo.house_cells[box_id];
            let (top, left) = (shape.row_of(box_cells[0]), shape.col_of(box_cells[0]));
            for row_off in 0..box_rows {
                let row_arm = (((1u32 << box_cols) - 1) << (row_off * box_cols)) & in_box;
                for col_off in 0..box_cols {
                    let col_arm =
                        (0..box_rows).fold(0u32, |m, k| m | 1 << (k * box_cols + col_off)) & in_box;
                    let crossing = 1u32 << (row_off * box_cols + col_off);
                    let on_both_arms = in_box & !(row_arm | col_arm) == 0
                        && row_arm & !crossing != 0
                        && col_arm & !crossing != 0;
                    if !on_both_arms {
                        continue;
                    }
                    let rect = EmptyRect {
                        digit,
                        box_idx,
                        row: top + row_off,
                        col: left + col_off,
                        row_arm: cells_of_mask(box_cells, row_arm),
                        col_arm: cells_of_mask(box_cells, col_arm),
                    };
                    if let Some(step) = rect.find_link(board, &places, n) {
                        return Some(step);
                    }
                }
            }
        }
        skips.found_nothing(digit);
    }
    None
}

fn cells_of_mask(cells: &[Cell], mask: u32) -> Vec<Cell> {
    crate::util::bit_positions(mask).map(|p| cells[p]).collect()
}

/// The places of a digit in a box lie on row `row` and column `col`.
struct EmptyRect {
    digit: Digit,
    box_idx: usize,
    row: usize,
    col: usize,
    row_arm: Vec<Cell>,
    col_arm: Vec<Cell>,
}

impl EmptyRect {
    /// The first strong link that completes the pattern with an elimination: columns
    /// crossing the box's row first, then rows crossing its column.
    fn find_link(&self, board: &Board, places: &HousePlaces, n: usize) -> Option<Step> {
        let shape = board.shape();
        let digit = self.digit;
        let (box_rows, box_cols) = (shape.box_rows(), shape.box_cols());
        let band = self.row / box_rows;
        let stack = self.col / box_cols;
        // A column c2 outside the box's stack, strong between (row, c2) and (r3, c2).
        for c2 in (0..n).filter(|&c| c / box_cols != stack) {
            let r3 = match places.pair(digit, n + c2) {
                Some([a, b]) if a == self.row => b,
                Some([a, b]) if b == self.row => a,
                _ => continue,
            };
            if r3 / box_rows == band {
                continue;
            }
            let target = shape.cell(r3, self.col);
            if board.has_candidate(target, digit) {
                let near = shape.cell(self.row, c2);
                let far = shape.cell(r3, c2);
                return Some(self.step(board, House::column(c2), near, far, target));
            }
        }
        // A row r2 outside the box's band, strong between (r2, col) and (r2, c3).
        for r2 in (0..n).filter(|&r| r / box_rows != band) {
            let c3 = match places.pair(digit, r2) {
                Some([a, b]) if a == self.col => b,
                Some([a, b]) if b == self.col => a,
                _ => continue,
            };
            if c3 / box_cols == stack {
                continue;
            }
            let target = shape.cell(self.row, c3);
            if board.has_candidate(target, digit) {
                let near = shape.cell(r2, self.col);
                let far = shape.cell(r2, c3);
                return Some(self.step(board, House::row(r2), near, far, target));
            }
        }
        None
    }

    /// The step: `line` holds the digit only at `near` (on the box's row or column) and
    /// `far`; `target` sees `far` and the box's other arm.
    fn step(&self, board: &Board, line: House, near: Cell, far: Cell, target: Cell) -> Step {
        let shape = board.shape();
        let digit = self.digit;
        // The arm `near` sees is ruled out when `near` holds the digit; the other arm then
        // holds it.
        let (near_arm, far_arm) = if line.kind() == HouseKind::Column {
            (&self.row_arm, &self.col_arm)
        } else {
            (&self.col_arm, &self.row_arm)
        };
        let crossing = shape.cell(self.row, self.col);
        let far_arm: Vec<Cell> = far_arm.iter().copied().filter(|&c| c != crossing).collect();
        let changes = vec![Change::Eliminate {
            cell: target,
            digit,
        }];
        let text = format!(
            "Empty rectangle on {digit}: in {}, {digit} lies only in row {} and column {}; \
             {line} has {digit} only in {} and {}, so {} or {} holds {digit}, and {}",
            House::boxed(self.box_idx),
            self.row + 1,
            self.col + 1,
            near.name(shape),
            far.name(shape),
            far.name(shape),
            arm_text(shape, &far_arm),
            lose_text(shape, &changes, digit),
            digit = shape.show(digit)
        );
        let mut step = Step::new(StepKind::Deduction, Technique::EmptyRectangle, 0, text);
        let mut cells: Vec<Cell> = self.row_arm.clone();
        cells.extend(self.col_arm.iter().filter(|c| !self.row_arm.contains(c)));
        step.pattern = cells
            .iter()
            .chain([near, far].iter())
            .map(|&c| Candidate::new(c, digit))
            .collect();
        cells.extend([near, far]);
        step.cells = cells;
        step.digit = Some(digit);
        step.houses = vec![
            House::boxed(self.box_idx),
            House::row(self.row),
            House::column(self.col),
            line,
        ];
        step.links = vec![
            link(&[far], &[near], digit, LinkKind::Strong),
            link(&[near], near_arm, digit, LinkKind::Weak),
            link(near_arm, &far_arm, digit, LinkKind::Strong),
        ];
        step.changes = changes;
        step
    }
}

/// The box's arm off the crossing, for the sentence: "r4c5" or "r4c5/r6c5".
fn arm_text(shape: Shape, arm: &[Cell]) -> String {
    let names: Vec<String> = arm.iter().map(|c| c.name(shape)).collect();
    match names.len() {
        1 => names[0].clone(),
        _ => format!("one of {}", names.join("/")),
    }
}
