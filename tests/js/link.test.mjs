// What a URL hash names (www/link.js), for the app page and the iframe page.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { linkHash, readLink, readStep } from '../../www/link.js';

const LINE = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';

test('a position round-trips through its hash', () => {
  for (const position of [
    { line: LINE, strategy: 'human', step: 42 },
    { line: LINE, strategy: 'backtracking', step: 1 },
  ]) {
    const read = readLink(linkHash(position));
    assert.deepEqual({ line: read.line, strategy: read.strategy, step: read.step }, position);
  }
});

test('step 0 links to the puzzle alone', () => {
  assert.equal(linkHash({ line: LINE, strategy: 'human', step: 0 }), `#p=${LINE}`);
  assert.deepEqual(readLink(`#p=${LINE}`), {
    line: LINE,
    strategy: null,
    step: 0,
    stepText: null,
    progress: null,
    generated: null,
    options: {},
  });
});

test("a person's progress rides last, with or without a step", () => {
  const progress = `${'.'.repeat(80)}4~${'.'.repeat(81)}~${'-'.repeat(80)}~75`;
  for (const step of [0, 12]) {
    const hash = linkHash({ line: LINE, strategy: 'human', step, progress });
    assert.ok(hash.endsWith(`&y=${progress}`), hash);
    const read = readLink(hash);
    assert.equal(read.progress, progress);
    assert.equal(read.step, step);
  }
  assert.equal(linkHash({ line: LINE, strategy: 'human', step: 0, progress: '' }), `#p=${LINE}`);
});

test('a step that is not a positive whole number is step 0', () => {
  for (const n of ['', 'x', '-3', '2.5', '0']) {
    assert.equal(readLink(`#p=${LINE}&n=${n}`).step, 0, `n=${n}`);
  }
});

test('a step is a whole number of 0 or more, as written; anything else is refused, not coerced', () => {
  for (const [text, step] of [
    ['0', 0],
    ['42', 42],
    ['007', 7],
    ['5.0', 5],
    ['1e12', 1e12],
    ['1E3', 1000],
    ['1.5e1', 15],
    ['9'.repeat(30), 1e30],
  ]) {
    assert.deepEqual(readStep(text), { step }, text);
  }
  for (const text of ['', ' 5', '5 ', '+5', '-1', '-0', '2.5', '0x10', '1e-1', '1e400', 'NaN']) {
    const { step, error } = readStep(text);
    assert.equal(step, undefined, text);
    assert.match(error, /^Step ".*" was not opened: a step is a whole number, 0 or more/, text);
  }
  for (const text of ['Infinity', ' ', '١٢', '１２']) {
    assert.ok(readStep(text).error, text);
  }
  // A long one is quoted in part.
  assert.match(readStep('x'.repeat(5000)).error, /^Step "x{24}…" was not opened/);
});

test("a link's step as written rides beside the step it reads as", () => {
  assert.deepEqual(
    [readLink(`#p=${LINE}&n=1e12`).step, readLink(`#p=${LINE}&n=1e12`).stepText],
    [1e12, '1e12'],
  );
  assert.deepEqual(
    [readLink(`#p=${LINE}&n=abc`).step, readLink(`#p=${LINE}&n=abc`).stepText],
    [0, 'abc'],
  );
  assert.equal(readLink(`#p=${LINE}`).stepText, null);
});

test('board options: a bare name is set, spaces come as +, other names are ignored', () => {
  const { options } = readLink(
    `#p=${LINE}&readonly&controls=play+step+speed&theme=dark&speed=4&autoplay=&evil=1`,
  );
  assert.deepEqual(options, {
    controls: 'play step speed',
    readonly: '',
    autoplay: '',
    theme: 'dark',
    speed: '4',
  });
});

test('an empty hash names nothing', () => {
  assert.deepEqual(readLink(''), {
    line: null,
    strategy: null,
    step: 0,
    stepText: null,
    progress: null,
    generated: null,
    options: {},
  });
});

test("a new puzzle's link says how it was made, right after the puzzle", () => {
  const generated = { target: 'hard', seed: 123456, symmetry: 'none' };
  const hash = linkHash({ line: LINE, strategy: 'human', step: 0, generated });
  assert.equal(hash, `#p=${LINE}&new=hard&seed=123456`);
  assert.deepEqual(readLink(hash).generated, generated);

  const symmetric = { target: 'xwing', seed: 7, symmetry: 'rotate-180' };
  const later = linkHash({ line: LINE, strategy: 'human', step: 12, generated: symmetric });
  assert.equal(later, `#p=${LINE}&new=xwing&seed=7&sym=rotate-180&s=human&n=12`);
  const read = readLink(later);
  assert.deepEqual(read.generated, symmetric);
  assert.equal(read.line, LINE);
  assert.equal(read.step, 12);
});

test('a link without a puzzle names one to make: any case, the largest seed, a missing one', () => {
  assert.deepEqual(readLink('#new=Hard&seed=20261124'), {
    line: null,
    strategy: null,
    step: 0,
    stepText: null,
    progress: null,
    generated: { target: 'hard', seed: 20261124, symmetry: 'none' },
    options: {},
  });
  assert.equal(readLink(`#new=easy&seed=${2 ** 53 - 1}`).generated.seed, 2 ** 53 - 1);
  // A seed that is not a whole number a generator takes is no seed: the page picks one.
  for (const seed of ['', 'x', '-3', '2.5', '1e3', String(2 ** 53), '9'.repeat(20)]) {
    assert.equal(readLink(`#new=easy&seed=${seed}`).generated.seed, null, `seed=${seed}`);
  }
  assert.equal(readLink('#new=singles').generated.seed, null);
  assert.equal(readLink('#seed=42').generated, null, 'a seed alone names nothing');
  assert.equal(readLink('#new=&seed=42').generated, null);
});

test('a line with rules comes back from its link as it was', () => {
  const line = `${'.'.repeat(81)};cage=17:r1c1,r1c2,r2c1;arrow:r3c7>r3c8,r4c9;diagonal+;antiknight`;
  const hash = linkHash({ line, strategy: 'human', step: 3 });
  assert.match(hash, /diagonal%2B;/);
  assert.equal(readLink(hash).line, line);
  assert.equal(readLink(hash).step, 3);
});
