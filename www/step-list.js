// The step list: every kept step of the trace, the current one highlighted, click to jump.
// Traces run to millions of steps, so the list is virtual: a spacer as tall as all rows and
// a handful of row buttons, reused, placed over the rows in view.
//
// Row p stands for position p: row 0 is the puzzle as given, row p > 0 the step that leads
// to position p (the trace's step p - 1).

const ROW_HEIGHT = 30;
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
  let player = null;
  let shownKey = '';
  let followedPosition = -1;
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

  function rowFor(position) {
    if (position === 0) {
      return { glyph: '○', kind: 'start', text: 'The puzzle as given' };
    }
    const step = player.stepAt(position - 1);
    if (!step) {
      return { glyph: '…', kind: 'dropped', text: 'Earlier steps are no longer kept' };
    }
    return { glyph: KIND_GLYPHS[step.kind] ?? '•', kind: step.kind, text: step.text };
  }

  function draw(follow) {
    if (!player) {
      spacer.style.height = '0px';
      list.replaceChildren();
      empty.hidden = false;
      note.textContent = '';
      shownKey = '';
      return;
    }
    empty.hidden = true;
    const first = player.firstKept;
    const nRows = player.total - first + 1;
    spacer.style.height = `${nRows * ROW_HEIGHT}px`;
    if (follow && followedPosition !== player.position) {
      followedPosition = player.position;
      const top = (player.position - first) * ROW_HEIGHT;
      if (top < scrollTop || top + ROW_HEIGHT > scrollTop + viewHeight) {
        scrollTop = Math.max(0, Math.min(top - viewHeight / 2, nRows * ROW_HEIGHT - viewHeight));
        scroller.scrollTop = scrollTop;
      }
    }
    const from = Math.max(0, Math.min(Math.floor(scrollTop / ROW_HEIGHT), nRows - 1));
    const count = Math.min(nRows - from, Math.ceil(viewHeight / ROW_HEIGHT) + 1);
    const key = `${first}:${player.total}:${player.isComplete}:${player.position}:${from}:${count}`;
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
    list.style.transform = `translateY(${from * ROW_HEIGHT}px)`;
    for (let k = 0; k < count; k++) {
      const position = first + from + k;
      const row = rowFor(position);
      const button = list.children[k].firstChild;
      button.dataset.position = position;
      button.dataset.kind = row.kind;
      button.children[0].textContent = position;
      button.children[1].textContent = row.glyph;
      button.children[2].textContent = row.text;
      if (position === player.position) {
        button.setAttribute('aria-current', 'step');
      } else {
        button.removeAttribute('aria-current');
      }
    }
    const total = `${player.total.toLocaleString('en')}${player.isComplete ? '' : '+'} steps`;
    note.textContent =
      first > 0 ? `${total}, last ${(player.total - first).toLocaleString('en')} kept` : total;
  }

  /**
   * Shows a player's steps (null for none), scrolling the current one into view; while
   * `isPlaying`, only a few times a second.
   */
  function update(newPlayer, isPlaying) {
    if (newPlayer !== player) {
      player = newPlayer;
      followedPosition = -1;
      shownKey = '';
      scrollTop = 0;
      scroller.scrollTop = 0;
    } else if (isPlaying && performance.now() - lastDraw < PLAYING_REDRAW_MS) {
      return;
    }
    lastDraw = performance.now();
    draw(true);
  }

  return { update };
}
