// How steps cross from wasm to JavaScript: µs per step of a trace handed out as objects
// (`Solver.stepMany`) against the same trace made without handing anything out
// (`Solver.advance`), so the difference is the cost of the crossing. Run against a built
// www/pkg (or another directory holding stepdoku.js and stepdoku_bg.wasm):
//
//   node bench/node/wire.mjs [PKG_DIR]
//
// Best of 7 alternating rounds, under node; docs/FORMATS.md ("Wire format") has the figures.

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const pkgDir = path.resolve(process.argv[2] ?? 'www/pkg');
const wasmFile = path.join(pkgDir, 'stepdoku_bg.wasm');
const wasm = await import(path.join(pkgDir, 'stepdoku.js'));
wasm.initSync({ module: fs.readFileSync(wasmFile) });

/** Arto Inkala's "hardest" 9×9: a long Backtracking trace, a Human one with forcing chains. */
const HARD = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';
const BATCH = 500;
const ROUNDS = 7;
const STRATEGIES = ['backtracking', 'human'];

/** Milliseconds and steps of one whole trace, handing every step out or none. */
function run(strategy, isHandedOut) {
  const solver = new wasm.Solver(HARD, strategy);
  const started = performance.now();
  let nSteps = 0;
  for (;;) {
    const n = isHandedOut ? solver.stepMany(BATCH).length : solver.advance(BATCH);
    nSteps += n;
    if (n < BATCH) {
      break;
    }
  }
  const ms = performance.now() - started;
  solver.free();
  return { ms, nSteps };
}

/**
 * Milliseconds per crossing of steps already made and cached (`Timeline.step` over the first
 * `n`, as the page's worker asks for one step per frame): serialising and building the
 * object only.
 */
function crossing(strategy, n, repeats) {
  const timeline = new wasm.Timeline(HARD, strategy);
  timeline.make(n);
  const count = Math.min(n, timeline.made);
  for (let i = 0; i < count; i++) {
    timeline.step(i);
  }
  const started = performance.now();
  for (let r = 0; r < repeats; r++) {
    for (let i = 0; i < count; i++) {
      timeline.step(i);
    }
  }
  const ms = (performance.now() - started) / (repeats * count);
  timeline.free();
  return ms;
}

const sizes = ['stepdoku_bg.wasm', 'stepdoku_core_bg.wasm'].map((name) => {
  const bytes = fs.readFileSync(path.join(pkgDir, name));
  return `${name} ${bytes.length} B (${zlib.gzipSync(bytes, { level: 9 }).length} gzipped)`;
});
console.log(`${pkgDir}: ${sizes.join(', ')}`);
for (const strategy of STRATEGIES) {
  let best = { out: Infinity, made: Infinity, crossing: Infinity };
  let nSteps = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const out = run(strategy, true);
    const made = run(strategy, false);
    nSteps = out.nSteps;
    best = {
      out: Math.min(best.out, out.ms),
      made: Math.min(best.made, made.ms),
      crossing: Math.min(best.crossing, crossing(strategy, 1000, 20)),
    };
  }
  const us = (ms) => (ms * 1000).toFixed(2);
  console.log(
    `  ${strategy} (${nSteps} steps): stepMany ${us(best.out / nSteps)} µs/step, ` +
      `advance ${us(best.made / nSteps)} µs/step; one cached step crosses in ${us(best.crossing)} µs`,
  );
}
