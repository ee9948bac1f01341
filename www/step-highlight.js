// What a step shows on the board: its highlight by role, and the part of it a hint may show.
// Pure functions of a step as the worker sends it; tested with node --test.

/**
 * What to highlight for a step, by role. Every map goes from a cell to a bitmask of digits
 * (as on the board), but the proof's; sets hold cells. A step leaves out its empty lists (see
 * docs/FORMATS.md, Wire format).
 *
 * A single's proof (`step.proof`, its witnesses) gives `witnesses`, from the cell of each
 * digit that proves the single to `{ digit, covers }` (the cells it rules that digit out
 * of), and `covered`, from each covered cell but the step's own to `{ digit, by }` (the
 * digit ruled out and the witness's cell). Nothing is re-derived: these are the record's.
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
    witnesses: new Map(),
    covered: new Map(),
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
  for (const { cell, digit, covers } of step.proof ?? []) {
    h.witnesses.set(cell, { digit, covers });
    for (const covered of covers) {
      if (!h.cells.has(covered)) {
        h.covered.set(covered, { digit, by: cell });
      }
    }
  }
  return h;
}

/**
 * What a hint shows of a step it has not applied yet: where to look, not what to find. A
 * placement shows its house (or, with none, its cell) but neither the cell in the house nor
 * the digit; any other step shows its houses, cells, pattern and fins, but neither its links
 * nor its changes, nor a single's proof (whose one cell left would give the answer away).
 */
export function hintHighlight(step) {
  const full = stepHighlight(step);
  const places = full.placed.size > 0;
  return {
    ...full,
    cells: places && full.houses.length > 0 ? new Set() : full.cells,
    pattern: places ? new Map() : full.pattern,
    links: [],
    witnesses: new Map(),
    covered: new Map(),
    placed: new Set(),
    unplaced: new Set(),
    eliminated: new Map(),
    restored: new Map(),
  };
}
