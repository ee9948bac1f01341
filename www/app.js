// The page glue: mounts nothing itself (index.html holds the <stepdoku-board>), keeps the
// puzzle and the position on its trace in the URL hash (#p=<line>&s=<strategy>&n=<step>),
// routes page-level shortcuts and pastes to the board.

import './stepdoku-board.js';
import { DEFAULT_SAMPLE } from './samples.js';

const board = document.querySelector('stepdoku-board');

/**
 * What the URL hash names: the puzzle (`p`), and a position on its trace, the strategy (`s`)
 * and the step (`n`), as in `#p=<line>&s=human&n=42`.
 */
function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  return { line: params.get('p'), strategy: params.get('s'), step: params.get('n') };
}

/** Keeps the puzzle, and the position once the trace has moved, in the URL hash. */
function writeHash({ line, strategy, step }) {
  const hash = step > 0 ? `#p=${line}&s=${strategy}&n=${step}` : `#p=${line}`;
  if (location.hash !== hash) {
    history.replaceState(null, '', hash);
  }
}

/** Points the board at the puzzle and strategy the hash names; returns the step it names. */
function followHash() {
  const { line, strategy, step } = readHash();
  if (line) {
    board.setAttribute('puzzle', line);
  }
  if (strategy) {
    board.setAttribute('strategy', strategy);
  }
  return step === null ? 0 : Number(step);
}

if (!readHash().line) {
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
