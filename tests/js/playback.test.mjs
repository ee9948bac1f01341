// Seeks of the page's Playback (www/playback.js) against a stand-in worker: the budget of
// steps one seek may make, and Pause and To start stopping a seek under way.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_SEEK_STEPS, NO_COUNTERS, Playback } from '../../www/playback.js';
import { FakeWorker } from './fake-worker.mjs';

/** A stand-in WorkerClient: FakeWorker with the events Playback listens to. */
class FakeClient extends FakeWorker {
  addEventListener() {}
}

const START = {
  values: new Uint8Array(81),
  origins: new Uint8Array(81),
  depths: new Uint8Array(81),
  candidates: new Uint32Array(81),
};

/** What the worker's `seek` answers: the view at its cursor. */
function view(position, made, isComplete = false) {
  return {
    position,
    made,
    isComplete,
    changes: new Uint32Array(0),
    step: null,
    counters: { ...NO_COUNTERS, steps: position },
  };
}

/** A playback whose trace has started, seeking `target`: `{ playback, client, reached }`. */
async function seeking(target) {
  const client = new FakeClient();
  const playback = new Playback(client, { onChange() {}, onError: assert.fail });
  const reached = playback.load({ board: START, request: { text: '' } }, 'backtracking', {
    target,
  });
  client.answer(true);
  await Promise.resolve();
  return { playback, client, reached };
}

/** The latest request, once the replies before it are taken in. */
async function latest(client) {
  await new Promise((resolve) => setImmediate(resolve));
  return client.requests.at(-1);
}

test('a seek makes at most MAX_SEEK_STEPS steps, then stops there and says so', async () => {
  assert.equal(MAX_SEEK_STEPS, 2_000_000);
  const { playback, client, reached } = await seeking(1e12);
  let request = await latest(client);
  assert.deepEqual([request.type, request.payload.target], ['seek', MAX_SEEK_STEPS]);
  client.answer(view(0, 700_000));
  request = await latest(client);
  assert.equal(request.payload.target, MAX_SEEK_STEPS, 'still on its way');
  assert.equal(playback.note, null);
  client.answer(view(MAX_SEEK_STEPS, MAX_SEEK_STEPS + 200));
  await reached;
  assert.equal(playback.position, MAX_SEEK_STEPS);
  assert.equal(playback.wanted, null);
  assert.deepEqual(playback.note, { kind: 'budget', position: MAX_SEEK_STEPS, asked: 1e12 });
});

test('a seek that reaches its step, or the end of a shorter trace, has no note', async () => {
  const near = await seeking(40);
  near.client.answer(view(0, 0));
  await latest(near.client);
  near.client.answer(view(40, 300));
  await near.reached;
  assert.equal(near.playback.note, null);

  const short = await seeking(1e12);
  await latest(short.client);
  short.client.answer(view(5000, 5000, true));
  await short.reached;
  assert.equal(short.playback.note, null, 'the trace ended before the budget');
});

test('the budget counts from the steps made already', async () => {
  const { playback, client, reached } = await seeking(10);
  await latest(client);
  client.answer(view(10, 3_000_000));
  await reached;
  playback.seek(1e9);
  const request = await latest(client);
  assert.equal(request.payload.target, 3_000_000 + MAX_SEEK_STEPS);
});

test('Pause stops a seek under way at the last step made, and makes no more', async () => {
  const { playback, client, reached } = await seeking(1e12);
  await latest(client);
  client.answer(view(0, 300_000));
  await latest(client);
  // A seek request is out when Pause comes.
  playback.stopSeek();
  client.answer(view(0, 350_000));
  const request = await latest(client);
  assert.deepEqual([request.type, request.payload.target], ['seek', 300_000]);
  client.answer(view(300_000, 350_000));
  await reached;
  assert.equal(playback.position, 300_000);
  assert.deepEqual(playback.note, { kind: 'stopped', position: 300_000, asked: 1e12 });
  const nRequests = client.requests.length;
  await latest(client);
  assert.equal(client.requests.length, nRequests, 'nothing more is asked of the worker');
  assert.equal(client.hasPending, false);
});

test('To start during a seek goes back to step 0 at once', async () => {
  const { playback, client, reached } = await seeking(1e12);
  await latest(client);
  client.answer(view(0, 300_000));
  await latest(client);
  playback.seek(0);
  client.answer(view(0, 350_000));
  await reached;
  assert.equal(playback.wanted, null, 'the reply at step 0 settles it');
  assert.equal(playback.position, 0);
  assert.equal(playback.note, null);
  assert.equal(client.hasPending, false);
});

test('Pause before any step is made, or on a seek for a number of digits, stays put', async () => {
  const { playback, client, reached } = await seeking(1e12);
  await latest(client);
  playback.stopSeek();
  await reached;
  assert.equal(playback.wanted, null);
  assert.equal(playback.position, 0);
  assert.deepEqual(playback.note, { kind: 'stopped', position: 0, asked: 1e12 });
  // The seek request out meanwhile comes back short of its step: the board stays put.
  client.answer(view(0, 40_000));
  await latest(client);
  assert.equal(playback.position, 0);
  assert.equal(client.hasPending, false);

  const client2 = new FakeClient();
  const byDigits = new Playback(client2, { onChange() {}, onError: assert.fail });
  const found = byDigits.load({ board: START, request: { text: '' } }, 'backtracking', {
    filled: 60,
  });
  client2.answer(true);
  const request = await latest(client2);
  assert.equal(request.type, 'seekFilled');
  byDigits.stopSeek();
  await found;
  assert.equal(byDigits.wanted, null);
  assert.equal(byDigits.note, null, 'no step was asked for');
});

test('a reply sent before Pause that lands on its step leaves no note of the step before', async () => {
  const { playback, client } = await seeking(100);
  await latest(client);
  playback.stopSeek();
  assert.equal(playback.note.position, 0);
  client.answer(view(100, 100));
  await latest(client);
  assert.equal(playback.position, 100);
  assert.equal(playback.note, null);
});
