// Variants end to end: each sample (X-Sudoku, Windoku, Jigsaw) is drawn with its houses and
// named cell by cell, clashes along its own houses while a person solves it, solves, and
// comes back from a link at a step whose sentence names its house; the Variant selector
// moves a grid's digits to another layout and offers only what the size can have.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import wasm from '../js/wasm.mjs';
import {
  button,
  cell,
  cellText,
  choose,
  gridLine,
  browserPerFile,
  openPage,
  puzzleBox,
  screenshot,
  statusText,
  waitForDigits,
  waitForStatus,
} from './helpers.mjs';

const env = browserPerFile();

/**
 * The samples: their name in the Sample list and in the Variant selector, a cell and what
 * its name says of the variant's houses, how many cells are shaded, and a step of the Human
 * trace whose sentence names a house of the variant.
 */
const VARIANTS = [
  {
    id: 'x',
    sample: 'X-Sudoku 9×9 (diagonals)',
    variant: 'X-Sudoku',
    place: [1, 1, 'on diagonal ↘'],
    nShaded: 17,
    step: 8,
    house: 'diagonal ↗',
  },
  {
    id: 'windoku',
    sample: 'Windoku 9×9 (four windows)',
    variant: 'Windoku',
    place: [2, 2, 'in window 1'],
    nShaded: 36,
    step: 1,
    house: 'window 3',
  },
  {
    id: 'jigsaw',
    sample: 'Jigsaw 9×9',
    variant: 'Jigsaw',
    place: [3, 3, 'in region 1'],
    nShaded: 0,
    step: 4,
    house: 'region 8',
  },
];

/** The cells of a line in a layout, without its tag. */
function cellsOf(line) {
  return line.slice(line.lastIndexOf(':') + 1);
}

/**
 * An empty cell and a digit that clash only through a house of the variant: a given of a
 * diagonal, window or jigsaw region, copied to an empty cell of that house that shares no
 * row, column (or, with boxes, box) with it. Cells are 0-based.
 */
function variantClash(text) {
  const { values, layout } = wasm.parsePuzzle(text);
  const box = (i) => Math.floor(i / 27) * 3 + Math.floor((i % 9) / 3);
  const sees = (a, b) =>
    Math.floor(a / 9) === Math.floor(b / 9) ||
    a % 9 === b % 9 ||
    (layout.variant === 'jigsaw' ? false : box(a) === box(b));
  const houses =
    layout.variant === 'jigsaw'
      ? [...Array(9).keys()].map((r) => layout.regions.flatMap((x, i) => (x === r ? [i] : [])))
      : layout.extras.map((h) => h.cells);
  for (const cells of houses) {
    for (const given of cells.filter((i) => values[i])) {
      const empty = cells.find((i) => !values[i] && !sees(i, given));
      // The digit must not clash through a row, column or box too.
      if (empty !== undefined) {
        return { cell: empty, digit: values[given] };
      }
    }
  }
  throw new Error('no such clash in the sample');
}

for (const v of VARIANTS) {
  test(`${v.variant}: drawn, named, played, solved and linked`, async () => {
    const { page, errors } = await openPage(env.browser, env.url);
    await choose(page, 'Sample', v.sample);
    await waitForStatus(page, 'Unique solution');
    const text = await puzzleBox(page).inputValue();
    assert.ok(text.startsWith(`${v.id}:`), text);
    const variantSelect = page.getByLabel('Variant', { exact: true });
    assert.equal(await variantSelect.evaluate((s) => s.selectedOptions[0].textContent), v.variant);

    // Drawn: shaded diagonals or windows, thick borders between jigsaw regions; named.
    const [r, c, where] = v.place;
    assert.ok((await cellText(page, r, c)).endsWith(`; ${where}`), await cellText(page, r, c));
    const look = await page.locator('stepdoku-board').evaluate((el) => {
      const cells = [...el.shadowRoot.querySelectorAll('[role="gridcell"]')];
      return {
        shaded: cells.filter((x) => x.classList.contains('extra-house')).length,
        borders: cells.map((x) => (x.classList.contains('box-right') ? '|' : '.')).join(''),
      };
    });
    assert.equal(look.shaded, v.nShaded);
    const { layout } = wasm.parsePuzzle(text);
    const expected = [...layout.regions]
      .map((region, i) => (i % 9 < 8 && region !== layout.regions[i + 1] ? '|' : '.'))
      .join('');
    assert.equal(look.borders, expected, 'a thick border wherever the region changes');

    // Played: a digit clashing along the variant's own house is flagged.
    const clash = variantClash(text);
    const [cr, cc] = [Math.floor(clash.cell / 9) + 1, (clash.cell % 9) + 1];
    await cell(page, cr, cc).click();
    await page.keyboard.press(String(clash.digit));
    await page.waitForFunction(
      ([row, col]) =>
        [
          ...document
            .querySelector('stepdoku-board')
            .shadowRoot.querySelectorAll('[role="gridcell"]'),
        ]
          .find((x) =>
            new RegExp(`, row ${row}, column ${col}(?:;|$)`).test(x.getAttribute('aria-label')),
          )
          .getAttribute('aria-label')
          .includes('clashes'),
      [cr, cc],
    );
    await page.keyboard.press('Backspace');
    assert.ok((await cellText(page, cr, cc)).startsWith('empty'));
    // A hint from the person's board comes from the variant's rules.
    await button(page, 'Hint').click();
    await waitForStatus(page, /Hint: try /);
    await screenshot(page, `variant-${v.id}-playing`);

    // Solved: the grid shows the variant's solution.
    await button(page, 'Solve').click();
    const solution = cellsOf(wasm.solve(text));
    await waitForDigits(page, solution);
    assert.equal(await gridLine(page), solution);
    await screenshot(page, `variant-${v.id}-solved`);
    assert.deepEqual(errors, []);
    await page.close();

    // Linked: a link to a step of the Human trace shows it, its house outlined.
    const linked = await openPage(env.browser, env.url, {
      hash: `#p=${text}&s=human&n=${v.step}`,
    });
    await waitForStatus(linked.page, v.house);
    assert.match(await statusText(linked.page), new RegExp(`the only place for \\d in ${v.house}`));
    const outlined = await linked.page
      .locator('stepdoku-board')
      .evaluate((el) => el.shadowRoot.querySelectorAll('.house-cell').length);
    assert.equal(outlined, 9, 'each cell of the house, outlined');
    // The variant's house still ends the cell's name, before any part the cell plays in the
    // single's proof.
    const linkedName = await cellText(linked.page, r, c);
    assert.ok(/^; proof: [^;]*$|^$/.test(linkedName.split(`; ${where}`)[1] ?? 'x'), linkedName);
    assert.deepEqual(linked.errors, []);
    await linked.page.close();
  });
}

test('on a phone, a jigsaw grid and its step fit the screen', async () => {
  const jigsaw = wasm.parsePuzzle(
    'jigsaw:AAABBBCCCAAABBBCCCDDABBECFCDAAEBEFFCDDDEEEFFIDGGEHHFIIDGGEHHFFIDGGEHHIFIGGGHHHIII:' +
      '.6..1....4.......7......2.5...18....5......1..2.....7....36.....8...75..69.......',
  ).line;
  for (const [id, line, step] of [
    ['jigsaw', jigsaw, 4],
    ['x', 'x:.8.............9........1...4.6.......1.7.43.2....3.1.1.........94..768182...6.7.', 8],
  ]) {
    const { page, errors } = await openPage(env.browser, env.url, {
      hash: `#p=${line}&s=human&n=${step}`,
      viewport: { width: 390, height: 844 },
    });
    await page.getByRole('status').waitFor();
    const width = await page
      .getByRole('grid', { name: /^Sudoku puzzle/ })
      .evaluate((g) => g.getBoundingClientRect().right);
    assert.ok(width <= 390, `the grid fits: ${width}`);
    await screenshot(page, `variant-${id}-phone`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('the Variant selector moves the digits to another layout, as far as the size allows', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await waitForStatus(page, 'Unique solution');
  const before = await gridLine(page);
  const variant = page.getByLabel('Variant', { exact: true });
  await choose(page, 'Variant', 'X-Sudoku');
  await page.waitForFunction(() =>
    document
      .querySelector('stepdoku-board')
      .shadowRoot.querySelector('#puzzle-text')
      .value.startsWith('x:'),
  );
  assert.equal(await gridLine(page), before, 'the digits stay');
  assert.ok((await cellText(page, 5, 5)).includes('on diagonal ↘'));
  // The easy sample's givens clash on a diagonal, or leave no X solution: a verdict either way.
  await waitForStatus(page, /solution|twice|Several/i);
  await choose(page, 'Variant', 'Classic');
  await page.waitForFunction(
    (line) =>
      document.querySelector('stepdoku-board').shadowRoot.querySelector('#puzzle-text').value ===
      line,
    before,
  );
  // 6×6 boxes are not square: no Windoku; an X grid keeps its variant when the size changes.
  await choose(page, 'Variant', 'X-Sudoku');
  await choose(page, 'Size', '6×6');
  assert.equal(await variant.evaluate((s) => s.selectedOptions[0].textContent), 'X-Sudoku');
  const windoku = variant.locator('option', { hasText: 'Windoku' });
  assert.equal(await windoku.isDisabled(), true);
  assert.equal(await page.getByRole('gridcell').count(), 36);
  assert.deepEqual(errors, []);
  await page.close();
});
