import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  applyStep,
  createBoard,
  fillSolution,
  Origin,
  startingBoard,
  undoStep,
} from '../../www/board-model.js';
import wasm, { parse, trace } from './wasm.mjs';

const EASY = '850002400720000009004000000000107002305000900040000000000080070017000000000036040';
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

function snapshot(board) {
  return {
    values: [...board.values],
    origins: [...board.origins],
    depths: [...board.depths],
    candidates: [...board.candidates],
  };
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

for (const [name, text, strategy] of [
  ['singles + search on the easy puzzle', EASY, 'singles'],
  ['backtracking on the hardest puzzle (first 5000 steps)', HARDEST, 'backtracking'],
  ['singles + search on the hardest puzzle', HARDEST, 'singles'],
]) {
  test(`${name}: applying then undoing every step restores each board exactly`, () => {
    const steps = trace(text, strategy, 5000);
    const board = startingBoard(parse(text));
    const before = [];
    const records = [];
    for (const step of steps) {
      before.push(snapshot(board));
      records.push(applyStep(board, step));
    }
    for (let i = steps.length - 1; i >= 0; i--) {
      undoStep(board, steps[i], records[i]);
      assert.deepEqual(snapshot(board), before[i], `board before step ${i}`);
    }
  });
}

test('a finished trace leaves the solution on the board, guesses marked with their depth', () => {
  const board = startingBoard(parse(HARDEST));
  let sawTentative = false;
  for (const step of trace(HARDEST, 'singles')) {
    applyStep(board, step);
    sawTentative ||= board.origins.some((o, i) => o === Origin.DEDUCED && board.depths[i] > 0);
  }
  assert.equal(wasm.formatPuzzle(board.values), wasm.solve(HARDEST));
  assert.ok(sawTentative, 'some digits were placed under a guess');
  assert.ok(board.origins.every((o) => o !== Origin.EMPTY));
});

test('a backtrack restores the origin and depth of the digits it takes out, on undo', () => {
  const board = startingBoard(parse(HARDEST));
  const steps = trace(HARDEST, 'backtracking', 2000);
  const at = steps.findIndex(
    (s) => s.kind === 'backtrack' && s.changes.some((c) => c.op === 'unplace'),
  );
  assert.ok(at > 0, 'the trace backtracks');
  steps.slice(0, at).forEach((step) => applyStep(board, step));
  const before = snapshot(board);
  const record = applyStep(board, steps[at]);
  assert.ok(record.length >= 2);
  undoStep(board, steps[at], record);
  assert.deepEqual(snapshot(board), before);
});

test('fillSolution marks only the empty cells as the solution', () => {
  const { shape, values } = parse(EASY);
  const board = fillSolution(createBoard(shape, values), parse(wasm.solve(EASY)).values);
  assert.equal(board.origins[0], Origin.GIVEN);
  assert.equal(board.origins[2], Origin.SOLUTION);
  assert.equal(wasm.formatPuzzle(board.values), wasm.solve(EASY));
});
