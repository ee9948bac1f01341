// Shared set-up of the browser tests: the static server on a free port, headless Chromium
// with a fresh profile, and helpers that find things the way a person does (by role and
// accessible name).

import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

export const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

export const PUZZLES = {
  easy: '850002400720000009004000000000107002305000900040000000000080070017000000000036040',
  hardest: '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..',
  several: '000000401000000000210000030059813000601090000000004000030006018000020905006500002',
  // r1c9 sees 1–8 in its row and 9 in its column.
  none: `12345678.........9${'.'.repeat(63)}`,
  duplicate: `...5..5..${'.'.repeat(72)}`,
};

/**
 * A 25×25 pencil-mark grid with no solution that no propagation sees: eleven cells of row 1
 * allow only the ten digits A–J. Branching on a cell (ten candidates) or on a digit's places
 * in the row (fourteen for K–Y) alike, a search must try millions of ways to fill them, so
 * its verdict runs out of the page's budget: for Undecided, Keep going and Cancel.
 */
export const PIGEONHOLE = Array.from({ length: 625 }, (_, i) =>
  i < 11 ? 'ABCDEFGHIJ' : 'ABCDEFGHIJKLMNOPQRSTUVWXY',
).join(' ');

/**
 * How long a test waits for a state before it fails: generous, so that the suite passes on a
 * loaded 2-core machine (it is checked with two busy loops beside it). Tests wait for states,
 * never for time, so a quick machine never waits this long.
 */
export const WAIT_MS = 60_000;

/** How every browser test and benchmark launches Chromium: the system's, headless. */
export const CHROMIUM = Object.freeze({
  executablePath: '/usr/bin/chromium',
  headless: true,
  viewport: { width: 1280, height: 900 },
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/**
 * Starts the server and the browser, with a fresh profile directory (Playwright passes it
 * to Chromium as --user-data-dir); returns `{ url, browser, close }`, `browser` being the
 * browser's one context.
 */
export async function launch() {
  const { server, url } = await startServer({ port: 0 });
  const profile = await mkdtemp(join(tmpdir(), 'stepdoku-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, CHROMIUM);
  browser.setDefaultTimeout(WAIT_MS);
  await mkdir(ARTIFACTS, { recursive: true });
  return {
    url,
    browser,
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the server and the browser for the test file that calls it, before its first test,
 * and closes them after its last; returns the object [`launch`] gives, filled in by then.
 */
export function browserPerFile() {
  const env = {};
  before(async () => Object.assign(env, await launch()));
  after(() => env.close());
  return env;
}

/**
 * Opens the page (optionally at a hash) and waits until the board is ready and has its
 * verdict. Page errors fail the test that reads `errors`. Saved solves from earlier tests are
 * cleared when the tab first loads (reloads keep them), unless `keepStorage`.
 */
export async function openPage(
  browser,
  url,
  { hash = '', colorScheme = 'light', viewport, keepStorage = false } = {},
) {
  const page = await browser.newPage();
  if (!keepStorage) {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('stepdoku-test-tab')) {
        sessionStorage.setItem('stepdoku-test-tab', 'cleared');
        localStorage.clear();
      }
    });
  }
  await page.emulateMedia({ colorScheme });
  await page.setViewportSize(viewport ?? { width: 1280, height: 900 });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  page.on('console', (message) => {
    if (message.type() === 'error') {
      errors.push(new Error(`${message.text()} ${message.location().url}`));
    }
  });
  await page.goto(url + hash);
  await page.locator('stepdoku-board').evaluate((el) => el.whenReady());
  await cell(page, 1, 1).waitFor();
  return { page, errors };
}

/**
 * Opens the page of `env` (from `launch`) at a hash, recording every URL the page writes
 * (replaceState, in `window.urls`) and every page error; waits for the board and its grid.
 * `init`, when given, runs in the page before its own scripts (to note passing states).
 */
export async function openRecording(
  env,
  hash,
  viewport = { width: 1280, height: 900 },
  init = null,
) {
  const page = await env.browser.newPage();
  await page.setViewportSize(viewport);
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') {
      errors.push(message.text());
    }
  });
  await page.addInitScript(() => {
    window.urls = [];
    const replace = history.replaceState.bind(history);
    history.replaceState = (state, title, url) => {
      window.urls.push(String(url));
      return replace(state, title, url);
    };
  });
  if (init) {
    await page.addInitScript(init);
  }
  await page.goto(env.url + hash);
  await page.locator('stepdoku-board').evaluate((el) => el.whenReady());
  await cell(page, 1, 1).waitFor();
  return { page, errors };
}

/**
 * The grid cell at 1-based row `r`, column `c`: its name says what the cell shows, then
 * ", row R, column C", then ends or goes on after a ';' (its houses, its part in a proof).
 */
export function cell(page, r, c) {
  return page.getByRole('gridcell', { name: new RegExp(`, row ${r}, column ${c}(?:;|$)`) });
}

/**
 * What a cell's name says but where the cell is, in the words of a sentence about it:
 * "5, given", "empty; on diagonal ↘", "empty, marks 1 9" (the name says "1 9, marks", as the
 * marks show first).
 */
function describedHolding(name) {
  const said = name.replace(/, row \d+, column \d+(?=;|$)/, '');
  const marks = /^([^,;]+), (marks|candidates)(.*)$/.exec(said);
  return marks ? `empty, ${marks[2]} ${marks[1]}${marks[3]}` : said;
}

/** What a cell's name says it holds: "5, given", "empty, marks 1 9", … (describedHolding). */
export async function cellText(page, r, c) {
  return describedHolding(await cell(page, r, c).getAttribute('aria-label'));
}

/** axe-core's script, put into pages by `runAxe`. */
const AXE_SCRIPT = readFileSync(
  fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url)),
  'utf8',
);

/**
 * Runs axe-core on the page, its frames and their open shadow roots, for the WCAG 2.2 A
 * and AA rules and label-content-name-mismatch (whose tags may leave it out); resolves to
 * axe's results (`violations`, `passes`, …). The script goes in by evaluation, which a
 * page's Content-Security-Policy does not stop, into every frame, so that axe in the page
 * can ask axe in each frame.
 */
export async function runAxe(page) {
  for (const frame of page.frames()) {
    await frame.evaluate(AXE_SCRIPT);
  }
  return page.evaluate(() =>
    window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    }),
  );
}

export function button(page, name) {
  return page.getByRole('button', { name, exact: true });
}

/** The status region's text. */
export function statusText(page) {
  return page.getByRole('status').innerText();
}

/**
 * What the grid shows, read from the DOM: per cell its digit ('' if none), its origin, its
 * visible candidates (as a string of symbols), its classes but `selected`, and what its name
 * says it holds (describedHolding).
 */
export async function readGrid(page) {
  const cells = await page.locator('stepdoku-board').evaluate((el) =>
    [...el.shadowRoot.querySelectorAll('[role="gridcell"]')].map((cell) => ({
      digit: cell.querySelector('.digit').textContent,
      origin: cell.dataset.origin ?? '',
      candidates: cell.classList.contains('with-cands')
        ? [...cell.querySelectorAll('.cand.on')].map((c) => c.textContent).join('')
        : '',
      classes: [...cell.classList]
        .filter((c) => c !== 'cell' && c !== 'selected')
        .sort()
        .join(' '),
      description: cell.getAttribute('aria-label'),
    })),
  );
  return cells.map((cell) => ({ ...cell, description: describedHolding(cell.description) }));
}

/** The grid's digits on one line, '.' for empty cells. */
export async function gridLine(page) {
  return (await readGrid(page)).map((c) => c.digit || '.').join('');
}

export async function screenshot(page, name) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Waits until the grid's digits, in reading order, read `digits` (no mark for an empty cell). */
export function waitForDigits(page, digits) {
  return page.waitForFunction(
    (want) =>
      [
        ...document
          .querySelector('stepdoku-board')
          .shadowRoot.querySelectorAll('[role="gridcell"] .digit'),
      ]
        .map((d) => d.textContent)
        .join('') === want,
    digits,
  );
}

/** The number a counter (Steps, Placements, Guesses, Backtracks, Depth) shows. */
export async function counter(page, name) {
  // The counter shows 115.5k for 115,533; its exact value is in data-value (and its title).
  const value = await page
    .locator(`stepdoku-board dd[data-count="${name.toLowerCase()}"]`)
    .getAttribute('data-value');
  return Number(value);
}

/** The fields of the puzzle panel, which the Puzzle button opens. */
const PANEL_FIELDS = new Set(['Size', 'Sample', 'Variant', 'Recent', 'Technique', 'Symmetry']);

/** Opens the puzzle panel with the Puzzle button, as a person does, unless it is open. */
export async function openPanel(page) {
  const toggle = page.getByRole('button', { name: 'Puzzle', exact: true });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') {
    await toggle.click();
  }
}

/** Chooses an option of a labelled select by its visible text (opening the panel for it). */
export async function choose(page, label, option) {
  if (PANEL_FIELDS.has(label)) {
    await openPanel(page);
  }
  return page.getByLabel(label, { exact: true }).selectOption({ label: option });
}

/**
 * The Puzzle text box, in the puzzle panel: found closed too, to read it (typing into it
 * needs the panel open: see `openPanel`).
 */
export function puzzleBox(page) {
  return page.getByRole('textbox', { name: 'Puzzle', exact: true, includeHidden: true });
}

/** Loads puzzle text through the Puzzle box (opening the panel), as typed then Enter. */
export async function loadPuzzle(page, text) {
  await openPanel(page);
  await puzzleBox(page).fill(text);
  await puzzleBox(page).press('Enter');
}

/** Puts text on the clipboard, for a real Ctrl+V. */
export async function setClipboard(page, text) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
}

/**
 * Watches `page` as a site owner would: returns `{ errors, requests }`, the page errors and
 * console errors of the page and its workers, and every request's URL, as they come; and
 * collects the page's Content-Security-Policy violations in its `window.violations`.
 */
export async function watchPage(page) {
  const errors = [];
  const requests = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') {
      errors.push(message.text());
    }
  });
  page.on('worker', (worker) =>
    worker.on('console', (message) => {
      if (message.type() === 'error') {
        errors.push(`worker: ${message.text()}`);
      }
    }),
  );
  page.on('request', (request) => requests.push(request.url()));
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener(
      'securitypolicyviolation',
      (event) => window.violations.push(`${event.violatedDirective} ${event.blockedURI}`),
      true,
    );
  });
  return { errors, requests };
}

/**
 * Asks the rating card for a rating, as a person does: until the explainer module is fetched
 * (for a trace, a hint, a rating), the card offers Rate rather than rating at once.
 */
export async function rate(page) {
  await page
    .getByRole('region', { name: 'Rating' })
    .getByRole('button', { name: 'Rate', exact: true })
    .click();
}

/** Waits until the status region's text matches. */
export async function waitForStatus(page, pattern, timeout = WAIT_MS) {
  await page.getByRole('status').filter({ hasText: pattern }).waitFor({ timeout });
}

/**
 * Waits until a counter of the board in `target` (a page or a frame) reads as `want` says:
 * `name` is the counter's label (Steps, Placements, Guesses, Backtracks, Depth), `want` a
 * number it must reach (or, `exactly`, show), or a predicate of its exact value (data-value,
 * as `counter` reads it). A counter not shown yet reads as not there. With a predicate, it
 * resolves with the value that met it.
 */
export async function waitForCounter(target, name, want, { exactly = false, timeout } = {}) {
  const key = name.toLowerCase();
  if (typeof want === 'function') {
    const deadline = Date.now() + (timeout ?? WAIT_MS);
    for (;;) {
      const value = await counterIfShown(target, key);
      if (value !== null && want(value)) {
        return value;
      }
      if (Date.now() > deadline) {
        throw new Error(`${name} never read as wanted (last ${value})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  // Waited for in the page, and nothing read after it: a test that acts next (Pause) acts
  // before the trace moves on much.
  await target.waitForFunction(
    ([count, n, isExact]) => {
      const shown = document
        .querySelector('stepdoku-board')
        ?.shadowRoot.querySelector(`dd[data-count="${count}"]`)?.dataset.value;
      return shown !== undefined && (isExact ? Number(shown) === n : Number(shown) >= n);
    },
    [key, want, exactly],
    { timeout },
  );
}

/** A counter's exact value (see `counter`), or null while the board shows none. */
async function counterIfShown(target, key) {
  const value = await target.evaluate(
    (count) =>
      document
        .querySelector('stepdoku-board')
        ?.shadowRoot.querySelector(`dd[data-count="${count}"]`)?.dataset.value ?? null,
    key,
  );
  return value === null ? null : Number(value);
}

/** Waits until the Steps counter reaches `n` (or, `exactly`, shows `n`): see waitForCounter. */
export function waitForSteps(target, n, options = {}) {
  return waitForCounter(target, 'Steps', n, options);
}
