// Accessibility as axe-core checks it (WCAG 2.2 A and AA, and label in name) in the states a
// person meets: the app with its puzzle, light and dark; a solve with marks and a wrong
// digit; a forcing step with its chain open; the iframe page at a Human step, alone and dark
// in a light page; the example article. axe leaves one-character texts out of its contrast
// check (it cannot tell them from icons), so the grid's digits and marks are measured here.
// Then the selection's highlights: the selected cell's row, column and box or region, and
// the cells of its digit, following clicks, arrows and typing, readable in both themes.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import wasm, { SOLUTION, trace } from '../js/wasm.mjs';
import {
  browserPerFile,
  button,
  cell,
  openPage,
  PUZZLES,
  runAxe,
  screenshot,
  waitForStatus,
  waitForSteps,
} from './helpers.mjs';

const env = browserPerFile();

/** Line 1 of magictour_top1465, whose Human trace takes a Nishio forcing chain. */
const FORCING_PUZZLE =
  '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';

const JIGSAW =
  'jigsaw:AAABBBCCCAAABBBCCCDDABBECFCDAAEBEFFCDDDEEEFFIDGGEHHFIIDGGEHHFFIDGGEHHIFIGGGHHHIII:' +
  '.6..1....4.......7......2.5...18....5......1..2.....7....36.....8...75..69.......';

/** The 1-based position of the first step of a trace that `matches`. */
function positionOf(puzzle, strategy, matches) {
  const position = trace(puzzle, strategy).findIndex(matches) + 1;
  assert.ok(position > 0, 'the trace has such a step');
  return position;
}

/** axe's violations, readably: per rule its id, impact and help, then each node's target. */
function report(violations) {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .map((n) => `  ${JSON.stringify(n.target)}\n    ${n.failureSummary.replace(/\n/g, ' ')}`)
          .join('\n'),
    )
    .join('\n');
}

/**
 * Fails with axe's violations on the page, if any; asserts label-content-name-mismatch
 * checked the grid's cells that show something (at least `nShowing` of them), so that the
 * rule is known to have run on them.
 */
async function assertAccessible(page, what, nShowing) {
  const results = await runAxe(page);
  assert.equal(results.violations.length, 0, `${what}:\n${report(results.violations)}`);
  const labelInName = results.passes.find((rule) => rule.id === 'label-content-name-mismatch');
  const cellsChecked = (labelInName?.nodes ?? []).filter((n) => n.html.includes('role="gridcell"'));
  assert.ok(
    cellsChecked.length >= nShowing,
    `${what}: label in name checked ${cellsChecked.length} cells`,
  );
}

/**
 * The grid's digits and marks whose contrast with what is behind them is under 4.5:1, as
 * `{ cell, text, ratio }`. Text over a pattern (a fault's hatch, a struck-out mark) or a
 * witness's disc is left out: there is no one colour behind it.
 */
function lowContrastTexts(board) {
  return board.evaluate((el) => {
    const ctx = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true });
    /** A computed colour as sRGB bytes and alpha, whatever its notation. */
    function rgba(colour) {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data];
    }
    function luminance([r, g, b]) {
      const linear = (c) =>
        c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4;
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    }
    /** The one colour behind `node` up to its cell, or null behind a pattern. */
    function background(node) {
      for (let at = node; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.backgroundImage !== 'none') {
          return null;
        }
        const colour = rgba(style.backgroundColor);
        if (colour[3] === 255) {
          return colour;
        }
      }
      return null;
    }
    const texts = [
      ...el.shadowRoot.querySelectorAll(
        '[role="gridcell"]:not(.witness) .digit, [role="gridcell"] .cand',
      ),
    ].filter((node) => node.textContent && node.checkVisibility({ visibilityProperty: true }));
    return texts.flatMap((node) => {
      const behind = background(node);
      if (!behind) {
        return [];
      }
      const [a, b] = [luminance(rgba(getComputedStyle(node).color)), luminance(behind)];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      const cell = node.closest('[role="gridcell"]').getAttribute('aria-label');
      return ratio < 4.5 ? [{ cell, text: node.textContent, ratio: ratio.toFixed(2) }] : [];
    });
  });
}

/**
 * Switches the page's colour scheme, and waits until the board's colours have followed (its
 * buttons ease into theirs: mid-way, text of one theme sits on a background of the other).
 */
async function switchScheme(page, colorScheme) {
  await page.emulateMedia({ colorScheme });
  await page.locator('stepdoku-board').evaluate((el) =>
    Promise.allSettled(
      el.shadowRoot
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished),
    ),
  );
}

for (const colorScheme of ['light', 'dark']) {
  test(`the app with its puzzle, ${colorScheme}`, async () => {
    const { page, errors } = await openPage(env.browser, env.url, { colorScheme });
    await waitForStatus(page, 'Unique solution');
    await assertAccessible(page, `the app, ${colorScheme}`, 22);
    assert.deepEqual(await lowContrastTexts(page.locator('stepdoku-board')), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('a solve with marks, a wrong digit found by Check, and a cell selected', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await page.getByText('Solving: 22 of 81 cells filled.').waitFor();
  await cell(page, 1, 3).click();
  for (const digit of ['1', '3', '9']) {
    await page.keyboard.press(`Shift+Digit${digit}`);
  }
  await cell(page, 1, 3)
    .and(page.getByRole('gridcell', { name: /^1 3 9, marks, / }))
    .waitFor();
  // Its houses leave r2c3 1, 3 and 6: a digit of them but the solution's clashes with
  // nothing, and only Check finds it wrong.
  const wrong = ['1', '3', '6'].find((d) => d !== String(SOLUTION[11]));
  await cell(page, 2, 3).click();
  await page.keyboard.press(wrong);
  await button(page, 'Check').click();
  await waitForStatus(page, /Check: 1 wrong digit \(r2c3\)/);
  await cell(page, 2, 3)
    .and(page.getByRole('gridcell', { name: `${wrong}, yours, wrong, row 2, column 3` }))
    .waitFor();
  // The selection's tints around r1c3, a cell with marks.
  await cell(page, 1, 3).click();
  for (const colorScheme of ['light', 'dark']) {
    await switchScheme(page, colorScheme);
    await assertAccessible(page, `a solve, ${colorScheme}`, 24);
    assert.deepEqual(await lowContrastTexts(page.locator('stepdoku-board')), []);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('a forcing step with its chain open', async () => {
  const position = positionOf(FORCING_PUZZLE, 'human', (s) =>
    /forcing-chain$/.test(s.techniqueId ?? ''),
  );
  const { page, errors } = await openPage(env.browser, env.url, {
    hash: `#p=${FORCING_PUZZLE}&s=human&n=${position}`,
  });
  await waitForSteps(page, position, { exactly: true });
  await page.getByRole('button', { name: /^Chain of \d+ implications?$/ }).click();
  await page.getByRole('list', { name: 'Implications' }).waitFor();
  await assertAccessible(page, 'a forcing step', 81);
  assert.deepEqual(await lowContrastTexts(page.locator('stepdoku-board')), []);
  assert.deepEqual(errors, []);
  await page.close();
});

/** A Human step of the easy puzzle that only eliminates: its struck-out marks show. */
function eliminatingStep() {
  return positionOf(
    PUZZLES.easy,
    'human',
    (s) => s.changes?.length > 0 && s.changes.every((c) => c.op === 'eliminate'),
  );
}

test('the iframe page at a Human step', async () => {
  const n = eliminatingStep();
  const { page, errors } = await openPage(env.browser, `${env.url}embed.html`, {
    hash: `#p=${PUZZLES.easy}&s=human&n=${n}&readonly&controls=play+step`,
  });
  await page.getByText(`Step ${n}`, { exact: true }).waitFor();
  await page
    .getByRole('gridcell', { name: /^[^,]+, candidates, \S+ eliminated, / })
    .first()
    .waitFor();
  await assertAccessible(page, 'the iframe page', 81);
  assert.deepEqual(await lowContrastTexts(page.locator('stepdoku-board')), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the iframe page, dark, in a light page', async () => {
  const n = eliminatingStep();
  const host = `${env.url}axe-light-host.html`;
  // Every control, so that the board's own text sits on the page's background too.
  const src = `embed.html#p=${PUZZLES.easy}&s=human&n=${n}&theme=dark`;
  const page = await env.browser.newPage();
  await page.emulateMedia({ colorScheme: 'light' });
  // The host page, on the app's origin (axe in it asks axe in the frame, which must be
  // same-origin), as a site would write it.
  await page.route(host, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A light page</title>
        </head><body style="background:#fff;color:#222"><main><h1>A puzzle</h1>
        <iframe src="${src}" title="Sudoku solver" width="900" height="900"></iframe></main>
        </body></html>`,
    }),
  );
  await page.goto(host);
  const frame = page.frameLocator('iframe');
  await frame.getByText(`Step ${n}`, { exact: true }).waitFor();
  await assertAccessible(page, 'the dark iframe page in a light page', 81);
  assert.deepEqual(await lowContrastTexts(frame.locator('stepdoku-board')), []);
  await page.close();
});

test('the example article', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.url}examples/embed.html`);
  const lesson = page.locator('stepdoku-board.lesson');
  const playground = page.locator('stepdoku-board.playground');
  await lesson.getByRole('button', { name: 'Pause', exact: true }).click();
  await lesson.getByRole('button', { name: 'Play', exact: true }).waitFor();
  await playground.getByRole('grid').scrollIntoViewIfNeeded();
  await playground.getByRole('status').filter({ hasText: 'Unique solution' }).waitFor();
  // The lesson shows at least its 22 givens, the playground its 21.
  await assertAccessible(page, 'the example article', 22 + 21);
  for (const board of [lesson, playground]) {
    assert.deepEqual(await lowContrastTexts(board), []);
  }
  await page.close();
});

/**
 * How each cell of the grid relates to the selected one, by its data-related: 'house',
 * 'digit' or '', in reading order.
 */
function relatedMarks(page) {
  return page
    .locator('stepdoku-board')
    .evaluate((el) =>
      [...el.shadowRoot.querySelectorAll('[role="gridcell"]')].map((c) => c.dataset.related ?? ''),
    );
}

/**
 * What relatedMarks should read with the 0-based cell `selected` chosen in a 9×9 grid of
 * `digits` ('.' for an empty cell), its boxes or regions as the core gives them.
 */
function expectedMarks(digits, regions, selected) {
  return [...digits].map((digit, i) => {
    if (i === selected) {
      return '';
    }
    if (digit !== '.' && digit === digits[selected]) {
      return 'digit';
    }
    const [r, c] = [Math.floor(i / 9), i % 9];
    const [sr, sc] = [Math.floor(selected / 9), selected % 9];
    return r === sr || c === sc || regions[i] === regions[selected] ? 'house' : '';
  });
}

test('a selected cell tints its row, column and box, and its digit wherever it is', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await page.getByText('Solving: 22 of 81 cells filled.').waitFor();
  const { regions } = wasm.parsePuzzle(PUZZLES.easy).layout;
  let digits = PUZZLES.easy.replace(/0/g, '.');
  assert.deepEqual(new Set(await relatedMarks(page)), new Set(['']), 'nothing until a click');

  // Clicked: r1c2 holds a 5, as r5c3 does.
  await cell(page, 1, 2).click();
  assert.deepEqual(await relatedMarks(page), expectedMarks(digits, regions, 1));
  assert.equal((await relatedMarks(page))[38], 'digit', 'the other 5');
  await screenshot(page, 'selection-light');

  // Moved by the arrow keys: to r2c2, a 2, then to r2c3, empty.
  await page.keyboard.press('ArrowDown');
  assert.deepEqual(await relatedMarks(page), expectedMarks(digits, regions, 10));
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await relatedMarks(page), expectedMarks(digits, regions, 11));

  // Typed: a 5 in r2c3 marks the 5s.
  await page.keyboard.press('5');
  digits = `${digits.slice(0, 11)}5${digits.slice(12)}`;
  await cell(page, 2, 3)
    .and(page.getByRole('gridcell', { name: /^5, yours/ }))
    .waitFor();
  assert.deepEqual(await relatedMarks(page), expectedMarks(digits, regions, 11));

  // Readable on the tints, in both themes, with marks among them.
  await button(page, 'Fill candidates').click();
  await cell(page, 1, 3)
    .and(page.getByRole('gridcell', { name: /, marks, / }))
    .waitFor();
  for (const colorScheme of ['light', 'dark']) {
    await switchScheme(page, colorScheme);
    assert.deepEqual(await lowContrastTexts(page.locator('stepdoku-board')), []);
  }
  await screenshot(page, 'selection-dark');
  assert.deepEqual(errors, []);
  await page.close();
});

test('in a jigsaw, the selection tints the cell’s region as the layout draws it', async () => {
  const { page, errors } = await openPage(env.browser, env.url, { hash: `#p=${JIGSAW}` });
  const { regions } = wasm.parsePuzzle(JIGSAW).layout;
  const digits = JIGSAW.slice(JIGSAW.lastIndexOf(':') + 1);
  // r3c3 is in region 1 (A), which reaches into row 3 and column 3 differently from a box.
  await cell(page, 3, 3).click();
  assert.deepEqual(await relatedMarks(page), expectedMarks(digits, regions, 20));
  assert.deepEqual(errors, []);
  await page.close();
});
