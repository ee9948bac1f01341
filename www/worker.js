// The module worker that does the heavy work off the page's thread: verdicts, solving, the
// stepping solver and the rating. Requests are `{ id, type, … }`; every request gets one
// reply `{ id, ok: true, result }` or `{ id, ok: false, error }` (the wasm diagnosis object,
// or a message). Messages are handled one at a time, in order, so a reply always follows the
// work before it.
//
// The page also makes new puzzles in an instance of its own (see `generate`).
//
// The worker fetches no wasm itself: the page compiles each module once (wasm.js) and sends
// it as `{ type: 'module', name, module }` before the first request that needs it
// (requests.js says which); the worker instantiates it then. The explainer's glue code is
// imported only at that point too.
//
// Steps, ratings and verdicts go to the page as the core writes them (docs/FORMATS.md, "Wire
// format": a step leaves out its empty lists, which matters on traces of millions of steps).
//
// The page runs the rating in a second instance of this worker, so a long rating never
// holds up a trace, and stopping it is terminating that instance.

/** Each module's exports once instantiated, or the error that stopped it, by name. */
const instances = {};

async function instantiate(name, module) {
  try {
    const glue =
      name === 'verdict'
        ? await import('./pkg/stepdoku_verdict.js')
        : await import('./pkg/stepdoku.js');
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

/**
 * The trace shown (a wasm Timeline: compact, with checkpoints, in bounded memory) and its
 * id: one trace at a time. The page asks for positions; the trace stays here.
 */
let timeline = null;
let traceId = null;

/** The furthest position a trace can name (wasm takes positions as 32-bit numbers). */
const MAX_POSITION = 2 ** 32 - 1;
/** The most steps made or passed between looks at the clock. */
const MAX_SLICE = 256;

/** The Human solver being rated, kept between `rate` and `rateMore`. */
let rating = null;

/** Steps taken between looks at the clock: a few ms of work on a 9×9. */
const RATING_SLICE = 16;

/**
 * The wasm Generator making new puzzles for job `generatorJob`, kept between `generate` calls
 * (as `rating` is between `rate` and `rateMore`) until it finds one or another job starts.
 */
let generator = null;
let generatorJob = null;

const handlers = {
  /**
   * The verdict on a puzzle: unique, several (two shown), none or invalid; or undecided when
   * its search runs out of `nodes`.
   */
  analyze({ text, nodes }) {
    return exportsOf('verdict').analyze(text, nodes);
  },

  /**
   * Starts trace `trace` of puzzle `text`, or of a person's position (`values`, `marks` and
   * the layout's `tag`: see Solver.fromPosition), dropping the previous trace.
   */
  start({ trace, text, values, marks, tag, strategy }) {
    timeline?.free();
    timeline = null;
    const { Timeline } = exportsOf('full');
    timeline =
      text === undefined
        ? Timeline.fromPosition(values, marks, strategy, tag)
        : new Timeline(text, strategy);
    traceId = trace;
    return true;
  },

  /**
   * The next step of the Human strategy from a person's position (`values`, `marks`, `tag`),
   * or null when the position is solved; the trace under way is left alone.
   */
  hint({ values, marks, tag }) {
    const hinter = newSolver({ values, marks, tag }, 'human');
    try {
      return hinter.step() ?? null;
    } finally {
      hinter.free();
    }
  },

  /**
   * Plays trace `trace` toward position `target` (Infinity: as far as it gets), making steps
   * as needed, for about `budgetMs` at most: the cursor moves as steps are made. Returns the
   * view there (see `view`), or null once the trace is not current.
   */
  play({ trace, target, budgetMs }) {
    const t = current(trace);
    if (!t) {
      return null;
    }
    const isDone = () => t.position >= target || (t.isComplete && t.position === t.made);
    inSlices(budgetMs, isDone, (slice) => {
      const next = Math.min(target, t.position + slice);
      if (next > t.made) {
        t.make(next - t.made);
      }
      t.seek(next);
    });
    return view(t);
  },

  /**
   * Goes to position `target` of trace `trace` (or its end, when shorter), making the steps
   * before it for about `budgetMs` at most; the cursor moves only once they are made, so a
   * page never shows the positions on the way. Returns the view (its `made` tells how far
   * the making has got), or null once the trace is not current.
   */
  seek({ trace, target: asked, budgetMs }) {
    const t = current(trace);
    if (!t) {
      return null;
    }
    // Positions cross to wasm as 32-bit numbers: a larger one means "the end".
    const target = Math.min(asked, MAX_POSITION);
    makeUntil(t, budgetMs, () => t.made >= target);
    if (t.made >= target || t.isComplete) {
      t.seek(target);
    }
    return view(t);
  },

  /**
   * Goes to the first position of trace `trace` with at least `filled` digits on the board,
   * as `seek` does; `found` in the view says whether it got there.
   */
  seekFilled({ trace, filled, budgetMs }) {
    const t = current(trace);
    if (!t) {
      return null;
    }
    makeUntil(t, budgetMs, () => t.firstWithFilled(filled) !== undefined);
    const position = t.firstWithFilled(filled);
    if (position !== undefined) {
      t.seek(position);
    }
    return { ...view(t), found: position !== undefined || t.isComplete };
  },

  /**
   * Makes steps of trace `trace` until `until` are made (or the trace ends), for about
   * `budgetMs` at most, without moving its cursor: `{ made, isComplete }`.
   */
  ahead({ trace, until, budgetMs }) {
    const t = current(trace);
    if (!t) {
      return null;
    }
    makeUntil(t, budgetMs, () => t.made >= Math.min(until, MAX_POSITION));
    return { made: t.made, isComplete: t.isComplete };
  },

  /** The step of trace `trace` from its position on (made if need be), or null at its end. */
  upcoming({ trace }) {
    const t = current(trace);
    if (!t) {
      return null;
    }
    if (t.position === t.made) {
      t.make(1);
    }
    return t.step(t.position) ?? null;
  },

  /** Steps `from` to `from + count - 1` of trace `trace` as `[{ kind, text }]`. */
  rows({ trace, from, count }) {
    return current(trace)?.rows(from, count) ?? [];
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
    // The step cap of `stepdoku rate`, so a rating in slices stops where the core's would.
    const maxSteps = exportsOf('full').ratingMaxSteps();
    const started = performance.now();
    let isEnded = false;
    while (!isEnded && performance.now() - started < budgetMs) {
      const max = Math.min(RATING_SLICE, maxSteps - rating.stepCount);
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

  /**
   * Makes new puzzles for job `job` (a new job drops the one before): candidates of a wasm
   * Generator for `request` (`{ size, tag, level, technique, symmetry, … }`, as the
   * Generator export takes it) from `seed` (a whole number, or the date `YYYY-MM-DD` of a
   * puzzle of the day, whose seed is the number YYYYMMDD), one at a time for about `budgetMs`. Returns `{ found }`,
   * the first that meets the request (`{ puzzle, solution, seed, tries, rating }`), or `{ tries
   * }`, the candidates made so far; the page calls again with the same job to carry on, so
   * it can report progress, and stops the job by terminating this worker. A request that
   * cannot be met fails with the generator's sentence (a TypeError's message).
   */
  generate({ job, request, seed, budgetMs }) {
    if (job !== generatorJob) {
      generator?.free();
      generator = null;
      generatorJob = null;
      const full = exportsOf('full');
      generator = new full.Generator(
        request,
        typeof seed === 'string' ? daySeed(full, seed) : seed,
      );
      generatorJob = job;
    }
    // At most one candidate per call, and no call much longer than SLICE_MS (150 ms): a 9×9
    // takes about a millisecond, a minimal 25×25 seconds, paused and carried on call by call.
    const started = performance.now();
    do {
      const found = generator.run(1);
      if (found) {
        generator.free();
        generator = null;
        generatorJob = null;
        return { found };
      }
    } while (performance.now() - started < budgetMs);
    return { tries: generator.tries };
  },
};

/** A solver of puzzle text, or of a position when `text` is absent. */
/** The seed of the puzzle of the day for a date `YYYY-MM-DD`; a TypeError for another. */
function daySeed(full, day) {
  const seed = full.seedOfDate(day);
  if (seed === undefined) {
    throw new TypeError(`${JSON.stringify(day)} is not a day of the calendar.`);
  }
  return seed;
}

function newSolver({ text, values, marks, tag }, strategy) {
  const { Solver } = exportsOf('full');
  return text === undefined
    ? Solver.fromPosition(values, marks, strategy, tag)
    : new Solver(text, strategy);
}

/** The timeline of trace `trace`, if it is still the current one. */
function current(trace) {
  return timeline && trace === traceId ? timeline : null;
}

/**
 * Calls `work(slice)` until `isDone()` or `budgetMs` has passed (at least once unless done),
 * `slice` the number of steps to take: one at first, doubling while a slice takes under a
 * millisecond, so a slow step (Human on 25×25) never overruns the budget by much.
 */
function inSlices(budgetMs, isDone, work) {
  const started = performance.now();
  let slice = 1;
  while (!isDone()) {
    const before = performance.now();
    work(slice);
    const after = performance.now();
    if (after - started >= budgetMs) {
      return;
    }
    if (after - before < 1) {
      slice = Math.min(slice * 2, MAX_SLICE);
    }
  }
}

/** Makes steps of `t` until `isDone()` or the trace's end, for about `budgetMs` at most. */
function makeUntil(t, budgetMs, isDone) {
  inSlices(
    budgetMs,
    () => isDone() || t.isComplete,
    (slice) => t.make(slice),
  );
}

/**
 * What the page shows at the cursor: `{ position, made, isComplete, changes, step,
 * counters }`, `changes` the cells changed since the last view (Timeline.changes, sent as a
 * transferred buffer) and `step` the one that led to the position (null at the start).
 */
function view(t) {
  const position = t.position;
  const step = position > 0 ? t.step(position - 1) : undefined;
  return {
    position,
    made: t.made,
    isComplete: t.isComplete,
    changes: t.changes(),
    step: step ?? null,
    counters: t.counters,
  };
}

async function handle(data) {
  const { id, type } = data;
  if (type === 'module') {
    await instantiate(data.name, data.module);
    return;
  }
  try {
    const result = handlers[type](data);
    const transfer = result?.changes instanceof Uint32Array ? [result.changes.buffer] : [];
    postMessage({ id, ok: true, result }, transfer);
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
