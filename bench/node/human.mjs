// Human strategy benchmark, wasm side: explains every puzzle with the page's own module
// (www/pkg/stepdoku.js + stepdoku_bg.wasm, wasm-bindgen --target web) through its public
// `Solver` class, as the page's worker does, and prints per collection the share solved with
// no guess, the hardest technique needed, and median / p99 / max ms per whole trace, beside
// the native figures of `examples/human_stats` (read from its --tsv files).
//
// Usage: node node/human.mjs [--native FILE]… [--every-17 N] [--rounds R] [--batch B]
//          [--warmup N] [collection…]
//
// The time of a puzzle runs from `new Solver(puzzle, "human")` to `free()` after the last
// `stepMany(batch)`, each step as www/worker.js gets it; only the worker's postMessage is
// left out. Each puzzle's fastest time over the rounds is kept.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, readOptions } from './human-options.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const mainDir = path.resolve(here, '..', '..');
const pkgDir = path.join(mainDir, 'www', 'pkg');

const options = readOptions(process.argv.slice(2));

// The page's module, loaded as the page loads it, from the wasm bytes.
const wasmFile = path.join(pkgDir, 'stepdoku_bg.wasm');
const page = await import(path.join(pkgDir, 'stepdoku.js'));
page.initSync({ module: fs.readFileSync(wasmFile) });
const { Solver } = page;

/** The whole Human trace of a puzzle through the page's Solver: { ms, steps }. */
function trace(line, batch) {
  const t0 = performance.now();
  const solver = new Solver(line, 'human');
  const steps = [];
  for (;;) {
    const more = solver.stepMany(batch);
    for (const step of more) steps.push(step);
    if (more.length < batch) break;
  }
  solver.free();
  return { ms: performance.now() - t0, steps };
}

/** Steps, guesses and the hardest deduction made outside search (first of the highest). */
function summarise(steps) {
  let nGuesses = 0;
  let hardest = null;
  for (const step of steps) {
    if (step.kind === 'guess') nGuesses++;
    else if (
      step.kind === 'deduction' &&
      step.depth === 0 &&
      (hardest === null || step.difficulty > hardest.difficulty)
    ) {
      hardest = step;
    }
  }
  return {
    nSteps: steps.length,
    nGuesses,
    difficulty: nGuesses === 0 && hardest ? String(hardest.difficulty) : '',
    technique: nGuesses === 0 && hardest ? hardest.technique : '',
  };
}

/** Native results by `collection\tindex`, from examples/human_stats --tsv. */
const native = new Map();
for (const file of options.native) {
  const rows = fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(1);
  for (const row of rows) {
    const [collection, index, ms, steps, guesses, difficulty, technique] = row.split('\t');
    native.set(`${collection}\t${index}`, {
      ms: Number(ms),
      nSteps: Number(steps),
      nGuesses: Number(guesses),
      difficulty,
      technique,
    });
  }
}

const percentile = (sorted, p) => sorted[Math.round((sorted.length - 1) * p)];
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const fmt = (x) => (x === undefined || Number.isNaN(x) ? '–' : x.toFixed(x >= 100 ? 0 : 2));
const BROWSER_LIMIT_MS = 50;

// Warm-up, untimed: lets the engine tier the module up before anything is measured.
{
  const first = load(options.collections.includes('magictour_top1465') ? 'magictour_top1465' : options.collections[0], 1);
  for (const { line } of first.slice(0, options.warmup)) trace(line, options.batch);
}

const stat = fs.statSync(wasmFile);
console.log(
  `wasm: ${path.relative(mainDir, wasmFile)} (${stat.size} bytes, built ${stat.mtime.toISOString()}),` +
    ` new Solver(puzzle, "human") + stepMany(${options.batch}) until done, node ${process.version};` +
    ` best of ${options.rounds} round(s) per puzzle after ${options.warmup} warm-up traces`,
);

const summaries = [];
for (const name of options.collections) {
  const every = name === '17_clue' ? options.every17 : 1;
  const puzzles = load(name, every);
  const results = [];
  for (let round = 0; round < options.rounds; round++) {
    puzzles.forEach(({ line }, i) => {
      const { ms, steps } = trace(line, options.batch);
      if (round === 0) results.push({ ms, ...summarise(steps) });
      else results[i].ms = Math.min(results[i].ms, ms);
    });
  }
  // Native figures for the same puzzles, and whether both traces agree.
  let nMismatch = 0;
  let nMissing = 0;
  const nativeMs = [];
  puzzles.forEach(({ index }, i) => {
    const n = native.get(`${name}\t${index}`);
    if (!n) {
      nMissing++;
      return;
    }
    nativeMs.push(n.ms);
    const w = results[i];
    if (n.nSteps !== w.nSteps || n.nGuesses !== w.nGuesses || n.technique !== w.technique) {
      nMismatch++;
    }
  });
  const wasmMs = results.map((r) => r.ms);
  const slowest = wasmMs.indexOf(Math.max(...wasmMs));
  const wasmSorted = [...wasmMs].sort((a, b) => a - b);
  const nativeSorted = [...nativeMs].sort((a, b) => a - b);
  const distribution = new Map();
  for (const r of results) {
    const key = r.nGuesses > 0 ? 'guess' : `${r.difficulty}\t${r.technique}`;
    distribution.set(key, (distribution.get(key) ?? 0) + 1);
  }
  summaries.push({
    name,
    label: every > 1 ? `${name} (every ${every}th)` : name,
    total: load(name, 1).length,
    n: puzzles.length,
    noGuess: (100 * results.filter((r) => r.nGuesses === 0).length) / results.length,
    native: nativeMs.length === puzzles.length ? nativeSorted : null,
    wasm: wasmSorted,
    overLimit: wasmMs.filter((ms) => ms > BROWSER_LIMIT_MS).length,
    nativeOverLimit: nativeMs.filter((ms) => ms > BROWSER_LIMIT_MS).length,
    slowest: puzzles[slowest].line,
    distribution,
    nMismatch,
    nMissing,
  });
  console.log(`  ${name}: ${puzzles.length} puzzles explained in wasm`);
}

console.log('\nHuman strategy: ms per puzzle for the whole explained trace');
const header = [
  'collection'.padEnd(26),
  'puzzles'.padStart(7),
  'no guess'.padStart(8),
  'nat med'.padStart(8),
  'nat p99'.padStart(8),
  'nat max'.padStart(8),
  'wasm med'.padStart(8),
  'wasm p99'.padStart(8),
  'wasm max'.padStart(8),
  `>${BROWSER_LIMIT_MS}ms`.padStart(6),
  'w/n med'.padStart(7),
  'w/n p99'.padStart(7),
  'w/n sum'.padStart(7),
];
console.log(header.join(' '));
for (const s of summaries) {
  const w = s.wasm;
  const n = s.native;
  const q = (xs, p) => (xs ? percentile(xs, p) : undefined);
  const ratio = (a, b) => (a !== undefined && b ? (a / b).toFixed(2) : '–');
  console.log(
    [
      s.label.padEnd(26),
      String(s.n).padStart(7),
      `${s.noGuess.toFixed(1)}%`.padStart(8),
      fmt(q(n, 0.5)).padStart(8),
      fmt(q(n, 0.99)).padStart(8),
      fmt(q(n, 1)).padStart(8),
      fmt(q(w, 0.5)).padStart(8),
      fmt(q(w, 0.99)).padStart(8),
      fmt(q(w, 1)).padStart(8),
      String(s.overLimit).padStart(6),
      ratio(q(w, 0.5), q(n, 0.5)).padStart(7),
      ratio(q(w, 0.99), q(n, 0.99)).padStart(7),
      ratio(sum(w), n && sum(n)).padStart(7),
    ].join(' '),
  );
}
console.log(
  `no guess: % of puzzles explained by logic alone; >${BROWSER_LIMIT_MS}ms: puzzles whose wasm trace` +
    ` took longer; w/n: wasm / native (med, p99, and total time)`,
);
for (const s of summaries) {
  if (s.total !== s.n) console.log(`${s.name}: a sample of ${s.n} of its ${s.total} puzzles`);
  if (!s.native) console.log(`${s.name}: ${s.nMissing} puzzles have no native figure`);
  if (s.nMismatch > 0) {
    console.log(`${s.name}: ${s.nMismatch} traces differ between native and wasm (stale build?)`);
  }
  if (s.nativeOverLimit > 0) {
    console.log(`${s.name}: ${s.nativeOverLimit} native traces over ${BROWSER_LIMIT_MS} ms`);
  }
  console.log(`${s.name}: slowest in wasm ${fmt(s.wasm[s.wasm.length - 1])} ms: ${s.slowest}`);
}

console.log('\nHardest step per puzzle (SE difficulty, technique; "Guess" = needed search)');
for (const s of summaries) {
  const agree = s.native && s.nMismatch === 0 ? ', native and wasm agree on every puzzle' : '';
  console.log(`${s.label}: ${s.n} puzzles${agree}`);
  const rows = [...s.distribution].sort(([a], [b]) => {
    if (a === 'guess' || b === 'guess') return (a === 'guess') - (b === 'guess');
    const [da, ta] = a.split('\t');
    const [db, tb] = b.split('\t');
    return Number(da) - Number(db) || ta.localeCompare(tb);
  });
  for (const [key, count] of rows) {
    const [difficulty, technique] =
      key === 'guess' ? ['', 'Guess (search needed)'] : key.split('\t');
    const x = Number(difficulty);
    const d = difficulty === '' ? '' : Number.isInteger(x) ? x.toFixed(1) : String(x);
    const share = ((100 * count) / s.n).toFixed(1);
    console.log(
      `  ${d.padStart(4)} ${technique.padEnd(36)} ${String(count).padStart(6)} ${share.padStart(5)}%`,
    );
  }
}
