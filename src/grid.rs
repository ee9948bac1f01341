//! Grids of digits, and the puzzle text that writes them: one line, rows, pencil marks,
//! SudokuWiki links and variant tags (see [`Grid::parse`]).

use crate::digits::{Digit, DigitSet};
use crate::geometry::{region_letter, Geometry, LayoutError, Variant};
pub use crate::geometry::{Cell, House, HouseKind, Shape};
use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

/// The longest puzzle text read, in bytes (64 KiB). The longest real puzzle text is a 25×25
/// pencil-mark grid with a jigsaw map and frames, under 20 KiB; anything longer is refused
/// before it is read, so a pasted file or a hostile link cannot make the reader hold it.
pub const MAX_TEXT_LEN: usize = 1 << 16;

/// What went wrong when reading a puzzle from text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The text holds no cell at all.
    Empty,
    /// The text is longer than [`MAX_TEXT_LEN`] bytes, more than any puzzle can take.
    TooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// A character that is neither a digit of the puzzle, a blank, a separator nor a comment.
    BadCharacter {
        /// The character at fault.
        ch: char,
        /// Its 1-based line in the text as written.
        line: usize,
        /// Its 1-based column on that line, in characters (Unicode scalar values), counted
        /// from the start of the line as written: a variant tag, a link's address and
        /// anything else before the cells count too.
        column: usize,
        /// What may stand where it stands.
        expected: Expected,
    },
    /// The number of cells is not that of any supported size.
    WrongLength {
        /// How many cells were read.
        n_cells: usize,
    },
    /// The variant tag names a layout that cannot be built (a bad jigsaw map, Windoku on 6×6).
    Layout(LayoutError),
}

/// What may stand where a bad character stands: its [`fmt::Display`] is the clause that says
/// so, after the character's place in a message.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// A cell of a puzzle whose size is not known yet: a digit, a letter or a blank.
    Cell,
    /// A digit of a puzzle of this side, or a blank.
    Digit {
        /// The side of the grid, which the number of cells gave.
        size: usize,
    },
    /// A digit in a group of pencil marks of a puzzle of this side.
    Candidate {
        /// The side of the grid, which the number of groups gave.
        size: usize,
    },
    /// A candidate or `.` in a 729-character pencil-mark line.
    MarkLine,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Expected::Cell => write!(
                f,
                "use digits, letters for sizes above 9, and '.' or '0' for blanks"
            ),
            Expected::Digit { size } => write!(f, "not a digit of a {size}×{size} puzzle"),
            Expected::Candidate { size } => write!(
                f,
                "a group of pencil marks holds only digits of a {size}×{size} puzzle"
            ),
            Expected::MarkLine => write!(
                f,
                "a 729-character pencil-mark line holds only the digits 1–9, and '.' or '0' for a candidate left out"
            ),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => write!(
                f,
                "The puzzle is empty: type or paste the digits of a grid."
            ),
            ParseError::TooLong { len } => write!(
                f,
                "Too long: the text has {} bytes, but no puzzle needs more than {}.",
                crate::util::group_thousands(*len as u64),
                crate::util::group_thousands(MAX_TEXT_LEN as u64)
            ),
            ParseError::BadCharacter {
                ch,
                line,
                column,
                expected,
            } => write!(
                f,
                "Bad character {} at line {line}, column {column}: {expected}.",
                CharName(*ch)
            ),
            ParseError::WrongLength { n_cells } => {
                let counts: Vec<String> = Shape::ALL
                    .iter()
                    .map(|s| format!("{} ({})", s.n_cells(), s.name()))
                    .collect();
                write!(
                    f,
                    "Wrong length: read {n_cells} cells, but a puzzle has {}.",
                    counts.join(", ")
                )
            }
            ParseError::Layout(error) => error.fmt(f),
        }
    }
}

/// A character as messages show it: quoted when it can be seen (`'z'`, with its code point
/// when it is not ASCII: `'١' (U+0661)`), by code point and name when it cannot
/// (`U+200F (right-to-left mark)`, `U+0000 (null)`), so that a message never prints a
/// character that hides or reorders the text around it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CharName(pub char);

impl fmt::Display for CharName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ch = self.0;
        match invisible_name(ch) {
            Some(name) => write!(f, "U+{:04X} ({name})", ch as u32),
            None if ch == '\'' => write!(f, "\"'\""),
            None if ch.is_ascii() => write!(f, "'{ch}'"),
            None => write!(f, "'{ch}' (U+{:04X})", ch as u32),
        }
    }
}

/// The name of a character that cannot be seen in text (a control, format, space or
/// combining character), or `None` for one that can.
fn invisible_name(ch: char) -> Option<&'static str> {
    Some(match ch {
        '\0' => "null",
        '\t' => "tab",
        '\n' => "line feed",
        '\r' => "carriage return",
        '\u{1b}' => "escape",
        '\u{7f}' => "delete",
        '\u{a0}' => "no-break space",
        '\u{ad}' => "soft hyphen",
        '\u{34f}' => "combining grapheme joiner",
        '\u{61c}' => "Arabic letter mark",
        '\u{180e}' => "Mongolian vowel separator",
        '\u{200b}' => "zero-width space",
        '\u{200c}' => "zero-width non-joiner",
        '\u{200d}' => "zero-width joiner",
        '\u{200e}' => "left-to-right mark",
        '\u{200f}' => "right-to-left mark",
        '\u{2028}' => "line separator",
        '\u{2029}' => "paragraph separator",
        '\u{202a}' => "left-to-right embedding",
        '\u{202b}' => "right-to-left embedding",
        '\u{202c}' => "pop directional formatting",
        '\u{202d}' => "left-to-right override",
        '\u{202e}' => "right-to-left override",
        '\u{2060}' => "word joiner",
        '\u{2066}' => "left-to-right isolate",
        '\u{2067}' => "right-to-left isolate",
        '\u{2068}' => "first strong isolate",
        '\u{2069}' => "pop directional isolate",
        '\u{3164}' => "Hangul filler",
        '\u{feff}' => "zero-width no-break space, or byte order mark",
        c if c.is_control() => "control character",
        c if c.is_whitespace() => "space",
        '\u{2061}'..='\u{2064}' | '\u{206a}'..='\u{206f}' | '\u{fff9}'..='\u{fffb}' => {
            "invisible format character"
        }
        '\u{fe00}'..='\u{fe0f}' | '\u{e0100}'..='\u{e01ef}' => "variation selector",
        '\u{e0000}'..='\u{e007f}' => "tag character",
        '\u{300}'..='\u{36f}'
        | '\u{1ab0}'..='\u{1aff}'
        | '\u{1dc0}'..='\u{1dff}'
        | '\u{20d0}'..='\u{20ff}'
        | '\u{fe20}'..='\u{fe2f}' => "combining mark",
        '\u{e000}'..='\u{f8ff}' | '\u{f0000}'..='\u{10ffff}' => "private-use character",
        _ => return None,
    })
}

impl std::error::Error for ParseError {}

/// A grid of digits, some cells empty. Puzzles, partial grids and solutions are all grids.
///
/// A puzzle may also carry pencil marks: the digits each empty cell is still allowed, as a
/// pencil-mark grid or a 729-character line gives them. Without marks every digit is allowed.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    geometry: Arc<Geometry>,
    /// One value per cell in reading order: 0 for empty, else the digit.
    values: Vec<u8>,
    /// The digits allowed in each cell, when the puzzle restricts them.
    marks: Option<Box<[DigitSet]>>,
}

/// What [`Grid::parse_into`] read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    /// A puzzle of this layout, its values now in the buffer.
    Values(Arc<Geometry>),
    /// A puzzle with pencil marks.
    Marked(Grid),
}

/// A token read from puzzle text: a character that stands for one cell, and where it was.
struct Token {
    ch: char,
    /// Its byte offset in the whole text.
    at: usize,
}

/// Why text could not be read, with a bad character still placed by its byte offset in the
/// whole text; [`Fault::locate`] turns that into a line and column.
enum Fault {
    BadCharacter {
        ch: char,
        at: usize,
        expected: Expected,
    },
    Other(ParseError),
}

impl Fault {
    /// The error, with a bad character placed by line and column in `text`, the text as
    /// written (comments and all).
    fn locate(self, text: &str) -> ParseError {
        match self {
            Fault::BadCharacter { ch, at, expected } => {
                let before = &text[..at];
                let line_start = before.rfind('\n').map_or(0, |i| i + 1);
                ParseError::BadCharacter {
                    ch,
                    line: before.matches('\n').count() + 1,
                    column: before[line_start..].chars().count() + 1,
                    expected,
                }
            }
            Fault::Other(error) => error,
        }
    }
}

impl Grid {
    /// An empty classic grid of this shape.
    pub fn empty(shape: Shape) -> Grid {
        Grid::empty_in(Geometry::classic(shape))
    }

    /// An empty grid of this layout.
    pub fn empty_in(geometry: Arc<Geometry>) -> Grid {
        Grid {
            values: vec![0; geometry.n_cells()],
            geometry,
            marks: None,
        }
    }

    /// The same digits and marks in another layout of the same shape.
    pub fn in_layout(mut self, geometry: Arc<Geometry>) -> Grid {
        assert_eq!(
            geometry.shape(),
            self.shape(),
            "a layout of the grid's shape"
        );
        self.geometry = geometry;
        self
    }

    /// Builds a classic grid from one value per cell (0 for empty). `None` when the count is
    /// not that of a supported shape or a value is larger than the side.
    pub fn from_values(values: &[u8]) -> Option<Grid> {
        let shape = Shape::from_cell_count(values.len())?;
        Grid::from_values_in(Geometry::classic(shape), values)
    }

    /// Builds a grid of a layout from one value per cell (0 for empty). `None` when the count
    /// is not the layout's or a value is larger than the side.
    pub fn from_values_in(geometry: Arc<Geometry>, values: &[u8]) -> Option<Grid> {
        if values.len() != geometry.n_cells()
            || values.iter().any(|&v| v as usize > geometry.size())
        {
            return None;
        }
        Some(Grid {
            geometry,
            values: values.to_vec(),
            marks: None,
        })
    }

    /// Reads a puzzle from the text people paste.
    ///
    /// Accepted:
    /// - one line of cells (`.`, `0`, `*`, `_` or `x` for blanks);
    /// - one row per line, with or without `|`, `-`, `+`, `:` separators, spaces and blank lines;
    /// - a SudokuWiki link or its `bd=` part;
    /// - pencil marks: a grid of candidate groups, one group of digits per cell (separated
    ///   by spaces, `|` or `:`, with or without `*---*` or `.---.` frames, as Simple Sudoku
    ///   and HoDoKu write them; `-` for a cell that allows nothing), or a 729-character line
    ///   (9×9 only: 9 characters per cell, each a candidate or `.`/`0`). A cell with one
    ///   candidate is a given.
    ///
    /// The size comes from the number of cells. Digits are written `1`–`9` up to 9×9;
    /// `1`–`9` then `A`–`C` for 12×12; `1`–`9` then `A`–`G` for 16×16, or `0`–`F` when the text
    /// holds a `0` and no `G` (then only `.` and the other blank marks are blanks); `A`–`Y`
    /// for 25×25. Letters may be lower case, except that `x` is always a blank below 25×25.
    ///
    /// A variant is said by a tag before the cells: `x:` (X-Sudoku), `windoku:` (or
    /// `hyper:`), or `jigsaw:` followed by the region map (one letter per cell, whitespace
    /// allowed) and a second `:`, as in `jigsaw:AAABBBCCC…:53..7….`.
    ///
    /// `#` starts a comment that runs to the end of its line, wherever it stands. A character
    /// that cannot be read is reported at its line and column in `text` as written
    /// ([`ParseError::BadCharacter`]).
    pub fn parse(text: &str) -> Result<Grid, ParseError> {
        Grid::parse_as(text, &Variant::Classic)
    }

    /// Reads a puzzle as [`Grid::parse`] does, in `variant` unless the text has a tag of its
    /// own: the layout a file of puzzles of one variant leaves unsaid.
    pub fn parse_as(text: &str, variant: &Variant) -> Result<Grid, ParseError> {
        if text.len() > MAX_TEXT_LEN {
            return Err(ParseError::TooLong { len: text.len() });
        }
        // A byte order mark, as a file saved by some editors starts, is not part of the text.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // Comments are blanked out rather than cut, so that every byte keeps its offset and
        // an error its line and column in the text as written.
        let read = without_comments(text);
        let (tag, cells_at) = split_tag_at(&read);
        let grid = Grid::parse_cells(&read, cells_at).map_err(|fault| fault.locate(text))?;
        match tag.as_ref().unwrap_or(variant) {
            Variant::Classic => Ok(grid),
            variant => {
                let geometry =
                    Geometry::new(grid.shape(), variant.clone()).map_err(ParseError::Layout)?;
                Ok(grid.in_layout(geometry))
            }
        }
    }

    /// Reads the cells of puzzle text (comments blanked out) from byte `start` on, past a
    /// variant tag.
    fn parse_cells(text: &str, start: usize) -> Result<Grid, Fault> {
        let (start, end) = match text[start..].find("bd=") {
            Some(found) => {
                let link_at = start + found + 3;
                let len = text[link_at..]
                    .find(|c: char| c == '&' || c.is_whitespace())
                    .unwrap_or(text.len() - link_at);
                (link_at, link_at + len)
            }
            None => (start, text.len()),
        };
        let cells = &text[start..end];
        let marks_fault = match parse_marks(cells, start) {
            Ok(Some(grid)) => return Ok(grid),
            Ok(None) => None,
            Err(fault) => Some(fault),
        };
        match (Grid::parse_plain(cells, start), marks_fault) {
            // Text laid out as pencil marks, or a 729-character line, that fails only on one
            // character: that character says more than a count of cells that fits no size.
            (Err(Fault::Other(ParseError::WrongLength { .. })), Some(fault)) => Err(fault),
            (read, _) => read,
        }
    }

    /// Reads cells written one character each (on one line or in rows) from `text`, which
    /// starts at byte `start` of the whole text.
    fn parse_plain(text: &str, start: usize) -> Result<Grid, Fault> {
        let (tokens, n_cells) = tokenize(text, start)?;
        if n_cells == 0 {
            return Err(Fault::Other(ParseError::Empty));
        }
        let shape = Shape::from_cell_count(n_cells)
            .filter(|_| n_cells == tokens.len())
            .ok_or(Fault::Other(ParseError::WrongLength { n_cells }))?;
        let alphabet = Alphabet::choose(shape, &tokens);
        let mut values = Vec::with_capacity(tokens.len());
        for token in &tokens {
            match alphabet.value_of(token.ch) {
                Some(v) => values.push(v),
                None => {
                    return Err(Fault::BadCharacter {
                        ch: token.ch,
                        at: token.at,
                        expected: Expected::Digit { size: shape.size() },
                    })
                }
            }
        }
        Ok(Grid {
            geometry: Geometry::classic(shape),
            values,
            marks: None,
        })
    }

    /// Reads a puzzle as [`Grid::parse`] does, into `values` (one value per cell in reading
    /// order, 0 for empty), reusing its allocation; a puzzle with pencil marks, which values
    /// alone cannot hold, comes back whole instead.
    ///
    /// A plain 81-character line of `1`–`9` and blanks takes a fast path that allocates
    /// nothing, for batches of puzzles; any other text goes through [`Grid::parse`], with
    /// the same result.
    pub fn parse_into(text: &str, values: &mut Vec<u8>) -> Result<Reading, ParseError> {
        Grid::parse_into_as(text, values, &Variant::Classic)
    }

    /// Reads a puzzle as [`Grid::parse_into`] does, in `variant` unless the text has a tag of
    /// its own (see [`Grid::parse_as`]).
    pub fn parse_into_as(
        text: &str,
        values: &mut Vec<u8>,
        variant: &Variant,
    ) -> Result<Reading, ParseError> {
        let line = text.trim().as_bytes();
        if line.len() == 81 {
            values.clear();
            for &b in line {
                match b {
                    b'1'..=b'9' => values.push(b - b'0'),
                    b'.' | b'0' | b'*' | b'_' | b'x' | b'X' => values.push(0),
                    _ => break,
                }
            }
            if values.len() == 81 {
                let geometry =
                    Geometry::new(Shape::NINE, variant.clone()).map_err(ParseError::Layout)?;
                return Ok(Reading::Values(geometry));
            }
        }
        let grid = Grid::parse_as(text, variant)?;
        if grid.marks().is_some() {
            return Ok(Reading::Marked(grid));
        }
        values.clear();
        values.extend_from_slice(grid.values());
        Ok(Reading::Values(grid.geometry.clone()))
    }

    /// The grid that pencil marks describe: a cell with one allowed digit holds it.
    fn from_marks(shape: Shape, marks: Vec<DigitSet>) -> Grid {
        let values = marks
            .iter()
            .map(|mark| mark.single_digit().map_or(0, Digit::get))
            .collect();
        Grid {
            geometry: Geometry::classic(shape),
            values,
            marks: None,
        }
        .with_marks(marks)
    }

    /// The grid with pencil marks: `marks` holds the digits allowed in each cell (a given's
    /// own digit is always allowed). Marks that allow every digit everywhere are dropped.
    pub fn with_marks(mut self, mut marks: Vec<DigitSet>) -> Grid {
        assert_eq!(marks.len(), self.values.len(), "one mark set per cell");
        for (mark, &v) in marks.iter_mut().zip(&self.values) {
            if let Some(d) = Digit::new(v) {
                *mark = DigitSet::single(d);
            }
        }
        let all = self.shape().all_digits();
        let is_restricting = marks
            .iter()
            .zip(&self.values)
            .any(|(&mark, &v)| v == 0 && mark != all);
        self.marks = is_restricting.then(|| marks.into_boxed_slice());
        self
    }

    /// The same digits and marks in the layout without its rules beyond the houses: the
    /// puzzle with its cages and lines forgotten.
    pub fn without_rules(&self) -> Grid {
        if !self.geometry.has_rules() {
            return self.clone();
        }
        let plain = Geometry::new(self.shape(), self.geometry.variant().clone())
            .expect("the layout was built once already");
        self.clone().in_layout(plain)
    }

    /// The same grid without pencil marks.
    pub fn without_marks(&self) -> Grid {
        Grid {
            geometry: self.geometry.clone(),
            values: self.values.clone(),
            marks: None,
        }
    }

    /// The pencil marks, one set per cell, if the grid has any.
    pub fn marks(&self) -> Option<&[DigitSet]> {
        self.marks.as_deref()
    }

    /// The digits a cell may hold: its digit if filled, else its pencil marks (every digit
    /// without marks).
    pub fn allowed(&self, cell: Cell) -> DigitSet {
        match (self.get(cell), &self.marks) {
            (Some(d), _) => DigitSet::single(d),
            (None, Some(marks)) => marks[cell.index()],
            (None, None) => self.shape().all_digits(),
        }
    }

    /// The shape of the grid.
    pub fn shape(&self) -> Shape {
        self.geometry.shape()
    }

    /// The layout of the grid: its houses.
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// The digit in a cell, if any.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.values[cell.index()])
    }

    /// Puts a digit in a cell, or empties it with `None` (an emptied cell allows every digit).
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.values[cell.index()] = digit.map_or(0, Digit::get);
        let all = self.shape().all_digits();
        if let Some(marks) = &mut self.marks {
            marks[cell.index()] = digit.map_or(all, DigitSet::single);
        }
    }

    /// One value per cell in reading order: 0 for empty, else the digit.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The number of filled cells.
    pub fn n_filled(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The digits already placed in a house.
    pub fn digits_in(&self, house: House) -> DigitSet {
        self.geometry
            .cells_of(house)
            .iter()
            .filter_map(|&c| self.get(c))
            .collect()
    }

    /// Whether this full grid is a valid solution: every house holds every digit once.
    pub fn is_valid_solution(&self) -> bool {
        self.is_full()
            && self
                .geometry
                .houses()
                .all(|h| self.digits_in(h) == self.shape().all_digits())
    }

    /// Whether every given of `puzzle` holds the same digit here, in the same layout.
    pub fn agrees_with(&self, puzzle: &Grid) -> bool {
        self.geometry == puzzle.geometry
            && puzzle
                .values
                .iter()
                .zip(&self.values)
                .all(|(&p, &s)| p == 0 || p == s)
    }

    /// The grid on one line, `.` for blanks, in the shape's alphabet, after the variant's tag
    /// (see [`Grid::parse`]). With pencil marks, a 9×9 grid is written as its 729-character
    /// line, other sizes as one group of allowed digits per cell, separated by spaces;
    /// [`Grid::parse`] reads both back.
    ///
    /// A layout with rules beyond its houses writes them after the cells, each after a
    /// semicolon, as Stepdoku's one-line text does (see [`crate::constraint::text`]).
    pub fn to_line(&self) -> String {
        self.geometry.tag() + &self.cells_line() + self.geometry.rules_text()
    }

    /// The cells on one line as [`Grid::to_line`] writes them, without the variant's tag.
    pub fn cells_line(&self) -> String {
        let shape = self.shape();
        if self.marks.is_none() {
            return shape
                .cells()
                .map(|c| self.get(c).map_or('.', |d| shape.digit_char(d)))
                .collect();
        }
        if shape == Shape::NINE {
            return shape
                .cells()
                .flat_map(|c| {
                    let allowed = self.allowed(c);
                    shape.all_digits().iter().map(move |d| {
                        if allowed.contains(d) {
                            shape.digit_char(d)
                        } else {
                            '.'
                        }
                    })
                })
                .collect();
        }
        let groups: Vec<String> = shape.cells().map(|c| self.mark_group(c)).collect();
        groups.join(" ")
    }

    /// A cell's allowed digits written together (`-` for none).
    fn mark_group(&self, cell: Cell) -> String {
        let allowed = self.allowed(cell);
        if allowed.is_empty() {
            return "-".to_string();
        }
        allowed.iter().map(|d| self.shape().digit_char(d)).collect()
    }

    /// The grid as rows, with spaces and lines between boxes, for a terminal. With pencil
    /// marks, each cell shows the digits it allows, in columns wide enough for the longest.
    /// A grid without boxes (jigsaw) has no lines; its region map stands beside it instead.
    pub fn to_pretty(&self) -> String {
        let shape = self.shape();
        let n = shape.size();
        let has_boxes = self.geometry.has_boxes();
        let texts: Vec<String> = shape
            .cells()
            .map(|c| match (self.get(c), &self.marks) {
                (None, Some(_)) => self.mark_group(c),
                (digit, _) => digit.map_or('.', |d| shape.digit_char(d)).to_string(),
            })
            .collect();
        let width = texts.iter().map(String::len).max().unwrap_or(1);
        let mut out = String::new();
        for r in 0..n {
            if has_boxes && r > 0 && r % shape.box_rows() == 0 {
                let band: Vec<String> = (0..n / shape.box_cols())
                    .map(|_| "-".repeat(shape.box_cols() * (width + 1) - 1))
                    .collect();
                out.push_str(&band.join("-+-"));
                out.push('\n');
            }
            let mut line = String::new();
            for c in 0..n {
                if c > 0 {
                    line.push_str(if has_boxes && c % shape.box_cols() == 0 {
                        " | "
                    } else {
                        " "
                    });
                }
                line.push_str(&format!("{:<width$}", texts[shape.cell(r, c).index()]));
            }
            if !has_boxes {
                let regions = &self.geometry.regions()[r * n..(r + 1) * n];
                line.push_str("    ");
                line.extend(regions.iter().map(|&region| region_letter(region)));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

/// Reads pencil marks (see [`Grid::parse`]) from `text` (comments blanked out), which starts
/// at byte `start` of the whole text: `None` when the text is not written that way, a fault
/// when it is but holds a character that is not a candidate.
fn parse_marks(text: &str, start: usize) -> Result<Option<Grid>, Fault> {
    let lines: Vec<(usize, &str)> = lines_at(text)
        .filter(|&(_, line)| !is_frame_line(line))
        .collect();
    let chars = || {
        lines.iter().flat_map(move |&(line_at, line)| {
            line.char_indices()
                .filter(|(_, c)| !c.is_whitespace())
                .map(move |(i, c)| (start + line_at + i, c))
        })
    };
    // A 729-character line: 9 characters per cell, each a candidate or `.`/`0`. Text of 729
    // characters that could all stand for cells, but some not for candidates, was meant as
    // one too (no grid has 729 cells).
    if chars().count() == 729 {
        match chars().find(|&(_, c)| c != '.' && !c.is_ascii_digit()) {
            None => {
                let digits: Vec<u8> = chars().map(|(_, c)| c as u8).collect();
                let marks = digits
                    .chunks(9)
                    .map(|group| {
                        group
                            .iter()
                            .filter_map(|&b| Digit::new(b.saturating_sub(b'0')))
                            .collect()
                    })
                    .collect();
                return Ok(Some(Grid::from_marks(Shape::NINE, marks)));
            }
            Some((at, ch)) if chars().all(|(_, c)| is_cell_char(c)) => {
                return Err(Fault::BadCharacter {
                    ch,
                    at,
                    expected: Expected::MarkLine,
                })
            }
            Some(_) => {}
        }
    }
    // More groups than any grid has cells are not pencil marks (and are not kept).
    let groups: Vec<(usize, &str)> = lines
        .iter()
        .flat_map(|&(line_at, line)| {
            groups_at(line).map(move |(i, group)| (start + line_at + i, group))
        })
        .take(MAX_CELLS + 1)
        .collect();
    // Plain rows written with spaces between cells are groups of one too.
    if groups
        .iter()
        .all(|&(_, group)| group.chars().count() == 1 && group != "-")
    {
        return Ok(None);
    }
    let Some(shape) = Shape::from_cell_count(groups.len()) else {
        return Ok(None);
    };
    let alphabet = match shape.size() {
        25 => Alphabet::Letters,
        size => Alphabet::OneBased(size),
    };
    let mut marks = Vec::with_capacity(groups.len());
    for (group_at, group) in groups {
        let mut set = DigitSet::EMPTY;
        if group == "-" {
            // A cell that allows no digit at all.
            marks.push(DigitSet::EMPTY);
            continue;
        }
        for (i, ch) in group.char_indices() {
            match alphabet.value_of(ch).map(Digit::new) {
                Some(Some(digit)) => set.insert(digit),
                // A lone blank is a cell with no marks; blanks inside a group are not marks.
                Some(None) if group.len() == 1 => set = shape.all_digits(),
                _ => {
                    return Err(Fault::BadCharacter {
                        ch,
                        at: group_at + i,
                        expected: Expected::Candidate { size: shape.size() },
                    })
                }
            }
        }
        marks.push(set);
    }
    Ok(Some(Grid::from_marks(shape, marks)))
}

/// The groups of a line of pencil marks (runs of characters between spaces, `|` and `:`),
/// each with its byte offset in the line.
fn groups_at(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let is_separator = |c: char| c.is_whitespace() || matches!(c, '|' | ':');
    let mut rest_at = 0;
    std::iter::from_fn(move || {
        let rest = &line[rest_at..];
        let group_start = rest_at + rest.find(|c: char| !is_separator(c))?;
        let group_len = line[group_start..]
            .find(is_separator)
            .unwrap_or(line.len() - group_start);
        rest_at = group_start + group_len;
        Some((group_start, &line[group_start..rest_at]))
    })
}

/// The lines of `text` without their line ends (`\n` or `\r\n`), each with the byte offset
/// where it starts.
fn lines_at(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_inclusive('\n').scan(0, |line_at, line| {
        let at = *line_at;
        *line_at += line.len();
        let line = match line.strip_suffix('\n') {
            Some(line) => line.strip_suffix('\r').unwrap_or(line),
            None => line,
        };
        Some((at, line))
    })
}

/// The text with every comment, from `#` to the end of its line, blanked out with spaces
/// byte for byte, so that what is left keeps the offsets of the text as written. Comments are
/// read the same everywhere: after one-line puzzles and rows, inside pencil marks, around a
/// variant tag or a jigsaw map, and after a link.
fn without_comments(text: &str) -> Cow<'_, str> {
    if !text.contains('#') {
        return Cow::Borrowed(text);
    }
    let mut read = String::with_capacity(text.len());
    let mut is_comment = false;
    for ch in text.chars() {
        match ch {
            '\n' => {
                is_comment = false;
                read.push(ch);
            }
            '#' => {
                is_comment = true;
                read.push(' ');
            }
            _ if is_comment => read.extend(std::iter::repeat_n(' ', ch.len_utf8())),
            _ => read.push(ch),
        }
    }
    Cow::Owned(read)
}

/// The layout of a shape that a variant tag names, as [`Geometry::tag`] writes it: `x:`,
/// `windoku:`, `jigsaw:MAP:`, or nothing for classic.
pub fn layout_of_tag(shape: Shape, tag: &str) -> Result<Arc<Geometry>, LayoutError> {
    match split_tag(tag) {
        (variant, rest) if rest.trim().is_empty() => {
            Geometry::new(shape, variant.unwrap_or(Variant::Classic))
        }
        _ => Err(LayoutError::NotATag(tag.to_string())),
    }
}

/// Splits a variant tag (see [`Grid::parse`]) from the text of the cells. Text without a
/// known tag is classic.
fn split_tag(text: &str) -> (Option<Variant>, &str) {
    let (variant, cells_at) = split_tag_at(text);
    (variant, &text[cells_at..])
}

/// The variant a tag at the start of `text` names, and the byte offset where the cells
/// begin (0 without a known tag).
fn split_tag_at(text: &str) -> (Option<Variant>, usize) {
    let Some((word, rest)) = text.split_once(':') else {
        return (None, 0);
    };
    let rest_at = word.len() + 1;
    if word.trim().eq_ignore_ascii_case("jigsaw") {
        let (map, cells_at) = match rest.split_once(':') {
            Some((map, _)) => (map, rest_at + map.len() + 1),
            None => (rest, text.len()),
        };
        return (
            Some(Variant::Jigsaw(Geometry::jigsaw_map(map).into())),
            cells_at,
        );
    }
    match Variant::of_word(word) {
        Some(variant) => (Some(variant), rest_at),
        None => (None, 0),
    }
}

/// Whether a line of a pencil-mark grid only draws its frame, such as `*-----+-----*` or
/// HoDoKu's `.-----.-----.` and `:-----+-----:`.
fn is_frame_line(line: &str) -> bool {
    line.contains(['-', '=']) && line.chars().all(|c| "-=+|*:. ".contains(c))
}

/// The most cells of any grid (25×25): past that many, cells are counted, not kept.
const MAX_CELLS: usize = Shape::TWENTY_FIVE.n_cells();

/// Splits puzzle text (comments blanked out) into cell tokens, skipping separators and
/// spaces; `text` starts at byte `start` of the whole text. Returns the first
/// [`MAX_CELLS`] tokens and the number of cells.
fn tokenize(text: &str, start: usize) -> Result<(Vec<Token>, usize), Fault> {
    let mut tokens = Vec::new();
    let mut n_cells = 0;
    for (line_at, line) in lines_at(text) {
        if is_separator_line(line) {
            continue;
        }
        for (i, ch) in line.char_indices() {
            let at = start + line_at + i;
            if ch.is_whitespace() || matches!(ch, '|' | '-' | '+' | ':' | '=') {
                continue;
            }
            if !is_cell_char(ch) {
                return Err(Fault::BadCharacter {
                    ch,
                    at,
                    expected: Expected::Cell,
                });
            }
            if n_cells < MAX_CELLS {
                tokens.push(Token { ch, at });
            }
            n_cells += 1;
        }
    }
    Ok((tokens, n_cells))
}

/// Whether a character may stand for a cell in some size: a digit, a letter or a blank.
fn is_cell_char(ch: char) -> bool {
    ch.is_ascii_alphanumeric() || matches!(ch, '.' | '*' | '_')
}

/// Whether a line only draws box borders, such as `------+-------` or `*-----*-----*`.
fn is_separator_line(line: &str) -> bool {
    line.contains(['-', '=']) && line.chars().all(|c| "-=+|*: ".contains(c))
}

/// How digits are written for one puzzle.
#[derive(Copy, Clone)]
enum Alphabet {
    /// `1`–`9`, then `A`… for sizes above 9 (up to 16); `0` is a blank.
    OneBased(usize),
    /// `0`–`F` for 16×16: `0` is digit 1.
    ZeroBasedHex,
    /// `A`–`Y` for 25×25.
    Letters,
}

impl Alphabet {
    fn choose(shape: Shape, tokens: &[Token]) -> Alphabet {
        match shape.size() {
            25 => Alphabet::Letters,
            16 => {
                let has_zero = tokens.iter().any(|t| t.ch == '0');
                let has_g = tokens.iter().any(|t| t.ch.eq_ignore_ascii_case(&'g'));
                if has_zero && !has_g {
                    Alphabet::ZeroBasedHex
                } else {
                    Alphabet::OneBased(16)
                }
            }
            size => Alphabet::OneBased(size),
        }
    }

    /// The cell value a character stands for (0 for a blank), or `None` if it is not allowed.
    fn value_of(self, ch: char) -> Option<u8> {
        if matches!(ch, '.' | '*' | '_') {
            return Some(0);
        }
        match self {
            Alphabet::OneBased(size) => {
                let v = match ch {
                    '0' | 'x' | 'X' if size < 24 => 0,
                    '1'..='9' => ch as u8 - b'0',
                    'a'..='z' => ch as u8 - b'a' + 10,
                    'A'..='Z' => ch as u8 - b'A' + 10,
                    _ => return None,
                };
                (v as usize <= size).then_some(v)
            }
            Alphabet::ZeroBasedHex => ch.to_digit(16).map(|v| v as u8 + 1),
            Alphabet::Letters => match ch {
                '0' => Some(0),
                'a'..='y' => Some(ch as u8 - b'a' + 1),
                'A'..='Y' => Some(ch as u8 - b'A' + 1),
                _ => None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_of_every_shape() {
        for shape in Shape::ALL {
            let n = shape.size();
            let geometry = Geometry::classic(shape);
            for house in geometry.houses() {
                let cells = geometry.cells_of(house);
                assert_eq!(cells.len(), n);
                for &c in cells {
                    assert!(geometry.houses_of(c).any(|h| h == house));
                }
            }
            assert_eq!(geometry.houses().count(), 3 * n);
        }
        assert_eq!(Shape::SIX.box_of(Shape::SIX.cell(2, 3)), 3);
        assert_eq!(Shape::NINE.box_of(Shape::NINE.cell(4, 7)), 5);
    }

    #[test]
    fn sentences_show_digits_in_the_alphabet_of_the_shape() {
        let d = |v| Digit::new(v).unwrap();
        let set: DigitSet = [1, 10, 15].map(d).into_iter().collect();
        assert_eq!(Shape::NINE.show(d(7)).to_string(), "7");
        assert_eq!(Shape::SIXTEEN.show(d(9)).to_string(), "9");
        assert_eq!(Shape::SIXTEEN.show(d(15)).to_string(), "F");
        assert_eq!(Shape::TWELVE.show(d(12)).to_string(), "C");
        assert_eq!(Shape::TWENTY_FIVE.show(d(1)).to_string(), "A");
        assert_eq!(Shape::TWENTY_FIVE.show(d(25)).to_string(), "Y");
        assert_eq!(Shape::NINE.show_slashed(DigitSet::all(3)), "1/2/3");
        assert_eq!(Shape::SIXTEEN.show_slashed(set), "1/A/F");
        assert_eq!(Shape::TWENTY_FIVE.show_slashed(set), "A/J/O");
        assert_eq!(Shape::NINE.show_slashed(DigitSet::EMPTY), "");
    }

    #[test]
    fn digit_characters_round_trip() {
        for shape in Shape::ALL {
            let mut grid = Grid::empty(shape);
            for (i, c) in shape.cells().take(shape.size()).enumerate() {
                grid.set(c, Digit::new(i as u8 + 1));
            }
            assert_eq!(
                Grid::parse(&grid.to_line()).unwrap(),
                grid,
                "{}",
                shape.name()
            );
            assert_eq!(
                Grid::parse(&grid.to_pretty()).unwrap(),
                grid,
                "{}",
                shape.name()
            );
        }
    }

    #[test]
    fn a_variant_applies_to_text_without_a_tag_of_its_own() {
        let cells = ".".repeat(81);
        let x = Variant::from_name("X").unwrap();
        let mut values = Vec::new();
        for text in [
            cells.clone(),
            format!("  {cells}  "),
            format!("{cells} # note"),
        ] {
            let grid = Grid::parse_as(&text, &x).unwrap();
            assert_eq!(grid.geometry().variant(), &Variant::X, "{text:?}");
            assert_eq!(
                Grid::parse_into_as(&text, &mut values, &x),
                Ok(Reading::Values(grid.geometry().clone())),
                "{text:?}"
            );
        }
        for tag in ["windoku:", "classic:"] {
            let tagged = Grid::parse_as(&format!("{tag}{cells}"), &x).unwrap();
            assert_eq!(tagged.geometry().tag(), tag.replace("classic:", ""));
        }
        let map = "AAABBBAAABBBCCCCDDCCDDDDEEEFFFEEEFFF";
        let jigsaw = Variant::from_name(&format!("jigsaw:{map}")).unwrap();
        let grid = Grid::parse_as(&".".repeat(36), &jigsaw).unwrap();
        assert_eq!(grid.geometry().tag(), format!("jigsaw:{map}:"));
        assert!(matches!(
            Grid::parse_as(&cells, &jigsaw),
            Err(ParseError::Layout(LayoutError::MapLength { .. }))
        ));
        assert_eq!(Variant::from_name("hyper"), Some(Variant::Windoku));
        assert_eq!(Variant::from_name("sudoku"), None);
        assert_eq!(Variant::from_name("x:1"), None);
    }

    /// The bad character that reading `text` stops at: the character, its line and column, and
    /// what was expected there.
    fn bad_character(text: &str) -> (char, usize, usize, Expected) {
        match Grid::parse(text) {
            Err(ParseError::BadCharacter {
                ch,
                line,
                column,
                expected,
            }) => (ch, line, column, expected),
            other => panic!("{text:?}: {other:?}"),
        }
    }

    /// A 9×9 pencil-mark line with every candidate everywhere.
    fn open_mark_line() -> String {
        "123456789".repeat(81)
    }

    #[test]
    fn a_729_character_line_with_one_bad_character_names_it() {
        let mut line = open_mark_line();
        line.replace_range(11..12, "X");
        assert_eq!(bad_character(&line), ('X', 1, 12, Expected::MarkLine));
        assert_eq!(
            Grid::parse(&line).unwrap_err().to_string(),
            "Bad character 'X' at line 1, column 12: a 729-character pencil-mark line holds \
             only the digits 1–9, and '.' or '0' for a candidate left out."
        );
        // Written as nine rows of 81, a comment after the first.
        let rows: Vec<&str> = (0..9).map(|r| &line[r * 81..(r + 1) * 81]).collect();
        let text = format!("{} # row 1\n{}", rows[0], rows[1..].join("\n"));
        assert_eq!(bad_character(&text), ('X', 1, 12, Expected::MarkLine));
        let mut late = open_mark_line();
        late.replace_range(700..701, "_");
        let text = format!("{}\n{}", &late[..81], &late[81..]);
        assert_eq!(bad_character(&text), ('_', 2, 620, Expected::MarkLine));
        // Not 729 characters that could be cells: read as cells, and the count is wrong.
        assert_eq!(
            Grid::parse(&format!("{}|", &open_mark_line()[..728])),
            Err(ParseError::WrongLength { n_cells: 728 })
        );
    }

    #[test]
    fn a_bad_character_in_a_group_of_pencil_marks_is_named_where_it_stands() {
        let mut groups = vec!["123456789"; 81];
        groups[10] = "12A";
        let rows: Vec<String> = groups.chunks(9).map(|row| row.join(" ")).collect();
        let text = format!("*---*\n{}", rows.join("\n"));
        // Row 2 is line 3; its second group starts after "123456789 ".
        assert_eq!(
            bad_character(&text),
            ('A', 3, 13, Expected::Candidate { size: 9 })
        );
        assert!(Grid::parse(&text)
            .unwrap_err()
            .to_string()
            .ends_with("a group of pencil marks holds only digits of a 9×9 puzzle."));
        // Sixteen by sixteen written four cells to a group reads as cells, not as 8×8 marks.
        // A full grid without the solver (grid does not depend on search): the pattern grid,
        // each row the one above shifted by a box width, each band by one more.
        let values: Vec<u8> = (0..256)
            .map(|i| {
                let (r, c) = (i / 16, i % 16);
                ((r * 4 + r / 4 + c) % 16) as u8 + 1
            })
            .collect();
        let solution = Grid::from_values(&values).unwrap();
        assert!(solution.is_valid_solution());
        let line = solution.to_line();
        let rows: Vec<String> = line
            .as_bytes()
            .chunks(16)
            .map(|row| {
                let groups: Vec<&str> = row
                    .chunks(4)
                    .map(|g| std::str::from_utf8(g).unwrap())
                    .collect();
                groups.join(" ")
            })
            .collect();
        assert_eq!(Grid::parse(&rows.join("\n")).unwrap(), solution);
    }

    #[test]
    fn columns_count_from_the_start_of_the_line_as_written() {
        let mut cells = ".".repeat(81);
        cells.replace_range(5..6, "z");
        let link = format!("https://www.sudokuwiki.org/sudoku.htm?bd={cells}&x=1");
        let column = "https://www.sudokuwiki.org/sudoku.htm?bd=".len() + 6;
        assert_eq!(
            bad_character(&link),
            ('z', 1, column, Expected::Digit { size: 9 })
        );
        assert_eq!(
            bad_character(&format!("x:{cells}")),
            ('z', 1, 8, Expected::Digit { size: 9 })
        );
        assert_eq!(
            bad_character(&format!("  Windoku : {cells}")),
            ('z', 1, 18, Expected::Digit { size: 9 })
        );
        let map = "AAABBBAAABBBCCCCDDCCDDDDEEEFFFEEEFFF";
        let mut six = ".".repeat(36);
        six.replace_range(3..4, "7");
        assert_eq!(
            bad_character(&format!("jigsaw:{map}:\n{six}")),
            ('7', 2, 4, Expected::Digit { size: 6 })
        );
        // Columns are characters, not bytes: a no-break space (two bytes) is one column.
        assert_eq!(
            bad_character("1\u{a0}2\u{a0}!"),
            ('!', 1, 5, Expected::Cell)
        );
    }

    #[test]
    fn a_byte_order_mark_before_the_text_is_skipped() {
        let cells = "1".to_string() + &".".repeat(80);
        let with_mark = format!("\u{feff}{cells}");
        assert_eq!(Grid::parse(&with_mark), Grid::parse(&cells));
    }

    #[test]
    fn invisible_characters_are_named_by_code_point() {
        let mut cells = ".".repeat(81);
        cells.insert(11, '\u{200f}');
        assert_eq!(
            Grid::parse(&cells).unwrap_err().to_string(),
            "Bad character U+200F (right-to-left mark) at line 1, column 12: use digits, \
             letters for sizes above 9, and '.' or '0' for blanks."
        );
        for (ch, shown) in [
            ('\u{200b}', "U+200B (zero-width space)"),
            ('\0', "U+0000 (null)"),
            (
                '\u{feff}',
                "U+FEFF (zero-width no-break space, or byte order mark)",
            ),
            ('\u{7}', "U+0007 (control character)"),
            ('\u{301}', "U+0301 (combining mark)"),
            ('\u{e0041}', "U+E0041 (tag character)"),
            ('\u{663}', "'\u{663}' (U+0663)"),
            ('１', "'１' (U+FF11)"),
            ('🙂', "'🙂' (U+1F642)"),
            ('!', "'!'"),
            ('\'', "\"'\""),
        ] {
            assert_eq!(CharName(ch).to_string(), shown);
            let text = format!("12{ch}4");
            assert_eq!(bad_character(&text), (ch, 1, 3, Expected::Cell), "{shown}");
            assert!(
                Grid::parse(&text).unwrap_err().to_string().contains(shown),
                "{shown}"
            );
        }
    }

    #[test]
    fn a_comment_runs_to_the_end_of_its_line_everywhere() {
        let cells = "1...............";
        let four = Grid::parse(cells).unwrap();
        for text in [
            format!("{cells} # a note"),
            format!("{cells}# bd=2222"),
            format!("# a note with bd=1234 and x: in it\n{cells}"),
            format!("# héllo 🙂\n{}\n{} # two rows", &cells[..8], &cells[8..]),
            "1... # row 1\n.... # row 2\n....\n....  # end".to_string(),
        ] {
            assert_eq!(Grid::parse(&text), Ok(four.clone()), "{text:?}");
        }
        let link = format!("https://www.sudokuwiki.org/sudoku.htm?bd={cells} # copied");
        assert_eq!(Grid::parse(&link), Ok(four.clone()));
        // Around a tag and inside a jigsaw map.
        let map = "AAABBBAAABBBCCCCDDCCDDDDEEEFFFEEEFFF";
        let rows: Vec<&str> = (0..6).map(|r| &map[r * 6..(r + 1) * 6]).collect();
        let jigsaw = format!(
            "jigsaw: # regions, then cells\n{} # A to F\n{}:\n{} # 6×6",
            rows[0],
            rows[1..].join("\n"),
            ".".repeat(36)
        );
        assert_eq!(
            Grid::parse(&jigsaw).unwrap().geometry().tag(),
            format!("jigsaw:{map}:")
        );
        assert_eq!(
            Grid::parse(&format!("x: # X-Sudoku\n{cells}"))
                .unwrap()
                .geometry()
                .variant(),
            &Variant::X
        );
        // Pencil marks with a comment, and a bad character placed after a comment line.
        let marks = format!("# marks\n{} # all open", "1234 ".repeat(16));
        assert!(Grid::parse(&marks).unwrap().marks().is_none());
        assert_eq!(
            bad_character("# 🙂 note\n1.?.\n...."),
            ('?', 2, 3, Expected::Cell)
        );
    }

    #[test]
    fn parse_into_reads_as_parse_does() {
        let texts = [
            "850002400720000009004000000000107002305000900040000000000080070017000000000036040"
                .to_string(),
            "  8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..  "
                .to_string(),
            format!("x*_.XXXX1{}", "0".repeat(72)),
            format!("{} # a comment", "1".repeat(81)),
            "123456789".repeat(9).replace('9', "A"),
            "1..2\n..3.\n.4..\n...1".to_string(),
            "12345678".to_string(),
            String::new(),
        ];
        let mut values = vec![7; 3];
        for text in &texts {
            let read = Grid::parse_into(text, &mut values);
            match Grid::parse(text) {
                Ok(grid) => {
                    assert_eq!(
                        read,
                        Ok(Reading::Values(grid.geometry().clone())),
                        "{text:?}"
                    );
                    assert_eq!(values, grid.values(), "{text:?}");
                }
                Err(e) => assert_eq!(read, Err(e), "{text:?}"),
            }
        }
    }
}
