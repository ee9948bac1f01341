//! Chains: remote pairs, X-chains, XY-chains and alternating inference chains (AIC), plain
//! and grouped.
//!
//! A chain alternates strong links (`=`: at least one of the two is true) and weak links
//! (`−`: not both are true), and starts and ends with a strong link. Read from one end, "if
//! the first node is false, then the last is true": one of the two ends is true, so whatever
//! both ends rule out is false.
//!
//! A node is one candidate, or for grouped chains a group: the candidates of one digit in
//! the cells where one box meets one line (true when the digit is in one of those cells).
//!
//! ```text
//!  literal = 2 × node + (1 if "on")
//!  off(A) ─strong→ on(B) ─weak→ off(C) ─strong→ on(D) …
//! ```
//!
//! The search is breadth-first over these literals from every node at once, one depth at a
//! time, so the shortest chain with an elimination (at most [`MAX_LINKS`] links) is found
//! first and no search goes deeper. The link graph is built once per finder call, with node
//! and cell sets as bit sets, and holds only the nodes with a strong link (no chain can pass
//! through another).
//!
//! Conclusions drawn from the two ends `A` and `B` (one of them is true):
//! - same digit: a candidate of that digit seeing every cell of both ends is false;
//! - two digits in one cell: the cell's other candidates are false;
//! - two digits `x`, `y` in cells that see each other: `y` leaves `A`'s cell and `x` leaves
//!   `B`'s.

use super::util::{
    describe_losses, eliminations, sort_candidates, sort_keys, with_cell_width, CellSet, Geometry,
};
use super::Rung;
use crate::digits::{Digit, DigitSet};
use crate::grid::{Cell, Shape};
use crate::technique::Technique;
use crate::trace::{Board, Candidate, Link, LinkKind, Step, StepKind};
use crate::util::bit_positions_in_words;

/// The rungs of this family, in ladder order.
pub const RUNGS: &[Rung] = &[
    Rung {
        technique: Technique::RemotePair,
        find: remote_pair,
    },
    Rung {
        technique: Technique::XChain,
        find: x_chain,
    },
    Rung {
        technique: Technique::XYChain,
        find: xy_chain,
    },
    Rung {
        technique: Technique::Aic,
        find: aic,
    },
    Rung {
        technique: Technique::GroupedAic,
        find: grouped_aic,
    },
];

/// The longest chain searched, in links. Longer chains are hard to follow.
pub const MAX_LINKS: usize = 15;

/// Which nodes and links a chain may use.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Family {
    /// One digit; strong links are conjugate pairs in a house.
    X,
    /// Candidates of two-candidate cells; strong links inside a cell, weak links between
    /// cells on one digit.
    Xy,
    /// Every candidate and every link.
    Aic,
    /// As AIC, with grouped nodes too.
    Grouped,
}

impl Family {
    fn technique(self) -> Technique {
        match self {
            Family::X => Technique::XChain,
            Family::Xy => Technique::XYChain,
            Family::Aic => Technique::Aic,
            Family::Grouped => Technique::GroupedAic,
        }
    }
}

/// X-chain: a chain on one digit; one end holds it, so cells seeing both ends lose it.
pub fn x_chain(board: &Board) -> Option<Step> {
    find_chain(board, Family::X)
}

/// XY-chain: a chain through two-candidate cells; one end holds the digit both ends share.
pub fn xy_chain(board: &Board) -> Option<Step> {
    find_chain(board, Family::Xy)
}

/// Alternating inference chain over single candidates.
pub fn aic(board: &Board) -> Option<Step> {
    find_chain(board, Family::Aic)
}

/// Alternating inference chain with grouped nodes.
pub fn grouped_aic(board: &Board) -> Option<Step> {
    find_chain(board, Family::Grouped)
}

fn find_chain(board: &Board, family: Family) -> Option<Step> {
    with_cell_width!(board.shape(), find_chain_w(board, family))
}

/// A node of the chain graph: one candidate or a group of one digit.
#[derive(Clone, Debug)]
struct Node<const W: usize> {
    digit: Digit,
    cells: CellSet<W>,
    /// Cells that see every cell of the node.
    seen: CellSet<W>,
    /// The one cell of a single-candidate node (the first cell of a group).
    cell: Cell,
    is_group: bool,
}

/// The link graph of a board for one family, as adjacency bit sets: row `i` of `strong`
/// (`n_words` words from `i × n_words`) holds the nodes strongly linked to node `i`.
struct Graph<const W: usize> {
    nodes: Vec<Node<W>>,
    n_words: usize,
    strong: Vec<u64>,
    weak: Vec<u64>,
    /// The cells holding each digit as a candidate, by digit index.
    digit_cells: Vec<CellSet<W>>,
}

impl<const W: usize> Graph<W> {
    /// The link graph of a board for one family, with only the nodes that have a strong
    /// link. A chain starts and ends with a strong link and alternates, so every node of it
    /// has one: a node without is never a start, never reached "on", and reached "off" only
    /// as a dead end. Leaving such nodes out keeps the chains found, and their order (nodes
    /// keep their relative order), while the graph shrinks: on a sparse 25×25 most candidates
    /// have no strong link, and building weak links between all of them cost more than the
    /// search itself.
    fn build(board: &Board, family: Family) -> Graph<W> {
        let shape = board.shape();
        let g = board.geometry();
        let n = g.size();
        let mut digit_cells = vec![CellSet::<W>::EMPTY; n];
        for cell in shape.cells() {
            for d in board.candidates(cell).iter() {
                digit_cells[d.index()].insert(cell);
            }
        }
        // The single candidates first, cell by cell, then the groups; the nodes are built
        // only for those kept.
        let mut singles: Vec<(Cell, Digit)> = Vec::new();
        // Node index of each single candidate, by cell × digit; u32::MAX when absent.
        let mut node_of = vec![u32::MAX; g.n_cells() * n];
        for cell in shape.cells() {
            let cands = board.candidates(cell);
            if family == Family::Xy && cands.len() != 2 {
                continue;
            }
            for digit in cands.iter() {
                node_of[cell.index() * n + digit.index()] = singles.len() as u32;
                singles.push((cell, digit));
            }
        }
        let house_sets: Vec<CellSet<W>> = g.house_cells.iter().map(|c| CellSet::of(c)).collect();
        let groups = if family == Family::Grouped {
            groups(g, &house_sets, &digit_cells)
        } else {
            Vec::new()
        };
        let n_singles = singles.len();
        let strong_pairs = strong_links(
            board,
            family,
            &house_sets,
            &digit_cells,
            &node_of,
            &groups,
            n_singles,
        );
        // The index of each node kept among those kept, which keep their order.
        let mut kept_idx = vec![u32::MAX; n_singles + groups.len()];
        for &[a, b] in &strong_pairs {
            kept_idx[a as usize] = 0;
            kept_idx[b as usize] = 0;
        }
        let mut nodes: Vec<Node<W>> = Vec::new();
        for (i, idx) in kept_idx.iter_mut().enumerate() {
            if *idx != 0 {
                continue;
            }
            *idx = nodes.len() as u32;
            nodes.push(match singles.get(i) {
                Some(&(cell, digit)) => {
                    let mut cells = CellSet::EMPTY;
                    cells.insert(cell);
                    Node {
                        digit,
                        cells,
                        seen: g.peer_set(cell),
                        cell,
                        is_group: false,
                    }
                }
                None => {
                    let mut group = groups[i - n_singles].clone();
                    group.seen = CellSet::first_n(g.n_cells());
                    for c in group.cells.iter() {
                        group.seen = group.seen.and(&g.peer_set(c));
                    }
                    group
                }
            });
        }
        let n_nodes = nodes.len();
        let n_words = n_nodes.div_ceil(64).max(1);
        let mut strong = vec![0u64; n_nodes * n_words];
        let mut weak = vec![0u64; n_nodes * n_words];
        let link = |adj: &mut Vec<u64>, i: usize, j: usize| {
            adj[i * n_words + j / 64] |= 1 << (j % 64);
            adj[j * n_words + i / 64] |= 1 << (i % 64);
        };
        for &[a, b] in &strong_pairs {
            let [i, j] = [a, b].map(|x| kept_idx[x as usize] as usize);
            link(&mut strong, i, j);
        }
        let mut by_digit: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, node) in nodes.iter().enumerate() {
            by_digit[node.digit.index()].push(i);
        }
        // Weak links: one digit, every cell of one node sees every cell of the other.
        for list in &by_digit {
            for (k, &i) in list.iter().enumerate() {
                for &j in &list[k + 1..] {
                    if nodes[j].cells.is_subset(&nodes[i].seen) {
                        link(&mut weak, i, j);
                    }
                }
            }
        }
        // Weak links inside a cell: two digits of one cell. The single candidates come first,
        // cell by cell, so those of a cell are next to each other.
        if matches!(family, Family::Aic | Family::Grouped) {
            let n_kept_singles = nodes.iter().take_while(|node| !node.is_group).count();
            let mut first = 0;
            while first < n_kept_singles {
                let cell = nodes[first].cell;
                let mut end = first + 1;
                while end < n_kept_singles && nodes[end].cell == cell {
                    end += 1;
                }
                for i in first..end {
                    for j in i + 1..end {
                        link(&mut weak, i, j);
                    }
                }
                first = end;
            }
        }
        Graph {
            nodes,
            n_words,
            strong,
            weak,
            digit_cells,
        }
    }

    fn row<'a>(&self, adj: &'a [u64], node: usize) -> &'a [u64] {
        &adj[node * self.n_words..(node + 1) * self.n_words]
    }

    /// What a chain with ends `a` and `b` (one of them true) eliminates.
    fn eliminations(&self, board: &Board, a: usize, b: usize) -> Vec<Candidate> {
        let (na, nb) = (&self.nodes[a], &self.nodes[b]);
        if na.digit == nb.digit {
            let victims = na
                .seen
                .and(&nb.seen)
                .and(&self.digit_cells[na.digit.index()]);
            return victims
                .iter()
                .map(|c| Candidate::new(c, na.digit))
                .collect();
        }
        if na.is_group || nb.is_group {
            return Vec::new();
        }
        if na.cell == nb.cell {
            let mut others = board.candidates(na.cell);
            others.remove(na.digit);
            others.remove(nb.digit);
            return others.iter().map(|d| Candidate::new(na.cell, d)).collect();
        }
        if na.seen.contains(nb.cell) {
            let mut out = Vec::new();
            if board.has_candidate(na.cell, nb.digit) {
                out.push(Candidate::new(na.cell, nb.digit));
            }
            if board.has_candidate(nb.cell, na.digit) {
                out.push(Candidate::new(nb.cell, na.digit));
            }
            return out;
        }
        Vec::new()
    }
}

/// The strong links of a family, as pairs of node indices (in any order): the two
/// candidates of a two-candidate cell, and two nodes of one digit that cover its places in a
/// house. The single candidates are the first `n_singles` nodes, then come `groups`.
fn strong_links<const W: usize>(
    board: &Board,
    family: Family,
    house_sets: &[CellSet<W>],
    digit_cells: &[CellSet<W>],
    node_of: &[u32],
    groups: &[Node<W>],
    n_singles: usize,
) -> Vec<[u32; 2]> {
    let g = board.geometry();
    let n = g.size();
    let mut pairs: Vec<[u32; 2]> = Vec::new();
    // Strong links inside a cell.
    if matches!(family, Family::Xy | Family::Aic | Family::Grouped) {
        for cell in board.shape().cells() {
            let cands = board.candidates(cell);
            if cands.len() == 2 {
                let mut it = cands.iter();
                let (a, b) = (it.next().unwrap(), it.next().unwrap());
                let na = node_of[cell.index() * n + a.index()];
                let nb = node_of[cell.index() * n + b.index()];
                pairs.push([na, nb]);
            }
        }
    }
    if family == Family::Xy {
        return pairs;
    }
    // The groups of each house and digit (house id × size + digit index), by their index
    // among the groups: a group of the digit in the house lies among the digit's places there.
    let mut groups_at: Vec<(u32, u32)> = Vec::new();
    for (k, group) in groups.iter().enumerate() {
        for &h in &g.cell_houses[group.cell.index()] {
            if group.cells.is_subset(&house_sets[h]) {
                groups_at.push(((h * n + group.digit.index()) as u32, k as u32));
            }
        }
    }
    groups_at.sort_unstable();
    // Strong links in a house: two nodes of one digit that cover its places there.
    for (house_id, house_set) in house_sets.iter().enumerate() {
        for d in 0..n {
            let places = digit_cells[d].and(house_set);
            let n_places = places.len();
            if n_places < 2 {
                continue;
            }
            if n_places == 2 {
                let mut it = places.iter();
                let (a, b) = (it.next().unwrap(), it.next().unwrap());
                pairs.push([node_of[a.index() * n + d], node_of[b.index() * n + d]]);
            }
            if family != Family::Grouped {
                continue;
            }
            // Two nodes inside the places cover them when they are disjoint and their sizes
            // add up: a group and the one place it leaves, or two groups.
            let key = (house_id * n + d) as u32;
            let from = groups_at.partition_point(|&(at, _)| at < key);
            let inside = groups_at[from..]
                .iter()
                .take_while(|&&(at, _)| at == key)
                .map(|&(_, k)| k);
            for (x, k) in inside.clone().enumerate() {
                let cells = &groups[k as usize].cells;
                let len = cells.len();
                if len + 1 == n_places {
                    let single = places.minus(cells).iter().next().expect("one place left");
                    pairs.push([node_of[single.index() * n + d], n_singles as u32 + k]);
                }
                for j in inside.clone().skip(x + 1) {
                    let other = &groups[j as usize].cells;
                    if len + other.len() == n_places && !cells.meets(other) {
                        pairs.push([n_singles as u32 + k, n_singles as u32 + j]);
                    }
                }
            }
        }
    }
    pairs
}

/// Every group: two or more candidates of one digit where a box meets a line, each with the
/// cells it sees left empty (filled in for the groups a graph keeps).
fn groups<const W: usize>(
    g: &Geometry,
    house_sets: &[CellSet<W>],
    digit_cells: &[CellSet<W>],
) -> Vec<Node<W>> {
    let n = g.size();
    let mut groups = Vec::new();
    for bx in 2 * n..3 * n {
        for line in 0..2 * n {
            let meet = house_sets[bx].and(&house_sets[line]);
            if meet.is_empty() {
                continue;
            }
            for (d, cells_d) in digit_cells.iter().enumerate() {
                let cells = meet.and(cells_d);
                if cells.len() < 2 {
                    continue;
                }
                groups.push(Node {
                    digit: Digit::from_index(d),
                    cells,
                    seen: CellSet::EMPTY,
                    cell: cells.iter().next().expect("a group has cells"),
                    is_group: true,
                });
            }
        }
    }
    groups
}

/// A chain found: its nodes in order (first link strong) and what it eliminates.
struct Found {
    nodes: Vec<usize>,
    victims: Vec<Candidate>,
}

fn find_chain_w<const W: usize>(board: &Board, family: Family) -> Option<Step> {
    let graph = Graph::<W>::build(board, family);
    let found = shortest_chain(board, &graph)?;
    Some(chain_step(board, &graph, family, &found))
}

/// Breadth-first search from every node at once, one depth at a time for all starts, so the
/// first chain found is a shortest one and no search goes deeper than it.
///
/// From the start "off", odd depths reach nodes "on" by strong links and even depths reach
/// nodes "off" by weak links, so each level of each search is one bit set of nodes. A chain
/// read backwards is a chain too, so only ends after the start are checked.
fn shortest_chain<const W: usize>(board: &Board, graph: &Graph<W>) -> Option<Found> {
    let starts: Vec<usize> = (0..graph.nodes.len())
        .filter(|&s| graph.row(&graph.strong, s).iter().any(|&w| w != 0))
        .collect();
    // Starts are searched in batches to bound memory on large grids; a later batch only
    // looks for strictly shorter chains.
    let mut best: Option<Found> = None;
    let mut max_links = MAX_LINKS;
    let batch_len = (BATCH_WORDS / ((MAX_LINKS + 3) * graph.n_words)).max(1);
    for batch in starts.chunks(batch_len) {
        if let Some(found) = shortest_chain_from(board, graph, batch, max_links) {
            max_links = found.nodes.len() - 2;
            best = Some(found);
            if max_links < 3 {
                break;
            }
        }
    }
    best
}

/// The most 64-bit words of search state [`shortest_chain`] holds at once (4 MiB), which
/// sets how many searches run side by side.
const BATCH_WORDS: usize = 1 << 19;

/// The shortest chain of at most `max_links` links from one of `starts`, if any.
fn shortest_chain_from<const W: usize>(
    board: &Board,
    graph: &Graph<W>,
    starts: &[usize],
    max_links: usize,
) -> Option<Found> {
    let nw = graph.n_words;
    let n_starts = starts.len();
    // Per start: MAX_LINKS + 1 levels, then the nodes seen on, then the nodes seen off.
    let stride = (MAX_LINKS + 3) * nw;
    let mut state = vec![0u64; n_starts * stride];
    let mut is_alive = vec![true; n_starts];
    for (k, &start) in starts.iter().enumerate() {
        let base = k * stride;
        state[base + start / 64] |= 1 << (start % 64);
        state[base + (MAX_LINKS + 2) * nw + start / 64] |= 1 << (start % 64);
    }
    let mut reached = vec![0u64; nw];
    for depth in 1..=max_links {
        let is_on = depth % 2 == 1;
        let adj = if is_on { &graph.strong } else { &graph.weak };
        for (k, &start) in starts.iter().enumerate() {
            if !is_alive[k] {
                continue;
            }
            let block = &mut state[k * stride..(k + 1) * stride];
            let (levels, seen) = block.split_at_mut((MAX_LINKS + 1) * nw);
            let (before, after) = levels.split_at_mut(depth * nw);
            let prev = &before[(depth - 1) * nw..];
            let next = &mut after[..nw];
            for x in bit_positions_in_words(prev) {
                for (n, a) in next.iter_mut().zip(graph.row(adj, x)) {
                    *n |= a;
                }
            }
            let seen = if is_on {
                &mut seen[..nw]
            } else {
                &mut seen[nw..]
            };
            let mut any = false;
            for (n, s) in next.iter_mut().zip(seen.iter_mut()) {
                *n &= !*s;
                *s |= *n;
                any |= *n != 0;
            }
            if !any {
                is_alive[k] = false;
                continue;
            }
            if !is_on || depth < 3 {
                continue;
            }
            reached.copy_from_slice(next);
            for y in bit_positions_in_words(&reached).filter(|&y| y > start) {
                let victims = graph.eliminations(board, start, y);
                if victims.is_empty() {
                    continue;
                }
                // Walk back level by level to a predecessor linked to the current node.
                let levels = &state[k * stride..k * stride + (MAX_LINKS + 1) * nw];
                let mut nodes = vec![y];
                let mut at = y;
                for d in (0..depth).rev() {
                    let adj = if (d + 1) % 2 == 1 {
                        &graph.strong
                    } else {
                        &graph.weak
                    };
                    at = bit_positions_in_words(&levels[d * nw..(d + 1) * nw])
                        .find(|&x| graph.row(adj, x)[at / 64] & (1 << (at % 64)) != 0)
                        .expect("every node of a level has a predecessor");
                    nodes.push(at);
                }
                nodes.reverse();
                return Some(Found { nodes, victims });
            }
        }
    }
    None
}

/// The name of a node: "7r1c2", or "7r1c23" for a group in a row.
fn node_name<const W: usize>(shape: Shape, node: &Node<W>, with_digit: bool) -> String {
    let digit = if with_digit {
        shape.show(node.digit).to_string()
    } else {
        String::new()
    };
    if !node.is_group {
        return format!("{digit}{}", node.cell.name(shape));
    }
    let cells: Vec<Cell> = node.cells.iter().collect();
    let rows: Vec<usize> = cells.iter().map(|&c| shape.row_of(c) + 1).collect();
    let cols: Vec<usize> = cells.iter().map(|&c| shape.col_of(c) + 1).collect();
    let join = |v: &[usize]| {
        let mut v = v.to_vec();
        v.dedup();
        let sep = if shape.size() > 9 { "," } else { "" };
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(sep)
    };
    format!("{digit}r{}c{}", join(&rows), join(&cols))
}

fn node_candidates<const W: usize>(node: &Node<W>) -> Vec<Candidate> {
    node.cells
        .iter()
        .map(|c| Candidate::new(c, node.digit))
        .collect()
}

fn chain_step<const W: usize>(
    board: &Board,
    graph: &Graph<W>,
    family: Family,
    found: &Found,
) -> Step {
    let shape = board.shape();
    let nodes: Vec<&Node<W>> = found.nodes.iter().map(|&i| &graph.nodes[i]).collect();
    let one_digit = nodes.iter().all(|n| n.digit == nodes[0].digit);
    let with_digit = family != Family::X;
    let mut chain = node_name(shape, nodes[0], with_digit);
    let mut links = Vec::new();
    for (k, pair) in nodes.windows(2).enumerate() {
        let kind = if k % 2 == 0 {
            LinkKind::Strong
        } else {
            LinkKind::Weak
        };
        let sign = if kind == LinkKind::Strong { "=" } else { "−" };
        chain.push_str(&format!(
            " {sign} {}",
            node_name(shape, pair[1], with_digit)
        ));
        links.push(Link {
            from: node_candidates(pair[0]),
            to: node_candidates(pair[1]),
            kind,
        });
    }
    let (first, last) = (nodes[0], nodes[nodes.len() - 1]);
    let mut victims = found.victims.clone();
    sort_candidates(&mut victims);
    let losses = describe_losses(shape, &victims);
    let ends = if family == Family::X {
        format!(
            "{} or {} is {}",
            node_name(shape, first, false),
            node_name(shape, last, false),
            shape.show(first.digit)
        )
    } else {
        format!(
            "{} or {} is true",
            node_name(shape, first, true),
            node_name(shape, last, true)
        )
    };
    let title = match family {
        Family::X => format!("X-Chain on {}", shape.show(first.digit)),
        _ => family.technique().name().to_string(),
    };
    let text =
        format!("{title}: {chain} (= at least one is true, − not both); so {ends}, and {losses}");
    let mut step = Step::new(StepKind::Deduction, family.technique(), 0, text);
    let mut cells: Vec<Cell> = Vec::new();
    for node in &nodes {
        for c in node.cells.iter() {
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
    }
    step.cells = cells;
    step.digit = one_digit.then_some(first.digit);
    step.pattern = nodes.iter().flat_map(|n| node_candidates(n)).collect();
    step.links = links;
    step.changes = eliminations(&victims);
    step
}

/// Remote pair: a chain of cells that all hold the same two candidates, each seeing the next;
/// the cells alternate the two digits, so two cells an odd number of links apart hold both,
/// and a cell seeing both loses them.
pub fn remote_pair(board: &Board) -> Option<Step> {
    let shape = board.shape();
    let g = board.geometry();
    let mut pairs: Vec<u32> = shape
        .cells()
        .map(|c| board.candidates(c))
        .filter(|s| s.len() == 2)
        .map(|s| s.bits())
        .collect();
    sort_keys(&mut pairs);
    pairs.dedup();
    let mut best: Option<(Vec<Cell>, Vec<Candidate>)> = None;
    for pair in pairs.into_iter().map(DigitSet::from_bits) {
        let cells: Vec<Cell> = shape
            .cells()
            .filter(|&c| board.candidates(c) == pair)
            .collect();
        if cells.len() < 4 {
            continue;
        }
        for (s, &start) in cells.iter().enumerate() {
            // Breadth-first over cells of the pair; parity of the distance alternates digits.
            let mut dist = vec![usize::MAX; cells.len()];
            let mut parent = vec![usize::MAX; cells.len()];
            dist[s] = 0;
            let mut queue = vec![s];
            let mut head = 0;
            while head < queue.len() {
                let i = queue[head];
                head += 1;
                let limit = best.as_ref().map_or(MAX_LINKS + 1, |(c, _)| c.len() - 1);
                if dist[i] + 1 >= limit {
                    break;
                }
                for (j, &cj) in cells.iter().enumerate() {
                    if dist[j] != usize::MAX || !g.sees(cells[i], cj) {
                        continue;
                    }
                    dist[j] = dist[i] + 1;
                    parent[j] = i;
                    queue.push(j);
                    if dist[j] < 3 || dist[j] % 2 == 0 {
                        continue;
                    }
                    let victims: Vec<Candidate> = g.peers[start.index()]
                        .iter()
                        .filter(|&&v| g.sees(v, cj))
                        .flat_map(|&v| {
                            board
                                .candidates(v)
                                .intersection(pair)
                                .iter()
                                .map(move |d| Candidate::new(v, d))
                        })
                        .collect();
                    if victims.is_empty() {
                        continue;
                    }
                    let mut path = vec![cj];
                    let mut at = j;
                    while at != s {
                        at = parent[at];
                        path.push(cells[at]);
                    }
                    path.reverse();
                    best = Some((path, victims));
                    break;
                }
            }
        }
    }
    let (path, mut victims) = best?;
    sort_candidates(&mut victims);
    let pair = board.candidates(path[0]);
    let names: Vec<String> = path.iter().map(|c| c.name(shape)).collect();
    let text = format!(
        "Remote pair {}: {} each hold only {} and alternate them, so {} and {} hold both digits between them, and {}",
        shape.show_slashed(pair),
        names.join(" − "),
        shape.show_slashed(pair),
        names[0],
        names[names.len() - 1],
        describe_losses(shape, &victims)
    );
    let mut step = Step::new(StepKind::Deduction, Technique::RemotePair, 0, text);
    step.cells = path.clone();
    step.pattern = path
        .iter()
        .flat_map(|&c| pair.iter().map(move |d| Candidate::new(c, d)))
        .collect();
    step.links = path
        .windows(2)
        .map(|w| Link {
            from: pair.iter().map(|d| Candidate::new(w[0], d)).collect(),
            to: pair.iter().map(|d| Candidate::new(w[1], d)).collect(),
            kind: LinkKind::Weak,
        })
        .collect();
    step.changes = eliminations(&victims);
    Some(step)
}
