// <stepdoku-board>: the whole solver and player as one self-contained element. It mounts
// the parts (puzzle bar, grid, number pad, glossary, status, rating, controls, step list)
// into its shadow root, holds the state they show, and turns their events into actions.
// Styles, the wasm module and the worker are resolved relative to this file, so the element
// works from any page that imports it.
//
// Attributes: `puzzle` (puzzle text), `strategy` (backtracking | singles | human), `step`
// (open the trace at this step), `speed` (steps per second, or "max"), `rating-budget`
// (ms a rating may run before the card offers to keep going; default 5000), `theme`
// (light | dark; default follows the system).
// Events: `puzzlechange` (detail: { line }) whenever the puzzle changes; `positionchange`
// (detail: { line, strategy, step }, step 0 while editing) whenever the position on the
// trace settles (not while playing).

import { createBoard, fillSolution } from './board-model.js';
import { mountControls, STRATEGIES } from './controls.js';
import {
  allShapes,
  digitOfKey,
  emptyPuzzle,
  readPuzzle,
  ready,
  shapeOfSize,
  technique,
  techniqueList,
  withCell,
} from './core.js';
import { mountGlossary, techniqueAnchor } from './glossary.js';
import { mountGrid } from './grid-view.js';
import { mountNumberPad } from './number-pad.js';
import { Playback } from './playback.js';
import { hintHighlight, stepHighlight } from './player.js';
import { mountPuzzleBar } from './puzzle-bar.js';
import { mountRating } from './rating.js';
import { SAMPLES } from './samples.js';
import { mountStatus } from './status.js';
import { mountStepList } from './step-list.js';
import { CancelledError, WorkerClient } from './worker-client.js';

const STYLE_URL = new URL('./stepdoku.css', import.meta.url);
const WORKER_URL = new URL('./worker.js', import.meta.url);

/** Above this many steps per second, placements are not animated. */
const FAST_SPEED = 30;

/** How long after an edit the verdict is asked for, so typing does not queue checks. */
const VERDICT_DELAY_MS = 150;

/**
 * How long a rating may run before the card offers to keep going (a 9×9 takes ms), unless
 * the `rating-budget` attribute says otherwise.
 */
const RATING_BUDGET_MS = 5000;
/** How long each Keep rating runs. */
const RATING_MORE_MS = 30000;

/** How a hint names a search step to come. */
const SEARCH_HINTS = {
  guess: 'the next step is a guess (search)',
  contradiction: 'the next step finds a contradiction',
  backtrack: 'the next step backtracks',
  solved: 'the next step ends the trace: the puzzle is solved',
  unsolvable: 'the next step ends the trace: the puzzle has no solution',
};

/** What a hint says of the step to come, at its level; '' without a hint. */
function hintText(hint) {
  if (!hint) {
    return '';
  }
  const { step, level } = hint;
  if (step.kind !== 'deduction') {
    return `Hint: ${SEARCH_HINTS[step.kind] ?? step.kind}. Press Hint again to take it.`;
  }
  const what = `${step.technique} (SE ${step.difficulty.toFixed(1)})`;
  return level === 1
    ? `Hint: try ${what}. Press Hint again to see where.`
    : `Hint: ${what}, in the highlighted cells. Press Hint again to take the step.`;
}

/** Why a puzzle gets no rating, by verdict. */
const NO_RATING = {
  several:
    'Not rated: the puzzle has several solutions, and a rating needs exactly one. Add givens until the verdict is unique.',
  none: 'Not rated: the puzzle has no solution.',
  invalid: 'Not rated until the puzzle can be read and has no duplicate givens.',
  cancelled: 'Not rated: the check was cancelled. Press Solve to check again.',
};

const LEGEND = `
  <details class="legend">
    <summary>Legend</summary>
    <ul>
      <li><span class="swatch given">5</span>Given</li>
      <li><span class="swatch deduced">5</span>Placed by logic</li>
      <li><span class="swatch guess">5<sup>1</sup></span>Guess, at its depth</li>
      <li><span class="swatch deduced under">5<sup>1</sup></span>Placed under a guess</li>
      <li><span class="swatch step"></span>Cells of the step</li>
      <li><span class="swatch house"></span>House of the step</li>
      <li><span class="swatch cand elim">3</span>Candidate eliminated</li>
      <li><span class="swatch cand restored">3</span>Candidate restored</li>
      <li><span class="swatch cand pattern">3</span>Pattern candidate</li>
      <li><span class="swatch cand fin">3</span>Fin</li>
      <li><span class="swatch contradiction"></span>Dead end</li>
      <li><span class="swatch fault"></span>At fault / differs</li>
    </ul>
  </details>`;

function verdictOf(diagnosis) {
  return { kind: diagnosis.status, message: diagnosis.message, diagnosis };
}

class StepdokuBoard extends HTMLElement {
  static observedAttributes = ['puzzle', 'strategy', 'step', 'speed'];

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this.puzzle = null;
    this.text = '';
    this.inputError = null;
    this.mode = 'edit';
    this.solutionIndex = 0;
    this.strategy = 'singles';
    this.verdict = { kind: 'idle', message: '' };
    this.verdictLine = null;
    this.verdictRequest = null;
    this.verdictTimer = 0;
    this.isBusy = false;
    this.renderQueued = false;
    this.highlightFor = null;
    this.highlightLevel = 0;
    this.highlight = null;
    this.started = null;
    /** The rating card's view (see rating.js), and the puzzle line it is for. */
    this.rating = { kind: 'waiting', message: '' };
    this.ratingLine = null;
    this.ratingJob = 0;
    this.ratingSeconds = 0;
    /** The last position announced by `positionchange`. */
    this.announced = '';
    /** The hint under way: `{ player, position, level, step }` (level 1 or 2), or null. */
    this.hintAt = null;
  }

  connectedCallback() {
    this.started ??= this.start();
  }

  disconnectedCallback() {
    // Moving the element re-connects it at once; only a real removal ends the worker.
    queueMicrotask(() => {
      if (!this.isConnected && this.client) {
        this.playback.unload();
        this.client.close();
        this.client = null;
        this.rater.close();
        this.rater = null;
        this.started = null;
      }
    });
  }

  attributeChangedCallback(name, old, value) {
    if (!this.puzzle || value === null || old === value) {
      return;
    }
    if (name === 'puzzle' && value !== this.puzzle.line) {
      this.loadText(value);
    } else if (name === 'strategy') {
      this.setStrategy(value);
    } else if (name === 'step') {
      this.goToStep(Number(value));
    } else if (name === 'speed') {
      this.setSpeed(value);
    }
  }

  /** Resolves once the element is ready for use. */
  whenReady() {
    return this.started ?? Promise.resolve();
  }

  async start() {
    const root = this.shadowRoot;
    root.innerHTML = `<style>.app:not(.ready) { visibility: hidden; }</style>
      <link rel="stylesheet" href="${STYLE_URL}">
      <div class="app">
        <div class="board-col"></div>
        <aside class="side-col" aria-label="Solver"></aside>
        <div class="glossary-col"></div>
      </div>`;
    const stylesLoaded = new Promise((resolve) => {
      root.querySelector('link').addEventListener('load', resolve, { once: true });
      root.querySelector('link').addEventListener('error', resolve, { once: true });
    });
    await ready;
    this.client ??= new WorkerClient(WORKER_URL);
    // The rating runs in a worker of its own, so it never holds up a trace and stopping it
    // (terminating that worker) leaves the trace alone.
    this.rater ??= new WorkerClient(WORKER_URL, { name: 'stepdoku-rating' });
    this.client.addEventListener('busy', ({ detail }) => {
      this.isBusy = detail;
      this.schedule();
    });
    this.playback = new Playback(this.client, {
      onChange: () => this.schedule(),
      onError: (error) => this.showFailure(error),
    });
    this.playback.setSpeed(this.parseSpeed(this.getAttribute('speed')) ?? 8);
    if (STRATEGIES.some((s) => s.id === this.getAttribute('strategy'))) {
      this.strategy = this.getAttribute('strategy');
    }
    this.sampleIds = new Map(SAMPLES.map((s) => [readPuzzle(s.text).puzzle.line, s.id]));
    this.mountParts(
      root.querySelector('.board-col'),
      root.querySelector('.side-col'),
      root.querySelector('.glossary-col'),
    );
    root.addEventListener('keydown', (event) => this.handleShortcut(event));
    // Technique links open the glossary in place: the page's URL hash holds the puzzle.
    root.addEventListener('click', (event) => {
      const link = event.target.closest?.('a[href^="#technique-"]');
      if (link && this.glossary.show(link.getAttribute('href').slice(1))) {
        event.preventDefault();
      }
    });
    root.addEventListener('paste', (event) => {
      if (!event.defaultPrevented) {
        event.preventDefault();
        this.loadText(event.clipboardData?.getData('text/plain') ?? '');
      }
    });
    const initial = this.getAttribute('puzzle');
    const read = initial ? readPuzzle(initial) : { ok: false };
    this.setPuzzle(read.ok ? read.puzzle : emptyPuzzle(shapeOfSize(9)));
    if (initial && !read.ok) {
      this.loadText(initial);
    }
    const step = Number(this.getAttribute('step'));
    if (step > 0) {
      this.goToStep(step);
    }
    await stylesLoaded;
    root.querySelector('.app').classList.add('ready');
  }

  mountParts(boardCol, sideCol, glossaryCol) {
    this.bar = mountPuzzleBar(boardCol, allShapes(), {
      load: (text) => this.loadText(text),
      edit: (text) => {
        this.text = text;
      },
      size: (size) => this.setPuzzle(emptyPuzzle(shapeOfSize(size))),
      sample: (sample) => this.loadText(sample.text),
    });
    this.grid = mountGrid(boardCol, {
      input: (cell, key) => this.editCell(cell, key),
      paste: (text, cell) => this.pasteOnGrid(text, cell),
    });
    this.pad = mountNumberPad(boardCol, { key: (key) => this.editCell(this.grid.selected, key) });
    this.glossary = mountGlossary(glossaryCol, techniqueList());
    this.controls = mountControls(sideCol, {
      solve: () => this.solve(),
      togglePlay: () => this.togglePlay(),
      toStart: () => this.playback.seek(0),
      back: () => this.playback.back(),
      forward: () => this.stepForward(),
      hint: () => this.hint(),
      clear: () => this.setPuzzle(emptyPuzzle(this.puzzle.shape)),
      cancel: () => {
        this.client.cancel();
        this.stopRating();
      },
      strategy: (id) => this.setStrategy(id),
      speed: (stepsPerSecond) => this.setSpeed(stepsPerSecond),
    });
    this.status = mountStatus(sideCol, { showSolution: (index) => this.showSolution(index) });
    this.ratingCard = mountRating(sideCol, {
      stop: () => this.stopRating(),
      more: () => this.rate(this.puzzle.line, { isMore: true }),
      rate: () => this.rate(this.puzzle.line),
    });
    this.stepList = mountStepList(sideCol, { seek: (position) => this.playback.seek(position) });
    sideCol.insertAdjacentHTML('beforeend', LEGEND);
  }

  // ---- Actions -------------------------------------------------------------------------

  /** Loads puzzle text; text that cannot be read stays in the Puzzle box with its error. */
  loadText(text) {
    const read = readPuzzle(text);
    if (read.ok) {
      this.setPuzzle(read.puzzle);
    } else {
      this.text = text;
      this.inputError = read.diagnosis;
      this.verdict = verdictOf(read.diagnosis);
      this.verdictLine = null;
      this.schedule();
    }
  }

  /** Makes `puzzle` the one being edited: back to editing, its verdict on the way. */
  setPuzzle(puzzle) {
    const isNewShape = puzzle.shape !== this.puzzle?.shape;
    const isSame = !isNewShape && puzzle.line === this.puzzle.line;
    this.playback.unload();
    this.mode = 'edit';
    this.puzzle = puzzle;
    this.editBoard = createBoard(puzzle.shape, puzzle.values);
    if (puzzle.marks) {
      this.editBoard.candidates = puzzle.candidates.slice();
    }
    this.text = puzzle.line;
    this.inputError = null;
    if (puzzle.line !== this.ratingLine) {
      this.stopRating();
      this.ratingLine = puzzle.line;
      this.rating = { kind: 'waiting', message: 'Rated once the puzzle is checked…' };
    }
    if (isNewShape) {
      this.shadowRoot.querySelector('.app').dataset.size = puzzle.shape.size;
      this.grid.build(puzzle.shape);
      this.pad.build(puzzle.shape);
    }
    if (!isSame) {
      this.setAttribute('puzzle', puzzle.line);
      this.dispatchEvent(
        new CustomEvent('puzzlechange', { detail: { line: puzzle.line }, bubbles: true }),
      );
    }
    this.askVerdict();
    this.schedule();
  }

  editCell(cell, key) {
    const digit = key ? digitOfKey(this.puzzle.shape, key) : 0;
    if (key && !digit) {
      return;
    }
    this.setPuzzle(withCell(this.puzzle, cell, digit));
  }

  pasteOnGrid(text, cell) {
    const trimmed = text.trim();
    if (trimmed.length === 1) {
      this.editCell(cell, trimmed === '.' || trimmed === '0' ? '' : trimmed);
    } else {
      this.loadText(text);
    }
  }

  /** Asks the worker for the verdict on the current puzzle, shortly (edits come in bursts). */
  askVerdict() {
    const line = this.puzzle.line;
    if (this.verdictLine === line) {
      return;
    }
    this.verdictLine = line;
    this.verdict = { kind: 'pending', message: 'Checking the puzzle…' };
    clearTimeout(this.verdictTimer);
    let settle;
    this.verdictRequest = new Promise((resolve) => {
      settle = resolve;
    });
    this.verdictTimer = setTimeout(() => {
      this.client.request('analyze', { text: line }).then(
        (diagnosis) => settle(verdictOf(diagnosis)),
        (error) =>
          settle(
            error instanceof CancelledError
              ? { kind: 'cancelled', message: 'Check cancelled. Press Solve to check again.' }
              : { kind: 'invalid', message: `The solver failed: ${error?.message ?? error}` },
          ),
      );
    }, VERDICT_DELAY_MS);
    this.verdictRequest.then((verdict) => {
      if (this.verdictLine === line) {
        this.verdict = verdict;
        if (verdict.kind === 'cancelled') {
          this.verdictLine = null;
        }
        this.rateAfter(line, verdict);
        this.schedule();
      }
    });
  }

  // ---- Rating --------------------------------------------------------------------------

  /** Rates a puzzle once its verdict is in: only a puzzle with one solution has a rating. */
  rateAfter(line, verdict) {
    if (verdict.kind === 'unique') {
      this.rate(line);
    } else {
      this.stopRating();
      this.rating = { kind: 'none', message: NO_RATING[verdict.kind] ?? verdict.message };
    }
  }

  /**
   * Rates `line` in the rating worker within a time budget (or carries on the rating that
   * ran out of time, with `isMore`). A newer rating, an edit or Stop cuts it short.
   */
  async rate(line, { isMore = false } = {}) {
    if (this.rater.hasPending) {
      this.rater.cancel();
    }
    const job = ++this.ratingJob;
    this.ratingLine = line;
    this.rating = { kind: 'running', message: 'Rating: the Human strategy is solving the puzzle…' };
    this.schedule();
    let reply;
    try {
      reply = isMore
        ? await this.rater.request('rateMore', { budgetMs: RATING_MORE_MS })
        : await this.rater.request('rate', { text: line, budgetMs: this.ratingBudget() });
    } catch (error) {
      if (job === this.ratingJob && !(error instanceof CancelledError)) {
        this.rating = { kind: 'none', message: `Not rated: ${error?.message ?? error}` };
        this.schedule();
      }
      return;
    }
    if (job !== this.ratingJob) {
      return;
    }
    if (!reply.done) {
      this.ratingSeconds = (isMore ? this.ratingSeconds : 0) + reply.elapsed / 1000;
      this.rating = {
        kind: 'slow',
        message: `Not rated yet: after ${Math.round(this.ratingSeconds)} s and ${reply.nSteps.toLocaleString('en')} steps the Human strategy is not done. Big grids can take minutes.`,
      };
    } else if (reply.rating.truncated) {
      this.rating = {
        kind: 'none',
        message: `Not rated: the Human strategy stopped after ${reply.rating.nSteps.toLocaleString('en')} steps without finishing.`,
      };
    } else {
      this.rating = { kind: 'rated', rating: reply.rating };
    }
    this.schedule();
  }

  /** How long a rating may run before the card offers to keep going, in ms. */
  ratingBudget() {
    const ms = Number(this.getAttribute('rating-budget'));
    return ms > 0 ? ms : RATING_BUDGET_MS;
  }

  /** Stops the rating under way, if any: the card offers to rate again. */
  stopRating() {
    this.ratingJob++;
    if (this.rater.hasPending) {
      this.rater.cancel();
      if (this.ratingLine === this.puzzle?.line) {
        this.rating = { kind: 'stopped', message: 'Rating stopped.' };
      }
    }
    this.schedule();
  }

  /** Shows the solution (or the first of two), or the verdict that says why there is none. */
  async solve() {
    this.askVerdict();
    const line = this.puzzle.line;
    const verdict = await this.verdictRequest;
    if (this.puzzle.line !== line || !verdict.diagnosis?.solution) {
      return;
    }
    this.playback.unload();
    this.mode = 'solution';
    this.solutionIndex = 0;
    this.schedule();
  }

  showSolution(index) {
    this.solutionIndex = index;
    this.schedule();
  }

  /** Starts the trace of the current puzzle, unless one is already loaded. */
  ensureTrace() {
    if (this.mode !== 'trace' || !this.playback.player) {
      this.mode = 'trace';
      this.playback.load(this.puzzle, this.strategy);
    }
  }

  togglePlay() {
    if (this.playback.isPlaying) {
      this.playback.pause();
    } else {
      this.ensureTrace();
      this.playback.play();
    }
    this.schedule();
  }

  stepForward() {
    this.ensureTrace();
    this.playback.forward();
  }

  /**
   * Hints at the next step of the trace, a little more each time: first its technique and
   * difficulty, then where it is (its houses, cells and pattern), then the step itself.
   */
  async hint() {
    this.ensureTrace();
    this.playback.pause();
    const player = this.playback.player;
    const step = await this.playback.upcoming();
    if (!step || player !== this.playback.player) {
      return;
    }
    const hint = this.activeHint();
    if (hint && (hint.level === 2 || step.kind !== 'deduction')) {
      this.hintAt = null;
      this.stepForward();
      return;
    }
    this.hintAt = { player, position: player.position, level: hint ? 2 : 1, step };
    this.schedule();
  }

  /** The hint for the current position of the trace shown, if one is under way. */
  activeHint() {
    const h = this.hintAt;
    const player = this.mode === 'trace' ? this.playback.player : null;
    return h && player === h.player && player.position === h.position ? h : null;
  }

  /** Opens the trace of the current strategy at step `n`, or as far as the trace goes. */
  async goToStep(n) {
    if (!this.puzzle || !Number.isInteger(n) || n < 0) {
      return;
    }
    this.ensureTrace();
    await this.playback.seekTo(n);
  }

  setStrategy(id) {
    if (!STRATEGIES.some((s) => s.id === id) || id === this.strategy) {
      return;
    }
    this.strategy = id;
    this.setAttribute('strategy', id);
    if (this.mode === 'trace') {
      this.playback.load(this.puzzle, id);
    }
    this.schedule();
  }

  parseSpeed(value) {
    if (value === 'max' || value === Infinity) {
      return Infinity;
    }
    const n = Number(value);
    return n > 0 ? n : null;
  }

  setSpeed(value) {
    const speed = this.parseSpeed(value);
    if (speed !== null) {
      this.playback.setSpeed(speed);
      this.schedule();
    }
  }

  showFailure(error) {
    this.verdict = { kind: 'invalid', message: error?.message ?? String(error), diagnosis: error };
    this.schedule();
  }

  /**
   * Keyboard shortcuts outside the grid and the form fields: Space plays or pauses, ← and →
   * step, Home goes back to the puzzle. Public so a page can route its own keys here.
   */
  handleShortcut(event) {
    if (
      event.defaultPrevented ||
      event.ctrlKey ||
      event.metaKey ||
      event.altKey ||
      !this.playback
    ) {
      return;
    }
    const target = event.composedPath()[0];
    if (target instanceof Element && target.closest('input, textarea, select, [role="grid"]')) {
      return;
    }
    const isButton = target instanceof Element && target.closest('button');
    const actions = {
      ' ': () => this.togglePlay(),
      ArrowLeft: () => this.playback.back(),
      ArrowRight: () => this.stepForward(),
      Home: () => this.playback.seek(0),
      h: () => this.hint(),
      H: () => this.hint(),
    };
    if (event.key in actions && !(isButton && event.key === ' ')) {
      event.preventDefault();
      actions[event.key]();
    }
  }

  // ---- Rendering ---------------------------------------------------------------------

  schedule() {
    if (!this.renderQueued) {
      this.renderQueued = true;
      queueMicrotask(() => {
        this.renderQueued = false;
        this.render();
      });
    }
  }

  /** The board to show, and what to mark on it, for the current mode. */
  view() {
    const d = this.verdict.diagnosis;
    const isCurrent = d && d.puzzle === this.puzzle.line;
    if (this.mode === 'trace' && this.playback.player) {
      // A hint shows the step to come (or, at its first level, nothing) instead of the last.
      const hint = this.activeHint();
      const step = hint ? hint.step : this.playback.player.current;
      const level = hint ? hint.level : 0;
      if (step !== this.highlightFor || level !== this.highlightLevel) {
        this.highlightFor = step;
        this.highlightLevel = level;
        this.highlight =
          !step || level === 1 ? null : (level ? hintHighlight : stepHighlight)(step);
      }
      return {
        board: this.playback.player.board,
        showCandidates: true,
        step: this.highlight,
        isFast: this.playback.isPlaying && this.playback.speed > FAST_SPEED,
      };
    }
    if (this.mode === 'solution' && isCurrent && d.solution) {
      const line = this.solutionIndex === 1 && d.second ? d.second : d.solution;
      const board = fillSolution(
        createBoard(this.puzzle.shape, this.puzzle.values),
        readPuzzle(line).puzzle.values,
      );
      return { board, differ: d.second ? new Set(d.cells) : null };
    }
    const isFault = isCurrent && (d.status === 'invalid' || d.status === 'none');
    return {
      board: this.editBoard,
      // Pencil marks are part of the puzzle, so they show while editing too.
      showCandidates: Boolean(this.puzzle.marks),
      faults: isFault ? new Set(d.cells) : null,
      houses: isFault && d.house ? [d.house] : [],
    };
  }

  render() {
    if (!this.puzzle) {
      return;
    }
    const { board, ...marks } = this.view();
    this.grid.render(board, marks);
    const player = this.mode === 'trace' ? this.playback.player : null;
    const step = player?.current;
    const d = this.verdict.diagnosis;
    this.bar.update({
      text: this.text,
      size: this.puzzle.shape.size,
      sampleId: this.sampleIds.get(this.puzzle.line) ?? '',
      error: this.inputError,
    });
    this.status.update({
      verdict:
        this.playback.stopReason === 'cancelled' && player
          ? {
              kind: 'cancelled',
              message: `Stopped: the trace was cancelled after ${player.total.toLocaleString('en')} steps.`,
            }
          : this.verdict,
      solutionIndex: this.mode === 'solution' && d?.second ? this.solutionIndex : null,
      step,
      stepNumber: player?.position ?? 0,
      technique: step ? technique(step.techniqueId) : null,
      anchor: step ? techniqueAnchor(step.techniqueId) : '',
      isPlaying: this.playback.isPlaying,
      hint: hintText(this.activeHint()),
    });
    const counters = player?.counters ?? {
      steps: 0,
      placements: 0,
      guesses: 0,
      backtracks: 0,
      depth: 0,
    };
    this.controls.update({
      isPlaying: this.playback.isPlaying,
      canPlay: !player || !player.isAtEnd,
      canBack: Boolean(player?.canBack),
      canForward: !player || !player.isAtEnd,
      isBusy: this.isBusy,
      strategy: this.strategy,
      speed: this.playback.speed,
      counters,
    });
    this.stepList.update(player, this.playback.isPlaying);
    this.ratingCard.update(this.rating);
    this.announcePosition(player);
  }

  /** Tells the page where the trace stands once it stops moving, so it can link there. */
  announcePosition(player) {
    if (this.playback.isPlaying) {
      return;
    }
    const detail = { line: this.puzzle.line, strategy: this.strategy, step: player?.position ?? 0 };
    const key = `${detail.line} ${detail.strategy} ${detail.step}`;
    if (key !== this.announced) {
      this.announced = key;
      this.dispatchEvent(new CustomEvent('positionchange', { detail, bubbles: true }));
    }
  }
}

customElements.define('stepdoku-board', StepdokuBoard);
