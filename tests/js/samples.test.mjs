import assert from 'node:assert/strict';
import { test } from 'node:test';
import { speedIndex, SPEEDS } from '../../www/controls.js';
import { rangeOf } from '../../www/puzzle-bar.js';
import { RULE_SAMPLE_TEXTS } from '../../www/rule-samples.js';
import { DEFAULT_SAMPLE, SAMPLES as LISTED } from '../../www/samples.js';
import wasm from './wasm.mjs';

/** The samples with their texts, those with rules from rule-samples.js. */
const SAMPLES = LISTED.map((s) => ({ ...s, text: s.text ?? RULE_SAMPLE_TEXTS[s.id] }));

test('every sample reads and has the verdict it is listed with', () => {
  for (const sample of SAMPLES) {
    assert.equal(wasm.analyze(sample.text).status, sample.verdict, sample.name);
  }
  assert.equal(new Set(SAMPLES.map((s) => s.id)).size, SAMPLES.length, 'ids are unique');
  assert.equal(DEFAULT_SAMPLE.id, 'easy');
  // Only samples with rules keep their text apart, and each has it there.
  for (const sample of LISTED.filter((s) => s.text === null)) {
    assert.ok(wasm.parsePuzzle(RULE_SAMPLE_TEXTS[sample.id]).layout.rules, sample.name);
  }
  assert.equal(Object.keys(RULE_SAMPLE_TEXTS).length, 2);
});

test('the samples cover the seed examples and the small and large sizes', () => {
  const sizes = new Set(SAMPLES.map((s) => wasm.parsePuzzle(s.text).size));
  for (const size of [4, 6, 9, 16, 25]) {
    assert.ok(sizes.has(size), `${size}×${size}`);
  }
  assert.ok(
    SAMPLES.some((s) => wasm.parsePuzzle(s.text).marks),
    'a puzzle with pencil marks',
  );
});

test('rangeOf turns a 1-based line and column into the offsets of that character', () => {
  assert.deepEqual(rangeOf('abc', [1, 1]), [0, 1]);
  assert.deepEqual(rangeOf('abc\ndef', [2, 3]), [6, 7]);
  assert.deepEqual(rangeOf('a🙂b\n🙂z', [2, 2]), [7, 8]);
  assert.deepEqual(rangeOf('a🙂b', [1, 2]), [1, 3]);
  // 'x' is a blank below 25×25; 'z' is no digit of a 9×9 puzzle.
  const text = `12.\n4z6\n${'.'.repeat(75)}`;
  const bad = wasm.analyze(text);
  assert.deepEqual(bad.position, [2, 2]);
  assert.equal(text.slice(...rangeOf(text, bad.position)), 'z');
});

test('speedIndex picks the nearest offered speed', () => {
  assert.equal(SPEEDS[speedIndex(8)], 8);
  assert.equal(SPEEDS[speedIndex(9)], 8);
  assert.equal(SPEEDS[speedIndex(Infinity)], Infinity);
  assert.equal(SPEEDS[speedIndex(0.1)], 1);
});

test('the samples with rules are written as the core writes them, a Killer and a mixed one', () => {
  const withRules = SAMPLES.map((s) => [s, wasm.parsePuzzle(s.text)]).filter(
    ([, parsed]) => parsed.layout.rules,
  );
  for (const [sample, parsed] of withRules) {
    // The board names a sample by its line before the rules reader is in (stepdoku-board.js).
    assert.equal(parsed.line, sample.text, sample.name);
  }
  const rules = withRules.map(([, parsed]) => parsed.layout.rules);
  assert.ok(
    rules.some((r) => r.cages.length && !r.thermometers.length && !r.dots.length),
    'a Killer',
  );
  const mixed = rules.find((r) => r.thermometers.length && r.arrows.length);
  assert.ok(mixed, 'a puzzle with thermometers and arrows');
  const kinds = new Set(mixed.dots.map((d) => d.label || d.kind));
  for (const kind of ['white', 'X', 'V']) {
    assert.ok(kinds.has(kind), kind);
  }
});
