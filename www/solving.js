// The board's solving phase: the person's own solve of the puzzle (solve-model.js) and every
// action on it — digits and marks, undo and redo, Check, hints from their board, taking over
// from the solver, the clock, saving (saved.js) — and what the grid, the status card, the
// solve bar and the finish card show of it. These methods are installed on <stepdoku-board>
// (stepdoku-board.js) and share its state: `mode` (view-model.js), `own` (the Solve, or null
// while entering), `solveMeta`, `solveVersion` (one more per change), `stopwatch`,
// `checked`, `boardHints` (hints.js, by version), `note`, `nMessages`, `versionAt` and
// `hintAt` (which message is newest), `entryUndo` and `entryRedo` (the board's history),
// `options`, `storage`, `recent`.

import { cellName } from './board-model.js';
import { candidatesOf, clashesOf, digitOfKey, readPuzzle } from './core.js';
import { boardHintText, mistakeHint } from './hints.js';
import {
  loadSolve,
  readProgress,
  recentSolves,
  saveOptions,
  saveSolve,
  solveRecord,
} from './saved.js';
import { Solve } from './solve-model.js';
import { clockText, durationText, Stopwatch } from './stopwatch.js';
import { finishCardState, newestMessage, puzzleFault, solveBarState } from './view-model.js';
import { CancelledError } from './worker-client.js';

/** The solving methods of <stepdoku-board>. */
export const solvingMethods = {
  /** Switches between entering the puzzle and solving it. */
  enterPhase(phase) {
    if (phase === this.mode.phase || (this.isReadonly && phase === 'solving')) {
      return;
    }
    this.playback.unload();
    if (phase === 'solving' && this.puzzle.values.some((v) => v)) {
      this.beginSolve();
    } else {
      this.endSolve();
    }
    this.schedule();
  },

  /**
   * Starts the person's solve of the current puzzle, or resumes `saved` (`{ solve, elapsedMs,
   * hints, checks, solved }`, as loadSolve gives it; without it, the one in storage).
   */
  beginSolve(saved = null) {
    const { puzzle } = this;
    saved ??= this.storage ? loadSolve(this.storage, puzzle.line, puzzle.values) : null;
    this.mode.solve();
    // A puzzle's pencil marks become the person's first marks, within what the givens allow.
    const marks = puzzle.marks ? puzzle.candidates : null;
    this.own = saved?.solve ?? new Solve(puzzle.shape.size, puzzle.values, marks);
    this.solveMeta = saved
      ? { hints: saved.hints, checks: saved.checks, solved: saved.solved }
      : { hints: 0, checks: 0, solved: false };
    this.stopwatch = new Stopwatch(saved?.elapsedMs ?? 0);
    // Edits to the givens are not undone from inside a solve.
    this.entryUndo = [];
    this.entryRedo = [];
    this.isFinishClosed = false;
    this.applyLinkedProgress(Boolean(saved));
    this.changed();
  },

  /** Saves and closes the person's solve, if one is open: the board goes back to entering. */
  endSolve() {
    if (this.own) {
      this.saveSolve();
      this.own = null;
    }
    this.mode.enter();
    this.stopClock();
  },

  /**
   * Puts the progress of a share link (the `progress` attribute) on the person's board, as
   * one action they can undo; read once. A solve of their own keeps its time. Returns
   * whether the board changed (the caller then calls `changed`).
   */
  applyLinkedProgress(hasOwnTime) {
    const text = this.getAttribute('progress');
    if (!text || !this.own) {
      return false;
    }
    this.removeAttribute('progress');
    const { shape, values } = this.puzzle;
    const read = readProgress(text, shape.size, values, shape.symbols);
    const action = read && this.own.replaceWith(read.values, read.origins, read.marks);
    if (action && !hasOwnTime) {
      this.stopwatch.reset(read.elapsedMs);
    }
    return Boolean(action);
  },

  /** Back on the person's board, does `make(own)` there as one of their actions. */
  ownAction(make) {
    if (this.own) {
      if (!this.mode.isOnOwnBoard) {
        this.backToBoard();
      }
      this.act(make(this.own));
    }
  },

  /**
   * Records a person's action on their board (null for none) and what follows from it. A
   * Clear grid they undid is not done again once they act.
   */
  act(action) {
    if (action) {
      this.entryRedo = [];
      this.changed();
    }
  },

  /**
   * After any change to the person's board: marks reset (a hint, kept by version, ends too),
   * finish checked, progress saved.
   */
  changed() {
    this.solveVersion++;
    // A clash on the board is as new as the board: newer than any message before it.
    this.versionAt = this.nextMessageAt();
    this.checked = null;
    this.note = null;
    this.checkFinish();
    this.runClock();
    this.saveSolve();
    this.schedule();
  },

  /**
   * Marks the solve solved once the board matches the solution; returns whether it just was
   * (the caller then stops the clock and saves).
   */
  checkFinish() {
    const solution = this.solutionValues();
    if (this.own && solution && !this.solveMeta.solved && this.own.isSolvedBy(solution)) {
      this.solveMeta.solved = true;
      this.isFinishClosed = false;
      // The finish card tells how hard the puzzle was: a rating only offered starts now.
      if (this.rating.view.kind === 'offered') {
        this.rating.start(this.puzzle.line);
      }
      return true;
    }
    return false;
  },

  /** A digit or mark from the grid or the pad while solving. */
  solvingInput(cell, key, isOther) {
    const digit = key ? digitOfKey(this.puzzle.shape, key) : 0;
    if (key && !digit) {
      return;
    }
    if (this.mode.isTrace) {
      this.takeOver();
    } else if (!this.mode.isOnOwnBoard) {
      this.backToBoard();
    }
    const own = this.own;
    if (digit && this.isPencil !== isOther) {
      this.act(own.toggleMark(cell, digit));
    } else {
      this.act(
        own.setDigit(cell, digit, {
          tidy: this.options.tidy ? (values) => candidatesOf(this.puzzle.layout, values) : null,
        }),
      );
    }
  },

  togglePencil() {
    this.isPencil = !this.isPencil;
    this.schedule();
  },

  undo() {
    this.history('undo');
  },

  redo() {
    this.history('redo');
  },

  /**
   * Undoes or redoes the last action: the person's while solving, else one of the board's
   * history (an edit of the givens while entering, or Clear grid; see ENTRY_NAMES in
   * view-model.js). Undo never reaches past the start of a solve, but Redo, once the
   * person's actions are all done again, clears the grid again if they undid that.
   */
  history(way) {
    if (this.isReadonly) {
      return;
    }
    if (this.own) {
      if (!this.mode.isOnOwnBoard) {
        this.backToBoard();
      }
      if (this.own[way]()) {
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
    const from = isUndo ? this.entryUndo : this.entryRedo;
    const entry = from.pop();
    if (entry) {
      const to = [...(isUndo ? this.entryRedo : this.entryUndo), this.entryOf(entry.kind)];
      const { puzzle } = readPuzzle(entry.line);
      this.setPuzzle(puzzle, { phase: entry.phase, solve: entry.solve });
      this.entryUndo = isUndo ? from : to;
      this.entryRedo = isUndo ? to : from;
    }
  },

  /**
   * The board as it is, as an entry of its history kept before an action of `kind` (see
   * ENTRY_NAMES): `{ kind, line, phase, solve }`, `solve` the person's solve with its time
   * and counts (as loadSolve gives it), or null while entering. The solve is kept here, not
   * only in storage, so that Undo brings it back where there is no storage, its time too.
   */
  entryOf(kind) {
    const solve = this.own && {
      solve: this.own,
      elapsedMs: this.stopwatch.elapsedMs,
      ...this.solveMeta,
    };
    return { kind, line: this.puzzle.line, phase: this.mode.phase, solve };
  },

  /** Makes the solver's board at the current step the person's, and hands back control. */
  takeOver() {
    const p = this.tracePlayback();
    if (!p || !this.own) {
      return;
    }
    const action = this.own.takeOver(p.board);
    this.backToBoard();
    this.act(action);
  },

  /** Leaves the trace or the solution shown, back to the person's board (or the puzzle). */
  backToBoard() {
    this.playback.unload();
    this.mode.backToBoard();
    this.schedule();
  },

  /** The solution of the puzzle (one value per cell) when it has exactly one and it is known. */
  solutionValues() {
    const d = this.verdict.diagnosis;
    if (d?.status !== 'unique' || d.puzzle !== this.puzzle.line) {
      return null;
    }
    if (this.solutionOf !== d) {
      this.solutionOf = d;
      this.solution = readPuzzle(d.solution).puzzle.values;
    }
    return this.solution;
  },

  /** The solution once the verdict is in (null when there is no single one). */
  async awaitSolution() {
    this.wake();
    this.askVerdict();
    await this.verdicts.request;
    return this.solutionValues();
  },

  /** Why Check and hints cannot work on this puzzle. */
  noSolutionText() {
    return this.verdict.kind === 'several'
      ? 'Check and hints need a puzzle with one solution; this one has several. Press Edit puzzle to add givens.'
      : `Check and hints need a puzzle with one solution. ${this.verdict.message}`;
  },

  /** Marks every digit and mark of the person's that differs from the solution. */
  async check() {
    const own = this.own;
    const solution = await this.awaitSolution();
    if (!own || own !== this.own) {
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
    this.solveMeta.checks++;
    this.checked = { version: this.solveVersion, digits: new Set(digits), marks: new Set(marks) };
    const size = this.puzzle.shape.size;
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
    this.saveSolve();
  },

  /** Shows a sentence about the person's board until their next action. */
  setNote(text) {
    this.note = { version: this.solveVersion, text, at: this.nextMessageAt() };
    this.schedule();
  },

  /**
   * The place of a message about the person's board given now among all those given: the
   * status card shows the newest (newestMessage in view-model.js).
   */
  nextMessageAt() {
    this.nMessages++;
    return this.nMessages;
  },

  /**
   * A hint from the person's own board, marks included, a little more each time (hints.js): a
   * wrong digit or a mark set that leaves out the solution's digit comes first, where it is,
   * then its fix; otherwise the next step of the Human strategy from there: its technique,
   * then where to look, then the step taken.
   */
  async solvingHint() {
    if (!this.mode.isOnOwnBoard) {
      this.backToBoard();
    }
    const own = this.own;
    const version = this.solveVersion;
    const solution = await this.awaitSolution();
    if (own !== this.own || version !== this.solveVersion) {
      return;
    }
    if (!solution) {
      this.setNote(this.noSolutionText());
      return;
    }
    const next = this.boardHints.press(version);
    if (next === 'more') {
      this.hintAt = this.nextMessageAt();
      this.schedule();
      return;
    }
    if (next === 'take') {
      this.takeHint(this.boardHints.at(version));
      return;
    }
    let hint = mistakeHint(own.mistakes(solution));
    if (!hint) {
      let step;
      try {
        step = await this.client.request('hint', {
          values: own.values.slice(),
          marks: own.hasMarks ? own.shownMarks() : new Uint32Array(0),
          tag: this.puzzle.layout.tag,
        });
      } catch (error) {
        if (!(error instanceof CancelledError)) {
          this.setNote(`No hint: the solver failed: ${error?.message ?? error}`);
        }
        return;
      }
      if (own !== this.own || version !== this.solveVersion || !step) {
        return;
      }
      hint = { kind: 'step', step };
    }
    this.solveMeta.hints++;
    this.boardHints.show(version, hint);
    this.hintAt = this.nextMessageAt();
    this.saveSolve();
    this.schedule();
  },

  /** Takes the hint shown: fixes the mistake, or applies the step as the solver's. */
  takeHint(hint) {
    const own = this.own;
    const size = this.puzzle.shape.size;
    if (hint.kind === 'step' && hint.step.kind !== 'deduction') {
      this.stepForward();
      return;
    }
    if (hint.kind === 'digit') {
      this.act(own.setDigit(hint.cell, 0));
      this.setNote(`Hint taken: the wrong digit in ${cellName(hint.cell, size)} is out.`);
    } else if (hint.kind === 'marks') {
      this.act(own.setMarks(hint.cell, candidatesOf(this.puzzle.layout, own.values)[hint.cell]));
      this.setNote(
        `Hint taken: ${cellName(hint.cell, size)} is marked with every digit its houses allow.`,
      );
    } else {
      const marks = own.hasMarks ? own.shownMarks() : new Uint32Array(0);
      this.act(own.applyStep(hint.step, candidatesOf(this.puzzle.layout, own.values, marks)));
      this.boardHints.took(this.solveVersion, hint.step);
      this.setNote(`Hint taken: ${hint.step.text}`);
    }
  },

  /** Sets a solve option and keeps it for next time. */
  setOption(id, value) {
    this.options = { ...this.options, [id]: value };
    if (this.storage) {
      saveOptions(this.storage, this.options);
    }
    this.schedule();
  },

  /** Runs the clock while the person is solving a board in view, and stops it otherwise. */
  runClock() {
    const isRunning =
      this.mode.isSolving &&
      this.isAwake &&
      !this.solveMeta.solved &&
      !document.hidden &&
      this.isConnected;
    if (!isRunning) {
      this.stopClock();
      return;
    }
    this.stopwatch.start();
    this.clockTimer ||= setInterval(() => this.schedule(), 1000);
  },

  stopClock() {
    this.stopwatch.stop();
    clearInterval(this.clockTimer);
    this.clockTimer = 0;
  },

  /** Keeps the solve in storage, once the person has done something in it. */
  saveSolve() {
    if (!this.own || !this.storage || (!this.own.isTouched && !this.solveMeta.hints)) {
      return;
    }
    const record = solveRecord(this.puzzle.line, this.own, {
      elapsedMs: this.stopwatch.elapsedMs,
      ...this.solveMeta,
    });
    if (!saveSolve(this.storage, record)) {
      this.note = {
        version: this.solveVersion,
        text: 'Progress could not be saved: the browser’s storage for this site is full.',
        at: this.nextMessageAt(),
      };
    }
    this.recent = recentSolves(this.storage);
  },

  /** The recent solves as the puzzle bar lists them. */
  recentChoices() {
    if (this.recentFor === this.recent) {
      return this.recentList;
    }
    this.recentFor = this.recent;
    this.recentList = this.recent.map(({ puzzle, filled, cells, solved, elapsedMs }) => {
      const name = this.sampleName(puzzle) || `${puzzle.slice(0, 12)}…`;
      const how = solved
        ? `solved in ${clockText(elapsedMs)}`
        : `${filled} of ${cells} cells, ${clockText(elapsedMs)}`;
      return { puzzle, label: `${name} — ${how}` };
    });
    return this.recentList;
  },

  /** The person's board as the grid draws it. */
  ownBoard() {
    const { size, boxRows, boxCols } = this.puzzle.shape;
    const own = this.own;
    if (this.zeroDepths?.length !== own.nCells) {
      this.zeroDepths = new Uint16Array(own.nCells);
    }
    return {
      size,
      boxRows,
      boxCols,
      values: own.values,
      origins: own.origins,
      depths: this.zeroDepths,
      candidates: own.marks,
    };
  },

  /** What the grid marks on the person's board: clashes, mistakes found, the hint. */
  ownView() {
    const own = this.own;
    const version = this.solveVersion;
    if (this.clashes?.version !== version) {
      this.clashes = { version, cells: clashesOf(this.puzzle.layout, own.values) };
    }
    const wrong = new Set();
    const wrongMarks = new Set();
    const solution = this.solutionValues();
    if (this.options.flag && solution) {
      own.mistakes(solution).digits.forEach((c) => wrong.add(c));
    }
    if (this.checked?.version === version) {
      this.checked.digits.forEach((c) => wrong.add(c));
      this.checked.marks.forEach((c) => wrongMarks.add(c));
    }
    const hinted = this.boardHints.boardMarks(version);
    // A step a hint took may be a forcing chain, walked as on the trace.
    this.walk.show(hinted.taken);
    hinted.wrong.forEach((c) => wrong.add(c));
    hinted.wrongMarks.forEach((c) => wrongMarks.add(c));
    // A puzzle that cannot be solved is the givens' fault, shown as while entering it.
    const fault = puzzleFault(this.verdict.diagnosis, this.puzzle.line);
    return {
      board: this.ownBoard(),
      showCandidates: true,
      marksName: 'marks',
      faults: new Set([...this.clashes.cells, ...(fault?.cells ?? [])]),
      houses: fault?.houses ?? [],
      wrong,
      wrongMarks,
      step: this.walk.over(hinted.step),
    };
  },

  /**
   * The sentence the status card shows about the person's board ('' for none): the newest of
   * a clash on it, the hint under way and a note (Check's, a hint taken…), else how it stands.
   */
  ownNote() {
    const own = this.own;
    const version = this.solveVersion;
    const size = this.puzzle.shape.size;
    const hint = this.boardHints.at(version);
    const message = newestMessage([
      this.clashes?.version === version && this.clashes.cells.length
        ? { at: this.versionAt, text: this.clashText(this.clashes.cells) }
        : null,
      hint && { at: this.hintAt, text: boardHintText(hint, size) },
      this.note?.version === version ? this.note : null,
    ]);
    if (message) {
      return message;
    }
    const solution = this.solutionValues();
    if (solution && own.isSolvedBy(solution)) {
      return `Solved, in ${durationText(this.stopwatch.elapsedMs)}.`;
    }
    if (own.isFull && solution) {
      return 'The grid is full, but some digits are wrong: press Check to find them.';
    }
    return '';
  },

  /** What the status card says of the clashing `cells` of the person's board. */
  clashText(cells) {
    const { symbols, size } = this.puzzle.shape;
    const byDigit = new Map();
    for (const c of cells) {
      const symbol = symbols[this.own.values[c] - 1];
      byDigit.set(symbol, [...(byDigit.get(symbol) ?? []), cellName(c, size)]);
    }
    const clashes = [...byDigit].map(([symbol, names]) => `${symbol} in ${names.join(', ')}`);
    return `Clash: the same digit twice in a row, column or box (${clashes.join('; ')}).`;
  },

  /** The solve bar, the pad's mode and the finish card. */
  renderSolving() {
    const own = this.own;
    this.solveBar.update(
      solveBarState({
        mode: this.mode,
        own,
        entryUndo: this.entryUndo,
        entryRedo: this.entryRedo,
        isPencil: this.isPencil,
        canHint: !this.tracePlayback()?.isAtEnd,
        verdict: this.verdict,
        elapsedMs: this.stopwatch.elapsedMs,
        options: this.options,
      }),
    );
    this.pad.setPencil(Boolean(own) && this.isPencil);
    this.finishCard?.update(
      finishCardState({
        own,
        solution: this.solutionValues(),
        solveMeta: this.solveMeta,
        isClosed: this.isFinishClosed,
        elapsedMs: this.stopwatch.elapsedMs,
        rating: this.rating.view,
      }),
    );
  },
};
