//! The chain's layer: its links as arrows between the centres of their nodes, strong solid
//! and weak dashed, and the one arrow head they share.

use super::painter::Painter;
use super::svg::{Escaped, N};
use super::walk::LinkRole;
use super::CELL;
use crate::trace::{Candidate, LinkKind};
use std::fmt::{self, Write as _};

impl Painter<'_> {
    /// The id of the arrow head, the image's only id: named for the theme, so images shown
    /// inline on one page share a definition only where it is the same.
    fn arrow_id(&self) -> String {
        format!("stepdoku-arrow-{}", self.theme.name())
    }

    /// The definition of the arrow head every link ends in.
    pub(super) fn paint_arrow_head(&self, out: &mut String) -> fmt::Result {
        writeln!(
            out,
            r#"<defs><marker id="{arrow}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0L10 5L0 10z" fill="{link}"/></marker></defs>"#,
            arrow = self.arrow_id(),
            link = self.colours.link,
        )
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
    pub(super) fn paint_links(&self, out: &mut String) -> fmt::Result {
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
        let shape = self.shape();
        let names = |node: &[Candidate]| -> String {
            node.iter()
                .map(|c| c.name(shape))
                .collect::<Vec<_>>()
                .join(" ")
        };
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
}
