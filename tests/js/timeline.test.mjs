// The wasm Timeline as the worker uses it (www/worker.js): the trace kept in the module, a
// cursor moved both ways, and what the page is handed there, checked against the plain
// Solver's trace.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyChanges, startingBoard } from '../../www/board-model.js';
import wasm, { EASY, parse, trace } from './wasm.mjs';

const HARDEST = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';
/** The first of forum_hardest_1106: millions of Backtracking steps. */
const DEEP = '........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3';

/** Steps of HARDEST by Backtracking: more than the Timeline caches (64 chunks of 256). */
const N = 40000;
const LONG = trace(HARDEST, 'backtracking', N);

/** A Timeline of `text` with `made` steps made, freed after `use(timeline)`. */
function withTimeline(text, strategy, made, use) {
  const timeline = new wasm.Timeline(text, strategy);
  try {
    timeline.make(made);
    return use(timeline);
  } finally {
    timeline.free();
  }
}

/** The counters after the first `n` of `steps`, counted from the steps themselves. */
function countersAt(steps, n) {
  const counted = steps.slice(0, n);
  return {
    steps: n,
    placements: counted.flatMap((s) => s.changes ?? []).filter((c) => c.op === 'place').length,
    guesses: counted.filter((s) => s.kind === 'guess').length,
    backtracks: counted.filter((s) => s.kind === 'backtrack').length,
    depth: n > 0 ? steps[n - 1].depth : 0,
  };
}

/** Applies plain changes to digits and kept candidates (a filled cell keeps them unseen). */
function applyPlain(values, kept, changes) {
  for (const { op, cell, digit } of changes) {
    const bit = 1 << (digit - 1);
    if (op === 'place' || op === 'unplace') {
      values[cell] = op === 'place' ? digit : 0;
    } else {
      kept[cell] = op === 'eliminate' ? kept[cell] & ~bit : kept[cell] | bit;
    }
  }
}

/** How many digits the board holds at each position of `steps` from `text`. */
function filledCounts(text, steps) {
  let filled = parse(text).values.filter((v) => v).length;
  const counts = [filled];
  for (const step of steps) {
    for (const { op } of step.changes ?? []) {
      filled += op === 'place' ? 1 : op === 'unplace' ? -1 : 0;
    }
    counts.push(filled);
  }
  return counts;
}

test('the trace is as long as the plain one, and a new timeline stands at its start', () => {
  withTimeline(HARDEST, 'backtracking', 0, (timeline) => {
    assert.equal(timeline.made, 0);
    assert.equal(timeline.position, 0);
    assert.equal(timeline.step(0), undefined, 'no step made yet');
    assert.equal(timeline.seek(10), 0, 'nothing to seek to');
    assert.equal(timeline.make(N), N);
    assert.equal(timeline.made, N);
    assert.equal(timeline.position, 0, 'making steps does not move the cursor');
    assert.equal(LONG.length, N);
  });
});

test('step(i) is step i of the plain trace, also after seeking back past the cache', () => {
  withTimeline(HARDEST, 'backtracking', N, (timeline) => {
    const indices = [N - 1, 0, 1, 255, 256, 257, 16383, 16384, 20000, 33333, 39936, 12];
    for (const index of indices) {
      assert.deepEqual(timeline.step(index), LONG[index], `step ${index}`);
    }
    for (const [target, index] of [
      [N, 5],
      [0, N - 2],
      [30000, 100],
      [100, 29999],
      [29999, 16500],
    ]) {
      assert.equal(timeline.seek(target), target);
      assert.deepEqual(timeline.step(index), LONG[index], `step ${index} at ${target}`);
      if (target > 0) {
        assert.deepEqual(timeline.step(target - 1), LONG[target - 1], 'the step that led here');
      }
    }
    assert.equal(timeline.step(N), undefined, 'not made');
  });
});

test('the counters at a position count the plain steps before it', () => {
  const end = countersAt(LONG, N);
  assert.ok(end.guesses > 0 && end.backtracks > 0 && end.depth > 0, 'a trace worth counting');
  withTimeline(HARDEST, 'backtracking', N, (timeline) => {
    for (const target of [0, 1, 17, 256, 5000, N, 12345, 0, 39999, 16385, 2]) {
      assert.equal(timeline.seek(target), target);
      assert.equal(timeline.position, target);
      assert.deepEqual(timeline.counters, countersAt(LONG, target), `counters at ${target}`);
    }
  });
  const steps = trace(EASY, 'human');
  withTimeline(EASY, 'human', 1e6, (timeline) => {
    timeline.seek(steps.length);
    assert.deepEqual(timeline.counters, countersAt(steps, steps.length));
  });
});

test('rows are the kind and text of the plain steps, cut at the steps made', () => {
  const row = ({ kind, text }) => ({ kind, text });
  withTimeline(HARDEST, 'backtracking', N, (timeline) => {
    assert.deepEqual(timeline.rows(0, 10), LONG.slice(0, 10).map(row));
    assert.deepEqual(timeline.rows(250, 20), LONG.slice(250, 270).map(row), 'across chunks');
    assert.deepEqual(timeline.rows(N - 5, 100), LONG.slice(N - 5).map(row), 'cut at made');
    assert.deepEqual(timeline.rows(N, 10), []);
    assert.deepEqual(timeline.rows(N + 10, 10), []);
    timeline.seek(N);
    assert.deepEqual(timeline.rows(3, 2), LONG.slice(3, 5).map(row), 'from evicted chunks');
  });
  withTimeline(HARDEST, 'human', 30, (timeline) => {
    const steps = trace(HARDEST, 'human');
    assert.ok(steps.length > 40);
    assert.deepEqual(timeline.rows(20, 50), steps.slice(20, 30).map(row), 'cut at made');
    timeline.make(5);
    assert.deepEqual(timeline.rows(20, 50), steps.slice(20, 35).map(row), 'more once made');
  });
});

for (const [text, strategy, limit] of [
  [EASY, 'singles', Infinity],
  [EASY, 'human', Infinity],
  [HARDEST, 'singles', Infinity],
  [HARDEST, 'backtracking', 3000],
]) {
  test(`firstWithFilled: ${strategy} on ${text.slice(0, 9)}…, as steps are made`, () => {
    const steps = trace(text, strategy, limit);
    const counts = filledCounts(text, steps);
    /** The first position up to `made` with at least `n` digits, as the plain steps say. */
    const expected = (n, made) => {
      const at = counts.slice(0, made + 1).findIndex((count) => count >= n);
      return at < 0 ? undefined : at;
    };
    withTimeline(text, strategy, 0, (timeline) => {
      for (let made = 0; ; made = Math.min(made + 7, steps.length)) {
        timeline.make(made - timeline.made);
        assert.equal(timeline.made, made);
        for (let n = 0; n <= 82; n++) {
          assert.equal(timeline.firstWithFilled(n), expected(n, made), `${n} by ${made}`);
        }
        if (made === steps.length) {
          break;
        }
      }
      // The count of filled cells at the cursor agrees.
      for (const n of [30, 50, 81]) {
        const first = timeline.firstWithFilled(n);
        if (first !== undefined) {
          timeline.seek(first);
          assert.ok(timeline.filled >= n);
          assert.equal(timeline.filled, counts[first]);
          if (first > 0) {
            timeline.seek(first - 1);
            assert.ok(timeline.filled < n);
          }
        }
      }
    });
  });
}

test('isComplete only once the last step is made', () => {
  const steps = trace(EASY, 'singles');
  assert.equal(steps.at(-1).kind, 'solved');
  withTimeline(EASY, 'singles', 0, (timeline) => {
    assert.equal(timeline.isComplete, false);
    assert.equal(timeline.make(steps.length - 1), steps.length - 1);
    assert.equal(timeline.isComplete, false, 'one step to go');
    assert.equal(timeline.make(10), 1);
    assert.equal(timeline.isComplete, true);
    assert.equal(timeline.made, steps.length);
    assert.equal(timeline.make(10), 0, 'nothing after the end');
    assert.equal(timeline.seek(steps.length + 5), steps.length, 'the end at most');
    assert.deepEqual(timeline.step(steps.length - 1), steps.at(-1));
  });
  withTimeline(HARDEST, 'backtracking', 1000, (timeline) => {
    assert.equal(timeline.isComplete, false, 'a long trace, partly made');
  });
});

test('a long Backtracking trace: to 300,000, back to the start, and to 123,457', () => {
  const start = startingBoard(parse(DEEP));
  const board = startingBoard(parse(DEEP));
  const view = (b) => ({ values: [...b.values], candidates: [...b.candidates] });
  withTimeline(DEEP, 'backtracking', 300000, (timeline) => {
    assert.equal(timeline.made, 300000);
    assert.equal(timeline.isComplete, false);
    applyChanges(board, start, timeline.changes());
    assert.deepEqual(view(board), view(start));
    assert.equal(timeline.seek(300000), 300000);
    applyChanges(board, start, timeline.changes());
    assert.notDeepEqual(view(board), view(start));
    assert.equal(timeline.seek(0), 0);
    applyChanges(board, start, timeline.changes());
    assert.deepEqual(
      { ...view(board), origins: [...board.origins], depths: [...board.depths] },
      { ...view(start), origins: [...start.origins], depths: [...start.depths] },
      'back at the start exactly',
    );
    assert.deepEqual(timeline.counters, countersAt([], 0));
    assert.equal(timeline.seek(123457), 123457);
    applyChanges(board, start, timeline.changes());
    assert.equal(timeline.counters.steps, 123457);

    // The plain Solver, stepped as far, on a board of digits and candidates kept here.
    const values = start.values.slice();
    const kept = start.candidates.slice();
    const solver = new wasm.Solver(DEEP, 'backtracking');
    try {
      let n = 0;
      while (n < 123456) {
        const batch = solver.stepMany(Math.min(2000, 123456 - n));
        assert.ok(batch.length > 0);
        batch.forEach((step) => applyPlain(values, kept, step.changes ?? []));
        n += batch.length;
      }
      const last = solver.step();
      assert.deepEqual(timeline.step(123456), last);
      applyPlain(values, kept, last.changes ?? []);
    } finally {
      solver.free();
    }
    const candidates = kept.map((mask, cell) => (values[cell] ? 0 : mask));
    assert.deepEqual(view(board), view({ values, candidates }));
  });
});
