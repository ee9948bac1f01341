// Other sizes: 4×4, 16×16 with letters, the 25×25 sample. The empty 25×25 is solved
// without freezing, a slow verdict shows Working… and Cancel, and the page answers clicks
// meanwhile.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  browserPerFile,
  button,
  cell,
  cellText,
  choose,
  counter,
  loadPuzzle,
  openPage,
  PIGEONHOLE,
  PUZZLES,
  readGrid,
  screenshot,
  statusText,
  waitForStatus,
  waitForSteps,
} from './helpers.mjs';

const env = browserPerFile();

/** How long the page takes to run a trivial script: a freeze shows as a long wait. */
async function latency(page) {
  const started = Date.now();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  return Date.now() - started;
}

test('4×4: the size selector gives a 4×4 grid whose sample solves', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await choose(page, 'Size', '4×4');
  assert.equal(await page.getByRole('gridcell').count(), 16);
  await choose(page, 'Sample', 'Tiny 4×4');
  await waitForStatus(page, 'Unique solution');
  await button(page, 'Solve').click();
  await page.waitForFunction(() =>
    [...document.querySelector('stepdoku-board').shadowRoot.querySelectorAll('.digit')].every(
      (d) => d.textContent,
    ),
  );
  assert.equal((await readGrid(page)).map((c) => c.digit).join(''), '1324241331424231');
  assert.deepEqual(errors, []);
  await page.close();
});

test('16×16: letters are typed and shown, candidates fit, the sample solves', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await choose(page, 'Size', '16×16');
  assert.equal(await page.getByRole('gridcell').count(), 256);
  await cell(page, 1, 16).click();
  await page.keyboard.press('g');
  assert.equal(await cellText(page, 1, 16), 'G, given');
  await page.keyboard.press('h'); // beyond G: not a digit of 16×16
  assert.equal(await cellText(page, 1, 16), 'G, given');

  await choose(page, 'Sample', 'Large 16×16');
  await waitForStatus(page, 'Unique solution');
  await button(page, 'Step forward').click();
  await waitForSteps(page, 1, { exactly: true });
  const grid = await readGrid(page);
  const withCandidates = grid.find((c) => c.candidates.length > 1);
  assert.ok(withCandidates, 'candidates show');
  // Every candidate mark lies inside its cell.
  const overflow = await page.locator('stepdoku-board').evaluate((el) => {
    const cells = [...el.shadowRoot.querySelectorAll('.cell.with-cands')].slice(0, 40);
    return cells.some((c) => {
      const box = c.getBoundingClientRect();
      return [...c.querySelectorAll('.cand.on')].some((m) => {
        const r = m.getBoundingClientRect();
        return (
          r.left < box.left - 0.5 ||
          r.right > box.right + 0.5 ||
          r.top < box.top - 0.5 ||
          r.bottom > box.bottom + 0.5
        );
      });
    });
  });
  assert.equal(overflow, false);
  await button(page, 'Solve').click();
  await page.waitForFunction(() =>
    [...document.querySelector('stepdoku-board').shadowRoot.querySelectorAll('.digit')].every(
      (d) => d.textContent,
    ),
  );
  const digits = (await readGrid(page)).map((c) => c.digit);
  assert.ok(digits.includes('G') && digits.includes('9'));
  assert.deepEqual(errors, []);
  await page.close();
});

test('25×25 sample: a unique verdict, a Human explanation and rating, and its solution', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await choose(page, 'Sample', 'Huge 25×25');
  await waitForStatus(page, 'Unique solution');
  const givens = (await readGrid(page)).map((c) => c.digit);
  assert.equal(givens.length, 625);
  await choose(page, 'Strategy', 'Human');
  await button(page, 'Step forward').click();
  await waitForSteps(page, 1, { exactly: true });
  assert.match(await statusText(page), /Step 1\b/);
  const card = page.locator('stepdoku-board .rating-card[data-kind="rated"]');
  await card.waitFor({ timeout: 60000 });
  assert.match(await card.innerText(), /Hardest step/);
  await screenshot(page, 'light-13-twenty-five-sample');
  await button(page, 'Solve').click();
  await page.waitForFunction(() =>
    [...document.querySelector('stepdoku-board').shadowRoot.querySelectorAll('.digit')].every(
      (d) => d.textContent,
    ),
  );
  const solved = (await readGrid(page)).map((c) => c.digit);
  assert.ok(
    givens.every((d, i) => !d || d === solved[i]),
    'the givens stay',
  );
  assert.deepEqual(errors, []);
  await page.close();
});

test('25×25 empty: Solve says at least two solutions, and the page never freezes', async (t) => {
  const { page, errors } = await openPage(env.browser, env.url);
  await choose(page, 'Size', '25×25');
  assert.equal(await page.getByRole('gridcell').count(), 625);
  await button(page, 'Solve').click();
  await waitForStatus(page, 'At least two solutions');
  assert.ok(await page.getByRole('button', { name: 'Solution 2', exact: true }).isVisible());
  // Backtracking on the empty 25×25 never ends; it streams, and Pause answers at once.
  await choose(page, 'Strategy', 'Backtracking');
  await page.getByLabel('Speed', { exact: true }).fill('12');
  await button(page, 'Play').click();
  // It streams: the step counter passes 100 while the page keeps drawing frames. The time a
  // frame takes is reported, not asserted: a loaded machine may be slow, never frozen.
  await waitForSteps(page, 101);
  t.diagnostic(`a frame while playing took ${await latency(page)} ms`);
  await button(page, 'Pause').click();
  assert.ok((await counter(page, 'Steps')) > 100);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a slow verdict shows Working… and Cancel; the page answers; Cancel stops it', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  // Undecided within the page's budget, then Keep going: ten times as many 25×25 nodes.
  await loadPuzzle(page, PIGEONHOLE);
  await waitForStatus(page, 'Undecided', 120000);
  await button(page, 'Keep going').click();
  const cancel = button(page, 'Cancel');
  await cancel.waitFor();
  assert.match(await page.locator('stepdoku-board .busy').innerText(), /Working…/);
  // While the worker works, the page handles input.
  await choose(page, 'Strategy', 'Human');
  assert.equal(await page.getByLabel('Strategy', { exact: true }).inputValue(), 'human');
  await cell(page, 1, 2).click();
  await page.keyboard.press('ArrowRight');
  assert.equal(
    await cell(page, 1, 3).evaluate((el) => el === el.getRootNode().activeElement),
    true,
  );
  await page.keyboard.press('Escape');
  await cancel.click();
  await waitForStatus(page, 'cancelled');
  assert.equal(await cancel.isVisible(), false);
  // The worker is back: a new puzzle gets its verdict.
  await loadPuzzle(page, PUZZLES.easy);
  await waitForStatus(page, 'Unique solution');
  assert.match(await statusText(page), /Unique solution/);
  assert.deepEqual(errors, []);
  await page.close();
});
