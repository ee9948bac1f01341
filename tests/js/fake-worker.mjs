// A stand-in for a WorkerClient in the unit tests of the page's jobs: requests are kept,
// and the test settles them.

import { CancelledError } from '../../www/worker-client.js';

/** A worker in the WorkerClient's shape whose replies the test gives: `answer` and `fail`. */
export class FakeWorker {
  constructor() {
    this.requests = [];
    this.nCancels = 0;
  }

  get hasPending() {
    return this.requests.some((r) => !r.isSettled);
  }

  request(type, payload) {
    return new Promise((resolve, reject) => {
      this.requests.push({ type, payload, resolve, reject, isSettled: false });
    });
  }

  /** Settles the latest request with `reply`, or rejects it with `error`. */
  answer(reply) {
    this.settle((r) => r.resolve(reply));
  }

  fail(error) {
    this.settle((r) => r.reject(error));
  }

  settle(how) {
    const r = this.requests.at(-1);
    r.isSettled = true;
    how(r);
  }

  cancel() {
    this.nCancels++;
    for (const r of this.requests.filter((r) => !r.isSettled)) {
      r.isSettled = true;
      r.reject(new CancelledError());
    }
  }
}
