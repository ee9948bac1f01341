//! Pictures of a board as SVG: a puzzle, its solution, or any position of a trace with the
//! step that led there highlighted, drawn as the page draws them, for pages without
//! JavaScript (a README, a static site).
//!
//! A [`Picture`] says what each cell shows and which step to mark; [`Picture::to_svg`]
//! writes it in a [`Theme`]'s colours, the colours of the page's stylesheet
//! (`www/stepdoku.css`), role for role. Nothing here re-derives a rule: digits and
//! candidates come from the [`Board`](crate::Board) a trace changes, and a step's marks from
//! the step's own cells, houses, pattern, fins, links and changes.
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
//!  │  │ cells: size × CELL square  │ │   backgrounds, grid lines, frame, rules (cages,
//!  │  │                            │ │   lines, dots), digits and candidates, house
//!  │  │                            │ │   outlines, chain links
//!  │  └────────────────────────────┘ │
//!  │  caption: heading, sentence…    │   (a step's number, kind and sentence, wrapped)
//!  └─────────────────────────────────┘
//! ```
//!
//! Where each part is drawn:
//!
//! | file          | its job                                                               |
//! |---------------|-----------------------------------------------------------------------|
//! | `picture.rs`  | [`Picture`]: what each cell shows and which step is marked            |
//! | `theme.rs`    | [`Theme`] and its [`Palette`], the stylesheet's colours               |
//! | `painter.rs`  | where the grid, cells, slots and houses lie; the document and layers  |
//! | `svg.rs`      | short numbers, escaped text, rectangles, rings                        |
//! | `grid.rs`     | cell backgrounds, lines between cells and boxes, the frame            |
//! | `constraints.rs` | cages, thermometers, arrows, dots, X and V, extra diagonals        |
//! | `cells.rs`    | digits by origin, candidates in their roles                           |
//! | `marks.rs`    | what the step marks per cell and candidate; cell rings, houses        |
//! | `links.rs`    | the chain's arrows                                                    |
//! | `walk.rs`     | a forcing chain walked to one implication                             |
//! | `caption.rs`  | the heading and sentence under the grid, wrapped                      |

mod caption;
mod cells;
mod constraints;
mod grid;
mod links;
mod marks;
mod painter;
mod picture;
mod svg;
mod theme;
mod walk;

pub use picture::{CellContent, Origin, Picture, ShortTrace, Shortfall};
pub use theme::{Palette, Theme, Tint};
pub use walk::NoSuchImplication;

/// The side of one cell, in the image's user units.
pub const CELL: f64 = 48.0;

/// The space around the grid and the caption.
const MARGIN: f64 = 12.0;
