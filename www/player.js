// What a step shows on the board: its highlight by role, and the part of it a hint may show.
// Pure functions of a step as the worker sends it; tested with node --test.

/**
 * What to highlight for a step, by role. Every map goes from a cell to a bitmask of digits
 * (as on the board); sets hold cells. A step leaves out its empty lists (see the README's Wire
 * format).
 */
export function stepHighlight(step) {
  const h = {
    kind: step.kind,
    cells: new Set(step.cells),
    houses: step.houses ?? [],
    links: step.links ?? [],
    placed: new Set(),
    unplaced: new Set(),
    eliminated: new Map(),
    restored: new Map(),
    pattern: new Map(),
    fins: new Map(),
  };
  const mark = (map, cell, digit) => map.set(cell, (map.get(cell) ?? 0) | (1 << (digit - 1)));
  for (const { op, cell, digit } of step.changes ?? []) {
    if (op === 'place') {
      h.placed.add(cell);
    } else if (op === 'unplace') {
      h.unplaced.add(cell);
    } else if (op === 'eliminate') {
      mark(h.eliminated, cell, digit);
    } else if (op === 'restore') {
      mark(h.restored, cell, digit);
    }
  }
  for (const { cell, digit } of step.pattern ?? []) {
    mark(h.pattern, cell, digit);
  }
  for (const { cell, digit } of step.fins ?? []) {
    mark(h.fins, cell, digit);
  }
  return h;
}

/**
 * What a hint shows of a step it has not applied yet: where to look, not what to find. A
 * placement shows its house (or, with none, its cell) but neither the cell in the house nor
 * the digit; any other step shows its houses, cells, pattern and fins, but neither its links
 * nor its changes.
 */
export function hintHighlight(step) {
  const full = stepHighlight(step);
  const places = full.placed.size > 0;
  return {
    ...full,
    cells: places && full.houses.length > 0 ? new Set() : full.cells,
    pattern: places ? new Map() : full.pattern,
    links: [],
    placed: new Set(),
    unplaced: new Set(),
    eliminated: new Map(),
    restored: new Map(),
  };
}
