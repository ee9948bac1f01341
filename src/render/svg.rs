//! The pieces every layer writes SVG with: short numbers, text made safe for XML, rectangles
//! in user units, the baseline that centres a digit, and a ring.

use std::fmt::{self, Write as _};

/// A number written with at most two decimals and no trailing zeros, to keep the file small.
pub(super) struct N(pub(super) f64);

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
pub(super) struct Escaped<'a>(pub(super) &'a str);

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
pub(super) struct Rect {
    pub(super) x: f64,
    pub(super) y: f64,
    pub(super) width: f64,
    pub(super) height: f64,
}

impl Rect {
    /// The rectangle shrunk by `by` on every side.
    pub(super) fn inset(self, by: f64) -> Rect {
        Rect {
            x: self.x + by,
            y: self.y + by,
            width: self.width - 2.0 * by,
            height: self.height - 2.0 * by,
        }
    }

    pub(super) fn centre(self) -> (f64, f64) {
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
pub(super) fn baseline(y: f64, font_size: f64) -> f64 {
    y + 0.36 * font_size
}

/// A ring drawn around a cell or a candidate: the outline of `rect` with slightly rounded
/// corners, then `more` attributes (dashes), each written with its leading space.
pub(super) fn write_ring(
    out: &mut String,
    rect: Rect,
    stroke: &str,
    stroke_width: &str,
    more: &str,
) -> fmt::Result {
    writeln!(
        out,
        r#"<rect {rect} rx="2" fill="none" stroke="{stroke}" stroke-width="{stroke_width}"{more}/>"#
    )
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
}
