// The page's verdict module on the committed big grids: for each puzzle of
// tests/data/big_grids.txt and big_grids_hard.txt, the verdict the page's worker asks for
// (`analyze` with the default budget), timed under node in CPU time of the process, compared with the count the file
// records.
//
// Usage: node bench/node/big-verdicts.mjs [rounds]   (after `bash scripts/build-dist.sh`)
// Prints per file and size: puzzles, verdicts that match the file, undecided, ms mean and
// max (best of the rounds per puzzle). Exits 1 if a verdict disagrees with the file.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const rounds = Number(process.argv[2] ?? 3);
const pkg = path.join(root, 'www', 'pkg');
// Copied to .mjs so node loads the glue as an ES module whatever package.json says.
const glue = path.join(root, 'bench', 'target', 'stepdoku_verdict.mjs');
fs.mkdirSync(path.dirname(glue), { recursive: true });
fs.copyFileSync(path.join(pkg, 'stepdoku_verdict.js'), glue);
const verdict = await import(pathToFileURL(glue).href);
verdict.initSync({ module: fs.readFileSync(path.join(pkg, 'stepdoku_verdict_bg.wasm')) });

/** What a verdict's status says of the count to 2 that the file records. */
const countOf = { none: 0, unique: 1, several: 2 };
let wrong = 0;
console.log('the page verdict module (analyze, default budget) under node, ms of CPU time, best of', rounds, 'rounds');
console.log('file                     size  puzzles  agree  undecided  ms mean  ms max');
for (const file of ['big_grids.txt', 'big_grids_hard.txt']) {
  const lines = fs
    .readFileSync(path.join(root, 'tests', 'data', file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'));
  const bySize = new Map();
  for (const line of lines) {
    const [count, rest] = [line.slice(0, line.indexOf(' ')), line.slice(line.indexOf(' ') + 1)];
    const puzzle = rest.split(' = ')[0];
    let best = Infinity;
    let result;
    for (let r = 0; r < rounds; r++) {
      // CPU time of this process, so that other work on the machine does not count.
      const before = process.cpuUsage();
      result = verdict.analyze(puzzle, undefined);
      const spent = process.cpuUsage(before);
      best = Math.min(best, (spent.user + spent.system) / 1000);
    }
    const size = result.size;
    const row = bySize.get(size) ?? { n: 0, agree: 0, undecided: 0, total: 0, max: 0 };
    row.n++;
    row.total += best;
    row.max = Math.max(row.max, best);
    if (result.status === 'undecided') row.undecided++;
    else if (countOf[result.status] === Number(count)) row.agree++;
    else {
      wrong++;
      console.log(`disagrees: ${file} expects ${count}, got ${result.status}: ${puzzle.slice(0, 60)}…`);
    }
    bySize.set(size, row);
  }
  for (const [size, row] of [...bySize].sort((a, b) => a[0] - b[0])) {
    console.log(
      `${file.padEnd(24)} ${`${size}×${size}`.padStart(5)} ${String(row.n).padStart(8)} ${String(row.agree).padStart(6)} ${String(row.undecided).padStart(10)} ${(row.total / row.n).toFixed(1).padStart(8)} ${row.max.toFixed(1).padStart(7)}`,
    );
  }
}
process.exit(wrong ? 1 : 0);
