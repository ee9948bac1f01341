import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Origin } from '../../www/board-model.js';
import {
  ACTION_NAMES,
  CHANGE_WIDTH,
  isCellState,
  isValidAction,
  Solve,
} from '../../www/solve-model.js';
import wasm, { EASY, GIVENS, SOLUTION, trace } from './wasm.mjs';

const ALL = 0b111111111;
const bit = (d) => 1 << (d - 1);

/** The core's candidates of a position (no marks): what Fill candidates writes. */
const coreCandidates = (values) =>
  Uint32Array.from(wasm.candidates(Uint8Array.from(values), new Uint32Array(0)));

function snapshot(solve) {
  return { values: [...solve.values], origins: [...solve.origins], marks: [...solve.marks] };
}

/** Whether two cells of a 9×9 share a row, a column or a box (a cell is not its own peer). */
function isPeer(a, b) {
  const [ra, ca, rb, cb] = [Math.floor(a / 9), a % 9, Math.floor(b / 9), b % 9];
  const sameBox =
    Math.floor(ra / 3) === Math.floor(rb / 3) && Math.floor(ca / 3) === Math.floor(cb / 3);
  return a !== b && (ra === rb || ca === cb || sameBox);
}

/** A small seeded PRNG (mulberry32): the same sequence on every run. */
function prng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const emptyCells = (solve) => [...solve.values.keys()].filter((i) => !solve.values[i]);

test('the sample and its solution are what the tests assume', () => {
  assert.equal(GIVENS.length, 81);
  assert.ok(SOLUTION.every((v, i) => v >= 1 && v <= 9 && (!GIVENS[i] || v === GIVENS[i])));
});

test('a fresh solve: givens are GIVEN, the rest empty, marks only on empty cells', () => {
  const marks = new Uint32Array(81).fill(0b101);
  const solve = new Solve(9, GIVENS, marks);
  assert.equal(solve.nCells, 81);
  assert.equal(solve.allDigits, ALL);
  assert.equal(solve.origins[0], Origin.GIVEN);
  assert.equal(solve.origins[2], Origin.EMPTY);
  assert.equal(solve.marks[0], 0, 'a given has no marks');
  assert.equal(solve.marks[2], 0b101);
  assert.equal(solve.nFilled, GIVENS.filter((v) => v).length);
  assert.ok(!solve.isTouched && !solve.canUndo && !solve.canRedo && !solve.isFull);
  assert.ok(solve.hasMarks);
  assert.ok(!new Solve(9, GIVENS).hasMarks);
});

test('givens are locked: setDigit on a given is refused and leaves no history', () => {
  const solve = new Solve(9, GIVENS);
  const before = snapshot(solve);
  for (const digit of [0, 1, 8, 9]) {
    assert.equal(solve.setDigit(0, digit), null);
    assert.equal(solve.setDigit(0, digit, { tidy: coreCandidates }), null);
  }
  assert.equal(solve.toggleMark(0, 3), null);
  assert.deepEqual(snapshot(solve), before);
  assert.equal(solve.undoStack.length, 0);
  assert.ok(!solve.isTouched);
});

test('a digit gets origin YOURS, as one digit action; the same digit again is no action', () => {
  const solve = new Solve(9, GIVENS);
  const action = solve.setDigit(2, 9);
  assert.equal(action.kind, 'digit');
  assert.deepEqual(action.changes, [2, 0, Origin.EMPTY, 0, 9, Origin.YOURS, 0]);
  assert.equal(solve.values[2], 9);
  assert.equal(solve.origins[2], Origin.YOURS);
  assert.equal(solve.setDigit(2, 9), null);
  assert.equal(solve.undoStack.length, 1);
  solve.setDigit(2, 1);
  assert.equal(solve.values[2], 1);
  assert.equal(solve.undoStack.length, 2);
});

test('erasing a digit brings its marks back; erasing an empty cell clears its marks', () => {
  const solve = new Solve(9, GIVENS);
  solve.toggleMark(2, 1);
  solve.toggleMark(2, 6);
  assert.equal(solve.marks[2], bit(1) | bit(6));
  solve.setDigit(2, 9);
  assert.equal(solve.marks[2], bit(1) | bit(6), 'the marks are kept under the digit');
  assert.equal(solve.shownMarks()[2], 0, 'but not shown');
  const erase = solve.setDigit(2, 0);
  assert.equal(erase.kind, 'erase');
  assert.equal(solve.values[2], 0);
  assert.equal(solve.origins[2], Origin.EMPTY);
  assert.equal(solve.marks[2], bit(1) | bit(6), 'erasing the digit shows the marks again');
  assert.equal(solve.shownMarks()[2], bit(1) | bit(6));
  const clear = solve.setDigit(2, 0);
  assert.equal(clear.kind, 'erase');
  assert.equal(solve.marks[2], 0, 'erasing an empty cell clears its marks');
  assert.equal(solve.setDigit(2, 0), null, 'erasing nothing is no action');
});

test('toggleMark adds and removes a mark, and is refused on a filled cell', () => {
  const solve = new Solve(9, GIVENS);
  const on = solve.toggleMark(2, 3);
  assert.equal(on.kind, 'mark');
  assert.deepEqual(on.changes, [2, 0, Origin.EMPTY, 0, 0, Origin.EMPTY, bit(3)]);
  solve.toggleMark(2, 9);
  assert.equal(solve.marks[2], bit(3) | bit(9));
  solve.toggleMark(2, 3);
  assert.equal(solve.marks[2], bit(9));
  solve.toggleMark(2, 9);
  assert.equal(solve.marks[2], 0);
  solve.setDigit(2, 1);
  const before = snapshot(solve);
  const undos = solve.undoStack.length;
  assert.equal(solve.toggleMark(2, 4), null, "a person's digit");
  assert.equal(solve.toggleMark(1, 4), null, 'a given');
  assert.deepEqual(snapshot(solve), before);
  assert.equal(solve.undoStack.length, undos);
});

test('tidy takes the digit out of the marks of its peers only, as one action', () => {
  const solve = new Solve(9, GIVENS);
  solve.fillCandidates(coreCandidates(GIVENS));
  const cell = 2;
  const digit = SOLUTION[cell];
  // A wrong mark of the digit outside the cell's houses (a given there already rules it
  // out) is the person's business: tidying after a placement elsewhere leaves it.
  const far = emptyCells(solve).find((i) => !isPeer(cell, i) && !(solve.marks[i] & bit(digit)));
  assert.ok(far !== undefined, 'a non-peer cell without the digit among its candidates');
  solve.toggleMark(far, digit);
  const before = snapshot(solve);
  const action = solve.setDigit(cell, digit, { tidy: coreCandidates });
  assert.equal(action.kind, 'digit');
  let tidied = 0;
  for (let i = 0; i < 81; i++) {
    if (i === cell) {
      assert.equal(solve.values[i], digit);
      assert.equal(solve.origins[i], Origin.YOURS);
      assert.equal(solve.marks[i], before.marks[i], 'the cell keeps its own marks, unshown');
    } else if (!solve.values[i] && isPeer(cell, i)) {
      assert.equal(solve.marks[i], before.marks[i] & ~bit(digit), `peer ${i}`);
      tidied += before.marks[i] & bit(digit) ? 1 : 0;
    } else {
      assert.equal(solve.marks[i], before.marks[i], `cell ${i} is not a peer`);
    }
  }
  assert.ok(tidied > 0, 'some peers had the digit among their marks');
  assert.equal(solve.marks[far] & bit(digit), bit(digit));
  assert.equal(action.changes.length / CHANGE_WIDTH, tidied + 1);
  solve.undo();
  assert.deepEqual(snapshot(solve), before, 'one undo puts every mark back');
});

test('tidy takes the digit out of every peer, even from a peer that could not hold it', () => {
  const solve = new Solve(9, GIVENS);
  const cell = 2;
  const digit = SOLUTION[cell];
  const peer = emptyCells(solve).find(
    (i) => isPeer(cell, i) && !(coreCandidates(GIVENS)[i] & bit(digit)),
  );
  assert.ok(peer !== undefined);
  solve.toggleMark(peer, digit);
  solve.setDigit(cell, digit, { tidy: coreCandidates });
  assert.equal(solve.marks[peer] & bit(digit), 0);
});

test('fillCandidates writes the core candidates; clearCandidates takes every mark out', () => {
  const solve = new Solve(9, GIVENS);
  solve.setDigit(2, 9); // wrong, but the core's candidates follow the board as it is
  solve.toggleMark(3, 1);
  const expected = coreCandidates(solve.values);
  const fill = solve.fillCandidates(expected);
  assert.equal(fill.kind, 'fill');
  assert.deepEqual([...solve.shownMarks()], [...expected]);
  assert.ok(emptyCells(solve).every((i) => solve.marks[i] === expected[i]));
  assert.equal(solve.fillCandidates(expected), null, 'filling again changes nothing');
  const clear = solve.clearCandidates();
  assert.equal(clear.kind, 'clear');
  assert.ok(!solve.hasMarks);
  assert.ok(emptyCells(solve).every((i) => solve.marks[i] === 0));
  assert.equal(solve.clearCandidates(), null);
});

test('takeOver keeps givens and YOURS, makes other digits DEDUCED, marks empty cells', () => {
  const solve = new Solve(9, GIVENS);
  solve.toggleMark(4, 5);
  solve.setDigit(4, SOLUTION[4]); // marks kept under a digit the board also holds
  solve.toggleMark(8, 2);
  const board = {
    values: Uint8Array.from(GIVENS),
    origins: Uint8Array.from(GIVENS, (v) => (v ? Origin.GIVEN : Origin.EMPTY)),
    candidates: new Uint32Array(81),
  };
  const put = (cell, origin) => {
    board.values[cell] = SOLUTION[cell];
    board.origins[cell] = origin;
  };
  put(2, Origin.DEDUCED);
  put(3, Origin.GUESS);
  put(4, Origin.YOURS);
  put(7, Origin.SOLUTION);
  const cands = coreCandidates(board.values);
  board.candidates.set(cands);
  const action = solve.takeOver(board);
  assert.equal(action.kind, 'takeover');
  for (let i = 0; i < 81; i++) {
    assert.equal(solve.values[i], board.values[i], `value ${i}`);
    if (GIVENS[i]) {
      assert.equal(solve.origins[i], Origin.GIVEN);
      assert.equal(solve.marks[i], 0);
    } else if (!board.values[i]) {
      assert.equal(solve.origins[i], Origin.EMPTY);
      assert.equal(solve.marks[i], cands[i], `marks of ${i}`);
    }
  }
  assert.equal(solve.origins[2], Origin.DEDUCED);
  assert.equal(solve.origins[3], Origin.DEDUCED, 'a guess becomes the solver’s digit');
  assert.equal(solve.origins[4], Origin.YOURS);
  assert.equal(solve.marks[4], bit(5), 'a filled cell keeps its marks');
  assert.equal(solve.origins[7], Origin.DEDUCED);
  assert.equal(solve.marks[8], cands[8], 'marks of an empty cell are replaced');
  assert.ok(action.changes.every((_, k) => k % CHANGE_WIDTH || !GIVENS[action.changes[k]]));
});

test('applyStep places the solver’s digits and eliminates from marks or candidates', () => {
  const solve = new Solve(9, GIVENS);
  const cands = coreCandidates(GIVENS);
  // The first step of the real trace: r5c2 = 7, 7 out of r5c9.
  const [step] = trace(EASY, 'singles', 1);
  assert.deepEqual(step.changes, [
    { op: 'place', cell: 37, digit: 7 },
    { op: 'eliminate', cell: 44, digit: 7 },
  ]);
  const action = solve.applyStep(step, cands);
  assert.equal(action.kind, 'hint');
  assert.equal(solve.values[37], 7);
  assert.equal(solve.origins[37], Origin.DEDUCED);
  assert.equal(solve.marks[44], cands[44] & ~bit(7), 'a cell without marks takes its candidates');
  assert.notEqual(cands[44] & bit(7), 0);

  // A cell with marks loses the digit from them; a filled cell ignores both ops.
  solve.toggleMark(2, 1);
  solve.toggleMark(2, 3);
  solve.setDigit(3, 6);
  const before = snapshot(solve);
  solve.applyStep(
    {
      changes: [
        { op: 'eliminate', cell: 2, digit: 3 },
        { op: 'place', cell: 3, digit: 5 },
        { op: 'eliminate', cell: 3, digit: 6 },
        { op: 'place', cell: 0, digit: 1 },
      ],
    },
    cands,
  );
  assert.equal(solve.marks[2], bit(1));
  assert.equal(solve.values[3], 6);
  assert.equal(solve.origins[3], Origin.YOURS);
  assert.equal(solve.values[0], 8);
  assert.equal(solve.origins[0], Origin.GIVEN);
  solve.undo();
  assert.deepEqual(snapshot(solve), before);
  assert.equal(solve.applyStep({ changes: [{ op: 'place', cell: 0, digit: 1 }] }, cands), null);
});

test('replaceWith puts a board in place as one link action, givens and kept marks stay', () => {
  const solve = new Solve(9, GIVENS);
  solve.toggleMark(2, 4);
  solve.setDigit(2, 9);
  const values = Uint8Array.from(GIVENS);
  const origins = Uint8Array.from(GIVENS, (v) => (v ? Origin.GIVEN : Origin.EMPTY));
  const marks = new Uint32Array(81);
  values[2] = 1;
  origins[2] = Origin.DEDUCED;
  values[3] = 6;
  origins[3] = Origin.YOURS;
  marks[7] = bit(1) | bit(9);
  const action = solve.replaceWith(values, origins, marks);
  assert.equal(action.kind, 'link');
  assert.deepEqual([...solve.values], [...values]);
  assert.deepEqual([...solve.origins], [...origins]);
  assert.equal(solve.marks[2], bit(4));
  assert.equal(solve.marks[7], bit(1) | bit(9));
});

test('undo and redo of every kind restore the exact board before and after', () => {
  const solve = new Solve(9, GIVENS);
  const cands = coreCandidates(GIVENS);
  const board = {
    values: Uint8Array.from(GIVENS, (v, i) => v || (i % 3 === 0 ? SOLUTION[i] : 0)),
    origins: Uint8Array.from(GIVENS, (v, i) =>
      v ? Origin.GIVEN : i % 3 === 0 ? Origin.DEDUCED : Origin.EMPTY,
    ),
    candidates: cands,
  };
  const progress = {
    values: Uint8Array.from(GIVENS, (v, i) => v || (i % 5 === 0 ? SOLUTION[i] : 0)),
    origins: Uint8Array.from(GIVENS, (v, i) =>
      v ? Origin.GIVEN : i % 5 === 0 ? Origin.YOURS : Origin.EMPTY,
    ),
    marks: Uint32Array.from(GIVENS, (v, i) => (v || i % 5 === 0 ? 0 : cands[i] & 0b10101)),
  };
  const actions = [
    ['mark', () => solve.toggleMark(2, 3)],
    ['digit', () => solve.setDigit(2, 9, { tidy: coreCandidates })],
    ['erase', () => solve.setDigit(2, 0)],
    ['fill', () => solve.fillCandidates(cands)],
    ['digit', () => solve.setDigit(3, SOLUTION[3], { tidy: coreCandidates })],
    ['hint', () => solve.applyStep(trace(EASY, 'singles', 1)[0], cands)],
    ['clear', () => solve.clearCandidates()],
    ['takeover', () => solve.takeOver(board)],
    ['link', () => solve.replaceWith(progress.values, progress.origins, progress.marks)],
    ['erase', () => solve.setDigit(3, 0)],
  ];
  const states = [snapshot(solve)];
  for (const [kind, act] of actions) {
    const action = act();
    assert.equal(action?.kind, kind);
    assert.ok(Object.hasOwn(ACTION_NAMES, kind));
    assert.ok(isValidAction(action, 9), `${kind} is a valid action`);
    states.push(snapshot(solve));
    assert.notDeepEqual(states.at(-1), states.at(-2), `${kind} changed the board`);
    // Straight back and forth.
    assert.equal(solve.undo(), action);
    assert.deepEqual(snapshot(solve), states.at(-2), `undo ${kind}`);
    assert.ok(solve.canRedo);
    assert.equal(solve.redo(), action);
    assert.deepEqual(snapshot(solve), states.at(-1), `redo ${kind}`);
    assert.ok(!solve.canRedo);
  }
  for (let k = actions.length; k > 0; k--) {
    assert.equal(solve.undo().kind, actions[k - 1][0]);
    assert.deepEqual(snapshot(solve), states[k - 1], `undo back to ${k - 1}`);
  }
  assert.equal(solve.undo(), null, 'nothing left to undo');
  for (let k = 1; k <= actions.length; k++) {
    solve.redo();
    assert.deepEqual(snapshot(solve), states[k], `redo to ${k}`);
  }
  assert.equal(solve.redo(), null, 'nothing left to redo');
});

test('a new action clears the redo stack', () => {
  const solve = new Solve(9, GIVENS);
  solve.setDigit(2, 1);
  solve.setDigit(3, 6);
  solve.undo();
  solve.undo();
  assert.equal(solve.redoStack.length, 2);
  assert.ok(solve.isTouched);
  solve.toggleMark(4, 5);
  assert.equal(solve.redoStack.length, 0);
  assert.ok(!solve.canRedo);
  assert.equal(solve.redo(), null);
  assert.equal(solve.values[2], 0);
  // A refused action keeps the redo stack.
  solve.undo();
  assert.equal(solve.setDigit(0, 1), null);
  assert.equal(solve.toggleMark(1, 1), null);
  assert.equal(solve.redoStack.length, 1);
});

test('200 random actions, with undos and redos among them, undo to the start and redo to the end', () => {
  const random = prng(20240611);
  const pick = (n) => Math.floor(random() * n);
  const solve = new Solve(9, GIVENS);
  const free = emptyCells(solve);
  const start = snapshot(solve);
  let done = 0;
  let guard = 0;
  while (done < 200 && guard++ < 10_000) {
    const cell = free[pick(free.length)];
    const digit = 1 + pick(9);
    const roll = pick(20);
    if (roll < 2 && solve.canUndo) {
      solve.undo();
      done--;
      continue;
    }
    if (roll < 3 && solve.canRedo) {
      solve.redo();
      done++;
      continue;
    }
    let action;
    if (roll < 9) {
      action = solve.setDigit(cell, pick(4) ? digit : 0, pick(2) ? { tidy: coreCandidates } : {});
    } else if (roll < 14) {
      action = solve.toggleMark(cell, digit);
    } else if (roll === 14) {
      action = solve.fillCandidates(coreCandidates(solve.values));
    } else if (roll === 15) {
      action = solve.clearCandidates();
    } else if (roll === 16) {
      const cells = Array.from({ length: 4 }, () => free[pick(free.length)]);
      action = solve.applyStep(
        {
          changes: cells.map((c, k) => ({
            op: k === 0 ? 'place' : 'eliminate',
            cell: c,
            digit: 1 + pick(9),
          })),
        },
        coreCandidates(solve.values),
      );
    } else if (roll === 17) {
      const values = Uint8Array.from(GIVENS, (v) => v || (pick(3) ? 0 : 1 + pick(9)));
      const origins = Uint8Array.from(values, (v, i) =>
        GIVENS[i] ? Origin.GIVEN : v ? [Origin.DEDUCED, Origin.GUESS, Origin.YOURS][pick(3)] : 0,
      );
      action = solve.takeOver({ values, origins, candidates: coreCandidates(values) });
    } else {
      const values = Uint8Array.from(GIVENS, (v) => v || (pick(3) ? 0 : 1 + pick(9)));
      const origins = Uint8Array.from(values, (v, i) =>
        GIVENS[i] ? Origin.GIVEN : v ? (pick(2) ? Origin.YOURS : Origin.DEDUCED) : 0,
      );
      const marks = Uint32Array.from(values, (v) => (v ? 0 : pick(ALL + 1)));
      action = solve.replaceWith(values, origins, marks);
    }
    if (action) {
      assert.ok(isValidAction(action, 9), `action ${done} is valid`);
      done++;
    }
    assert.equal(solve.undoStack.length, done);
    assert.ok(GIVENS.every((v, i) => !v || (solve.values[i] === v && solve.marks[i] === 0)));
  }
  assert.equal(done, 200);
  const end = snapshot(solve);
  const states = [end];
  while (solve.undo()) {
    states.push(snapshot(solve));
  }
  assert.deepEqual(snapshot(solve), start, 'undo all returns to the start');
  assert.equal(solve.redoStack.length, 200);
  let k = states.length - 1;
  while (solve.redo()) {
    k--;
    assert.deepEqual(snapshot(solve), states[k], `redo step ${200 - k}`);
  }
  assert.deepEqual(snapshot(solve), end, 'redo all returns to the end');
  // And the whole history again, to be sure nothing drifts.
  for (let round = 0; round < 3; round++) {
    while (solve.undo());
    assert.deepEqual(snapshot(solve), start);
    while (solve.redo());
    assert.deepEqual(snapshot(solve), end);
  }
});

test('mistakes finds wrong digits and marks that leave out the solution digit', () => {
  const solve = new Solve(9, GIVENS);
  const wrong = (cell) => (SOLUTION[cell] % 9) + 1;
  assert.deepEqual(solve.mistakes(SOLUTION), { digits: [], marks: [] });
  solve.setDigit(2, wrong(2)); // a wrong digit of the person
  solve.setDigit(3, SOLUTION[3]); // a right one
  solve.replaceWith(
    Uint8Array.from(solve.values, (v, i) => (i === 4 ? wrong(4) : v)),
    Uint8Array.from(solve.origins, (o, i) => (i === 4 ? Origin.DEDUCED : o)),
    new Uint32Array(81),
  );
  assert.equal(solve.origins[4], Origin.DEDUCED, "a wrong digit of the solver's");
  solve.toggleMark(7, wrong(7)); // marks without the solution digit
  solve.toggleMark(8, wrong(8));
  solve.toggleMark(8, SOLUTION[8]); // marks with it
  solve.toggleMark(11, SOLUTION[11]);
  solve.toggleMark(11, SOLUTION[11]); // marks toggled back to none: not a mistake
  assert.deepEqual(solve.mistakes(SOLUTION), { digits: [2, 4], marks: [7] });
  // Wrong marks kept under a right digit are not shown, so not a mistake.
  solve.toggleMark(12, wrong(12));
  solve.setDigit(12, SOLUTION[12]);
  assert.deepEqual(solve.mistakes(SOLUTION), { digits: [2, 4], marks: [7] });
});

test('isSolvedBy: only a full board that is the solution', () => {
  const solve = new Solve(9, GIVENS);
  assert.ok(!solve.isSolvedBy(SOLUTION));
  const free = emptyCells(solve);
  for (const cell of free.slice(0, -1)) {
    solve.setDigit(cell, SOLUTION[cell]);
  }
  assert.ok(!solve.isSolvedBy(SOLUTION), 'one cell short');
  const last = free.at(-1);
  solve.setDigit(last, (SOLUTION[last] % 9) + 1);
  assert.ok(solve.isFull);
  assert.ok(!solve.isSolvedBy(SOLUTION), 'full but wrong');
  solve.setDigit(last, SOLUTION[last]);
  assert.ok(solve.isSolvedBy(SOLUTION));
  assert.equal(solve.nFilled, 81);
});

test('isValidAction accepts well-formed actions and rejects everything else', () => {
  const ok = [2, 0, Origin.EMPTY, 0, 9, Origin.YOURS, 0b11];
  const valid = (changes, kind = 'digit', size = 9) => isValidAction({ kind, changes }, size);
  assert.ok(valid(ok));
  assert.ok(valid([...ok, 80, 3, Origin.DEDUCED, ALL, 0, Origin.EMPTY, ALL], 'hint'));
  assert.ok(valid([255, 0, 0, 0xffff, 16, Origin.YOURS, 0], 'link', 16));
  for (const kind of Object.keys(ACTION_NAMES)) {
    assert.ok(valid(ok, kind), kind);
  }
  // Kinds.
  for (const kind of ['nope', 'pencil mark', 'toString', '__proto__', '', undefined, null, 3]) {
    assert.ok(!isValidAction({ kind, changes: ok }, 9), `kind ${String(kind)}`);
  }
  // Shape of the action.
  for (const action of [null, undefined, 7, 'digit', {}, { kind: 'digit' }]) {
    assert.ok(!isValidAction(action, 9), JSON.stringify(action));
  }
  assert.ok(!isValidAction({ kind: 'digit', changes: '2000950' }, 9));
  assert.ok(!valid([]), 'no change');
  assert.ok(!valid(ok.slice(0, 6)), 'a short group');
  assert.ok(!valid([...ok, 3]), 'a group and a bit');
  // Out-of-range numbers, in every position of the group.
  const bad = [
    [0, -1],
    [0, 81],
    [0, 1.5],
    [0, '2'],
    [0, null],
    [1, 10],
    [1, -1],
    [4, 10],
    [4, 0.5],
    [3, ALL + 1],
    [3, -1],
    [6, ALL + 1],
    [6, 1.5],
    [6, '3'],
    [2, 7], // an origin that is no origin
    [5, Origin.GUESS],
    [5, Origin.SOLUTION],
    [5, Origin.GIVEN], // a given is never part of a person's history
    [2, Origin.YOURS], // an empty cell with a digit's origin
    [5, Origin.EMPTY], // a digit without an origin
  ];
  for (const [at, value] of bad) {
    const changes = [...ok];
    changes[at] = value;
    assert.ok(!valid(changes), `changes[${at}] = ${value}`);
  }
  assert.ok(!valid([2, 9, Origin.GIVEN, 0, 9, Origin.YOURS, 0]), 'a given before');
  assert.ok(!valid([255, 0, 0, 0, 1, Origin.YOURS, 0]), 'beyond a 9×9');
  assert.ok(!valid([80, 0, 0, 0, 5, Origin.YOURS, 0], 'digit', 4), 'beyond a 4×4');
  assert.ok(!valid([3, 0, 0, 0b10000, 0, 0, 0], 'mark', 4), 'a mark beyond a 4×4');
  assert.ok(isCellState(0, Origin.EMPTY, 0, 4) && !isCellState(0, Origin.EMPTY, 16, 4));
});
