// The verdict job: whether the board's puzzle has one solution, several or none, asked of the
// worker a little after the last edit (edits come in bursts, and typing should not queue
// checks), within a search budget that Keep going raises. A reply for a puzzle no longer
// shown is dropped. No DOM: the worker comes in as a WorkerClient (or anything with its
// `request`); unit-tested in node.

import { CancelledError } from './worker-client.js';

/** How long after an edit the verdict is asked for. */
const VERDICT_DELAY_MS = 150;

/**
 * The search nodes a verdict may take before the page says it is still searching (a few
 * seconds on a 25×25 grid; no 9×9 puzzle needs a thousandth of it), and how many times more
 * each Keep going allows.
 */
export const VERDICT_NODES = 200_000;
const KEEP_GOING_FACTOR = 10;

/** The verdict a diagnosis gives (the worker's `analyze`, or parsing's). */
export function verdictOf(diagnosis) {
  return { kind: diagnosis.status, message: diagnosis.message, diagnosis };
}

export class VerdictJob {
  /**
   * `client` runs the searches; `onVerdict(line, verdict)` is called when a verdict the
   * worker gave is in for puzzle `line` (still the one asked about). `delayMs` is how long
   * after the last ask the worker is asked.
   */
  constructor(client, { onVerdict, delayMs = VERDICT_DELAY_MS }) {
    this.client = client;
    this.onVerdict = onVerdict;
    this.delayMs = delayMs;
    /** What the status card says of the puzzle: `{ kind, message, diagnosis? }`. */
    this.current = { kind: 'idle', message: '' };
    /** The puzzle line the verdict is for, or being asked for; null for none. */
    this.line = null;
    /** Resolves with the verdict of the last ask. */
    this.request = null;
    this.timer = 0;
    /** The search nodes the last ask was made with. */
    this.nodes = VERDICT_NODES;
  }

  /** Whether the verdict shown is for (or being asked for) puzzle `line`. */
  isFor(line) {
    return this.line === line;
  }

  /**
   * Asks for the verdict on puzzle `line` within `nodes`, unless it is already in or asked
   * for; meanwhile the verdict says it is checking.
   */
  ask(line, nodes = VERDICT_NODES) {
    if (this.line === line) {
      return;
    }
    this.line = line;
    this.nodes = nodes;
    this.current = { kind: 'pending', message: 'Checking the puzzle…' };
    clearTimeout(this.timer);
    let settle;
    this.request = new Promise((resolve) => {
      settle = resolve;
    });
    this.timer = setTimeout(() => {
      this.client.request('analyze', { text: line, nodes }).then(
        (diagnosis) => settle(verdictOf(diagnosis)),
        (error) =>
          settle(
            error instanceof CancelledError
              ? { kind: 'cancelled', message: 'Check cancelled. Press Solve to check again.' }
              : { kind: 'failed', message: `The solver failed: ${error?.message ?? error}` },
          ),
      );
    }, this.delayMs);
    this.request.then((verdict) => {
      if (this.line === line) {
        this.current = verdict;
        if (verdict.kind === 'cancelled') {
          // Asked again, the same puzzle goes to the worker again.
          this.line = null;
        }
        this.onVerdict(line, verdict);
      }
    });
  }

  /**
   * Asks again for an undecided verdict, with more search nodes than the last time; returns
   * whether it did.
   */
  keepGoing() {
    const line = this.line;
    if (this.current.kind !== 'undecided' || line === null) {
      return false;
    }
    this.line = null;
    this.ask(line, this.nodes * KEEP_GOING_FACTOR);
    return true;
  }

  /**
   * Shows `verdict`, which needs no search (a text that cannot be read), for no puzzle: the
   * next ask goes to the worker whatever its puzzle.
   */
  refuse(verdict) {
    this.current = verdict;
    this.line = null;
  }

  /**
   * Shows `verdict` in place of the one asked for (a trace that failed, a board not awake
   * yet), for the same puzzle: asking again for it does not replace it.
   */
  replace(verdict) {
    this.current = verdict;
  }

  /** Forgets which puzzle the verdict is for (the board was taken off the page). */
  forget() {
    this.line = null;
  }
}
