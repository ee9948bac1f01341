// Loading a puzzle on a board (stepdoku-board.js) from text: typed or pasted, a sample, a
// recent solve, or a link (the `puzzle` attribute). Plain text is read at once (core.js
// readPuzzle). Text with rules (a Killer's cages, a thermometer…, f-puzzles JSON or a link)
// waits for the rules reader (core.js loadRules): the status says so meanwhile, the grid and
// the person's solve stay as they are, and only the last text asked for is loaded once it
// is in, so a slow load never overwrites a puzzle chosen after it.

import { loadRules, needsRules, readPuzzle, textTooLong } from './core.js';
import { loadRuleSamples } from './samples.js';
import { verdictOf } from './verdict-job.js';

/**
 * What the Variant list calls Killer: no layout of the core's, but an empty grid whose cages
 * the person draws (cage-entry.js).
 */
export const KILLER_TAG = 'killer';

/** The rules layer (rules-layer.js) once imported, else null. */
let rulesLayer = null;
/** Grids by the layout whose rules they are to show (the last one asked for). */
const rulesFor = new WeakMap();

/**
 * Draws the rules of the board's puzzle over its grid (rules-layer.js, imported the first
 * time a puzzle has rules), or takes away those of the puzzle before; called whenever the
 * grid is built for a new layout.
 */
export function showRules(board) {
  const { grid } = board.parts;
  const { shape, layout } = board.state.puzzle;
  rulesFor.set(grid, layout);
  if (!layout.rules) {
    rulesLayer?.removeRules(grid);
    return;
  }
  import('./rules-layer.js').then(
    (module) => {
      rulesLayer = module;
      if (rulesFor.get(grid) === layout) {
        module.drawRules(grid, shape, layout);
      }
    },
    (error) =>
      board.reportError(new Error(`The puzzle's rules could not be drawn: ${error.message}`)),
  );
}

/** What the status card says while the rules reader loads. */
const READING = 'Reading the rules of the puzzle…';

/** Boards by the text each waits for the rules reader to read (only the last is kept). */
const waiting = new WeakMap();

/** readPuzzle's refusal of text whose rules reader could not load. */
function unloaded(error) {
  const message = `The rules of this puzzle could not be read: ${error?.message ?? error}`;
  return { ok: false, diagnosis: { status: 'invalid', message, position: null } };
}

/**
 * What readPuzzle says of `text`, once it can say it: at once for plain text (or any text
 * once the rules reader is in), else a promise of it.
 */
export function readSoon(text) {
  if (!needsRules(text)) {
    return readPuzzle(text);
  }
  // The samples with rules come too, so that one is named as a sample (samples.js).
  return Promise.all([loadRules(text), loadRuleSamples()]).then(() => readPuzzle(text), unloaded);
}

/**
 * Calls `then(read)` with what readPuzzle says of `text`: now, or once the rules reader is in,
 * provided the board asked for no other text since. Resolves once done.
 */
async function whenRead(board, text, then) {
  const read = readSoon(text);
  if (!(read instanceof Promise)) {
    waiting.delete(board);
    then(read);
    return;
  }
  waiting.set(board, text);
  board.state.notice = READING;
  board.schedule();
  const answer = await read;
  if (waiting.get(board) === text) {
    waiting.delete(board);
    if (board.state.notice === READING) {
      board.state.notice = '';
    }
    then(answer);
    board.schedule();
  }
}

/**
 * Loads puzzle text on `board` to solve, or in another `phase` (see the board's setPuzzle);
 * text that cannot be read stays in the Puzzle box with its error, and the grid is kept.
 * Text longer than the core reads is refused before it reaches wasm, and is not put in the
 * Puzzle box either (a pasted file would make the page crawl). Returns whether the text was
 * read, or will be once its rules reader is in (true: the Puzzle box shows any error after).
 */
export function loadText(board, text, { phase = 'solving' } = {}) {
  const { state } = board;
  // The person moves on: a notice on a link refused before is old news, and so is drawing
  // cages (unless another variant keeps them: stepdoku-board.js setVariant).
  state.notice = '';
  state.isDrawingCages &&= phase === 'entering';
  let isRead = false;
  whenRead(board, text, (read) => {
    isRead = read.ok;
    if (read.ok) {
      board.setPuzzle(read.puzzle, { phase });
      return;
    }
    if (!textTooLong(text)) {
      state.text = text;
    }
    state.inputError = read.diagnosis;
    board.verdicts.refuse(verdictOf(read.diagnosis));
    board.schedule();
  });
  return isRead || waiting.get(board) === text;
}

/**
 * Makes `text` the board's puzzle as an edit while entering it (a cage drawn or taken away:
 * cage-entry.js), one action of the board's history. Resolves with null, or with the core's
 * message when the text cannot be read (the puzzle then stays as it was).
 */
export async function editLine(board, text) {
  let message = null;
  await whenRead(board, text, (read) => {
    if (read.ok) {
      board.solving.record('edit', () => board.setPuzzle(read.puzzle));
    } else {
      message = read.diagnosis.message;
      board.askVerdict();
    }
  });
  return message;
}

/** Loads a link's puzzle (the `puzzle` attribute); text that cannot be read is refused. */
export function loadLinked(board, text) {
  const { state } = board;
  if (text === state.puzzle.line) {
    waiting.delete(board);
    // The board's own line (setPuzzle writes it back), or a link back to the grid shown.
    if (state.unreadLink !== null) {
      state.unreadLink = null;
      state.notice = '';
      board.schedule();
    }
    return;
  }
  const isWaiting = needsRules(text);
  whenRead(board, text, (read) => {
    if (read.ok) {
      board.setPuzzle(read.puzzle, { phase: 'solving' });
      // The link's step waited for its puzzle (see isReading); its progress, setPuzzle took.
      const step = board.getAttribute('step');
      if (isWaiting && step !== null) {
        board.openStep(step, { isZeroOpened: false });
      }
    } else {
      refuseLink(board, text, read.diagnosis);
    }
  });
}

/**
 * Whether the board waits for the rules reader to read a puzzle: the rest of a link (its
 * step, its progress) then waits for that puzzle too.
 */
export function isReading(board) {
  return waiting.has(board);
}

/**
 * Shows why the puzzle of a link could not be read, in the Puzzle box (as typed text) and
 * in the status card, which says the grid shown is not the link's. The position shown
 * counts as announced, so the page's link stays as written until the person moves on.
 */
export function refuseLink(board, text, diagnosis) {
  const { state } = board;
  state.unreadLink = text;
  board.playback.pause();
  board.playback.cancelSeek();
  if (!textTooLong(text)) {
    state.text = text;
  }
  state.inputError = diagnosis;
  state.notice = `The link's puzzle could not be read, so it is not shown. ${diagnosis.message}`;
  state.announced = board.positionKey(board.watching.shown());
  board.schedule();
}
