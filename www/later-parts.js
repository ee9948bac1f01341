// The parts of <stepdoku-board> that its first grid does not need: the puzzle panel's parts
// (the puzzle bar, New puzzle's; the panel comes closed), the rating card, the step list, the
// legend, the glossary, a forcing chain's card and its walk, the finish card, the houses a
// step outlines on the grid and its arrows, a big grid's dots and its candidate panel,
// mounted and wired to the board's actions by mountLaterParts (as board-parts.js does the
// first parts). The board imports this module once its grid shows (bundled, it is a chunk of
// its own), so the grid is interactive before they are fetched.

import { mountCandidatePanel } from './candidate-panel.js';
import { mountChainCard } from './chain-card.js';
import { mountDotsLayer } from './dots-layer.js';
import { ChainWalk } from './chain-walk.js';
import { allShapes, levels, symmetries, techniqueList, textTooLong } from './core.js';
import { mountFinishCard } from './finish-card.js';
import { mountGlossary } from './glossary.js';
import { mountLegend } from './legend.js';
import { mountNewPuzzle } from './new-puzzle.js';
import { dayText, randomSeed } from './new-puzzle-job.js';
import { mountPuzzleBar } from './puzzle-bar.js';
import { mountRating } from './rating.js';
import { sampleText } from './samples.js';
import { mountStepLayers } from './step-layers.js';
import { mountStepList } from './step-list.js';

/**
 * Mounts these parts into the board's shadow root `root`, each where it went before, after
 * the parts already there; adds them to `parts` (`bar`, `newPart`, `finishCard`, `glossary`,
 * `chainCard`, `ratingCard`, `stepList`) and gives the board's Watching its
 * chain walk.
 */
export function mountLaterParts(board, parts, root) {
  const { solving, watching, rating } = board;
  const sideCol = root.querySelector('.side-col');
  // A puzzle chosen in the panel closes it, so that the grid comes back into view.
  const land = (isLoaded) => isLoaded && board.landPuzzle();
  parts.bar = mountPuzzleBar(parts.panel.panel, allShapes(), {
    load: (text) => land(board.loadText(text)),
    isTooLong: (text) => textTooLong(text) !== null,
    edit: (text) => board.editText(text),
    size: (size) => board.setSize(size),
    variant: (tag) => board.setVariant(tag),
    sample: (sample) => sampleText(sample).then((text) => land(board.loadText(text))),
    resume: (line) => land(board.loadText(line)),
  });
  parts.newPart = mountNewPuzzle(
    { quick: parts.panel.quick, panel: parts.panel.panel },
    {
      levels: levels(),
      techniques: techniqueList(),
      symmetries: symmetries(),
      initialLevel: board.state.choices.level,
    },
    {
      make: ({ target, symmetry, isDaily }) => {
        const day = isDaily ? dayText(new Date()) : '';
        // The puzzle of the day's seed comes from its date, worked out by the worker.
        board.newPuzzle({ target, symmetry, day, seed: day || randomSeed() });
      },
      cancel: () => board.making.cancel(),
      level: (value) => board.rememberChoice('level', value),
    },
  );
  parts.finishCard = mountFinishCard(root.querySelector('.grid-wrap'), {
    close: () => solving.closeFinish(),
  });
  parts.glossary = mountGlossary(root.querySelector('.glossary-col'), techniqueList());
  const walk = new ChainWalk(() => board.schedule());
  watching.setWalk(walk);
  const walkChain = (action) => watching.walkChain(action);
  parts.chainCard = mountChainCard(parts.status.card, {
    walk: walkChain,
    jump: (at) => walkChain(() => walk.jump(at)),
    toggleList: () => walkChain(() => walk.toggleList()),
    togglePin: () => walkChain(() => walk.togglePin()),
    toggleInner: (k) => walkChain(() => walk.toggleInner(k)),
  });
  parts.ratingCard = mountRating(sideCol, levels(), {
    stop: () => rating.stop(),
    more: () => rating.more(board.state.puzzle.line),
    rate: () => rating.start(board.state.puzzle.line),
  });
  parts.stepList = mountStepList(sideCol, { seek: (position) => watching.seek(position) });
  mountLegend(sideCol);
  parts.grid.attachDots(mountDotsLayer);
  parts.grid.attachStepLayers(mountStepLayers);
  mountCandidatePanel(parts.grid);
}
