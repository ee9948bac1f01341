//! A forcing step's chain as the page walks it: each fact a derivation kept becomes an
//! [`Implication`] with its sentence, the arrows that lead to it, and for an inner trial or
//! an inner forcing chain its own sub-chain.

use super::derivation::{Branch, Derivation, Fact, NO_FACT};
use super::Reach;
use crate::grid::Shape;
use crate::logic::util::and_list;
use crate::trace::{Candidate, Change, Implication, Link, LinkKind, Rule, Step};

/// A derivation with the derivations it sits in: an inner trial's derivation treats the facts
/// below its `first_id` as given, and finds them in the derivation around it.
struct Scope<'a> {
    derivation: &'a Derivation,
    outer: Option<&'a Scope<'a>>,
}

impl Scope<'_> {
    /// The fact with id `id`, of this derivation or of one around it.
    fn fact(&self, id: u32) -> &Fact {
        match self.derivation.fact(id) {
            Some(fact) => fact,
            None => self
                .outer
                .expect("a fact below `first_id` belongs to the derivation around")
                .fact(id),
        }
    }
}

/// A forcing step's chain as it grows, branch by branch: its implications and its arrows.
pub(super) struct ChainWriter {
    shape: Shape,
    implications: Vec<Implication>,
    links: Vec<Link>,
}

impl ChainWriter {
    pub(super) fn new(shape: Shape) -> ChainWriter {
        ChainWriter {
            shape,
            implications: Vec::new(),
            links: Vec::new(),
        }
    }

    /// The implications after the premises: the chain's length as the sentences give it.
    pub(super) fn n_implications(&self) -> usize {
        self.implications
            .iter()
            .filter(|i| i.rule != Rule::Premise)
            .count()
    }

    /// Appends one branch: the facts its ends rest on, premise first, and the ends.
    pub(super) fn append(&mut self, branch: &Branch) {
        self.append_in(
            &Scope {
                derivation: &branch.derivation,
                outer: None,
            },
            &branch.ends,
        );
    }

    /// Appends one branch of the scope's own derivation. Facts of the derivations around it
    /// that its facts rest on are not implications of this chain: their sentences name them,
    /// and arrows may start at them, but no `from` points at them.
    fn append_in(&mut self, scope: &Scope, ends: &[u32]) {
        let d = scope.derivation;
        let ids: Vec<u32> = d
            .ancestors(ends)
            .into_iter()
            .filter(|&id| id >= d.first_id)
            .collect();
        // The index in `implications` of each fact of `d` kept, by `id - first_id`.
        let mut index = vec![usize::MAX; d.facts.len()];
        for &id in &ids {
            let fact = scope.fact(id);
            index[(id - d.first_id) as usize] = self.implications.len();
            let text = self.sentence(scope, fact);
            let changes = fact
                .targets
                .iter()
                .map(|&Candidate { cell, digit }| {
                    if fact.is_placement {
                        Change::Place { cell, digit }
                    } else {
                        Change::Eliminate { cell, digit }
                    }
                })
                .collect();
            let from = fact
                .from
                .iter()
                .filter_map(|&p| p.checked_sub(d.first_id))
                .map(|k| index[k as usize])
                .collect();
            let mut inner = ChainWriter::new(self.shape);
            for branch in &fact.inner {
                let inner_scope = Scope {
                    derivation: &branch.derivation,
                    outer: Some(scope),
                };
                inner.append_in(&inner_scope, &branch.ends);
            }
            let links = self.add_links(scope, fact);
            self.implications.push(Implication {
                rule: fact.rule,
                changes,
                from,
                links,
                inner: inner.implications,
                inner_links: inner.links,
                text,
            });
        }
    }

    /// The implication in words, naming the facts it rests on.
    fn sentence(&self, scope: &Scope, fact: &Fact) -> String {
        let shape = self.shape;
        let since = |word: &str| {
            let names: Vec<String> = fact
                .from
                .iter()
                .flat_map(|&p| parent_names(shape, scope.fact(p), fact))
                .collect();
            if names.is_empty() {
                String::new()
            } else {
                format!(", {word} {}", and_list(&names))
            }
        };
        let first = fact.targets.first().copied();
        let show = |c: Candidate| (c.cell.name(shape), shape.show(c.digit).to_string());
        match fact.rule {
            Rule::Premise => {
                let (cell, digit) = show(first.expect("a premise places"));
                format!("Suppose {cell} = {digit}")
            }
            Rule::NakedSingle => {
                let (cell, digit) = show(first.expect("a single places"));
                format!(
                    "{cell} = {digit}: the only candidate left in {cell}{}",
                    since("since")
                )
            }
            Rule::HiddenSingle { house } => {
                let (cell, digit) = show(first.expect("a single places"));
                format!(
                    "{cell} = {digit}: the only place left for {digit} in {house}{}",
                    since("since")
                )
            }
            Rule::Peer => {
                let target = first.expect("an elimination has a target");
                let placed = scope.fact(fact.from[0]).targets[0];
                let names = and_list(&fact_names(shape, fact));
                if placed.cell == target.cell {
                    format!(
                        "{names}: {} holds {}",
                        placed.cell.name(shape),
                        shape.show(placed.digit)
                    )
                } else {
                    let them = if fact.targets.len() == 1 {
                        "it"
                    } else {
                        "them"
                    };
                    format!(
                        "{names}: {} = {} sees {them}",
                        placed.cell.name(shape),
                        shape.show(placed.digit)
                    )
                }
            }
            Rule::LockedCandidates { source, target } => {
                let digit = shape.show(first.expect("an elimination has a target").digit);
                format!(
                    "{}: in {source}, {digit} lies only in {target}{}",
                    and_list(&fact_names(shape, fact)),
                    since("since")
                )
            }
            Rule::InnerTrial => {
                let (cell, digit) = show(first.expect("an elimination has a target"));
                let dead = fact
                    .inner_dead_end
                    .expect("an inner trial ends in a dead end");
                format!(
                    "{cell} ≠ {digit}: if {cell} were {digit}, {} would lead to a dead end ({}){}",
                    Reach::LockedCandidates.words(),
                    dead.describe_hypothetical(shape),
                    since("given")
                )
            }
            Rule::InnerForcing { either, or } => {
                let side = |c: Candidate| {
                    let (cell, digit) = show(c);
                    format!("{cell} = {digit}")
                };
                let gone: Vec<String> = fact
                    .targets
                    .iter()
                    .map(|&c| {
                        let (cell, digit) = show(c);
                        format!("{cell} ≠ {digit}")
                    })
                    .collect();
                format!(
                    "{}: one of {} and {} holds, and either would rule {} out by {}{}",
                    and_list(&gone),
                    side(either),
                    side(or),
                    if gone.len() == 1 { "it" } else { "them" },
                    Reach::LockedCandidates.words(),
                    since("given")
                )
            }
            Rule::NoCandidate { .. } | Rule::NoPlace { .. } => {
                let dead = fact.inner_dead_end.expect("a dead end says which");
                format!("{}{}", dead.describe(shape), since("since"))
            }
        }
    }

    /// The arrows of one fact, as indices into `links`: from each placement it rests on to
    /// the candidates that placement took out (weak), then from those to what they force
    /// (strong). An arrow already drawn for an earlier fact keeps its index.
    fn add_links(&mut self, scope: &Scope, fact: &Fact) -> Vec<usize> {
        let d = scope.derivation;
        let mut indices = Vec::new();
        let mut by_remover: Vec<(u32, Vec<Candidate>)> = Vec::new();
        for &r in &fact.removed {
            let id = d.remover(r.cell, r.digit);
            if id == NO_FACT || !scope.fact(id).is_placement {
                continue;
            }
            match by_remover.iter_mut().find(|(f, _)| *f == id) {
                Some((_, cands)) => cands.push(r),
                None => by_remover.push((id, vec![r])),
            }
        }
        for (id, to) in by_remover {
            indices.push(self.link(scope.fact(id).targets.clone(), to, LinkKind::Weak));
        }
        match fact.rule {
            Rule::NakedSingle | Rule::HiddenSingle { .. } if !fact.removed.is_empty() => {
                indices.push(self.link(
                    fact.removed.clone(),
                    fact.targets.clone(),
                    LinkKind::Strong,
                ));
            }
            Rule::LockedCandidates { .. } => {
                if !fact.removed.is_empty() {
                    indices.push(self.link(
                        fact.removed.clone(),
                        fact.locked.clone(),
                        LinkKind::Strong,
                    ));
                }
                indices.push(self.link(fact.locked.clone(), fact.targets.clone(), LinkKind::Weak));
            }
            Rule::Peer | Rule::InnerTrial | Rule::InnerForcing { .. } => {
                for &p in &fact.from {
                    let parent = scope.fact(p);
                    if parent.is_placement {
                        indices.push(self.link(
                            parent.targets.clone(),
                            fact.targets.clone(),
                            LinkKind::Weak,
                        ));
                    }
                }
            }
            _ => {}
        }
        // Two parents may give the same arrow: each index once, in the order drawn.
        let mut seen = Vec::with_capacity(indices.len());
        indices.retain(|&i| {
            let is_new = !seen.contains(&i);
            seen.push(i);
            is_new
        });
        indices
    }

    /// The index of the arrow in `links`, added if it is not there yet.
    fn link(&mut self, from: Vec<Candidate>, to: Vec<Candidate>, kind: LinkKind) -> usize {
        let link = Link { from, to, kind };
        match self.links.iter().position(|l| *l == link) {
            Some(index) => index,
            None => {
                self.links.push(link);
                self.links.len() - 1
            }
        }
    }

    /// Puts the chain on the step.
    pub(super) fn write_to(self, step: &mut Step) {
        step.implications = self.implications;
        step.links = self.links;
    }
}

/// How big a chain is for a reader: the implications to walk through (each one, premises
/// included, and those of its inner chain), then the inner trials and inner forcing chains
/// it uses. The explained finders keep the smallest.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct ChainSize {
    pub(super) n_walked: usize,
    pub(super) n_nested: usize,
}

impl ChainSize {
    /// Bigger than any chain: the size of a step without one.
    pub(super) const UNKNOWN: ChainSize = ChainSize {
        n_walked: usize::MAX,
        n_nested: usize::MAX,
    };

    /// The size of the chain a resolved branch writes (see [`ChainWriter::append`]), without
    /// writing it.
    pub(super) fn of(branch: &Branch) -> ChainSize {
        ChainSize::of_facts(&branch.derivation, &branch.ends)
    }

    fn of_facts(d: &Derivation, ends: &[u32]) -> ChainSize {
        let mut size = ChainSize {
            n_walked: 0,
            n_nested: 0,
        };
        for id in d.ancestors(ends) {
            let Some(fact) = d.fact(id) else {
                continue; // a fact of the derivation around: not in this chain
            };
            size.n_walked += 1;
            size.n_nested += usize::from(matches!(
                fact.rule,
                Rule::InnerTrial | Rule::InnerForcing { .. }
            ));
            for inner in &fact.inner {
                let inner = ChainSize::of(inner);
                size.n_walked += inner.n_walked;
                size.n_nested += inner.n_nested;
            }
        }
        size
    }
}

/// A fact as other implications name it: "r3c9 = 3", or "r4c4 ≠ 4" for each candidate it
/// takes out.
fn fact_names(shape: Shape, fact: &Fact) -> Vec<String> {
    let sign = if fact.is_placement { "=" } else { "≠" };
    fact.targets
        .iter()
        .map(|c| format!("{} {sign} {}", c.cell.name(shape), shape.show(c.digit)))
        .collect()
}

/// A parent as a fact names it: a placement whole, an elimination by the candidates of it the
/// fact rests on (all of them when it does not say which, as for an inner trial).
fn parent_names(shape: Shape, parent: &Fact, fact: &Fact) -> Vec<String> {
    let names = fact_names(shape, parent);
    if parent.is_placement {
        return names;
    }
    let used: Vec<String> = parent
        .targets
        .iter()
        .zip(&names)
        .filter(|(c, _)| fact.removed.contains(c))
        .map(|(_, name)| name.clone())
        .collect();
    if used.is_empty() {
        names
    } else {
        used
    }
}
