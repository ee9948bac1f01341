// The board's trace as the person watches it, as a controller of its own: Play and Pause,
// Step back and forward, To start, the strategy traced and the speed, hints on the trace
// (hints.js), the forcing chain walked on a step (chain-walk.js, once later-parts.js brings
// it) and `autoplay`. It drives the board's Playback (playback.js: the position, its board
// and counters) and switches the BoardMode (view-model.js) it shares with the board to the
// trace and back; it asks the board for what it does not hold through `WatchingHost`.

import { HintLevels } from './hints.js';

/**
 * What a Watching asks of the board it serves.
 *
 * @typedef {object} WatchingHost
 * @property {() => { board: object, request: object }} source where a trace starts now (the
 *   puzzle while entering, the person's board while solving), for Playback.load
 * @property {() => void} moveOn the person (or a link) moves on: old notices go
 * @property {() => void} wake the board starts its work, if it has not yet
 * @property {() => void} schedule something shown changed
 */

/** The share of an `autoplay` board's grid that must be in view for it to play. */
const AUTOPLAY_RATIO = 0.5;

/** The key a hint on the trace is kept under: the trace and the position it was given at. */
function traceKey(playback) {
  return `${playback.traceId}:${playback.position}`;
}

/**
 * The forcing-chain walk until later-parts.js brings ChainWalk: no chain is on show, and the
 * step's highlight is drawn as it is.
 */
const NO_WALK = Object.freeze({
  step: null,
  show() {},
  over: (highlight) => highlight,
  pause() {},
  setSpeed() {},
  view: () => null,
});

/** The trace shown on the board, and the person's controls over it. */
export class Watching {
  /**
   * @param {WatchingHost} host
   * @param {import('./playback.js').Playback} playback the board's trace
   * @param {import('./view-model.js').BoardMode} mode the board's mode, shared
   */
  constructor(host, playback, mode) {
    this.host = host;
    this.playback = playback;
    this.mode = mode;
    /**
     * `strategy`, the strategy traced; `hints`, hints on the trace shown, each for a trace
     * and a position (see `traceKey`); `isAutoPlaying`, whether `autoplay` started
     * the playing, and `isAutoplayStopped`, whether the person has paused or stepped since.
     */
    this.state = {
      strategy: 'singles',
      hints: new HintLevels(),
      isAutoPlaying: false,
      isAutoplayStopped: false,
    };
    this.walk = NO_WALK;
  }

  get strategy() {
    return this.state.strategy;
  }

  /** The playback when a trace shows, or null. */
  shown() {
    return this.mode.isTrace && this.playback.isLoaded ? this.playback : null;
  }

  /**
   * Starts the trace, unless one is already loaded: of the puzzle while entering it, and from
   * the person's board (their digits and marks) while solving it. `at` may name a position
   * to go to (see Playback.load); resolves once there.
   */
  ensureTrace(at = null) {
    this.host.moveOn();
    let reached;
    if (!this.mode.isTrace || !this.playback.isLoaded) {
      this.mode.watchTrace();
      reached = this.playback.load(this.host.source(), this.state.strategy, at);
    } else {
      reached = at ? this.playback.goTo(at) : Promise.resolve();
    }
    this.host.wake();
    return reached;
  }

  /**
   * Traces with strategy `id` from now on; a trace shown is traced again with it, at the
   * first step with as many digits on the board.
   */
  setStrategy(id) {
    this.state.strategy = id;
    const p = this.shown();
    if (p) {
      const filled = p.board.values.reduce((n, v) => n + (v ? 1 : 0), 0);
      p.load(this.host.source(), id, p.position > 0 ? { filled } : null);
    }
  }

  /** Plays `speed` steps per second (Infinity: as fast as it can), the chain's walk too. */
  setSpeed(speed) {
    this.playback.setSpeed(speed);
    this.walk.setSpeed(speed);
  }

  /** Takes the chain walk later-parts.js brings (ChainWalk), at the trace's speed. */
  setWalk(walk) {
    this.walk = walk;
    walk.setSpeed(this.playback.speed);
  }

  /** The person takes the controls: `autoplay` plays no more. */
  stopAutoplay() {
    this.state.isAutoplayStopped = true;
  }

  /**
   * Walks the forcing chain on show: `action` is `previous`, `next` or `play` (Play chain or
   * Pause chain), or a function that changes the walk. The trace's own playing stops first.
   */
  walkChain(action) {
    const { walk } = this;
    if (!walk.step) {
      return;
    }
    if (this.playback.isPlaying) {
      this.stopAutoplay();
      this.playback.pause();
    }
    if (action === 'previous') {
      walk.previous();
    } else if (action === 'next') {
      walk.pause();
      walk.next();
    } else if (action === 'play') {
      walk.togglePlay();
    } else {
      action();
    }
    this.host.schedule();
  }

  /** Play or Pause; Pause also stops a seek under way (Playback.stopSeek). */
  togglePlay() {
    this.walk.pause();
    if (this.playback.isPlaying) {
      this.stopAutoplay();
      this.playback.pause();
    } else if (this.shown()?.seeking) {
      this.stopAutoplay();
      this.playback.stopSeek();
    } else {
      this.ensureTrace();
      this.playback.play();
    }
    this.host.schedule();
  }

  stepForward() {
    this.stopAutoplay();
    this.ensureTrace();
    this.playback.forward();
  }

  back() {
    this.stopAutoplay();
    this.playback.back();
  }

  seek(position) {
    this.stopAutoplay();
    this.playback.seek(position);
  }

  /**
   * Hints at the next step of the trace, a little more each time (hints.js): first its
   * technique and difficulty, then where it is (its houses, cells and pattern), then the step
   * itself.
   */
  async hint() {
    const { playback } = this;
    this.ensureTrace();
    playback.pause();
    const trace = playback.traceId;
    const step = await playback.upcoming();
    if (!step || trace !== playback.traceId) {
      return;
    }
    const key = traceKey(playback);
    const next = this.state.hints.press(key);
    if (next === 'take') {
      this.state.hints.end();
      this.stepForward();
      return;
    }
    if (next === 'find') {
      this.state.hints.show(key, { kind: 'step', step });
    }
    this.host.schedule();
  }

  /** The hint for the current position of the trace shown, if one is under way. */
  activeHint() {
    const p = this.shown();
    return p ? this.state.hints.at(traceKey(p)) : null;
  }

  /**
   * Carries out a keyboard shortcut of the player (shortcuts.js): `play`, `back`, `forward`,
   * `start`, `previousImplication` or `nextImplication`.
   */
  shortcut(action) {
    const actions = {
      play: () => this.togglePlay(),
      back: () => this.back(),
      forward: () => this.stepForward(),
      start: () => this.seek(0),
      previousImplication: () => this.walkChain('previous'),
      nextImplication: () => this.walkChain('next'),
    };
    actions[action]();
  }

  /**
   * Watches the board's grid (`grid`, the grid's box) for `autoplay`: it plays once half the
   * grid is in view, and pauses once the grid is out of view. Null stops watching.
   */
  observeGrid(grid) {
    this.gridObserver?.disconnect();
    if (grid) {
      this.gridObserver = new IntersectionObserver((entries) => this.autoplay(entries.at(-1)), {
        threshold: [0, AUTOPLAY_RATIO],
      });
      this.gridObserver.observe(grid);
    }
  }

  /**
   * Plays an `autoplay` board once half its grid is in view (`entry`, the grid's last
   * IntersectionObserver entry), and pauses it once the grid is out of view; never after the
   * person has paused or stepped, nor when they prefer reduced motion.
   */
  autoplay(entry) {
    const { state, playback } = this;
    const prefersStill = matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (state.isAutoplayStopped || prefersStill) {
      return;
    }
    if (entry.intersectionRatio >= AUTOPLAY_RATIO) {
      if (!playback.isPlaying) {
        this.ensureTrace();
        playback.play();
        state.isAutoPlaying = true;
        this.host.schedule();
      }
    } else if (!entry.isIntersecting && state.isAutoPlaying) {
      playback.pause();
      this.host.schedule();
    }
  }
}
