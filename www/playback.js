// Playback: feeds a Player with steps from the worker, in batches, and moves it in time.
// JS owns the clock: requestAnimationFrame advances the position at the chosen speed and
// asks for a repaint once per frame, however many steps that frame covered.

import { Player } from './player.js';
import { CancelledError } from './worker-client.js';

/** Steps kept fetched ahead of the position: at least this many, or a second of play. */
const MIN_AHEAD = 300;
/** Never fetch further ahead than this, so memory stays bounded at any speed. */
const MAX_AHEAD = 5000;
/** Batch sizes adapt so one request takes about this long in the worker… */
const BATCH_TARGET_MS = 30;
/** …within these bounds. */
const MAX_BATCH = 1000;
/** Requests out at once: the worker makes the next batch while the page plays the last. */
const MAX_IN_FLIGHT = 2;
/** At the maximum speed, the time a frame may spend applying steps. */
const FRAME_BUDGET_MS = 8;

export class Playback {
  /**
   * `client` is a WorkerClient; `onChange()` is called after anything changed (at most once a
   * frame while playing); `onError(error)` when the worker refuses the trace.
   */
  constructor(client, { onChange, onError }) {
    this.client = client;
    this.onChange = onChange;
    this.onError = onError;
    this.player = null;
    this.traceId = 0;
    this.isPlaying = false;
    this.nInFlight = 0;
    this.speed = 8;
    this.batch = 200;
    this.frame = 0;
    this.lastTime = 0;
    this.due = 0;
    this.stopReason = null;
    client.addEventListener('restart', () => this.orphan('cancelled'));
  }

  /**
   * Starts a trace with a strategy from `source`: `{ board, request }`, the board before the
   * first step and what the worker's `start` needs besides (`text`, or `values` and `marks`).
   */
  load({ board, request }, strategy) {
    this.pause();
    this.traceId++;
    this.stopReason = null;
    this.nInFlight = 0;
    this.player = new Player(board);
    this.batch = 200;
    const trace = this.traceId;
    this.client.request('start', { ...request, trace, strategy }).then(
      () => this.fetch(),
      (error) => {
        if (trace === this.traceId) {
          this.orphan('failed');
          this.onError(error);
        }
      },
    );
  }

  /** Forgets the trace. */
  unload() {
    this.pause();
    this.traceId++;
    this.player = null;
    this.stopReason = null;
    this.nInFlight = 0;
  }

  /** The worker lost the trace (cancelled, or failed): keep what arrived, fetch no more. */
  orphan(reason) {
    if (this.player && !this.player.isComplete) {
      this.player.isComplete = true;
      this.stopReason = reason;
      this.nInFlight = 0;
      this.pause();
      this.onChange();
    }
  }

  get wantsMore() {
    const p = this.player;
    if (!p || p.isComplete || this.nInFlight >= MAX_IN_FLIGHT) {
      return false;
    }
    const rate = Number.isFinite(this.speed) ? this.speed : MAX_AHEAD;
    return p.ahead + this.nInFlight * this.batch < Math.min(MAX_AHEAD, Math.max(MIN_AHEAD, rate));
  }

  /** Asks for more steps while the ones ahead run short; replies come in order. */
  async fetch() {
    if (!this.wantsMore) {
      return;
    }
    this.nInFlight++;
    const trace = this.traceId;
    let reply;
    try {
      reply = await this.client.request('steps', { trace, max: this.batch });
    } catch (error) {
      if (trace === this.traceId && !(error instanceof CancelledError)) {
        this.orphan('failed');
        this.onError(error);
      }
      return;
    }
    if (trace !== this.traceId || this.player.isComplete) {
      return;
    }
    this.nInFlight--;
    const elapsed = Math.max(1, reply.elapsed);
    this.batch = Math.round(
      Math.min(MAX_BATCH, Math.max(20, this.batch * Math.min(2, BATCH_TARGET_MS / elapsed))),
    );
    this.player.append(reply.steps, reply.isLast);
    this.onChange();
    this.fetch();
  }

  play() {
    if (!this.player || this.player.isAtEnd || this.isPlaying) {
      return;
    }
    this.isPlaying = true;
    this.due = 1;
    this.lastTime = performance.now();
    this.frame = requestAnimationFrame((t) => this.tick(t));
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
    const p = this.player;
    const elapsed = Math.min(250, now - this.lastTime);
    this.lastTime = now;
    if (Number.isFinite(this.speed)) {
      // Play starts with one step due, so the first step shows at once; a stall waiting for
      // steps does not build up a burst.
      this.due = Math.min(this.due + (elapsed * this.speed) / 1000, Math.max(1, this.speed / 10));
      while (this.due >= 1 && p.forward()) {
        this.due--;
      }
    } else {
      const until = performance.now() + FRAME_BUDGET_MS;
      while (performance.now() < until && p.forward());
    }
    this.fetch();
    if (p.isAtEnd) {
      this.isPlaying = false;
    } else {
      this.frame = requestAnimationFrame((t) => this.tick(t));
    }
    this.onChange();
  }

  setSpeed(stepsPerSecond) {
    this.speed = stepsPerSecond;
    this.fetch();
  }

  /**
   * The step after the position, once it has arrived; undefined at the end of the trace or
   * when the trace was replaced meanwhile.
   */
  async upcoming() {
    const p = this.player;
    while (p && !p.canForward && !p.isComplete && p === this.player) {
      this.fetch();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return p && p === this.player ? p.stepAt(p.position) : undefined;
  }

  /** Steps forward once, waiting for the step if it has not arrived. */
  async forward() {
    const p = this.player;
    if (!p) {
      return;
    }
    this.pause();
    await this.upcoming();
    if (p === this.player && p.forward()) {
      this.fetch();
      this.onChange();
    }
  }

  back() {
    this.pause();
    if (this.player?.back()) {
      this.onChange();
    }
  }

  /**
   * Moves to step `target`, fetching the steps before it as it goes; resolves once there,
   * or as far as the trace and the kept history reach.
   */
  async seekTo(target) {
    this.pause();
    const p = this.player;
    while (p && p === this.player) {
      const reachable = Math.min(target, p.total);
      p.seek(reachable);
      this.fetch();
      this.onChange();
      if (p.position !== reachable || p.position === target || p.isComplete) {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  seek(position) {
    this.pause();
    if (this.player) {
      this.player.seek(position);
      this.fetch();
      this.onChange();
    }
  }
}
