// The board's keyboard shortcuts, as a pure function of a key and where it was pressed, so
// that which key does what is one table, tested in node. The board carries the action out.
//
//   key                      where                         action
//   Ctrl/⌘+Z                 anywhere but a text field     undo
//   Ctrl/⌘+Shift+Z, Ctrl+Y   anywhere but a text field     redo
//   H                        anywhere but a text field     hint (in the grid, unless H is
//                                                          one of its digits, as on 25×25)
//   Space, ←, →, Home        the page or the board itself  play/pause, back, forward, start
//   Shift+←, Shift+→         the page, the board or a      previous, next implication of
//                            control                       the forcing chain on show
//
// On a control, Space, the arrows and Home stay the control's: Space presses a button, the
// arrows move in the grid.

/**
 * Where a key was pressed: `field` (a text box or a select, which keep their keys), `grid`,
 * `control` (a button, a link, a disclosure) or `page` (the board or the page itself).
 */
export function placeOf(target) {
  const isIn = (selector) => target instanceof Element && Boolean(target.closest(selector));
  if (isIn('input, textarea, select')) {
    return 'field';
  }
  if (isIn('[role="grid"]')) {
    return 'grid';
  }
  return isIn('button, a[href], summary') ? 'control' : 'page';
}

/**
 * Whether `key` asks for a hint: H in either case, unless H is one of `symbols`, the digits
 * the key would type ('' where it types none). A 25×25 grid's digits are A–Y: there, H typed
 * in the grid is a digit, and only outside the grid asks for a hint.
 */
export function isHintKey(key, symbols) {
  return (key === 'h' || key === 'H') && !symbols.includes('H');
}

const PLAYER_KEYS = Object.freeze({
  ' ': 'play',
  ArrowLeft: 'back',
  ArrowRight: 'forward',
  Home: 'start',
});

const CHAIN_KEYS = Object.freeze({
  ArrowLeft: 'previousImplication',
  ArrowRight: 'nextImplication',
});

/**
 * The action a key event asks for (see the table above), or null: `event` a KeyboardEvent's
 * `key`, `ctrlKey`, `metaKey`, `altKey`, `shiftKey` and `defaultPrevented`; `place` as placeOf
 * says; `symbols` the grid's digits.
 */
export function shortcutOf(event, place, symbols) {
  if (event.defaultPrevented || event.altKey || place === 'field') {
    return null;
  }
  if (event.ctrlKey || event.metaKey) {
    const key = event.key.toLowerCase();
    if (key === 'z') {
      return event.shiftKey ? 'redo' : 'undo';
    }
    return key === 'y' && !event.shiftKey ? 'redo' : null;
  }
  if (isHintKey(event.key, place === 'grid' ? symbols : '')) {
    return 'hint';
  }
  if (event.shiftKey && place !== 'grid') {
    return CHAIN_KEYS[event.key] ?? null;
  }
  return place === 'page' ? (PLAYER_KEYS[event.key] ?? null) : null;
}
