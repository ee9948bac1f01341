// The page glue: mounts nothing itself (index.html holds the <stepdoku-board>), keeps the
// puzzle in the URL hash (#p=<line>), routes page-level shortcuts and pastes to the board.

import './stepdoku-board.js';
import { DEFAULT_SAMPLE } from './samples.js';

const board = document.querySelector('stepdoku-board');

/** The puzzle named by the URL hash, if any. */
function puzzleFromHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  return params.get('p');
}

board.setAttribute('puzzle', puzzleFromHash() ?? DEFAULT_SAMPLE.text);

board.addEventListener('puzzlechange', ({ detail }) => {
  const hash = `#p=${detail.line}`;
  if (location.hash !== hash) {
    history.replaceState(null, '', hash);
  }
});

window.addEventListener('hashchange', () => {
  const text = puzzleFromHash();
  if (text) {
    board.setAttribute('puzzle', text);
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
