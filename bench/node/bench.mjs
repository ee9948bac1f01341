// Node side of the benchmark: our solver and the Rust `sudoku` crate compiled to wasm, the
// page's own module if it is built, and the npm package `@algorithm.ts/sudoku`.
//
// Usage: node node/bench.mjs <bench dir> <sample of 17_clue> <rounds> [native tsv] [app-style file]
// Each round runs every solver once over a collection, solvers alternating; the best round
// per solver is reported in µs per puzzle. A collection of fewer than 1,000 puzzles is run
// several times over in each round, as natively.

import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const [benchArg, sampleArg, roundsArg, nativeTsv, appStyle] = process.argv.slice(2);
const benchDir = path.resolve(benchArg ?? '.');
const sample17 = Number(sampleArg ?? 10000);
const rounds = Number(roundsArg ?? 5);
const require = createRequire(path.join(benchDir, 'package.json'));
const dataDir = path.join(benchDir, '..', '..', 'shared', 'data');
const collections = ['17_clue', 'magictour_top1465', 'forum_hardest_1106', 'serg_benchmark',
  'norvig_top95', 'norvig_hardest'];
const files = Object.fromEntries(collections.map((c) => [c, path.join(dataDir, `${c}.txt`)]));
if (appStyle) {
  const name = path.basename(appStyle, '.txt');
  collections.push(name);
  files[name] = appStyle;
}
/** Page-module cost outside the search: µs per puzzle at limit 0 (read and cross only). */
const overhead = {};

/** Solvers: name → { count(text, limit) → Uint32Array|number[] | null, first(text) }. */
const solvers = [];

function wasmBatch(name, dir) {
  const file = path.join(benchDir, 'pkg', dir, dir.replace(/-(scalar|simd)$/, '').replaceAll('-', '_') + '.js');
  if (!fs.existsSync(file)) return;
  const m = require(file);
  solvers.push({ name, count: (t, limit) => m.count_batch(t, limit), guesses: m.guesses_batch });
}
wasmBatch('ours wasm', 'stepdoku-bench-wasm-ours-scalar');
wasmBatch('ours wasm simd128', 'stepdoku-bench-wasm-ours-simd');
wasmBatch('sudoku crate wasm', 'stepdoku-bench-wasm-sudoku-scalar');

// The page's modules, as the page loads them (wasm-bindgen --target web), if they are built:
// the verdict module (its worker's verdicts) and the full module (the explainer).
function pageModule(name, file) {
  const wasm = path.join(benchDir, '..', 'www', 'pkg', `${file}_bg.wasm`);
  const glue = path.join(benchDir, '..', 'www', 'pkg', `${file}.js`);
  if (!fs.existsSync(wasm) || !fs.existsSync(glue)) {
    console.log(`www/pkg/${file}_bg.wasm not built; ${name} not measured`);
    return;
  }
  try {
    // Copied to .mjs so node loads it as an ES module whatever package.json says.
    const copy = path.join(benchDir, 'target', `${file}.mjs`);
    fs.mkdirSync(path.dirname(copy), { recursive: true });
    fs.copyFileSync(glue, copy);
    return import(pathToFileURL(copy).href + '?' + Date.now()).then((page) => {
      page.initSync({ module: fs.readFileSync(wasm) });
      // Bytes in: the text is encoded once, outside the timing, as a file read would give it.
      solvers.push({
        name,
        prepare: (lines) => new TextEncoder().encode(lines.join('\n')),
        countPrepared: (bytes, limit) => page.countSolutionsBytes(bytes, limit),
        countText: (t, limit) => page.countSolutionsBatch(t, limit),
      });
    });
  } catch (e) {
    console.log(`${name} not measured: ${e.message}`);
  }
}
const VERDICT = 'ours wasm (verdict module)';
const FULL = 'ours wasm (full module)';
await pageModule(VERDICT, 'stepdoku_verdict');
await pageModule(FULL, 'stepdoku');

// npm @algorithm.ts/sudoku (dancing links), first solution only.
{
  const { SudokuSolver, createSudokuBoardData } = require('@algorithm.ts/sudoku');
  const solver = new SudokuSolver({ childMatrixWidth: 3 });
  const solution = createSudokuBoardData(9);
  solvers.push({
    name: '@algorithm.ts/sudoku',
    firstOnly: true,
    prepare: (lines) => lines.map((l) => Array.from(l, (c) => (c >= '1' && c <= '9' ? c.charCodeAt(0) - 49 : -1))),
    solve: (boards) => { let n = 0; for (const b of boards) n += solver.solve(b, solution) ? 1 : 0; return n; },
  });
}

const MIN_PER_ROUND = 1000;
const sum = (xs) => { let s = 0; for (const x of xs) s += x; return s; };
const results = []; // { collection, n, solver, limit, us }
const guessRows = {};
for (const name of collections) {
  let lines = fs.readFileSync(files[name], 'utf8').split('\n').map((l) => l.slice(0, 81)).filter((l) => l.length === 81);
  if (name === '17_clue') lines = lines.slice(0, sample17);
  // As natively: a collection smaller than MIN_PER_ROUND is run several times over per round.
  lines = Array(Math.ceil(MIN_PER_ROUND / lines.length)).fill(lines).flat();
  const text = lines.join('\n');
  const n = lines.length;
  const best = new Map();
  const counts = new Map();
  const prepared = new Map();
  for (const s of solvers) if (s.prepare) prepared.set(s.name, s.prepare(lines));
  for (let r = 0; r < rounds; r++) {
    for (const limit of [1, 2]) {
      for (const s of solvers) {
        if (s.firstOnly && limit === 2) continue;
        const t0 = performance.now();
        const found = s.solve ? s.solve(prepared.get(s.name))
          : s.countPrepared ? sum(s.countPrepared(prepared.get(s.name), limit)) : sum(s.count(text, limit));
        const us = ((performance.now() - t0) * 1000) / n;
        const key = `${s.name}\t${limit}`;
        best.set(key, Math.min(best.get(key) ?? Infinity, us));
        counts.set(key, found);
      }
    }
  }
  // Every solver must agree with the first one on the number of solutions found.
  for (const limit of [1, 2]) {
    const ref = counts.get(`${solvers[0].name}\t${limit}`);
    for (const s of solvers) {
      const c = counts.get(`${s.name}\t${limit}`);
      if (c !== undefined && c !== ref) throw new Error(`${name}: ${s.name} found ${c}, ${solvers[0].name} ${ref} (limit ${limit})`);
    }
  }
  // The page module's cost outside the search: limit 0 reads and crosses, searches nothing.
  const page = solvers.find((s) => s.countPrepared);
  if (page) {
    // µs per puzzle to read and cross: as bytes, as a string.
    let bytesUs = Infinity, textUs = Infinity;
    for (let r = 0; r < rounds; r++) {
      let t0 = performance.now();
      page.countPrepared(prepared.get(page.name), 0);
      bytesUs = Math.min(bytesUs, ((performance.now() - t0) * 1000) / n);
      t0 = performance.now();
      page.countText(text, 0);
      textUs = Math.min(textUs, ((performance.now() - t0) * 1000) / n);
    }
    overhead[name] = { bytes: bytesUs, text: textUs };
  }
  for (const [key, us] of best) {
    const [solver, limit] = key.split('\t');
    results.push({ collection: name, n, solver, limit: Number(limit), us });
  }
  const g = solvers.find((s) => s.guesses);
  if (g) guessRows[name] = g.guesses(text, 2) / n;
}

const fmt = (x) => (x === undefined ? '–' : x >= 100 ? x.toFixed(0) : x.toFixed(2));
const get = (c, s, l) => results.find((r) => r.collection === c && r.solver === s && r.limit === l)?.us;
console.log(`\nnode ${process.version}, wasm, best of ${rounds} rounds, µs/puzzle (17_clue: first ${sample17})`);
for (const limit of [1, 2]) {
  const names = solvers.filter((s) => !(s.firstOnly && limit === 2)).map((s) => s.name);
  console.log(`\n${limit === 1 ? 'first solution (limit 1)' : 'count to 2 (limit 2)'}`);
  console.log(['collection'.padEnd(19), ...names.map((s) => s.padStart(Math.max(10, s.length))), 'ours/sudoku-wasm'].join(' '));
  for (const c of collections) {
    const ours = get(c, 'ours wasm', limit);
    const peer = get(c, 'sudoku crate wasm', limit);
    console.log([c.padEnd(19), ...names.map((s) => fmt(get(c, s, limit)).padStart(Math.max(10, s.length))),
      (ours && peer ? (ours / peer).toFixed(2) : '–').padStart(16)].join(' '));
  }
}

// One summary table: count to 2 (first solution for the npm package), native and wasm.
const native = new Map();
if (nativeTsv && fs.existsSync(nativeTsv)) {
  for (const line of fs.readFileSync(nativeTsv, 'utf8').trim().split('\n').slice(1)) {
    const [, c, , solver, limit, us, gpp, pct, bpp] = line.split('\t');
    native.set(`${c}\t${solver}\t${limit}`, { us: Number(us), gpp, pct, bpp });
  }
}
const nat = (c, s, l) => native.get(`${c}\t${s}\t${l}`)?.us;
console.log('\nSummary, µs/puzzle counting to 2 solutions (the npm package: first solution only)');
const cols = ['tdoku nat', 'ours nat', 'ours/tdoku', 'verdict', 'verdict/tdoku', 'full', 'full/tdoku', 'sudoku wasm', 'verdict/sudoku',
  'ours simd', 'algorithm.ts', 'read+cross', 'nodes/p', 'tdoku n/p', 'guesses/p'];
console.log(['collection'.padEnd(19), ...cols.map((s) => s.padStart(12))].join(' '));
for (const c of collections) {
  const td = nat(c, 'tdoku', 2), on = nat(c, 'ours fast', 2);
  const sw = get(c, 'sudoku crate wasm', 2);
  const pw = get(c, VERDICT, 2);
  const fw = get(c, FULL, 2);
  const o = overhead[c];
  const row = [td, on, on && td ? on / td : undefined, pw, pw && td ? pw / td : undefined,
    fw, fw && td ? fw / td : undefined, sw,
    pw && sw ? pw / sw : undefined, get(c, 'ours wasm simd128', 2), get(c, '@algorithm.ts/sudoku', 1)];
  const info = native.get(`${c}\tours fast\t2`);
  console.log([c.padEnd(19), ...row.map((x) => fmt(x).padStart(12)),
    (o && pw ? `${((100 * o.bytes) / pw).toFixed(1)}%` : '–').padStart(12),
    (info?.bpp ?? '–').padStart(12), (native.get(`${c}\ttdoku\t2`)?.bpp ?? '–').padStart(12),
    (info?.gpp ?? fmt(guessRows[c])).padStart(12)].join(' '));
}
console.log('ratios below 1: ours is faster. verdict, full = the page\'s verdict and full modules (www/pkg, simd128) under node, text passed as bytes;');
console.log('read+cross = its time at limit 0 (reading the lines and crossing into wasm) as a share of its time;');
console.log('nodes/p = branch points per puzzle (tdoku counts these as guesses); guesses/p = candidates ours tried.');
if (Object.keys(overhead).length) {
  console.log('\nPage module, read and cross only (limit 0), µs/puzzle: bytes in vs string in');
  for (const [c, o] of Object.entries(overhead)) console.log(`${c.padEnd(19)} ${fmt(o.bytes).padStart(8)} ${fmt(o.text).padStart(8)}`);
}
