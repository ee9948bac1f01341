// The solve bar: which phase the board is in (entering a puzzle, or solving it) with the
// button that switches, the timer, the person's tools (Undo, Redo, Pencil, Hint, Check; Fill
// and Clear candidates), Take over here / Back to my board while the solver is shown, and the
// solve's options. While entering, only Undo, Redo and Hint of the tools show.

import { icon, setText } from './dom.js';
import { clockText, durationText } from './stopwatch.js';

/** The options of a solve, and what each one is called on the page. */
export const SOLVE_OPTIONS = Object.freeze([
  { id: 'tidy', label: 'Tidy marks when a digit is placed', initial: true },
  { id: 'flag', label: 'Flag wrong digits at once', initial: false },
  { id: 'timer', label: 'Show the timer', initial: true },
  { id: 'share', label: 'Share link carries my progress', initial: false },
]);

/**
 * Mounts the bar into `host`. `on` holds `phase()` (Start solving / Edit puzzle), `undo()`,
 * `redo()`, `pencil()`, `hint()`, `fill()`, `clearMarks()`, `check()`, `takeOver()`,
 * `resume()` and `option(id, value)`.
 */
export function mountSolveBar(host, on) {
  host.insertAdjacentHTML(
    'beforeend',
    `<section class="solve-bar" aria-label="Your solve" part="solve-bar">
      <div class="solve-head" data-control="solving">
        <p class="phase-text"></p>
        <span class="timer" role="timer" aria-label="Time"></span>
        <button type="button" class="phase-button" data-act="phase" part="button"></button>
      </div>
      <div class="button-row tools" role="group" aria-label="Tools">
        <button type="button" class="quiet" data-act="undo" data-control="solving" title="Undo (Ctrl+Z)" aria-keyshortcuts="Control+Z" part="button">${icon('undo')}<span>Undo</span></button>
        <button type="button" class="quiet" data-act="redo" data-control="solving" title="Redo (Ctrl+Shift+Z or Ctrl+Y)" aria-keyshortcuts="Control+Shift+Z Control+Y" part="button">${icon('redo')}<span>Redo</span></button>
        <button type="button" class="quiet solving-only" data-act="pencil" data-control="solving" aria-pressed="false" title="Pencil marks: digits toggle marks (Space; Shift+digit for one mark)" part="button">${icon('pencil')}<span>Pencil</span></button>
        <button type="button" class="quiet" data-act="hint" data-control="hint" title="The next step, a little at a time (H)" aria-keyshortcuts="H" part="button">${icon('hint')}<span>Hint</span></button>
        <button type="button" class="quiet solving-only" data-act="check" data-control="solving" title="Mark every digit and mark that differs from the solution" part="button">${icon('solve')}<span>Check</span></button>
      </div>
      <div class="button-row marks-tools solving-only" data-control="solving">
        <button type="button" class="quiet" data-act="fill" title="Mark every digit the placed ones allow" part="button">Fill candidates</button>
        <button type="button" class="quiet" data-act="clear-marks" part="button">Clear candidates</button>
      </div>
      <div class="button-row takeover" data-control="solving" hidden>
        <button type="button" class="primary" data-act="takeover" part="button">Take over here</button>
        <button type="button" class="quiet" data-act="resume" part="button">Back to my board</button>
      </div>
      <details class="solve-options solving-only" data-control="solving">
        <summary>Options</summary>
        ${SOLVE_OPTIONS.map(
          ({ id, label }) =>
            `<label class="check-field"><input type="checkbox" data-option="${id}"> ${label}</label>`,
        ).join('')}
      </details>
    </section>`,
  );
  const bar = host.lastElementChild;
  const phaseText = bar.querySelector('.phase-text');
  const phaseButton = bar.querySelector('.phase-button');
  const timer = bar.querySelector('.timer');
  const solvingOnly = bar.querySelectorAll('.solving-only');
  const takeover = bar.querySelector('.takeover');
  const button = (act) => bar.querySelector(`[data-act="${act}"]`);
  const boxes = Object.fromEntries(
    [...bar.querySelectorAll('[data-option]')].map((box) => [box.dataset.option, box]),
  );

  const actions = {
    phase: on.phase,
    undo: on.undo,
    redo: on.redo,
    pencil: on.pencil,
    hint: on.hint,
    fill: on.fill,
    'clear-marks': on.clearMarks,
    check: on.check,
    takeover: on.takeOver,
    resume: on.resume,
  };
  // Tools keep the grid's focus, so the selected cell stays selected while clicking them.
  bar.addEventListener('pointerdown', (event) => {
    if (event.target.closest('.tools button, .marks-tools button')) {
      event.preventDefault();
    }
  });
  bar.addEventListener('click', (event) => {
    const act = event.target.closest('[data-act]')?.dataset.act;
    if (act) {
      actions[act]();
    }
  });
  bar.addEventListener('change', (event) => {
    const id = event.target.dataset.option;
    if (id) {
      on.option(id, event.target.checked);
    }
  });

  /**
   * `state`: `phase` ('entering' | 'solving'), `text` (what the phase line says), `isWatching`
   * (the solver's board or the solution is shown), `undo` and `redo` (what they would take
   * back or do again, in words, or nothing), `isPencil`, `canHint`, `canCheck`, `elapsedMs`,
   * `options` ({ id: boolean }).
   */
  function update(state) {
    const isSolving = state.phase === 'solving';
    bar.dataset.phase = state.phase;
    setText(phaseText, state.text);
    setText(phaseButton, isSolving ? 'Edit puzzle' : 'Start solving');
    phaseButton.classList.toggle('primary', !isSolving);
    for (const part of solvingOnly) {
      part.hidden = !isSolving;
    }
    takeover.hidden = !(isSolving && state.isWatching);
    button('undo').disabled = !state.undo;
    button('undo').title = state.undo ? `Undo ${state.undo} (Ctrl+Z)` : 'Undo (Ctrl+Z)';
    button('redo').disabled = !state.redo;
    button('redo').title = state.redo
      ? `Redo ${state.redo} (Ctrl+Shift+Z or Ctrl+Y)`
      : 'Redo (Ctrl+Shift+Z or Ctrl+Y)';
    button('pencil').setAttribute('aria-pressed', String(state.isPencil));
    button('check').disabled = !state.canCheck;
    button('hint').disabled = !state.canHint;
    timer.hidden = !isSolving || !state.options.timer;
    setText(timer, clockText(state.elapsedMs));
    timer.setAttribute('aria-label', `Time: ${durationText(state.elapsedMs)}`);
    for (const [id, box] of Object.entries(boxes)) {
      box.checked = Boolean(state.options[id]);
    }
  }

  return { update };
}
