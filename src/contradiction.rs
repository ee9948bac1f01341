//! What makes a board impossible: two givens that clash, a cell with no candidate left, a
//! digit with no place left in a house, a rule beyond the houses broken or out of reach. The
//! trace, the forcing chains' trials and validation all speak of dead ends in these terms.

pub mod support;

use crate::digits::Digit;
use crate::geometry::rules::{Diagonal, Relation};
use crate::geometry::{Cell, House, Shape};
use support::diagonal_name;

/// Two givens with the same digit in one house.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The digit both cells hold.
    pub digit: Digit,
    /// The house they share (the first of row, column, box).
    pub house: House,
    /// The two cells, in reading order.
    pub cells: [Cell; 2],
}

impl Conflict {
    /// A sentence such as "r1c4 and r1c7 both hold 5 in row 1".
    pub fn describe(&self, shape: Shape) -> String {
        format!(
            "{} and {} both hold {} in {}",
            self.cells[0].name(shape),
            self.cells[1].name(shape),
            shape.show(self.digit),
            self.house
        )
    }
}

/// Why the board cannot be completed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// An empty cell has no candidate left.
    NoCandidate(Cell),
    /// A digit has no place left in a house.
    NoPlace(Digit, House),
    /// Two givens hold the same digit in one house.
    Conflict(Conflict),
    /// A rule beyond the houses (a cage, a thermometer, …) is broken by placed digits, or no
    /// choice of the remaining candidates can keep it.
    BrokenRule(BrokenRule),
}

/// A rule beyond the houses that the board breaks, or that no choice of the remaining
/// candidates can keep (see [`support::broken_rule`]). Each names its rule by the cells
/// people find it by; [`support::cells_of`] gives all of its cells.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BrokenRule {
    /// A killer cage holds a digit twice (`repeat`), or cannot be given different digits
    /// that add up to its sum.
    Cage {
        /// The cage's place in the puzzle's list of cages.
        idx: usize,
        /// Its first cell, which names it.
        first: Cell,
        /// Its sum, if it has one.
        sum: Option<u16>,
        /// A digit placed twice in it, if that is the fault.
        repeat: Option<Digit>,
    },
    /// A thermometer's digits cannot increase from its bulb past one of its cells.
    Thermometer {
        /// The thermometer's place in the puzzle's list.
        idx: usize,
        /// Its bulb.
        bulb: Cell,
        /// The first cell left without a digit that fits.
        at: Cell,
    },
    /// An arrow's line cannot add up to the digit in its circle.
    Arrow {
        /// The arrow's place in the puzzle's list.
        idx: usize,
        /// Its circle.
        circle: Cell,
    },
    /// Two cells cannot meet their kropki dot, XV mark or the non-consecutive rule.
    Pair {
        /// The first cell.
        a: Cell,
        /// The second cell.
        b: Cell,
        /// The relation they cannot meet.
        relation: Relation,
    },
    /// Two cells a knight's or a king's move apart hold the same digit.
    Apart {
        /// The first cell.
        a: Cell,
        /// The second cell.
        b: Cell,
        /// The digit both hold.
        digit: Digit,
    },
    /// An extra diagonal holds a digit twice, or has no place left for it.
    Diagonal {
        /// Which diagonal.
        diagonal: Diagonal,
        /// The digit.
        digit: Digit,
        /// Whether the digit is placed twice (else it has no place left).
        is_repeat: bool,
    },
}

impl BrokenRule {
    /// A sentence such as "the cage of 17 at r1c1 cannot reach its sum" or, under an
    /// assumption (`is_hypothetical`), "… could not reach its sum".
    fn sentence(self, shape: Shape, is_hypothetical: bool) -> String {
        let (holds, cannot) = if is_hypothetical {
            ("would hold", "could not")
        } else {
            ("holds", "cannot")
        };
        let name = |cell: Cell| cell.name(shape);
        match self {
            BrokenRule::Cage {
                first, sum, repeat, ..
            } => {
                let cage = match sum {
                    Some(sum) => format!("the cage of {sum} at {}", name(first)),
                    None => format!("the cage at {}", name(first)),
                };
                match (repeat, sum) {
                    (Some(digit), _) => format!("{cage} {holds} {} twice", shape.show(digit)),
                    (None, Some(_)) => format!("{cage} {cannot} reach its sum"),
                    (None, None) => format!("{cage} {cannot} hold different digits"),
                }
            }
            BrokenRule::Thermometer { bulb, at, .. } => format!(
                "the thermometer from {} {cannot} increase past {}",
                name(bulb),
                name(at)
            ),
            BrokenRule::Arrow { circle, .. } => {
                format!(
                    "the arrow from {} {cannot} add up to its circle",
                    name(circle)
                )
            }
            BrokenRule::Pair { a, b, relation } => format!(
                "{} and {} {cannot} meet their {}",
                name(a),
                name(b),
                relation.word()
            ),
            BrokenRule::Apart { a, b, digit } => {
                let apart = if support::is_knights_move(shape, a, b) {
                    "a knight's move apart"
                } else {
                    "a king's move apart"
                };
                let both = if is_hypothetical {
                    "would both hold"
                } else {
                    "both hold"
                };
                format!(
                    "{} and {}, {apart}, {both} {}",
                    name(a),
                    name(b),
                    shape.show(digit)
                )
            }
            BrokenRule::Diagonal {
                diagonal,
                digit,
                is_repeat,
            } => {
                let digit = shape.show(digit);
                let diagonal = diagonal_name(diagonal);
                if is_repeat {
                    format!("{diagonal} {holds} {digit} twice")
                } else {
                    let has = if is_hypothetical { "would have" } else { "has" };
                    format!("{digit} {has} no place left on {diagonal}")
                }
            }
        }
    }
}

impl Contradiction {
    /// A sentence for people, such as "r4c5 has no candidate left".
    pub fn describe(self, shape: Shape) -> String {
        self.sentence(shape, "has")
    }

    /// A sentence for what would happen under an assumption, such as "r4c5 would have no
    /// candidate left".
    pub fn describe_hypothetical(self, shape: Shape) -> String {
        self.sentence(shape, "would have")
    }

    /// The sentence with its verb: "has" or "would have".
    fn sentence(self, shape: Shape, has: &str) -> String {
        match self {
            Contradiction::NoCandidate(cell) => {
                format!("{} {has} no candidate left", cell.name(shape))
            }
            Contradiction::NoPlace(digit, house) => {
                format!(
                    "{digit} {has} no place left in {house}",
                    digit = shape.show(digit)
                )
            }
            Contradiction::Conflict(conflict) => conflict.describe(shape),
            Contradiction::BrokenRule(rule) => rule.sentence(shape, has != "has"),
        }
    }
}
