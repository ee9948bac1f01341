// The app page offline and installable, as built: a copy of dist/ served on 127.0.0.1 (a
// copy, so that a test can change a file and stamp it again, as a new version). One visit
// installs the service worker; then, with the network off, the page loads, solves, plays
// and rates. A new version is found on the next visit, said by a quiet notice whose Reload
// keeps the board and starts it; closing the tabs instead starts it on the visit after. The
// manifest is one Chromium would install.
//
// STEPDOKU_DIST=folder tests another built folder instead of dist/.

import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { startServer } from '../../scripts/serve.mjs';
import { stampOffline } from '../../scripts/stamp-offline.mjs';
import {
  ARTIFACTS,
  button,
  cell,
  cellText,
  counter,
  launch,
  runAxe,
  waitForStatus,
  waitForSteps,
} from './helpers.mjs';

const DIST = process.env.STEPDOKU_DIST ?? fileURLToPath(new URL('../../dist/', import.meta.url));

const NOTICE = 'A new version of Stepdoku is ready.';

/** The footer's last sentence, which the tests' new versions change. */
const FOOTER_END = 'Paste a puzzle anywhere.';

let env;
/** The served copy of dist/. */
let site;
let server;
let siteUrl;
/** The paths the server sent (or answered 304 for), in order. */
const served = [];

before(async () => {
  env = await launch();
  site = await mkdtemp(join(tmpdir(), 'stepdoku-offline-'));
  await cp(DIST, site, { recursive: true });
  ({ server, url: siteUrl } = await startServer({
    port: 0,
    root: site,
    headers: (urlPath) => {
      served.push(urlPath);
      return {};
    },
  }));
});

after(async () => {
  await env.close();
  await new Promise((resolve) => server.close(resolve));
  await rm(site, { recursive: true, force: true });
});

/**
 * Opens the app page of the served copy, collecting page errors and console errors of the
 * page and its workers, and every response (with whether the service worker answered it).
 */
async function open({ viewport = { width: 1280, height: 900 }, colorScheme = 'light' } = {}) {
  const page = await env.browser.newPage();
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme });
  const errors = [];
  const responses = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const onConsole = (where) => (message) => {
    if (message.type() === 'error') {
      errors.push(`${where}${message.text()} ${message.location().url}`);
    }
  };
  page.on('console', onConsole(''));
  page.on('worker', (worker) => worker.on('console', onConsole('worker: ')));
  page.on('response', (response) =>
    responses.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker() }),
  );
  await page.goto(siteUrl);
  await boardReady(page);
  return { page, errors, responses };
}

/** Waits for the board and its grid (after a load or a reload). */
async function boardReady(page) {
  await page.locator('stepdoku-board').evaluate((el) => el.whenReady());
  await cell(page, 1, 1).waitFor();
}

/** The quiet notice, found as a person finds it: its sentence, with a Reload button. */
function notice(page) {
  return page.locator('.update-notice').filter({ hasText: NOTICE });
}

/** What the footer says. */
function footer(page) {
  return page.getByRole('contentinfo').innerText();
}

/** Writes a new version into the served copy: the footer's last sentence, and a new sw.js. */
async function publish(footerEnd) {
  const path = join(site, 'index.html');
  const html = await readFile(path, 'utf8');
  const previous = /Paste a puzzle anywhere\.[^<]*/.exec(html)[0];
  await writeFile(path, html.replace(previous, footerEnd));
  return stampOffline(site);
}

/** The site's caches (by name) and the files each holds, as paths on the site. */
function cachedFiles(page) {
  return page.evaluate(async () => {
    const files = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      files[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return files;
  });
}

/** The path on the site a response's URL names: its query left out, a folder its index.html. */
function sitePath(url) {
  const { pathname } = new URL(url);
  return pathname.endsWith('/') ? `${pathname}index.html` : pathname;
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes) {
  assert.equal(bytes.subarray(1, 4).toString(), 'PNG', 'a PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** A computed colour `rgb(r, g, b)` as `#rrggbb`. */
function hex(rgb) {
  const [r, g, b] = rgb.match(/\d+/g).map(Number);
  return `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The site's service worker versions as the browser reports them (DevTools protocol, from a
 * blank tab of their own): `newest()`, `get(versionId)`, and `until(predicate)`, which
 * resolves once the predicate holds after a report.
 */
async function watchVersions() {
  const tab = await env.browser.newPage();
  const cdp = await env.browser.newCDPSession(tab);
  const byId = new Map();
  let waiters = [];
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) {
      if (version.scriptURL === `${siteUrl}sw.js`) {
        byId.set(version.versionId, { ...byId.get(version.versionId), ...version });
      }
    }
    waiters = waiters.filter(({ predicate, resolve }) => !(predicate() && (resolve(), true)));
  });
  await cdp.send('ServiceWorker.enable');
  return {
    get: (versionId) => byId.get(versionId),
    newest: () => [...byId.values()].sort((a, b) => Number(b.versionId) - Number(a.versionId))[0],
    until: (predicate) =>
      predicate()
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ predicate, resolve })),
    close: () => tab.close(),
  };
}

/** The session's first page, which the service worker controls once installed. */
let first;

test('the first visit installs the service worker, which keeps every file the page asks for', async () => {
  assert.match(
    await readFile(join(site, 'sw.js'), 'utf8'),
    /^const VERSION = '[0-9a-f]{12}';$/m,
    'dist/sw.js is stamped (scripts/stamp-offline.mjs runs at the end of build-dist.sh)',
  );
  first = await open();
  const { page, errors, responses } = first;
  await waitForStatus(page, 'Unique solution');
  // The first version takes the page that installed it: from now on it answers its requests.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const caches = await cachedFiles(page);
  assert.equal(Object.keys(caches).length, 1, 'one cache');
  const [files] = Object.values(caches);
  const kept = new Set(files);
  const asked = new Set(
    responses.filter(({ url }) => url.startsWith(siteUrl)).map(({ url }) => sitePath(url)),
  );
  asked.delete('/sw.js');
  const missing = [...asked].filter((path) => !kept.has(path));
  assert.deepEqual(missing, [], 'every file the page asked for is kept');
  for (const path of ['/index.html', '/manifest.webmanifest', '/icons/icon-192.png']) {
    assert.ok(kept.has(path), `${path} is kept`);
  }
  assert.ok(files.filter((path) => path.endsWith('_bg.wasm')).length >= 2, 'the wasm modules');
  for (const path of files) {
    assert.doesNotMatch(path, /\.d\.ts$|package\.json$|README|LICENSE|\/sw\.js$/, path);
  }
  assert.deepEqual(errors, []);
});

test('the manifest makes the page installable, in the page’s colours, with its icons', async () => {
  const { page } = first;
  const cdp = await page.context().newCDPSession(page);
  const { url, errors, data } = await cdp.send('Page.getAppManifest');
  assert.equal(url, `${siteUrl}manifest.webmanifest`);
  assert.deepEqual(errors, [], 'the manifest parses without a complaint');
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, [], 'Chromium would install it');
  await cdp.detach();

  const manifest = JSON.parse(data);
  assert.equal(manifest.name, 'Stepdoku — Sudoku solver');
  assert.equal(manifest.short_name, 'Stepdoku');
  assert.match(manifest.description, /watch it being solved/);
  assert.equal(new URL(manifest.start_url, url).href, siteUrl);
  assert.equal(new URL(manifest.scope, url).href, siteUrl);
  assert.equal(manifest.display, 'standalone');

  // The theme is the page's background: the manifest's in light, the page's meta per scheme.
  const colours = {};
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    colours[scheme] = hex(
      await page.evaluate(() => getComputedStyle(document.body).backgroundColor),
    );
    const meta = page.locator(`meta[name="theme-color"][media*="${scheme}"]`);
    assert.equal(await meta.getAttribute('content'), colours[scheme], `${scheme} theme-color`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  assert.equal(manifest.theme_color, colours.light);
  assert.equal(manifest.background_color, colours.light);

  // Each icon is there, a PNG of the size it declares: 192 and 512 for any use, one maskable.
  const declared = [];
  for (const icon of manifest.icons) {
    const response = await fetch(new URL(icon.src, url));
    assert.equal(response.status, 200, icon.src);
    assert.equal(icon.type, 'image/png');
    assert.equal(pngSize(Buffer.from(await response.arrayBuffer())), icon.sizes, icon.src);
    declared.push(`${icon.sizes} ${icon.purpose ?? 'any'}`);
  }
  assert.deepEqual(declared.sort(), ['192x192 any', '512x512 any', '512x512 maskable']);
  const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const response = await fetch(new URL(touch, siteUrl));
  assert.equal(pngSize(Buffer.from(await response.arrayBuffer())), '180x180');
});

test('offline, the page loads, solves, plays and rates, every file from the service worker', async () => {
  const { page, errors, responses } = first;
  await env.browser.setOffline(true);
  const nServed = served.length;
  responses.length = 0;
  await page.reload();
  await boardReady(page);
  await waitForStatus(page, 'Unique solution');

  // The grid takes a digit (r1c3 is empty in the easy sample, and 9 in its solution).
  await cell(page, 1, 3).click();
  await page.keyboard.press('9');
  assert.equal(await cellText(page, 1, 3), '9, yours');

  await button(page, 'Solve').click();
  await page.waitForFunction(() =>
    [
      ...document
        .querySelector('stepdoku-board')
        .shadowRoot.querySelectorAll('[role="gridcell"] .digit'),
    ].every((digit) => digit.textContent),
  );

  await button(page, 'Play').click();
  await waitForSteps(page, 3);
  await button(page, 'Pause').click();
  const steps = await counter(page, 'Steps');
  await button(page, 'Step forward').click();
  await waitForSteps(page, steps + 1, { exactly: true });

  const rating = page.getByRole('region', { name: 'Rating' });
  await rating
    .getByText(/ER \d+\.\d/)
    .first()
    .waitFor();

  assert.deepEqual(errors, []);
  assert.deepEqual(served.slice(nServed), [], 'nothing reached the server');
  const fromNetwork = responses.filter((r) => r.url.startsWith(siteUrl) && !r.fromServiceWorker);
  assert.deepEqual(fromNetwork, [], 'the service worker answered every request');
  await env.browser.setOffline(false);
});

test('a new version: a quiet notice on the next visit, whose Reload keeps the board and starts it', async () => {
  const { page, errors } = first;
  const { version } = await publish(`${FOOTER_END} Version 2.`);

  // The visit runs the version it loaded (never a mix), and finds the new one waiting.
  await page.reload();
  await boardReady(page);
  await notice(page).getByText(NOTICE).waitFor();
  assert.ok(await notice(page).getByRole('button', { name: 'Reload' }).isVisible());
  assert.ok((await footer(page)).endsWith(FOOTER_END), 'still the version it loaded');
  assert.deepEqual(errors, []);

  const results = await runAxe(page);
  assert.deepEqual(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`),
    [],
  );
  for (const [size, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['laptop', { width: 1366, height: 768 }],
  ]) {
    for (const colorScheme of ['light', 'dark']) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.screenshot({
        path: join(ARTIFACTS, `offline-notice-${size}-${colorScheme}.png`),
        animations: 'disabled',
      });
      // The notice sits between the header and the board, within the page's width.
      const header = await page.getByRole('banner').boundingBox();
      const line = await notice(page).boundingBox();
      const reload = await notice(page).getByRole('button', { name: 'Reload' }).boundingBox();
      const board = await page.locator('stepdoku-board').boundingBox();
      assert.ok(line.y >= header.y + header.height, `${size}: under the header`);
      assert.ok(board.y >= line.y + line.height, `${size}: above the board`);
      assert.ok(reload.x >= 0 && reload.x + reload.width <= viewport.width, `${size}: Reload`);
      // The grid still fits the first screen, as it does without the notice.
      const grid = await page.getByRole('grid').boundingBox();
      assert.ok(grid.y + grid.height <= viewport.height, `${size}: the grid on the first screen`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });

  // The person's own board: a digit, kept across the Reload.
  await button(page, 'Back to my board').click();
  await cell(page, 1, 4).click();
  await page.keyboard.press('6');
  assert.equal(await cellText(page, 1, 4), '6, yours');
  await Promise.all([page.waitForEvent('load'), button(page, 'Reload').click()]);
  await boardReady(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  assert.ok((await footer(page)).endsWith(`${FOOTER_END} Version 2.`), 'the new version runs');
  assert.equal(await cellText(page, 1, 4), '6, yours', 'the board is kept');
  assert.equal(await page.locator('.update-notice').innerText(), '', 'no notice now');
  const caches = Object.keys(await cachedFiles(page));
  assert.equal(caches.length, 1, 'the old version’s cache is gone');
  assert.ok(caches[0].endsWith(version), 'the cache of the new version');
  assert.deepEqual(errors, []);
});

test('two tabs: Reload in one starts the new version there, and the other says so', async () => {
  const { page, errors } = first;
  const other = await open();
  await publish(`${FOOTER_END} Version 3.`);
  await page.reload();
  await boardReady(page);
  // Both tabs hear of the new version.
  await notice(page).getByText(NOTICE).waitFor();
  await notice(other.page).getByText(NOTICE).waitFor();

  await Promise.all([page.waitForEvent('load'), button(page, 'Reload').click()]);
  await boardReady(page);
  assert.ok((await footer(page)).endsWith(`${FOOTER_END} Version 3.`));
  // The other tab, now served by the new version, runs what it loaded until it reloads.
  const elsewhere = 'Stepdoku was updated in another tab.';
  await other.page.locator('.update-notice').getByText(elsewhere).waitFor();
  assert.ok((await footer(other.page)).endsWith(`${FOOTER_END} Version 2.`));
  await Promise.all([other.page.waitForEvent('load'), button(other.page, 'Reload').click()]);
  await boardReady(other.page);
  assert.ok((await footer(other.page)).endsWith(`${FOOTER_END} Version 3.`));
  assert.equal(await other.page.locator('.update-notice').innerText(), '');
  assert.deepEqual(errors, []);
  assert.deepEqual(other.errors, []);
  await other.page.close();
});

test('a new version starts on the visit after the tabs of the old one are closed', async () => {
  const { page, errors } = first;
  const versions = await watchVersions();
  await publish(`${FOOTER_END} Version 4.`);
  await page.reload();
  await boardReady(page);
  await notice(page).waitFor();
  assert.deepEqual(errors, []);
  const waiting = versions.newest();
  assert.equal(waiting.status, 'installed', 'the new version waits');
  await page.close();
  // The browser starts it once no tab uses the old one (not at once: it lets the old finish).
  await versions.until(() => versions.get(waiting.versionId).status === 'activated');

  const next = await open();
  assert.ok((await footer(next.page)).endsWith(`${FOOTER_END} Version 4.`));
  await waitForStatus(next.page, 'Unique solution');
  assert.equal(await next.page.locator('.update-notice').innerText(), '');
  assert.deepEqual(next.errors, []);
  await next.page.close();
  await versions.close();
});
