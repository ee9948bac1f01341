// The rating job: when a board rates its puzzle, in the rating worker, and what the rating
// card (rating.js) shows meanwhile. A puzzle is rated once its verdict says it has one
// solution, within a time budget: at once when the explainer module (which the rating runs
// in) is on its way already, for a trace or a hint; otherwise the card offers to rate it, so
// a person who only solves never downloads the explainer (and it starts by itself once a
// trace fetches the explainer). A rating that runs out of time can be carried on (Keep
// rating), and a new puzzle, a newer rating or Stop cuts the one under way short, so a late
// reply never shows for another puzzle. No DOM: the worker comes in as a WorkerClient (or
// anything with its `request`, `cancel` and `hasPending`); unit-tested in node.

import { CancelledError } from './worker-client.js';

/**
 * How long a rating may run before the card offers to keep going (a 9×9 takes ms), unless the
 * board's `rating-budget` attribute says otherwise.
 */
const RATING_BUDGET_MS = 5000;
/** How long each Keep rating runs. */
const RATING_MORE_MS = 30000;

/** What the card says while it offers to rate the puzzle. */
const OFFER =
  "Rate the puzzle to see how hard it is on Sudoku Explainer's and HoDoKu's scales, and its hardest step.";

/** Why a puzzle gets no rating, by verdict. */
const NO_RATING = {
  several:
    'Not rated: the puzzle has several solutions, and a rating needs exactly one. Add givens until the verdict is unique.',
  none: 'Not rated: the puzzle has no solution.',
  invalid: 'Not rated until the puzzle can be read and has no duplicate givens.',
  undecided: 'Not rated until the check decides: press Keep going to search further.',
  failed: 'Not rated: the solver could not run.',
  cancelled: 'Not rated: the check was cancelled. Press Solve to check again.',
};

/** The time budget of a first rating, in ms, from a `rating-budget` attribute (or null). */
export function ratingBudget(attribute) {
  const ms = Number(attribute);
  return ms > 0 ? ms : RATING_BUDGET_MS;
}

export class RatingJob {
  /**
   * `rater` runs the ratings (a WorkerClient of its own, so stopping one leaves the trace
   * alone). `budgetMs()` gives the budget of a first rating, `isShown()` whether the rating
   * card shows (a board without it rates nothing), `hasExplainer()` whether the explainer
   * module is fetched already (or on its way), and `onChange()` is called whenever `view`
   * changes.
   */
  constructor(rater, { budgetMs, isShown, hasExplainer, onChange }) {
    this.rater = rater;
    this.budgetMs = budgetMs;
    this.isShown = isShown;
    this.hasExplainer = hasExplainer;
    this.onChange = onChange;
    /**
     * What the card shows (see rating.js `update`): `{ kind, message }` or, once rated,
     * `{ kind: 'rated', rating }`.
     */
    this.view = { kind: 'waiting', message: '' };
    /** The puzzle line the view is for. */
    this.line = null;
    /** One more for each rating started or stopped: a reply for an older one is dropped. */
    this.job = 0;
    /** How long the rating has run, over its first run and every Keep rating, in seconds. */
    this.seconds = 0;
  }

  /** The board's puzzle is now `line`: a rating of another puzzle stops, and this one waits. */
  forPuzzle(line) {
    if (line !== this.line) {
      this.stop();
      this.line = line;
      this.view = { kind: 'waiting', message: 'Rated once the puzzle is checked…' };
    }
  }

  /**
   * The verdict on `line` is in: only a puzzle with one solution has a rating, and it starts
   * only where the card shows; any other verdict says why there is none.
   */
  verdictIn(line, verdict) {
    if (verdict.kind === 'unique') {
      if (this.isShown()) {
        this.startOrOffer(line);
      }
    } else {
      this.stop();
      this.view = { kind: 'none', message: NO_RATING[verdict.kind] ?? verdict.message };
    }
  }

  /**
   * Rates `line` if it still waits for its rating although its `verdict` is unique: as when
   * the card comes to show after the verdict came in, or the explainer came for a trace
   * while the card offered to rate.
   */
  rateIfWaiting(line, verdict) {
    const isWaiting = this.view.kind === 'waiting' || this.view.kind === 'offered';
    if (this.isShown() && verdict.kind === 'unique' && isWaiting) {
      this.startOrOffer(line);
    }
  }

  /** Rates `line` if the card only offers to (a finished solve asks for its rating). */
  rateIfOffered(line) {
    if (this.view.kind === 'offered') {
      this.start(line);
    }
  }

  /** Rates `line` when the explainer is here or coming; otherwise offers to. */
  startOrOffer(line) {
    if (this.hasExplainer()) {
      this.start(line);
    } else if (this.view.kind !== 'offered') {
      this.line = line;
      this.view = { kind: 'offered', message: OFFER };
      this.onChange();
    }
  }

  /** Rates `line` within the first budget; resolves once the view says how it went. */
  start(line) {
    const budgetMs = this.budgetMs();
    return this.run(line, () => this.rater.request('rate', { text: line, budgetMs }), 0);
  }

  /** Carries on the rating of `line` that ran out of time, for RATING_MORE_MS more. */
  more(line) {
    const request = () => this.rater.request('rateMore', { budgetMs: RATING_MORE_MS });
    return this.run(line, request, this.seconds);
  }

  /** Stops the rating under way, if any: the card then offers to rate again. */
  stop() {
    this.job++;
    if (this.rater.hasPending) {
      this.rater.cancel();
      this.view = { kind: 'stopped', message: 'Rating stopped.' };
    }
    this.onChange();
  }

  /**
   * Cuts short any rating under way, then runs `request()` for `line` as the newest job;
   * `seconds` is how long the rating it carries on has run already.
   */
  async run(line, request, seconds) {
    if (this.rater.hasPending) {
      this.rater.cancel();
    }
    const job = ++this.job;
    this.line = line;
    this.view = { kind: 'running', message: 'Rating: the Human strategy is solving the puzzle…' };
    this.onChange();
    let reply;
    try {
      reply = await request();
    } catch (error) {
      if (job === this.job && !(error instanceof CancelledError)) {
        this.view = { kind: 'none', message: `Not rated: ${error?.message ?? error}` };
        this.onChange();
      }
      return;
    }
    if (job !== this.job) {
      return;
    }
    if (!reply.done) {
      this.seconds = seconds + reply.elapsed / 1000;
      this.view = {
        kind: 'slow',
        message: `Not rated yet: after ${Math.round(this.seconds)} s and ${reply.nSteps.toLocaleString('en')} steps the Human strategy is not done. Big grids can take minutes.`,
      };
    } else if (reply.rating.truncated) {
      this.view = {
        kind: 'none',
        message: `Not rated: the Human strategy stopped after ${reply.rating.nSteps.toLocaleString('en')} steps without finishing.`,
      };
    } else {
      this.view = { kind: 'rated', rating: reply.rating };
    }
    this.onChange();
  }
}
