import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  applyChanges,
  createBoard,
  fillSolution,
  Origin,
  startingBoard,
} from '../../www/board-model.js';
import wasm, { EASY, parse, positionTrace, trace } from './wasm.mjs';

const HARDEST = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';

/** The candidate digits of an empty cell, smallest first. */
function candidatesOf(board, cell) {
  const digits = [];
  for (let d = 1; d <= board.size; d++) {
    if (!board.values[cell] && board.candidates[cell] & (1 << (d - 1))) {
      digits.push(d);
    }
  }
  return digits;
}

const STRATEGIES = ['backtracking', 'singles', 'human'];

function snapshot(board) {
  return {
    values: [...board.values],
    origins: [...board.origins],
    depths: [...board.depths],
    candidates: [...board.candidates],
  };
}

/** A copy of a board, as the page keeps the board it shows beside the starting one. */
function copyOf(board) {
  return {
    ...board,
    values: board.values.slice(),
    origins: board.origins.slice(),
    depths: board.depths.slice(),
    candidates: board.candidates.slice(),
  };
}

/**
 * The reference: the board after the first `n` of `steps`, replayed change by change from
 * `start` without the worker's Timeline. A filled cell keeps its candidates unseen (a backtrack
 * brings them back) and shows none.
 */
function replay(start, steps, n) {
  const board = copyOf(start);
  const kept = start.candidates.slice();
  for (const step of steps.slice(0, n)) {
    for (const { op, cell, digit } of step.changes ?? []) {
      const bit = 1 << (digit - 1);
      if (op === 'place') {
        board.values[cell] = digit;
        board.origins[cell] = step.kind === 'guess' ? Origin.GUESS : Origin.DEDUCED;
        board.depths[cell] = step.depth;
      } else if (op === 'unplace') {
        board.values[cell] = 0;
        board.origins[cell] = Origin.EMPTY;
        board.depths[cell] = 0;
      } else if (op === 'eliminate') {
        kept[cell] &= ~bit;
      } else if (op === 'restore') {
        kept[cell] |= bit;
      } else {
        throw new TypeError(`unknown change ${op}`);
      }
    }
  }
  board.candidates = kept.map((mask, cell) => (board.values[cell] ? 0 : mask));
  return board;
}

/** Numbers in [0, n) from a fixed seed, so a failure repeats. */
function randomPositions(count, n, seed = 12345) {
  const positions = [];
  for (let x = seed; positions.length < count;) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    positions.push(x % n);
  }
  return positions;
}

/**
 * Walks `timeline` (already made) to each of `targets` as the page does: seek, then apply
 * the changes to the board shown; checks that board against the plain replay of `steps`.
 */
function walk(timeline, start, steps, targets) {
  const board = copyOf(start);
  for (const target of targets) {
    const at = Math.min(target, steps.length);
    assert.equal(timeline.seek(target), at);
    applyChanges(board, start, timeline.changes());
    assert.deepEqual(snapshot(board), snapshot(replay(start, steps, at)), `board at ${at}`);
  }
  return board;
}

test('a board marks its givens and starts with no candidates', () => {
  const { shape, values } = parse(EASY);
  const board = createBoard(shape, values);
  assert.equal(board.values[0], 8);
  assert.equal(board.origins[0], Origin.GIVEN);
  assert.equal(board.origins[2], Origin.EMPTY);
  assert.deepEqual(candidatesOf(board, 2), []);
  assert.throws(() => createBoard(shape, values.slice(1)), RangeError);
});

test('a trace starts from the candidates the core gives: no given of the house holds them', () => {
  const board = startingBoard(parse(EASY));
  // r1c3: row 1 holds 8 5 2 4, column 3 holds 4 5 7, box 1 holds 8 5 7 2 4.
  assert.deepEqual(candidatesOf(board, 2), [1, 3, 6, 9]);
  assert.deepEqual(candidatesOf(board, 0), [], 'a filled cell reports none');
  for (const { size } of wasm.shapes()) {
    const all = startingBoard(parse('.'.repeat(size * size))).candidates;
    assert.ok(
      all.every((mask) => mask === 2 ** size - 1),
      `${size}×${size} empty: every digit`,
    );
  }
});

test('with pencil marks, a trace starts from the marks', () => {
  // EASY as a 729-character line, r1c3 allowed only 3 and 6 (of 1, 3, 6, 9).
  const line = [...EASY]
    .map((v, cell) => {
      const allowed = (d) => (v !== '0' ? String(d) === v : cell !== 2 || d === 3 || d === 6);
      return [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => (allowed(d) ? String(d) : '.')).join('');
    })
    .join('');
  const puzzle = parse(line);
  assert.equal(puzzle.line, line);
  assert.equal(puzzle.marks[2], 0b100100);
  const board = startingBoard(puzzle);
  assert.deepEqual(candidatesOf(board, 2), [3, 6]);
  assert.deepEqual(candidatesOf(board, 3), candidatesOf(startingBoard(parse(EASY)), 3));
  assert.equal(wasm.setCell(line, 2, 0).slice(18, 27), '123456789', 'an emptied cell is open');
  assert.equal(wasm.setCell(line, 2, 3).slice(18, 27), '..3......');
});

for (const [name, text] of [
  ['the easy puzzle', EASY],
  ['the hardest puzzle', HARDEST],
]) {
  for (const strategy of STRATEGIES) {
    test(`applyChanges: ${strategy} on ${name}, seeking both ways: the replayed board`, () => {
      // Backtracking runs long: its first 20,000 steps outgrow the Timeline's step cache.
      const steps = trace(text, strategy, 20000);
      const start = startingBoard(parse(text));
      const timeline = new wasm.Timeline(text, strategy);
      try {
        assert.equal(timeline.make(20000), steps.length);
        const end = steps.length;
        walk(timeline, start, steps, [
          0,
          50,
          10,
          end,
          0,
          257,
          256,
          end - 1,
          end + 10,
          ...randomPositions(8, end + 1),
          1,
        ]);
      } finally {
        timeline.free();
      }
    });
  }
}

test('the first changes name every cell once; then only the cells that differ', () => {
  const puzzle = parse(HARDEST);
  const start = startingBoard(puzzle);
  const steps = trace(HARDEST, 'singles', 200);
  // The first backtrack: many digits taken out, candidates restored under them.
  const at = steps.findIndex((s) => s.kind === 'backtrack');
  assert.ok(at > 0);
  const timeline = new wasm.Timeline(HARDEST, 'singles');
  try {
    timeline.make(200);
    timeline.seek(at);
    const first = timeline.changes();
    assert.ok(first instanceof Uint32Array);
    const cellsOf = (changes) => [...changes.filter((_, i) => i % 3 === 0)];
    assert.deepEqual(cellsOf(first), [...Array(81).keys()]);
    // Every cell is named, so the board they are applied to does not matter.
    const blank = createBoard(puzzle.shape, new Uint8Array(81));
    applyChanges(blank, start, first);
    assert.deepEqual(snapshot(blank), snapshot(replay(start, steps, at)));
    assert.equal(timeline.changes().length, 0, 'nothing changed since');
    timeline.seek(at);
    assert.equal(timeline.changes().length, 0, 'seeking where it stands changes nothing');
    const [before, after] = [at, at + 1].map((n) => snapshot(replay(start, steps, n)));
    const differ = [...Array(81).keys()].filter((cell) =>
      Object.keys(before).some((key) => before[key][cell] !== after[key][cell]),
    );
    assert.ok(differ.length > 1);
    timeline.seek(at + 1);
    assert.deepEqual(cellsOf(timeline.changes()), differ);
  } finally {
    timeline.free();
  }
});

test("a trace from a person's position keeps the origins of their digits", () => {
  const puzzle = parse(EASY);
  const solution = parse(wasm.solve(EASY)).values;
  const start = createBoard(puzzle.shape, puzzle.values);
  const values = puzzle.values.slice();
  const yours = [];
  for (let cell = 0; yours.length < 8; cell++) {
    if (!values[cell]) {
      values[cell] = solution[cell];
      start.values[cell] = solution[cell];
      start.origins[cell] = Origin.YOURS;
      yours.push(cell);
    }
  }
  // With no marks, and with marks where a wrong digit is taken out of an open cell.
  const all = Uint32Array.from(wasm.candidates(values, new Uint32Array(0)));
  const marked = all.slice();
  const open = all.findIndex((mask, cell) => mask & ~(1 << (solution[cell] - 1)));
  marked[open] &= 1 << (solution[open] - 1);
  for (const marks of [new Uint32Array(0), marked]) {
    start.candidates = Uint32Array.from(wasm.candidates(values, marks));
    assert.equal(start.candidates[open] === all[open], marks.length === 0);
    for (const strategy of STRATEGIES) {
      const steps = positionTrace(values, marks, strategy, 3000);
      const timeline = wasm.Timeline.fromPosition(values, marks, strategy);
      try {
        assert.equal(timeline.make(3000), steps.length);
        const end = steps.length;
        const board = walk(timeline, start, steps, [0, end, 7, end >> 1, 0, end]);
        assert.ok(yours.every((cell) => board.origins[cell] === Origin.YOURS));
        assert.equal(board.origins[0], Origin.GIVEN);
      } finally {
        timeline.free();
      }
    }
  }
});

test('a finished trace leaves the solution on the board, guesses marked with their depth', () => {
  const start = startingBoard(parse(HARDEST));
  const timeline = new wasm.Timeline(HARDEST, 'singles');
  try {
    timeline.make(1e6);
    assert.ok(timeline.isComplete);
    const board = copyOf(start);
    let sawGuess = false;
    let sawTentative = false;
    for (let at = 0; at <= timeline.made; at++) {
      timeline.seek(at);
      applyChanges(board, start, timeline.changes());
      sawGuess ||= board.origins.some((o, i) => o === Origin.GUESS && board.depths[i] > 0);
      sawTentative ||= board.origins.some((o, i) => o === Origin.DEDUCED && board.depths[i] > 0);
    }
    assert.equal(wasm.formatPuzzle(board.values), wasm.solve(HARDEST));
    assert.ok(sawGuess, 'some digits were guessed');
    assert.ok(sawTentative, 'some digits were placed under a guess');
    assert.ok(board.origins.every((o) => o !== Origin.EMPTY));
    assert.ok(
      board.candidates.every((mask) => mask === 0),
      'a full board shows no candidates',
    );
  } finally {
    timeline.free();
  }
});

test('fillSolution marks only the empty cells as the solution', () => {
  const { shape, values } = parse(EASY);
  const board = fillSolution(createBoard(shape, values), parse(wasm.solve(EASY)).values);
  assert.equal(board.origins[0], Origin.GIVEN);
  assert.equal(board.origins[2], Origin.SOLUTION);
  assert.equal(wasm.formatPuzzle(board.values), wasm.solve(EASY));
});
