//! Innies and Outies, the 45 rule of killer sudoku: a row, column or box holds each digit
//! once, so its digits add up to 45 on 9×9 (1 + 2 + … + n on n×n), and so do two or three
//! adjacent rows or columns and two adjacent boxes, times two or three.
//!
//! ```text
//!  row 1:  [ 17  ][   10   ][  ?  ...            cages wholly inside add up to 27,
//!          r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 …       so the rest (the innies) add up to 18
//! ```
//!
//! - Innies: the cells of the region outside the cages wholly inside it add up to the
//!   region's total less those cages' sums.
//! - Outies: when every cell of the region lies in a cage with a sum, the cells of those
//!   cages outside the region add up to the cages' sums less the region's total.
//!
//! Either way a few cells get a known total, which acts as a cage of their own: one cell is
//! that digit, and cells that see each other hold different digits adding up to it. Cells
//! that may repeat are taken only two at a time, as a pair with a known sum.

use super::cages::combos_text;
use super::relations::{elimination_step, losses};
use super::util::{and_list, describe_losses};
use super::Rung;
use crate::contradiction::support::{cage_fit, pair_fit};
use crate::digits::{Digit, DigitSet};
use crate::geometry::rules::{Cage, Relation};
use crate::geometry::Geometry;
use crate::grid::{Cell, House, HouseKind};
use crate::technique::Technique;
use crate::trace::{Board, Candidate, Step, StepKind};

/// The rungs of this family.
pub const RUNGS: &[Rung] = &[Rung {
    technique: Technique::InniesOuties,
    find: innies_outies,
}];

/// The most innies or outies a step takes: beyond four, their total says little a person
/// can use.
const MAX_CELLS: usize = 4;

/// Innies and Outies: regions in order (each house, then two and three adjacent rows, then
/// columns, then two adjacent boxes), innies before outies, then one innie less one outie;
/// the first that eliminates a candidate or places a digit.
pub fn innies_outies(board: &Board) -> Option<Step> {
    let geometry = board.geometry();
    let cages = &geometry.rules().cages;
    if !cages.iter().any(|cage| cage.sum.is_some()) {
        return None;
    }
    let shape = board.shape();
    let n = shape.size();
    let mut regions: Vec<Vec<House>> = geometry.houses().map(|h| vec![h]).collect();
    for kind in [HouseKind::Row, HouseKind::Column] {
        for width in 2..=3 {
            for start in 0..=(n - width) {
                regions.push(
                    (start..start + width)
                        .map(|i| House::new(kind, i))
                        .collect(),
                );
            }
        }
    }
    if geometry.has_boxes() {
        // Two boxes side by side in a band, or one above the other in a stack.
        let per_band = n / shape.box_cols();
        for b in 0..n {
            if b % per_band + 1 < per_band {
                regions.push(vec![House::boxed(b), House::boxed(b + 1)]);
            }
            if b + per_band < n {
                regions.push(vec![House::boxed(b), House::boxed(b + per_band)]);
            }
        }
    }
    regions
        .iter()
        .find_map(|region| region_step(board, geometry, region))
}

/// The step of Innies or Outies over one region (disjoint houses), if it finds one.
fn region_step(board: &Board, geometry: &Geometry, region: &[House]) -> Option<Step> {
    let shape = board.shape();
    let n = shape.size() as u16;
    let total = region.len() as u16 * n * (n + 1) / 2;
    let mut inside = vec![false; shape.n_cells()];
    for &house in region {
        for &cell in geometry.cells_of(house) {
            inside[cell.index()] = true;
        }
    }
    let cages = &geometry.rules().cages;
    let mut covered = vec![false; shape.n_cells()];
    let (mut whole_sum, mut meeting_sum) = (0u16, 0u16);
    let mut outies: Vec<Cell> = Vec::new();
    // The cages partly inside, for the difference of one innie and one outie.
    let mut partial: Vec<&Cage> = Vec::new();
    for cage in cages {
        let n_in = cage.cells.iter().filter(|c| inside[c.index()]).count();
        let Some(sum) = cage.sum else {
            continue;
        };
        if n_in == 0 {
            continue;
        }
        for &cell in &cage.cells {
            covered[cell.index()] = true;
        }
        meeting_sum += sum;
        if n_in == cage.cells.len() {
            whole_sum += sum;
        } else {
            outies.extend(cage.cells.iter().filter(|c| !inside[c.index()]));
            partial.push(cage);
        }
    }
    let mut innies: Vec<Cell> = shape.cells().filter(|c| inside[c.index()]).collect();
    innies.retain(|c| {
        !cages
            .iter()
            .any(|cage| cage.sum.is_some() && cage.cells.contains(c) && is_whole(cage, &inside))
    });
    if (1..=MAX_CELLS).contains(&innies.len()) && total >= whole_sum {
        let sum = total - whole_sum;
        let why = format!(
            "{} adds up to {total} and its whole cages to {whole_sum}",
            region_name(region)
        );
        if let Some(step) = known_total(board, &innies, sum, (region, &why, "innie")) {
            return Some(step);
        }
    }
    let is_all_covered = innies.iter().all(|c| covered[c.index()]);
    if is_all_covered && (1..=MAX_CELLS).contains(&outies.len()) && meeting_sum >= total {
        outies.sort();
        let sum = meeting_sum - total;
        let why = format!(
            "the cages meeting {} add up to {meeting_sum} and it to {total}",
            region_name(region)
        );
        if let Some(step) = known_total(board, &outies, sum, (region, &why, "outie")) {
            return Some(step);
        }
    }
    if is_all_covered {
        return difference(board, region, (total, whole_sum), &partial, &inside);
    }
    None
}

/// The difference of one innie and one outie: over a region wholly covered by cages with
/// sums, when one cage partly inside sticks out by one cell (its outie) and another lies
/// inside by one cell (its innie), and every other cage partly inside sticks out by none of
/// the cells that matter: the region's total less its whole cages and the cage that sticks out
/// is the innie less the outie.
fn difference(
    board: &Board,
    region: &[House],
    (total, whole_sum): (u16, u16),
    partial: &[&Cage],
    inside: &[bool],
) -> Option<Step> {
    let shape = board.shape();
    let [a, b] = partial else {
        return None;
    };
    let split = |cage: &Cage| -> (Vec<Cell>, Vec<Cell>) {
        cage.cells.iter().partition(|c| inside[c.index()])
    };
    for (out_cage, in_cage) in [(a, b), (b, a)] {
        let (_, outs) = split(out_cage);
        let (ins, _) = split(in_cage);
        let ([outie], [innie]) = (outs.as_slice(), ins.as_slice()) else {
            continue;
        };
        // innie − outie = total − whole cages − the cage that sticks out.
        let k = i32::from(total) - i32::from(whole_sum) - i32::from(out_cage.sum?);
        let (innie, outie) = (*innie, *outie);
        let (innie_domain, outie_domain) = (board.domain(innie), board.domain(outie));
        let innie_allowed: DigitSet = innie_domain
            .iter()
            .filter(|d| {
                outie_domain
                    .iter()
                    .any(|e| i32::from(d.get()) - i32::from(e.get()) == k)
            })
            .collect();
        let outie_allowed: DigitSet = outie_domain
            .iter()
            .filter(|e| {
                innie_domain
                    .iter()
                    .any(|d| i32::from(d.get()) - i32::from(e.get()) == k)
            })
            .collect();
        let victims = losses(board, &[innie, outie], &[innie_allowed, outie_allowed]);
        if victims.is_empty() {
            continue;
        }
        let relation = match k {
            0 => format!("{} = {}", innie.name(shape), outie.name(shape)),
            k if k > 0 => format!("{} = {} + {k}", innie.name(shape), outie.name(shape)),
            k => format!("{} = {} − {}", innie.name(shape), outie.name(shape), -k),
        };
        let text = format!(
            "Innies and Outies: {} adds up to {total} and its whole cages to {whole_sum}; {} \
             sticks out of it at {} (its outie) and {} (its innie) lies in another cage, so \
             {relation}, so {}",
            region_name(region),
            super::cages::cage_name(shape, out_cage),
            outie.name(shape),
            innie.name(shape),
            describe_losses(shape, &victims)
        );
        let mut step =
            elimination_step(Technique::InniesOuties, vec![innie, outie], &victims, text);
        step.houses = region.to_vec();
        return Some(step);
    }
    None
}

/// Whether all of a cage lies inside the region.
fn is_whole(cage: &Cage, inside: &[bool]) -> bool {
    cage.cells.iter().all(|c| inside[c.index()])
}

/// A region named people's way: "row 1", "rows 1–3", "boxes 1 and 2".
fn region_name(region: &[House]) -> String {
    match region {
        [one] => one.to_string(),
        [a, b] if a.kind() == HouseKind::Box => {
            format!("boxes {} and {}", a.index() + 1, b.index() + 1)
        }
        [first, .., last] => {
            let word = match first.kind() {
                HouseKind::Column => "columns",
                _ => "rows",
            };
            format!("{word} {}–{}", first.index() + 1, last.index() + 1)
        }
        [] => String::new(),
    }
}

/// The step for cells whose digits add up to `sum`: a placement for one cell, else the
/// eliminations their total allows (as a cage when they all see each other, as a pair with
/// a sum when there are two that may repeat). `why` says where the total comes from, `kind`
/// names the cells ("innie" or "outie").
fn known_total(
    board: &Board,
    cells: &[Cell],
    sum: u16,
    (region, why, kind): (&[House], &str, &str),
) -> Option<Step> {
    let shape = board.shape();
    let geometry = board.geometry();
    let name = if kind == "innie" { "Innies" } else { "Outies" };
    let digit = u8::try_from(sum).ok().and_then(Digit::new);
    if let [cell] = cells {
        let digit = digit.filter(|&d| usize::from(d.get()) <= shape.size())?;
        if board.value(*cell).is_some() || !board.has_candidate(*cell, digit) {
            return None;
        }
        let text = format!(
            "{name}: {why}, so {} (its {kind}) = {}",
            cell.name(shape),
            shape.show(digit)
        );
        let mut step = Step::new(StepKind::Deduction, Technique::InniesOuties, 0, text);
        step.cells = vec![*cell];
        step.digit = Some(digit);
        step.houses = region.to_vec();
        step.changes = board.placement_changes(*cell, digit);
        return Some(step);
    }
    let domains: Vec<DigitSet> = cells.iter().map(|&c| board.domain(c)).collect();
    let are_distinct = cells
        .iter()
        .enumerate()
        .all(|(i, &a)| cells[i + 1..].iter().all(|&b| sees(geometry, a, b)));
    let (allowed, how) = if are_distinct {
        let fit = cage_fit(&domains, Some(sum), DigitSet::EMPTY, shape.size())?;
        let how = format!("only {}", combos_text(shape, &fit.combos));
        (fit.allowed, how)
    } else if let [a, b] = domains.as_slice() {
        let total = u8::try_from(sum).ok()?;
        let (a, b) = pair_fit(Relation::Sum(total), *a, *b);
        (vec![a, b], "a pair that may repeat".to_string())
    } else {
        return None;
    };
    let victims = losses(board, cells, &allowed);
    if victims.is_empty() {
        return None;
    }
    let text = format!(
        "{name}: {why}, so {} (its {kind}s) add up to {sum}: {how}, so {}",
        and_list(&cells.iter().map(|c| c.name(shape)).collect::<Vec<_>>()),
        describe_losses(shape, &victims)
    );
    let mut step = elimination_step(Technique::InniesOuties, cells.to_vec(), &victims, text);
    step.houses = region.to_vec();
    step.pattern = cells
        .iter()
        .flat_map(|&c| {
            board
                .candidates(c)
                .iter()
                .map(move |d| Candidate::new(c, d))
        })
        .collect();
    Some(step)
}

/// Whether two cells must hold different digits: they share a house, a cage or a diagonal
/// of the rules.
fn sees(geometry: &Geometry, a: Cell, b: Cell) -> bool {
    let shape = geometry.shape();
    geometry.sees(a, b)
        || geometry
            .rules()
            .distinct_groups(shape)
            .iter()
            .any(|group| group.contains(&a) && group.contains(&b))
}
