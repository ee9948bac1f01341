//! Digits and sets of digits.
//!
//! A [`Digit`] is a value from 1 to the grid size (at most 25). A [`DigitSet`] is a bit set of
//! digits, used for the candidates of a cell and for the digits present in a house:
//!
//! ```text
//!  bit:   31 … 25 24 … 2  1  0
//!  digit:  (unused) 25 … 3  2  1
//! ```

use serde::{Serialize, Serializer};
use std::fmt;

/// The largest grid side this crate handles (25×25, boxes of 5×5).
pub const MAX_SIZE: usize = 25;

/// A digit from 1 to 25. The value is never 0.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(u8);

impl Digit {
    /// Makes a digit from its value, or `None` when the value is outside 1..=25.
    pub const fn new(value: u8) -> Option<Digit> {
        if value >= 1 && value as usize <= MAX_SIZE {
            Some(Digit(value))
        } else {
            None
        }
    }

    /// Makes a digit from its 0-based index (0 is digit 1).
    ///
    /// # Panics
    /// When the index is 25 or more; callers derive indices from a shape, so this is a bug.
    pub fn from_index(index: usize) -> Digit {
        assert!(index < MAX_SIZE, "digit index {index} out of range");
        Digit(index as u8 + 1)
    }

    /// The value, 1-based.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The 0-based index, for arrays indexed by digit.
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }
}

/// Writes the 1-based number whatever the shape, as the JSON does. Sentences for people write
/// digits in the puzzle's own alphabet with [`Shape::show`](crate::grid::Shape::show) instead.
impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Serialize for Digit {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.0)
    }
}

/// A set of digits as a bit mask (bit 0 is digit 1).
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct DigitSet(u32);

impl DigitSet {
    /// The set with no digit.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// All digits from 1 to `size`.
    pub const fn all(size: usize) -> DigitSet {
        DigitSet(((1u64 << size) - 1) as u32)
    }

    /// The set holding one digit.
    pub const fn single(digit: Digit) -> DigitSet {
        DigitSet(1 << (digit.0 - 1))
    }

    /// Builds a set from its raw bit mask (bit 0 is digit 1).
    pub const fn from_bits(bits: u32) -> DigitSet {
        DigitSet(bits)
    }

    /// The raw bit mask (bit 0 is digit 1).
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Whether the set holds no digit.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of digits in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the digit is in the set.
    pub const fn contains(self, digit: Digit) -> bool {
        self.0 & (1 << (digit.0 - 1)) != 0
    }

    /// Adds a digit.
    pub fn insert(&mut self, digit: Digit) {
        self.0 |= 1 << (digit.0 - 1);
    }

    /// Removes a digit.
    pub fn remove(&mut self, digit: Digit) {
        self.0 &= !(1 << (digit.0 - 1));
    }

    /// The only digit of a one-digit set, or `None` for any other set.
    pub fn single_digit(self) -> Option<Digit> {
        if self.len() == 1 {
            self.first()
        } else {
            None
        }
    }

    /// The smallest digit in the set.
    pub fn first(self) -> Option<Digit> {
        if self.0 == 0 {
            None
        } else {
            Some(Digit(self.0.trailing_zeros() as u8 + 1))
        }
    }

    /// The digits in increasing order.
    pub fn iter(self) -> DigitIter {
        DigitIter(self.0)
    }

    /// Digits in either set.
    pub const fn union(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 | other.0)
    }

    /// Digits in both sets.
    pub const fn intersection(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & other.0)
    }

    /// Digits of `self` that are not in `other`.
    pub const fn difference(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & !other.0)
    }

    /// The numbers of the digits joined by `/`, as in "3/6/8", whatever the shape (for
    /// debugging). Sentences use [`Shape::show_slashed`](crate::grid::Shape::show_slashed).
    pub fn slashed(self) -> String {
        let parts: Vec<String> = self.iter().map(|d| d.to_string()).collect();
        parts.join("/")
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{}}}", self.slashed())
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> DigitSet {
        let mut set = DigitSet::EMPTY;
        for digit in iter {
            set.insert(digit);
        }
        set
    }
}

impl Serialize for DigitSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// Iterator over the digits of a [`DigitSet`], smallest first.
pub struct DigitIter(u32);

impl Iterator for DigitIter {
    type Item = Digit;

    fn next(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Digit(bit as u8 + 1))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let d = |v| Digit::new(v).unwrap();
        let mut set = DigitSet::EMPTY;
        set.insert(d(3));
        set.insert(d(25));
        assert_eq!(set.len(), 2);
        assert!(set.contains(d(25)));
        assert!(!set.contains(d(1)));
        assert_eq!(set.iter().map(Digit::get).collect::<Vec<_>>(), vec![3, 25]);
        set.remove(d(3));
        assert_eq!(set.single_digit(), Some(d(25)));
        assert_eq!(DigitSet::all(9).len(), 9);
        assert_eq!(DigitSet::all(25).len(), 25);
        assert_eq!(Digit::new(0), None);
        assert_eq!(Digit::new(26), None);
        assert_eq!(DigitSet::all(9).slashed(), "1/2/3/4/5/6/7/8/9");
    }
}
