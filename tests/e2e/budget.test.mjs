// A verdict whose search runs out of its budget: the page says it is undecided after so many
// nodes, offers Keep going (ten times more), never hangs, and keeps the person's grid.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  button,
  gridLine,
  browserPerFile,
  loadPuzzle,
  openPage,
  PIGEONHOLE,
  PUZZLES,
  screenshot,
  WAIT_MS,
  waitForStatus,
} from './helpers.mjs';

const env = browserPerFile();

test('an undecided verdict says so, keeps going on request, and keeps the grid', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await loadPuzzle(page, PIGEONHOLE);
  await waitForStatus(page, 'Undecided: the search gave up after 200,000 nodes');
  const keepGoing = button(page, 'Keep going');
  assert.equal(await keepGoing.isVisible(), true);
  const grid = await gridLine(page);
  await screenshot(page, 'budget-undecided');

  // The page stays responsive: another control answers at once.
  await button(page, 'Solve').click();
  await waitForStatus(page, 'Undecided');
  assert.equal(await gridLine(page), grid, 'Solve shows no solution and keeps the grid');

  await keepGoing.click();
  // Ten times the nodes take ten times as long (about 40 s of one idle core): allow a loaded
  // machine six minutes. Since pairs and triples, two million nodes refute the grid.
  await waitForStatus(page, 'No solution: every possibility leads to a contradiction', 6 * WAIT_MS);
  assert.equal(await gridLine(page), grid);

  // A decided puzzle takes the button away.
  await loadPuzzle(page, PUZZLES.easy);
  await waitForStatus(page, 'Unique solution');
  assert.equal(await keepGoing.isVisible(), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test('an undecided verdict on a phone', async () => {
  const { page } = await openPage(env.browser, env.url, {
    viewport: { width: 390, height: 844 },
    colorScheme: 'dark',
  });
  await loadPuzzle(page, PIGEONHOLE);
  await waitForStatus(page, 'Undecided');
  await button(page, 'Keep going').scrollIntoViewIfNeeded();
  await screenshot(page, 'budget-undecided-phone');
  await page.close();
});
