// The wasm exports refuse bad arguments with a TypeError or a RangeError that names them
// (src/wasm/), a handle used after free() says so (scripts/wasm-handles.js), and handles
// never freed are released by the garbage collector. Runs on the built module (www/pkg).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import wasm, { EASY } from './wasm.mjs';

/** Whether `call` throws a `kind` whose message is `message` (a string or a RegExp). */
function throws(call, kind, message) {
  assert.throws(call, (error) => {
    assert.equal(error.constructor, kind, `${error.name}: ${error.message}`);
    if (message instanceof RegExp) {
      assert.match(error.message, message);
    } else {
      assert.equal(error.message, message);
    }
    return true;
  });
}

/** What a tester tried for numbers, as the messages show them. */
const BAD_NUMBERS = [
  [-1, '-1'],
  [NaN, 'NaN'],
  [Infinity, 'Infinity'],
  [2 ** 53, '9007199254740992'],
  [0.5, '0.5'],
];

test('limits are whole numbers from 1; undefined and strings are not numbers', () => {
  for (const [bad, shown] of BAD_NUMBERS) {
    throws(
      () => wasm.countSolutions(EASY, bad),
      RangeError,
      `The limit of countSolutions must be a whole number from 1 to 4294967295, not ${shown}.`,
    );
    throws(
      () => wasm.countSolutionsBatch(EASY, bad),
      RangeError,
      /^The limit of countSolutionsBatch/,
    );
  }
  throws(
    () => wasm.countSolutions(EASY),
    TypeError,
    'The limit of countSolutions must be a number, not undefined.',
  );
  throws(() => wasm.countSolutions(EASY, '2'), TypeError, /must be a number, not "2"\.$/);
  throws(() => wasm.countSolutions(EASY, 2n), TypeError, /must be a number, not a bigint\.$/);
  assert.equal(wasm.countSolutions(EASY, 1), 1);
  assert.equal(wasm.countSolutions(EASY, 2 ** 32 - 1), 1);
});

test('numbers where strings belong are refused, not read', () => {
  throws(
    () => wasm.countSolutions(12345, 2),
    TypeError,
    'The puzzle of countSolutions must be a string, not 12345.',
  );
  throws(
    () => wasm.solve(undefined),
    TypeError,
    'The puzzle of solve must be a string, not undefined.',
  );
  throws(() => wasm.analyze(null), TypeError, 'The puzzle of analyze must be a string, not null.');
  throws(
    () => wasm.parsePuzzle(['1']),
    TypeError,
    /^The text of parsePuzzle must be a string, not an object\.$/,
  );
  throws(
    () => wasm.countSolutionsBytes(EASY, 2),
    TypeError,
    /^The bytes of countSolutionsBytes must be a Uint8Array/,
  );
  throws(
    () => wasm.formatPuzzle(new Uint8Array(16), 1),
    TypeError,
    'The tag of formatPuzzle must be a string, not 1.',
  );
});

test('cells and digits are within the grid', () => {
  for (const [bad, shown] of [...BAD_NUMBERS, [2 ** 32, '4294967296'], [81, '81']]) {
    throws(
      () => wasm.setCell(EASY, bad, 5),
      RangeError,
      `The cell of setCell must be a whole number from 0 to 80, not ${shown}.`,
    );
  }
  throws(
    () => wasm.setCell(EASY, 0, 261),
    RangeError,
    'The digit of setCell must be a whole number from 0 to 9, not 261.',
  );
  throws(() => wasm.setCell(EASY, 2, NaN), RangeError, /^The digit of setCell .* not NaN\.$/);
  throws(
    () => wasm.setCell(EASY, undefined, 5),
    TypeError,
    /^The cell of setCell must be a number/,
  );
  assert.equal(wasm.setCell(EASY, 2, 9)[2], '9', 'r1c3 is empty in EASY');
  const values = Array(81).fill(0);
  values[4] = 261;
  throws(
    () => wasm.candidates(values, [], ''),
    RangeError,
    'The value of cell 4 of candidates must be a whole number from 0 to 9, not 261.',
  );
});

test('step counts are whole numbers up to a million per call', () => {
  const solver = new wasm.Solver(EASY, 'backtracking');
  const timeline = new wasm.Timeline(EASY, 'backtracking');
  try {
    for (const [bad, shown] of [...BAD_NUMBERS, [1e6 + 1, '1000001']]) {
      const message = (what) =>
        `The ${what} must be a whole number from 0 to 1000000, not ${shown}.`;
      throws(() => solver.stepMany(bad), RangeError, message('count of Solver.stepMany'));
      throws(() => solver.advance(bad), RangeError, message('count of Solver.advance'));
      throws(() => timeline.make(bad), RangeError, message('count of Timeline.make'));
    }
    throws(
      () => solver.advance(),
      TypeError,
      'The count of Solver.advance must be a number, not undefined.',
    );
    throws(
      () => timeline.seek(-1),
      RangeError,
      /^The target of Timeline.seek must be a whole number from 0 to 4294967295/,
    );
    assert.equal(solver.stepCount, 0);
    assert.equal(timeline.made, 0);
    assert.equal(solver.stepMany(3).length, 3);
  } finally {
    solver.free();
    timeline.free();
  }
});

test('a strategy is one of the names strategies() lists', () => {
  throws(
    () => new wasm.Solver(EASY),
    TypeError,
    'The strategy of new Solver must be a string, not undefined.',
  );
  throws(
    () => new wasm.Timeline(EASY, 'fast'),
    RangeError,
    'The strategy of new Timeline must be one of "backtracking", "singles", "human", not "fast".',
  );
});

test('rate throws the diagnosis where `stepdoku rate` fails', () => {
  const duplicate = `5..5${'.'.repeat(77)}`;
  assert.throws(
    () => wasm.rate(duplicate),
    (error) =>
      error.status === 'invalid' &&
      error.message === 'Duplicate given: r1c1 and r1c4 both hold 5 in row 1.',
  );
  const none = `12345678.${'.'.repeat(8)}9${'.'.repeat(63)}`;
  assert.throws(
    () => wasm.rate(none),
    (error) => error.status === 'none',
  );
  assert.equal(wasm.rate(EASY).solved, true);
});

test('text longer than a puzzle can be is refused without growing wasm memory', () => {
  const memory = wasm.initSync({ module: new Uint8Array() }).memory;
  const before = memory.buffer.byteLength;
  const huge = '1'.repeat(1e7);
  const message = 'Too long: the text has 10,000,000 bytes, but no puzzle needs more than 65,536.';
  assert.throws(
    () => wasm.parsePuzzle(huge),
    (error) => error.message === message,
  );
  assert.equal(wasm.analyze(huge).message, message);
  assert.equal(wasm.analyze(huge).status, 'invalid');
  throws(
    () => wasm.formatPuzzle(new Uint8Array(16), huge),
    RangeError,
    /^The tag of formatPuzzle is too long/,
  );
  assert.ok(
    memory.buffer.byteLength - before < 2 ** 20,
    `grew ${memory.buffer.byteLength - before} bytes`,
  );
});

test('a handle used after free() says so, and a second free() does nothing', () => {
  const solver = new wasm.Solver(EASY, 'human');
  solver.free();
  throws(() => solver.step(), TypeError, 'This Solver was freed; make a new one.');
  throws(() => solver.advance(1), TypeError, 'This Solver was freed; make a new one.');
  throws(() => solver.stepCount, TypeError, 'This Solver was freed; make a new one.');
  solver.free();
  const timeline = wasm.Timeline.fromPosition(new Uint8Array(16), new Uint32Array(0), 'singles');
  timeline.free();
  throws(() => timeline.make(1), TypeError, 'This Timeline was freed; make a new one.');
  throws(() => timeline.counters, TypeError, 'This Timeline was freed; make a new one.');
  const generator = new wasm.Generator({ size: 4 }, 1);
  generator[Symbol.dispose]();
  throws(() => generator.run(1), TypeError, 'This Generator was freed; make a new one.');
  throws(() => generator.tries, TypeError, 'This Generator was freed; make a new one.');
});

test('a method called on another class or a forged object is a TypeError, and the handle lives', () => {
  const solver = new wasm.Solver(EASY, 'human');
  const timeline = new wasm.Timeline(EASY, 'human');
  const generator = new wasm.Generator({ size: 4 }, 1);
  const notA = (name) => new RegExp(`^${name} was called on something that is not a `);
  throws(() => wasm.Timeline.prototype.seek.call(solver, 0), TypeError, notA('Timeline.seek'));
  throws(
    () => wasm.Solver.prototype.advance.call(timeline, 1000),
    TypeError,
    notA('Solver.advance'),
  );
  throws(() => wasm.Generator.prototype.run.call(timeline, 1), TypeError, notA('Generator.run'));
  throws(
    () => wasm.Timeline.prototype.make.call({ __wbg_ptr: 8 }, 1),
    TypeError,
    notA('Timeline.make'),
  );
  const forged = Object.create(wasm.Timeline.prototype);
  forged.__wbg_ptr = timeline.__wbg_ptr;
  throws(() => forged.make(1), TypeError, notA('Timeline.make'));
  throws(() => wasm.Solver.prototype.free.call(timeline), TypeError, notA('Solver.free'));
  // A real handle whose pointer was changed is refused too.
  const other = new wasm.Timeline(EASY, 'singles');
  const pointer = other.__wbg_ptr;
  other.__wbg_ptr = timeline.__wbg_ptr;
  throws(() => other.make(1), TypeError, notA('Timeline.make'));
  other.__wbg_ptr = pointer;
  // Each real handle still works, and no call above reached wasm.
  assert.ok(solver.step());
  assert.equal(timeline.make(3), 3);
  assert.equal(other.make(1), 1);
  assert.equal(typeof generator.tries, 'number');
  for (const handle of [solver, timeline, other, generator]) {
    handle.free();
  }
});

test('Timeline.rows hands out at most 1,000 rows, so no call grows memory for good', () => {
  const memory = wasm.initSync({ module: new Uint8Array() }).memory;
  const timeline = new wasm.Timeline('.'.repeat(625), 'backtracking');
  timeline.make(2000);
  const before = memory.buffer.byteLength;
  throws(() => timeline.rows(0, 1e6), RangeError, /count of Timeline\.rows/);
  assert.equal(memory.buffer.byteLength, before, 'the refused call grew nothing');
  assert.equal(timeline.rows(0, 1000).length, 1000);
  const grown = memory.buffer.byteLength - before;
  assert.ok(grown < 2 ** 20, `the most rows grew memory by ${grown} bytes`);
  timeline.free();
});

test('handles never freed are released once garbage-collected', async () => {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  const memory = wasm.initSync({ module: new Uint8Array() }).memory;
  const N_ROUNDS = 8;
  const N_PER_ROUND = 200;
  // A 25×25 Backtracking timeline with a step made holds about 60 KB of wasm memory:
  // without finalisation each round would grow memory by about 12 MB.
  const ROUND_BYTES = N_PER_ROUND * 60e3;
  let nCollected = 0;
  const watch = new FinalizationRegistry(() => nCollected++);
  /** A handle dropped unfreed (in a function of its own, so no frame of the loop keeps it). */
  function dropOne() {
    const timeline = new wasm.Timeline('.'.repeat(625), 'backtracking');
    timeline.make(1);
    watch.register(timeline, null);
  }
  const sizes = [];
  for (let round = 0; round < N_ROUNDS; round++) {
    for (let i = 0; i < N_PER_ROUND; i++) {
      dropOne();
    }
    // Wait until the collector has taken this round's handles: wasm-bindgen's own
    // FinalizationRegistry frees each in the same collection as ours sees it go.
    while (nCollected < (round + 1) * N_PER_ROUND) {
      gc();
      await new Promise((resolve) => setImmediate(resolve));
    }
    sizes.push(memory.buffer.byteLength);
  }
  assert.ok(
    sizes.at(-1) - sizes[0] < 2 * ROUND_BYTES,
    `wasm memory after each round (MB): ${sizes.map((s) => (s / 1e6).toFixed(0)).join(', ')}`,
  );
});
