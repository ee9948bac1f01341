// Links to a board: what a URL hash names. The app page keeps the puzzle and the position on
// its trace in its hash (`#p=<line>&s=<strategy>&n=<step>`), and the person's progress when
// they choose to share it (`&y=<progress>`, as saved.js writes it); the iframe page (embed.html)
// reads the same, plus the board's options (`&readonly&controls=play+step&theme=dark`).
// A new puzzle's link also says how it was made (`&new=hard&seed=123456&sym=rotate-180`:
// the level or technique asked for, the seed, the symmetry when not none); without `p`, such a
// link makes that very puzzle again. Pure, for node --test.

/** The attributes of the board that a link to the iframe page may set besides p, s and n. */
export const LINK_OPTIONS = Object.freeze(['controls', 'readonly', 'autoplay', 'theme', 'speed']);

/** The largest seed a generator takes: 2^53 − 1, the largest whole number a link can hold. */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

/** The longest part of a refused step that its message quotes. */
const MAX_QUOTED = 24;

/**
 * Reads a step as a link or the `step` attribute writes it: `{ step }` for a whole number of
 * 0 or more, in decimal digits (a fraction of zeros or an exponent may follow, so `1e12` and
 * `5.0` are steps), or `{ error }`, a sentence saying why it is not one. Nothing is coerced:
 * an empty text, spaces, a sign, hexadecimal, a fraction and a number too large for a double
 * are all refused.
 */
export function readStep(text) {
  const value = /^\d+(?:\.\d+)?(?:[eE]\+?\d+)?$/.test(text) ? Number(text) : NaN;
  if (Number.isInteger(value)) {
    return { step: value };
  }
  const quoted = text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text;
  return {
    error: `Step "${quoted}" was not opened: a step is a whole number, 0 or more, such as 42.`,
  };
}

/**
 * What a hash names: `{ line, strategy, step, stepText, progress, generated, options }`,
 * `line`, `strategy` and `progress` null when absent, `step` 0 when absent or not a whole
 * number of 0 or more (readStep), `stepText` the step as written (null when absent), for the
 * board to read and refuse with a message,
 * `generated` how the puzzle was made (`{ target, seed, symmetry }`: `target` the level or
 * technique as written, lower-cased; `seed` null when absent or not a whole number from 0 to
 * MAX_SEED; `symmetry` 'none' when absent) or null without `new`, `options` the LINK_OPTIONS
 * it sets (an option without a value, like `&readonly`, is '').
 */
export function readLink(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const stepText = params.get('n');
  return {
    line: params.get('p'),
    strategy: params.get('s'),
    step: stepText === null ? 0 : (readStep(stepText).step ?? 0),
    stepText,
    progress: params.get('y'),
    generated: readGenerated(params),
    options: Object.fromEntries(
      LINK_OPTIONS.filter((name) => params.has(name)).map((name) => [name, params.get(name)]),
    ),
  };
}

/** How a link's puzzle was made, from its `new`, `seed` and `sym`, or null without `new`. */
function readGenerated(params) {
  const target = params.get('new')?.trim().toLowerCase();
  if (!target) {
    return null;
  }
  const text = params.get('seed') ?? '';
  const seed = /^\d+$/.test(text) && Number(text) <= MAX_SEED ? Number(text) : null;
  return { target, seed, symmetry: params.get('sym') || 'none' };
}

/**
 * The hash of a position: the puzzle alone at step 0, how it was made when it is a new
 * puzzle (`generated`, as readLink gives it, with a seed), the strategy and step after, and
 * the person's progress last when there is some to share.
 */
export function linkHash({ line, strategy, step, progress = '', generated = null }) {
  const made = generated ? generatedFields(generated) : '';
  const trace = step > 0 ? `&s=${strategy}&n=${step}` : '';
  return `#p=${linkLine(line)}${made}${trace}${progress ? `&y=${progress}` : ''}`;
}

/**
 * A puzzle's line as a link writes it: as it is, but for the characters a hash's fields
 * would read otherwise (`diagonal+` in the rules of a puzzle would come back as a space).
 */
export function linkLine(line) {
  return line.replace(/[%&+#]/g, encodeURIComponent);
}

/** The link fields of how a puzzle was made: `&new=hard&seed=42`, `&sym=…` unless none. */
function generatedFields({ target, seed, symmetry = 'none' }) {
  const sym = symmetry && symmetry !== 'none' ? `&sym=${encodeURIComponent(symmetry)}` : '';
  return `&new=${encodeURIComponent(target)}&seed=${seed}${sym}`;
}
