// The player at scale and on a phone: deep links into long Backtracking traces, To start
// from far along, Pause at the top speed, a strategy switch that keeps the place, and the
// phone layout (grid, stepping buttons and the step's sentence on one screen; counters that
// never overlap; a zoom that gives big grids cells a finger can hit).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SAMPLES } from '../../www/samples.js';
import {
  browserPerFile,
  button,
  cell,
  choose,
  counter,
  gridLine,
  openPage,
  openRecording,
  readGrid,
  screenshot,
  waitForSteps,
} from './helpers.mjs';

/** The first of forum_hardest_1106: millions of Backtracking steps. */
const DEEP = '........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3';
/** Making this many steps takes a few seconds; a loaded 2-core machine gets ample time. */
const DEEP_STEP = 300000;
const DEEP_TIMEOUT_MS = 180000;

const env = browserPerFile();

/** The step numbers of the URLs the page wrote (0 for a URL without one). */
async function writtenSteps(page) {
  const urls = await page.evaluate(() => window.urls);
  return urls.map((url) => Number(new URLSearchParams(url.replace(/^.*#/, '')).get('n') ?? 0));
}

/**
 * Runs in the page: notes in `window.progress` each "Making steps…" line the board shows,
 * frame by frame, so a line shown and gone before the test looks is still seen.
 */
function noteProgress() {
  window.progress = [];
  const look = () => {
    const root = document.querySelector('stepdoku-board')?.shadowRoot;
    const busy = root?.querySelector('.busy');
    const text = busy && !busy.hidden ? root.querySelector('.busy-text').textContent : '';
    if (text.startsWith('Making steps') && window.progress.at(-1) !== text) {
      window.progress.push(text);
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

test('a link deep into a Backtracking trace lands there, the URL never shows a step on the way, and To start returns to the puzzle', async () => {
  const { page, errors } = await openRecording(
    env,
    `#p=${DEEP}&s=backtracking&n=${DEEP_STEP}`,
    undefined,
    noteProgress,
  );
  // The digits as given (the candidates come once the trace has begun: not compared).
  const given = await gridLine(page);
  await waitForSteps(page, DEEP_STEP, { exactly: true, timeout: DEEP_TIMEOUT_MS });
  await page.getByRole('status').filter({ hasText: 'Step 300,000' }).waitFor();
  // While the steps were made, the page said how far it had got.
  const progress = await page.evaluate(() => window.progress);
  assert.ok(
    progress.some((line) => /^Making steps… [\d,]+ of 300,000$/.test(line)),
    `progress shown: ${JSON.stringify(progress.slice(0, 3))}`,
  );
  assert.match(page.url(), /n=300000$/);
  const steps = await writtenSteps(page);
  assert.deepEqual(
    steps.filter((n) => n !== 0 && n !== DEEP_STEP),
    [],
    'no URL names a step on the way',
  );
  assert.notEqual(await gridLine(page), given, 'the board moved');
  const current = page.getByRole('region', { name: 'Steps' }).locator('[aria-current="step"]');
  assert.match(await current.innerText(), /^300000/);

  await button(page, 'To start').click();
  await waitForSteps(page, 0, { exactly: true });
  assert.equal(await gridLine(page), given, 'back to the puzzle as given');
  const empty = (await readGrid(page)).filter((c) => !c.digit);
  assert.ok(
    empty.every((c) => c.candidates !== ''),
    'every empty cell shows its candidates',
  );
  assert.match(await current.innerText(), /The puzzle as given/);
  // And forward again from the start, through steps made long ago.
  await button(page, 'Step forward').click();
  await waitForSteps(page, 1, { exactly: true });
  assert.match(await page.getByRole('status').innerText(), /Step 1\b/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Pause at the top speed stops the steps: the reply already on its way lands, no more', async (t) => {
  const { page, errors } = await openPage(env.browser, env.url, {
    hash: `#p=${DEEP}&s=backtracking`,
  });
  const speed = page.getByRole('slider', { name: 'Speed' });
  await speed.focus();
  await speed.press('End');
  assert.equal(await speed.getAttribute('aria-valuetext'), 'Maximum');
  // The page notes each change of the Steps counter and the click on Pause, on its own clock
  // and in animation frames. After Pause no step is asked for; a reply the worker was already
  // making still lands (Playback.receive), once. How soon it lands is the worker's time, which
  // a loaded machine stretches: it is reported, not asserted.
  await page.evaluate(() => {
    const board = document.querySelector('stepdoku-board');
    const dd = board.shadowRoot.querySelector('[data-count="steps"]');
    window.frame = 0;
    const tick = () => {
      window.frame += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    window.changes = [];
    new MutationObserver(() =>
      window.changes.push({ at: performance.now(), frame: window.frame }),
    ).observe(dd, { attributes: true });
    // Pause acts on the click, which a loaded machine may deliver frames after the press.
    board.shadowRoot.addEventListener(
      'click',
      (event) => {
        if (event.target.closest('button')?.textContent.includes('Pause')) {
          window.paused = { at: performance.now(), frame: window.frame };
        }
      },
      { capture: true },
    );
  });
  await button(page, 'Play').click();
  await waitForSteps(page, 5000);
  await button(page, 'Pause').click();
  const before = await counter(page, 'Steps');
  // Wait until the counter has been still for a while, then look at when it last moved.
  await page.waitForFunction(
    () => window.changes.length && window.frame - window.changes.at(-1).frame > 30,
  );
  const { paused, last, nAfter } = await page.evaluate(() => ({
    paused: window.paused,
    last: window.changes.at(-1),
    nAfter: window.changes.filter((c) => c.at > window.paused.at).length,
  }));
  assert.ok(paused, 'Pause was pressed');
  t.diagnostic(
    `the last step came ${Math.round(last.at - paused.at)} ms, ${last.frame - paused.frame} frames after Pause`,
  );
  assert.ok(nAfter <= 1, `the steps moved ${nAfter} times after Pause`);
  assert.ok((await counter(page, 'Steps')) >= before);
  await page.waitForTimeout(300);
  assert.equal(await button(page, 'Play').isVisible(), true, 'the button says Play again');
  assert.deepEqual(errors, []);
  await page.close();
});

test('switching strategy keeps the place in the puzzle, and the URL follows', async () => {
  const { page, errors } = await openRecording(env, `#p=${DEEP}&s=human&n=40`);
  await page.getByRole('status').filter({ hasText: 'Step 40' }).waitFor();
  const filled = (await readGrid(page)).filter((c) => c.digit).length;
  await choose(page, 'Strategy', 'Singles + search');
  await page.waitForFunction(() => /s=singles&n=[1-9]/.test(location.hash));
  const now = await readGrid(page);
  assert.ok(now.filter((c) => c.digit).length >= filled, 'as many digits on the board');
  const step = Number(new URLSearchParams(page.url().replace(/^.*#/, '')).get('n'));
  assert.equal(await counter(page, 'Steps'), step, 'the URL names the step shown');
  assert.deepEqual(errors, []);
  await page.close();
});

/** Whether two boxes overlap. */
function overlaps(a, b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width}×${viewport.height}, counters of six digits never overlap`, async () => {
    const { page, errors } = await openRecording(
      env,
      `#p=${DEEP}&s=backtracking&n=115533`,
      viewport,
    );
    await page.getByRole('status').filter({ hasText: 'Step 115,533' }).waitFor({
      timeout: DEEP_TIMEOUT_MS,
    });
    const boxes = [];
    for (const name of ['Steps', 'Placements', 'Guesses', 'Backtracks', 'Depth']) {
      const dd = page.locator(`stepdoku-board dd[data-count="${name.toLowerCase()}"]`);
      const dt = page.locator('stepdoku-board dt', { hasText: name });
      boxes.push(
        { name, box: await dd.boundingBox() },
        { name: `${name} label`, box: await dt.boundingBox() },
      );
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        assert.ok(!overlaps(boxes[i].box, boxes[j].box), `${boxes[i].name} and ${boxes[j].name}`);
      }
    }
    assert.equal(await counter(page, 'Steps'), 115533);
    await screenshot(page, `counters-${viewport.width}`);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('on a 390×844 phone, the grid, the stepping buttons and the step sentence share one screen', async () => {
  const viewport = { width: 390, height: 844 };
  const { page, errors } = await openPage(env.browser, env.url, {
    hash: `#p=${DEEP}&s=human`,
    viewport,
  });
  await button(page, 'Step forward').click();
  await waitForSteps(page, 1, { exactly: true });
  const sentence = page.getByRole('status').locator('.step-text');
  await sentence.waitFor();
  const parts = {
    grid: page.getByRole('grid'),
    Play: button(page, 'Play'),
    'To start': button(page, 'To start'),
    'Step back': button(page, 'Step back'),
    'Step forward': button(page, 'Step forward'),
    sentence,
  };
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  for (const [name, locator] of Object.entries(parts)) {
    const box = await locator.boundingBox();
    assert.ok(box, `${name} shows`);
    assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `${name} is in view`);
    assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, `${name} fits across`);
  }
  await screenshot(page, 'phone-trace');
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a phone, a 25×25 grid zooms to cells of at least 24 px', async () => {
  const line = SAMPLES.find((s) => s.id === 'twenty-five').text.replace(/\s+/g, '');
  const { page, errors } = await openPage(env.browser, env.url, {
    hash: `#p=${encodeURIComponent(line)}`,
    viewport: { width: 390, height: 844 },
  });
  const small = await cell(page, 1, 1).boundingBox();
  assert.ok(small.width < 24, 'unzoomed, the cells are small');
  const zoom = page.getByRole('button', { name: 'Zoom grid' });
  await zoom.click();
  assert.equal(await zoom.getAttribute('aria-pressed'), 'true');
  const big = await cell(page, 1, 1).boundingBox();
  assert.ok(big.width >= 24 && big.height >= 24, `zoomed cells are ${big.width} px`);
  // The grid scrolls sideways in its frame; the page itself does not.
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
  await cell(page, 1, 25).scrollIntoViewIfNeeded();
  assert.ok((await cell(page, 1, 25).boundingBox()).x + 24 <= 390, 'the far column scrolls in');
  await screenshot(page, 'phone-zoom-25');
  await zoom.click();
  assert.ok((await cell(page, 1, 1).boundingBox()).width < 24, 'and back');
  assert.deepEqual(errors, []);
  await page.close();
});
