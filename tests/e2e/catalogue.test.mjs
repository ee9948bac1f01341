// The catalogue of bad inputs (tests/data/bad-inputs.json) on the page: each case's text
// pasted anywhere on the page (as a real Ctrl+V), its message shown, and the person's grid
// kept; each bad link opened on a fresh page, its part refused in the status card. The same
// cases run through the CLI and the wasm exports.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { catalogue, inputText } from '../js/bad-inputs.mjs';
import {
  gridLine,
  browserPerFile,
  openPage,
  PUZZLES,
  screenshot,
  setClipboard,
  waitForStatus,
} from './helpers.mjs';

const env = browserPerFile();

const onPage = catalogue.cases.filter((c) => c.page && !c.link);
const links = catalogue.cases.filter((c) => c.link);

test('the page case list is not empty', () => {
  assert.ok(onPage.length >= 25, `${onPage.length} cases on the page`);
  assert.ok(links.length >= 5, `${links.length} links`);
});

test('every bad input pasted on the page is named and the grid is kept', async (t) => {
  const { page, errors } = await openPage(env.browser, env.url, { hash: `#p=${PUZZLES.easy}` });
  const grid = await gridLine(page);
  for (const c of onPage) {
    await setClipboard(page, inputText(c));
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('Control+V');
    await waitForStatus(page, c.page);
    assert.equal(await gridLine(page), grid, `${c.name}: the grid is kept`);
    t.diagnostic(`${c.name}: ${c.page}`);
  }
  await screenshot(page, 'catalogue-last');
  assert.deepEqual(errors, []);
  await page.close();
});

test('every bad link is opened with its part refused, saying why', async (t) => {
  for (const c of links) {
    const { page, errors } = await openPage(env.browser, env.url, { hash: c.link });
    await waitForStatus(page, c.page);
    const puzzle = new URLSearchParams(c.link.slice(1)).get('p');
    const shown = await gridLine(page);
    if (puzzle.length === shown.length) {
      assert.equal(shown, puzzle, `${c.name}: the givens alone`);
    }
    assert.deepEqual(errors, [], c.name);
    t.diagnostic(`${c.name}: ${c.page}`);
    await page.close();
  }
});
