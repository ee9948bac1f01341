//! The text packing f-puzzles and SudokuPad links carry their puzzle in (`?load=…`): the
//! "lz-string" scheme's base-64 form, an LZW-style code whose words grow a bit at a time,
//! written six bits to a character of `A–Z a–z 0–9 + /` and padded with `=`.
//!
//! The scheme works on UTF-16 code units, as JavaScript strings do: the packed text is read
//! into them, and the unpacked code units must make valid UTF-16. Implemented from the
//! scheme's description; no code of the reference library is used.
//!
//! How the bits go: every code is written least significant bit first, in a width that starts
//! at 2 bits and grows by one whenever the dictionary is about to need it. Code 0 brings a
//! new 8-bit code unit, code 1 a new 16-bit one, code 2 ends the text; codes from 3 name
//! dictionary entries. After each entry read, the dictionary learns the previous entry
//! followed by the first code unit of this one.

use std::collections::{HashMap, HashSet};
use std::fmt;

/// The characters of the base-64 form, each standing for its six bits.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The bits one character of the base-64 form carries.
const BITS_PER_CHAR: u32 = 6;

/// The code that brings a new 8-bit code unit.
const NEW_NARROW: u32 = 0;
/// The code that brings a new 16-bit code unit.
const NEW_WIDE: u32 = 1;
/// The code that ends the text.
const END: u32 = 2;

/// The longest packed text read: a puzzle link is far shorter, and the unpacked text of a
/// bigger one would not be read as a puzzle anyway.
pub const MAX_PACKED_LEN: usize = 1 << 20;

/// The most code units unpacked from one text: the unpacked text can grow quadratically
/// with the packed one, so it is bounded on its own.
pub const MAX_UNPACKED_LEN: usize = 1 << 22;

/// Why packed text could not be unpacked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnpackError {
    /// A character that is not one of the base-64 form's, at a 0-based position.
    BadCharacter { position: usize, character: char },
    /// The text stops before its end code.
    CutShort,
    /// A code names a dictionary entry that does not exist yet.
    BadCode,
    /// The unpacked code units are not valid UTF-16.
    NotText,
    /// The packed text is longer than [`MAX_PACKED_LEN`], or would unpack to more than
    /// [`MAX_UNPACKED_LEN`] code units.
    TooLong,
}

impl fmt::Display for UnpackError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            UnpackError::BadCharacter {
                position,
                character,
            } => write!(
                f,
                "the packed puzzle has {character:?} at character {}, which its letters \
                 (A–Z, a–z, 0–9, + and /) do not include",
                position + 1
            ),
            UnpackError::CutShort => write!(f, "the packed puzzle is cut short"),
            UnpackError::BadCode => write!(f, "the packed puzzle is damaged"),
            UnpackError::NotText => write!(f, "the packed puzzle does not unpack to text"),
            UnpackError::TooLong => write!(f, "the packed puzzle is too long"),
        }
    }
}

impl std::error::Error for UnpackError {}

/// Reads the bits of the base-64 form, each character's most significant bit first.
struct BitReader {
    values: Vec<u8>,
    /// The character being read.
    index: usize,
    /// The mask of the next bit in it.
    mask: u8,
}

impl BitReader {
    fn new(packed: &str) -> Result<BitReader, UnpackError> {
        if packed.len() > MAX_PACKED_LEN {
            return Err(UnpackError::TooLong);
        }
        let values = packed
            .trim_end_matches('=')
            .chars()
            .enumerate()
            .map(|(position, character)| {
                u8::try_from(character)
                    .ok()
                    .and_then(|byte| ALPHABET.iter().position(|&a| a == byte))
                    .map(|value| value as u8)
                    .ok_or(UnpackError::BadCharacter {
                        position,
                        character,
                    })
            })
            .collect::<Result<Vec<u8>, UnpackError>>()?;
        Ok(BitReader {
            values,
            index: 0,
            mask: 1 << (BITS_PER_CHAR - 1),
        })
    }

    /// The next `width` bits as a number, least significant first.
    fn read(&mut self, width: u32) -> Result<u32, UnpackError> {
        let mut number = 0;
        for bit in 0..width {
            let value = *self.values.get(self.index).ok_or(UnpackError::CutShort)?;
            if value & self.mask != 0 {
                number |= 1 << bit;
            }
            self.mask >>= 1;
            if self.mask == 0 {
                self.mask = 1 << (BITS_PER_CHAR - 1);
                self.index += 1;
            }
        }
        Ok(number)
    }
}

/// The code width and when it grows, kept in step on both sides: a new entry uses up room,
/// and once none is left the width grows by a bit, which makes room for as many entries
/// again as the width held before.
struct Width {
    bits: u32,
    /// Entries the dictionary may still learn before the width grows.
    room: u32,
}

impl Width {
    /// One entry learnt.
    fn learn(&mut self) {
        self.room -= 1;
        if self.room == 0 {
            self.room = 1 << self.bits;
            self.bits += 1;
        }
    }
}

/// Reads a code unit brought by a new-unit code.
fn read_unit(bits: &mut BitReader, code: u32) -> Result<u16, UnpackError> {
    let width = if code == NEW_NARROW { 8 } else { 16 };
    Ok(bits.read(width)? as u16)
}

/// Unpacks the base-64 form (`=` padding optional) back to the text it holds.
pub fn unpack_base64(packed: &str) -> Result<String, UnpackError> {
    if packed.is_empty() {
        return Ok(String::new());
    }
    let mut bits = BitReader::new(packed)?;
    // The first code, two bits wide, brings the first unit (or ends an empty text). Entries
    // 0, 1 and 2 of the dictionary stand for the three special codes.
    let first = match bits.read(2)? {
        END => return Ok(String::new()),
        code @ (NEW_NARROW | NEW_WIDE) => read_unit(&mut bits, code)?,
        _ => return Err(UnpackError::BadCode),
    };
    let mut dictionary: Vec<Vec<u16>> = vec![Vec::new(), Vec::new(), Vec::new(), vec![first]];
    let mut width = Width { bits: 3, room: 4 };
    let mut previous = vec![first];
    let mut out = previous.clone();
    loop {
        let code = match bits.read(width.bits)? {
            END => break,
            code @ (NEW_NARROW | NEW_WIDE) => {
                dictionary.push(vec![read_unit(&mut bits, code)?]);
                width.learn();
                dictionary.len() - 1
            }
            code => code as usize,
        };
        let entry = match dictionary.get(code) {
            Some(entry) => entry.clone(),
            // The entry about to be learnt: the previous one and its own first unit.
            None if code == dictionary.len() => {
                let mut entry = previous.clone();
                entry.push(previous[0]);
                entry
            }
            None => return Err(UnpackError::BadCode),
        };
        if out.len() + entry.len() > MAX_UNPACKED_LEN {
            return Err(UnpackError::TooLong);
        }
        out.extend_from_slice(&entry);
        let mut learnt = std::mem::replace(&mut previous, entry);
        learnt.push(previous[0]);
        dictionary.push(learnt);
        width.learn();
    }
    String::from_utf16(&out).map_err(|_| UnpackError::NotText)
}

/// Writes bits into the base-64 form, each character's most significant bit first.
#[derive(Default)]
struct BitWriter {
    out: String,
    value: u8,
    n_bits: u32,
}

impl BitWriter {
    /// Writes the `width` low bits of `number`, least significant first.
    fn write(&mut self, number: u32, width: u32) {
        for bit in 0..width {
            self.value = (self.value << 1) | ((number >> bit) & 1) as u8;
            self.n_bits += 1;
            if self.n_bits == BITS_PER_CHAR {
                self.out.push(ALPHABET[usize::from(self.value)] as char);
                self.value = 0;
                self.n_bits = 0;
            }
        }
    }

    /// The characters written: zero bits close the last one (a whole character of them when
    /// the last was full, as the scheme's own writer does), then `=` pads the text to a
    /// multiple of four characters.
    fn finish(mut self) -> String {
        self.write(0, BITS_PER_CHAR - self.n_bits);
        while self.out.len() % 4 != 0 {
            self.out.push('=');
        }
        self.out
    }
}

/// Packs text into the base-64 form, as f-puzzles links carry it; [`unpack_base64`] gives
/// the text back.
pub fn pack_base64(text: &str) -> String {
    let mut packer = Packer {
        bits: BitWriter::default(),
        width: Width { bits: 2, room: 2 },
        unwritten: HashSet::new(),
    };
    // The code of each unit, and of each longer word as (its code but the last unit, that
    // unit): a word is known by its code alone.
    let mut unit_codes: HashMap<u16, u32> = HashMap::new();
    let mut longer: HashMap<(u32, u16), u32> = HashMap::new();
    let mut n_codes: u32 = 3;
    let mut word: Option<Word> = None;
    for unit in text.encode_utf16() {
        // A unit seen for the first time takes the next code, though it is only written
        // (whole, after a new-unit code) once a word of it alone is written.
        let unit_code = *unit_codes.entry(unit).or_insert_with(|| {
            packer.unwritten.insert(unit);
            n_codes += 1;
            n_codes - 1
        });
        word = Some(match word {
            None => Word::unit(unit, unit_code),
            Some(w) => match longer.get(&(w.code, unit)) {
                Some(&code) => Word { code, unit: None },
                None => {
                    packer.write_word(w);
                    longer.insert((w.code, unit), n_codes);
                    n_codes += 1;
                    Word::unit(unit, unit_code)
                }
            },
        });
    }
    if let Some(w) = word {
        packer.write_word(w);
    }
    packer.bits.write(END, packer.width.bits);
    packer.bits.finish()
}

/// A word being packed: its code, and its unit when it is one unit long.
#[derive(Copy, Clone)]
struct Word {
    code: u32,
    unit: Option<u16>,
}

impl Word {
    fn unit(unit: u16, code: u32) -> Word {
        Word {
            code,
            unit: Some(unit),
        }
    }
}

/// The state of [`pack_base64`].
struct Packer {
    bits: BitWriter,
    width: Width,
    /// The units with a code that have not been written whole yet.
    unwritten: HashSet<u16>,
}

impl Packer {
    /// Writes a word: a unit not yet written comes whole after a new-unit code (an entry the
    /// reader learns), any other word as its code; then the reader learns one more entry.
    fn write_word(&mut self, word: Word) {
        match word.unit {
            Some(unit) if self.unwritten.remove(&unit) => {
                let (code, unit_bits) = if unit < 256 {
                    (NEW_NARROW, 8)
                } else {
                    (NEW_WIDE, 16)
                };
                self.bits.write(code, self.width.bits);
                self.bits.write(u32::from(unit), unit_bits);
                self.width.learn();
            }
            _ => self.bits.write(word.code, self.width.bits),
        }
        self.width.learn();
    }
}
