// A single drawn as its proof: stepping the Human trace of the easy puzzle to a hidden single
// and a naked single, the page marks the digits that rule the others out (witnesses) and
// shades the cells they cover, names both in the cells' accessible names, and clears them on
// a step that is not a single; a hint shows none of it until it is taken. What is expected
// comes from `stepdoku explain --format jsonl` (the same step record the page gets), run as
// `cargo run --release --quiet -p stepdoku-cli --`, or as $STEPDOKU_CLI when set, from the
// repository root.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { before, test } from 'node:test';
import {
  button,
  cell,
  browserPerFile,
  openPage,
  PUZZLES,
  screenshot,
  statusText,
  waitForSteps,
} from './helpers.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SIZE = 9;

/** The first `n` steps of a puzzle's Human trace, as `stepdoku explain` writes them. */
function cliSteps(puzzle, n) {
  const [command, ...prefix] = process.env.STEPDOKU_CLI
    ? [process.env.STEPDOKU_CLI]
    : ['cargo', 'run', '--release', '--quiet', '-p', 'stepdoku-cli', '--'];
  let out;
  try {
    out = execFileSync(
      command,
      [...prefix, 'explain', '--strategy', 'human', '--format', 'jsonl', '--max-steps', `${n}`],
      { cwd: ROOT, input: `${puzzle}\n`, encoding: 'utf8', stdio: ['pipe', 'pipe', 'ignore'] },
    );
  } catch (error) {
    // A trace cut short by --max-steps exits with status 1, its steps written all the same.
    out = error.stdout;
  }
  return out
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((record) => record.type === 'step');
}

const name = (i) => `r${Math.floor(i / SIZE) + 1}c${(i % SIZE) + 1}`;
const rowCol = (i) => [Math.floor(i / SIZE) + 1, (i % SIZE) + 1];

const env = browserPerFile();
let steps;
before(() => {
  steps = cliSteps(PUZZLES.easy, 40);
});

/** The position (1-based) of the first step that matches. */
function positionOf(matches) {
  const at = steps.findIndex(matches);
  assert.ok(at >= 0, 'the trace has such a step');
  return at + 1;
}

/** What the grid draws of a proof: the cells with each role, and their parts. */
function drawnProof(page) {
  return page.locator('stepdoku-board').evaluate((el) => {
    const cells = [...el.shadowRoot.querySelectorAll('[role="gridcell"]')];
    const withClass = (c) =>
      cells.filter((x) => x.classList.contains(c)).map((x) => Number(x.dataset.cell));
    const style = getComputedStyle(el);
    const witness = cells.find((x) => x.classList.contains('witness'));
    const covered = cells.find((x) => x.classList.contains('covered'));
    const ring = witness && getComputedStyle(witness.querySelector('.digit'), '::before');
    const probe = document.createElement('div');
    el.shadowRoot.append(probe);
    const colour = (v) => {
      probe.style.color = style.getPropertyValue(v);
      return getComputedStyle(probe).color;
    };
    const result = {
      witnesses: withClass('witness'),
      covered: withClass('covered'),
      witnessParts: cells.filter((x) => x.part.contains('cell-witness')).length,
      coveredParts: cells.filter((x) => x.part.contains('cell-covered')).length,
      ringColour: ring?.borderTopColor ?? null,
      ringBackground: ring?.backgroundColor ?? null,
      coveredBackground: covered ? getComputedStyle(covered).backgroundColor : null,
      witnessColour: colour('--sd-witness'),
      witnessBg: colour('--sd-witness-bg'),
      coveredBg: colour('--sd-covered-bg'),
    };
    probe.remove();
    return result;
  });
}

const sortedNumbers = (list) => [...list].sort((a, b) => a - b);

test('a hidden single shows its witnesses and the cells they cover, by name and drawn', async () => {
  const n = positionOf((s) => s.techniqueId === 'hidden-single-box' && s.proof?.length >= 2);
  const step = steps[n - 1];
  const { page, errors } = await openPage(env.browser, env.url, {
    hash: `#p=${PUZZLES.easy}&s=human&n=${n}`,
  });
  await waitForSteps(page, n, { exactly: true });
  // The sentence names the witnesses.
  assert.match(
    await statusText(page),
    new RegExp(step.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  );
  for (const { cell: at } of step.proof) {
    assert.ok(step.text.includes(name(at)), `the sentence names ${name(at)}`);
  }
  // Each witness and each covered cell says its part in its accessible name.
  const covered = [];
  for (const { cell: at, digit, covers } of step.proof) {
    const list = covers.map(name);
    const cells = list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list.at(-1)}` : list[0];
    await assert.doesNotReject(
      cell(page, ...rowCol(at))
        .and(page.getByRole('gridcell', { name: `; proof: rules out ${digit} in ${cells}` }))
        .waitFor(),
      `${name(at)} is named a witness`,
    );
    for (const c of covers) {
      covered.push(c);
      const label = await cell(page, ...rowCol(c)).getAttribute('aria-label');
      assert.ok(
        label.endsWith(`; proof: ${digit} ruled out by ${name(at)}`),
        `${name(c)}: ${label}`,
      );
    }
  }
  // And both are drawn: a ringed disc behind each witness, a shade on each covered cell, in
  // the stylesheet's witness and covered colours.
  const drawn = await drawnProof(page);
  assert.deepEqual(sortedNumbers(drawn.witnesses), sortedNumbers(step.proof.map((w) => w.cell)));
  assert.deepEqual(sortedNumbers(drawn.covered), sortedNumbers(covered));
  assert.equal(drawn.witnessParts, step.proof.length);
  assert.equal(drawn.coveredParts, covered.length);
  assert.equal(drawn.ringColour, drawn.witnessColour);
  assert.equal(drawn.ringBackground, drawn.witnessBg);
  assert.equal(drawn.coveredBackground, drawn.coveredBg);
  await screenshot(page, 'singles-hidden-light');

  // The same step on a phone, in the dark.
  const phone = await openPage(env.browser, env.url, {
    hash: `#p=${PUZZLES.easy}&s=human&n=${n}`,
    viewport: { width: 390, height: 844 },
    colorScheme: 'dark',
  });
  await waitForSteps(phone.page, n, { exactly: true });
  const onPhone = await drawnProof(phone.page);
  assert.deepEqual(sortedNumbers(onPhone.covered), sortedNumbers(covered));
  assert.equal(onPhone.ringColour, onPhone.witnessColour);
  assert.notEqual(onPhone.witnessColour, drawn.witnessColour, 'the dark theme has its own');
  await screenshot(phone.page, 'singles-hidden-phone-dark');
  assert.deepEqual(phone.errors, []);
  await phone.page.close();

  // A step that is not a single clears the proof, from the drawing and from the names.
  const other = positionOf((s) => !s.techniqueId.includes('single'));
  await page.goto(`${env.url}#p=${PUZZLES.easy}&s=human&n=${other}`);
  await waitForSteps(page, other, { exactly: true });
  const cleared = await drawnProof(page);
  assert.deepEqual([cleared.witnesses, cleared.covered], [[], []]);
  const [r, c] = rowCol(step.proof[0].cell);
  assert.ok(!(await cell(page, r, c).getAttribute('aria-label')).includes('proof'));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a naked single marks the digits of its houses that rule the others out', async () => {
  const n = positionOf((s) => s.techniqueId === 'naked-single' && s.proof?.length);
  const step = steps[n - 1];
  const { page, errors } = await openPage(env.browser, env.url, {
    hash: `#p=${PUZZLES.easy}&s=human&n=${n}`,
  });
  await waitForSteps(page, n, { exactly: true });
  const drawn = await drawnProof(page);
  assert.deepEqual(sortedNumbers(drawn.witnesses), sortedNumbers(step.proof.map((w) => w.cell)));
  assert.deepEqual(drawn.covered, [], 'the only cell covered is the single, the step itself');
  for (const { cell: at, digit } of step.proof) {
    const label = await cell(page, ...rowCol(at)).getAttribute('aria-label');
    assert.ok(
      label.endsWith(`; proof: rules out ${digit} in ${name(step.cells[0])}`),
      `${name(at)}: ${label}`,
    );
  }
  await screenshot(page, 'singles-naked-light');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a hint on your own board keeps the proof back until it is taken', async () => {
  assert.equal(steps[0].techniqueId, 'hidden-single-box', 'the trace opens on a hidden single');
  const { page, errors } = await openPage(env.browser, env.url, { hash: `#p=${PUZZLES.easy}` });
  const hint = page.locator('stepdoku-board .status .hint');
  await button(page, 'Hint').click();
  await hint.waitFor({ state: 'visible' });
  await button(page, 'Hint').click();
  await hint.filter({ hasText: 'look in' }).waitFor();
  let drawn = await drawnProof(page);
  assert.deepEqual([drawn.witnesses, drawn.covered], [[], []], 'where to look, not why');
  // Taken, the step is on the person's board as the solver's, drawn with its proof.
  await button(page, 'Hint').click();
  const [r, c] = rowCol(steps[0].cells[0]);
  await cell(page, r, c)
    .and(page.getByRole('gridcell', { name: `${steps[0].digit}, solver's` }))
    .waitFor();
  drawn = await drawnProof(page);
  assert.deepEqual(
    sortedNumbers(drawn.witnesses),
    sortedNumbers(steps[0].proof.map((w) => w.cell)),
  );
  assert.ok(drawn.covered.length >= steps[0].proof.length);
  await screenshot(page, 'singles-hint-taken');
  assert.deepEqual(errors, []);
  await page.close();
});
