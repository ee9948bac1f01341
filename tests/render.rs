//! SVG pictures of puzzles, solutions and steps, read back with a real XML parser: where each
//! digit and candidate lands, which roles a step marks, the themes. Every puzzle is written
//! here or made from the core, so nothing needs `../shared`. `stepdoku render` as a user runs
//! it is tested with the command-line tool, in `cli/tests/render.rs`.

mod common;
mod svg;

use roxmltree::{Document, Node};
use std::path::PathBuf;
use stepdoku::render::{NoSuchImplication, Palette, Picture, Theme};
use stepdoku::trace::{Change, LinkKind, Rule};
use stepdoku::{search, stepper, Board, Cell, Digit, Grid, Shape, Step, StepKind, Strategy};
use svg::{all_with, cell_group, digit_text, number, parse, roles, symbol, Frame};

/// A puzzle with a unique solution (the seed example).
const PUZZLE: &str =
    "850002400720000009004000000000107002305000900040000000000080070017000000000036040";

/// A puzzle whose Human trace needs chains, fins and grouped links (the second seed).
const CHAINS: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// A puzzle whose Human trace takes Nishio forcing chains (line 1 of magictour_top1465, the
/// first of `tests/data/forcing.txt`).
const FORCING: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

// ─── Reading an image back ──────────────────────────────────────────────────────────────

/// The digits of a cell's candidate marks that carry a role ("on", "elim", "pattern", …).
fn candidates_with_role(doc: &Document, cell: Cell, role: &str) -> Vec<u8> {
    let Some(group) = cell_group(doc, cell) else {
        return Vec::new();
    };
    group
        .children()
        .filter(|n| roles(*n).contains(&role))
        .map(|n| number(n, "data-candidate") as u8)
        .collect()
}

// ─── Puzzles to draw ────────────────────────────────────────────────────────────────────

/// The Human trace of a puzzle, each step with the board after it, as the core replays it.
fn trace_with_boards(puzzle: &Grid, strategy: Strategy) -> Vec<(Step, Board)> {
    let mut solver = stepper(puzzle, strategy);
    let mut steps = Vec::new();
    while let Some(step) = solver.next_step() {
        steps.push((step, solver.board().clone()));
        assert!(steps.len() < 100_000, "the trace ends");
    }
    steps
}

// ─── The library ────────────────────────────────────────────────────────────────────────

#[test]
fn an_image_is_svg_with_a_viewbox_a_title_and_a_label() {
    let puzzle = Grid::parse(PUZZLE).unwrap();
    let svg = Picture::of_puzzle(&puzzle).to_svg(Theme::Light);
    let doc = parse(&svg);
    let root = doc.root_element();
    let view_box: Vec<f64> = root
        .attribute("viewBox")
        .expect("a viewBox")
        .split_whitespace()
        .map(|v| v.parse().expect("a number"))
        .collect();
    assert_eq!(view_box.len(), 4);
    assert_eq!(&view_box[..2], [0.0, 0.0]);
    assert_eq!(view_box[2], number(root, "width"));
    assert_eq!(view_box[3], number(root, "height"));
    assert_eq!(root.attribute("role"), Some("img"));
    let title = root
        .children()
        .find(|n| n.is_element())
        .expect("a first element");
    assert!(title.has_tag_name("title"), "the title comes first");
    let title = title.text().expect("a title text");
    assert!(title.contains("Sudoku puzzle"), "{title}");
    assert_eq!(root.attribute("aria-label"), Some(title));
    // Self-contained: nothing is fetched, no stylesheet or script rides along.
    for node in doc.descendants() {
        assert!(
            !matches!(
                node.tag_name().name(),
                "image" | "script" | "foreignObject" | "style"
            ),
            "{node:?}"
        );
        for attribute in node.attributes() {
            assert!(!attribute.value().contains("http"), "{attribute:?}");
        }
    }
}

#[test]
fn givens_are_drawn_in_their_cells_on_every_size() {
    for shape in Shape::ALL {
        let (puzzle, _) = common::puzzle_of(shape);
        let svg = Picture::of_puzzle(&puzzle).to_svg(Theme::Light);
        let doc = parse(&svg);
        assert_eq!(
            doc.root_element().attribute("data-size"),
            Some(shape.size().to_string().as_str())
        );
        let frame = Frame::of(&doc, shape);
        for cell in shape.cells() {
            match puzzle.get(cell) {
                Some(digit) => {
                    let (text, x, y) = digit_text(&doc, cell).unwrap_or_else(|| {
                        panic!("{}: no digit on {}", shape.name(), cell.name(shape))
                    });
                    assert_eq!(text, symbol(shape, digit), "{}", cell.name(shape));
                    assert!(
                        frame.holds(shape, cell, x, y),
                        "{} {}: the digit at ({x}, {y}) lies outside its cell",
                        shape.name(),
                        cell.name(shape)
                    );
                    let group = cell_group(&doc, cell).unwrap();
                    assert_eq!(group.attribute("data-origin"), Some("given"));
                }
                None => assert!(
                    digit_text(&doc, cell).is_none(),
                    "{} {} is empty",
                    shape.name(),
                    cell.name(shape)
                ),
            }
        }
        // Without --candidates a plain puzzle shows no candidate.
        assert!(doc
            .descendants()
            .all(|n| n.attribute("data-candidate").is_none()));
    }
}

#[test]
fn letters_stand_for_digits_above_nine() {
    let (_, solution) = common::puzzle_of(Shape::SIXTEEN);
    let svg = Picture::of_solution(&Grid::empty(Shape::SIXTEEN), &solution).to_svg(Theme::Dark);
    let doc = parse(&svg);
    let mut letters = Vec::new();
    for cell in Shape::SIXTEEN.cells() {
        let digit = solution.get(cell).unwrap();
        let (text, _, _) = digit_text(&doc, cell).unwrap();
        if digit.get() > 9 {
            assert!(text.chars().all(|c| c.is_ascii_uppercase()), "{text}");
            letters.push(text);
        }
    }
    letters.sort();
    letters.dedup();
    assert_eq!(letters, ["A", "B", "C", "D", "E", "F", "G"]);
}

#[test]
fn a_solution_shows_every_digit_givens_apart() {
    let puzzle = Grid::parse(PUZZLE).unwrap();
    let solution = search::solve(&puzzle, search::Budget::DEFAULT)
        .unwrap()
        .unwrap();
    let svg = Picture::of_solution(&puzzle, &solution).to_svg(Theme::Light);
    let doc = parse(&svg);
    let shape = puzzle.shape();
    let frame = Frame::of(&doc, shape);
    for cell in shape.cells() {
        let (text, x, y) = digit_text(&doc, cell).expect("every cell has its digit");
        assert_eq!(text, symbol(shape, solution.get(cell).unwrap()));
        assert!(frame.holds(shape, cell, x, y));
        let origin = cell_group(&doc, cell).unwrap().attribute("data-origin");
        let expected = if puzzle.get(cell).is_some() {
            "given"
        } else {
            "solution"
        };
        assert_eq!(origin, Some(expected), "{}", cell.name(shape));
    }
}

#[test]
fn position_zero_is_the_puzzle_with_the_candidates_every_trace_starts_from() {
    let puzzle = Grid::parse(PUZZLE).unwrap();
    let board = Board::new(&puzzle);
    let picture = Picture::at_position(&puzzle, Strategy::Human, 0).unwrap();
    assert!(picture.step().is_none());
    let svg = picture.to_svg(Theme::Light);
    let doc = parse(&svg);
    for cell in puzzle.shape().cells() {
        let shown = candidates_with_role(&doc, cell, "on");
        let expected: Vec<u8> = board.candidates(cell).iter().map(Digit::get).collect();
        assert_eq!(shown, expected, "{}", cell.name(puzzle.shape()));
    }
}

#[test]
fn a_step_marks_its_cells_houses_and_changes_on_the_board_after_it() {
    let puzzle = Grid::parse(CHAINS).unwrap();
    let shape = puzzle.shape();
    let trace = trace_with_boards(&puzzle, Strategy::Human);
    let mut n_checked = 0;
    for (idx, (step, board)) in trace.iter().enumerate() {
        let has_eliminations = step.eliminations().next().is_some();
        if step.kind != StepKind::Deduction || !has_eliminations || idx % 7 != 0 {
            continue;
        }
        let position = idx + 1;
        let picture = Picture::at_position(&puzzle, Strategy::Human, position).unwrap();
        assert_eq!(picture.step(), Some(step));
        let svg = picture.to_svg(Theme::Light);
        let doc = parse(&svg);
        let title = doc.root_element().attribute("aria-label").unwrap();
        assert_eq!(title, format!("Step {position}: {}", step.text));
        for &cell in &step.cells {
            let group = cell_group(&doc, cell).expect("a step's cell is drawn");
            assert!(roles(group).contains(&"step"), "{}", cell.name(shape));
        }
        let n_outlined = doc
            .descendants()
            .filter(|n| n.attribute("data-house").is_some())
            .count();
        assert_eq!(n_outlined, step.houses.len());
        for house in &step.houses {
            assert_eq!(all_with(&doc, "data-house", &house.to_string()).len(), 1);
        }
        for cell in shape.cells() {
            let mut eliminated: Vec<u8> = step
                .eliminations()
                .filter(|c| c.cell == cell)
                .map(|c| c.digit.get())
                .collect();
            eliminated.sort();
            match board.value(cell) {
                Some(digit) => {
                    assert_eq!(digit_text(&doc, cell).unwrap().0, symbol(shape, digit));
                }
                None => {
                    assert_eq!(
                        candidates_with_role(&doc, cell, "elim"),
                        eliminated,
                        "{} at step {position}",
                        cell.name(shape)
                    );
                    let on: Vec<u8> = board.candidates(cell).iter().map(Digit::get).collect();
                    assert_eq!(candidates_with_role(&doc, cell, "on"), on);
                }
            }
        }
        for candidate in &step.pattern {
            if board.value(candidate.cell).is_none() {
                let marked = candidates_with_role(&doc, candidate.cell, "pattern");
                assert!(marked.contains(&candidate.digit.get()));
            }
        }
        n_checked += 1;
    }
    assert!(n_checked >= 3, "only {n_checked} steps checked");
}

#[test]
fn a_single_is_drawn_with_its_proof_on_every_size() {
    // The first steps of Human traces: hidden singles whose witnesses are marked and whose
    // covered cells are shaded, and naked singles whose witnesses are marked.
    let mut n_hidden = 0;
    let mut n_naked = 0;
    let puzzles = [Grid::parse(PUZZLE).unwrap(), Grid::parse(CHAINS).unwrap()]
        .into_iter()
        .chain([Shape::FOUR, Shape::SIX, Shape::SIXTEEN].map(|s| common::puzzle_of(s).0));
    for puzzle in puzzles {
        let shape = puzzle.shape();
        let trace = trace_with_boards(&puzzle, Strategy::Human);
        for (idx, (step, _)) in trace.iter().enumerate().take(40) {
            if step.proof.is_empty() {
                continue;
            }
            let position = idx + 1;
            let svg = Picture::at_position(&puzzle, Strategy::Human, position)
                .unwrap()
                .to_svg(Theme::Dark);
            let doc = parse(&svg);
            let mut covered: Vec<Cell> = Vec::new();
            for witness in &step.proof {
                let group = cell_group(&doc, witness.cell).expect("a witness is drawn");
                assert!(roles(group).contains(&"witness"), "step {position}");
                assert!(group
                    .children()
                    .any(|n| n.attribute("data-mark") == Some("witness")));
                assert_eq!(
                    digit_text(&doc, witness.cell).unwrap().0,
                    symbol(shape, witness.digit),
                    "a witness shows the digit it holds"
                );
                covered.extend(witness.covers.iter().filter(|c| !step.cells.contains(c)));
            }
            let mut shaded: Vec<usize> = all_with(&doc, "data-roles", "covered")
                .iter()
                .filter(|n| n.has_tag_name("rect"))
                .map(|n| number(*n, "data-cell") as usize)
                .collect();
            shaded.sort_unstable();
            let mut expected: Vec<usize> = covered.iter().map(|c| c.index()).collect();
            expected.sort_unstable();
            assert_eq!(shaded, expected, "step {position}: {}", step.text);
            for cell in &covered {
                let group = cell_group(&doc, *cell).expect("a covered cell is drawn");
                assert!(roles(group).contains(&"covered"));
            }
            let n_witness_marks = doc
                .descendants()
                .filter(|n| n.attribute("data-mark") == Some("witness"))
                .count();
            assert_eq!(n_witness_marks, step.proof.len(), "one mark per witness");
            if step.technique == stepdoku::Technique::NakedSingle {
                n_naked += 1;
                assert!(
                    covered.is_empty(),
                    "a naked single covers its own cell only"
                );
            } else {
                n_hidden += 1;
            }
        }
    }
    assert!(
        n_hidden >= 10 && n_naked >= 1,
        "{n_hidden} hidden, {n_naked} naked"
    );
}

#[test]
fn fins_and_chain_links_are_drawn() {
    let puzzle = Grid::parse(CHAINS).unwrap();
    let shape = puzzle.shape();
    let trace = trace_with_boards(&puzzle, Strategy::Human);
    let finned = trace
        .iter()
        .position(|(step, _)| !step.fins.is_empty())
        .expect("a finned fish in this trace");
    let doc_svg = Picture::at_position(&puzzle, Strategy::Human, finned + 1)
        .unwrap()
        .to_svg(Theme::Light);
    let doc = parse(&doc_svg);
    for fin in &trace[finned].0.fins {
        let marked = candidates_with_role(&doc, fin.cell, "fin");
        assert_eq!(marked, [fin.digit.get()], "{}", fin.name(shape));
    }

    let chained: Vec<usize> = trace
        .iter()
        .enumerate()
        .filter(|(_, (step, _))| !step.links.is_empty())
        .map(|(idx, _)| idx)
        .collect();
    assert!(!chained.is_empty(), "chains in this trace");
    for idx in chained {
        let step = &trace[idx].0;
        let svg = Picture::at_position(&puzzle, Strategy::Human, idx + 1)
            .unwrap()
            .to_svg(Theme::Light);
        let doc = parse(&svg);
        let frame = Frame::of(&doc, shape);
        let side = frame.cell * shape.size() as f64;
        let lines: Vec<Node> = doc
            .descendants()
            .filter(|n| n.has_tag_name("line") && n.attribute("data-link").is_some())
            .collect();
        assert_eq!(lines.len(), step.links.len(), "{}", step.text);
        for (line, link) in lines.iter().zip(&step.links) {
            let expected = match link.kind {
                LinkKind::Strong => "strong",
                LinkKind::Weak => "weak",
            };
            assert_eq!(line.attribute("data-link"), Some(expected));
            assert_eq!(
                line.attribute("stroke-dasharray").is_some(),
                link.kind == LinkKind::Weak,
                "weak links are dashed, strong ones solid"
            );
            assert!(line.attribute("marker-end").is_some(), "an arrow");
            let from = link.from[0];
            assert!(line
                .attribute("data-from")
                .unwrap()
                .contains(&from.name(shape)));
            for (x, y) in [("x1", "y1"), ("x2", "y2")] {
                let (x, y) = (number(*line, x), number(*line, y));
                assert!(x > frame.x && x < frame.x + side && y > frame.y && y < frame.y + side);
            }
        }
    }
}

#[test]
fn guesses_show_their_depth_and_what_follows_them_is_tentative() {
    let puzzle = Grid::parse(CHAINS).unwrap();
    let trace = trace_with_boards(&puzzle, Strategy::Singles);
    let second_guess = trace
        .iter()
        .enumerate()
        .filter(|(_, (step, _))| step.kind == StepKind::Guess)
        .nth(1)
        .map(|(idx, _)| idx)
        .expect("the singles trace of this puzzle guesses twice");
    let tentative = trace[second_guess + 1..]
        .iter()
        .position(|(step, _)| step.kind == StepKind::Deduction && step.placements().count() == 1)
        .map(|k| second_guess + 1 + k)
        .expect("a placement under the guesses");
    let position = tentative + 1;
    let doc_svg = Picture::at_position(&puzzle, Strategy::Singles, position)
        .unwrap()
        .to_svg(Theme::Light);
    let doc = parse(&doc_svg);
    let guess = &trace[second_guess].0;
    let guessed = guess.placements().next().unwrap().cell;
    let group = cell_group(&doc, guessed).unwrap();
    assert_eq!(group.attribute("data-origin"), Some("guess"));
    assert_eq!(guess.depth, 2, "the second guess in force");
    assert_eq!(group.attribute("data-depth"), Some("2"));
    let depth_text = group
        .children()
        .find(|n| n.has_tag_name("text") && n.attribute("data-depth").is_some())
        .expect("the depth is written by the digit");
    assert_eq!(depth_text.text(), Some("2"));
    let placed = trace[tentative].0.placements().next().unwrap().cell;
    let group = cell_group(&doc, placed).unwrap();
    assert_eq!(group.attribute("data-origin"), Some("deduced"));
    assert_eq!(
        group.attribute("data-depth"),
        Some(trace[tentative].0.depth.to_string().as_str())
    );
}

#[test]
fn a_position_past_the_end_says_how_long_the_trace_is() {
    let puzzle = Grid::parse(PUZZLE).unwrap();
    let n_steps = trace_with_boards(&puzzle, Strategy::Human).len();
    assert!(Picture::at_position(&puzzle, Strategy::Human, n_steps).is_ok());
    for position in [n_steps + 1, n_steps + 1000] {
        let short = Picture::at_position(&puzzle, Strategy::Human, position).unwrap_err();
        assert_eq!(short.n_steps, n_steps);
    }
}

#[test]
fn the_dark_theme_has_its_own_colours() {
    let puzzle = Grid::parse(PUZZLE).unwrap();
    let light = Picture::of_puzzle(&puzzle).to_svg(Theme::Light);
    let dark = Picture::of_puzzle(&puzzle).to_svg(Theme::Dark);
    let fills = |svg: &str| -> (String, String) {
        let doc = parse(svg);
        let background = all_with(&doc, "data-layer", "background")[0]
            .attribute("fill")
            .unwrap()
            .to_string();
        let cell = doc
            .descendants()
            .find(|n| n.attribute("data-origin") == Some("given"))
            .unwrap();
        let digit = cell
            .children()
            .find(|n| n.has_tag_name("text"))
            .unwrap()
            .attribute("fill")
            .unwrap()
            .to_string();
        (background, digit)
    };
    let (light_background, light_given) = fills(&light);
    let (dark_background, dark_given) = fills(&dark);
    assert_eq!(light_background, Palette::LIGHT.surface);
    assert_eq!(dark_background, Palette::DARK.surface);
    assert_eq!(light_given, Palette::LIGHT.given);
    assert_eq!(dark_given, Palette::DARK.given);
    assert_ne!(light_background, dark_background);
    assert_ne!(light_given, dark_given);
}

/// The `light-dark(…, …)` values of a custom property in the page's stylesheet.
fn stylesheet_colours(css: &str, property: &str) -> (String, String) {
    let start = css
        .find(&format!("{property}: light-dark("))
        .unwrap_or_else(|| panic!("{property} is not in www/stepdoku.css"));
    let rest = &css[start + property.len() + ": light-dark(".len()..];
    let end = rest.find(");").expect("the value ends");
    // A comma separates the two colours, and `rgb(r g b / a)` holds none.
    let (light, dark) = rest[..end].split_once(", ").expect("two colours");
    (light.trim().to_string(), dark.trim().to_string())
}

#[test]
fn the_palettes_are_the_page_stylesheets_colours() {
    let css =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/stepdoku.css"))
            .expect("the page's stylesheet");
    let (l, d) = (&Palette::LIGHT, &Palette::DARK);
    let pairs = [
        ("--sd-surface", l.surface, d.surface),
        ("--sd-text", l.text, d.text),
        ("--sd-muted", l.muted, d.muted),
        ("--sd-line", l.line, d.line),
        ("--sd-line-strong", l.line_strong, d.line_strong),
        ("--sd-cell", l.cell, d.cell),
        ("--sd-extra", l.extra, d.extra),
        ("--sd-given", l.given, d.given),
        ("--sd-deduced", l.deduced, d.deduced),
        ("--sd-tentative", l.tentative, d.tentative),
        ("--sd-guess", l.guess, d.guess),
        ("--sd-candidate", l.candidate, d.candidate),
        ("--sd-step-bg", l.step_bg, d.step_bg),
        ("--sd-step-ring", l.step_ring, d.step_ring),
        ("--sd-house", l.house, d.house),
        ("--sd-elim", l.elim, d.elim),
        ("--sd-restored", l.restored, d.restored),
        ("--sd-pattern-bg", l.pattern_bg, d.pattern_bg),
        ("--sd-fin", l.fin, d.fin),
        ("--sd-dead-bg", l.dead_bg, d.dead_bg),
        ("--sd-fault", l.fault, d.fault),
        ("--sd-differ", l.differ, d.differ),
        ("--sd-link", l.link, d.link),
        ("--sd-witness", l.witness, d.witness),
        ("--sd-witness-bg", l.witness_bg, d.witness_bg),
        ("--sd-covered-bg", l.covered_bg, d.covered_bg),
    ];
    for (property, light, dark) in pairs {
        let (css_light, css_dark) = stylesheet_colours(&css, property);
        assert_eq!(
            (css_light.to_lowercase(), css_dark.to_lowercase()),
            (light.to_string(), dark.to_string()),
            "{property}"
        );
    }
    // The tint is written `rgb(r g b / opacity)` in the stylesheet.
    let (css_light, css_dark) = stylesheet_colours(&css, "--sd-house-tint");
    for (css, tint) in [(css_light, l.house_tint), (css_dark, d.house_tint)] {
        let inner = css
            .strip_prefix("rgb(")
            .and_then(|s| s.strip_suffix(')'))
            .unwrap_or_else(|| panic!("{css}"));
        let (rgb, alpha) = inner.split_once(" / ").unwrap();
        let hex: String = rgb
            .split_whitespace()
            .map(|v| format!("{:02x}", v.parse::<u8>().unwrap()))
            .collect();
        assert_eq!(format!("#{hex}"), tint.colour, "{css}");
        assert_eq!(alpha.parse::<f32>().unwrap(), tint.opacity, "{css}");
    }
}

#[test]
fn text_is_escaped() {
    let puzzle = Grid::parse(PUZZLE).unwrap();
    let title = r#"<b>"Tom & Jerry's" </title></b> ]]> &amp;"#;
    let svg = Picture::of_puzzle(&puzzle)
        .with_title(title)
        .to_svg(Theme::Light);
    let doc = parse(&svg);
    let root = doc.root_element();
    assert_eq!(root.attribute("aria-label"), Some(title));
    let title_node = root.children().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title_node.text(), Some(title));
    assert_eq!(
        title_node.children().count(),
        1,
        "the title is text, not markup"
    );
}

#[test]
fn pencil_marks_show_as_candidates() {
    // The 729-character line of PUZZLE's first cell narrowed: r1c3 allows only 1, 3 and 9.
    let puzzle = Grid::parse(PUZZLE).unwrap();
    let shape = puzzle.shape();
    let r1c3 = shape.cell(0, 2);
    let mut line = String::new();
    for cell in shape.cells() {
        for d in 1..=9u8 {
            let digit = Digit::new(d).unwrap();
            let allowed = match puzzle.get(cell) {
                Some(given) => given == digit,
                None if cell == r1c3 => [1, 3, 9].contains(&d),
                None => true,
            };
            line.push(if allowed { char::from(b'0' + d) } else { '.' });
        }
    }
    let marked = Grid::parse(&line).unwrap();
    assert!(marked.marks().is_some());
    let doc_svg = Picture::of_puzzle(&marked).to_svg(Theme::Light);
    let doc = parse(&doc_svg);
    let board = Board::new(&marked);
    let expected: Vec<u8> = board.candidates(r1c3).iter().map(Digit::get).collect();
    assert!(expected.iter().all(|d| [1, 3, 9].contains(d)) && !expected.is_empty());
    assert_eq!(candidates_with_role(&doc, r1c3, "on"), expected);
}

#[test]
fn a_caption_gives_the_step_and_can_be_left_out() {
    let puzzle = Grid::parse(PUZZLE).unwrap();
    let step = stepper(&puzzle, Strategy::Human).next_step().unwrap();
    let with = Picture::at_position(&puzzle, Strategy::Human, 1).unwrap();
    let without = with.clone().without_caption();
    let svg = with.to_svg(Theme::Light);
    let doc = parse(&svg);
    let caption: String = all_with(&doc, "data-layer", "caption")[0]
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(caption.starts_with("Step 1 · "), "{caption}");
    assert!(caption.contains(step.technique.name()), "{caption}");
    let words: Vec<&str> = step.text.split_whitespace().collect();
    assert!(caption.contains(&words.join(" ")), "{caption}");
    let svg = without.to_svg(Theme::Light);
    assert!(all_with(&parse(&svg), "data-layer", "caption").is_empty());
}

#[test]
fn a_variant_shades_its_diagonals_and_windows_and_outlines_its_regions() {
    let extra = Palette::LIGHT.extra;
    let shaded = |text: &str| {
        let svg = Picture::of_puzzle(&Grid::parse(text).unwrap()).to_svg(Theme::Light);
        let doc = parse(&svg);
        let count = doc
            .descendants()
            .filter(|n| n.has_tag_name("rect") && n.attribute("fill") == Some(extra))
            .count();
        (count, svg)
    };
    let blank = ".".repeat(81);
    assert_eq!(shaded(&blank).0, 0, "a classic grid has no shading");
    assert_eq!(
        shaded(&format!("x:{blank}")).0,
        17,
        "two diagonals share r5c5"
    );
    assert_eq!(
        shaded(&format!("windoku:{blank}")).0,
        36,
        "four windows of nine"
    );
    // A jigsaw's thick lines follow its regions: a 4×4 whose regions are its rows has thick
    // lines between rows only, where a classic 4×4 has them in both directions.
    let (_, rows) = shaded("jigsaw:AAAABBBBCCCCDDDD:................");
    let (_, classic) = shaded("................");
    let thick = |svg: &str| {
        let doc = parse(svg);
        let d = doc
            .descendants()
            .find(|n| n.attribute("data-lines") == Some("box"))
            .and_then(|n| n.attribute("d"))
            .unwrap_or("")
            .to_string();
        (d.matches('V').count(), d.matches('H').count())
    };
    assert_eq!(thick(&rows), (0, 3));
    assert_eq!(thick(&classic), (1, 1));
}

#[test]
fn a_forcing_chain_is_walked_implication_by_implication() {
    let puzzle = Grid::parse(FORCING).unwrap();
    let shape = puzzle.shape();
    let trace = trace_with_boards(&puzzle, Strategy::Human);
    let at = trace
        .iter()
        .position(|(step, _)| !step.implications.is_empty())
        .expect("a forcing chain in this trace");
    let (step, _) = &trace[at];
    let position = at + 1;
    let n = step.implications.len();
    let names = |node: &[stepdoku::Candidate]| -> String {
        node.iter()
            .map(|c| c.name(shape))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let picture = || Picture::at_position(&puzzle, Strategy::Human, position).unwrap();
    for k in 1..=n {
        let svg = picture().walked_to(k).unwrap().to_svg(Theme::Light);
        let doc = parse(&svg);
        let implication = &step.implications[k - 1];
        let context = format!("implication {k} of {n}: {}", implication.text);
        let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
        assert_eq!(
            title.text(),
            Some(
                format!(
                    "Step {position}, implication {k} of {n}: {}",
                    implication.text
                )
                .as_str()
            )
        );
        // The arrows of the implications so far, each once: those of this one current.
        let mut indices: Vec<usize> = step.implications[..k]
            .iter()
            .flat_map(|i| i.links.iter().copied())
            .collect();
        indices.sort_unstable();
        indices.dedup();
        let mut expected: Vec<(String, String, &str, &str)> = indices
            .iter()
            .map(|&l| {
                let link = &step.links[l];
                let kind = match link.kind {
                    LinkKind::Strong => "strong",
                    LinkKind::Weak => "weak",
                };
                let role = if implication.links.contains(&l) {
                    "current"
                } else {
                    "earlier"
                };
                (names(&link.from), names(&link.to), kind, role)
            })
            .collect();
        let mut drawn: Vec<(String, String, &str, &str)> = doc
            .descendants()
            .filter(|n| n.has_tag_name("line") && n.attribute("data-link").is_some())
            .map(|line| {
                (
                    line.attribute("data-from").unwrap().to_string(),
                    line.attribute("data-to").unwrap().to_string(),
                    line.attribute("data-link").unwrap(),
                    line.attribute("data-walk")
                        .expect("a walked arrow has a role"),
                )
            })
            .collect();
        drawn.sort();
        expected.sort();
        assert_eq!(drawn, expected, "{context}");
        for line in all_with(&doc, "data-walk", "earlier") {
            assert_eq!(line.attribute("stroke-opacity"), Some("0.3"), "faded");
        }
        // What it makes true is ringed, what it makes false struck, a dead end outlined.
        let marked = |value: &str| -> Vec<String> {
            let mut marked: Vec<String> = all_with(&doc, "data-walk", value)
                .iter()
                .filter_map(|n| n.attribute("data-name").map(str::to_string))
                .collect();
            marked.sort();
            marked
        };
        let mut placed = Vec::new();
        let mut gone = Vec::new();
        for &change in &implication.changes {
            match change {
                Change::Place { cell, digit } => {
                    placed.push(stepdoku::Candidate::new(cell, digit).name(shape))
                }
                Change::Eliminate { cell, digit } => {
                    gone.push(stepdoku::Candidate::new(cell, digit).name(shape))
                }
                other => panic!("{context}: {other:?}"),
            }
        }
        placed.sort();
        gone.sort();
        assert_eq!(marked("true"), placed, "{context}");
        assert_eq!(marked("false"), gone, "{context}");
        let is_dead_end = matches!(
            implication.rule,
            Rule::NoCandidate { .. } | Rule::NoPlace { .. }
        );
        assert_eq!(
            !all_with(&doc, "data-walk", "dead").is_empty(),
            is_dead_end,
            "{context}"
        );
        if k == n {
            // The whole chain is drawn at its end.
            assert_eq!(drawn.len(), step.links.len());
        }
    }
    // Past either end, or a step without a chain: how many implications there are.
    for k in [0, n + 1] {
        assert_eq!(
            picture().walked_to(k),
            Err(NoSuchImplication { n_implications: n })
        );
    }
    let plain = Picture::at_position(&puzzle, Strategy::Human, 1).unwrap();
    assert_eq!(
        plain.walked_to(1),
        Err(NoSuchImplication { n_implications: 0 })
    );
    // Unwalked, the picture draws every arrow with no role.
    let svg = picture().to_svg(Theme::Light);
    assert!(all_with(&parse(&svg), "data-walk", "current").is_empty());
}
