import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compactCount } from '../../www/controls.js';

/** The number a compact count stands for. */
function valueOf(text) {
  const unit = { k: 1e3, M: 1e6 }[text.at(-1)];
  return unit ? Number(text.slice(0, -1)) * unit : Number(text.replaceAll(',', ''));
}

test('compactCount: exact to 9,999, then thousands, then millions', () => {
  for (const [n, text] of [
    [0, '0'],
    [7, '7'],
    [9999, '9,999'],
    [10000, '10.0k'],
    [115533, '115.5k'],
    [999949, '999.9k'],
    [999950, '1.00M'],
    [1234567, '1.23M'],
    [9994999, '9.99M'],
    [12345678, '12.3M'],
    [99999999, '100.0M'],
  ]) {
    assert.equal(compactCount(n), text, String(n));
  }
});

test('compactCount: at most six characters up to 99,999,999, and within half a percent', () => {
  const check = (n) => {
    const text = compactCount(n);
    assert.ok(text.length <= 6, `${n} → ${text}`);
    assert.ok(Math.abs(valueOf(text) - n) <= n * 0.005, `${n} → ${text}`);
  };
  // Around every place the width or the unit changes, then a stride over the whole range.
  for (const edge of [1e4, 1e5, 999950, 1e6, 9995000, 1e7, 99950000, 99999999]) {
    for (let n = Math.max(0, edge - 2000); n <= Math.min(99999999, edge + 2000); n++) {
      check(n);
    }
  }
  for (let n = 0; n <= 99999999; n += 997) {
    check(n);
  }
});
