// The solve's clock (www/stopwatch.js), driven by a fake time source.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clockText, durationText, Stopwatch } from '../../www/stopwatch.js';

test('time counts only while started, and carries on from a saved amount', () => {
  let now = 1000;
  const watch = new Stopwatch(5000, () => now);
  now += 700;
  assert.equal(watch.elapsedMs, 5000, 'a stopped watch does not count');
  watch.start();
  now += 2000;
  assert.equal(watch.elapsedMs, 7000);
  watch.start();
  now += 1000;
  assert.equal(watch.elapsedMs, 8000, 'starting twice does not restart');
  watch.stop();
  now += 60000;
  assert.equal(watch.elapsedMs, 8000, 'a hidden tab does not count');
  watch.start();
  watch.reset(100);
  now += 50;
  assert.equal(watch.elapsedMs, 150, 'reset keeps a running watch running');
});

test('durations read as a clock and in words', () => {
  assert.equal(clockText(0), '0:00');
  assert.equal(clockText(65999), '1:05');
  assert.equal(clockText(3723000), '1:02:03');
  assert.equal(durationText(0), '0 seconds');
  assert.equal(durationText(1000), '1 second');
  assert.equal(durationText(65000), '1 minute 5 seconds');
  assert.equal(durationText(3600000), '1 hour');
  assert.equal(durationText(3723000), '1 hour 2 minutes 3 seconds');
});
