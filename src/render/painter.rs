//! The painter of one picture: where the grid, each cell, each candidate's slot and each
//! house lie in the image, and the SVG document with its layers in order. The layers
//! themselves are written by the files named after them.

use super::caption::CaptionLayout;
use super::marks::Marks;
use super::picture::Picture;
use super::svg::{Escaped, Rect, N};
use super::theme::{Palette, Theme};
use super::{CELL, MARGIN};
use crate::grid::{Cell, House, HouseKind, Shape};
use crate::trace::Candidate;
use std::fmt::{self, Write as _};

/// Font families the page uses, written into the image: no font file is fetched.
const FONT: &str =
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/// Writes one picture: the geometry of the image and the layers in order.
pub(super) struct Painter<'a> {
    pub(super) picture: &'a Picture,
    pub(super) theme: Theme,
    pub(super) colours: &'static Palette,
    pub(super) marks: Marks,
    /// The grid's outer edge.
    pub(super) grid: Rect,
    width: f64,
    height: f64,
    pub(super) caption: CaptionLayout,
}

impl<'a> Painter<'a> {
    pub(super) fn new(picture: &'a Picture, theme: Theme) -> Painter<'a> {
        let side = picture.shape().size() as f64 * CELL;
        let caption = CaptionLayout::new(picture.caption.as_ref(), side);
        let width = caption.width + 2.0 * MARGIN;
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
            height: side + 2.0 * MARGIN + caption.height(),
            caption,
        }
    }

    pub(super) fn shape(&self) -> Shape {
        self.picture.shape()
    }

    /// The square of a cell.
    pub(super) fn cell_rect(&self, cell: Cell) -> Rect {
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
    pub(super) fn slot_rect(&self, candidate: Candidate) -> Rect {
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
    pub(super) fn house_rects(&self, house: House) -> Vec<Rect> {
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

    /// The whole document: its title and description, the arrow head's definition, then the
    /// layers from the bottom up.
    pub(super) fn paint(&self, out: &mut String) -> fmt::Result {
        let picture = self.picture;
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
        self.paint_arrow_head(out)?;
        writeln!(
            out,
            r#"<rect data-layer="background" x="0" y="0" width="{}" height="{}" fill="{}"/>"#,
            N(self.width),
            N(self.height),
            self.colours.surface
        )?;
        self.paint_cell_backgrounds(out)?;
        self.paint_lines(out)?;
        self.paint_constraints(out)?;
        self.paint_cells(out)?;
        self.paint_houses(out)?;
        self.paint_walk(out)?;
        self.paint_links(out)?;
        self.paint_caption(out)?;
        writeln!(out, "</svg>")
    }
}
