// The catalogue of bad inputs (tests/data/bad-inputs.json) on the page: each case's text
// pasted anywhere on the page (as a real Ctrl+V), its message shown, and the person's grid
// kept. The same cases run through the CLI and the wasm exports.

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

const onPage = catalogue.cases.filter((c) => c.page);

test('the page case list is not empty', () => {
  assert.ok(onPage.length >= 25, `${onPage.length} cases on the page`);
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
