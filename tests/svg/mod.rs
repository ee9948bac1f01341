//! Reading an SVG image of a grid back with a real XML parser: its frame, where each digit
//! lands, the roles of its parts. Shared by the library's image tests and the command line's
//! (`cli/tests/render.rs`).

use roxmltree::{Document, Node};
use stepdoku::{Cell, Digit, Shape};

/// Parses an image, failing the test when it is not well-formed XML or not an SVG.
pub fn parse(svg: &str) -> Document<'_> {
    let doc = Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    doc
}

/// The number an attribute holds.
pub fn number(node: Node, attribute: &str) -> f64 {
    node.attribute(attribute)
        .unwrap_or_else(|| panic!("{node:?} has no {attribute}"))
        .parse()
        .unwrap_or_else(|e| panic!("{attribute} of {node:?}: {e}"))
}

/// The roles a node plays in a step (`data-roles`).
pub fn roles<'a>(node: Node<'a, '_>) -> Vec<&'a str> {
    node.attribute("data-roles")
        .unwrap_or("")
        .split_whitespace()
        .collect()
}

/// The elements with an attribute of this value, anywhere in the image.
pub fn all_with<'a, 'input>(
    doc: &'a Document<'input>,
    attribute: &str,
    value: &str,
) -> Vec<Node<'a, 'input>> {
    doc.descendants()
        .filter(|n| n.attribute(attribute) == Some(value))
        .collect()
}

/// The group that draws a cell's digit or candidates, if the cell shows anything.
pub fn cell_group<'a, 'input>(doc: &'a Document<'input>, cell: Cell) -> Option<Node<'a, 'input>> {
    doc.descendants().find(|n| {
        n.has_tag_name("g") && n.attribute("data-cell") == Some(&cell.index().to_string())
    })
}

/// The text of a cell's digit, and its position.
pub fn digit_text(doc: &Document, cell: Cell) -> Option<(String, f64, f64)> {
    let group = cell_group(doc, cell)?;
    let text = group
        .children()
        .find(|n| n.has_tag_name("text") && n.attribute("data-digit").is_some())?;
    Some((
        text.text().unwrap_or("").to_string(),
        number(text, "x"),
        number(text, "y"),
    ))
}

/// Where the grid lies: its frame's corner and the side of a cell.
pub struct Frame {
    pub x: f64,
    pub y: f64,
    /// The side of a cell.
    pub cell: f64,
}

impl Frame {
    /// The frame of an image of a grid of this shape.
    pub fn of(doc: &Document, shape: Shape) -> Frame {
        let frame = all_with(doc, "data-layer", "frame")[0];
        let width = number(frame, "width");
        assert!(
            (width - number(frame, "height")).abs() < 1e-6,
            "a square grid"
        );
        Frame {
            x: number(frame, "x"),
            y: number(frame, "y"),
            cell: width / shape.size() as f64,
        }
    }

    /// Whether a point lies inside a cell's square.
    pub fn holds(&self, shape: Shape, cell: Cell, x: f64, y: f64) -> bool {
        let left = self.x + shape.col_of(cell) as f64 * self.cell;
        let top = self.y + shape.row_of(cell) as f64 * self.cell;
        x > left && x < left + self.cell && y > top && y < top + self.cell
    }
}

/// How a digit is written on a grid of this shape.
pub fn symbol(shape: Shape, digit: Digit) -> String {
    shape.show(digit).to_string()
}
