// The board the player shows: a digit or nothing in each cell, where each digit came from,
// and the candidates of each cell. Pure data and functions, no DOM: tested with node --test.
//
// Candidates are a bitmask per cell, bit d-1 for digit d (sizes up to 25 fit in 32 bits):
//
//   digit:   … 9 8 7 6 5 4 3 2 1
//   bit:     … 8 7 6 5 4 3 2 1 0
//
// A filled cell shows no candidates.

/** A cell as the steps name it: "r3c5" (row 3, column 5) on a board of side `size`. */
export function cellName(cell, size) {
  return `r${Math.floor(cell / size) + 1}c${(cell % size) + 1}`;
}

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

/** What placed a digit, as the worker's changes say it (Timeline.changes), by code. */
const PLACED_BY = [null, Origin.DEDUCED, Origin.GUESS];

/**
 * Brings `board` to a position of a trace that started from `start`: `changes` (from the
 * worker, Timeline.changes) holds three numbers per changed cell: the cell; its digit + 256 ×
 * what placed it (0 the starting board, 1 a deduction, 2 a guess) + 65,536 × the guesses in
 * force then; and its candidates. A cell the trace did not fill takes its origin from `start`.
 */
export function applyChanges(board, start, changes) {
  for (let i = 0; i < changes.length; i += 3) {
    const cell = changes[i];
    const packed = changes[i + 1];
    const placer = (packed >>> 8) & 0xff;
    board.values[cell] = packed & 0xff;
    board.origins[cell] = PLACED_BY[placer] ?? start.origins[cell];
    board.depths[cell] = placer ? packed >>> 16 : start.depths[cell];
    board.candidates[cell] = changes[i + 2];
  }
  return board;
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
