// New puzzle end to end: a Hard puzzle made, linked, solved and played; a link without the
// puzzle (`#new=easy&seed=42`) makes the same one on every load; the puzzle of the day is the
// same twice; a technique asked for; one the variant cannot have, said in the status; a slow
// 16×16 cancelled with the grid kept; at phone size, in the dark.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import wasm from '../js/wasm.mjs';
import {
  button,
  choose,
  gridLine,
  browserPerFile,
  openPage,
  screenshot,
  statusText,
  waitForDigits,
  waitForStatus,
  openPanel,
} from './helpers.mjs';

const env = browserPerFile();

/** How long a 9×9 may take to be made on a loaded machine: most take milliseconds. */
const MAKE_MS = 30000;

/** The puzzle the core makes for `request` from `seed` (as the page's worker does). */
function generated(request, seed) {
  const generator = new wasm.Generator(request, seed);
  try {
    let found;
    while (!(found = generator.run(1))) {
      // One candidate at a time.
    }
    return found;
  } finally {
    generator.free();
  }
}

/** The page's link, read: its puzzle and how it was made. */
function linkOf(page) {
  const params = new URLSearchParams(new URL(page.url()).hash.slice(1));
  return Object.fromEntries(params);
}

/** Waits until the link names a new puzzle (`new` and `seed` after its `p`). */
function waitForNewLink(page) {
  return page.waitForFunction(() => /^#p=[^&]+&new=[^&]+&seed=\d+/.test(location.hash));
}

/** The cells of a line, without its layout's tag. */
function cellsOf(line) {
  return line.slice(line.lastIndexOf(':') + 1);
}

test('a Hard puzzle is made, linked, solved and played', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await waitForStatus(page, 'Unique solution');
  await choose(page, 'Level', 'Hard');
  // By keyboard: the button takes Enter.
  await button(page, 'New puzzle').focus();
  await page.keyboard.press('Enter');
  await waitForStatus(page, /New Hard puzzle · ER \d\.\d · seed \d+/, MAKE_MS);
  await waitForNewLink(page);
  const link = linkOf(page);
  assert.equal(link.new, 'hard');
  assert.match(link.seed, /^\d+$/);
  assert.ok(Number(link.seed) < 2 ** 32, link.seed);
  assert.equal(link.sym, undefined, 'no symmetry asked for, none in the link');
  assert.match(await statusText(page), new RegExp(`seed ${link.seed}`));

  // The grid holds the puzzle the core makes from that seed, as givens to solve.
  const made = generated({ level: 'Hard' }, Number(link.seed));
  assert.equal(link.p, made.puzzle);
  await waitForDigits(page, made.puzzle.replaceAll('.', ''));
  assert.equal(await gridLine(page), made.puzzle);
  assert.equal(
    (await page.getByRole('gridcell', { name: /^[^,]+, given, row / }).count()) > 17,
    true,
  );
  await waitForStatus(page, 'Unique solution');
  assert.equal(await page.getByRole('button', { name: 'Edit puzzle' }).count(), 1, 'solving it');
  // The rating card agrees: the level asked for.
  await page.locator('stepdoku-board [data-key="level"] dd[data-level="hard"]').waitFor();
  await screenshot(page, 'generate-made');

  // Solve shows its solution.
  await button(page, 'Solve').click();
  await waitForDigits(page, made.solution);
  assert.equal(await gridLine(page), made.solution);

  // Watching it: a few steps forward, each said in the status; the link keeps how it was made.
  for (let i = 0; i < 3; i++) {
    await button(page, 'Step forward').click();
    await waitForStatus(page, `Step ${i + 1}`);
  }
  await button(page, 'Play').click();
  await waitForStatus(page, /Step (\d\d|[4-9])/);
  await button(page, 'Pause').click();
  await page.waitForFunction(() => /&new=hard&seed=\d+&s=\w+&n=\d+$/.test(location.hash));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a link with new and seed but no puzzle makes the same puzzle on every load', async () => {
  const expected = generated({ level: 'easy' }, 42);
  for (let i = 0; i < 2; i++) {
    const { page, errors } = await openPage(env.browser, env.url, { hash: '#new=easy&seed=42' });
    await waitForStatus(page, 'New Easy puzzle', MAKE_MS);
    await waitForDigits(page, expected.puzzle.replaceAll('.', ''));
    assert.equal(await gridLine(page), expected.puzzle);
    await waitForNewLink(page);
    assert.deepEqual(linkOf(page), { p: expected.puzzle, new: 'easy', seed: '42' });
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('the puzzle of the day is the same twice, and its seed is the date', async () => {
  const grids = [];
  for (let i = 0; i < 2; i++) {
    const { page, errors } = await openPage(env.browser, env.url);
    await choose(page, 'Level', 'Easy');
    await openPanel(page);
    await button(page, 'Puzzle of the day').click();
    await waitForStatus(page, /Puzzle of the day, \d{4}-\d\d-\d\d: Easy puzzle/, MAKE_MS);
    await waitForNewLink(page);
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    const link = linkOf(page);
    assert.equal(Number(link.seed), wasm.seedOfDate(today));
    assert.equal(link.new, 'easy');
    grids.push(await gridLine(page));
    assert.equal(grids.at(-1), link.p);
    assert.deepEqual(errors, []);
    await page.close();
  }
  assert.equal(grids[0], grids[1]);
});

test('a technique and a symmetry asked for; one the variant cannot have is said, the grid kept', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await waitForStatus(page, 'Unique solution');
  await openPanel(page);
  await page.getByText('More options', { exact: true }).click();
  await choose(page, 'Technique', 'X-Wing (ER 3.2)');
  await choose(page, 'Symmetry', 'Rotational 180°');
  assert.equal(await page.getByLabel('Level', { exact: true }).isDisabled(), true);
  await button(page, 'New puzzle').click();
  await waitForStatus(page, /New puzzle that needs X-Wing · ER/, MAKE_MS);
  await waitForNewLink(page);
  const link = linkOf(page);
  assert.equal(link.new, 'xwing');
  assert.equal(link.sym, 'rotate-180');
  const made = generated({ technique: 'xwing', symmetry: 'rotate-180' }, Number(link.seed));
  assert.equal(link.p, made.puzzle);
  await screenshot(page, 'generate-technique');

  // X-Sudoku rules out uniqueness patterns: the generator's sentence, and the grid as it was.
  await choose(page, 'Variant', 'X-Sudoku');
  await page.waitForFunction(() => location.hash.startsWith('#p=x:'));
  const before = await gridLine(page);
  await choose(page, 'Technique', 'Unique Rectangle Type 1 (ER 4.5)');
  await button(page, 'New puzzle').click();
  await waitForStatus(page, 'No puzzle can need Unique Rectangle Type 1', MAKE_MS);
  assert.match(await statusText(page), /The grid is as it was\./);
  assert.equal(await gridLine(page), before);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a slow 16×16 can be cancelled, and the grid and link stay as they were', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await choose(page, 'Sample', 'Large 16×16');
  await waitForStatus(page, 'Unique solution');
  const before = await gridLine(page);
  const hash = new URL(page.url()).hash;
  // A 16×16 that must need a Jellyfish takes many seconds on every seed measured (an Extreme
  // one can come in a fifth of a second, before Cancel could be pressed).
  await openPanel(page);
  await page.getByText('More options', { exact: true }).click();
  await choose(page, 'Technique', 'Jellyfish (ER 5.2)');
  await button(page, 'New puzzle').click();
  await waitForStatus(page, 'Making a 16×16 puzzle that needs Jellyfish…');
  await screenshot(page, 'generate-making');
  await button(page, 'Cancel').click();
  await waitForStatus(page, 'New puzzle cancelled: the grid is as it was.');
  assert.equal(await button(page, 'Cancel').count(), 0, 'Cancel goes');
  assert.equal(await gridLine(page), before);
  assert.equal(new URL(page.url()).hash, hash);
  // The board works on: its verdict is the sample's.
  await button(page, 'Solve').click();
  await waitForStatus(page, 'Unique solution');
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a phone, in the dark, the New puzzle part fits and its puzzle loads', async () => {
  const { page, errors } = await openPage(env.browser, env.url, {
    viewport: { width: 390, height: 844 },
    colorScheme: 'dark',
  });
  await waitForStatus(page, 'Unique solution');
  await button(page, 'Edit puzzle').click();
  await openPanel(page);
  await page.getByText('More options', { exact: true }).click();
  const part = page.getByRole('group', { name: 'New puzzle' });
  const box = await part.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `the part fits: ${JSON.stringify(box)}`);
  for (const name of ['New puzzle', 'Puzzle of the day']) {
    const b = await button(page, name).boundingBox();
    assert.ok(b.x + b.width <= 390 && b.height >= 36, `${name}: ${JSON.stringify(b)}`);
  }
  await screenshot(page, 'generate-phone-options');
  await button(page, 'New puzzle').click();
  await waitForStatus(page, 'New Medium puzzle', MAKE_MS);
  await screenshot(page, 'generate-phone-made');
  assert.deepEqual(errors, []);
  await page.close();
});
