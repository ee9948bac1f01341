// A person's own solve, as they would do it: digits and pencil marks, undo and redo, a
// mistake found by Check, hints from their own board (a wrong mark first), a reload in the
// middle, the finish card; the same on a 6×6 with the number pad only; entering a puzzle and
// starting to solve it; watching the solver from their board and taking over; saved progress
// that is damaged, resumed from the Recent list, and carried by a share link.

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
  rate,
  screenshot,
  waitForStatus,
} from './helpers.mjs';

const env = browserPerFile();

/** The marks a cell's name lists ('' for none), as one string of symbols. */
function marksOf(text) {
  return /marks ([^,]+)/.exec(text)?.[1].replace(/ /g, '') ?? '';
}

/** Shows the solution with Solve, reads it off the grid, and goes back to the board. */
async function readSolution(page, nCells) {
  await button(page, 'Solve').click();
  await page.waitForFunction(
    (n) =>
      [
        ...document
          .querySelector('stepdoku-board')
          .shadowRoot.querySelectorAll('[role="gridcell"] .digit'),
      ].filter((d) => d.textContent).length === n,
    nCells,
  );
  const solution = await gridLine(page);
  await button(page, 'Back to my board').click();
  return solution;
}

/** The 1-based row and column of a 0-based cell. */
function rc(i, size) {
  return [Math.floor(i / size) + 1, (i % size) + 1];
}

function timer(page) {
  return page.getByRole('timer');
}

/** The timer's reading in seconds. */
async function seconds(page) {
  const [m, s] = (await timer(page).innerText()).split(':').map(Number);
  return m * 60 + s;
}

test('a person solves the easy sample: marks, undo, Check, hints, a reload, the finish card', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await waitForStatus(page, 'Unique solution');
  // A loaded puzzle is solved at once: givens locked, the person's digits theirs.
  await page.getByText('Solving: 22 of 81 cells filled.').waitFor();
  await rate(page);
  await page.getByRole('region', { name: 'Rating' }).getByText('2.0').first().waitFor();
  const rating = await page.getByRole('region', { name: 'Rating' }).innerText();
  const solution = await readSolution(page, 81);
  const givens = PUZZLES.easy.replace(/0/g, '.');

  await cell(page, 1, 1).click();
  await page.keyboard.press('5');
  assert.equal(await cellText(page, 1, 1), '8, given', 'a given stays');

  // Fill candidates, then a digit tidies its peers' marks.
  await button(page, 'Fill candidates').click();
  assert.equal(await cellText(page, 1, 3), 'empty, marks 1 3 6 9');
  const r1c3 = solution[2];
  const r1c4Before = marksOf(await cellText(page, 1, 4));
  assert.ok(r1c4Before.includes(r1c3), `r1c4 may hold ${r1c3} before`);
  await cell(page, 1, 3).click();
  await page.keyboard.press(r1c3);
  assert.equal(await cellText(page, 1, 3), `${r1c3}, yours`);
  assert.equal(marksOf(await cellText(page, 1, 4)), r1c4Before.replace(r1c3, ''));
  await page.getByText('Solving: 23 of 81 cells filled.').waitFor();

  // Pencil mode (Space) toggles marks; Shift+digit marks in pen mode.
  const pencil = button(page, 'Pencil');
  await cell(page, 2, 3).click();
  const r2c3 = marksOf(await cellText(page, 2, 3));
  await page.keyboard.press('Space');
  assert.equal(await pencil.getAttribute('aria-pressed'), 'true');
  await page.keyboard.press(r2c3[0]);
  assert.equal(marksOf(await cellText(page, 2, 3)), r2c3.slice(1));
  await page.keyboard.press('Space');
  assert.equal(await pencil.getAttribute('aria-pressed'), 'false');
  await page.keyboard.press(`Shift+Digit${r2c3[0]}`);
  assert.equal(marksOf(await cellText(page, 2, 3)), r2c3);

  // Undo and redo, by key and by button.
  await page.keyboard.press('Control+z');
  assert.equal(marksOf(await cellText(page, 2, 3)), r2c3.slice(1));
  await page.keyboard.press('Control+Shift+Z');
  assert.equal(marksOf(await cellText(page, 2, 3)), r2c3);
  await button(page, 'Undo').click();
  await button(page, 'Undo').click();
  assert.equal(marksOf(await cellText(page, 2, 3)), r2c3);
  await page.keyboard.press('Control+y');
  assert.equal(marksOf(await cellText(page, 2, 3)), r2c3.slice(1));
  await button(page, 'Redo').click();
  assert.equal(marksOf(await cellText(page, 2, 3)), r2c3);
  assert.equal(await button(page, 'Redo').isDisabled(), true);

  // A wrong digit, found by Check.
  const wrong = r2c3.replace(solution[11], '')[0];
  await page.keyboard.press(wrong);
  await button(page, 'Check').click();
  // Tidying took the wrong digit out of its peers' marks too, which Check finds as well.
  await waitForStatus(page, /Check: 1 wrong digit \(r2c3\); \d+ cells? whose marks leave out/);
  assert.equal(await cellText(page, 2, 3), `${wrong}, yours, wrong`);
  await page.keyboard.press('Control+z');
  assert.equal(marksOf(await cellText(page, 2, 3)), r2c3);

  // A mark set that leaves out the solution's digit: the hint says so first, and where.
  await cell(page, 5, 2).click();
  const r5c2 = marksOf(await cellText(page, 5, 2));
  await page.keyboard.press(`Shift+Digit${solution[37]}`);
  assert.ok(!marksOf(await cellText(page, 5, 2)).includes(solution[37]));
  await button(page, 'Hint').click();
  await waitForStatus(page, 'Hint: the marks in r5c2 leave out the digit that goes there.');
  assert.match(await cellText(page, 5, 2), /marks leave out its digit$/);
  await screenshot(page, 'light-13-hint-wrong-mark');
  await button(page, 'Hint').click();
  await waitForStatus(page, 'Hint taken: r5c2 is marked with every digit its houses allow.');
  assert.equal(marksOf(await cellText(page, 5, 2)), r5c2);

  // With no mistakes, the hint is the next step from this board: its technique, where to
  // look, then the step, taken as the solver's.
  await button(page, 'Hint').click();
  await waitForStatus(page, /Hint: try .+ \(ER \d\.\d\)\. Press Hint again to see where\./);
  await button(page, 'Hint').click();
  await waitForStatus(page, /Hint: .+: look (in|at) .+\. Press Hint again to take the step\./);
  await button(page, 'Hint').click();
  await waitForStatus(page, /Hint taken: r\d+c\d+/);
  const afterHint = await page.getByRole('status').innerText();
  const taken = /Hint taken: (r(\d+)c(\d+)) = (\d)/.exec(afterHint);
  if (taken) {
    assert.equal(await cellText(page, Number(taken[2]), Number(taken[3])), `${taken[4]}, solver's`);
  }

  // A reload keeps the digits, the marks, the history and the time.
  const before = await gridLine(page);
  const marksBefore = marksOf(await cellText(page, 2, 3));
  const time = await seconds(page);
  await page.reload();
  await page.locator('stepdoku-board').evaluate((el) => el.whenReady());
  await page.getByText(/^Solving: /).waitFor();
  assert.equal(await gridLine(page), before);
  assert.equal(marksOf(await cellText(page, 2, 3)), marksBefore);
  assert.ok((await seconds(page)) >= time, 'the time goes on from where it was');
  assert.equal(await button(page, 'Undo').isDisabled(), false);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+Shift+Z');
  assert.equal(await gridLine(page), before);

  // The rest, typed in: the finish card.
  const now = await gridLine(page);
  for (let i = 0; i < 81; i++) {
    if (now[i] === '.') {
      const [r, c] = rc(i, 9);
      await cell(page, r, c).click();
      await page.keyboard.press(solution[i]);
    }
  }
  const finish = page.getByRole('region', { name: 'Solved!' });
  await finish.waitFor();
  // Reloaded, the page had only offered a rating: finishing asks for it.
  await finish.getByText(/ER 2\.0 · Medium/).waitFor();
  const facts = await finish.innerText();
  assert.match(facts, /Hints\s+2/);
  assert.match(facts, /Checks\s+1/);
  assert.match(facts, /Rating\s+ER 2\.0 · Medium/);
  assert.match(facts, /Time\s+\d+ seconds?/);
  assert.equal(await page.getByRole('region', { name: 'Rating' }).innerText(), rating);
  assert.equal(await page.locator('stepdoku-board').getAttribute('puzzle'), givens);
  await screenshot(page, 'light-14-finished');
  await button(page, 'Close').click();
  await finish.waitFor({ state: 'hidden' });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a 6×6 solved with the number pad only, on a phone', async () => {
  const { page, errors } = await openPage(env.browser, env.url, {
    viewport: { width: 390, height: 844 },
  });
  // The pad shows where there is no fine pointer; force it for this desktop browser.
  await page.locator('stepdoku-board').evaluate((el) => {
    el.shadowRoot.querySelector('.number-pad').style.display = 'grid';
  });
  await choose(page, 'Sample', 'Small 6×6');
  await waitForStatus(page, 'Unique solution');
  const solution = await readSolution(page, 36);
  const start = await gridLine(page);
  const empty = [...start].flatMap((ch, i) => (ch === '.' ? [i] : []));
  const [first, second] = empty.map((i) => rc(i, 6));

  // Marks with the pad: Pencil, then Mark buttons; Erase clears them.
  await cell(page, ...first).click();
  await button(page, 'Pencil').click();
  await button(page, `Mark ${solution[empty[0]]}`).click();
  const other = solution[empty[1]] === '1' ? '2' : '1';
  await button(page, `Mark ${other}`).click();
  assert.equal(
    marksOf(await cellText(page, ...first)),
    [solution[empty[0]], other].sort().join(''),
  );
  await button(page, 'Pencil').click();
  await button(page, 'Erase').click();
  assert.equal(await cellText(page, ...first), 'empty');
  await button(page, 'Undo').click();
  assert.notEqual(await cellText(page, ...first), 'empty');

  // A wrong digit from the pad, found by Check, erased, and the right one.
  const wrongDigit = solution[empty[1]] === '6' ? '5' : '6';
  await cell(page, ...second).click();
  await button(page, `Enter ${wrongDigit}`).click();
  await button(page, 'Check').click();
  await waitForStatus(page, /Check: 1 wrong digit/);
  await screenshot(page, 'phone-6x6-check');
  await button(page, 'Erase').click();
  await button(page, 'Hint').click();
  await waitForStatus(page, /Hint: /);

  for (const i of empty) {
    const [r, c] = rc(i, 6);
    await cell(page, r, c).click();
    if (!(await cellText(page, r, c)).startsWith(solution[i])) {
      await button(page, `Enter ${solution[i]}`).click();
    }
  }
  const finish = page.getByRole('region', { name: 'Solved!' });
  await finish.waitFor();
  assert.match(await finish.innerText(), /Checks\s+1/);
  await screenshot(page, 'phone-6x6-finished');
  assert.deepEqual(errors, []);
  await page.close();
});

test('entering a puzzle: typed digits are givens until Start solving, then the person’s', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await openPanel(page);
  await button(page, 'Clear grid').click();
  await page.getByText('Entering a puzzle: the digits you type are givens.').waitFor();
  await cell(page, 1, 1).click();
  for (const ch of PUZZLES.easy.slice(0, 9)) {
    if (ch !== '0') {
      await page.keyboard.press(ch);
    }
    await page.keyboard.press('ArrowRight');
  }
  assert.equal(await cellText(page, 1, 2), '5, given');
  // Undo while entering takes back an edit of the givens.
  await page.keyboard.press('Control+z');
  assert.equal(await cellText(page, 1, 7), 'empty');
  await page.keyboard.press('Control+Shift+Z');
  assert.equal(await cellText(page, 1, 7), '4, given');
  await button(page, 'Start solving').click();
  await page.getByText('Solving: 4 of 81 cells filled.').waitFor();
  await cell(page, 2, 1).click();
  await page.keyboard.press('7');
  assert.equal(await cellText(page, 2, 1), '7, yours');
  const puzzle = await page.locator('stepdoku-board').getAttribute('puzzle');
  assert.equal(puzzle.slice(9, 10), '.', 'the person’s digit is not part of the puzzle');
  await button(page, 'Edit puzzle').click();
  await page.getByText('Entering a puzzle').waitFor();
  assert.equal(await cellText(page, 2, 1), 'empty');
  await button(page, 'Start solving').click();
  assert.equal(await cellText(page, 2, 1), '7, yours', 'the solve comes back');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the solver continues from the person’s board, and the person takes over at a step', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await waitForStatus(page, 'Unique solution');
  const solution = await readSolution(page, 81);
  await cell(page, 1, 3).click();
  await page.keyboard.press(solution[2]);
  await button(page, 'Step forward').click();
  await page.getByText('Step 1', { exact: true }).waitFor();
  // The trace starts from the person's board: their digit is there, still theirs.
  assert.equal(await cellText(page, 1, 3), `${solution[2]}, yours`);
  await button(page, 'Step forward').click();
  await page.getByText('Step 2', { exact: true }).waitFor();
  const watched = await gridLine(page);
  await button(page, 'Take over here').click();
  await page.getByText(/^Solving: /).waitFor();
  assert.equal(await gridLine(page), watched);
  const names = await page
    .locator('stepdoku-board')
    .evaluate((el) =>
      [...el.shadowRoot.querySelectorAll('[role="gridcell"]')].map((c) =>
        c.getAttribute('aria-label'),
      ),
    );
  assert.ok(names.some((n) => /^[^,]+, solver's, row /.test(n)));
  assert.ok(
    names.some((n) => /, marks, /.test(n)),
    'the solver’s candidates become marks',
  );
  await button(page, 'Undo').click();
  assert.equal(await cellText(page, 1, 3), `${solution[2]}, yours`);
  assert.equal((await gridLine(page)).replace(/\./g, '').length, 23);
  assert.deepEqual(errors, []);
  await page.close();
});

test('damaged saved progress is discarded; Recent resumes a solve; a link carries progress', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await waitForStatus(page, 'Unique solution');
  const line = PUZZLES.easy.replace(/0/g, '.');
  await page.evaluate((key) => {
    localStorage.setItem(`stepdoku:solve:${key}`, '{"format":0,"values":"garbage"');
    localStorage.setItem('stepdoku:recent', '[1,2');
    localStorage.setItem('stepdoku:options', 'null');
  }, line);
  await page.reload();
  await page.locator('stepdoku-board').evaluate((el) => el.whenReady());
  await page.getByText('Solving: 22 of 81 cells filled.').waitFor();
  assert.equal(
    await page.evaluate((key) => localStorage.getItem(key), `stepdoku:solve:${line}`),
    null,
  );

  // A digit in the easy sample, then another puzzle; Recent brings the first back.
  await cell(page, 1, 3).click();
  await page.keyboard.press('1');
  await choose(page, 'Sample', 'Small 6×6');
  await waitForStatus(page, 'Unique solution');
  await openPanel(page);
  const recent = page.getByLabel('Recent', { exact: true });
  const option = await recent.locator('option').nth(1).innerText();
  assert.match(option, /^Easy 9×9 — 23 of 81 cells, \d+:\d\d$/);
  await recent.selectOption({ index: 1 });
  await page.getByText('Solving: 23 of 81 cells filled.').waitFor();
  assert.equal(await cellText(page, 1, 3), '1, yours');

  // Sharing progress: the link carries it, and opens it elsewhere.
  await page.getByText('Options', { exact: true }).click();
  await page.getByLabel('Share link carries my progress').check();
  await page.waitForFunction(() => location.hash.includes('&y='));
  const hash = await page.evaluate(() => location.hash);
  const other = await openPage(env.browser, env.url, { hash });
  await other.page.getByText('Solving: 23 of 81 cells filled.').waitFor();
  assert.equal(await cellText(other.page, 1, 3), '1, yours');
  assert.deepEqual(other.errors, []);
  await other.page.close();
  assert.deepEqual(errors, []);
  await page.close();
});

test('options: a wrong digit flagged at once, the timer hidden, both kept for next time', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await waitForStatus(page, 'Unique solution');
  const solution = await readSolution(page, 81);
  await page.getByText('Options', { exact: true }).click();
  await page.getByLabel('Flag wrong digits at once').check();
  await page.getByLabel('Show the timer').uncheck();
  assert.equal(await timer(page).count(), 0, 'a hidden timer is out of the accessibility tree');
  const wrong = solution[2] === '1' ? '3' : '1';
  await cell(page, 1, 3).click();
  await page.keyboard.press(wrong);
  assert.equal(await cellText(page, 1, 3), `${wrong}, yours, wrong`);
  await page.keyboard.press(solution[2]);
  assert.equal(await cellText(page, 1, 3), `${solution[2]}, yours`);
  await page.reload();
  await page.locator('stepdoku-board').evaluate((el) => el.whenReady());
  await page.getByText('Options', { exact: true }).click();
  assert.equal(await page.getByLabel('Flag wrong digits at once').isChecked(), true);
  assert.equal(await page.getByLabel('Show the timer').isChecked(), false);
  assert.equal(await timer(page).count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});
