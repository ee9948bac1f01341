// The wasm Generator as the page's worker uses it: the same request and seed make the same
// puzzle, a minimal one with one solution, at the level asked for; a request the layout
// cannot meet is a TypeError with a sentence. Where tests/data/generated.txt is (lines of
// `SEED<TAB>REQUEST-JSON<TAB>PUZZLE`, written natively by `stepdoku generate`), the wasm
// module makes the very same puzzles.

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import wasm from './wasm.mjs';

const GOLDEN = new URL('../data/generated.txt', import.meta.url);

/** The first puzzle a Generator makes for `request` from `seed`, and the tries it took. */
function generate(request, seed) {
  const generator = new wasm.Generator(request, seed);
  try {
    let found;
    while (!(found = generator.run(1))) {
      // One candidate a call, as the worker runs it.
    }
    assert.equal(generator.tries, found.tries);
    return found;
  } finally {
    generator.free();
  }
}

/** Whether every given is needed: taking any one out leaves several solutions. */
function isMinimal(puzzle) {
  const { values } = wasm.parsePuzzle(puzzle);
  return values.every((v, cell) => !v || wasm.countSolutions(wasm.setCell(puzzle, cell, 0), 2) > 1);
}

test('the same request and seed make the same minimal puzzle, at the level asked for', () => {
  const request = { level: 'hard' };
  const found = generate(request, 123456);
  assert.deepEqual(generate(request, 123456), found);
  assert.equal(found.seed, 123456);
  assert.equal(found.rating.level, 'Hard');
  assert.equal(wasm.countSolutions(found.puzzle, 2), 1);
  assert.equal(wasm.solve(found.puzzle), found.solution);
  assert.ok(isMinimal(found.puzzle), found.puzzle);
  // The page knows a made puzzle by its line: the core writes it as it reads it.
  assert.equal(wasm.parsePuzzle(found.puzzle).line, found.puzzle);
  assert.notEqual(generate(request, 123457).puzzle, found.puzzle, 'another seed, another puzzle');
});

test('a technique, singles, a symmetry and a variant are met', () => {
  const xwing = generate({ technique: 'xwing' }, 7);
  assert.equal(wasm.countSolutions(xwing.puzzle, 2), 1);
  const steps = new wasm.Solver(xwing.puzzle, 'human');
  const ids = new Set();
  for (let step; (step = steps.step());) {
    ids.add(step.techniqueId);
  }
  steps.free();
  assert.ok(ids.has('xwing'), [...ids].join(' '));

  const singles = generate({ technique: 'singles', symmetry: 'rotate-180' }, 3);
  const { values } = wasm.parsePuzzle(singles.puzzle);
  assert.ok(
    values.every((v, cell) => Boolean(v) === Boolean(values[80 - cell])),
    'the givens turn into themselves by half a turn',
  );
  assert.ok(singles.rating.er <= 2.3, String(singles.rating.er));

  const x = generate({ tag: 'x:', level: 'easy' }, 5);
  assert.ok(x.puzzle.startsWith('x:'), x.puzzle);
  assert.equal(wasm.countSolutions(x.puzzle, 2), 1);
});

test('a request that cannot be met, and a seed out of range, throw', () => {
  assert.throws(
    () => new wasm.Generator({ tag: 'x:', technique: 'unique-rectangle1' }, 1),
    (error) =>
      error instanceof TypeError &&
      /^no puzzle can need Unique Rectangle Type 1/.test(error.message),
  );
  assert.throws(() => new wasm.Generator({ level: 'hard', technique: 'xwing' }, 1), TypeError);
  assert.throws(() => new wasm.Generator({ technique: 'nope' }, 1), TypeError);
  for (const seed of [-1, 0.5, 2 ** 53]) {
    assert.throws(() => new wasm.Generator({}, seed), RangeError, String(seed));
  }
  assert.equal(wasm.seedOfDate('2026-11-24'), 20261124);
  assert.equal(wasm.seedOfDate('24 November'), undefined);
});

test(
  'the wasm module makes the puzzles of tests/data/generated.txt',
  { skip: !existsSync(GOLDEN) && 'tests/data/generated.txt is not there (yet)' },
  () => {
    const lines = readFileSync(GOLDEN, 'utf8')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'));
    assert.ok(lines.length > 0, 'the file lists puzzles');
    for (const line of lines) {
      const [seed, json, puzzle] = line.split('\t');
      const found = generate(JSON.parse(json), Number(seed));
      assert.equal(found.puzzle, puzzle.trim(), line);
    }
  },
);
