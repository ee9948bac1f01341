//! The chain search of the Sudoku Explainer profile: the tiers of chains in order of base
//! difficulty, each concluding one placement or one elimination.
//!
//! - `forcing`: the tier loops, and the contradiction and double-implication conclusions
//!   of binary chains (forcing X- and XY-chains, dynamic chains);
//! - `nishio`: one-digit chains that lead to a contradiction;
//! - `multiple`: cell and region forcing chains;
//! - `dynamic`: the propagation of an assumption, with the "+" rules (locked candidates,
//!   subsets and fish on the board as the chain leaves it);
//! - `nested`: static forcing chains and static cell and region forcing chains run inside a
//!   dynamic chain, their conclusions added as its nodes.

mod dynamic;
mod forcing;
mod multiple;
mod nested;
mod nishio;

use super::board::{candidate, Board9};
use super::difficulty::tier_base;
use super::implications::{Ancestry, Implications, Reach};
use super::{Action, Hint, Tenths};

/// How implications are drawn.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Mode {
    /// An off candidate implies the other of a bivalue cell or a bilocal house, as the board
    /// stands.
    Static,
    /// One digit only; a house whose other places are off forces the last one.
    Nishio,
    /// A cell or house whose other candidates are off (so far in the chain) forces the last.
    Dynamic,
    /// Dynamic, and when nothing more follows, locked candidates on the board as the chain
    /// leaves it (Sudoku Explainer's "+").
    DynamicPlus,
    /// Dynamic plus, and when locked candidates give nothing more either, the conclusions of
    /// static forcing chains on the board as the chain leaves it (Sudoku Explainer's
    /// "+ Forcing Chains"). Each such node counts its inner chain's nodes too.
    DynamicForcing,
    /// Dynamic forcing, and when static forcing chains give nothing more either, the
    /// conclusions of static cell and region forcing chains on the board as the chain leaves
    /// it (Sudoku Explainer's "+ Multiple Forcing Chains").
    DynamicMultiple,
}

/// The tiers of chains, in order of base difficulty.
const TIERS: [Mode; 6] = [
    Mode::Static,
    Mode::Nishio,
    Mode::Dynamic,
    Mode::DynamicPlus,
    Mode::DynamicForcing,
    Mode::DynamicMultiple,
];

/// Where a propagation begins.
#[derive(Copy, Clone)]
enum Origin {
    /// A single assumption, the node given.
    Start(usize),
    /// Where the same assumption's propagation of the tier below (given) stopped, every
    /// rule of that tier exhausted: it goes on with the rules this tier adds. Each tier
    /// tries its rules in order, a rule only when the ones before it give nothing, and adds
    /// its own last, so the propagation goes on exactly as one begun in this tier would.
    Exhausted(Mode),
}

/// Where an inner chain ends: a node both ends of its strong link imply, or a contradiction
/// (candidate `.1` both on and off) that one end (`.0`) implies.
#[derive(Copy, Clone)]
enum Targets {
    Both(usize),
    Contradiction(usize, usize),
}

/// The chain search and its buffers: the implications of both assumptions about each of
/// the 729 candidates, kept between tiers so that a tier can go on from where the one below
/// stopped.
pub(super) struct Chains {
    on: Vec<Implications>,
    off: Vec<Implications>,
    ancestry: Ancestry,
    scratch: Vec<u16>,
    /// The static implications of each end of a strong link an inner chain search starts
    /// from, reused between searches.
    inner: Vec<Implications>,
    /// The reaches of an inner search's assumptions, reused between searches.
    reach: Vec<Reach>,
    /// Where a tier that may end early starts its walk over the cells: where the last one
    /// ended, since the next hint is often near the last.
    first_cell: usize,
    /// The tier whose propagations `on` and `off` hold in full for the board at hand, every
    /// assumption followed until its rules gave nothing more.
    exhausted: Option<Mode>,
}

/// A chain conclusion: the node that holds and the chain's difficulty.
#[derive(Clone, Copy)]
struct Conclusion {
    difficulty: Tenths,
    name: &'static str,
    node: usize,
}

/// The chain buffers of finished solves: a few megabytes each, which each solve would
/// otherwise allocate and zero again. A rating runs its solve on a thread of its own, so
/// the buffers are shared between threads rather than kept per thread.
static SPARE_CHAINS: std::sync::Mutex<Vec<Chains>> = std::sync::Mutex::new(Vec::new());

/// How many spare chain buffers are kept: one per solve that can run at once, on most machines.
const SPARES_KEPT: usize = 8;

impl Chains {
    /// Spare chain buffers, or new ones.
    pub(super) fn take() -> Chains {
        let spare = SPARE_CHAINS.lock().ok().and_then(|mut spares| spares.pop());
        let mut chains = spare.unwrap_or_else(Chains::new);
        chains.first_cell = 0;
        chains
    }

    /// Keeps the buffers for a later solve.
    pub(super) fn give_back(self) {
        if let Ok(mut spares) = SPARE_CHAINS.lock() {
            if spares.len() < SPARES_KEPT {
                spares.push(self);
            }
        }
    }

    fn new() -> Chains {
        Chains {
            on: (0..729).map(|_| Implications::new()).collect(),
            off: (0..729).map(|_| Implications::new()).collect(),
            ancestry: Ancestry::new(),
            scratch: Vec::new(),
            inner: Vec::new(),
            reach: Vec::new(),
            first_cell: 0,
            exhausted: None,
        }
    }

    /// The easiest chain hint: the tiers in order of base difficulty, stopping when the next
    /// base is no easier than the best found. A hint no harder than `enough` ends the search.
    pub(super) fn easiest(&mut self, board: &Board9, enough: Tenths) -> Option<Hint> {
        let mut best: Option<Conclusion> = None;
        self.exhausted = None;
        for mode in TIERS {
            let base = tier_base(mode);
            if best.is_some_and(|b| b.difficulty <= base.max(enough))
                || (mode == Mode::DynamicMultiple && best.is_some())
            {
                break;
            }
            let found = match mode {
                Mode::Nishio => {
                    self.exhausted = None;
                    self.nishio(board)
                }
                Mode::Static => self.static_tier(board, enough),
                _ => self.tier(board, mode, enough),
            };
            if let Some(found) = found {
                if best.is_none_or(|b| found.difficulty < b.difficulty) {
                    best = Some(found);
                }
            }
        }
        best.map(|c| {
            let (k, on) = (c.node / 2, c.node % 2 == 1);
            let about = candidate(k / 9, (k % 9) as u8);
            Hint {
                difficulty: c.difficulty,
                name: c.name,
                action: if on {
                    Action::Place(about)
                } else {
                    Action::Eliminate(vec![about])
                },
            }
        })
    }
}

/// Whether a node says something new: an off node about a candidate still there, or an on
/// node about an empty cell.
fn still_open(board: &Board9, n: usize) -> bool {
    let k = n / 2;
    board.candidates[k / 9] & (1 << (k % 9)) != 0
}

fn keep_easier(best: &mut Option<Conclusion>, found: Conclusion) {
    if best.is_none_or(|b| found.difficulty < b.difficulty) {
        *best = Some(found);
    }
}
