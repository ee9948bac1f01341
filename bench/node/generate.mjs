// Generator benchmark, wasm side: makes the puzzles of bench/generate-cases.tsv with the
// page's own module (www/pkg/stepdoku.js + stepdoku_bg.wasm) through its public `Generator`
// class, as the page's worker does (`run(1)` until a puzzle comes), and prints the same
// columns as examples/generate_stats natively, plus wasm/native from its output.
//
// Usage: node bench/node/generate.mjs CASES.tsv [NATIVE.tsv]

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkgDir = path.resolve(here, '..', '..', 'www', 'pkg');
const [casesFile, nativeFile] = process.argv.slice(2);

const page = await import(path.join(pkgDir, 'stepdoku.js'));
page.initSync({ module: fs.readFileSync(path.join(pkgDir, 'stepdoku_bg.wasm')) });

/** The tab-separated rows of a file, comment and blank lines left out. */
function rows(file) {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.split('\t'));
}

/** Median ms per puzzle of each case in examples/generate_stats's output, by name. */
const nativeMedian = new Map(
  nativeFile ? rows(nativeFile).slice(1).map(([name, , median]) => [name, Number(median)]) : [],
);

/** The value at quantile `q` of sorted numbers. */
const at = (sorted, q) => sorted[Math.round((sorted.length - 1) * q)];

console.log(
  ['case', 'puzzles', 'median ms', 'p90 ms', 'max ms', 'puzzles/s', 'candidates/puzzle', 'wasm/native'].join('\t'),
);
for (const [name, count, json] of rows(casesFile)) {
  const request = JSON.parse(json);
  const ms = [];
  let tries = 0;
  for (let seed = 1; seed <= Number(count); seed++) {
    const t0 = performance.now();
    const generator = new page.Generator(request, seed);
    let made;
    while (!(made = generator.run(1)));
    generator.free();
    ms.push(performance.now() - t0);
    tries += made.tries;
  }
  const total = ms.reduce((a, b) => a + b, 0);
  ms.sort((a, b) => a - b);
  const native = nativeMedian.get(name);
  console.log(
    [
      name,
      count,
      at(ms, 0.5).toFixed(2),
      at(ms, 0.9).toFixed(2),
      at(ms, 1).toFixed(2),
      ((Number(count) * 1000) / total).toFixed(1),
      (tries / Number(count)).toFixed(1),
      native ? (at(ms, 0.5) / native).toFixed(2) : '-',
    ].join('\t'),
  );
}
