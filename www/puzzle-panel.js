// The top bar and the puzzle panel it opens: over the grid on a narrow board, at the head of
// the solver's column beside it on a wide one (layout.css). The bar is one compact row: the
// Puzzle button (it opens and closes the panel) with what the puzzle is, the quick New puzzle
// part (new-puzzle.js mounts it here) and Share. The panel holds what changes the puzzle less
// often: the puzzle bar (puzzle-bar.js: size, sample, variant, recent, the text box), Puzzle of
// the day and its options (new-puzzle.js), and Clear grid. Closed, the panel takes no room;
// open, it never pushes the grid out of view on a wide board.

import { icon, setText } from './dom.js';

/** How long the Share button's "Link copied" note stays, in ms. */
const SHARE_NOTE_MS = 4000;

/**
 * Mounts the bar and the (closed) panel into `host`. `on` holds `toggle()` (the Puzzle
 * button), `share()` (resolves with what happened: 'shared', 'copied' or a message), and
 * `clear()` (Clear grid). Returns `{ quick, panel, update }`: `quick` is where the
 * quick New puzzle part goes, `panel` where the panel's parts go.
 */
export function mountPuzzlePanel(host, on) {
  host.insertAdjacentHTML(
    'beforeend',
    `<div class="top-bar" part="top-bar">
      <div class="panel-head" data-control="puzzle">
        <button type="button" class="panel-toggle" aria-expanded="false" aria-controls="puzzle-panel" part="button">${icon('forward')}<span>Puzzle</span></button>
        <span class="panel-summary"></span>
      </div>
      <div class="quick-new"></div>
      <div class="share" data-control="share">
        <button type="button" class="quiet" data-act="share" title="Copy a link to this puzzle and where you are in it" part="button">${icon('share')}<span>Share</span></button>
        <span class="share-note" aria-live="polite"></span>
      </div>
    </div>
    <section class="puzzle-panel" id="puzzle-panel" aria-label="Choose a puzzle" data-control="puzzle" part="puzzle-panel" hidden>
      <div class="panel-parts"></div>
      <div class="panel-foot" data-control="clear">
        <button type="button" class="quiet" data-act="clear" title="Empty the grid (Undo brings it back)" part="button">${icon('clear')}<span>Clear grid</span></button>
      </div>
    </section>`,
  );
  const bar = host.querySelector('.top-bar');
  const panel = host.querySelector('.puzzle-panel');
  const toggle = bar.querySelector('.panel-toggle');
  const summary = bar.querySelector('.panel-summary');
  const shareNote = bar.querySelector('.share-note');
  let noteTimer = 0;

  toggle.addEventListener('click', () => on.toggle());
  bar.querySelector('[data-act="share"]').addEventListener('click', async () => {
    showShared(await on.share());
  });
  panel.querySelector('[data-act="clear"]').addEventListener('click', () => on.clear());

  /** Says what Share did ('shared' says nothing: the system's sheet did). */
  function showShared(outcome) {
    clearTimeout(noteTimer);
    setText(shareNote, outcome === 'copied' ? 'Link copied' : outcome === 'shared' ? '' : outcome);
    noteTimer = setTimeout(() => setText(shareNote, ''), SHARE_NOTE_MS);
  }

  /** `state`: `isOpen` (the panel shows), `summary` (what the puzzle is, in a few words). */
  function update({ isOpen, summary: text }) {
    if (panel.hidden === isOpen) {
      panel.hidden = !isOpen;
      toggle.setAttribute('aria-expanded', String(isOpen));
    }
    setText(summary, text);
  }

  return {
    quick: bar.querySelector('.quick-new'),
    panel: panel.querySelector('.panel-parts'),
    update,
  };
}
