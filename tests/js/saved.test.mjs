import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cellName, Origin } from '../../www/board-model.js';
import {
  CHOICES_FORMAT,
  forgetSolve,
  loadChoices,
  loadSolve,
  MAX_ELAPSED_MS,
  MAX_RECENT,
  progressText,
  isElapsed,
  readRecord,
  recentSolves,
  saveChoice,
  saveSolve,
  SOLVE_FORMAT,
  solveRecord,
} from '../../www/saved.js';
import { parseProgress as parse } from '../../www/progress-link.js';
import { Solve } from '../../www/solve-model.js';
import wasm, { EASY, GIVENS, SOLUTION } from './wasm.mjs';

const SYMBOLS_9 = '123456789';
/** parseProgress with the modules it is handed. */
const parseProgress = (...args) => parse(...args, { Origin, cellName, isElapsed });
/** The progress a text gives, or null when it is refused. */
const readProgress = (...args) => parseProgress(...args).progress ?? null;
const SYMBOLS_16 = '123456789ABCDEFG';
// The keys saved.js documents.
const keyOf = (puzzle) => `stepdoku:solve:${puzzle}`;
const RECENT_KEY = 'stepdoku:recent';
const CHOICES_KEY = 'stepdoku:choices';

const coreCandidates = (values) =>
  Uint32Array.from(wasm.candidates(Uint8Array.from(values), new Uint32Array(0)));

/** A localStorage stand-in: strings in a Map, and optionally a quota in characters. */
class MemoryStorage {
  constructor(quota = Infinity) {
    this.map = new Map();
    this.quota = quota;
  }
  get length() {
    return this.map.size;
  }
  key(i) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(key) {
    return this.map.has(key) ? this.map.get(key) : null;
  }
  setItem(key, value) {
    const text = String(value);
    const old = this.map.has(key) ? key.length + this.map.get(key).length : 0;
    if (this.used() - old + key.length + text.length > this.quota) {
      // What a full localStorage throws; the item keeps its old value.
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    this.map.set(key, text);
  }
  removeItem(key) {
    this.map.delete(key);
  }
  used() {
    let n = 0;
    for (const [key, value] of this.map) {
      n += key.length + value.length;
    }
    return n;
  }
}

function snapshot(solve) {
  return { values: [...solve.values], origins: [...solve.origins], marks: [...solve.marks] };
}

/** A solve of EASY with digits (right and wrong), marks, a hint step and undone actions. */
function playedSolve() {
  const solve = new Solve(9, GIVENS);
  solve.fillCandidates(coreCandidates(GIVENS));
  solve.setDigit(2, SOLUTION[2], { tidy: coreCandidates });
  solve.setDigit(3, (SOLUTION[3] % 9) + 1);
  solve.toggleMark(4, 1);
  solve.applyStep({ changes: [{ op: 'place', cell: 37, digit: 7 }] }, coreCandidates(GIVENS));
  solve.setDigit(7, SOLUTION[7]);
  solve.setDigit(8, SOLUTION[8]);
  solve.undo();
  solve.undo();
  assert.equal(solve.undoStack.length, 5);
  assert.equal(solve.redoStack.length, 2);
  return solve;
}

const STATS = { elapsedMs: 83_456.7, hints: 2, checks: 1, solved: false };

/** EASY with its k-th given taken out: another puzzle, for several solves at once. */
function variant(k) {
  const givens = Uint8Array.from(GIVENS);
  const at = [...givens.keys()].filter((i) => givens[i])[k];
  givens[at] = 0;
  return { puzzle: [...givens].join(''), givens };
}

function saveFresh(storage, { puzzle, givens }, now, stats = STATS) {
  return saveSolve(storage, solveRecord(puzzle, new Solve(9, givens), stats, now));
}

test('a record round trips through JSON and storage; undo and redo work after restoring', () => {
  const solve = playedSolve();
  const record = solveRecord(EASY, solve, STATS, 1_700_000_000_000);
  assert.equal(record.format, SOLVE_FORMAT);
  assert.equal(record.elapsedMs, 83_457, 'whole milliseconds');
  assert.deepEqual(readRecord(JSON.parse(JSON.stringify(record)), EASY, GIVENS).elapsedMs, 83_457);

  const storage = new MemoryStorage();
  assert.equal(saveSolve(storage, record), true);
  solve.redo(); // the live solve moves on; what was saved stays as it was
  solve.undo();
  const read = loadSolve(storage, EASY, GIVENS);
  assert.ok(read);
  assert.deepEqual(
    { elapsedMs: read.elapsedMs, hints: read.hints, checks: read.checks, solved: read.solved },
    { elapsedMs: 83_457, hints: 2, checks: 1, solved: false },
  );
  const restored = read.solve;
  assert.ok(restored instanceof Solve);
  assert.equal(restored.size, 9);
  assert.deepEqual(snapshot(restored), snapshot(solve));
  assert.ok(restored.values instanceof Uint8Array && restored.marks instanceof Uint32Array);
  assert.deepEqual(restored.undoStack, solve.undoStack);
  assert.deepEqual(restored.redoStack, solve.redoStack);
  assert.notEqual(restored.undoStack[0].changes, solve.undoStack[0].changes);

  // The restored history drives the board just as the live one.
  while (solve.canRedo) {
    solve.redo();
    restored.redo();
    assert.deepEqual(snapshot(restored), snapshot(solve));
  }
  while (solve.canUndo) {
    solve.undo();
    restored.undo();
    assert.deepEqual(snapshot(restored), snapshot(solve));
  }
  assert.deepEqual(snapshot(restored), snapshot(new Solve(9, GIVENS)), 'back to the start');

  const done = solveRecord(EASY, solve, { elapsedMs: 0, hints: 0, checks: 0, solved: true }, 5);
  saveSolve(storage, done);
  assert.equal(loadSolve(storage, EASY, GIVENS).solved, true);
  assert.equal(loadSolve(storage, 'another', GIVENS), null, 'nothing saved for another puzzle');
});

test('a record that cannot be trusted reads as null, and loadSolve removes it', () => {
  const good = JSON.parse(JSON.stringify(solveRecord(EASY, playedSolve(), STATS, 1)));
  const firstGiven = 0;
  const firstEmpty = 2;
  const variants = {
    'format 0': (r) => (r.format = 0),
    'format 2': (r) => (r.format = SOLVE_FORMAT + 1),
    'format missing': (r) => delete r.format,
    'format as text': (r) => (r.format = '1'),
    'another puzzle': (r) => (r.puzzle = EASY.replace('85', '58')),
    'puzzle missing': (r) => delete r.puzzle,
    'size wrong': (r) => (r.size = 4),
    'values short': (r) => r.values.pop(),
    'origins long': (r) => r.origins.push(0),
    'marks short': (r) => (r.marks = r.marks.slice(1)),
    'values missing': (r) => delete r.values,
    'values as text': (r) => (r.values = r.values.join('')),
    'a given changed': (r) => (r.values[firstGiven] = 9),
    'a given erased': (r) => ((r.values[firstGiven] = 0), (r.origins[firstGiven] = 0)),
    "a given made the person's": (r) => (r.origins[firstGiven] = Origin.YOURS),
    'marks on a given': (r) => (r.marks[firstGiven] = 1),
    'a new given': (r) => ((r.values[firstEmpty] = 1), (r.origins[firstEmpty] = Origin.GIVEN)),
    'a digit out of range': (r) => ((r.values[firstEmpty] = 10), (r.origins[firstEmpty] = 5)),
    'a digit without origin': (r) => ((r.values[4] = 3), (r.origins[4] = Origin.EMPTY)),
    'marks out of range': (r) => (r.marks[4] = 512),
    'negative marks': (r) => (r.marks[4] = -1),
    'undo missing': (r) => delete r.undo,
    'redo not a list': (r) => (r.redo = {}),
    'an unknown action kind': (r) => (r.undo[0].kind = 'cheat'),
    'an action with a broken group': (r) => r.redo[0].changes.pop(),
    'an action with no changes': (r) => (r.undo[1].changes = []),
    'an action out of range': (r) => (r.undo[0].changes[0] = 81),
    'a null action': (r) => r.undo.push(null),
    'an undo action touching a given': (r) =>
      r.undo.push({ kind: 'digit', changes: [firstGiven, 0, 0, 0, 5, Origin.YOURS, 0] }),
    'a redo action touching a given': (r) =>
      r.redo.unshift({ kind: 'erase', changes: [1, 5, Origin.YOURS, 0, 0, 0, 0] }),
    'negative time': (r) => (r.elapsedMs = -1),
    'negative hints': (r) => (r.hints = -1),
    'negative checks': (r) => (r.checks = -3),
    'fractional hints': (r) => (r.hints = 1.5),
    'time as text': (r) => (r.elapsedMs = '1000'),
    'time missing': (r) => delete r.elapsedMs,
    'endless time': (r) => (r.elapsedMs = 1e300),
    'time past 1,000 hours': (r) => (r.elapsedMs = MAX_ELAPSED_MS + 1),
    'solved not a boolean': (r) => (r.solved = 1),
  };
  for (const [name, change] of Object.entries(variants)) {
    const record = structuredClone(good);
    change(record);
    assert.equal(readRecord(record, EASY, GIVENS), null, name);
    const storage = new MemoryStorage();
    storage.setItem(keyOf(EASY), JSON.stringify(record));
    assert.equal(loadSolve(storage, EASY, GIVENS), null, name);
    assert.equal(storage.getItem(keyOf(EASY)), null, `${name}: removed`);
  }
  for (const text of ['{"format":1,', '', 'undefined', 'null', '[]', '42', '"text"', '{}']) {
    const storage = new MemoryStorage();
    storage.setItem(keyOf(EASY), text);
    assert.equal(loadSolve(storage, EASY, GIVENS), null, JSON.stringify(text));
    assert.equal(storage.getItem(keyOf(EASY)), null, `${JSON.stringify(text)}: removed`);
  }
  // The good record itself reads, so every null above is the change's doing.
  const storage = new MemoryStorage();
  storage.setItem(keyOf(EASY), JSON.stringify(good));
  assert.ok(loadSolve(storage, EASY, GIVENS));
  // Read for the wrong givens, the record goes too.
  assert.equal(loadSolve(storage, EASY, variant(0).givens), null);
  assert.equal(storage.getItem(keyOf(EASY)), null);
});

test('recent solves come latest first, one entry a puzzle', () => {
  const storage = new MemoryStorage();
  assert.deepEqual(recentSolves(storage), []);
  const [a, b, c] = [variant(0), variant(1), variant(2)];
  saveFresh(storage, a, 1000);
  saveFresh(storage, b, 2000);
  saveFresh(storage, c, 3000);
  assert.deepEqual(
    recentSolves(storage).map((e) => e.puzzle),
    [c.puzzle, b.puzzle, a.puzzle],
  );
  const solve = new Solve(9, a.givens);
  solve.setDigit(2, SOLUTION[2]);
  saveSolve(storage, solveRecord(a.puzzle, solve, { ...STATS, solved: true }, 4000));
  const entries = recentSolves(storage);
  assert.deepEqual(
    entries.map((e) => e.puzzle),
    [a.puzzle, c.puzzle, b.puzzle],
  );
  assert.deepEqual(entries[0], {
    puzzle: a.puzzle,
    filled: a.givens.filter((v) => v).length + 1,
    cells: 81,
    solved: true,
    elapsedMs: 83_457,
    updatedAt: 4000,
  });
  // A damaged list, or damaged entries, read as nothing rather than throwing.
  storage.setItem(RECENT_KEY, '{"format":1,"entries":[{"puzzle":1},null,');
  assert.deepEqual(recentSolves(storage), []);
  storage.setItem(RECENT_KEY, JSON.stringify({ format: 2, entries }));
  assert.deepEqual(recentSolves(storage), []);
  storage.setItem(
    RECENT_KEY,
    JSON.stringify({ format: 1, entries: [null, { ...entries[1], filled: -1 }, entries[0]] }),
  );
  assert.deepEqual(recentSolves(storage), [entries[0]]);
  // A list grown past what is ever written reads as its first MAX_RECENT entries, and an
  // entry with an endless time or a puzzle no grid has is left out.
  const many = Array.from({ length: 20_000 }, (_, k) => ({ ...entries[0], updatedAt: k }));
  storage.setItem(RECENT_KEY, JSON.stringify({ format: 1, entries: many }));
  assert.equal(recentSolves(storage).length, MAX_RECENT);
  storage.setItem(
    RECENT_KEY,
    JSON.stringify({
      format: 1,
      entries: [
        { ...entries[0], elapsedMs: 1e300 },
        { ...entries[0], puzzle: '.'.repeat(100_000) },
        entries[1],
      ],
    }),
  );
  assert.deepEqual(recentSolves(storage), [entries[1]]);
});

test(`past ${MAX_RECENT} solves, the oldest are dropped with their records`, () => {
  const storage = new MemoryStorage();
  const extra = 3;
  const puzzles = Array.from({ length: MAX_RECENT + extra }, (_, k) => variant(k));
  puzzles.forEach((p, k) => assert.equal(saveFresh(storage, p, 1000 + k), true));
  const entries = recentSolves(storage);
  assert.equal(entries.length, MAX_RECENT);
  assert.deepEqual(
    entries.map((e) => e.puzzle),
    puzzles
      .slice(extra)
      .reverse()
      .map((p) => p.puzzle),
  );
  puzzles.forEach((p, k) => {
    const kept = storage.getItem(keyOf(p.puzzle)) !== null;
    assert.equal(kept, k >= extra, `puzzle ${k}`);
    assert.equal(loadSolve(storage, p.puzzle, p.givens) !== null, k >= extra);
  });
  assert.equal(storage.length, MAX_RECENT + 1, 'the solves and the recent list, nothing else');
});

test('a full storage drops the other solves, then the history, then gives up', () => {
  const [a, b] = [variant(0), variant(1)];
  const solve = playedSolve();
  for (let k = 0; k < 40; k++) {
    solve.toggleMark(4, 1 + (k % 9));
  }
  const record = solveRecord(EASY, solve, STATS, 9000);
  const bare = { ...record, undo: [], redo: [] };
  const recentSize = (r) =>
    RECENT_KEY.length +
    JSON.stringify({
      format: 1,
      entries: [
        {
          puzzle: r.puzzle,
          filled: r.values.filter((v) => v).length,
          cells: 81,
          solved: r.solved,
          elapsedMs: r.elapsedMs,
          updatedAt: r.updatedAt,
        },
      ],
    }).length;
  const sizeAlone = (r) => keyOf(r.puzzle).length + JSON.stringify(r).length + recentSize(r);
  assert.ok(sizeAlone(record) > sizeAlone(bare) + 500, 'the history takes room');

  const filled = () => {
    const storage = new MemoryStorage();
    saveFresh(storage, a, 1000);
    saveFresh(storage, b, 2000);
    return storage;
  };

  // Room for the record with its history once the others are gone.
  let storage = filled();
  storage.quota = sizeAlone(record) + 10;
  assert.ok(storage.used() + sizeAlone(record) > storage.quota, 'it does not fit beside them');
  assert.equal(saveSolve(storage, record), true);
  assert.equal(storage.getItem(keyOf(a.puzzle)), null);
  assert.equal(storage.getItem(keyOf(b.puzzle)), null);
  assert.deepEqual(
    recentSolves(storage).map((e) => e.puzzle),
    [EASY],
  );
  let read = loadSolve(storage, EASY, GIVENS);
  assert.deepEqual(read.solve.undoStack, solve.undoStack, 'the history is kept');
  assert.deepEqual(read.solve.redoStack, solve.redoStack);

  // Room only for the board: the history goes, the board and counts stay.
  storage = filled();
  storage.quota = sizeAlone(bare) + 10;
  assert.equal(saveSolve(storage, record), true);
  read = loadSolve(storage, EASY, GIVENS);
  assert.deepEqual(snapshot(read.solve), snapshot(solve));
  assert.deepEqual(read.solve.undoStack, []);
  assert.deepEqual(read.solve.redoStack, []);
  assert.equal(read.hints, 2);
  assert.deepEqual(
    recentSolves(storage).map((e) => e.puzzle),
    [EASY],
  );

  // No room at all: false, and the recent list names only solves still stored.
  storage = filled();
  storage.quota = sizeAlone(bare) - 1;
  assert.equal(saveSolve(storage, record), false);
  assert.equal(storage.getItem(keyOf(EASY)), null);
  for (const { puzzle } of recentSolves(storage)) {
    assert.notEqual(storage.getItem(keyOf(puzzle)), null, `${puzzle} listed but gone`);
  }

  // An older save of the same puzzle stays when the new one does not fit.
  storage = new MemoryStorage();
  saveSolve(storage, solveRecord(EASY, new Solve(9, GIVENS), STATS, 1));
  storage.quota = storage.used();
  assert.equal(saveSolve(storage, record), false);
  assert.ok(loadSolve(storage, EASY, GIVENS), 'the older save still loads');
  assert.deepEqual(
    recentSolves(storage).map((e) => e.puzzle),
    [EASY],
  );
});

test('forgetSolve removes the record and its recent entry only', () => {
  const storage = new MemoryStorage();
  const [a, b] = [variant(0), variant(1)];
  saveFresh(storage, a, 1);
  saveFresh(storage, b, 2);
  forgetSolve(storage, a.puzzle);
  assert.equal(storage.getItem(keyOf(a.puzzle)), null);
  assert.equal(loadSolve(storage, a.puzzle, a.givens), null);
  assert.ok(loadSolve(storage, b.puzzle, b.givens));
  assert.deepEqual(
    recentSolves(storage).map((e) => e.puzzle),
    [b.puzzle],
  );
  forgetSolve(storage, 'never saved');
  assert.deepEqual(
    recentSolves(storage).map((e) => e.puzzle),
    [b.puzzle],
  );
  forgetSolve(storage, b.puzzle);
  assert.deepEqual(recentSolves(storage), []);
  assert.equal(storage.getItem(keyOf(b.puzzle)), null);
});

/** A solve with the person's digits, the solver's digits and marks. */
function mixedSolve(size, givens, pick) {
  const solve = new Solve(size, givens);
  const values = Uint8Array.from(givens);
  const origins = Uint8Array.from(givens, (v) => (v ? Origin.GIVEN : Origin.EMPTY));
  const marks = new Uint32Array(size * size);
  for (let i = 0; i < values.length; i++) {
    if (givens[i]) {
      continue;
    }
    const [value, origin, mask] = pick(i);
    values[i] = value;
    origins[i] = value ? origin : Origin.EMPTY;
    marks[i] = value ? 0 : mask;
  }
  solve.replaceWith(values, origins, marks);
  return solve;
}

test('progress text round trips a 9×9: the person’s digits, the solver’s, marks, seconds', () => {
  const solve = mixedSolve(9, GIVENS, (i) =>
    i % 4 === 0
      ? [SOLUTION[i], Origin.YOURS, 0]
      : i % 4 === 1
        ? [SOLUTION[i], Origin.DEDUCED, 0]
        : [0, 0, i % 4 === 2 ? 0b100000001 : 0],
  );
  solve.toggleMark(3, 2);
  solve.toggleMark(3, 2); // a cell with no marks
  solve.toggleMark(7, 5);
  solve.setDigit(7, 9); // its marks are kept, not shown, not sent
  const text = progressText(solve, SYMBOLS_9, 125_999);
  const [yours, solver, marks, seconds] = text.split('~');
  assert.equal(yours.length, 81);
  assert.equal(solver.length, 81);
  assert.equal(yours[0], '.', 'a given is in neither');
  assert.equal(yours[7], '9');
  assert.equal(solver[13], String(SOLUTION[13]));
  assert.equal(marks.split('-')[2], (0b100000001).toString(36));
  assert.equal(seconds, '125');
  const read = readProgress(text, 9, GIVENS, SYMBOLS_9);
  assert.deepEqual([...read.values], [...solve.values]);
  assert.deepEqual([...read.origins], [...solve.origins]);
  assert.deepEqual([...read.marks], [...solve.shownMarks()]);
  assert.equal(read.elapsedMs, 125_000);
  // Put back into a fresh solve, it is the same board.
  const other = new Solve(9, GIVENS);
  other.replaceWith(read.values, read.origins, read.marks);
  assert.deepEqual([...other.values], [...solve.values]);
  assert.deepEqual([...other.origins], [...solve.origins]);
  assert.deepEqual([...other.shownMarks()], [...solve.shownMarks()]);
  // An untouched solve: all dots, no marks.
  const fresh = progressText(new Solve(9, GIVENS), SYMBOLS_9, 0);
  assert.equal(fresh, `${'.'.repeat(81)}~${'.'.repeat(81)}~${'-'.repeat(80)}~0`);
  assert.deepEqual([...readProgress(fresh, 9, GIVENS, SYMBOLS_9).values], [...GIVENS]);
});

test('progress text round trips a 16×16, letters and every mark included', () => {
  const size = 16;
  const givens = Uint8Array.from({ length: 256 }, (_, i) => (i % 7 === 0 ? 1 + (i % 16) : 0));
  const solve = mixedSolve(size, givens, (i) =>
    i % 5 === 1
      ? [1 + (i % 16), Origin.YOURS, 0]
      : i % 5 === 2
        ? [16 - (i % 16), Origin.DEDUCED, 0]
        : [0, 0, i % 5 === 3 ? 0xffff : (i * 2654435761) & 0xffff],
  );
  assert.ok(solve.values.includes(16) && solve.values.includes(10));
  const text = progressText(solve, SYMBOLS_16, 3_600_000);
  assert.match(text.split('~')[0], /G/);
  assert.match(text.split('~')[1], /[A-G]/);
  const read = readProgress(text, size, givens, SYMBOLS_16);
  assert.ok(read);
  assert.deepEqual([...read.values], [...solve.values]);
  assert.deepEqual([...read.origins], [...solve.origins]);
  assert.deepEqual([...read.marks], [...solve.shownMarks()]);
  assert.ok(read.marks.includes(0xffff));
  assert.equal(read.elapsedMs, 3_600_000);
  // Letters read in either case.
  const lower = text.replace(/^[^~]*/, (s) => s.toLowerCase());
  assert.deepEqual([...readProgress(lower, size, givens, SYMBOLS_16).values], [...solve.values]);
});

test('readProgress rejects text that does not fit the puzzle', () => {
  const solve = mixedSolve(9, GIVENS, (i) =>
    i % 3 === 0 ? [SOLUTION[i], Origin.YOURS, 0] : [0, 0, 0b11],
  );
  const good = progressText(solve, SYMBOLS_9, 61_000);
  assert.ok(readProgress(good, 9, GIVENS, SYMBOLS_9));
  const parts = good.split('~');
  const withPart = (k, text) => parts.map((p, j) => (j === k ? text : p)).join('~');
  const at = (s, i, c) => s.slice(0, i) + c + s.slice(i + 1);
  const markList = parts[2].split('-');
  const withMark = (i, m) => withPart(2, markList.map((x, j) => (j === i ? m : x)).join('-'));
  const emptyCell = [...GIVENS.keys()].find((i) => !GIVENS[i] && !solve.values[i]);
  const yoursCell = [...GIVENS.keys()].find((i) => solve.origins[i] === Origin.YOURS);
  const bad = {
    'not text': null,
    'no parts': '',
    'three parts': parts.slice(0, 3).join('~'),
    'five parts': `${good}~1`,
    "the person's digits short": withPart(0, parts[0].slice(1)),
    "the solver's digits long": withPart(1, `${parts[1]}.`),
    'marks of too few cells': withPart(2, markList.slice(1).join('-')),
    'marks of too many cells': withPart(2, `${parts[2]}-`),
    "a digit of the person's on a given": withPart(0, at(parts[0], 0, '8')),
    "a digit of the solver's on a given": withPart(1, at(parts[1], 1, '5')),
    'a digit in both': withPart(1, at(parts[1], yoursCell, '1')),
    'a digit that is no symbol': withPart(0, at(parts[0], emptyCell, 'A')),
    'a zero digit': withPart(0, at(parts[0], emptyCell, '0')),
    'marks on a digit': withMark(yoursCell, '3'),
    'marks on a given': withMark(0, '3'),
    'marks beyond the digits': withMark(emptyCell, (512).toString(36)),
    'zero marks': withMark(emptyCell, '0'),
    'marks that are no number': withMark(emptyCell, 'x!'),
    'marks in capitals': withMark(emptyCell, 'A'),
    'negative marks': withMark(emptyCell, '-3'),
    'too long marks': withMark(emptyCell, '00000003'),
    'negative seconds': withPart(3, '-1'),
    'fractional seconds': withPart(3, '1.5'),
    'no seconds': withPart(3, ''),
    'seconds as words': withPart(3, 'ten'),
    'seconds in exponent form': withPart(3, '1e3'),
    'seconds in hex': withPart(3, '0x10'),
    'seconds with spaces': withPart(3, ' 5'),
    'endless seconds': withPart(3, '9'.repeat(400)),
    'seconds past 1,000 hours': withPart(3, String(MAX_ELAPSED_MS / 1000 + 1)),
  };
  for (const [name, text] of Object.entries(bad)) {
    const { progress, problem } = parseProgress(text, 9, GIVENS, SYMBOLS_9);
    assert.equal(progress, undefined, name);
    assert.match(problem, /^(it|its|the|“).{10,80}[^.]$/, `${name}: a phrase (${problem})`);
  }
  // The phrase names the field, and the cell where there is one.
  const problemOf = (text) => parseProgress(text, 9, GIVENS, SYMBOLS_9).problem;
  const where = `r${Math.floor(emptyCell / 9) + 1}c${(emptyCell % 9) + 1}`;
  for (const [name, problem] of [
    ["a digit of the person's on a given", 'its digit in r1c1 does not fit this puzzle'],
    ['a digit that is no symbol', `its digit in ${where} does not fit this puzzle`],
    ['marks beyond the digits', `its marks in ${where} do not fit this puzzle`],
    ['endless seconds', 'its time does not fit this puzzle'],
    ['marks of too few cells', 'its length does not fit this puzzle'],
    ['three parts', 'it is not four parts joined by ~'],
  ]) {
    assert.equal(problemOf(bad[name]), problem, name);
  }
  assert.equal(readProgress(good, 16, GIVENS, SYMBOLS_16), null, 'another size');
});

const NO_CHOICES = { strategy: null, speed: null, level: null };

test('choices round trip one at a time, each kept beside the others', () => {
  const storage = new MemoryStorage();
  assert.deepEqual(loadChoices(storage), NO_CHOICES, 'nothing chosen yet');
  assert.equal(saveChoice(storage, 'strategy', 'human'), true);
  assert.equal(saveChoice(storage, 'speed', 120), true);
  assert.equal(saveChoice(storage, 'level', 'hard'), true);
  assert.deepEqual(loadChoices(storage), { strategy: 'human', speed: 120, level: 'hard' });
  saveChoice(storage, 'speed', Infinity);
  assert.deepEqual(loadChoices(storage), { strategy: 'human', speed: Infinity, level: 'hard' });
  assert.deepEqual(JSON.parse(storage.getItem(CHOICES_KEY)), {
    format: CHOICES_FORMAT,
    strategy: 'human',
    speed: 'max',
    level: 'hard',
  });
});

test('choices stored damaged, or of another format, read as never chosen', () => {
  const storage = new MemoryStorage();
  const stored = (record) => {
    storage.setItem(CHOICES_KEY, typeof record === 'string' ? record : JSON.stringify(record));
    return loadChoices(storage);
  };
  const good = { format: CHOICES_FORMAT, strategy: 'human', speed: 4, level: 'easy' };
  assert.deepEqual(stored('{"format":1,'), NO_CHOICES, 'damaged JSON');
  assert.deepEqual(stored('7'), NO_CHOICES, 'not a record');
  assert.deepEqual(stored({ ...good, format: CHOICES_FORMAT + 1 }), NO_CHOICES, 'a later format');
  assert.deepEqual(stored({ ...good, format: undefined }), NO_CHOICES, 'no format');
  for (const speed of [0, -1, 'fast', null, '4']) {
    const read = stored({ ...good, speed });
    assert.deepEqual(read, { strategy: 'human', speed: null, level: 'easy' }, `speed ${speed}`);
  }
  assert.deepEqual(stored({ ...good, strategy: 3, level: ['easy'] }), {
    strategy: null,
    speed: 4,
    level: null,
  });
});

test('choices without storage, or with storage that refuses them, fall back quietly', () => {
  assert.deepEqual(loadChoices(null), NO_CHOICES, 'a sandboxed frame has no storage');
  const throwing = {
    getItem() {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    },
    setItem() {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    },
  };
  assert.deepEqual(loadChoices(throwing), NO_CHOICES);
  assert.equal(saveChoice(throwing, 'level', 'hard'), false);
  const full = new MemoryStorage(10);
  assert.equal(saveChoice(full, 'strategy', 'human'), false, 'full storage');
  assert.deepEqual(loadChoices(full), NO_CHOICES);
});
