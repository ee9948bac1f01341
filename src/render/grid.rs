//! The grid under the digits: the cells' backgrounds (a variant's extra houses, and the fills
//! of the step's roles), the lines between cells and between boxes or regions, and the frame.

use super::marks::cell_flags;
use super::painter::Painter;
use super::svg::N;
use super::CELL;
use std::fmt::{self, Write as _};

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

impl Painter<'_> {
    /// The grid's background and the backgrounds of cells with a role. The frame's stroke,
    /// drawn later, covers the corners of the corner cells outside its rounded corners.
    pub(super) fn paint_cell_backgrounds(&self, out: &mut String) -> fmt::Result {
        let c = self.colours;
        let m = &self.marks;
        writeln!(out, r#"<g data-layer="cell-backgrounds">"#)?;
        writeln!(out, r#"<rect {} rx="4" fill="{}"/>"#, self.grid, c.cell)?;
        let geometry = &self.picture.geometry;
        let is_extra = cell_flags(
            geometry.n_cells(),
            geometry
                .extra_houses()
                .flat_map(|house| geometry.cells_of(house))
                .copied(),
        );
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
    pub(super) fn paint_lines(&self, out: &mut String) -> fmt::Result {
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
}
