// A site owner's TypeScript, as the package README shows it: the element through
// HTMLElementTagNameMap and its typed events, and the wasm API. Type-checked only, never run
// (tests/js/types.test.mjs). Each `@ts-expect-error` marks a line that must not compile: tsc
// fails if it does.

import 'stepdoku';
import { CONTROLS } from 'stepdoku';
import type {
  ControlName,
  NewPuzzleOrder,
  PositionChangeDetail,
  StepdokuBoard,
  StepdokuBoardAttributes,
} from 'stepdoku';
import init, {
  analyze,
  countSolutions,
  parsePuzzle,
  Solver,
  solve,
  strategies,
} from 'stepdoku/wasm';

const PUZZLE = '850002400720000009004000000000107002305000900040000000000080070017000000000036040';

// The element, found or made, is a StepdokuBoard.
const found: StepdokuBoard | null = document.querySelector('stepdoku-board');
const board = found ?? document.createElement('stepdoku-board');
board.setAttribute('strategy', 'human');
board.linkBase = `${location.origin}/sudoku/`;
document.body.append(board);

const attributes: StepdokuBoardAttributes = { puzzle: PUZZLE, strategy: 'singles', readonly: '' };
// @ts-expect-error: no such strategy
const badAttributes: StepdokuBoardAttributes = { strategy: 'fast' };

const shown: readonly ControlName[] = CONTROLS.filter((c) => c !== 'rating');
// @ts-expect-error: not a control
const badControl: ControlName = 'grid';

// Its events, with their details.
board.addEventListener('ready', function () {
  this.loadText(PUZZLE);
});
board.addEventListener('puzzlechange', (event) => {
  const line: string = event.detail.line;
  const seed: number | undefined = event.detail.generated?.seed;
  console.log(line, seed);
  // @ts-expect-error: a puzzle change has no step
  console.log(event.detail.step);
});
board.addEventListener('positionchange', ({ detail }) => {
  const at: PositionChangeDetail = detail;
  const link = `#p=${at.line}&s=${at.strategy}&n=${at.step.toFixed(0)}`;
  console.log(link, at.progress.length);
  // @ts-expect-error: step is a number
  const step: string = detail.step;
});
board.addEventListener('error', (event) => {
  console.warn(event.detail.message);
  // @ts-expect-error: the error's detail has a message, not a reason
  console.warn(event.detail.reason);
});
// Every other event keeps its own type.
board.addEventListener('click', (event) => console.log(event.clientX));
board.addEventListener('some-other-event', (event: Event) => console.log(event.type));

// Its methods.
await board.whenReady();
const isRead: boolean = board.loadText(PUZZLE);
board.loadText('', { phase: 'entering' });
// @ts-expect-error: no such phase
board.loadText(PUZZLE, { phase: 'watching' });
await board.goToStep(12);
// @ts-expect-error: a step is a number
await board.goToStep('12');
const order: NewPuzzleOrder = { target: 'Hard', seed: 20261124, symmetry: 'rotate-180' };
const isMade: boolean = await board.newPuzzle(order);
await board.newPuzzle({ target: 'x-wing', size: 9, tag: 'x' });
// @ts-expect-error: a target is needed
await board.newPuzzle({ seed: 1 });
// @ts-expect-error: no such symmetry
await board.newPuzzle({ target: 'Easy', symmetry: 'spiral' });
// @ts-expect-error: no such size
await board.newPuzzle({ target: 'Easy', size: 10 });
document.addEventListener('keydown', (event) => board.handleShortcut(event));
// @ts-expect-error: a shortcut is a keyboard event
board.handleShortcut(new MouseEvent('click'));

// The class is a type only: the module defines the element and exports no class.
// @ts-expect-error: StepdokuBoard cannot be used as a value
const made = new StepdokuBoard();

// The wasm API (the full module).
await init();
const solution: string = solve(PUZZLE);
const count: number = countSolutions(PUZZLE, 2);
const puzzle = parsePuzzle(PUZZLE);
const verdict = analyze(PUZZLE, undefined);
const names = strategies();
const solver = new Solver(PUZZLE, 'human');
const firstStep = solver.step();
solver.free();
// @ts-expect-error: a solver needs a strategy
const noStrategy = new Solver(PUZZLE);
// @ts-expect-error: a count is a number
const countText: string = countSolutions(PUZZLE, 2);

console.log(attributes, badAttributes, shown, badControl, isRead, isMade, made);
console.log(solution, count, puzzle, verdict, names, firstStep, noStrategy, countText);
