// A forcing step's chain in the status card: a little timeline inside the step. Previous
// implication and Next implication walk it (Shift+← and Shift+→ too), Play chain runs
// through it at the trace's speed, and a line says where the walk stands and what follows
// there. Under it, the chain's implications as an ordered list, premise first, behind a
// disclosure button: the current line is marked, choosing a line jumps there, and an inner
// trial's own chain opens as an indented list. The list scrolls inside the card and closes
// when the step changes, unless the person keeps it open.
//
// The walk itself (where it stands, which lines are open) is the board's state; this module
// shows it and reports what the person asks for through `on`.

import { setText } from './dom.js';
import { chainLabel, implicationAt, innerLabel, positionText } from './chain-walk.js';

/**
 * Mounts the chain part into `host` (the status card). `on.walk(action)` asks for `previous`,
 * `next` or `play`; `on.jump({ k, j })` for a line; `on.toggleList()`, `on.togglePin()` and
 * `on.toggleInner(k)` for the disclosures.
 */
export function mountChainCard(host, on) {
  host.insertAdjacentHTML(
    'beforeend',
    `<div class="chain" hidden>
      <div class="chain-walk" role="group" aria-label="Walk the chain">
        <button type="button" class="chain-previous" aria-label="Previous implication" part="button"><span aria-hidden="true">‹ </span>Previous</button>
        <button type="button" class="chain-play" part="button">Play chain</button>
        <button type="button" class="chain-next" aria-label="Next implication" part="button">Next<span aria-hidden="true"> ›</span></button>
      </div>
      <p class="chain-now" aria-live="polite"><span class="chain-position"></span><span class="chain-current"></span></p>
      <div class="chain-head">
        <button type="button" class="chain-toggle" aria-expanded="false" aria-controls="chain-list" part="button"><span class="chain-chevron" aria-hidden="true">▸</span><span class="chain-label"></span></button>
        <button type="button" class="chain-pin quiet" aria-pressed="false" part="button">Keep open</button>
      </div>
      <ol class="chain-list" id="chain-list" aria-label="Implications" tabindex="-1" hidden></ol>
    </div>`,
  );
  const chain = host.lastElementChild;
  const previous = chain.querySelector('.chain-previous');
  const play = chain.querySelector('.chain-play');
  const next = chain.querySelector('.chain-next');
  const position = chain.querySelector('.chain-position');
  const current = chain.querySelector('.chain-current');
  const toggle = chain.querySelector('.chain-toggle');
  const chevron = chain.querySelector('.chain-chevron');
  const label = chain.querySelector('.chain-label');
  const pin = chain.querySelector('.chain-pin');
  const list = chain.querySelector('.chain-list');

  previous.addEventListener('click', () => on.walk('previous'));
  next.addEventListener('click', () => on.walk('next'));
  play.addEventListener('click', () => on.walk('play'));
  toggle.addEventListener('click', () => on.toggleList());
  pin.addEventListener('click', () => on.togglePin());
  list.addEventListener('click', (event) => {
    const inner = event.target.closest('.inner-toggle');
    if (inner) {
      on.toggleInner(Number(inner.dataset.k));
      return;
    }
    const line = event.target.closest('.chain-line');
    if (line) {
      on.jump({ k: Number(line.dataset.k), j: Number(line.dataset.j) });
    }
  });

  /** The step whose lines the list holds. */
  let listed = null;
  /** The line marked current. */
  let marked = null;
  /** Whether the list was open when last shown. */
  let wasListOpen = false;
  /** The inner chains whose lists are built, by outer index. */
  const innerLists = new Map();

  /** One line: a button that jumps to the implication, with its rule for the styles. */
  function line(implication, k, j) {
    const item = document.createElement('li');
    item.dataset.rule = implication.rule;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'chain-line';
    button.dataset.k = k;
    button.dataset.j = j;
    button.textContent = implication.text;
    item.append(button);
    return item;
  }

  function listStep(step) {
    listed = step;
    marked = null;
    innerLists.clear();
    list.replaceChildren(
      ...step.implications.map((implication, k) => {
        const item = line(implication, k, -1);
        if (implication.inner?.length) {
          const open = document.createElement('button');
          open.type = 'button';
          open.className = 'inner-toggle quiet';
          open.dataset.k = k;
          open.setAttribute('aria-expanded', 'false');
          open.setAttribute('aria-controls', `chain-inner-${k}`);
          open.setAttribute('part', 'button');
          open.innerHTML = '<span class="chain-chevron" aria-hidden="true">▸</span>';
          open.append(innerLabel(implication));
          item.append(open);
        }
        return item;
      }),
    );
  }

  /** Shows or hides the inner chain of outer line `k`, building its list the first time. */
  function showInner(k, isOpen) {
    const item = list.children[k];
    const open = item.querySelector(':scope > .inner-toggle');
    if (!open) {
      return;
    }
    open.setAttribute('aria-expanded', String(isOpen));
    setText(open.firstChild, isOpen ? '▾' : '▸');
    let inner = innerLists.get(k);
    if (isOpen && !inner) {
      inner = document.createElement('ol');
      inner.className = 'inner-list';
      inner.id = `chain-inner-${k}`;
      inner.setAttribute('aria-label', `Inner chain of implication ${k + 1}`);
      inner.append(...listed.implications[k].inner.map((imp, j) => line(imp, k, j)));
      item.append(inner);
      innerLists.set(k, inner);
    }
    if (inner) {
      inner.hidden = !isOpen;
    }
  }

  /**
   * `view`: `{ step, at, isListOpen, isPinned, openInner, isPlaying, isAtStart, isAtEnd }`, or
   * null when the step shown has no chain.
   */
  function update(view) {
    chain.hidden = !view;
    if (!view) {
      return;
    }
    const { step, at } = view;
    if (step !== listed) {
      listStep(step);
    }
    setText(label, chainLabel(step));
    toggle.setAttribute('aria-expanded', String(view.isListOpen));
    setText(chevron, view.isListOpen ? '▾' : '▸');
    list.hidden = !view.isListOpen;
    pin.setAttribute('aria-pressed', String(view.isPinned));
    previous.disabled = view.isAtStart;
    next.disabled = view.isAtEnd;
    play.classList.toggle('playing', view.isPlaying);
    setText(play, view.isPlaying ? 'Pause chain' : 'Play chain');
    setText(position, `${positionText(step, at)}: `);
    setText(current, implicationAt(step, at).text);
    for (let k = 0; k < step.implications.length; k++) {
      if (step.implications[k].inner?.length) {
        showInner(k, view.openInner.has(k));
      }
    }
    const target = list.querySelector(`.chain-line[data-k="${at.k}"][data-j="${at.j}"]`);
    const isOpening = view.isListOpen && !wasListOpen;
    wasListOpen = view.isListOpen;
    if (target !== marked) {
      marked?.removeAttribute('aria-current');
      target?.setAttribute('aria-current', 'step');
      marked = target;
    } else if (!isOpening) {
      return;
    }
    // The line reached stays in view inside the list, which scrolls within the card.
    if (target && view.isListOpen) {
      const box = list.getBoundingClientRect();
      const line = target.getBoundingClientRect();
      if (line.top < box.top || line.bottom > box.bottom) {
        list.scrollTop += line.top - box.top - box.height / 3;
      }
    }
  }

  return { update };
}
