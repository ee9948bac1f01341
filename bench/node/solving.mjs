// Solving-yourself benchmark: what a person's actions cost on the page, with the page's own
// modules (www/pkg/stepdoku.js, www/solve-model.js, www/saved.js) under node.
//
// Usage: node bench/node/solving.mjs [--puzzles N] [--rounds R]
//
// Hints: a hint comes from the person's board, marks included (Solver.fromPosition, one
// Human step). Positions are taken from real puzzles' Human traces at 25%, 50% and 75% of
// their placements, with the trace's candidates as the person's marks. The peer is the way a
// hint was found before (the page's trace from the puzzle's start): new Solver(puzzle,
// "human") stepped to the same point, then one step more. Both are timed in the same run,
// alternating, best of R rounds per position; the table prints median and p99 ms and the
// ratio of medians.
//
// Saving: a whole solve typed by a person (Fill candidates, then every digit with tidying,
// one action each) as the JSON record kept in localStorage: its size, and the median time
// to write and to read it back, per size.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const mainDir = path.resolve(here, '..', '..');
const dataDir = path.resolve(mainDir, '..', 'shared', 'data');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const N_PUZZLES = option('--puzzles', 200);
const ROUNDS = option('--rounds', 3);

const wasm = await import(path.join(mainDir, 'www', 'pkg', 'stepdoku.js'));
wasm.initSync({ module: fs.readFileSync(path.join(mainDir, 'www', 'pkg', 'stepdoku_bg.wasm')) });
const { Solve } = await import(path.join(mainDir, 'www', 'solve-model.js'));
const { solveRecord, readRecord } = await import(path.join(mainDir, 'www', 'saved.js'));
const { SAMPLES } = await import(path.join(mainDir, 'www', 'samples.js'));

/** Lines of a collection file: one puzzle per line, comments and blanks left out. */
function collection(name, limit) {
  const file = path.join(dataDir, name);
  if (!fs.existsSync(file)) {
    return [];
  }
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim().split(/\s/)[0])
    .filter((l) => l && !l.startsWith('#'))
    .slice(0, limit);
}

/** A puzzle's Human trace, and the positions at 25/50/75% of its placements. */
function positions(line) {
  const parsed = wasm.parsePuzzle(line);
  const values = Uint8Array.from(parsed.values);
  const candidates = Uint32Array.from(parsed.candidates);
  const solver = new wasm.Solver(line, 'human');
  const steps = [];
  for (let batch; (batch = solver.stepMany(500)).length; ) {
    steps.push(...batch);
  }
  solver.free();
  const nPlaced = steps.reduce((n, s) => n + s.changes.filter((c) => c.op === 'place').length, 0);
  const marks = [0.25, 0.5, 0.75].map((f) => Math.round(nPlaced * f));
  const found = [];
  let placed = 0;
  for (const [index, step] of steps.entries()) {
    if (step.kind !== 'deduction') {
      break;
    }
    for (const { op, cell, digit } of step.changes) {
      const bit = 1 << (digit - 1);
      if (op === 'place') {
        values[cell] = digit;
        placed++;
      } else if (op === 'eliminate') {
        candidates[cell] &= ~bit;
      }
    }
    if (placed >= marks[found.length]) {
      const shown = candidates.map((m, i) => (values[i] ? 0 : m));
      found.push({ line, at: index + 1, values: values.slice(), marks: shown });
      if (found.length === marks.length) {
        break;
      }
    }
  }
  return found;
}

function hintFromPosition({ values, marks }) {
  const solver = wasm.Solver.fromPosition(values, marks, 'human');
  const step = solver.step();
  solver.free();
  return step;
}

function hintFromStart({ line, at }) {
  const solver = new wasm.Solver(line, 'human');
  solver.advance(at);
  const step = solver.step();
  solver.free();
  return step;
}

function time(fn, arg) {
  const t0 = performance.now();
  fn(arg);
  return performance.now() - t0;
}

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const rows = [];
function measureHints(name, lines) {
  const all = lines.flatMap(positions);
  if (all.length === 0) {
    return;
  }
  const ours = [];
  const peer = [];
  for (const position of all) {
    let best = [Infinity, Infinity];
    for (let r = 0; r < ROUNDS; r++) {
      best = [
        Math.min(best[0], time(hintFromPosition, position)),
        Math.min(best[1], time(hintFromStart, position)),
      ];
    }
    ours.push(best[0]);
    peer.push(best[1]);
  }
  ours.sort((a, b) => a - b);
  peer.sort((a, b) => a - b);
  rows.push({
    name,
    positions: all.length,
    ours: [quantile(ours, 0.5), quantile(ours, 0.99)],
    peer: [quantile(peer, 0.5), quantile(peer, 0.99)],
  });
}

const sample = (id) => SAMPLES.find((s) => s.id === id).text;
// Warm-up, untimed.
collection('norvig_top95.txt', 10).flatMap(positions).forEach(hintFromPosition);

measureHints('easy sample 9×9', [sample('easy')]);
measureHints('magictour_top1465', collection('magictour_top1465.txt', N_PUZZLES));
measureHints('norvig_top95', collection('norvig_top95.txt', N_PUZZLES));
measureHints('sample 16×16', [sample('sixteen')]);
measureHints('sample 25×25', [sample('twenty-five')]);

const ms = (x) => x.toFixed(3).padStart(9);
console.log('Hint from the person’s board (ms): ours = Solver.fromPosition + 1 step;');
console.log('peer = the trace from the puzzle’s start to the same point + 1 step\n');
console.log(
  `${'positions of'.padEnd(22)} ${'n'.padStart(5)} ${'ours p50'.padStart(9)} ${'ours p99'.padStart(9)} ${'peer p50'.padStart(9)} ${'peer p99'.padStart(9)}  peer/ours`,
);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(22)} ${String(r.positions).padStart(5)} ${ms(r.ours[0])} ${ms(r.ours[1])} ${ms(r.peer[0])} ${ms(r.peer[1])}  ${(r.peer[0] / r.ours[0]).toFixed(1)}×`,
  );
}

/** A whole solve typed in: Fill candidates, then each digit of the solution, tidied. */
function typedSolve(line) {
  const parsed = wasm.parsePuzzle(line);
  const solution = wasm.parsePuzzle(wasm.solve(line)).values;
  const solve = new Solve(parsed.size, Uint8Array.from(parsed.values));
  solve.fillCandidates(wasm.candidates(solve.values, new Uint32Array(0)));
  const tidy = (values) => wasm.candidates(values, new Uint32Array(0));
  for (let i = 0; i < solution.length; i++) {
    if (!solve.values[i]) {
      solve.setDigit(i, solution[i], { tidy });
    }
  }
  return { parsed, solve };
}

console.log('\nA whole solve saved (Fill candidates, then every digit, tidied):\n');
console.log(
  `${'puzzle'.padEnd(18)} ${'actions'.padStart(7)} ${'record KB'.padStart(10)} ${'write ms'.padStart(9)} ${'read ms'.padStart(8)}`,
);
for (const id of ['easy', 'sixteen', 'twenty-five']) {
  const { parsed, solve } = typedSolve(sample(id));
  const meta = { elapsedMs: 600000, hints: 2, checks: 1, solved: true };
  const writes = [];
  const reads = [];
  let text = '';
  for (let r = 0; r < 5 * ROUNDS; r++) {
    const t0 = performance.now();
    text = JSON.stringify(solveRecord(parsed.line, solve, meta));
    const t1 = performance.now();
    const read = readRecord(JSON.parse(text), parsed.line, Uint8Array.from(parsed.values));
    const t2 = performance.now();
    if (!read) {
      throw new Error(`${id}: the record did not read back`);
    }
    writes.push(t1 - t0);
    reads.push(t2 - t1);
  }
  writes.sort((a, b) => a - b);
  reads.sort((a, b) => a - b);
  console.log(
    `${`${id} ${parsed.size}×${parsed.size}`.padEnd(18)} ${String(solve.undoStack.length).padStart(7)} ${(text.length / 1024).toFixed(1).padStart(10)} ${quantile(writes, 0.5).toFixed(2).padStart(9)} ${quantile(reads, 0.5).toFixed(2).padStart(8)}`,
  );
}
