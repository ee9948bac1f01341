import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startingBoard } from '../../www/board-model.js';
import { hintHighlight, Player, stepHighlight } from '../../www/player.js';
import wasm, { parse, trace } from './wasm.mjs';

const EASY = '850002400720000009004000000000107002305000900040000000000080070017000000000036040';
const HARDEST = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';

function playerOf(text, options) {
  return new Player(startingBoard(parse(text)), options);
}

const view = (player) => `${[...player.board.values]}|${[...player.board.candidates]}`;

test('forward and back move one step and invert exactly', () => {
  const player = playerOf(EASY);
  player.append(trace(EASY, 'singles'), true);
  const start = view(player);
  assert.equal(player.canBack, false);
  const first = player.forward();
  assert.equal(first.kind, 'deduction');
  assert.equal(player.position, 1);
  assert.equal(player.current, first);
  const after = view(player);
  assert.notEqual(after, start);
  assert.equal(player.back(), first);
  assert.equal(view(player), start);
  assert.equal(player.back(), undefined, 'nothing before the start');
  player.forward();
  assert.equal(view(player), after, 'forward again gives the same board');
});

test('seek runs to the end, where the board is the solution, and back to the start', () => {
  const player = playerOf(EASY);
  const steps = trace(EASY, 'singles');
  player.append(steps.slice(0, 10));
  assert.equal(player.seek(50), 10, 'only arrived steps can be reached');
  assert.equal(player.isAtEnd, false);
  player.append(steps.slice(10), true);
  player.seek(Infinity);
  assert.ok(player.isAtEnd);
  assert.equal(player.current.kind, 'solved');
  assert.equal(wasm.formatPuzzle(player.board.values), wasm.solve(EASY));
  assert.equal(player.seek(0), 0);
  assert.equal(wasm.formatPuzzle(player.board.values), wasm.parsePuzzle(EASY).line);
});

test('counters follow the position both ways', () => {
  const player = playerOf(HARDEST);
  const steps = trace(HARDEST, 'singles');
  player.append(steps, true);
  player.seek(steps.length);
  const c = player.counters;
  assert.equal(c.steps, steps.length);
  assert.equal(c.guesses, steps.filter((s) => s.kind === 'guess').length);
  assert.equal(c.backtracks, steps.filter((s) => s.kind === 'backtrack').length);
  assert.equal(
    c.placements,
    steps.flatMap((s) => s.changes).filter((ch) => ch.op === 'place').length,
  );
  assert.equal(c.depth, steps.at(-1).depth);
  const mid = steps.findIndex((s) => s.kind === 'guess') + 1;
  player.seek(mid);
  assert.equal(player.counters.depth, steps[mid - 1].depth);
  assert.equal(player.counters.guesses, 1);
  player.seek(0);
  assert.deepEqual(player.counters, {
    steps: 0,
    placements: 0,
    guesses: 0,
    backtracks: 0,
    depth: 0,
  });
});

test('history is capped: old steps are dropped and stepping back stops at the oldest kept', () => {
  const player = playerOf(HARDEST, { maxHistory: 100 });
  const steps = trace(HARDEST, 'backtracking', 3000);
  player.append(steps);
  player.seek(3000);
  assert.equal(player.position, 3000);
  assert.ok(player.firstKept > 0 && player.position - player.firstKept <= 110);
  assert.equal(player.stepAt(player.firstKept - 1), undefined);
  const oldest = player.firstKept;
  player.seek(0);
  assert.equal(player.position, oldest, 'back as far as history allows');
  assert.equal(player.canBack, false);
  assert.equal(player.counters.steps, oldest, 'counts still count the dropped steps');
  assert.equal(player.counters.depth, steps[oldest - 1].depth);
  // The board there is the one a fresh replay gives.
  const fresh = playerOf(HARDEST);
  fresh.append(steps);
  fresh.seek(oldest);
  assert.equal(view(player), view(fresh));
});

test('stepHighlight sorts a step into roles by cell and digit bits', () => {
  const h = stepHighlight({
    kind: 'deduction',
    cells: [4],
    houses: [{ kind: 'row', index: 0 }],
    links: [],
    pattern: [{ cell: 4, digit: 3 }],
    fins: [{ cell: 7, digit: 2 }],
    changes: [
      { op: 'place', cell: 4, digit: 3 },
      { op: 'eliminate', cell: 5, digit: 3 },
      { op: 'eliminate', cell: 5, digit: 1 },
      { op: 'restore', cell: 6, digit: 9 },
      { op: 'unplace', cell: 8, digit: 1 },
    ],
  });
  assert.deepEqual([...h.cells], [4]);
  assert.deepEqual([...h.placed], [4]);
  assert.deepEqual([...h.unplaced], [8]);
  assert.equal(h.eliminated.get(5), 0b101);
  assert.equal(h.restored.get(6), 1 << 8);
  assert.equal(h.pattern.get(4), 0b100);
  assert.equal(h.fins.get(7), 0b10);
});

test('hintHighlight shows where a step is but not what it concludes', () => {
  const step = {
    kind: 'deduction',
    cells: [0, 1, 9],
    houses: [{ kind: 'box', index: 0 }],
    links: [{ from: { cell: 0, digit: 2 }, to: { cell: 1, digit: 2 }, kind: 'strong' }],
    pattern: [
      { cell: 0, digit: 2 },
      { cell: 1, digit: 2 },
    ],
    fins: [{ cell: 9, digit: 2 }],
    changes: [{ op: 'eliminate', cell: 2, digit: 2 }],
  };
  const h = hintHighlight(step);
  assert.deepEqual([...h.cells], [0, 1, 9]);
  assert.deepEqual(h.houses, step.houses);
  assert.equal(h.pattern.get(1), 0b10);
  assert.equal(h.fins.get(9), 0b10);
  assert.deepEqual(h.links, []);
  assert.equal(h.eliminated.size, 0);
  // The full highlight of the same step does show the conclusion.
  assert.equal(stepHighlight(step).eliminated.get(2), 0b10);
});

test('hintHighlight of a placement shows its house, or its cell, never the digit', () => {
  const single = {
    kind: 'deduction',
    cells: [3],
    houses: [{ kind: 'row', index: 0 }],
    pattern: [{ cell: 3, digit: 5 }],
    changes: [{ op: 'place', cell: 3, digit: 5 }],
  };
  const hidden = hintHighlight(single);
  assert.deepEqual(hidden.houses, single.houses);
  assert.equal(hidden.cells.size, 0, 'the cell in the house is for the person to find');
  assert.equal(hidden.pattern.size, 0);
  assert.equal(hidden.placed.size, 0);
  const naked = hintHighlight({ ...single, houses: [] });
  assert.deepEqual([...naked.cells], [3], 'with no house, the cell is where to look');
  assert.equal(naked.pattern.size, 0, 'but not its digit');
});
