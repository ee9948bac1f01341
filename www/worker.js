// The module worker that does the heavy work off the page's thread: verdicts, solving and
// the stepping solver. Requests are `{ id, type, … }`; every request gets one reply
// `{ id, ok: true, result }` or `{ id, ok: false, error }` (the wasm diagnosis object, or a
// message). Messages are handled in order, so a reply always follows the work before it.

import init, { analyze, Solver } from './pkg/stepdoku.js';

const ready = init({ module_or_path: new URL('./pkg/stepdoku_bg.wasm', import.meta.url) });

/** The solver of the current trace, and the trace's id: one trace at a time. */
let solver = null;
let traceId = null;

const handlers = {
  /** The verdict on a puzzle: unique, several (two shown), none or invalid. */
  analyze({ text }) {
    return analyze(text);
  },

  /** Starts trace `trace`, dropping the previous one. */
  start({ trace, text, strategy }) {
    solver?.free();
    solver = null;
    solver = new Solver(text, strategy);
    traceId = trace;
    return true;
  },

  /**
   * The next steps of trace `trace`: `{ steps, isLast, elapsed }` (ms spent here); none once
   * the trace is not current.
   */
  steps({ trace, max }) {
    if (!solver || trace !== traceId) {
      return { steps: [], isLast: true, elapsed: 0 };
    }
    const started = performance.now();
    const steps = solver.stepMany(max).map(compact);
    const isLast = steps.length < max;
    if (isLast) {
      solver.free();
      solver = null;
    }
    return { steps, isLast, elapsed: performance.now() - started };
  },
};

/**
 * A step without its empty lists: a backtracking trace runs to millions of steps, and every
 * object sent costs the page time to receive. Readers treat a missing list as empty.
 */
function compact(step) {
  for (const key of ['cells', 'houses', 'pattern', 'fins', 'links']) {
    if (step[key].length === 0) {
      delete step[key];
    }
  }
  return step;
}

self.onmessage = async ({ data }) => {
  const { id, type } = data;
  try {
    await ready;
    postMessage({ id, ok: true, result: handlers[type](data) });
  } catch (error) {
    postMessage({ id, ok: false, error: error instanceof Error ? error.message : error });
  }
};
