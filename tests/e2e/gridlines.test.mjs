// The grid's lines, pixel by pixel: every line between two cells shows, at every size (4×4 to
// 25×25), device pixel ratio (1 to 3) and theme, on the iframe page at 1000×900 and on the app
// at 412×915, where thin lines once vanished (a cell painted from a whole pixel of its own
// covered its neighbour's border, and two cells looked as one). Each page is shot in a
// browser context of its own ratio, the grid alone, empty; along a row of pixels through the
// middle of the first row, each line must stand out from the cell beside it, and so along a
// column through the first column.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';
import { CHROMIUM, WAIT_MS } from './helpers.mjs';

const SIZES = [4, 6, 8, 9, 12, 16, 25];
const RATIOS = [1, 1.5, 2, 2.625, 3];
const PAGES = [
  { name: 'the iframe page', path: 'embed.html', viewport: { width: 1000, height: 900 } },
  { name: 'the app', path: '', viewport: { width: 412, height: 915 } },
];
/**
 * How much a line's pixels must differ from the cell beside it, in luma (0–255). The lightest
 * lines differ by about 50 on white and 35 on the dark cells.
 */
const MIN_STEP = 20;

let server;
let url;
let browser;

before(async () => {
  ({ server, url } = await startServer({ port: 0 }));
  const { executablePath, headless, args } = CHROMIUM;
  browser = await chromium.launch({ executablePath, headless, args });
});

after(async () => {
  await browser.close();
  await new Promise((resolve) => server.close(resolve));
});

/**
 * The lines of a shot of the grid that do not stand out, as `{ line, step }`: `line` names
 * it ("column 3|4", "row 1|2"), `step` is the most its pixels differ from the cell before it.
 * The lines are where the grid's equal tracks meet, inside its 2px frame: a line is the 1px
 * (2px between boxes) border at the end of a cell, looked for a pixel either side of it, as
 * the shot's edges fall on whole device pixels.
 */
function faintLines(page, png, n, ratio) {
  return page.evaluate(
    async ({ base64, n, ratio, minStep }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }), {
        colorSpaceConversion: 'none',
        premultiplyAlpha: 'none',
      });
      const context = new OffscreenCanvas(image.width, image.height).getContext('2d');
      context.drawImage(image, 0, 0);
      const { data, width } = context.getImageData(0, 0, image.width, image.height);
      const luma = (x, y) => {
        const i = (y * width + x) * 4;
        return 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
      };
      const track = (image.width / ratio - 4) / n;
      const middle = Math.round((2 + track / 2) * ratio);
      const faint = [];
      for (const [name, at] of [
        ['column', (along, across) => luma(along, across)],
        ['row', (along, across) => luma(across, along)],
      ]) {
        for (let k = 1; k < n; k++) {
          const edge = 2 + k * track;
          const cell = at(Math.round((edge - track / 2) * ratio), middle);
          let step = 0;
          for (let p = Math.floor((edge - 2) * ratio); p <= Math.ceil((edge + 1) * ratio); p++) {
            step = Math.max(step, Math.abs(at(p, middle) - cell));
          }
          if (step < minStep) {
            faint.push({ line: `${name} ${k}|${k + 1}`, step: Math.round(step) });
          }
        }
      }
      return faint;
    },
    { base64: png.toString('base64'), n, ratio, minStep: MIN_STEP },
  );
}

for (const { name, path, viewport } of PAGES) {
  for (const colorScheme of ['light', 'dark']) {
    test(`${name} at ${viewport.width}×${viewport.height}, ${colorScheme}: every line shows`, async () => {
      const faint = [];
      for (const deviceScaleFactor of RATIOS) {
        const context = await browser.newContext({ viewport, deviceScaleFactor, colorScheme });
        context.setDefaultTimeout(WAIT_MS);
        const page = await context.newPage();
        for (const n of SIZES) {
          await page.goto(`${url}${path}#p=${'.'.repeat(n * n)}`);
          await page.locator('stepdoku-board').evaluate((el) => el.whenReady());
          await page.waitForFunction(
            (nCells) =>
              document.querySelector('stepdoku-board').shadowRoot.querySelectorAll('.cell')
                .length === nCells,
            n * n,
          );
          const png = await page.locator('stepdoku-board').locator('.grid').screenshot();
          for (const line of await faintLines(page, png, n, deviceScaleFactor)) {
            faint.push(`${n}×${n} at ${deviceScaleFactor}x: ${line.line} (${line.step})`);
          }
        }
        await context.close();
      }
      assert.deepEqual(faint, []);
    });
  }
}
