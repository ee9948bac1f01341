// The rating job (www/rating-job.js): when a rating starts, what the card shows as it goes,
// Keep rating, Stop, and replies that come too late, against a rater that answers when told.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RatingJob, ratingBudget } from '../../www/rating-job.js';
import { CancelledError } from '../../www/worker-client.js';
import { FakeWorker } from './fake-worker.mjs';
import wasm from './wasm.mjs';

const LINE = 'A'.repeat(81);
const OTHER = 'B'.repeat(81);
const UNIQUE = { kind: 'unique', message: 'One solution.' };
const RATING = { er: 2.3, ep: 1.2, ed: 1.2, score: 300, level: 'Easy', nSteps: 60 };

/**
 * A job on a fake rater, its card shown unless `isShown` is false, the explainer fetched
 * unless `hasExplainer` is false.
 */
function setUp({ isShown = true, hasExplainer = true, budget = 5000 } = {}) {
  const rater = new FakeWorker();
  const shown = { isShown, hasExplainer };
  let nChanges = 0;
  const job = new RatingJob(rater, {
    budgetMs: () => budget,
    isShown: () => shown.isShown,
    hasExplainer: () => shown.hasExplainer,
    onChange: () => nChanges++,
  });
  return { job, rater, shown, changes: () => nChanges };
}

/** Lets the job's pending reply handlers run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

test('ratingBudget: a positive number of ms from the attribute, else 5 s', () => {
  assert.equal(ratingBudget('200'), 200);
  assert.equal(ratingBudget('1500.5'), 1500.5);
  for (const attribute of [null, '', '0', '-5', 'soon']) {
    assert.equal(ratingBudget(attribute), 5000, String(attribute));
  }
});

test('a new puzzle waits for its verdict; a unique one is rated within the budget', async () => {
  const { job, rater, changes } = setUp({ budget: 1234 });
  job.forPuzzle(LINE);
  assert.deepEqual(job.view, { kind: 'waiting', message: 'Rated once the puzzle is checked…' });
  assert.equal(rater.requests.length, 0);
  job.verdictIn(LINE, UNIQUE);
  assert.equal(job.view.kind, 'running');
  assert.deepEqual(
    rater.requests.map((r) => [r.type, r.payload]),
    [['rate', { text: LINE, budgetMs: 1234 }]],
  );
  const before = changes();
  rater.answer({ done: true, rating: RATING, elapsed: 12 });
  await settled();
  assert.deepEqual(job.view, { kind: 'rated', rating: RATING });
  assert.equal(changes(), before + 1, 'the card is told once the rating is in');
});

test('without the explainer, a unique puzzle is offered a rating, which starts when asked for or once the explainer comes', async () => {
  const { job, rater } = setUp({ hasExplainer: false });
  job.forPuzzle(LINE);
  job.verdictIn(LINE, UNIQUE);
  assert.equal(job.view.kind, 'offered');
  assert.match(job.view.message, /^Rate the puzzle to see how hard it is/);
  assert.equal(rater.requests.length, 0, 'nothing is fetched until asked for');
  job.rateIfWaiting(LINE, UNIQUE);
  assert.equal(job.view.kind, 'offered', 'still offered while the explainer is not coming');
  job.start(LINE);
  assert.equal(job.view.kind, 'running', 'Rate starts it');
  assert.deepEqual(
    rater.requests.map((r) => r.type),
    ['rate'],
  );

  const other = setUp({ hasExplainer: false });
  other.job.forPuzzle(OTHER);
  other.job.verdictIn(OTHER, UNIQUE);
  other.shown.hasExplainer = true;
  other.job.rateIfWaiting(OTHER, UNIQUE);
  assert.equal(other.job.view.kind, 'running', 'the explainer on its way for a trace: it starts');
});

test('the same puzzle again keeps its rating', async () => {
  const { job, rater } = setUp();
  job.forPuzzle(LINE);
  job.verdictIn(LINE, UNIQUE);
  rater.answer({ done: true, rating: RATING, elapsed: 12 });
  await settled();
  job.forPuzzle(LINE);
  assert.equal(job.view.kind, 'rated');
});

test('without the card nothing is rated, until the card shows', async () => {
  const { job, rater, shown } = setUp({ isShown: false });
  job.forPuzzle(LINE);
  job.verdictIn(LINE, UNIQUE);
  job.rateIfWaiting(LINE, UNIQUE);
  assert.equal(rater.requests.length, 0);
  assert.equal(job.view.kind, 'waiting');
  shown.isShown = true;
  job.rateIfWaiting(LINE, { kind: 'several', message: '' });
  assert.equal(rater.requests.length, 0, 'only a unique verdict is rated');
  job.rateIfWaiting(LINE, UNIQUE);
  assert.equal(rater.requests.length, 1);
  rater.answer({ done: true, rating: RATING, elapsed: 12 });
  await settled();
  job.rateIfWaiting(LINE, UNIQUE);
  assert.equal(rater.requests.length, 1, 'a rated puzzle is not rated again');
});

test('any other verdict says why there is no rating', () => {
  const { job, rater } = setUp();
  const cases = [
    ['several', /several solutions/],
    ['none', /^Not rated: the puzzle has no solution\.$/],
    ['invalid', /^Not rated until the puzzle can be read/],
    ['failed', /^Not rated: the solver could not run\.$/],
    ['cancelled', /^Not rated: the check was cancelled/],
  ];
  for (const [kind, message] of cases) {
    job.forPuzzle(`${kind}${LINE}`);
    job.verdictIn(`${kind}${LINE}`, { kind, message: 'the verdict' });
    assert.equal(job.view.kind, 'none', kind);
    assert.match(job.view.message, message, kind);
  }
  job.verdictIn(LINE, { kind: 'odd', message: 'The verdict says why.' });
  assert.deepEqual(job.view, { kind: 'none', message: 'The verdict says why.' });
  assert.equal(rater.requests.length, 0);
});

test('every verdict kind of the core but unique has its own reason', () => {
  const { job } = setUp();
  const kinds = wasm.verdictKinds();
  assert.ok(kinds.includes('unique'));
  for (const kind of kinds.filter((k) => k !== 'unique')) {
    job.forPuzzle(`${kind}${LINE}`);
    job.verdictIn(`${kind}${LINE}`, { kind, message: 'the verdict' });
    assert.match(job.view.message, /^Not rated/, kind);
  }
});

test('a rating out of time offers Keep rating, which counts the time from the start', async () => {
  const { job, rater } = setUp();
  job.forPuzzle(LINE);
  job.start(LINE);
  rater.answer({ done: false, elapsed: 5200, nSteps: 12345 });
  await settled();
  assert.equal(job.view.kind, 'slow');
  assert.equal(
    job.view.message,
    'Not rated yet: after 5 s and 12,345 steps the Human strategy is not done. Big grids can take minutes.',
  );
  job.more(LINE);
  assert.equal(job.view.kind, 'running');
  assert.deepEqual(rater.requests.at(-1).payload, { budgetMs: 30000 });
  assert.equal(rater.requests.at(-1).type, 'rateMore');
  rater.answer({ done: false, elapsed: 30000, nSteps: 99000 });
  await settled();
  assert.match(job.view.message, /after 35 s and 99,000 steps/);
  job.start(LINE);
  rater.answer({ done: false, elapsed: 5000, nSteps: 10 });
  await settled();
  assert.match(job.view.message, /after 5 s and 10 steps/, 'a fresh start counts from zero');
});

test('a rating that stops short, or fails, says so', async () => {
  const { job, rater } = setUp();
  job.start(LINE);
  rater.answer({ done: true, rating: { ...RATING, truncated: true, nSteps: 1000000 } });
  await settled();
  assert.deepEqual(job.view, {
    kind: 'none',
    message: 'Not rated: the Human strategy stopped after 1,000,000 steps without finishing.',
  });
  job.start(LINE);
  rater.fail(new Error('out of memory'));
  await settled();
  assert.deepEqual(job.view, { kind: 'none', message: 'Not rated: out of memory' });
});

test('Stop cancels the rating under way and offers to rate again; with none, nothing', async () => {
  const { job, rater } = setUp();
  job.forPuzzle(LINE);
  job.stop();
  assert.equal(rater.nCancels, 0);
  assert.equal(job.view.kind, 'waiting');
  job.start(LINE);
  job.stop();
  assert.equal(rater.nCancels, 1);
  await settled();
  assert.deepEqual(job.view, { kind: 'stopped', message: 'Rating stopped.' });
});

test('a new rating cancels the one under way; only its reply shows', async () => {
  const { job, rater } = setUp();
  job.start(LINE);
  job.start(LINE);
  assert.equal(rater.nCancels, 1);
  rater.answer({ done: true, rating: RATING, elapsed: 3 });
  await settled();
  assert.equal(job.view.kind, 'rated');
});

test('a reply that comes in as the puzzle changes never shows for the new one', async () => {
  const { job, rater } = setUp();
  job.forPuzzle(LINE);
  job.verdictIn(LINE, UNIQUE);
  // The reply is in, but the job has not seen it when the puzzle changes.
  rater.answer({ done: true, rating: RATING, elapsed: 3 });
  job.forPuzzle(OTHER);
  await settled();
  assert.equal(job.line, OTHER);
  assert.deepEqual(job.view, { kind: 'waiting', message: 'Rated once the puzzle is checked…' });
});

test('a puzzle changed mid-rating cancels it, and the cancellation shows nothing', async () => {
  const { job, rater } = setUp();
  job.forPuzzle(LINE);
  job.verdictIn(LINE, UNIQUE);
  job.forPuzzle(OTHER);
  assert.equal(rater.nCancels, 1);
  await settled();
  assert.equal(job.view.kind, 'waiting');
  job.verdictIn(OTHER, UNIQUE);
  assert.equal(rater.requests.at(-1).payload.text, OTHER);
});
