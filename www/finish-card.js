// The finish card: shown over the grid once the person's board is full and right. It says how
// long the solve took, how many hints and checks it used, how many digits the solver placed,
// and the puzzle's rating; Close hides it until the next finish.

import { durationText } from './stopwatch.js';

/** Mounts the card into `host` (hidden); `on.close()` hides it. */
export function mountFinishCard(host, on) {
  host.insertAdjacentHTML(
    'afterbegin',
    `<section class="finish-card" aria-labelledby="finish-title" part="finish" hidden>
      <h2 id="finish-title">Solved!</h2>
      <dl class="finish-facts">
        <div><dt>Time</dt><dd data-fact="time"></dd></div>
        <div><dt>Hints</dt><dd data-fact="hints"></dd></div>
        <div><dt>Checks</dt><dd data-fact="checks"></dd></div>
        <div><dt>Solver's digits</dt><dd data-fact="solver"></dd></div>
        <div><dt>Rating</dt><dd data-fact="rating"></dd></div>
      </dl>
      <button type="button" class="quiet" data-act="close" part="button">Close</button>
    </section>`,
  );
  const card = host.firstElementChild;
  const facts = Object.fromEntries(
    [...card.querySelectorAll('[data-fact]')].map((dd) => [dd.dataset.fact, dd]),
  );
  card.querySelector('[data-act="close"]').addEventListener('click', () => on.close());

  /**
   * `state`: null to hide the card, else `{ elapsedMs, hints, checks, solverDigits, rating }`,
   * `rating` the words the rating card uses for the puzzle ('' while unknown).
   */
  function update(state) {
    card.hidden = !state;
    if (!state) {
      return;
    }
    facts.time.textContent = durationText(state.elapsedMs);
    facts.hints.textContent = String(state.hints);
    facts.checks.textContent = String(state.checks);
    facts.solver.textContent = String(state.solverDigits);
    facts.rating.textContent = state.rating || 'not rated yet';
  }

  return { update };
}
