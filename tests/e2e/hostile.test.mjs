// Links that cannot hurt and text too long to be a puzzle: a link to step 10^12 stops at the
// seek budget with a message; Pause and To start stop a seek a link started; a link whose
// puzzle cannot be read keeps its URL and starts no trace; a step that is not a whole number
// is refused; 20 MB pasted and a 5 MB hash are refused before they reach wasm, the grid kept
// and the page answering at once. Screenshots of the messages on a desktop and a phone.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  button,
  cell,
  counter,
  gridLine,
  browserPerFile,
  openRecording,
  puzzleBox,
  PUZZLES,
  screenshot,
  setClipboard,
  statusText,
  waitForStatus,
  waitForSteps,
  openPanel,
} from './helpers.mjs';

/** A puzzle made to defeat brute force: its Backtracking trace runs to many millions of steps. */
const ANTI_BRUTE =
  '..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9';
/** 2,000,000 steps take seconds on a quiet machine; a loaded one gets ample time. */
const SEEK_TIMEOUT_MS = 180000;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const env = browserPerFile();

/** The step a URL names (0 without one). */
function stepOf(url) {
  return Number(new URLSearchParams(url.replace(/^[^#]*#?/, '')).get('n') ?? 0);
}

/** The notice line of the status card (a link or a seek refused or stopped short). */
function notice(page) {
  return page.locator('stepdoku-board .notice');
}

/**
 * Whether the Steps counter and the grid hold still for `nFrames` animation frames in a row,
 * with no seek shown under way (run in the page).
 */
function holdsStill(nFrames) {
  const root = document.querySelector('stepdoku-board').shadowRoot;
  const look = () =>
    [
      root.querySelector('[data-count="steps"]').dataset.value,
      [...root.querySelectorAll('[role="gridcell"] .digit')].map((d) => d.textContent).join(),
      root.querySelector('.busy').hidden,
    ].join('|');
  const first = look();
  return new Promise((resolve) => {
    let left = nFrames;
    const frame = () => {
      if (look() !== first || !root.querySelector('.busy').hidden) {
        resolve(false);
      } else if (--left === 0) {
        resolve(true);
      } else {
        requestAnimationFrame(frame);
      }
    };
    requestAnimationFrame(frame);
  });
}

/**
 * Waits until the board holds still (see holdsStill) for `nFrames` frames; returns the step.
 * The frames are awaited by page.evaluate: waitForFunction takes a promise for a true value.
 */
async function waitForStill(page, nFrames = 30) {
  const deadline = Date.now() + SEEK_TIMEOUT_MS;
  while (!(await page.evaluate(holdsStill, nFrames))) {
    assert.ok(Date.now() < deadline, `still moving after ${SEEK_TIMEOUT_MS} ms`);
  }
  return counter(page, 'Steps');
}

test('a link to step 10^12 stops at step 2,000,000 with a message, at a real position', async () => {
  const { page, errors } = await openRecording(env, `#p=${ANTI_BRUTE}&s=backtracking&n=1e12`);
  await page.getByText(/Making steps… [\d,]+ of 2,000,000/).waitFor({ timeout: SEEK_TIMEOUT_MS });
  await waitForStatus(
    page,
    'Stopped at step 2,000,000: the link asks for step 1,000,000,000,000, more than a link may seek',
    SEEK_TIMEOUT_MS,
  );
  assert.equal(await waitForStill(page), 2000000);
  assert.match(await statusText(page), /Step 2,000,000\b/, "the step's own sentence shows");
  await page.waitForFunction(() => location.hash.endsWith('&n=2000000'));
  const written = (await page.evaluate(() => window.urls)).map(stepOf);
  assert.deepEqual(
    written.filter((n) => n !== 0 && n !== 2000000),
    [],
    'no URL names a step on the way',
  );
  await screenshot(page, 'hostile-budget-1280');
  await page.setViewportSize(PHONE);
  await notice(page).scrollIntoViewIfNeeded();
  await screenshot(page, 'hostile-budget-390');
  // Play goes on past it.
  await button(page, 'Step forward').click();
  await waitForSteps(page, 2000001, { exactly: true });
  assert.equal(await notice(page).isHidden(), true, 'the notice goes once the trace moves on');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Pause stops a seek a link started, at the last step made, and it stays there', async () => {
  const { page, errors } = await openRecording(env, `#p=${ANTI_BRUTE}&s=backtracking&n=1e12`);
  // While the seek runs, the Play button reads Pause; it is pressed once steps are made.
  await page.getByText(/Making steps… [1-9][\d,]* of/).waitFor({ timeout: SEEK_TIMEOUT_MS });
  await button(page, 'Pause').click();
  await waitForStatus(page, /Stopped at step [\d,]+ on the way to step 1,000,000,000,000/);
  const step = await waitForStill(page);
  assert.ok(step > 0 && step < 2000000, `stopped at step ${step}`);
  assert.match(await notice(page).innerText(), new RegExp(`step ${step.toLocaleString('en')} `));
  await button(page, 'Play').waitFor();
  await page.waitForFunction((n) => location.hash.endsWith(`&n=${n}`), step);
  // Still there a while later: nothing is making steps toward the link's step any more.
  assert.equal(await waitForStill(page, 60), step);
  await screenshot(page, 'hostile-paused-1280');
  assert.deepEqual(errors, []);
  await page.close();
});

test('To start stops a seek a link started and goes back to the puzzle', async () => {
  const { page, errors } = await openRecording(env, `#p=${ANTI_BRUTE}&s=backtracking&n=1e12`);
  const given = await gridLine(page);
  await page.getByText(/Making steps… [\d,]+ of/).waitFor({ timeout: SEEK_TIMEOUT_MS });
  await button(page, 'To start').click();
  assert.equal(await waitForStill(page), 0);
  assert.equal(await gridLine(page), given, 'the puzzle as given');
  assert.equal(await notice(page).isHidden(), true);
  assert.equal(await button(page, 'To start').isDisabled(), true);
  assert.equal(await waitForStill(page, 60), 0, 'and it stays there');
  assert.equal(stepOf(page.url()), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a link whose puzzle cannot be read shows why, keeps its URL and starts no trace', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const hash = '#p=garbage&s=human&n=5';
    const { page, errors } = await openRecording(env, hash, viewport);
    await waitForStatus(page, "The link's puzzle could not be read, so it is not shown.");
    assert.match(await notice(page).innerText(), /Wrong length: read 7 cells/);
    assert.equal(await puzzleBox(page).inputValue(), 'garbage', 'the text is there to fix');
    // Once the board is awake (it would have asked for a verdict then), nothing is said of
    // the empty grid standing in for the link's, no step of it was ever shown, and the URL
    // was never touched.
    await page.waitForFunction(() => document.querySelector('stepdoku-board').state.isAwake);
    assert.equal(await waitForStill(page), 0);
    const verdict = page.locator('stepdoku-board .verdict');
    assert.equal(await verdict.getAttribute('data-kind'), 'idle');
    assert.doesNotMatch(await statusText(page), /solution/);
    assert.doesNotMatch(await statusText(page), /Step \d/);
    assert.equal(await gridLine(page), '.'.repeat(81));
    assert.deepEqual(await page.evaluate(() => window.urls), []);
    assert.ok(page.url().endsWith(hash), page.url());
    await screenshot(page, `hostile-unread-link-${viewport.width}`);
    // Asked, the board checks the grid it shows.
    await button(page, 'Solve').click();
    await waitForStatus(page, 'At least two solutions');
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("a link's progress that does not fit its puzzle is left out, once, saying why", async () => {
  // Two puzzles no other test here opens, as a move saves a solve of each. The first has a
  // 4 in r1c1: progress that puts the person's digit there is refused, as is text that is
  // not progress at all.
  const [A, B] = [
    '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......',
    '.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...',
  ];
  const onGiven = `8${'.'.repeat(80)}~${'.'.repeat(81)}~${'-'.repeat(80)}~0`;
  for (const [puzzle, progress, why, viewport] of [
    [A, onGiven, 'its digit in r1c1 does not fit this puzzle', DESKTOP],
    [B, '%3Cscript%3E%3C%2Fscript%3E', 'it is not four parts joined by ~', PHONE],
  ]) {
    const { page, errors } = await openRecording(env, `#p=${puzzle}&y=${progress}`, viewport);
    await waitForStatus(page, `The link's progress (y=) was left out: ${why}.`);
    assert.equal(await gridLine(page), puzzle, 'the givens only');
    await screenshot(page, `hostile-progress-refused-${viewport.width}`);
    // Once the person makes a move of their own (r1c3 is empty in both), the notice is old
    // news.
    await cell(page, 1, 3).click();
    await page.keyboard.press('1');
    await page.getByText("The link's progress").waitFor({ state: 'hidden' });
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('followed from a trace, a link whose puzzle cannot be read leaves the grid and the trace, and the next link is followed', async () => {
  const { page, errors } = await openRecording(env, `#p=${PUZZLES.hardest}&s=human&n=3`);
  await waitForStatus(page, 'Step 3');
  const shown = await gridLine(page);
  await page.evaluate(() => {
    window.urls = [];
    location.hash = '#p=12x&s=backtracking&n=40';
  });
  await waitForStatus(page, "The link's puzzle could not be read");
  assert.equal(await waitForStill(page), 3, 'still at step 3 of the puzzle shown');
  assert.equal(await gridLine(page), shown);
  assert.deepEqual(await page.evaluate(() => window.urls), []);
  assert.ok(page.url().endsWith('#p=12x&s=backtracking&n=40'));
  assert.equal(await page.getByLabel('Strategy', { exact: true }).inputValue(), 'human');
  // The same strategy and step in a link that can be read are followed.
  await page.evaluate((line) => {
    location.hash = `#p=${line}&s=backtracking&n=40`;
  }, PUZZLES.hardest);
  await waitForStatus(page, 'Step 40');
  assert.equal(await page.getByLabel('Strategy', { exact: true }).inputValue(), 'backtracking');
  assert.equal(await notice(page).isHidden(), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a step that is not a whole number of 0 or more is refused with a message, not coerced', async () => {
  for (const n of ['2.5', '-1', 'abc', '0x10']) {
    const hash = `#p=${PUZZLES.easy}&s=human&n=${n}`;
    const { page, errors } = await openRecording(env, hash);
    await waitForStatus(page, `Step "${n}" was not opened: a step is a whole number, 0 or more`);
    await page
      .locator('stepdoku-board .verdict:not([data-kind="pending"]):not([data-kind="idle"])')
      .waitFor();
    assert.equal(await waitForStill(page), 0, 'no step opened');
    assert.doesNotMatch(await statusText(page), /Step \d/);
    assert.equal(stepOf(page.url()), 0);
    if (n === 'abc') {
      await screenshot(page, 'hostile-bad-step-1280');
    }
    assert.deepEqual(errors, []);
    await page.close();
  }
});

/**
 * Clicks a cell and returns how long the page took to take the click in, in ms: from the
 * event's creation to its handler (the input delay a person feels).
 */
async function clickDelay(page, r, c) {
  await page.evaluate(() => {
    window.clickDelay = null;
    document.addEventListener(
      'pointerdown',
      (event) => {
        window.clickDelay = performance.now() - event.timeStamp;
      },
      { capture: true, once: true },
    );
  });
  await cell(page, r, c).click();
  await page.waitForFunction(() => window.clickDelay !== null);
  return page.evaluate(() => window.clickDelay);
}

/** The error beside the Puzzle box. */
function fieldError(page) {
  return page.locator('stepdoku-board #puzzle-error');
}

const TOO_LONG_20MB =
  'Too long: the text has 20,000,000 characters, but no puzzle needs more than 65,536 bytes.';

test('20 MB pasted on the grid, on the page or in the Puzzle box is refused; the grid is kept', async (t) => {
  for (const viewport of [DESKTOP, PHONE]) {
    const { page, errors } = await openRecording(env, `#p=${PUZZLES.easy}`, viewport);
    const grid = await gridLine(page);
    const attribute = await page.locator('stepdoku-board').getAttribute('puzzle');
    await setClipboard(page, '');
    await page.evaluate(() => navigator.clipboard.writeText('1'.repeat(2e7)));
    // On the grid.
    await cell(page, 5, 5).click();
    await page.keyboard.press('Control+V');
    await waitForStatus(page, TOO_LONG_20MB);
    assert.equal(await fieldError(page).innerText(), TOO_LONG_20MB);
    assert.equal(await gridLine(page), grid, 'the grid is kept');
    assert.equal(await puzzleBox(page).inputValue(), attribute, 'the box keeps its text');
    await screenshot(page, `hostile-paste-${viewport.width}`);
    // The page answers (the tab was unresponsive for 16 s before the cap): the click chooses
    // its cell. The delay is reported, not asserted: no wall-clock limits in tests.
    const delay = await clickDelay(page, 1, 3);
    t.diagnostic(`after a 20 MB paste at ${viewport.width} px, a click waited ${delay} ms`);
    assert.equal(await cell(page, 1, 3).evaluate((el) => el.tabIndex), 0, 'the cell is chosen');

    // On the page, nothing focused.
    await loadPuzzleAgain(page);
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('Control+V');
    await waitForStatus(page, TOO_LONG_20MB);
    assert.equal(await gridLine(page), grid);

    // In the Puzzle box: the text never enters it.
    await loadPuzzleAgain(page);
    await openPanel(page);
    await puzzleBox(page).focus();
    await page.keyboard.press('Control+V');
    await fieldError(page).filter({ hasText: TOO_LONG_20MB }).waitFor();
    assert.equal(await puzzleBox(page).inputValue(), attribute);
    assert.equal(await gridLine(page), grid);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

/** Loads the shown puzzle again through the Puzzle box, clearing the error beside it. */
async function loadPuzzleAgain(page) {
  await openPanel(page);
  await puzzleBox(page).press('Enter');
  await fieldError(page).waitFor({ state: 'hidden' });
}

test('a 5 MB hash is refused on the app page and the iframe page; the grid is kept', async (t) => {
  const { page, errors } = await openRecording(env, `#p=${PUZZLES.easy}`);
  const grid = await gridLine(page);
  await page.evaluate(() => {
    window.urls = [];
    location.hash = `#p=${'1'.repeat(5e6)}&s=backtracking&n=9`;
  });
  await waitForStatus(
    page,
    "The link's puzzle could not be read, so it is not shown. Too long: the text has " +
      '5,000,000 characters, but no puzzle needs more than 65,536 bytes.',
  );
  assert.equal(await gridLine(page), grid);
  assert.equal((await puzzleBox(page).inputValue()).length, 81, 'not in the Puzzle box');
  const delay = await clickDelay(page, 1, 3);
  t.diagnostic(`after a 5 MB hash, a click waited ${delay} ms`);
  assert.equal(await waitForStill(page), 0);
  assert.deepEqual(await page.evaluate(() => window.urls), []);
  assert.equal(
    await page.evaluate(() => location.hash.length),
    5000000 + '#p=&s=backtracking&n=9'.length,
  );
  await screenshot(page, 'hostile-hash-1280');
  assert.deepEqual(errors, []);
  await page.close();

  // The iframe page, opened at such a hash: an empty grid with the reason, no trace.
  const frame = await env.browser.newPage();
  await frame.setViewportSize(PHONE);
  const frameErrors = [];
  frame.on('pageerror', (error) => frameErrors.push(error.message));
  await frame.goto(`${env.url}embed.html#p=${PUZZLES.easy}`);
  await cell(frame, 1, 1).waitFor();
  const framed = await gridLine(frame);
  await frame.evaluate(() => {
    location.hash = `#p=${'1'.repeat(5e6)}&s=human&n=3&readonly`;
  });
  await waitForStatus(frame, 'Too long: the text has 5,000,000 characters');
  assert.equal(await gridLine(frame), framed);
  assert.equal(await waitForStill(frame), 0);
  await screenshot(frame, 'hostile-hash-embed-390');
  assert.deepEqual(frameErrors, []);
  await frame.close();
});

test('damaged storage: a saved time of 10^300 s and a recent list of 20,000 are not taken', async () => {
  // A puzzle no other test here opens: a move of the person's saves its solve, which is then
  // damaged in storage, as a hostile script or a broken disk might leave it, before the
  // page is opened again.
  const puzzle =
    '6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....';
  const first = await openRecording(env, `#p=${puzzle}`);
  await cell(first.page, 1, 2).click();
  await first.page.keyboard.press('1');
  await first.page.getByText('Solving: 18 of 81 cells filled.').waitFor();
  await first.page.close();
  assert.deepEqual(first.errors, []);
  const damage = (line) => {
    const key = `stepdoku:solve:${line}`;
    const record = JSON.parse(localStorage.getItem(key));
    localStorage.setItem(key, JSON.stringify({ ...record, elapsedMs: 1e300 }));
    const recent = JSON.parse(localStorage.getItem('stepdoku:recent'));
    const entry = recent.entries.find((e) => e.puzzle === line);
    const entries = Array.from({ length: 20000 }, (_, k) => ({
      ...entry,
      puzzle: `${line.slice(0, 80)}${(k % 9) + 1}`,
    }));
    localStorage.setItem('stepdoku:recent', JSON.stringify({ ...recent, entries }));
  };
  const init = { content: `(${damage})(${JSON.stringify(puzzle)})` };
  const { page, errors } = await openRecording(env, `#p=${puzzle}`, DESKTOP, init);
  // The damaged solve is not taken: the givens alone, a timer from zero.
  await page.getByText('Solving: 17 of 81 cells filled.').waitFor();
  assert.equal(await gridLine(page), puzzle);
  assert.match(await page.getByRole('timer').innerText(), /^0:0\d$/);
  await openPanel(page);
  const options = await page.getByLabel('Recent').locator('option').count();
  assert.ok(options <= 21, `${options} options: Resume… and at most 20 solves`);
  assert.deepEqual(errors, []);
  await page.close();
});
