// Counting many puzzles in one call: text in, or bytes in as a file read would give them.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import wasm, { EASY } from './wasm.mjs';

const SEVERAL = EASY.slice(0, 60) + '0'.repeat(21);
const LINES = [
  EASY,
  '',
  `  ${SEVERAL.replaceAll('0', '.')}\r`,
  'not a puzzle',
  `${EASY.slice(0, 80)}Z`,
];

test('bytes in count each line as text in does', () => {
  const text = LINES.join('\n');
  const expected = Uint32Array.from([1, 2, 0, 0]);
  assert.deepEqual(wasm.countSolutionsBatch(text, 2), expected);
  assert.deepEqual(wasm.countSolutionsBytes(new TextEncoder().encode(text), 2), expected);
});

test('bytes that are not UTF-8 count 0 and leave the other lines alone', () => {
  const bytes = new Uint8Array([0xff, 0xfe, 0x0a, ...new TextEncoder().encode(EASY)]);
  assert.deepEqual(wasm.countSolutionsBytes(bytes, 2), Uint32Array.from([0, 1]));
});

test('limit 0 reads every line and searches none', () => {
  const text = Array(50).fill(EASY).join('\n');
  assert.deepEqual(
    wasm.countSolutionsBytes(new TextEncoder().encode(text), 0),
    new Uint32Array(50),
  );
});
