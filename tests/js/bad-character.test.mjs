// The page selects a bad character in the Puzzle box at the diagnosis' [line, column]
// (www/puzzle-bar.js rangeOf): the core's numbers must land on that very character, in a
// link, after a tag, in a 729-character line, in pencil marks and after comment lines.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import wasm from './wasm.mjs';
import { rangeOf } from '../../www/puzzle-bar.js';

/** The character the page would select for the diagnosis of `text`. */
function selected(text) {
  const { status, position, message } = wasm.analyze(text);
  assert.equal(status, 'invalid', message);
  assert.ok(position, message);
  return text.slice(...rangeOf(text, position));
}

test('the diagnosis points at the bad character in the text as typed', () => {
  const markLine = '123456789'.repeat(81);
  const groups = Array(81).fill('123456789');
  groups[40] = '12A';
  const rows = [];
  for (let r = 0; r < 9; r++) {
    rows.push(groups.slice(9 * r, 9 * r + 9).join(' '));
  }
  const cases = [
    ['https://www.sudokuwiki.org/sudoku.htm?bd=1..2..3..4....z.&x=1', 'z'],
    ['x:1..2..3..4..!...', '!'],
    ['  windoku : 1..2..3..4..?...', '?'],
    [`${markLine.slice(0, 300)}X${markLine.slice(301)}`, 'X'],
    [`# pencil marks\n${rows.join('\n')}`, 'A'],
    ['# a note, héllo\n1..2\n# more\n..3.\n.4$.\n...1 # end', '$'],
    ['1..2\r\n..3.\r\n.4..\r\n..%1', '%'],
    ['1.\u200f2..3..4......', '\u200f'],
    // Characters beyond 16 bits take two UTF-16 units: before the bad one, and as it.
    ['x:🙂1..2..3..4..!...', '🙂'],
    ['jigsaw:🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂:1..2..3..4.!....', '!'],
  ];
  for (const [text, ch] of cases) {
    assert.equal(selected(text), ch, JSON.stringify(text));
  }
});

test('invisible characters are named by code point', () => {
  const { message } = wasm.analyze('1.\u200f2..3..4......');
  assert.equal(
    message,
    "Bad character U+200F (right-to-left mark) at line 1, column 3: use digits, letters for sizes above 9, and '.' or '0' for blanks.",
  );
});

test('a comment is not read as cells', () => {
  const four = '1..2..3..4......';
  for (const text of [`${four} # see ?bd=2222`, `# x: note\n${four}`]) {
    assert.equal(wasm.analyze(text).status, 'unique', text);
  }
});
