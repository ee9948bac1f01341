// The board's view model: which mode a board is in, and what its parts show in a state. A
// board is entering a puzzle or solving it, and its grid shows the board of that phase, the
// solver's trace or the solution (BoardMode). From the mode and what the element holds, the
// functions below give which controls show, what the controls, the solve bar and the finish
// card say and allow, the status card's verdict, what the grid shows and marks (gridView)
// and the recent solves' labels; the element passes them on to the parts. Pure: no DOM;
// unit-tested in node.

import { createBoard, fillSolution, Origin } from './board-model.js';
import { traceHighlight } from './hints.js';
import { MAX_SEEK_STEPS, NO_COUNTERS } from './playback.js';
import { ACTION_NAMES } from './solve-model.js';
import { clockText } from './stopwatch.js';

/** Above this many steps per second, placements are not animated. */
export const FAST_SPEED = 30;

/**
 * What the `controls` attribute can list, each a part of the board; a board without the
 * attribute (or with `controls="all"`) shows them all. The grid and the status card always
 * show; `readonly` hides the editing ones (puzzle, new, pad, clear) whatever `controls` says.
 */
export const CONTROLS = Object.freeze([
  'puzzle',
  'new',
  'share',
  'pad',
  'solving',
  'solve',
  'play',
  'step',
  'speed',
  'strategy',
  'hint',
  'clear',
  'counters',
  'steps',
  'rating',
  'techniques',
  'legend',
]);

/**
 * The controls that edit the puzzle or the person's board, which `readonly` hides (a new
 * puzzle replaces the puzzle).
 */
const EDITING_CONTROLS = new Set(['puzzle', 'new', 'pad', 'clear', 'solving']);

/**
 * The controls a board shows, from its `controls` attribute (`listed`, null without one) and
 * whether it is read-only.
 */
export function shownControls(listed, isReadonly) {
  const tokens = new Set((listed?.trim().toLowerCase() ?? '').split(/[\s,]+/).filter(Boolean));
  const isAll = listed === null || tokens.size === 0 || tokens.has('all');
  return new Set(
    CONTROLS.filter((c) => (isAll || tokens.has(c)) && !(isReadonly && EDITING_CONTROLS.has(c))),
  );
}

/**
 * Which mode a board is in. Its `phase` says what typing does: `entering` a puzzle (the digits
 * are givens) or `solving` it (the digits are the person's own). In either phase the grid
 * shows the phase's own board, or the person watches the solver's trace or the solution.
 * `name` says which: `edit` (entering, the puzzle shows), `play` (solving, the person's board
 * shows), `trace` or `solution`; layout.css orders the parts by it.
 */
export class BoardMode {
  constructor() {
    this.phase = 'entering';
    this.name = 'edit';
  }

  get isSolving() {
    return this.phase === 'solving';
  }

  /** Whether the grid shows the board of the phase: the puzzle, or the person's own. */
  get isOnBoard() {
    return this.name === 'edit' || this.name === 'play';
  }

  /** Whether the grid shows the person's own board (they are solving, and not watching). */
  get isOnOwnBoard() {
    return this.name === 'play';
  }

  get isTrace() {
    return this.name === 'trace';
  }

  get isSolution() {
    return this.name === 'solution';
  }

  /** Entering a puzzle, which the grid shows. */
  enter() {
    this.phase = 'entering';
    this.name = 'edit';
  }

  /** Solving the puzzle, on the person's own board. */
  solve() {
    this.phase = 'solving';
    this.name = 'play';
  }

  /** The grid shows the solver's trace, in either phase. */
  watchTrace() {
    this.name = 'trace';
  }

  /** The grid shows the solution, in either phase. */
  watchSolution() {
    this.name = 'solution';
  }

  /** Back from the trace or the solution to the board of the phase. */
  backToBoard() {
    this.name = this.isSolving ? 'play' : 'edit';
  }
}

/**
 * What the controls show (controls.js `update`): `playback` is the board's Playback, `trace`
 * the same when the grid shows its trace (else null), `isBusy` whether the worker has been
 * working a while. Play, Step forward and Hint go as far as the trace does; with no trace
 * shown, they start one. While a seek has been under way a while, the Play button is Pause
 * and To start is on: both stop it.
 */
export function controlsState({ playback, trace, isBusy, strategy }) {
  const seeking = trace?.seeking ?? null;
  return {
    isPlaying: playback.isPlaying || Boolean(seeking),
    canPlay: !trace || !trace.isAtEnd,
    canBack: Boolean(trace?.canBack),
    canToStart: Boolean(trace?.canBack || seeking),
    canForward: !trace || !trace.isAtEnd,
    isBusy,
    seeking,
    strategy,
    speed: playback.speed,
    counters: trace?.counters ?? NO_COUNTERS,
  };
}

/**
 * The actions of a board's own history (`entryUndo` and `entryRedo`, beside the person's solve,
 * which keeps its own), by the `kind` of their entries, as Undo and Redo name them: an edit
 * of the givens while entering, and Clear grid in either phase.
 */
export const ENTRY_NAMES = Object.freeze({ edit: 'edit', clear: 'clear grid' });

/**
 * What the solve bar shows (solve-bar.js `update`) in `mode`, with `own` the person's solve
 * (null while entering) and `entryUndo` and `entryRedo` the board's history (see ENTRY_NAMES)
 * that Undo and Redo would take back or do again. While solving, Undo takes back the person's
 * actions only, and Redo does theirs again first, then a Clear grid they undid. Check needs a
 * puzzle with one solution (or a verdict on the way); Hint, a trace that has a step to come
 * (`canHint`, as controlsState's canForward).
 */
export function solveBarState({
  mode,
  own,
  entryUndo,
  entryRedo,
  isPencil,
  canHint,
  verdict,
  elapsedMs,
  options,
}) {
  return {
    phase: mode.phase,
    text: own
      ? `Solving: ${own.nFilled} of ${own.nCells} cells filled.`
      : 'Entering a puzzle: the digits you type are givens.',
    isWatching: mode.isTrace || mode.isSolution,
    undo: own ? ACTION_NAMES[own.undoStack.at(-1)?.kind] : ENTRY_NAMES[entryUndo.at(-1)?.kind],
    redo: (own && ACTION_NAMES[own.redoStack.at(-1)?.kind]) || ENTRY_NAMES[entryRedo.at(-1)?.kind],
    isPencil,
    canHint,
    canCheck: verdict.kind === 'unique' || verdict.kind === 'pending',
    elapsedMs,
    options,
  };
}

/** The sentence of a trace's `note` (Playback: why a seek stopped short), or ''. */
export function seekNoteText(note) {
  if (!note) {
    return '';
  }
  const at = note.position.toLocaleString('en');
  const asked = note.asked.toLocaleString('en');
  return note.kind === 'budget'
    ? `Stopped at step ${at}: the link asks for step ${asked}, more than a link may seek (${MAX_SEEK_STEPS.toLocaleString('en')} steps at a time). Press Play to go on.`
    : `Stopped at step ${at} on the way to step ${asked}. Press Play to go on.`;
}

/**
 * What the status card says of the puzzle in `mode` (status.js `update`, but for the step's
 * technique and the hint): its `verdict`, unless the trace shown was cancelled; the switch
 * between two solutions (`solutionIndex` the one shown) while the solution shows; the step
 * of the trace shown and its number; and a `notice`: why the trace shown stopped short of
 * the step asked for, else the board's own `notice` (a link it refused; '' for none).
 */
export function statusState({ mode, verdict, solutionIndex, trace, isPlaying, notice = '' }) {
  return {
    notice: seekNoteText(trace?.note) || notice,
    verdict:
      trace?.stopReason === 'cancelled'
        ? {
            kind: 'cancelled',
            message: `Stopped: the trace was cancelled after ${trace.made.toLocaleString('en')} steps.`,
          }
        : verdict,
    solutionIndex: mode.isSolution && verdict.diagnosis?.second ? solutionIndex : null,
    step: trace?.current,
    stepNumber: trace?.position ?? 0,
    isPlaying,
  };
}

/**
 * What the grid marks as the fault of puzzle `line`, when its verdict's `diagnosis` says it
 * cannot be solved (duplicate givens, or no solution): `{ cells, houses }`; else null.
 */
export function puzzleFault(diagnosis, line) {
  if (diagnosis?.puzzle !== line || !['invalid', 'none'].includes(diagnosis.status)) {
    return null;
  }
  return { cells: diagnosis.cells, houses: diagnosis.house ? [diagnosis.house] : [] };
}

/**
 * The message about the person's board the status card shows: the newest of `messages` (a
 * clash on the board, the hint under way, what Check found…), each `{ at, text }` or null
 * for none, `at` counting the messages given so far when it was given; '' when there is none.
 */
export function newestMessage(messages) {
  let newest = null;
  for (const message of messages) {
    if (message && !(newest && newest.at >= message.at)) {
      newest = message;
    }
  }
  return newest?.text ?? '';
}

/** The words the finish card gives the rating card's `view`: "ER 2.3 · Easy", or ''. */
function ratingWords(view) {
  return view.kind === 'rated' ? `ER ${view.rating.er.toFixed(1)} · ${view.rating.level}` : '';
}

/**
 * What the finish card shows (finish-card.js `update`): null unless the person's board `own`
 * is solved by `solution`, their solve is marked solved in `solveMeta` and the card is not
 * closed; then the facts of the solve, with the rating from the rating card's `rating` view.
 */
export function finishCardState({ own, solution, solveMeta, isClosed, elapsedMs, rating }) {
  if (!own || !solveMeta.solved || !solution || !own.isSolvedBy(solution) || isClosed) {
    return null;
  }
  return {
    elapsedMs,
    hints: solveMeta.hints,
    checks: solveMeta.checks,
    solverDigits: own.origins.filter((o) => o === Origin.DEDUCED).length,
    rating: ratingWords(rating),
  };
}

/**
 * How many of each digit are left to place on a board of `size` whose cells hold `values`
 * (0 for empty): `left[d - 1]` for digit d, never below 0 (a board may hold a digit too often).
 */
export function digitsLeft(values, size) {
  const left = new Array(size).fill(size);
  for (const v of values) {
    if (v) {
      left[v - 1]--;
    }
  }
  return left.map((n) => Math.max(n, 0));
}

/**
 * Whether a puzzle is posed, so that it can be solved: it has givens, or rules (a Killer
 * often has no givens at all).
 */
export function isPosed(puzzle) {
  return puzzle.values.some(Boolean) || Boolean(puzzle.layout.rules);
}

/**
 * What the top bar says the puzzle is: its sample's name (`sampleName`, '' for none), else its
 * size and layout with how many givens it has ("9×9 X-Sudoku, 28 givens", "Empty 6×6"); a
 * puzzle with rules says so ("9×9 Killer", "9×9 with rules, 2 givens").
 */
export function puzzleSummary(puzzle, sampleName) {
  if (sampleName) {
    return sampleName;
  }
  const { layout } = puzzle;
  const nGivens = puzzle.values.filter(Boolean).length;
  const names = [layout.tag.split(';')[0] && layout.name, rulesName(layout.rules)];
  const shape = [`${puzzle.shape.size}×${puzzle.shape.size}`, ...names.filter(Boolean)].join(' ');
  if (nGivens) {
    return `${shape}, ${nGivens} givens`;
  }
  return layout.rules ? shape : `Empty ${shape}`;
}

/** What a puzzle's rules make it: 'Killer' with cages alone, 'with rules' with others, or ''. */
function rulesName(rules) {
  if (!rules) {
    return '';
  }
  const { cages, ...others } = rules;
  const hasOthers = Object.entries(others).some(
    ([kind, list]) => kind !== 'notes' && list.length > 0,
  );
  if (!cages.length) {
    return 'with rules';
  }
  return hasOthers ? 'Killer with rules' : 'Killer';
}

/** traceHighlight's answers by step and level: a trace playing draws its step every frame. */
const highlights = new WeakMap();

/** What a step (or a hint of it, at `level`) highlights (hints.js traceHighlight), kept. */
function highlightOf(step, level) {
  if (!step) {
    return null;
  }
  let byLevel = highlights.get(step);
  if (!byLevel) {
    byLevel = new Map();
    highlights.set(step, byLevel);
  }
  if (!byLevel.has(level)) {
    byLevel.set(level, traceHighlight(step, level));
  }
  return byLevel.get(level);
}

/**
 * What the grid shows in a state: `{ board, chain, ...view }`, `board` and `view` as
 * grid-view.js `render` takes them, and `chain` the step whose forcing chain is walked (the
 * element draws the walk over `view.step`; null for none). The state: `mode`; `puzzle` (core.js
 * readPuzzle's record) and `editBoard`, its board while entering; `diagnosis`, the verdict's;
 * `solutionIndex`, which of two solutions shows; `trace`, the Playback when the grid shows
 * the trace (else null), and `traceHint`, the hint under way on it (hints.js HintLevels `at`,
 * else null); `own`, the marks of the person's board (solving.js `boardMarks`) when the grid
 * shows it; `readValues(line)`, the digits of a puzzle line (core.js), for the solution.
 */
export function gridView({
  mode,
  puzzle,
  editBoard,
  diagnosis,
  solutionIndex,
  trace,
  traceHint,
  own,
  readValues,
}) {
  if (trace) {
    // A hint shows the step to come (or, at its first level, nothing) instead of the last,
    // and where to look, not the chain: only a step taken is walked.
    const step = traceHint ? traceHint.step : trace.current;
    return {
      board: trace.board,
      chain: traceHint ? null : step,
      showCandidates: true,
      step: highlightOf(step, traceHint ? traceHint.level : 0),
      isFast: trace.isPlaying && trace.speed > FAST_SPEED,
    };
  }
  // A puzzle that cannot be solved is the givens' fault, on the person's board too.
  const fault = puzzleFault(diagnosis, puzzle.line);
  if (mode.isOnOwnBoard) {
    return {
      board: own.board,
      // A step a hint took may be a forcing chain, walked as on the trace.
      chain: own.taken,
      showCandidates: true,
      marksName: 'marks',
      faults: new Set([...own.clashes, ...(fault?.cells ?? [])]),
      houses: fault?.houses ?? [],
      wrong: own.wrong,
      wrongMarks: own.wrongMarks,
      step: own.step,
    };
  }
  if (mode.isSolution && diagnosis?.puzzle === puzzle.line && diagnosis.solution) {
    const line = solutionIndex === 1 && diagnosis.second ? diagnosis.second : diagnosis.solution;
    const board = fillSolution(createBoard(puzzle.shape, puzzle.values), readValues(line));
    return {
      board,
      chain: null,
      differ: diagnosis.second ? new Set(diagnosis.cells) : null,
      step: null,
    };
  }
  return {
    board: editBoard,
    chain: null,
    // Pencil marks are part of the puzzle, so they show while editing too.
    showCandidates: Boolean(puzzle.marks),
    faults: fault ? new Set(fault.cells) : null,
    houses: fault?.houses ?? [],
    step: null,
  };
}

/**
 * The recent solves (saved.js recentSolves) as the puzzle bar lists them: `{ puzzle, label }`,
 * the label naming the sample (`sampleName(line)`, '' for none) or the puzzle's start, and
 * how far the solve went.
 */
export function recentChoices(recent, sampleName) {
  return recent.map(({ puzzle, filled, cells, solved, elapsedMs }) => {
    const name = sampleName(puzzle) || `${puzzle.slice(0, 12)}…`;
    const how = solved
      ? `solved in ${clockText(elapsedMs)}`
      : `${filled} of ${cells} cells, ${clockText(elapsedMs)}`;
    return { puzzle, label: `${name} — ${how}` };
  });
}
