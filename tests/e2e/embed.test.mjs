// Embedding, as a site owner does it: the element loaded from another origin (as from a CDN,
// served from dist/), a host page under a strict Content-Security-Policy, two boards on one
// page sharing one wasm fetch, the iframe page, read-only and watch-only boards, restyling
// through ::part and the host's color-scheme, and a board that cannot start.

import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { startServer } from '../../scripts/serve.mjs';
import {
  ARTIFACTS,
  button,
  cell,
  counter,
  launch,
  PUZZLES,
  waitForSteps,
  watchPage,
} from './helpers.mjs';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/** The policy docs/EMBED.md documents as the smallest that works. */
const STRICT_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; worker-src 'self'";

let env;
/** dist/ served on a second origin, as a CDN would. */
let cdn;
/** A folder of host pages written by the tests, served on a third origin. */
let hostDir;
let host;

before(async () => {
  env = await launch();
  cdn = await startServer({ port: 0, root: DIST });
  hostDir = await mkdtemp(join(tmpdir(), 'stepdoku-host-'));
  host = await startServer({ port: 0, root: hostDir });
});

after(async () => {
  await env.close();
  await new Promise((resolve) => cdn.server.close(resolve));
  await new Promise((resolve) => host.server.close(resolve));
  await rm(hostDir, { recursive: true, force: true });
});

/**
 * The colour `[r, g, b]` a screenshot of `page` shows at each point `[x, y]` (CSS pixels of
 * the viewport), read back through a canvas in the page itself.
 */
async function pixels(page, points) {
  const shot = (await page.screenshot()).toString('base64');
  return page.evaluate(
    async ([b64, at]) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [img.width, img.height];
      const g = canvas.getContext('2d');
      g.drawImage(img, 0, 0);
      return at.map(([x, y]) => [
        ...g.getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3),
      ]);
    },
    [shot, points],
  );
}

/** Writes a host page into the host folder; returns its URL. */
async function hostPage(name, html) {
  await writeFile(join(hostDir, name), html);
  return `${host.url}${name}`;
}

/**
 * Opens a page, watched (see watchPage), with the `error` events of its boards in
 * `window.boardErrors`.
 */
async function open(url, { viewport = { width: 1280, height: 900 }, colorScheme = 'light' } = {}) {
  const page = await env.browser.newPage();
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme });
  const { errors, requests } = await watchPage(page);
  await page.addInitScript(() => {
    window.boardErrors = [];
    document.addEventListener(
      'error',
      (event) => {
        if (event.target.localName === 'stepdoku-board') {
          window.boardErrors.push(event.detail.message);
        }
      },
      true,
    );
  });
  await page.goto(url);
  return { page, errors, requests };
}

/** Waits until every board on the page has its grid. */
function boardsReady(page) {
  return page.evaluate(async () => {
    await customElements.whenDefined('stepdoku-board');
    await Promise.all([...document.querySelectorAll('stepdoku-board')].map((b) => b.whenReady()));
  });
}

/** How many times each wasm file was requested. */
function wasmFetches(requests) {
  const counts = {};
  for (const path of requests.map((u) => new URL(u).pathname).filter((p) => p.endsWith('.wasm'))) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

test('a page on another origin loads the element from dist/ and solves and plays', async () => {
  const url = await hostPage(
    'cross-origin.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Blog</title>
      <script type="module" src="${cdn.url}stepdoku-board.js"></script></head>
      <body><h1>A post</h1><stepdoku-board puzzle="${PUZZLES.easy}"></stepdoku-board></body></html>`,
  );
  assert.notEqual(new URL(url).origin, new URL(cdn.url).origin);
  const { page, errors, requests } = await open(url);
  await boardsReady(page);
  await page.getByRole('status').filter({ hasText: 'Unique solution' }).waitFor();
  await button(page, 'Solve').click();
  await cell(page, 1, 3).filter({ hasText: '9' }).waitFor();
  await button(page, 'Play').click();
  await waitForSteps(page, 3);
  await button(page, 'Pause').click();
  assert.ok(await counter(page, 'Placements'), 'the trace placed digits');
  assert.ok(requests.some((u) => u.startsWith(cdn.url) && new URL(u).pathname === '/worker.js'));
  await page.screenshot({ path: join(ARTIFACTS, 'embed-cross-origin.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a board that cannot load its wasm says so in its own box and fires error', async () => {
  // A CDN that forgot CORS for .wasm files: the module script loads, the wasm fetch fails.
  const broken = await startServer({
    port: 0,
    root: DIST,
    headers: (urlPath) =>
      urlPath.endsWith('.wasm') ? { 'Access-Control-Allow-Origin': 'https://elsewhere.test' } : {},
  });
  const url = await hostPage(
    'broken.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Broken</title>
      <script type="module" src="${broken.url}stepdoku-board.js"></script></head>
      <body><stepdoku-board puzzle="${PUZZLES.easy}"></stepdoku-board></body></html>`,
  );
  const { page } = await open(url);
  const alert = page.getByRole('alert');
  await alert.waitFor();
  const text = await alert.innerText();
  assert.match(text, /Stepdoku could not start/);
  assert.match(text, /stepdoku_core_bg\.wasm/);
  assert.match(text, /cross-origin/);
  const box = await page.locator('stepdoku-board').boundingBox();
  assert.ok(box.height > 40, `the message has room (${box.height} px)`);
  const fired = await page.evaluate(() => window.boardErrors);
  assert.equal(fired.length, 1);
  assert.match(fired[0], /could not be loaded/);
  await page.screenshot({ path: join(ARTIFACTS, 'embed-cannot-start.png') });
  await page.close();
  await new Promise((resolve) => broken.server.close(resolve));
});

test('from a CDN under a CSP that forbids blob: workers, the board says why it cannot solve', async () => {
  const policy = `default-src 'self'; script-src 'self' ${cdn.url} 'wasm-unsafe-eval'; connect-src ${cdn.url}; style-src 'self'; worker-src 'self'`;
  const csp = await startServer({
    port: 0,
    root: hostDir,
    headers: () => ({ 'Content-Security-Policy': policy }),
  });
  await writeFile(
    join(hostDir, 'no-blob.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
      <title>No blob</title><script type="module" src="${cdn.url}stepdoku-board.js"></script></head>
      <body><stepdoku-board puzzle="${PUZZLES.easy}"></stepdoku-board></body></html>`,
  );
  const { page } = await open(`${csp.url}no-blob.html`);
  await boardsReady(page);
  // The grid works (the small module runs on the page); the verdict needs the worker.
  await cell(page, 1, 1).filter({ hasText: '8' }).waitFor();
  await page.getByRole('status').filter({ hasText: 'worker-src blob:' }).waitFor();
  const fired = await page.evaluate(() => window.boardErrors);
  assert.ok(
    fired.some((m) => /solver worker .* could not start/.test(m)),
    fired.join('\n'),
  );
  await page.screenshot({ path: join(ARTIFACTS, 'embed-no-blob-worker.png') });
  await page.close();
  await new Promise((resolve) => csp.server.close(resolve));
});

test('the example article: strict CSP, one wasm fetch, lazy and independent boards', async () => {
  const csp = await startServer({
    port: 0,
    headers: () => ({ 'Content-Security-Policy': STRICT_CSP }),
  });
  const { page, errors, requests } = await open(`${csp.url}examples/embed.html`);
  await boardsReady(page);
  const lesson = page.locator('stepdoku-board.lesson');
  const playground = page.locator('stepdoku-board.playground');
  // The board below the fold does nothing yet: no verdict until it is scrolled to.
  assert.match(await playground.getByRole('status').innerText(), /once the board comes into view/);

  // The watch-only board plays once in view, with only the controls it asked for.
  await page.waitForFunction(() =>
    document
      .querySelector('stepdoku-board.lesson')
      .shadowRoot.querySelector('.step-number')
      ?.textContent.startsWith('Step'),
  );
  await lesson.getByRole('button', { name: 'Pause', exact: true }).click();
  assert.equal(await lesson.getByRole('button', { name: 'Solve', exact: true }).count(), 0);
  assert.equal(await lesson.getByRole('button', { name: 'Step forward', exact: true }).count(), 1);
  assert.equal(await lesson.getByRole('textbox', { name: 'Puzzle' }).count(), 0);
  // Read-only: typing into its grid changes nothing.
  const first = lesson.getByRole('gridcell', { name: /, row 1, column 3(?:;|$)/ });
  await first.click();
  await page.keyboard.press('6');
  assert.match(await first.getAttribute('aria-label'), /^(?:empty|[^,]+, candidates),/);
  assert.equal(await lesson.getByRole('grid').getAttribute('aria-readonly'), 'true');

  await playground.getByRole('grid').scrollIntoViewIfNeeded();
  await playground.getByRole('status').filter({ hasText: 'Unique solution' }).waitFor();
  await playground.getByRole('gridcell', { name: /, row 1, column 2(?:;|$)/ }).click();
  await page.keyboard.press('1');
  await playground
    .getByRole('gridcell', { name: /, row 1, column 2(?:;|$)/ })
    .filter({ hasText: '1' })
    .waitFor();
  await playground.getByRole('button', { name: 'Step forward', exact: true }).click();
  await playground.getByText('Step 1', { exact: true }).waitFor();

  // Independent: the lesson keeps its puzzle and position.
  assert.equal(await lesson.getAttribute('puzzle'), PUZZLES.easy.replace(/0/g, '.'));
  assert.notEqual(await playground.getAttribute('puzzle'), await lesson.getAttribute('puzzle'));
  await page.screenshot({ path: join(ARTIFACTS, 'embed-article.png'), fullPage: true });

  // One fetch of each wasm module for the whole page, workers included.
  assert.deepEqual(wasmFetches(requests), {
    'stepdoku_core_bg.wasm': 1,
    'stepdoku_verdict_bg.wasm': 1,
    'stepdoku_bg.wasm': 1,
  });
  assert.deepEqual(await page.evaluate(() => window.violations), []);
  assert.deepEqual(errors, []);
  await page.close();
  await new Promise((resolve) => csp.server.close(resolve));
});

test('the iframe page shows one read-only board from its hash and reports its height', async () => {
  await writeFile(
    join(hostDir, 'fit.js'),
    `addEventListener('message', ({ data }) => {
      if (data?.type === 'stepdoku:resize') {
        document.querySelector('iframe').height = data.height;
      }
    });`,
  );
  const src = `${env.url}embed.html#p=${PUZZLES.easy}&s=human&n=3&readonly&controls=play+step`;
  const url = await hostPage(
    'iframe.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Iframe</title>
      <script src="fit.js"></script></head>
      <body><iframe src="${src}" title="Sudoku solver" width="600" height="300"></iframe></body></html>`,
  );
  const { page, errors } = await open(url);
  const frame = page.frameLocator('iframe');
  await frame.getByText('Step 3', { exact: true }).waitFor();
  assert.equal(await frame.getByRole('grid').getAttribute('aria-readonly'), 'true');
  assert.equal(await frame.getByRole('button', { name: 'Solve', exact: true }).count(), 0);
  const first = frame.getByRole('gridcell', { name: /, row 1, column 3(?:;|$)/ });
  await first.click();
  await page.keyboard.press('6');
  assert.match(await first.getAttribute('aria-label'), /^(?:empty|[^,]+, candidates),/);
  await frame.getByRole('button', { name: 'Step forward', exact: true }).click();
  await frame.getByText('Step 4', { exact: true }).waitFor();
  // The host page sized the iframe to the board.
  await page.waitForFunction(() => Number(document.querySelector('iframe').height) > 400);
  const height = Number(await page.locator('iframe').getAttribute('height'));
  const inner = await frame.locator('html').evaluate((html) => html.scrollHeight);
  assert.ok(Math.abs(height - inner) <= 2, `iframe ${height} px, its page ${inner} px`);
  await page.screenshot({ path: join(ARTIFACTS, 'embed-iframe.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the iframe page paints its own background in a dark board’s colours, in a light host', async () => {
  const src = (hash) => `${cdn.url}embed.html#p=${PUZZLES.easy}&readonly${hash}`;
  const url = await hostPage(
    'iframe-dark.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Dark iframes</title></head>
      <body style="background: #fff; color-scheme: light">
      <iframe src="${src('&theme=dark')}" title="Dark by its hash" width="420" height="600"></iframe>
      <iframe src="${src('')}" title="Dark as the reader prefers" width="420" height="600"></iframe>
      </body></html>`,
  );
  const { page, errors } = await open(url, { colorScheme: 'dark' });
  for (const title of ['Dark by its hash', 'Dark as the reader prefers']) {
    await page.frameLocator(`iframe[title="${title}"]`).getByRole('grid').waitFor();
  }
  const frames = await page
    .locator('iframe')
    .evaluateAll((list) => list.map((f) => f.getBoundingClientRect().toJSON()));
  const corners = await pixels(
    page,
    frames.map((f) => [f.left + 4, f.top + 4]),
  );
  for (const [r, g, b] of corners) {
    assert.ok(r + g + b < 150, `a dark background, not the host's white: ${[r, g, b]}`);
  }
  await page.screenshot({ path: join(ARTIFACTS, 'embed-iframe-dark.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a host restyles the board through ::part and custom properties, and sets its scheme', async () => {
  const css = `
    stepdoku-board::part(cell-given) { color: rgb(200, 0, 0); }
    stepdoku-board::part(grid) { outline: 4px solid rgb(0, 120, 0); }
    stepdoku-board { --sd-accent: rgb(120, 0, 160); }
    .dark { color-scheme: dark; }`;
  await writeFile(join(hostDir, 'restyle.css'), css);
  const url = await hostPage(
    'restyle.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Restyled</title>
      <link rel="stylesheet" href="restyle.css">
      <script type="module" src="${cdn.url}stepdoku-board.js"></script></head>
      <body><stepdoku-board puzzle="${PUZZLES.easy}" controls="play step"></stepdoku-board>
      <div class="dark"><stepdoku-board puzzle="${PUZZLES.hardest}" controls="play"></stepdoku-board></div>
      </body></html>`,
  );
  const { page, errors } = await open(url);
  await boardsReady(page);
  const looks = await page.evaluate(() => {
    const [light, dark] = [...document.querySelectorAll('stepdoku-board')];
    const style = (board, selector) => getComputedStyle(board.shadowRoot.querySelector(selector));
    return {
      given: style(light, '[data-origin="given"] .digit').color,
      outline: style(light, '.grid-wrap').outlineColor,
      play: style(light, 'button.play').backgroundColor,
      lightCell: style(light, '.cell').backgroundColor,
      darkCell: style(dark, '.cell').backgroundColor,
    };
  });
  assert.equal(looks.given, 'rgb(200, 0, 0)');
  assert.equal(looks.outline, 'rgb(0, 120, 0)');
  // The outline shows: nothing around the grid clips it.
  const wrap = await page
    .locator('stepdoku-board')
    .first()
    .evaluate((b) => b.shadowRoot.querySelector('.grid-wrap').getBoundingClientRect().toJSON());
  const middle = wrap.top + wrap.height / 2;
  for (const colour of await pixels(page, [
    [wrap.left - 2, middle],
    [wrap.right + 1, middle],
  ])) {
    assert.deepEqual(colour, [0, 120, 0], 'the ::part(grid) outline is drawn');
  }
  assert.equal(looks.play, 'rgb(120, 0, 160)');
  assert.equal(looks.lightCell, 'rgb(255, 255, 255)');
  assert.notEqual(looks.darkCell, looks.lightCell, 'the dark host gets the dark theme');
  await page.screenshot({ path: join(ARTIFACTS, 'embed-restyled.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});
