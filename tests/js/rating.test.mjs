// The rating card's fields (www/rating.js), and the wasm rating: `rate` and a Solver
// advanced in slices, as the worker does, agree.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ratingFields } from '../../www/rating-fields.js';
import { ratingSources } from '../../www/rating.js';
import wasm from './wasm.mjs';

const XCHAIN = '.................1..2..3.4......52...1.....6.7..........3.8.5....52.....4..1....7';

test('fields read as `stepdoku rate` prints them', () => {
  const fields = ratingFields(wasm.rate(XCHAIN));
  assert.deepEqual(Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.value])), {
    er: '6.8',
    ep: '1.2',
    ed: '1.2',
    score: '1476',
    level: 'Unfair',
    guessing: 'no-guess',
  });
  assert.equal(fields.score.text, '1,476');
  assert.equal(fields.guessing.text, 'None');
});

test('with guessing, ER is a lower bound and an unknown EP or ED is a dash', () => {
  const fields = ratingFields({
    er: 3.6,
    ep: null,
    ed: null,
    score: 916,
    level: 'Extreme',
    needsGuessing: true,
  });
  assert.equal(fields.er.text, '≥ 3.6');
  assert.equal(fields.er.value, '3.6');
  assert.deepEqual([fields.ep.text, fields.ep.value], ['–', '-']);
  assert.deepEqual([fields.guessing.text, fields.guessing.value], ['Needed', 'guess']);
});

test('a Solver advanced in slices rates as rate() does', () => {
  const solver = new wasm.Solver(XCHAIN, 'human');
  while (solver.advance(7) === 7) {
    // advance() does the work.
  }
  assert.equal(solver.stepCount, 73);
  assert.deepEqual(solver.rating, wasm.rate(XCHAIN));
  solver.free();
});

test('the card says where each figure comes from', () => {
  const rating = wasm.rate(XCHAIN);
  assert.equal(rating.source, 'peerProfiles');
  assert.deepEqual(ratingSources(rating), [
    {
      key: 'se',
      text: "ER 6.8, EP and ED: Sudoku Explainer's own solving path (hardest step: Turbot Fish).",
    },
    { key: 'hodoku', text: "Score and level: HoDoKu's own solving path (hardest step: X-Chain)." },
    { key: 'ours', text: 'Guessing: our Human strategy solves it by logic alone.' },
    { key: 'differ', text: "Each step's ER badge is that step's, along our own path." },
  ]);
  const fromTrace = ratingSources({
    er: 3.6,
    score: 916,
    level: 'Hard',
    needsGuessing: true,
    source: 'trace',
  });
  assert.match(fromTrace[0].text, /^ER ≥ 3\.6, the score and the level come from our Human solve/);
});

test('the card says so where HoDoKu would need Brute Force and ours no guess', () => {
  const sources = ratingSources({
    er: 10.5,
    ep: 10.5,
    ed: 10.5,
    score: 5000,
    level: 'Extreme',
    needsGuessing: false,
    erIsLowerBound: true,
    source: 'peerProfiles',
    seHardest: 'Dynamic Forcing Chains (+)',
    hodokuHardest: 'Brute Force',
  });
  const differ = sources.find((s) => s.key === 'differ').text;
  assert.match(differ, /^HoDoKu's solver would need Brute Force here; ours needs no guess\. /);
  assert.match(differ, /Sudoku Explainer's path needs deeper nesting than we rate/);
});
