// Human strategy benchmark in a real browser: serves the repository on 127.0.0.1, opens the
// page in headless Chromium (Debian's /usr/bin/chromium through playwright-core), and times,
// inside that page, the whole explained Human trace of every puzzle with the page's own
// module (www/pkg/stepdoku.js, stepdoku_bg.wasm) through its `Solver` class, as the page's
// worker uses it. Prints per collection the share explained with no guess and median / p99 /
// max ms per trace, and how many traces took longer than 50 ms.
//
// Usage: node node/human-browser.mjs [--every-17 N] [--rounds R] [--batch B] [--warmup N]
//          [collection…]
//
// Chromium's performance.now() is coarsened (0.1 ms without cross-origin isolation), which
// is below the resolution these figures are read at.

import { launch } from '../../tests/e2e/helpers.mjs';
import { load, readOptions } from './human-options.mjs';

const LIMIT_MS = 50;
const options = readOptions(process.argv.slice(2));

/**
 * Runs in the page: explains every puzzle `rounds` times and returns, per puzzle, its best
 * time in ms and its number of guesses. The trace is made as www/worker.js makes it: batches
 * of `stepMany`, each step without its empty lists.
 */
async function explainAll({ puzzles, rounds, batch, warmup }) {
  const { default: init, Solver } = await import('/www/pkg/stepdoku.js');
  await init();
  const trace = (line) => {
    const t0 = performance.now();
    const solver = new Solver(line, 'human');
    let nGuesses = 0;
    for (;;) {
      const steps = solver.stepMany(batch);
      for (const step of steps) {
        for (const key of ['cells', 'houses', 'pattern', 'fins', 'links']) {
          if (step[key].length === 0) delete step[key];
        }
        if (step.kind === 'guess') nGuesses++;
      }
      if (steps.length < batch) break;
    }
    solver.free();
    return { ms: performance.now() - t0, nGuesses };
  };
  for (const line of puzzles.slice(0, warmup)) trace(line);
  const results = puzzles.map((line) => trace(line));
  for (let round = 1; round < rounds; round++) {
    puzzles.forEach((line, i) => {
      results[i].ms = Math.min(results[i].ms, trace(line).ms);
    });
  }
  return results;
}

const { url, browser, close } = await launch();
try {
  const page = await browser.newPage();
  await page.goto(url);
  const version = browser.browser()?.version() ?? (await page.evaluate(() => navigator.userAgent));
  console.log(
    `headless Chromium ${version}: the page's www/pkg module, new Solver(puzzle, "human") +` +
      ` stepMany(${options.batch}) until done, in the page; best of ${options.rounds} round(s)` +
      ` per puzzle after ${options.warmup} warm-up traces`,
  );
  console.log(
    ['collection'.padEnd(26), 'puzzles', 'no guess', '  median', '     p99', '     max', `>${LIMIT_MS}ms`].join(
      ' ',
    ),
  );
  const fmt = (x) => x.toFixed(x >= 100 ? 0 : 2).padStart(8);
  for (const name of options.collections) {
    const every = name === '17_clue' ? options.every17 : 1;
    const puzzles = load(name, every).map(({ line }) => line);
    const results = await page.evaluate(explainAll, {
      puzzles,
      rounds: options.rounds,
      batch: options.batch,
      warmup: options.warmup,
    });
    const ms = results.map((r) => r.ms).sort((a, b) => a - b);
    const at = (p) => ms[Math.round((ms.length - 1) * p)];
    const noGuess = (100 * results.filter((r) => r.nGuesses === 0).length) / results.length;
    const label = every > 1 ? `${name} (every ${every}th)` : name;
    console.log(
      [
        label.padEnd(26),
        String(puzzles.length).padStart(7),
        `${noGuess.toFixed(1)}%`.padStart(8),
        fmt(at(0.5)),
        fmt(at(0.99)),
        fmt(at(1)),
        String(ms.filter((x) => x > LIMIT_MS).length).padStart(6),
      ].join(' '),
    );
  }
} finally {
  await close();
}
