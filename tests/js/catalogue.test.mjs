// The catalogue of bad inputs (tests/data/bad-inputs.json) through the wasm exports: each
// case's calls, with the verdict or the error each must give. Values JSON cannot hold are
// written as tokens: "$input" (the case's input), "$NaN", "$Infinity", "$-Infinity",
// "$undefined", "$2^53", "$2^32" and "$number" (a number where text belongs), in arguments
// and results.

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

const EASY = '850002400720000009004000000000107002305000900040000000000080070017000000000036040';

/** One real handle of each class, for a method to be called on the wrong one. */
function handles() {
  return {
    solver: new wasm.Solver(EASY, 'backtracking'),
    timeline: new wasm.Timeline(EASY, 'human'),
    generator: new wasm.Generator({ size: 4 }, 1),
  };
}

/**
 * Calls `Class.method` (a capital first) on `self`: a handle of another class, or a forged
 * object; then checks that every real handle still works.
 */
function callOn(name, self, args) {
  const [className, method] = name.split('.');
  const real = handles();
  const target = self === 'forged' ? { __wbg_ptr: 8 } : real[self];
  try {
    return wasm[className].prototype[method].call(target, ...args);
  } finally {
    assert.ok(real.solver.step(), 'the Solver still steps');
    assert.equal(real.timeline.make(3), 3, 'the Timeline still makes steps');
    assert.equal(typeof real.generator.tries, 'number', 'the Generator still answers');
    for (const handle of Object.values(real)) {
      handle.free();
    }
  }
}

/**
 * Calls an export, a `Solver` or `Timeline` method (`solver.NAME`, `timeline.NAME`), a method
 * of a freed Solver, or a method on the wrong `self` (callOn).
 */
function call(name, args, self) {
  if (self) {
    return callOn(name, self, args);
  }
  if (name.startsWith('timeline.')) {
    const timeline = new wasm.Timeline(EASY, 'backtracking');
    try {
      timeline.make(2000);
      return timeline[name.slice('timeline.'.length)](...args);
    } finally {
      timeline.free();
    }
  }
  if (name.startsWith('solver.') || name.startsWith('freed.')) {
    const [kind, method] = name.split('.');
    const solver = new wasm.Solver(EASY, 'backtracking');
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
        result = call(expected.call, args, expected.this);
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
        if (Object.hasOwn(expected, 'result')) {
          assert.deepEqual(result, argument(expected.result, input), where);
        }
      }
    }
  });
}

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
