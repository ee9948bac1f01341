// <stepdoku-board>: the whole solver and player as one self-contained element. It mounts
// the parts (top bar and puzzle panel, grid, number pad, solve bar, glossary, status, rating,
// controls, step list, legend) into its shadow root, holds the state they show, and turns their
// events into actions.
// Its own state is one object, `state` (below); the person's solve and the trace watched are
// controllers of their own, each with its state: solving.js (Solving) and watching.js
// (Watching). What follows from a state it asks of pure modules: view-model.js (the board's
// mode, what the grid and each part show in it), hints.js (the levels of a hint), and of its
// jobs: verdict-job.js (the verdict on the puzzle), rating-job.js (when the puzzle is rated,
// and what the rating card says) and new-puzzle-job.js. board-parts.js mounts the
// parts and updates them from the state.
// Its stylesheets (stylesheets.js), the wasm modules and the worker are resolved relative to
// the modules and fetched with CORS, so the element works from any page that imports it, on
// any origin, under a Content-Security-Policy without 'unsafe-inline' or 'unsafe-eval' (see
// docs/EMBED.md, Content-Security-Policy).
//
// A board shows its grid as soon as the small wasm module has loaded, then mounts the parts
// the grid does not need (later-parts.js), and does no heavy work (no worker, no verdict)
// until it comes near the viewport or is used; it rates a puzzle when asked to, or at once
// when the explainer module is on its way anyway (rating-job.js).
//
// Two phases: entering a puzzle (typed digits are givens) and solving it (givens locked; the
// person's digits, marks, undo history and time are theirs, kept in localStorage per puzzle).
// A puzzle that is loaded (attribute, paste, sample, link) is solved at once; Start solving and
// Edit puzzle switch. While solving, Play, Step and Hint work from the person's own board.
//
// Its attributes, properties, methods and events: docs/EMBED.md and
// www/package/stepdoku-board.d.ts.

import { afterPaintWhenFree } from './after-paint.js';
import { createBoard, startingBoard } from './board-model.js';
import { mountParts, updateParts } from './board-parts.js';
import {
  digitOfKey,
  emptyPuzzle,
  levels,
  lineInLayout,
  readPuzzle,
  ready,
  shapeOfSize,
  strategies,
  technique,
  variantsFor,
  withCell,
} from './core.js';
import { NewPuzzleJob, newPuzzleOrder, randomSeed } from './new-puzzle-job.js';
import { readStep } from './link.js';
import { Playback } from './playback.js';
import {
  editLine,
  isReading,
  KILLER_TAG,
  loadLinked,
  loadText,
  readSoon,
  refuseLink,
  showRules,
} from './puzzle-loading.js';
import { RatingJob, ratingBudget } from './rating-job.js';
import { loadChoices, progressText, saveChoice } from './saved.js';
import { ruleSampleId, SAMPLES } from './samples.js';
import { shareLink, shareUrl } from './share.js';
import { isHintKey, placeOf, shortcutOf } from './shortcuts.js';
import { messageBox } from './dom.js';
import { Solving } from './solving.js';
import { allSheets, firstSheets } from './stylesheets.js';
import { BoardMode, CONTROLS, isPosed, puzzleSummary, shownControls } from './view-model.js';
import { VerdictJob } from './verdict-job.js';
import { Watching } from './watching.js';
import { isRequested, modules } from './wasm.js';
import { WorkerClient } from './worker-client.js';

export { CONTROLS };

/** Where Share links go unless the page sets `linkBase`: the app page beside this module. */
const APP_URL = new URL('./index.html', import.meta.url);

/** How far outside the viewport a board starts its work, so it is ready when scrolled to. */
const WAKE_MARGIN = '200px';

/** The page's localStorage, or null where the page may not use it (a sandboxed frame). */
function pageStorage() {
  try {
    return window.localStorage ?? null;
  } catch {
    return null;
  }
}

class StepdokuBoard extends HTMLElement {
  static observedAttributes = [
    'puzzle',
    'progress',
    'strategy',
    'step',
    'speed',
    'controls',
    'readonly',
    'autoplay',
  ];

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this.storage = pageStorage();
    /**
     * The board's state (the person's solve and the trace have their own: `solving.state`,
     * `watching.state`):
     * - `puzzle`: the puzzle (core.js readPuzzle's record), null before the board starts;
     *   `editBoard`, its board while entering; `summary`, what the top bar says it is
     *   (puzzleSummary); `text`, the Puzzle box's text; `inputError`, why that text could
     *   not be read (or null);
     * - `notice`: a sentence for the status card on a link refused (its puzzle or its step);
     * - `unreadLink`: the `puzzle` attribute's text when it could not be read, else null.
     *   Meanwhile the rest of the link (strategy, step, progress) is not applied to the grid
     *   shown instead, and what it shows is not announced, so a page keeps its link as
     *   written; `isRestoring`, whether restoreAttribute is putting an attribute back;
     * - `mode`: entering or solving, and what the grid shows (view-model.js BoardMode);
     *   `solutionIndex`, which of two solutions shows;
     * - `isBusy`: whether the worker has been working a while; `isAwake`, whether the board
     *   has come near the viewport or been used (it then does its work);
     * - `announced`: the last position announced by `positionchange` (positionKey);
     * - `controlSet`: the controls shown (shownControls); `isPanelOpen`, whether the person
     *   opened the puzzle panel;
     * - `choices`: the strategy, speed and level the person chose last (saved.js);
     * - `generated`: how the puzzle made last was asked for (`{ line, target, seed,
     *   symmetry }`), or null;
     * - `isDrawingCages`: whether the person chose Killer in the Variant list, to draw cages
     *   (cage-entry.js) on the puzzle they enter.
     */
    this.state = {
      puzzle: null,
      editBoard: null,
      summary: '',
      text: '',
      inputError: null,
      notice: '',
      unreadLink: null,
      isRestoring: false,
      mode: new BoardMode(),
      solutionIndex: 0,
      isBusy: false,
      isAwake: false,
      announced: '',
      controlSet: new Set(CONTROLS),
      isPanelOpen: false,
      choices: loadChoices(this.storage),
      generated: null,
      isDrawingCages: false,
    };
    /** What the parts show that render changes only when it changes. */
    this.drawn = { view: '', hasChain: false, recentFor: null, recent: [] };
    this.renderQueued = false;
    this.started = null;
    /**
     * The page a Share link opens, with the link's hash: the app page beside this module,
     * unless the host page sets another (the app page sets its own address).
     */
    this.linkBase = APP_URL.href;
  }

  connectedCallback() {
    this.started ??= this.start();
  }

  disconnectedCallback() {
    // Moving the element re-connects it at once; only a real removal ends the workers.
    queueMicrotask(() => {
      if (!this.isConnected && this.client) {
        this.playback.unload();
        this.client.close();
        this.rater.close();
        this.maker.close();
        this.wakeObserver?.disconnect();
        this.watching.observeGrid(null);
        this.solving.end();
        document.removeEventListener('visibilitychange', this.onVisibility);
        modules.removeEventListener('requested', this.onModule);
        this.shadowRoot.replaceChildren();
        // A board put back starts afresh, from its attributes.
        this.started = null;
        this.state.puzzle = null;
        this.verdicts.forget();
        this.state.isAwake = false;
      }
    });
  }

  attributeChangedCallback(name, old, value) {
    if (!this.state.puzzle || old === value) {
      return;
    }
    if (name === 'controls' || name === 'readonly') {
      this.applyControls();
    } else if (name === 'autoplay') {
      this.observeView();
    } else if (value === null) {
      return;
    } else if (name === 'puzzle') {
      this.loadLinked(value);
    } else if ((name === 'progress' || name === 'step') && isReading(this)) {
      // They are the puzzle's on its way (puzzle-loading.js loadLinked applies them).
    } else if (this.state.unreadLink !== null && name !== 'speed') {
      this.restoreAttribute(name, old);
    } else if (name === 'progress') {
      this.solving.progressLinked();
    } else if (name === 'strategy') {
      this.setStrategy(value);
    } else if (name === 'step') {
      this.openStep(value, { isZeroOpened: true });
    } else if (name === 'speed') {
      this.setSpeed(value);
    }
  }

  /**
   * Puts an attribute of the rest of a link whose puzzle could not be read back to `old`:
   * it is not for the grid shown instead, and a later link setting the same value again
   * still applies it.
   */
  restoreAttribute(name, old) {
    if (this.state.isRestoring) {
      return;
    }
    this.state.isRestoring = true;
    try {
      if (old === null) {
        this.removeAttribute(name);
      } else {
        this.setAttribute(name, old);
      }
    } finally {
      this.state.isRestoring = false;
    }
  }

  /** Resolves once the element is ready for use. */
  whenReady() {
    return this.started ?? Promise.resolve();
  }

  async start() {
    const root = this.shadowRoot;
    try {
      const [sheets] = await Promise.all([firstSheets(), ready]);
      root.adoptedStyleSheets = sheets;
    } catch (error) {
      this.showStartFailure(error);
      return;
    }
    if (!this.isConnected) {
      return;
    }
    const initial = this.getAttribute('puzzle');
    // A puzzle with rules waits for their reader (puzzle-loading.js) before anything shows;
    // a plain one is read at once.
    let read = initial ? readSoon(initial) : { ok: false };
    if (read instanceof Promise) {
      read = await read;
      if (!this.isConnected) {
        return;
      }
    }
    root.innerHTML = `<div class="app" part="app">
        <div class="board-col"></div>
        <aside class="side-col" aria-label="Solver"></aside>
        <div class="glossary-col"></div>
      </div>`;
    this.startJobs();
    // The samples with rules come with their reader (samples.js ruleSampleId).
    const plainSamples = SAMPLES.filter((s) => s.text);
    this.sampleIds = new Map(plainSamples.map((s) => [readPuzzle(s.text).puzzle.line, s.id]));
    this.parts = mountParts(
      this,
      root.querySelector('.board-col'),
      root.querySelector('.side-col'),
    );
    this.applyControls();
    root.addEventListener('keydown', (event) => this.handleShortcut(event));
    // The clock runs only while the page is seen; progress is saved when it is hidden.
    this.onVisibility = () => {
      if (document.hidden) {
        this.solving.save();
      }
      this.solving.runClock();
    };
    document.addEventListener('visibilitychange', this.onVisibility);
    // The explainer on its way (for a trace, a hint, another board): a rating offered starts
    // once the board's worker is free (on two cores, it would slow a 25×25's first step).
    this.onModule = ({ detail }) =>
      detail === 'full' && afterPaintWhenFree(this.client, () => this.rateIfWaiting());
    modules.addEventListener('requested', this.onModule);
    window.addEventListener('pagehide', () => this.solving.save());
    // Technique links open the glossary in place: the host page's URL is never touched.
    root.addEventListener('click', (event) => {
      const link = event.target.closest?.('a[href^="#technique-"]');
      if (link) {
        event.preventDefault();
        if (this.state.controlSet.has('techniques')) {
          this.parts.glossary?.show(link.getAttribute('href').slice(1));
        }
      }
    });
    root.addEventListener('paste', (event) => {
      if (!event.defaultPrevented && !this.isReadonly) {
        event.preventDefault();
        this.loadText(event.clipboardData?.getData('text/plain') ?? '');
      }
    });
    // Any use wakes the board, wherever it is on the page.
    for (const type of ['pointerdown', 'keydown', 'focusin']) {
      this.addEventListener(type, () => this.wake(), { once: true });
    }
    if (initial && !read.ok) {
      // An empty grid stands in (see setPuzzle), with the reason beside it.
      this.state.unreadLink = initial;
    }
    this.setPuzzle(read.ok ? read.puzzle : emptyPuzzle(shapeOfSize(9)), { phase: 'solving' });
    if (initial && !read.ok) {
      refuseLink(this, initial, read.diagnosis);
    }
    this.dispatchEvent(new CustomEvent('ready'));
    // The parts the grid does not need come next (bundled, a chunk of their own). Where the
    // board stands in the viewport is looked at once they are in: until then the page is
    // shorter, and a board below the fold would seem near.
    const app = root.querySelector('.app');
    Promise.all([import('./later-parts.js'), allSheets()])
      .then(
        ([later, sheets]) => {
          if (root.contains(app)) {
            root.adoptedStyleSheets = sheets;
            later.mountLaterParts(this, this.parts, root);
            this.applyControls();
            this.schedule();
          }
        },
        (error) =>
          this.reportError(new Error(`Part of the board could not load: ${error.message}`)),
      )
      .finally(() => root.contains(app) && this.observeView());
  }

  /**
   * Starts the board's jobs (their workers start on their first request) and its two
   * controllers, the person's solve (Solving) and the trace watched (Watching).
   */
  startJobs() {
    const { state } = this;
    this.client = new WorkerClient();
    // The rating runs in a worker of its own, so it never holds up a trace and stopping it
    // (terminating that worker) leaves the trace alone.
    this.rater = new WorkerClient({ name: 'stepdoku-rating' });
    this.rating = new RatingJob(this.rater, {
      budgetMs: () => ratingBudget(this.getAttribute('rating-budget')),
      isShown: () => state.controlSet.has('rating'),
      hasExplainer: () => isRequested('full'),
      onChange: () => this.schedule(),
    });
    // New puzzles are made in a third worker: a slow one (a minimal 16×16 takes seconds a
    // candidate) never holds up a trace or a rating, and Cancel (terminating that worker)
    // leaves the trace shown, its place and the rating alone. The wasm module is compiled
    // once for the page (wasm.js), so another worker costs only its instantiation.
    this.maker = new WorkerClient({ name: 'stepdoku-maker' });
    this.verdicts = new VerdictJob(this.client, {
      onVerdict: (line, verdict) => this.verdictIn(line, verdict),
    });
    this.making = new NewPuzzleJob(this.maker, { onChange: () => this.schedule() });
    this.client.addEventListener('busy', ({ detail }) => {
      state.isBusy = detail;
      this.schedule();
    });
    for (const client of [this.client, this.rater, this.maker]) {
      client.addEventListener('error', ({ detail }) => this.reportError(detail));
    }
    this.playback = new Playback(this.client, {
      onChange: () => this.schedule(),
      onError: (error) => this.showFailure(error),
    });
    this.solving = new Solving(
      {
        puzzle: () => state.puzzle,
        verdict: () => this.verdict,
        awaitVerdict: () => this.awaitVerdict(),
        isReadonly: () => this.isReadonly,
        setPuzzle: (puzzle, options) => this.setPuzzle(puzzle, options),
        isSeen: () => state.isAwake && !document.hidden && this.isConnected,
        trace: () => this.watching.shown(),
        leaveTrace: () => this.playback.unload(),
        takeProgress: () => this.takeAttribute('progress'),
        setNotice: (notice) => ((state.notice = notice), this.schedule()),
        hintStep: (board) => this.client.request('hint', board),
        stepForward: () => this.watching.stepForward(),
        // The finish card tells how hard the puzzle was.
        solved: () => this.rating.rateIfOffered(state.puzzle.line),
        schedule: () => this.schedule(),
      },
      state.mode,
      this.storage,
    );
    this.watching = new Watching(
      {
        source: () =>
          this.solving.traceSource() ?? {
            board: startingBoard(state.puzzle),
            request: { text: state.puzzle.line },
          },
        moveOn: () => (state.notice = ''),
        wake: () => this.wake(),
        schedule: () => this.schedule(),
      },
      this.playback,
      state.mode,
    );
    // An attribute (the page's, a link's) wins over what the person chose last time.
    const speed = this.parseSpeed(this.getAttribute('speed')) ?? state.choices.speed ?? 8;
    this.watching.setSpeed(speed);
    const strategy = [this.getAttribute('strategy'), state.choices.strategy].find((id) =>
      strategies().some((s) => s.id === id),
    );
    this.watching.setStrategy(strategy ?? this.watching.strategy);
  }

  /** An attribute's value (null without it), removed once read. */
  takeAttribute(name) {
    const value = this.getAttribute(name);
    this.removeAttribute(name);
    return value;
  }

  /** Whether the puzzle may not be edited. */
  get isReadonly() {
    return this.hasAttribute('readonly');
  }

  /** Shows the controls `controls` and `readonly` ask for, and nothing else. */
  applyControls() {
    const { state } = this;
    state.controlSet = shownControls(this.getAttribute('controls'), this.isReadonly);
    for (const part of this.shadowRoot.querySelectorAll('[data-control]')) {
      part.classList.toggle('off', !state.controlSet.has(part.dataset.control));
    }
    this.parts.grid.setReadonly(this.isReadonly);
    if (this.isReadonly && state.mode.isSolving) {
      this.solving.enterPhase('entering');
    }
    this.rateIfWaiting();
  }

  /** Rates the puzzle if its rating waits for it and its verdict is in (RatingJob). */
  rateIfWaiting() {
    const line = this.state.puzzle?.line;
    if (line && this.verdicts.isFor(line)) {
      this.rating.rateIfWaiting(line, this.verdict);
    }
  }

  /**
   * Watches the board's place in the viewport: near it, the board wakes; with `autoplay`,
   * it plays while its grid is mostly in view and pauses once that is out of view.
   */
  observeView() {
    this.wakeObserver ??= new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          this.wakeObserver.disconnect();
          this.wake();
        }
      },
      { rootMargin: WAKE_MARGIN },
    );
    if (!this.state.isAwake) {
      this.wakeObserver.observe(this);
    }
    const grid = this.shadowRoot.querySelector('.grid-wrap');
    this.watching.observeGrid(this.hasAttribute('autoplay') ? grid : null);
  }

  /** Starts the board's work: the verdict (then the rating), and the `step` asked for. */
  wake() {
    const { state } = this;
    if (state.isAwake || !state.puzzle) {
      return;
    }
    state.isAwake = true;
    this.askVerdict();
    this.solving.runClock();
    const step = this.getAttribute('step');
    if (step !== null && state.mode.isOnBoard) {
      this.openStep(step, { isZeroOpened: false });
    }
  }

  /**
   * Opens the trace at the step a link or the `step` attribute names, as readStep reads it
   * (step 0 only if `isZeroOpened`); a step that is not a whole number of 0 or more is
   * refused in the status card, as is any step of a link whose puzzle could not be read.
   */
  openStep(text, { isZeroOpened }) {
    if (this.state.unreadLink !== null) {
      return;
    }
    const { step, error } = readStep(text);
    if (error) {
      this.state.notice = error;
      this.schedule();
    } else if (step > 0 || isZeroOpened) {
      this.goToStep(step);
    }
  }

  /** A board that cannot start shows why in its own box, and fires `error`. */
  showStartFailure(error) {
    this.shadowRoot.replaceChildren(messageBox(`Stepdoku could not start. ${error.message}`));
    this.reportError(error);
  }

  /** Fires `error` with what went wrong, and says it on the console for the site owner. */
  reportError(error) {
    const message = error?.message ?? String(error);
    console.error(`<stepdoku-board>: ${message}`);
    this.dispatchEvent(new CustomEvent('error', { detail: { message } }));
  }

  // ---- Actions -------------------------------------------------------------------------

  togglePanel() {
    this.state.isPanelOpen = !this.state.isPanelOpen;
    this.schedule();
  }

  /** The Puzzle box's text as the person types it. */
  editText(text) {
    this.state.text = text;
  }

  /** An empty grid of `size`, which keeps the variant when that size can have it. */
  setSize(size) {
    const shape = shapeOfSize(size);
    const { tag } = this.state.puzzle.layout;
    const isPossible = variantsFor(shape).some((v) => v.tag === tag && v.isPossible);
    this.setPuzzle(emptyPuzzle(shape, isPossible ? tag : ''));
  }

  /**
   * The puzzle in another layout (`tag`), in the phase it is in; its rules stay. KILLER_TAG
   * (Killer in the Variant list) empties the grid to draw a Killer's cages on it.
   */
  setVariant(tag) {
    const { puzzle, mode } = this.state;
    this.state.isDrawingCages = tag === KILLER_TAG;
    if (tag === KILLER_TAG) {
      const empty = emptyPuzzle(puzzle.shape);
      this.solving.record('clear', () => this.setPuzzle(empty));
    } else {
      this.loadText(lineInLayout(puzzle, tag), { phase: mode.phase });
    }
  }

  /** Makes `line` the puzzle, as an edit (puzzle-loading.js editLine: cage-entry.js). */
  editLine(line) {
    return editLine(this, line);
  }

  /** Loads puzzle text (puzzle-loading.js loadText); returns whether it was read. */
  loadText(text, options) {
    return loadText(this, text, options);
  }

  /** Loads a link's puzzle (the `puzzle` attribute); text that cannot be read is refused. */
  loadLinked(text) {
    loadLinked(this, text);
  }

  /**
   * Makes `puzzle` the board's, its verdict on the way, in a phase: 'entering' (its digits
   * are edited as givens) or 'solving' (the person's solve of it: `solve` as
   * Solving.entryOf keeps it, else the one saved, if any). A puzzle without givens, or on a
   * read-only board, is always entered.
   */
  setPuzzle(puzzle, { phase = 'entering', solve = null } = {}) {
    const { state } = this;
    const isNewShape = puzzle.shape !== state.puzzle?.shape;
    const isNewLayout = isNewShape || puzzle.layout.tag !== state.puzzle.layout.tag;
    const isSame = !isNewLayout && puzzle.line === state.puzzle.line;
    // The first grid of a board whose `puzzle` attribute could not be read stands in for it:
    // it is neither announced nor written to the attribute. Any other puzzle ends that.
    const isStandIn = !state.puzzle && state.unreadLink !== null;
    if (!isStandIn) {
      state.unreadLink = null;
      state.notice = '';
    }
    this.playback.unload();
    this.solving.end();
    if (!isSame) {
      this.solving.forgetHistory();
      // Another puzzle, typed, pasted or chosen, outdates the one being made.
      this.making.cancel();
    }
    state.puzzle = puzzle;
    state.summary = puzzleSummary(puzzle, this.sampleName(puzzle.line));
    state.editBoard = createBoard(puzzle.shape, puzzle.values);
    if (puzzle.marks) {
      state.editBoard.candidates = puzzle.candidates.slice();
    }
    state.text = puzzle.line;
    state.inputError = null;
    this.rating.forPuzzle(puzzle.line);
    if (isNewShape) {
      this.shadowRoot.querySelector('.app').dataset.size = puzzle.shape.size;
      this.parts.pad.build(puzzle.shape);
    }
    if (isNewLayout) {
      this.parts.grid.build(puzzle.shape, puzzle.layout);
      showRules(this);
    }
    if (!isSame && !isStandIn) {
      this.setAttribute('puzzle', puzzle.line);
      const { line, ...generated } = state.generated ?? {};
      const detail = { line: puzzle.line, generated: line === puzzle.line ? generated : null };
      this.dispatchEvent(new CustomEvent('puzzlechange', { detail, bubbles: true }));
    }
    this.askVerdict();
    if (phase === 'solving' && isPosed(puzzle) && !this.isReadonly) {
      this.solving.begin(solve);
    }
    this.schedule();
  }

  /** A key for a cell from the grid or the pad: a given while entering, else the person's. */
  input(cell, key, isOther) {
    // The grid passes on every key that may be a digit; H that is not one asks for a hint.
    if (isHintKey(key, this.state.puzzle.shape.symbols)) {
      this.hint();
      return;
    }
    if (this.isReadonly) {
      return;
    }
    if (this.state.mode.isSolving) {
      this.solving.input(cell, key, isOther);
    } else {
      this.editCell(cell, key);
    }
  }

  /** Edits a given while entering a puzzle ('' empties the cell). */
  editCell(cell, key) {
    const { puzzle } = this.state;
    const digit = key ? digitOfKey(puzzle.shape, key) : 0;
    if (key && !digit) {
      return;
    }
    const edited = withCell(puzzle, cell, digit);
    if (edited.line !== puzzle.line) {
      this.solving.record('edit', () => this.setPuzzle(edited));
    }
  }

  /**
   * Empties the grid (an empty puzzle of the same shape and layout) to enter a puzzle afresh,
   * as one action of the board's history: Undo brings the puzzle back in the phase it was in,
   * with the person's solve as it was, and Redo empties the grid again.
   */
  clearGrid() {
    const { puzzle } = this.state;
    const empty = emptyPuzzle(puzzle.shape, puzzle.layout.tag);
    if (this.isReadonly || empty.line === puzzle.line) {
      return;
    }
    this.solving.record('clear', () => this.setPuzzle(empty));
  }

  pasteOnGrid(text, cell) {
    if (this.isReadonly) {
      return;
    }
    const trimmed = text.trim();
    if (trimmed.length === 1) {
      this.input(cell, trimmed === '.' || trimmed === '0' ? '' : trimmed, false);
    } else {
      this.loadText(text);
    }
  }

  /** What the status card says of the puzzle: `{ kind, message, diagnosis? }`. */
  get verdict() {
    return this.verdicts?.current ?? { kind: 'idle', message: '' };
  }

  /**
   * Asks the worker for the verdict on the current puzzle, shortly (verdict-job.js); a board
   * that is not awake yet asks once it wakes. Of a grid that stands in for a link's puzzle
   * (`unreadLink`), nothing is said unless the person asks (Solve).
   */
  askVerdict() {
    if (this.state.unreadLink !== null) {
      return;
    }
    if (this.state.isAwake) {
      this.verdicts.ask(this.state.puzzle.line);
    } else {
      this.verdicts.replace({
        kind: 'pending',
        message: 'Checked once the board comes into view.',
      });
    }
  }

  /** What follows from a verdict in for puzzle `line`: its rating, and a finish it confirms. */
  verdictIn(line, verdict) {
    this.rating.verdictIn(line, verdict);
    this.solving.verdictIn();
    this.schedule();
  }

  /** Asks again for an undecided verdict, with more search nodes than the last time. */
  keepChecking() {
    if (this.verdicts.keepGoing()) {
      this.schedule();
    }
  }

  /** Wakes the board and asks for the verdict; resolves with it. */
  awaitVerdict() {
    this.wake();
    this.verdicts.ask(this.state.puzzle.line);
    return this.verdicts.request;
  }

  /** Shows the solution (or the first of two), or the verdict that says why there is none. */
  async solve() {
    const line = this.state.puzzle.line;
    const verdict = await this.awaitVerdict();
    if (this.state.puzzle.line !== line || !verdict.diagnosis?.solution) {
      return;
    }
    this.playback.unload();
    this.state.mode.watchSolution();
    this.state.solutionIndex = 0;
    this.solving.runClock();
    this.schedule();
  }

  showSolution(index) {
    this.state.solutionIndex = index;
    this.schedule();
  }

  /** Cancel: stops the puzzle being made, a seek, the trace's search and the rating. */
  cancel() {
    this.making.cancel();
    this.playback.cancelSeek();
    if (this.client.isBusy) {
      this.client.cancel();
    }
    this.rating.stop();
  }

  /**
   * Makes a new puzzle and loads it to solve, as a pasted one is; the status card says how it
   * goes, and Cancel or another puzzle stops it, leaving the board as it was. `target`: a
   * level's name (any case), a technique's id, or `singles`; `seed`: a whole number (random
   * without one); `symmetry`: a symmetry's id; `size` and `tag`: the grid's and its layout's
   * (the board's own without them); `day`: the date of a puzzle of the day, for its words.
   * Resolves with whether a puzzle was made.
   */
  async newPuzzle({ target, seed = randomSeed(), symmetry = 'none', size, tag, day = '' }) {
    if (!this.state.puzzle) {
      return false;
    }
    this.wake();
    const own = this.state.puzzle;
    const shape = shapeOfSize(size ?? own.shape.size);
    // A puzzle's rules (a Killer's cages…) are its own: a new one has its layout's houses.
    const layoutTag = tag ?? own.layout.tag.split(';')[0];
    const layoutName =
      layoutTag === own.layout.tag
        ? own.layout.name
        : (variantsFor(shape).find((v) => v.tag === layoutTag)?.name ?? '');
    const { request, words } = newPuzzleOrder(
      { target, symmetry, size, shape, tag: layoutTag, layoutName, day },
      { levels: levels(), technique },
    );
    const found = await this.making.make({ request, seed, words }, own.line);
    if (!found) {
      return false;
    }
    this.state.generated = { line: found.puzzle, target, seed: found.seed, symmetry };
    if (this.loadText(found.puzzle)) {
      this.landPuzzle();
    }
    return true;
  }

  /**
   * A puzzle the person chose lands in view: the puzzle panel closes, and the grid is
   * scrolled into view if part of it is out of view.
   */
  landPuzzle() {
    this.state.isPanelOpen = false;
    this.schedule();
    requestAnimationFrame(() => this.revealGrid());
  }

  /** Scrolls the page, if need be, so that the whole grid is in view. */
  revealGrid() {
    const frame = this.shadowRoot.querySelector('.grid-frame');
    const { top, bottom } = frame.getBoundingClientRect();
    if (top < 0 || bottom > innerHeight) {
      frame.scrollIntoView({ block: 'nearest' });
    }
  }

  /**
   * Shares the link to the position shown (share.js), with how its puzzle was made, on the
   * page at `linkBase`; resolves with what happened, for the top bar to say.
   */
  share() {
    const { line, ...generated } = this.state.generated ?? {};
    const isMade = line === this.state.puzzle.line;
    const position = this.position(this.watching.shown());
    return shareUrl(shareLink(this.linkBase, position, isMade ? generated : null));
  }

  /** The id of the sample whose puzzle is `line`, or ''. */
  sampleIdOf(line) {
    return this.sampleIds.get(line) ?? ruleSampleId(line);
  }

  /** The name of the sample whose puzzle is `line`, or ''. */
  sampleName(line) {
    const id = this.sampleIdOf(line);
    return id ? SAMPLES.find((s) => s.id === id).name : '';
  }

  /**
   * Hints at the next step, a little more each time (hints.js): on the trace (Watching.hint),
   * or from the person's own board while solving (Solving.hint).
   */
  async hint() {
    if (this.solving.own && !this.state.mode.isTrace) {
      await this.solving.hint();
    } else {
      await this.watching.hint();
    }
  }

  /** Opens the trace of the current strategy at step `n`, or as far as the trace goes. */
  async goToStep(n) {
    if (!this.state.puzzle || !Number.isInteger(n) || n < 0 || this.state.unreadLink !== null) {
      return;
    }
    await this.watching.ensureTrace({ target: n });
  }

  /**
   * Traces with strategy `id` from now on, and keeps it for next time (a strategy a link
   * followed on the page sets counts as chosen too).
   */
  setStrategy(id) {
    if (!strategies().some((s) => s.id === id) || id === this.watching.strategy) {
      return;
    }
    // Keeps the place: the first step of the new trace with as many digits on the board.
    this.watching.setStrategy(id);
    this.rememberChoice('strategy', id);
    this.setAttribute('strategy', id);
    this.schedule();
  }

  parseSpeed(value) {
    if (value === 'max' || value === Infinity) {
      return Infinity;
    }
    const n = Number(value);
    return n > 0 ? n : null;
  }

  /** Plays `value` steps per second (see parseSpeed) from now on, and keeps it for next time. */
  setSpeed(value) {
    const speed = this.parseSpeed(value);
    if (speed !== null) {
      this.watching.setSpeed(speed);
      this.rememberChoice('speed', speed);
      this.schedule();
    }
  }

  /**
   * Keeps a choice of the person's (`id`: strategy, speed or level) for the next time the
   * board starts, where the page may use storage.
   */
  rememberChoice(id, value) {
    this.state.choices = { ...this.state.choices, [id]: value };
    if (this.storage) {
      saveChoice(this.storage, id, value);
    }
  }

  showFailure(error) {
    const message = error?.message ?? String(error);
    this.verdicts.replace({ kind: 'invalid', message, diagnosis: error });
    this.schedule();
  }

  /**
   * Carries out the keyboard shortcut a key asks for (shortcuts.js: undo and redo, H for a
   * hint, Space, the arrows and Home for the player). Public so a page can route its own keys
   * here.
   */
  handleShortcut(event) {
    if (!this.playback) {
      return;
    }
    const { symbols } = this.state.puzzle.shape;
    const action = shortcutOf(event, placeOf(event.composedPath()[0]), symbols);
    // Shift+← and Shift+→ are the page's own (selecting text) unless a chain is on show.
    const isChainKey = action === 'previousImplication' || action === 'nextImplication';
    if (!action || (isChainKey && !this.watching.walk.step)) {
      return;
    }
    event.preventDefault();
    if (action === 'undo' || action === 'redo') {
      this.solving.history(action);
    } else if (action === 'hint') {
      this.hint();
    } else {
      this.watching.shortcut(action);
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

  render() {
    if (this.state.puzzle) {
      const trace = this.watching.shown();
      updateParts(this, this.parts, trace);
      this.announcePosition(trace);
    }
  }

  /** What `positionchange` would announce, as one string: puzzle, strategy, step, progress. */
  positionKey(p) {
    const isShared = Boolean(this.solving.own && this.solving.options.share);
    // A shared board counts as moved when it changes, not when its seconds tick.
    const version = isShared ? this.solving.version : '';
    return `${this.state.puzzle.line} ${this.watching.strategy} ${p?.position ?? 0} ${version}`;
  }

  /**
   * Tells the page where the trace or the person's board stands once it stops moving, so it
   * can link there (with the person's progress when they chose to share it).
   */
  announcePosition(p) {
    if (this.playback.isPlaying || this.playback.wanted) {
      return;
    }
    const key = this.positionKey(p);
    if (key === this.state.announced) {
      return;
    }
    this.state.announced = key;
    const detail = this.position(p);
    this.dispatchEvent(new CustomEvent('positionchange', { detail, bubbles: true }));
  }

  /**
   * Where the board stands, as `positionchange` says it: `{ line, strategy, step, progress }`,
   * step 0 off the trace (`p` the trace shown, or null), progress '' unless the person chose
   * to share it.
   */
  position(p) {
    const { own, options, elapsedMs } = this.solving;
    const { line, shape } = this.state.puzzle;
    const progress = own && options.share ? progressText(own, shape.symbols, elapsedMs) : '';
    return { line, strategy: this.watching.strategy, step: p?.position ?? 0, progress };
  }
}

customElements.define('stepdoku-board', StepdokuBoard);
