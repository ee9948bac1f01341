// The step list: every step of the trace made so far, the current one highlighted, click to
// jump. Traces run to millions of steps, so the list is virtual: a spacer as tall as all rows
// and a handful of row buttons, reused, placed over the rows in view. The rows' text comes
// from the worker, for the rows in view only (Playback.row).
//
// Row p stands for position p: row 0 is the puzzle as given, row p > 0 the step that leads
// to position p (the trace's step p - 1).
//
// Browsers cap an element's height (about 33 million px in Chromium), so past MAX_SPACER_PX
// the spacer stops growing and the scroll bar maps onto the rows in proportion.

const ROW_HEIGHT = 30;
const MAX_SPACER_PX = 3_000_000;
/** While a trace plays, the list redraws at most this often: following it costs a layout. */
const PLAYING_REDRAW_MS = 250;

const KIND_GLYPHS = {
  deduction: '•',
  guess: '?',
  contradiction: '✕',
  backtrack: '↶',
  solved: '✓',
  unsolvable: '✕',
};

/** Mounts the list into `host`; `on.seek(position)` jumps. */
export function mountStepList(host, on) {
  host.insertAdjacentHTML(
    'beforeend',
    `<section class="steps-panel" aria-labelledby="steps-title" data-control="steps" part="steps">
      <header class="steps-header">
        <h2 id="steps-title">Steps</h2>
        <span class="steps-note"></span>
      </header>
      <div class="steps-scroll">
        <div class="steps-spacer"><ol class="steps-window"></ol></div>
        <p class="steps-empty">Press Play or Step forward to watch the solver, one step at a time.</p>
      </div>
    </section>`,
  );
  const panel = host.lastElementChild;
  const scroller = panel.querySelector('.steps-scroll');
  const spacer = panel.querySelector('.steps-spacer');
  const list = panel.querySelector('.steps-window');
  const note = panel.querySelector('.steps-note');
  const empty = panel.querySelector('.steps-empty');
  let playback = null;
  let traceId = null;
  let shownKey = '';
  let followedPosition = -1;
  /** The rows the list last drew, and its first row then (fractional when scaled). */
  let shownRows = 0;
  let anchor = 0;
  let lastDraw = 0;
  // Kept from events, so drawing never reads layout while the grid has pending changes.
  let viewHeight = 0;
  let scrollTop = 0;
  new ResizeObserver(([entry]) => {
    viewHeight = entry.contentRect.height;
    draw(false);
  }).observe(scroller);

  list.addEventListener('click', (event) => {
    const row = event.target.closest('[data-position]');
    if (row) {
      on.seek(Number(row.dataset.position));
    }
  });
  scroller.addEventListener('scroll', () => {
    scrollTop = scroller.scrollTop;
    draw(false);
  });

  /** Row `position`, its text asked for with the rows from `from` to `from + count - 1`. */
  function rowFor(position, from, count) {
    if (position === 0) {
      return { glyph: '○', kind: 'start', text: 'The puzzle as given' };
    }
    const step = playback.row(position - 1, Math.max(0, from - 1), count);
    if (!step) {
      return { glyph: '…', kind: 'loading', text: '…' };
    }
    return { glyph: KIND_GLYPHS[step.kind] ?? '•', kind: step.kind, text: step.text };
  }

  function draw(follow) {
    if (!playback) {
      spacer.style.height = '0px';
      list.replaceChildren();
      empty.hidden = false;
      note.textContent = '';
      shownKey = '';
      return;
    }
    empty.hidden = true;
    const { position, made, isComplete } = playback;
    const nRows = made + 1;
    const height = Math.min(nRows * ROW_HEIGHT, MAX_SPACER_PX);
    spacer.style.height = `${height}px`;
    // Scrolling `range` px moves the first row shown by `rowRange` rows.
    const range = Math.max(0, height - viewHeight);
    const rowRange = Math.max(0, nRows - viewHeight / ROW_HEIGHT);
    const firstShown = () => (range > 0 ? (scrollTop * rowRange) / range : 0);
    // Scaled, the same scroll offset means another row once rows are added: keep the row.
    if (nRows !== shownRows && height === MAX_SPACER_PX && rowRange > 0) {
      scrollTop = Math.min((anchor * range) / rowRange, range);
      scroller.scrollTop = scrollTop;
    }
    shownRows = nRows;
    if (follow && followedPosition !== position) {
      followedPosition = position;
      const top = firstShown();
      if (position < top || position + 1 > top + viewHeight / ROW_HEIGHT) {
        const wanted = position - viewHeight / ROW_HEIGHT / 2;
        scrollTop = rowRange > 0 ? Math.max(0, Math.min((wanted * range) / rowRange, range)) : 0;
        scroller.scrollTop = scrollTop;
      }
    }
    const exact = firstShown();
    anchor = exact;
    const from = Math.max(0, Math.min(Math.floor(exact), nRows - 1));
    const offset = scrollTop - (exact - from) * ROW_HEIGHT;
    const count = Math.min(nRows - from, Math.ceil(viewHeight / ROW_HEIGHT) + 1);
    const key = `${made}:${isComplete}:${position}:${offset}:${count}:${playback.rows.size}`;
    if (key === shownKey) {
      return;
    }
    shownKey = key;
    while (list.children.length < count) {
      list.append(document.createElement('li'));
      list.lastChild.innerHTML =
        '<button type="button" class="step-row"><span class="n"></span><span class="g" aria-hidden="true"></span><span class="t"></span></button>';
    }
    while (list.children.length > count) {
      list.lastChild.remove();
    }
    list.style.transform = `translateY(${offset}px)`;
    for (let k = 0; k < count; k++) {
      const at = from + k;
      const row = rowFor(at, from, count);
      const button = list.children[k].firstChild;
      button.dataset.position = at;
      button.dataset.kind = row.kind;
      button.children[0].textContent = at;
      button.children[1].textContent = row.glyph;
      button.children[2].textContent = row.text;
      if (at === position) {
        button.setAttribute('aria-current', 'step');
      } else {
        button.removeAttribute('aria-current');
      }
    }
    note.textContent = `${made.toLocaleString('en')}${isComplete ? '' : '+'} steps`;
  }

  /**
   * Shows the steps of a playback's trace (null for none), scrolling the current one into
   * view; while it plays, only a few times a second.
   */
  function update(newPlayback) {
    const isPlaying = Boolean(newPlayback?.isPlaying);
    if (newPlayback !== playback || newPlayback?.traceId !== traceId) {
      playback = newPlayback;
      traceId = newPlayback?.traceId;
      followedPosition = -1;
      shownKey = '';
      // Setting scrollTop lays the page out first: only when it moves.
      if (scrollTop !== 0) {
        scrollTop = 0;
        scroller.scrollTop = 0;
      }
      anchor = 0;
      shownRows = 0;
    } else if (isPlaying && performance.now() - lastDraw < PLAYING_REDRAW_MS) {
      return;
    }
    lastDraw = performance.now();
    draw(true);
  }

  return { update };
}
