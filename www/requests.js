// The requests the solver worker (worker.js) answers, and the wasm module (wasm.js) each one
// needs: the worker client sends a module to a worker before the first request that needs it.

export const MODULE_OF_REQUEST = Object.freeze({
  analyze: 'verdict',
  start: 'full',
  play: 'full',
  seek: 'full',
  seekFilled: 'full',
  ahead: 'full',
  upcoming: 'full',
  rows: 'full',
  hint: 'full',
  rate: 'full',
  rateMore: 'full',
  generate: 'full',
});
