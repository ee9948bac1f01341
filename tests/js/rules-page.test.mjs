// The page's pure parts for puzzles with rules: what the top bar calls them, when one is
// solved rather than entered, and the cage tools' lines (cage-entry.js), read back by the core.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lineWithCage, lineWithoutCage } from '../../www/cage-entry.js';
import { isPosed, puzzleSummary } from '../../www/view-model.js';
import wasm, { parse } from './wasm.mjs';

const EMPTY = '.'.repeat(81);

test('a puzzle with rules is posed without givens, and the top bar names its rules', () => {
  const killer = parse(`${EMPTY};cage=17:r1c1,r1c2,r2c1`);
  assert.equal(isPosed(killer), true);
  assert.equal(puzzleSummary(killer, ''), '9×9 Killer');
  assert.equal(isPosed(parse(EMPTY)), false);
  assert.equal(puzzleSummary(parse(EMPTY), ''), 'Empty 9×9');
  const mixed = parse(`x:5${EMPTY.slice(1)};cage=17:r1c2,r1c3;thermo:r9c1,r8c1`);
  assert.equal(puzzleSummary(mixed, ''), '9×9 X-Sudoku Killer with rules, 1 givens');
  assert.equal(puzzleSummary(parse(`${EMPTY};antiknight`), ''), '9×9 with rules');
  assert.equal(puzzleSummary(killer, 'Killer 9×9'), 'Killer 9×9');
});

test('the cage tools add and take away cages the core reads back', () => {
  const one = lineWithCage(EMPTY, ['r1c1', 'r1c2', 'r2c1'], '6');
  assert.deepEqual(wasm.parsePuzzle(one).layout.rules.cages, [{ cells: [0, 1, 9], sum: 6 }]);
  const line = wasm.parsePuzzle(one).line;
  const two = wasm.parsePuzzle(lineWithCage(line, ['r9c9'], '')).line;
  assert.deepEqual(
    wasm.parsePuzzle(two).layout.rules.cages.map((c) => c.cells),
    [[0, 1, 9], [80]],
  );
  assert.equal(wasm.parsePuzzle(lineWithoutCage(two, 'r1c2')).layout.rules.cages.length, 1);
  assert.equal(wasm.parsePuzzle(lineWithoutCage(line, 'r2c1')).layout.rules, null);
  // r1c1 is no r1c10 and no r11c1: names are matched whole.
  assert.equal(lineWithoutCage(line, 'r5c5'), null);
  // Other rules stay.
  const thermo = `${line};thermo:r9c1,r8c1`;
  assert.match(lineWithoutCage(thermo, 'r1c1'), /;thermo:r9c1,r8c1$/);
});
