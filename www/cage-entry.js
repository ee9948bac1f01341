// Drawing a Killer's cages while entering a puzzle: the person picks a cage's cells on the
// grid (Shift+click or Ctrl+click, or Pick cell for the selected one, from the keyboard or a
// phone), types its sum and presses Add cage; Remove cage takes away the cage of the
// selected cell. Each change is the puzzle's line with one rule more or less, read by the
// core (puzzle-loading.js editLine) and kept as one edit in the board's history; the core's
// message says why a cage is refused (a sum out of reach, a cell in two cages…).
// Imported only when a person chooses Killer in the Variant list, or enters a puzzle with
// cages (board-parts.js).

/** A cell's name in a rule: `r3c5`. */
function cellName(i, size) {
  return `r${Math.floor(i / size) + 1}c${(i % size) + 1}`;
}

/** The rules of a line but the cage holding cell `name`: the line without that cage. */
export function lineWithoutCage(line, name) {
  const [cells, ...rules] = line.split(';');
  const kept = rules.filter((rule) => {
    const cage = /^cage(?:=\d+)?:(.*)$/.exec(rule);
    return !cage || !cage[1].split(',').includes(name);
  });
  return kept.length === rules.length ? null : [cells, ...kept].join(';');
}

/** The line with a cage more: `sum` (a whole number, or '' for none) over `names`. */
export function lineWithCage(line, names, sum) {
  return `${line};cage${sum === '' ? '' : `=${sum}`}:${names.join(',')}`;
}

/**
 * Mounts the cage tools under the grid of `board` (`gridPart`, grid-view.js mountGrid's
 * record); returns `{ update({ isShown, puzzle }) }`.
 */
export function mountCageEntry(board, gridPart) {
  const part = document.createElement('section');
  part.className = 'cage-entry';
  part.setAttribute('aria-labelledby', 'cage-entry-title');
  part.innerHTML = `<h2 id="cage-entry-title" class="cage-entry-title">Cages</h2>
    <p class="cage-entry-help" id="cage-entry-help">Pick a cage’s cells: Shift+click them, or
      select a cell and press Pick cell. Then type its sum and press Add cage.</p>
    <div class="cage-entry-row">
      <button type="button" class="quiet" data-action="pick" part="button">Pick cell</button>
      <label class="cage-sum-field">Sum <input type="text" inputmode="numeric"
        autocomplete="off" maxlength="3" aria-describedby="cage-entry-help" /></label>
      <button type="button" data-action="add" part="button">Add cage</button>
      <button type="button" class="quiet" data-action="remove" part="button">Remove cage</button>
    </div>
    <p class="cage-entry-note" role="status"></p>`;
  gridPart.tools.after(part);
  const sumInput = part.querySelector('input');
  const note = part.querySelector('.cage-entry-note');
  /** The cells picked for the next cage, in the order picked. */
  let picked = [];
  let puzzle = null;

  const cellElement = (i) => gridPart.wrap.querySelector(`[data-cell="${i}"]`);

  function showPicked(message = '') {
    for (const cell of gridPart.wrap.querySelectorAll('.cage-pick')) {
      cell.classList.remove('cage-pick');
    }
    for (const i of picked) {
      cellElement(i)?.classList.add('cage-pick');
    }
    const size = puzzle?.shape.size ?? 9;
    const names = picked.map((i) => cellName(i, size)).join(', ');
    note.textContent = message || (picked.length ? `Picked: ${names}.` : '');
  }

  function toggle(i) {
    picked = picked.includes(i) ? picked.filter((p) => p !== i) : [...picked, i];
    showPicked();
  }

  /** Makes the board's puzzle `line`, saying `done` when it is, or the core's message. */
  async function edit(line, done) {
    const message = await board.editLine(line);
    if (message) {
      showPicked(message);
      return false;
    }
    showPicked(done);
    return true;
  }

  // Shift+click or Ctrl+click picks a cell (the grid selects it as well).
  gridPart.wrap.addEventListener('pointerdown', (event) => {
    const cell = event.target.closest?.('[data-cell]');
    if (part.hidden || !cell || !(event.shiftKey || event.ctrlKey || event.metaKey)) {
      return;
    }
    toggle(Number(cell.dataset.cell));
  });

  part.addEventListener('click', async (event) => {
    const action = event.target.closest('button')?.dataset.action;
    if (!action || !puzzle) {
      return;
    }
    const size = puzzle.shape.size;
    if (action === 'pick') {
      toggle(gridPart.selected);
    } else if (action === 'add') {
      const sum = sumInput.value.trim();
      if (!picked.length) {
        showPicked('Pick the cage’s cells first.');
      } else if (sum !== '' && !/^\d+$/.test(sum)) {
        showPicked('A sum is a whole number, such as 17.');
      } else {
        const names = picked.map((i) => cellName(i, size));
        const line = lineWithCage(puzzle.line, names, sum);
        if (await edit(line, `Cage ${sum ? `of ${sum} ` : ''}added: ${names.join(', ')}.`)) {
          picked = [];
          sumInput.value = '';
          showPicked(note.textContent);
        }
      }
    } else if (action === 'remove') {
      const name = cellName(gridPart.selected, size);
      const line = lineWithoutCage(puzzle.line, name);
      if (line === null) {
        showPicked(`No cage holds ${name}.`);
      } else {
        await edit(line, `The cage of ${name} is removed.`);
      }
    }
  });

  sumInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      part.querySelector('[data-action="add"]').click();
    }
  });

  return {
    /** Shows the tools (`isShown`) for `puzzle`, or hides them and forgets the cells picked. */
    update({ isShown, puzzle: shown }) {
      if (shown !== puzzle && shown?.line !== puzzle?.line) {
        // Another puzzle: cells picked on the last one mean nothing here.
        picked = picked.filter((i) => i < shown.values.length);
      }
      puzzle = shown;
      if (part.hidden === !isShown) {
        if (isShown) {
          showPicked(note.textContent);
        }
        return;
      }
      part.hidden = !isShown;
      if (!isShown) {
        picked = [];
        showPicked();
      }
    },
  };
}
