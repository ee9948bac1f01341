// Saved progress: a person's solve kept in localStorage per puzzle, the list of recent solves,
// and the progress a share link may carry. Pure functions over a Storage-like object (getItem,
// setItem, removeItem), so node --test can use a Map-backed one; nothing here touches the DOM.
//
// Stored records are versioned. A record this code cannot read (another version, damaged JSON,
// a field out of range, a board that does not match its puzzle) is discarded, never trusted:
// the page then starts that solve afresh.
//
//   stepdoku:solve:<puzzle line>  one solve (SOLVE_FORMAT)
//   stepdoku:recent               the recent solves, latest first (RECENT_FORMAT)
//   stepdoku:options              the solve options, `{ id: boolean }`
//   stepdoku:choices              strategy, speed and level as last chosen (CHOICES_FORMAT)

import { Origin } from './board-model.js';
import { CHANGE_WIDTH, isCellState, isValidAction, Solve } from './solve-model.js';

export const SOLVE_FORMAT = 1;
export const RECENT_FORMAT = 1;
const SOLVE_PREFIX = 'stepdoku:solve:';
const RECENT_KEY = 'stepdoku:recent';
/** How many solves are kept; the oldest go first. */
export const MAX_RECENT = 20;

/**
 * A solve and what goes with it as one record: `{ format, puzzle, size, values, origins,
 * marks, undo, redo, elapsedMs, hints, checks, solved, updatedAt }`.
 */
export function solveRecord(puzzle, solve, { elapsedMs, hints, checks, solved }, now = Date.now()) {
  return {
    format: SOLVE_FORMAT,
    puzzle,
    size: solve.size,
    values: [...solve.values],
    origins: [...solve.origins],
    marks: [...solve.marks],
    undo: solve.undoStack,
    redo: solve.redoStack,
    elapsedMs: Math.round(elapsedMs),
    hints,
    checks,
    solved,
    updatedAt: now,
  };
}

/** The longest time a solve may show: 1,000 hours. Anything longer was not measured here. */
export const MAX_ELAPSED_MS = 1000 * 3600 * 1000;

/** The longest puzzle text a recent entry may hold (a 25×25 jigsaw's map and cells fit). */
const MAX_PUZZLE_KEY = 4096;

const isCount = (n) => Number.isSafeInteger(n) && n >= 0;
/** Whether `ms` is a time a solve may show. */
export const isElapsed = (ms) => isCount(ms) && ms <= MAX_ELAPSED_MS;

/**
 * Reads a record back for a puzzle with `givens` (one value per cell): `{ solve, elapsedMs,
 * hints, checks, solved }`, or null when the record is not one this code wrote for that
 * puzzle.
 */
export function readRecord(record, puzzle, givens) {
  if (
    !record ||
    typeof record !== 'object' ||
    record.format !== SOLVE_FORMAT ||
    record.puzzle !== puzzle ||
    !isElapsed(record.elapsedMs) ||
    !isCount(record.hints) ||
    !isCount(record.checks) ||
    typeof record.solved !== 'boolean'
  ) {
    return null;
  }
  const n = givens.length;
  const size = Math.round(Math.sqrt(n));
  const { values, origins, marks, undo, redo } = record;
  if (
    record.size !== size ||
    ![values, origins, marks, undo, redo].every(Array.isArray) ||
    [values, origins, marks].some((a) => a.length !== n)
  ) {
    return null;
  }
  for (let i = 0; i < n; i++) {
    const matches = givens[i]
      ? values[i] === givens[i] && origins[i] === Origin.GIVEN && marks[i] === 0
      : isCellState(values[i], origins[i], marks[i], size);
    if (!matches) {
      return null;
    }
  }
  if (![...undo, ...redo].every((action) => isValidAction(action, size))) {
    return null;
  }
  const solve = new Solve(size, givens);
  solve.values.set(values);
  solve.origins.set(origins);
  solve.marks.set(marks);
  solve.undoStack = undo.map(({ kind, changes }) => ({ kind, changes: [...changes] }));
  solve.redoStack = redo.map(({ kind, changes }) => ({ kind, changes: [...changes] }));
  if (!historyIsGivenFree(solve, givens)) {
    return null;
  }
  const { elapsedMs, hints, checks, solved } = record;
  return { solve, elapsedMs, hints, checks, solved };
}

/** Whether no action of the history touches a given, which would let undo overwrite it. */
function historyIsGivenFree(solve, givens) {
  return [...solve.undoStack, ...solve.redoStack].every(({ changes }) => {
    for (let at = 0; at < changes.length; at += CHANGE_WIDTH) {
      if (givens[changes[at]]) {
        return false;
      }
    }
    return true;
  });
}

function parseJson(text) {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The solve saved for a puzzle, as readRecord gives it, or null. A record that cannot be
 * read is removed.
 */
export function loadSolve(storage, puzzle, givens) {
  const key = SOLVE_PREFIX + puzzle;
  const text = storage.getItem(key);
  const read = readRecord(parseJson(text), puzzle, givens);
  if (text !== null && !read) {
    storage.removeItem(key);
  }
  return read;
}

/** The recent solves, latest first: `[{ puzzle, filled, cells, solved, elapsedMs, updatedAt }]`. */
export function recentSolves(storage) {
  const list = parseJson(storage.getItem(RECENT_KEY));
  if (list?.format !== RECENT_FORMAT || !Array.isArray(list.entries)) {
    return [];
  }
  // Only as many as are ever written are read, however many a damaged list holds.
  return list.entries
    .slice(0, MAX_RECENT)
    .filter(
      (e) =>
        e &&
        typeof e.puzzle === 'string' &&
        e.puzzle.length <= MAX_PUZZLE_KEY &&
        isCount(e.filled) &&
        isCount(e.cells) &&
        isElapsed(e.elapsedMs) &&
        isCount(e.updatedAt) &&
        typeof e.solved === 'boolean',
    );
}

/**
 * Saves a record and puts its puzzle first in the recent list, dropping solves past
 * MAX_RECENT. When storage is full, older solves make room, then the undo history goes;
 * returns false when even that does not fit.
 */
export function saveSolve(storage, record) {
  const entry = {
    puzzle: record.puzzle,
    filled: record.values.filter((v) => v).length,
    cells: record.values.length,
    solved: record.solved,
    elapsedMs: record.elapsedMs,
    updatedAt: record.updatedAt,
  };
  const before = recentSolves(storage);
  const entries = [entry, ...before.filter((e) => e.puzzle !== record.puzzle)];
  const attempts = [
    () => write(storage, record, entries, MAX_RECENT),
    () => write(storage, record, entries, 1),
    () => write(storage, { ...record, undo: [], redo: [] }, entries, 1),
  ];
  if (attempts.some((attempt) => attempt())) {
    return true;
  }
  // Nothing fit, and other solves may be gone: list only the solves still stored (this
  // puzzle's older record, if any, with its older entry).
  const stored = before.filter((e) => storage.getItem(SOLVE_PREFIX + e.puzzle) !== null);
  storage.removeItem(RECENT_KEY);
  try {
    storage.setItem(RECENT_KEY, JSON.stringify({ format: RECENT_FORMAT, entries: stored }));
  } catch {
    // Left without a list: it names no solve that is gone.
  }
  return false;
}

/** Writes a record and keeps the first `keep` recent entries; false when storage is full. */
function write(storage, record, entries, keep) {
  const dropped = entries.slice(keep);
  for (const { puzzle } of dropped) {
    storage.removeItem(SOLVE_PREFIX + puzzle);
  }
  const items = [
    [SOLVE_PREFIX + record.puzzle, JSON.stringify(record)],
    [RECENT_KEY, JSON.stringify({ format: RECENT_FORMAT, entries: entries.slice(0, keep) })],
  ];
  if (dropped.length > 0) {
    // The shorter list first: the old one, naming the solves just dropped, takes room the
    // record may need.
    items.reverse();
  }
  try {
    for (const [key, text] of items) {
      storage.setItem(key, text);
    }
    return true;
  } catch {
    return false;
  }
}

/** Forgets a puzzle's solve. */
export function forgetSolve(storage, puzzle) {
  storage.removeItem(SOLVE_PREFIX + puzzle);
  const entries = recentSolves(storage).filter((e) => e.puzzle !== puzzle);
  storage.setItem(RECENT_KEY, JSON.stringify({ format: RECENT_FORMAT, entries }));
}

// ---- Progress in a link ------------------------------------------------------------------

/**
 * A solve's digits and marks for a share link: the person's digits as one character per cell
 * in the puzzle's `symbols` ('.' elsewhere), '~', the solver's digits the same way, '~', each
 * empty cell's marks in base 36 separated by '-' (empty for none), '~', the seconds spent.
 */
export function progressText(solve, symbols, elapsedMs) {
  const digitsOf = (origin) =>
    [...solve.values]
      .map((v, i) => (v && solve.origins[i] === origin ? symbols[v - 1] : '.'))
      .join('');
  const marks = [...solve.marks].map((m, i) => (m && !solve.values[i] ? m.toString(36) : ''));
  return [
    digitsOf(Origin.YOURS),
    digitsOf(Origin.DEDUCED),
    marks.join('-'),
    Math.floor(elapsedMs / 1000),
  ].join('~');
}

// ---- Options -----------------------------------------------------------------------------

const OPTIONS_KEY = 'stepdoku:options';

/**
 * The solve options kept from last time, `{ id: boolean }` for each of `known` (`[{ id,
 * initial }]`); an option never set, or stored damaged, has its initial value.
 */
export function loadOptions(storage, known) {
  let stored = null;
  try {
    stored = parseJson(storage?.getItem(OPTIONS_KEY) ?? null);
  } catch {
    stored = null;
  }
  return Object.fromEntries(
    known.map(({ id, initial }) => [id, typeof stored?.[id] === 'boolean' ? stored[id] : initial]),
  );
}

/** Keeps the solve options; false when storage refuses them. */
export function saveOptions(storage, options) {
  try {
    storage.setItem(OPTIONS_KEY, JSON.stringify(options));
    return true;
  } catch {
    return false;
  }
}

// ---- Choices of the player and of New puzzle ---------------------------------------------

export const CHOICES_FORMAT = 1;
const CHOICES_KEY = 'stepdoku:choices';

/** What a speed is stored as: JSON has no Infinity. */
const MAX_SPEED = 'max';

/**
 * The strategy, speed and level the person chose last time, `{ strategy, speed, level }`:
 * `strategy` a strategy's id, `speed` steps per second (Infinity: as fast as steps come),
 * `level` a level's name in lower case. Each is null when never chosen or stored damaged;
 * whether a strategy or level is still offered is for the caller to check.
 */
export function loadChoices(storage) {
  let stored = null;
  try {
    stored = parseJson(storage?.getItem(CHOICES_KEY) ?? null);
  } catch {
    stored = null;
  }
  const isCurrent = stored?.format === CHOICES_FORMAT;
  const { strategy, speed, level } = isCurrent ? stored : {};
  return {
    strategy: typeof strategy === 'string' ? strategy : null,
    speed: speed === MAX_SPEED ? Infinity : Number.isFinite(speed) && speed > 0 ? speed : null,
    level: typeof level === 'string' ? level : null,
  };
}

/**
 * Keeps one choice (`id`: `strategy`, `speed` or `level`, as loadChoices gives them) beside
 * the others; false when storage refuses it.
 */
export function saveChoice(storage, id, value) {
  const { speed, ...choices } = { ...loadChoices(storage), [id]: value };
  const record = {
    format: CHOICES_FORMAT,
    ...choices,
    speed: speed === Infinity ? MAX_SPEED : speed,
  };
  try {
    storage.setItem(CHOICES_KEY, JSON.stringify(record));
    return true;
  } catch {
    return false;
  }
}
