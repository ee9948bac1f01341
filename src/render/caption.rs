//! The caption under the grid: its heading (a step's number, kind and ER or depth) and
//! sentence, wrapped to the image's width, and the layer that writes them.

use super::painter::Painter;
use super::svg::{Escaped, N};
use super::MARGIN;
use crate::trace::{Step, StepKind};
use std::fmt::{self, Write as _};

/// The narrowest a captioned image gets, so a 4×4 grid's caption is not a column of words.
const MIN_CAPTION_WIDTH: f64 = 400.0;

/// The heading and sentence under the grid.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Caption {
    pub(super) heading: String,
    pub(super) text: String,
}

/// The first line of a step's caption, as the page's status card heads a step: its number,
/// then the technique for a deduction or the kind otherwise, then its own ER or its depth.
pub(super) fn step_heading(step: &Step, position: usize) -> String {
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

/// A caption laid out under a grid: the width it needs, its font size and its lines.
pub(super) struct CaptionLayout {
    /// The width of the image inside its margins: the grid's side, or wider for a caption.
    pub(super) width: f64,
    pub(super) font_size: f64,
    /// The caption's lines: the heading's first, in bold.
    pub(super) lines: Vec<String>,
    pub(super) n_heading_lines: usize,
}

impl CaptionLayout {
    /// Lays out the caption, if any, under a grid `side` units wide.
    pub(super) fn new(caption: Option<&Caption>, side: f64) -> CaptionLayout {
        let font_size = (side / 30.0).max(14.0);
        let Some(caption) = caption else {
            return CaptionLayout {
                width: side,
                font_size,
                lines: Vec::new(),
                n_heading_lines: 0,
            };
        };
        let width = side.max(MIN_CAPTION_WIDTH);
        // An average character of the sans-serif fonts is about half an em wide.
        let max_chars = (width / (font_size * 0.55)) as usize;
        let mut lines = wrap(&caption.heading, max_chars);
        let n_heading_lines = lines.len();
        lines.extend(wrap(&caption.text, max_chars));
        CaptionLayout {
            width,
            font_size,
            lines,
            n_heading_lines,
        }
    }

    /// The height the caption takes under the grid.
    pub(super) fn height(&self) -> f64 {
        if self.lines.is_empty() {
            0.0
        } else {
            0.6 * self.font_size + self.lines.len() as f64 * 1.35 * self.font_size
        }
    }
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

impl Painter<'_> {
    /// The caption: the heading's lines in bold, then the sentence's.
    pub(super) fn paint_caption(&self, out: &mut String) -> fmt::Result {
        let caption = &self.caption;
        if caption.lines.is_empty() {
            return Ok(());
        }
        let c = self.colours;
        let size = caption.font_size;
        writeln!(
            out,
            r#"<g data-layer="caption" font-size="{}" fill="{}">"#,
            N(size),
            c.text
        )?;
        let mut y = self.grid.y + self.grid.height + 0.6 * size + size;
        for (k, line) in caption.lines.iter().enumerate() {
            let weight = if k < caption.n_heading_lines {
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
    fn wrapping_keeps_every_word_within_the_width() {
        let text = "Grouped AIC: 2r7c4 = 2r7c2 − 4r7c2 = 4r8c1 − 7r8c1 = 7r8c9";
        let lines = wrap(text, 20);
        assert!(lines.iter().all(|l| l.chars().count() <= 20), "{lines:?}");
        assert_eq!(lines.join(" "), text);
        assert_eq!(wrap("abcdefghijkl", 8), ["abcdefgh", "ijkl"]);
    }
}
