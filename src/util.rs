//! Small helpers with nothing of Sudoku in them: numbers written for people, the set bits of
//! a mask. Every module may use them; they use no other module of the crate.

/// A whole number with its thousands grouped by commas, as messages write counts.
pub fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The positions of the set bits of a mask, lowest first: `0b1010_0100` gives 2, 5, 7.
/// Takes any unsigned mask up to 64 bits.
pub fn bit_positions(mask: impl Into<u64>) -> impl Iterator<Item = usize> {
    let mut bits: u64 = mask.into();
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let pos = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(pos)
    })
}

/// The positions of the set bits of a mask kept in 64-bit words, word 0 first (bit `b` of
/// word `w` is position `64 * w + b`), lowest first.
pub fn bit_positions_in_words(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words
        .iter()
        .enumerate()
        .flat_map(|(w, &word)| bit_positions(word).map(move |b| 64 * w + b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_thousands() {
        assert_eq!(group_thousands(0), "0");
        assert_eq!(group_thousands(12_345), "12,345");
        assert_eq!(group_thousands(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn lists_set_bits_lowest_first() {
        assert_eq!(bit_positions(0u32).count(), 0);
        assert_eq!(bit_positions(0b1010_0100u32).collect::<Vec<_>>(), [2, 5, 7]);
        assert_eq!(bit_positions(1u64 << 63).collect::<Vec<_>>(), [63]);
        assert_eq!(
            bit_positions_in_words(&[1 << 3, 0, 1 | 1 << 63]).collect::<Vec<_>>(),
            [3, 128, 191]
        );
    }
}
