// Hints, a little more each time. A hint is given on one board: a position of the trace
// shown, or one version of the person's own board; it lasts while that board stays as it is.
// Each press of Hint shows the hint's next level, and the press after its last level takes it.
// This module decides which level comes next, when a hint ends and what each level shows (the
// status card's sentence, the grid's marks). It finds nothing itself: the element asks the
// worker for the step to come and the person's solve (solve-model.js) for their mistakes.
// Pure: no DOM and no worker; unit-tested in node.

import { cellName } from './board-model.js';
import { hintHighlight, stepHighlight } from './step-highlight.js';

/** How a hint names a search step to come. */
const SEARCH_HINTS = {
  guess: 'the next step is a guess (search)',
  contradiction: 'the next step finds a contradiction',
  backtrack: 'the next step backtracks',
  solved: 'the next step ends the trace: the puzzle is solved',
  unsolvable: 'the next step ends the trace: the puzzle has no solution',
};

/**
 * The hint a person's mistakes call for (`{ digits, marks }`, cells as Solve.mistakes gives
 * them): the first wrong digit, else the first cell whose marks leave out the digit that goes
 * there, else null (the hint is then the solver's next step).
 */
export function mistakeHint({ digits, marks }) {
  if (digits.length) {
    return { kind: 'digit', cell: digits[0] };
  }
  if (marks.length) {
    return { kind: 'marks', cell: marks[0] };
  }
  return null;
}

/**
 * The hint under way and its level. A hint is one of
 * - `{ kind: 'step', step }`, the step to come: a deduction names its technique at level 1
 *   and shows where to look at level 2; any other step (a guess, a contradiction…) has one
 *   level, which names what kind of step it is;
 * - `{ kind: 'digit', cell }`, a wrong digit, one level;
 * - `{ kind: 'marks', cell }`, marks that leave out the cell's digit, one level.
 *
 * Boards are told apart by a key the caller chooses (the person's board version, or a trace
 * and a position); a hint given on one key is not shown on any other, so any change to the
 * board ends it.
 */
export class HintLevels {
  constructor() {
    /** The hint shown, with its `key` and `level`, or null. */
    this.shown = null;
    /** The step the last hint took and the `key` of the board it made, or null. */
    this.taken = null;
  }

  /** The hint under way on board `key`, or null. */
  at(key) {
    return this.shown?.key === key ? this.shown : null;
  }

  /**
   * Hint was pressed on board `key`. Returns 'find' when no hint is under way there (the caller
   * finds one and passes it to `show`), 'more' when the hint's next level now shows, or 'take'
   * when it has shown every level (the caller takes it).
   */
  press(key) {
    const hint = this.at(key);
    if (!hint) {
      return 'find';
    }
    if (hint.level === 1 && hint.kind === 'step' && hint.step.kind === 'deduction') {
      this.shown = { ...hint, level: 2 };
      return 'more';
    }
    return 'take';
  }

  /** Shows `hint` on board `key`, at its first level. */
  show(key, hint) {
    this.shown = { ...hint, key, level: 1 };
  }

  /** Ends the hint under way, before its step is taken on the trace. */
  end() {
    this.shown = null;
  }

  /** Keeps the step a hint took, to show on the board it made (`key`) while that stays. */
  took(key, step) {
    this.taken = { key, step };
  }

  /**
   * What the grid marks on the person's board `key` for hints: `wrong` and `wrongMarks`, the
   * cells whose digit or marks the hint is about, and `step`, the highlight of the hint's step
   * at level 2, else of the step the last hint took (`taken`, whose chain may be walked), else
   * null.
   */
  boardMarks(key) {
    const hint = this.at(key);
    let step = null;
    let taken = null;
    if (hint?.kind === 'step' && hint.level === 2) {
      step = hintHighlight(hint.step);
    } else if (this.taken?.key === key) {
      taken = this.taken.step;
      step = stepHighlight(taken);
    }
    return {
      wrong: hint?.kind === 'digit' ? [hint.cell] : [],
      wrongMarks: hint?.kind === 'marks' ? [hint.cell] : [],
      step,
      taken,
    };
  }
}

/**
 * What the grid highlights on the trace: the step to come at hint `level` (nothing at level 1,
 * where to look at level 2), or, with no hint (level 0), the whole step that led here.
 */
export function traceHighlight(step, level) {
  if (!step || level === 1) {
    return null;
  }
  return level ? hintHighlight(step) : stepHighlight(step);
}

/** What the status card says of a hint at the step to come, on a board of side `size`. */
function stepHintText({ step, level }, size) {
  if (step.kind !== 'deduction') {
    return `Hint: ${SEARCH_HINTS[step.kind] ?? step.kind}. Press Hint again to take it.`;
  }
  const what = `${step.technique} (ER ${step.er.toFixed(1)})`;
  if (level === 1) {
    return `Hint: try ${what}. Press Hint again to see where.`;
  }
  const places = (step.changes ?? []).some((c) => c.op === 'place');
  const where =
    places && step.houses?.length
      ? `look in ${step.houses.map((house) => house.name).join(' and ')}`
      : places
        ? `look at ${(step.cells ?? []).map((c) => cellName(c, size)).join(', ')}`
        : 'look at the highlighted cells';
  return `Hint: ${what}: ${where}. Press Hint again to take the step.`;
}

/** What the status card says of a hint on the trace ('' for none). */
export function traceHintText(hint, size) {
  return hint ? stepHintText(hint, size) : '';
}

/** What the status card says of a hint on the person's board. */
export function boardHintText(hint, size) {
  if (hint.kind === 'digit') {
    return `Hint: the digit in ${cellName(hint.cell, size)} is wrong. Press Hint again to take it out.`;
  }
  if (hint.kind === 'marks') {
    return `Hint: the marks in ${cellName(hint.cell, size)} leave out the digit that goes there. Press Hint again to mark every digit the cell allows.`;
  }
  if (hint.step.kind !== 'deduction') {
    return 'Hint: no technique of the Human strategy applies here; the next step is a guess. Press Hint again to watch the search from here.';
  }
  return stepHintText(hint, size);
}
