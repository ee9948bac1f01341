// How a rating's figures read, for the rating card (rating.js) and a new puzzle's description
// (new-puzzle-job.js). Pure, for the unit tests.

const difficultyText = (value) => (value === null || value === undefined ? '–' : value.toFixed(1));

/**
 * The card's fields for a rating from the worker: `{ key: { text, value } }`, `value` being
 * what `stepdoku rate` prints in that column (`-` for an unknown EP or ED), `text` what a
 * person reads. With guessing, ER is a lower bound and reads "≥ 3.6".
 */
export function ratingFields(rating) {
  const er = difficultyText(rating.er);
  const isLowerBound = rating.erIsLowerBound ?? rating.needsGuessing;
  return {
    er: { text: isLowerBound ? `≥ ${er}` : er, value: er },
    ep: {
      text: difficultyText(rating.ep),
      value: rating.ep === null ? '-' : difficultyText(rating.ep),
    },
    ed: {
      text: difficultyText(rating.ed),
      value: rating.ed === null ? '-' : difficultyText(rating.ed),
    },
    score: { text: rating.score.toLocaleString('en'), value: String(rating.score) },
    level: { text: rating.level, value: rating.level },
    guessing: {
      text: rating.needsGuessing ? 'Needed' : 'None',
      value: rating.needsGuessing ? 'guess' : 'no-guess',
    },
  };
}
