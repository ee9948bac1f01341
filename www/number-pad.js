// The number pad, for touch and mouse alike: one button per digit of the size, each with how
// many of it are left to place (a digit placed everywhere it goes is disabled), and Erase.
// In pencil mode the digit buttons toggle marks ("Mark 5") instead of entering digits
// ("Enter 5"); Shift+click does the other. Buttons do not take focus from the grid, so the
// selected cell stays selected.

import { icon } from './dom.js';

/**
 * Mounts the pad into `host`; `on.key(key, isOther)` enters a digit's symbol ('' erases),
 * `isOther` when Shift asks for the other of digit and mark.
 */
export function mountNumberPad(host, on) {
  const pad = document.createElement('div');
  pad.className = 'number-pad';
  pad.setAttribute('role', 'group');
  pad.setAttribute('aria-label', 'Number pad');
  pad.dataset.control = 'pad';
  pad.setAttribute('part', 'number-pad');
  host.append(pad);

  pad.addEventListener('pointerdown', (event) => {
    if (event.target.closest('button')) {
      event.preventDefault();
    }
  });
  pad.addEventListener('click', (event) => {
    const key = event.target.closest('button')?.dataset.key;
    if (key !== undefined) {
      on.key(key, event.shiftKey);
    }
  });

  let isPencil = false;
  /** The counts the digit buttons show, joined ('' for none), so an unchanged render is free. */
  let shownLeft = '';

  function label(symbol) {
    return `${isPencil ? 'Mark' : 'Enter'} ${symbol}`;
  }

  /** Rebuilds the pad for a shape's symbols. */
  function build(shape) {
    shownLeft = null;
    pad.style.setProperty(
      '--pad-cols',
      Math.min(shape.size + 1, shape.size > 9 ? shape.boxCols * 2 + 1 : 10),
    );
    pad.replaceChildren(
      ...shape.symbols.map((symbol, index) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.key = symbol;
        b.dataset.index = index;
        b.textContent = symbol;
        b.setAttribute('aria-label', label(symbol));
        b.setAttribute('part', 'button');
        return b;
      }),
    );
    const erase = document.createElement('button');
    erase.type = 'button';
    erase.dataset.key = '';
    erase.className = 'erase';
    erase.setAttribute('part', 'button');
    erase.innerHTML = `${icon('clear')}<span>Erase</span>`;
    pad.append(erase);
  }

  /** Switches the digit buttons between entering digits and toggling marks. */
  function setPencil(value) {
    if (value !== isPencil) {
      isPencil = value;
      pad.classList.toggle('pencil', value);
      for (const b of pad.querySelectorAll('button:not(.erase)')) {
        b.setAttribute('aria-label', label(b.dataset.key));
      }
    }
  }

  /**
   * Shows how many of each digit are left to place: `left[d - 1]` for digit d (disabled at 0),
   * or nothing for a null `left`.
   */
  function setLeft(left) {
    const key = left?.join() ?? '';
    if (key === shownLeft) {
      return;
    }
    shownLeft = key;
    for (const b of pad.querySelectorAll('button:not(.erase)')) {
      const n = left ? left[b.dataset.index] : null;
      const text = n === null ? '' : String(n);
      if (b.dataset.left !== text) {
        b.dataset.left = text;
        b.title = n === null ? '' : `${n} left to place`;
        b.disabled = n === 0;
      }
    }
  }

  return { build, setPencil, setLeft };
}
