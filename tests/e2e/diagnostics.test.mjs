// Every diagnostic for bad input, shown next to what the person typed, which stays: a bad
// character (line and column named), a wrong length, a duplicate given (both cells marked),
// no solution, several solutions (two shown, the differing cells marked).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  button,
  cell,
  gridLine,
  browserPerFile,
  loadPuzzle,
  openPage,
  PUZZLES,
  puzzleBox,
  readGrid,
  statusText,
  waitForStatus,
  openPanel,
} from './helpers.mjs';

const env = browserPerFile();

/** The error shown beside the Puzzle box. */
function fieldError(page) {
  return page.locator('stepdoku-board #puzzle-error');
}

test('a bad character is named by line and column; the grid and the text stay', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  const before = await gridLine(page);
  const typed = `123......\n4z6......\n${'.........\n'.repeat(7)}`;
  await loadPuzzle(page, typed);
  await waitForStatus(page, "Bad character 'z' at line 2, column 2");
  assert.match(await fieldError(page).innerText(), /line 2, column 2/);
  assert.equal(await puzzleBox(page).inputValue(), typed, 'the typed text stays');
  assert.equal(await puzzleBox(page).getAttribute('aria-invalid'), 'true');
  assert.match(await puzzleBox(page).getAttribute('aria-describedby'), /puzzle-error/);
  // The bad character is selected in the box.
  const selected = await puzzleBox(page).evaluate((el) =>
    el.value.slice(el.selectionStart, el.selectionEnd),
  );
  assert.equal(selected, 'z');
  assert.equal(await gridLine(page), before, 'the grid keeps its puzzle');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a wrong length says how many cells were read', async () => {
  const { page } = await openPage(env.browser, env.url);
  const before = await gridLine(page);
  await loadPuzzle(page, '1234');
  await waitForStatus(page, 'Wrong length: read 4 cells');
  assert.match(await fieldError(page).innerText(), /Wrong length/);
  assert.equal(await puzzleBox(page).inputValue(), '1234');
  assert.equal(await gridLine(page), before);
  // Loading a good puzzle clears the error.
  await loadPuzzle(page, PUZZLES.easy);
  await waitForStatus(page, 'Unique solution');
  assert.equal(await fieldError(page).isVisible(), false);
  await page.close();
});

test('a duplicate given is named and both cells are marked', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await openPanel(page);
  await button(page, 'Clear grid').click();
  await cell(page, 1, 4).click();
  await page.keyboard.press('5');
  await cell(page, 1, 7).click();
  await page.keyboard.press('5');
  await waitForStatus(page, 'Duplicate given: r1c4 and r1c7 both hold 5 in row 1');
  const grid = await readGrid(page);
  assert.match(grid[3].classes, /fault/);
  assert.match(grid[6].classes, /fault/);
  assert.equal(grid.filter((c) => /fault/.test(c.classes)).length, 2);
  assert.equal(grid[3].digit, '5');
  assert.equal(grid[6].digit, '5', 'the grid keeps both digits');
  // Solve leaves the grid as it is.
  await button(page, 'Solve').click();
  await page.waitForTimeout(200);
  assert.equal(await gridLine(page), `...5..5..${'.'.repeat(72)}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('no solution names the cell that has no candidate left, and marks it', async () => {
  const { page } = await openPage(env.browser, env.url);
  await loadPuzzle(page, PUZZLES.none);
  await waitForStatus(page, 'No solution: r1c9 has no candidate left');
  const grid = await readGrid(page);
  assert.match(grid[8].classes, /fault/);
  assert.equal(await gridLine(page), PUZZLES.none);
  await page.close();
});

test('several solutions: two are shown in turn, the cells where they differ marked', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await loadPuzzle(page, PUZZLES.several);
  await waitForStatus(page, 'At least two solutions');
  await button(page, 'Solve').click();
  const first = page.getByRole('button', { name: 'Solution 1', exact: true });
  const second = page.getByRole('button', { name: 'Solution 2', exact: true });
  await first.waitFor();
  assert.equal(await first.getAttribute('aria-pressed'), 'true');
  const gridA = await readGrid(page);
  await second.click();
  assert.equal(await second.getAttribute('aria-pressed'), 'true');
  const gridB = await readGrid(page);
  const differing = gridA.flatMap((c, i) => (c.digit !== gridB[i].digit ? [i] : []));
  const marked = gridA.flatMap((c, i) => (/differ/.test(c.classes) ? [i] : []));
  assert.ok(differing.length >= 2);
  assert.deepEqual(marked, differing, 'exactly the differing cells are marked');
  assert.ok(
    gridA.every((c) => c.digit !== ''),
    'each is a full grid',
  );
  assert.match(await statusText(page), /differ in \d+ cells/);
  assert.deepEqual(errors, []);
  await page.close();
});
