// Playback: the trace as the page sees it. The trace itself lives in the worker (a wasm
// Timeline: compact, with checkpoints, in bounded memory); the page holds only what it shows:
// the board at one position, the step that led there and the counters. It asks the worker
// for positions, never for every step, with at most one request out at a time, so replies
// never queue up behind the page. JS owns the clock: requestAnimationFrame decides how far
// play has got, and a reply is drawn as it arrives.

import { afterPaint } from './after-paint.js';
import { applyChanges } from './board-model.js';
import { CancelledError } from './worker-client.js';

/** While playing, the time the worker may spend on one request, in ms. */
const PLAY_BUDGET_MS = 12;
/** From this many cells (25×25), playing moves the board at most every BIG_BOARD_GAP_MS. */
const BIG_BOARD_CELLS = 625;
const BIG_BOARD_GAP_MS = 30;
/** While seeking, the time the worker may spend making steps before it reports progress. */
const SEEK_BUDGET_MS = 60;
/**
 * Steps kept made ahead of the position while nothing else is asked for, so Step forward and
 * a short trace's step list need no wait.
 */
const AHEAD = 300;
/** A position asked for shows its progress once it has taken this long, in ms. */
const SLOW_SEEK_MS = 250;
/** Rows of the step list kept on the page; beyond this the oldest are forgotten. */
const MAX_ROWS = 2000;
/**
 * The most steps one seek may make beyond those made already: a link (or `goToStep`) asking
 * for a step further on stops at the last step this allows, a real position, and `note` says
 * so; Play goes on from there. Two million Backtracking steps take about 3 s in headless
 * Chromium on a quiet 2-core machine (about 700,000 a second), so a link to any step a person
 * could want opens, while one to step 10^12 costs seconds, not hours. A count, not a time, so
 * that a link lands on the same step on every machine.
 */
export const MAX_SEEK_STEPS = 2_000_000;

/** The running counts at the start of a trace, and with no trace. */
export const NO_COUNTERS = Object.freeze({
  steps: 0,
  placements: 0,
  guesses: 0,
  backtracks: 0,
  depth: 0,
});

export class Playback {
  /**
   * `client` is a WorkerClient; `onChange()` is called after anything changed; `onError(error)`
   * when the worker refuses the trace.
   */
  constructor(client, { onChange, onError }) {
    this.client = client;
    this.onChange = onChange;
    this.onError = onError;
    this.traceId = 0;
    this.isLoaded = false;
    this.isPlaying = false;
    this.speed = 8;
    this.frame = 0;
    this.lastTime = 0;
    this.sentAt = 0;
    this.due = 0;
    this.stopReason = null;
    /**
     * Whether making steps ahead waits for the position just received to be painted: that
     * making shows nothing, and its reply would redraw the page in the same frames.
     */
    this.isAheadHeld = false;
    this.reset(null);
    client.addEventListener('restart', () => this.orphan('cancelled'));
  }

  /** Forgets the trace shown, keeping `start` (the board before its first step) if given. */
  reset(start) {
    this.start = start;
    this.board = start && {
      ...start,
      values: start.values.slice(),
      origins: start.origins.slice(),
      depths: start.depths.slice(),
      candidates: start.candidates.slice(),
    };
    this.position = 0;
    this.made = 0;
    this.isComplete = false;
    this.current = null;
    this.counters = NO_COUNTERS;
    /**
     * A position asked for and not reached yet: `{ target, asked }` (`asked` the step asked
     * for, `target` the one the seek will stop at, within MAX_SEEK_STEPS) or `{ filled }`,
     * or null.
     */
    this.wanted = null;
    /**
     * Why the last seek stopped short of the step asked for, `{ kind, position, asked }`:
     * kind `budget` (MAX_SEEK_STEPS) or `stopped` (Pause); null when it did not.
     */
    this.note = null;
    this.settled = [];
    this.isInFlight = false;
    this.rows = new Map();
    this.rowsAsked = null;
  }

  /**
   * Starts a trace with a strategy from `source`: `{ board, request }`, the board before the
   * first step and what the worker's `start` needs besides (`text`, or `values` and `marks`).
   * `at` may name where to go at once: `{ target }` (a step) or `{ filled }` (the first
   * position with that many digits on the board). Resolves once there.
   */
  load({ board, request }, strategy, at = null) {
    this.pause();
    this.traceId++;
    this.isLoaded = true;
    this.stopReason = null;
    this.reset(board);
    const trace = this.traceId;
    this.isInFlight = true;
    this.client.request('start', { ...request, trace, strategy }).then(
      () => this.receive(trace, null),
      (error) => this.fail(trace, error),
    );
    return at ? this.goTo(at) : Promise.resolve();
  }

  /** Forgets the trace. */
  unload() {
    this.pause();
    this.traceId++;
    this.isLoaded = false;
    this.stopReason = null;
    this.settle();
    this.reset(null);
  }

  /** The worker lost the trace (cancelled, or failed): keep the position, ask no more. */
  orphan(reason) {
    if (this.isLoaded && !this.stopReason) {
      this.stopReason = reason;
      this.isComplete = true;
      this.made = this.position;
      this.isInFlight = false;
      this.pause();
      this.settle();
      this.onChange();
    }
  }

  fail(trace, error) {
    if (trace === this.traceId && !(error instanceof CancelledError)) {
      this.orphan('failed');
      this.onError(error);
    }
  }

  get canBack() {
    return this.position > 0;
  }

  /** Whether the trace has ended and the position is its last step. */
  get isAtEnd() {
    return this.isComplete && this.position === this.made;
  }

  /**
   * A position asked for more than SLOW_SEEK_MS ago and still being made: `{ target, made }`
   * or `{ filled, made }`; null when none.
   */
  get seeking() {
    const w = this.wanted;
    return w && performance.now() - w.since > SLOW_SEEK_MS ? { ...w, made: this.made } : null;
  }

  /** Sends the next request the position needs, unless one is out already. */
  pump() {
    if (this.isInFlight || !this.isLoaded || this.stopReason) {
      return;
    }
    const trace = this.traceId;
    let type;
    let payload;
    if (this.isPlaying) {
      // A board too big to redraw every frame moves at most every BIG_BOARD_GAP_MS.
      const isBig = this.board.values.length >= BIG_BOARD_CELLS;
      if (isBig && performance.now() - this.sentAt < BIG_BOARD_GAP_MS) {
        return;
      }
      this.sentAt = performance.now();
      const target = Number.isFinite(this.speed) ? this.position + Math.floor(this.due) : Infinity;
      if (target === this.position) {
        return;
      }
      this.due -= target - this.position;
      [type, payload] = ['play', { trace, target, budgetMs: PLAY_BUDGET_MS }];
    } else if (this.wanted && 'filled' in this.wanted) {
      const { filled } = this.wanted;
      [type, payload] = ['seekFilled', { trace, filled, budgetMs: SEEK_BUDGET_MS }];
    } else if (this.wanted) {
      const { target } = this.wanted;
      [type, payload] = ['seek', { trace, target, budgetMs: SEEK_BUDGET_MS }];
    } else if (!this.isComplete && this.made < this.position + AHEAD && !this.isAheadHeld) {
      const until = this.position + AHEAD;
      [type, payload] = ['ahead', { trace, until, budgetMs: PLAY_BUDGET_MS }];
    } else {
      return;
    }
    this.isInFlight = true;
    this.client.request(type, payload).then(
      (reply) => this.receive(trace, reply),
      (error) => this.fail(trace, error),
    );
  }

  /**
   * Takes in a reply: the view at the worker's cursor, `{ made, isComplete }` alone after
   * making steps ahead, or null (the trace was started).
   */
  receive(trace, reply) {
    if (trace !== this.traceId) {
      return;
    }
    this.isInFlight = false;
    if (reply && !reply.changes) {
      this.made = reply.made;
      this.isComplete = reply.isComplete;
    } else if (reply) {
      applyChanges(this.board, this.start, reply.changes);
      this.position = reply.position;
      if (this.note && this.note.position !== this.position) {
        // A reply sent before the seek stopped moved on: the note is not of this position.
        this.note = null;
      }
      this.made = reply.made;
      this.isComplete = reply.isComplete;
      this.current = reply.step;
      this.counters = reply.counters;
      const w = this.wanted;
      if (w && (reply.found || ('target' in w && (reply.position === w.target || this.isAtEnd)))) {
        this.settle();
        if ('target' in w && w.asked > this.position && !this.isAtEnd) {
          const kind = w.isStopped ? 'stopped' : 'budget';
          this.note = { kind, position: this.position, asked: w.asked };
        }
      }
      if (this.isAtEnd) {
        this.pause();
      }
      if (!this.isPlaying) {
        this.holdAhead();
      }
    }
    this.pump();
    this.onChange();
  }

  /** Makes no steps ahead until the frame showing the position received is painted. */
  holdAhead() {
    if (!this.isAheadHeld) {
      this.isAheadHeld = true;
      afterPaint(() => {
        this.isAheadHeld = false;
        this.pump();
      });
    }
  }

  /** The wanted position is reached (or given up): the promises of `goTo` resolve. */
  settle() {
    this.wanted = null;
    for (const resolve of this.settled.splice(0)) {
      resolve();
    }
  }

  /**
   * Goes to `at` (`{ target }` or `{ filled }`, see `load`), making at most MAX_SEEK_STEPS
   * steps on the way; resolves once there, or where it stops.
   */
  goTo(at) {
    this.pause();
    this.note = null;
    const since = this.wanted?.since ?? performance.now();
    this.wanted =
      'target' in at
        ? { target: Math.min(at.target, this.made + MAX_SEEK_STEPS), asked: at.target, since }
        : { ...at, since };
    const reached = new Promise((resolve) => this.settled.push(resolve));
    this.pump();
    this.onChange();
    return reached;
  }

  /**
   * Stops a seek under way where the making has got: the board goes to the last step made on
   * the way (at once, as it needs no making), and `note` says where it stopped, also when no
   * step beyond the position was made yet. A seek for a number of digits on the board stays
   * where it is.
   */
  stopSeek() {
    const w = this.wanted;
    if (w && 'target' in w && this.made >= w.target) {
      // Every step on the way is made: the seek lands at once.
      return;
    }
    if (!w || !('target' in w)) {
      this.cancelSeek();
      return;
    }
    if (this.made <= this.position) {
      this.note = { kind: 'stopped', position: this.position, asked: w.asked };
      this.cancelSeek();
      return;
    }
    this.wanted = { target: this.made, asked: w.asked, since: w.since, isStopped: true };
    this.pump();
    this.onChange();
  }

  /** Stops making steps toward a position asked for: the board stays where it is. */
  cancelSeek() {
    if (this.wanted) {
      this.settle();
      this.onChange();
    }
  }

  play() {
    if (!this.isLoaded || this.isAtEnd || this.isPlaying) {
      return;
    }
    this.settle();
    this.note = null;
    this.isPlaying = true;
    // Play starts with one step due, so the first step shows at once.
    this.due = 1;
    this.lastTime = performance.now();
    this.frame = requestAnimationFrame((t) => this.tick(t));
    this.pump();
    this.onChange();
  }

  pause() {
    if (!this.isPlaying) {
      return;
    }
    this.isPlaying = false;
    cancelAnimationFrame(this.frame);
    this.onChange?.();
  }

  tick(now) {
    const elapsed = Math.min(250, now - this.lastTime);
    this.lastTime = now;
    if (Number.isFinite(this.speed)) {
      // A stall waiting for the worker does not build up a burst.
      this.due = Math.min(this.due + (elapsed * this.speed) / 1000, Math.max(1, this.speed / 10));
    }
    this.pump();
    if (this.isPlaying) {
      this.frame = requestAnimationFrame((t) => this.tick(t));
    }
  }

  setSpeed(stepsPerSecond) {
    this.speed = stepsPerSecond;
  }

  /** The position a move starts from: the one asked for, or the one shown. */
  get aim() {
    return this.wanted && 'target' in this.wanted ? this.wanted.target : this.position;
  }

  /** Steps forward once, making the step if need be. */
  forward() {
    if (this.isLoaded && !this.isAtEnd) {
      this.goTo({ target: this.aim + 1 });
    }
  }

  back() {
    if (this.isLoaded && this.aim > 0) {
      this.goTo({ target: this.aim - 1 });
    }
  }

  /** Moves to step `position` (or the trace's end); resolves once there. */
  seek(position) {
    return this.isLoaded ? this.goTo({ target: position }) : Promise.resolve();
  }

  /**
   * The step after the position (made if need be), or undefined at the end of the trace or
   * when the trace was replaced meanwhile.
   */
  async upcoming() {
    const trace = this.traceId;
    try {
      const step = await this.client.request('upcoming', { trace });
      return trace === this.traceId && step ? step : undefined;
    } catch (error) {
      this.fail(trace, error);
      return undefined;
    }
  }

  /**
   * The row of the step list for step `index`, `{ kind, text }`, or undefined while it is
   * on its way: rows `from` to `from + count - 1` are asked for together, and `onChange()`
   * says when they arrived.
   */
  row(index, from, count) {
    const row = this.rows.get(index);
    if (row || index >= this.made) {
      return row;
    }
    const key = `${this.traceId}:${from}:${Math.min(from + count, this.made)}`;
    if (this.rowsAsked !== key) {
      this.rowsAsked = key;
      const trace = this.traceId;
      this.client.request('rows', { trace, from, count }).then(
        (rows) => {
          if (trace !== this.traceId) {
            return;
          }
          if (this.rows.size + rows.length > MAX_ROWS) {
            this.rows.clear();
          }
          rows.forEach((r, k) => this.rows.set(from + k, r));
          this.onChange();
        },
        () => {
          this.rowsAsked = null;
        },
      );
    }
    return undefined;
  }
}
