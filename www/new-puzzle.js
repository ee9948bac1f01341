// The New puzzle part under the puzzle bar: the Level to ask for, New puzzle and Puzzle of
// the day, and under More options the Technique a puzzle must need (which stands instead of a
// level) and the Symmetry of its givens. Every list comes from the core (core.js): levels,
// techniques, symmetries. A puzzle is made for the grid's size and variant; what is being
// made, what was, or why not, the status card says (new-puzzle-job.js). While one is made, a
// Cancel button stands beside New puzzle.

/** The level chosen until the person chooses another. */
const DEFAULT_LEVEL = 'Medium';

/**
 * Mounts the part into `host`, offering `levels` (names, easiest first), `techniques` (the
 * technique records; search steps are left out) and `symmetries` (`[{ id, name }]`). `on`
 * holds `make({ target, symmetry, isDaily })`, `target` a level's name in lower case, a
 * technique's id or `singles`, and `cancel()`.
 */
export function mountNewPuzzle(host, { levels, techniques, symmetries }, on) {
  host.insertAdjacentHTML(
    'beforeend',
    `<section class="new-puzzle" aria-label="New puzzle" data-control="new" part="new-puzzle">
      <div class="field">
        <label for="new-level">Level</label>
        <select id="new-level"></select>
      </div>
      <div class="new-actions">
        <button type="button" class="primary" data-act="new" part="button button-primary">New puzzle</button>
        <button type="button" data-act="daily" title="The same puzzle for everyone today, for these choices" part="button">Puzzle of the day</button>
        <button type="button" class="danger" data-act="cancel" part="button" hidden>Cancel</button>
      </div>
      <details class="new-options">
        <summary>More options</summary>
        <div class="new-fields">
          <div class="field">
            <label for="new-technique">Technique</label>
            <select id="new-technique" aria-describedby="new-technique-hint"></select>
          </div>
          <div class="field">
            <label for="new-symmetry">Symmetry</label>
            <select id="new-symmetry"></select>
          </div>
          <p id="new-technique-hint" class="field-hint">A technique the puzzle must need, instead of a level; the size and variant are the grid's.</p>
        </div>
      </details>
    </section>`,
  );
  const part = host.lastElementChild;
  const levelSelect = part.querySelector('#new-level');
  const techniqueSelect = part.querySelector('#new-technique');
  const symmetrySelect = part.querySelector('#new-symmetry');
  const button = (act) => part.querySelector(`[data-act="${act}"]`);

  for (const level of levels) {
    levelSelect.add(new Option(level, level.toLowerCase()));
  }
  levelSelect.value = DEFAULT_LEVEL.toLowerCase();
  techniqueSelect.add(new Option('Any (by level)', ''));
  techniqueSelect.add(new Option('Singles only', 'singles'));
  // Two techniques may share a name (Hidden Single in a box, in a line): the difficulty
  // tells them apart, and says how hard each is.
  for (const t of techniques.filter((t) => !t.isSearch)) {
    const option = new Option(`${t.name} (SE ${t.difficulty.toFixed(1)})`, t.id);
    option.title = t.description;
    techniqueSelect.add(option);
  }
  for (const { id, name } of symmetries) {
    symmetrySelect.add(new Option(name, id));
  }

  techniqueSelect.addEventListener('change', () => {
    levelSelect.disabled = techniqueSelect.value !== '';
  });

  const make = (isDaily) =>
    on.make({
      target: techniqueSelect.value || levelSelect.value,
      symmetry: symmetrySelect.value,
      isDaily,
    });
  part.addEventListener('click', (event) => {
    const act = event.target.closest('[data-act]')?.dataset.act;
    if (act === 'new' || act === 'daily') {
      make(act === 'daily');
    } else if (act === 'cancel') {
      on.cancel();
    }
  });

  /** `state`: `isRunning`, whether a puzzle is being made (Cancel shows). */
  function update({ isRunning }) {
    const cancel = button('cancel');
    if (cancel.hidden === isRunning) {
      // Cancel goes once it has done its work: the focus goes back to New puzzle.
      const hadFocus = cancel.matches(':focus');
      cancel.hidden = !isRunning;
      if (hadFocus) {
        button('new').focus();
      }
    }
    part.setAttribute('aria-busy', String(isRunning));
  }

  return { update };
}
