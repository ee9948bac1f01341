// Which cells form a box is the core's to say (docs/ARCHITECTURE.md, Invariants: what a
// house is has one answer, `Geometry`): the page takes it from what the core sends — the
// layout's `regions` for borders and a box's cells, a house's cells for its outline — and
// computes no box from cell indices and box sizes. This test fails on the ways such
// arithmetic is written in the page's modules.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const WWW = new URL('../../www/', import.meta.url);

/** Ways of working out boxes from a shape's box sizes, each with what it looks like. */
const BOX_ARITHMETIC = [
  [/%\s*(?:shape\.)?box(?:Rows|Cols)\b/, 'an index modulo a box size'],
  [/\/\s*(?:shape\.)?box(?:Rows|Cols)\b/, 'an index divided by a box size'],
  [/\*\s*(?:shape\.)?box(?:Rows|Cols)\b/, 'a box number times a box size'],
  [/\bboxes(?:Per|In)(?:Row|Col|Column|Stack|Band)s?\b/i, 'boxes counted per band or stack'],
  [/Math\.floor\([^()]*\/[^()]*\)\s*\*\s*\w+/, 'a band or stack from an integer division'],
  [/\b(?:boxOf|box_of|boxIndex)\s*\(/, 'a box worked out from a cell'],
];

/** The page's own modules (not the generated wasm glue in www/pkg/). */
function pageModules() {
  return readdirSync(WWW, { recursive: true })
    .filter((path) => path.endsWith('.js') && !path.startsWith('pkg'))
    .map((path) => ({ path, text: readFileSync(new URL(path, WWW), 'utf8') }));
}

/** Each line of `text` with what it does, with its number, comments left out. */
function codeLines(text) {
  return text
    .split('\n')
    .map((line, i) => ({ n: i + 1, code: line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '') }));
}

test('no module of the page computes boxes from box sizes', () => {
  const found = [];
  for (const { path, text } of pageModules()) {
    for (const { n, code } of codeLines(text)) {
      for (const [pattern, what] of BOX_ARITHMETIC) {
        if (pattern.test(code)) {
          found.push(`www/${path}:${n}: ${what}: ${code.trim()}`);
        }
      }
    }
  }
  assert.deepEqual(found, []);
});

test('the patterns catch box arithmetic as it was written', () => {
  const samples = [
    'if ((d + 1) % shape.boxCols === 0) {',
    'const boxesPerRow = size / boxCols;',
    'Math.floor(index / boxesPerRow) * boxRows,',
    '(index % perRow) * boxCols,',
    'const band = Math.floor(row / shape.boxRows);',
  ];
  for (const sample of samples) {
    assert.ok(
      BOX_ARITHMETIC.some(([pattern]) => pattern.test(sample)),
      `not caught: ${sample}`,
    );
  }
});
