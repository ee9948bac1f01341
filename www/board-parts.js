// The parts of <stepdoku-board> (stepdoku-board.js) mounted into its shadow root, each wired
// to the actions its controls ask of the board: one table of which control does what. The
// parts the first grid needs come first (mountParts); the rest once later-parts.js is in
// (its mountLaterParts, wired the same way). Each part keeps its own DOM; updateParts shows the board's state in
// them all, from what view-model.js and the board's controllers say of it.

import { mountControls } from './controls.js';
import {
  allShapes,
  candidatesOf,
  readPuzzle,
  strategies,
  technique,
  techniqueAnchor,
  textTooLong,
  variantsFor,
} from './core.js';
import { mountGrid } from './grid-view.js';
import { mountNumberPad } from './number-pad.js';
import { mountPuzzleBar } from './puzzle-bar.js';
import { KILLER_TAG } from './puzzle-loading.js';
import { mountPuzzlePanel } from './puzzle-panel.js';
import { sampleText } from './samples.js';
import { mountSolveBar } from './solve-bar.js';
import { mountStatus } from './status.js';
import { controlsState, digitsLeft, gridView, recentChoices, statusState } from './view-model.js';
import { traceHintText } from './hints.js';

/**
 * Mounts the parts the first grid needs into the board's columns (`boardCol`, `sideCol`):
 * `{ panel, bar, grid, solveBar, pad, controls, status }`.
 */
export function mountParts(board, boardCol, sideCol) {
  const { solving, watching } = board;
  const parts = {};
  parts.panel = mountPuzzlePanel(sideCol, {
    toggle: () => board.togglePanel(),
    share: () => board.share(),
    clear: () => board.clearGrid(),
  });
  // A puzzle chosen in the panel closes it, so that the grid comes back into view.
  const land = (isLoaded) => isLoaded && board.landPuzzle();
  parts.bar = mountPuzzleBar(parts.panel.panel, allShapes(), {
    load: (text) => land(board.loadText(text)),
    isTooLong: (text) => textTooLong(text) !== null,
    edit: (text) => board.editText(text),
    size: (size) => board.setSize(size),
    variant: (tag) => board.setVariant(tag),
    sample: (sample) => sampleText(sample).then((text) => land(board.loadText(text))),
    resume: (line) => land(board.loadText(line)),
  });
  parts.grid = mountGrid(boardCol, {
    input: (cell, key, isOther) => board.input(cell, key, isOther),
    switchMode: () => solving.togglePencil(),
    paste: (text, cell) => board.pasteOnGrid(text, cell),
  });
  const ownAction = (make) => solving.ownAction(make);
  parts.solveBar = mountSolveBar(sideCol, {
    phase: () => solving.enterPhase(board.state.mode.isSolving ? 'entering' : 'solving'),
    undo: () => solving.history('undo'),
    redo: () => solving.history('redo'),
    pencil: () => solving.togglePencil(),
    hint: () => board.hint(),
    fill: () =>
      ownAction((own) => own.fillCandidates(candidatesOf(board.state.puzzle.layout, own.values))),
    clearMarks: () => ownAction((own) => own.clearCandidates()),
    check: () => solving.check(),
    takeOver: () => solving.takeOver(),
    resume: () => solving.backToBoard(),
    option: (id, value) => solving.setOption(id, value),
  });
  parts.pad = mountNumberPad(sideCol, {
    key: (key, isOther) => board.input(parts.grid.selected, key, isOther),
  });
  parts.controls = mountControls(sideCol, strategies(), {
    solve: () => board.solve(),
    togglePlay: () => watching.togglePlay(),
    toStart: () => watching.seek(0),
    back: () => watching.back(),
    forward: () => watching.stepForward(),
    cancel: () => board.cancel(),
    strategy: (id) => board.setStrategy(id),
    speed: (stepsPerSecond) => board.setSpeed(stepsPerSecond),
  });
  parts.status = mountStatus(sideCol, {
    showSolution: (index) => board.showSolution(index),
    keepChecking: () => board.keepChecking(),
  });
  return parts;
}

/** Draws the grid (view-model.js gridView), with the forcing chain walked on it. */
function drawGrid(board, grid, trace) {
  const { state, watching } = board;
  const {
    board: cells,
    chain,
    ...view
  } = gridView({
    ...state,
    diagnosis: board.verdict.diagnosis,
    trace,
    traceHint: watching.activeHint(),
    own: state.mode.isOnOwnBoard && !trace ? board.solving.boardMarks() : null,
    readValues: (line) => readPuzzle(line).puzzle.values,
  });
  watching.walk.show(chain);
  view.step = watching.walk.over(view.step);
  grid.render(cells, view);
}

/**
 * Tells the stylesheets (layout.css) what the board is used for now, which orders the parts,
 * and whether a chain is on show, which keeps the grid in view on a narrow board while it is
 * walked. No rule keys a cell on them, so a change restyles the parts, not the grid.
 */
function markActivity(board) {
  const { mode } = board.state;
  const { drawn } = board;
  const app = board.shadowRoot.querySelector('.app');
  if (drawn.view !== mode.name) {
    // Another activity reorders the parts: the grid stays in view for a person using the
    // board (not for one that plays by itself in a page scrolled past it).
    if (drawn.view && board.matches(':focus-within')) {
      requestAnimationFrame(() => board.revealGrid());
    }
    drawn.view = mode.name;
    app.dataset.view = mode.name;
    app.dataset.activity = mode.isOnBoard ? 'board' : 'watching';
  }
  const hasChain = Boolean(board.watching.walk.step);
  if (drawn.hasChain !== hasChain) {
    drawn.hasChain = hasChain;
    app.toggleAttribute('data-chain', hasChain);
  }
}

/**
 * What the Variant list shows chosen: the layout's variant (its tag before any rules), or
 * Killer for a classic grid with cages or whose cages the person chose to draw.
 */
function variantChoice({ puzzle, isDrawingCages }) {
  const { tag, rules } = puzzle.layout;
  const variantTag = tag.split(';')[0];
  return !variantTag && (isDrawingCages || rules?.cages.length) ? KILLER_TAG : variantTag;
}

/**
 * The cage tools (cage-entry.js, imported the first time they show), shown while a puzzle
 * with cages, or one the person chose Killer for, is entered on an editable board.
 */
function showCageEntry(board, parts) {
  const { puzzle, mode, isDrawingCages } = board.state;
  const isShown =
    mode.name === 'edit' &&
    !board.isReadonly &&
    (isDrawingCages || Boolean(puzzle.layout.rules?.cages.length));
  if (parts.cages) {
    parts.cages.update({ isShown, puzzle });
  } else if (isShown && !parts.cagesOnTheWay) {
    parts.cagesOnTheWay = import('./cage-entry.js').then(
      (module) => {
        parts.cages = module.mountCageEntry(board, parts.grid);
        board.schedule();
      },
      (error) => board.reportError(new Error(`The cage tools could not load: ${error.message}`)),
    );
  }
}

/**
 * Shows the board's state in its parts, the grid first: each part's `update`, with `trace`
 * the Playback when the grid shows the trace, else null.
 */
export function updateParts(board, parts, trace) {
  const { state, solving } = board;
  const { puzzle, mode } = state;
  // The step list first: following the step, it sets its scroll offset, which lays the page
  // out; before the grid changes, that layout has little to do.
  parts.stepList?.update(trace);
  drawGrid(board, parts.grid, trace);
  markActivity(board);
  const step = trace?.current;
  parts.panel.update({
    isOpen: state.isPanelOpen || Boolean(state.inputError),
    summary: state.summary,
  });
  const padValues = mode.isOnOwnBoard ? solving.own.values : mode.isOnBoard ? puzzle.values : null;
  parts.pad.setLeft(padValues && digitsLeft(padValues, puzzle.shape.size));
  if (board.drawn.recentFor !== solving.recent) {
    board.drawn.recentFor = solving.recent;
    board.drawn.recent = recentChoices(solving.recent, (line) => board.sampleName(line));
  }
  parts.bar.update({
    text: state.text,
    size: puzzle.shape.size,
    layout: puzzle.layout,
    variant: variantChoice(state),
    killerTag: KILLER_TAG,
    variants: variantsFor(puzzle.shape),
    sampleId: board.sampleIdOf(puzzle.line),
    error: state.inputError,
    recent: board.drawn.recent,
  });
  parts.newPart?.update({ isRunning: board.making.isRunning });
  showCageEntry(board, parts);
  solving.render(parts, {
    canHint: !trace?.isAtEnd,
    rating: board.rating.view,
  });
  parts.status.update({
    making: board.making.noteFor(puzzle.line),
    ...statusState({
      mode,
      verdict: board.verdict,
      solutionIndex: state.solutionIndex,
      trace,
      isPlaying: board.playback.isPlaying,
      notice: state.notice,
    }),
    technique: step ? technique(step.techniqueId) : null,
    anchor: step ? techniqueAnchor(step.techniqueId) : '',
    hint: mode.isOnOwnBoard
      ? solving.statusNote()
      : traceHintText(board.watching.activeHint(), puzzle.shape.size),
  });
  parts.controls.update(
    controlsState({
      playback: board.playback,
      trace,
      isBusy: state.isBusy,
      strategy: board.watching.strategy,
    }),
  );
  parts.chainCard?.update(board.watching.walk.view());
  parts.ratingCard?.update(board.rating.view);
}
