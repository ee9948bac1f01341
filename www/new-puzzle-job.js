// The new-puzzle job: a puzzle made to order by the core's Generator in a worker of its own,
// one slice after another, so the status can say how far it has got and Cancel can stop it
// (by terminating that worker, which leaves the trace shown and the rating alone); and what
// the status card says of it while it runs, once it is made, or why none was. A new order
// cuts the one under way short, and a late reply never shows. No DOM: the worker comes in as
// a WorkerClient (or anything with its `request`, `cancel` and `hasPending`); unit-tested in
// node.

import { ratingFields } from './rating-fields.js';
import { CancelledError } from './worker-client.js';

/** How long each `generate` request runs before the page hears how far it has got. */
const SLICE_MS = 150;

/**
 * The request fields a target asks for: `{ level }` for a level's name in any case (one of
 * `levels`, as core.js gives them), else `{ technique }` (a technique's id, or `singles`).
 */
export function targetRequest(target, levels) {
  const level = levels.find((name) => name.toLowerCase() === target.toLowerCase());
  return level ? { level } : { technique: target };
}

/** A date as the puzzle of the day names it: `YYYY-MM-DD`, in local time. */
export function dayText(date) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A seed for a new puzzle: a random whole number below 2^32. */
export function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

/** "a" or "an" before `word`, as it is said ("an Easy", "an X-Wing", "an 8×8"). */
function article(word) {
  return /^(8|[AEIOU]|X-)/i.test(word) ? 'an' : 'a';
}

/**
 * What the status card calls a puzzle to make: `{ making, label }`, `making` the sentence
 * while it is made ("Making a Hard puzzle…") and `label` what it is, first in the line once
 * it is made ("New Hard puzzle"). `order`: `target` (as targetRequest reads it), `shape` the
 * grid's size and variant when not a classic 9×9 ("16×16 X-Sudoku", or ''), `day` the date
 * of a puzzle of the day ("2026-11-24", or ''); `names`: `levels`, and `technique(id)` (a
 * technique record, or undefined).
 */
export function orderWords({ target, shape = '', day = '' }, { levels, technique }) {
  const request = targetRequest(target, levels);
  const grid = shape ? `${shape} puzzle` : 'puzzle';
  let what;
  if (request.level) {
    what = `${request.level} ${grid}`;
  } else if (request.technique === 'singles') {
    what = `${grid} solved by singles alone`;
  } else {
    what = `${grid} that needs ${technique(request.technique)?.name ?? request.technique}`;
  }
  if (day) {
    return {
      making: `Making the puzzle of the day (${day}), ${article(what)} ${what}…`,
      label: `Puzzle of the day, ${day}: ${what}`,
    };
  }
  return { making: `Making ${article(what)} ${what}…`, label: `New ${what}` };
}

/**
 * What to ask the maker for, and how the status card says it (orderWords): `{ request, words
 * }` for a puzzle of `target` (a level's name, a technique's id, or `singles`) with
 * `symmetry`, of `shape` (`size` where it has none) in the layout `tag` named `layoutName`,
 * on `day` for a puzzle of the day ('' else).
 */
export function newPuzzleOrder(
  { target, symmetry, size, shape, tag, layoutName, day },
  { levels, technique },
) {
  const shapeWords = [
    shape && shape.size !== 9 ? `${shape.size}×${shape.size}` : '',
    tag ? layoutName : '',
  ];
  const words = orderWords(
    { target, shape: shapeWords.filter(Boolean).join(' '), day },
    { levels, technique },
  );
  const request = { size: shape?.size ?? size, tag, ...targetRequest(target, levels), symmetry };
  return { request, words };
}

/** The line of a puzzle made: "New Hard puzzle · ER 4.2 · seed 123456". */
export function madeText(words, found) {
  return `${words.label} · ER ${ratingFields(found.rating).er.text} · seed ${found.seed}`;
}

/** How far the making has got: "Making a Hard puzzle… 12 candidates tried". */
export function makingText(words, tries) {
  if (!tries) {
    return words.making;
  }
  return `${words.making} ${tries.toLocaleString('en')} ${tries === 1 ? 'candidate' : 'candidates'} tried`;
}

/**
 * Why no puzzle was made, as a sentence: the generator's own for a request it cannot meet
 * ("No puzzle can need Unique Rectangle Type 1: …"), or the worker's error.
 */
export function failureText(error) {
  const text = String(error?.message ?? error).trim();
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return `${/[.!?]$/.test(sentence) ? sentence : `${sentence}.`} The grid is as it was.`;
}

export const CANCELLED_TEXT = 'New puzzle cancelled: the grid is as it was.';

export class NewPuzzleJob {
  /**
   * `maker` runs the Generator (a WorkerClient of its own); `onChange()` is called whenever
   * `view` changes.
   */
  constructor(maker, { onChange }) {
    this.maker = maker;
    this.onChange = onChange;
    /**
     * What the status card shows of the job, or null: `{ kind, text, line }`, `kind` one of
     * `running`, `made`, `failed`, `cancelled`; `line` the puzzle it is about (the new one
     * once made, else the one the board had), so a line stops showing once the puzzle changes.
     */
    this.view = null;
    /** One more for each order and each Cancel: a reply for an older one is dropped. */
    this.job = 0;
  }

  get isRunning() {
    return this.view?.kind === 'running';
  }

  /** What the status card shows while the board's puzzle is `line`: the view, or null. */
  noteFor(line) {
    return this.view && (this.isRunning || this.view.line === line) ? this.view : null;
  }

  /**
   * Makes a puzzle to `order`: `{ request, seed, words }`, `request` as the Generator takes it,
   * `words` from orderWords; `line` is the board's puzzle meanwhile. Resolves with the new
   * puzzle (`{ puzzle, solution, seed, tries, rating }`), or null when the request cannot be met,
   * the worker failed, Cancel stopped it or a newer order came.
   */
  async make({ request, seed, words }, line) {
    if (this.maker.hasPending) {
      this.maker.cancel();
    }
    const job = ++this.job;
    this.show({ kind: 'running', text: makingText(words, 0), line });
    for (;;) {
      let reply;
      try {
        reply = await this.maker.request('generate', { job, request, seed, budgetMs: SLICE_MS });
      } catch (error) {
        if (job === this.job && !(error instanceof CancelledError)) {
          this.show({ kind: 'failed', text: failureText(error), line });
        }
        return null;
      }
      if (job !== this.job) {
        return null;
      }
      if (reply.found) {
        this.show({ kind: 'made', text: madeText(words, reply.found), line: reply.found.puzzle });
        return reply.found;
      }
      this.show({ kind: 'running', text: makingText(words, reply.tries), line });
    }
  }

  /** Stops the making under way, if any: the board keeps its puzzle, and the card says so. */
  cancel() {
    if (!this.isRunning) {
      return;
    }
    this.job++;
    this.maker.cancel();
    this.show({ kind: 'cancelled', text: CANCELLED_TEXT, line: this.view.line });
  }

  show(view) {
    this.view = view;
    this.onChange();
  }
}
