//! A constraint puzzle's rules in its SVG picture, read back with a real XML parser: each
//! cage's dashed outline closed and inside its cells, its sum at its first cell; the bulb and
//! line of a thermometer; an arrow's ring and head; dots and X/V on the edge between their
//! cells; extra diagonals; the rules without a mark named in the description.

#[allow(dead_code)]
mod svg;

use stepdoku::constraint::{Arrow, Cage, Constraints, Diagonal, PairRule, Relation, Thermometer};
use stepdoku::render::{Picture, Theme};
use stepdoku::{Cell, Grid, Shape};
use svg::{all_with, parse};

/// The width of a cell in the picture's units (`render::CELL`).
const CELL: f64 = 48.0;

fn cell(row: usize, col: usize) -> Cell {
    Shape::from_size(9).unwrap().cell(row, col)
}

/// Rules of every kind on an empty 9×9: an L-shaped cage with a sum (its corner makes an
/// inner turn), a 2×2 cage without one, a thermometer, an arrow, four pair marks, both
/// diagonals and the anti-knight rule.
fn rules() -> Constraints {
    Constraints {
        cages: vec![
            Cage {
                cells: vec![cell(0, 0), cell(0, 1), cell(1, 0)],
                sum: Some(17),
            },
            Cage {
                cells: vec![cell(4, 4), cell(4, 5), cell(5, 4), cell(5, 5)],
                sum: None,
            },
        ],
        diagonals: vec![Diagonal::Falling, Diagonal::Rising],
        thermometers: vec![Thermometer {
            cells: vec![cell(8, 0), cell(7, 0), cell(7, 1), cell(6, 2)],
        }],
        arrows: vec![Arrow {
            circle: cell(2, 6),
            line: vec![cell(2, 7), cell(3, 8)],
        }],
        pairs: vec![
            PairRule {
                a: cell(0, 7),
                b: cell(0, 8),
                relation: Relation::Difference(1),
            },
            PairRule {
                a: cell(1, 7),
                b: cell(1, 8),
                relation: Relation::Ratio(2),
            },
            PairRule {
                a: cell(8, 7),
                b: cell(8, 8),
                relation: Relation::Sum(10),
            },
            PairRule {
                a: cell(7, 8),
                b: cell(8, 8),
                relation: Relation::Sum(5),
            },
        ],
        is_antiknight: true,
        is_antiking: false,
        is_nonconsecutive: false,
    }
}

fn picture_svg(theme: Theme) -> String {
    let grid = Grid::parse(&".".repeat(81)).unwrap();
    Picture::of_puzzle(&grid)
        .with_constraints(&rules())
        .to_svg(theme)
}

/// The grid's top-left corner: the frame's rectangle.
fn origin(doc: &roxmltree::Document) -> (f64, f64) {
    let frame = all_with(doc, "data-layer", "frame")[0];
    let at = |name| frame.attribute(name).unwrap().parse::<f64>().unwrap();
    (at("x"), at("y"))
}

/// The segments of a path made of `M x y H x` and `M x y V y` moves.
fn segments(d: &str) -> Vec<((f64, f64), (f64, f64))> {
    let mut out = Vec::new();
    for part in d.split('M').filter(|p| !p.is_empty()) {
        let (start, rest) = part.split_at(part.find(['H', 'V']).expect("H or V"));
        let mut xy = start.split(' ').map(|v| v.parse::<f64>().unwrap());
        let (x, y) = (xy.next().unwrap(), xy.next().unwrap());
        let to: f64 = rest[1..].parse().unwrap();
        out.push(if rest.starts_with('H') {
            ((x, y), (to, y))
        } else {
            ((x, y), (x, to))
        });
    }
    out
}

#[test]
fn a_cage_is_a_closed_dashed_outline_inside_its_cells_with_its_sum() {
    let svg = picture_svg(Theme::Light);
    let doc = parse(&svg);
    let (gx, gy) = origin(&doc);
    let cages = all_with(&doc, "data-rule", "cage");
    assert_eq!(cages.len(), 2);
    for (group, cage) in cages.iter().zip(&rules().cages) {
        let path = group.children().find(|n| n.has_tag_name("path")).unwrap();
        assert!(path.attribute("stroke-dasharray").is_some());
        let segs = segments(path.attribute("d").unwrap());
        // Closed: every end meets exactly one other segment's end.
        let ends: Vec<(f64, f64)> = segs.iter().flat_map(|&(a, b)| [a, b]).collect();
        for end in &ends {
            let n = ends
                .iter()
                .filter(|e| (e.0 - end.0).abs() < 1e-6 && (e.1 - end.1).abs() < 1e-6)
                .count();
            assert_eq!(n, 2, "{end:?} in {:?}", path.attribute("d"));
        }
        // Inside: every end lies in a cell of the cage, at least the inset from any other.
        let shape = Shape::from_size(9).unwrap();
        for &(x, y) in &ends {
            let (col, row) = (((x - gx) / CELL) as usize, ((y - gy) / CELL) as usize);
            assert!(cage.cells.contains(&shape.cell(row, col)), "({x}, {y})");
            for other in shape.cells().filter(|c| !cage.cells.contains(c)) {
                let (left, top) = (
                    gx + shape.col_of(other) as f64 * CELL,
                    gy + shape.row_of(other) as f64 * CELL,
                );
                let dx = (left - x).max(x - left - CELL).max(0.0);
                let dy = (top - y).max(y - top - CELL).max(0.0);
                assert!(
                    dx.hypot(dy) >= 0.08 * CELL - 1e-6,
                    "({x}, {y}) near {other:?}"
                );
            }
        }
    }
    // The L-shaped cage's sum, at the top left of r1c1; the 2×2 cage has none.
    let sum = cages[0]
        .descendants()
        .find(|n| n.has_tag_name("text"))
        .unwrap();
    assert_eq!(sum.text(), Some("17"));
    let x: f64 = sum.attribute("x").unwrap().parse().unwrap();
    assert!(x > gx && x < gx + CELL / 4.0);
    assert!(cages[1].descendants().all(|n| !n.has_tag_name("text")));
    // An L of three cells has six sides; the 2×2 square four (two segments each).
    assert_eq!(
        segments(
            cages[0]
                .first_element_child()
                .unwrap()
                .attribute("d")
                .unwrap()
        )
        .len(),
        8
    );
    assert_eq!(
        segments(
            cages[1]
                .first_element_child()
                .unwrap()
                .attribute("d")
                .unwrap()
        )
        .len(),
        8
    );
}

#[test]
fn lines_rings_dots_and_marks_sit_where_their_cells_are() {
    let svg = picture_svg(Theme::Dark);
    let doc = parse(&svg);
    let (gx, gy) = origin(&doc);
    let centre = |row: usize, col: usize| {
        (
            gx + (col as f64 + 0.5) * CELL,
            gy + (row as f64 + 0.5) * CELL,
        )
    };
    let circle_at = |node: roxmltree::Node| {
        let c = node
            .descendants()
            .find(|n| n.has_tag_name("circle"))
            .unwrap();
        let at = |name| c.attribute(name).unwrap().parse::<f64>().unwrap();
        (at("cx"), at("cy"))
    };
    let thermo = all_with(&doc, "data-rule", "thermometer");
    assert_eq!(thermo.len(), 1);
    assert_eq!(circle_at(thermo[0]), centre(8, 0), "the bulb");
    let arrow = all_with(&doc, "data-rule", "arrow");
    assert_eq!(circle_at(arrow[0]), centre(2, 6), "the ring");
    let head = arrow[0]
        .descendants()
        .find(|n| n.has_tag_name("path"))
        .unwrap();
    let (tip_x, tip_y) = centre(3, 8);
    assert!(head
        .attribute("d")
        .unwrap()
        .contains(&format!("M{tip_x} {tip_y}L")));
    let (ax, ay) = centre(0, 7);
    assert_eq!(
        circle_at(all_with(&doc, "data-rule", "white")[0]),
        (ax + CELL / 2.0, ay)
    );
    assert_eq!(all_with(&doc, "data-rule", "black").len(), 1);
    let marks: Vec<&str> = ["x", "v"]
        .iter()
        .map(|kind| {
            all_with(&doc, "data-rule", kind)[0]
                .descendants()
                .find(|n| n.has_tag_name("text"))
                .unwrap()
                .text()
                .unwrap()
        })
        .collect();
    assert_eq!(marks, ["X", "V"]);
    assert_eq!(all_with(&doc, "data-rule", "diagonal").len(), 2);
    let desc = doc
        .descendants()
        .find(|n| n.has_tag_name("desc"))
        .unwrap()
        .text()
        .unwrap();
    assert!(desc.ends_with("; rules: anti-knight"), "{desc}");
}

#[test]
fn a_puzzle_without_rules_draws_no_rule_layer() {
    let grid = Grid::parse(&".".repeat(81)).unwrap();
    let svg = Picture::of_puzzle(&grid)
        .with_constraints(&Constraints::default())
        .to_svg(Theme::Light);
    assert!(!svg.contains("data-layer=\"constraints\""));
    assert_eq!(svg, Picture::of_puzzle(&grid).to_svg(Theme::Light));
}
