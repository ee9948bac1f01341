//! Human techniques: each finds the next deduction of its kind on a board.
//!
//! Every technique is a [`Finder`]: a function from the board to the first step of that
//! technique it finds, with its pattern, its changes and its sentence filled in (the depth is
//! set by the stepper, the step's own ER by [`next_deduction`]). The [`Ladder`] lists finders
//! from easiest to hardest; a stepper asks them in order and applies the first step found, so
//! the easiest step always comes first.

pub mod als;
pub mod cages;
pub mod chains;
pub mod colouring;
pub mod fish;
pub mod forcing;
pub mod innies;
pub mod intersections;
mod memo;
pub mod relations;
pub mod single_digit;
pub mod singles;
pub mod subsets;
pub mod uniqueness;
pub mod util;
pub mod wings;

use crate::geometry::Geometry;
use crate::technique::{length_bonus, Needs, Technique, Uniqueness};
use crate::trace::{Board, Implication, Step, StepKind};
use std::sync::OnceLock;

/// What the steps a ladder finds hold besides their technique, difficulty and changes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Detail {
    /// All a reader needs: the sentence, the pattern, and for forcing chains each
    /// implication and link, which a derivation rebuilds once the premise is found.
    Explained,
    /// What a rating reads. The forcing chains, the one family whose explanation costs a
    /// second search, come with a short sentence, their premises and their dead end as the
    /// search met it, but no implications or links; every other technique comes explained.
    /// Where several forcing chains of a technique apply, it takes the first found, while
    /// `Explained` takes the one a person can follow best (`forcing::alternatives`): the
    /// technique is the same, the changes may differ. Every other step is that of `Explained`.
    Bare,
}

/// Finds the first step of one technique on a board, if the technique applies.
pub type Finder = fn(&Board) -> Option<Step>;

/// A rung of the ladder: a technique and the function that finds it.
#[derive(Copy, Clone)]
pub struct Rung {
    /// The technique this rung finds (its hardest variant, for families).
    pub technique: Technique,
    /// The finder.
    pub find: Finder,
}

/// Finders ordered from easiest to hardest.
pub type Ladder = &'static [Rung];

/// Singles only: full house, hidden singles, naked singles.
pub const SINGLES: Ladder = &[
    Rung {
        technique: Technique::FullHouse,
        find: singles::full_house,
    },
    Rung {
        technique: Technique::HiddenSingleBox,
        find: singles::hidden_single_box,
    },
    Rung {
        technique: Technique::HiddenSingleLine,
        find: singles::hidden_single_line,
    },
    Rung {
        technique: Technique::NakedSingle,
        find: singles::naked_single,
    },
];

/// The ladder of the "Singles + search" strategy on a layout: the singles, and on a layout
/// with rules beyond its houses the rungs that keep those rules (each relation's own, Cage
/// Combinations), so that search under it never goes far on a board the rules already rule
/// out. Easiest first.
pub fn singles_ladder(geometry: &Geometry) -> Ladder {
    static WITH_RULES: OnceLock<Vec<Rung>> = OnceLock::new();
    if !geometry.has_rules() {
        return SINGLES;
    }
    WITH_RULES.get_or_init(|| by_difficulty([SINGLES, relations::RUNGS, cages::BASIC].concat()))
}

/// Rungs sorted by their technique's difficulty; rungs of equal difficulty keep their order.
fn by_difficulty(rungs: Vec<Rung>) -> Vec<Rung> {
    let mut rungs: Vec<(usize, Rung)> = rungs.into_iter().enumerate().collect();
    // The position breaks ties, so the unstable sort gives the order a stable one would.
    rungs.sort_unstable_by(|(i, a), (j, b)| {
        a.technique
            .difficulty()
            .total_cmp(&b.technique.difficulty())
            .then(i.cmp(j))
    });
    rungs.into_iter().map(|(_, rung)| rung).collect()
}

/// The first step any rung of the ladder finds, trying the easiest first, with its own ER
/// ([`step_er`]) set once the finder has filled it in.
pub fn next_deduction(ladder: &[Rung], board: &Board) -> Option<Step> {
    let mut step = ladder.iter().find_map(|rung| (rung.find)(board))?;
    step.er = step_er(&step);
    Some(step)
}

/// A step's own difficulty on Sudoku Explainer's scale: its technique's difficulty, plus
/// Sudoku Explainer's [length bonus](length_bonus) for a chain, counted as the Sudoku
/// Explainer profile ([`crate::rating::se`]) counts the nodes of a chain that concludes one
/// candidate:
/// - X-Chain, XY-Chain, AIC and grouped AIC: the chain's nodes (one per link end, a group
///   being one node) plus 2, for the eliminated candidate assumed true and found false again,
///   which Sudoku Explainer counts as nodes of its forcing chain from that candidate to
///   itself. So a 6-node X-Chain counts 8 nodes: 6.6 + 0.2.
/// - Remote pair: two nodes per cell of the chain (both digits), plus 2 likewise.
/// - Nishio, cell, unit and nested forcing chains: every implication of the step, premises and
///   dead ends included, and every implication of the inner chains an implication rests on
///   (its `inner`, recursively), as Sudoku Explainer counts an inner chain's nodes.
///
/// (Sudoku Explainer itself takes 2 off a chain's count before it looks at the ceilings; the
/// profile does not, and these counts follow the profile, so that a step and the profile give
/// the same ER for the same chain.)
///
/// Every other deduction, and a chain without its links or implications, keeps its
/// technique's difficulty: in particular the forcing chains of a rating's bare steps
/// ([`Detail::Bare`]), which come without their implications. Search steps have 0.
pub fn step_er(step: &Step) -> f32 {
    use Technique as T;
    if step.kind != StepKind::Deduction {
        return step.difficulty;
    }
    let n_nodes = match step.technique {
        T::XChain | T::XYChain | T::Aic | T::GroupedAic if !step.links.is_empty() => {
            step.links.len() + 1 + 2
        }
        T::RemotePair if !step.cells.is_empty() => 2 * step.cells.len() + 2,
        T::NishioForcingChain
        | T::CellForcingChain
        | T::UnitForcingChain
        | T::NestedForcingChain
            if !step.implications.is_empty() =>
        {
            n_implications(&step.implications)
        }
        _ => return step.difficulty,
    };
    // In tenths, as the Sudoku Explainer profile adds them, so a step and the profile give
    // the very same number for the same difficulty.
    let base = (step.difficulty * 10.0).round() as u16;
    f32::from(base + length_bonus(n_nodes)) / 10.0
}

/// The implications of a chain and of the inner chains they rest on, recursively.
fn n_implications(implications: &[Implication]) -> usize {
    implications
        .iter()
        .map(|implication| 1 + n_implications(&implication.inner))
        .sum()
}

/// The ladder of the Human strategy on a layout: every technique family sound there, easiest
/// first, with the uniqueness techniques only when the puzzle is known to have one solution,
/// and the rule techniques (cages, innies and outies, each relation's own) only on a layout
/// with rules beyond its houses.
pub fn human_ladder(uniqueness: Uniqueness, geometry: &Geometry) -> Ladder {
    human_ladder_with(uniqueness, geometry, Detail::Explained)
}

/// The ladder of [`human_ladder`], its steps with `detail`: the same rungs in the same order.
pub fn human_ladder_with(uniqueness: Uniqueness, geometry: &Geometry, detail: Detail) -> Ladder {
    /// The ladders by what the layout offers (`Needs`).
    type ByNeeds = [OnceLock<Vec<Rung>>; 3];
    // By detail, uniqueness, whether the layout has rules, and what the layout offers.
    static LADDERS: [[[ByNeeds; 2]; 2]; 2] =
        [const { [const { [const { [const { OnceLock::new() }; 3] }; 2] }; 2] }; 2];
    let offered = Needs::of(geometry);
    let has_rules = geometry.has_rules();
    let build = || {
        let rules: [&[Rung]; 4] = if has_rules {
            [relations::RUNGS, cages::BASIC, cages::RUNGS, innies::RUNGS]
        } else {
            [&[]; 4]
        };
        let families: [&[Rung]; 15] = [
            SINGLES,
            rules[0],
            rules[1],
            rules[3],
            intersections::RUNGS,
            rules[2],
            subsets::RUNGS,
            fish::RUNGS,
            single_digit::RUNGS,
            wings::RUNGS,
            colouring::RUNGS,
            uniqueness::RUNGS,
            chains::RUNGS,
            als::RUNGS,
            forcing::rungs(detail),
        ];
        let rungs: Vec<Rung> = families
            .into_iter()
            .flatten()
            .copied()
            .filter(|rung| rung.technique.needs() <= offered)
            .filter(|rung| {
                uniqueness == Uniqueness::Known || !rung.technique.relies_on_uniqueness()
            })
            .collect();
        by_difficulty(rungs)
    };
    let known = usize::from(uniqueness == Uniqueness::Known);
    let bare = usize::from(detail == Detail::Bare);
    LADDERS[bare][known][usize::from(has_rules)][offered as usize].get_or_init(build)
}
