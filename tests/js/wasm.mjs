// Loads the wasm module (www/pkg, built by scripts/build-wasm.sh) into node for the unit
// tests, synchronously, as the page's worker would load it.

import { readFileSync } from 'node:fs';
import * as wasm from '../../www/pkg/stepdoku.js';

wasm.initSync({ module: readFileSync(new URL('../../www/pkg/stepdoku_bg.wasm', import.meta.url)) });

export default wasm;

/** The easy 9×9 puzzle most unit tests use, its givens and its solution, one value per cell. */
export const EASY =
  '850002400720000009004000000000107002305000900040000000000080070017000000000036040';
export const GIVENS = Uint8Array.from(EASY, Number);
export const SOLUTION = Uint8Array.from(wasm.solve(EASY), Number);

/** A puzzle as the page reads it (www/core.js readPuzzle). */
export function parse(text) {
  const { size, boxRows, boxCols, values, candidates, marks, line, layout } =
    wasm.parsePuzzle(text);
  return {
    shape: { size, boxRows, boxCols },
    layout: { ...layout, regions: Uint8Array.from(layout.regions) },
    values: Uint8Array.from(values),
    line,
    candidates: Uint32Array.from(candidates),
    marks: marks ? Uint32Array.from(marks) : null,
  };
}

/** Every step of a trace (at most `limit`). */
export function trace(text, strategy, limit = Infinity) {
  return stepsOf(new wasm.Solver(text, strategy), limit);
}

/** Every step of a trace from a person's position (see Solver.fromPosition). */
export function positionTrace(values, marks, strategy, limit = Infinity) {
  return stepsOf(wasm.Solver.fromPosition(values, marks, strategy), limit);
}

/** The steps of `solver` (at most `limit`), freeing it. */
function stepsOf(solver, limit) {
  const steps = [];
  try {
    for (let batch; steps.length < limit && (batch = solver.stepMany(500)).length;) {
      steps.push(...batch);
    }
  } finally {
    solver.free();
  }
  return steps.slice(0, limit);
}
