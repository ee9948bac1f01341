//! Simple colouring on one digit: trap and wrap.
//!
//! The strong links of a digit (houses with only two places for it) join its candidates into
//! clusters. Along a strong link exactly one end holds the digit, so giving the two ends
//! opposite colours splits a cluster into two colours, exactly one of which is all true.
//!
//! - Trap: a candidate outside the cluster that sees both colours is false.
//! - Wrap: when two candidates of the same colour see each other, that colour is false.

use super::memo::DigitSkips;
use super::util::{
    and_list, cell_list, eliminate_from, lose_text, sort_cells, Geometry, HousePlaces,
};
use super::Rung;
use crate::digits::Digit;
use crate::grid::Cell;
use crate::technique::Technique;
use crate::trace::{Board, Candidate, Change, Link, LinkKind, Step, StepKind};

/// The rungs of this family, in ladder order.
pub const RUNGS: &[Rung] = &[
    Rung {
        technique: Technique::SimpleColouringTrap,
        find: simple_colouring_trap,
    },
    Rung {
        technique: Technique::SimpleColouringWrap,
        find: simple_colouring_wrap,
    },
];

/// A cluster of one digit's candidates joined by strong links, coloured in two.
struct Cluster {
    /// The cells of each colour, in the order the colouring reached them.
    colours: [Vec<Cell>; 2],
    /// The strong links that spread the colours, parent to child.
    links: Vec<(Cell, Cell)>,
}

/// The clusters of one digit with at least two strong links, in reading order of their
/// first cell. Clusters whose links close an odd loop (impossible on a board with a
/// solution) are skipped.
fn clusters(geo: &Geometry, places: &HousePlaces, digit: Digit) -> Vec<Cluster> {
    let mut edges: Vec<(Cell, Cell)> = Vec::new();
    for (_, [a, b]) in places.conjugate_pairs(geo, digit) {
        if !edges.contains(&(a, b)) {
            edges.push((a, b));
        }
    }
    if edges.len() < 2 {
        return Vec::new();
    }
    let mut vertices: Vec<Cell> = edges.iter().flat_map(|&(a, b)| [a, b]).collect();
    sort_cells(&mut vertices);
    vertices.dedup();
    let slot = |cell: Cell| vertices.binary_search(&cell).expect("an end of an edge");
    let mut colour_of: Vec<Option<usize>> = vec![None; vertices.len()];
    let mut found = Vec::new();
    let mut queue: Vec<Cell> = Vec::with_capacity(vertices.len());
    for (start_idx, &start) in vertices.iter().enumerate() {
        if colour_of[start_idx].is_some() {
            continue;
        }
        let mut cluster = Cluster {
            colours: [vec![start], Vec::new()],
            links: Vec::new(),
        };
        colour_of[start_idx] = Some(0);
        let mut is_consistent = true;
        queue.clear();
        queue.push(start);
        let mut head = 0;
        while head < queue.len() {
            let cell = queue[head];
            head += 1;
            let colour = colour_of[slot(cell)].expect("queued cells are coloured");
            for &(a, b) in &edges {
                let next = match cell {
                    c if c == a => b,
                    c if c == b => a,
                    _ => continue,
                };
                let next_idx = slot(next);
                match colour_of[next_idx] {
                    None => {
                        colour_of[next_idx] = Some(1 - colour);
                        cluster.colours[1 - colour].push(next);
                        cluster.links.push((cell, next));
                        queue.push(next);
                    }
                    Some(c) if c == colour => is_consistent = false,
                    Some(_) => {}
                }
            }
        }
        if is_consistent && cluster.links.len() >= 2 {
            found.push(cluster);
        }
    }
    found
}

/// A candidate that sees both colours of a cluster is false. Digits in order, clusters in
/// reading order of their first cell.
pub fn simple_colouring_trap(board: &Board) -> Option<Step> {
    let shape = board.shape();
    let geo = board.geometry();
    let (places, mut skips) = DigitSkips::of(Technique::SimpleColouringTrap, board);
    // Per cell: bit 0 when it sees the first colour, bit 1 when it sees the second, bit 2
    // when it is in the cluster.
    let mut marks: Vec<u8> = vec![0; geo.n_cells()];
    for digit in shape.all_digits().iter() {
        if skips.can_skip(digit) {
            continue;
        }
        for cluster in clusters(geo, &places, digit) {
            let [one, other] = &cluster.colours;
            marks.iter_mut().for_each(|m| *m = 0);
            for (bit, cells) in [(1u8, one), (2u8, other)] {
                for &cell in cells {
                    marks[cell.index()] |= 4;
                    for &peer in &geo.peers[cell.index()] {
                        marks[peer.index()] |= bit;
                    }
                }
            }
            let targets: Vec<Cell> = shape
                .cells()
                .filter(|&c| marks[c.index()] == 3 && board.has_candidate(c, digit))
                .collect();
            if targets.is_empty() {
                continue;
            }
            let changes = eliminate_from(board, digit, &targets);
            let names: Vec<String> = targets.iter().map(|c| c.name(shape)).collect();
            let (see, lose) = if targets.len() == 1 {
                ("sees", "loses")
            } else {
                ("see", "lose")
            };
            let text = format!(
                "Simple colouring on {digit}: strong links colour {} one way and {} the other, \
                 and one colour is true; {} {see} both colours and {lose} {digit}",
                cell_list(shape, one),
                cell_list(shape, other),
                and_list(&names),
                digit = shape.show(digit),
            );
            return Some(colouring_step(
                Technique::SimpleColouringTrap,
                digit,
                &cluster,
                changes,
                text,
            ));
        }
        skips.found_nothing(digit);
    }
    None
}

/// When two candidates of one colour see each other, that colour is false everywhere.
pub fn simple_colouring_wrap(board: &Board) -> Option<Step> {
    let shape = board.shape();
    let geo = board.geometry();
    let (places, mut skips) = DigitSkips::of(Technique::SimpleColouringWrap, board);
    for digit in shape.all_digits().iter() {
        if skips.can_skip(digit) {
            continue;
        }
        for cluster in clusters(geo, &places, digit) {
            for (colour, cells) in cluster.colours.iter().enumerate() {
                let Some((x, y)) = first_seeing_pair(geo, cells) else {
                    continue;
                };
                let changes = eliminate_from(board, digit, cells);
                let text = format!(
                    "Simple colouring on {digit}: strong links colour {} one way and {} the \
                     other; {} and {} have the same colour and see each other, so that colour \
                     is false: {}",
                    cell_list(shape, cells),
                    cell_list(shape, &cluster.colours[1 - colour]),
                    x.name(shape),
                    y.name(shape),
                    lose_text(shape, &changes, digit),
                    digit = shape.show(digit)
                );
                return Some(colouring_step(
                    Technique::SimpleColouringWrap,
                    digit,
                    &cluster,
                    changes,
                    text,
                ));
            }
        }
        skips.found_nothing(digit);
    }
    None
}

/// The first two cells of the list that see each other.
fn first_seeing_pair(geo: &Geometry, cells: &[Cell]) -> Option<(Cell, Cell)> {
    cells.iter().enumerate().find_map(|(i, &x)| {
        cells[i + 1..]
            .iter()
            .find(|&&y| geo.sees(x, y))
            .map(|&y| (x, y))
    })
}

fn colouring_step(
    technique: Technique,
    digit: Digit,
    cluster: &Cluster,
    changes: Vec<Change>,
    text: String,
) -> Step {
    let mut step = Step::new(StepKind::Deduction, technique, 0, text);
    let cells: Vec<Cell> = cluster.colours.iter().flatten().copied().collect();
    step.pattern = cells.iter().map(|&c| Candidate::new(c, digit)).collect();
    step.cells = cells;
    step.digit = Some(digit);
    step.links = cluster
        .links
        .iter()
        .map(|&(from, to)| Link {
            from: vec![Candidate::new(from, digit)],
            to: vec![Candidate::new(to, digit)],
            kind: LinkKind::Strong,
        })
        .collect();
    step.changes = changes;
    step
}
