// The iframe page (embed.html): one board set up from the page's own URL hash (link.js), for
// sites that cannot add a module script: `embed.html#p=<puzzle>&s=human&n=42&readonly`, or a
// new puzzle made there, the same every time: `embed.html#new=hard&seed=20261124`.
// It tells the page around it how tall it is, so that page may size the iframe to fit.

import './stepdoku-board.js';
import { LINK_OPTIONS, readLink } from './link.js';

const board = document.querySelector('stepdoku-board');

/** Sets the board up as the hash says; options the hash leaves out are removed. */
function followHash() {
  const { line, strategy, stepText, options, generated } = readLink(location.hash);
  // The step as written: the board refuses one that is not a whole number, with a message.
  const attributes = {
    ...Object.fromEntries(LINK_OPTIONS.map((name) => [name, options[name] ?? null])),
    puzzle: line,
    strategy,
    step: stepText,
  };
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null) {
      board.removeAttribute(name);
    } else if (board.getAttribute(name) !== value) {
      board.setAttribute(name, value);
    }
  }
  if (!line && generated) {
    const { target, seed, symmetry } = generated;
    board
      .whenReady()
      .then(() => board.newPuzzle({ target, seed: seed ?? undefined, symmetry, size: 9, tag: '' }));
  }
}

followHash();
window.addEventListener('hashchange', followHash);

// { type: 'stepdoku:resize', height } to the embedding page whenever the height changes.
let lastHeight = 0;
new ResizeObserver(() => {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height !== lastHeight && window.parent !== window) {
    lastHeight = height;
    window.parent.postMessage({ type: 'stepdoku:resize', height }, '*');
  }
}).observe(document.documentElement);
