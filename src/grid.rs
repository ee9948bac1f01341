//! Grids of digits, and the puzzle text that writes them: one line, rows, pencil marks,
//! SudokuWiki links and variant tags (see [`Grid::parse`]).

use crate::digits::{Digit, DigitSet};
use crate::geometry::{region_letter, Geometry, LayoutError, Variant};
pub use crate::geometry::{Cell, House, HouseKind, Shape};
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
        /// Its 1-based line.
        line: usize,
        /// Its 1-based column (in characters) on that line.
        column: usize,
        /// The size of the grid, when the cell count gave one.
        size: Option<usize>,
    },
    /// The number of cells is not that of any supported size.
    WrongLength {
        /// How many cells were read.
        n_cells: usize,
    },
    /// The variant tag names a layout that cannot be built (a bad jigsaw map, Windoku on 6×6).
    Layout(LayoutError),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => write!(f, "The puzzle is empty: type or paste the digits of a grid."),
            ParseError::TooLong { len } => write!(
                f,
                "Too long: the text has {len} bytes, but no puzzle needs more than {MAX_TEXT_LEN}."
            ),
            ParseError::BadCharacter { ch, line, column, size: Some(size) } => write!(
                f,
                "Bad character '{ch}' at line {line}, column {column}: not a digit of a {size}×{size} puzzle."
            ),
            ParseError::BadCharacter { ch, line, column, size: None } => write!(
                f,
                "Bad character '{ch}' at line {line}, column {column}: use digits, letters for sizes above 9, and '.' or '0' for blanks."
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
    line: usize,
    column: usize,
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
    /// - one line of cells (`.`, `0`, `*`, `_` or `x` for blanks), with a `#` comment after it;
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
    pub fn parse(text: &str) -> Result<Grid, ParseError> {
        Grid::parse_as(text, &Variant::Classic)
    }

    /// Reads a puzzle as [`Grid::parse`] does, in `variant` unless the text has a tag of its
    /// own: the layout a file of puzzles of one variant leaves unsaid.
    pub fn parse_as(text: &str, variant: &Variant) -> Result<Grid, ParseError> {
        if text.len() > MAX_TEXT_LEN {
            return Err(ParseError::TooLong { len: text.len() });
        }
        let (tag, text) = split_tag(text);
        let grid = Grid::parse_classic(text)?;
        match tag.as_ref().unwrap_or(variant) {
            Variant::Classic => Ok(grid),
            variant => {
                let geometry =
                    Geometry::new(grid.shape(), variant.clone()).map_err(ParseError::Layout)?;
                Ok(grid.in_layout(geometry))
            }
        }
    }

    /// Reads the cells of puzzle text without a variant tag.
    fn parse_classic(text: &str) -> Result<Grid, ParseError> {
        let text = match text.find("bd=") {
            Some(at) => text[at + 3..]
                .split(|c: char| c == '&' || c.is_whitespace())
                .next()
                .unwrap_or(""),
            None => text,
        };
        if let Some(grid) = parse_marks(text) {
            return Ok(grid);
        }
        let tokens = tokenize(text)?;
        if tokens.is_empty() {
            return Err(ParseError::Empty);
        }
        let shape = Shape::from_cell_count(tokens.len()).ok_or(ParseError::WrongLength {
            n_cells: tokens.len(),
        })?;
        let alphabet = Alphabet::choose(shape, &tokens);
        let mut values = Vec::with_capacity(tokens.len());
        for token in &tokens {
            match alphabet.value_of(token.ch) {
                Some(v) => values.push(v),
                None => {
                    return Err(ParseError::BadCharacter {
                        ch: token.ch,
                        line: token.line,
                        column: token.column,
                        size: Some(shape.size()),
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
    pub fn to_line(&self) -> String {
        self.geometry.tag() + &self.cells_line()
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

/// Reads pencil marks (see [`Grid::parse`]): `None` when the text is not written that way.
fn parse_marks(text: &str) -> Option<Grid> {
    let lines: Vec<&str> = text
        .lines()
        .map(|line| line.split('#').next().unwrap_or(""))
        .filter(|line| !is_frame_line(line))
        .collect();
    let compact: Vec<u8> = lines
        .concat()
        .bytes()
        .filter(|b| !b.is_ascii_whitespace())
        .collect();
    if compact.len() == 729 && compact.iter().all(|&b| b == b'.' || b.is_ascii_digit()) {
        let marks = compact
            .chunks(9)
            .map(|group| {
                group
                    .iter()
                    .filter_map(|&b| Digit::new(b.saturating_sub(b'0')))
                    .collect()
            })
            .collect();
        return Some(Grid::from_marks(Shape::NINE, marks));
    }
    let groups: Vec<&str> = lines
        .iter()
        .flat_map(|line| line.split(|c: char| c.is_whitespace() || matches!(c, '|' | ':')))
        .filter(|group| !group.is_empty())
        .collect();
    // Plain rows written with spaces between cells are groups of one too.
    if groups
        .iter()
        .all(|&group| group.chars().count() == 1 && group != "-")
    {
        return None;
    }
    let shape = Shape::from_cell_count(groups.len())?;
    let alphabet = match shape.size() {
        25 => Alphabet::Letters,
        size => Alphabet::OneBased(size),
    };
    let mut marks = Vec::with_capacity(groups.len());
    for group in groups {
        let mut set = DigitSet::EMPTY;
        if group == "-" {
            // A cell that allows no digit at all.
            marks.push(DigitSet::EMPTY);
            continue;
        }
        for ch in group.chars() {
            match Digit::new(alphabet.value_of(ch)?) {
                Some(digit) => set.insert(digit),
                // A lone blank is a cell with no marks; blanks inside a group are not marks.
                None if group.len() == 1 => set = shape.all_digits(),
                None => return None,
            }
        }
        marks.push(set);
    }
    Some(Grid::from_marks(shape, marks))
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
    let trimmed = text.trim_start();
    let Some((word, rest)) = trimmed.split_once(':') else {
        return (None, text);
    };
    if word.trim().eq_ignore_ascii_case("jigsaw") {
        let (map, cells) = rest.split_once(':').unwrap_or((rest, ""));
        return (
            Some(Variant::Jigsaw(Geometry::jigsaw_map(map).into())),
            cells,
        );
    }
    match Variant::of_word(word) {
        Some(variant) => (Some(variant), rest),
        None => (None, text),
    }
}

/// Whether a line of a pencil-mark grid only draws its frame, such as `*-----+-----*` or
/// HoDoKu's `.-----.-----.` and `:-----+-----:`.
fn is_frame_line(line: &str) -> bool {
    line.contains(['-', '=']) && line.chars().all(|c| "-=+|*:. ".contains(c))
}

/// Splits puzzle text into cell tokens, skipping separators, spaces and comments.
fn tokenize(text: &str) -> Result<Vec<Token>, ParseError> {
    let mut tokens = Vec::new();
    for (line_idx, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        if is_separator_line(line) {
            continue;
        }
        for (col_idx, ch) in line.chars().enumerate() {
            if ch.is_whitespace() || matches!(ch, '|' | '-' | '+' | ':' | '=') {
                continue;
            }
            if ch.is_ascii_alphanumeric() || matches!(ch, '.' | '*' | '_') {
                tokens.push(Token {
                    ch,
                    line: line_idx + 1,
                    column: col_idx + 1,
                });
            } else {
                return Err(ParseError::BadCharacter {
                    ch,
                    line: line_idx + 1,
                    column: col_idx + 1,
                    size: None,
                });
            }
        }
    }
    Ok(tokens)
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
