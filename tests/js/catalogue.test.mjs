// The catalogue of bad inputs (tests/data/bad-inputs.json) through the wasm exports: each
// case's calls, with the verdict or the error each must give. Values JSON cannot hold are
// written as tokens: "$input" (the case's input), "$NaN", "$Infinity", "$-Infinity",
// "$undefined", "$2^53", "$2^32" and "$number" (a number where text belongs).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { catalogue, hasInput, inputText } from './bad-inputs.mjs';
import wasm from './wasm.mjs';

const TOKENS = {
  $NaN: NaN,
  $Infinity: Infinity,
  '$-Infinity': -Infinity,
  $undefined: undefined,
  '$2^53': 2 ** 53,
  '$2^32': 2 ** 32,
  $number: 12345,
};

function argument(value, input) {
  if (value === '$input') {
    return input;
  }
  return Object.hasOwn(TOKENS, value) ? TOKENS[value] : value;
}

/** Calls an export, a `Solver` method (`solver.NAME`) or a method of a freed one. */
function call(name, args) {
  if (name.startsWith('solver.') || name.startsWith('freed.')) {
    const [kind, method] = name.split('.');
    const solver = new wasm.Solver(
      '850002400720000009004000000000107002305000900040000000000080070017000000000036040',
      'backtracking',
    );
    if (kind === 'freed') {
      solver.free();
    }
    try {
      return solver[method](...args);
    } finally {
      if (kind !== 'freed') {
        solver.free();
      }
    }
  }
  if (name === 'new Solver') {
    return new wasm.Solver(...args);
  }
  return wasm[name](...args);
}

const withCalls = catalogue.cases.filter((c) => c.wasm);

test('the catalogue holds at least 40 cases, most through wasm', () => {
  assert.ok(catalogue.cases.length >= 40, `${catalogue.cases.length} cases`);
  assert.ok(withCalls.length >= 30, `${withCalls.length} through wasm`);
});

for (const c of withCalls) {
  test(`wasm: ${c.name}`, () => {
    const input = hasInput(c) ? inputText(c) : undefined;
    for (const expected of c.wasm) {
      const args = (expected.args ?? ['$input']).map((a) => argument(a, input));
      let result;
      let thrown;
      try {
        result = call(expected.call, args);
      } catch (error) {
        thrown = error;
      }
      const where = `${expected.call}(${expected.args ?? '$input'})`;
      if (expected.throws) {
        assert.ok(thrown !== undefined, `${where} should throw, gave ${JSON.stringify(result)}`);
        if (expected.throws === 'verdict') {
          // The diagnosis object, as for unreadable text.
          assert.equal(thrown.status, expected.status, where);
          assert.match(thrown.message, new RegExp(escape(expected.message)), where);
        } else {
          assert.equal(thrown?.constructor?.name, expected.throws, `${where}: ${thrown}`);
          assert.match(String(thrown.message), new RegExp(escape(expected.message)), where);
        }
      } else {
        assert.equal(thrown, undefined, `${where} threw ${thrown?.message ?? thrown}`);
        if (expected.status) {
          assert.equal(result.status, expected.status, where);
          assert.match(result.message, new RegExp(escape(expected.message)), where);
        }
        if (expected.result !== undefined) {
          assert.deepEqual(result, expected.result, where);
        }
      }
    }
  });
}

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
