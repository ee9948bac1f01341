//! The chains of forcing steps: on every forcing step of the Human traces of hard puzzles,
//! each implication follows by its rule from the implications it names (replayed on the board
//! before the step with only those applied), the chain ends where the step says (a dead end,
//! or on every branch the step's conclusion), and no implication goes unused.
//!
//! Puzzles: `tests/data/forcing.txt` (our own, always), then samples of the shared hard
//! collections when `../shared/data` is there.

mod common;

use stepdoku::logic::forcing::{self, Reach, Trial};
use stepdoku::logic::{self, Detail};
use stepdoku::strategy::{SearchStepper, Uniqueness};
use stepdoku::trace::{Implication, Rule};
use stepdoku::{Board, Change, Grid, Step, StepKind, Stepper, Technique};

const FORCING: [Technique; 4] = [
    Technique::NishioForcingChain,
    Technique::CellForcingChain,
    Technique::UnitForcingChain,
    Technique::NestedForcingChain,
];

/// The board with the changes of the implications `from` applied: a placement with its
/// digit taken out of its peers (its cell's other candidates go with the placement).
fn board_with(base: &Board, implications: &[Implication], from: &[usize]) -> Board {
    let mut board = base.clone();
    for &p in from {
        for &change in &implications[p].changes {
            match change {
                Change::Place { cell, digit } => {
                    assert!(board.value(cell).is_none(), "two placements in one cell");
                    for c in board.placement_changes(cell, digit) {
                        board.apply(c);
                    }
                }
                Change::Eliminate { cell, digit } => {
                    if board.has_candidate(cell, digit) {
                        board.apply(change);
                    }
                }
                other => panic!("an implication only places and eliminates: {other:?}"),
            }
        }
    }
    board
}

/// Checks one implication against its rule on the board with its parents applied.
fn check_implication(base: &Board, step: &Step, at: usize) {
    let all = &step.implications;
    let implication = &all[at];
    let context = format!(
        "step \"{}\", implication {at}: {}",
        step.text, implication.text
    );
    assert!(
        implication.from.iter().all(|&p| p < at),
        "{context}: rests on a later one"
    );
    let board = board_with(base, all, &implication.from);
    let geometry = base.geometry();
    let only_change = || match implication.changes[..] {
        [Change::Place { cell, digit }] => (cell, digit, true),
        [Change::Eliminate { cell, digit }] => (cell, digit, false),
        _ => panic!("{context}: one change expected"),
    };
    match implication.rule {
        Rule::Premise => {
            let (cell, digit, is_place) = only_change();
            assert!(is_place && implication.from.is_empty(), "{context}");
            assert!(base.has_candidate(cell, digit), "{context}");
        }
        Rule::NakedSingle => {
            let (cell, digit, is_place) = only_change();
            assert!(is_place, "{context}");
            assert_eq!(
                board.candidates(cell).iter().collect::<Vec<_>>(),
                vec![digit],
                "{context}"
            );
        }
        Rule::HiddenSingle { house } => {
            let (cell, digit, is_place) = only_change();
            assert!(is_place, "{context}");
            assert!(!board.grid().digits_in(house).contains(digit), "{context}");
            assert_eq!(board.places_for(digit, house), vec![cell], "{context}");
        }
        Rule::Peer => {
            assert!(implication.from.len() == 1, "{context}");
            let [Change::Place {
                cell: placed,
                digit: held,
            }] = all[implication.from[0]].changes[..]
            else {
                panic!("{context}: a peer elimination rests on one placement");
            };
            assert!(!implication.changes.is_empty(), "{context}");
            for &change in &implication.changes {
                let Change::Eliminate { cell, digit } = change else {
                    panic!("{context}: a peer elimination eliminates");
                };
                assert!(
                    (placed == cell && held != digit)
                        || (geometry.sees(placed, cell) && held == digit),
                    "{context}"
                );
            }
        }
        Rule::LockedCandidates { source, target } => {
            assert!(!implication.changes.is_empty(), "{context}");
            for &change in &implication.changes {
                let Change::Eliminate { cell, digit } = change else {
                    panic!("{context}: locked candidates eliminate");
                };
                let places = board.places_for(digit, source);
                assert!(!places.is_empty(), "{context}");
                let in_target = geometry.cells_of(target);
                assert!(places.iter().all(|c| in_target.contains(c)), "{context}");
                assert!(in_target.contains(&cell), "{context}");
                assert!(!geometry.cells_of(source).contains(&cell), "{context}");
                assert!(base.has_candidate(cell, digit), "{context}");
            }
        }
        Rule::InnerTrial => {
            let (cell, digit, is_place) = only_change();
            assert!(!is_place, "{context}");
            assert!(
                Trial::new(&board)
                    .assume(cell, digit, Reach::LockedCandidates)
                    .is_err(),
                "{context}: the inner trial does not fail"
            );
        }
        Rule::InnerForcing { either, or } => {
            // One of the two holds: they are the two candidates of a cell, or the two
            // places of a digit in a house.
            let is_cell_pair = either.cell == or.cell
                && board.candidates(either.cell).iter().collect::<Vec<_>>()
                    == vec![either.digit, or.digit];
            let is_house_pair = either.digit == or.digit
                && geometry.houses().any(|house| {
                    board.places_for(either.digit, house) == vec![either.cell, or.cell]
                });
            assert!(
                is_cell_pair || is_house_pair,
                "{context}: not an either-or pair"
            );
            assert!(!implication.changes.is_empty(), "{context}");
            for side in [either, or] {
                let mut trial = Trial::new(&board);
                assert!(
                    trial
                        .assume(side.cell, side.digit, Reach::LockedCandidates)
                        .is_ok(),
                    "{context}: a side fails"
                );
                for &change in &implication.changes {
                    let Change::Eliminate { cell, digit } = change else {
                        panic!("{context}: an inner forcing chain eliminates");
                    };
                    let lost = match trial.value(cell) {
                        Some(value) => value != digit,
                        None => !trial.candidates(cell).contains(digit),
                    };
                    assert!(lost, "{context}: a side keeps {digit} in {cell:?}");
                }
            }
        }
        Rule::NoCandidate { cell } => {
            assert!(implication.changes.is_empty(), "{context}");
            assert!(
                board.value(cell).is_none() && board.candidates(cell).is_empty(),
                "{context}"
            );
        }
        Rule::NoPlace { digit, house } => {
            assert!(implication.changes.is_empty(), "{context}");
            assert!(!board.grid().digits_in(house).contains(digit), "{context}");
            assert!(board.places_for(digit, house).is_empty(), "{context}");
        }
    }
}

fn is_dead_end(implication: &Implication) -> bool {
    matches!(
        implication.rule,
        Rule::NoCandidate { .. } | Rule::NoPlace { .. }
    )
}

/// Whether an implication says (part of) what the step concludes.
fn is_conclusion(step: &Step, implication: &Implication) -> bool {
    implication.changes.iter().any(|&change| match change {
        Change::Place { .. } => step.changes.first() == Some(&change),
        Change::Eliminate { .. } => {
            step.placements().next().is_none() && step.changes.contains(&change)
        }
        _ => false,
    })
}

/// Checks a forcing step's whole chain on the board before it.
fn check_chain(base: &Board, step: &Step) {
    let all = &step.implications;
    assert!(!all.is_empty(), "no chain: {}", step.text);
    assert!(!step.links.is_empty(), "no arrows: {}", step.text);
    for at in 0..all.len() {
        check_implication(base, step, at);
    }
    // The branches, each from its premise.
    let starts: Vec<usize> = (0..all.len())
        .filter(|&i| all[i].rule == Rule::Premise)
        .collect();
    assert_eq!(starts.first(), Some(&0), "{}", step.text);
    let premises: Vec<Change> = starts.iter().map(|&i| all[i].changes[0]).collect();
    let pattern: Vec<Change> = step
        .pattern
        .iter()
        .map(|c| Change::Place {
            cell: c.cell,
            digit: c.digit,
        })
        .collect();
    assert_eq!(premises, pattern, "one branch per premise: {}", step.text);
    let conclusion: Vec<Change> = match step.placements().next() {
        Some(_) => step.changes[..1].to_vec(),
        None => step.changes.clone(),
    };
    for (k, &start) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(all.len());
        let branch = start..end;
        let ends: Vec<usize> = if is_dead_end(&all[end - 1]) {
            vec![end - 1]
        } else {
            assert!(
                step.technique != Technique::NishioForcingChain
                    && step.technique != Technique::NestedForcingChain,
                "a Nishio chain ends in a dead end: {}",
                step.text
            );
            let ends: Vec<usize> = branch
                .clone()
                .filter(|&i| is_conclusion(step, &all[i]))
                .collect();
            for change in &conclusion {
                assert!(
                    ends.iter().any(|&i| all[i].changes.contains(change)),
                    "branch {k} does not reach {change:?}: {}",
                    step.text
                );
            }
            ends
        };
        // No implication goes unused: each is an end or an ancestor of one.
        let mut used = vec![false; all.len()];
        let mut stack = ends.clone();
        while let Some(i) = stack.pop() {
            if !std::mem::replace(&mut used[i], true) {
                assert!(
                    all[i].from.iter().all(|p| branch.contains(p)),
                    "{}",
                    step.text
                );
                stack.extend(&all[i].from);
            }
        }
        for i in branch {
            assert!(used[i], "unused: {} in {}", all[i].text, step.text);
        }
    }
}

/// The deductions of the Human trace of `puzzle` up to its first search step, each with the
/// board before it.
fn deductions(puzzle: &Grid) -> Vec<(Board, Step)> {
    let mut stepper = SearchStepper::human(puzzle, Uniqueness::Known);
    let mut out = Vec::new();
    loop {
        let board = stepper.board().clone();
        match stepper.next_step() {
            Some(step) if step.kind == StepKind::Deduction => out.push((board, step)),
            _ => return out,
        }
    }
}

/// Checks every forcing step of the Human trace of `puzzle` (until its first guess); the
/// number of forcing steps checked.
fn check_puzzle(puzzle: &Grid) -> usize {
    let mut n_checked = 0;
    for (board, step) in deductions(puzzle) {
        if FORCING.contains(&step.technique) {
            check_chain(&board, &step);
            n_checked += 1;
            // Cell and unit forcing chains rarely come first in a trace (a Nishio usually
            // does), so they are asked for directly on the boards where forcing starts.
            for find in [forcing::cell_forcing_chain, forcing::unit_forcing_chain] {
                if let Some(other) = find(&board) {
                    check_chain(&board, &other);
                    n_checked += 1;
                }
            }
        } else {
            assert!(step.implications.is_empty(), "{}", step.text);
        }
    }
    n_checked
}

fn own_puzzles() -> Vec<Grid> {
    include_str!("data/forcing.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| Grid::parse(l).expect("a puzzle"))
        .collect()
}

#[test]
fn forcing_chains_of_our_own_puzzles_replay() {
    let mut techniques = Vec::new();
    let mut n_steps = 0;
    for puzzle in own_puzzles() {
        for (board, step) in deductions(&puzzle) {
            techniques.push(step.technique);
            if FORCING.contains(&step.technique) {
                let direct = [forcing::cell_forcing_chain, forcing::unit_forcing_chain];
                techniques.extend(
                    direct
                        .iter()
                        .filter_map(|find| find(&board))
                        .map(|s| s.technique),
                );
            }
        }
        n_steps += check_puzzle(&puzzle);
    }
    // The file holds puzzles that need each kind, so that each kind's chain is checked.
    for technique in FORCING {
        assert!(techniques.contains(&technique), "no {technique:?} step");
    }
    assert!(n_steps > 0);
}

#[test]
fn forcing_chains_of_the_hard_collections_replay() {
    for (name, max) in [("magictour_top1465", 40), ("forum_hardest_1106", 8)] {
        for puzzle in common::sample(name, max) {
            check_puzzle(&puzzle);
        }
    }
}

#[test]
fn a_forcing_sentence_stays_short_and_counts_the_chain() {
    for puzzle in own_puzzles() {
        for (_, step) in deductions(&puzzle) {
            if FORCING.contains(&step.technique) {
                let n = step
                    .implications
                    .iter()
                    .filter(|i| i.rule != Rule::Premise)
                    .count();
                assert!(
                    step.text.contains(&format!("{n} implication")),
                    "{}",
                    step.text
                );
                assert!(!step.text.contains("more placements"), "{}", step.text);
            }
        }
    }
}

/// Checks that the bare Human trace of `puzzle` (see [`Detail::Bare`]) takes the very steps
/// of the explained one, without the forcing chains' implications and links; the number of
/// forcing steps compared.
fn check_bare_trace(puzzle: &Grid) -> usize {
    let mut explained = SearchStepper::human_with(puzzle, Uniqueness::Known, Detail::Explained);
    let mut bare = SearchStepper::human_with(puzzle, Uniqueness::Known, Detail::Bare);
    let mut n_forcing = 0;
    loop {
        let (full, lean) = (explained.next_step(), bare.next_step());
        let (Some(full), Some(lean)) = (full, lean) else {
            return n_forcing;
        };
        assert_eq!(
            (full.kind, full.technique, full.difficulty, full.depth),
            (lean.kind, lean.technique, lean.difficulty, lean.depth),
            "{}",
            full.text
        );
        assert_eq!(full.changes, lean.changes, "{}", full.text);
        if FORCING.contains(&full.technique) {
            assert!(!full.implications.is_empty(), "{}", full.text);
            assert!(lean.implications.is_empty() && lean.links.is_empty());
            n_forcing += 1;
        } else {
            assert_eq!(full.text, lean.text);
        }
    }
}

#[test]
fn bare_traces_take_the_steps_of_explained_ones() {
    let classic = stepdoku::Geometry::classic(stepdoku::Shape::NINE);
    for uniqueness in [Uniqueness::Known, Uniqueness::Unknown] {
        let techniques = |detail| {
            logic::human_ladder_with(uniqueness, &classic, detail)
                .iter()
                .map(|rung| rung.technique)
                .collect::<Vec<_>>()
        };
        assert_eq!(techniques(Detail::Explained), techniques(Detail::Bare));
    }
    let mut n_forcing = 0;
    for puzzle in own_puzzles() {
        n_forcing += check_bare_trace(&puzzle);
    }
    assert!(n_forcing > 0, "no forcing step compared");
    for puzzle in common::sample("forum_hardest_1106", 4) {
        check_bare_trace(&puzzle);
    }
}

/// The forcing finders keep the trials of the board they last looked at for the next finder;
/// a finder gives the same step whether it runs first on a board or after the others.
#[test]
fn a_forcing_finder_gives_the_same_step_after_the_others() {
    // An easy puzzle (Project Euler 96, grid 1), whose board the memo then holds.
    let easy = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    let other = Board::new(&Grid::parse(easy).expect("a puzzle"));
    let finders = [
        forcing::nishio,
        forcing::cell_forcing_chain,
        forcing::unit_forcing_chain,
        forcing::nested_forcing_chain,
    ];
    let mut n_compared = 0;
    for puzzle in own_puzzles() {
        for (board, step) in deductions(&puzzle) {
            if !FORCING.contains(&step.technique) {
                continue;
            }
            for (k, find) in finders.iter().enumerate() {
                // Another board first, so this finder's trials on `board` are all new...
                forcing::nishio(&other);
                let first = find(&board);
                // ...then the finders before it in the ladder, whose trials it reuses.
                forcing::nishio(&other);
                for earlier in &finders[..k] {
                    earlier(&board);
                }
                let after = find(&board);
                assert_eq!(
                    first.as_ref().map(|s| &s.text),
                    after.as_ref().map(|s| &s.text)
                );
                assert_eq!(first.map(|s| s.changes), after.map(|s| s.changes));
                n_compared += 1;
            }
        }
    }
    assert!(n_compared > 0);
}
