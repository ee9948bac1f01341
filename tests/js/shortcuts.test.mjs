// Which key does what on the board (shortcuts.js): a table of keys and places.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isHintKey, shortcutOf } from '../../www/shortcuts.js';

const DIGITS_9 = '123456789';
const DIGITS_25 = 'ABCDEFGHIJKLMNOPQRSTUVWXY';

/** A key event's fields, with `mods` among ctrl, meta, alt, shift. */
function press(key, ...mods) {
  return {
    key,
    ctrlKey: mods.includes('ctrl'),
    metaKey: mods.includes('meta'),
    altKey: mods.includes('alt'),
    shiftKey: mods.includes('shift'),
    defaultPrevented: false,
  };
}

test('isHintKey: H asks for a hint, unless H is one of the digits it would type', () => {
  assert.equal(isHintKey('h', ''), true);
  assert.equal(isHintKey('H', DIGITS_9), true);
  assert.equal(isHintKey('h', '123456789ABCDEFG'), true, '16×16 digits stop at G');
  assert.equal(isHintKey('h', DIGITS_25), false, '25×25: H is a digit');
  assert.equal(isHintKey('H', DIGITS_25), false);
  assert.equal(isHintKey('g', ''), false);
  assert.equal(isHintKey('Home', ''), false);
});

test('shortcutOf: each key in each place', () => {
  const cases = [
    // key, modifiers, place, digits, action
    ['z', ['ctrl'], 'grid', DIGITS_9, 'undo'],
    ['z', ['meta'], 'control', DIGITS_9, 'undo'],
    ['Z', ['ctrl', 'shift'], 'page', DIGITS_9, 'redo'],
    ['y', ['ctrl'], 'grid', DIGITS_9, 'redo'],
    ['Y', ['ctrl', 'shift'], 'grid', DIGITS_9, null],
    ['z', ['ctrl'], 'field', DIGITS_9, null],
    ['z', ['ctrl', 'alt'], 'grid', DIGITS_9, null],
    ['h', [], 'grid', DIGITS_9, 'hint'],
    ['H', [], 'control', DIGITS_9, 'hint'],
    ['h', [], 'page', DIGITS_25, 'hint'],
    ['h', [], 'grid', DIGITS_25, null],
    ['h', [], 'field', DIGITS_9, null],
    ['h', ['ctrl'], 'page', DIGITS_9, null],
    [' ', [], 'page', DIGITS_9, 'play'],
    ['ArrowLeft', [], 'page', DIGITS_9, 'back'],
    ['ArrowRight', [], 'page', DIGITS_9, 'forward'],
    ['Home', [], 'page', DIGITS_9, 'start'],
    [' ', [], 'control', DIGITS_9, null],
    ['ArrowRight', [], 'control', DIGITS_9, null],
    ['ArrowLeft', [], 'grid', DIGITS_9, null],
    ['Home', [], 'grid', DIGITS_9, null],
    ['5', [], 'page', DIGITS_9, null],
    ['ArrowLeft', ['shift'], 'page', DIGITS_9, 'previousImplication'],
    ['ArrowRight', ['shift'], 'page', DIGITS_9, 'nextImplication'],
    ['ArrowRight', ['shift'], 'control', DIGITS_9, 'nextImplication'],
    ['ArrowRight', ['shift'], 'grid', DIGITS_9, null],
    ['ArrowRight', ['shift'], 'field', DIGITS_9, null],
    ['Home', ['shift'], 'page', DIGITS_9, null],
  ];
  for (const [key, mods, place, digits, action] of cases) {
    assert.equal(
      shortcutOf(press(key, ...mods), place, digits),
      action,
      `${[...mods, key].join('+')} on the ${place}`,
    );
  }
});

test('shortcutOf: a key a part already handled does nothing more', () => {
  const event = { ...press('ArrowRight'), defaultPrevented: true };
  assert.equal(shortcutOf(event, 'page', DIGITS_9), null);
});
