//! The cells' layer: each cell's digit, coloured by where it came from, or its candidates,
//! each drawn in its roles (eliminated, restored, pattern, fin) as a letter, or as a dot on
//! 25×25; with the cell's witness mark and ring.

use super::marks::CandidateRoles;
use super::painter::Painter;
use super::picture::{CellContent, Origin};
use super::svg::{baseline, write_ring, Escaped, N};
use super::CELL;
use crate::digits::{Digit, DigitSet};
use crate::grid::Cell;
use crate::trace::Candidate;
use std::fmt::{self, Write as _};

impl Painter<'_> {
    /// Each cell with something to show: its digit or candidates, and its ring.
    pub(super) fn paint_cells(&self, out: &mut String) -> fmt::Result {
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
        let roles = m.cell_roles(i);
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
            write!(out, r#" data-roles="{roles}""#)?;
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
            // The depth in the digit's colour: a deduction's under guesses is tentative.
            let depth_size = 0.22 * CELL;
            writeln!(
                out,
                r#"<text data-depth="{depth}" x="{}" y="{}" font-size="{}" font-weight="700" text-anchor="end" fill="{fill}">{depth}</text>"#,
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
            let roles = m.candidate_roles(i, digit);
            writeln!(
                out,
                r#"<g data-candidate="{}" data-roles="{}">"#,
                candidate.digit.get(),
                roles.words()
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

    /// A candidate as a letter in its slot: a pattern's on a tinted square, a restored one
    /// ringed, a fin's in a dashed box, an eliminated one struck through and slashed.
    fn paint_candidate_text(
        &self,
        out: &mut String,
        candidate: Candidate,
        roles: &CandidateRoles,
    ) -> fmt::Result {
        let c = self.colours;
        let shape = self.shape();
        let slot = self.slot_rect(candidate);
        let (cx, cy) = slot.centre();
        let font_size = CELL / shape.box_cols() as f64 * 0.78;
        if roles.is_pattern {
            writeln!(
                out,
                r#"<rect {} rx="2.5" fill="{}"/>"#,
                slot.inset(0.5),
                c.pattern_bg
            )?;
        }
        if roles.is_restored {
            writeln!(
                out,
                r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{}" stroke-width="1.2"/>"#,
                N(cx),
                N(cy),
                N(slot.width.min(slot.height) / 2.0 - 0.6),
                c.restored
            )?;
        }
        if roles.is_fin {
            write_ring(
                out,
                slot.inset(0.8),
                c.fin,
                "1.2",
                r#" stroke-dasharray="2.5 1.5""#,
            )?;
        }
        let weight = if roles.is_marked() { "700" } else { "400" };
        writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="{}" font-weight="{weight}" fill="{}">{}</text>"#,
            N(cx),
            N(baseline(cy, font_size)),
            N(font_size),
            roles.colour(c),
            Escaped(&shape.show(candidate.digit).to_string()),
        )?;
        if roles.is_eliminated {
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

    /// A candidate as a dot in its slot, on 25×25: a pattern's larger on a tinted square, an
    /// eliminated one a hollow square instead.
    fn paint_candidate_dot(
        &self,
        out: &mut String,
        candidate: Candidate,
        roles: &CandidateRoles,
    ) -> fmt::Result {
        let c = self.colours;
        let slot = self.slot_rect(candidate);
        let (cx, cy) = slot.centre();
        let side = slot.width.min(slot.height);
        if roles.is_pattern {
            writeln!(out, r#"<rect {} rx="1" fill="{}"/>"#, slot, c.pattern_bg)?;
        }
        if roles.is_eliminated {
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
            // A pattern's dot is larger, unless drawn in a restored candidate's or a fin's
            // colour.
            let is_large = roles.is_pattern && !roles.is_restored && !roles.is_fin;
            let radius = if is_large { 0.35 } else { 0.23 };
            writeln!(
                out,
                r#"<circle cx="{}" cy="{}" r="{}" fill="{}"/>"#,
                N(cx),
                N(cy),
                N(radius * side),
                roles.colour(c)
            )?;
        }
        Ok(())
    }
}
