// Walking a forcing chain (chain-walk.js): positions, the arrows drawn at each, the marks,
// and the walk's state, on small chains written by hand in the wire format.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  ChainWalk,
  MAX_ARROWS,
  START,
  arrowsAt,
  chainLabel,
  isAtEnd,
  marksAt,
  nextPosition,
  positionText,
  previousPosition,
} from '../../www/chain-walk.js';

const c = (cell, digit) => ({ cell, digit });
const weak = (from, to) => ({ from: [from], to: [to], kind: 'weak' });
const strong = (from, to) => ({ from: [from], to: [to], kind: 'strong' });

/**
 * A Nishio chain: premise r1c1 = 1, then a peer elimination, a single, an inner trial with an
 * inner chain of three, and a dead end.
 */
const STEP = {
  kind: 'deduction',
  links: [
    weak(c(0, 1), c(1, 1)),
    strong(c(1, 1), c(1, 2)),
    weak(c(1, 2), c(10, 2)),
    weak(c(10, 2), c(20, 3)),
  ],
  implications: [
    { rule: 'premise', changes: [{ op: 'place', cell: 0, digit: 1 }], text: 'Suppose r1c1 = 1' },
    {
      rule: 'peer',
      changes: [{ op: 'eliminate', cell: 1, digit: 1 }],
      from: [0],
      links: [0],
      text: 'r1c2 ≠ 1: r1c1 = 1 sees it',
    },
    {
      rule: 'naked-single',
      changes: [{ op: 'place', cell: 1, digit: 2 }],
      from: [1],
      links: [1],
      text: 'r1c2 = 2',
    },
    {
      rule: 'inner-trial',
      changes: [{ op: 'eliminate', cell: 10, digit: 2 }],
      from: [2],
      links: [2],
      inner: [
        {
          rule: 'premise',
          changes: [{ op: 'place', cell: 10, digit: 2 }],
          text: 'Suppose r2c2 = 2',
        },
        {
          rule: 'peer',
          changes: [{ op: 'eliminate', cell: 11, digit: 2 }],
          from: [0],
          links: [0],
          text: 'a',
        },
        {
          rule: 'no-candidate',
          cell: 11,
          from: [1],
          links: [0],
          text: 'r2c3 has no candidate left',
        },
      ],
      innerLinks: [weak(c(10, 2), c(11, 2))],
      text: 'r2c2 ≠ 2: inner trial',
    },
    {
      rule: 'no-place',
      digit: 3,
      house: { kind: 'row', index: 2, name: 'row 3' },
      from: [3],
      links: [3],
      text: 'dead',
    },
  ],
};

test('the walk goes premise first to the dead end, entering an inner chain only where opened', () => {
  const closed = new Set();
  const walked = [];
  for (let at = START; ; at = nextPosition(STEP, at, closed)) {
    walked.push(positionText(STEP, at));
    if (isAtEnd(STEP, at, closed)) {
      break;
    }
  }
  assert.deepEqual(
    walked,
    [1, 2, 3, 4, 5].map((k) => `Implication ${k} of 5`),
  );

  const open = new Set([3]);
  const path = [];
  for (let at = START; ; at = nextPosition(STEP, at, open)) {
    path.push([at.k, at.j]);
    if (isAtEnd(STEP, at, open)) {
      break;
    }
  }
  assert.deepEqual(path, [
    [0, -1],
    [1, -1],
    [2, -1],
    [3, -1],
    [3, 0],
    [3, 1],
    [3, 2],
    [4, -1],
  ]);
  assert.equal(positionText(STEP, { k: 3, j: 1 }), 'Implication 4 of 5, inner 2 of 3');
  // Back again, the same way in reverse.
  const back = [];
  for (let at = { k: 4, j: -1 }; ;) {
    back.push([at.k, at.j]);
    const before = previousPosition(STEP, at, open);
    if (before === at) {
      break;
    }
    at = before;
  }
  assert.deepEqual(back, path.reverse());
});

test('the arrows: the current implication first, then what it rests on, then the rest faded', () => {
  assert.deepEqual(arrowsAt(STEP, START), [], 'the premise has no arrow yet');
  const roles = (at, max) =>
    arrowsAt(STEP, at, max).map((a) => [a.from[0].cell, a.to[0].cell, a.role]);
  assert.deepEqual(roles({ k: 2, j: -1 }), [
    [1, 1, 'current'],
    [0, 1, 'context'],
  ]);
  assert.deepEqual(roles({ k: 4, j: -1 }), [
    [10, 20, 'current'],
    [1, 10, 'context'],
    [1, 1, 'context'],
    [0, 1, 'context'],
  ]);
  assert.deepEqual(roles({ k: 4, j: -1 }, 2), [
    [10, 20, 'current'],
    [1, 10, 'context'],
  ]);
  // Inside the inner chain, its own arrows.
  assert.deepEqual(roles({ k: 3, j: 1 }), [[10, 11, 'current']]);
});

test('no more than MAX_ARROWS arrows on a long chain', () => {
  const n = 40;
  const links = [];
  const implications = [{ rule: 'premise', changes: [], text: 'Suppose' }];
  for (let i = 1; i < n; i++) {
    links.push(weak(c(i - 1, 1), c(i, 1)), strong(c(i, 1), c(i, 2)));
    implications.push({ rule: 'peer', from: [i - 1], links: [2 * i - 2, 2 * i - 1], text: `${i}` });
  }
  const step = { links, implications };
  for (let k = 0; k < n; k++) {
    const arrows = arrowsAt(step, { k, j: -1 });
    assert.ok(arrows.length <= MAX_ARROWS);
    assert.equal(arrows.length, Math.min(2 * k, MAX_ARROWS));
  }
});

test('the marks of an implication: true, false, and the dead end it names', () => {
  const premise = marksAt(STEP, START);
  assert.deepEqual([...premise.on], [[0, 1]]);
  assert.deepEqual([...premise.off], []);
  const peer = marksAt(STEP, { k: 1, j: -1 });
  assert.deepEqual([...peer.off], [[1, 1]]);
  assert.deepEqual(marksAt(STEP, { k: 3, j: 2 }).deadCells, [11]);
  assert.deepEqual(marksAt(STEP, { k: 4, j: -1 }).deadHouses, [
    { kind: 'row', index: 2, name: 'row 3' },
  ]);
  assert.equal(chainLabel(STEP), 'Chain of 4 implications');
});

test('ChainWalk: a new step starts at its premise, the list closes unless kept open', () => {
  const walk = new ChainWalk(() => {}, { set: () => 1, clear: () => {} });
  assert.equal(walk.view(), null);
  walk.show({ kind: 'deduction' });
  assert.equal(walk.view(), null, 'a step without a chain has nothing to walk');
  walk.show(STEP);
  assert.equal(walk.view().isAtStart, true);
  walk.next();
  walk.toggleList();
  assert.deepEqual(walk.view().at, { k: 1, j: -1 });
  const other = { ...STEP };
  walk.show(other);
  assert.deepEqual(walk.view().at, START);
  assert.equal(walk.view().isListOpen, false);
  walk.togglePin();
  assert.equal(walk.view().isListOpen, true, 'keeping it open opens it');
  walk.show(STEP);
  assert.equal(walk.view().isListOpen, true, 'kept open from step to step');
  walk.jump({ k: 3, j: 1 });
  assert.equal(walk.openInner.has(3), true, 'jumping into an inner chain opens it');
  walk.toggleInner(3);
  assert.deepEqual(walk.at, { k: 3, j: -1 }, 'closing it leaves it');
});

test('ChainWalk: Play chain moves at the speed asked and stops at the end', () => {
  const pending = [];
  const timer = {
    set: (callback, ms) => pending.push({ callback, ms }),
    clear: () => pending.splice(0),
  };
  let changes = 0;
  const walk = new ChainWalk(() => changes++, timer);
  walk.setSpeed(4);
  walk.show(STEP);
  walk.togglePlay();
  assert.equal(walk.view().isPlaying, true);
  while (pending.length > 0) {
    const { callback, ms } = pending.shift();
    assert.equal(ms, 250);
    callback();
  }
  assert.equal(walk.view().isAtEnd, true);
  assert.equal(walk.view().isPlaying, false);
  assert.equal(changes, 4);
  walk.togglePlay();
  assert.deepEqual(walk.at, START, 'Play from the end starts again');
  walk.togglePlay();
  assert.equal(walk.view().isPlaying, false, 'and pauses');
});
