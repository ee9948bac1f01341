// A forcing step on the page: its chain drawn as arrows on the board, and its implications
// behind a disclosure button under the step's sentence, the same as `stepdoku explain`
// gives them. On the desktop and on a 390×844 phone.
//
// The CLI runs as `cargo run --release --quiet -p stepdoku-cli --`, or as $STEPDOKU_CLI when
// set (a built binary), from the repository root.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { before, test } from 'node:test';
import { button, browserPerFile, openPage, screenshot, waitForSteps } from './helpers.mjs';

/** Line 1 of magictour_top1465 (also in tests/data/forcing.txt): its Human trace takes a
 * Nishio forcing chain. */
const PUZZLE = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';

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
let forcing;
before(() => {
  forcing = firstForcingStep(PUZZLE);
  assert.ok(forcing, 'the puzzle still takes a forcing chain');
});

/** The chain's disclosure button, found by role and name. */
function chainButton(page) {
  return page.getByRole('button', { name: /^Chain of \d+ implications?$/ });
}

for (const [label, viewport] of [
  ['desktop', undefined],
  ['phone', { width: 390, height: 844 }],
]) {
  test(`a forcing step shows its arrows and expands to its implications (${label})`, async () => {
    // The page's position after the step: explain counts steps from 0.
    const position = forcing.step + 1;
    const { page, errors } = await openPage(env.browser, env.url, {
      hash: `#p=${PUZZLE}&s=human&n=${position}`,
      viewport,
    });
    await waitForSteps(page, position, { exactly: true });
    const info = page.locator('stepdoku-board .step-info');
    assert.equal(await info.locator('.technique').innerText(), forcing.technique);
    assert.equal(await info.locator('.step-text').innerText(), forcing.text);
    assert.match(forcing.text, /\d+ implications/, 'the sentence counts the chain');

    // The chain's arrows, as many as the step has links.
    const arrows = page.locator('stepdoku-board svg.link-layer line.link');
    assert.ok(forcing.links.length > 0);
    assert.equal(await arrows.count(), forcing.links.length);

    // Closed, then opened: the list holds the implications, premise first.
    const toggle = chainButton(page);
    const nAfterPremises = forcing.implications.filter((i) => i.rule !== 'premise').length;
    assert.equal(
      await button(page, `Chain of ${nAfterPremises} implications`).count(),
      1,
      'the button counts the implications after the premise',
    );
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    const list = page.getByRole('list', { name: 'Implications' });
    assert.equal(await list.count(), 0, 'hidden while closed');
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await list.waitFor();
    const items = await list.getByRole('listitem').allInnerTexts();
    assert.deepEqual(
      items,
      forcing.implications.map((i) => i.text),
    );
    assert.match(items[0], /^Suppose r\dc\d = \d$/);
    assert.match(items.at(-1), /no (candidate|place) left/);
    await list.getByRole('listitem').last().scrollIntoViewIfNeeded();
    await screenshot(page, `forcing-chain-${label}`);

    // Closing hides the list again; a step that is no forcing chain has no chain to show.
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await list.count(), 0);
    await button(page, 'Step back').click();
    await waitForSteps(page, position - 1, { exactly: true });
    assert.equal(await chainButton(page).count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });
}
