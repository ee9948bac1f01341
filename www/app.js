// The page glue: mounts nothing itself (index.html holds the <stepdoku-board>), keeps the
// puzzle and the position on its trace in the URL hash (link.js), with how a new puzzle was
// made, routes page-level shortcuts and pastes to the board. The board itself never touches
// the URL.

import { afterPaint } from './after-paint.js';
import './stepdoku-board.js';
import { linkHash, readLink } from './link.js';
import { DEFAULT_SAMPLE } from './samples.js';

const board = document.querySelector('stepdoku-board');
// Working offline (a service worker, on the built page) waits until the grid shows.
board.whenReady().then(() => import('./offline.js'));
// Share links open this page, at the position they name.
board.linkBase = location.origin + location.pathname;

/**
 * How the puzzle of line `line` was made, when it is a new one (`{ line, target, seed,
 * symmetry }`, from the board or the link), so that its links keep saying so.
 */
let origin = null;

/**
 * Whether the board is making the puzzle a hash names without its line: until it is made, the
 * hash stays as it was written.
 */
let isMakingLinked = false;

/** The position the hash is to say once the board's frame is painted, or null. */
let pendingPosition = null;

/**
 * Keeps the puzzle, and the position once the trace has moved, in the URL hash: once the
 * board's change is painted, as writing the URL lays out the page when a change is pending
 * (a 25×25 board's first step spent a third of its main-thread time there).
 */
function writeHashSoon(position) {
  if (!pendingPosition) {
    afterPaint(() => {
      const latest = pendingPosition;
      pendingPosition = null;
      if (latest) {
        writeHash(latest);
      }
    });
  }
  pendingPosition = position;
}

/** Says `position` (a `puzzlechange` or `positionchange` detail) in the URL hash now. */
function writeHash(position) {
  const generated = origin?.line === position.line ? origin : null;
  if (isMakingLinked && !generated) {
    return;
  }
  const hash = linkHash({ ...position, generated });
  if (location.hash !== hash) {
    history.replaceState(null, '', hash);
  }
}

/**
 * Points the board at the puzzle, strategy and progress of `link` (as readLink reads the
 * hash), or has it make the new puzzle the link names without one (a classic 9×9, so that a
 * link always makes the same puzzle); returns the step it names, as written (null for none),
 * for the board's `step` attribute. The board refuses a puzzle it cannot read, or a step
 * that is not one, with a message, and then leaves the hash as it is.
 */
function followHash({ line, strategy, stepText, progress, generated }) {
  if (line) {
    origin = generated && generated.seed !== null ? { line, ...generated } : null;
    board.setAttribute('puzzle', line);
  } else if (generated) {
    makeLinked(generated);
  }
  // After the puzzle: the progress is read against the puzzle's givens.
  if (progress) {
    board.setAttribute('progress', progress);
  }
  if (strategy) {
    board.setAttribute('strategy', strategy);
  }
  return stepText;
}

/** Has the board make the new puzzle a hash names without its line. */
async function makeLinked({ target, seed, symmetry }) {
  isMakingLinked = true;
  await board.whenReady();
  const order = { target, seed: seed ?? undefined, symmetry, size: 9, tag: '' };
  if (!(await board.newPuzzle(order))) {
    isMakingLinked = false;
  }
}

const initial = readLink(location.hash);
if (!initial.line && !initial.generated) {
  board.setAttribute('puzzle', DEFAULT_SAMPLE.text);
}
const initialStep = followHash(initial);
if (initialStep !== null) {
  board.setAttribute('step', initialStep);
}

board.addEventListener('puzzlechange', ({ detail }) => {
  if (detail.generated) {
    origin = { line: detail.line, ...detail.generated };
    isMakingLinked = false;
  }
  writeHashSoon(detail);
});
board.addEventListener('positionchange', ({ detail }) => writeHashSoon(detail));

window.addEventListener('hashchange', () => {
  // The person's link wins over a position the board has not written yet.
  pendingPosition = null;
  const step = followHash(readLink(location.hash));
  if (step !== null) {
    // Set afresh, so a link followed again opens its step again.
    board.removeAttribute('step');
    board.setAttribute('step', step);
  }
});

// Keys and pastes aimed at the page itself (nothing focused) go to the board.
document.addEventListener('keydown', (event) => {
  if (event.target === document.body) {
    board.handleShortcut(event);
  }
});

document.addEventListener('paste', (event) => {
  if (!event.defaultPrevented && event.target === document.body) {
    event.preventDefault();
    board.loadText(event.clipboardData?.getData('text/plain') ?? '');
  }
});
