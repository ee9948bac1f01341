// The parts of <stepdoku-board> that its first grid does not need: the rating card, the step
// list, the legend, the glossary, a forcing chain's card and its walk, the finish card and the
// New puzzle panel. The board imports this module once its grid shows (bundled, it is a chunk of its
// own), so the grid is interactive before they are fetched.

export { mountChainCard } from './chain-card.js';
export { ChainWalk } from './chain-walk.js';
export { mountFinishCard } from './finish-card.js';
export { mountGlossary } from './glossary.js';
export { mountLegend } from './legend.js';
export { mountNewPuzzle } from './new-puzzle.js';
export { mountRating } from './rating.js';
export { mountStepList } from './step-list.js';
