// The player: a trace's steps, the position along them, and the board at that position.
// Pure and synchronous (no DOM, no timers, no worker): steps arrive through `append`, and
// moving replays or inverts their changes on the board. Tested with node --test.
//
// Steps are numbered from 0 for the whole trace. Backtracking can take millions of steps,
// so only the last `maxHistory` steps behind the position are kept; stepping back stops at
// the oldest kept step (`firstKept`).
//
//   dropped          kept behind             position      fetched ahead
//   [0 … firstKept)  [firstKept … position)  ^             [position … total)

import { applyStep, undoStep } from './board-model.js';

export const DEFAULT_MAX_HISTORY = 20000;

/** The running counts of a trace, at a position. */
function zeroCounters() {
  return { steps: 0, placements: 0, guesses: 0, backtracks: 0, depth: 0 };
}

export class Player {
  /** `board` is the board before the first step; the player changes it in place. */
  constructor(board, { maxHistory = DEFAULT_MAX_HISTORY } = {}) {
    this.board = board;
    this.maxHistory = Math.max(1, maxHistory);
    this.steps = [];
    this.records = [];
    this.firstKept = 0;
    this.position = 0;
    this.isComplete = false;
    this.counters = zeroCounters();
    this.depthBeforeKept = 0;
  }

  /** How many steps have arrived so far (kept or dropped). */
  get total() {
    return this.firstKept + this.steps.length;
  }

  /** Adds steps at the end; `isLast` says the trace has no more. */
  append(steps, isLast = false) {
    for (const step of steps) {
      this.steps.push(step);
      this.records.push(null);
    }
    this.isComplete ||= isLast;
  }

  /** The step at an absolute index, if kept. */
  stepAt(index) {
    return index >= this.firstKept && index < this.total
      ? this.steps[index - this.firstKept]
      : undefined;
  }

  /** The step that led to the current position, or undefined at the start. */
  get current() {
    return this.stepAt(this.position - 1);
  }

  get canForward() {
    return this.position < this.total;
  }

  get canBack() {
    return this.position > this.firstKept;
  }

  /** Whether the trace has ended and the position is its last step. */
  get isAtEnd() {
    return this.isComplete && this.position === this.total;
  }

  /** How many fetched steps lie ahead of the position. */
  get ahead() {
    return this.total - this.position;
  }

  /** Applies the next step; returns it, or undefined when none has arrived. */
  forward() {
    const step = this.stepAt(this.position);
    if (!step) {
      return undefined;
    }
    this.records[this.position - this.firstKept] = applyStep(this.board, step);
    this.count(step, 1);
    this.position++;
    this.counters.depth = step.depth;
    this.dropOldHistory();
    return step;
  }

  /** Undoes the last step; returns it, or undefined at the oldest kept position. */
  back() {
    if (!this.canBack) {
      return undefined;
    }
    this.position--;
    const at = this.position - this.firstKept;
    const step = this.steps[at];
    undoStep(this.board, step, this.records[at]);
    this.records[at] = null;
    this.count(step, -1);
    this.counters.depth = this.current ? this.current.depth : this.depthBeforeKept;
    return step;
  }

  /** Moves to an absolute position, as far as kept and fetched steps allow; returns it. */
  seek(target) {
    while (this.position < target && this.forward()) {
      // forward() does the work.
    }
    while (this.position > target && this.back()) {
      // back() does the work.
    }
    return this.position;
  }

  count(step, sign) {
    const c = this.counters;
    c.steps += sign;
    for (const change of step.changes) {
      if (change.op === 'place') {
        c.placements += sign;
      }
    }
    if (step.kind === 'guess') {
      c.guesses += sign;
    } else if (step.kind === 'backtrack') {
      c.backtracks += sign;
    }
  }

  /** Forgets the oldest steps behind the position, in chunks so it stays cheap. */
  dropOldHistory() {
    const behind = this.position - this.firstKept;
    const chunk = Math.max(1, Math.min(1000, Math.floor(this.maxHistory / 10)));
    if (behind < this.maxHistory + chunk) {
      return;
    }
    const n = behind - this.maxHistory;
    this.depthBeforeKept = this.steps[n - 1].depth;
    this.steps.splice(0, n);
    this.records.splice(0, n);
    this.firstKept += n;
  }
}

/**
 * What to highlight for a step, by role. Every map goes from a cell to a bitmask of digits
 * (as on the board); sets hold cells. The worker leaves out empty lists of a step.
 */
export function stepHighlight(step) {
  const h = {
    kind: step.kind,
    cells: new Set(step.cells),
    houses: step.houses ?? [],
    links: step.links ?? [],
    placed: new Set(),
    unplaced: new Set(),
    eliminated: new Map(),
    restored: new Map(),
    pattern: new Map(),
    fins: new Map(),
  };
  const mark = (map, cell, digit) => map.set(cell, (map.get(cell) ?? 0) | (1 << (digit - 1)));
  for (const { op, cell, digit } of step.changes) {
    if (op === 'place') {
      h.placed.add(cell);
    } else if (op === 'unplace') {
      h.unplaced.add(cell);
    } else if (op === 'eliminate') {
      mark(h.eliminated, cell, digit);
    } else if (op === 'restore') {
      mark(h.restored, cell, digit);
    }
  }
  for (const { cell, digit } of step.pattern ?? []) {
    mark(h.pattern, cell, digit);
  }
  for (const { cell, digit } of step.fins ?? []) {
    mark(h.fins, cell, digit);
  }
  return h;
}

/**
 * What a hint shows of a step it has not applied yet: where to look, not what to find. A
 * placement shows its house (or, with none, its cell) but neither the cell in the house nor
 * the digit; any other step shows its houses, cells, pattern and fins, but neither its links
 * nor its changes.
 */
export function hintHighlight(step) {
  const full = stepHighlight(step);
  const places = full.placed.size > 0;
  return {
    ...full,
    cells: places && full.houses.length > 0 ? new Set() : full.cells,
    pattern: places ? new Map() : full.pattern,
    links: [],
    placed: new Set(),
    unplaced: new Set(),
    eliminated: new Map(),
    restored: new Map(),
  };
}
