// Where the element's own files are: the worker script, the three wasm modules and the
// stylesheets, each resolved relative to this module, so the element works from any page
// that imports it (as from a CDN). The one list of them: scripts/bundle.mjs writes the
// bundled dist/ version of this module, whose URLs carry a content hash (`?v=…`, so a CDN
// may cache them forever) and whose stylesheets come inlined (`text`), fetching none.

/** The solver worker's script. */
export const WORKER_URL = new URL('./worker.js', import.meta.url);

/**
 * The wasm modules by name: `core` (the page's thread: reading and writing puzzles),
 * `verdict` (the worker's verdicts and exact solving, at full speed) and `full` (every export:
 * the stepping solver, every technique, the rating and the generator).
 */
export const MODULE_URLS = {
  core: new URL('./pkg/stepdoku_core_bg.wasm', import.meta.url),
  verdict: new URL('./pkg/stepdoku_verdict_bg.wasm', import.meta.url),
  full: new URL('./pkg/stepdoku_bg.wasm', import.meta.url),
};

/**
 * The element's stylesheets, in cascade order: its parts (the custom properties and fields,
 * the grid, the tools), a forcing chain walked, the parts the first grid does not need
 * (later-parts.js), a puzzle's rules drawn (rules-layer.js), then where the parts go per activity. A board adopts the first-grid ones (`isLater` false) to show its grid, and the rest with its
 * later parts. `text` is the sheet itself when it is inlined (the first-grid ones, in dist/);
 * it is fetched from `url` otherwise.
 */
export const STYLESHEETS = [
  ['./stepdoku.css', false],
  ['./grid.css', false],
  ['./tools.css', false],
  ['./chain.css', true],
  ['./later-parts.css', true],
  ['./rules.css', true],
  ['./layout.css', false],
].map(([name, isLater]) => ({ url: new URL(name, import.meta.url), isLater, text: null }));
