// The page glue: mounts nothing itself (index.html holds the <stepdoku-board>), keeps the
// puzzle and the position on its trace in the URL hash (link.js), routes page-level
// shortcuts and pastes to the board. The board itself never touches the URL.

import './stepdoku-board.js';
import { linkHash, readLink } from './link.js';
import { DEFAULT_SAMPLE } from './samples.js';

const board = document.querySelector('stepdoku-board');

/** Keeps the puzzle, and the position once the trace has moved, in the URL hash. */
function writeHash(position) {
  const hash = linkHash(position);
  if (location.hash !== hash) {
    history.replaceState(null, '', hash);
  }
}

/**
 * Points the board at the puzzle, strategy and progress the hash names; returns the step it
 * names.
 */
function followHash() {
  const { line, strategy, step, progress } = readLink(location.hash);
  if (line) {
    board.setAttribute('puzzle', line);
  }
  // After the puzzle: the progress is read against the puzzle's givens.
  if (progress) {
    board.setAttribute('progress', progress);
  }
  if (strategy) {
    board.setAttribute('strategy', strategy);
  }
  return step;
}

if (!readLink(location.hash).line) {
  board.setAttribute('puzzle', DEFAULT_SAMPLE.text);
}
const initialStep = followHash();
if (initialStep > 0) {
  board.setAttribute('step', String(initialStep));
}

board.addEventListener('puzzlechange', ({ detail }) => writeHash(detail));
board.addEventListener('positionchange', ({ detail }) => writeHash(detail));

window.addEventListener('hashchange', () => {
  const step = followHash();
  if (step > 0) {
    board.goToStep(step);
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
