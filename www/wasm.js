// The page's two WebAssembly modules, fetched and compiled once per page however many boards
// it holds: `core` (reading and writing puzzles, verdicts, exact solving; small, the first
// thing a board needs) and `full` (the same plus the stepping solver and every technique:
// the explainer, first needed by a trace or a rating). Compiled modules are handed to the
// workers, which instantiate them without fetching anything.
//
// Every file is resolved relative to this module, and fetched with CORS, so the element also
// works when a page on another origin imports it (as from a CDN).

const MODULE_URLS = {
  core: new URL('./pkg/stepdoku_core_bg.wasm', import.meta.url),
  full: new URL('./pkg/stepdoku_bg.wasm', import.meta.url),
};

const compiled = new Map();

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
 * The compiled module `name` (`core` or `full`), fetched on the first call only; a failure
 * is not kept, so a later call tries again.
 */
export function compiledModule(name) {
  if (!compiled.has(name)) {
    const module = compile(MODULE_URLS[name]);
    module.catch(() => compiled.delete(name));
    compiled.set(name, module);
  }
  return compiled.get(name);
}
