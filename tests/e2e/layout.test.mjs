// The layout per activity, at two touch phones (390×844 and 360×640, emulated with isMobile
// and hasTouch) and two laptops (1366×768 and 1280×800): what each activity needs shares the
// first screen with the grid, checked by bounding boxes. Solving: the grid, the number pad,
// Undo / Pencil / Hint / Check, and Check's and a hint's message. Watching: the grid, Play,
// Step back, Step forward and the step's sentence, and stepping never scrolls the grid away.
// Choosing a puzzle: the top bar over the grid; a puzzle chosen in the panel, or a new one,
// lands with its grid in view. Finishing: the result over the grid. Screenshots of each
// activity go to test-artifacts/layout-*.png.

import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';
import { ARTIFACTS, button, cell, CHROMIUM, gridLine, PUZZLES, rate, WAIT_MS } from './helpers.mjs';

const VIEWPORTS = [
  { name: 'phone-390', width: 390, height: 844, isTouch: true },
  { name: 'phone-360', width: 360, height: 640, isTouch: true },
  { name: 'laptop-1366', width: 1366, height: 768, isTouch: false },
  { name: 'laptop-1280', width: 1280, height: 800, isTouch: false },
];

const env = {};

before(async () => {
  const { server, url } = await startServer({ port: 0 });
  const { executablePath, args } = CHROMIUM;
  env.server = server;
  env.url = url;
  env.browser = await chromium.launch({ executablePath, args, headless: true });
  await mkdir(ARTIFACTS, { recursive: true });
});

after(async () => {
  await env.browser.close();
  await new Promise((resolve) => env.server.close(resolve));
});

/**
 * Opens the app at `hash` in a fresh context of the viewport's size (a touch phone with
 * isMobile and hasTouch, or a laptop with a mouse); resolves with `{ page, context, press }`,
 * `press(locator)` tapping on a touch screen and clicking otherwise.
 */
async function open(viewport, hash = '') {
  const context = await env.browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.isTouch,
    hasTouch: viewport.isTouch,
    deviceScaleFactor: viewport.isTouch ? 3 : 1,
  });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(env.url + hash);
  await page.locator('stepdoku-board').evaluate((el) => el.whenReady());
  await cell(page, 1, 1).waitFor();
  const press = (locator) => (viewport.isTouch ? locator.tap() : locator.click());
  return { page, context, errors, press };
}

/** The grid's box on screen. */
function gridBox(page) {
  return page.getByRole('grid').boundingBox();
}

/**
 * Asserts that every locator is wholly inside the viewport, as it stands (no scrolling), each
 * named in the message by `names`.
 */
async function assertOnScreen(page, viewport, locators) {
  for (const [name, locator] of Object.entries(locators)) {
    const box = await locator.boundingBox();
    assert.ok(box, `${viewport.name}: ${name} is laid out`);
    // Within a device pixel: a scroll may stop at a fraction of a CSS pixel.
    const isInside =
      box.x >= -1 &&
      box.y >= -1 &&
      box.x + box.width <= viewport.width + 1 &&
      box.y + box.height <= viewport.height + 1;
    assert.ok(
      isInside,
      `${viewport.name}: ${name} at ${JSON.stringify(box)} is not wholly on the first screen`,
    );
  }
}

/** The element's status card, where Check's message, hints and the step's sentence show. */
function statusLine(page, pattern) {
  return page.getByRole('status').getByText(pattern);
}

async function shot(page, name) {
  await page.screenshot({ path: join(ARTIFACTS, `layout-${name}.png`) });
}

/** The solution of the easy sample, read off the grid after Solve (once for the file). */
let easySolution = null;
async function solutionOfEasy() {
  if (!easySolution) {
    const { page, context } = await open(VIEWPORTS[2], `#p=${PUZZLES.easy}`);
    await button(page, 'Solve').click();
    await page.waitForFunction(() =>
      [
        ...document
          .querySelector('stepdoku-board')
          .shadowRoot.querySelectorAll('[role="gridcell"] .digit'),
      ].every((d) => d.textContent),
    );
    easySolution = await gridLine(page);
    await context.close();
  }
  return easySolution;
}

for (const viewport of VIEWPORTS) {
  test(`${viewport.name}: solving shows the grid, the pad, the tools and their messages together`, async () => {
    const { page, context, errors, press } = await open(viewport, `#p=${PUZZLES.easy}`);
    await press(cell(page, 1, 3));
    const locators = {
      grid: page.getByRole('grid'),
      'pad digit 9': page.getByRole('button', { name: 'Enter 9' }),
      'pad Erase': page.getByRole('button', { name: 'Erase' }),
      Undo: button(page, 'Undo'),
      Pencil: button(page, 'Pencil'),
      Hint: button(page, 'Hint'),
      Check: button(page, 'Check'),
      'Puzzle button': button(page, 'Puzzle'),
      'New puzzle': button(page, 'New puzzle'),
    };
    await assertOnScreen(page, viewport, locators);
    // The pad keeps to one row on a phone: Erase beside 9, not under it.
    const nine = await locators['pad digit 9'].boundingBox();
    const erase = await locators['pad Erase'].boundingBox();
    if (viewport.isTouch) {
      assert.ok(Math.abs(nine.y - erase.y) < 2, `${viewport.name}: Erase wraps to another row`);
    }
    // A wrong digit, then Check: its message shows with the grid.
    await press(page.getByRole('button', { name: 'Enter 1' }));
    await press(locators.Check);
    await statusLine(page, /^Check: 1 wrong digit/).waitFor();
    await assertOnScreen(page, viewport, {
      ...locators,
      "Check's message": statusLine(page, /^Check: 1 wrong digit/),
    });
    await shot(page, `${viewport.name}-solving-check`);
    // A hint after it: its message shows in the same place.
    await press(locators.Hint);
    await statusLine(page, /wrong/i).waitFor();
    await assertOnScreen(page, viewport, { grid: locators.grid, hint: page.getByRole('status') });
    assert.equal(await page.evaluate(() => scrollY), 0, `${viewport.name}: the page scrolled`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${viewport.name}: watching shows the grid, the stepping buttons and the step's sentence; stepping keeps the grid in view`, async () => {
    const { page, context, errors, press } = await open(viewport, `#p=${PUZZLES.easy}`);
    const forward = button(page, 'Step forward');
    await forward.scrollIntoViewIfNeeded();
    await press(forward);
    await page
      .getByRole('status')
      .getByText(/^Step 1\b/)
      .waitFor();
    const locators = {
      grid: page.getByRole('grid'),
      Play: button(page, 'Play'),
      'Step back': button(page, 'Step back'),
      'Step forward': forward,
      "the step's sentence": page.locator('stepdoku-board .step-text'),
    };
    await assertOnScreen(page, viewport, locators);
    const scrolled = await page.evaluate(() => scrollY);
    for (let n = 2; n <= 4; n++) {
      await press(forward);
      await page
        .getByRole('status')
        .getByText(new RegExp(`^Step ${n}\\b`))
        .waitFor();
    }
    assert.equal(
      await page.evaluate(() => scrollY),
      scrolled,
      `${viewport.name}: stepping scrolled`,
    );
    await assertOnScreen(page, viewport, locators);
    await shot(page, `${viewport.name}-watching`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${viewport.name}: a puzzle chosen in the panel, or a new one, lands with its grid in view`, async () => {
    const { page, context, errors, press } = await open(viewport, `#p=${PUZZLES.easy}`);
    const toggle = button(page, 'Puzzle');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await press(toggle);
    await page.getByRole('textbox', { name: 'Puzzle', exact: true }).waitFor();
    await shot(page, `${viewport.name}-panel`);
    // Clear grid is in the panel, away from Hint: not among the tools, not in Hint's row
    // (comforts.test.mjs undoes it).
    const panel = page.getByRole('region', { name: 'Choose a puzzle' });
    await panel.getByRole('button', { name: 'Clear grid' }).waitFor();
    const tools = page.getByRole('group', { name: 'Tools' });
    assert.equal(await tools.getByRole('button', { name: /Clear/ }).count(), 0);
    const hint = await button(page, 'Hint').boundingBox();
    const clear = await button(page, 'Clear grid').boundingBox();
    assert.ok(
      clear.y + clear.height <= hint.y || clear.y >= hint.y + hint.height,
      `${viewport.name}: Clear grid sits in Hint's row`,
    );
    await page
      .getByLabel('Sample', { exact: true })
      .selectOption({ label: 'Inkala’s “World’s hardest”' });
    await page.getByRole('textbox', { name: 'Puzzle', exact: true }).waitFor({ state: 'hidden' });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await assertOnScreen(page, viewport, { grid: page.getByRole('grid') });
    // A new puzzle, from the top bar, scrolled away first.
    await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
    const before = await gridLine(page);
    await page.getByLabel('Level', { exact: true }).selectOption({ label: 'Easy' });
    await press(button(page, 'New puzzle'));
    await page.waitForFunction(
      (old) =>
        [
          ...document
            .querySelector('stepdoku-board')
            .shadowRoot.querySelectorAll('[role="gridcell"] .digit'),
        ]
          .map((d) => d.textContent || '.')
          .join('') !== old,
      before,
      // Making a puzzle on a loaded machine may take a while.
      { timeout: 3 * WAIT_MS },
    );
    await page.waitForFunction(() => {
      const grid = document
        .querySelector('stepdoku-board')
        .shadowRoot.querySelector('[role="grid"]')
        .getBoundingClientRect();
      return grid.top >= 0 && grid.bottom <= innerHeight;
    });
    await shot(page, `${viewport.name}-new-puzzle`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${viewport.name}: finishing shows the result over the grid`, async () => {
    const solution = await solutionOfEasy();
    // The solution with its first cell left to fill.
    const { page, context, errors, press } = await open(viewport, `#p=.${solution.slice(1)}`);
    await press(cell(page, 1, 1));
    await press(page.getByRole('button', { name: `Enter ${solution[0]}` }));
    const finish = page.getByRole('region', { name: 'Solved!' });
    await finish.waitFor();
    await assertOnScreen(page, viewport, { 'the finish card': finish });
    const card = await finish.boundingBox();
    const grid = await gridBox(page);
    const overlaps =
      card.x < grid.x + grid.width &&
      grid.x < card.x + card.width &&
      card.y < grid.y + grid.height &&
      grid.y < card.y + card.height;
    assert.ok(overlaps, `${viewport.name}: the finish card is not over the grid`);
    await shot(page, `${viewport.name}-finished`);
    await press(finish.getByRole('button', { name: 'Close' }));
    await finish.waitFor({ state: 'hidden' });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('printed, the page is the grid and the rating', async () => {
  const { page, context, errors } = await open(VIEWPORTS[2], `#p=${PUZZLES.easy}`);
  await rate(page);
  await page.getByRole('region', { name: 'Rating' }).getByText(/^ER /).first().waitFor();
  await page.emulateMedia({ media: 'print' });
  assert.ok(await page.getByRole('grid').isVisible(), 'the grid prints');
  assert.ok(await page.getByRole('region', { name: 'Rating' }).isVisible(), 'the rating prints');
  for (const name of ['Puzzle', 'Check', 'Play', 'Step forward']) {
    assert.equal(await button(page, name).isVisible(), false, `${name} does not print`);
  }
  assert.equal(await page.getByRole('status').isVisible(), false, 'the status does not print');
  await page.screenshot({ path: join(ARTIFACTS, 'layout-print.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});
