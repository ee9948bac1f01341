// The player's controls: Solve, Play/Pause, Step back/forward, To start, the strategy and
// speed, the Working…/Cancel indicator, and the counters. (Hint is with the person's tools in
// the solve bar, Clear grid in the puzzle panel.)

import { icon, setText } from './dom.js';

/** Speeds the slider offers, in steps per second; the last plays as fast as steps arrive. */
export const SPEEDS = [1, 2, 4, 8, 15, 30, 60, 120, 250, 500, 1000, 2500, Infinity];

/** The slider position closest to a speed. */
export function speedIndex(stepsPerSecond) {
  if (stepsPerSecond === Infinity) {
    return SPEEDS.length - 1;
  }
  let best = 0;
  SPEEDS.forEach((s, i) => {
    if (
      Math.abs(Math.log(s) - Math.log(stepsPerSecond)) <
      Math.abs(Math.log(SPEEDS[best]) - Math.log(stepsPerSecond))
    ) {
      best = i;
    }
  });
  return best;
}

/**
 * A count in at most six characters, so counters never run into each other: 9,999, then
 * 115.5k, then 1.16M.
 */
export function compactCount(n) {
  if (n < 10000) {
    return n.toLocaleString('en');
  }
  if (n < 999950) {
    return `${(n / 1000).toFixed(1)}k`;
  }
  return `${(n / 1e6).toFixed(n < 9995000 ? 2 : 1)}M`;
}

export function speedText(stepsPerSecond) {
  return stepsPerSecond === Infinity ? 'Maximum' : `${stepsPerSecond.toLocaleString('en')} steps/s`;
}

/**
 * Mounts the controls into `host`, offering `strategies` (`[{ id, name }]`, as core.js lists
 * them). `on` holds `solve()`, `togglePlay()`, `back()`, `forward()`, `toStart()`, `cancel()`,
 * `strategy(id)`, `speed(stepsPerSecond)`.
 */
export function mountControls(host, strategies, on) {
  host.insertAdjacentHTML(
    'beforeend',
    `<div class="controls" part="controls">
      <div class="button-row">
        <button type="button" class="primary" data-act="solve" data-control="solve" part="button">${icon('solve')}<span>Solve</span></button>
        <button type="button" class="play" data-act="play" data-control="play" part="button button-primary">${icon('play')}<span>Play</span></button>
      </div>
      <div class="button-row transport" role="group" aria-label="Stepping" data-control="step">
        <button type="button" class="icon-only" data-act="start" aria-label="To start" title="Back to the puzzle (Home)" part="button">${icon('start')}</button>
        <button type="button" data-act="back" title="Step back (←)" part="button">${icon('back')}<span>Step back</span></button>
        <button type="button" data-act="forward" title="Step forward (→)" part="button"><span>Step forward</span>${icon('forward')}</button>
      </div>
      <div class="settings">
        <div class="field" data-control="strategy">
          <label for="strategy">Strategy</label>
          <select id="strategy"></select>
        </div>
        <div class="field field-speed" data-control="speed">
          <label for="speed">Speed</label>
          <input id="speed" type="range" min="0" max="${SPEEDS.length - 1}" step="1">
          <span class="speed-value" aria-hidden="true"></span>
        </div>
      </div>
      <div class="button-row secondary-row">
        <div class="busy" hidden>
          <span class="spinner" aria-hidden="true"></span><span class="busy-text">Working…</span>
          <button type="button" class="danger" data-act="cancel" part="button">Cancel</button>
        </div>
      </div>
      <dl class="counters" data-control="counters" part="counters">
        <div><dt>Steps</dt><dd data-count="steps">0</dd></div>
        <div><dt>Placements</dt><dd data-count="placements">0</dd></div>
        <div><dt>Guesses</dt><dd data-count="guesses">0</dd></div>
        <div><dt>Backtracks</dt><dd data-count="backtracks">0</dd></div>
        <div><dt>Depth</dt><dd data-count="depth">0</dd></div>
      </dl>
    </div>`,
  );
  const root = host.lastElementChild;
  const button = (act) => root.querySelector(`[data-act="${act}"]`);
  const play = button('play');
  const strategy = root.querySelector('#strategy');
  const speed = root.querySelector('#speed');
  const speedValue = root.querySelector('.speed-value');
  const busy = root.querySelector('.busy');
  const busyText = root.querySelector('.busy-text');
  const counts = Object.fromEntries(
    [...root.querySelectorAll('[data-count]')].map((dd) => [dd.dataset.count, dd]),
  );

  for (const { id, name } of strategies) {
    strategy.add(new Option(name, id));
  }

  const actions = {
    solve: on.solve,
    play: on.togglePlay,
    start: on.toStart,
    back: on.back,
    forward: on.forward,
    cancel: on.cancel,
  };
  root.addEventListener('click', (event) => {
    const act = event.target.closest('[data-act]')?.dataset.act;
    if (act) {
      actions[act]();
    }
  });
  strategy.addEventListener('change', () => on.strategy(strategy.value));
  speed.addEventListener('input', () => on.speed(SPEEDS[Number(speed.value)]));

  let isPlayingShown = null;

  /**
   * `state`: `isPlaying` (Play reads Pause), `canPlay`, `canBack`, `canToStart`, `canForward`,
   * `isBusy`, `seeking` (a
   * position being made: `{ target, made }` or `{ filled, made }`, or null), `strategy`,
   * `speed`, `counters` ({ steps, placements, guesses, backtracks, depth }).
   */
  function update(state) {
    if (isPlayingShown !== state.isPlaying) {
      isPlayingShown = state.isPlaying;
      play.innerHTML = `${icon(state.isPlaying ? 'pause' : 'play')}<span>${state.isPlaying ? 'Pause' : 'Play'}</span>`;
      play.classList.toggle('is-playing', state.isPlaying);
    }
    play.disabled = !state.canPlay && !state.isPlaying;
    button('start').disabled = !state.canToStart;
    button('back').disabled = !state.canBack;
    button('forward').disabled = !state.canForward;
    const seeking = state.seeking;
    busy.hidden = !state.isBusy && !seeking;
    setText(
      busyText,
      seeking
        ? `Making steps… ${seeking.made.toLocaleString('en')}${'target' in seeking ? ` of ${seeking.target.toLocaleString('en')}` : ''}`
        : 'Working…',
    );
    if (strategy.value !== state.strategy) {
      strategy.value = state.strategy;
    }
    const index = speedIndex(state.speed);
    if (Number(speed.value) !== index) {
      speed.value = index;
    }
    speedValue.textContent = speedText(state.speed);
    speed.setAttribute('aria-valuetext', speedText(state.speed));
    const c = state.counters;
    for (const [name, dd] of Object.entries(counts)) {
      const value = String(c[name]);
      if (dd.dataset.value !== value) {
        dd.dataset.value = value;
        dd.textContent = compactCount(c[name]);
        dd.title = c[name].toLocaleString('en');
      }
    }
  }

  return { update };
}
