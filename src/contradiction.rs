//! What makes a board impossible: two givens that clash, a cell with no candidate left, a
//! digit with no place left in a house. The trace, the forcing chains' trials and validation
//! all speak of dead ends in these terms.

use crate::digits::Digit;
use crate::geometry::{Cell, House, Shape};

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
        }
    }
}
