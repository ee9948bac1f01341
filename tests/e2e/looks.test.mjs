// Screenshots of the main states in the light and dark themes, kept in test-artifacts/ to
// look at; the test itself checks only that nothing failed on the way and that the layout
// holds (grid beside the solver when wide, stacked when narrow, nothing overflowing).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  button,
  choose,
  counter,
  browserPerFile,
  loadPuzzle,
  openPage,
  PUZZLES,
  screenshot,
  waitForStatus,
  waitForSteps,
} from './helpers.mjs';

const env = browserPerFile();

/** Clicks Step forward until the Steps counter reads `target`. */
async function stepTo(page, target) {
  for (let steps = await counter(page, 'Steps'); steps < target; steps++) {
    await button(page, 'Step forward').click();
    await waitForSteps(page, steps + 1, { exactly: true });
  }
}

/**
 * Boxes of the grid, the side column and the Play button, and whether anything is wider than
 * the page. (On a phone the side column dissolves into one column with the grid.)
 */
function layout(page) {
  return page.locator('stepdoku-board').evaluate((el) => {
    const box = (s) => el.shadowRoot.querySelector(s).getBoundingClientRect().toJSON();
    return {
      grid: box('.grid'),
      side: box('.side-col'),
      play: box('[data-act="play"]'),
      overflows: document.documentElement.scrollWidth > window.innerWidth,
    };
  });
}

for (const scheme of ['light', 'dark']) {
  test(`${scheme}: editing, tracing, search, verdicts`, async () => {
    const { page, errors } = await openPage(env.browser, env.url, { colorScheme: scheme });
    await waitForStatus(page, 'Unique solution');
    await screenshot(page, `${scheme}-1-initial`);
    const wide = await layout(page);
    assert.ok(wide.side.left >= wide.grid.right, 'the solver sits right of the grid');
    assert.equal(wide.overflows, false);

    await stepTo(page, 6);
    await screenshot(page, `${scheme}-2-singles-trace`);

    await loadPuzzle(page, PUZZLES.hardest);
    await choose(page, 'Strategy', 'Backtracking');
    await stepTo(page, 30);
    await screenshot(page, `${scheme}-3-backtracking`);

    // Singles + search on this puzzle: step 20 is a contradiction, 21 its backtrack. (The
    // puzzle is loaded again so the trace starts at its start: a switch keeps the place.)
    await loadPuzzle(page, PUZZLES.hardest);
    await choose(page, 'Strategy', 'Singles + search');
    await stepTo(page, 20);
    await screenshot(page, `${scheme}-4-contradiction`);
    await stepTo(page, 21);
    await screenshot(page, `${scheme}-5-backtrack`);

    // Human on this puzzle: step 41 is a Sashimi X-Wing (fins), 43 a grouped AIC (links).
    await loadPuzzle(page, PUZZLES.hardest);
    await choose(page, 'Strategy', 'Human');
    await stepTo(page, 41);
    await screenshot(page, `${scheme}-5b-human-fins`);
    await stepTo(page, 43);
    await screenshot(page, `${scheme}-5c-human-chain`);

    await loadPuzzle(page, PUZZLES.several);
    await button(page, 'Solve').click();
    await page.getByRole('button', { name: 'Solution 2', exact: true }).click();
    await screenshot(page, `${scheme}-6-several`);

    await loadPuzzle(page, PUZZLES.duplicate);
    await waitForStatus(page, 'Duplicate given');
    await screenshot(page, `${scheme}-7-duplicate`);

    await loadPuzzle(page, `123......\n4z6......\n${'.........\n'.repeat(7)}`);
    await waitForStatus(page, 'Bad character');
    await screenshot(page, `${scheme}-8-bad-character`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`${scheme}: 16×16 and 25×25 traces`, async () => {
    const { page, errors } = await openPage(env.browser, env.url, { colorScheme: scheme });
    await choose(page, 'Sample', 'Large 16×16');
    await stepTo(page, 3);
    await screenshot(page, `${scheme}-9-sixteen`);
    await choose(page, 'Size', '25×25');
    // The new grid starts its trace afresh: the counter reads 3 until it has.
    await waitForSteps(page, 0, { exactly: true });
    await choose(page, 'Strategy', 'Backtracking');
    await stepTo(page, 4);
    await screenshot(page, `${scheme}-10-twenty-five`);
    assert.equal((await layout(page)).overflows, false);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('narrow screens stack the solver under the grid', async () => {
  const { page, errors } = await openPage(env.browser, env.url, {
    viewport: { width: 390, height: 844 },
  });
  await stepTo(page, 2);
  await screenshot(page, 'light-11-narrow');
  const narrow = await layout(page);
  assert.ok(narrow.play.top >= narrow.grid.bottom, 'the solver sits under the grid');
  assert.ok(narrow.grid.width <= 390);
  assert.equal(narrow.overflows, false);
  assert.deepEqual(errors, []);
  await page.close();
});
