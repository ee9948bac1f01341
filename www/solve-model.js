// A person's own solve of a puzzle: their digits and pencil marks over the givens, every
// action kept for undo and redo, and how the board compares with the solution. Pure data and
// functions (no DOM, no wasm, no storage): what needs the rules of Sudoku (which digits the
// placed ones allow) comes in as a function from the core. Tested with node --test.
//
// A cell holds a digit (with its origin: given, yours, or the solver's) or nothing, and a
// set of pencil marks as a bit mask (bit d-1 for digit d; 0 for no marks). A filled cell keeps
// its marks, unshown: erasing the digit brings them back.
//
// An action is `{ kind, changes }`, `changes` a flat list of groups of CHANGE_WIDTH numbers,
// one group per changed cell: cell, value, origin and marks before, then after.

import { Origin } from './board-model.js';

/** How many numbers one cell change takes in an action's `changes`. */
export const CHANGE_WIDTH = 7;

/** The kinds of action a person takes, and how the Undo and Redo buttons' titles name them. */
export const ACTION_NAMES = Object.freeze({
  digit: 'digit',
  erase: 'erase',
  mark: 'pencil mark',
  fill: 'fill candidates',
  clear: 'clear candidates',
  takeover: 'take over',
  hint: 'hint step',
  link: 'progress from a link',
});

/** The origins a digit of a person's board may have. */
const BOARD_ORIGINS = new Set([Origin.GIVEN, Origin.YOURS, Origin.DEDUCED]);

export class Solve {
  /**
   * A fresh solve of a puzzle of `size` (its side) with `givens` (one value per cell, 0 for
   * empty). `marks` optionally starts every empty cell with pencil marks.
   */
  constructor(size, givens, marks = null) {
    const n = size * size;
    this.size = size;
    this.values = Uint8Array.from(givens);
    this.origins = Uint8Array.from(givens, (v) => (v ? Origin.GIVEN : Origin.EMPTY));
    this.marks = marks
      ? Uint32Array.from(marks, (m, i) => (givens[i] ? 0 : m))
      : new Uint32Array(n);
    /** Actions to undo, oldest first, and actions undone that can be redone, latest last. */
    this.undoStack = [];
    this.redoStack = [];
  }

  get nCells() {
    return this.values.length;
  }

  /** Every digit of the size as one mask. */
  get allDigits() {
    return (2 ** this.size - 1) >>> 0;
  }

  isGiven(cell) {
    return this.origins[cell] === Origin.GIVEN;
  }

  /** How many cells hold a digit. */
  get nFilled() {
    return this.values.reduce((n, v) => n + (v ? 1 : 0), 0);
  }

  get isFull() {
    return this.values.every((v) => v !== 0);
  }

  get canUndo() {
    return this.undoStack.length > 0;
  }

  get canRedo() {
    return this.redoStack.length > 0;
  }

  /** Whether the person (or the solver for them) has done anything yet. */
  get isTouched() {
    return this.undoStack.length > 0 || this.redoStack.length > 0;
  }

  /** Whether any empty cell has pencil marks. */
  get hasMarks() {
    return this.marks.some((m, i) => m !== 0 && this.values[i] === 0);
  }

  /** The marks of empty cells only (filled cells' kept marks left out), for the solver. */
  shownMarks() {
    return this.marks.map((m, i) => (this.values[i] ? 0 : m));
  }

  // ---- Actions ---------------------------------------------------------------------------

  /**
   * Puts `digit` in a cell that is not a given (0 erases: the digit if there is one, else the
   * cell's marks). With `tidy`, the digit leaves the marks of every empty cell where
   * `allowedBy(values)` (one mask per cell of the digits the placed ones allow) no longer has
   * it. Returns the action, or null when nothing changed.
   */
  setDigit(cell, digit, { tidy = null } = {}) {
    if (this.isGiven(cell)) {
      return null;
    }
    const edit = this.edit();
    if (digit === 0) {
      if (this.values[cell]) {
        edit.set(cell, 0, Origin.EMPTY, this.marks[cell]);
      } else {
        edit.set(cell, 0, Origin.EMPTY, 0);
      }
      return this.commit('erase', edit);
    }
    if (this.values[cell] === digit && this.origins[cell] === Origin.YOURS) {
      return null;
    }
    edit.set(cell, digit, Origin.YOURS, this.marks[cell]);
    if (tidy) {
      // Asked of a board holding only this digit, so that what it rules out is its peers'
      // marks of it, not marks of it the rest of the board already ruled out.
      const only = new Uint8Array(this.nCells);
      only[cell] = digit;
      const allowed = tidy(only);
      const bit = 1 << (digit - 1);
      for (let i = 0; i < this.nCells; i++) {
        if (i !== cell && !edit.values[i] && this.marks[i] & bit && !(allowed[i] & bit)) {
          edit.set(i, 0, Origin.EMPTY, this.marks[i] & ~bit);
        }
      }
    }
    return this.commit('digit', edit);
  }

  /** Adds or removes a pencil mark in an empty cell; null when the cell holds a digit. */
  toggleMark(cell, digit) {
    if (this.values[cell]) {
      return null;
    }
    const edit = this.edit();
    edit.set(cell, 0, Origin.EMPTY, this.marks[cell] ^ (1 << (digit - 1)));
    return this.commit('mark', edit);
  }

  /** Sets the marks of one empty cell; null when the cell holds a digit. */
  setMarks(cell, marks) {
    if (this.values[cell]) {
      return null;
    }
    const edit = this.edit();
    edit.set(cell, 0, Origin.EMPTY, marks & this.allDigits);
    return this.commit('hint', edit);
  }

  /** Sets the marks of every empty cell to `candidates` (one mask per cell). */
  fillCandidates(candidates) {
    const edit = this.edit();
    for (let i = 0; i < this.nCells; i++) {
      if (!this.values[i]) {
        edit.set(i, 0, Origin.EMPTY, candidates[i] & this.allDigits);
      }
    }
    return this.commit('fill', edit);
  }

  /** Takes every mark out of the empty cells. */
  clearCandidates() {
    const edit = this.edit();
    for (let i = 0; i < this.nCells; i++) {
      if (!this.values[i]) {
        edit.set(i, 0, Origin.EMPTY, 0);
      }
    }
    return this.commit('clear', edit);
  }

  /**
   * Makes a board shown by the player (values, origins, candidates) the person's: the
   * solver's digits stay the solver's, and every empty cell takes the board's candidates as
   * its marks.
   */
  takeOver(board) {
    const edit = this.edit();
    for (let i = 0; i < this.nCells; i++) {
      if (this.isGiven(i)) {
        continue;
      }
      const value = board.values[i];
      const origin =
        value === 0
          ? Origin.EMPTY
          : board.origins[i] === Origin.YOURS
            ? Origin.YOURS
            : Origin.DEDUCED;
      edit.set(i, value, origin, value ? this.marks[i] : board.candidates[i]);
    }
    return this.commit('takeover', edit);
  }

  /**
   * Applies a solver step (as the worker sends it) to the board, as the solver's: its
   * placements become the solver's digits, its eliminations leave the marks. A cell without
   * marks first takes `candidates[cell]` (what it allows now) as its marks.
   */
  applyStep(step, candidates) {
    const edit = this.edit();
    for (const { op, cell, digit } of step.changes ?? []) {
      const bit = 1 << (digit - 1);
      if (op === 'place' && !edit.values[cell]) {
        edit.set(cell, digit, Origin.DEDUCED, edit.marks[cell]);
      } else if (op === 'eliminate' && !edit.values[cell]) {
        const marks = edit.marks[cell] || candidates[cell];
        edit.set(cell, 0, Origin.EMPTY, marks & ~bit);
      }
    }
    return this.commit('hint', edit);
  }

  /**
   * Puts a board's digits and marks in place of the person's (a link's progress), as one
   * action; givens stay, and so do the marks kept under the person's digits.
   */
  replaceWith(values, origins, marks) {
    const edit = this.edit();
    for (let i = 0; i < this.nCells; i++) {
      if (!this.isGiven(i)) {
        const value = values[i];
        edit.set(i, value, value ? origins[i] : Origin.EMPTY, value ? this.marks[i] : marks[i]);
      }
    }
    return this.commit('link', edit);
  }

  /** Undoes the last action; returns it, or null when there is none. */
  undo() {
    const action = this.undoStack.pop();
    if (!action) {
      return null;
    }
    const c = action.changes;
    for (let at = c.length - CHANGE_WIDTH; at >= 0; at -= CHANGE_WIDTH) {
      this.write(c[at], c[at + 1], c[at + 2], c[at + 3]);
    }
    this.redoStack.push(action);
    return action;
  }

  /** Redoes the last action undone; returns it, or null when there is none. */
  redo() {
    const action = this.redoStack.pop();
    if (!action) {
      return null;
    }
    const c = action.changes;
    for (let at = 0; at < c.length; at += CHANGE_WIDTH) {
      this.write(c[at], c[at + 4], c[at + 5], c[at + 6]);
    }
    this.undoStack.push(action);
    return action;
  }

  // ---- Comparing with the solution -------------------------------------------------------

  /**
   * What differs from the solution (one value per cell): `digits`, the cells whose digit
   * is not the solution's, and `marks`, the empty cells whose marks leave out their digit.
   */
  mistakes(solution) {
    const digits = [];
    const marks = [];
    for (let i = 0; i < this.nCells; i++) {
      if (this.values[i]) {
        if (this.values[i] !== solution[i]) {
          digits.push(i);
        }
      } else if (this.marks[i] && !(this.marks[i] & (1 << (solution[i] - 1)))) {
        marks.push(i);
      }
    }
    return { digits, marks };
  }

  /** Whether the board is full and matches the solution. */
  isSolvedBy(solution) {
    return this.values.every((v, i) => v === solution[i]);
  }

  // ---- Internals -------------------------------------------------------------------------

  write(cell, value, origin, marks) {
    this.values[cell] = value;
    this.origins[cell] = origin;
    this.marks[cell] = marks;
  }

  /** A pending edit: the board as it will be, and the cells changed, applied by commit. */
  edit() {
    const before = new Map();
    const edit = {
      values: Uint8Array.from(this.values),
      origins: Uint8Array.from(this.origins),
      marks: Uint32Array.from(this.marks),
      before,
      set: (cell, value, origin, marks) => {
        if (!before.has(cell)) {
          before.set(cell, [this.values[cell], this.origins[cell], this.marks[cell]]);
        }
        edit.values[cell] = value;
        edit.origins[cell] = origin;
        edit.marks[cell] = marks >>> 0;
      },
    };
    return edit;
  }

  /** Applies an edit as one action (nothing when it changes nothing); clears the redo list. */
  commit(kind, edit) {
    const changes = [];
    for (const [cell, [value, origin, marks]] of [...edit.before].sort((a, b) => a[0] - b[0])) {
      const after = [edit.values[cell], edit.origins[cell], edit.marks[cell]];
      if (after[0] !== value || after[1] !== origin || after[2] !== marks) {
        changes.push(cell, value, origin, marks, ...after);
      }
    }
    if (changes.length === 0) {
      return null;
    }
    for (let at = 0; at < changes.length; at += CHANGE_WIDTH) {
      this.write(changes[at], changes[at + 4], changes[at + 5], changes[at + 6]);
    }
    const action = { kind, changes };
    this.undoStack.push(action);
    this.redoStack.length = 0;
    return action;
  }
}

/**
 * Whether an action read back from storage or a link is well formed for a board of `nCells`
 * cells of side `size`: a known kind, and whole groups of in-range numbers.
 */
export function isValidAction(action, size) {
  const nCells = size * size;
  const all = 2 ** size - 1;
  if (
    !action ||
    !Object.hasOwn(ACTION_NAMES, action.kind) ||
    !Array.isArray(action.changes) ||
    action.changes.length === 0 ||
    action.changes.length % CHANGE_WIDTH !== 0
  ) {
    return false;
  }
  const c = action.changes;
  for (let at = 0; at < c.length; at += CHANGE_WIDTH) {
    if (!Number.isInteger(c[at]) || c[at] < 0 || c[at] >= nCells) {
      return false;
    }
    for (const k of [1, 4]) {
      if (!isCellState(c[at + k], c[at + k + 1], c[at + k + 2], size, all)) {
        return false;
      }
    }
  }
  return true;
}

/** Whether a value, origin and marks can be the state of a cell that is not a given. */
export function isCellState(value, origin, marks, size, all = 2 ** size - 1) {
  return (
    Number.isInteger(value) &&
    value >= 0 &&
    value <= size &&
    (value === 0
      ? origin === Origin.EMPTY
      : BOARD_ORIGINS.has(origin) && origin !== Origin.GIVEN) &&
    Number.isInteger(marks) &&
    marks >= 0 &&
    marks <= all
  );
}
