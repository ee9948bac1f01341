// Watching a solve: Play and Pause, Step forward and Step back (the board must come back
// exactly, digits and candidates), the three strategies, the step list, shortcuts.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  browserPerFile,
  button,
  cell,
  cellText,
  choose,
  counter,
  openPage,
  PUZZLES,
  readGrid,
  statusText,
  waitForCounter,
  waitForSteps,
} from './helpers.mjs';

const env = browserPerFile();

/** Waits until the URL hash is `hash`. */
function waitForHash(page, hash) {
  return page.waitForFunction((want) => location.hash === want, hash);
}

test('Play animates steps until Pause; the counters stop with it', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await button(page, 'Play').click();
  await waitForSteps(page, 3);
  assert.match(await statusText(page), /Step \d+/);
  await button(page, 'Pause').click();
  const steps = await counter(page, 'Steps');
  await page.waitForTimeout(400);
  assert.equal(await counter(page, 'Steps'), steps, 'no step after Pause');
  assert.ok(await button(page, 'Play').isVisible());
  assert.equal(await counter(page, 'Placements'), steps, 'the easy puzzle: one placement a step');
  // Candidates show while a trace is on the board.
  const grid = await readGrid(page);
  assert.ok(grid.some((c) => c.candidates.length > 1));
  assert.deepEqual(errors, []);
  await page.close();
});

test('Step forward then Step back returns the board exactly, again and again', async () => {
  const { page, errors } = await openPage(env.browser, env.url, { hash: `#p=${PUZZLES.hardest}` });
  await choose(page, 'Strategy', 'Singles + search');
  const boards = [];
  await button(page, 'Step forward').click();
  await waitForSteps(page, 1);
  boards.push(await readGrid(page));
  for (let i = 2; i <= 12; i++) {
    await button(page, 'Step forward').click();
    await waitForSteps(page, i);
    boards.push(await readGrid(page));
    assert.notDeepEqual(boards.at(-1), boards.at(-2), `step ${i} changes the board`);
  }
  for (let i = boards.length - 2; i >= 0; i--) {
    await button(page, 'Step back').click();
    await waitForSteps(page, i + 1, { exactly: true });
    assert.deepEqual(await readGrid(page), boards[i], `back to step ${i + 1}`);
  }
  await button(page, 'To start').click();
  await waitForSteps(page, 0, { exactly: true });
  assert.equal(await button(page, 'Step back').isDisabled(), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Backtracking guesses from the first step, and the guess shows its depth', async () => {
  const { page, errors } = await openPage(env.browser, env.url, { hash: `#p=${PUZZLES.hardest}` });
  await choose(page, 'Strategy', 'Backtracking');
  await button(page, 'Step forward').click();
  await waitForSteps(page, 1);
  assert.match(await statusText(page), /Guess/);
  assert.equal(await counter(page, 'Guesses'), 1);
  assert.equal(await counter(page, 'Depth'), 1);
  assert.equal(await cellText(page, 1, 2), "1, solver's guess at depth 1");
  const grid = await readGrid(page);
  assert.equal(grid[1].origin, 'guess');
  // At maximum speed the trace streams: thousands of steps, backtracks among them.
  await page.getByLabel('Speed', { exact: true }).fill('12');
  await button(page, 'Play').click();
  // The exact count is in data-value: the text is compact (1.2k) past 9,999.
  await waitForCounter(page, 'Backtracks', 50);
  await button(page, 'Pause').click();
  assert.ok((await counter(page, 'Steps')) > 100);
  assert.deepEqual(errors, []);
  await page.close();
});

test('each strategy traces the puzzle to the end, and the grid ends solved', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  const solution = '346152125346251634463215512463634521';
  await choose(page, 'Sample', 'Small 6×6');
  await page.getByLabel('Speed', { exact: true }).fill('12');
  for (const strategy of ['Backtracking', 'Singles + search', 'Human']) {
    await choose(page, 'Strategy', strategy);
    await button(page, 'Play').click();
    await page
      .getByRole('status')
      .locator('.kind-chip', { hasText: /^Solved$/ })
      .waitFor({ state: 'visible', timeout: 60000 });
    const digits = (await readGrid(page)).map((c) => c.digit).join('');
    assert.equal(digits, solution, strategy);
    assert.equal(await button(page, 'Step forward').isDisabled(), true, 'nothing after the end');
    await button(page, 'To start').click();
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('a link to a step opens the trace there, and the URL follows the position', async () => {
  const at = (n) => `#p=${PUZZLES.hardest}&s=human&n=${n}`;
  const { page, errors } = await openPage(env.browser, env.url, { hash: at(20) });
  await waitForSteps(page, 20, { exactly: true });
  assert.equal(await page.getByLabel('Strategy').inputValue(), 'human');
  assert.match(await statusText(page), /Step 20\b/);
  await waitForHash(page, at(20));

  await button(page, 'Step forward').click();
  await waitForSteps(page, 21, { exactly: true });
  await waitForHash(page, at(21));
  const board21 = await readGrid(page);

  // The link of that position, opened again, shows the very same board.
  await page.reload();
  await page.locator('stepdoku-board').evaluate((el) => el.whenReady());
  await waitForSteps(page, 21, { exactly: true });
  assert.deepEqual(await readGrid(page), board21);

  // A new step in the hash moves there, back or forward; To start leaves only the puzzle.
  await page.evaluate((hash) => {
    location.hash = hash;
  }, at(5));
  await waitForSteps(page, 5, { exactly: true });
  await waitForHash(page, at(5));
  await button(page, 'To start').click();
  await waitForHash(page, `#p=${PUZZLES.hardest}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the step list jumps to a step, and shortcuts step and play from outside the grid', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  for (let i = 1; i <= 6; i++) {
    await button(page, 'Step forward').click();
    await waitForSteps(page, i);
  }
  const rows = page.locator('stepdoku-board .step-row');
  await rows.filter({ hasText: /^\s*3/ }).first().click();
  await waitForSteps(page, 3, { exactly: true });
  assert.equal(
    await page.locator('stepdoku-board .step-row[aria-current="step"] .n').innerText(),
    '3',
  );

  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowRight');
  await waitForSteps(page, 4);
  await page.keyboard.press('ArrowLeft');
  await waitForSteps(page, 3, { exactly: true });
  await page.keyboard.press(' ');
  await waitForSteps(page, 5);
  await page.keyboard.press(' ');
  const steps = await counter(page, 'Steps');
  await page.waitForTimeout(300);
  assert.equal(await counter(page, 'Steps'), steps, 'Space paused');
  // In the grid, arrows move the selection instead of stepping.
  await cell(page, 1, 3).click();
  await page.keyboard.press('ArrowRight');
  assert.equal(
    await cell(page, 1, 4).evaluate((el) => el === el.getRootNode().activeElement),
    true,
  );
  assert.equal(await counter(page, 'Steps'), steps);
  assert.deepEqual(errors, []);
  await page.close();
});

test('typing while a trace shows: solving takes over there, entering goes back to editing', async () => {
  const { page } = await openPage(env.browser, env.url);
  await button(page, 'Step forward').click();
  await waitForSteps(page, 1);
  const watched = await readGrid(page);
  await cell(page, 1, 3).click();
  await page.keyboard.press('1');
  assert.equal(await counter(page, 'Steps'), 0);
  const taken = await readGrid(page);
  assert.equal(taken[2].description, '1, yours');
  taken.forEach((c, i) => {
    if (i !== 2 && !c.digit) {
      // The trace's candidates, less the 1 that tidying took out of r1c3's peers.
      assert.ok(
        [watched[i].candidates, watched[i].candidates.replace('1', '')].includes(c.candidates),
        `cell ${i}: ${c.candidates} from ${watched[i].candidates}`,
      );
    }
  });

  await button(page, 'Edit puzzle').click();
  await button(page, 'Step forward').click();
  await waitForSteps(page, 1);
  await cell(page, 1, 3).click();
  await page.keyboard.press('1');
  assert.equal(await counter(page, 'Steps'), 0);
  const grid = await readGrid(page);
  assert.equal(grid[2].description, '1, given');
  assert.ok(
    grid.every((c) => c.candidates === ''),
    'no candidates while editing',
  );
  await page.close();
});
