// The page's three WebAssembly modules, fetched and compiled once per page however many boards
// it holds: `core` (reading and writing puzzles; small, the first thing a board needs, on the
// page's thread), `verdict` (verdicts and exact solving at full speed, in the worker) and
// `full` (every export: the stepping solver and every technique, first needed by a trace or a
// rating). Compiled modules are handed to the workers, which instantiate them without
// fetching anything.
//
// Every file is resolved relative to the element (assets.js), and fetched with CORS, so the
// element also works when a page on another origin imports it (as from a CDN).

import { MODULE_URLS } from './assets.js';

const compiled = new Map();

/** Says `requested` (detail: the module's name) when a module is first asked for. */
export const modules = new EventTarget();

/** Whether module `name` has been asked for: fetched, or on its way. */
export function isRequested(name) {
  return compiled.has(name);
}

/** Why a module could not be loaded, in words a site owner can act on. */
function loadError(url, cause) {
  const text = String(cause?.message ?? cause);
  let why;
  if (/Content Security Policy|wasm-eval|wasm-unsafe-eval/i.test(text)) {
    why =
      "the page's Content-Security-Policy forbids WebAssembly (add 'wasm-unsafe-eval' to script-src)";
  } else if (cause instanceof TypeError) {
    why =
      'it could not be fetched (offline, blocked, or the server does not allow cross-origin requests)';
  } else {
    why = text;
  }
  const error = new Error(`The solver module ${url} could not be loaded: ${why}.`);
  error.cause = cause;
  return error;
}

async function compile(url) {
  let response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (cause) {
    throw loadError(url, cause);
  }
  if (!response.ok) {
    throw loadError(url, `the server answered ${response.status} ${response.statusText}`.trim());
  }
  try {
    // Streaming compilation needs the wasm MIME type; some static hosts send another.
    return response.headers.get('Content-Type')?.startsWith('application/wasm')
      ? await WebAssembly.compileStreaming(response)
      : await WebAssembly.compile(await response.arrayBuffer());
  } catch (cause) {
    throw loadError(url, cause);
  }
}

/**
 * The compiled module `name` (`core`, `verdict` or `full`: see assets.js), fetched on the first call only; a failure
 * is not kept, so a later call tries again.
 */
export function compiledModule(name) {
  if (!compiled.has(name)) {
    const module = compile(MODULE_URLS[name]);
    module.catch(() => compiled.delete(name));
    compiled.set(name, module);
    modules.dispatchEvent(new CustomEvent('requested', { detail: name }));
  }
  return compiled.get(name);
}
