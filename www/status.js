// The status card: a notice when a link or a seek was refused or stopped short, a new puzzle
// being made (or made, or why not), the verdict on the puzzle,
// and the current step's sentence with its technique explained: the technique's name links to its entry in the Techniques glossary, and
// a disclosure under the sentence holds its description and difficulty. The card is a polite
// live region; while a trace plays it is marked busy so screen readers speak the step where
// playing stops, not every frame. A forcing step's chain goes under it, outside the live
// region (chain-card.js mounts it into `card`).

import { setText } from './dom.js';

const VERDICT_ICONS = {
  unique: '✓',
  several: '≠',
  none: '✕',
  invalid: '!',
  undecided: '?',
  failed: '!',
  pending: '…',
  cancelled: '–',
  idle: '·',
};

const KIND_LABELS = {
  deduction: 'Deduction',
  guess: 'Guess',
  contradiction: 'Contradiction',
  backtrack: 'Backtrack',
  solved: 'Solved',
  unsolvable: 'No solution',
};

/**
 * The technique's ER, and the step's where a chain's length bonus makes it higher: "ER 7.6",
 * or "ER 7.6, this chain 8.1 with its length bonus".
 */
function erNote(techniqueEr, stepEr) {
  const base = `ER ${techniqueEr.toFixed(1)}`;
  return stepEr > techniqueEr
    ? `${base}, this chain ${stepEr.toFixed(1)} with its length bonus`
    : base;
}

/**
 * Mounts the card into `host`. `on.showSolution(index)` switches between two solutions;
 * `on.keepChecking()` asks an undecided verdict again with a larger budget.
 */
export function mountStatus(host, on) {
  host.insertAdjacentHTML(
    'beforeend',
    `<section class="status-card" aria-label="Status" part="status">
      <div class="status" role="status" aria-live="polite" aria-atomic="false">
        <p class="making" hidden><span class="making-spinner" aria-hidden="true"></span><span class="making-text"></span></p>
        <p class="notice" hidden></p>
        <p class="verdict" data-kind="idle"><span class="verdict-icon" aria-hidden="true"></span><span class="verdict-text"></span><button type="button" class="keep-checking" hidden part="button">Keep going</button></p>
        <div class="solution-switch" role="group" aria-label="Show solution" hidden>
          <button type="button" data-solution="0" aria-pressed="true" part="button">Solution 1</button>
          <button type="button" data-solution="1" aria-pressed="false" part="button">Solution 2</button>
        </div>
        <div class="step-info" hidden>
          <p class="step-head"><span class="step-number"></span><span class="kind-chip"></span><a class="technique" href=""></a><span class="step-difficulty"></span></p>
          <p class="step-text"></p>
          <details class="technique-about">
            <summary>About <span class="about-name"></span></summary>
            <p class="about-text"></p>
            <p class="about-meta"><span class="about-values"></span><a class="about-link" href="">All techniques</a></p>
          </details>
        </div>
        <p class="hint" hidden></p>
      </div>
    </section>`,
  );
  const card = host.lastElementChild;
  const live = card.querySelector('.status');
  const making = card.querySelector('.making');
  const makingText = card.querySelector('.making-text');
  const notice = card.querySelector('.notice');
  const verdict = card.querySelector('.verdict');
  const verdictIcon = card.querySelector('.verdict-icon');
  const verdictText = card.querySelector('.verdict-text');
  const keepChecking = card.querySelector('.keep-checking');
  const hintLine = card.querySelector('.hint');
  const solutionSwitch = card.querySelector('.solution-switch');
  const stepBox = card.querySelector('.step-info');
  const stepNumber = card.querySelector('.step-number');
  const kindChip = card.querySelector('.kind-chip');
  const technique = card.querySelector('.technique');
  const difficulty = card.querySelector('.step-difficulty');
  const stepText = card.querySelector('.step-text');
  const about = card.querySelector('.technique-about');
  const aboutName = card.querySelector('.about-name');
  const aboutText = card.querySelector('.about-text');
  const aboutValues = card.querySelector('.about-values');
  const aboutLink = card.querySelector('.about-link');
  keepChecking.addEventListener('click', () => on.keepChecking());

  solutionSwitch.addEventListener('click', (event) => {
    const index = event.target.closest('[data-solution]')?.dataset.solution;
    if (index !== undefined) {
      on.showSolution(Number(index));
    }
  });

  /**
   * `state`: `verdict` ({ kind, message }), `solutionIndex` (0 or 1, or null when there are
   * not two to switch), `step` (the current step or undefined), `stepNumber`, `technique`
   * (the step's, as the techniques() export gives it), `anchor` (of its glossary entry),
   * `isPlaying`, `hint` (what a hint says of the next step, or ''), `making` (a new puzzle:
   * `{ kind, text }`, kind `running`, `made`, `failed` or `cancelled`; or null), `notice` (a
   * sentence on a link or a seek that was refused or stopped short, or '').
   */
  function update({
    notice: note = '',
    making: m,
    verdict: v,
    solutionIndex,
    step,
    stepNumber: number,
    technique: t,
    anchor,
    isPlaying,
    hint,
  }) {
    notice.hidden = !note;
    setText(notice, note);
    making.hidden = !m;
    making.dataset.kind = m?.kind ?? '';
    setText(makingText, m?.text ?? '');
    verdict.dataset.kind = v.kind;
    hintLine.hidden = !hint;
    setText(hintLine, hint);
    setText(verdictIcon, VERDICT_ICONS[v.kind] ?? '');
    setText(verdictText, v.message);
    keepChecking.hidden = v.kind !== 'undecided';
    solutionSwitch.hidden = solutionIndex === null;
    for (const b of solutionSwitch.querySelectorAll('button')) {
      b.setAttribute('aria-pressed', String(Number(b.dataset.solution) === solutionIndex));
    }
    live.setAttribute('aria-busy', String(isPlaying));
    stepBox.hidden = !step;
    if (!step) {
      // No stale step text may linger in the hidden box: it would still be found by text.
      for (const node of [stepNumber, kindChip, technique, difficulty, stepText]) {
        setText(node, '');
      }
      about.hidden = true;
    } else {
      stepBox.dataset.kind = step.kind;
      setText(stepNumber, `Step ${number.toLocaleString('en')}`);
      setText(kindChip, KIND_LABELS[step.kind] ?? step.kind);
      setText(technique, step.kind === 'deduction' ? step.technique : '');
      technique.setAttribute('href', `#${anchor}`);
      setText(
        difficulty,
        step.er ? `ER ${step.er.toFixed(1)}` : step.depth ? `depth ${step.depth}` : '',
      );
      setText(stepText, step.text);
      about.hidden = !t;
      if (t) {
        setText(aboutName, t.name);
        setText(aboutText, t.description);
        setText(
          aboutValues,
          t.difficulty > 0 ? `${erNote(t.difficulty, step.er)} · HoDoKu score ${t.score}` : '',
        );
        aboutLink.setAttribute('href', `#${anchor}`);
      }
    }
  }

  return { update, card };
}
