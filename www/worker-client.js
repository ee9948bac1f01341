// The page's side of the worker: requests as promises, a busy signal for work that takes a
// while, and cancellation by terminating the worker and starting a fresh one.

/** How long a request may run before the page offers to cancel it. */
export const BUSY_AFTER_MS = 300;

/** The rejection of requests cut short by `cancel()`. */
export class CancelledError extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'CancelledError';
  }
}

/**
 * Talks to www/worker.js. Events: `busy` (detail: true when a request has run longer than
 * BUSY_AFTER_MS, false when none has) and `restart` (the worker was replaced: traces are gone).
 */
export class WorkerClient extends EventTarget {
  constructor(url = new URL('./worker.js', import.meta.url), { name = 'stepdoku' } = {}) {
    super();
    this.url = url;
    this.name = name;
    this.nextId = 1;
    this.pending = new Map();
    this.isBusy = false;
    this.spawn();
  }

  spawn() {
    this.worker = new Worker(this.url, { type: 'module', name: this.name });
    this.worker.onmessage = ({ data }) => this.settle(data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.failAll(new Error(event.message || 'The solver worker failed to start.'));
    };
  }

  /** Sends a request; resolves with its result or rejects with its error. */
  request(type, payload = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.updateBusy(), BUSY_AFTER_MS);
      this.pending.set(id, { resolve, reject, timer, since: performance.now() });
      this.worker.postMessage({ id, type, ...payload });
    });
  }

  settle({ id, ok, result, error }) {
    const entry = this.pending.get(id);
    if (!entry) {
      return;
    }
    this.pending.delete(id);
    clearTimeout(entry.timer);
    this.updateBusy();
    if (ok) {
      entry.resolve(result);
    } else {
      entry.reject(error);
    }
  }

  failAll(error) {
    for (const { reject, timer } of this.pending.values()) {
      clearTimeout(timer);
      reject(error);
    }
    this.pending.clear();
    this.updateBusy();
  }

  updateBusy() {
    const now = performance.now();
    const isBusy = [...this.pending.values()].some((p) => now - p.since >= BUSY_AFTER_MS - 1);
    if (isBusy !== this.isBusy) {
      this.isBusy = isBusy;
      this.dispatchEvent(new CustomEvent('busy', { detail: isBusy }));
    }
  }

  /** Whether a request is waiting for its reply. */
  get hasPending() {
    return this.pending.size > 0;
  }

  /** Stops whatever the worker is doing: its requests reject with CancelledError. */
  cancel() {
    this.worker.terminate();
    this.failAll(new CancelledError());
    this.spawn();
    this.dispatchEvent(new Event('restart'));
  }

  /** Ends the worker for good. */
  close() {
    this.worker.terminate();
    this.failAll(new CancelledError());
  }
}
