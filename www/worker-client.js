// The page's side of the worker: requests as promises, a busy signal for work that takes a
// while, and cancellation by terminating the worker and starting a fresh one. It hands each
// worker the compiled wasm modules its requests need (wasm.js, requests.js), so however many
// workers a page runs, each module is fetched and compiled once.
//
// A worker script on another origin (the element imported from a CDN) cannot be started by
// URL; it is then started from a same-origin Blob whose one line imports the real worker.

import { WORKER_URL } from './assets.js';
import { MODULE_OF_REQUEST } from './requests.js';
import { compiledModule } from './wasm.js';

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
 * Starts the worker script at `url`, through a Blob trampoline when it is cross-origin. The
 * trampoline imports the real script, and says what a Content-Security-Policy blocked on the
 * way (`{ blocked: { directive, uri } }`), so that the failure can name what is missing.
 */
function startWorker(url, name) {
  if (url.origin === location.origin) {
    return new Worker(url, { type: 'module', name });
  }
  const href = JSON.stringify(url.href);
  const source = [
    "addEventListener('securitypolicyviolation', (e) =>",
    '  postMessage({ blocked: { directive: e.effectiveDirective, uri: e.blockedURI } }));',
    `import(${href}).catch(() => postMessage({ blocked: { directive: '', uri: ${href} } }));`,
  ].join('\n');
  const trampoline = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  // A policy that forbids blob: workers says so to the page, not to the worker.
  const blocked = (event) => {
    if (event.blockedURI.startsWith('blob')) {
      blockedByPage = { directive: event.effectiveDirective, uri: event.blockedURI };
    }
  };
  let blockedByPage = null;
  document.addEventListener('securitypolicyviolation', blocked);
  const worker = new Worker(trampoline, { type: 'module', name });
  worker.blockedByPage = () => blockedByPage;
  // The worker has fetched its script once it first speaks (or fails).
  const revoke = () => {
    document.removeEventListener('securitypolicyviolation', blocked);
    URL.revokeObjectURL(trampoline);
  };
  worker.addEventListener('message', revoke, { once: true });
  worker.addEventListener('error', revoke, { once: true });
  return worker;
}

/**
 * The error of a worker that could not start, with what a site owner can do about it:
 * `blocked` is what the page's Content-Security-Policy blocked (`{ directive, uri }`), if
 * anything was reported.
 */
function cannotStart(why, blocked = null) {
  const start = `The solver worker ${WORKER_URL.href} could not start${why}.`;
  if (WORKER_URL.origin === location.origin) {
    return new Error(start);
  }
  const origin = WORKER_URL.origin;
  let hint;
  if (blocked?.uri.startsWith('blob')) {
    hint = `The page's Content-Security-Policy must allow ${blocked.directive || 'worker-src'} blob:, as the element, loaded from another origin, starts its worker from a blob: URL.`;
  } else if (blocked) {
    hint = `The page's Content-Security-Policy must allow script-src ${origin} and connect-src ${origin}: the worker imports its script from there, and the wasm is fetched from there.`;
  } else {
    hint = `Loaded from another origin, it starts from a blob: URL that imports its script from ${origin}: the page's Content-Security-Policy must allow worker-src blob:, script-src ${origin} and connect-src ${origin}.`;
  }
  return new Error(`${start} ${hint}`);
}

/**
 * Talks to www/worker.js, started on the first request. Events: `busy` (detail: true when a request has run longer than
 * BUSY_AFTER_MS, false when none has), `restart` (the worker was replaced: traces are gone)
 * and `error` (detail: an Error; the worker could not start, and every request fails).
 */
export class WorkerClient extends EventTarget {
  constructor({ name = 'stepdoku' } = {}) {
    super();
    this.name = name;
    this.nextId = 1;
    this.pending = new Map();
    this.isBusy = false;
    this.failure = null;
    this.worker = null;
  }

  spawn() {
    /** The modules sent to this worker, by name, and the posts waiting on them, in order. */
    this.sent = new Set();
    this.posting = Promise.resolve();
    try {
      this.worker = startWorker(WORKER_URL, this.name);
    } catch (error) {
      this.fail(cannotStart(`: ${error.message}`));
      return;
    }
    let isStarted = false;
    this.worker.onmessage = ({ data }) => {
      if (data.blocked) {
        this.fail(cannotStart('', data.blocked));
        return;
      }
      isStarted = true;
      this.settle(data);
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      const why = event.message ? `: ${event.message}` : '';
      if (isStarted) {
        this.failAll(new Error(`The solver worker failed${why}.`));
      } else {
        this.fail(cannotStart(why, this.worker.blockedByPage?.() ?? null));
      }
    };
  }

  /** The worker cannot run: every request now and later fails with `error`. */
  fail(error) {
    this.failure = error;
    this.worker?.terminate();
    this.failAll(error);
    this.dispatchEvent(new CustomEvent('error', { detail: error }));
  }

  /**
   * Sends a request; resolves with its result or rejects with its error. Requests reach the
   * worker in the order they are made, each after the wasm module it needs.
   */
  request(type, payload = {}) {
    if (!this.worker && !this.failure) {
      this.spawn();
    }
    if (this.failure) {
      return Promise.reject(this.failure);
    }
    const id = this.nextId++;
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.updateBusy(), BUSY_AFTER_MS);
      this.pending.set(id, { resolve, reject, timer, since: performance.now() });
      this.posting = this.posting
        .then(() => this.sendModule(worker, MODULE_OF_REQUEST[type]))
        .then(
          () => worker.postMessage({ id, type, ...payload }),
          (error) => this.settle({ id, ok: false, error }),
        );
    });
  }

  /** Sends module `name` to `worker`, compiled, unless it has it already. */
  async sendModule(worker, name) {
    if (worker !== this.worker || this.sent.has(name)) {
      return;
    }
    const module = await compiledModule(name);
    if (worker === this.worker && !this.sent.has(name)) {
      this.sent.add(name);
      worker.postMessage({ type: 'module', name, module });
    }
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

  /**
   * Stops whatever the worker is doing: its requests reject with CancelledError, and the
   * next request starts a fresh worker.
   */
  cancel() {
    this.worker?.terminate();
    this.worker = null;
    this.failAll(new CancelledError());
    this.dispatchEvent(new Event('restart'));
  }

  /** Ends the worker; a later request would start another. */
  close() {
    this.worker?.terminate();
    this.worker = null;
    this.failAll(new CancelledError());
  }
}
