// Trace player benchmark in a real browser: how the page's player behaves while it plays a
// long trace as fast as it can, how quickly Pause takes hold, and how long a link to a far
// step takes to open. A benchmark, not a test: it prints figures and never fails on them.
//
// Usage: node bench/node/player.mjs [--root DIR] [--seconds S] [--settle MS]
//          [--seek N] [--seek-25 N] [--seek-timeout S] [--only a,b,c,d,seek]
//
//   --root DIR        a built page (dist/: index.html at its root, every path relative);
//                     default the repository's dist/ (bench/player.sh builds it)
//   --seconds S       length of each play window (default 20)
//   --settle MS       wait after the board is ready, before Play, so the load's own work
//                     (verdict, rating) is mostly out of the window (default 2000)
//   --seek N          step the forum puzzle's Backtracking link opens at (default 115533)
//   --seek-25 N       the same for the 25×25 sample (default 20000, or the trace's length
//                     when scenario c saw the trace end sooner)
//   --seek-timeout S  how long a link may take to reach its step (default 60)
//   --only LIST       run only these scenarios (a, b, c, d, seek)
//
// Method. The root is served on 127.0.0.1 (scripts/serve.mjs, brotli/gzip as a static host
// would) and opened in headless Chromium (Debian's /usr/bin/chromium through playwright-core,
// launched with tests/e2e/helpers.mjs's CHROMIUM options, a fresh profile, 1280×900). Every
// scenario gets a fresh page whose localStorage is cleared, opened at the link
// `index.html#p=<puzzle>&s=<strategy>`. Scenarios: (a) Backtracking and (b) Human on the first
// puzzle of ../shared/data/forum_hardest_1106.txt (PUZZLES.hardest when that file is absent),
// (c) Backtracking and (d) Human on the page's 25×25 sample (read from the root's
// samples.js, else www/samples.js).
//
// The page is driven only the way a person finds its controls, by role and accessible name,
// so the benchmark keeps working when the player is rewritten with the same interface: the
// grid (a `gridcell` named "Row 1, column 1: …"), the buttons Play, Pause and To start, the
// slider Speed (its last position is the maximum: the End key), the combobox Strategy, the
// region Steps (the step list; its first `listitem` is its first row shown) and the status
// region. The Steps counter is the `dd` after the `dt` whose text is "Steps", looked up in
// the document and every open shadow root.
//
// An init script, added before the page loads, observes main-thread long tasks
// (PerformanceObserver 'longtask'), counts requestAnimationFrame callbacks and reads the Steps
// counter on every frame. For each play scenario, once the board is ready and settled, the
// speed is set to the maximum and Play is clicked; S seconds later Pause is clicked. The
// window runs from the press of Play to the press of Pause (S seconds plus the time
// Playwright's click takes to find the button steady, both read on the page's clock; when
// the trace ends before, the Play button is back and the window ends at S seconds):
//   - long tasks over 50 ms that started in the window: count, blocked time (the sum of
//     duration − 50 ms) and the longest;
//   - frames per second: animation frames in the window / its length (and, for a trace that
//     ended, up to its last step);
//   - JS heap used, sampled every 500 ms through CDP `Runtime.getHeapUsage`: min / max / last
//     sample of the page's main thread (its own session) and of its workers, summed (the
//     browser's session attaches to each worker target with the old non-flattened
//     `Target.attachToTarget` and sends through `Target.sendMessageToTarget`; "–" when that
//     fails). Wasm linear memory is not JS heap and is not counted. MB = 10^6 bytes;
//   - steps reached (the counter at the press of Pause) and steps/s (over the window, or up
//     to the trace's last step when it ended sooner).
// Pause latency is the time from the press (pointerdown, seen by a capturing listener) to the
// last change of the Steps counter after it, once the counter has stayed unchanged for
// 300 ms (changes are timed by a MutationObserver on the counter, or by the frame that saw
// them when the counter element was replaced); steps after click is the counter then minus
// the counter at the press.
//
// Seeks: a fresh page opens `#p=<puzzle>&s=backtracking&n=N`, and the time is measured from
// navigation start (the page's clock) until the Steps counter shows N, or "timeout" with the
// step reached. Then To start is clicked: the time until the counter settles (as for Pause),
// what it shows, and the first row of the step list ("The puzzle as given" when the page can
// go back to the very start).
//
// The machine should be otherwise idle: the worker and the page share the CPU with
// everything else, and a 2-core machine has no spare core for a busy neighbour.

import { readFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, PUZZLES } from '../../tests/e2e/helpers.mjs';
import { startServer } from '../../scripts/serve.mjs';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const DATA = fileURLToPath(new URL('../../../shared/data/', import.meta.url));
const FORUM = join(DATA, 'forum_hardest_1106.txt');
const VIEWPORT = { width: 1280, height: 900 };
const LONG_TASK_MS = 50;
const QUIET_MS = 300;
const HEAP_EVERY_MS = 500;
const MB = 1e6;

function readArgs(args) {
  const options = {
    root: join(REPO, 'dist'),
    seconds: 20,
    settle: 2000,
    seek: 115533,
    seek25: 20000,
    seekTimeout: 60,
    only: ['a', 'b', 'c', 'd', 'seek'],
  };
  const numbers = {
    '--seconds': 'seconds',
    '--settle': 'settle',
    '--seek': 'seek',
    '--seek-25': 'seek25',
    '--seek-timeout': 'seekTimeout',
  };
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    const value = args[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--root') options.root = resolve(value);
    else if (flag === '--only') options.only = value.split(',').map((s) => s.trim());
    else if (numbers[flag] && Number.isFinite(Number(value))) options[numbers[flag]] = +value;
    else throw new Error(`unknown option or bad value: ${flag} ${value}`);
  }
  return options;
}

/** The forum puzzle (first line of the collection) and the page's 25×25 sample. */
async function readPuzzles(root) {
  let forum = { line: PUZZLES.hardest, from: 'PUZZLES.hardest (collection file absent)' };
  try {
    const line = (await readFile(FORUM, 'utf8')).split('\n').find((l) => l.trim());
    if (line) forum = { line: line.trim(), from: 'forum_hardest_1106.txt, line 1' };
  } catch {
    // The fallback stands.
  }
  let huge = null;
  for (const file of [join(root, 'samples.js'), join(REPO, 'www/samples.js')]) {
    try {
      const { SAMPLES } = await import(pathToFileURL(file).href);
      const sample = SAMPLES.find((s) => s.text.replace(/\s/g, '').length === 625);
      if (sample) {
        huge = { line: sample.text.replace(/\s/g, ''), from: `${sample.name}, ${file}` };
        break;
      }
    } catch {
      // Try the next file.
    }
  }
  return { forum, huge };
}

/**
 * Runs in the page before its scripts: clears saved solves, then keeps long tasks, counts
 * animation frames and reads the Steps counter on each frame. `window.__playerBench`.
 */
function instrument() {
  try {
    localStorage.clear();
  } catch {
    // about:blank has no storage.
  }
  const bench = { longTasks: [], frames: 0, press: null };
  Object.assign(bench, { lastSteps: NaN, lastChangeAt: 0, lastChangeFrames: 0 });
  window.__playerBench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        bench.longTasks.push({ start: e.startTime, duration: e.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    bench.longTasks = null;
  }

  let counter = null;
  const find = (root) => {
    for (const dt of root.querySelectorAll('dt')) {
      const dd = dt.nextElementSibling;
      if (dt.textContent.trim() === 'Steps' && dd?.tagName === 'DD') return dd;
    }
    for (const el of root.querySelectorAll('*')) {
      const found = el.shadowRoot && find(el.shadowRoot);
      if (found) return found;
    }
    return null;
  };
  bench.counter = () => {
    if (!counter?.isConnected) counter = find(document);
    return counter;
  };
  bench.steps = () => {
    // The counter shows 115.5k for 115,533; its exact value is in data-value when it has one.
    const dd = bench.counter();
    const text = (dd?.dataset.value ?? dd?.textContent ?? '').replace(/[^0-9]/g, '');
    return text ? Number(text) : NaN;
  };

  // Each frame: count it, and note when the counter changed (at the mutation's own time
  // when a MutationObserver saw it since the last frame).
  let mutatedAt = 0;
  let polledAt = 0;
  let observer = null;
  const frame = (now) => {
    bench.frames++;
    const steps = bench.steps();
    if (steps !== bench.lastSteps && !(Number.isNaN(steps) && Number.isNaN(bench.lastSteps))) {
      bench.lastSteps = steps;
      bench.lastChangeAt = mutatedAt > polledAt ? mutatedAt : performance.now();
      bench.lastChangeFrames = bench.frames;
    }
    polledAt = performance.now();
    bench.settle?.(now);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  /** Notes the next press (pointerdown) and times the counter's changes precisely. */
  bench.armPress = () => {
    bench.press = null;
    observer?.disconnect();
    observer = new MutationObserver(() => {
      mutatedAt = performance.now();
    });
    const observed = bench.counter();
    if (observed) {
      observer.observe(observed, {
        childList: true,
        characterData: true,
        subtree: true,
        attributes: true,
      });
    }
    window.addEventListener(
      'pointerdown',
      () => {
        bench.press = { at: performance.now(), steps: bench.steps(), frames: bench.frames };
      },
      { capture: true, once: true },
    );
  };

  /**
   * Resolves once the counter has not changed for `quietMs` after the press:
   * `{ pressAt, stepsAtPress, lastChangeAt, steps, timedOut }`.
   */
  bench.settled = (quietMs, capMs) =>
    new Promise((done) => {
      bench.settle = () => {
        const press = bench.press;
        if (!press) return;
        const now = performance.now();
        const last = Math.max(press.at, bench.lastChangeAt);
        if (now - last >= quietMs || now - press.at >= capMs) {
          bench.settle = null;
          done({
            pressAt: press.at,
            stepsAtPress: press.steps,
            framesAtPress: press.frames,
            lastChangeAt: bench.lastChangeAt > press.at ? bench.lastChangeAt : null,
            steps: bench.steps(),
            timedOut: now - last < quietMs,
          });
        }
      };
    });
}

/** CDP heap sampling of the page's main thread and of every worker of the browser. */
function heapSampler(pageSession, browserSession) {
  const workers = new Map();
  const replies = new Map();
  let nextId = 0;
  let workersFailed = null;
  browserSession.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const reply = JSON.parse(message);
    replies.get(`${sessionId}:${reply.id}`)?.(reply);
  });
  const withTimeout = (promise, ms) =>
    Promise.race([promise, new Promise((_, no) => setTimeout(() => no(new Error('timeout')), ms))]);
  const workerHeap = (sessionId) => {
    const id = ++nextId;
    const key = `${sessionId}:${id}`;
    const reply = new Promise((done) => replies.set(key, done));
    const message = JSON.stringify({ id, method: 'Runtime.getHeapUsage', params: {} });
    browserSession.send('Target.sendMessageToTarget', { sessionId, message }).catch(() => {});
    return withTimeout(reply, 2000).finally(() => replies.delete(key));
  };
  async function sampleWorkers() {
    const { targetInfos } = await browserSession.send('Target.getTargets');
    let sum = 0;
    let n = 0;
    for (const target of targetInfos.filter((t) => t.type === 'worker')) {
      if (!workers.has(target.targetId)) {
        const { sessionId } = await browserSession.send('Target.attachToTarget', {
          targetId: target.targetId,
          flatten: false,
        });
        workers.set(target.targetId, sessionId);
      }
      const reply = await workerHeap(workers.get(target.targetId));
      if (reply.result) {
        sum += reply.result.usedSize;
        n++;
      }
    }
    return { sum, n };
  }

  const main = [];
  const worker = [];
  let nWorkers = 0;
  let running = true;
  const sample = async () => {
    try {
      main.push((await withTimeout(pageSession.send('Runtime.getHeapUsage'), 5000)).usedSize);
    } catch {
      // A missed sample.
    }
    if (workersFailed === null) {
      try {
        const { sum, n } = await sampleWorkers();
        if (n > 0) worker.push(sum);
        nWorkers = Math.max(nWorkers, n);
      } catch (error) {
        workersFailed = error.message;
      }
    }
  };
  const loop = (async () => {
    while (running) {
      const t = Date.now();
      await sample();
      await new Promise((done) => setTimeout(done, Math.max(0, HEAP_EVERY_MS - (Date.now() - t))));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await pageSession.detach().catch(() => {});
      await browserSession.detach().catch(() => {});
      return { main, worker, nWorkers, workersFailed };
    },
  };
}

const button = (page, name) => page.getByRole('button', { name, exact: true });

/** A fresh page with the instruments, its errors kept. */
async function newPage(context) {
  const page = await context.newPage();
  await page.setViewportSize(VIEWPORT);
  await page.addInitScript(instrument);
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return { page, errors };
}

/** Waits until the board shows its grid and Play can be pressed. */
async function waitReady(page, timeout = 30000) {
  await page.getByRole('grid').first().waitFor({ state: 'visible', timeout });
  await page.getByRole('gridcell', { name: /^Row 1, column 1: / }).waitFor({ timeout });
  await page.waitForFunction(() => window.__playerBench?.counter(), null, { timeout });
  const play = button(page, 'Play');
  await play.waitFor({ state: 'visible', timeout });
  const started = Date.now();
  while ((await play.isDisabled()) && Date.now() - started < timeout) {
    await page.waitForTimeout(50);
  }
}

/** Sets the Speed slider to its last position (the maximum); returns what it says. */
async function topSpeed(page) {
  const slider = page.getByRole('slider', { name: 'Speed', exact: true });
  await slider.focus();
  await slider.press('End');
  const atEnd = () => slider.evaluate((el) => el.value === el.max);
  if (!(await atEnd())) await slider.fill(await slider.evaluate((el) => el.max));
  const text = await slider.getAttribute('aria-valuetext');
  return `${text ?? (await slider.inputValue())}${(await atEnd()) ? '' : ' (not at the end!)'}`;
}

/** The Strategy combobox's value, choosing `label` there when the link did not. */
async function ensureStrategy(page, id, label) {
  const select = page.getByRole('combobox', { name: 'Strategy', exact: true });
  if ((await select.inputValue()) !== id) await select.selectOption({ label });
  return select.inputValue();
}

/** Presses a button and measures until the Steps counter settles. */
async function pressAndSettle(page, name, capMs) {
  await page.evaluate(() => window.__playerBench.armPress());
  const settled = page.evaluate(([q, c]) => window.__playerBench.settled(q, c), [QUIET_MS, capMs]);
  try {
    await button(page, name).click({ timeout: 10000 });
  } catch (error) {
    settled.catch(() => {});
    throw error;
  }
  const r = await settled;
  return {
    ...r,
    latency: r.lastChangeAt === null ? 0 : r.lastChangeAt - r.pressAt,
    after: r.steps - r.stepsAtPress,
  };
}

const mb = (bytes) => (bytes / MB).toFixed(1);
const heapText = (s) =>
  s.length ? `${mb(Math.min(...s))} / ${mb(Math.max(...s))} / ${mb(s.at(-1))}` : '–';
const num = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : String(n));

/** Plays one scenario for the window; returns its figures (or `{ error }`). */
async function playScenario(context, url, scenario, options) {
  const { page, errors } = await newPage(context);
  const result = { ...scenario, errors };
  let sampler = null;
  try {
    const t0 = Date.now();
    await page.goto(`${url}index.html#p=${scenario.line}&s=${scenario.strategy}`);
    await waitReady(page);
    result.readyMs = Date.now() - t0;
    result.strategyShown = await ensureStrategy(page, scenario.strategy, scenario.label);
    await page.waitForTimeout(options.settle);
    result.speed = await topSpeed(page);
    const pageSession = await context.newCDPSession(page);
    sampler = heapSampler(pageSession, await context.browser().newBrowserCDPSession());
    await page.evaluate(() => window.__playerBench.armPress());
    await button(page, 'Play').click({ timeout: 10000 });
    await page.waitForFunction(() => window.__playerBench.press, null, { timeout: 10000 });
    const start = await page.evaluate(() => window.__playerBench.press);
    await page.waitForTimeout(options.seconds * 1000);
    // The window ends at the press of Pause, or now when the trace has ended.
    const heap = sampler.stop();
    sampler = null;
    let end = null;
    if (await button(page, 'Pause').isVisible()) {
      try {
        result.pause = await pressAndSettle(page, 'Pause', 10000);
        const p = result.pause;
        end = { at: p.pressAt, frames: p.framesAtPress, steps: p.stepsAtPress };
      } catch (error) {
        result.pauseError = error.message.split('\n')[0];
      }
    }
    end ??= await page.evaluate(() => {
      const b = window.__playerBench;
      return { at: performance.now(), frames: b.frames, steps: b.steps() };
    });
    result.heap = await heap;
    result.ended = !result.pause && !(await button(page, 'Pause').isVisible());
    result.windowS = (end.at - start.at) / 1000;
    result.fps = (end.frames - start.frames) / result.windowS;
    result.steps = end.steps;
    const last = await page.evaluate(() => {
      const b = window.__playerBench;
      return { at: b.lastChangeAt, frames: b.lastChangeFrames };
    });
    const playedS = result.ended ? (last.at - start.at) / 1000 : result.windowS;
    result.endedAtS = result.ended ? playedS : null;
    result.fpsToEnd = result.ended ? (last.frames - start.frames) / playedS : null;
    result.stepsPerS = (end.steps - start.steps) / playedS;

    const tasks = await page.evaluate(() => window.__playerBench.longTasks);
    if (tasks) {
      const inWindow = tasks.filter((t) => t.start >= start.at && t.start < end.at);
      result.longTasks = {
        count: inWindow.length,
        blocked: inWindow.reduce((sum, t) => sum + Math.max(0, t.duration - LONG_TASK_MS), 0),
        longest: Math.max(0, ...inWindow.map((t) => t.duration)),
      };
    }
  } catch (error) {
    result.error = error.message.split('\n')[0];
    if (sampler) result.heap = await sampler.stop().catch(() => null);
  } finally {
    await page.close().catch(() => {});
  }
  return result;
}

/** Opens a link to step `n` of the Backtracking trace, then presses To start. */
async function seekScenario(context, url, puzzle, n, options) {
  const { page, errors } = await newPage(context);
  const result = { puzzle: puzzle.name, n, errors };
  const firstRow = async () => {
    const row = page.getByRole('region', { name: 'Steps', exact: true }).getByRole('listitem');
    if ((await row.count()) === 0) return '–';
    return (await row.first().innerText()).replace(/\s+/g, ' ').trim();
  };
  try {
    await page.goto(`${url}index.html#p=${puzzle.line}&s=backtracking&n=${n}`, {
      waitUntil: 'domcontentloaded',
    });
    try {
      const at = await page.waitForFunction(
        (want) => window.__playerBench?.steps() === want && performance.now(),
        n,
        { polling: 'raf', timeout: options.seekTimeout * 1000 },
      );
      result.ms = await at.jsonValue();
    } catch (error) {
      if (!/Timeout/i.test(error.message)) throw error;
      result.ms = null;
    }
    result.reached = await page.evaluate(() => window.__playerBench.steps());
    result.status = (await page.getByRole('status').first().innerText())
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 90);
    result.rowBefore = await firstRow();
    if (await button(page, 'To start').isEnabled()) {
      result.toStart = await pressAndSettle(page, 'To start', options.seekTimeout * 1000);
      result.rowAfter = await firstRow();
    } else {
      result.toStart = null;
    }
  } catch (error) {
    result.error = error.message.split('\n')[0];
  } finally {
    await page.close().catch(() => {});
  }
  return result;
}

function printScenario(r) {
  console.log(`\n(${r.id}) ${r.label} on ${r.name}: ${r.from}`);
  if (r.readyMs !== undefined) {
    console.log(
      `  ready in ${num(r.readyMs)} ms; strategy ${r.strategyShown}; speed ${r.speed ?? '–'}`,
    );
  }
  if (r.error) console.log(`  FAILED: ${r.error}`);
  if (r.windowS !== undefined) {
    const lt = r.longTasks;
    console.log(
      `  window ${r.windowS.toFixed(2)} s: long tasks ${lt ? `${lt.count}, blocked ` +
        `${num(lt.blocked)} ms, longest ${num(lt.longest)} ms` : 'not observable'}; ` +
        `${r.fps.toFixed(1)} fps`,
    );
    console.log(
      `  steps ${num(r.steps)} (${num(r.stepsPerS)} steps/s)` +
        (r.ended
          ? `; the trace ended at ${r.endedAtS.toFixed(2)} s ` +
            `(${r.fpsToEnd.toFixed(1)} fps until then)`
          : ''),
    );
  }
  if (r.heap) {
    const w = r.heap.workersFailed
      ? `– (${r.heap.workersFailed})`
      : `${heapText(r.heap.worker)} (${r.heap.nWorkers} workers, summed)`;
    console.log(`  JS heap min / max / final MB: page ${heapText(r.heap.main)}; workers ${w}`);
  }
  if (r.pause) {
    const p = r.pause;
    console.log(
      `  Pause at step ${num(p.stepsAtPress)}: settled at ${num(p.steps)}, ` +
        `${p.after} steps after the click, last change ${p.latency.toFixed(1)} ms after it` +
        (p.timedOut ? ' (still changing: gave up)' : ''),
    );
  } else if (r.ended) {
    console.log('  Pause: – (the trace had ended)');
  } else if (r.pauseError) {
    console.log(`  Pause FAILED: ${r.pauseError}`);
  }
  if (r.errors.length) console.log(`  page errors: ${r.errors.slice(0, 3).join(' | ')}`);
}

/** The 1, 5 and 15 minute load averages, where /proc has them. */
async function loadAverage() {
  const load = (await readFile('/proc/loadavg', 'utf8').catch(() => '')).split(' ');
  return load.length > 2 ? load.slice(0, 3).join(' ') : '?';
}

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

function printSummary(results, seeks) {
  if (results.length) {
    console.log('\nPlay at the maximum speed (window from the press of Play):\n');
    table(
      [
        'scenario',
        'long tasks',
        'blocked ms',
        'longest ms',
        'fps',
        'page heap MB min/max/final',
        'workers heap MB',
        'steps',
        'steps/s',
        'pause ms',
        'after click',
      ],
      results.map((r) => {
        const lt = r.longTasks;
        const ok = r.windowS !== undefined;
        return [
          `(${r.id}) ${r.label}, ${r.name}` + (r.error ? ' FAILED' : ''),
          lt ? String(lt.count) : '–',
          lt ? num(lt.blocked) : '–',
          lt ? num(lt.longest) : '–',
          ok ? r.fps.toFixed(1) : '–',
          r.heap ? heapText(r.heap.main) : '–',
          r.heap && !r.heap.workersFailed ? heapText(r.heap.worker) : '–',
          ok ? num(r.steps) + (r.ended ? ' (end)' : '') : '–',
          ok ? num(r.stepsPerS) : '–',
          r.pause ? r.pause.latency.toFixed(1) + (r.pause.timedOut ? '+' : '') : '–',
          r.pause ? String(r.pause.after) : '–',
        ];
      }),
    );
  }
  if (seeks.length) {
    console.log('\nLinks to a Backtracking step (ms from navigation start), then To start:\n');
    table(
      ['puzzle', 'step N', 'ms to N', 'counter', 'To start ms', 'counter after', 'first row after'],
      seeks.map((s) => [
        s.puzzle + (s.error ? ' FAILED' : ''),
        num(s.n),
        s.ms === undefined ? '–' : s.ms === null ? 'timeout' : num(s.ms),
        s.reached === undefined ? '–' : num(s.reached),
        s.toStart ? s.toStart.latency.toFixed(0) + (s.toStart.timedOut ? '+' : '') : '–',
        s.toStart ? num(s.toStart.steps) : '–',
        s.rowAfter ?? '–',
      ]),
    );
    for (const s of seeks) {
      console.log(`\n  ${s.puzzle}, n=${s.n}:`);
      if (s.error) console.log(`    FAILED: ${s.error}`);
      if (s.status) console.log(`    status at the link: ${s.status}`);
      if (s.rowBefore) console.log(`    step list's first row at the link: ${s.rowBefore}`);
      if (s.toStart === null) console.log('    To start was disabled');
      if (s.errors.length) console.log(`    page errors: ${s.errors.slice(0, 3).join(' | ')}`);
    }
  }
}

const options = readArgs(process.argv.slice(2));
if (!(await stat(join(options.root, 'index.html')).catch(() => null))) {
  console.error(`no index.html in ${options.root}: build it (bash scripts/build-dist.sh)`);
  process.exit(1);
}
const { forum, huge } = await readPuzzles(options.root);
const puzzles = {
  forum: { ...forum, name: 'forum puzzle 1' },
  huge: huge && { ...huge, name: '25×25 sample' },
};
const scenarios = [
  { id: 'a', strategy: 'backtracking', label: 'Backtracking', puzzle: 'forum' },
  { id: 'b', strategy: 'human', label: 'Human', puzzle: 'forum' },
  { id: 'c', strategy: 'backtracking', label: 'Backtracking', puzzle: 'huge' },
  { id: 'd', strategy: 'human', label: 'Human', puzzle: 'huge' },
].filter((s) => options.only.includes(s.id));

const { server, url } = await startServer({ port: 0, root: options.root });
const profile = await mkdtemp(join(tmpdir(), 'stepdoku-player-'));
const context = await chromium.launchPersistentContext(profile, {
  ...CHROMIUM,
  viewport: VIEWPORT,
});
const results = [];
const seeks = [];
try {
  console.log(`headless Chromium ${context.browser()?.version() ?? '?'}, viewport 1280×900`);
  console.log(
    `root ${options.root} served at ${url}; play window ${options.seconds} s after a ` +
      `${options.settle} ms settle; heap every ${HEAP_EVERY_MS} ms; quiet ${QUIET_MS} ms; ` +
      `seek to ${options.seek} (forum) and ${options.seek25} (25×25), ` +
      `timeout ${options.seekTimeout} s`,
  );
  console.log(`load average at the start: ${await loadAverage()}`);
  for (const s of scenarios) {
    const puzzle = puzzles[s.puzzle];
    if (!puzzle) {
      console.log(`\n(${s.id}) skipped: no 25×25 sample found`);
      continue;
    }
    const r = await playScenario(context, url, { ...s, ...puzzle }, options);
    printScenario(r);
    results.push(r);
  }
  if (options.only.includes('seek')) {
    seeks.push(await seekScenario(context, url, puzzles.forum, options.seek, options));
    if (puzzles.huge) {
      const c = results.find((r) => r.id === 'c' && r.ended);
      const n = c && c.steps < options.seek25 ? c.steps : options.seek25;
      if (n !== options.seek25) console.log(`\n25×25 Backtracking trace: ${n} steps, seek there`);
      seeks.push(await seekScenario(context, url, puzzles.huge, n, options));
    }
  }
  printSummary(results, seeks);
  console.log(`\nload average at the end: ${await loadAverage()}`);
} finally {
  await context.close();
  await new Promise((done) => server.close(done));
  await rm(profile, { recursive: true, force: true });
}
