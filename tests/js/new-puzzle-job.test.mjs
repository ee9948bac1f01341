// The new-puzzle job (www/new-puzzle-job.js): what is asked of the worker, what the status
// card says while a puzzle is made, once it is made and when it cannot be; Cancel, and an
// order that outdates the one under way, against a maker that answers when told.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CANCELLED_TEXT,
  dayText,
  failureText,
  NewPuzzleJob,
  newPuzzleOrder,
  orderWords,
  randomSeed,
  targetRequest,
} from '../../www/new-puzzle-job.js';
import { CancelledError } from '../../www/worker-client.js';
import { FakeWorker } from './fake-worker.mjs';
import wasm from './wasm.mjs';

const LINE = 'A'.repeat(81);
const NEW = 'B'.repeat(81);
const LEVELS = wasm.levels();
const TECHNIQUES = new Map(wasm.techniques().map((t) => [t.id, t]));
const NAMES = { levels: LEVELS, technique: (id) => TECHNIQUES.get(id) };
const FOUND = {
  puzzle: NEW,
  solution: NEW,
  seed: 123456,
  tries: 15,
  rating: {
    er: 4.199999809265137,
    ep: 1.2,
    ed: 1.2,
    score: 1136,
    level: 'Hard',
    needsGuessing: false,
  },
};

function setUp() {
  const maker = new FakeWorker();
  let nChanges = 0;
  const job = new NewPuzzleJob(maker, { onChange: () => nChanges++ });
  return { job, maker, changes: () => nChanges };
}

/** Lets the job's pending reply handlers run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

const HARD = {
  request: { size: 9, tag: '', level: 'Hard', symmetry: 'none' },
  seed: 123456,
  words: orderWords({ target: 'hard' }, NAMES),
};

test('targetRequest: a level by its name in any case, else a technique or singles', () => {
  assert.deepEqual(targetRequest('hard', LEVELS), { level: 'Hard' });
  assert.deepEqual(targetRequest('EXTREME', LEVELS), { level: 'Extreme' });
  assert.deepEqual(targetRequest('xwing', LEVELS), { technique: 'xwing' });
  assert.deepEqual(targetRequest('singles', LEVELS), { technique: 'singles' });
});

test('orderWords: a level, a technique, singles, a size and variant, a day', () => {
  const cases = [
    [{ target: 'hard' }, 'Making a Hard puzzle…', 'New Hard puzzle'],
    [{ target: 'easy' }, 'Making an Easy puzzle…', 'New Easy puzzle'],
    [
      { target: 'unfair', shape: '16×16' },
      'Making an Unfair 16×16 puzzle…',
      'New Unfair 16×16 puzzle',
    ],
    [
      { target: 'xwing', shape: 'X-Sudoku' },
      'Making an X-Sudoku puzzle that needs X-Wing…',
      'New X-Sudoku puzzle that needs X-Wing',
    ],
    [{ target: 'xwing' }, 'Making a puzzle that needs X-Wing…', 'New puzzle that needs X-Wing'],
    [
      { target: 'singles', shape: '8×8' },
      'Making an 8×8 puzzle solved by singles alone…',
      'New 8×8 puzzle solved by singles alone',
    ],
    [
      { target: 'medium', day: '2026-11-24' },
      'Making the puzzle of the day (2026-11-24), a Medium puzzle…',
      'Puzzle of the day, 2026-11-24: Medium puzzle',
    ],
    // A target the core does not know is named as written; the generator says what is wrong.
    [
      { target: 'nonsense' },
      'Making a puzzle that needs nonsense…',
      'New puzzle that needs nonsense',
    ],
  ];
  for (const [order, making, label] of cases) {
    assert.deepEqual(orderWords(order, NAMES), { making, label }, JSON.stringify(order));
  }
});

test('newPuzzleOrder: the request for the maker, and the words of its size and layout', () => {
  const classic = { size: 9, boxRows: 3, boxCols: 3 };
  const order = (fields) =>
    newPuzzleOrder(
      {
        target: 'Hard',
        symmetry: 'none',
        shape: classic,
        tag: '',
        layoutName: '',
        day: '',
        ...fields,
      },
      NAMES,
    );
  assert.deepEqual(order({}), {
    request: { size: 9, tag: '', level: 'Hard', symmetry: 'none' },
    words: orderWords({ target: 'Hard' }, NAMES),
  });
  const x = order({ shape: { size: 6, boxRows: 2, boxCols: 3 }, tag: 'x', layoutName: 'X-Sudoku' });
  assert.deepEqual(x.request, { size: 6, tag: 'x', level: 'Hard', symmetry: 'none' });
  assert.deepEqual(x.words, orderWords({ target: 'Hard', shape: '6×6 X-Sudoku' }, NAMES));
  const day = order({ target: 'x-wing', symmetry: 'central', day: '2026-11-28' });
  assert.deepEqual(day.request, { size: 9, tag: '', technique: 'x-wing', symmetry: 'central' });
  assert.deepEqual(day.words, orderWords({ target: 'x-wing', day: '2026-11-28' }, NAMES));
  // A size the core has no shape for is asked as given, for the worker to refuse.
  assert.equal(order({ shape: null, size: 7 }).request.size, 7);
});

test('failureText: a sentence of its own, and the grid is as it was', () => {
  assert.equal(
    failureText(
      'no puzzle can need Unique Rectangle Type 1: the Human strategy does not use it on this layout with these options',
    ),
    'No puzzle can need Unique Rectangle Type 1: the Human strategy does not use it on this layout with these options. The grid is as it was.',
  );
  assert.equal(
    failureText(new Error('The full solver module could not start: no memory.')),
    'The full solver module could not start: no memory. The grid is as it was.',
  );
});

test('dayText and randomSeed: a local date, a whole number below 2^32', () => {
  assert.equal(dayText(new Date(2026, 10, 24, 23, 59)), '2026-11-24');
  assert.equal(dayText(new Date(2027, 0, 5, 0, 1)), '2027-01-05');
  assert.equal(wasm.seedOfDate(dayText(new Date(2026, 10, 24))), 20261124);
  for (let i = 0; i < 20; i++) {
    const seed = randomSeed();
    assert.ok(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32, String(seed));
  }
});

test('a puzzle is made in slices of one job, its progress said, then shown for its line', async () => {
  const { job, maker, changes } = setUp();
  const made = job.make(HARD, LINE);
  assert.ok(job.isRunning);
  assert.deepEqual(job.view, { kind: 'running', text: 'Making a Hard puzzle…', line: LINE });
  assert.equal(maker.requests.length, 1);
  const [first] = maker.requests;
  assert.equal(first.type, 'generate');
  assert.deepEqual(
    { ...first.payload, budgetMs: undefined },
    { job: 1, request: HARD.request, seed: 123456, budgetMs: undefined },
  );
  assert.ok(first.payload.budgetMs > 0 && first.payload.budgetMs <= 500, 'a slice is short');

  maker.answer({ tries: 12 });
  await settled();
  assert.equal(job.view.text, 'Making a Hard puzzle… 12 candidates tried');
  assert.equal(maker.requests.length, 2, 'the page asks again while none is found');
  assert.equal(maker.requests[1].payload.job, 1, 'the same job carries on');
  maker.answer({ tries: 1 });
  await settled();
  assert.equal(job.view.text, 'Making a Hard puzzle… 1 candidate tried');

  const before = changes();
  maker.answer({ found: FOUND });
  assert.equal(await made, FOUND);
  assert.deepEqual(job.view, {
    kind: 'made',
    text: 'New Hard puzzle · ER 4.2 · seed 123456',
    line: NEW,
  });
  assert.equal(changes(), before + 1);
  assert.equal(job.isRunning, false);
  assert.equal(job.noteFor(NEW), job.view);
  assert.equal(job.noteFor(LINE), null, 'another puzzle has no note');
});

test('a request the core cannot meet says why, for the puzzle the board kept', async () => {
  const { job, maker } = setUp();
  const made = job.make(HARD, LINE);
  maker.fail('"nope" is not a technique');
  assert.equal(await made, null);
  assert.deepEqual(job.view, {
    kind: 'failed',
    text: '"nope" is not a technique. The grid is as it was.',
    line: LINE,
  });
  assert.equal(job.noteFor(LINE), job.view);
  assert.equal(job.noteFor(NEW), null);
});

test('Cancel stops the worker and keeps the board; a late reply is dropped', async () => {
  const { job, maker } = setUp();
  const made = job.make(HARD, LINE);
  job.cancel();
  assert.equal(maker.nCancels, 1);
  assert.equal(await made, null);
  assert.deepEqual(job.view, { kind: 'cancelled', text: CANCELLED_TEXT, line: LINE });
  job.cancel();
  assert.equal(maker.nCancels, 1, 'nothing more to cancel');
});

test('a new order outdates the one under way', async () => {
  const { job, maker } = setUp();
  const first = job.make(HARD, LINE);
  const easy = { ...HARD, words: orderWords({ target: 'easy' }, NAMES) };
  const second = job.make(easy, LINE);
  assert.equal(maker.nCancels, 1, 'the first job is stopped');
  assert.equal(await first, null);
  assert.equal(job.view.text, 'Making an Easy puzzle…');
  assert.equal(maker.requests.at(-1).payload.job, 2);
  maker.answer({ found: FOUND });
  assert.equal(await second, FOUND);
  assert.match(job.view.text, /^New Easy puzzle · ER 4\.2 · seed 123456$/);
});

test('the ER of a puzzle that needs guessing is a lower bound', async () => {
  const { job, maker } = setUp();
  const made = job.make(HARD, LINE);
  maker.answer({
    found: {
      ...FOUND,
      rating: { ...FOUND.rating, er: 7.2, ep: null, ed: null, needsGuessing: true },
    },
  });
  await made;
  assert.equal(job.view.text, 'New Hard puzzle · ER ≥ 7.2 · seed 123456');
});
