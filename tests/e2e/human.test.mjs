// The Human strategy on a puzzle that needs an X-Chain: the step's technique, its
// description and difficulty, the chain's arrows, the eliminated candidate, the step list,
// and the rating card, whose values must be what `stepdoku rate` prints for the puzzle.
//
// The CLI runs as `cargo run --release --quiet -p stepdoku-cli --`, or as $STEPDOKU_CLI when
// set (a built binary), from the repository root.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, test } from 'node:test';
import {
  ARTIFACTS,
  browserPerFile,
  button,
  cell,
  cellText,
  choose,
  counter,
  openPage,
  PUZZLES,
  rate,
  waitForSteps,
} from './helpers.mjs';

/**
 * Its Human trace (73 steps) has a 2-String Kite at step 33 and its hardest step, an
 * X-Chain on 8 with five links, at step 34: r2c7 loses 8.
 */
const XCHAIN = '.................1..2..3.4......52...1.....6.7..........3.8.5....52.....4..1....7';
const XCHAIN_STEP = 34;
const N_STEPS = 73;

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** What `stepdoku rate` prints for a puzzle: its tab-separated columns, by name. */
function cliRating(puzzle) {
  const [command, ...prefix] = process.env.STEPDOKU_CLI
    ? [process.env.STEPDOKU_CLI]
    : ['cargo', 'run', '--release', '--quiet', '-p', 'stepdoku-cli', '--'];
  const out = execFileSync(command, [...prefix, 'rate'], {
    cwd: ROOT,
    input: `${puzzle}\n`,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [er, ep, ed, score, level, guessing, hardest] = out.trim().split('\t');
  return { er, ep, ed, score, level, guessing, hardest };
}

const env = browserPerFile();
let expected;
before(() => {
  expected = cliRating(XCHAIN);
});

/** A screenshot of what is in view (the glossary makes the full page very tall). */
async function shot(page, name) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** Runs `fn(shadowRoot, arg)` in the page, on the board's shadow root. */
function inBoard(page, fn, arg) {
  return page
    .locator('stepdoku-board')
    .evaluate((el, [source, a]) => (0, eval)(`(${source})`)(el.shadowRoot, a), [String(fn), arg]);
}

/** The rating card's values as `data-value` holds them, and the hardest step's link. */
function readRating(page) {
  return inBoard(page, (root) => {
    const card = root.querySelector('.rating-card');
    const values = Object.fromEntries(
      [...card.querySelectorAll('.rating-values > div')].map((div) => [
        div.dataset.key,
        div.querySelector('dd').dataset.value,
      ]),
    );
    const link = card.querySelector('.hardest-link');
    return {
      kind: card.dataset.kind,
      values,
      hardest: link.textContent,
      href: link.getAttribute('href'),
    };
  });
}

function waitForRating(page, kind) {
  return page.waitForFunction(
    (want) =>
      document.querySelector('stepdoku-board').shadowRoot.querySelector('.rating-card')?.dataset
        .kind === want,
    kind,
  );
}

/** Loads the whole Human trace: one Step forward, then waits for every step to arrive. */
async function loadHumanTrace(page) {
  await choose(page, 'Strategy', 'Human');
  await button(page, 'Step forward').click();
  await page
    .locator('stepdoku-board .steps-note')
    .filter({ hasText: new RegExp(`^${N_STEPS} steps$`) })
    .waitFor();
}

/** Clicks row `position` of the (virtual) step list, scrolling it into view first. */
async function clickStepRow(page, position) {
  await inBoard(
    page,
    (root, p) => {
      const scroller = root.querySelector('.steps-scroll');
      scroller.scrollTop = Math.max(0, (p - 3) * 30);
      scroller.dispatchEvent(new Event('scroll'));
    },
    position,
  );
  const row = page.locator(`stepdoku-board .step-row[data-position="${position}"]`);
  await row.click();
  return row;
}

test('Hint names the next technique, then shows where, then takes the step', async () => {
  const { page, errors } = await openPage(env.browser, env.url, {
    hash: `#p=${XCHAIN}&s=human&n=${XCHAIN_STEP - 1}`,
  });
  await waitForSteps(page, XCHAIN_STEP - 1, { exactly: true });
  const hint = page.locator('stepdoku-board .status .hint');
  const count = (selector) => inBoard(page, (root, s) => root.querySelectorAll(s).length, selector);

  await button(page, 'Hint').click();
  await hint.waitFor({ state: 'visible' });
  assert.equal(
    await hint.innerText(),
    'Hint: try X-Chain (ER 6.8). Press Hint again to see where.',
  );
  assert.equal(await counter(page, 'Steps'), XCHAIN_STEP - 1, 'a hint applies nothing');
  assert.equal(await count('.grid .cell.step'), 0, 'the first hint shows no place');

  await button(page, 'Hint').click();
  await hint.filter({ hasText: 'highlighted' }).waitFor();
  assert.equal(
    await hint.innerText(),
    'Hint: X-Chain (ER 6.8): look at the highlighted cells. Press Hint again to take the step.',
  );
  assert.ok((await count('.grid .cell.step')) >= 4, 'the chain cells are marked');
  assert.ok((await count('.grid .cand.pattern')) >= 4, 'the chain candidates are marked');
  assert.equal(await count('.grid .cand.elim'), 0, 'the elimination stays hidden');
  assert.equal(await count('svg.link-layer path.link'), 0, 'so do the links');
  assert.equal(await counter(page, 'Steps'), XCHAIN_STEP - 1);
  await shot(page, 'human-hint-light');

  // The third time (here by the H shortcut) takes the step the hint spoke of.
  await page.locator('body').press('h');
  await waitForSteps(page, XCHAIN_STEP, { exactly: true });
  assert.equal(await hint.isVisible(), false);
  assert.equal(await page.locator('stepdoku-board .step-info .technique').innerText(), 'X-Chain');
  assert.equal(await count('.grid .cand.elim'), 1);
  assert.equal(await count('svg.link-layer path.link'), 5);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the rating card shows what `stepdoku rate` prints', async () => {
  const { page, errors } = await openPage(env.browser, env.url, { hash: `#p=${XCHAIN}` });
  await waitForRating(page, 'offered');
  await rate(page);
  await waitForRating(page, 'rated');
  const shown = await readRating(page);
  assert.deepEqual(shown.values, {
    er: expected.er,
    ep: expected.ep,
    ed: expected.ed,
    score: expected.score,
    level: expected.level,
    guessing: expected.guessing,
  });
  assert.equal(shown.hardest, expected.hardest);
  assert.equal(expected.hardest, 'X-Chain', 'the puzzle still needs an X-Chain');
  assert.equal(shown.href, '#technique-xchain');
  // What a person reads: the level with its pips, the score with a thousands separator.
  const text = await page.locator('stepdoku-board .rating-card').innerText();
  assert.match(text, /Unfair/);
  assert.ok(text.includes(Number(expected.score).toLocaleString('en')), text);
  // Where each figure comes from: ER on Sudoku Explainer's path, the level and score on
  // HoDoKu's, guessing on ours.
  const sources = page.getByRole('list', { name: 'Where the figures come from' });
  assert.deepEqual(await sources.getByRole('listitem').allInnerTexts(), [
    `ER ${expected.er}, EP and ED: Sudoku Explainer's own solving path (hardest step: Turbot Fish).`,
    "Score and level: HoDoKu's own solving path (hardest step: X-Chain).",
    'Guessing: our Human strategy solves it by logic alone.',
    "Each step's ER badge is that step's, along our own path.",
  ]);
  assert.equal(
    await page.locator('stepdoku-board .rating-values [data-key="level"] .pips i.on').count(),
    4,
  );
  assert.deepEqual(errors, []);
  await page.close();
});

test('stepping to the X-Chain: technique, description, difficulty, arrows, elimination', async () => {
  const { page, errors } = await openPage(env.browser, env.url, { hash: `#p=${XCHAIN}` });
  await loadHumanTrace(page);
  const row = await clickStepRow(page, XCHAIN_STEP);
  await waitForSteps(page, XCHAIN_STEP, { exactly: true });
  assert.equal(await row.getAttribute('aria-current'), 'step');

  const status = page.locator('stepdoku-board .step-info');
  assert.equal(await status.locator('.technique').innerText(), 'X-Chain');
  assert.equal(await status.locator('.step-difficulty').innerText(), 'ER 6.8');
  assert.match(await status.locator('.step-text').innerText(), /^X-Chain on 8: .*r2c7 loses 8/);

  // The description, from the techniques() export, behind the disclosure.
  const description = await page.evaluate(async () => {
    const core = await import('/www/core.js');
    return core.technique('xchain').description;
  });
  assert.ok(description.length > 20);
  const about = status.locator('.technique-about');
  assert.equal(await about.locator('.about-text').isVisible(), false, 'closed at first');
  await about.locator('summary').click();
  assert.equal(await about.locator('.about-text').innerText(), description);
  assert.match(
    await about.locator('.about-values').innerText(),
    /^ER 6\.6, this chain 6\.8 with its length bonus · HoDoKu score \d+$/,
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'human-xchain-light');

  // The name links to the glossary entry, which opens in place; the URL keeps the puzzle
  // and the position.
  await status.locator('a.technique').click();
  const entry = page.locator('stepdoku-board #technique-xchain');
  await entry.waitFor({ state: 'visible' });
  assert.equal(await entry.locator('.g-about').innerText(), description);
  assert.match(await entry.locator('.g-head').innerText(), /X-Chain\s+ER 6\.6/);
  assert.match(await entry.getAttribute('class'), /is-target/);
  assert.equal(new URL(page.url()).hash, `#p=${XCHAIN}&s=human&n=${XCHAIN_STEP}`);
  await page.waitForTimeout(600); // the smooth scroll
  await shot(page, 'human-glossary-light');

  // The chain: five links drawn as SVG paths with arrow heads, strong solid, weak dashed.
  const links = await inBoard(page, (root) =>
    [...root.querySelectorAll('svg.link-layer path.link')].map((path) => ({
      kind: path.classList.contains('strong') ? 'strong' : 'weak',
      marker: path.getAttribute('marker-end'),
      dash: getComputedStyle(path).strokeDasharray,
    })),
  );
  assert.equal(links.length, 5);
  assert.deepEqual(
    links.map((l) => l.kind),
    ['strong', 'weak', 'strong', 'weak', 'strong'],
  );
  assert.ok(links.every((l) => l.marker === 'url(#arrow-plain)'));
  assert.ok(links.filter((l) => l.kind === 'weak').every((l) => l.dash !== 'none'));
  assert.ok(links.filter((l) => l.kind === 'strong').every((l) => l.dash === 'none'));

  // r2c7 loses 8: marked eliminated, struck through (not by colour alone).
  const eliminated = await inBoard(page, (root) =>
    [...root.querySelectorAll('.grid .cand.elim')].map((mark) => ({
      cell: Number(mark.closest('.cell').dataset.cell),
      digit: mark.textContent,
      line: getComputedStyle(mark).textDecorationLine,
    })),
  );
  assert.deepEqual(eliminated, [{ cell: 15, digit: '8', line: 'line-through' }]);
  assert.match(await cellText(page, 2, 7), /^empty, candidates/);

  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'human-glossary-dark');
  await page.evaluate(() => window.scrollTo(0, 0));
  // Dark mode has its own palette: the page and the board turn dark.
  const backgrounds = await inBoard(page, (root) => ({
    card: getComputedStyle(root.querySelector('.rating-card')).backgroundColor,
    elim: getComputedStyle(root.querySelector('.grid .cand.elim')).textDecorationLine,
  }));
  assert.equal(backgrounds.card, 'rgb(24, 28, 34)');
  assert.equal(backgrounds.elim, 'line-through');
  await shot(page, 'human-xchain-dark');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a click in the step list then Step forward reaches the same step', async () => {
  const { page, errors } = await openPage(env.browser, env.url, {
    hash: `#p=${XCHAIN}`,
    colorScheme: 'dark',
  });
  await loadHumanTrace(page);
  await clickStepRow(page, XCHAIN_STEP - 1);
  // The board goes there through the worker: wait for the position before reading its step.
  await waitForSteps(page, XCHAIN_STEP - 1, { exactly: true });
  await page
    .locator('stepdoku-board .step-info .technique')
    .filter({ hasText: '2-String Kite' })
    .waitFor();
  await button(page, 'Step forward').click();
  await waitForSteps(page, XCHAIN_STEP, { exactly: true });
  assert.equal(await page.locator('stepdoku-board .step-info .technique').innerText(), 'X-Chain');
  // The current row: a bar and bold type besides its tint.
  const current = await inBoard(page, (root) => {
    const style = getComputedStyle(root.querySelector('.step-row[aria-current="step"]'));
    return { bar: style.borderLeftStyle, weight: style.fontWeight };
  });
  assert.deepEqual(current, { bar: 'solid', weight: '600' });
  // Back to the first row: the puzzle as given.
  await clickStepRow(page, 0);
  await waitForSteps(page, 0, { exactly: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a rating that runs out of time says so, and Keep rating carries it to the end', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  // A budget of 1 ms: the 25×25 sample (372 steps) cannot be rated within it.
  await page.locator('stepdoku-board').evaluate((el) => el.setAttribute('rating-budget', '1'));
  await choose(page, 'Sample', 'Huge 25×25');
  await rate(page);
  await waitForRating(page, 'slow');
  const card = page.locator('stepdoku-board .rating-card');
  assert.match(await card.innerText(), /Not rated yet: after \d+ s and [\d,]+ steps/);
  assert.equal(await button(page, 'Stop rating').isVisible(), false);
  await button(page, 'Keep rating').click();
  await waitForRating(page, 'rated');
  assert.match(await card.innerText(), /Hardest step: Nishio Forcing Chain/);
  assert.equal(await button(page, 'Keep rating').isVisible(), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test('no rating for a puzzle with several solutions or none; a rating per edit', async () => {
  const { page, errors } = await openPage(env.browser, env.url, { hash: `#p=${PUZZLES.several}` });
  const card = page.locator('stepdoku-board .rating-card');
  await waitForRating(page, 'none');
  assert.match(await card.innerText(), /Not rated: the puzzle has several solutions/);
  await page.evaluate((p) => {
    location.hash = `#p=${p}`;
  }, PUZZLES.none);
  await card.filter({ hasText: 'Not rated: the puzzle has no solution.' }).waitFor();
  await page.evaluate((p) => {
    location.hash = `#p=${p}`;
  }, PUZZLES.easy);
  await rate(page);
  await waitForRating(page, 'rated');
  const easy = cliRating(PUZZLES.easy);
  const shown = await readRating(page);
  assert.equal(shown.values.er, easy.er);
  assert.equal(shown.values.score, easy.score);
  assert.equal(shown.hardest, easy.hardest);
  assert.deepEqual(errors, []);
  await page.close();
});
