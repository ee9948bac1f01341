// Comforts of the page, as a person meets them: Clear grid is one action Undo takes back (a
// solve under way comes back with it), the status card shows the newest message about the
// person's board, H asks for a hint from the grid too while arrows on a button leave the
// trace alone, the strategy, speed and level chosen come back on the next visit, and Share
// copies a link that opens where the person was.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  browserPerFile,
  button,
  cell,
  cellText,
  choose,
  gridLine,
  openPage,
  openPanel,
  PUZZLES,
  statusText,
  waitForStatus,
  waitForSteps,
} from './helpers.mjs';

const EASY_LINE =
  '85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.';
const EMPTY_LINE = '.'.repeat(81);

const env = browserPerFile();

/** Presses Clear grid, in the puzzle panel. */
async function clearGrid(page) {
  await openPanel(page);
  await page.getByRole('button', { name: /^Clear( grid)?$/ }).click();
}

/** Waits until the solve bar says which phase the board is in: entering, or solving. */
function waitForPhase(page, phase) {
  const text = phase === 'entering' ? 'Entering a puzzle' : 'Solving:';
  return page.getByText(text).waitFor();
}

/** The time the solve's timer shows, in whole seconds. */
async function timerSeconds(page) {
  const [minutes, seconds] = (await page.getByRole('timer').innerText()).split(':');
  return Number(minutes) * 60 + Number(seconds);
}

/**
 * Plays a little of the easy sample as a person does: a digit of theirs in r1c3, a mark in
 * r1c4, and at least a second on the clock. Returns the seconds the clock then shows.
 */
async function playSome(page) {
  await waitForPhase(page, 'solving');
  await cell(page, 1, 3).click();
  await page.keyboard.press('9');
  await cell(page, 1, 4).click();
  await page.keyboard.press('Shift+6');
  assert.equal(await cellText(page, 1, 3), '9, yours');
  assert.equal(await cellText(page, 1, 4), 'empty, marks 6');
  await page
    .getByRole('timer')
    .filter({ hasNotText: /^0:00$/ })
    .waitFor();
  return timerSeconds(page);
}

test('Clear grid while solving: Undo brings the solve back, history and time too; Redo clears again', async () => {
  const { page, errors } = await openPage(env.browser, env.url, { hash: `#p=${PUZZLES.easy}` });
  const seconds = await playSome(page);

  await clearGrid(page);
  await waitForPhase(page, 'entering');
  assert.equal(await gridLine(page), EMPTY_LINE);

  await button(page, 'Undo').click();
  await waitForPhase(page, 'solving');
  assert.equal(await cellText(page, 1, 1), '8, given');
  assert.equal(await cellText(page, 1, 3), '9, yours', 'the person’s digit is back');
  assert.equal(await cellText(page, 1, 4), 'empty, marks 6', 'so is their mark');
  assert.ok((await timerSeconds(page)) >= seconds, 'the clock goes on from where it was');

  // Their own history came back too: Ctrl+Z takes back their last action, the mark.
  await page.keyboard.press('Control+z');
  assert.equal(await cellText(page, 1, 4), 'empty');
  await page.keyboard.press('Control+Shift+Z');
  assert.equal(await cellText(page, 1, 4), 'empty, marks 6');
  // With nothing of theirs left to redo, Redo clears the grid again.
  await page.keyboard.press('Control+Shift+Z');
  await waitForPhase(page, 'entering');
  assert.equal(await gridLine(page), EMPTY_LINE);
  await page.keyboard.press('Control+z');
  await waitForPhase(page, 'solving');
  assert.equal(await cellText(page, 1, 3), '9, yours');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Clear grid while entering: Undo brings the givens back, still entering, edits undo as before', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await clearGrid(page);
  await waitForPhase(page, 'entering');
  await cell(page, 1, 1).click();
  await page.keyboard.press('5');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('3');
  await clearGrid(page);
  assert.equal(await gridLine(page), EMPTY_LINE);

  await page.keyboard.press('Control+z');
  assert.equal(await gridLine(page), `53${'.'.repeat(79)}`);
  assert.equal(await cellText(page, 1, 1), '5, given');
  await waitForPhase(page, 'entering');
  await page.keyboard.press('Control+z');
  assert.equal(await gridLine(page), `5${'.'.repeat(80)}`, 'an edit is undone as before');
  await page.keyboard.press('Control+y');
  assert.equal(await gridLine(page), `53${'.'.repeat(79)}`);
  await page.keyboard.press('Control+y');
  assert.equal(await gridLine(page), EMPTY_LINE, 'Redo clears again');
  assert.deepEqual(errors, []);
  await page.close();
});

test('without storage (a sandboxed frame) the page works, and Undo still brings a cleared solve back', async () => {
  const page = await env.browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The document is sandboxed.', 'SecurityError');
      },
    });
  });
  await page.goto(`${env.url}#p=${PUZZLES.easy}`);
  await page.locator('stepdoku-board').evaluate((el) => el.whenReady());
  await playSome(page);
  await choose(page, 'Strategy', 'Human');
  await page.getByLabel('Level', { exact: true }).selectOption({ label: 'Hard' });

  await clearGrid(page);
  await waitForPhase(page, 'entering');
  await button(page, 'Undo').click();
  await waitForPhase(page, 'solving');
  assert.equal(await gridLine(page), `${EASY_LINE.slice(0, 2)}9${EASY_LINE.slice(3)}`);
  assert.equal(await cellText(page, 1, 4), 'empty, marks 6');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the newest message shows: Check after a hint, a hint after Check, and both over a clash', async () => {
  const { page, errors } = await openPage(env.browser, env.url, { hash: `#p=${PUZZLES.easy}` });
  await waitForStatus(page, 'Unique solution');
  await button(page, 'Hint').click();
  await waitForStatus(page, /Hint: try /);
  await button(page, 'Check').click();
  await waitForStatus(page, 'Check: no mistakes so far. 59 cells to go.');
  assert.doesNotMatch(await statusText(page), /Hint:/);
  await button(page, 'Hint').click();
  await waitForStatus(page, /Hint: .* Press Hint again to take the step\./);
  assert.doesNotMatch(await statusText(page), /Check:/);

  // A clash the person makes is newer than the messages before it.
  await cell(page, 1, 3).click();
  await page.keyboard.press('8');
  await waitForStatus(page, /Clash: the same digit twice/);
  await button(page, 'Check').click();
  await waitForStatus(page, 'Check: 1 wrong digit (r1c3).');
  assert.doesNotMatch(await statusText(page), /Clash:/);
  await button(page, 'Hint').click();
  await waitForStatus(page, 'Hint: the digit in r1c3 is wrong.');
  assert.doesNotMatch(await statusText(page), /Check:|Clash:/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('H asks for a hint from the grid, shifted or not, and types nothing', async () => {
  const { page, errors } = await openPage(env.browser, env.url, { hash: `#p=${PUZZLES.easy}` });
  await waitForStatus(page, 'Unique solution');
  await cell(page, 1, 3).click();
  await page.keyboard.press('h');
  await waitForStatus(page, /Hint: try /);
  await page.keyboard.press('Shift+H');
  await waitForStatus(page, /Hint: .* Press Hint again to take the step\./);
  assert.equal(await cellText(page, 1, 3), 'empty');
  assert.equal(
    await cell(page, 1, 3).evaluate((el) => el === el.getRootNode().activeElement),
    true,
    'the grid keeps the focus',
  );
  assert.deepEqual(errors, []);
  await page.close();
});

test('in a 25×25 grid H is a digit: typed in the grid, it is entered', async () => {
  const { page, errors } = await openPage(env.browser, env.url, { hash: `#p=${'.'.repeat(625)}` });
  await waitForPhase(page, 'entering');
  await cell(page, 1, 1).click();
  await page.keyboard.press('h');
  assert.equal(await cellText(page, 1, 1), 'H, given');
  assert.deepEqual(errors, []);
  await page.close();
});

test('arrows on a focused button do not step the trace; Space still presses the button', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  const forward = button(page, 'Step forward');
  await forward.click();
  await waitForSteps(page, 1, { exactly: true });
  // Had ← stepped back, Space's step forward would only come back to step 1.
  await forward.press('ArrowLeft');
  await forward.press(' ');
  await waitForSteps(page, 2, { exactly: true });
  // Had → stepped forward, Space's step back would only come back to step 2.
  const back = button(page, 'Step back');
  await back.press('ArrowRight');
  await back.press(' ');
  await waitForSteps(page, 1, { exactly: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the strategy, speed and level chosen come back; a link’s strategy and a speed attribute win', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  const speed = page.getByRole('slider', { name: 'Speed' });
  const level = page.getByLabel('Level', { exact: true });
  await choose(page, 'Strategy', 'Human');
  await speed.focus();
  await speed.press('End');
  await level.selectOption({ label: 'Hard' });
  assert.equal(await speed.getAttribute('aria-valuetext'), 'Maximum');

  // The page again, without the hash this one wrote (this tab's storage is kept).
  await page.goto(env.url);
  await page.locator('stepdoku-board').evaluate((el) => el.whenReady());
  await cell(page, 1, 1).waitFor();
  assert.equal(await page.getByLabel('Strategy', { exact: true }).inputValue(), 'human');
  assert.equal(await speed.getAttribute('aria-valuetext'), 'Maximum');
  assert.equal(await level.inputValue(), 'hard');

  const linked = await openPage(env.browser, env.url, {
    hash: `#p=${PUZZLES.easy}&s=backtracking`,
    keepStorage: true,
  });
  const linkedStrategy = linked.page.getByLabel('Strategy', { exact: true });
  assert.equal(await linkedStrategy.inputValue(), 'backtracking', 'the link’s strategy wins');
  const linkedSpeed = linked.page.getByRole('slider', { name: 'Speed' });
  assert.equal(await linkedSpeed.getAttribute('aria-valuetext'), 'Maximum');

  const framed = await openPage(env.browser, `${env.url}embed.html`, {
    hash: `#p=${PUZZLES.easy}&speed=2`,
    keepStorage: true,
  });
  const framedSpeed = framed.page.getByRole('slider', { name: 'Speed' });
  assert.equal(await framedSpeed.getAttribute('aria-valuetext'), '2 steps/s', 'the attribute wins');
  assert.deepEqual([...errors, ...linked.errors, ...framed.errors], []);
  await Promise.all([page.close(), linked.page.close(), framed.page.close()]);
});

test('Share copies a link to the puzzle and the step shown, which opens there', async () => {
  const { page, errors } = await openPage(env.browser, env.url, { hash: `#p=${PUZZLES.easy}` });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await button(page, 'Step forward').click();
  await waitForSteps(page, 1, { exactly: true });
  await button(page, 'Step forward').click();
  await waitForSteps(page, 2, { exactly: true });
  await button(page, 'Share').click();
  await page.getByText('Link copied').waitFor();
  const link = new URL(await page.evaluate(() => navigator.clipboard.readText()));
  assert.equal(link.origin + link.pathname, new URL(env.url).origin + '/');
  const hash = new URLSearchParams(link.hash.slice(1));
  assert.equal(hash.get('n'), '2');
  assert.equal(hash.get('s'), 'singles');
  assert.equal(hash.get('p').replaceAll('.', '0'), PUZZLES.easy);
  const opened = await openPage(env.browser, env.url, { hash: link.hash });
  await waitForSteps(opened.page, 2, { exactly: true });
  assert.deepEqual(errors, []);
  assert.deepEqual(opened.errors, []);
  await page.close();
  await opened.page.close();
});
