//! Fish: X-Wing, Swordfish, Jellyfish, with finned and sashimi forms.
//!
//! A fish of size `k` on one digit takes `k` base lines (rows, or columns) whose places for
//! the digit lie in `k` cover lines (columns, or rows). Each base line holds the digit once,
//! in a distinct cover line, so the cover lines get their digit from the base lines and the
//! digit leaves the rest of the cover lines.
//!
//! A finned fish has extra places (fins) in the base lines, all in one box. Either a fin
//! holds the digit, or the fish without its fins works; so only cells of the cover lines in
//! the fin box (which see every fin) lose the digit. It is sashimi when some base line keeps
//! fewer than two places once the fins are set aside (a corner of the fish is missing).
//!
//! ```text
//!  finned X-Wing on rows 1 and 5, columns 2 and 8, fin at r5c9
//!  . X . | . . . | . x .      X: body   f: fin   -: loses the digit
//!  . . . | . . . | . . .
//!  . . . | . . . | . . .
//!  ------+-------+------
//!  . . . | . . . | . - .
//!  . X . | . . . | . x f
//!  . . . | . . . | . - .
//! ```

use super::memo::DigitSkips;
use super::util::{lines_text, removal_text, sort_cells, HousePlaces};
use super::Rung;
use crate::digits::Digit;
use crate::grid::{Cell, House, HouseKind, Shape};
use crate::technique::Technique;
use crate::trace::{Board, Candidate, Change, Step, StepKind};
use crate::util::bit_positions;

/// The rungs of this family, in ladder order.
pub const RUNGS: &[Rung] = &[
    Rung {
        technique: Technique::XWing,
        find: x_wing,
    },
    Rung {
        technique: Technique::FinnedXWing,
        find: finned_x_wing,
    },
    Rung {
        technique: Technique::SashimiXWing,
        find: sashimi_x_wing,
    },
    Rung {
        technique: Technique::Swordfish,
        find: swordfish,
    },
    Rung {
        technique: Technique::FinnedSwordfish,
        find: finned_swordfish,
    },
    Rung {
        technique: Technique::SashimiSwordfish,
        find: sashimi_swordfish,
    },
    Rung {
        technique: Technique::Jellyfish,
        find: jellyfish,
    },
    Rung {
        technique: Technique::FinnedJellyfish,
        find: finned_jellyfish,
    },
    Rung {
        technique: Technique::SashimiJellyfish,
        find: sashimi_jellyfish,
    },
];

/// A basic fish on two lines.
pub fn x_wing(board: &Board) -> Option<Step> {
    basic_fish(board, 2, Technique::XWing)
}

/// A basic fish on three lines.
pub fn swordfish(board: &Board) -> Option<Step> {
    basic_fish(board, 3, Technique::Swordfish)
}

/// A basic fish on four lines.
pub fn jellyfish(board: &Board) -> Option<Step> {
    basic_fish(board, 4, Technique::Jellyfish)
}

/// An X-Wing with fins in one box, every corner present.
pub fn finned_x_wing(board: &Board) -> Option<Step> {
    finned_fish(board, 2, FinKind::Finned, Technique::FinnedXWing)
}

/// An X-Wing with fins in one box and a missing corner.
pub fn sashimi_x_wing(board: &Board) -> Option<Step> {
    finned_fish(board, 2, FinKind::Sashimi, Technique::SashimiXWing)
}

/// A Swordfish with fins in one box.
pub fn finned_swordfish(board: &Board) -> Option<Step> {
    finned_fish(board, 3, FinKind::Finned, Technique::FinnedSwordfish)
}

/// A Swordfish with fins in one box and a base line left with one place without them.
pub fn sashimi_swordfish(board: &Board) -> Option<Step> {
    finned_fish(board, 3, FinKind::Sashimi, Technique::SashimiSwordfish)
}

/// A Jellyfish with fins in one box.
pub fn finned_jellyfish(board: &Board) -> Option<Step> {
    finned_fish(board, 4, FinKind::Finned, Technique::FinnedJellyfish)
}

/// A Jellyfish with fins in one box and a base line left with one place without them.
pub fn sashimi_jellyfish(board: &Board) -> Option<Step> {
    finned_fish(board, 4, FinKind::Sashimi, Technique::SashimiJellyfish)
}

/// Which finned fish a finder reports.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum FinKind {
    /// Every base line keeps at least two places without the fins.
    Finned,
    /// Some base line keeps only one place without the fins.
    Sashimi,
}

/// Which lines are the base: the cover lines are the other kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Orientation {
    /// Rows are the base, columns the cover.
    Rows,
    /// Columns are the base, rows the cover.
    Columns,
}

impl Orientation {
    const BOTH: [Orientation; 2] = [Orientation::Rows, Orientation::Columns];

    fn base_kind(self) -> HouseKind {
        match self {
            Orientation::Rows => HouseKind::Row,
            Orientation::Columns => HouseKind::Column,
        }
    }

    fn cover_kind(self) -> HouseKind {
        match self {
            Orientation::Rows => HouseKind::Column,
            Orientation::Columns => HouseKind::Row,
        }
    }

    /// The dense house id of base line `idx`.
    fn base_id(self, n: usize, idx: usize) -> usize {
        match self {
            Orientation::Rows => idx,
            Orientation::Columns => n + idx,
        }
    }

    /// The dense house id of cover line `idx`.
    fn cover_id(self, n: usize, idx: usize) -> usize {
        match self {
            Orientation::Rows => n + idx,
            Orientation::Columns => idx,
        }
    }

    /// The cell where base line `base` crosses cover line `cover`.
    fn cell(self, shape: Shape, base: usize, cover: usize) -> Cell {
        match self {
            Orientation::Rows => shape.cell(base, cover),
            Orientation::Columns => shape.cell(cover, base),
        }
    }

    /// How many base lines one box spans.
    fn base_span(self, shape: Shape) -> usize {
        match self {
            Orientation::Rows => shape.box_rows(),
            Orientation::Columns => shape.box_cols(),
        }
    }

    /// How many cover lines one box spans.
    fn cover_span(self, shape: Shape) -> usize {
        match self {
            Orientation::Rows => shape.box_cols(),
            Orientation::Columns => shape.box_rows(),
        }
    }
}

/// A fish found on the board, ready to become a step.
struct Fish {
    digit: Digit,
    orientation: Orientation,
    /// Base line indices, as a bit mask.
    base: u32,
    /// Cover line indices, as a bit mask.
    cover: u32,
    /// The fin candidates' cells, empty for a basic fish.
    fins: Vec<Cell>,
    /// The box holding the fins.
    fin_box: Option<usize>,
    /// The cells that lose the digit.
    targets: Vec<Cell>,
}

/// The first basic fish of size `k` that eliminates something: digits in order, rows as
/// base before columns, base lines in lexicographic order.
fn basic_fish(board: &Board, k: usize, technique: Technique) -> Option<Step> {
    let shape = board.shape();
    let geo = board.geometry();
    let (places, mut skips) = DigitSkips::of(technique, board);
    let n = geo.size();
    let mut lines: Vec<usize> = Vec::with_capacity(n);
    let mut masks: Vec<u32> = Vec::with_capacity(n);
    for digit in shape.all_digits().iter() {
        if skips.can_skip(digit) {
            continue;
        }
        for orientation in Orientation::BOTH {
            lines.clear();
            masks.clear();
            for idx in 0..n {
                let mask = places.get(digit, orientation.base_id(n, idx));
                if (2..=k).contains(&(mask.count_ones() as usize)) {
                    lines.push(idx);
                    masks.push(mask);
                }
            }
            let found = super::util::find_locked_set(&masks, k, |chosen, cover| {
                let base: u32 = chosen.iter().map(|&i| 1u32 << lines[i]).sum();
                let targets: Vec<Cell> = bit_positions(cover)
                    .flat_map(|c| {
                        let rest = places.get(digit, orientation.cover_id(n, c)) & !base;
                        bit_positions(rest).map(move |b| orientation.cell(shape, b, c))
                    })
                    .collect();
                (!targets.is_empty()).then_some(Fish {
                    digit,
                    orientation,
                    base,
                    cover,
                    fins: Vec::new(),
                    fin_box: None,
                    targets,
                })
            });
            if let Some(fish) = found {
                return Some(fish_step(board, &fish, technique));
            }
        }
        skips.found_nothing(digit);
    }
    None
}

/// The first finned fish of size `k` and of the given kind that eliminates something:
/// digits in order, rows as base before columns, fin boxes in reading order, base lines in
/// lexicographic order.
///
/// For a fin box, each base line crossing the box keeps only its places outside the box, and
/// every other base line keeps all its places; `k` base lines whose kept places lie in at
/// most `k` cover lines, with at least one crossing the box, are a finned fish once the
/// cover lines are completed with lines through the box.
fn finned_fish(board: &Board, k: usize, kind: FinKind, technique: Technique) -> Option<Step> {
    let shape = board.shape();
    let geo = board.geometry();
    let (places, mut skips) = DigitSkips::of(technique, board);
    let n = geo.size();
    let mut masks: Vec<u32> = vec![0; n];
    let mut lines: Vec<usize> = Vec::with_capacity(n);
    let mut kept: Vec<u32> = Vec::with_capacity(n);
    for digit in shape.all_digits().iter() {
        if skips.can_skip(digit) {
            continue;
        }
        for orientation in Orientation::BOTH {
            let base_span = orientation.base_span(shape);
            let cover_span = orientation.cover_span(shape);
            let mut n_lines = 0;
            for (idx, mask) in masks.iter_mut().enumerate() {
                *mask = places.get(digit, orientation.base_id(n, idx));
                n_lines += usize::from(mask.count_ones() >= 2);
            }
            if n_lines < k {
                continue;
            }
            for band in 0..n / base_span {
                let band_lines = band * base_span..(band + 1) * base_span;
                let band_mask = ((1u32 << base_span) - 1) << (band * base_span);
                for stack in 0..n / cover_span {
                    let stack_mask = ((1u32 << cover_span) - 1) << (stack * cover_span);
                    if masks[band_lines.clone()]
                        .iter()
                        .all(|&m| m & stack_mask == 0)
                    {
                        continue;
                    }
                    lines.clear();
                    kept.clear();
                    for (idx, &mask) in masks.iter().enumerate() {
                        let outside = if band_lines.contains(&idx) {
                            mask & !stack_mask
                        } else {
                            mask
                        };
                        if mask.count_ones() >= 2 && outside.count_ones() as usize <= k {
                            lines.push(idx);
                            kept.push(outside);
                        }
                    }
                    let search = FinSearch {
                        shape,
                        places: &places,
                        digit,
                        orientation,
                        k,
                        kind,
                        masks: &masks,
                        lines: &lines,
                        kept: &kept,
                        band_mask,
                        stack_mask,
                    };
                    let mut chosen = Vec::with_capacity(k);
                    if let Some(fish) = search.extend(0, &mut chosen, 0) {
                        return Some(fish_step(board, &fish, technique));
                    }
                }
            }
        }
        skips.found_nothing(digit);
    }
    None
}

/// The search for finned fish on one digit, orientation and fin box.
struct FinSearch<'a> {
    shape: Shape,
    places: &'a HousePlaces,
    digit: Digit,
    orientation: Orientation,
    k: usize,
    kind: FinKind,
    /// The places (cover positions) of every base line.
    masks: &'a [u32],
    /// The base lines that may take part, and their places outside the fin box.
    lines: &'a [usize],
    kept: &'a [u32],
    /// The fin box: its base lines and its cover lines.
    band_mask: u32,
    stack_mask: u32,
}

impl FinSearch<'_> {
    /// Chooses base lines in lexicographic order while their places outside the fin box fit
    /// in `k` cover lines.
    fn extend(&self, start: usize, chosen: &mut Vec<usize>, forced: u32) -> Option<Fish> {
        if chosen.len() == self.k {
            return self.complete(chosen, forced);
        }
        for idx in start..self.lines.len() {
            if self.lines.len() - idx < self.k - chosen.len() {
                break;
            }
            let grown = forced | self.kept[idx];
            if grown.count_ones() as usize > self.k {
                continue;
            }
            chosen.push(idx);
            if let Some(fish) = self.extend(idx + 1, chosen, grown) {
                return Some(fish);
            }
            chosen.pop();
        }
        None
    }

    /// Completes the cover lines `forced` with lines through the fin box that hold places of
    /// the chosen base lines, trying each choice in turn.
    fn complete(&self, chosen: &[usize], forced: u32) -> Option<Fish> {
        let base: u32 = chosen.iter().map(|&i| 1u32 << self.lines[i]).sum();
        if base & self.band_mask == 0 {
            return None;
        }
        let in_box = chosen
            .iter()
            .map(|&i| self.lines[i])
            .filter(|&line| self.band_mask & 1 << line != 0)
            .fold(0u32, |m, line| m | self.masks[line] & self.stack_mask);
        let pool = in_box & !forced;
        let need = self.k - forced.count_ones() as usize;
        let mut extra = pool;
        loop {
            if extra.count_ones() as usize == need {
                let fish = self.try_cover(chosen, base, forced | extra);
                if fish.is_some() {
                    return fish;
                }
            }
            if extra == 0 {
                return None;
            }
            extra = (extra - 1) & pool;
        }
    }

    /// The fish with these cover lines and its fins in the box `band_mask × stack_mask`, if it
    /// has fins, is of the wanted kind and eliminates something.
    fn try_cover(&self, chosen: &[usize], base: u32, cover: u32) -> Option<Fish> {
        let (band_mask, stack_mask) = (self.band_mask, self.stack_mask);
        let shape = self.shape;
        let n = shape.size();
        let orientation = self.orientation;
        let mut has_fin = false;
        let mut is_sashimi = false;
        for &j in chosen {
            let body = self.masks[self.lines[j]] & cover;
            if body == 0 {
                return None;
            }
            if body.count_ones() < 2 {
                is_sashimi = true;
            }
            let fin_bits = self.masks[self.lines[j]] & !cover;
            // Places outside the cover lines lie in the fin box by construction.
            debug_assert!(
                fin_bits & !stack_mask == 0
                    && (fin_bits == 0 || band_mask & 1 << self.lines[j] != 0)
            );
            has_fin |= fin_bits != 0;
        }
        let found_kind = if is_sashimi {
            FinKind::Sashimi
        } else {
            FinKind::Finned
        };
        if !has_fin || found_kind != self.kind {
            return None;
        }
        let rest_of =
            |c: usize| self.places.get(self.digit, orientation.cover_id(n, c)) & band_mask & !base;
        if bit_positions(cover & stack_mask).all(|c| rest_of(c) == 0) {
            return None;
        }
        let targets: Vec<Cell> = bit_positions(cover & stack_mask)
            .flat_map(|c| bit_positions(rest_of(c)).map(move |b| orientation.cell(shape, b, c)))
            .collect();
        let fins: Vec<Cell> = chosen
            .iter()
            .flat_map(|&j| {
                let line = self.lines[j];
                bit_positions(self.masks[self.lines[j]] & !cover)
                    .map(move |c| orientation.cell(shape, line, c))
            })
            .collect();
        let fin_box = shape.box_of(fins[0]);
        Some(Fish {
            digit: self.digit,
            orientation,
            base,
            cover,
            fins,
            fin_box: Some(fin_box),
            targets,
        })
    }
}

/// The step of a fish, basic or finned.
fn fish_step(board: &Board, fish: &Fish, technique: Technique) -> Step {
    let shape = board.shape();
    let digit = fish.digit;
    let orientation = fish.orientation;
    let base_lines: Vec<usize> = bit_positions(fish.base).collect();
    let cover_lines: Vec<usize> = bit_positions(fish.cover).collect();
    let body: Vec<Cell> = base_lines
        .iter()
        .flat_map(|&b| {
            cover_lines
                .iter()
                .map(move |&c| orientation.cell(shape, b, c))
        })
        .filter(|&cell| board.has_candidate(cell, digit))
        .collect();
    let mut targets = fish.targets.clone();
    sort_cells(&mut targets);
    let changes: Vec<Change> = targets
        .iter()
        .map(|&cell| Change::Eliminate { cell, digit })
        .collect();
    let fin_text = match fish.fins.len() {
        0 => String::new(),
        1 => format!(" with fin {}", fish.fins[0].name(shape)),
        _ => format!(" with fins {}", super::util::cell_list(shape, &fish.fins)),
    };
    let text = format!(
        "{} on {digit} in {} ({}){fin_text} removes {}",
        technique.name(),
        lines_text(orientation.base_kind(), &base_lines),
        lines_text(orientation.cover_kind(), &cover_lines),
        removal_text(shape, &changes),
        digit = shape.show(digit)
    );
    let mut step = Step::new(StepKind::Deduction, technique, 0, text);
    step.digit = Some(digit);
    step.pattern = body
        .iter()
        .map(|&cell| Candidate::new(cell, digit))
        .collect();
    step.cells = body;
    step.fins = fish
        .fins
        .iter()
        .map(|&cell| Candidate::new(cell, digit))
        .collect();
    step.houses = base_lines
        .iter()
        .map(|&b| House::new(orientation.base_kind(), b))
        .chain(
            cover_lines
                .iter()
                .map(|&c| House::new(orientation.cover_kind(), c)),
        )
        .chain(fish.fin_box.map(House::boxed))
        .collect();
    step.changes = changes;
    step
}
