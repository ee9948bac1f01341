//! Human techniques: each finds the next deduction of its kind on a board.
//!
//! Every technique is a [`Finder`]: a function from the board to the first step of that
//! technique it finds, with its pattern, its changes and its sentence filled in (the depth is
//! set by the stepper). The [`Ladder`] lists finders from easiest to hardest; a stepper asks
//! them in order and applies the first step found, so the easiest step always comes first.

pub mod als;
pub mod chains;
pub mod colouring;
pub mod fish;
pub mod forcing;
pub mod intersections;
pub mod single_digit;
pub mod singles;
pub mod subsets;
pub mod uniqueness;
pub mod util;
pub mod wings;

use crate::geometry::Geometry;
use crate::technique::{Needs, Technique, Uniqueness};
use crate::trace::{Board, Step};
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
    /// The steps themselves (which technique, which changes) are those of `Explained`.
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

/// The first step any rung of the ladder finds, trying the easiest first.
pub fn next_deduction(ladder: &[Rung], board: &Board) -> Option<Step> {
    ladder.iter().find_map(|rung| (rung.find)(board))
}

/// The ladder of the Human strategy on a layout: every technique family sound there, easiest
/// first, with the uniqueness techniques only when the puzzle is known to have one solution.
pub fn human_ladder(uniqueness: Uniqueness, geometry: &Geometry) -> Ladder {
    human_ladder_with(uniqueness, geometry, Detail::Explained)
}

/// The ladder of [`human_ladder`], its steps with `detail`: the same rungs in the same order.
pub fn human_ladder_with(uniqueness: Uniqueness, geometry: &Geometry, detail: Detail) -> Ladder {
    static LADDERS: [[[OnceLock<Vec<Rung>>; 3]; 2]; 2] =
        [const { [const { [const { OnceLock::new() }; 3] }; 2] }; 2];
    let offered = Needs::of(geometry);
    let build = || {
        let families: [&[Rung]; 11] = [
            SINGLES,
            intersections::RUNGS,
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
        let mut rungs: Vec<(usize, Rung)> = families
            .into_iter()
            .flatten()
            .copied()
            .filter(|rung| rung.technique.needs() <= offered)
            .filter(|rung| {
                uniqueness == Uniqueness::Known || !rung.technique.relies_on_uniqueness()
            })
            .enumerate()
            .collect();
        // Rungs of equal difficulty keep the order of the families above: the position in
        // that list breaks ties, so the unstable sort gives the order a stable one would.
        rungs.sort_unstable_by(|(i, a), (j, b)| {
            a.technique
                .difficulty()
                .total_cmp(&b.technique.difficulty())
                .then(i.cmp(j))
        });
        rungs.into_iter().map(|(_, rung)| rung).collect()
    };
    let known = usize::from(uniqueness == Uniqueness::Known);
    let bare = usize::from(detail == Detail::Bare);
    LADDERS[bare][known][offered as usize].get_or_init(build)
}
