// The page's cap on puzzle text (www/text-limit.js): UTF-8 bytes counted as wasm receives
// them, and text over the cap refused with its length and the cap.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tooLong, utf8Length } from '../../www/text-limit.js';
import wasm from './wasm.mjs';

test('utf8Length counts what TextEncoder makes, lone surrogates as U+FFFD', () => {
  for (const text of ['', 'abc', 'é', '€', '😀', 'a😀b€é', '\uD800', 'x\uDC00y', '\uD83D', '٣１']) {
    assert.equal(utf8Length(text), new TextEncoder().encode(text).length, JSON.stringify(text));
  }
});

test('tooLong: text within the cap in bytes passes, one byte more is refused', () => {
  assert.equal(tooLong('1'.repeat(100), 100), null);
  assert.equal(
    tooLong('1'.repeat(101), 100),
    'Too long: the text has 101 characters, but no puzzle needs more than 100 bytes.',
  );
  // 50 units but 101 bytes: counted in bytes.
  assert.equal(
    tooLong(`${'é'.repeat(50)}1`, 100),
    'Too long: the text has 101 bytes, but no puzzle needs more than 100 bytes.',
  );
  assert.equal(tooLong(`${'é'.repeat(49)}11`, 100), null, '100 bytes fit');
  assert.equal(tooLong('😀'.repeat(25), 100), null, '25 pairs are 100 bytes');
  assert.match(tooLong('😀'.repeat(26), 100), /has 104 bytes/);
});

test("tooLong: the core's own cap, from maxTextLength(), and text far beyond it", () => {
  const cap = wasm.maxTextLength();
  assert.equal(cap, 65536);
  assert.equal(tooLong('.'.repeat(cap), cap), null);
  assert.match(tooLong('.'.repeat(cap + 1), cap), /65,537 characters.*65,536 bytes/);
  // The core refuses what the page refuses, and reads what it lets through as far as length.
  assert.throws(
    () => wasm.parsePuzzle('.'.repeat(cap + 1)),
    (e) => e.message.startsWith('Too long'),
  );
  assert.throws(
    () => wasm.parsePuzzle('.'.repeat(cap)),
    (e) => e.message.startsWith('Wrong length'),
  );
  assert.match(tooLong('1'.repeat(2e7), cap), /^Too long: the text has 20,000,000 characters/);
});
