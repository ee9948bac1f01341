// The board's view model (www/view-model.js): the controls a board shows, its modes, and
// what the controls, the solve bar, the status card, the finish card and the grid's faults
// show in a state.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBoard, Origin, startingBoard } from '../../www/board-model.js';
import { stepHighlight } from '../../www/step-highlight.js';
import { NO_COUNTERS } from '../../www/playback.js';
import { Solve } from '../../www/solve-model.js';
import {
  BoardMode,
  CONTROLS,
  controlsState,
  digitsLeft,
  finishCardState,
  gridView,
  newestMessage,
  puzzleFault,
  puzzleSummary,
  recentChoices,
  shownControls,
  solveBarState,
  statusState,
} from '../../www/view-model.js';
import { EASY, GIVENS, parse, SOLUTION, trace } from './wasm.mjs';

const EMPTY_CELLS = [...GIVENS.keys()].filter((i) => !GIVENS[i]);
const EDITING = ['puzzle', 'new', 'pad', 'clear', 'solving'];

/** A mode reached from a fresh one by calling `moves` in turn. */
function modeAfter(...moves) {
  const mode = new BoardMode();
  for (const move of moves) {
    mode[move]();
  }
  return mode;
}

/** The mode's name and predicates, for one comparison. */
function describe(mode) {
  const { phase, name, isSolving, isOnBoard, isOnOwnBoard, isTrace, isSolution } = mode;
  return { phase, name, isSolving, isOnBoard, isOnOwnBoard, isTrace, isSolution };
}

test('shownControls: all without a list, those listed, and nothing editing when read-only', () => {
  for (const listed of [null, '', '  ', 'all', 'ALL', 'play all']) {
    assert.deepEqual([...shownControls(listed, false)], CONTROLS, String(listed));
  }
  assert.deepEqual([...shownControls(' Step,play  rating ', false)], ['play', 'step', 'rating']);
  assert.deepEqual([...shownControls('play nonsense', false)], ['play']);
  assert.deepEqual(
    [...shownControls(null, true)],
    CONTROLS.filter((c) => !EDITING.includes(c)),
  );
  assert.deepEqual([...shownControls('puzzle pad hint', true)], ['hint']);
});

test('BoardMode: a fresh board enters a puzzle, on the puzzle', () => {
  assert.deepEqual(describe(new BoardMode()), {
    phase: 'entering',
    name: 'edit',
    isSolving: false,
    isOnBoard: true,
    isOnOwnBoard: false,
    isTrace: false,
    isSolution: false,
  });
});

test('BoardMode: watching keeps the phase, and back to the board is the phase’s board', () => {
  const cases = [
    [['solve'], 'solving', 'play'],
    [['solve', 'watchTrace'], 'solving', 'trace'],
    [['solve', 'watchTrace', 'backToBoard'], 'solving', 'play'],
    [['solve', 'watchSolution', 'backToBoard'], 'solving', 'play'],
    [['watchTrace'], 'entering', 'trace'],
    [['watchSolution', 'backToBoard'], 'entering', 'edit'],
    [['watchTrace', 'watchSolution'], 'entering', 'solution'],
    [['solve', 'watchTrace', 'enter'], 'entering', 'edit'],
    [['enter', 'solve'], 'solving', 'play'],
  ];
  for (const [moves, phase, name] of cases) {
    const mode = modeAfter(...moves);
    assert.deepEqual([mode.phase, mode.name], [phase, name], moves.join(' → '));
    assert.equal(mode.isOnBoard, name === 'edit' || name === 'play', moves.join(' → '));
    assert.equal(mode.isOnOwnBoard, name === 'play', moves.join(' → '));
  }
});

test('controlsState: with no trace shown, Play and Step forward start one', () => {
  const playback = { isPlaying: false, speed: 8 };
  assert.deepEqual(controlsState({ playback, trace: null, isBusy: false, strategy: 'human' }), {
    isPlaying: false,
    canPlay: true,
    canBack: false,
    canToStart: false,
    canForward: true,
    isBusy: false,
    seeking: null,
    strategy: 'human',
    speed: 8,
    counters: NO_COUNTERS,
  });
});

test('controlsState: a trace shown goes as far as it does, with its counters and seeking', () => {
  const counters = { steps: 3, placements: 2, guesses: 1, backtracks: 0, depth: 1 };
  const trace = { isPlaying: true, speed: Infinity, isAtEnd: false, canBack: true, counters };
  const state = controlsState({ playback: trace, trace, isBusy: true, strategy: 'singles' });
  assert.deepEqual(
    [state.isPlaying, state.canPlay, state.canBack, state.canForward, state.isBusy],
    [true, true, true, true, true],
  );
  assert.equal(state.counters, counters);
  assert.equal(state.speed, Infinity);
  const atEnd = { ...trace, isPlaying: false, isAtEnd: true, seeking: { target: 9, made: 4 } };
  const end = controlsState({ playback: atEnd, trace: atEnd, isBusy: false, strategy: 'x' });
  assert.deepEqual([end.canPlay, end.canForward, end.canBack], [false, false, true]);
  assert.deepEqual(end.seeking, { target: 9, made: 4 });
});

test('controlsState: a seek under way a while makes Play read Pause and To start stop it', () => {
  const counters = { steps: 0, placements: 0, guesses: 0, backtracks: 0, depth: 0 };
  const trace = {
    isPlaying: false,
    speed: 8,
    isAtEnd: false,
    canBack: false,
    counters,
    seeking: { target: 2000000, made: 4000 },
  };
  const state = controlsState({ playback: trace, trace, isBusy: false, strategy: 'x' });
  assert.deepEqual([state.isPlaying, state.canToStart, state.canBack], [true, true, false]);
  const settled = { ...trace, seeking: null };
  const still = controlsState({ playback: settled, trace: settled, isBusy: false, strategy: 'x' });
  assert.deepEqual([still.isPlaying, still.canToStart], [false, false]);
});

/** An entry of the board's history: the board before an action of `kind`. */
const entry = (kind, phase = 'entering') => ({ kind, line: EASY, phase, solve: null });

test('solveBarState: entering names the edits Undo and Redo would take', () => {
  const state = solveBarState({
    mode: new BoardMode(),
    own: null,
    entryUndo: [entry('edit')],
    entryRedo: [],
    isPencil: true,
    verdict: { kind: 'several', message: '' },
    elapsedMs: 0,
    options: { timer: true },
  });
  assert.equal(state.phase, 'entering');
  assert.equal(state.text, 'Entering a puzzle: the digits you type are givens.');
  assert.equal(state.undo, 'edit');
  assert.ok(!state.redo);
  assert.equal(state.isWatching, false);
  assert.equal(state.canCheck, false);
  assert.equal(state.isPencil, true);
});

test('solveBarState: solving counts the cells and names the person’s last action', () => {
  const own = new Solve(9, GIVENS);
  own.setDigit(EMPTY_CELLS[0], SOLUTION[EMPTY_CELLS[0]]);
  own.toggleMark(EMPTY_CELLS[1], 3);
  own.undo();
  const base = {
    own,
    entryUndo: [],
    entryRedo: [],
    isPencil: false,
    elapsedMs: 61000,
    options: { timer: false },
  };
  const state = solveBarState({
    ...base,
    mode: modeAfter('solve'),
    verdict: { kind: 'unique', message: '' },
  });
  assert.equal(state.phase, 'solving');
  assert.equal(state.text, `Solving: ${GIVENS.filter(Boolean).length + 1} of 81 cells filled.`);
  assert.equal(state.undo, 'digit');
  assert.equal(state.redo, 'pencil mark');
  assert.equal(state.canCheck, true);
  assert.equal(state.elapsedMs, 61000);
  const watching = solveBarState({
    ...base,
    mode: modeAfter('solve', 'watchTrace'),
    verdict: { kind: 'pending', message: '' },
  });
  assert.equal(watching.isWatching, true);
  assert.equal(watching.canCheck, true, 'Check waits for a verdict on the way');
  assert.equal(
    solveBarState({ ...base, mode: modeAfter('solve', 'watchSolution'), verdict: {} }).isWatching,
    true,
  );
});

test('solveBarState: Clear grid is undone while entering, and redone after the person’s redo', () => {
  const entering = solveBarState({
    mode: new BoardMode(),
    own: null,
    entryUndo: [entry('edit'), entry('clear', 'solving')],
    entryRedo: [entry('edit')],
    verdict: {},
    options: {},
  });
  assert.deepEqual([entering.undo, entering.redo], ['clear grid', 'edit']);
  const own = new Solve(9, GIVENS);
  own.setDigit(EMPTY_CELLS[0], SOLUTION[EMPTY_CELLS[0]]);
  const solving = {
    mode: modeAfter('solve'),
    own,
    entryUndo: [],
    entryRedo: [entry('clear')],
    verdict: {},
    options: {},
  };
  assert.deepEqual(
    [solveBarState(solving).undo, solveBarState(solving).redo],
    ['digit', 'clear grid'],
    'nothing of the person’s to redo: Redo clears the grid again',
  );
  own.undo();
  assert.deepEqual(
    [solveBarState(solving).undo, solveBarState(solving).redo],
    [undefined, 'digit'],
    'the person’s own redo comes first; Undo never reaches past their solve',
  );
});

test('newestMessage: the message given last wins, whatever its kind', () => {
  const clash = { at: 3, text: 'Clash' };
  const hint = { at: 5, text: 'Hint' };
  const check = { at: 4, text: 'Check' };
  assert.equal(newestMessage([clash, hint, check]), 'Hint');
  assert.equal(newestMessage([clash, { ...hint, at: 2 }, check]), 'Check');
  assert.equal(newestMessage([{ ...clash, at: 6 }, hint, check]), 'Clash');
  assert.equal(newestMessage([null, null, check]), 'Check');
  assert.equal(newestMessage([null, null, null]), '');
  assert.equal(newestMessage([]), '');
});

test('statusState: the verdict, unless the trace was cancelled; the step and its number', () => {
  const verdict = { kind: 'unique', message: 'One solution.', diagnosis: { second: null } };
  const step = { kind: 'deduction' };
  const trace = { stopReason: null, made: 40, position: 12, current: step };
  const mode = modeAfter('watchTrace');
  assert.deepEqual(statusState({ mode, verdict, solutionIndex: 0, trace, isPlaying: true }), {
    notice: '',
    verdict,
    solutionIndex: null,
    step,
    stepNumber: 12,
    isPlaying: true,
  });
  const cancelled = statusState({
    mode,
    verdict,
    solutionIndex: 0,
    trace: { ...trace, stopReason: 'cancelled', made: 12345 },
    isPlaying: false,
  });
  assert.deepEqual(cancelled.verdict, {
    kind: 'cancelled',
    message: 'Stopped: the trace was cancelled after 12,345 steps.',
  });
  const none = statusState({ mode: new BoardMode(), verdict, trace: null, isPlaying: false });
  assert.deepEqual([none.step, none.stepNumber], [undefined, 0]);
});

test("statusState: a seek stopped short says where and why, before the board's own notice", () => {
  const verdict = { kind: 'unique', message: 'One solution.', diagnosis: { second: null } };
  const mode = modeAfter('watchTrace');
  const at = (note, notice) =>
    statusState({
      mode,
      verdict,
      solutionIndex: 0,
      trace: { stopReason: null, made: 2000000, position: 2000000, current: null, note },
      isPlaying: false,
      notice,
    }).notice;
  assert.equal(
    at({ kind: 'budget', position: 2000000, asked: 1e12 }, ''),
    'Stopped at step 2,000,000: the link asks for step 1,000,000,000,000, more than a link ' +
      'may seek (2,000,000 steps at a time). Press Play to go on.',
  );
  assert.equal(
    at({ kind: 'stopped', position: 41234, asked: 1e12 }, 'Old.'),
    'Stopped at step 41,234 on the way to step 1,000,000,000,000. Press Play to go on.',
  );
  assert.equal(at(null, 'Step "x" was not opened.'), 'Step "x" was not opened.');
  assert.equal(at(null, ''), '');
});

test('statusState: two solutions can be switched only while the solution shows', () => {
  const verdict = { kind: 'several', message: '', diagnosis: { second: 'line' } };
  const at = (mode) =>
    statusState({ mode, verdict, solutionIndex: 1, trace: null, isPlaying: false });
  assert.equal(at(modeAfter('watchSolution')).solutionIndex, 1);
  assert.equal(at(new BoardMode()).solutionIndex, null);
  assert.equal(at(modeAfter('watchTrace')).solutionIndex, null);
});

test('puzzleFault: only a current verdict of no solution or bad givens marks the grid', () => {
  const house = { kind: 'row', index: 0 };
  const duplicate = { puzzle: 'p', status: 'invalid', cells: [3, 6], house };
  assert.deepEqual(puzzleFault(duplicate, 'p'), { cells: [3, 6], houses: [house] });
  assert.deepEqual(puzzleFault({ puzzle: 'p', status: 'none', cells: [8] }, 'p'), {
    cells: [8],
    houses: [],
  });
  assert.equal(puzzleFault(duplicate, 'q'), null, 'a verdict on another puzzle');
  assert.equal(puzzleFault({ puzzle: 'p', status: 'several', cells: [1] }, 'p'), null);
  assert.equal(puzzleFault(undefined, 'p'), null);
});

test('finishCardState: only a solved, right board, until the card is closed', () => {
  const own = new Solve(9, GIVENS);
  const solveMeta = { hints: 2, checks: 1, solved: true };
  const state = (overrides) =>
    finishCardState({
      own,
      solution: SOLUTION,
      solveMeta,
      isClosed: false,
      elapsedMs: 90000,
      rating: { kind: 'rated', rating: { er: 2.3, level: 'Easy' } },
      ...overrides,
    });
  assert.equal(state(), null, 'not full yet');
  // The solver's board taken over: three of its digits, then the person's for the rest.
  const solver = { values: GIVENS.slice(), origins: new Uint8Array(81), candidates: [] };
  for (const cell of EMPTY_CELLS.slice(0, 3)) {
    solver.values[cell] = SOLUTION[cell];
  }
  own.takeOver(solver);
  for (const cell of EMPTY_CELLS.slice(3)) {
    own.setDigit(cell, SOLUTION[cell]);
  }
  assert.deepEqual(state(), {
    elapsedMs: 90000,
    hints: 2,
    checks: 1,
    solverDigits: 3,
    rating: 'ER 2.3 · Easy',
  });
  assert.equal(state({ rating: { kind: 'running', message: '' } }).rating, '');
  assert.equal(state({ isClosed: true }), null);
  assert.equal(state({ solution: null }), null);
  assert.equal(state({ solveMeta: { ...solveMeta, solved: false } }), null);
  assert.equal(state({ own: null }), null);
  own.setDigit(EMPTY_CELLS[5], (SOLUTION[EMPTY_CELLS[5]] % 9) + 1);
  assert.equal(state(), null, 'a wrong digit');
});

test('puzzleSummary: a sample by its name, else the size, layout and givens', () => {
  const classic = { shape: { size: 9 }, layout: { tag: '', name: 'Classic' } };
  const values = new Array(81).fill(0);
  assert.equal(puzzleSummary({ ...classic, values }, 'Easy 9×9'), 'Easy 9×9');
  assert.equal(puzzleSummary({ ...classic, values }, ''), 'Empty 9×9');
  values[0] = 5;
  values[80] = 1;
  assert.equal(puzzleSummary({ ...classic, values }, ''), '9×9, 2 givens');
  const x = { shape: { size: 9 }, layout: { tag: 'x', name: 'X-Sudoku' }, values };
  assert.equal(puzzleSummary(x, ''), '9×9 X-Sudoku, 2 givens');
});

test('digitsLeft: how many of each digit are left, never below 0', () => {
  assert.deepEqual(digitsLeft([1, 1, 0, 2, 4, 4, 4, 4, 4], 4), [2, 3, 4, 0]);
  assert.deepEqual(digitsLeft(new Uint8Array(16), 4), [4, 4, 4, 4]);
});

/** The easy puzzle's line, as its verdict names it. */
const LINE = parse(EASY).line;

/** A state for gridView: the easy puzzle, entering, with no verdict, trace or solve. */
function gridState(fields = {}) {
  const puzzle = parse(EASY);
  return {
    mode: new BoardMode(),
    puzzle,
    editBoard: createBoard(puzzle.shape, puzzle.values),
    diagnosis: undefined,
    solutionIndex: 0,
    trace: null,
    traceHint: null,
    own: null,
    readValues: (line) => Uint8Array.from(line, Number),
    ...fields,
  };
}

test('gridView: entering shows the puzzle, and the givens at fault when it cannot be solved', () => {
  const state = gridState();
  const shown = gridView(state);
  assert.equal(shown.board, state.editBoard);
  assert.deepEqual(
    { chain: shown.chain, step: shown.step, faults: shown.faults, houses: shown.houses },
    { chain: null, step: null, faults: null, houses: [] },
  );
  assert.equal(shown.showCandidates, false, 'no pencil marks in the puzzle');
  const diagnosis = { puzzle: LINE, status: 'invalid', cells: [0, 3], house: { kind: 'row' } };
  const faulty = gridView({ ...state, diagnosis });
  assert.deepEqual([...faulty.faults], [0, 3]);
  assert.deepEqual(faulty.houses, [{ kind: 'row' }]);
  // A verdict on another puzzle marks nothing.
  assert.equal(gridView({ ...state, diagnosis: { ...diagnosis, puzzle: 'other' } }).faults, null);
});

test('gridView: the solution fills the empty cells, and two solutions show where they differ', () => {
  const solution = [...SOLUTION].join('');
  const second = `${solution.slice(0, 80)}${(SOLUTION[80] % 9) + 1}`;
  const diagnosis = { puzzle: LINE, status: 'several', solution, second, cells: [80] };
  const mode = modeAfter('watchSolution');
  const first = gridView(gridState({ mode, diagnosis }));
  assert.deepEqual([...first.board.values], [...SOLUTION]);
  assert.equal(first.board.origins[EMPTY_CELLS[0]], Origin.SOLUTION);
  assert.equal(first.board.origins[GIVENS.findIndex(Boolean)], Origin.GIVEN);
  assert.deepEqual([...first.differ], [80]);
  const other = gridView(gridState({ mode, diagnosis, solutionIndex: 1 }));
  assert.equal(other.board.values[80], (SOLUTION[80] % 9) + 1);
  // Without a solution of this puzzle, the puzzle shows.
  const state = gridState({ mode, diagnosis: { ...diagnosis, puzzle: 'other' } });
  assert.equal(gridView(state).board, state.editBoard);
});

test('gridView: the trace shows its board and step, a hint the step to come, fast play unanimated', () => {
  const [first, second] = trace(EASY, 'singles', 2);
  const puzzle = parse(EASY);
  const playback = {
    board: startingBoard(puzzle),
    current: first,
    isPlaying: false,
    speed: 8,
  };
  const mode = modeAfter('watchTrace');
  const shown = gridView(gridState({ mode, trace: playback }));
  assert.equal(shown.board, playback.board);
  assert.equal(shown.chain, first, 'a step taken is walked');
  assert.deepEqual(shown.step, stepHighlight(first));
  assert.equal(gridView(gridState({ mode, trace: playback })).step, shown.step, 'worked out once');
  assert.equal(shown.isFast, false);
  const fast = { ...playback, isPlaying: true, speed: 60 };
  assert.equal(gridView(gridState({ mode, trace: fast })).isFast, true);
  // A hint's first level names the technique only; then it shows where the step is.
  const hinted = (level) =>
    gridView(gridState({ mode, trace: playback, traceHint: { step: second, level } }));
  assert.equal(hinted(1).step, null);
  assert.equal(hinted(1).chain, null, 'a hint is not walked');
  assert.ok(hinted(2).step.cells instanceof Set);
});

test('gridView: the person’s board with its clashes, faults, mistakes and hint', () => {
  const puzzle = parse(EASY);
  const own = {
    board: createBoard(puzzle.shape, puzzle.values),
    clashes: [1, 2],
    wrong: new Set([5]),
    wrongMarks: new Set([6]),
    step: null,
    taken: null,
  };
  const mode = modeAfter('solve');
  const diagnosis = { puzzle: LINE, status: 'none', cells: [2, 9], house: null };
  const shown = gridView(gridState({ mode, own, diagnosis }));
  assert.equal(shown.board, own.board);
  assert.equal(shown.marksName, 'marks');
  assert.deepEqual(
    [...shown.faults].sort((a, b) => a - b),
    [1, 2, 9],
  );
  assert.deepEqual(shown.houses, []);
  assert.equal(shown.wrong, own.wrong);
  assert.equal(shown.wrongMarks, own.wrongMarks);
  assert.equal(shown.chain, null);
});

test('recentChoices: a sample by its name, else the puzzle’s start, with how far it went', () => {
  const recent = [
    { puzzle: LINE, filled: 81, cells: 81, solved: true, elapsedMs: 125_000 },
    { puzzle: '1'.repeat(81), filled: 40, cells: 81, solved: false, elapsedMs: 5_000 },
  ];
  const names = recentChoices(recent, (line) => (line === LINE ? 'Easy 9×9' : ''));
  assert.deepEqual(
    names.map((n) => n.puzzle),
    recent.map((r) => r.puzzle),
  );
  assert.match(names[0].label, /^Easy 9×9 — solved in 2:05$/);
  assert.match(names[1].label, /^111111111111… — 40 of 81 cells, 0:05$/);
});
