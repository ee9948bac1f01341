//! The chains of forcing steps: on every forcing step of the Human traces of hard puzzles,
//! each implication follows by its rule from the implications it names (replayed on the board
//! before the step with only those applied), the chain ends where the step says (a dead end,
//! or on every branch the step's conclusion), and no implication goes unused. The same holds
//! of each inner trial's and inner forcing chain's own chain, replayed on the board with the
//! outer implications it rests on. Walking the implications in order draws every arrow of
//! the chain. Against the solution: the step's conclusion holds, and on the branch of the
//! premise that is true (a cell or unit forcing chain has one) every implication does. The
//! explained finders pick the simplest of the chains they weigh.
//!
//! Puzzles: `tests/data/forcing.txt` (our own, always), then samples of the shared hard
//! collections when `../shared/data` is there.

mod common;

use stepdoku::logic::forcing::{self, Reach, Trial};
use stepdoku::logic::{self, Detail};
use stepdoku::strategy::{SearchStepper, Uniqueness};
use stepdoku::trace::{Implication, Link, Rule};
use stepdoku::{validate, Board, Candidate, Change, Grid, Step, StepKind, Stepper, Technique};

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

/// Checks one implication of `all` (a step's chain, or an inner chain) against its rule on
/// `base` with its parents applied.
fn check_implication(base: &Board, all: &[Implication], at: usize, chain: &str) {
    let implication = &all[at];
    let context = format!("{chain}, implication {at}: {}", implication.text);
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

/// The candidates an implication makes true or false.
fn changed(implication: &Implication) -> Vec<Candidate> {
    implication
        .changes
        .iter()
        .map(|&change| match change {
            Change::Place { cell, digit } | Change::Eliminate { cell, digit } => {
                Candidate::new(cell, digit)
            }
            other => panic!("an implication only places and eliminates: {other:?}"),
        })
        .collect()
}

/// Checks the arrows of a chain (a step's, or an inner chain's): each implication's `links`
/// are indices into `links`, each once; walking the implications in order and drawing each
/// one's links draws every link; and an implication that changes something and has arrows
/// has one that points at what it changes.
fn check_links(all: &[Implication], links: &[Link], chain: &str) {
    let mut is_drawn = vec![false; links.len()];
    for (at, implication) in all.iter().enumerate() {
        let context = format!("{chain}, implication {at}: {}", implication.text);
        let mut seen = Vec::new();
        for &l in &implication.links {
            assert!(l < links.len(), "{context}: link {l} of {}", links.len());
            assert!(!seen.contains(&l), "{context}: link {l} twice");
            seen.push(l);
            is_drawn[l] = true;
        }
        let targets = changed(implication);
        if !targets.is_empty() && !implication.links.is_empty() {
            assert!(
                implication.links.iter().any(|&l| links[l].to == targets),
                "{context}: no arrow points at what it changes"
            );
        }
    }
    for (l, is_drawn) in is_drawn.iter().enumerate() {
        assert!(is_drawn, "{chain}: no implication leads to link {l}");
    }
}

/// The implications of `all` that `ends` rest on, with `ends`.
fn used_by(all: &[Implication], ends: &[usize]) -> Vec<bool> {
    let mut used = vec![false; all.len()];
    let mut stack = ends.to_vec();
    while let Some(i) = stack.pop() {
        if !std::mem::replace(&mut used[i], true) {
            stack.extend(&all[i].from);
        }
    }
    used
}

/// Checks the inner chain of implication `at` of a step: there exactly for an inner trial or
/// an inner forcing chain; its premises first (the candidate tried, or both sides in turn);
/// each inner implication follows by its rule on the board before the step with the outer
/// implications named in the outer `from` applied; an inner trial ends at its dead end, each
/// side of an inner forcing chain at every candidate it rules out; nothing unused; one level.
fn check_inner(base: &Board, outer: &[Implication], at: usize, chain: &str) {
    let implication = &outer[at];
    let chain = format!("{chain}, inner chain of implication {at}");
    let is_nested = matches!(
        implication.rule,
        Rule::InnerTrial | Rule::InnerForcing { .. }
    );
    let inner = &implication.inner;
    assert_eq!(
        !inner.is_empty(),
        is_nested,
        "{chain}: {}",
        implication.text
    );
    if !is_nested {
        assert!(implication.inner_links.is_empty(), "{chain}");
        return;
    }
    let board = board_with(base, outer, &implication.from);
    for j in 0..inner.len() {
        assert!(inner[j].inner.is_empty(), "{chain}: a second level");
        assert!(
            inner[j].from.iter().all(|&p| p < j),
            "{chain}: rests on a later one"
        );
        check_implication(&board, inner, j, &chain);
    }
    check_links(inner, &implication.inner_links, &chain);
    let starts: Vec<usize> = (0..inner.len())
        .filter(|&j| inner[j].rule == Rule::Premise)
        .collect();
    assert_eq!(starts.first(), Some(&0), "{chain}: a premise first");
    let place = |c: Candidate| Change::Place {
        cell: c.cell,
        digit: c.digit,
    };
    let sides: Vec<Change> = match implication.rule {
        Rule::InnerTrial => changed(implication).into_iter().map(place).collect(),
        Rule::InnerForcing { either, or } => vec![place(either), place(or)],
        _ => unreachable!(),
    };
    let premises: Vec<Change> = starts.iter().map(|&j| inner[j].changes[0]).collect();
    assert_eq!(premises, sides, "{chain}: one branch per side");
    for (k, &start) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(inner.len());
        let branch = start..end;
        let ends: Vec<usize> = if implication.rule == Rule::InnerTrial {
            assert!(is_dead_end(&inner[end - 1]), "{chain}: no dead end last");
            vec![end - 1]
        } else {
            let targets = changed(implication);
            for target in &targets {
                assert!(
                    branch.clone().any(|j| changed(&inner[j]).contains(target)
                        && matches!(inner[j].changes[0], Change::Eliminate { .. })),
                    "{chain}: side {k} does not rule {target:?} out"
                );
            }
            branch
                .clone()
                .filter(|&j| changed(&inner[j]).iter().any(|c| targets.contains(c)))
                .collect()
        };
        let used = used_by(inner, &ends);
        for j in branch.clone() {
            assert!(used[j], "{chain}: unused {}", inner[j].text);
            assert!(
                inner[j].from.iter().all(|p| branch.contains(p)),
                "{chain}: rests on the other side"
            );
        }
    }
}

/// Checks a forcing step's whole chain on the board before it.
fn check_chain(base: &Board, step: &Step) {
    let all = &step.implications;
    assert!(!all.is_empty(), "no chain: {}", step.text);
    assert!(!step.links.is_empty(), "no arrows: {}", step.text);
    let chain = format!("step \"{}\"", step.text);
    for at in 0..all.len() {
        check_implication(base, all, at, &chain);
        check_inner(base, all, at, &chain);
    }
    check_links(all, &step.links, &chain);
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
        let used = used_by(all, &ends);
        for i in branch.clone() {
            assert!(used[i], "unused: {} in {}", all[i].text, step.text);
            assert!(
                all[i].from.iter().all(|p| branch.contains(p)),
                "{}",
                step.text
            );
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

/// Checks the implications of one branch under a true premise (of `list`, a step's chain or
/// an inner chain, from `start` to `end`) against the solution: every placement and
/// elimination holds, no dead end is reached, and in each inner forcing chain the side the
/// solution makes true holds too.
fn check_true_branch(
    list: &[Implication],
    branch: std::ops::Range<usize>,
    solution: &Grid,
    context: &str,
) {
    let is_true = |c: Candidate| solution.get(c.cell) == Some(c.digit);
    for implication in &list[branch] {
        let context = format!("{context}, true branch: {}", implication.text);
        assert!(!is_dead_end(implication), "{context}: a dead end");
        for &change in &implication.changes {
            match change {
                Change::Place { cell, digit } => {
                    assert!(is_true(Candidate::new(cell, digit)), "{context}")
                }
                Change::Eliminate { cell, digit } => {
                    assert!(!is_true(Candidate::new(cell, digit)), "{context}")
                }
                _ => unreachable!(),
            }
        }
        if let Rule::InnerForcing { either, or } = implication.rule {
            assert!(
                is_true(either) != is_true(or),
                "{context}: not one side true"
            );
            let inner = &implication.inner;
            let second = (1..inner.len())
                .find(|&j| inner[j].rule == Rule::Premise)
                .expect("two sides");
            let side = if is_true(either) {
                0..second
            } else {
                second..inner.len()
            };
            check_true_branch(inner, side, solution, &context);
        }
    }
}

/// Checks a forcing step against the puzzle's solution: what it concludes holds, and on the
/// branch of the premise the solution makes true (a cell or unit forcing chain has one) every
/// implication holds too. The implications under a false premise are hypothetical, the whole
/// chain of a Nishio or nested step among them (its premise is false): an inner trial there
/// may well rule out a digit of the solution, so nothing more is asked of them.
fn check_against_solution(step: &Step, solution: &Grid) {
    common::assert_sound(step, solution, "a forcing step");
    let all = &step.implications;
    let is_true = |c: Candidate| solution.get(c.cell) == Some(c.digit);
    let starts: Vec<usize> = (0..all.len())
        .filter(|&i| all[i].rule == Rule::Premise)
        .collect();
    let mut n_true = 0;
    for (k, &start) in starts.iter().enumerate() {
        if is_true(step.pattern[k]) {
            let end = starts.get(k + 1).copied().unwrap_or(all.len());
            check_true_branch(all, start..end, solution, &step.text);
            n_true += 1;
        }
    }
    let n_expected = match step.technique {
        Technique::NishioForcingChain | Technique::NestedForcingChain => 0,
        _ => 1,
    };
    assert_eq!(n_true, n_expected, "true premises of {}", step.text);
}

/// Checks every forcing step of the Human trace of `puzzle` (until its first guess); the
/// number of forcing steps checked.
fn check_puzzle(puzzle: &Grid) -> usize {
    let solution = validate::check(puzzle).expect("one solution").solution;
    let mut n_checked = 0;
    for (board, step) in deductions(puzzle) {
        if FORCING.contains(&step.technique) {
            check_chain(&board, &step);
            check_against_solution(&step, &solution);
            n_checked += 1;
            // Cell and unit forcing chains rarely come first in a trace (a Nishio usually
            // does), so they are asked for directly on the boards where forcing starts.
            for find in [forcing::cell_forcing_chain, forcing::unit_forcing_chain] {
                if let Some(other) = find(&board) {
                    check_chain(&board, &other);
                    check_against_solution(&other, &solution);
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
    // The inner chains met: of inner trials, of inner forcing chains.
    let (mut n_inner_trials, mut n_inner_forcings) = (0, 0);
    for puzzle in own_puzzles() {
        for (board, step) in deductions(&puzzle) {
            techniques.push(step.technique);
            for implication in step.implications.iter().filter(|i| !i.inner.is_empty()) {
                match implication.rule {
                    Rule::InnerTrial => n_inner_trials += 1,
                    Rule::InnerForcing { .. } => n_inner_forcings += 1,
                    _ => {}
                }
            }
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
    assert!(
        n_inner_trials > 0 && n_inner_forcings > 0,
        "inner chains checked: {n_inner_trials} of inner trials, {n_inner_forcings} of inner forcing chains"
    );
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

/// The implications a reader walks through: each one, premises included, and those of its
/// inner chain (the length the explained finders compare).
fn walked(implications: &[Implication]) -> usize {
    implications.iter().map(|i| 1 + walked(&i.inner)).sum()
}

/// The inner trials and inner forcing chains a chain uses.
fn nested(implications: &[Implication]) -> usize {
    implications
        .iter()
        .map(|i| {
            usize::from(matches!(
                i.rule,
                Rule::InnerTrial | Rule::InnerForcing { .. }
            )) + nested(&i.inner)
        })
        .sum()
}

/// The step the bare finder of `technique` (see [`Detail::Bare`]) gives on `board`.
fn bare_step(board: &Board, technique: Technique) -> Option<Step> {
    let rung = forcing::rungs(Detail::Bare)
        .iter()
        .find(|rung| rung.technique == technique)
        .expect("a forcing rung");
    (rung.find)(board)
}

/// Checks, on each board of the explained Human trace of `puzzle` where it takes a forcing
/// step, that the step is the simplest of the alternatives its finder weighs (fewest
/// implications walked, then fewest inner trials and inner forcing chains, then the first),
/// so never longer than the first found, which is the bare finder's; that each alternative's
/// chain checks out; and that there are at most [`forcing::MAX_ALTERNATIVES`]. The number of
/// steps where a shorter chain than the first found was picked.
fn check_preference(puzzle: &Grid) -> usize {
    let solution = validate::check(puzzle).expect("one solution").solution;
    let mut n_shorter = 0;
    for (board, step) in deductions(puzzle) {
        if !FORCING.contains(&step.technique) {
            continue;
        }
        let alternatives = forcing::alternatives(&board, step.technique);
        assert!(
            (1..=forcing::MAX_ALTERNATIVES).contains(&alternatives.len()),
            "{} alternatives",
            alternatives.len()
        );
        for alternative in &alternatives {
            assert_eq!(alternative.technique, step.technique);
            check_chain(&board, alternative);
            check_against_solution(alternative, &solution);
        }
        let key = |s: &Step| (walked(&s.implications), nested(&s.implications));
        let best = alternatives.iter().map(key).min().expect("alternatives");
        let picked = alternatives
            .iter()
            .find(|s| key(s) == best)
            .expect("the best");
        assert_eq!(key(&step), best, "{}", step.text);
        assert_eq!((&step.changes, &step.text), (&picked.changes, &picked.text));
        let first = &alternatives[0];
        assert!(walked(&step.implications) <= walked(&first.implications));
        n_shorter += usize::from(walked(&step.implications) < walked(&first.implications));
        let bare = bare_step(&board, step.technique).expect("the bare finder finds one too");
        assert_eq!(
            bare.changes, first.changes,
            "the first found is the bare one"
        );
    }
    n_shorter
}

#[test]
fn explained_forcing_steps_are_the_simplest_of_their_alternatives() {
    let mut n_shorter = 0;
    for puzzle in own_puzzles() {
        n_shorter += check_preference(&puzzle);
    }
    for puzzle in common::sample("magictour_top1465", 6) {
        n_shorter += check_preference(&puzzle);
    }
    for puzzle in common::sample("forum_hardest_1106", 2) {
        n_shorter += check_preference(&puzzle);
    }
    assert!(
        n_shorter > 0,
        "no shorter chain picked: the preference is not tested"
    );
}

/// Checks that on every board of the explained Human trace of `puzzle`, the bare ladder (see
/// [`Detail::Bare`]) finds a step of the same kind and technique, the very same step (changes
/// and sentence) but for forcing chains; the number of forcing steps compared. A bare
/// forcing chain is the first its finder meets, without implications or links, where the
/// explained one is the simplest of several (see `check_preference`), so the two traces may
/// part after one.
fn check_bare_ladder(puzzle: &Grid) -> usize {
    let uniqueness = Uniqueness::Known;
    let bare_ladder = logic::human_ladder_with(uniqueness, puzzle.geometry(), Detail::Bare);
    let mut explained = SearchStepper::human_with(puzzle, uniqueness, Detail::Explained);
    let mut n_forcing = 0;
    loop {
        let board = explained.board().clone();
        let Some(full) = explained.next_step() else {
            return n_forcing;
        };
        if full.kind != StepKind::Deduction {
            return n_forcing;
        }
        let lean = logic::next_deduction(bare_ladder, &board).expect("a bare step");
        assert_eq!(
            (full.kind, full.technique, full.difficulty),
            (lean.kind, lean.technique, lean.difficulty),
            "{}",
            full.text
        );
        if FORCING.contains(&full.technique) {
            assert!(!full.implications.is_empty(), "{}", full.text);
            assert!(lean.implications.is_empty() && lean.links.is_empty());
            n_forcing += 1;
        } else {
            assert_eq!((&full.changes, &full.text), (&lean.changes, &lean.text));
        }
    }
}

#[test]
fn bare_ladders_take_the_techniques_of_explained_ones() {
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
        n_forcing += check_bare_ladder(&puzzle);
    }
    assert!(n_forcing > 0, "no forcing step compared");
    for puzzle in common::sample("forum_hardest_1106", 4) {
        check_bare_ladder(&puzzle);
    }
}

/// The forcing finders keep the trials of the board they last looked at for the next finder;
/// a finder gives the same step whether it runs first on a board or after the others.
#[test]
fn a_forcing_finder_gives_the_same_step_after_the_others() {
    // An easy puzzle (Project Euler 96, grid 1), whose board the memo then holds.
    let other = Board::new(&Grid::parse(common::SINGLES_ONLY).expect("a puzzle"));
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
