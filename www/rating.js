// The rating card: how hard the puzzle is, on the Sudoku Explainer scale (ER, EP, ED) and
// the HoDoKu scale (score, level), and whether the Human strategy had to guess. For a classic
// 9×9 puzzle the core computes ER/EP/ED and the score and level on the peers' own terms
// (`source` "peerProfiles"), and the card says where each figure comes from (`ratingSources`).
// The worker computes the rating (see worker.js `rate`); this module only shows it, or says
// why there is none. `ratingSources` is pure, for the unit tests.

import { ratingFields } from './rating-fields.js';

/** What a label means, for the small print under it and its tooltip. */
const FIELDS = [
  {
    key: 'er',
    label: 'ER',
    hint: 'hardest step',
    title: 'Sudoku Explainer rating: the hardest step',
  },
  {
    key: 'ep',
    label: 'EP',
    hint: 'to 1st placement',
    title: 'Sudoku Explainer pearl: the hardest step up to the first placement',
  },
  {
    key: 'ed',
    label: 'ED',
    hint: 'first step',
    title: 'Sudoku Explainer diamond: the difficulty of the first step',
  },
  {
    key: 'score',
    label: 'Score',
    hint: 'HoDoKu',
    title: 'HoDoKu score: the sum of the step scores',
  },
  { key: 'level', label: 'Level', hint: 'HoDoKu', title: 'HoDoKu level' },
  {
    key: 'guessing',
    label: 'Guessing',
    hint: 'ours',
    title: 'Whether the Human strategy ran out of techniques and had to guess',
  },
];

/**
 * Where each figure comes from, one sentence each: `[{ key, text }]`, key `se` (ER, EP and
 * ED), `hodoku` (score and level), `ours` (guessing), and `differ` where two paths disagree
 * in a way a person would trip on (HoDoKu's solver needing Brute Force where ours needs no
 * guess; Sudoku Explainer's giving up). For a rating from our trace alone, one sentence.
 */
export function ratingSources(rating) {
  const er = ratingFields(rating).er.text;
  const ours = rating.needsGuessing
    ? 'Guessing: our Human strategy ran out of techniques and had to guess.'
    : 'Guessing: our Human strategy solves it by logic alone.';
  if (rating.source !== 'peerProfiles') {
    return [
      {
        key: 'ours',
        text: `ER ${er}, the score and the level come from our Human solve, on Sudoku Explainer's and HoDoKu's scales.`,
      },
    ];
  }
  const hardest = (name) => (name ? ` (hardest step: ${name})` : '');
  const sources = [
    {
      key: 'se',
      text: `ER ${er}, EP and ED: Sudoku Explainer's own solving path${hardest(rating.seHardest)}.`,
    },
    {
      key: 'hodoku',
      text: `Score and level: HoDoKu's own solving path${hardest(rating.hodokuHardest)}.`,
    },
    { key: 'ours', text: ours },
  ];
  const differences = [];
  if (/brute force/i.test(rating.hodokuHardest ?? '') && !rating.needsGuessing) {
    differences.push("HoDoKu's solver would need Brute Force here; ours needs no guess.");
  }
  if (rating.erIsLowerBound && !rating.needsGuessing) {
    differences.push(
      "Sudoku Explainer's path needs deeper nesting than we rate, so its ER is a lower bound; ours needs no guess.",
    );
  }
  differences.push("Each step's ER badge is that step's, along our own path.");
  return [...sources, { key: 'differ', text: differences.join(' ') }];
}

/**
 * Mounts the card into `host`; `levels` are the HoDoKu levels, easiest first (core.js
 * `levels`), and the card draws a level as that many filled pips of them all. `on.stop()` stops a rating under way, `on.more()` carries on
 * one that ran out of time, `on.rate()` starts again after a stop.
 */
export function mountRating(host, levels, on) {
  host.insertAdjacentHTML(
    'beforeend',
    `<section class="rating-card" aria-labelledby="rating-title" data-control="rating" part="rating">
      <header class="card-header">
        <h2 id="rating-title">Rating</h2>
        <span class="rating-state"></span>
      </header>
      <div class="rating-body">
        <p class="rating-hardest">Hardest step: <a class="hardest-link" href=""></a> <span class="hardest-se"></span></p>
        <ul class="rating-sources" aria-label="Where the figures come from"></ul>
        <dl class="rating-values">
          ${FIELDS.map(
            (f) =>
              `<div data-key="${f.key}"><dt title="${f.title}">${f.label}<small>${f.hint}</small></dt><dd></dd></div>`,
          ).join('')}
        </dl>
      </div>
      <p class="rating-message"><span class="rating-spinner" aria-hidden="true"></span><span class="rating-text"></span></p>
      <div class="rating-actions">
        <button type="button" data-act="stop" part="button">Stop rating</button>
        <button type="button" data-act="more" part="button">Keep rating</button>
        <button type="button" data-act="rate" part="button">Rate again</button>
      </div>
    </section>`,
  );
  const card = host.lastElementChild;
  const body = card.querySelector('.rating-body');
  const state = card.querySelector('.rating-state');
  const hardestLine = card.querySelector('.rating-hardest');
  const hardestLink = card.querySelector('.hardest-link');
  const hardestSe = card.querySelector('.hardest-se');
  const sources = card.querySelector('.rating-sources');
  const message = card.querySelector('.rating-message');
  const spinner = card.querySelector('.rating-spinner');
  const messageText = card.querySelector('.rating-text');
  const actions = card.querySelector('.rating-actions');
  const values = Object.fromEntries(
    FIELDS.map((f) => [f.key, card.querySelector(`[data-key="${f.key}"] dd`)]),
  );
  const levelBox = card.querySelector('[data-key="level"] dd');
  const rateButton = actions.querySelector('[data-act="rate"]');

  card.addEventListener('click', (event) => {
    const act = event.target.closest('[data-act]')?.dataset.act;
    if (act) {
      on[act]();
    }
  });

  let shownKey = '';

  /**
   * `view`: `{ kind, rating, message }`. Kinds: `rated` (shows `rating`), `running` (a Stop
   * button), `slow` (a Keep rating button), `stopped` (a Rate again button), `offered` (a
   * Rate button), and `waiting` or `none` (only `message`).
   */
  function update(view) {
    const key = JSON.stringify(view);
    if (key === shownKey) {
      return;
    }
    shownKey = key;
    card.dataset.kind = view.kind;
    const rating = view.kind === 'rated' ? view.rating : null;
    body.hidden = !rating;
    message.hidden = Boolean(rating);
    messageText.textContent = view.message ?? '';
    spinner.hidden = view.kind !== 'running';
    state.textContent = rating ? (rating.needsGuessing ? 'with guessing' : 'by logic alone') : '';
    for (const button of actions.querySelectorAll('button')) {
      button.hidden = !(
        (button.dataset.act === 'stop' && view.kind === 'running') ||
        (button.dataset.act === 'more' && view.kind === 'slow') ||
        (button.dataset.act === 'rate' && (view.kind === 'stopped' || view.kind === 'offered'))
      );
    }
    rateButton.textContent = view.kind === 'offered' ? 'Rate' : 'Rate again';
    actions.hidden = ![...actions.children].some((b) => !b.hidden);
    if (!rating) {
      return;
    }
    const fields = ratingFields(rating);
    sources.replaceChildren(
      ...ratingSources(rating).map(({ key, text }) => {
        const item = document.createElement('li');
        item.dataset.key = key;
        item.textContent = text;
        return item;
      }),
    );
    for (const [name, dd] of Object.entries(values)) {
      dd.textContent = fields[name].text;
      dd.dataset.value = fields[name].value;
    }
    const level = levels.indexOf(rating.level);
    levelBox.replaceChildren();
    const pips = document.createElement('span');
    pips.className = 'pips';
    pips.setAttribute('aria-hidden', 'true');
    for (let i = 0; i < levels.length; i++) {
      const pip = document.createElement('i');
      pip.className = i <= level ? 'on' : '';
      pips.append(pip);
    }
    levelBox.append(pips, document.createTextNode(rating.level));
    levelBox.dataset.level = rating.level.toLowerCase();
    hardestLine.hidden = !rating.hardestId;
    if (rating.hardestId) {
      hardestLink.textContent = rating.hardest;
      hardestLink.setAttribute('href', `#technique-${rating.hardestId}`);
      hardestSe.textContent = '(our technique ladder)';
    }
  }

  return { update };
}
