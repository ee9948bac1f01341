// Editing a puzzle as a person does: clicking cells and typing, pasting, the Puzzle box,
// the URL hash, and reading the solution back from the grid.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  button,
  cell,
  cellText,
  choose,
  gridLine,
  browserPerFile,
  loadPuzzle,
  openPage,
  PUZZLES,
  puzzleBox,
  readGrid,
  setClipboard,
  statusText,
  waitForDigits,
  waitForStatus,
  openPanel,
} from './helpers.mjs';

const EASY_LINE =
  '85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.';
const EASY_SOLUTION =
  '859612437723854169164379528986147352375268914241593786432981675617425893598736241';
const TINY = '13..2.....4....1';
const TINY_SOLUTION = '1324241331424231';

const env = browserPerFile();

test('the page opens on the easy sample, with its verdict and the puzzle in the URL', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  assert.equal(await gridLine(page), EASY_LINE);
  assert.equal(await puzzleBox(page).inputValue(), EASY_LINE);
  await waitForStatus(page, 'Unique solution');
  const grid = page.getByRole('grid');
  assert.match(await grid.getAttribute('aria-label'), /Sudoku/);
  assert.equal(await page.getByRole('row').count(), 9);
  assert.equal(await page.getByRole('gridcell').count(), 81);
  assert.equal(await cellText(page, 1, 1), '8, given');
  assert.equal(await cellText(page, 1, 3), 'empty');
  assert.ok(page.url().endsWith(`#p=${EASY_LINE}`));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a puzzle typed cell by cell, with arrows, Backspace and a bad key, then solved', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await choose(page, 'Size', '4×4');
  assert.equal(await page.getByRole('gridcell').count(), 16);
  assert.equal(await gridLine(page), '.'.repeat(16));
  await cell(page, 1, 1).click();
  for (const [i, ch] of [...TINY].entries()) {
    if (ch !== '.') {
      await page.keyboard.press(ch);
    }
    if (i % 4 !== 3) {
      await page.keyboard.press('ArrowRight');
    } else if (i < 15) {
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Home');
    }
  }
  assert.equal(await gridLine(page), TINY);
  assert.equal(await puzzleBox(page).inputValue(), TINY);
  // Roving tabindex: only the selected cell is in the tab order.
  assert.equal(await page.locator('stepdoku-board [role="gridcell"][tabindex="0"]').count(), 1);
  assert.equal(await cell(page, 4, 4).getAttribute('tabindex'), '0');

  await cell(page, 2, 2).click();
  await page.keyboard.press('9'); // not a digit of a 4×4 puzzle: ignored
  await page.keyboard.press('3');
  assert.equal(await cellText(page, 2, 2), '3, given');
  await page.keyboard.press('Backspace');
  assert.equal(await cellText(page, 2, 2), 'empty');
  assert.equal(await gridLine(page), TINY);

  await waitForStatus(page, 'Unique solution');
  await button(page, 'Solve').click();
  await waitForDigits(page, TINY_SOLUTION);
  const grid = await readGrid(page);
  assert.equal(grid[0].origin, 'given');
  assert.equal(grid[2].origin, 'solution', 'solved digits look different from givens');
  assert.equal(await cellText(page, 1, 3), '2, solution');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a number pad enters digits into the selected cell on touch screens', async () => {
  const { page } = await openPage(env.browser, env.url, { viewport: { width: 420, height: 900 } });
  await page.emulateMedia({ colorScheme: 'light' });
  // The pad shows where there is no fine pointer; force it for this desktop browser.
  await page.locator('stepdoku-board').evaluate((el) => {
    el.shadowRoot.querySelector('.number-pad').style.display = 'grid';
  });
  await cell(page, 1, 3).click();
  await page.getByRole('button', { name: 'Enter 9', exact: true }).click();
  assert.equal(await cellText(page, 1, 3), '9, yours', 'the loaded sample is being solved');
  await page.getByRole('button', { name: 'Erase', exact: true }).click();
  assert.equal(await cellText(page, 1, 3), 'empty');
  await page.close();
});

test('pasting into the Puzzle box loads the puzzle, in a multi-line format too', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  const pretty = PUZZLES.hardest
    .match(/.{9}/g)
    .map((row) => row.match(/.{3}/g).join('|'))
    .join('\n');
  await setClipboard(page, pretty);
  await openPanel(page);
  await puzzleBox(page).fill('');
  await puzzleBox(page).focus();
  await page.keyboard.press('Control+V');
  await page.waitForFunction(
    (want) => document.querySelector('stepdoku-board').getAttribute('puzzle') === want,
    PUZZLES.hardest,
  );
  assert.equal(await gridLine(page), PUZZLES.hardest);
  assert.equal(await puzzleBox(page).inputValue(), PUZZLES.hardest);
  await waitForStatus(page, 'Unique solution');
  assert.deepEqual(errors, []);
  await page.close();
});

test('pasting on the grid loads a whole puzzle, and a single digit into the cell', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await cell(page, 5, 5).click();
  await setClipboard(page, PUZZLES.several);
  await page.keyboard.press('Control+V');
  await page.waitForFunction(() =>
    document.querySelector('stepdoku-board').getAttribute('puzzle').startsWith('......4.1'),
  );
  assert.equal(await gridLine(page), PUZZLES.several.replace(/0/g, '.'));
  // A synthetic paste event of one digit fills the focused cell.
  await cell(page, 1, 1).click();
  await cell(page, 1, 1).evaluate((el) => {
    const data = new DataTransfer();
    data.setData('text/plain', '7');
    el.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, composed: true }),
    );
  });
  assert.equal(await cellText(page, 1, 1), '7, yours', 'a loaded puzzle is being solved');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the URL hash loads its puzzle, and Enter in the Puzzle box loads typed text', async () => {
  const { page } = await openPage(env.browser, env.url, { hash: `#p=${PUZZLES.hardest}` });
  assert.equal(await gridLine(page), PUZZLES.hardest);
  await loadPuzzle(page, PUZZLES.easy);
  assert.equal(await gridLine(page), EASY_LINE);
  await page.waitForFunction((line) => location.hash === `#p=${line}`, EASY_LINE);
  await button(page, 'Solve').click();
  await page.waitForFunction(
    (want) =>
      [...document.querySelector('stepdoku-board').shadowRoot.querySelectorAll('.digit')]
        .map((d) => d.textContent)
        .join('') === want,
    EASY_SOLUTION,
  );
  assert.match(await statusText(page), /Unique solution/);
  await openPanel(page);
  await button(page, 'Clear grid').click();
  assert.equal(await gridLine(page), '.'.repeat(81));
  await page.close();
});
