import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hintHighlight, stepHighlight } from '../../www/step-highlight.js';
import { trace } from './wasm.mjs';

const HARDEST = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';

/** Cells, each once, in order. */
const sorted = (cells) => [...new Set(cells)].sort((a, b) => a - b);

test('stepHighlight sorts a step into roles by cell and digit bits', () => {
  const h = stepHighlight({
    kind: 'deduction',
    cells: [4],
    houses: [{ kind: 'row', index: 0 }],
    links: [],
    pattern: [{ cell: 4, digit: 3 }],
    fins: [{ cell: 7, digit: 2 }],
    changes: [
      { op: 'place', cell: 4, digit: 3 },
      { op: 'eliminate', cell: 5, digit: 3 },
      { op: 'eliminate', cell: 5, digit: 1 },
      { op: 'restore', cell: 6, digit: 9 },
      { op: 'unplace', cell: 8, digit: 1 },
    ],
  });
  assert.deepEqual([...h.cells], [4]);
  assert.deepEqual([...h.placed], [4]);
  assert.deepEqual([...h.unplaced], [8]);
  assert.equal(h.eliminated.get(5), 0b101);
  assert.equal(h.restored.get(6), 1 << 8);
  assert.equal(h.pattern.get(4), 0b100);
  assert.equal(h.fins.get(7), 0b10);
});

test('hintHighlight shows where a step is but not what it concludes', () => {
  const step = {
    kind: 'deduction',
    cells: [0, 1, 9],
    houses: [{ kind: 'box', index: 0 }],
    links: [{ from: { cell: 0, digit: 2 }, to: { cell: 1, digit: 2 }, kind: 'strong' }],
    pattern: [
      { cell: 0, digit: 2 },
      { cell: 1, digit: 2 },
    ],
    fins: [{ cell: 9, digit: 2 }],
    changes: [{ op: 'eliminate', cell: 2, digit: 2 }],
  };
  const h = hintHighlight(step);
  assert.deepEqual([...h.cells], [0, 1, 9]);
  assert.deepEqual(h.houses, step.houses);
  assert.equal(h.pattern.get(1), 0b10);
  assert.equal(h.fins.get(9), 0b10);
  assert.deepEqual(h.links, []);
  assert.equal(h.eliminated.size, 0);
  // The full highlight of the same step does show the conclusion.
  assert.equal(stepHighlight(step).eliminated.get(2), 0b10);
});

test('hintHighlight of a placement shows its house, or its cell, never the digit', () => {
  const single = {
    kind: 'deduction',
    cells: [3],
    houses: [{ kind: 'row', index: 0 }],
    pattern: [{ cell: 3, digit: 5 }],
    changes: [{ op: 'place', cell: 3, digit: 5 }],
  };
  const hidden = hintHighlight(single);
  assert.deepEqual(hidden.houses, single.houses);
  assert.equal(hidden.cells.size, 0, 'the cell in the house is for the person to find');
  assert.equal(hidden.pattern.size, 0);
  assert.equal(hidden.placed.size, 0);
  const naked = hintHighlight({ ...single, houses: [] });
  assert.deepEqual([...naked.cells], [3], 'with no house, the cell is where to look');
  assert.equal(naked.pattern.size, 0, 'but not its digit');
});

test('highlights of real steps, which leave out their empty lists, sort every change', () => {
  const steps = [...trace(HARDEST, 'backtracking', 300), ...trace(HARDEST, 'human')];
  const kinds = new Set(steps.map((s) => s.kind));
  assert.ok(
    ['guess', 'backtrack', 'deduction'].every((k) => kinds.has(k)),
    [...kinds].join(),
  );
  for (const step of steps) {
    for (const key of ['cells', 'houses', 'pattern', 'fins', 'links', 'changes']) {
      assert.notDeepEqual(step[key], [], `a missing list is empty: ${key} of ${step.text}`);
    }
    const changes = step.changes ?? [];
    const h = stepHighlight(step);
    const cellsOf = (op) => changes.filter((c) => c.op === op).map((c) => c.cell);
    assert.deepEqual(sorted(h.placed), sorted(cellsOf('place')));
    assert.deepEqual(sorted(h.unplaced), sorted(cellsOf('unplace')));
    for (const { op, cell, digit } of changes) {
      const map = { eliminate: h.eliminated, restore: h.restored }[op];
      assert.ok(!map || map.get(cell) & (1 << (digit - 1)), `${op} ${cell} ${digit}`);
    }
    assert.deepEqual(h.houses, step.houses ?? []);
    assert.deepEqual(h.links, step.links ?? []);
    const hint = hintHighlight(step);
    assert.equal(hint.placed.size + hint.eliminated.size + hint.links.length, 0, step.text);
  }
});

test("stepHighlight replays a single's proof: witnesses, and the cells they cover", () => {
  const h = stepHighlight({
    kind: 'deduction',
    cells: [37],
    digit: 7,
    houses: [{ kind: 'box', index: 3 }],
    proof: [
      { cell: 32, digit: 7, covers: [27, 28, 29] },
      { cell: 9, digit: 7, covers: [45] },
    ],
    changes: [{ op: 'place', cell: 37, digit: 7 }],
  });
  assert.deepEqual([...h.witnesses.keys()], [32, 9]);
  assert.deepEqual(h.witnesses.get(32), { digit: 7, covers: [27, 28, 29] });
  assert.deepEqual(sorted(h.covered.keys()), [27, 28, 29, 45]);
  assert.deepEqual(h.covered.get(45), { digit: 7, by: 9 });
  // A naked single's witnesses cover the single's own cell, which stays the step's.
  const naked = stepHighlight({
    kind: 'deduction',
    cells: [40],
    proof: [
      { cell: 31, digit: 1, covers: [40] },
      { cell: 36, digit: 3, covers: [40] },
    ],
  });
  assert.deepEqual([...naked.witnesses.keys()], [31, 36]);
  assert.equal(naked.covered.size, 0);
  // A hint shows neither: the one cell the witnesses leave would be the answer.
  const hint = hintHighlight({
    kind: 'deduction',
    cells: [37],
    proof: [{ cell: 9, digit: 7, covers: [45] }],
  });
  assert.equal(hint.witnesses.size + hint.covered.size, 0);
});

test('the singles of a real trace carry proofs the highlight keeps, cell for cell', () => {
  const steps = trace(HARDEST, 'human');
  // A single whose other places all went by eliminations has no witness: its proof is empty.
  const proved = steps.filter((s) => s.techniqueId?.startsWith('hidden-single') && s.proof);
  assert.ok(proved.length > 10, `${proved.length} hidden singles with a proof`);
  for (const step of proved) {
    const h = stepHighlight(step);
    for (const { cell, digit, covers } of step.proof) {
      assert.equal(h.witnesses.get(cell).digit, digit);
      for (const c of covers) {
        assert.equal(h.covered.get(c).by, cell);
      }
    }
  }
  for (const step of steps.filter((s) => !s.techniqueId?.includes('single'))) {
    assert.equal(step.proof, undefined, `only singles have a proof: ${step.text}`);
  }
});
