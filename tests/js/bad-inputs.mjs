// The catalogue of bad inputs (tests/data/bad-inputs.json), read for the wasm and the page
// runners (tests/js/catalogue.test.mjs, tests/e2e/catalogue.test.mjs).

import { readFileSync } from 'node:fs';

export const catalogue = JSON.parse(
  readFileSync(new URL('../data/bad-inputs.json', import.meta.url), 'utf8'),
);

/**
 * A case's input as text, as a page would hand it to wasm: `text`, `bytesHex` (bytes that are
 * not UTF-8, decoded as a browser decodes them) or `repeat: [text, count]` (huge inputs, built
 * here rather than stored).
 */
export function inputText(c) {
  if (c.text !== undefined) {
    return c.text;
  }
  if (c.bytesHex !== undefined) {
    const bytes = Uint8Array.from(c.bytesHex.match(/../g), (h) => parseInt(h, 16));
    return new TextDecoder().decode(bytes);
  }
  return c.repeat[0].repeat(c.repeat[1]);
}

/** Whether a case has an input of its own (some only call exports with bad numbers). */
export function hasInput(c) {
  return c.text !== undefined || c.bytesHex !== undefined || c.repeat !== undefined;
}
