// The hint levels (www/hints.js): which level comes next, when a hint ends, and what each
// level shows, on steps the core makes.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  boardHintText,
  HintLevels,
  mistakeHint,
  traceHighlight,
  traceHintText,
} from '../../www/hints.js';
import { hintHighlight, stepHighlight } from '../../www/step-highlight.js';
import { EASY, trace } from './wasm.mjs';

const HARDEST = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';

/** The first step of the Human strategy on the easy sample: r5c2 = 7, a hidden single in box 4. */
const SINGLE = trace(EASY, 'human', 1)[0];
const GUESS = { kind: 'guess', cells: [3], changes: [{ op: 'place', cell: 3, digit: 1 }] };

/** The first step of a trace on `text` that matches `isWanted`. */
function firstStep(text, strategy, isWanted) {
  const step = trace(text, strategy, 400).find(isWanted);
  assert.ok(step, 'the trace has such a step');
  return step;
}

test('the steps the tests use are what they assume', () => {
  assert.equal(SINGLE.kind, 'deduction');
  assert.equal(SINGLE.technique, 'Hidden Single');
  assert.deepEqual(SINGLE.houses, [{ kind: 'box', index: 3, name: 'box 4' }]);
});

test('a deduction: Hint names it, then shows where, then asks to take it', () => {
  const hints = new HintLevels();
  assert.equal(hints.press(7), 'find');
  assert.equal(hints.at(7), null, 'pressing with nothing under way shows nothing yet');
  hints.show(7, { kind: 'step', step: SINGLE });
  assert.equal(hints.at(7).level, 1);
  assert.equal(hints.press(7), 'more');
  assert.equal(hints.at(7).level, 2);
  assert.equal(hints.at(7).step, SINGLE);
  assert.equal(hints.press(7), 'take');
  assert.equal(hints.press(7), 'take', 'taking is the caller’s: the hint stays until it ends');
});

test('a step that is not a deduction, and a mistake, have one level', () => {
  for (const hint of [
    { kind: 'step', step: GUESS },
    { kind: 'digit', cell: 4 },
    { kind: 'marks', cell: 5 },
  ]) {
    const hints = new HintLevels();
    hints.show('a', hint);
    assert.equal(hints.press('a'), 'take', hint.kind);
    assert.equal(hints.at('a').level, 1, hint.kind);
  }
});

test('a hint lasts only on its own board: another key, or end(), starts over', () => {
  const hints = new HintLevels();
  hints.show('1:5', { kind: 'step', step: SINGLE });
  hints.press('1:5');
  assert.equal(hints.at('1:6'), null);
  assert.equal(hints.at('2:5'), null);
  assert.equal(hints.press('1:6'), 'find');
  assert.equal(hints.at('1:5').level, 2, 'pressing elsewhere leaves the hint alone');
  hints.end();
  assert.equal(hints.at('1:5'), null);
  assert.equal(hints.press('1:5'), 'find');
});

test('mistakeHint: a wrong digit first, then marks, then none', () => {
  assert.deepEqual(mistakeHint({ digits: [9, 3], marks: [1] }), { kind: 'digit', cell: 9 });
  assert.deepEqual(mistakeHint({ digits: [], marks: [8, 2] }), { kind: 'marks', cell: 8 });
  assert.equal(mistakeHint({ digits: [], marks: [] }), null);
});

test('the trace highlights the step that led here, or as much of the one to come as the hint shows', () => {
  assert.deepEqual(traceHighlight(SINGLE, 0), stepHighlight(SINGLE));
  assert.equal(traceHighlight(SINGLE, 1), null);
  assert.deepEqual(traceHighlight(SINGLE, 2), hintHighlight(SINGLE));
  assert.notDeepEqual(hintHighlight(SINGLE), stepHighlight(SINGLE));
  assert.equal(traceHighlight(null, 0), null, 'no step before the first');
});

test('the person’s board marks the hint’s cell, its step at level 2, else the step last taken', () => {
  const hints = new HintLevels();
  const none = { wrong: [], wrongMarks: [], step: null, taken: null };
  assert.deepEqual(hints.boardMarks(1), none);
  hints.show(1, { kind: 'digit', cell: 12 });
  assert.deepEqual(hints.boardMarks(1), { ...none, wrong: [12] });
  hints.show(1, { kind: 'marks', cell: 30 });
  assert.deepEqual(hints.boardMarks(1), { ...none, wrongMarks: [30] });
  assert.deepEqual(hints.boardMarks(2), none);

  hints.took(2, GUESS);
  hints.show(2, { kind: 'step', step: SINGLE });
  assert.deepEqual(hints.boardMarks(2).step, stepHighlight(GUESS), 'level 1 keeps the taken step');
  assert.equal(hints.boardMarks(2).taken, GUESS, 'whose chain may be walked');
  hints.press(2);
  assert.deepEqual(hints.boardMarks(2).step, hintHighlight(SINGLE));
  assert.equal(hints.boardMarks(2).taken, null);
  assert.equal(hints.boardMarks(3).step, null, 'a change ends both');
});

test('hint sentences on the trace, level by level', () => {
  assert.equal(traceHintText(null, 9), '');
  const hints = new HintLevels();
  hints.show('t', { kind: 'step', step: SINGLE });
  assert.equal(
    traceHintText(hints.at('t'), 9),
    'Hint: try Hidden Single (ER 1.2). Press Hint again to see where.',
  );
  hints.press('t');
  assert.equal(
    traceHintText(hints.at('t'), 9),
    'Hint: Hidden Single (ER 1.2): look in box 4. Press Hint again to take the step.',
  );
  assert.equal(
    traceHintText({ kind: 'step', step: GUESS, level: 1 }, 9),
    'Hint: the next step is a guess (search). Press Hint again to take it.',
  );
});

test('a variant’s house is named as the core names it: a diagonal, a window, a region', () => {
  const samples = [
    [
      'x:.8.............9........1...4.6.......1.7.43.2....3.1.1.........94..768182...6.7.',
      'diagonal',
    ],
    [
      'windoku:9..1.............63..............8....6.2.....7......31..2...9...3..8...5........',
      'window',
    ],
  ];
  for (const [text, kind] of samples) {
    const step = firstStep(text, 'human', (s) => s.houses.some((h) => h.kind === kind));
    const house = step.houses.find((h) => h.kind === kind);
    assert.match(house.name, kind === 'diagonal' ? /^diagonal [↘↗]$/ : /^window \d$/);
    assert.ok(
      step.technique === 'Hidden Single'
        ? traceHintText({ kind: 'step', step, level: 2 }, 9).includes(`look in ${house.name}`)
        : step.text.includes(house.name),
      step.text,
    );
  }
});

test('a placement without a house names its cells; an elimination points at the highlight', () => {
  const naked = firstStep(
    HARDEST,
    'human',
    (s) => s.kind === 'deduction' && s.changes.some((c) => c.op === 'place') && !s.houses,
  );
  assert.match(
    traceHintText({ kind: 'step', step: naked, level: 2 }, 9),
    /^Hint: .+ \(ER \d\.\d\): look at r\dc\d(, r\dc\d)*\. Press Hint again to take the step\.$/,
  );
  const elimination = firstStep(
    HARDEST,
    'human',
    (s) => s.kind === 'deduction' && !s.changes.some((c) => c.op === 'place'),
  );
  assert.match(
    traceHintText({ kind: 'step', step: elimination, level: 2 }, 9),
    /: look at the highlighted cells\. Press Hint again to take the step\.$/,
  );
});

test('hint sentences on the person’s board name the cell at fault, or the next step', () => {
  assert.equal(
    boardHintText({ kind: 'digit', cell: 10, level: 1 }, 9),
    'Hint: the digit in r2c2 is wrong. Press Hint again to take it out.',
  );
  assert.equal(
    boardHintText({ kind: 'marks', cell: 80, level: 1 }, 9),
    'Hint: the marks in r9c9 leave out the digit that goes there. Press Hint again to mark every digit the cell allows.',
  );
  assert.match(
    boardHintText({ kind: 'step', step: GUESS, level: 1 }, 9),
    /the next step is a guess/,
  );
  assert.equal(
    boardHintText({ kind: 'step', step: SINGLE, level: 1 }, 9),
    traceHintText({ kind: 'step', step: SINGLE, level: 1 }, 9),
  );
});
