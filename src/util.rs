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

/// The positions of the set bits of a mask, lowest first.
pub fn bit_positions(mask: u32) -> impl Iterator<Item = usize> {
    let mut bits = mask;
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let pos = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(pos)
    })
}
