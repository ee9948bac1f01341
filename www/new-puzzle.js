// The New puzzle part, in two places: in the top bar, the Level to ask for and New puzzle
// (with Cancel beside it while one is made), always at hand; in the puzzle panel, Puzzle of the
// day and, under More options, the Technique a puzzle must need (which stands instead of a
// level) and the Symmetry of its givens. Every list comes from the core (core.js): levels,
// techniques, symmetries. A puzzle is made for the grid's size and variant; what is being
// made, what was, or why not, the status card says (new-puzzle-job.js).

/** The level chosen until the person chooses another. */
const DEFAULT_LEVEL = 'Medium';

/**
 * Mounts the part: Level and New puzzle into `quick`, the rest into `panel`. It offers `levels`
 * (names, easiest first), `techniques` (the technique records; search steps are left out) and
 * `symmetries` (`[{ id, name }]`), with `initialLevel` chosen (a level's name in lower case,
 * as the person chose it last time; Medium without one, or for one no longer offered). `on`
 * holds `make({ target, symmetry, isDaily })`, `target` a level's name in lower case, a
 * technique's id or `singles`, `cancel()`, and `level(value)`, told each level the person
 * chooses (its name in lower case).
 */
export function mountNewPuzzle(
  { quick, panel },
  { levels, techniques, symmetries, initialLevel = null },
  on,
) {
  quick.insertAdjacentHTML(
    'beforeend',
    `<div class="new-quick" role="group" aria-label="New puzzle" data-control="new" part="new-puzzle">
      <div class="field field-inline">
        <label for="new-level">Level</label>
        <select id="new-level"></select>
      </div>
      <button type="button" class="primary" data-act="new" part="button button-primary">New<span class="wide-words"> puzzle</span></button>
      <button type="button" class="danger" data-act="cancel" part="button" hidden>Cancel</button>
    </div>`,
  );
  panel.insertAdjacentHTML(
    'beforeend',
    `<section class="new-puzzle" aria-label="More ways to a new puzzle" data-control="new">
      <button type="button" data-act="daily" title="The same puzzle for everyone today, for these choices" part="button">Puzzle of the day</button>
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
  const quickPart = quick.lastElementChild;
  const panelPart = panel.lastElementChild;
  const levelSelect = quickPart.querySelector('#new-level');
  const techniqueSelect = panelPart.querySelector('#new-technique');
  const symmetrySelect = panelPart.querySelector('#new-symmetry');
  const button = (act) => quickPart.querySelector(`[data-act="${act}"]`);

  for (const level of levels) {
    levelSelect.add(new Option(level, level.toLowerCase()));
  }
  const isOffered = levels.some((level) => level.toLowerCase() === initialLevel);
  levelSelect.value = isOffered ? initialLevel : DEFAULT_LEVEL.toLowerCase();
  techniqueSelect.add(new Option('Any (by level)', ''));
  techniqueSelect.add(new Option('Singles only', 'singles'));
  // Two techniques may share a name (Hidden Single in a box, in a line): the difficulty
  // tells them apart, and says how hard each is.
  for (const t of techniques.filter((t) => !t.isSearch)) {
    const option = new Option(`${t.name} (ER ${t.difficulty.toFixed(1)})`, t.id);
    option.title = t.description;
    techniqueSelect.add(option);
  }
  for (const { id, name } of symmetries) {
    symmetrySelect.add(new Option(name, id));
  }

  techniqueSelect.addEventListener('change', () => {
    levelSelect.disabled = techniqueSelect.value !== '';
  });
  levelSelect.addEventListener('change', () => on.level(levelSelect.value));

  const make = (isDaily) =>
    on.make({
      target: techniqueSelect.value || levelSelect.value,
      symmetry: symmetrySelect.value,
      isDaily,
    });
  const onClick = (event) => {
    const act = event.target.closest('[data-act]')?.dataset.act;
    if (act === 'new' || act === 'daily') {
      make(act === 'daily');
    } else if (act === 'cancel') {
      on.cancel();
    }
  };
  quickPart.addEventListener('click', onClick);
  panelPart.addEventListener('click', onClick);

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
    quickPart.setAttribute('aria-busy', String(isRunning));
  }

  return { update };
}
