//! Pictures of a board as SVG: a puzzle, its solution, or any position of a trace with the
//! step that led there highlighted, drawn as the page draws them, for pages without
//! JavaScript (a README, a static site).
//!
//! A [`Picture`] says what each cell shows and which step to mark; [`Picture::to_svg`]
//! writes it in a [`Theme`]'s colours, the colours of the page's stylesheet
//! (`www/stepdoku.css`), role for role. Nothing here re-derives a rule: digits and
//! candidates come from the [`Board`] a trace changes, and a step's marks from the step's
//! own cells, houses, pattern, fins, links and changes.
//!
//! ```
//! use stepdoku::render::{Picture, Theme};
//! use stepdoku::{Grid, Strategy};
//! let puzzle = Grid::parse(
//!     "850002400720000009004000000000107002305000900040000000000080070017000000000036040",
//! ).unwrap();
//! let picture = Picture::at_position(&puzzle, Strategy::Human, 3).unwrap();
//! let svg = picture.to_svg(Theme::Dark);
//! assert!(svg.starts_with("<svg") && svg.contains("<title>Step 3"));
//! ```
//!
//! The image, in user units (one cell is [`CELL`] units wide):
//!
//! ```text
//!  ┌ margin ─────────────────────────┐
//!  │  ┌ frame ─────────────────────┐ │   layers, bottom to top: background, cell
//!  │  │ cells: size × CELL square  │ │   backgrounds, grid lines, frame, digits and
//!  │  │                            │ │   candidates, house outlines, chain links
//!  │  └────────────────────────────┘ │
//!  │  caption: heading, sentence…    │   (a step's number, kind and sentence, wrapped)
//!  └─────────────────────────────────┘
//! ```

mod walk;

use walk::LinkRole;
pub use walk::NoSuchImplication;

use crate::digits::{Digit, DigitSet};
use crate::geometry::Geometry;
use crate::grid::{Cell, Grid, House, HouseKind, Shape};
use crate::strategy::{stepper, Strategy};
use crate::trace::{Board, Candidate, Change, LinkKind, Step, StepKind};
use std::fmt::{self, Write as _};
use std::sync::Arc;

/// The side of one cell, in the image's user units.
pub const CELL: f64 = 48.0;

/// The space around the grid and the caption.
const MARGIN: f64 = 12.0;

/// The narrowest a captioned image gets, so a 4×4 grid's caption is not a column of words.
const MIN_CAPTION_WIDTH: f64 = 400.0;

/// Font families the page uses, written into the image: no font file is fetched.
const FONT: &str =
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/// Light or dark colours.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Theme {
    /// Dark digits on white, as the page in a light colour scheme.
    Light,
    /// Light digits on near-black, as the page in a dark colour scheme.
    Dark,
}

impl Theme {
    /// The theme with this name (`light` or `dark`).
    pub fn from_name(name: &str) -> Option<Theme> {
        match name {
            "light" => Some(Theme::Light),
            "dark" => Some(Theme::Dark),
            _ => None,
        }
    }

    /// The short name used on the command line and in the page's `theme` attribute.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The colours of this theme.
    pub fn palette(self) -> &'static Palette {
        match self {
            Theme::Light => &Palette::LIGHT,
            Theme::Dark => &Palette::DARK,
        }
    }
}

/// A colour that is mostly see-through: a CSS colour and how opaque it is.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Tint {
    /// The colour, as `#rrggbb`.
    pub colour: &'static str,
    /// Its opacity, from 0 (invisible) to 1.
    pub opacity: f32,
}

/// The colours of one theme: the custom properties of the page's stylesheet, each named after
/// its `--sd-…` property (`step_bg` is `--sd-step-bg`), as `#rrggbb`.
#[derive(Clone, Debug, PartialEq)]
pub struct Palette {
    /// The page around the grid (`--sd-surface`).
    pub surface: &'static str,
    /// Caption text (`--sd-text`).
    pub text: &'static str,
    /// Secondary caption text (`--sd-muted`).
    pub muted: &'static str,
    /// Lines between cells (`--sd-line`).
    pub line: &'static str,
    /// Lines between boxes and around the grid (`--sd-line-strong`).
    pub line_strong: &'static str,
    /// A cell's background (`--sd-cell`).
    pub cell: &'static str,
    /// The background of a cell on a variant's diagonal or window (`--sd-extra`).
    pub extra: &'static str,
    /// A given digit (`--sd-given`).
    pub given: &'static str,
    /// A digit placed by logic, or filled in from the solution (`--sd-deduced`).
    pub deduced: &'static str,
    /// A digit placed under a guess, and the depth of guesses (`--sd-tentative`).
    pub tentative: &'static str,
    /// A guessed digit and its ring (`--sd-guess`).
    pub guess: &'static str,
    /// A candidate (`--sd-candidate`).
    pub candidate: &'static str,
    /// The background of the step's cells (`--sd-step-bg`).
    pub step_bg: &'static str,
    /// The ring around the step's cells (`--sd-step-ring`).
    pub step_ring: &'static str,
    /// The outline of the step's houses (`--sd-house`).
    pub house: &'static str,
    /// The inside of the step's houses (`--sd-house-tint`).
    pub house_tint: Tint,
    /// An eliminated candidate, and the ring of a digit taken out (`--sd-elim`).
    pub elim: &'static str,
    /// A candidate put back (`--sd-restored`).
    pub restored: &'static str,
    /// Behind a candidate of the pattern (`--sd-pattern-bg`).
    pub pattern_bg: &'static str,
    /// A fin (`--sd-fin`).
    pub fin: &'static str,
    /// The background of a dead end's cells (`--sd-dead-bg`).
    pub dead_bg: &'static str,
    /// The outline of a dead end's houses (`--sd-fault`).
    pub fault: &'static str,
    /// Cells where two solutions differ (`--sd-differ`).
    pub differ: &'static str,
    /// Chain links (`--sd-link`).
    pub link: &'static str,
    /// The ring around a digit that proves a single, a witness (`--sd-witness`).
    pub witness: &'static str,
    /// Behind a witness's digit (`--sd-witness-bg`).
    pub witness_bg: &'static str,
    /// The background of a cell a witness rules the single's digit out of
    /// (`--sd-covered-bg`).
    pub covered_bg: &'static str,
}

impl Palette {
    /// The light theme's colours: the first value of each `light-dark()` in the stylesheet.
    pub const LIGHT: Palette = Palette {
        surface: "#ffffff",
        text: "#1b1f24",
        muted: "#5d6672",
        line: "#c9ced6",
        line_strong: "#343a42",
        cell: "#ffffff",
        extra: "#e9e4f5",
        given: "#15191e",
        deduced: "#1f5fd1",
        tentative: "#6a48b8",
        guess: "#a65300",
        candidate: "#6b7480",
        step_bg: "#fff2b3",
        step_ring: "#b58900",
        house: "#0072b2",
        house_tint: Tint {
            colour: "#0072b2",
            opacity: 0.07,
        },
        elim: "#c23b00",
        restored: "#007a5c",
        pattern_bg: "#bfe2f7",
        fin: "#a6427c",
        dead_bg: "#ffd9cc",
        fault: "#c23b00",
        differ: "#a6427c",
        link: "#0072b2",
        witness: "#b86e00",
        witness_bg: "#ffe6bf",
        covered_bg: "#e3e6eb",
    };

    /// The dark theme's colours: the second value of each `light-dark()` in the stylesheet.
    pub const DARK: Palette = Palette {
        surface: "#181c22",
        text: "#e6e9ed",
        muted: "#9ba5b1",
        line: "#363d48",
        line_strong: "#aeb7c2",
        cell: "#161a20",
        extra: "#2d2838",
        given: "#f1f3f6",
        deduced: "#79a8ff",
        tentative: "#b79cff",
        guess: "#ffb454",
        candidate: "#8a94a0",
        step_bg: "#3d3510",
        step_ring: "#e6c34a",
        house: "#56b4e9",
        house_tint: Tint {
            colour: "#56b4e9",
            opacity: 0.09,
        },
        elim: "#ff8a5c",
        restored: "#3fd0a0",
        pattern_bg: "#1c4866",
        fin: "#e890c6",
        dead_bg: "#4a2418",
        fault: "#ff8a5c",
        differ: "#e890c6",
        link: "#56b4e9",
        witness: "#f0b429",
        witness_bg: "#4d3608",
        covered_bg: "#2c323b",
    };
}

/// Where a digit came from, which sets how it is drawn (as the page's board model records).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// A digit of the puzzle as posed.
    Given,
    /// Placed by a step that is not a guess, with this many guesses in force (0: for sure).
    Deduced {
        /// The number of guesses in force when it was placed.
        depth: u32,
    },
    /// Tried by a guess.
    Guess {
        /// The guess's depth: 1 for the first guess in force.
        depth: u32,
    },
    /// Filled in from the solution.
    Solution,
}

impl Origin {
    /// The word written into the image's `data-origin` attributes.
    fn word(self) -> &'static str {
        match self {
            Origin::Given => "given",
            Origin::Deduced { .. } => "deduced",
            Origin::Guess { .. } => "guess",
            Origin::Solution => "solution",
        }
    }
}

/// What one cell shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CellContent {
    /// A digit, and where it came from.
    Digit(Digit, Origin),
    /// An empty cell with its candidates.
    Candidates(DigitSet),
    /// An empty cell, drawn without candidates.
    Blank,
}

/// The trace of a puzzle is shorter than the position asked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ShortTrace {
    /// The number of steps the trace has: positions 0 to `n_steps` exist.
    pub n_steps: usize,
}

/// The heading and sentence under the grid.
#[derive(Clone, Debug, PartialEq)]
struct Caption {
    heading: String,
    text: String,
}

/// Splits `0..n` into runs of equal `is_thick(j)`: `(is_thick, start, end)` in order.
fn runs(n: usize, is_thick: impl Fn(usize) -> bool) -> Vec<(bool, usize, usize)> {
    let mut out: Vec<(bool, usize, usize)> = Vec::new();
    for j in 0..n {
        let thick = is_thick(j);
        match out.last_mut() {
            Some((kind, _, end)) if *kind == thick => *end = j + 1,
            _ => out.push((thick, j, j + 1)),
        }
    }
    out
}

/// What to draw: a board, each cell's content, and optionally a step to highlight.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    geometry: Arc<Geometry>,
    cells: Vec<CellContent>,
    step: Option<Step>,
    /// The position of the trace drawn, with `step` the step that led there.
    position: usize,
    /// The implication of the step's forcing chain walked to, as an index into its
    /// `implications` (see [`Picture::walked_to`]).
    walk: Option<usize>,
    differing: Vec<Cell>,
    title: String,
    description: String,
    caption: Option<Caption>,
}

impl Picture {
    /// The puzzle as posed: its givens, and the candidates of its empty cells when it has
    /// pencil marks (the page shows those while editing); no caption.
    pub fn of_puzzle(puzzle: &Grid) -> Picture {
        if puzzle.marks().is_some() {
            return Picture::of_puzzle_with_candidates(puzzle);
        }
        let cells = puzzle
            .shape()
            .cells()
            .map(|cell| match puzzle.get(cell) {
                Some(digit) => CellContent::Digit(digit, Origin::Given),
                None => CellContent::Blank,
            })
            .collect();
        Picture::plain(puzzle, cells, "Sudoku puzzle")
    }

    /// The puzzle as posed, with the candidates every trace starts from in its empty cells.
    pub fn of_puzzle_with_candidates(puzzle: &Grid) -> Picture {
        let board = Board::new(puzzle);
        let origins = Origins::of_puzzle(puzzle);
        Picture::plain(puzzle, origins.contents(&board), "Sudoku puzzle")
    }

    /// A solution of the puzzle: its givens as givens, every other digit as filled in.
    pub fn of_solution(puzzle: &Grid, solution: &Grid) -> Picture {
        let cells = puzzle
            .shape()
            .cells()
            .map(|cell| match (puzzle.get(cell), solution.get(cell)) {
                (Some(digit), _) => CellContent::Digit(digit, Origin::Given),
                (None, Some(digit)) => CellContent::Digit(digit, Origin::Solution),
                (None, None) => CellContent::Blank,
            })
            .collect();
        Picture::plain(puzzle, cells, "Solution of a Sudoku puzzle")
    }

    fn plain(puzzle: &Grid, cells: Vec<CellContent>, what: &str) -> Picture {
        let shape = puzzle.shape();
        Picture {
            geometry: puzzle.geometry().clone(),
            cells,
            step: None,
            position: 0,
            walk: None,
            differing: Vec::new(),
            title: format!("{what}, {}", shape.name()),
            description: format!("{} puzzle {}", shape.name(), puzzle.to_line()),
            caption: None,
        }
    }

    /// Marks cells where another solution differs, as the page does for a puzzle with several.
    pub fn with_differing(mut self, cells: &[Cell]) -> Picture {
        self.differing = cells.to_vec();
        self
    }

    /// The board at a position of the puzzle's trace with a strategy: position 0 is the
    /// puzzle as given, position `n` the board after the trace's `n`-th step, that step
    /// highlighted (the numbering of the page's step list). Empty cells show their
    /// candidates, and a caption under the grid gives the step's number and sentence.
    ///
    /// Replays the trace up to the position, so the work grows with it; a trace that ends
    /// before gives [`ShortTrace`] with its length.
    pub fn at_position(
        puzzle: &Grid,
        strategy: Strategy,
        position: usize,
    ) -> Result<Picture, ShortTrace> {
        let shape = puzzle.shape();
        let mut solver = stepper(puzzle, strategy);
        let mut origins = Origins::of_puzzle(puzzle);
        let mut last = None;
        for n_taken in 0..position {
            let Some(step) = solver.next_step() else {
                return Err(ShortTrace { n_steps: n_taken });
            };
            origins.record(&step);
            last = Some(step);
        }
        let board = solver.board();
        let description = format!(
            "{} puzzle {}; the {} strategy's trace at step {position}",
            shape.name(),
            puzzle.to_line(),
            strategy.name()
        );
        let (title, caption) = match &last {
            None => (
                format!("The puzzle as given, {}", shape.name()),
                Caption {
                    heading: "Step 0".to_string(),
                    text: "The puzzle as given".to_string(),
                },
            ),
            Some(step) => (
                format!("Step {position}: {}", step.text),
                Caption {
                    heading: step_heading(step, position),
                    text: step.text.clone(),
                },
            ),
        };
        Ok(Picture {
            geometry: puzzle.geometry().clone(),
            cells: origins.contents(board),
            step: last,
            position,
            walk: None,
            differing: Vec::new(),
            title,
            description,
            caption: Some(caption),
        })
    }

    /// The same picture under another title: the image's `<title>` and `aria-label`.
    pub fn with_title(mut self, title: impl Into<String>) -> Picture {
        self.title = title.into();
        self
    }

    /// The same picture without the caption under the grid.
    pub fn without_caption(mut self) -> Picture {
        self.caption = None;
        self
    }

    /// The shape of the board drawn.
    pub fn shape(&self) -> Shape {
        self.geometry.shape()
    }

    /// What each cell shows, in reading order.
    pub fn cells(&self) -> &[CellContent] {
        &self.cells
    }

    /// The step highlighted, if any.
    pub fn step(&self) -> Option<&Step> {
        self.step.as_ref()
    }

    /// The image's title: the step's number and sentence, or what the picture shows.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The picture as a self-contained SVG document in a theme's colours.
    pub fn to_svg(&self, theme: Theme) -> String {
        let mut svg = String::with_capacity(16 * 1024);
        // Writing into a String cannot fail.
        let _ = Painter::new(self, theme).paint(&mut svg);
        svg
    }
}

/// The first line of a step's caption, as the page's status card heads a step: its number,
/// then the technique for a deduction or the kind otherwise, then its own ER or its depth.
fn step_heading(step: &Step, position: usize) -> String {
    let what = match step.kind {
        StepKind::Deduction => step.technique.name(),
        StepKind::Guess => "Guess",
        StepKind::Contradiction => "Contradiction",
        StepKind::Backtrack => "Backtrack",
        StepKind::Solved => "Solved",
        StepKind::Unsolvable => "No solution",
    };
    let mut heading = format!("Step {position} · {what}");
    if step.er > 0.0 {
        let _ = write!(heading, " · ER {:.1}", step.er);
    } else if step.depth > 0 {
        let _ = write!(heading, " · depth {}", step.depth);
    }
    heading
}

/// Where each digit on the board came from, kept up to date as a trace's steps are replayed:
/// a digit a guess places is a guess, any other placed digit a deduction at the step's depth.
struct Origins {
    per_cell: Vec<Option<Origin>>,
}

impl Origins {
    fn of_puzzle(puzzle: &Grid) -> Origins {
        Origins {
            per_cell: puzzle
                .shape()
                .cells()
                .map(|cell| puzzle.get(cell).map(|_| Origin::Given))
                .collect(),
        }
    }

    fn record(&mut self, step: &Step) {
        for change in &step.changes {
            match *change {
                Change::Place { cell, .. } => {
                    self.per_cell[cell.index()] = Some(match step.kind {
                        StepKind::Guess => Origin::Guess { depth: step.depth },
                        _ => Origin::Deduced { depth: step.depth },
                    });
                }
                Change::Unplace { cell, .. } => self.per_cell[cell.index()] = None,
                Change::Eliminate { .. } | Change::Restore { .. } => {}
            }
        }
    }

    /// Each cell of the board: its digit with its origin, or its candidates.
    fn contents(&self, board: &Board) -> Vec<CellContent> {
        board
            .shape()
            .cells()
            .map(|cell| match board.value(cell) {
                Some(digit) => CellContent::Digit(
                    digit,
                    self.per_cell[cell.index()].unwrap_or(Origin::Deduced { depth: 0 }),
                ),
                None => CellContent::Candidates(board.candidates(cell)),
            })
            .collect()
    }
}

/// What a step marks, by role, per cell (as the page's `stepHighlight`).
struct Marks {
    /// Whether the step's cells are a dead end (a contradiction or no solution).
    is_dead_end: bool,
    /// The cells the step is about.
    step_cells: Vec<bool>,
    /// Cells whose digit the step takes out (a backtrack).
    unplaced: Vec<bool>,
    eliminated: Vec<DigitSet>,
    restored: Vec<DigitSet>,
    pattern: Vec<DigitSet>,
    fins: Vec<DigitSet>,
    differing: Vec<bool>,
    /// Cells whose digit proves a single (see [`Step::proof`]).
    witness: Vec<bool>,
    /// Cells a witness rules the single's digit out of.
    covered: Vec<bool>,
}

impl Marks {
    fn of(picture: &Picture) -> Marks {
        let n_cells = picture.shape().n_cells();
        let mut marks = Marks {
            is_dead_end: false,
            step_cells: vec![false; n_cells],
            unplaced: vec![false; n_cells],
            eliminated: vec![DigitSet::EMPTY; n_cells],
            restored: vec![DigitSet::EMPTY; n_cells],
            pattern: vec![DigitSet::EMPTY; n_cells],
            fins: vec![DigitSet::EMPTY; n_cells],
            differing: vec![false; n_cells],
            witness: vec![false; n_cells],
            covered: vec![false; n_cells],
        };
        for &cell in &picture.differing {
            marks.differing[cell.index()] = true;
        }
        let Some(step) = &picture.step else {
            return marks;
        };
        marks.is_dead_end = matches!(step.kind, StepKind::Contradiction | StepKind::Unsolvable);
        for &cell in &step.cells {
            marks.step_cells[cell.index()] = true;
        }
        for change in &step.changes {
            match *change {
                Change::Place { .. } => {}
                Change::Unplace { cell, .. } => marks.unplaced[cell.index()] = true,
                Change::Eliminate { cell, digit } => marks.eliminated[cell.index()].insert(digit),
                Change::Restore { cell, digit } => marks.restored[cell.index()].insert(digit),
            }
        }
        for c in &step.pattern {
            marks.pattern[c.cell.index()].insert(c.digit);
        }
        for c in &step.fins {
            marks.fins[c.cell.index()].insert(c.digit);
        }
        for w in &step.proof {
            marks.witness[w.cell.index()] = true;
            for &c in &w.covers {
                marks.covered[c.index()] = true;
            }
        }
        marks
    }
}

/// A number written with at most two decimals and no trailing zeros, to keep the file small.
struct N(f64);

impl fmt::Display for N {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hundredths = (self.0 * 100.0).round() as i64;
        if hundredths % 100 == 0 {
            write!(f, "{}", hundredths / 100)
        } else {
            let text = format!("{:.2}", hundredths as f64 / 100.0);
            f.write_str(text.trim_end_matches('0'))
        }
    }
}

/// Text made safe for XML: in element content and in double- or single-quoted attributes.
struct Escaped<'a>(&'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for ch in self.0.chars() {
            match ch {
                '&' => f.write_str("&amp;")?,
                '<' => f.write_str("&lt;")?,
                '>' => f.write_str("&gt;")?,
                '"' => f.write_str("&quot;")?,
                '\'' => f.write_str("&apos;")?,
                // Control characters other than tab and line ends are not allowed in XML 1.0.
                c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => f.write_char(' ')?,
                c => f.write_char(c)?,
            }
        }
        Ok(())
    }
}

/// A rectangle in user units.
#[derive(Copy, Clone)]
struct Rect {
    x: f64,
    y: f64,
    width: f64,
    height: f64,
}

impl Rect {
    fn inset(self, by: f64) -> Rect {
        Rect {
            x: self.x + by,
            y: self.y + by,
            width: self.width - 2.0 * by,
            height: self.height - 2.0 * by,
        }
    }

    fn centre(self) -> (f64, f64) {
        (self.x + self.width / 2.0, self.y + self.height / 2.0)
    }
}

impl fmt::Display for Rect {
    /// Writes the rectangle's attributes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            r#"x="{}" y="{}" width="{}" height="{}""#,
            N(self.x),
            N(self.y),
            N(self.width),
            N(self.height)
        )
    }
}

/// Where the baseline of text of this size goes to centre digits and capitals on `y`.
fn baseline(y: f64, font_size: f64) -> f64 {
    y + 0.36 * font_size
}

/// Splits a sentence into lines of at most `max_chars` characters, at spaces where it can.
fn wrap(text: &str, max_chars: usize) -> Vec<String> {
    let max_chars = max_chars.max(8);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let n_line = line.chars().count();
        let n_word = word.chars().count();
        if n_line > 0 && n_line + 1 + n_word <= max_chars {
            line.push(' ');
            line.push_str(word);
            continue;
        }
        if n_line > 0 {
            lines.push(std::mem::take(&mut line));
        }
        let mut chars: Vec<char> = word.chars().collect();
        while chars.len() > max_chars {
            let rest = chars.split_off(max_chars);
            lines.push(chars.into_iter().collect());
            chars = rest;
        }
        line = chars.into_iter().collect();
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Writes one picture: the geometry of the image and the layers in order.
struct Painter<'a> {
    picture: &'a Picture,
    theme: Theme,
    colours: &'static Palette,
    marks: Marks,
    /// The grid's outer edge.
    grid: Rect,
    width: f64,
    height: f64,
    caption_font: f64,
    /// The caption's lines: the heading's first, in bold.
    caption_lines: Vec<String>,
    n_heading_lines: usize,
}

impl<'a> Painter<'a> {
    fn new(picture: &'a Picture, theme: Theme) -> Painter<'a> {
        let side = picture.shape().size() as f64 * CELL;
        let caption_font = (side / 30.0).max(14.0);
        let (width, caption_lines, n_heading_lines) = match &picture.caption {
            None => (side + 2.0 * MARGIN, Vec::new(), 0),
            Some(caption) => {
                let inner = side.max(MIN_CAPTION_WIDTH);
                // An average character of the sans-serif fonts is about half an em wide.
                let max_chars = (inner / (caption_font * 0.55)) as usize;
                let mut lines = wrap(&caption.heading, max_chars);
                let n_heading_lines = lines.len();
                lines.extend(wrap(&caption.text, max_chars));
                (inner + 2.0 * MARGIN, lines, n_heading_lines)
            }
        };
        let caption_height = if caption_lines.is_empty() {
            0.0
        } else {
            0.6 * caption_font + caption_lines.len() as f64 * 1.35 * caption_font
        };
        Painter {
            picture,
            theme,
            colours: theme.palette(),
            marks: Marks::of(picture),
            grid: Rect {
                x: (width - side) / 2.0,
                y: MARGIN,
                width: side,
                height: side,
            },
            width,
            height: side + 2.0 * MARGIN + caption_height,
            caption_font,
            caption_lines,
            n_heading_lines,
        }
    }

    fn shape(&self) -> Shape {
        self.picture.shape()
    }

    /// The square of a cell.
    fn cell_rect(&self, cell: Cell) -> Rect {
        let shape = self.shape();
        Rect {
            x: self.grid.x + shape.col_of(cell) as f64 * CELL,
            y: self.grid.y + shape.row_of(cell) as f64 * CELL,
            width: CELL,
            height: CELL,
        }
    }

    /// The place of a candidate in its cell: box-columns × box-rows slots inside a 4% inset,
    /// digit 1 top left, as the page lays them out.
    fn slot_rect(&self, candidate: Candidate) -> Rect {
        let shape = self.shape();
        let area = self.cell_rect(candidate.cell).inset(0.04 * CELL);
        let width = area.width / shape.box_cols() as f64;
        let height = area.height / shape.box_rows() as f64;
        let slot = candidate.digit.index();
        Rect {
            x: area.x + (slot % shape.box_cols()) as f64 * width,
            y: area.y + (slot / shape.box_cols()) as f64 * height,
            width,
            height,
        }
    }

    /// The areas of a house: one rectangle for a row, a column, a box or a window; one per
    /// cell for a diagonal or a jigsaw region.
    fn house_rects(&self, house: House) -> Vec<Rect> {
        let shape = self.shape();
        let cells = self.picture.geometry.cells_of(house);
        let first = self.cell_rect(cells[0]);
        let (n_rows, n_cols) = match house.kind() {
            HouseKind::Row => (1, shape.size()),
            HouseKind::Column => (shape.size(), 1),
            HouseKind::Box | HouseKind::Window => (shape.box_rows(), shape.box_cols()),
            HouseKind::Diagonal | HouseKind::Region => {
                return cells.iter().map(|&c| self.cell_rect(c)).collect();
            }
        };
        vec![Rect {
            x: first.x,
            y: first.y,
            width: n_cols as f64 * CELL,
            height: n_rows as f64 * CELL,
        }]
    }

    /// The id of the arrow head, the image's only id: named for the theme, so images shown
    /// inline on one page share a definition only where it is the same.
    fn arrow_id(&self) -> String {
        format!("stepdoku-arrow-{}", self.theme.name())
    }

    fn paint(&self, out: &mut String) -> fmt::Result {
        let picture = self.picture;
        let c = self.colours;
        writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" aria-label="{label}" data-size="{size}" data-theme="{theme}" font-family="{FONT}">"#,
            w = N(self.width),
            h = N(self.height),
            label = Escaped(&picture.title),
            size = self.shape().size(),
            theme = self.theme.name(),
        )?;
        writeln!(out, "<title>{}</title>", Escaped(&picture.title))?;
        writeln!(out, "<desc>{}</desc>", Escaped(&picture.description))?;
        writeln!(
            out,
            r#"<defs><marker id="{arrow}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0L10 5L0 10z" fill="{link}"/></marker></defs>"#,
            arrow = self.arrow_id(),
            link = c.link,
        )?;
        writeln!(
            out,
            r#"<rect data-layer="background" x="0" y="0" width="{}" height="{}" fill="{}"/>"#,
            N(self.width),
            N(self.height),
            c.surface
        )?;
        self.paint_cell_backgrounds(out)?;
        self.paint_lines(out)?;
        self.paint_cells(out)?;
        self.paint_houses(out)?;
        self.paint_walk(out)?;
        self.paint_links(out)?;
        self.paint_caption(out)?;
        writeln!(out, "</svg>")
    }

    /// The grid's background and the backgrounds of cells with a role. The frame's stroke,
    /// drawn later, covers the corners of the corner cells outside its rounded corners.
    fn paint_cell_backgrounds(&self, out: &mut String) -> fmt::Result {
        let c = self.colours;
        let m = &self.marks;
        writeln!(out, r#"<g data-layer="cell-backgrounds">"#)?;
        writeln!(out, r#"<rect {} rx="4" fill="{}"/>"#, self.grid, c.cell)?;
        let geometry = &self.picture.geometry;
        let mut is_extra = vec![false; geometry.n_cells()];
        for house in geometry.extra_houses() {
            for &cell in geometry.cells_of(house) {
                is_extra[cell.index()] = true;
            }
        }
        for cell in self.shape().cells() {
            let i = cell.index();
            let rect = self.cell_rect(cell);
            if is_extra[i] {
                writeln!(out, r#"<rect data-cell="{i}" {rect} fill="{}"/>"#, c.extra)?;
            }
            if m.step_cells[i] {
                let fill = if m.is_dead_end { c.dead_bg } else { c.step_bg };
                writeln!(out, r#"<rect data-cell="{i}" {rect} fill="{fill}"/>"#)?;
            } else if m.covered[i] {
                writeln!(
                    out,
                    r#"<rect data-cell="{i}" data-roles="covered" {rect} fill="{}"/>"#,
                    c.covered_bg
                )?;
            }
            if m.differing[i] {
                writeln!(
                    out,
                    r#"<rect data-cell="{i}" {rect} fill="{}" fill-opacity="0.16"/>"#,
                    c.differ
                )?;
            }
        }
        writeln!(out, "</g>")
    }

    /// Thin lines between cells, thicker ones between boxes, and the frame.
    fn paint_lines(&self, out: &mut String) -> fmt::Result {
        let shape = self.shape();
        let g = self.grid;
        let c = self.colours;
        let mut thin = String::new();
        let mut thick = String::new();
        let regions = self.picture.geometry.regions();
        let n = shape.size();
        // Each line between two rows or columns of cells, in runs: thick where the cells on
        // either side lie in different boxes (or jigsaw regions), thin elsewhere.
        for k in 1..n {
            let at = k as f64 * CELL;
            let across = |j: usize| {
                let (left, right) = (shape.cell(j, k - 1), shape.cell(j, k));
                regions[left.index()] != regions[right.index()]
            };
            for (is_thick, from, to) in runs(n, across) {
                let path = if is_thick { &mut thick } else { &mut thin };
                let (y0, y1) = (g.y + from as f64 * CELL, g.y + to as f64 * CELL);
                let _ = write!(path, "M{} {}V{}", N(g.x + at), N(y0), N(y1));
            }
            let down = |j: usize| {
                let (above, below) = (shape.cell(k - 1, j), shape.cell(k, j));
                regions[above.index()] != regions[below.index()]
            };
            for (is_thick, from, to) in runs(n, down) {
                let path = if is_thick { &mut thick } else { &mut thin };
                let (x0, x1) = (g.x + from as f64 * CELL, g.x + to as f64 * CELL);
                let _ = write!(path, "M{} {}H{}", N(x0), N(g.y + at), N(x1));
            }
        }
        writeln!(out, r#"<g data-layer="lines" fill="none">"#)?;
        if !thin.is_empty() {
            writeln!(
                out,
                r#"<path data-lines="cell" d="{thin}" stroke="{}" stroke-width="1"/>"#,
                c.line
            )?;
        }
        writeln!(
            out,
            r#"<path data-lines="box" d="{thick}" stroke="{}" stroke-width="2.5"/>"#,
            c.line_strong
        )?;
        writeln!(
            out,
            r#"<rect data-layer="frame" {} rx="4" stroke="{}" stroke-width="3"/>"#,
            self.grid, c.line_strong
        )?;
        writeln!(out, "</g>")
    }

    /// Each cell with something to show: its digit or candidates, and its ring.
    fn paint_cells(&self, out: &mut String) -> fmt::Result {
        writeln!(out, r#"<g data-layer="cells" text-anchor="middle">"#)?;
        for cell in self.shape().cells() {
            self.paint_cell(out, cell)?;
        }
        writeln!(out, "</g>")
    }

    fn paint_cell(&self, out: &mut String, cell: Cell) -> fmt::Result {
        let i = cell.index();
        let m = &self.marks;
        let content = self.picture.cells[i];
        let mut roles = Vec::new();
        if m.step_cells[i] {
            roles.push(if m.is_dead_end {
                "contradiction"
            } else {
                "step"
            });
        }
        if m.unplaced[i] {
            roles.push("unplaced");
        }
        if m.differing[i] {
            roles.push("differ");
        }
        if m.witness[i] {
            roles.push("witness");
        }
        if m.covered[i] && !m.step_cells[i] {
            roles.push("covered");
        }
        // A cell with nothing to show and no role is left out of the image.
        let shows_something = match content {
            CellContent::Digit(..) => true,
            CellContent::Candidates(set) => !set.union(m.eliminated[i]).is_empty(),
            CellContent::Blank => false,
        };
        if roles.is_empty() && !shows_something {
            return Ok(());
        }
        let shape = self.shape();
        write!(
            out,
            r#"<g data-cell="{i}" data-name="{}""#,
            cell.name(shape)
        )?;
        if let CellContent::Digit(_, origin) = content {
            write!(out, r#" data-origin="{}""#, origin.word())?;
            if let Origin::Deduced { depth } | Origin::Guess { depth } = origin {
                if depth > 0 {
                    write!(out, r#" data-depth="{depth}""#)?;
                }
            }
        }
        if !roles.is_empty() {
            write!(out, r#" data-roles="{}""#, roles.join(" "))?;
        }
        writeln!(out, ">")?;
        if m.witness[i] {
            self.paint_witness_mark(out, cell)?;
        }
        match content {
            CellContent::Digit(digit, origin) => self.paint_digit(out, cell, digit, origin)?,
            CellContent::Candidates(set) => self.paint_candidates(out, cell, set)?,
            CellContent::Blank => {}
        }
        self.paint_ring(out, cell)?;
        writeln!(out, "</g>")
    }

    /// The mark of a witness, under its digit: a disc in the witness colour with a solid
    /// ring, unlike a guess's dashed ring (drawn over it when both).
    fn paint_witness_mark(&self, out: &mut String, cell: Cell) -> fmt::Result {
        let c = self.colours;
        let (cx, cy) = self.cell_rect(cell).centre();
        writeln!(
            out,
            r#"<circle data-mark="witness" cx="{}" cy="{}" r="{}" fill="{}" stroke="{}" stroke-width="{}"/>"#,
            N(cx),
            N(cy),
            N(0.4 * CELL),
            c.witness_bg,
            c.witness,
            N(0.055 * CELL),
        )
    }

    /// A placed digit, coloured by origin; a guess gets a dashed ring, and a digit placed
    /// under guesses the depth as a small figure at the top right.
    fn paint_digit(
        &self,
        out: &mut String,
        cell: Cell,
        digit: Digit,
        origin: Origin,
    ) -> fmt::Result {
        let c = self.colours;
        let rect = self.cell_rect(cell);
        let (cx, cy) = rect.centre();
        let font_size = if self.shape().size() == 25 { 0.54 } else { 0.6 } * CELL;
        let (fill, weight, style, depth) = match origin {
            Origin::Given => (c.given, "700", "", 0),
            Origin::Solution => (c.deduced, "500", "", 0),
            Origin::Deduced { depth: 0 } => (c.deduced, "500", "", 0),
            Origin::Deduced { depth } => (c.tentative, "500", r#" font-style="italic""#, depth),
            Origin::Guess { depth } => (c.guess, "700", "", depth),
        };
        if let Origin::Guess { .. } = origin {
            writeln!(
                out,
                r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{}" stroke-width="2.4" stroke-dasharray="5 3.5"/>"#,
                N(cx),
                N(cy),
                N(0.38 * CELL),
                c.guess
            )?;
        }
        writeln!(
            out,
            r#"<text data-digit="{}" x="{}" y="{}" font-size="{}" font-weight="{weight}"{style} fill="{fill}">{}</text>"#,
            digit.get(),
            N(cx),
            N(baseline(cy, font_size)),
            N(font_size),
            Escaped(&self.shape().show(digit).to_string()),
        )?;
        if depth > 0 {
            let depth_size = 0.22 * CELL;
            let depth_fill = if let Origin::Guess { .. } = origin {
                c.guess
            } else {
                c.tentative
            };
            writeln!(
                out,
                r#"<text data-depth="{depth}" x="{}" y="{}" font-size="{}" font-weight="700" text-anchor="end" fill="{depth_fill}">{depth}</text>"#,
                N(rect.x + rect.width - 0.07 * CELL),
                N(rect.y + 0.03 * CELL + 0.74 * depth_size),
                N(depth_size),
            )?;
        }
        Ok(())
    }

    /// The candidates of an empty cell, and those the step eliminated from it, each marked by
    /// its roles. On 25×25 the marks are dots, too small for letters, as on the page.
    fn paint_candidates(&self, out: &mut String, cell: Cell, candidates: DigitSet) -> fmt::Result {
        let i = cell.index();
        let m = &self.marks;
        let shown = candidates.union(m.eliminated[i]);
        for digit in shown.iter() {
            let candidate = Candidate::new(cell, digit);
            let mut roles = Vec::new();
            roles.push(if m.eliminated[i].contains(digit) {
                "elim"
            } else {
                "on"
            });
            for (set, role) in [
                (m.restored[i], "restored"),
                (m.pattern[i], "pattern"),
                (m.fins[i], "fin"),
            ] {
                if set.contains(digit) {
                    roles.push(role);
                }
            }
            writeln!(
                out,
                r#"<g data-candidate="{}" data-roles="{}">"#,
                candidate.digit.get(),
                roles.join(" ")
            )?;
            if self.shape().size() == 25 {
                self.paint_candidate_dot(out, candidate, &roles)?;
            } else {
                self.paint_candidate_text(out, candidate, &roles)?;
            }
            writeln!(out, "</g>")?;
        }
        Ok(())
    }

    fn paint_candidate_text(
        &self,
        out: &mut String,
        candidate: Candidate,
        roles: &[&str],
    ) -> fmt::Result {
        let c = self.colours;
        let shape = self.shape();
        let slot = self.slot_rect(candidate);
        let (cx, cy) = slot.centre();
        let font_size = CELL / shape.box_cols() as f64 * 0.78;
        let has = |role: &str| roles.contains(&role);
        if has("pattern") {
            writeln!(
                out,
                r#"<rect {} rx="2.5" fill="{}"/>"#,
                slot.inset(0.5),
                c.pattern_bg
            )?;
        }
        if has("restored") {
            writeln!(
                out,
                r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{}" stroke-width="1.2"/>"#,
                N(cx),
                N(cy),
                N(slot.width.min(slot.height) / 2.0 - 0.6),
                c.restored
            )?;
        }
        if has("fin") {
            writeln!(
                out,
                r#"<rect {} rx="2" fill="none" stroke="{}" stroke-width="1.2" stroke-dasharray="2.5 1.5"/>"#,
                slot.inset(0.8),
                c.fin
            )?;
        }
        let (fill, weight) = if has("elim") {
            (c.elim, "700")
        } else if has("restored") {
            (c.restored, "700")
        } else if has("fin") {
            (c.fin, "700")
        } else if has("pattern") {
            (c.given, "700")
        } else {
            (c.candidate, "400")
        };
        writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="{}" font-weight="{weight}" fill="{fill}">{}</text>"#,
            N(cx),
            N(baseline(cy, font_size)),
            N(font_size),
            Escaped(&shape.show(candidate.digit).to_string()),
        )?;
        if has("elim") {
            // Struck through and slashed, as the page draws an eliminated candidate.
            let half = 0.36 * font_size;
            let pad_x = 0.12 * slot.width;
            let pad_y = 0.12 * slot.height;
            writeln!(
                out,
                r#"<path d="M{} {}H{}M{} {}L{} {}" stroke="{}" stroke-width="{}" stroke-linecap="round"/>"#,
                N(cx - half),
                N(cy),
                N(cx + half),
                N(slot.x + pad_x),
                N(slot.y + slot.height - pad_y),
                N(slot.x + slot.width - pad_x),
                N(slot.y + pad_y),
                c.elim,
                N((0.12 * font_size).max(1.2)),
            )?;
        }
        Ok(())
    }

    fn paint_candidate_dot(
        &self,
        out: &mut String,
        candidate: Candidate,
        roles: &[&str],
    ) -> fmt::Result {
        let c = self.colours;
        let slot = self.slot_rect(candidate);
        let (cx, cy) = slot.centre();
        let side = slot.width.min(slot.height);
        let has = |role: &str| roles.contains(&role);
        if has("pattern") {
            writeln!(out, r#"<rect {} rx="1" fill="{}"/>"#, slot, c.pattern_bg)?;
        }
        if has("elim") {
            let half = 0.23 * side;
            writeln!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{}" stroke-width="1.2"/>"#,
                N(cx - half),
                N(cy - half),
                N(2.0 * half),
                N(2.0 * half),
                c.elim
            )?;
        } else {
            let (fill, radius) = if has("restored") {
                (c.restored, 0.23)
            } else if has("fin") {
                (c.fin, 0.23)
            } else if has("pattern") {
                (c.given, 0.35)
            } else {
                (c.candidate, 0.23)
            };
            writeln!(
                out,
                r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}"/>"#,
                N(cx),
                N(cy),
                N(radius * side)
            )?;
        }
        Ok(())
    }

    /// The ring of a cell with a role: the step's, a dead end's (double), a digit taken out
    /// (dotted), or a cell where solutions differ (dashed).
    fn paint_ring(&self, out: &mut String, cell: Cell) -> fmt::Result {
        let i = cell.index();
        let m = &self.marks;
        let c = self.colours;
        let rect = self.cell_rect(cell);
        if m.step_cells[i] && m.is_dead_end {
            for inset in [2.0, 5.0] {
                writeln!(
                    out,
                    r#"<rect {} rx="2" fill="none" stroke="{}" stroke-width="1.3"/>"#,
                    rect.inset(inset),
                    c.elim
                )?;
            }
        } else if m.step_cells[i] {
            writeln!(
                out,
                r#"<rect {} rx="2" fill="none" stroke="{}" stroke-width="2.5"/>"#,
                rect.inset(2.5),
                c.step_ring
            )?;
        }
        if m.unplaced[i] {
            writeln!(
                out,
                r#"<rect {} rx="2" fill="none" stroke="{}" stroke-width="2.5" stroke-dasharray="0.1 4" stroke-linecap="round"/>"#,
                rect.inset(2.5),
                c.elim
            )?;
        }
        if m.differing[i] {
            writeln!(
                out,
                r#"<rect {} rx="2" fill="none" stroke="{}" stroke-width="2" stroke-dasharray="5 3"/>"#,
                rect.inset(2.5),
                c.differ
            )?;
        }
        Ok(())
    }

    /// The step's houses: a dashed outline and a tint, or a solid outline for a dead end.
    fn paint_houses(&self, out: &mut String) -> fmt::Result {
        let Some(step) = &self.picture.step else {
            return Ok(());
        };
        if step.houses.is_empty() {
            return Ok(());
        }
        let c = self.colours;
        writeln!(out, r#"<g data-layer="houses">"#)?;
        for &house in &step.houses {
            for rect in self.house_rects(house) {
                let rect = rect.inset(2.0);
                if self.marks.is_dead_end {
                    writeln!(
                        out,
                        r#"<rect data-house="{house}" data-roles="fault" {rect} rx="3" fill="none" stroke="{}" stroke-width="2.5"/>"#,
                        c.fault
                    )?;
                } else {
                    writeln!(
                        out,
                        r#"<rect data-house="{house}" data-roles="step" {rect} rx="3" fill="{}" fill-opacity="{}" stroke="{}" stroke-width="2.5" stroke-dasharray="7 4"/>"#,
                        c.house_tint.colour, c.house_tint.opacity, c.house
                    )?;
                }
            }
        }
        writeln!(out, "</g>")
    }

    /// The centre of a chain's node: the mean of its candidates' centres.
    fn node_centre(&self, node: &[Candidate]) -> (f64, f64) {
        let n = node.len().max(1) as f64;
        node.iter()
            .map(|&candidate| self.slot_rect(candidate).centre())
            .fold((0.0, 0.0), |(x, y), (px, py)| (x + px / n, y + py / n))
    }

    /// The chain's links as arrows between candidates: strong solid, weak dashed. Walked to an
    /// implication, only the arrows up to it: its own emphasised, the earlier ones faded.
    fn paint_links(&self, out: &mut String) -> fmt::Result {
        let Some(step) = &self.picture.step else {
            return Ok(());
        };
        if step.links.is_empty() {
            return Ok(());
        }
        let c = self.colours;
        writeln!(
            out,
            r#"<g data-layer="links" fill="none" stroke="{}" stroke-width="{}" stroke-linecap="round">"#,
            c.link,
            N(0.05 * CELL)
        )?;
        for (index, link) in step.links.iter().enumerate() {
            let Some(role) = self.picture.link_role(index) else {
                continue;
            };
            if link.from.is_empty() || link.to.is_empty() {
                continue;
            }
            let (x1, y1) = self.node_centre(&link.from);
            let (x2, y2) = self.node_centre(&link.to);
            // Stop short of both centres, so the arrow does not hide the candidates.
            let length = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt().max(0.01);
            let shorten = (0.12 * CELL / length).min(0.3);
            let (kind, dashes) = match link.kind {
                LinkKind::Strong => ("strong", String::new()),
                LinkKind::Weak => (
                    "weak",
                    format!(
                        r#" stroke-dasharray="{} {}""#,
                        N(0.12 * CELL),
                        N(0.09 * CELL)
                    ),
                ),
            };
            let shape = self.shape();
            let names = |node: &[Candidate]| -> String {
                node.iter()
                    .map(|c| c.name(shape))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let walk = match role {
                LinkRole::Whole => String::new(),
                LinkRole::Current => {
                    format!(r#" data-walk="current" stroke-width="{}""#, N(0.08 * CELL))
                }
                LinkRole::Earlier => r#" data-walk="earlier" stroke-opacity="0.3""#.to_string(),
            };
            writeln!(
                out,
                r#"<line data-link="{kind}" data-from="{}" data-to="{}" x1="{}" y1="{}" x2="{}" y2="{}"{dashes}{walk} marker-end="url(#{})"/>"#,
                Escaped(&names(&link.from)),
                Escaped(&names(&link.to)),
                N(x1 + (x2 - x1) * shorten),
                N(y1 + (y2 - y1) * shorten),
                N(x2 - (x2 - x1) * shorten),
                N(y2 - (y2 - y1) * shorten),
                self.arrow_id(),
            )?;
        }
        writeln!(out, "</g>")
    }

    /// The caption: the heading's lines in bold, then the sentence's.
    fn paint_caption(&self, out: &mut String) -> fmt::Result {
        if self.caption_lines.is_empty() {
            return Ok(());
        }
        let c = self.colours;
        let size = self.caption_font;
        writeln!(
            out,
            r#"<g data-layer="caption" font-size="{}" fill="{}">"#,
            N(size),
            c.text
        )?;
        let mut y = self.grid.y + self.grid.height + 0.6 * size + size;
        for (k, line) in self.caption_lines.iter().enumerate() {
            let weight = if k < self.n_heading_lines {
                r#" font-weight="700""#
            } else {
                ""
            };
            writeln!(
                out,
                r#"<text x="{}" y="{}"{weight}>{}</text>"#,
                N(MARGIN),
                N(y),
                Escaped(line)
            )?;
            y += 1.35 * size;
        }
        writeln!(out, "</g>")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(N(12.0).to_string(), "12");
        assert_eq!(N(12.5).to_string(), "12.5");
        assert_eq!(N(1.0 / 3.0).to_string(), "0.33");
        assert_eq!(N(-0.004).to_string(), "0");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            Escaped(r#"a<b & "c" 'd'>"#).to_string(),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
    }

    #[test]
    fn wrapping_keeps_every_word_within_the_width() {
        let text = "Grouped AIC: 2r7c4 = 2r7c2 − 4r7c2 = 4r8c1 − 7r8c1 = 7r8c9";
        let lines = wrap(text, 20);
        assert!(lines.iter().all(|l| l.chars().count() <= 20), "{lines:?}");
        assert_eq!(lines.join(" "), text);
        assert_eq!(wrap("abcdefghijkl", 8), ["abcdefgh", "ijkl"]);
    }
}
