// The solve's clock: time runs while the stopwatch is started, and stops when it is stopped
// (the page hides it while the tab is hidden, and once the puzzle is solved). Pure: the time
// source is passed in, so node --test can drive it.

export class Stopwatch {
  /** A stopped stopwatch showing `elapsedMs`; `now()` gives the time in ms. */
  constructor(elapsedMs = 0, now = () => performance.now()) {
    this.now = now;
    this.base = elapsedMs;
    this.since = null;
  }

  get isRunning() {
    return this.since !== null;
  }

  /** The time counted so far, in ms. */
  get elapsedMs() {
    return this.base + (this.isRunning ? this.now() - this.since : 0);
  }

  start() {
    this.since ??= this.now();
  }

  stop() {
    this.base = this.elapsedMs;
    this.since = null;
  }

  /** Sets the time counted, keeping the stopwatch running or stopped. */
  reset(elapsedMs = 0) {
    this.base = elapsedMs;
    if (this.isRunning) {
      this.since = this.now();
    }
  }
}

/** A duration as people read a clock: 4:05, or 1:02:03 past an hour. */
export function clockText(ms) {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A duration in words, for screen readers and the finish card: "4 minutes 5 seconds". */
export function durationText(ms) {
  const total = Math.floor(ms / 1000);
  const parts = [
    [Math.floor(total / 3600), 'hour'],
    [Math.floor((total % 3600) / 60), 'minute'],
    [total % 60, 'second'],
  ].filter(([n], i, all) => n > 0 || (i === all.length - 1 && total === 0));
  return parts.map(([n, unit]) => `${n} ${unit}${n === 1 ? '' : 's'}`).join(' ');
}
