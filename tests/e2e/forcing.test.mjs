// A forcing step on the page, walked link by link: at most 12 arrows at once, Previous and
// Next implication (and Shift+← / Shift+→) with "Implication K of N", the list line of the
// implication reached marked, a line chosen to jump there, an inner trial's own chain opened
// and walked, Play chain, and a card that never grows past the screen. The chains are the
// ones `stepdoku explain` gives, on the first forcing steps of SE ≥ 11 puzzles (lines 1–3 of
// forum_hardest_1106), on a laptop and on phones.
//
// The CLI runs as `cargo run --release --quiet -p stepdoku-cli --`, or as $STEPDOKU_CLI when
// set (a built binary), from the repository root.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { before, test } from 'node:test';
import { button, browserPerFile, openPage, runAxe, screenshot, waitForSteps } from './helpers.mjs';

/** Lines 1–3 of forum_hardest_1106: SE 11.9, 11.9 and 11.8; each takes a forcing chain early. */
const HARDEST = [
  '........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3',
  '........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........',
  '..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2',
];

/** The most arrows the board draws at once. */
const MAX_ARROWS = 12;

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The first forcing step of the puzzle's Human trace as `stepdoku explain` writes it. */
function firstForcingStep(puzzle) {
  const [command, ...prefix] = process.env.STEPDOKU_CLI
    ? [process.env.STEPDOKU_CLI]
    : ['cargo', 'run', '--release', '--quiet', '-p', 'stepdoku-cli', '--'];
  const out = execFileSync(command, [...prefix, 'explain', '--format', 'jsonl'], {
    cwd: ROOT,
    input: `${puzzle}\n`,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return out
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .find((r) => r.type === 'step' && /forcing-chain$/.test(r.techniqueId ?? ''));
}

const env = browserPerFile();
/** The first forcing step of each puzzle of HARDEST. */
let steps;
before(() => {
  steps = HARDEST.map(firstForcingStep);
  for (const step of steps) {
    assert.ok(step, 'each puzzle still takes a forcing chain');
  }
  assert.ok(
    steps.some((s) => s.implications.some((i) => i.inner?.length)),
    'one of them nests an inner chain',
  );
});

const arrows = (page) => page.locator('stepdoku-board svg.link-layer path.link');
const chainNow = (page) => page.locator('stepdoku-board .chain-now');
const chainList = (page) => page.getByRole('list', { name: 'Implications' });

/** Opens the page at the step (explain counts steps from 0; the page from 1). */
async function openAt(puzzle, step, viewport) {
  const position = step.step + 1;
  const opened = await openPage(env.browser, env.url, {
    hash: `#p=${puzzle}&s=human&n=${position}`,
    viewport,
  });
  await waitForSteps(opened.page, position, { exactly: true });
  return { ...opened, position };
}

/** Waits until the walk says "Implication K of N" (1-based), as its first words. */
async function waitForImplication(page, k, n) {
  await chainNow(page)
    .filter({ hasText: new RegExp(`^Implication ${k} of ${n}(:|,)`) })
    .waitFor();
}

for (const [index, puzzle] of HARDEST.entries()) {
  test(`SE ≥ 11 puzzle ${index + 1}: the chain is walked to its end and back`, async () => {
    const step = steps[index];
    const { page, errors } = await openAt(puzzle, step);
    const n = step.implications.length;
    const info = page.locator('stepdoku-board .step-info');
    assert.equal(await info.locator('.technique').innerText(), step.technique);
    assert.equal(await info.locator('.step-difficulty').innerText(), `ER ${step.er.toFixed(1)}`);

    // At first: the premise, and no tangle.
    await waitForImplication(page, 1, n);
    assert.ok((await arrows(page).count()) <= MAX_ARROWS);
    assert.ok((await chainNow(page).innerText()).endsWith(step.implications[0].text));
    assert.equal(await button(page, 'Previous implication').isDisabled(), true);

    // Opened, the list holds every implication, premise first, and marks the one reached.
    await page.getByRole('button', { name: /^Chain of \d+ implications?$/ }).click();
    const lines = chainList(page).locator(':scope > li > .chain-line');
    assert.deepEqual(
      await lines.allInnerTexts(),
      step.implications.map((i) => i.text),
    );
    const next = button(page, 'Next implication');
    let drawn = new Set();
    for (let k = 1; k <= n; k++) {
      await waitForImplication(page, k, n);
      const current = chainList(page).locator('.chain-line[aria-current="step"]');
      assert.equal(await current.innerText(), step.implications[k - 1].text);
      const count = await arrows(page).count();
      assert.ok(count <= MAX_ARROWS, `${count} arrows at implication ${k}`);
      // The implication reached draws its own arrows first, as `current`.
      const own = step.implications[k - 1].links ?? [];
      assert.equal(
        await page.locator('stepdoku-board svg.link-layer path.link.current').count(),
        Math.min(own.length, MAX_ARROWS),
      );
      for (const l of own) {
        drawn.add(l);
      }
      if (k < n) {
        await next.click();
      }
    }
    assert.equal(await next.isDisabled(), true, 'the end: the dead end or the conclusion');
    assert.equal(drawn.size, step.links.length, 'walked to the end, every arrow was drawn');

    // The card stays within the screen with the list open.
    const card = await page.locator('stepdoku-board .status-card').boundingBox();
    const viewport = page.viewportSize();
    assert.ok(card.height <= viewport.height, `card ${card.height} px high`);

    // Previous goes back; the keys walk too; a line chosen jumps there.
    await button(page, 'Previous implication').click();
    await waitForImplication(page, n - 1, n);
    await page.keyboard.press('Shift+ArrowLeft');
    await waitForImplication(page, n - 2, n);
    await page.keyboard.press('Shift+ArrowRight');
    await waitForImplication(page, n - 1, n);
    await lines.nth(1).click();
    await waitForImplication(page, 2, n);

    // Play chain runs to the end at the trace's speed.
    await button(page, 'Play chain').click();
    await waitForImplication(page, n, n);
    await button(page, 'Play chain').waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('an inner trial opens as its own chain, walked inside, on a laptop and a phone', async () => {
  const index = steps.findIndex((s) => s.implications.some((i) => i.inner?.length));
  const step = steps[index];
  const k = step.implications.findIndex((i) => i.inner?.length);
  const inner = step.implications[k].inner;
  const n = step.implications.length;
  for (const [label, viewport] of [
    ['laptop', { width: 1366, height: 768 }],
    ['phone', { width: 390, height: 844 }],
    ['small-phone', { width: 360, height: 640 }],
  ]) {
    const { page, errors } = await openAt(HARDEST[index], step, viewport);
    await page.getByRole('button', { name: /^Chain of \d+ implications?$/ }).click();
    await screenshot(page, `chain-${label}-1-premise`);
    const toggle = chainList(page).getByRole('button', {
      name: /^Inner chain, \d+ implications?$/,
    });
    assert.equal(await toggle.count(), step.implications.filter((i) => i.inner?.length).length);
    await toggle.first().click();
    assert.equal(await toggle.first().getAttribute('aria-expanded'), 'true');
    const innerList = page.getByRole('list', { name: `Inner chain of implication ${k + 1}` });
    assert.deepEqual(
      await innerList.locator('.chain-line').allInnerTexts(),
      inner.map((i) => i.text),
    );
    assert.match(inner[0].text, /^Suppose /, 'an inner chain starts at its premise');
    // Walked to the implication that holds it, then inside it.
    await chainList(page).locator(':scope > li > .chain-line').nth(k).click();
    await waitForImplication(page, k + 1, n);
    await screenshot(page, `chain-${label}-2-outer`);
    await button(page, 'Next implication').click();
    await chainNow(page)
      .filter({ hasText: `Implication ${k + 1} of ${n}, inner 1 of ${inner.length}:` })
      .waitFor();
    await button(page, 'Next implication').click();
    await chainNow(page)
      .filter({ hasText: `Implication ${k + 1} of ${n}, inner 2 of ${inner.length}:` })
      .waitFor();
    assert.equal(
      await innerList.locator('.chain-line[aria-current="step"]').innerText(),
      inner[1].text,
    );
    assert.ok((await arrows(page).count()) <= MAX_ARROWS);
    await screenshot(page, `chain-${label}-3-inner`);
    const card = await page.locator('stepdoku-board .status-card').boundingBox();
    assert.ok(card.height <= viewport.height, `card ${card.height} px high at ${label}`);
    const { violations } = await runAxe(page);
    assert.deepEqual(
      violations.map((v) => `${v.id}: ${v.nodes.map((x) => x.target.join(' ')).join(', ')}`),
      [],
    );
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('the list closes when the step changes, unless kept open', async () => {
  const step = steps[0];
  const { page, errors, position } = await openAt(HARDEST[0], step);
  const toggle = page.getByRole('button', { name: /^Chain of \d+ implications?$/ });
  await toggle.click();
  await chainList(page).waitFor();
  await button(page, 'Step back').click();
  await waitForSteps(page, position - 1, { exactly: true });
  await button(page, 'Step forward').click();
  await waitForSteps(page, position, { exactly: true });
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'closed by the step change');
  assert.equal(await chainList(page).count(), 0);

  const pin = button(page, 'Keep open');
  await pin.click();
  assert.equal(await pin.getAttribute('aria-pressed'), 'true');
  await chainList(page).waitFor();
  await button(page, 'Step back').click();
  await waitForSteps(page, position - 1, { exactly: true });
  assert.equal(await toggle.count(), 0, 'a step without a chain shows none');
  await button(page, 'Step forward').click();
  await waitForSteps(page, position, { exactly: true });
  await chainList(page).waitFor();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true', 'kept open');
  await waitForImplication(page, 1, step.implications.length);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a forcing chain a hint took on the person’s own board is walked the same way', async () => {
  const step = steps[0];
  const { page, errors } = await openPage(env.browser, env.url, { hash: `#p=${HARDEST[0]}` });
  const hint = button(page, 'Hint');
  // Each step before the chain, then the chain itself: named, shown where, then taken.
  for (let taken = 0; taken <= step.step; taken++) {
    await hint.click();
    await page
      .locator('stepdoku-board .hint')
      .filter({ hasText: /^Hint: try / })
      .waitFor();
    await hint.click();
    await page.locator('stepdoku-board .hint').filter({ hasText: /look/ }).waitFor();
    await hint.click();
    await page
      .locator('stepdoku-board .hint')
      .filter({ hasText: /^Hint taken: / })
      .waitFor();
  }
  assert.match(
    await page.locator('stepdoku-board .hint').innerText(),
    new RegExp(`^Hint taken: ${step.technique.split(' ')[0]} forcing chain`),
  );
  const n = step.implications.length;
  await waitForImplication(page, 1, n);
  await button(page, 'Next implication').click();
  await waitForImplication(page, 2, n);
  assert.ok((await arrows(page).count()) <= MAX_ARROWS);
  assert.deepEqual(errors, []);
  await page.close();
});
