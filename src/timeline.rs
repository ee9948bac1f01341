//! The trace kept where it is made: any position of a trace of any length, in bounded memory.
//!
//! A [`Timeline`] runs a stepper and keeps only what it needs to reach every step again:
//!
//! - a **checkpoint** every `interval` steps: a snapshot of the stepper there, with the
//!   frame and counters. There are at most [`MAX_CHECKPOINTS`]; when a trace outgrows them,
//!   every other one is dropped and the interval doubles (it starts at [`CHUNK`]).
//! - a **cache** of the steps of at most [`MAX_CACHED_CHUNKS`] chunks of [`CHUNK`] steps,
//!   least recently used dropped first. A trace of up to `MAX_CACHED_CHUNKS × CHUNK` steps
//!   (every Human trace we know of) is never made twice.
//! - a **cursor**: the position shown, with its frame and counters.
//!
//! A step that is no longer cached is made again from the checkpoint before it: stepping a
//! snapshot gives the same steps (steppers are deterministic). So reaching any position made
//! so far costs at most `interval` steps made again and one chunk applied, in both
//! directions. Memory is bounded by `MAX_CHECKPOINTS` snapshots plus `MAX_CACHED_CHUNKS ×
//! CHUNK` steps, whatever the trace's length; docs/ARCHITECTURE.md (Invariants) states it in
//! bytes.

use crate::digits::DigitSet;
use crate::grid::{Cell, Grid};
use crate::search::Budget;
use crate::strategy::{self, Stepper, Strategy};
use crate::trace::{Board, Change, Step, StepKind};
use serde::Serialize;

/// The steps in a chunk of the cache, and the first checkpoint interval.
pub const CHUNK: usize = 256;
/// Chunks kept in the cache: `MAX_CACHED_CHUNKS × CHUNK` = 16,384 steps.
pub const MAX_CACHED_CHUNKS: usize = 64;
/// Checkpoints kept: a trace of `MAX_CHECKPOINTS × CHUNK` = 262,144 steps has one every
/// `CHUNK` steps, a trace of a million one every 1,024.
pub const MAX_CHECKPOINTS: usize = 1024;

/// What put a cell's digit on the board of a trace.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Placer {
    /// Nothing in the trace: the digit (or the empty cell) is the starting board's.
    Start = 0,
    /// A deduction, or the placements of a backtrack.
    Deduction = 1,
    /// A guess.
    Guess = 2,
}

/// The board at one position of a trace, as a page draws it: digits and candidates, and for
/// each digit what placed it and how many guesses were in force then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    board: Board,
    placers: Vec<Placer>,
    depths: Vec<u16>,
    n_filled: usize,
}

impl Frame {
    fn new(board: &Board) -> Frame {
        let n_cells = board.shape().n_cells();
        Frame {
            board: board.clone(),
            placers: vec![Placer::Start; n_cells],
            depths: vec![0; n_cells],
            n_filled: board.grid().n_filled(),
        }
    }

    /// The digits and candidates.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// How the digit of a cell was placed.
    pub fn placer(&self, cell: Cell) -> Placer {
        self.placers[cell.index()]
    }

    /// The guesses in force when the trace placed the digit of a cell (0 for the start's).
    pub fn depth(&self, cell: Cell) -> u16 {
        self.depths[cell.index()]
    }

    /// How many cells hold a digit.
    pub fn n_filled(&self) -> usize {
        self.n_filled
    }

    fn apply(&mut self, step: &Step) {
        for &change in &step.changes {
            self.board.apply(change);
            match change {
                Change::Place { cell, .. } => {
                    self.placers[cell.index()] = if step.kind == StepKind::Guess {
                        Placer::Guess
                    } else {
                        Placer::Deduction
                    };
                    self.depths[cell.index()] = u16::try_from(step.depth).unwrap_or(u16::MAX);
                    self.n_filled += 1;
                }
                Change::Unplace { cell, .. } => {
                    self.placers[cell.index()] = Placer::Start;
                    self.depths[cell.index()] = 0;
                    self.n_filled -= 1;
                }
                Change::Eliminate { .. } | Change::Restore { .. } => {}
            }
        }
    }

    /// What a cell shows: its digit (0 for none), placer, depth and candidates.
    fn cell_view(&self, cell: Cell) -> CellView {
        CellView {
            cell,
            value: self.board.value(cell).map_or(0, |d| d.get()),
            placer: self.placer(cell),
            depth: self.depth(cell),
            candidates: self.board.candidates(cell),
        }
    }
}

/// One cell as a page shows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CellView {
    /// The cell.
    pub cell: Cell,
    /// Its digit, 0 for none.
    pub value: u8,
    /// What placed the digit.
    pub placer: Placer,
    /// The guesses in force when the digit was placed.
    pub depth: u16,
    /// The candidates of an empty cell; empty for a filled one.
    pub candidates: DigitSet,
}

/// The running counts of a trace at a position.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counters {
    /// Steps taken.
    pub steps: u32,
    /// Digits placed, counting again those placed after a backtrack.
    pub placements: u32,
    /// Guesses made.
    pub guesses: u32,
    /// Backtracks made.
    pub backtracks: u32,
    /// Guesses in force.
    pub depth: u32,
}

impl Counters {
    fn record(&mut self, step: &Step) {
        self.steps += 1;
        self.placements += step.placements().count() as u32;
        match step.kind {
            StepKind::Guess => self.guesses += 1,
            StepKind::Backtrack => self.backtracks += 1,
            _ => {}
        }
        self.depth = step.depth;
    }
}

/// A stepper partway along the trace, with the frame and counters at its position.
struct Walker {
    stepper: Box<dyn Stepper>,
    frame: Frame,
    counters: Counters,
    position: usize,
}

impl Walker {
    fn copy(&self) -> Walker {
        Walker {
            stepper: self.stepper.snapshot(),
            frame: self.frame.clone(),
            counters: self.counters,
            position: self.position,
        }
    }

    /// Makes the next step and applies it; returns it, or `None` once the trace has ended.
    fn walk(&mut self) -> Option<Step> {
        let step = self.stepper.next_step()?;
        self.frame.apply(&step);
        self.counters.record(&step);
        self.position += 1;
        Some(step)
    }
}

/// The steps of recently used chunks, most recent last.
#[derive(Default)]
struct ChunkCache {
    chunks: Vec<(usize, Vec<Step>)>,
}

impl ChunkCache {
    fn get(&mut self, index: usize) -> Option<&Vec<Step>> {
        let at = self.chunks.iter().position(|(i, _)| *i == index)?;
        let entry = self.chunks.remove(at);
        self.chunks.push(entry);
        self.chunks.last().map(|(_, steps)| steps)
    }

    fn insert(&mut self, index: usize, steps: Vec<Step>) {
        self.chunks.retain(|(i, _)| *i != index);
        if self.chunks.len() == MAX_CACHED_CHUNKS {
            self.chunks.remove(0);
        }
        self.chunks.push((index, steps));
    }

    /// Adds step `position` to its chunk when the chunk holds every step before it.
    fn append(&mut self, position: usize, step: Step) {
        let index = position / CHUNK;
        if position % CHUNK == 0 {
            self.insert(index, Vec::with_capacity(CHUNK));
        }
        if let Some((_, steps)) = self.chunks.iter_mut().find(|(i, _)| *i == index) {
            if steps.len() == position % CHUNK {
                steps.push(step);
            }
        }
    }

    #[cfg(test)]
    fn clear(&mut self) {
        self.chunks.clear();
    }
}

/// The cursor: the position shown, with its frame and counters.
struct Cursor {
    frame: Frame,
    counters: Counters,
    position: usize,
}

/// A trace being made, and a cursor that can go to any position of it made so far.
pub struct Timeline {
    /// Checkpoint `i` stands at position `i × interval`.
    checkpoints: Vec<Walker>,
    interval: usize,
    /// The stepper that makes new steps, at the end of what has been made.
    frontier: Walker,
    is_complete: bool,
    cache: ChunkCache,
    cursor: Cursor,
    /// The cells as last handed out by `take_changes`, none before the first call.
    shown: Option<Vec<CellView>>,
    /// For each count of filled cells, the first position where the frame had that many.
    first_filled: Vec<Option<usize>>,
}

impl Timeline {
    /// The trace of a puzzle with a strategy, at position 0 with no step made yet.
    pub fn new(puzzle: &Grid, strategy: Strategy) -> Timeline {
        Timeline::new_within(puzzle, strategy, Budget::DEFAULT)
    }

    /// The trace of a puzzle as [`Timeline::new`] starts it, whose setup searches within
    /// `budget` (see [`strategy::stepper_within`]).
    pub fn new_within(puzzle: &Grid, strategy: Strategy, budget: Budget) -> Timeline {
        let stepper = strategy::stepper_within(puzzle, strategy, budget);
        let frame = Frame::new(stepper.board());
        let n_cells = puzzle.shape().n_cells();
        let mut first_filled = vec![None; n_cells + 1];
        first_filled[..=frame.n_filled()].fill(Some(0));
        let frontier = Walker {
            stepper,
            frame: frame.clone(),
            counters: Counters::default(),
            position: 0,
        };
        Timeline {
            checkpoints: vec![frontier.copy()],
            interval: CHUNK,
            frontier,
            is_complete: false,
            cache: ChunkCache::default(),
            cursor: Cursor {
                frame,
                counters: Counters::default(),
                position: 0,
            },
            shown: None,
            first_filled,
        }
    }

    /// Makes up to `max` more steps; returns how many it made (fewer once the trace ends).
    pub fn make(&mut self, max: usize) -> usize {
        let mut n_made = 0;
        while n_made < max && !self.is_complete {
            let position = self.frontier.position;
            let Some(step) = self.frontier.walk() else {
                self.is_complete = true;
                break;
            };
            n_made += 1;
            // A trace ends with its solved or unsolvable step: say so at once, not on the
            // next call, so a page at that step knows it is at the end.
            self.is_complete = matches!(step.kind, StepKind::Solved | StepKind::Unsolvable);
            self.cache.append(position, step);
            let n_filled = self.frontier.frame.n_filled();
            if self.first_filled[n_filled].is_none() {
                for first in self.first_filled[..=n_filled].iter_mut().rev() {
                    if first.is_some() {
                        break;
                    }
                    *first = Some(position + 1);
                }
            }
            if self.frontier.position % self.interval == 0 {
                self.add_checkpoint();
            }
        }
        n_made
    }

    fn add_checkpoint(&mut self) {
        self.checkpoints.push(self.frontier.copy());
        if self.checkpoints.len() > MAX_CHECKPOINTS {
            let mut index = 0;
            self.checkpoints.retain(|_| {
                index += 1;
                index % 2 == 1
            });
            self.interval *= 2;
        }
    }

    /// How many steps have been made so far.
    pub fn made(&self) -> usize {
        self.frontier.position
    }

    /// Whether the trace has ended: every step of it has been made.
    pub fn is_complete(&self) -> bool {
        self.is_complete
    }

    /// The cursor's position: how many steps it stands after the start.
    pub fn position(&self) -> usize {
        self.cursor.position
    }

    /// The board at the cursor.
    pub fn frame(&self) -> &Frame {
        &self.cursor.frame
    }

    /// The counters at the cursor.
    pub fn counters(&self) -> Counters {
        self.cursor.counters
    }

    /// The first position whose board has at least `n_filled` digits, once the steps made so
    /// far reach it.
    pub fn first_with_filled(&self, n_filled: usize) -> Option<usize> {
        self.first_filled.get(n_filled).copied().flatten()
    }

    /// Moves the cursor to `target`, or to the last position made when `target` lies beyond;
    /// returns the position reached.
    pub fn seek(&mut self, target: usize) -> usize {
        let target = target.min(self.made());
        let checkpoint = target / self.interval;
        let from = checkpoint * self.interval;
        if target < self.cursor.position || self.cursor.position < from {
            let walker = &self.checkpoints[checkpoint];
            self.cursor = Cursor {
                frame: walker.frame.clone(),
                counters: walker.counters,
                position: walker.position,
            };
        }
        while self.cursor.position < target {
            let chunk_index = self.cursor.position / CHUNK;
            let chunk_start = chunk_index * CHUNK;
            self.ensure_chunk(chunk_index);
            let steps = self
                .cache
                .get(chunk_index)
                .expect("the chunk was just made");
            let end = (target - chunk_start).min(steps.len());
            let cursor = &mut self.cursor;
            for step in &steps[cursor.position - chunk_start..end] {
                cursor.frame.apply(step);
                cursor.counters.record(step);
            }
            cursor.position = chunk_start + end;
        }
        self.cursor.position
    }

    /// Step `index` of the trace (the step from position `index` to `index + 1`), if made.
    pub fn step(&mut self, index: usize) -> Option<&Step> {
        if index >= self.made() {
            return None;
        }
        self.ensure_chunk(index / CHUNK);
        self.cache.get(index / CHUNK)?.get(index % CHUNK)
    }

    /// Makes sure the steps of chunk `index` made so far are cached, making them again from
    /// a checkpoint if not.
    fn ensure_chunk(&mut self, index: usize) {
        if self.cache.get(index).is_none() {
            self.remake(index);
        }
    }

    /// Makes the steps of chunk `index` again from the checkpoint before it, caching it.
    fn remake(&mut self, index: usize) {
        let chunk_start = index * CHUNK;
        let end = (chunk_start + CHUNK).min(self.made());
        let checkpoint = &self.checkpoints[chunk_start / self.interval];
        let mut stepper = checkpoint.stepper.snapshot();
        for _ in checkpoint.position..chunk_start {
            stepper.next_step();
        }
        let steps = (chunk_start..end)
            .map(|_| {
                stepper
                    .next_step()
                    .expect("a snapshot makes again the steps made before")
            })
            .collect();
        self.cache.insert(index, steps);
    }

    /// The cells whose digit, placer, depth or candidates changed since the last call (every
    /// cell on the first call), as they are at the cursor now.
    pub fn take_changes(&mut self) -> Vec<CellView> {
        let frame = &self.cursor.frame;
        let now = frame.board().shape().cells().map(|c| frame.cell_view(c));
        match &mut self.shown {
            None => {
                let all: Vec<CellView> = now.collect();
                self.shown = Some(all.clone());
                all
            }
            Some(shown) => now
                .filter(|view| {
                    let old = &mut shown[view.cell.index()];
                    let is_changed = old != view;
                    *old = *view;
                    is_changed
                })
                .collect(),
        }
    }

    /// Drops the cached steps (they are made again when needed): for tests of that path.
    #[cfg(test)]
    fn clear_cache(&mut self) {
        self.cache.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HARD: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    /// The first of forum_hardest_1106: millions of Backtracking steps.
    const DEEP: &str =
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    const EASY: &str =
        "850002400720000009004000000000107002305000900040000000000080070017000000000036040";

    /// The whole trace stepped plainly, with the frame after each step.
    fn plain(puzzle: &Grid, strategy: Strategy, max: usize) -> (Vec<Step>, Vec<Frame>) {
        let mut stepper = strategy::stepper(puzzle, strategy);
        let mut frame = Frame::new(stepper.board());
        let mut frames = vec![frame.clone()];
        let mut steps = Vec::new();
        while steps.len() < max {
            let Some(step) = stepper.next_step() else {
                break;
            };
            frame.apply(&step);
            frames.push(frame.clone());
            steps.push(step);
        }
        (steps, frames)
    }

    #[test]
    fn every_position_matches_the_plain_trace_in_both_directions() {
        let puzzle = Grid::parse(HARD).unwrap();
        let n = 20_000;
        let (steps, frames) = plain(&puzzle, Strategy::Backtracking, n);
        let mut timeline = Timeline::new(&puzzle, Strategy::Backtracking);
        assert_eq!(timeline.make(n), n);
        timeline.clear_cache();
        for &target in &[n, 0, 12_345, 12_344, 257, 256, 255, 19_999, 1, 7_000, 7_001] {
            assert_eq!(timeline.seek(target), target);
            assert_eq!(timeline.frame(), &frames[target], "frame at {target}");
            assert_eq!(timeline.counters().steps as usize, target);
        }
        for index in [0, 255, 256, 9_999, n - 1] {
            assert_eq!(timeline.step(index), Some(&steps[index]), "step {index}");
        }
        assert_eq!(timeline.step(n), None);
    }

    #[test]
    fn a_long_trace_keeps_its_checkpoints_and_cache_bounded() {
        let puzzle = Grid::parse(DEEP).unwrap();
        let mut timeline = Timeline::new(&puzzle, Strategy::Backtracking);
        let n = 600_000;
        assert_eq!(timeline.make(n), n);
        assert!(timeline.checkpoints.len() <= MAX_CHECKPOINTS);
        assert!(timeline.interval <= 2 * n / MAX_CHECKPOINTS);
        assert!(timeline.cache.chunks.len() <= MAX_CACHED_CHUNKS);
        assert_eq!(timeline.seek(n), n);
        let at_end = timeline.frame().clone();
        assert_eq!(timeline.seek(0), 0);
        assert_eq!(timeline.frame(), &timeline.checkpoints[0].frame);
        assert_eq!(timeline.seek(n), n);
        assert_eq!(timeline.frame(), &at_end);
        let mut stepper = strategy::stepper(&puzzle, Strategy::Backtracking);
        let mut frame = Frame::new(stepper.board());
        for _ in 0..300_000 {
            frame.apply(&stepper.next_step().unwrap());
        }
        assert_eq!(timeline.seek(300_000), 300_000);
        assert_eq!(timeline.frame(), &frame);
        assert_eq!(timeline.step(300_000), stepper.next_step().as_ref());
    }

    #[test]
    fn counters_and_filled_cells_follow_the_steps() {
        let puzzle = Grid::parse(EASY).unwrap();
        for strategy in Strategy::ALL {
            let (steps, frames) = plain(&puzzle, strategy, usize::MAX);
            let mut timeline = Timeline::new(&puzzle, strategy);
            timeline.make(usize::MAX);
            assert!(timeline.is_complete());
            assert_eq!(timeline.made(), steps.len());
            let mut exact = Timeline::new(&puzzle, strategy);
            assert_eq!(exact.make(steps.len()), steps.len());
            assert!(exact.is_complete(), "complete with its last step");
            let end = timeline.seek(usize::MAX);
            let counters = timeline.counters();
            assert_eq!(end, steps.len());
            assert_eq!(counters.steps as usize, steps.len());
            let placements: usize = steps.iter().map(|s| s.placements().count()).sum();
            assert_eq!(counters.placements as usize, placements);
            assert!(timeline.frame().board().is_solved());
            for n_filled in 0..=81 {
                let first = frames.iter().position(|f| f.n_filled() >= n_filled);
                assert_eq!(timeline.first_with_filled(n_filled), first, "{n_filled}");
            }
        }
    }

    #[test]
    fn changes_name_exactly_the_cells_that_differ() {
        let puzzle = Grid::parse(HARD).unwrap();
        let mut timeline = Timeline::new(&puzzle, Strategy::Singles);
        timeline.make(500);
        assert_eq!(timeline.take_changes().len(), 81);
        assert!(timeline.take_changes().is_empty());
        let before = timeline.frame().clone();
        timeline.seek(300);
        let changes = timeline.take_changes();
        let after = timeline.frame();
        let shape = puzzle.shape();
        for cell in shape.cells() {
            let differs = before.cell_view(cell) != after.cell_view(cell);
            let listed = changes.iter().find(|v| v.cell == cell);
            assert_eq!(listed.is_some(), differs, "{}", cell.name(shape));
            if let Some(view) = listed {
                assert_eq!(*view, after.cell_view(cell));
            }
        }
        timeline.seek(0);
        let back = timeline.take_changes();
        assert_eq!(back.len(), changes.len());
    }
}
