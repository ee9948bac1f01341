// Puzzles with rules end to end: an f-puzzles link and our one-line text load (the rules
// reader comes only then), their cages, thermometers, arrows, dots and X/V are drawn, each
// cell's name says what touches it, a person solves a Killer (digits, Check, a hint) and a
// bad link or cage is refused with the core's message while the puzzle and the person's
// solve stay; axe finds nothing at three sizes, light and dark, with a Killer loaded, and
// the screenshots of those are kept in test-artifacts/ (constraints-*.png).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { RULE_SAMPLE_TEXTS } from '../../www/rule-samples.js';
import wasm from '../js/wasm.mjs';
import {
  browserPerFile,
  button,
  cell,
  cellText,
  choose,
  loadPuzzle,
  openPage,
  puzzleBox,
  runAxe,
  screenshot,
  statusText,
  waitForStatus,
} from './helpers.mjs';

const env = browserPerFile();

const KILLER = RULE_SAMPLE_TEXTS.killer;
const MIXED = RULE_SAMPLE_TEXTS.rules;
/** The Killer's solution, one digit a cell (`solve` of the full module reads plain text only). */
const SOLUTION = wasm.analyze(KILLER).solution.slice(0, 81);

/**
 * An f-puzzles link: a 9×9 with the digits 1–9 given down its main diagonal, two cages
 * (3 on r1c1 and r1c2, 24 on r9c9, r8c9 and r8c8) and the ↗ diagonal rule, packed by lz-string 1.5.0 itself
 * (tests/data/lzstring.jsonl).
 */
const FPUZZLES_LINK =
  'https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCALhNAbO8QGkIscAnEVAcxIgBMEBte0ANwEMsBXXAR' +
  'komZgA7BGhJcAvsmCTpUmfLmLpAXWRMZINp1wAmPgOHxREpQtnn5q9Us3suCAMz6hIsTDMfTViza334ACzOhsbupuEq' +
  'aj7RttoIAKzBribRllGeMX64AGxJRm4Z4t6FEbH+AOx5oR7FESUsdrgAHFUFcrWpdb6NCCggFPwu+RLKqiAA1kSkAMas' +
  'FLhMINMwxGAMIABK3ADC3OSbOzogY1kIIA4gGsur6xuI24j7G00PTy9Nx6ineDoBl2M0CBzAD2gnYAGpku4gA';

/** The board's shadow root's elements matching `selector`, as `{ rule, sum, kind }` records. */
function drawn(page, selector) {
  return page.locator('stepdoku-board').evaluate(
    (el, s) =>
      [...el.shadowRoot.querySelectorAll(s)].map((node) => ({
        sum: node.dataset.sum,
        kind: node.dataset.kind,
        text: node.textContent,
      })),
    selector,
  );
}

/** How many shapes of each rule the layer draws: `{ cage: 29, … }`. */
async function ruleCounts(page) {
  await page.locator('stepdoku-board .rules-layer').waitFor({ state: 'attached' });
  return page.locator('stepdoku-board').evaluate((el) => {
    const counts = {};
    for (const node of el.shadowRoot.querySelectorAll('.rules-layer [data-rule]')) {
      counts[node.dataset.rule] = (counts[node.dataset.rule] ?? 0) + 1;
    }
    return counts;
  });
}

/** The URL hash's puzzle, as the page reads it. */
function hashLine(page) {
  return page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('p'));
}

test('an f-puzzles link pasted loads its puzzle: givens, cages, names, the hash', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  const requests = [];
  page.on('request', (request) => requests.push(request.url()));
  await loadPuzzle(page, FPUZZLES_LINK);
  assert.deepEqual(await ruleCounts(page), { cage: 2, diagonal: 1 });
  assert.deepEqual(
    (await drawn(page, '.rule-cage')).map((c) => c.sum),
    ['3', '24'],
  );
  assert.match(await cellText(page, 1, 1), /^1, given; cage of 3, 2 cells$/);
  assert.match(await cellText(page, 8, 8), /^8, given; cage of 24, 3 cells$/);
  assert.equal(await cellText(page, 5, 4), 'empty');
  // The link becomes our one-line text, which the page's own link carries.
  const line = wasm.parsePuzzle(wasm.importPuzzle(FPUZZLES_LINK)).line;
  await page.waitForFunction(
    (want) => new URLSearchParams(location.hash.slice(1)).get('p') === want,
    line,
  );
  assert.equal(await hashLine(page), line);
  // The legend says what the cages mean, once, under the grid.
  await page.getByRole('list', { name: 'Rules of this puzzle' }).waitFor();
  assert.match(
    await page.getByRole('list', { name: 'Rules of this puzzle' }).innerText(),
    /Cages \(dashed\): digits differ and add up to the small number/,
  );
  // The full module read the link; both modules were fetched once.
  assert.ok(requests.some((u) => u.includes('stepdoku_verdict_bg.wasm')));
  assert.ok(requests.some((u) => u.includes('stepdoku_bg.wasm')));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a plain puzzle loads nothing of the rules reader', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  const requests = [];
  page.on('request', (request) => requests.push(request.url()));
  await waitForStatus(page, /Unique solution/);
  const loaded = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name),
  );
  for (const url of [...loaded, ...requests]) {
    assert.doesNotMatch(url, /rules-reader|rules-layer|rule-samples|cage-entry/, url);
  }
  assert.equal(await page.locator('stepdoku-board .rules-layer').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the Killer sample from a link: cages with sums, names, a solve with Check and a hint', async () => {
  const { page, errors } = await openPage(env.browser, env.url, {
    hash: `#p=${encodeURIComponent(KILLER)}`,
  });
  const counts = await ruleCounts(page);
  const rules = wasm.parsePuzzle(KILLER).layout.rules;
  assert.deepEqual(counts, { cage: rules.cages.length });
  const sums = (await drawn(page, '.rule-cage')).map((c) => Number(c.sum));
  assert.deepEqual(
    sums,
    rules.cages.map((c) => c.sum),
  );
  assert.equal(await cellText(page, 1, 1), 'empty; cage of 18, 4 cells');
  // A Killer without givens is solved, not entered.
  await waitForStatus(page, /Unique solution/);
  assert.equal(await button(page, 'Edit puzzle').isVisible(), true);
  assert.equal(
    await page.locator('stepdoku-board .panel-summary').innerText(),
    'Killer 9×9 (cages, no givens)',
  );

  // Digits: r1c1 right, r1c2 wrong; Check finds the wrong one.
  const solution = SOLUTION;
  await cell(page, 1, 1).click();
  await page.keyboard.press(solution[0]);
  assert.equal(await cellText(page, 1, 1), `${solution[0]}, yours; cage of 18, 4 cells`);
  const wrong = solution[1] === '9' ? '8' : '9';
  await cell(page, 1, 2).click();
  await page.keyboard.press(wrong);
  await button(page, 'Check').click();
  await waitForStatus(page, /Check: 1 wrong digit \(r1c2\)/);
  assert.match(await cellText(page, 1, 2), new RegExp(`^${wrong}, yours, wrong; cage of 18`));
  await page.keyboard.press('Control+z');
  assert.equal(await cellText(page, 1, 2), 'empty; cage of 18, 4 cells');

  // The solve is kept: a reload brings back the Killer with the person's digit.
  await page.reload();
  await ruleCounts(page);
  await cell(page, 1, 1).waitFor();
  assert.equal(await cellText(page, 1, 1), `${solution[0]}, yours; cage of 18, 4 cells`);

  // A hint from the person's board says something (the Human strategy's killer techniques
  // are another piece of work: only that a hint comes is checked here).
  await button(page, 'Hint').click();
  await page.waitForFunction(() => {
    const root = document.querySelector('stepdoku-board').shadowRoot;
    return /hint|look|cell|cage|digit/i.test(root.querySelector('[role="status"]').innerText);
  });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a Killer’s link carries the person’s progress, opened afresh or followed', async () => {
  const { page, errors } = await openPage(env.browser, env.url, {
    hash: `#p=${encodeURIComponent(KILLER)}`,
  });
  await ruleCounts(page);
  await waitForStatus(page, /Unique solution/);
  await cell(page, 1, 1).click();
  await page.keyboard.press(SOLUTION[0]);
  await page.getByText('Options', { exact: true }).click();
  await page.getByLabel('Share link carries my progress').check();
  await page.waitForFunction(() => location.hash.includes('&y='));
  const hash = await page.evaluate(() => location.hash);
  await page.close();
  const mine = `${SOLUTION[0]}, yours; cage of 18, 4 cells`;
  // Opened afresh.
  const other = await openPage(env.browser, env.url, { hash });
  await ruleCounts(other.page);
  await other.page.getByText('Solving: 1 of 81 cells filled.').waitFor();
  assert.equal(await cellText(other.page, 1, 1), mine);
  await other.page.close();
  // Followed from a plain puzzle: the progress waits for the Killer, not the grid shown.
  const third = await openPage(env.browser, env.url);
  await waitForStatus(third.page, /Unique solution/);
  await third.page.evaluate((h) => (location.hash = h), hash);
  await ruleCounts(third.page);
  await third.page.getByText('Solving: 1 of 81 cells filled.').waitFor();
  assert.equal(await cellText(third.page, 1, 1), mine);
  assert.doesNotMatch(await statusText(third.page), /left out|does not fit/);
  assert.deepEqual([...errors, ...other.errors, ...third.errors], []);
  await third.page.close();
});

test('thermometers, arrows, kropki dots and X/V are drawn, each cell named', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  // From the Sample list: its text comes with the rules reader (rule-samples.js).
  await choose(page, 'Sample', 'Thermo, arrows, kropki and XV 9×9');
  const rules = wasm.parsePuzzle(MIXED).layout.rules;
  assert.deepEqual(await ruleCounts(page), {
    thermometer: rules.thermometers.length,
    arrow: rules.arrows.length,
    dot: rules.dots.length,
  });
  const dots = await drawn(page, '.rule-dot');
  const kinds = (kind) => dots.filter((d) => d.kind === kind).length;
  assert.equal(kinds('white'), rules.dots.filter((d) => d.kind === 'white').length);
  assert.deepEqual(
    dots.filter((d) => d.kind === 'sum').map((d) => d.text),
    rules.dots.filter((d) => d.kind === 'sum').map((d) => d.label),
  );
  // Each cell's name says what touches it, as the core words it.
  for (const [r, c] of [
    [8, 5],
    [5, 4],
    [1, 2],
  ]) {
    const note = rules.notes[(r - 1) * 9 + (c - 1)];
    assert.ok(note, `r${r}c${c} has a note`);
    assert.ok((await cellText(page, r, c)).endsWith(`; ${note}`), `r${r}c${c}: ${note}`);
  }
  assert.match(await cellText(page, 8, 5), /thermometer bulb/);
  assert.match(await cellText(page, 5, 4), /arrow circle/);
  assert.equal(await hashLine(page), MIXED);
  // The top bar names the sample.
  const summary = page.locator('stepdoku-board .panel-summary');
  assert.equal(await summary.innerText(), 'Thermo, arrows, kropki and XV 9×9');
  // A rule nothing draws is said once, in the legend the grid names as its description.
  await loadPuzzle(page, `${'.'.repeat(81)};antiknight`);
  const legend = page.getByRole('list', { name: 'Rules of this puzzle' });
  await legend.getByText(/^Anti-knight: cells a knight’s move apart/).waitFor();
  assert.equal(await legend.getByRole('listitem').count(), 1);
  assert.equal(
    await page.getByRole('grid').getAttribute('aria-describedby'),
    await legend.getAttribute('id'),
  );
  assert.equal(await cellText(page, 1, 1), 'empty');
  // A 6×6 Killer of tests/data/killer.jsonl, from its f-puzzles JSON.
  const sixBySix = readFileSync(new URL('../data/killer.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .find((line) => line.includes('killer 6×6 #1'));
  await loadPuzzle(page, sixBySix);
  const six = wasm.parsePuzzle(wasm.importPuzzle(sixBySix)).layout.rules;
  await page.locator('stepdoku-board .rule-cage').first().waitFor({ state: 'attached' });
  assert.deepEqual(await ruleCounts(page), { cage: six.cages.length });
  assert.match(await cellText(page, 6, 6), /; cage of \d+, \d cells$/);
  assert.equal(await summary.innerText(), '6×6 Killer');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a bad link or cage is refused with the core’s message; the puzzle and the solve stay', async () => {
  const { page, errors } = await openPage(env.browser, env.url, {
    hash: `#p=${encodeURIComponent(KILLER)}`,
  });
  await ruleCounts(page);
  await waitForStatus(page, /Unique solution/);
  const solution = SOLUTION;
  await cell(page, 1, 1).click();
  await page.keyboard.press(solution[0]);

  const bad = [
    [
      'https://www.f-puzzles.com/?load=N4Ig%',
      /The link's puzzle cannot be read: .*'%' at character 5/,
    ],
    [`${'.'.repeat(81)};cage=99:r1c1,r1c2`, /Cage 1 cannot sum to 99/],
    ['{"size":9,"grid":[]}', /0 rows, but its size is 9/],
  ];
  const error = page.locator('stepdoku-board #puzzle-error');
  for (const [text, message] of bad) {
    await loadPuzzle(page, text);
    await error.filter({ hasText: message }).waitFor();
    assert.equal(await puzzleBox(page).inputValue(), text);
    // The status card says it too, and the Killer and the person's digit are still there.
    await waitForStatus(page, message);
    assert.equal(await cellText(page, 1, 1), `${solution[0]}, yours; cage of 18, 4 cells`);
    assert.equal(await page.locator('stepdoku-board .rule-cage').count(), 29);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('the Step forward of a trace works on a Killer', async () => {
  const { page, errors } = await openPage(env.browser, env.url, {
    hash: `#p=${encodeURIComponent(KILLER)}`,
  });
  await ruleCounts(page);
  await waitForStatus(page, /Unique solution/);
  await button(page, 'Step forward').click();
  // Until the Human strategy knows killer techniques, its first step may be a guess.
  await waitForStatus(page, /Step 1(?!\d)/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a link to a step of a Killer, followed from a plain puzzle, opens that step', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await waitForStatus(page, /Unique solution/);
  // The step waits for the rules reader and its puzzle, not the grid shown before.
  await page.evaluate(
    (line) => (location.hash = `#p=${line}&s=human&n=3`),
    encodeURIComponent(KILLER),
  );
  assert.deepEqual(await ruleCounts(page), { cage: 29 });
  await waitForStatus(page, /Step 3(?!\d)/);
  assert.equal(await hashLine(page), KILLER);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Killer in the Variant list: cages drawn cell by cell, refused with a reason, undone', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await choose(page, 'Variant', 'Killer (draw cages)');
  const cages = page.getByRole('region', { name: 'Cages' });
  await cages.waitFor();
  assert.equal(await cellText(page, 1, 1), 'empty');
  // r1c1 and r1c2 by Shift+click, r2c1 from the keyboard: select it, then Pick cell.
  await cell(page, 1, 1).click({ modifiers: ['Shift'] });
  await cell(page, 1, 2).click({ modifiers: ['Shift'] });
  await cell(page, 2, 1).click();
  await cages.getByRole('button', { name: 'Pick cell' }).click();
  await cages.getByText('Picked: r1c1, r1c2, r2c1.').waitFor();
  await cages.getByLabel('Sum').fill('6');
  await cages.getByRole('button', { name: 'Add cage' }).click();
  await cages.getByText('Cage of 6 added: r1c1, r1c2, r2c1.').waitFor();
  assert.deepEqual(await ruleCounts(page), { cage: 1 });
  assert.equal(await cellText(page, 2, 1), 'empty; cage of 6, 3 cells');
  assert.equal(await page.getByLabel('Variant', { exact: true }).inputValue(), 'killer');
  // A cage of 2 cells cannot add up to 30: the core says why, and nothing changes.
  await cell(page, 9, 8).click({ modifiers: ['Shift'] });
  await cell(page, 9, 9).click({ modifiers: ['Shift'] });
  await cages.getByLabel('Sum').fill('30');
  await cages.getByLabel('Sum').press('Enter');
  await cages.getByText(/cannot sum to 30/).waitFor();
  assert.deepEqual(await ruleCounts(page), { cage: 1 });
  // The cage of the selected cell goes, and Undo brings it back.
  await cell(page, 1, 2).click();
  await cages.getByRole('button', { name: 'Remove cage' }).click();
  await cages.getByText('The cage of r1c2 is removed.').waitFor();
  assert.equal(await cellText(page, 1, 2), 'empty');
  await button(page, 'Undo').click();
  await page.waitForFunction(() =>
    document.querySelector('stepdoku-board').shadowRoot.querySelector('.rule-cage'),
  );
  assert.equal(await cellText(page, 1, 2), 'empty; cage of 6, 3 cells');
  // The cage tools pass axe too, at a phone's size.
  await page.setViewportSize({ width: 390, height: 844 });
  await cell(page, 2, 2).click({ modifiers: ['Shift'] });
  const results = await runAxe(page);
  assert.deepEqual(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
    [],
  );
  await screenshot(page, 'constraints-cage-entry-390x844-light');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the iframe page shows a Killer from its hash, read-only', async () => {
  const page = await env.browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(`${env.url}embed.html#p=${encodeURIComponent(KILLER)}&readonly`);
  assert.deepEqual(await ruleCounts(page), { cage: 29 });
  assert.equal(await cellText(page, 1, 1), 'empty; cage of 18, 4 cells');
  assert.deepEqual(errors, []);
  await page.close();
});

const SIZES = [
  [390, 844],
  [360, 640],
  [1366, 768],
];

test('axe finds no violation with a Killer loaded, at three sizes, light and dark', async () => {
  for (const [width, height] of SIZES) {
    for (const colorScheme of ['light', 'dark']) {
      const { page, errors } = await openPage(env.browser, env.url, {
        hash: `#p=${encodeURIComponent(KILLER)}`,
        viewport: { width, height },
        colorScheme,
      });
      await ruleCounts(page);
      await waitForStatus(page, /Unique solution/);
      // Some marks, to see them beside the cage sums.
      await cell(page, 1, 1).click();
      await button(page, 'Pencil').click();
      for (const key of ['1', '2', '3', '5', '9']) {
        await page.keyboard.press(key);
      }
      await button(page, 'Pencil').click();
      await cell(page, 5, 5).click();
      await page.keyboard.press('7');
      const results = await runAxe(page);
      const what = `${width}×${height} ${colorScheme}`;
      assert.deepEqual(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
        [],
        what,
      );
      await screenshot(page, `constraints-killer-${width}x${height}-${colorScheme}`);
      assert.deepEqual(errors, [], what);
      await page.close();
    }
  }
  // The mixed one too, for the eyes.
  for (const [width, height] of [SIZES[1], SIZES[2]]) {
    const { page } = await openPage(env.browser, env.url, {
      hash: `#p=${encodeURIComponent(MIXED)}`,
      viewport: { width, height },
      colorScheme: 'dark',
    });
    await ruleCounts(page);
    await screenshot(page, `constraints-mixed-${width}x${height}-dark`);
    await page.close();
  }
});
