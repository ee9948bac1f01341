//! Each step's own ER (`Step::er`) against the Sudoku Explainer profile, puzzle by puzzle:
//! where the profile's solve and our Human trace have the same hardest technique, the largest
//! ER a step of our trace shows is the profile's ER.
//!
//! Without a chain the two must be equal: the technique has one difficulty on both sides and
//! no length bonus. For the chains they are compared and reported, not asserted: the two
//! solves take different paths, so their hardest chains are seldom the same chain, and our
//! techniques' bases differ from Sudoku Explainer's for some (XY-Chain 6.8 against its
//! Forcing Chain 7.0, Nishio 7.6 against 7.5). Run with `--nocapture` to see the table.

mod common;

use std::collections::BTreeMap;
use stepdoku::rating::agreement::parse_peer_table;
use stepdoku::rating::se::{SeOutcome, SeRating};
use stepdoku::{Grid, Shape, StepKind, Strategy, Technique};

/// The fewest puzzles without a chain whose ERs are compared, the fewest techniques among
/// them, and the fewest puzzles with the same hardest chain family on both sides: with
/// `tests/data` alone (26, 10 and 50 when written), and with samples of the shared
/// collections too (1276, 16 and 236).
const MIN_CHECKED_OWN: Minimums = Minimums {
    n_plain: 20,
    n_plain_techniques: 8,
    n_chains: 30,
};
const MIN_CHECKED_SHARED: Minimums = Minimums {
    n_plain: 1000,
    n_plain_techniques: 12,
    n_chains: 150,
};

/// How much a run must compare, so that it cannot pass by comparing nothing.
struct Minimums {
    n_plain: usize,
    n_plain_techniques: usize,
    n_chains: usize,
}

/// The hardest step of a solve: its technique's name and family, and the solve's ER.
#[derive(Clone, Debug)]
struct Hardest {
    /// Our technique, or Sudoku Explainer's name of its hardest step.
    name: String,
    /// What both sides call the same technique (see [`ours`] and [`theirs`]).
    family: Family,
    /// The largest ER of a step.
    er: f32,
}

/// A technique as both solves know it: one without a chain, by the name Sudoku Explainer
/// gives it, or a chain family.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Family {
    /// A technique with a fixed difficulty on both sides.
    Plain(&'static str),
    /// A chain whose ER has a length bonus.
    Chain(&'static str),
    /// A technique the other side has no match for (our Full House, Sudoku Explainer's
    /// "direct" techniques, the uniqueness types it rates alike).
    Own,
}

/// The family of our technique.
fn our_family(technique: Technique) -> Family {
    use Family::{Chain, Own, Plain};
    use Technique as T;
    match technique {
        T::HiddenSingleBox => Plain("Hidden Single in a box"),
        T::HiddenSingleLine => Plain("Hidden Single in a line"),
        T::NakedSingle => Plain("Naked Single"),
        T::Pointing => Plain("Pointing"),
        T::Claiming => Plain("Claiming"),
        T::NakedPair => Plain("Naked Pair"),
        T::XWing => Plain("X-Wing"),
        T::HiddenPair => Plain("Hidden Pair"),
        T::NakedTriple => Plain("Naked Triplet"),
        T::Swordfish => Plain("Swordfish"),
        T::HiddenTriple => Plain("Hidden Triplet"),
        T::XYWing => Plain("XY-Wing"),
        T::XYZWing => Plain("XYZ-Wing"),
        T::UniqueRectangle1 => Plain("Unique Rectangle"),
        T::NakedQuad => Plain("Naked Quad"),
        T::Jellyfish => Plain("Jellyfish"),
        T::HiddenQuad => Plain("Hidden Quad"),
        T::BugPlusOne => Plain("BUG type 1"),
        T::XChain => Chain("X-chain"),
        T::XYChain | T::RemotePair | T::Aic | T::GroupedAic => Chain("XY-chain"),
        T::NishioForcingChain => Chain("Nishio"),
        T::CellForcingChain => Chain("cell forcing chain"),
        T::UnitForcingChain => Chain("region forcing chain"),
        T::NestedForcingChain => Chain("nested forcing chain"),
        _ => Own,
    }
}

/// The family of Sudoku Explainer's hardest step, whose ER tells a hidden single in a box
/// (1.2) from one in a line (1.5).
fn their_family(name: &str, er: f32) -> Family {
    use Family::{Chain, Own, Plain};
    match name {
        "Hidden Single" if er == 1.2 => Plain("Hidden Single in a box"),
        "Hidden Single" => Plain("Hidden Single in a line"),
        // A Turbot Fish is Sudoku Explainer's forcing X-chain; a Forcing Chain uses both
        // kinds of link, as an XY-chain or an AIC does.
        "Turbot Fish" => Chain("X-chain"),
        "Forcing Chain" => Chain("XY-chain"),
        // Our Nishio follows singles of every digit to a dead end, as Sudoku Explainer's
        // dynamic contradiction chain does (its Nishio follows one digit); our cell forcing
        // chain on a two-candidate cell is its double forcing chain.
        "Nishio Forcing Chains" | "Dynamic Contradiction Forcing Chains" => Chain("Nishio"),
        "Cell Forcing Chains" | "Dynamic Cell Forcing Chains" | "Dynamic Double Forcing Chains" => {
            Chain("cell forcing chain")
        }
        "Region Forcing Chains" | "Dynamic Region Forcing Chains" => Chain("region forcing chain"),
        n if n.contains("(+") => Chain("nested forcing chain"),
        n if n.starts_with("Direct ") => Own,
        n => [
            "Naked Single",
            "Pointing",
            "Claiming",
            "Naked Pair",
            "X-Wing",
            "Hidden Pair",
            "Naked Triplet",
            "Swordfish",
            "Hidden Triplet",
            "XY-Wing",
            "XYZ-Wing",
            "Unique Rectangle",
            "Naked Quad",
            "Jellyfish",
            "Hidden Quad",
            "BUG type 1",
        ]
        .into_iter()
        .find(|&plain| plain == n)
        .map_or(Own, Plain),
    }
}

/// Our Human trace's hardest step by its own ER (the first of the largest), or `None` when
/// the trace guesses.
fn ours(puzzle: &Grid) -> Option<Hardest> {
    let mut stepper = stepdoku::stepper(puzzle, Strategy::Human);
    let mut hardest: Option<(f32, Technique)> = None;
    while let Some(step) = stepper.next_step() {
        match step.kind {
            StepKind::Guess => return None,
            StepKind::Deduction if hardest.is_none_or(|(er, _)| step.er > er) => {
                hardest = Some((step.er, step.technique));
            }
            _ => {}
        }
    }
    let (er, technique) = hardest?;
    Some(Hardest {
        name: technique.name().to_string(),
        family: our_family(technique),
        er,
    })
}

/// The Sudoku Explainer profile's hardest step, or `None` when it gave up.
fn theirs(puzzle: &Grid) -> Option<Hardest> {
    let rating = SeRating::of_puzzle(puzzle);
    if rating.outcome != SeOutcome::Solved {
        return None;
    }
    let name = rating.hardest?;
    Some(Hardest {
        name: name.to_string(),
        family: their_family(name, rating.er),
        er: rating.er,
    })
}

/// The classic 9×9 puzzles with one solution of `tests/data` and, when they are beside the
/// repository, samples of the shared collections.
fn puzzles() -> Vec<Grid> {
    let is_classic_nine = |g: &Grid| g.shape() == Shape::NINE && g.geometry().is_classic();
    let mut puzzles: Vec<Grid> = common::own_cases(include_str!("data/classic.txt"))
        .into_iter()
        .filter(|case| case.n_solutions == 1)
        .map(|case| case.puzzle)
        .collect();
    puzzles.extend(
        include_str!("data/generated.txt")
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split('\t').nth(2))
            .filter_map(|p| Grid::parse(p).ok()),
    );
    puzzles.extend(
        include_str!("data/forcing.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| Grid::parse(l).expect("a puzzle")),
    );
    let table = parse_peer_table(include_str!("data/se_hodoku_ratings.tsv")).expect("a table");
    puzzles.extend(table.into_iter().map(|row| row.puzzle));
    puzzles.extend(common::sample("17_clue", 3000));
    puzzles.extend(common::sample("magictour_top1465", 150));
    puzzles.extend(common::load("norvig_top95"));
    puzzles.extend(common::load("norvig_hardest"));
    puzzles.retain(|g| is_classic_nine(g) && g.marks().is_none());
    puzzles.sort_by_key(Grid::to_line);
    puzzles.dedup_by_key(|g| g.to_line());
    puzzles
}

/// Both hardest steps of each puzzle, on every core of the machine.
fn pairs(puzzles: &[Grid]) -> Vec<(Grid, Option<Hardest>, Option<Hardest>)> {
    let n_threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = puzzles.len().div_ceil(n_threads).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = puzzles
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|p| (p.clone(), ours(p), theirs(p)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a rating thread panicked"))
            .collect()
    })
}

/// How the ERs of one family compare, over the puzzles whose hardest steps both are of it.
#[derive(Debug, Default)]
struct Tally {
    n: usize,
    n_equal: usize,
    n_within_tenth: usize,
    /// The sum of ours minus theirs.
    sum_diff: f64,
}

#[test]
fn a_steps_er_is_sudoku_explainers_where_the_hardest_technique_is_the_same() {
    let puzzles = puzzles();
    let mut plain: BTreeMap<&'static str, Tally> = BTreeMap::new();
    let mut chains: BTreeMap<(String, String), Tally> = BTreeMap::new();
    let mut n_unmatched = 0;
    let mut n_unrated = 0;
    for (puzzle, ours, theirs) in pairs(&puzzles) {
        let (Some(ours), Some(theirs)) = (ours, theirs) else {
            n_unrated += 1;
            continue;
        };
        let diff = ours.er - theirs.er;
        let tally = match (&ours.family, &theirs.family) {
            (Family::Plain(a), Family::Plain(b)) if a == b => {
                assert_eq!(
                    ours.er, theirs.er,
                    "{puzzle}: our hardest step, {} of ER {}, is Sudoku Explainer's {} of {}",
                    ours.name, ours.er, theirs.name, theirs.er
                );
                plain.entry(a).or_default()
            }
            (Family::Chain(a), Family::Chain(b)) if a == b => {
                if diff.abs() > 0.05 {
                    println!(
                        "{puzzle}: {} ER {:.1}, Sudoku Explainer's {} {:.1}",
                        ours.name, ours.er, theirs.name, theirs.er
                    );
                }
                chains.entry((ours.name, theirs.name)).or_default()
            }
            _ => {
                n_unmatched += 1;
                continue;
            }
        };
        tally.n += 1;
        tally.n_equal += usize::from(diff.abs() < 0.05);
        tally.n_within_tenth += usize::from(diff.abs() < 0.15);
        tally.sum_diff += f64::from(diff);
    }
    println!("{} puzzles", puzzles.len());
    println!("without a chain, ER equal on every puzzle with the same hardest technique:");
    for (name, tally) in &plain {
        println!("  {name:24} {:4}", tally.n);
    }
    println!("chains, ours and Sudoku Explainer's: puzzles, ER equal, within 0.1, mean difference (ours − theirs):");
    for ((name, se_name), tally) in &chains {
        println!(
            "  {name:28} {se_name:56} {:4} {:4} {:4} {:+.2}",
            tally.n,
            tally.n_equal,
            tally.n_within_tenth,
            tally.sum_diff / tally.n as f64
        );
    }
    println!(
        "{n_unmatched} puzzles with different hardest techniques, {n_unrated} not rated by both"
    );
    let min = if common::has_shared_data() {
        MIN_CHECKED_SHARED
    } else {
        MIN_CHECKED_OWN
    };
    let n_plain: usize = plain.values().map(|t| t.n).sum();
    assert!(
        n_plain >= min.n_plain,
        "{n_plain} puzzles without a chain checked"
    );
    assert!(plain.len() >= min.n_plain_techniques, "{plain:?}");
    let n_chains: usize = chains.values().map(|t| t.n).sum();
    assert!(n_chains >= min.n_chains, "{chains:?}");
}
