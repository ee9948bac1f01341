// Page weight: what a cold page moves over the network and how soon its grid is
// interactive. Serves ROOT (see below) with scripts/serve.mjs and
// opens each scenario N times in headless Chromium, each time with a fresh profile (so an
// empty HTTP cache), unthrottled and under a simulated Slow 4G, and prints the medians.
//
// Usage: node bench/node/weight.mjs [--root DIR] [--runs N] [--encodings br,gzip|gzip|none]
//          [--json FILE]
//          [--budget] [--scenario app|one-board|two-boards|embed]… [--profile fast|slow4g]…
//
// ROOT is a checkout (www/pkg built) or a built dist/ (scripts/build-dist.sh). With
// --budget, the run fails (exit code 1) when a page-weight budget is exceeded (BUDGETS below).
//
// Scenarios: `app` the app page (index.html); `one-board` a page with one
// <stepdoku-board puzzle="…"> and nothing else; `two-boards` a page with two
// <stepdoku-board puzzle="…"> and nothing else; `embed` ROOT/examples/embed.html when it
// exists. The one- and two-board pages live in a temporary directory served instead of ROOT:
// it holds a symbolic link to every entry of ROOT and the pages, so ROOT is never written to.
//
// Per load:
// - time to interactive: from navigation start (performance.now() = 0 in the page) until
//   every <stepdoku-board> shows [role="gridcell"] cells in its shadow root and its
//   whenReady() promise, asked for once the cells are there, has resolved. An init script
//   polls for this every 4 ms (it also catches closed shadow roots, by wrapping attachShadow);
// - verdict: when every board's [role="status"] region first shows (innerText) "solution"
//   ("–" when a board shows none within 30 s, as an editable board may not);
// - idle: once the verdicts are shown, no request in flight and none for 2 s;
// - requests: every request of the page and of its workers, from Playwright's context
//   events (which include dedicated workers' requests: Playwright attaches to each worker and
//   enables Network there), joined in order, path by path, with what the server sent; a
//   request the server saw and the browser did not report (Chromium's own /favicon.ico) is
//   counted too. A request is the page's when the page's own CDP session saw it
//   (Network.requestWillBeSent), the worker's otherwise; a module worker's script is fetched
//   by the page, its imports and fetches by the worker. Wire bytes = what the server wrote to
//   the socket for the response (status line, headers, body; CDP's sizes miss the body of a
//   worker's script), decoded = the file's size for a response that carried a body (a 304
//   revalidation moves headers only). "To interactive" counts the requests that had finished
//   (as the browser saw them) by the time to interactive; "total" all of them once idle;
// - wasm compiles on the page's thread: WebAssembly.compile, compileStreaming,
//   instantiate (from bytes), instantiateStreaming and new WebAssembly.Module, counted by the
//   init script (which does not reach workers: there, count the .wasm fetches).
//
// Slow 4G is CDP Network.emulateNetworkConditions (150 ms latency, 1.6 Mbit/s down,
// 750 kbit/s up) on the page's session; Chromium applies it to the page's dedicated workers
// too (a worker's 304 revalidation of the wasm takes ~170 ms throttled, ~20 ms not).
//
// Before measuring, one unthrottled load per scenario warms the server's compression cache
// and the file system cache; it is not reported.

import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';
import { CHROMIUM } from '../../tests/e2e/helpers.mjs';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

const PUZZLES = [
  '850002400720000009004000000000107002305000900040000000000080070017000000000036040',
  '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..',
];

/** A page with one <stepdoku-board> per puzzle and nothing else, loading the element from `src`. */
function boardsPage(title, src, puzzles) {
  const boards = puzzles.map((p) => `    <stepdoku-board puzzle="${p}"></stepdoku-board>`);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${title}</title>
    <script type="module" src="${src}"></script>
  </head>
  <body>
${boards.join('\n')}
  </body>
</html>
`;
}

const PROFILES = {
  fast: { label: 'unthrottled', conditions: null },
  slow4g: {
    label: 'Slow 4G',
    conditions: {
      offline: false,
      latency: 150,
      downloadThroughput: 200000, // 1.6 Mbit/s
      uploadThroughput: 93750, // 750 kbit/s
      connectionType: 'cellular4g',
    },
  },
};


const IDLE_MS = 2000;
const TIMEOUT_MS = 120000;
const VERDICT_TIMEOUT_MS = 30000;

/** Runs in the page before its scripts: records readiness, verdicts and wasm compiles. */
function probe() {
  if (window !== window.top) {
    return;
  }
  const w = (window.__weight = { compiles: [], boards: 0, ready: null, verdict: null });
  const WA = WebAssembly;
  const count = (name) => w.compiles.push([name, performance.now()]);
  for (const name of ['compile', 'compileStreaming', 'instantiateStreaming']) {
    const original = WA[name];
    WA[name] = function (...args) {
      count(name);
      return original.apply(this, args);
    };
  }
  const instantiate = WA.instantiate;
  WA.instantiate = function (source, ...rest) {
    if (!(source instanceof WA.Module)) {
      count('instantiate');
    }
    return instantiate.call(this, source, ...rest);
  };
  WA.Module = new Proxy(WA.Module, {
    construct(target, args, newTarget) {
      count('new Module');
      return Reflect.construct(target, args, newTarget);
    },
  });

  const roots = new WeakMap();
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    roots.set(this, root);
    return root;
  };
  const states = new Map();
  const stateOf = (el) => {
    if (!states.has(el)) {
      states.set(el, { gridAt: null, readyAt: null, verdictAt: null });
    }
    return states.get(el);
  };
  // A board's `ready` event, caught as it is dispatched (capture reaches a non-bubbling
  // event), dates its first grid exactly, before anything the board loads after it.
  document.addEventListener(
    'ready',
    ({ target }) => {
      if (target.localName === 'stepdoku-board') {
        stateOf(target).readyAt ??= performance.now();
      }
    },
    true,
  );
  let ticks = 0;
  function tick() {
    const now = performance.now();
    ticks++;
    const boards = [...document.querySelectorAll('stepdoku-board')];
    for (const el of boards) {
      const s = stateOf(el);
      const root = roots.get(el) ?? el.shadowRoot;
      if (!root) {
        continue;
      }
      if (s.gridAt === null && root.querySelector('[role="gridcell"]')) {
        s.gridAt = now;
        const done = () => (s.readyAt ??= performance.now());
        Promise.resolve(typeof el.whenReady === 'function' ? el.whenReady() : null).then(
          done,
          done,
        );
      }
      // innerText leaves out hidden parts (such as a "Solution 1 / 2" switch); it needs a
      // layout, so it is read every fourth tick only.
      if (s.verdictAt === null && s.gridAt !== null && ticks % 4 === 0) {
        const status = root.querySelector('[role="status"]');
        if (status && /solution/i.test(status.innerText)) {
          s.verdictAt = now;
        }
      }
    }
    w.boards = boards.length;
    w.perBoard = boards.map((el) => ({ ...states.get(el) }));
    if (document.readyState !== 'loading' && boards.length > 0) {
      const all = boards.map((el) => states.get(el));
      if (w.ready === null && all.every((s) => s.readyAt !== null)) {
        w.ready = Math.max(...all.map((s) => s.readyAt));
      }
      if (w.verdict === null && all.every((s) => s.verdictAt !== null)) {
        w.verdict = Math.max(...all.map((s) => s.verdictAt));
      }
    }
    if (w.ready === null || w.verdict === null) {
      setTimeout(tick, 4);
    }
  }
  tick();
}

/**
 * What the server sent, request by request: `{ path, status, wire, body, decoded, encoding,
 * endAt }`. `wire` is what went into the socket for the response (status line, headers, body;
 * Chromium does not pipeline, so one response at a time per connection), `decoded` the file's
 * size when a body was sent. Cleared before each load.
 */
const sent = { entries: [], inFlight: 0, last: 0 };

function watchServer(server, servedRoot) {
  const sizes = new Map();
  const fileSize = async (path) => {
    if (!sizes.has(path)) {
      const file = join(
        servedRoot,
        decodeURIComponent(path),
        path.endsWith('/') ? 'index.html' : '',
      );
      sizes.set(path, (await stat(file).catch(() => null))?.size ?? null);
    }
    return sizes.get(path);
  };
  server.prependListener('request', (request, response) => {
    const socket = request.socket;
    const before = socket.bytesWritten;
    const path = new URL(request.url, 'http://localhost').pathname;
    let headers = {};
    const writeHead = response.writeHead;
    response.writeHead = function (status, extra, ...rest) {
      headers = typeof extra === 'object' && extra !== null ? extra : (rest[0] ?? {});
      return writeHead.call(this, status, extra, ...rest);
    };
    sent.inFlight++;
    sent.last = Date.now();
    response.once('close', async () => {
      const wire = socket.bytesWritten - before;
      const encoding = headers['Content-Encoding'] ?? '';
      const body = response.statusCode === 200 ? Number(headers['Content-Length'] ?? 0) : 0;
      const entry = { path, status: response.statusCode, wire, body, encoding, endAt: Date.now() };
      sent.entries.push(entry);
      sent.inFlight--;
      sent.last = Date.now();
      entry.decoded = body === 0 ? 0 : encoding ? await fileSize(path) : body;
    });
  });
}

/** One cold load of `url`: a fresh profile, the probe, the network log; returns the figures. */
async function coldLoad(url, profile) {
  const dir = await mkdtemp(join(tmpdir(), 'stepdoku-weight-profile-'));
  // The page's own requests: the app page's service worker, which fetches a copy of every
  // file for offline use once the page is idle (scripts/stamp-offline.mjs reports its size),
  // is kept out.
  const context = await chromium.launchPersistentContext(dir, { ...CHROMIUM, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.addInitScript(probe);
    const cdp = await context.newCDPSession(page);
    const seenByPage = new Map();
    cdp.on('Network.requestWillBeSent', ({ request }) => {
      seenByPage.set(request.url, (seenByPage.get(request.url) ?? 0) + 1);
    });
    await cdp.send('Network.enable');
    if (profile.conditions) {
      await cdp.send('Network.emulateNetworkConditions', profile.conditions);
    }

    const requests = [];
    const finished = new Set();
    let lastEvent = Date.now();
    context.on('request', (request) => {
      requests.push(request);
      lastEvent = Date.now();
    });
    const settle = (request) => {
      finished.add(request);
      lastEvent = Date.now();
    };
    context.on('requestfinished', settle);
    context.on('requestfailed', settle);
    sent.entries = [];

    await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    const state = () => page.evaluate(() => JSON.stringify(window.__weight?.perBoard));
    await page
      .waitForFunction(() => window.__weight?.ready != null, null, {
        timeout: TIMEOUT_MS,
        polling: 100,
      })
      .catch(async (error) => {
        throw new Error(`${url}: the boards never became ready: ${await state()}`, {
          cause: error,
        });
      });
    // A board may show no verdict until asked (an editable one, say): then the load goes
    // on without it and the verdict is reported as missing.
    await page
      .waitForFunction(() => window.__weight?.verdict != null, null, {
        timeout: VERDICT_TIMEOUT_MS,
        polling: 100,
      })
      .catch(() => {});
    await page.waitForLoadState('networkidle', { timeout: TIMEOUT_MS });
    const busy = () =>
      sent.inFlight > 0 ||
      requests.some((r) => !finished.has(r)) ||
      Date.now() - Math.max(lastEvent, sent.last) < IDLE_MS;
    while (busy()) {
      await page.waitForTimeout(100);
    }
    const inPage = await page.evaluate(() => ({
      ...window.__weight,
      timeOrigin: performance.timeOrigin,
    }));

    // What the browser asked for, in order, joined with what the server sent for the same
    // path in the same order; a request the server never saw came from the browser's cache.
    const byPath = new Map();
    for (const entry of sent.entries) {
      byPath.set(entry.path, [...(byPath.get(entry.path) ?? []), entry]);
    }
    const browserRows = requests
      .map((request) => ({ request, timing: request.timing() }))
      .sort((a, b) => a.timing.startTime - b.timing.startTime);
    const rows = [];
    for (const { request, timing } of browserRows) {
      const path = new URL(request.url()).pathname;
      const seen = seenByPage.get(request.url()) ?? 0;
      if (seen > 0) {
        seenByPage.set(request.url(), seen - 1);
      }
      const entry = byPath.get(path)?.shift();
      const end = timing.responseEnd >= 0 ? timing.startTime + timing.responseEnd : null;
      rows.push({
        url: path,
        type: request.resourceType(),
        by: seen > 0 ? 'page' : 'worker',
        status: entry?.status ?? 'cache',
        wire: entry?.wire ?? 0,
        body: entry?.body ?? 0,
        decoded: entry?.decoded ?? 0,
        encoding: entry?.encoding ?? '',
        startMs: round(timing.startTime - inPage.timeOrigin),
        endMs: end === null ? null : round(end - inPage.timeOrigin),
        sentMs: entry ? round(entry.endAt - inPage.timeOrigin) : null,
      });
    }
    for (const entries of byPath.values()) {
      for (const entry of entries) {
        rows.push({
          url: entry.path,
          type: 'unseen',
          by: '?',
          status: entry.status,
          wire: entry.wire,
          body: entry.body,
          decoded: entry.decoded,
          encoding: entry.encoding,
          startMs: null,
          endMs: round(entry.endAt - inPage.timeOrigin),
        });
      }
    }
    const sum = (list) => ({
      requests: list.length,
      wasm: list.filter((r) => isWasm(r.url)).length,
      wire: list.reduce((a, r) => a + r.wire, 0),
      body: list.reduce((a, r) => a + r.body, 0),
      decoded: list.reduce((a, r) => a + (r.decoded ?? 0), 0),
    });
    const interactive = rows.filter((r) => r.endMs !== null && r.endMs <= inPage.ready + 1);
    return {
      tti: round(inPage.ready),
      verdict: inPage.verdict === null ? null : round(inPage.verdict),
      verdicts: inPage.perBoard.filter((b) => b.verdictAt !== null).length,
      lastRequest: round(Math.max(lastEvent, sent.last) - inPage.timeOrigin),
      boards: inPage.boards,
      compiles: inPage.compiles.length,
      compileCalls: inPage.compiles.map(([name, at]) => `${name}@${round(at)}`),
      perBoard: inPage.perBoard,
      toInteractive: sum(interactive),
      total: sum(rows),
      requests: rows,
    };
  } finally {
    await context.close();
    await rm(dir, { recursive: true, force: true });
  }
}

function isWasm(url) {
  return /\.wasm(\?|#|$)/.test(url);
}

function round(x) {
  return Math.round(x * 10) / 10;
}

function median(values) {
  const v = values.filter((x) => x !== null && x !== undefined).sort((a, b) => a - b);
  if (v.length === 0) {
    return null;
  }
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

/** Medians of the numbers of the runs, field by field (nested one level). */
function medians(runs) {
  const out = {};
  for (const key of ['tti', 'verdict', 'lastRequest', 'compiles']) {
    const values = runs.map((r) => r[key]);
    out[key] = values.includes(null) ? null : median(values);
  }
  out.verdicts = `${range(runs.map((r) => r.verdicts))} of ${range(runs.map((r) => r.boards))}`;
  for (const part of ['toInteractive', 'total']) {
    out[part] = {};
    for (const key of Object.keys(runs[0][part])) {
      out[part][key] = median(runs.map((r) => r[part][key]));
    }
  }
  return out;
}

/** Per wasm URL and requester: how many requests (min–max over runs), bytes of the first run. */
function wasmSummary(runs) {
  const keys = new Map();
  for (const run of runs) {
    for (const r of run.requests.filter((q) => isWasm(q.url))) {
      keys.set(`${r.url} ${r.by}`, { url: r.url, by: r.by });
    }
  }
  return [...keys.values()].map(({ url, by }) => {
    const per = runs.map((run) => run.requests.filter((r) => r.url === url && r.by === by));
    const counts = per.map((list) => list.length);
    const fetched = per.map((list) => list.filter((r) => r.body > 0).length);
    const revalidated = per.map((list) => list.filter((r) => r.status === 304).length);
    const example = per.flat().find((r) => r.body > 0);
    return {
      url,
      by,
      requests: range(counts),
      withBody: range(fetched),
      revalidated: range(revalidated),
      wire: example?.wire ?? 0,
      decoded: example?.decoded ?? 0,
      encoding: example?.encoding ?? '',
    };
  });
}

function range(values) {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? String(lo) : `${lo}–${hi}`;
}

const kb = (bytes) => (bytes === null ? '–' : (bytes / 1000).toFixed(1));
const ms = (x) => (x === null ? '–' : String(Math.round(x)));

function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    `| ${cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((w, i) => (i === 0 ? `-${'-'.repeat(w)}-` : `-${'-'.repeat(w)}:`)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

function report(name, byProfile) {
  const header = [
    'profile',
    'interactive ms',
    'verdict ms',
    'req',
    'wasm req',
    'wire KB',
    'body KB',
    'decoded KB',
    'req (idle)',
    'wasm req (idle)',
    'wire KB (idle)',
    'body KB (idle)',
    'decoded KB (idle)',
    'page compiles',
  ];
  const rows = Object.entries(byProfile).map(([id, { median: m }]) => [
    PROFILES[id].label,
    ms(m.tti),
    ms(m.verdict),
    m.toInteractive.requests,
    m.toInteractive.wasm,
    kb(m.toInteractive.wire),
    kb(m.toInteractive.body),
    kb(m.toInteractive.decoded),
    m.total.requests,
    m.total.wasm,
    kb(m.total.wire),
    kb(m.total.body),
    kb(m.total.decoded),
    m.compiles,
  ]);
  console.log(`\n${name}\n\n${table(header, rows)}\n`);
  for (const [id, { median: m }] of Object.entries(byProfile)) {
    if (m.verdict === null) {
      console.log(`  ${PROFILES[id].label}: boards showing a verdict: ${m.verdicts}`);
    }
  }
  for (const [id, { wasm }] of Object.entries(byProfile)) {
    for (const w of wasm) {
      console.log(
        `  ${PROFILES[id].label}: ${w.url} by ${w.by}: ${w.requests} request(s), ` +
          `${w.withBody} with body (${kb(w.wire)} KB wire${w.encoding ? ` ${w.encoding}` : ''}, ` +
          `${kb(w.decoded)} KB decoded), ${w.revalidated} revalidated`,
      );
    }
  }
}

/**
 * The page-weight budgets, in KB (1,000 bytes) of response bodies as sent (gzip, without the
 * HTTP headers), of the unthrottled medians: the first interactive grid of the app page and
 * of a page with one board, and the whole app page once idle; and the requests until the
 * first grid.
 */
const BUDGETS = [
  { scenario: 'app', what: 'first grid', key: 'toInteractive', kb: 100, requests: 8 },
  { scenario: 'one-board', what: 'first grid', key: 'toInteractive', kb: 100, requests: 8 },
  { scenario: 'app', what: 'whole page', key: 'total', kb: 350 },
];

/** Prints every budget with its figure; returns whether all hold. */
function checkBudgets(results) {
  let isWithin = true;
  console.log('\nBudgets (unthrottled medians):');
  for (const b of BUDGETS) {
    const m = results[b.scenario]?.fast?.median;
    if (!m) {
      console.log(`  ${b.scenario} ${b.what}: not measured (run it with --profile fast)`);
      isWithin = false;
      continue;
    }
    const { body, requests } = m[b.key];
    const checks = [[kb(body), b.kb, 'KB', body <= b.kb * 1000]];
    if (b.requests) {
      checks.push([requests, b.requests, 'requests', requests <= b.requests]);
    }
    for (const [value, limit, unit, ok] of checks) {
      console.log(`  ${ok ? 'ok  ' : 'OVER'} ${b.scenario} ${b.what}: ${value} of ${limit} ${unit}`);
      isWithin &&= ok;
    }
  }
  return isWithin;
}

function chromiumVersion() {
  try {
    return execFileSync('/usr/bin/chromium', ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

async function exists(path) {
  return stat(path).then(
    () => true,
    () => false,
  );
}

const { values: opts } = parseArgs({
  options: {
    root: { type: 'string', default: REPO },
    budget: { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    encodings: { type: 'string', default: 'br,gzip' },
    json: { type: 'string' },
    scenario: { type: 'string', multiple: true },
    profile: { type: 'string', multiple: true },
  },
});
const root = resolve(opts.root);
const runs = Number(opts.runs);
/** The compressions the server offers: a CDN's, a gzip-only host's (GitHub Pages), none. */
const encodings = opts.encodings === 'none' ? [] : opts.encodings.split(',');
// A checkout (the element at www/stepdoku-board.js, its wasm in www/pkg) or a built dist/
// (everything beside index.html).
const isDist = await exists(join(root, 'stepdoku-board.js'));
if (!isDist && !(await exists(join(root, 'www/pkg')))) {
  console.error(`${root}/www/pkg is missing: build it first (bash scripts/build-wasm.sh)`);
  process.exit(2);
}
const element = isDist ? '/stepdoku-board.js' : '/www/stepdoku-board.js';

const scenarios = [
  { id: 'app', name: 'App page (/)', path: '' },
  { id: 'one-board', name: 'One-board page', path: 'bench-one-board.html' },
  { id: 'two-boards', name: 'Two-board page', path: 'bench-two-boards.html' },
];
if (await exists(join(root, 'examples/embed.html'))) {
  scenarios.push({ id: 'embed', name: 'examples/embed.html', path: 'examples/embed.html' });
}
const chosen = scenarios.filter((s) => !opts.scenario || opts.scenario.includes(s.id));
const profiles = opts.profile ?? Object.keys(PROFILES);

const served = await mkdtemp(join(tmpdir(), 'stepdoku-weight-root-'));
for (const entry of await readdir(root)) {
  if (entry !== '.git') {
    await symlink(join(root, entry), join(served, entry));
  }
}
await writeFile(
  join(served, 'bench-one-board.html'),
  boardsPage('One board', element, PUZZLES.slice(0, 1)),
);
await writeFile(join(served, 'bench-two-boards.html'), boardsPage('Two boards', element, PUZZLES));
const { server, url } = await startServer({ port: 0, root: served, encodings });
watchServer(server, served);

const machine = {
  cpus: cpus().length,
  model: cpus()[0]?.model ?? '',
  chromium: chromiumVersion(),
  node: process.version,
  loadBefore: loadavg().map((x) => x.toFixed(2)),
};
console.log(
  `Page weight of ${root}, served ${encodings.join('/') || 'uncompressed'}, ` +
    `${runs} cold loads per scenario and profile (medians)\n` +
    `${machine.cpus} × ${machine.model}, ${machine.chromium}, node ${machine.node}, ` +
    `load average ${machine.loadBefore.join(' ')}`,
);

const results = {};
try {
  for (const s of chosen) {
    await coldLoad(url + s.path, PROFILES.fast);
    results[s.id] = Object.fromEntries(profiles.map((p) => [p, { runs: [] }]));
  }
  for (let i = 0; i < runs; i++) {
    for (const s of chosen) {
      for (const p of profiles) {
        const run = await coldLoad(url + s.path, PROFILES[p]);
        results[s.id][p].runs.push(run);
        process.stderr.write(
          `  run ${i + 1}/${runs} ${s.id} ${p}: interactive ${ms(run.tti)} ms, ` +
            `${run.total.requests} requests, ${kb(run.total.wire)} KB\n`,
        );
      }
    }
  }
} finally {
  await new Promise((done) => server.close(done));
  await rm(served, { recursive: true, force: true });
}

machine.loadAfter = loadavg().map((x) => x.toFixed(2));
for (const s of chosen) {
  for (const p of profiles) {
    const entry = results[s.id][p];
    entry.median = medians(entry.runs);
    entry.wasm = wasmSummary(entry.runs);
  }
  report(`${s.name}: ${url}${s.path}`, results[s.id]);
}
console.log(`load average after: ${machine.loadAfter.join(' ')}`);
if (opts.budget && !checkBudgets(results)) {
  process.exitCode = 1;
}
if (opts.json) {
  await writeFile(
    opts.json,
    JSON.stringify({ root, encodings, runs, machine, scenarios: results }, null, 1),
  );
  console.log(`raw figures in ${opts.json}`);
}
