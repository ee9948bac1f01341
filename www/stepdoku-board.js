// <stepdoku-board>: the whole solver and player as one self-contained element. It mounts
// the parts (top bar and puzzle panel, grid, number pad, solve bar, glossary, status, rating,
// controls, step list, legend) into its shadow root, holds the state they show, and turns their
// events into actions.
// What follows from a state it asks of pure controllers: view-model.js (the board's mode and
// what each part shows in it), hints.js (the levels of a hint), verdict-job.js (the verdict
// on the puzzle) and rating-job.js (when the puzzle is rated, and what the rating card says);
// solving.js holds its solving-phase methods.
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
// Attributes: `puzzle` (puzzle text), `strategy` (backtracking | singles | human), `step`
// (open the trace at this step), `speed` (steps per second, or "max"), `controls` (which
// controls show, from CONTROLS; all without it), `readonly` (no editing), `autoplay` (play
// the trace while in view), `rating-budget` (ms a rating may run before the card offers to
// keep going; default 5000), `theme` (light | dark; default: the host page's color-scheme),
// `progress` (a solve's digits and marks, as a share link carries them; read once).
// Events: `ready` once the grid is interactive; `puzzlechange` (detail: { line, generated })
// whenever the puzzle changes, `generated` saying how a new puzzle was made ({ target, seed,
// symmetry }, else null); `positionchange` (detail: { line, strategy, step, progress }, step 0
// off the trace, progress '' unless the person chose to share it) whenever the position on
// the trace or the person's board settles (not while playing); `error` (detail: { message })
// when something cannot start, also shown in the board's own box.

import { createBoard, fillSolution, startingBoard } from './board-model.js';
import { mountControls } from './controls.js';
import {
  allShapes,
  candidatesOf,
  digitOfKey,
  emptyPuzzle,
  levels,
  lineInLayout,
  readPuzzle,
  ready,
  seedOfDay,
  shapeOfSize,
  strategies,
  symmetries,
  technique,
  techniqueAnchor,
  techniqueList,
  textTooLong,
  variantsFor,
  withCell,
} from './core.js';
import { mountGrid } from './grid-view.js';
import { dayText, NewPuzzleJob, orderWords, randomSeed, targetRequest } from './new-puzzle-job.js';
import { mountNumberPad } from './number-pad.js';
import { HintLevels, traceHighlight, traceHintText } from './hints.js';
import { readStep } from './link.js';
import { Playback } from './playback.js';
import { mountPuzzleBar } from './puzzle-bar.js';
import { mountPuzzlePanel } from './puzzle-panel.js';
import { RatingJob, ratingBudget } from './rating-job.js';
import { loadChoices, loadOptions, progressText, recentSolves, saveChoice } from './saved.js';
import { SAMPLES } from './samples.js';
import { shareLink, shareUrl } from './share.js';
import { isHintKey, placeOf, shortcutOf } from './shortcuts.js';
import { mountSolveBar, SOLVE_OPTIONS } from './solve-bar.js';
import { solvingMethods } from './solving.js';
import { mountStatus } from './status.js';
import { Stopwatch } from './stopwatch.js';
import { allSheets, firstSheets } from './stylesheets.js';
import {
  BoardMode,
  CONTROLS,
  controlsState,
  digitsLeft,
  puzzleFault,
  puzzleSummary,
  shownControls,
  statusState,
} from './view-model.js';
import { VerdictJob, verdictOf } from './verdict-job.js';
import { isRequested, modules } from './wasm.js';
import { WorkerClient } from './worker-client.js';

export { CONTROLS };

/** Where Share links go unless the page sets `linkBase`: the app page beside this module. */
const APP_URL = new URL('./index.html', import.meta.url);

/** How far outside the viewport a board starts its work, so it is ready when scrolled to. */
const WAKE_MARGIN = '200px';

/** The share of an `autoplay` board's grid that must be in view for it to play. */
const AUTOPLAY_RATIO = 0.5;

/** Above this many steps per second, placements are not animated. */
const FAST_SPEED = 30;

/** The page's localStorage, or null where the page may not use it (a sandboxed frame). */
function pageStorage() {
  try {
    return window.localStorage ?? null;
  } catch {
    return null;
  }
}

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
    this.puzzle = null;
    /** What the top bar says the puzzle is (puzzleSummary), kept with the puzzle. */
    this.summary = '';
    this.text = '';
    this.inputError = null;
    /** A sentence for the status card on a link refused (its puzzle or its step), or ''. */
    this.notice = '';
    /**
     * The `puzzle` attribute's text when it could not be read, else null. Meanwhile the rest
     * of the link (strategy, step, progress) is not applied to the grid shown instead, and
     * what it shows is not announced, so a page keeps its link as written.
     */
    this.unreadLink = null;
    /** Whether restoreAttribute is putting an attribute back (its own change is not news). */
    this.isRestoring = false;
    /** Entering or solving, and what the grid shows: the board, the trace or the solution. */
    this.mode = new BoardMode();
    this.solutionIndex = 0;
    this.strategy = 'singles';
    /** The verdict on the puzzle (verdict-job.js), once the board has started. */
    this.verdicts = null;
    this.isBusy = false;
    this.renderQueued = false;
    this.highlightFor = null;
    this.highlightLevel = 0;
    this.highlight = null;
    this.started = null;
    /** The last position announced by `positionchange`. */
    this.announced = '';
    /** Hints on the trace shown, each for a trace and a position (see `traceKey`). */
    this.traceHints = new HintLevels();
    /** Whether the board has come near the viewport or been used: it then does its work. */
    this.isAwake = false;
    /** Whether `autoplay` started the playing, and whether the person has paused since. */
    this.isAutoPlaying = false;
    this.isAutoplayStopped = false;
    this.controlSet = new Set(CONTROLS);
    /** The person's solve (solve-model.js) while solving, and what goes with it. */
    this.own = null;
    this.solveMeta = { hints: 0, checks: 0, solved: false };
    this.solveVersion = 0;
    this.stopwatch = new Stopwatch();
    this.isPencil = false;
    /** What the last Check found, for the board version it checked. */
    this.checked = null;
    /** Hints on the person's board, each for a version of it (`solveVersion`). */
    this.boardHints = new HintLevels();
    /** A sentence about the person's board for the status card, for the version it is about. */
    this.note = null;
    /**
     * How many messages about the person's board were given (the note, a hint, a board that
     * may clash), and when the board's version and the hint under way were: the status card
     * shows the newest.
     */
    this.nMessages = 0;
    this.versionAt = 0;
    this.hintAt = 0;
    this.isFinishClosed = false;
    /**
     * The board's own history, for Undo and Redo of what is not the person's action in their
     * solve: edits to the givens while entering, and Clear grid. Each entry is the board
     * before an action (see entryOf in solving.js).
     */
    this.entryUndo = [];
    this.entryRedo = [];
    this.storage = pageStorage();
    this.options = loadOptions(this.storage, SOLVE_OPTIONS);
    /** The strategy, speed and level the person chose last (saved.js loadChoices). */
    this.choices = loadChoices(this.storage);
    this.recent = [];
    this.clockTimer = 0;
    /** How the puzzle made last was asked for: `{ line, target, seed, symmetry }`, or null. */
    this.generated = null;
    /** Whether the person opened the puzzle panel (a text that cannot be read opens it too). */
    this.isPanelOpen = false;
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
        this.playObserver?.disconnect();
        this.saveSolve();
        this.stopClock();
        document.removeEventListener('visibilitychange', this.onVisibility);
        modules.removeEventListener('requested', this.onModule);
        this.shadowRoot.replaceChildren();
        // A board put back starts afresh, from its attributes.
        this.started = null;
        this.puzzle = null;
        this.mode.enter();
        this.own = null;
        this.verdicts.forget();
        this.isAwake = false;
      }
    });
  }

  attributeChangedCallback(name, old, value) {
    if (!this.puzzle || old === value) {
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
    } else if (this.unreadLink !== null && name !== 'speed') {
      this.restoreAttribute(name, old);
    } else if (name === 'progress') {
      if (this.applyLinkedProgress(true)) {
        this.changed();
      }
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
    if (this.isRestoring) {
      return;
    }
    this.isRestoring = true;
    try {
      if (old === null) {
        this.removeAttribute(name);
      } else {
        this.setAttribute(name, old);
      }
    } finally {
      this.isRestoring = false;
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
    root.innerHTML = `<div class="app" part="app">
        <div class="board-col"></div>
        <aside class="side-col" aria-label="Solver"></aside>
        <div class="glossary-col"></div>
      </div>`;
    this.client = new WorkerClient();
    // The rating runs in a worker of its own, so it never holds up a trace and stopping it
    // (terminating that worker) leaves the trace alone. Workers start on their first request.
    this.rater = new WorkerClient({ name: 'stepdoku-rating' });
    this.rating = new RatingJob(this.rater, {
      budgetMs: () => ratingBudget(this.getAttribute('rating-budget')),
      isShown: () => this.controlSet.has('rating'),
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
      this.isBusy = detail;
      this.schedule();
    });
    for (const client of [this.client, this.rater, this.maker]) {
      client.addEventListener('error', ({ detail }) => this.reportError(detail));
    }
    this.playback = new Playback(this.client, {
      onChange: () => this.schedule(),
      onError: (error) => this.showFailure(error),
    });
    // An attribute (the page's, a link's) wins over what the person chose last time.
    this.playback.setSpeed(this.parseSpeed(this.getAttribute('speed')) ?? this.choices.speed ?? 8);
    this.strategy =
      [this.getAttribute('strategy'), this.choices.strategy].find((id) =>
        strategies().some((s) => s.id === id),
      ) ?? this.strategy;
    this.sampleIds = new Map(SAMPLES.map((s) => [readPuzzle(s.text).puzzle.line, s.id]));
    this.mountParts(root.querySelector('.board-col'), root.querySelector('.side-col'));
    this.applyControls();
    root.addEventListener('keydown', (event) => this.handleShortcut(event));
    // The clock runs only while the page is seen; progress is saved when it is hidden.
    this.onVisibility = () => {
      if (document.hidden) {
        this.saveSolve();
      }
      this.runClock();
    };
    document.addEventListener('visibilitychange', this.onVisibility);
    // The explainer on its way (for a trace, a hint, another board): a rating offered starts.
    this.onModule = ({ detail }) => {
      if (detail === 'full' && this.puzzle && this.verdicts.isFor(this.puzzle.line)) {
        this.rating.rateIfWaiting(this.puzzle.line, this.verdict);
      }
    };
    modules.addEventListener('requested', this.onModule);
    window.addEventListener('pagehide', () => this.saveSolve());
    // Technique links open the glossary in place: the host page's URL is never touched.
    root.addEventListener('click', (event) => {
      const link = event.target.closest?.('a[href^="#technique-"]');
      if (link) {
        event.preventDefault();
        if (this.controlSet.has('techniques')) {
          this.glossary?.show(link.getAttribute('href').slice(1));
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
    this.recent = this.storage ? recentSolves(this.storage) : [];
    const initial = this.getAttribute('puzzle');
    const read = initial ? readPuzzle(initial) : { ok: false };
    if (initial && !read.ok) {
      // An empty grid stands in (see setPuzzle), with the reason beside it.
      this.unreadLink = initial;
    }
    this.setPuzzle(read.ok ? read.puzzle : emptyPuzzle(shapeOfSize(9)), { phase: 'solving' });
    if (initial && !read.ok) {
      this.refuseLink(initial, read.diagnosis);
    }
    this.dispatchEvent(new CustomEvent('ready'));
    // The parts the grid does not need come next (bundled, a chunk of their own). Where the
    // board stands in the viewport is looked at once they are in: until then the page is
    // shorter, and a board below the fold would seem near.
    const app = root.querySelector('.app');
    Promise.all([import('./later-parts.js'), allSheets()])
      .then(
        ([parts, sheets]) => {
          if (root.contains(app)) {
            root.adoptedStyleSheets = sheets;
            this.mountLater(parts);
          }
        },
        (error) =>
          this.reportError(new Error(`Part of the board could not load: ${error.message}`)),
      )
      .finally(() => root.contains(app) && this.observeView());
  }

  /** Whether the puzzle may not be edited. */
  get isReadonly() {
    return this.hasAttribute('readonly');
  }

  /** Shows the controls `controls` and `readonly` ask for, and nothing else. */
  applyControls() {
    this.controlSet = shownControls(this.getAttribute('controls'), this.isReadonly);
    for (const part of this.shadowRoot.querySelectorAll('[data-control]')) {
      part.classList.toggle('off', !this.controlSet.has(part.dataset.control));
    }
    this.grid.setReadonly(this.isReadonly);
    if (this.isReadonly && this.mode.isSolving) {
      this.enterPhase('entering');
    }
    if (this.verdicts.isFor(this.puzzle?.line)) {
      this.rating.rateIfWaiting(this.puzzle.line, this.verdict);
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
    if (!this.isAwake) {
      this.wakeObserver.observe(this);
    }
    this.playObserver?.disconnect();
    if (this.hasAttribute('autoplay')) {
      this.playObserver = new IntersectionObserver((entries) => this.autoplay(entries.at(-1)), {
        threshold: [0, AUTOPLAY_RATIO],
      });
      this.playObserver.observe(this.shadowRoot.querySelector('.grid-wrap'));
    }
  }

  /**
   * Plays an `autoplay` board once half its grid is in view, and pauses it once the grid is
   * out of view; never after the person has paused or stepped, nor when they prefer reduced
   * motion.
   */
  autoplay(entry) {
    const prefersStill = matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (this.isAutoplayStopped || prefersStill || !this.puzzle) {
      return;
    }
    if (entry.intersectionRatio >= AUTOPLAY_RATIO) {
      if (!this.playback.isPlaying) {
        this.ensureTrace();
        this.playback.play();
        this.isAutoPlaying = true;
        this.schedule();
      }
    } else if (!entry.isIntersecting && this.isAutoPlaying) {
      this.playback.pause();
      this.schedule();
    }
  }

  /** Starts the board's work: the verdict (then the rating), and the `step` asked for. */
  wake() {
    if (this.isAwake || !this.puzzle) {
      return;
    }
    this.isAwake = true;
    this.askVerdict();
    this.runClock();
    const step = this.getAttribute('step');
    if (step !== null && this.mode.isOnBoard) {
      this.openStep(step, { isZeroOpened: false });
    }
  }

  /**
   * Opens the trace at the step a link or the `step` attribute names, as readStep reads it
   * (step 0 only if `isZeroOpened`); a step that is not a whole number of 0 or more is
   * refused in the status card, as is any step of a link whose puzzle could not be read.
   */
  openStep(text, { isZeroOpened }) {
    if (this.unreadLink !== null) {
      return;
    }
    const { step, error } = readStep(text);
    if (error) {
      this.notice = error;
      this.schedule();
    } else if (step > 0 || isZeroOpened) {
      this.goToStep(step);
    }
  }

  /** A board that cannot start shows why in its own box, and fires `error`. */
  showStartFailure(error) {
    const box = document.createElement('p');
    box.setAttribute('role', 'alert');
    box.setAttribute('part', 'message');
    box.textContent = `Stepdoku could not start. ${error.message}`;
    // Set through the CSSOM, which a Content-Security-Policy allows: the stylesheet may be
    // what failed.
    Object.assign(box.style, {
      margin: '0',
      padding: '1rem',
      border: '1px solid currentColor',
      borderRadius: '8px',
      font: '15px/1.45 system-ui, sans-serif',
    });
    this.shadowRoot.replaceChildren(box);
    this.reportError(error);
  }

  /** Fires `error` with what went wrong, and says it on the console for the site owner. */
  reportError(error) {
    const message = error?.message ?? String(error);
    console.error(`<stepdoku-board>: ${message}`);
    this.dispatchEvent(new CustomEvent('error', { detail: { message } }));
  }

  mountParts(boardCol, sideCol) {
    this.panel = mountPuzzlePanel(sideCol, {
      toggle: () => {
        this.isPanelOpen = !this.isPanelOpen;
        this.schedule();
      },
      share: () => this.share(),
      clear: () => this.clearGrid(),
    });
    // A puzzle chosen in the panel closes it, so that the grid comes back into view.
    const land = (isLoaded) => isLoaded && this.landPuzzle();
    this.bar = mountPuzzleBar(this.panel.panel, allShapes(), {
      load: (text) => land(this.loadText(text)),
      isTooLong: (text) => textTooLong(text) !== null,
      edit: (text) => {
        this.text = text;
      },
      size: (size) => {
        // An empty grid of the new size keeps the variant when that size can have it.
        const shape = shapeOfSize(size);
        const { tag } = this.puzzle.layout;
        const isPossible = variantsFor(shape).some((v) => v.tag === tag && v.isPossible);
        this.setPuzzle(emptyPuzzle(shape, isPossible ? tag : ''));
      },
      variant: (tag) => this.loadText(lineInLayout(this.puzzle, tag), { phase: this.mode.phase }),
      sample: (sample) => land(this.loadText(sample.text)),
      resume: (line) => land(this.loadText(line)),
    });
    this.grid = mountGrid(boardCol, {
      input: (cell, key, isOther) => this.input(cell, key, isOther),
      switchMode: () => this.togglePencil(),
      paste: (text, cell) => this.pasteOnGrid(text, cell),
    });
    this.solveBar = mountSolveBar(sideCol, {
      phase: () => this.enterPhase(this.mode.isSolving ? 'entering' : 'solving'),
      undo: () => this.undo(),
      redo: () => this.redo(),
      pencil: () => this.togglePencil(),
      hint: () => this.hint(),
      fill: () =>
        this.ownAction((own) => own.fillCandidates(candidatesOf(this.puzzle.layout, own.values))),
      clearMarks: () => this.ownAction((own) => own.clearCandidates()),
      check: () => this.check(),
      takeOver: () => this.takeOver(),
      resume: () => this.backToBoard(),
      option: (id, value) => this.setOption(id, value),
    });
    this.pad = mountNumberPad(sideCol, {
      key: (key, isOther) => this.input(this.grid.selected, key, isOther),
    });
    this.controls = mountControls(sideCol, strategies(), {
      solve: () => this.solve(),
      togglePlay: () => this.togglePlay(),
      toStart: () => this.seek(0),
      back: () => this.back(),
      forward: () => this.stepForward(),
      cancel: () => {
        this.making.cancel();
        this.playback.cancelSeek();
        if (this.client.isBusy) {
          this.client.cancel();
        }
        this.rating.stop();
      },
      strategy: (id) => this.setStrategy(id),
      speed: (stepsPerSecond) => this.setSpeed(stepsPerSecond),
    });
    this.status = mountStatus(sideCol, {
      showSolution: (index) => this.showSolution(index),
      keepChecking: () => this.keepChecking(),
    });
    this.walk = NO_WALK;
  }

  /**
   * Mounts the parts the first grid does not need, from later-parts.js (`parts`), fetched once
   * the grid shows; each goes where it went before, after the parts already there.
   */
  mountLater(parts) {
    const root = this.shadowRoot;
    const sideCol = root.querySelector('.side-col');
    this.newPart = parts.mountNewPuzzle(
      { quick: this.panel.quick, panel: this.panel.panel },
      {
        levels: levels(),
        techniques: techniqueList(),
        symmetries: symmetries(),
        initialLevel: this.choices.level,
      },
      {
        make: ({ target, symmetry, isDaily }) => {
          const day = isDaily ? dayText(new Date()) : '';
          this.newPuzzle({ target, symmetry, day, seed: day ? seedOfDay(day) : randomSeed() });
        },
        cancel: () => this.making.cancel(),
        level: (value) => this.rememberChoice('level', value),
      },
    );
    this.finishCard = parts.mountFinishCard(root.querySelector('.grid-wrap'), {
      close: () => {
        this.isFinishClosed = true;
        this.schedule();
      },
    });
    this.glossary = parts.mountGlossary(root.querySelector('.glossary-col'), techniqueList());
    this.walk = new parts.ChainWalk(() => this.schedule());
    this.walk.setSpeed(this.playback.speed);
    this.chainCard = parts.mountChainCard(this.status.card, {
      walk: (action) => this.walkChain(action),
      jump: (at) => this.walkChain(() => this.walk.jump(at)),
      toggleList: () => this.walkChain(() => this.walk.toggleList()),
      togglePin: () => this.walkChain(() => this.walk.togglePin()),
      toggleInner: (k) => this.walkChain(() => this.walk.toggleInner(k)),
    });
    this.ratingCard = parts.mountRating(sideCol, levels(), {
      stop: () => this.rating.stop(),
      more: () => this.rating.more(this.puzzle.line),
      rate: () => this.rating.start(this.puzzle.line),
    });
    this.stepList = parts.mountStepList(sideCol, { seek: (position) => this.seek(position) });
    parts.mountLegend(sideCol);
    this.applyControls();
    this.schedule();
  }

  // ---- Actions -------------------------------------------------------------------------

  /**
   * Loads puzzle text to solve (its saved progress comes back), or in another `phase` (see
   * setPuzzle); text that cannot be read stays in the Puzzle box with its error, and the
   * grid is kept. Text longer than the core reads is refused before it reaches wasm, and is
   * not put in the Puzzle box either (a pasted file would make the page crawl). Returns
   * whether the text was read.
   */
  loadText(text, { phase = 'solving' } = {}) {
    // The person moves on: a notice on a link refused before is old news.
    this.notice = '';
    const read = readPuzzle(text);
    if (read.ok) {
      this.setPuzzle(read.puzzle, { phase });
      return true;
    }
    if (!textTooLong(text)) {
      this.text = text;
    }
    this.inputError = read.diagnosis;
    this.verdicts.refuse(verdictOf(read.diagnosis));
    this.schedule();
    return false;
  }

  /**
   * Loads the puzzle the `puzzle` attribute (a link) names. Text that cannot be read is
   * refused as typed text is, and the rest of the link is not applied to the grid kept.
   */
  loadLinked(text) {
    if (text === this.puzzle.line) {
      // The board's own line (setPuzzle writes it back), or a link back to the grid shown.
      if (this.unreadLink !== null) {
        this.unreadLink = null;
        this.notice = '';
        this.schedule();
      }
      return;
    }
    const read = readPuzzle(text);
    if (read.ok) {
      this.setPuzzle(read.puzzle, { phase: 'solving' });
    } else {
      this.refuseLink(text, read.diagnosis);
    }
  }

  /**
   * Shows why the puzzle of a link could not be read, in the Puzzle box (as typed text) and
   * in the status card, which says the grid shown is not the link's. The position shown
   * counts as announced, so the page's link stays as written until the person moves on.
   */
  refuseLink(text, diagnosis) {
    this.unreadLink = text;
    this.playback.pause();
    this.playback.cancelSeek();
    if (!textTooLong(text)) {
      this.text = text;
    }
    this.inputError = diagnosis;
    this.notice = `The link's puzzle could not be read, so it is not shown. ${diagnosis.message}`;
    this.announced = this.positionKey(this.tracePlayback());
    this.schedule();
  }

  /**
   * Makes `puzzle` the board's, its verdict on the way, in a phase: 'entering' (its digits
   * are edited as givens) or 'solving' (the person's solve of it: `solve` as entryOf keeps it
   * in solving.js, else the one saved, if any). A puzzle without givens, or on a read-only
   * board, is always entered.
   */
  setPuzzle(puzzle, { phase = 'entering', solve = null } = {}) {
    const isNewShape = puzzle.shape !== this.puzzle?.shape;
    const isNewLayout = isNewShape || puzzle.layout.tag !== this.puzzle.layout.tag;
    const isSame = !isNewLayout && puzzle.line === this.puzzle.line;
    // The first grid of a board whose `puzzle` attribute could not be read stands in for it:
    // it is neither announced nor written to the attribute. Any other puzzle ends that.
    const isStandIn = !this.puzzle && this.unreadLink !== null;
    if (!isStandIn) {
      this.unreadLink = null;
      this.notice = '';
    }
    this.playback.unload();
    this.endSolve();
    if (!isSame) {
      this.entryUndo = [];
      this.entryRedo = [];
      // Another puzzle, typed, pasted or chosen, outdates the one being made.
      this.making.cancel();
    }
    this.puzzle = puzzle;
    this.summary = puzzleSummary(puzzle, this.sampleName(puzzle.line));
    this.editBoard = createBoard(puzzle.shape, puzzle.values);
    if (puzzle.marks) {
      this.editBoard.candidates = puzzle.candidates.slice();
    }
    this.text = puzzle.line;
    this.inputError = null;
    this.rating.forPuzzle(puzzle.line);
    if (isNewShape) {
      this.shadowRoot.querySelector('.app').dataset.size = puzzle.shape.size;
      this.pad.build(puzzle.shape);
    }
    if (isNewLayout) {
      this.grid.build(puzzle.shape, puzzle.layout);
    }
    if (!isSame && !isStandIn) {
      this.setAttribute('puzzle', puzzle.line);
      const { line, ...generated } = this.generated ?? {};
      const detail = { line: puzzle.line, generated: line === puzzle.line ? generated : null };
      this.dispatchEvent(new CustomEvent('puzzlechange', { detail, bubbles: true }));
    }
    this.askVerdict();
    const hasGivens = puzzle.values.some((v) => v);
    if (phase === 'solving' && hasGivens && !this.isReadonly) {
      this.beginSolve(solve);
    }
    this.schedule();
  }

  /** A key for a cell from the grid or the pad: a given while entering, else the person's. */
  input(cell, key, isOther) {
    // The grid passes on every key that may be a digit; H that is not one asks for a hint.
    if (isHintKey(key, this.puzzle.shape.symbols)) {
      this.hint();
      return;
    }
    if (this.isReadonly) {
      return;
    }
    if (this.mode.isSolving) {
      this.solvingInput(cell, key, isOther);
    } else {
      this.editCell(cell, key);
    }
  }

  /** Edits a given while entering a puzzle ('' empties the cell). */
  editCell(cell, key) {
    const digit = key ? digitOfKey(this.puzzle.shape, key) : 0;
    if (key && !digit) {
      return;
    }
    const edited = withCell(this.puzzle, cell, digit);
    if (edited.line !== this.puzzle.line) {
      const undo = [...this.entryUndo, this.entryOf('edit')];
      this.setPuzzle(edited);
      this.entryUndo = undo;
    }
  }

  /**
   * Empties the grid (an empty puzzle of the same shape and layout) to enter a puzzle afresh,
   * as one action of the board's history: Undo brings the puzzle back in the phase it was in,
   * with the person's solve as it was, and Redo empties the grid again.
   */
  clearGrid() {
    const empty = emptyPuzzle(this.puzzle.shape, this.puzzle.layout.tag);
    if (this.isReadonly || empty.line === this.puzzle.line) {
      return;
    }
    const undo = [...this.entryUndo, this.entryOf('clear')];
    this.setPuzzle(empty);
    this.entryUndo = undo;
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
   * that is not awake yet asks once it wakes.
   */
  askVerdict() {
    if (this.isAwake) {
      this.verdicts.ask(this.puzzle.line);
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
    if (this.checkFinish()) {
      this.runClock();
      this.saveSolve();
    }
    this.schedule();
  }

  /** Asks again for an undecided verdict, with more search nodes than the last time. */
  keepChecking() {
    if (this.verdicts.keepGoing()) {
      this.schedule();
    }
  }

  /** Shows the solution (or the first of two), or the verdict that says why there is none. */
  async solve() {
    this.wake();
    this.askVerdict();
    const line = this.puzzle.line;
    const verdict = await this.verdicts.request;
    if (this.puzzle.line !== line || !verdict.diagnosis?.solution) {
      return;
    }
    this.playback.unload();
    this.mode.watchSolution();
    this.solutionIndex = 0;
    this.runClock();
    this.schedule();
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
    if (!this.puzzle) {
      return false;
    }
    this.wake();
    const own = this.puzzle;
    const shape = shapeOfSize(size ?? own.shape.size);
    const layoutTag = tag ?? own.layout.tag;
    const layoutName =
      layoutTag === own.layout.tag
        ? own.layout.name
        : (variantsFor(shape).find((v) => v.tag === layoutTag)?.name ?? '');
    const shapeWords = [
      shape && shape.size !== 9 ? `${shape.size}×${shape.size}` : '',
      layoutTag ? layoutName : '',
    ];
    const words = orderWords(
      { target, shape: shapeWords.filter(Boolean).join(' '), day },
      { levels: levels(), technique },
    );
    const request = {
      size: shape?.size ?? size,
      tag: layoutTag,
      ...targetRequest(target, levels()),
      symmetry,
    };
    const found = await this.making.make({ request, seed, words }, own.line);
    if (!found) {
      return false;
    }
    this.generated = { line: found.puzzle, target, seed: found.seed, symmetry };
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
    this.isPanelOpen = false;
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
    const { line, ...generated } = this.generated ?? {};
    const isMade = line === this.puzzle.line;
    const position = this.position(this.tracePlayback());
    return shareUrl(shareLink(this.linkBase, position, isMade ? generated : null));
  }

  /** The name of the sample whose puzzle is `line`, or ''. */
  sampleName(line = this.puzzle.line) {
    const id = this.sampleIds.get(line);
    return id ? SAMPLES.find((s) => s.id === id).name : '';
  }

  showSolution(index) {
    this.solutionIndex = index;
    this.schedule();
  }

  /**
   * Starts the trace, unless one is already loaded: of the puzzle while entering it, and from
   * the person's board (their digits and marks) while solving it. `at` may name a position
   * to go to (see Playback.load); resolves once there.
   */
  ensureTrace(at = null) {
    // The person (or a link) moves on: a notice on a link refused before is old news.
    this.notice = '';
    let reached;
    if (!this.mode.isTrace || !this.playback.isLoaded) {
      this.mode.watchTrace();
      reached = this.playback.load(this.traceSource(), this.strategy, at);
    } else {
      reached = at ? this.playback.goTo(at) : Promise.resolve();
    }
    this.wake();
    return reached;
  }

  /** Where a trace starts: `{ board, request }` for Playback.load. */
  traceSource() {
    const own = this.own;
    if (!own) {
      return { board: startingBoard(this.puzzle), request: { text: this.puzzle.line } };
    }
    const marks = own.hasMarks ? own.shownMarks() : new Uint32Array(0);
    const board = createBoard(this.puzzle.shape, own.values);
    board.origins.set(own.origins);
    board.candidates = Uint32Array.from(candidatesOf(this.puzzle.layout, own.values, marks));
    return {
      board,
      request: { values: own.values.slice(), marks, tag: this.puzzle.layout.tag },
    };
  }

  /**
   * Walks the forcing chain on show: `action` is `previous`, `next` or `play` (Play chain or
   * Pause chain), or a function that changes the walk. The trace's own playing stops first.
   */
  walkChain(action) {
    if (!this.walk.step) {
      return;
    }
    if (this.playback.isPlaying) {
      this.isAutoplayStopped = true;
      this.playback.pause();
    }
    if (action === 'previous') {
      this.walk.previous();
    } else if (action === 'next') {
      this.walk.pause();
      this.walk.next();
    } else if (action === 'play') {
      this.walk.togglePlay();
    } else {
      action();
    }
    this.schedule();
  }

  /** Play or Pause; Pause also stops a seek under way (Playback.stopSeek). */
  togglePlay() {
    this.walk.pause();
    if (this.playback.isPlaying) {
      this.isAutoplayStopped = true;
      this.playback.pause();
    } else if (this.tracePlayback()?.seeking) {
      this.isAutoplayStopped = true;
      this.playback.stopSeek();
    } else {
      this.ensureTrace();
      this.playback.play();
    }
    this.schedule();
  }

  stepForward() {
    this.isAutoplayStopped = true;
    this.ensureTrace();
    this.playback.forward();
  }

  back() {
    this.isAutoplayStopped = true;
    this.playback.back();
  }

  seek(position) {
    this.isAutoplayStopped = true;
    this.playback.seek(position);
  }

  /**
   * Hints at the next step of the trace, a little more each time (hints.js): first its
   * technique and difficulty, then where it is (its houses, cells and pattern), then the step
   * itself. While solving, the hint is from the person's own board (solving.js).
   */
  async hint() {
    if (this.own && !this.mode.isTrace) {
      await this.solvingHint();
      return;
    }
    this.ensureTrace();
    this.playback.pause();
    const trace = this.playback.traceId;
    const step = await this.playback.upcoming();
    if (!step || trace !== this.playback.traceId) {
      return;
    }
    const key = traceKey(this.playback);
    const next = this.traceHints.press(key);
    if (next === 'take') {
      this.traceHints.end();
      this.stepForward();
      return;
    }
    if (next === 'find') {
      this.traceHints.show(key, { kind: 'step', step });
    }
    this.schedule();
  }

  /** The hint for the current position of the trace shown, if one is under way. */
  activeHint() {
    const p = this.tracePlayback();
    return p ? this.traceHints.at(traceKey(p)) : null;
  }

  /** The playback when a trace shows, or null. */
  tracePlayback() {
    return this.mode.isTrace && this.playback.isLoaded ? this.playback : null;
  }

  /** Opens the trace of the current strategy at step `n`, or as far as the trace goes. */
  async goToStep(n) {
    if (!this.puzzle || !Number.isInteger(n) || n < 0 || this.unreadLink !== null) {
      return;
    }
    await this.ensureTrace({ target: n });
  }

  /**
   * Traces with strategy `id` from now on, and keeps it for next time (a strategy a link
   * followed on the page sets counts as chosen too).
   */
  setStrategy(id) {
    if (!strategies().some((s) => s.id === id) || id === this.strategy) {
      return;
    }
    this.strategy = id;
    this.rememberChoice('strategy', id);
    this.setAttribute('strategy', id);
    const p = this.tracePlayback();
    if (p) {
      // Keeps the place: the first step of the new trace with as many digits on the board.
      const filled = p.board.values.reduce((n, v) => n + (v ? 1 : 0), 0);
      p.load(this.traceSource(), id, p.position > 0 ? { filled } : null);
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

  /** Plays `value` steps per second (see parseSpeed) from now on, and keeps it for next time. */
  setSpeed(value) {
    const speed = this.parseSpeed(value);
    if (speed !== null) {
      this.playback.setSpeed(speed);
      this.walk.setSpeed(speed);
      this.rememberChoice('speed', speed);
      this.schedule();
    }
  }

  /**
   * Keeps a choice of the person's (`id`: strategy, speed or level) for the next time the
   * board starts, where the page may use storage.
   */
  rememberChoice(id, value) {
    this.choices = { ...this.choices, [id]: value };
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
    const action = shortcutOf(event, placeOf(event.composedPath()[0]), this.puzzle.shape.symbols);
    const actions = {
      undo: () => this.history('undo'),
      redo: () => this.history('redo'),
      hint: () => this.hint(),
      play: () => this.togglePlay(),
      back: () => this.back(),
      forward: () => this.stepForward(),
      start: () => this.seek(0),
      previousImplication: () => this.walkChain('previous'),
      nextImplication: () => this.walkChain('next'),
    };
    // Shift+← and Shift+→ are the page's own (selecting text) unless a chain is on show.
    const isChainKey = action === 'previousImplication' || action === 'nextImplication';
    if (action && (this.walk.step || !isChainKey)) {
      event.preventDefault();
      actions[action]();
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
    const p = this.tracePlayback();
    if (p) {
      // A hint shows the step to come (or, at its first level, nothing) instead of the last.
      const hint = this.activeHint();
      const step = hint ? hint.step : p.current;
      const level = hint ? hint.level : 0;
      if (step !== this.highlightFor || level !== this.highlightLevel) {
        this.highlightFor = step;
        this.highlightLevel = level;
        this.highlight = traceHighlight(step, level);
      }
      // A hint shows where to look, not the chain: only a step taken is walked.
      this.walk.show(hint ? null : step);
      return {
        board: p.board,
        showCandidates: true,
        step: this.walk.over(this.highlight),
        isFast: p.isPlaying && p.speed > FAST_SPEED,
      };
    }
    if (this.mode.isOnOwnBoard) {
      return this.ownView();
    }
    this.walk.show(null);
    if (this.mode.isSolution && isCurrent && d.solution) {
      const line = this.solutionIndex === 1 && d.second ? d.second : d.solution;
      const board = fillSolution(
        createBoard(this.puzzle.shape, this.puzzle.values),
        readPuzzle(line).puzzle.values,
      );
      return { board, differ: d.second ? new Set(d.cells) : null };
    }
    const fault = puzzleFault(d, this.puzzle.line);
    return {
      board: this.editBoard,
      // Pencil marks are part of the puzzle, so they show while editing too.
      showCandidates: Boolean(this.puzzle.marks),
      faults: fault ? new Set(fault.cells) : null,
      houses: fault?.houses ?? [],
    };
  }

  render() {
    if (!this.puzzle) {
      return;
    }
    const { board, ...marks } = this.view();
    this.grid.render(board, marks);
    // What the board is used for now, which orders the parts (layout.css). No rule keys a
    // cell on it, so a change restyles the parts, not the grid.
    if (this.shownView !== this.mode.name) {
      // Another activity reorders the parts: the grid stays in view for a person using the
      // board (not for one that plays by itself in a page scrolled past it).
      if (this.shownView && this.matches(':focus-within')) {
        requestAnimationFrame(() => this.revealGrid());
      }
      this.shownView = this.mode.name;
      const app = this.shadowRoot.querySelector('.app');
      app.dataset.view = this.mode.name;
      app.dataset.activity = this.mode.isOnBoard ? 'board' : 'watching';
    }
    // A chain on show keeps the grid in view on a narrow board while it is walked (layout.css).
    const hasChain = Boolean(this.walk.step);
    if (this.shownChain !== hasChain) {
      this.shownChain = hasChain;
      this.shadowRoot.querySelector('.app').toggleAttribute('data-chain', hasChain);
    }
    const p = this.tracePlayback();
    const step = p?.current;
    this.panel.update({
      isOpen: this.isPanelOpen || Boolean(this.inputError),
      summary: this.summary,
    });
    const padValues = this.mode.isOnOwnBoard
      ? this.own.values
      : this.mode.isOnBoard
        ? this.puzzle.values
        : null;
    this.pad.setLeft(padValues && digitsLeft(padValues, this.puzzle.shape.size));
    this.bar.update({
      text: this.text,
      size: this.puzzle.shape.size,
      layout: this.puzzle.layout,
      variants: variantsFor(this.puzzle.shape),
      sampleId: this.sampleIds.get(this.puzzle.line) ?? '',
      error: this.inputError,
      recent: this.recentChoices(),
    });
    this.newPart?.update({ isRunning: this.making.isRunning });
    this.renderSolving();
    this.status.update({
      making: this.making.noteFor(this.puzzle.line),
      ...statusState({
        mode: this.mode,
        verdict: this.verdict,
        solutionIndex: this.solutionIndex,
        trace: p,
        isPlaying: this.playback.isPlaying,
        notice: this.notice,
      }),
      technique: step ? technique(step.techniqueId) : null,
      anchor: step ? techniqueAnchor(step.techniqueId) : '',
      hint: this.mode.isOnOwnBoard
        ? this.ownNote()
        : traceHintText(this.activeHint(), this.puzzle.shape.size),
    });
    this.controls.update(
      controlsState({
        playback: this.playback,
        trace: p,
        isBusy: this.isBusy,
        strategy: this.strategy,
      }),
    );
    this.chainCard?.update(this.walk.view());
    this.stepList?.update(p);
    this.ratingCard?.update(this.rating.view);
    this.announcePosition(p);
  }

  /** What `positionchange` would announce, as one string: puzzle, strategy, step, progress. */
  positionKey(p) {
    const isShared = Boolean(this.own && this.options.share);
    // A shared board counts as moved when it changes, not when its seconds tick.
    return `${this.puzzle.line} ${this.strategy} ${p?.position ?? 0} ${isShared ? this.solveVersion : ''}`;
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
    if (key === this.announced) {
      return;
    }
    this.announced = key;
    const detail = this.position(p);
    this.dispatchEvent(new CustomEvent('positionchange', { detail, bubbles: true }));
  }

  /**
   * Where the board stands, as `positionchange` says it: `{ line, strategy, step, progress }`,
   * step 0 off the trace (`p` the trace shown, or null), progress '' unless the person chose
   * to share it.
   */
  position(p) {
    const isShared = Boolean(this.own && this.options.share);
    const progress = isShared
      ? progressText(this.own, this.puzzle.shape.symbols, this.stopwatch.elapsedMs)
      : '';
    return { line: this.puzzle.line, strategy: this.strategy, step: p?.position ?? 0, progress };
  }
}

Object.assign(StepdokuBoard.prototype, solvingMethods);

customElements.define('stepdoku-board', StepdokuBoard);
