// Pencil marks as people paste them from HoDoKu or Simple Sudoku: the grid shows them while
// editing, the verdict and every trace keep within them, and edits keep the other marks.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  browserPerFile,
  button,
  cell,
  cellText,
  choose,
  counter,
  loadPuzzle,
  openPage,
  openPanel,
  puzzleBox,
  rate,
  readGrid,
  screenshot,
  setClipboard,
  waitForStatus,
  waitForSteps,
} from './helpers.mjs';

// The easy sample with every empty cell allowing only the digits no given of its house
// holds, except r1c3 (1, 3, 6 or 9 by its houses), here only 1 or 9, and r2c3, only 3 or 6.
const NARROWED = { 2: '19', 11: '36' };

/** The easy sample's pencil marks as a HoDoKu-style grid with `*---*` frames. */
function framedMarks(candidatesByCell) {
  const frame = '*-----------------+-----------------+-----------------*';
  const rows = [frame];
  for (let r = 0; r < 9; r++) {
    if (r === 3 || r === 6) rows.push(frame);
    const groups = [];
    for (let c = 0; c < 9; c++) {
      groups.push(candidatesByCell[r * 9 + c].padEnd(5));
      if (c === 2 || c === 5) groups.push('|');
    }
    rows.push(`| ${groups.join(' ')} |`);
  }
  rows.push(frame);
  return rows.join('\n');
}

const env = browserPerFile();

test('a pasted pencil-mark grid shows its marks, and the traces keep within them', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  // The marks: what the board shows at the start of a trace, narrowed in two cells.
  await button(page, 'Step forward').click();
  await waitForSteps(page, 1, { exactly: true });
  await button(page, 'To start').click();
  // Read once the board is back at the start, not while the seek is on its way.
  await waitForSteps(page, 0, { exactly: true });
  const start = await readGrid(page);
  const marks = start.map((c, i) => NARROWED[i] ?? (c.digit || c.candidates));
  assert.equal(marks[2], '19');
  assert.equal(start[2].candidates, '1369');

  await setClipboard(page, framedMarks(marks));
  await openPanel(page);
  await puzzleBox(page).fill('');
  await puzzleBox(page).focus();
  await page.keyboard.press('Control+V');
  await page.waitForFunction(
    () => document.querySelector('stepdoku-board').getAttribute('puzzle').length === 729,
  );
  const line = await puzzleBox(page).inputValue();
  assert.equal(line.length, 729);
  assert.equal(line.slice(18, 27), '1.......9', 'r1c3 allows 1 and 9');
  await waitForStatus(page, 'Unique solution');

  // While editing, the grid shows the givens and the marks.
  const editing = await readGrid(page);
  assert.deepEqual(
    editing.map((c) => c.digit || c.candidates),
    marks,
  );
  assert.equal(await cellText(page, 1, 3), 'empty, marks 1 9');
  await screenshot(page, 'light-12-pencil-marks');

  // Every strategy starts from the marks: no candidate outside them, ever.
  for (const strategy of ['Human', 'Singles + search', 'Backtracking']) {
    await choose(page, 'Strategy', strategy);
    await button(page, 'Step forward').click();
    await waitForSteps(page, 1, { exactly: true });
    await button(page, 'To start').click();
    const board = await readGrid(page);
    board.forEach((c, i) => {
      assert.ok(
        [...c.candidates].every((d) => marks[i].includes(d)),
        `${strategy}: cell ${i} shows ${c.candidates}, marks ${marks[i]}`,
      );
    });
    assert.equal(board[2].candidates, '19', strategy);
  }

  // Editing the puzzle, typing a digit keeps the other cells' marks; clearing a cell opens it
  // to every digit its houses allow.
  await choose(page, 'Strategy', 'Human');
  await button(page, 'Edit puzzle').click();
  await cell(page, 1, 3).click();
  await page.keyboard.press('1');
  await page.waitForFunction(
    () =>
      document.querySelector('stepdoku-board').getAttribute('puzzle').slice(18, 27) === '1........',
  );
  assert.equal((await readGrid(page))[11].candidates, '36', 'r2c3 keeps its marks');
  await cell(page, 2, 3).click();
  await page.keyboard.press('Backspace');
  await page.waitForFunction(
    () =>
      document.querySelector('stepdoku-board').getAttribute('puzzle').slice(99, 108) ===
      '123456789',
  );
  const cleared = await readGrid(page);
  assert.equal(cleared[11].digit, '');
  assert.equal(cleared[11].candidates, '36', 'its houses still allow only 3 and 6');
  assert.equal(await counter(page, 'Steps'), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the pencil-mark sample loads, solves by logic, and its rating starts from the marks', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  await choose(page, 'Sample', 'Pencil marks: Inkala’s, 26 steps in');
  await waitForStatus(page, 'Unique solution');
  assert.equal((await puzzleBox(page).inputValue()).length, 729);
  const shown = await readGrid(page);
  assert.ok(shown.filter((c) => c.candidates.length > 0).length > 40, 'marks show at once');
  const score = async () => {
    await page
      .locator('stepdoku-board .rating-card[data-kind="rated"]')
      .waitFor({ timeout: 60000 });
    assert.match(await page.locator('stepdoku-board .rating-card').innerText(), /by logic alone/);
    const text = await page
      .locator('stepdoku-board .rating-card [data-key="score"] dd')
      .innerText();
    return Number(text.replace(/,/g, ''));
  };
  await rate(page);
  const marked = await score();
  // The same puzzle without the marks: the 26 steps the marks stand for count in its score
  // (rated at once: the explainer is here now).
  await choose(page, 'Sample', 'Inkala’s “World’s hardest”');
  // (Its rating replaces the one shown: wait for a rated card with another score.)
  await page.waitForFunction((shown) => {
    const card = document.querySelector('stepdoku-board').shadowRoot.querySelector('.rating-card');
    const text = card.querySelector('[data-key="score"] dd').textContent.replace(/,/g, '');
    return card.dataset.kind === 'rated' && Number(text) !== shown;
  }, marked);
  const plain = await score();
  assert.ok(marked > 0 && marked < plain, `score ${marked} with the marks, ${plain} without`);
  await choose(page, 'Sample', 'Pencil marks: Inkala’s, 26 steps in');
  await button(page, 'Solve').click();
  await waitForStatus(page, 'Unique solution');
  assert.equal(
    (await readGrid(page)).map((c) => c.digit).join(''),
    '812753649943682175675491283154237896369845721287169534521974368438526917796318452',
  );
  assert.deepEqual(errors, []);
  await page.close();
});

test('other sizes take pencil marks as groups, and the URL keeps them', async () => {
  const { page, errors } = await openPage(env.browser, env.url);
  // The tiny 4×4 sample, r1c3 narrowed to 2 or 4 (its houses allow 2 and 4 anyway) and
  // r1c4 to 4 alone, so a given.
  const groups = ['1', '3', '24', '4', '2', '.', '.', '.', '.', '.', '4', '.', '.', '.', '.', '1'];
  await loadPuzzle(page, groups.join(' '));
  await waitForStatus(page, 'Unique solution');
  const line = await puzzleBox(page).inputValue();
  assert.equal(line.split(' ').length, 16);
  const grid = await readGrid(page);
  assert.equal(grid[3].digit, '4', 'a cell with one mark is a given');
  assert.equal(grid[2].candidates, '2', 'r1c3: marks 2 4, and row 1 holds 4');
  await page.reload();
  await page.locator('stepdoku-board').evaluate((el) => el.whenReady());
  assert.equal(await puzzleBox(page).inputValue(), line);
  assert.deepEqual(await readGrid(page), grid);
  assert.deepEqual(errors, []);
  await page.close();
});
