// The board the player shows: a digit or nothing in each cell, where each digit came from,
// and the candidates of each cell. Pure data and functions, no DOM: tested with node --test.
//
// Candidates are a bitmask per cell, bit d-1 for digit d (sizes up to 25 fit in 32 bits):
//
//   digit:   … 9 8 7 6 5 4 3 2 1
//   bit:     … 8 7 6 5 4 3 2 1 0
//
// As in the Rust trace, a filled cell keeps the candidates it had, unreported: taking the
// digit out again (a backtrack) brings them back unchanged.

/** Where the digit of a cell came from. */
export const Origin = Object.freeze({
  EMPTY: 0,
  GIVEN: 1,
  DEDUCED: 2,
  GUESS: 3,
  SOLUTION: 4,
  /** A digit the person placed while solving. */
  YOURS: 5,
});

/**
 * A board of a shape `{ size, boxRows, boxCols }` holding `values` (one per cell, 0 for
 * empty); every non-zero value is a given. Candidates start empty: see `withCandidates`.
 */
export function createBoard(shape, values) {
  const nCells = shape.size * shape.size;
  if (values.length !== nCells) {
    throw new RangeError(
      `a ${shape.size}×${shape.size} board has ${nCells} cells, not ${values.length}`,
    );
  }
  const board = {
    size: shape.size,
    boxRows: shape.boxRows,
    boxCols: shape.boxCols,
    values: Uint8Array.from(values),
    origins: new Uint8Array(nCells),
    depths: new Uint16Array(nCells),
    candidates: new Uint32Array(nCells),
  };
  board.values.forEach((v, i) => {
    board.origins[i] = v ? Origin.GIVEN : Origin.EMPTY;
  });
  return board;
}

/**
 * The board of a puzzle (as core.js reads it) at the start of a trace: its givens and the
 * candidates the core gives every empty cell.
 */
export function startingBoard(puzzle) {
  const board = createBoard(puzzle.shape, puzzle.values);
  board.candidates = Uint32Array.from(puzzle.candidates);
  return board;
}

/** How a step marks the digits it places: guesses as guesses, the rest as deductions. */
function originOf(step) {
  return step.kind === 'guess' ? Origin.GUESS : Origin.DEDUCED;
}

/**
 * Applies the changes of a step in order. Returns what `undoStep` needs to restore the
 * origins of digits the step takes out (a backtrack), or null when it takes none out.
 */
export function applyStep(board, step) {
  let removed = null;
  for (const change of step.changes) {
    const { cell, digit } = change;
    const bit = 1 << (digit - 1);
    switch (change.op) {
      case 'place':
        board.values[cell] = digit;
        board.origins[cell] = originOf(step);
        board.depths[cell] = step.depth;
        break;
      case 'unplace':
        removed ??= [];
        removed.push(board.origins[cell], board.depths[cell]);
        board.values[cell] = 0;
        board.origins[cell] = Origin.EMPTY;
        board.depths[cell] = 0;
        break;
      case 'eliminate':
        board.candidates[cell] &= ~bit;
        break;
      case 'restore':
        board.candidates[cell] |= bit;
        break;
      default:
        throw new TypeError(`unknown change ${change.op}`);
    }
  }
  return removed;
}

/** Undoes a step: the inverse of its changes, last first. `record` is what applyStep gave. */
export function undoStep(board, step, record) {
  let at = record ? record.length : 0;
  for (let i = step.changes.length - 1; i >= 0; i--) {
    const { op, cell, digit } = step.changes[i];
    const bit = 1 << (digit - 1);
    switch (op) {
      case 'place':
        board.values[cell] = 0;
        board.origins[cell] = Origin.EMPTY;
        board.depths[cell] = 0;
        break;
      case 'unplace':
        at -= 2;
        board.values[cell] = digit;
        board.origins[cell] = record[at];
        board.depths[cell] = record[at + 1];
        break;
      case 'eliminate':
        board.candidates[cell] |= bit;
        break;
      case 'restore':
        board.candidates[cell] &= ~bit;
        break;
      default:
        throw new TypeError(`unknown change ${op}`);
    }
  }
}

/** Fills every empty cell from a solution's values, marking those digits as the solution's. */
export function fillSolution(board, solutionValues) {
  solutionValues.forEach((v, i) => {
    if (!board.values[i] && v) {
      board.values[i] = v;
      board.origins[i] = Origin.SOLUTION;
    }
  });
  return board;
}
