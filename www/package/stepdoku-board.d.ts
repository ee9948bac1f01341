// Types of the <stepdoku-board> element (stepdoku-board.js), written by hand from
// www/stepdoku-board.js and docs/EMBED.md, "Attributes, events and methods". The wasm
// API ("stepdoku/wasm", pkg/stepdoku.js) has its own declarations, written by wasm-bindgen.
//
// Importing the module defines the element; its class is not exported (get it with
// `customElements.get('stepdoku-board')`), so `StepdokuBoard` is a type only here.
// Members of the element that are not declared below are internal and may change.

/** The strategies a trace can follow (the `strategy` attribute). */
export type StrategyId = 'backtracking' | 'singles' | 'human';

/** The parts the `controls` attribute can list, space-separated (`all` for every one). */
export type ControlName =
  | 'puzzle'
  | 'new'
  | 'share'
  | 'pad'
  | 'solving'
  | 'solve'
  | 'play'
  | 'step'
  | 'speed'
  | 'strategy'
  | 'hint'
  | 'clear'
  | 'counters'
  | 'steps'
  | 'rating'
  | 'techniques'
  | 'legend';

/** Every part the `controls` attribute can list, in the order the board shows them. */
export declare const CONTROLS: readonly ControlName[];

/** The grid sizes the board can show: a side of 4, 6, 8, 9, 12, 16 or 25 cells. */
export type GridSize = 4 | 6 | 8 | 9 | 12 | 16 | 25;

/** The symmetries a new puzzle's givens may have. */
export type SymmetryId = 'none' | 'rotate-180' | 'rotate-90' | 'mirror' | 'diagonal';

/** The HoDoKu levels, easiest first. */
export type LevelName = 'Easy' | 'Medium' | 'Hard' | 'Unfair' | 'Extreme';

/**
 * What a new puzzle is made for: a level (any case), `singles` (solved by singles alone), or
 * the id of a technique its Human solve must need (`techniques()` of the wasm API lists them).
 */
export type NewPuzzleTarget = LevelName | 'singles' | (string & {});

/**
 * The element's attributes, as HTML writes them (for a framework's typings of custom
 * elements). A board follows changes to them; `progress` is put on the board once, after
 * `puzzle`.
 */
export interface StepdokuBoardAttributes {
  /** The puzzle, in any text form docs/FORMATS.md ("Puzzle text") lists. */
  puzzle?: string;
  /** The strategy of the trace: `singles` unless set (or chosen before on this site). */
  strategy?: StrategyId;
  /** Opens the strategy's trace at this step: a whole number of 0 or more. */
  step?: string;
  /** Steps per second when playing, or `max` (default 8). */
  speed?: string;
  /** Which parts show, space-separated `ControlName`s, or `all`; all without the attribute. */
  controls?: string;
  /** The puzzle cannot be edited (a boolean attribute: present or absent). */
  readonly?: '' | boolean;
  /** Plays the trace while half the grid is in view (a boolean attribute). */
  autoplay?: '' | boolean;
  /** `light` or `dark`; without it, the host page's `color-scheme` decides. */
  theme?: 'light' | 'dark';
  /** Milliseconds a rating may run before the card offers to keep going (default 5000). */
  'rating-budget'?: string;
  /** A person's digits and marks as a share link carries them (`y=`). */
  progress?: string;
}

/** How a new puzzle was asked for, as `puzzlechange` reports it. */
export interface GeneratedPuzzle {
  /** The `target` asked for (as `newPuzzle` takes it). */
  target: string;
  /** The seed it was made from: the same order and seed make the same puzzle. */
  seed: number;
  /** The symmetry of its givens. */
  symmetry: SymmetryId;
}

/** The `detail` of `puzzlechange`, fired whenever the board's puzzle changes. */
export interface PuzzleChangeDetail {
  /** The puzzle on one line, in its size's alphabet (with its variant's tag, if any). */
  line: string;
  /** How the puzzle was made when the board made it (`newPuzzle`, New puzzle), else null. */
  generated: GeneratedPuzzle | null;
}

/**
 * The `detail` of `positionchange`, fired whenever the position on the trace or the person's
 * board settles (not while playing): what a link to the position needs.
 */
export interface PositionChangeDetail {
  /** The puzzle on one line. */
  line: string;
  /** The strategy of the trace. */
  strategy: StrategyId;
  /** The step shown on the trace; 0 off the trace. */
  step: number;
  /** The person's digits and marks for a link, '' unless they chose to share them. */
  progress: string;
}

/** The `detail` of `error`, fired when something cannot start (also shown in the board). */
export interface BoardErrorDetail {
  /** What went wrong, in a sentence. */
  message: string;
}

/** What `newPuzzle` makes. */
export interface NewPuzzleOrder {
  /** A level (any case), `singles`, or a technique's id. */
  target: NewPuzzleTarget;
  /** A whole number; random without one. */
  seed?: number;
  /** The symmetry of the givens (default `none`). */
  symmetry?: SymmetryId;
  /** The grid's size; the board's own without one. */
  size?: GridSize;
  /** The variant's tag (`''` classic, `x`, `windoku`); the board's own without one. */
  tag?: string;
  /** The date (`YYYY-MM-DD`) of a puzzle of the day, for the words that name it. */
  day?: string;
}

/** How `loadText` loads a puzzle. */
export interface LoadTextOptions {
  /** `solving` (the default): the person solves it; `entering`: its digits are edited. */
  phase?: 'solving' | 'entering';
}

/** The events of the element, by name, beside those of every HTML element. */
export interface StepdokuBoardEventMap extends Omit<HTMLElementEventMap, 'error'> {
  /** Once the grid is interactive. */
  ready: CustomEvent<null>;
  /** Whenever the puzzle changes (bubbles). */
  puzzlechange: CustomEvent<PuzzleChangeDetail>;
  /** Whenever the position on the trace or the person's board settles (bubbles). */
  positionchange: CustomEvent<PositionChangeDetail>;
  /** When something cannot start: a module that cannot be fetched, a worker refused. */
  error: CustomEvent<BoardErrorDetail>;
}

/**
 * `<stepdoku-board>`: a Sudoku solver and player. Set it up with attributes
 * (`StepdokuBoardAttributes`), follow it with events (`StepdokuBoardEventMap`).
 */
declare class StepdokuBoard extends HTMLElement {
  /** The attributes whose changes the board follows. */
  static readonly observedAttributes: readonly string[];

  /**
   * The page a Share link opens (the link's hash is added): the app page beside the module
   * (`index.html`) unless set.
   */
  linkBase: string;

  /**
   * Resolves once the board has started: its grid shows, or its own box says why it could
   * not start (`error` tells which). Resolves at once for a board not in the document.
   */
  whenReady(): Promise<void>;

  /**
   * Loads puzzle text, in any form docs/FORMATS.md ("Puzzle text") lists. Returns whether it was
   * read; text that cannot be read stays in the Puzzle box with its error, and the grid is
   * kept.
   */
  loadText(text: string, options?: LoadTextOptions): boolean;

  /**
   * Opens the trace of the current strategy at step `n` (a whole number of 0 or more), or as
   * far as the trace goes; resolves once there.
   */
  goToStep(n: number): Promise<void>;

  /**
   * Makes a new puzzle and loads it to solve; the status card says how it goes. Resolves
   * with whether a puzzle was made (false when cancelled, replaced or impossible).
   */
  newPuzzle(order: NewPuzzleOrder): Promise<boolean>;

  /**
   * Carries out the shortcut a key asks for (undo and redo, H for a hint, Space, the arrows
   * and Home for the player): for a page that routes its own keys to the board.
   */
  handleShortcut(event: KeyboardEvent): void;

  addEventListener<K extends keyof StepdokuBoardEventMap>(
    type: K,
    listener: (this: StepdokuBoard, event: StepdokuBoardEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof StepdokuBoardEventMap>(
    type: K,
    listener: (this: StepdokuBoard, event: StepdokuBoardEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

export type { StepdokuBoard };

declare global {
  interface HTMLElementTagNameMap {
    'stepdoku-board': StepdokuBoard;
  }
}
