// The package's TypeScript declarations: tests/types/usage.ts, a site owner's code using the
// element (www/package/stepdoku-board.d.ts) and the wasm API (wasm-bindgen's www/pkg/*.d.ts),
// must type-check, its `@ts-expect-error` lines failing as they should; and the hand-written
// declarations must name what the element's code has: its controls, its observed attributes
// and the events it fires.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CONTROLS } from '../../www/view-model.js';

const run = promisify(execFile);

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const TSC = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
const TYPES = new URL('../../www/package/stepdoku-board.d.ts', import.meta.url);
const ELEMENT = new URL('../../www/stepdoku-board.js', import.meta.url);

/** The quoted names of a union type or an array literal in `text`, in order. */
function quoted(text) {
  return [...text.matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

test('a site owner’s TypeScript type-checks against the declarations', async () => {
  const args = [TSC, '-p', 'tests/types', '--pretty', 'false'];
  // tsc exits 2 with its errors on stdout; they become the failure's message.
  const tsc = await run(process.execPath, args, { cwd: REPO }).catch((error) => error);
  assert.equal(tsc.code ?? 0, 0, `tsc -p tests/types failed:\n${tsc.stdout}${tsc.stderr}`);
});

test('the declarations list every control, observed attribute and event of the element', async () => {
  const types = await readFile(TYPES, 'utf8');
  const element = await readFile(ELEMENT, 'utf8');
  const union = /export type ControlName =([^;]+);/.exec(types);
  assert.deepEqual(quoted(union[1]), [...CONTROLS], 'ControlName lists CONTROLS in order');

  const attributes = /interface StepdokuBoardAttributes \{([\s\S]*?)\n\}/.exec(types)[1];
  const declared = [...attributes.matchAll(/^ {2}'?([a-z-]+)'?\?:/gm)].map((m) => m[1]);
  const observed = quoted(/static observedAttributes = \[([^\]]+)\]/.exec(element)[1]);
  const read = [...element.matchAll(/this\.getAttribute\('([a-z-]+)'\)/g)].map((m) => m[1]);
  for (const name of new Set([...observed, ...read])) {
    assert.ok(declared.includes(name), `StepdokuBoardAttributes declares ${name}`);
  }

  const eventMap = /interface StepdokuBoardEventMap [^{]*\{([\s\S]*?)\n\}/.exec(types)[1];
  const events = [...eventMap.matchAll(/^ {2}([a-z]+): CustomEvent/gm)].map((m) => m[1]);
  const fired = [...element.matchAll(/new CustomEvent\('([a-z]+)'/g)].map((m) => m[1]);
  assert.deepEqual(new Set(events), new Set(fired), 'the event map has the events fired');
});
