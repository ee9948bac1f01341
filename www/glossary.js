// The Techniques glossary: every technique from the wasm `techniques()` export, with its
// name, difficulty (SE), HoDoKu score and description, each entry with the id
// `technique-<id>` that the step's technique name and the rating's hardest step link to.
// Links inside the board never change the page's URL (its hash holds the puzzle): the
// board calls `show(anchor)` instead, which opens the glossary at the entry.

import { techniqueAnchor } from './core.js';

function entry(technique) {
  const item = document.createElement('li');
  item.id = techniqueAnchor(technique.id);
  item.tabIndex = -1;
  const head = document.createElement('p');
  head.className = 'g-head';
  const name = document.createElement('strong');
  name.textContent = technique.name;
  head.append(name);
  if (technique.difficulty > 0) {
    const se = document.createElement('span');
    se.className = 'g-se';
    se.textContent = `ER ${technique.difficulty.toFixed(1)}`;
    const score = document.createElement('span');
    score.className = 'g-score';
    score.textContent = `HoDoKu ${technique.score}`;
    head.append(se, score);
  }
  if (technique.reliesOnUniqueness) {
    const unique = document.createElement('span');
    unique.className = 'g-unique';
    unique.textContent = 'needs a unique solution';
    head.append(unique);
  }
  const about = document.createElement('p');
  about.className = 'g-about';
  about.textContent = technique.description;
  item.append(head, about);
  return item;
}

/** Mounts the glossary into `host`, closed; `techniques` as the wasm export gives them. */
export function mountGlossary(host, techniques) {
  // The search's own steps are listed apart from the logical techniques.
  const logical = techniques.filter((t) => !t.isSearch);
  const search = techniques.filter((t) => t.isSearch);
  host.insertAdjacentHTML(
    'beforeend',
    `<details class="glossary" data-control="techniques" part="techniques">
      <summary><h2>Techniques <span class="g-count"></span></h2></summary>
      <p class="g-intro">What the Human strategy knows, easiest first: the Sudoku Explainer
        difficulty (SE) of one step and its HoDoKu score. It always takes the easiest step
        on the board, and guesses only when none applies.</p>
      <ol class="g-list g-logic"></ol>
      <h3>Search steps</h3>
      <ul class="g-list g-search"></ul>
    </details>`,
  );
  const details = host.lastElementChild;
  details.querySelector('.g-count').textContent = `(${logical.length})`;
  details.querySelector('.g-logic').append(...logical.map(entry));
  details.querySelector('.g-search').append(...search.map(entry));
  let target = null;

  /** Opens the glossary at the entry with id `anchor`; false when there is none. */
  function show(anchor) {
    const item = details.querySelector(`#${CSS.escape(anchor)}`);
    if (!item) {
      return false;
    }
    details.open = true;
    target?.classList.remove('is-target');
    target = item;
    item.classList.add('is-target');
    const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
    item.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
    item.focus({ preventScroll: true });
    return true;
  }

  return { show };
}
