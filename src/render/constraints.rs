//! The rules of a constraint puzzle, drawn under the digits: extra diagonals as lines from
//! corner to corner, thermometers as a bulb and a broad line, arrows as a ring and a line
//! with its head, killer cages as dashed outlines inside their cells with the sum at the top
//! left, and kropki dots and X/V marks on the edge between their two cells.

use super::painter::Painter;
use super::svg::{baseline, Escaped, N};
use super::CELL;
use crate::constraint::{Cage, Diagonal, PairRule, Relation};
use crate::grid::Cell;
use std::fmt::{self, Write as _};

/// How far a cage's outline lies inside its cells.
const CAGE_INSET: f64 = 0.08 * CELL;
/// The size of a cage's sum.
const SUM_FONT: f64 = 0.22 * CELL;
/// The radius of a thermometer's bulb and the width of its line.
const BULB_RADIUS: f64 = 0.3 * CELL;
const THERMO_WIDTH: f64 = 0.2 * CELL;
/// The radius of an arrow's ring.
const RING_RADIUS: f64 = 0.38 * CELL;
/// The radius of a kropki dot, and the size of an X or V.
const DOT_RADIUS: f64 = 0.11 * CELL;
const XV_FONT: f64 = 0.3 * CELL;

impl Painter<'_> {
    /// Every rule of the picture's constraints, in one layer; nothing for a puzzle without.
    pub(super) fn paint_constraints(&self, out: &mut String) -> fmt::Result {
        let rules = &self.picture.constraints;
        if rules.is_empty() {
            return Ok(());
        }
        let c = self.colours;
        writeln!(out, r#"<g data-layer="constraints">"#)?;
        for &diagonal in &rules.diagonals {
            self.paint_diagonal(out, diagonal)?;
        }
        for thermometer in &rules.thermometers {
            let d = self.path_through(&thermometer.cells);
            let (x, y) = self.cell_rect(thermometer.cells[0]).centre();
            writeln!(
                out,
                r#"<g data-rule="thermometer" fill="{f}" stroke="{f}" opacity="0.45"><circle cx="{}" cy="{}" r="{}" stroke="none"/><path d="{d}" fill="none" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/></g>"#,
                N(x),
                N(y),
                N(BULB_RADIUS),
                N(THERMO_WIDTH),
                f = c.line_strong,
            )?;
        }
        for arrow in &rules.arrows {
            let (cx, cy) = self.cell_rect(arrow.circle).centre();
            let mut points: Vec<(f64, f64)> = arrow
                .line
                .iter()
                .map(|&cell| self.cell_rect(cell).centre())
                .collect();
            // The line leaves from the ring's edge, towards the first cell of the line.
            let (fx, fy) = points[0];
            let length = (fx - cx).hypot(fy - cy);
            points.insert(
                0,
                (
                    cx + (fx - cx) * RING_RADIUS / length,
                    cy + (fy - cy) * RING_RADIUS / length,
                ),
            );
            let mut d = String::new();
            for (k, (x, y)) in points.iter().enumerate() {
                let _ = write!(d, "{}{} {}", if k == 0 { "M" } else { "L" }, N(*x), N(*y));
            }
            d.push_str(&arrow_head(&points));
            writeln!(
                out,
                r#"<g data-rule="arrow" fill="none" stroke="{}" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"><circle cx="{}" cy="{}" r="{}"/><path d="{d}"/></g>"#,
                c.text,
                N(cx),
                N(cy),
                N(RING_RADIUS),
            )?;
        }
        for cage in &rules.cages {
            self.paint_cage(out, cage)?;
        }
        for &pair in &rules.pairs {
            self.paint_pair(out, pair)?;
        }
        writeln!(out, "</g>")
    }

    fn paint_diagonal(&self, out: &mut String, diagonal: Diagonal) -> fmt::Result {
        let g = self.grid;
        let (y0, y1) = (g.y, g.y + g.height);
        let (x0, x1) = match diagonal {
            Diagonal::Falling => (g.x, g.x + g.width),
            Diagonal::Rising => (g.x + g.width, g.x),
        };
        writeln!(
            out,
            r#"<path data-rule="diagonal" d="M{} {}L{} {}" stroke="{}" stroke-width="1.5" opacity="0.5"/>"#,
            N(x0),
            N(y0),
            N(x1),
            N(y1),
            self.colours.line_strong
        )
    }

    /// A path through the centres of cells.
    fn path_through(&self, cells: &[Cell]) -> String {
        let mut d = String::new();
        for (k, &cell) in cells.iter().enumerate() {
            let (x, y) = self.cell_rect(cell).centre();
            let _ = write!(d, "{}{} {}", if k == 0 { "M" } else { "L" }, N(x), N(y));
        }
        d
    }

    /// A cage: its outline, dashed, inside the cells along every edge it does not share
    /// with itself; its sum on a patch of the cell's colour at the top left of its first
    /// cell in reading order.
    fn paint_cage(&self, out: &mut String, cage: &Cage) -> fmt::Result {
        let shape = self.shape();
        let n = shape.size() as isize;
        let inside = |row: isize, col: isize| {
            (0..n).contains(&row)
                && (0..n).contains(&col)
                && cage.cells.contains(&shape.cell(row as usize, col as usize))
        };
        let m = CAGE_INSET;
        let mut d = String::new();
        for &cell in &cage.cells {
            let (r, k) = (shape.row_of(cell) as isize, shape.col_of(cell) as isize);
            let rect = self.cell_rect(cell);
            let (left, top) = (rect.x, rect.y);
            let (right, bottom) = (left + CELL, top + CELL);
            // Where a side ends at one corner: inset where the cage turns away, drawn on
            // where it goes straight on, drawn past where it turns round a corner cell.
            let end = |edge: f64, sign: f64, beside: bool, corner: bool| {
                if !beside {
                    edge + sign * m
                } else if corner {
                    edge - sign * m
                } else {
                    edge
                }
            };
            if !inside(r - 1, k) {
                let x0 = end(left, 1.0, inside(r, k - 1), inside(r - 1, k - 1));
                let x1 = end(right, -1.0, inside(r, k + 1), inside(r - 1, k + 1));
                let _ = write!(d, "M{} {}H{}", N(x0), N(top + m), N(x1));
            }
            if !inside(r + 1, k) {
                let x0 = end(left, 1.0, inside(r, k - 1), inside(r + 1, k - 1));
                let x1 = end(right, -1.0, inside(r, k + 1), inside(r + 1, k + 1));
                let _ = write!(d, "M{} {}H{}", N(x0), N(bottom - m), N(x1));
            }
            if !inside(r, k - 1) {
                let y0 = end(top, 1.0, inside(r - 1, k), inside(r - 1, k - 1));
                let y1 = end(bottom, -1.0, inside(r + 1, k), inside(r + 1, k - 1));
                let _ = write!(d, "M{} {}V{}", N(left + m), N(y0), N(y1));
            }
            if !inside(r, k + 1) {
                let y0 = end(top, 1.0, inside(r - 1, k), inside(r - 1, k + 1));
                let y1 = end(bottom, -1.0, inside(r + 1, k), inside(r + 1, k + 1));
                let _ = write!(d, "M{} {}V{}", N(right - m), N(y0), N(y1));
            }
        }
        let c = self.colours;
        write!(
            out,
            r#"<g data-rule="cage"><path d="{d}" fill="none" stroke="{}" stroke-width="1" stroke-dasharray="3 2.5"/>"#,
            c.text
        )?;
        if let (Some(sum), Some(&first)) = (cage.sum, cage.cells.iter().min()) {
            let rect = self.cell_rect(first);
            let text = sum.to_string();
            let width = 0.62 * SUM_FONT * text.len() as f64 + 3.0;
            write!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/><text x="{}" y="{}" font-size="{}" fill="{}">{}</text>"#,
                N(rect.x + 2.0),
                N(rect.y + 2.0),
                N(width),
                N(SUM_FONT + 2.0),
                c.cell,
                N(rect.x + 3.0),
                N(baseline(rect.y + 3.0 + SUM_FONT / 2.0, SUM_FONT)),
                N(SUM_FONT),
                c.text,
                Escaped(&text),
            )?;
        }
        writeln!(out, "</g>")
    }

    /// A kropki dot (white: a difference of 1, black: a ratio of 2) or an X or V on the edge
    /// between two cells; other differences, ratios and sums as a white dot with the number.
    fn paint_pair(&self, out: &mut String, pair: PairRule) -> fmt::Result {
        let c = self.colours;
        let (ax, ay) = self.cell_rect(pair.a).centre();
        let (bx, by) = self.cell_rect(pair.b).centre();
        let (x, y) = ((ax + bx) / 2.0, (ay + by) / 2.0);
        let (kind, label) = match pair.relation {
            Relation::Difference(1) => ("white", String::new()),
            Relation::Ratio(2) => ("black", String::new()),
            Relation::Sum(10) => ("x", "X".to_string()),
            Relation::Sum(5) => ("v", "V".to_string()),
            Relation::Difference(k) | Relation::Ratio(k) | Relation::Sum(k) => {
                ("number", k.to_string())
            }
            Relation::NotConsecutive => return Ok(()),
        };
        match kind {
            "x" | "v" => writeln!(
                out,
                r#"<g data-rule="{kind}"><rect x="{}" y="{}" width="{w}" height="{w}" rx="3" fill="{}"/><text x="{}" y="{}" font-size="{}" font-weight="700" text-anchor="middle" fill="{}">{label}</text></g>"#,
                N(x - XV_FONT / 2.0),
                N(y - XV_FONT / 2.0),
                c.cell,
                N(x),
                N(baseline(y, XV_FONT)),
                N(XV_FONT),
                c.text,
                w = N(XV_FONT),
            ),
            _ => {
                let (fill, radius) = match kind {
                    "black" => (c.text, DOT_RADIUS),
                    "white" => (c.cell, DOT_RADIUS),
                    _ => (c.cell, DOT_RADIUS * 1.5),
                };
                write!(
                    out,
                    r#"<g data-rule="{kind}"><circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{}" stroke-width="1.5"/>"#,
                    N(x),
                    N(y),
                    N(radius),
                    c.text,
                )?;
                if !label.is_empty() {
                    write!(
                        out,
                        r#"<text x="{}" y="{}" font-size="{}" text-anchor="middle" fill="{}">{label}</text>"#,
                        N(x),
                        N(baseline(y, radius * 1.4)),
                        N(radius * 1.4),
                        c.text,
                    )?;
                }
                writeln!(out, "</g>")
            }
        }
    }
}

/// The head of an arrow at the last of `points`: two short strokes back from the tip, each
/// a quarter of a cell long and 35° off the line.
fn arrow_head(points: &[(f64, f64)]) -> String {
    let n = points.len();
    let (tx, ty) = points[n - 1];
    let (px, py) = points[n - 2];
    let angle = (ty - py).atan2(tx - px);
    let length = 0.25 * CELL;
    let spread = 35f64.to_radians();
    let mut d = String::new();
    for side in [-1.0, 1.0] {
        let a = angle + std::f64::consts::PI + side * spread;
        let _ = write!(
            d,
            "M{} {}L{} {}",
            N(tx),
            N(ty),
            N(tx + length * a.cos()),
            N(ty + length * a.sin())
        );
    }
    d
}
