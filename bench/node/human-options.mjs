// Shared by the two Human strategy benchmarks (human.mjs under node, human-browser.mjs in
// headless Chromium): their command-line options and how they read the collections.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dataDir = fileURLToPath(new URL('../../../shared/data/', import.meta.url));

/**
 * Reads `[--native FILE]… [--every-17 N] [--rounds R] [--batch B] [--warmup N]
 * [collection…]`; the collections default to every one with unique solutions.
 */
export function readOptions(args) {
  const options = { native: [], every17: 10, rounds: 1, batch: 200, warmup: 50, collections: [] };
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    const value = () => {
      const v = args[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--native') options.native.push(value());
    else if (flag === '--every-17') options.every17 = Number(value());
    else if (flag === '--rounds') options.rounds = Number(value());
    else if (flag === '--batch') options.batch = Number(value());
    else if (flag === '--warmup') options.warmup = Number(value());
    else options.collections.push(flag);
  }
  if (options.collections.length === 0) {
    options.collections = [
      '17_clue',
      'magictour_top1465',
      'forum_hardest_1106',
      'norvig_top95',
      'norvig_hardest',
    ];
  }
  return options;
}

/** The non-blank lines of a collection with their index, every `every`th kept. */
export function load(name, every) {
  return fs
    .readFileSync(path.join(dataDir, `${name}.txt`), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .map((line, index) => ({ index, line }))
    .filter(({ index }) => index % every === 0);
}
