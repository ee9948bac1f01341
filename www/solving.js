// The board's phases, entering a puzzle and solving it, as a controller of its own: the
// switch between them, the board's history (Undo and Redo), and the person's solve of the
// puzzle (solve-model.js) with every action on it — digits and marks, Check, hints from
// their board, taking over from the solver, the clock, saving (saved.js) — and what the
// grid, the status card, the solve bar and the finish card show of it.
// <stepdoku-board> (stepdoku-board.js) makes one `Solving` and talks to it through the
// methods below. The Solving holds its own `state`; it asks the board for what it does not
// hold, and changes the board (its puzzle, its trace) only through the small `SolvingHost`
// interface it is given, but for the BoardMode (view-model.js) they share, whose phase is
// its to switch.

import { cellName, createBoard, Origin } from './board-model.js';
import { candidatesOf, clashesOf, digitOfKey, readPuzzle } from './core.js';
import { boardHintText, HintLevels, mistakeHint } from './hints.js';
import {
  loadOptions,
  loadSolve,
  isElapsed,
  recentSolves,
  saveOptions,
  saveSolve,
  solveRecord,
} from './saved.js';
import { SOLVE_OPTIONS } from './solve-bar.js';
import { Solve } from './solve-model.js';
import { durationText, Stopwatch } from './stopwatch.js';
import { finishCardState, isPosed, newestMessage, solveBarState } from './view-model.js';
import { CancelledError } from './worker-client.js';

/**
 * What a Solving asks of the board it serves.
 *
 * @typedef {object} SolvingHost
 * @property {() => object} puzzle the puzzle on the board (core.js readPuzzle's record)
 * @property {() => object} verdict the verdict on it, as the status card says it
 * @property {() => Promise<object>} awaitVerdict wakes the board and resolves with the verdict
 * @property {() => boolean} isReadonly whether the board may not be edited
 * @property {(puzzle: object, options: object) => void} setPuzzle makes a puzzle the board's,
 *   in a phase (`{ phase, solve }`: see `entryOf`), as stepdoku-board.js setPuzzle
 * @property {() => boolean} isSeen whether the board is awake, on the page and the page shown
 * @property {() => object | null} trace the Playback when the grid shows the trace, else null
 * @property {() => void} leaveTrace unloads the trace, if one is loaded
 * @property {() => string | null} takeProgress the `progress` attribute, removed once read
 * @property {(board: object) => Promise<object | null>} hintStep the Human strategy's next
 *   step from a board (`{ values, marks, tag }`)
 * @property {() => void} stepForward takes the trace's next step
 * @property {() => void} solved the person's board was just found solved
 * @property {() => void} schedule something shown changed
 */

/** A solve's counts, as saved with it. */
const NO_META = Object.freeze({ hints: 0, checks: 0, solved: false });

/** The person's solve of the board's puzzle, and what the board shows of it. */
export class Solving {
  /**
   * @param {SolvingHost} host
   * @param {import('./view-model.js').BoardMode} mode the board's mode, shared
   * @param {Storage | null} storage where solves, recent solves and options are kept
   */
  constructor(host, mode, storage) {
    this.host = host;
    this.mode = mode;
    this.storage = storage;
    /**
     * The solve's state: `own`, the person's Solve (null while entering); `meta`, its counts
     * (`{ hints, checks, solved }`); `version`, one more per change to the board;
     * `stopwatch`; `isPencil`; `checked`, what the last Check found for the version it
     * checked; `hints`, hints on the board each for a version (hints.js); `note`, a sentence
     * for the status card about a version; `nMessages` (messages given so far) and
     * `versionAt` and `hintAt` (when the version and the hint under way came), for the status
     * card to show the newest; `isFinishClosed`; `options` (solve-bar.js SOLVE_OPTIONS);
     * `recent`, the recent solves (saved.js); `entryUndo` and `entryRedo`, the board's own
     * history, for Undo and Redo of what is not the person's action in their solve: edits to
     * the givens while entering, and Clear grid, each entry the board before an action (see
     * entryOf).
     */
    this.state = {
      own: null,
      meta: { ...NO_META },
      version: 0,
      stopwatch: new Stopwatch(),
      isPencil: false,
      checked: null,
      hints: new HintLevels(),
      note: null,
      nMessages: 0,
      versionAt: 0,
      hintAt: 0,
      isFinishClosed: false,
      options: loadOptions(storage, SOLVE_OPTIONS),
      recent: storage ? recentSolves(storage) : [],
      entryUndo: [],
      entryRedo: [],
    };
    /** What is worked out once per version of the board or verdict (see `clashes`). */
    this.memo = { clashes: null, zeroDepths: null, solutionOf: null, solution: null };
    this.clockTimer = 0;
  }

  /** The person's Solve, or null while entering. */
  get own() {
    return this.state.own;
  }

  get version() {
    return this.state.version;
  }

  get options() {
    return this.state.options;
  }

  get recent() {
    return this.state.recent;
  }

  get elapsedMs() {
    return this.state.stopwatch.elapsedMs;
  }

  /** Switches between entering the puzzle and solving it. */
  enterPhase(phase) {
    if (phase === this.mode.phase || (this.host.isReadonly() && phase === 'solving')) {
      return;
    }
    this.host.leaveTrace();
    if (phase === 'solving' && isPosed(this.host.puzzle())) {
      this.begin();
    } else {
      this.end();
    }
    this.host.schedule();
  }

  /**
   * Starts the person's solve of the current puzzle, or resumes `saved` (`{ solve, elapsedMs,
   * hints, checks, solved }`, as loadSolve gives it; without it, the one in storage).
   */
  begin(saved = null) {
    const puzzle = this.host.puzzle();
    const { state } = this;
    saved ??= this.storage ? loadSolve(this.storage, puzzle.line, puzzle.values) : null;
    this.mode.solve();
    // A puzzle's pencil marks become the person's first marks, within what the givens allow.
    const marks = puzzle.marks ? puzzle.candidates : null;
    state.own = saved?.solve ?? new Solve(puzzle.shape.size, puzzle.values, marks);
    state.meta = saved
      ? { hints: saved.hints, checks: saved.checks, solved: saved.solved }
      : { ...NO_META };
    state.stopwatch = new Stopwatch(saved?.elapsedMs ?? 0);
    // Edits to the givens are not undone from inside a solve.
    this.forgetHistory();
    state.isFinishClosed = false;
    this.applyProgress(Boolean(saved));
    this.changed();
  }

  /** Saves and closes the person's solve, if one is open: the board goes back to entering. */
  end() {
    if (this.state.own) {
      this.save();
      this.state.own = null;
    }
    this.mode.enter();
    this.stopClock();
  }

  /**
   * The board as it is, as an entry of its history kept before an action of `kind` (see
   * ENTRY_NAMES in view-model.js): `{ kind, line, phase, solve }`, `solve` the person's solve
   * with its time and counts (as loadSolve gives it), or null while entering. The solve is
   * kept here, not only in storage, so that Undo brings it back where there is no storage.
   */
  entryOf(kind) {
    const { own, stopwatch, meta } = this.state;
    const solve = own && { solve: own, elapsedMs: stopwatch.elapsedMs, ...meta };
    return { kind, line: this.host.puzzle().line, phase: this.mode.phase, solve };
  }

  /** Does `change` (an edit of the givens, Clear grid) as one action of the board's history. */
  record(kind, change) {
    const undo = [...this.state.entryUndo, this.entryOf(kind)];
    change();
    this.state.entryUndo = undo;
  }

  /** Empties the board's history (another puzzle, another solve). */
  forgetHistory() {
    this.state.entryUndo = [];
    this.state.entryRedo = [];
  }

  /**
   * Puts the progress of a share link (the `progress` attribute) on the person's board, as
   * one action they can undo; read once, by a module loaded for it. A solve of their own
   * keeps its time. Progress that does not fit the puzzle is left out with a notice that
   * says why.
   */
  applyProgress(hasOwnTime) {
    const own = this.state.own;
    const text = own ? this.host.takeProgress() : null;
    if (!text) {
      return;
    }
    const { shape, values } = this.host.puzzle();
    import('./progress-link.js').then(({ parseProgress }) => {
      if (this.state.own !== own) {
        return; // Another solve began meanwhile.
      }
      const read = parseProgress(text, shape.size, values, shape.symbols, {
        Origin,
        cellName,
        isElapsed,
      });
      if (read.problem) {
        this.host.setNotice(`The link's progress (y=) was left out: ${read.problem}.`);
      } else if (
        own.replaceWith(read.progress.values, read.progress.origins, read.progress.marks)
      ) {
        if (!hasOwnTime) {
          this.state.stopwatch.reset(read.progress.elapsedMs);
        }
        this.changed();
      }
    });
  }

  /** The `progress` attribute, set while solving: the board takes it as one action. */
  progressLinked() {
    this.applyProgress(true);
  }

  /** Back on the person's board, does `make(own)` there as one of their actions. */
  ownAction(make) {
    if (this.state.own) {
      if (!this.mode.isOnOwnBoard) {
        this.backToBoard();
      }
      this.act(make(this.state.own));
    }
  }

  /**
   * Records a person's action on their board (null for none) and what follows from it. A
   * Clear grid they undid is not done again once they act.
   */
  act(action) {
    if (action) {
      // The person moves on: a notice on a link refused before is old news.
      this.host.setNotice('');
      this.state.entryRedo = [];
      this.changed();
    }
  }

  /**
   * After any change to the person's board: marks reset (a hint, kept by version, ends too),
   * finish checked, progress saved.
   */
  changed() {
    const { state } = this;
    state.version++;
    // A clash on the board is as new as the board: newer than any message before it.
    state.versionAt = this.nextMessageAt();
    state.checked = null;
    state.note = null;
    this.checkFinish();
    this.runClock();
    this.save();
    this.host.schedule();
  }

  /**
   * Marks the solve solved once the board matches the solution; returns whether it just was
   * (the caller then stops the clock and saves).
   */
  checkFinish() {
    const { own, meta } = this.state;
    const solution = this.solutionValues();
    if (own && solution && !meta.solved && own.isSolvedBy(solution)) {
      meta.solved = true;
      this.state.isFinishClosed = false;
      this.host.solved();
      return true;
    }
    return false;
  }

  /** A verdict came in: it may confirm a finish. */
  verdictIn() {
    if (this.checkFinish()) {
      this.runClock();
      this.save();
    }
  }

  /** A digit or mark from the grid or the pad while solving. */
  input(cell, key, isOther) {
    const puzzle = this.host.puzzle();
    const digit = key ? digitOfKey(puzzle.shape, key) : 0;
    if (key && !digit) {
      return;
    }
    if (this.mode.isTrace) {
      this.takeOver();
    } else if (!this.mode.isOnOwnBoard) {
      this.backToBoard();
    }
    const { own, isPencil, options } = this.state;
    if (digit && isPencil !== isOther) {
      this.act(own.toggleMark(cell, digit));
    } else {
      const tidy = options.tidy ? (values) => candidatesOf(puzzle.layout, values) : null;
      this.act(own.setDigit(cell, digit, { tidy }));
    }
  }

  togglePencil() {
    this.state.isPencil = !this.state.isPencil;
    this.host.schedule();
  }

  /**
   * Undoes or redoes the last action: the person's while solving, else one of the board's
   * history (an edit of the givens while entering, or Clear grid; see ENTRY_NAMES in
   * view-model.js). Undo never reaches past the start of a solve, but Redo, once the
   * person's actions are all done again, clears the grid again if they undid that.
   */
  history(way) {
    if (this.host.isReadonly()) {
      return;
    }
    const { state } = this;
    if (state.own) {
      if (!this.mode.isOnOwnBoard) {
        this.backToBoard();
      }
      if (state.own[way]()) {
        this.changed();
        return;
      }
      if (way === 'undo') {
        return;
      }
    }
    // The board as it was comes back, in its phase, with the person's solve as it was; the
    // board as it is goes on the other stack.
    const isUndo = way === 'undo';
    const from = isUndo ? state.entryUndo : state.entryRedo;
    const entry = from.pop();
    if (entry) {
      const to = [...(isUndo ? state.entryRedo : state.entryUndo), this.entryOf(entry.kind)];
      const { puzzle } = readPuzzle(entry.line);
      this.host.setPuzzle(puzzle, { phase: entry.phase, solve: entry.solve });
      state.entryUndo = isUndo ? from : to;
      state.entryRedo = isUndo ? to : from;
    }
  }

  /** Makes the solver's board at the current step the person's, and hands back control. */
  takeOver() {
    const p = this.host.trace();
    if (!p || !this.state.own) {
      return;
    }
    const action = this.state.own.takeOver(p.board);
    this.backToBoard();
    this.act(action);
  }

  /** Leaves the trace or the solution shown, back to the person's board (or the puzzle). */
  backToBoard() {
    this.host.leaveTrace();
    this.mode.backToBoard();
    this.host.schedule();
  }

  /** The solution of the puzzle (one value per cell) when it has exactly one and it is known. */
  solutionValues() {
    const d = this.host.verdict().diagnosis;
    if (d?.status !== 'unique' || d.puzzle !== this.host.puzzle().line) {
      return null;
    }
    const { memo } = this;
    if (memo.solutionOf !== d) {
      memo.solutionOf = d;
      memo.solution = readPuzzle(d.solution).puzzle.values;
    }
    return memo.solution;
  }

  /** The solution once the verdict is in (null when there is no single one). */
  async awaitSolution() {
    await this.host.awaitVerdict();
    return this.solutionValues();
  }

  /** Why Check and hints cannot work on this puzzle. */
  noSolutionText() {
    const verdict = this.host.verdict();
    return verdict.kind === 'several'
      ? 'Check and hints need a puzzle with one solution; this one has several. Press Edit puzzle to add givens.'
      : `Check and hints need a puzzle with one solution. ${verdict.message}`;
  }

  /** Marks every digit and mark of the person's that differs from the solution. */
  async check() {
    const own = this.state.own;
    const solution = await this.awaitSolution();
    if (!own || own !== this.state.own) {
      return;
    }
    if (!this.mode.isOnOwnBoard) {
      this.backToBoard();
    }
    if (!solution) {
      this.setNote(this.noSolutionText());
      return;
    }
    const { digits, marks } = own.mistakes(solution);
    this.state.meta.checks++;
    this.state.checked = {
      version: this.state.version,
      digits: new Set(digits),
      marks: new Set(marks),
    };
    const size = this.host.puzzle().shape.size;
    const list = (cells) =>
      cells
        .slice(0, 6)
        .map((c) => cellName(c, size))
        .join(', ') + (cells.length > 6 ? '…' : '');
    const found = [
      digits.length &&
        `${digits.length} wrong digit${digits.length > 1 ? 's' : ''} (${list(digits)})`,
      marks.length &&
        `${marks.length} cell${marks.length > 1 ? 's' : ''} whose marks leave out the digit that goes there (${list(marks)})`,
    ].filter(Boolean);
    const left = own.nCells - own.nFilled;
    this.setNote(
      found.length
        ? `Check: ${found.join('; ')}.`
        : `Check: no mistakes so far. ${left} cell${left === 1 ? '' : 's'} to go.`,
    );
    this.save();
  }

  /** Shows a sentence about the person's board until their next action. */
  setNote(text) {
    this.state.note = { version: this.state.version, text, at: this.nextMessageAt() };
    this.host.schedule();
  }

  /**
   * The place of a message about the person's board given now among all those given: the
   * status card shows the newest (newestMessage in view-model.js).
   */
  nextMessageAt() {
    this.state.nMessages++;
    return this.state.nMessages;
  }

  /**
   * A hint from the person's own board, marks included, a little more each time (hints.js): a
   * wrong digit or a mark set that leaves out the solution's digit comes first, where it is,
   * then its fix; otherwise the next step of the Human strategy from there: its technique,
   * then where to look, then the step taken.
   */
  async hint() {
    if (!this.mode.isOnOwnBoard) {
      this.backToBoard();
    }
    const { state } = this;
    const own = state.own;
    const version = state.version;
    const isCurrent = () => own === state.own && version === state.version;
    const solution = await this.awaitSolution();
    if (!isCurrent()) {
      return;
    }
    if (!solution) {
      this.setNote(this.noSolutionText());
      return;
    }
    const next = state.hints.press(version);
    if (next === 'more') {
      state.hintAt = this.nextMessageAt();
      this.host.schedule();
      return;
    }
    if (next === 'take') {
      this.takeHint(state.hints.at(version));
      return;
    }
    let hint = mistakeHint(own.mistakes(solution));
    if (!hint) {
      let step;
      try {
        step = await this.host.hintStep({
          values: own.values.slice(),
          marks: own.hasMarks ? own.shownMarks() : new Uint32Array(0),
          tag: this.host.puzzle().layout.tag,
        });
      } catch (error) {
        if (!(error instanceof CancelledError)) {
          this.setNote(`No hint: the solver failed: ${error?.message ?? error}`);
        }
        return;
      }
      if (!isCurrent() || !step) {
        return;
      }
      hint = { kind: 'step', step };
    }
    state.meta.hints++;
    state.hints.show(version, hint);
    state.hintAt = this.nextMessageAt();
    this.save();
    this.host.schedule();
  }

  /** Takes the hint shown: fixes the mistake, or applies the step as the solver's. */
  takeHint(hint) {
    const own = this.state.own;
    const { shape, layout } = this.host.puzzle();
    if (hint.kind === 'step' && hint.step.kind !== 'deduction') {
      this.host.stepForward();
      return;
    }
    if (hint.kind === 'digit') {
      this.act(own.setDigit(hint.cell, 0));
      this.setNote(`Hint taken: the wrong digit in ${cellName(hint.cell, shape.size)} is out.`);
    } else if (hint.kind === 'marks') {
      this.act(own.setMarks(hint.cell, candidatesOf(layout, own.values)[hint.cell]));
      this.setNote(
        `Hint taken: ${cellName(hint.cell, shape.size)} is marked with every digit its houses allow.`,
      );
    } else {
      const marks = own.hasMarks ? own.shownMarks() : new Uint32Array(0);
      this.act(own.applyStep(hint.step, candidatesOf(layout, own.values, marks)));
      this.state.hints.took(this.state.version, hint.step);
      this.setNote(`Hint taken: ${hint.step.text}`);
    }
  }

  /** Sets a solve option and keeps it for next time. */
  setOption(id, value) {
    this.state.options = { ...this.state.options, [id]: value };
    if (this.storage) {
      saveOptions(this.storage, this.state.options);
    }
    this.host.schedule();
  }

  /** Closes the finish card. */
  closeFinish() {
    this.state.isFinishClosed = true;
    this.host.schedule();
  }

  /** Runs the clock while the person is solving a board in view, and stops it otherwise. */
  runClock() {
    if (!this.mode.isSolving || this.state.meta.solved || !this.host.isSeen()) {
      this.stopClock();
      return;
    }
    this.state.stopwatch.start();
    this.clockTimer ||= setInterval(() => this.host.schedule(), 1000);
  }

  stopClock() {
    this.state.stopwatch.stop();
    clearInterval(this.clockTimer);
    this.clockTimer = 0;
  }

  /** Keeps the solve in storage, once the person has done something in it. */
  save() {
    const { state } = this;
    const { own } = state;
    if (!own || !this.storage || (!own.isTouched && !state.meta.hints)) {
      return;
    }
    const record = solveRecord(this.host.puzzle().line, own, {
      elapsedMs: state.stopwatch.elapsedMs,
      ...state.meta,
    });
    if (!saveSolve(this.storage, record)) {
      state.note = {
        version: state.version,
        text: 'Progress could not be saved: the browser’s storage for this site is full.',
        at: this.nextMessageAt(),
      };
    }
    state.recent = recentSolves(this.storage);
  }

  /** The person's board as the grid draws it. */
  ownBoard() {
    const own = this.state.own;
    const { size, boxRows, boxCols } = this.host.puzzle().shape;
    if (this.memo.zeroDepths?.length !== own.nCells) {
      this.memo.zeroDepths = new Uint16Array(own.nCells);
    }
    return {
      size,
      boxRows,
      boxCols,
      values: own.values,
      origins: own.origins,
      depths: this.memo.zeroDepths,
      candidates: own.marks,
    };
  }

  /** The cells of the person's board whose digit another of its houses holds. */
  clashes() {
    const { version, own } = this.state;
    if (this.memo.clashes?.version !== version) {
      const cells = clashesOf(this.host.puzzle().layout, own.values);
      this.memo.clashes = { version, cells };
    }
    return this.memo.clashes.cells;
  }

  /**
   * What the grid marks on the person's board (view-model.js gridView's `own`): the board,
   * its clashes, the digits and marks found wrong (by Check, by the `flag` option, by a hint)
   * and the hint's highlight, with the step a hint took (a forcing chain is walked).
   */
  boardMarks() {
    const { own, version, checked, options, hints } = this.state;
    const wrong = new Set();
    const wrongMarks = new Set();
    const solution = this.solutionValues();
    if (options.flag && solution) {
      own.mistakes(solution).digits.forEach((c) => wrong.add(c));
    }
    if (checked?.version === version) {
      checked.digits.forEach((c) => wrong.add(c));
      checked.marks.forEach((c) => wrongMarks.add(c));
    }
    const hinted = hints.boardMarks(version);
    hinted.wrong.forEach((c) => wrong.add(c));
    hinted.wrongMarks.forEach((c) => wrongMarks.add(c));
    return {
      board: this.ownBoard(),
      clashes: this.clashes(),
      wrong,
      wrongMarks,
      step: hinted.step,
      taken: hinted.taken,
    };
  }

  /**
   * The sentence the status card shows about the person's board ('' for none): the newest of
   * a clash on it, the hint under way and a note (Check's, a hint taken…), else how it stands.
   */
  statusNote() {
    const { own, version, hints, note, stopwatch } = this.state;
    const size = this.host.puzzle().shape.size;
    const hint = hints.at(version);
    const clashes = this.clashes();
    const message = newestMessage([
      clashes.length ? { at: this.state.versionAt, text: this.clashText(clashes) } : null,
      hint && { at: this.state.hintAt, text: boardHintText(hint, size) },
      note?.version === version ? note : null,
    ]);
    if (message) {
      return message;
    }
    const solution = this.solutionValues();
    if (solution && own.isSolvedBy(solution)) {
      return `Solved, in ${durationText(stopwatch.elapsedMs)}.`;
    }
    if (own.isFull && solution) {
      return 'The grid is full, but some digits are wrong: press Check to find them.';
    }
    return '';
  }

  /** What the status card says of the clashing `cells` of the person's board. */
  clashText(cells) {
    const { symbols, size } = this.host.puzzle().shape;
    const byDigit = new Map();
    for (const c of cells) {
      const symbol = symbols[this.state.own.values[c] - 1];
      byDigit.set(symbol, [...(byDigit.get(symbol) ?? []), cellName(c, size)]);
    }
    const clashes = [...byDigit].map(([symbol, names]) => `${symbol} in ${names.join(', ')}`);
    return `Clash: the same digit twice in a row, column or box (${clashes.join('; ')}).`;
  }

  /**
   * Where a trace from the person's board starts (their digits and marks): `{ board,
   * request }` for Playback.load; null while entering.
   */
  traceSource() {
    const own = this.state.own;
    if (!own) {
      return null;
    }
    const { shape, layout } = this.host.puzzle();
    const marks = own.hasMarks ? own.shownMarks() : new Uint32Array(0);
    const board = createBoard(shape, own.values);
    board.origins.set(own.origins);
    board.candidates = Uint32Array.from(candidatesOf(layout, own.values, marks));
    return { board, request: { values: own.values.slice(), marks, tag: layout.tag } };
  }

  /**
   * Shows the solve in the solve bar, the pad's mode and the finish card (`parts`), with
   * whether a hint may come (`canHint`) and the rating card's view (`rating`).
   */
  render({ solveBar, pad, finishCard }, { canHint, rating }) {
    const { own, isPencil, stopwatch, options, meta, isFinishClosed, entryUndo, entryRedo } =
      this.state;
    solveBar.update(
      solveBarState({
        mode: this.mode,
        own,
        entryUndo,
        entryRedo,
        isPencil,
        canHint,
        verdict: this.host.verdict(),
        elapsedMs: stopwatch.elapsedMs,
        options,
      }),
    );
    pad.setPencil(Boolean(own) && isPencil);
    finishCard?.update(
      finishCardState({
        own,
        solution: this.solutionValues(),
        solveMeta: meta,
        isClosed: isFinishClosed,
        elapsedMs: stopwatch.elapsedMs,
        rating,
      }),
    );
  }
}
