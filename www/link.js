// Links to a board: what a URL hash names. The app page keeps the puzzle and the position on
// its trace in its hash (`#p=<line>&s=<strategy>&n=<step>`), and the person's progress when
// they choose to share it (`&y=<progress>`, as saved.js writes it); the iframe page (embed.html)
// reads the same, plus the board's options (`&readonly&controls=play+step&theme=dark`).
// Pure, for node --test.

/** The attributes of the board that a link to the iframe page may set besides p, s and n. */
export const LINK_OPTIONS = Object.freeze(['controls', 'readonly', 'autoplay', 'theme', 'speed']);

/**
 * What a hash names: `{ line, strategy, step, progress, options }`, `line`, `strategy` and
 * `progress` null when absent, `step` 0 when absent or not a whole number, `options` the
 * LINK_OPTIONS it sets (an option without a value, like `&readonly`, is '').
 */
export function readLink(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const step = Number(params.get('n'));
  return {
    line: params.get('p'),
    strategy: params.get('s'),
    step: Number.isInteger(step) && step > 0 ? step : 0,
    progress: params.get('y'),
    options: Object.fromEntries(
      LINK_OPTIONS.filter((name) => params.has(name)).map((name) => [name, params.get(name)]),
    ),
  };
}

/**
 * The hash of a position: the puzzle alone at step 0, with the strategy and step after, and
 * the person's progress last when there is some to share.
 */
export function linkHash({ line, strategy, step, progress = '' }) {
  const trace = step > 0 ? `&s=${strategy}&n=${step}` : '';
  return `#p=${line}${trace}${progress ? `&y=${progress}` : ''}`;
}
