//! The trace: steps, the changes they make, and the board they change.
//!
//! A [`Step`] is a complete, invertible diff of the [`Board`]: applying its changes in order
//! to the board before the step gives the board after it, and applying their inverses in
//! reverse order steps back. The page never re-derives Sudoku rules; it only replays changes.

use crate::contradiction::{support, BrokenRule, Contradiction};
use crate::digits::{Digit, DigitSet};
use crate::geometry::Geometry;
use crate::grid::{Cell, Grid, House, Shape};
use crate::technique::Technique;
use serde::Serialize;

/// One candidate: a digit that may still go in a cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Candidate {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

impl Candidate {
    /// The candidate `digit` in `cell`.
    pub fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }

    /// The name people use, such as `5r3c5` (digit first, as in chain notation), with the
    /// digit in the shape's alphabet (`Fr10c1` for 15 on 16×16).
    pub fn name(self, shape: Shape) -> String {
        format!("{}{}", shape.show(self.digit), self.cell.name(shape))
    }
}

/// One elementary change to the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "op", rename_all = "lowercase")]
pub enum Change {
    /// Put a digit in an empty cell.
    Place {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: Digit,
    },
    /// Take a placed digit out of a cell again (undoes a `Place`).
    Unplace {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: Digit,
    },
    /// Remove a candidate from a cell.
    Eliminate {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: Digit,
    },
    /// Put a removed candidate back (undoes an `Eliminate`).
    Restore {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: Digit,
    },
}

impl Change {
    /// The change that undoes this one.
    pub fn inverse(self) -> Change {
        match self {
            Change::Place { cell, digit } => Change::Unplace { cell, digit },
            Change::Unplace { cell, digit } => Change::Place { cell, digit },
            Change::Eliminate { cell, digit } => Change::Restore { cell, digit },
            Change::Restore { cell, digit } => Change::Eliminate { cell, digit },
        }
    }
}

/// What sort of step this is, on the one timeline of logic and search.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StepKind {
    /// A logical deduction: placements and eliminations that follow from the board.
    Deduction,
    /// A guess: a digit tried in a cell, one level deeper in the search.
    Guess,
    /// The board under the current guesses cannot be completed.
    Contradiction,
    /// Undoing a failed guess, back one level, and ruling out the digit that failed.
    Backtrack,
    /// Every cell is filled.
    Solved,
    /// The search is exhausted: the puzzle has no solution.
    Unsolvable,
}

/// How two candidates of a chain are linked.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LinkKind {
    /// If the first is false, the second is true.
    Strong,
    /// If the first is true, the second is false.
    Weak,
}

/// A link of a chain, drawn as an arrow from one candidate to another.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Link {
    /// Where the arrow starts (several candidates for a grouped node).
    pub from: Vec<Candidate>,
    /// Where the arrow ends (several candidates for a grouped node).
    pub to: Vec<Candidate>,
    /// Strong or weak.
    pub kind: LinkKind,
}

/// One implication of a forcing chain: what follows under the premise, by which rule, and
/// from which earlier implications of the same step. Applying the changes of the implications
/// named in `from` to the board before the step (a placement also takes its digit out of its
/// peers and its cell's other candidates) is enough for `rule` to give `changes`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Implication {
    /// The rule it follows by, with the house or cell the rule names.
    #[serde(flatten)]
    pub rule: Rule,
    /// The placement (one `place`) or the eliminations it makes; empty for a dead end.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<Change>,
    /// The earlier implications it rests on, as indices into the step's `implications`;
    /// empty for a premise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub from: Vec<usize>,
    /// The links that lead to it, as indices into the step's `links`: the arrows to draw when
    /// the chain is walked to this implication.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<usize>,
    /// For an inner trial or an inner forcing chain, its own chain: each premise, then what
    /// follows from it (its `from` and `links` index this list and `inner_links`), ending at
    /// the dead end or at what the trial takes out. Empty for other rules.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub inner: Vec<Implication>,
    /// The arrows of `inner`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub inner_links: Vec<Link>,
    /// The implication in words, such as "r3c9 = 3: the only place left for 3 in row 3,
    /// since r3c2 = 3".
    pub text: String,
}

/// Why an implication of a forcing chain holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "rule", rename_all = "kebab-case")]
pub enum Rule {
    /// Assumed: the candidate a trial starts from.
    Premise,
    /// The cell's last candidate.
    NakedSingle,
    /// The digit's last place in the house.
    HiddenSingle {
        /// The house.
        house: House,
    },
    /// A placed digit leaves its cell's other candidates and its peers.
    Peer,
    /// Locked candidates: in `source`, the digit lies only where it meets `target`, so it
    /// leaves the rest of `target`.
    LockedCandidates {
        /// The house whose places of the digit all lie in `target`.
        source: House,
        /// The house the digit leaves outside `source`.
        target: House,
    },
    /// An inner trial: the candidate, assumed, leads by singles and locked candidates to a
    /// dead end, so it is false.
    InnerTrial,
    /// An inner forcing chain: one of two candidates is true (the two left in a cell, or the
    /// two places left for a digit in a house), and each, assumed, takes the eliminated
    /// candidates out by singles and locked candidates.
    InnerForcing {
        /// One side.
        either: Candidate,
        /// The other side.
        or: Candidate,
    },
    /// Dead end: a cell with no candidate left.
    NoCandidate {
        /// The cell.
        cell: Cell,
    },
    /// Dead end: a digit with no place left in a house.
    NoPlace {
        /// The digit.
        digit: Digit,
        /// The house.
        house: House,
    },
}

/// One witness of a single's proof: a digit on the board (a given or a placed digit) and the
/// empty cells it rules that digit out of, because they see it.
///
/// A hidden single's witnesses are copies of its digit outside its house, chosen so that each
/// other empty cell of the house is covered by exactly one of them (a small cover: see
/// `logic::singles`). A naked single's witnesses are the other digits in the houses of its
/// cell, one per digit, and each covers the single's cell. The proof says why each covered
/// cell lacks the digit; it is partial when a candidate went by other means (an elimination
/// step, a backtrack, or the pencil marks of the puzzle): such a cell is covered by no witness.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Witness {
    /// The cell that holds the digit.
    pub cell: Cell,
    /// The digit it holds, which it rules out of the covered cells.
    pub digit: Digit,
    /// The empty cells it rules the digit out of, in reading order.
    pub covers: Vec<Cell>,
}

/// One step of a trace. On the wire (docs/FORMATS.md, "Wire format") it is one camelCase
/// record: these fields, the technique as `technique` (its name) and `techniqueId` (its slug),
/// and every empty list left out: a missing list is empty.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Step {
    /// Deduction, guess, contradiction, backtrack, solved or unsolvable.
    pub kind: StepKind,
    /// The technique.
    #[serde(flatten, serialize_with = "Technique::serialize_as_step_technique")]
    pub technique: Technique,
    /// The technique's difficulty on Sudoku Explainer's scale (0 for search steps).
    pub difficulty: f32,
    /// This step's difficulty on Sudoku Explainer's scale: the technique's, plus Sudoku
    /// Explainer's length bonus for a chain (0 for search steps); see
    /// [`crate::logic::step_er`], which the ladder applies to every step it finds. A forcing
    /// chain of a rating's bare steps ([`crate::logic::Detail::Bare`]) has no implications to
    /// count, so it keeps the technique's difficulty.
    pub er: f32,
    /// The number of guesses in force after this step.
    pub depth: u32,
    /// The cells the step is about (the placed cell, the guessed cell, the dead end…).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<Cell>,
    /// The digit the step is about, if one.
    pub digit: Option<Digit>,
    /// The houses involved, to outline.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub houses: Vec<House>,
    /// Candidates that form the pattern.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pattern: Vec<Candidate>,
    /// Fins of a finned fish and similar extra candidates.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fins: Vec<Candidate>,
    /// Chain links in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<Link>,
    /// The implications of a forcing chain, premise first: each placement, elimination or
    /// dead end with the rule it follows by and the earlier implications it rests on.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub implications: Vec<Implication>,
    /// Why a single holds: the digits on the board that rule out every other place (hidden
    /// single) or every other candidate (naked single). Empty for other steps and for a full
    /// house, whose house shows it all.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub proof: Vec<Witness>,
    /// Whether the step holds only if the puzzle has a unique solution.
    pub relies_on_uniqueness: bool,
    /// The changes, in the order they apply.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<Change>,
    /// One sentence a person can read, such as "r3c5 = 7: the only place for 7 in box 2".
    pub text: String,
}

impl Step {
    /// A step with a kind, technique and sentence, and nothing else yet.
    pub fn new(kind: StepKind, technique: Technique, depth: u32, text: String) -> Step {
        Step {
            kind,
            technique,
            difficulty: technique.difficulty(),
            er: technique.difficulty(),
            depth,
            cells: Vec::new(),
            digit: None,
            houses: Vec::new(),
            pattern: Vec::new(),
            fins: Vec::new(),
            links: Vec::new(),
            implications: Vec::new(),
            proof: Vec::new(),
            relies_on_uniqueness: technique.relies_on_uniqueness(),
            changes: Vec::new(),
            text,
        }
    }

    /// The digits this step places, as candidates.
    pub fn placements(&self) -> impl Iterator<Item = Candidate> + '_ {
        self.changes.iter().filter_map(|c| match *c {
            Change::Place { cell, digit } => Some(Candidate::new(cell, digit)),
            _ => None,
        })
    }

    /// Sets the cells, digit and house of the step to those at fault; a broken rule's cells
    /// are read from `geometry`.
    pub fn mark_fault(&mut self, contradiction: Contradiction, geometry: &Geometry) {
        match contradiction {
            Contradiction::BrokenRule(rule) => {
                self.cells = support::cells_of(rule, geometry);
                self.digit = match rule {
                    BrokenRule::Cage { repeat, .. } => repeat,
                    BrokenRule::Apart { digit, .. } | BrokenRule::Diagonal { digit, .. } => {
                        Some(digit)
                    }
                    _ => None,
                };
            }
            Contradiction::NoCandidate(cell) => self.cells = vec![cell],
            Contradiction::NoPlace(digit, house) => {
                self.digit = Some(digit);
                self.houses = vec![house];
            }
            Contradiction::Conflict(conflict) => {
                self.cells = conflict.cells.to_vec();
                self.digit = Some(conflict.digit);
                self.houses = vec![conflict.house];
            }
        }
    }

    /// The candidates this step eliminates.
    pub fn eliminations(&self) -> impl Iterator<Item = Candidate> + '_ {
        self.changes.iter().filter_map(|c| match *c {
            Change::Eliminate { cell, digit } => Some(Candidate::new(cell, digit)),
            _ => None,
        })
    }
}

/// The board a trace changes: a digit or nothing in each cell, and candidates per cell.
///
/// The candidates of a cell that holds a digit are kept as they were but not reported:
/// [`Board::candidates`] gives the empty set for a filled cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    grid: Grid,
    candidates: Vec<DigitSet>,
}

impl Board {
    /// The board of a puzzle: its givens, and for each empty cell the digits no peer holds
    /// (and, when the puzzle has pencil marks, that the cell's marks allow).
    pub fn new(puzzle: &Grid) -> Board {
        let geometry = puzzle.geometry();
        let mut seen = vec![DigitSet::EMPTY; geometry.n_houses()];
        for (id, cells) in geometry.house_cells.iter().enumerate() {
            seen[id] = cells.iter().filter_map(|&c| puzzle.get(c)).collect();
        }
        let candidates = puzzle
            .shape()
            .cells()
            .map(|cell| geometry.free_digits(cell, &seen, puzzle.allowed(cell)))
            .collect();
        Board {
            grid: puzzle.without_marks(),
            candidates,
        }
    }

    /// The shape of the board.
    pub fn shape(&self) -> Shape {
        self.grid.shape()
    }

    /// The layout of the board: its houses and each cell's peers.
    pub fn geometry(&self) -> &Geometry {
        self.grid.geometry()
    }

    /// The digits placed so far, givens included.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The digit in a cell, if any.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.grid.get(cell)
    }

    /// The candidates of an empty cell; the empty set for a filled one.
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        if self.grid.get(cell).is_some() {
            DigitSet::EMPTY
        } else {
            self.candidates[cell.index()]
        }
    }

    /// The candidates of every cell as kept, by cell index: a filled cell's too (see the type's
    /// documentation), so two boards with the same digits and these equal are equal.
    pub(crate) fn raw_candidates(&self) -> &[DigitSet] {
        &self.candidates
    }

    /// Whether `digit` is a candidate of the empty cell `cell`.
    pub fn has_candidate(&self, cell: Cell, digit: Digit) -> bool {
        self.candidates(cell).contains(digit)
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.grid.is_full()
    }

    /// The empty cells of a house that have `digit` as a candidate.
    pub fn places_for(&self, digit: Digit, house: House) -> Vec<Cell> {
        self.geometry()
            .cells_of(house)
            .iter()
            .copied()
            .filter(|&c| self.has_candidate(c, digit))
            .collect()
    }

    /// Applies one change.
    pub fn apply(&mut self, change: Change) {
        match change {
            Change::Place { cell, digit } => {
                debug_assert!(self.grid.get(cell).is_none(), "place on a filled cell");
                self.grid.set(cell, Some(digit));
            }
            Change::Unplace { cell, digit } => {
                debug_assert_eq!(self.grid.get(cell), Some(digit), "unplace of another digit");
                self.grid.set(cell, None);
            }
            Change::Eliminate { cell, digit } => {
                debug_assert!(self.candidates[cell.index()].contains(digit));
                self.candidates[cell.index()].remove(digit);
            }
            Change::Restore { cell, digit } => {
                debug_assert!(!self.candidates[cell.index()].contains(digit));
                self.candidates[cell.index()].insert(digit);
            }
        }
    }

    /// Applies the changes of a step in order.
    pub fn apply_step(&mut self, step: &Step) {
        for &change in &step.changes {
            self.apply(change);
        }
    }

    /// Undoes a step: the inverse of its changes, last first.
    pub fn undo_step(&mut self, step: &Step) {
        for &change in step.changes.iter().rev() {
            self.apply(change.inverse());
        }
    }

    /// The changes that place `digit` in `cell`: the placement, then the elimination of the
    /// digit from every empty peer that still has it.
    pub fn placement_changes(&self, cell: Cell, digit: Digit) -> Vec<Change> {
        let mut changes = vec![Change::Place { cell, digit }];
        changes.extend(
            self.geometry().peers[cell.index()]
                .iter()
                .filter(|&&p| self.has_candidate(p, digit))
                .map(|&p| Change::Eliminate { cell: p, digit }),
        );
        changes
    }

    /// The first contradiction on the board, if any: an empty cell with no candidate, a
    /// digit with no place left in a house that lacks it, or a rule beyond the houses that the
    /// placed digits break or that no choice of the candidates left can keep
    /// ([`support::broken_rule`]). A full board without one is a solution of the puzzle.
    pub fn contradiction(&self) -> Option<Contradiction> {
        let shape = self.shape();
        if let Some(cell) = shape
            .cells()
            .find(|&c| self.value(c).is_none() && self.candidates(c).is_empty())
        {
            return Some(Contradiction::NoCandidate(cell));
        }
        let geometry = self.geometry();
        for house in geometry.houses() {
            let mut covered = DigitSet::EMPTY;
            for &c in geometry.cells_of(house) {
                covered = covered.union(self.candidates(c));
                if let Some(d) = self.value(c) {
                    covered.insert(d);
                }
            }
            if let Some(digit) = shape.all_digits().difference(covered).first() {
                return Some(Contradiction::NoPlace(digit, house));
            }
        }
        self.broken_rule().map(Contradiction::BrokenRule)
    }

    /// The first rule beyond the houses that the board breaks or that no choice of the
    /// candidates left can keep; `None` on a layout without such rules.
    pub fn broken_rule(&self) -> Option<BrokenRule> {
        if !self.geometry().has_rules() {
            return None;
        }
        support::broken_rule(self.geometry(), |cell| self.domain(cell))
    }

    /// A cell's digit as a one-digit set when it holds one, else its candidates: what the
    /// rules beyond the houses may still see in it.
    pub fn domain(&self, cell: Cell) -> DigitSet {
        match self.value(cell) {
            Some(digit) => DigitSet::single(digit),
            None => self.candidates(cell),
        }
    }
}
