// The module worker that does the heavy work off the page's thread: verdicts, solving, the
// stepping solver and the rating. Requests are `{ id, type, … }`; every request gets one
// reply `{ id, ok: true, result }` or `{ id, ok: false, error }` (the wasm diagnosis object,
// or a message). Messages are handled one at a time, in order, so a reply always follows the
// work before it.
//
// The worker fetches no wasm itself: the page compiles each module once (wasm.js) and sends
// it as `{ type: 'module', name, module }` before the first request that needs it
// (requests.js says which); the worker instantiates it then. The explainer's glue code is
// imported only at that point too.
//
// The page runs the rating in a second instance of this worker, so a long rating never
// holds up a trace, and stopping it is terminating that instance.

/** Each module's exports once instantiated, or the error that stopped it, by name. */
const instances = {};

async function instantiate(name, module) {
  try {
    const glue =
      name === 'core' ? await import('./pkg/stepdoku_core.js') : await import('./pkg/stepdoku.js');
    await glue.default({ module_or_path: module });
    instances[name] = glue;
  } catch (error) {
    instances[name] = new Error(`The ${name} solver module could not start: ${error?.message}`);
  }
}

/** The exports of module `name`; throws when it has not arrived or could not start. */
function exportsOf(name) {
  const instance = instances[name] ?? new Error(`The ${name} solver module has not arrived.`);
  if (instance instanceof Error) {
    throw instance;
  }
  return instance;
}

/** The solver of the current trace, and the trace's id: one trace at a time. */
let solver = null;
let traceId = null;

/** The Human solver being rated, kept between `rate` and `rateMore`. */
let rating = null;

/** The step cap of a rating, as `stepdoku rate` (Rating::DEFAULT_MAX_STEPS). */
const RATING_MAX_STEPS = 100000;
/** Steps taken between looks at the clock: a few ms of work on a 9×9. */
const RATING_SLICE = 16;

const handlers = {
  /** The verdict on a puzzle: unique, several (two shown), none or invalid. */
  analyze({ text }) {
    return exportsOf('core').analyze(text);
  },

  /**
   * Starts trace `trace` of puzzle `text`, or of a person's position (`values`, `marks`: see
   * Solver.fromPosition), dropping the previous trace.
   */
  start({ trace, text, values, marks, strategy }) {
    solver?.free();
    solver = null;
    solver = newSolver({ text, values, marks }, strategy);
    traceId = trace;
    return true;
  },

  /**
   * The next step of the Human strategy from a person's position (`values`, `marks`), or
   * null when the position is solved; the trace under way is left alone.
   */
  hint({ values, marks }) {
    const hinter = newSolver({ values, marks }, 'human');
    try {
      const step = hinter.step();
      return step === undefined ? null : compact(step);
    } finally {
      hinter.free();
    }
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

  /**
   * Rates a puzzle as `stepdoku rate` does, spending at most `budgetMs`: `{ done: true,
   * rating }` (`rating.truncated` when the step cap cut it short), or `{ done: false,
   * nSteps, elapsed }` when the budget ran out first; `rateMore` then carries on.
   */
  rate({ text, budgetMs }) {
    rating?.free();
    rating = null;
    rating = newSolver({ text }, 'human');
    return this.rateMore({ budgetMs });
  },

  /** Carries on the rating `rate` started, for at most `budgetMs` more. */
  rateMore({ budgetMs }) {
    if (!rating) {
      throw new Error('No rating to carry on.');
    }
    const started = performance.now();
    let isEnded = false;
    while (!isEnded && performance.now() - started < budgetMs) {
      const max = Math.min(RATING_SLICE, RATING_MAX_STEPS - rating.stepCount);
      isEnded = max === 0 || rating.advance(max) < max;
    }
    const elapsed = performance.now() - started;
    if (!isEnded) {
      return { done: false, nSteps: rating.stepCount, elapsed };
    }
    const result = { done: true, rating: rating.rating, elapsed };
    rating.free();
    rating = null;
    return result;
  },
};

/** A solver of puzzle text, or of a position when `text` is absent. */
function newSolver({ text, values, marks }, strategy) {
  const { Solver } = exportsOf('full');
  return text === undefined
    ? Solver.fromPosition(values, marks, strategy)
    : new Solver(text, strategy);
}

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

async function handle(data) {
  const { id, type } = data;
  if (type === 'module') {
    await instantiate(data.name, data.module);
    return;
  }
  try {
    postMessage({ id, ok: true, result: handlers[type](data) });
  } catch (error) {
    postMessage({ id, ok: false, error: error instanceof Error ? error.message : error });
  }
}

let queue = Promise.resolve();

self.onmessage = ({ data }) => {
  queue = queue.then(() => handle(data));
};

// Tells the page the script loaded: an error before this means the worker could not start.
postMessage({ type: 'started' });
