// Big grids as a person reads them: a 25×25 or 16×16 cell's candidates, too small to read in
// the cell (a 25×25 one draws them as dots), read as letters in the candidate panel under the
// grid once the cell is picked, on laptops and phones, light and dark, with no WCAG 2.2 AA
// violation; the panel there before a pick and as big whatever it shows, so that picking
// cells never moves the page; and a 25×25 trace played at the top speed, whose board, dots
// included, is the one a fresh page draws at the step where it paused. How long each frame
// takes is the benchmark's to say (bench/node/big-grid.mjs), not a test's.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { SAMPLES } from '../../www/samples.js';
import {
  ARTIFACTS,
  browserPerFile,
  button,
  cell,
  counter,
  openPage,
  readGrid,
  runAxe,
  waitForSteps,
} from './helpers.mjs';

const env = browserPerFile();

const lineOf = (id) => SAMPLES.find((s) => s.id === id).text.replace(/\s+/g, '');
const HUGE = lineOf('twenty-five');
const SIXTEEN = lineOf('sixteen');

/**
 * The cells' names that say candidates, as `{ r, c, marks }`: the symbols named, those the
 * step eliminates among them ("A D Q, candidates, D eliminated, row 3, column 23").
 */
async function cellsWithCandidates(page) {
  const names = await page
    .getByRole('gridcell')
    .evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label')));
  return names.flatMap((name) => {
    const found = /^([^,;]+), candidates(?:, [^,;]+ eliminated)?, row (\d+), column (\d+)/.exec(
      name,
    );
    return found ? [{ r: Number(found[2]), c: Number(found[3]), marks: found[1].split(' ') }] : [];
  });
}

/** What the candidate panel's list says of cell r,c: its items' texts, in order. */
function panelList(page, r, c) {
  return page.getByRole('list', { name: `Candidates of r${r}c${c}`, exact: true });
}

/** Fails with axe's violations, if any. */
async function assertAccessible(page, what) {
  const { violations } = await runAxe(page);
  const said = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
  assert.deepEqual(said, [], what);
}

/** Fails unless `locator` is on the first screen of a `viewport`, whole. */
async function assertOnScreen(locator, viewport, what) {
  const box = await locator.boundingBox();
  assert.ok(box, `${what} shows`);
  assert.ok(box.x >= 0 && box.x + box.width <= viewport.width + 0.5, `${what} fits across`);
  assert.ok(box.y >= 0 && box.y + box.height <= viewport.height + 0.5, `${what} is in view`);
}

const SCREENS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
  { width: 360, height: 640 },
];

for (const viewport of SCREENS) {
  for (const colorScheme of ['light', 'dark']) {
    const size = `${viewport.width}×${viewport.height}`;
    test(`a 25×25 cell's candidates read as letters, ${size}, ${colorScheme}`, async () => {
      const { page, errors } = await openPage(env.browser, env.url, {
        hash: `#p=${HUGE}&s=backtracking`,
        viewport,
        colorScheme,
      });
      await button(page, 'Step forward').click();
      await waitForSteps(page, 1, { exactly: true });
      // The cell with the most candidates, so the panel shows its longest list.
      const cells = await cellsWithCandidates(page);
      assert.ok(cells.length > 100, 'the first step shows candidates');
      const widest = cells.reduce((a, b) => (b.marks.length > a.marks.length ? b : a));
      await cell(page, widest.r, widest.c).click();
      const list = panelList(page, widest.r, widest.c);
      // The first screen, as the person sees it.
      await page.screenshot({
        path: join(
          ARTIFACTS,
          `big-25-candidates-${viewport.width}x${viewport.height}-${colorScheme}.png`,
        ),
      });
      const items = await list.getByRole('listitem').allInnerTexts();
      assert.deepEqual(items, widest.marks, 'the panel lists the cell’s candidates');
      assert.ok(
        items.every((s) => /^[A-Y]$/.test(s)),
        `letters: ${items}`,
      );
      // Read at the size of the page's text, every letter whole in its place.
      const fontPx = await list.evaluate((ul) =>
        parseFloat(getComputedStyle(ul.firstChild).fontSize),
      );
      assert.ok(fontPx >= 15, `the letters are ${fontPx} px`);
      const clipped = await list.evaluate(
        (ul) =>
          [...ul.children].filter((li) => !li.hidden && li.scrollWidth > li.clientWidth).length,
      );
      assert.equal(clipped, 0, 'no letter is clipped');
      await assertOnScreen(list, viewport, 'the candidate list');
      const grid = await page.getByRole('grid').boundingBox();
      const panel = await list.boundingBox();
      assert.ok(panel.y >= grid.y + grid.height, 'the panel is under the grid');
      if (viewport.width > 600) {
        await assertOnScreen(page.getByRole('grid'), viewport, 'the grid');
        await assertOnScreen(button(page, 'Play'), viewport, 'Play');
        await assertOnScreen(page.getByRole('status'), viewport, 'the step’s sentence');
      }
      await assertAccessible(page, `25×25 with a cell picked, ${size}, ${colorScheme}`);

      // A filled cell says what it holds instead.
      const given = page.getByRole('gridcell', { name: /^[A-Y], given, row \d+, column \d+$/ });
      const name = await given.first().getAttribute('aria-label');
      await given.first().click();
      await page.getByText(name.replace(/, row .*/, ''), { exact: true }).waitFor();
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}

test('a 16×16 cell’s candidates read as letters on a small phone', async () => {
  const viewport = { width: 360, height: 640 };
  const { page, errors } = await openPage(env.browser, env.url, {
    hash: `#p=${SIXTEEN}&s=human`,
    viewport,
  });
  await button(page, 'Step forward').click();
  await waitForSteps(page, 1, { exactly: true });
  const [first] = await cellsWithCandidates(page);
  // The marks in the cell are too small to read: a fourth of a 22 px cell.
  const cellBox = await cell(page, first.r, first.c).boundingBox();
  assert.ok(cellBox.width < 24, `cells of ${cellBox.width} px`);
  await cell(page, first.r, first.c).click();
  const items = await panelList(page, first.r, first.c).getByRole('listitem').allInnerTexts();
  assert.deepEqual(items, first.marks);
  await page.screenshot({ path: join(ARTIFACTS, 'big-16-candidates-360x640.png') });
  await assertAccessible(page, '16×16 with a cell picked, on a phone');
  assert.deepEqual(errors, []);
  await page.close();
});

/**
 * Where Play is and how big, rounded to the pixel: what sits under the candidate panel, moved
 * by any change of the panel's height.
 */
async function playBox(page) {
  const { x, y, width, height } = await button(page, 'Play').boundingBox();
  return [x, y, width, height].map(Math.round);
}

for (const [id, viewport] of [
  ['twenty-five', { width: 360, height: 640 }],
  ['twenty-five', { width: 390, height: 844 }],
  ['sixteen', { width: 360, height: 640 }],
]) {
  const size = `${viewport.width}×${viewport.height}`;
  test(`picking cells of a ${id} grid moves nothing on a ${size} phone`, async () => {
    const { page, errors } = await openPage(env.browser, env.url, {
      hash: `#p=${lineOf(id)}&s=backtracking`,
      viewport,
    });
    await button(page, 'Step forward').click();
    await waitForSteps(page, 1, { exactly: true });
    // Before a pick, the panel is there already, asking for one.
    await page.getByText('Pick a cell to read its candidates', { exact: true }).waitFor();
    await assertAccessible(page, `${id} before a pick, ${size}`);
    const before = await playBox(page);
    const cells = await cellsWithCandidates(page);
    const fewest = cells.reduce((a, b) => (b.marks.length < a.marks.length ? b : a));
    const most = cells.reduce((a, b) => (b.marks.length > a.marks.length ? b : a));
    assert.ok(most.marks.length > 2 * fewest.marks.length, 'long and short lists both');
    for (const picked of [fewest, most, fewest]) {
      await cell(page, picked.r, picked.c).click();
      const items = panelList(page, picked.r, picked.c).getByRole('listitem');
      assert.deepEqual(await items.allInnerTexts(), picked.marks);
      assert.deepEqual(await playBox(page), before, `r${picked.r}c${picked.c} moves nothing`);
    }
    const given = page.getByRole('gridcell', { name: /, given, row \d+, column \d+$/ }).first();
    const name = await given.getAttribute('aria-label');
    await given.click();
    await page.getByText(name.replace(/, row .*/, ''), { exact: true }).waitFor();
    assert.deepEqual(await playBox(page), before, 'a filled cell moves nothing');
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('no panel on a 9×9, whose marks read in the cell', async () => {
  const { page, errors } = await openPage(env.browser, env.url, { hash: '#s=human' });
  await button(page, 'Step forward').click();
  await waitForSteps(page, 1, { exactly: true });
  const [first] = await cellsWithCandidates(page);
  await cell(page, first.r, first.c).click();
  assert.equal(await page.getByRole('list', { name: /^Candidates of / }).count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

/**
 * Per empty cell of the board shown, the candidates its dots show, read from the canvas's
 * pixels at each mark's place (a box's columns × rows in the cell, as grid-view.js lays
 * marks out), as a string of 0 and 1 per cell.
 */
function dotsDrawn(page, boxCols, boxRows) {
  return page.locator('stepdoku-board').evaluate(
    async (board, [columns, rows]) => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const canvas = board.shadowRoot.querySelector('.dots-layer');
      const { width, height } = canvas;
      const pixels = canvas.getContext('2d').getImageData(0, 0, width, height).data;
      const size = columns * rows;
      const inkAt = (x, y) => {
        let ink = 0;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            ink = Math.max(
              ink,
              pixels[((Math.round(y) + dy) * width + Math.round(x) + dx) * 4 + 3],
            );
          }
        }
        return ink;
      };
      const cellW = width / size;
      const cellH = height / size;
      return Array.from({ length: size * size }, (_, i) => {
        const x0 = (i % size) * cellW + cellW * 0.04;
        const y0 = Math.floor(i / size) * cellH + cellH * 0.04;
        let bits = '';
        for (let d = 0; d < size; d++) {
          const markRow = Math.floor(d / columns);
          const x = x0 + ((d % columns) + 0.5) * ((cellW * 0.92) / columns);
          const y = y0 + (markRow + 0.5) * ((cellH * 0.92) / rows);
          bits += inkAt(x, y) > 0 ? '1' : '0';
        }
        return bits;
      });
    },
    [boxCols, boxRows],
  );
}

/**
 * The same per cell from the cells' names: the candidates each names, but those the step
 * gives a role, which are marks of their own (struck out, shaded, …) rather than dots.
 */
async function dotsNamed(page, symbols) {
  const named = new Map(
    (await cellsWithCandidates(page)).map(({ r, c, marks }) => [`${r},${c}`, marks]),
  );
  const withRole = await page
    .getByRole('gridcell')
    .evaluateAll((cells) =>
      cells.map((cell) =>
        [...cell.querySelectorAll('.cand')]
          .filter((mark) => getComputedStyle(mark).display !== 'none')
          .map((mark) => mark.textContent),
      ),
    );
  return Array.from({ length: 625 }, (_, i) => {
    const marks = named.get(`${Math.floor(i / 25) + 1},${(i % 25) + 1}`) ?? [];
    return symbols.map((s) => (marks.includes(s) && !withRole[i].includes(s) ? '1' : '0')).join('');
  });
}

test('a 25×25 played at the top speed shows the board of the step it pauses at', async () => {
  const { page, errors } = await openPage(env.browser, env.url, {
    hash: `#p=${HUGE}&s=backtracking`,
  });
  const speed = page.getByRole('slider', { name: 'Speed' });
  await speed.focus();
  await speed.press('End');
  await button(page, 'Play').click();
  await waitForSteps(page, 20000);
  await button(page, 'Pause').click();
  await button(page, 'Play').waitFor();
  // The counter settles on the step shown once the reply on its way has landed: the same
  // over 30 animation frames.
  const thirtyFrames = () =>
    page.evaluate(
      () =>
        new Promise((done) => {
          let left = 30;
          const frame = () => (--left ? requestAnimationFrame(frame) : done());
          requestAnimationFrame(frame);
        }),
    );
  let steps = await counter(page, 'Steps');
  for (;;) {
    await thirtyFrames();
    const again = await counter(page, 'Steps');
    if (again === steps) {
      break;
    }
    steps = again;
  }
  const played = await readGrid(page);
  const symbols = [...'ABCDEFGHIJKLMNOPQRSTUVWXY'];
  const drawn = await dotsDrawn(page, 5, 5);
  assert.deepEqual(drawn, await dotsNamed(page, symbols), 'each dot is a candidate named');

  const fresh = await openPage(env.browser, env.url, {
    hash: `#p=${HUGE}&s=backtracking&n=${steps}`,
  });
  await waitForSteps(fresh.page, steps, { exactly: true });
  assert.deepEqual(await readGrid(fresh.page), played, 'the same board as a fresh page draws');
  assert.deepEqual(await dotsDrawn(fresh.page, 5, 5), drawn, 'and the same dots');
  assert.deepEqual([...errors, ...fresh.errors], []);
  await fresh.page.close();
  await page.close();
});
