// The rules reader: puzzles with rules (Killer cages, thermometers, arrows, kropki dots, XV,
// extra diagonals, anti-knight…) on the page's thread. The page module (core.js) reads plain
// puzzles only, to stay small; this module is imported the first time a puzzle with rules
// comes (core.js loadRules), and is never loaded for a plain one.
//
// It runs the verdict module, which reads one-line text with rules in parsePuzzle and in every
// call taking a layout key (candidates, conflicts, formatPuzzle, setCell). f-puzzles JSON and
// the f-puzzles and SudokuPad links need the full module's importPuzzle first, which turns
// them into our one-line text; that module is loaded only for them. Both are compiled once
// per page (wasm.js compiledModule, which core.js hands in: imported here, it would split
// wasm.js out of the first grid's bundle into a request of its own) and shared with the
// workers.

import initVerdict, {
  candidates,
  conflicts,
  formatPuzzle,
  parsePuzzle as parseLine,
  setCell,
} from './pkg/stepdoku_verdict.js';

export { candidates, conflicts, formatPuzzle, setCell };

/** The full module's exports once loaded (for importPuzzle), else null. */
let importer = null;
let isVerdictReady = false;

/**
 * Whether `text` is f-puzzles JSON or a link (f-puzzles `load=`, SudokuPad `fpuzzles…`),
 * which only importPuzzle reads, rather than our one-line text.
 */
function isForeign(text) {
  return /^\s*\{|load=|fpuzzles/i.test(text);
}

/** Whether parsePuzzle can read `text` now. */
export function isReadyFor(text) {
  return isVerdictReady && (importer !== null || !isForeign(text));
}

/**
 * Loads what reading `text` needs, each module compiled by `compiledModule` (wasm.js);
 * rejects with why one could not load.
 */
export async function loadFor(text, compiledModule) {
  if (!isVerdictReady) {
    await initVerdict({ module_or_path: await compiledModule('verdict') });
    isVerdictReady = true;
  }
  if (isForeign(text) && !importer) {
    const [glue, module] = await Promise.all([import('./pkg/stepdoku.js'), compiledModule('full')]);
    await glue.default({ module_or_path: module });
    importer = glue;
  }
}

/**
 * The parsePuzzle record of `text` (f-puzzles JSON and links turned into our one-line text
 * first); throws the core's diagnosis when it cannot be read.
 */
export function parsePuzzle(text) {
  return parseLine(isForeign(text) ? importer.importPuzzle(text) : text);
}
