//! A forcing chain walked implication by implication, as the page walks it: the picture of a
//! step drawn up to one of its implications.

use super::caption::step_heading;
use super::painter::Painter;
use super::picture::Picture;
use super::svg::N;
use super::CELL;
use crate::trace::{Candidate, Change, Rule};
use std::fmt::{self, Write as _};

/// The step drawn has no implication of the number asked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NoSuchImplication {
    /// The implications of the step's chain, premises included (implications 1 to this
    /// exist): 0 when the step has no chain, or the picture no step.
    pub n_implications: usize,
}

/// How an arrow of the step's chain is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum LinkRole {
    /// As part of the whole chain: the picture is not walked.
    Whole,
    /// Emphasised: it leads to the implication walked to.
    Current,
    /// Faded: it leads to an implication before.
    Earlier,
}

impl Picture {
    /// This picture of a step with its forcing chain walked to implication `k`, numbered
    /// from 1 over the step's `implications`, premises included, as the page counts them
    /// ("Implication k of n"); inner chains are not walked. Only the arrows of implications 1
    /// to `k` are drawn: those that lead to implication `k` emphasised (`data-walk="current"`),
    /// the earlier ones faded (`data-walk="earlier"`). What implication `k` makes true is
    /// ringed and what it makes false struck, in the links' colour, and a dead end it names is
    /// outlined (`data-layer="walk"`). The title and the caption give its number and sentence.
    ///
    /// [`NoSuchImplication`] when `k` is 0 or past the chain's end, or the step has no chain.
    pub fn walked_to(mut self, k: usize) -> Result<Picture, NoSuchImplication> {
        let Some(step) = &self.step else {
            return Err(NoSuchImplication { n_implications: 0 });
        };
        let n = step.implications.len();
        if k == 0 || k > n {
            return Err(NoSuchImplication { n_implications: n });
        }
        let implication = &step.implications[k - 1];
        let at = format!("implication {k} of {n}");
        self.title = format!("Step {}, {at}: {}", self.position, implication.text);
        self.description = format!("{}, walked to {at}", self.description);
        if let Some(caption) = &mut self.caption {
            caption.heading = format!(
                "{} · Implication {k} of {n}",
                step_heading(step, self.position)
            );
            caption.text.clone_from(&implication.text);
        }
        self.walk = Some(k - 1);
        Ok(self)
    }

    /// How the step's link `index` is drawn; `None` when it is not (it leads to an
    /// implication after the one walked to).
    pub(super) fn link_role(&self, index: usize) -> Option<LinkRole> {
        let Some(k) = self.walk else {
            return Some(LinkRole::Whole);
        };
        let implications = &self.step.as_ref()?.implications;
        if implications[k].links.contains(&index) {
            Some(LinkRole::Current)
        } else if implications[..k].iter().any(|i| i.links.contains(&index)) {
            Some(LinkRole::Earlier)
        } else {
            None
        }
    }
}

impl Painter<'_> {
    /// What the implication walked to says: a ring around the candidate it makes true, a
    /// stroke across each it makes false, and the outline of the cell or house of its dead
    /// end.
    pub(super) fn paint_walk(&self, out: &mut String) -> fmt::Result {
        let (Some(k), Some(step)) = (self.picture.walk, &self.picture.step) else {
            return Ok(());
        };
        let implication = &step.implications[k];
        let c = self.colours;
        let shape = self.shape();
        writeln!(
            out,
            r#"<g data-layer="walk" fill="none" stroke="{}" stroke-linecap="round">"#,
            c.link
        )?;
        for &change in &implication.changes {
            let (Change::Place { cell, digit } | Change::Eliminate { cell, digit }) = change else {
                continue;
            };
            let candidate = Candidate::new(cell, digit);
            let slot = self.slot_rect(candidate);
            let (cx, cy) = slot.centre();
            let radius = slot.width.min(slot.height) / 2.0 - 0.4;
            if let Change::Place { .. } = change {
                writeln!(
                    out,
                    r#"<circle data-walk="true" data-name="{}" cx="{}" cy="{}" r="{}" stroke-width="{}"/>"#,
                    candidate.name(shape),
                    N(cx),
                    N(cy),
                    N(radius),
                    N(0.035 * CELL),
                )?;
            } else {
                writeln!(
                    out,
                    r#"<path data-walk="false" data-name="{}" d="M{} {}L{} {}" stroke-width="{}"/>"#,
                    candidate.name(shape),
                    N(cx - radius),
                    N(cy + radius),
                    N(cx + radius),
                    N(cy - radius),
                    N(0.035 * CELL),
                )?;
            }
        }
        let dead_rects = match implication.rule {
            Rule::NoCandidate { cell } => vec![self.cell_rect(cell)],
            Rule::NoPlace { house, .. } => self.house_rects(house),
            _ => Vec::new(),
        };
        for rect in dead_rects {
            writeln!(
                out,
                r#"<rect data-walk="dead" {} rx="3" stroke="{}" stroke-width="2.5"/>"#,
                rect.inset(3.5),
                c.fault
            )?;
        }
        writeln!(out, "</g>")
    }
}
