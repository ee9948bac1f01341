// Big-grid renderer benchmark in a real browser: what drawing a 25×25 board costs the page's
// main thread when a person steps and plays its trace. A benchmark, not a test: it prints
// figures and never fails on them.
//
// Usage: node bench/node/big-grid.mjs [--root DIR] [--seconds S] [--runs N]
//          [--strategy backtracking|human] [--viewport WxH]
//
//   --root DIR       a built page (dist/, the default) or a checkout's root
//   --seconds S      length of the play window (default 10)
//   --runs N         fresh pages per figure (default 3); every run is printed, then medians
//   --strategy ID    the trace played (default backtracking: the most steps per second)
//   --viewport WxH   the page's size (default 1280x900; a phone is 390x844)
//
// Method. The root is served on 127.0.0.1 (scripts/serve.mjs) and opened in headless
// Chromium (tests/e2e/helpers.mjs's CHROMIUM: software rendering, no GPU) at
// `index.html#p=<the 25×25 sample>&s=<strategy>`, a fresh page per run. An init script
// keeps the main thread's long tasks (PerformanceObserver 'longtask', over 50 ms) and counts
// animation frames. Once the board is ready and quiet (1 s after its verdict):
//   - first step: main-thread time (CDP Performance.getMetrics TaskDuration: every task of
//     the page's main thread, script, style, layout and paint alike) from just before
//     Step forward is clicked (in the page, as a person's click lands, without Playwright's
//     checks and pointer events) until the Steps counter shows 1 and two animation frames
//     have run after it, so the step's board is drawn; and the longest task then. The
//     first step is the dearest: every empty cell shows its candidates for the first time.
//     Of that time, script and style + layout are shown apart (the rest is mostly paint);
//     "less idle" takes out what the idle page spends in as long (measured over 1 s before:
//     its frames, the benchmark's frame counter), "cpu ms" is the main thread's CPU time in
//     the window (ThreadTime: unlike the tasks' durations, it does not grow while other
//     processes hold the cores), "wall ms" is the window's length (the worker's reply
//     included: on the first step, it loads the explainer module). The button is found
//     before the window opens: finding it by role is the benchmark's own work;
//   - play: To start, Speed at its maximum (the slider's End), Play, S seconds, Pause: long
//     tasks that started in the window (count, longest, blocked = Σ(duration − 50 ms)),
//     frames per second, and steps reached.
// The machine should be otherwise idle; on 2 shared cores the figures move by 20% or more.

import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../../tests/e2e/helpers.mjs';
import { startServer } from '../../scripts/serve.mjs';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const LONG_TASK_MS = 50;

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: join(REPO, 'dist') },
    seconds: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    strategy: { type: 'string', default: 'backtracking' },
    viewport: { type: 'string', default: '1280x900' },
  },
});
const root = resolve(values.root);
const seconds = Number(values.seconds);
const runs = Number(values.runs);
const [width, height] = values.viewport.split('x').map(Number);

/** Runs in the page before its scripts: long tasks and a frame count, in `__bigGrid`. */
function instrument() {
  localStorage.clear();
  const bench = { longTasks: [], frames: 0 };
  window.__bigGrid = bench;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      bench.longTasks.push({ start: e.startTime, duration: e.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  const frame = () => {
    bench.frames++;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  /**
   * Clicks `button` and resolves once the board's Steps counter shows `n` and two more
   * frames have run, so that the step's board has been drawn. Read on each frame, not
   * polled by the benchmark, which would add its own work to the page's.
   */
  bench.clickUntilSteps = (button, n) =>
    new Promise((done) => {
      const board = document.querySelector('stepdoku-board').shadowRoot;
      const shows = () => board.querySelector('dd[data-count="steps"]')?.dataset.value === n;
      const wait = () => (shows() ? requestAnimationFrame(() => requestAnimationFrame(done)) : requestAnimationFrame(wait));
      button.click();
      requestAnimationFrame(wait);
    });
}

/** The page's 25×25 sample, from the root's www/samples.js, else the repository's. */
async function hugeSample() {
  for (const file of [join(root, 'www/samples.js'), join(REPO, 'www/samples.js')]) {
    try {
      const { SAMPLES } = await import(pathToFileURL(file).href);
      return SAMPLES.find((s) => s.text.replace(/\s/g, '').length === 625).text.replace(/\s/g, '');
    } catch {
      // Try the next file.
    }
  }
  throw new Error(`no 25×25 sample under ${root}`);
}

const stepsOf = (page) =>
  page.locator('stepdoku-board dd[data-count="steps"]').getAttribute('data-value').then(Number);

/** The main thread's time so far, ms: in all, and in script, style and layout. */
async function mainThreadMs(session) {
  const { metrics } = await session.send('Performance.getMetrics');
  const ms = (name) => metrics.find((m) => m.name === name).value * 1000;
  return {
    all: ms('TaskDuration'),
    script: ms('ScriptDuration'),
    style: ms('RecalcStyleDuration'),
    layout: ms('LayoutDuration'),
    thread: ms('ThreadTime'),
  };
}

/** What the main thread spent between two mainThreadMs readings. */
const spent = (a, b) => Object.fromEntries(Object.keys(a).map((k) => [k, b[k] - a[k]]));

/** Long tasks that started at or after `from` (page clock): count, longest, blocked ms. */
const tasksSince = (page, from) =>
  page.evaluate((t0) => {
    const tasks = window.__bigGrid.longTasks.filter((t) => t.start >= t0);
    return {
      count: tasks.length,
      longest: Math.max(0, ...tasks.map((t) => t.duration)),
      blocked: tasks.reduce((sum, t) => sum + t.duration - 50, 0),
    };
  }, from);

async function oneRun(context, url, line) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height });
  await page.addInitScript(instrument);
  const session = await context.newCDPSession(page);
  await session.send('Performance.enable');
  await page.goto(`${url}index.html#p=${line}&s=${values.strategy}`);
  await page.locator('stepdoku-board').evaluate((el) => el.whenReady());
  await page.getByRole('status').filter({ hasText: /solution/i }).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1000);

  const forward = page.getByRole('button', { name: 'Step forward', exact: true });
  await forward.waitFor();
  // What the page's main thread spends idle, per ms, to take out of the step's window.
  const idleFrom = await page.evaluate(() => performance.now());
  const idleBefore = await mainThreadMs(session);
  await page.waitForTimeout(1000);
  const idleMs = (await page.evaluate(() => performance.now())) - idleFrom;
  const idlePerMs = spent(idleBefore, await mainThreadMs(session)).all / idleMs;

  // Found before the window opens: finding a button by its role is the benchmark's work.
  const forwardButton = await forward.elementHandle();
  const stepFrom = await page.evaluate(() => performance.now());
  const before = await mainThreadMs(session);
  await forwardButton.evaluate((button) => window.__bigGrid.clickUntilSteps(button, '1'));
  const firstStep = spent(before, await mainThreadMs(session));
  const stepMs = (await page.evaluate(() => performance.now())) - stepFrom;
  const firstStepTasks = await tasksSince(page, stepFrom);

  await page.getByRole('button', { name: 'To start', exact: true }).click();
  const slider = page.getByRole('slider', { name: 'Speed', exact: true });
  await slider.focus();
  await slider.press('End');
  await page.waitForTimeout(500);
  const playFrom = await page.evaluate(() => [performance.now(), window.__bigGrid.frames]);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForTimeout(seconds * 1000);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  const playTo = await page.evaluate(() => [performance.now(), window.__bigGrid.frames]);
  const play = await tasksSince(page, playFrom[0]);
  const windowS = (playTo[0] - playFrom[0]) / 1000;
  const result = {
    firstStepMs: firstStep.all,
    firstStepOwn: firstStep.all - idlePerMs * stepMs,
    firstStepCpu: firstStep.thread,
    firstStepWall: stepMs,
    firstStepScript: firstStep.script,
    firstStepStyleLayout: firstStep.style + firstStep.layout,
    firstStepLongest: firstStepTasks.longest,
    ...Object.fromEntries(Object.entries(play).map(([k, v]) => [`play_${k}`, v])),
    fps: (playTo[1] - playFrom[1]) / windowS,
    steps: await stepsOf(page),
  };
  await page.close();
  return result;
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];
const fixed = (n) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

const line = await hugeSample();
const { server, url } = await startServer({ port: 0, root });
const profile = await mkdtemp(join(tmpdir(), 'stepdoku-big-grid-'));
const context = await chromium.launchPersistentContext(profile, CHROMIUM);
console.log(`root ${root}; ${values.strategy}; viewport ${width}×${height}; play ${seconds} s`);
console.log(`load average at the start: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const columns = [
  ['firstStepMs', 'first step ms'],
  ['firstStepOwn', 'less idle'],
  ['firstStepCpu', 'cpu ms'],
  ['firstStepWall', 'wall ms'],
  ['firstStepScript', 'of it script'],
  ['firstStepStyleLayout', 'style + layout'],
  ['firstStepLongest', 'its longest task ms'],
  ['play_count', 'long tasks'],
  ['play_longest', 'longest ms'],
  ['play_blocked', `blocked ms (over ${LONG_TASK_MS})`],
  ['fps', 'fps'],
  ['steps', 'steps'],
];
console.log(['run', ...columns.map(([, title]) => title)].join(' | '));
const results = [];
try {
  for (let run = 1; run <= runs; run++) {
    const r = await oneRun(context, url, line);
    results.push(r);
    console.log([run, ...columns.map(([key]) => fixed(r[key]))].join(' | '));
  }
  const medians = columns.map(([key]) => fixed(median(results.map((r) => r[key]))));
  console.log(['median', ...medians].join(' | '));
  // On a shared machine the least is the nearest to what the page itself costs.
  const least = columns.map(([key]) => fixed(Math.min(...results.map((r) => r[key]))));
  console.log(['least', ...least].join(' | '));
} finally {
  await context.close();
  await new Promise((done) => server.close(done));
  await rm(profile, { recursive: true, force: true });
}
console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
