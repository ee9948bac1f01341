// Small DOM helpers the parts share: the icon set, a text setter that touches the DOM only
// when the text changes, and the box a board that cannot start shows.

/** The icons of the buttons, as SVG paths in a 20×20 box. */
const ICONS = {
  solve: '<path d="M4 10.5l4 4 8-9"/>',
  play: '<path d="M6 4l10 6-10 6z" class="fill"/>',
  pause: '<path d="M6 4h3v12H6zM11 4h3v12h-3z" class="fill"/>',
  back: '<path d="M12 5l-5 5 5 5"/>',
  forward: '<path d="M8 5l5 5-5 5"/>',
  start: '<path d="M6 5v10M15 5l-6 5 6 5"/>',
  clear: '<path d="M5 5l10 10M15 5L5 15"/>',
  hint: '<path d="M10 3a5 5 0 0 0-3 9v2h6v-2a5 5 0 0 0-3-9zM8 17h4"/>',
  undo: '<path d="M7 5L3 9l4 4M3 9h9a5 5 0 0 1 0 10h-2"/>',
  redo: '<path d="M13 5l4 4-4 4M17 9H8a5 5 0 0 0 0 10h2"/>',
  pencil: '<path d="M4 16l1-4 8-8 3 3-8 8zM11 6l3 3"/>',
  share: '<path d="M10 3v10M6 7l4-4 4 4M4 12v4h12v-4"/>',
};

/** An icon's markup, hidden from screen readers (its button's text names it). */
export function icon(name) {
  return `<svg class="icon" viewBox="0 0 20 20" aria-hidden="true">${ICONS[name]}</svg>`;
}

/** Sets a node's text, only when it differs. */
export function setText(node, text) {
  if (node.textContent !== text) {
    node.textContent = text;
  }
}

/** The box a board shows instead of its parts when it cannot start, saying `message`. */
export function messageBox(message) {
  const box = document.createElement('p');
  box.setAttribute('role', 'alert');
  box.setAttribute('part', 'message');
  box.textContent = message;
  // Set through the CSSOM, which a Content-Security-Policy allows: the stylesheet may be
  // what failed.
  Object.assign(box.style, {
    margin: '0',
    padding: '1rem',
    border: '1px solid currentColor',
    borderRadius: '8px',
    font: '15px/1.45 system-ui, sans-serif',
  });
  return box;
}
