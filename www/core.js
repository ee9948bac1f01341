// The small wasm module on the page's thread, for the quick, bounded calls: reading and
// writing puzzle text (so the page accepts exactly what the core accepts), the shapes and
// their digit symbols, the variants, the techniques, and what a new puzzle may be asked for
// (levels, symmetries, the seed of a day). Everything that searches runs in the worker.
//
// The page module reads plain puzzles only. Text that it says has rules (`isImport`: a Killer
// cage, a thermometer…, f-puzzles JSON or a link) needs the rules reader (rules-reader.js),
// which `loadRules` brings in once, on the first such text; from then on the calls for a
// layout with rules go to it, and nothing of it is loaded for a plain puzzle.

import init, {
  candidates,
  conflicts,
  formatPuzzle,
  isImport,
  levels as levelNames,
  maxTextLength,
  parsePuzzle,
  setCell,
  shapes,
  strategies as strategyRecords,
  symmetries as symmetryRecords,
  techniques,
  variants,
} from './pkg/stepdoku_core.js';
import { tooLong } from './text-limit.js';
import { compiledModule } from './wasm.js';

let shapeList = null;
let techniqueMap = null;
let techniqueArray = null;
let variantList = null;
let strategyList = null;
let levelList = null;
let symmetryList = null;
let maxBytes = 0;
const variantsBySize = new Map();
/** The rules reader (rules-reader.js) once loaded, else null. */
let rules = null;

/** Resolves once the module is loaded (rejects with why it could not be). */
export const ready = compiledModule('core').then(async (module) => {
  await init({ module_or_path: module });
  shapeList = shapes().map((shape) => ({ ...shape, symbols: symbolsOf(shape) }));
  techniqueArray = techniques();
  variantList = variants();
  strategyList = strategyRecords();
  levelList = levelNames();
  symmetryList = symmetryRecords();
  maxBytes = maxTextLength();
  techniqueMap = new Map(techniqueArray.map((t) => [t.id, t]));
});

/** The characters that write digits 1…size, as formatPuzzle writes them. */
function symbolsOf({ size }) {
  const values = new Uint8Array(size * size);
  for (let d = 1; d <= size; d++) {
    values[d - 1] = d;
  }
  return [...formatPuzzle(values).slice(0, size)];
}

/** Every supported shape, `{ size, boxRows, boxCols, symbols }`, smallest first. */
export function allShapes() {
  return shapeList;
}

/** Every strategy, `{ id, name }`, as the core lists them. */
export function strategies() {
  return strategyList;
}

/** The HoDoKu levels, easiest first: `["Easy", …, "Extreme"]`. */
export function levels() {
  return levelList;
}

/** The symmetries a new puzzle's givens may have, `{ id, name }`, `none` first. */
export function symmetries() {
  return symmetryList;
}

/** The shape of a side length. */
export function shapeOfSize(size) {
  return shapeList.find((s) => s.size === size);
}

/**
 * The variants offered by name, `{ id, name, tag }` (classic first), each with `isPossible`:
 * whether a grid of `shape` can have it (Windoku needs square boxes).
 */
export function variantsFor(shape) {
  if (!variantsBySize.has(shape.size)) {
    const empty = new Uint8Array(shape.size * shape.size);
    const isPossible = (tag) => {
      try {
        formatPuzzle(empty, tag);
        return true;
      } catch {
        return false;
      }
    };
    variantsBySize.set(
      shape.size,
      variantList.map((variant) => ({ ...variant, isPossible: isPossible(variant.tag) })),
    );
  }
  return variantsBySize.get(shape.size);
}

/**
 * Why `text` is longer than the core reads, as the core's diagnosis of unreadable text
 * (`status` invalid, `message`, no position), or null when it is not. Cheap on any length:
 * see text-limit.js.
 */
export function textTooLong(text) {
  const message = tooLong(text, maxBytes);
  return message && invalid(message);
}

/** The core's diagnosis of unreadable text saying `message`, with no position. */
function invalid(message) {
  return {
    status: 'invalid',
    message,
    size: null,
    puzzle: null,
    solution: null,
    second: null,
    house: null,
    position: null,
  };
}

/**
 * Reads puzzle text: `{ ok: true, puzzle }`, or `{ ok: false, diagnosis }` with the wasm
 * diagnosis (`message`, `position` [line, column]); text longer than the core reads is
 * refused here, before it is copied into wasm memory (`position` null). A puzzle is `{ shape, layout, values,
 * line, candidates, marks }`: `layout` its houses beyond rows and columns (`{ tag, variant,
 * name, regions, extras }`, see parsePuzzle in src/wasm/puzzle.rs), `candidates` the bit masks every
 * trace starts from (bit 0 is digit 1), `marks` the puzzle's pencil marks as bit masks, or
 * null when it has none.
 */
export function readPuzzle(text) {
  const fault = textTooLong(text);
  if (fault) {
    return { ok: false, diagnosis: fault };
  }
  try {
    const parsed = isImport(text) ? readWithRules(text) : parsePuzzle(text);
    return {
      ok: true,
      puzzle: {
        shape: shapeOfSize(parsed.size),
        layout: { ...parsed.layout, regions: Uint8Array.from(parsed.layout.regions) },
        values: Uint8Array.from(parsed.values),
        line: parsed.line,
        candidates: Uint32Array.from(parsed.candidates),
        marks: parsed.marks ? Uint32Array.from(parsed.marks) : null,
      },
    };
  } catch (diagnosis) {
    return { ok: false, diagnosis };
  }
}

/**
 * Whether `text` has rules that the rules reader is not ready for yet: `loadRules(text)`
 * first, then readPuzzle reads it.
 */
export function needsRules(text) {
  return !textTooLong(text) && isImport(text) && !rules?.isReadyFor(text);
}

/**
 * Loads the rules reader for `text` (the verdict module, and the full module for f-puzzles
 * JSON and links); resolves once readPuzzle can read it, rejects with why it could not load.
 */
export async function loadRules(text) {
  const reader = await import('./rules-reader.js');
  await reader.loadFor(text, compiledModule);
  rules = reader;
}

/** The parsePuzzle record of text with rules; throws the diagnosis when it has none. */
function readWithRules(text) {
  if (!rules?.isReadyFor(text)) {
    // readPuzzle's callers load the rules reader first (needsRules): this is a stray call.
    throw invalid('This puzzle has rules, and their reader has not loaded yet.');
  }
  return rules.parsePuzzle(text);
}

/** The calls of a layout: the rules reader's for one with rules, else the page module's. */
function callsFor(tag) {
  return tag.includes(';') ? rules : PAGE_CALLS;
}

const PAGE_CALLS = { candidates, conflicts, formatPuzzle, setCell };

/** The empty puzzle of a shape, in the layout a tag names (classic without). */
export function emptyPuzzle(shape, tag = '') {
  const values = new Uint8Array(shape.size * shape.size);
  return readPuzzle(callsFor(tag).formatPuzzle(values, tag)).puzzle;
}

/**
 * The line of a puzzle's digits, pencil marks and rules in the variant `tag` names (a plain
 * tag: the rules, written after the cells, stay).
 */
export function lineInLayout(puzzle, tag) {
  const variantTag = puzzle.layout.tag.split(';')[0];
  return tag + puzzle.line.slice(variantTag.length);
}

/**
 * The puzzle with `digit` in `cell`, or that cell emptied with 0 (it then allows every
 * digit); the other cells keep their pencil marks.
 */
export function withCell(puzzle, cell, digit) {
  return readPuzzle(callsFor(puzzle.layout.tag).setCell(puzzle.line, cell, digit)).puzzle;
}

/**
 * The candidates of a position in a layout (one value per cell, 0 for empty): per cell, the
 * bit mask of the digits no peer holds, within `marks` (one mask per cell, 0 for none) when
 * given; 0 for a filled cell.
 */
export function candidatesOf(layout, values, marks = new Uint32Array(0)) {
  return callsFor(layout.tag).candidates(values, marks, layout.tag);
}

/** The cells whose digit another cell of one of their houses (in a layout) also holds. */
export function clashesOf(layout, values) {
  return [...callsFor(layout.tag).conflicts(values, layout.tag)];
}

/** The digit a typed key stands for in a shape (case-insensitive), or 0 when none. */
export function digitOfKey(shape, key) {
  if (key.length !== 1) {
    return 0;
  }
  return shape.symbols.indexOf(key.toUpperCase()) + 1;
}

/** A technique by its id: `{ id, name, difficulty, score, reliesOnUniqueness, description }`. */
export function technique(id) {
  return techniqueMap.get(id);
}

/** The anchor of a technique's glossary entry (glossary.js), which links to it name. */
export function techniqueAnchor(id) {
  return `technique-${id}`;
}

/** Every technique, in ladder order (search steps last), as `technique(id)` gives them. */
export function techniqueList() {
  return techniqueArray;
}
