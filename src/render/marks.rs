//! The step's roles: what it marks in each cell and candidate (its cells, a dead end, digits
//! taken out, eliminations, restorations, its pattern and fins, witnesses and the cells they
//! cover, cells where solutions differ), and the marks drawn for cells and houses.

use super::painter::Painter;
use super::picture::Picture;
use super::svg::{write_ring, N};
use super::theme::Palette;
use super::CELL;
use crate::digits::{Digit, DigitSet};
use crate::grid::Cell;
use crate::trace::{Candidate, Change, StepKind};
use std::fmt::{self, Write as _};

/// What a step marks, by role, per cell (as the page's `stepHighlight`).
pub(super) struct Marks {
    /// Whether the step's cells are a dead end (a contradiction or no solution).
    pub(super) is_dead_end: bool,
    /// The cells the step is about.
    pub(super) step_cells: Vec<bool>,
    /// Cells whose digit the step takes out (a backtrack).
    pub(super) unplaced: Vec<bool>,
    pub(super) eliminated: Vec<DigitSet>,
    restored: Vec<DigitSet>,
    pattern: Vec<DigitSet>,
    fins: Vec<DigitSet>,
    pub(super) differing: Vec<bool>,
    /// Cells whose digit proves a single (see [`Step::proof`](crate::trace::Step::proof)).
    pub(super) witness: Vec<bool>,
    /// Cells a witness rules the single's digit out of.
    pub(super) covered: Vec<bool>,
}

/// One flag per cell: set for each of `cells`.
pub(super) fn cell_flags(n_cells: usize, cells: impl IntoIterator<Item = Cell>) -> Vec<bool> {
    let mut flags = vec![false; n_cells];
    for cell in cells {
        flags[cell.index()] = true;
    }
    flags
}

/// One set of digits per cell: the digits of `candidates` in that cell.
fn digits_per_cell(
    n_cells: usize,
    candidates: impl IntoIterator<Item = Candidate>,
) -> Vec<DigitSet> {
    let mut sets = vec![DigitSet::EMPTY; n_cells];
    for candidate in candidates {
        sets[candidate.cell.index()].insert(candidate.digit);
    }
    sets
}

/// The words of the roles that hold, space-separated, as `data-roles` lists them.
fn role_words(roles: &[(bool, &str)]) -> String {
    roles
        .iter()
        .filter(|&&(holds, _)| holds)
        .map(|&(_, word)| word)
        .collect::<Vec<_>>()
        .join(" ")
}

impl Marks {
    pub(super) fn of(picture: &Picture) -> Marks {
        let n_cells = picture.shape().n_cells();
        // No step or one: every role below comes from the steps of this slice.
        let steps = picture.step.as_slice();
        let changes = || steps.iter().flat_map(|step| &step.changes);
        let proof = || steps.iter().flat_map(|step| &step.proof);
        Marks {
            is_dead_end: steps
                .iter()
                .any(|step| matches!(step.kind, StepKind::Contradiction | StepKind::Unsolvable)),
            step_cells: cell_flags(n_cells, steps.iter().flat_map(|step| &step.cells).copied()),
            unplaced: cell_flags(
                n_cells,
                changes().filter_map(|change| match *change {
                    Change::Unplace { cell, .. } => Some(cell),
                    _ => None,
                }),
            ),
            eliminated: digits_per_cell(
                n_cells,
                changes().filter_map(|change| match *change {
                    Change::Eliminate { cell, digit } => Some(Candidate::new(cell, digit)),
                    _ => None,
                }),
            ),
            restored: digits_per_cell(
                n_cells,
                changes().filter_map(|change| match *change {
                    Change::Restore { cell, digit } => Some(Candidate::new(cell, digit)),
                    _ => None,
                }),
            ),
            pattern: digits_per_cell(
                n_cells,
                steps.iter().flat_map(|step| &step.pattern).copied(),
            ),
            fins: digits_per_cell(n_cells, steps.iter().flat_map(|step| &step.fins).copied()),
            differing: cell_flags(n_cells, picture.differing.iter().copied()),
            witness: cell_flags(n_cells, proof().map(|witness| witness.cell)),
            covered: cell_flags(
                n_cells,
                proof().flat_map(|witness| &witness.covers).copied(),
            ),
        }
    }

    /// The roles of cell `i`, as its `data-roles` lists them: empty when it has none.
    pub(super) fn cell_roles(&self, i: usize) -> String {
        role_words(&[
            (self.step_cells[i] && self.is_dead_end, "contradiction"),
            (self.step_cells[i] && !self.is_dead_end, "step"),
            (self.unplaced[i], "unplaced"),
            (self.differing[i], "differ"),
            (self.witness[i], "witness"),
            (self.covered[i] && !self.step_cells[i], "covered"),
        ])
    }

    /// The roles of a digit shown in the empty cell `i`.
    pub(super) fn candidate_roles(&self, i: usize, digit: Digit) -> CandidateRoles {
        CandidateRoles {
            is_eliminated: self.eliminated[i].contains(digit),
            is_restored: self.restored[i].contains(digit),
            is_pattern: self.pattern[i].contains(digit),
            is_fin: self.fins[i].contains(digit),
        }
    }
}

/// The roles of one candidate shown: eliminated by the step (else still on), put back, part
/// of its pattern, a fin.
pub(super) struct CandidateRoles {
    pub(super) is_eliminated: bool,
    pub(super) is_restored: bool,
    pub(super) is_pattern: bool,
    pub(super) is_fin: bool,
}

impl CandidateRoles {
    /// The roles as the candidate's `data-roles` lists them: `elim` or `on` first.
    pub(super) fn words(&self) -> String {
        role_words(&[
            (self.is_eliminated, "elim"),
            (!self.is_eliminated, "on"),
            (self.is_restored, "restored"),
            (self.is_pattern, "pattern"),
            (self.is_fin, "fin"),
        ])
    }

    /// Whether the candidate has a role beyond being on: it is drawn in bold.
    pub(super) fn is_marked(&self) -> bool {
        self.is_eliminated || self.is_restored || self.is_pattern || self.is_fin
    }

    /// The colour of the candidate's digit or dot: that of its first role of eliminated,
    /// restored, fin and pattern (a pattern's digit in the givens' colour).
    pub(super) fn colour(&self, c: &Palette) -> &'static str {
        if self.is_eliminated {
            c.elim
        } else if self.is_restored {
            c.restored
        } else if self.is_fin {
            c.fin
        } else if self.is_pattern {
            c.given
        } else {
            c.candidate
        }
    }
}

impl Painter<'_> {
    /// The mark of a witness, under its digit: a disc in the witness colour with a solid
    /// ring, unlike a guess's dashed ring (drawn over it when both).
    pub(super) fn paint_witness_mark(&self, out: &mut String, cell: Cell) -> fmt::Result {
        let c = self.colours;
        let (cx, cy) = self.cell_rect(cell).centre();
        writeln!(
            out,
            r#"<circle data-mark="witness" cx="{}" cy="{}" r="{}" fill="{}" stroke="{}" stroke-width="{}"/>"#,
            N(cx),
            N(cy),
            N(0.4 * CELL),
            c.witness_bg,
            c.witness,
            N(0.055 * CELL),
        )
    }

    /// The ring of a cell with a role: the step's, a dead end's (double), a digit taken out
    /// (dotted), or a cell where solutions differ (dashed).
    pub(super) fn paint_ring(&self, out: &mut String, cell: Cell) -> fmt::Result {
        let i = cell.index();
        let m = &self.marks;
        let c = self.colours;
        let rect = self.cell_rect(cell);
        if m.step_cells[i] && m.is_dead_end {
            for inset in [2.0, 5.0] {
                write_ring(out, rect.inset(inset), c.elim, "1.3", "")?;
            }
        } else if m.step_cells[i] {
            write_ring(out, rect.inset(2.5), c.step_ring, "2.5", "")?;
        }
        if m.unplaced[i] {
            write_ring(
                out,
                rect.inset(2.5),
                c.elim,
                "2.5",
                r#" stroke-dasharray="0.1 4" stroke-linecap="round""#,
            )?;
        }
        if m.differing[i] {
            write_ring(
                out,
                rect.inset(2.5),
                c.differ,
                "2",
                r#" stroke-dasharray="5 3""#,
            )?;
        }
        Ok(())
    }

    /// The step's houses: a dashed outline and a tint, or a solid outline for a dead end.
    pub(super) fn paint_houses(&self, out: &mut String) -> fmt::Result {
        let Some(step) = &self.picture.step else {
            return Ok(());
        };
        if step.houses.is_empty() {
            return Ok(());
        }
        let c = self.colours;
        writeln!(out, r#"<g data-layer="houses">"#)?;
        for &house in &step.houses {
            for rect in self.house_rects(house) {
                let rect = rect.inset(2.0);
                if self.marks.is_dead_end {
                    writeln!(
                        out,
                        r#"<rect data-house="{house}" data-roles="fault" {rect} rx="3" fill="none" stroke="{}" stroke-width="2.5"/>"#,
                        c.fault
                    )?;
                } else {
                    writeln!(
                        out,
                        r#"<rect data-house="{house}" data-roles="step" {rect} rx="3" fill="{}" fill-opacity="{}" stroke="{}" stroke-width="2.5" stroke-dasharray="7 4"/>"#,
                        c.house_tint.colour, c.house_tint.opacity, c.house
                    )?;
                }
            }
        }
        writeln!(out, "</g>")
    }
}
