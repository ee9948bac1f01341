// The puzzle bar above the grid: the "Puzzle" text box (loads on Enter and on paste; a
// textarea, so pasted grids keep their lines and errors their line numbers), the size and
// variant selectors and the sample selector. A text that cannot be read stays in the box, with
// the error beside it and the bad character selected. Recent lists the solves kept in
// storage, to resume one.

import { SAMPLES } from './samples.js';

/**
 * Where the character at a 1-based [line, column] lies in `text`, as `[start, end]` offsets
 * in UTF-16 units (what a text box selects). The core counts columns in characters, so a
 * character beyond the 16-bit range before it, or at it, takes two units.
 */
export function rangeOf(text, [line, column]) {
  const lines = text.split('\n');
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) {
    offset += lines[i].length + 1;
  }
  const chars = Array.from(lines[line - 1] ?? '');
  const start = offset + chars.slice(0, column - 1).join('').length;
  return [start, start + Math.max(chars[column - 1]?.length ?? 1, 1)];
}

/**
 * Mounts the bar into `host`. `on` holds `load(text)`, `isTooLong(text)` (whether text is
 * longer than any puzzle: it is then loaded, to be refused, without entering the box),
 * `edit(text)`, `size(size)`, `variant(tag)`, `sample(sample)`, `resume(line)`.
 */
export function mountPuzzleBar(host, shapes, on) {
  host.insertAdjacentHTML(
    'beforeend',
    `<div class="puzzle-bar" data-control="puzzle" part="puzzle-bar">
      <div class="field">
        <label for="size">Size</label>
        <select id="size"></select>
      </div>
      <div class="field">
        <label for="sample">Sample</label>
        <select id="sample"><option value="">Choose…</option></select>
      </div>
      <div class="field">
        <label for="variant">Variant</label>
        <select id="variant"></select>
      </div>
      <div class="field field-recent" hidden>
        <label for="recent">Recent</label>
        <select id="recent"><option value="">Resume…</option></select>
      </div>
      <div class="field field-puzzle">
        <label for="puzzle-text">Puzzle</label>
        <textarea id="puzzle-text" class="puzzle-text" rows="1" spellcheck="false" autocomplete="off"
          autocapitalize="off" aria-describedby="puzzle-error puzzle-hint"></textarea>
      </div>
      <p id="puzzle-error" class="field-error" hidden></p>
      <p id="puzzle-hint" class="field-hint">Type or paste a puzzle in any common format and press Enter (Shift+Enter for a new line).</p>
    </div>`,
  );
  const bar = host.lastElementChild;
  const input = bar.querySelector('#puzzle-text');
  const sizeSelect = bar.querySelector('#size');
  const variantSelect = bar.querySelector('#variant');
  const sampleSelect = bar.querySelector('#sample');
  const error = bar.querySelector('#puzzle-error');
  const recentSelect = bar.querySelector('#recent');

  for (const { size } of shapes) {
    sizeSelect.add(new Option(`${size}×${size}`, size));
  }
  for (const sample of SAMPLES) {
    sampleSelect.add(new Option(sample.name, sample.id));
  }

  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      on.load(input.value);
    }
  });
  input.addEventListener('input', (event) => {
    on.edit(input.value);
    if (event.inputType === 'insertFromPaste') {
      on.load(input.value);
    }
  });
  input.addEventListener('paste', (event) => {
    // The board's own paste handler is for pastes outside the box.
    event.stopPropagation();
    const text = event.clipboardData?.getData('text/plain') ?? '';
    if (on.isTooLong(text)) {
      // Megabytes in a text box would hold the page up for seconds: refused unseen.
      event.preventDefault();
      on.load(text);
    }
  });
  sizeSelect.addEventListener('change', () => on.size(Number(sizeSelect.value)));
  variantSelect.addEventListener('change', () => on.variant(variantSelect.value));
  sampleSelect.addEventListener('change', () => {
    const sample = SAMPLES.find((s) => s.id === sampleSelect.value);
    if (sample) {
      on.sample(sample);
    }
  });

  recentSelect.addEventListener('change', () => {
    const line = recentSelect.value;
    recentSelect.value = '';
    if (line) {
      on.resume(line);
    }
  });

  let shownError = null;
  let shownRecent = null;
  let shownVariants = null;

  /**
   * Offers the variants of the size (those it cannot have disabled), Jigsaw with the puzzle's
   * own regions while one is shown, and Killer (`killerTag`: an empty grid to draw cages
   * on); selects `value`, the layout's variant tag or `killerTag`.
   */
  function showVariants(variants, layout, value, killerTag) {
    const key = [variants, value.startsWith('jigsaw') ? value : ''];
    if (shownVariants?.[0] !== key[0] || shownVariants[1] !== key[1]) {
      shownVariants = key;
      const options = variants.map(({ name, tag, isPossible }) => {
        const option = new Option(name, tag);
        option.disabled = !isPossible;
        return option;
      });
      if (key[1]) {
        options.push(new Option(layout.name, value));
      }
      options.push(new Option('Killer (draw cages)', killerTag));
      variantSelect.replaceChildren(...options);
    }
    variantSelect.value = value;
  }

  /** Lists the recent solves, `[{ puzzle, label }]`, latest first (a new list when changed). */
  function showRecent(recent) {
    if (recent === shownRecent) {
      return;
    }
    shownRecent = recent;
    recentSelect.parentElement.hidden = recent.length === 0;
    recentSelect.replaceChildren(
      new Option('Resume…', ''),
      ...recent.map(({ puzzle, label }) => new Option(label, puzzle)),
    );
  }

  /**
   * `state`: `text`, `size`, `layout` (the puzzle's), `variant` (the Variant list's choice:
   * the layout's variant tag, or `killerTag`), `variants` (of the size, as core.js
   * variantsFor gives them), `sampleId` ('' for none), `error` (a diagnosis or null),
   * `recent` (the recent solves, `[{ puzzle, label }]`).
   */
  function update(state) {
    const { text, size, layout, variant, killerTag, variants, sampleId, recent } = state;
    const diagnosis = state.error;
    if (input.value !== text) {
      input.value = text;
    }
    showRecent(recent);
    sizeSelect.value = String(size);
    showVariants(variants, layout, variant, killerTag);
    sampleSelect.value = sampleId;
    if (diagnosis === shownError) {
      return;
    }
    shownError = diagnosis;
    error.hidden = !diagnosis;
    error.textContent = diagnosis ? diagnosis.message : '';
    input.setAttribute('aria-invalid', diagnosis ? 'true' : 'false');
    if (diagnosis?.position && input.matches(':focus')) {
      input.setSelectionRange(...rangeOf(text, diagnosis.position));
    }
  }

  return { update, input };
}
