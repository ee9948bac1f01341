// The verdict job (www/verdict-job.js): one request per puzzle asked about, Keep going with
// more nodes, replies for a puzzle no longer asked about dropped, a cancelled check asked
// again, against a worker that answers when told.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { VERDICT_NODES, VerdictJob } from '../../www/verdict-job.js';
import { CancelledError } from '../../www/worker-client.js';
import { FakeWorker } from './fake-worker.mjs';

const LINE = 'A'.repeat(81);
const OTHER = 'B'.repeat(81);

/** A job on a fake worker, asking at once, that records the verdicts it hands on. */
function setUp() {
  const worker = new FakeWorker();
  const given = [];
  const job = new VerdictJob(worker, {
    onVerdict: (line, verdict) => given.push([line, verdict.kind]),
    delayMs: 0,
  });
  return { job, worker, given };
}

/** Waits until the worker has `n` requests (the job asks after its delay). */
async function requests(worker, n) {
  while (worker.requests.length < n) {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** Lets the job's pending reply handlers run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

test('a puzzle is asked about once; its verdict is handed on and shown', async () => {
  const { job, worker, given } = setUp();
  job.ask(LINE);
  job.ask(LINE);
  assert.equal(job.current.kind, 'pending');
  await requests(worker, 1);
  assert.deepEqual(worker.requests[0].payload, { text: LINE, nodes: VERDICT_NODES });
  worker.answer({ status: 'unique', message: 'One solution.' });
  await settled();
  assert.equal(job.current.kind, 'unique');
  assert.deepEqual(given, [[LINE, 'unique']]);
  job.ask(LINE);
  await settled();
  assert.equal(worker.requests.length, 1, 'no second request for the same puzzle');
  assert.ok(job.isFor(LINE));
});

test('a reply for a puzzle no longer asked about is dropped', async () => {
  const { job, worker, given } = setUp();
  job.ask(LINE);
  await requests(worker, 1);
  job.ask(OTHER);
  worker.requests[0].resolve({ status: 'none', message: 'No solution.' });
  await settled();
  assert.equal(job.current.kind, 'pending');
  assert.deepEqual(given, []);
  await requests(worker, 2);
  worker.answer({ status: 'several', message: 'Two.' });
  await settled();
  assert.deepEqual(given, [[OTHER, 'several']]);
});

test('Keep going asks an undecided puzzle again with ten times the nodes, and only then', async () => {
  const { job, worker } = setUp();
  assert.equal(job.keepGoing(), false, 'nothing asked yet');
  job.ask(LINE);
  await requests(worker, 1);
  worker.answer({ status: 'undecided', message: 'Still searching.' });
  await settled();
  assert.equal(job.keepGoing(), true);
  await requests(worker, 2);
  assert.equal(worker.requests[1].payload.nodes, VERDICT_NODES * 10);
  worker.answer({ status: 'unique', message: 'One solution.' });
  await settled();
  assert.equal(job.keepGoing(), false, 'decided');
});

test('a cancelled check says so, and asking again goes to the worker again', async () => {
  const { job, worker } = setUp();
  job.ask(LINE);
  await requests(worker, 1);
  worker.fail(new CancelledError());
  await settled();
  assert.equal(job.current.kind, 'cancelled');
  job.ask(LINE);
  await requests(worker, 2);
});

test('a failed search says why; refuse and replace show a verdict without a search', async () => {
  const { job, worker } = setUp();
  job.ask(LINE);
  await requests(worker, 1);
  worker.fail(new Error('out of memory'));
  await settled();
  assert.deepEqual(job.current, {
    kind: 'failed',
    message: 'The solver failed: out of memory',
  });
  job.replace({ kind: 'invalid', message: 'The trace failed.' });
  job.ask(LINE);
  assert.equal(job.current.kind, 'invalid', 'replace keeps the puzzle: no new ask');
  job.refuse({ kind: 'invalid', message: 'Bad character.' });
  assert.equal(job.isFor(LINE), false);
  job.ask(LINE);
  await requests(worker, 2);
});
