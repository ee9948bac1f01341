// The stylesheets of <stepdoku-board> (assets.js lists them), fetched with CORS, or inlined
// in the bundled dist/, so that a board works from any page that imports it, under a
// Content-Security-Policy without 'unsafe-inline': stepdoku.css, grid.css and tools.css style
// the parts, chain.css a forcing chain walked, later-parts.css the parts the first grid does
// not need, layout.css places the parts per activity. Each is fetched and parsed once per
// page, shared by every board.

import { STYLESHEETS } from './assets.js';

/** Each stylesheet as a promise, by its entry in STYLESHEETS. */
const loaded = new Map();

/** A stylesheet's text: inlined, or fetched. */
async function sheetText({ url, text }) {
  if (text !== null) {
    return text;
  }
  try {
    const response = await fetch(url);
    if (!response.ok) {
      throw new Error(`the server answered ${response.status}`);
    }
    return await response.text();
  } catch (cause) {
    throw new Error(`The stylesheet ${url.href} could not be loaded: ${cause.message}.`);
  }
}

/** One stylesheet, parsed. */
async function loadSheet(entry) {
  const sheet = new CSSStyleSheet({ baseURL: entry.url.href });
  sheet.replaceSync(await sheetText(entry));
  return sheet;
}

/** Stylesheet `entry`, loaded once; a failure is not kept, so a later call tries again. */
function sheetOf(entry) {
  if (!loaded.has(entry)) {
    const sheet = loadSheet(entry);
    sheet.catch(() => loaded.delete(entry));
    loaded.set(entry, sheet);
  }
  return loaded.get(entry);
}

/** The stylesheets a board adopts to show its grid, in cascade order. */
export function firstSheets() {
  return Promise.all(STYLESHEETS.filter((s) => !s.isLater).map(sheetOf));
}

/** Every stylesheet, in cascade order: what a board adopts with its later parts. */
export function allSheets() {
  return Promise.all(STYLESHEETS.map(sheetOf));
}
