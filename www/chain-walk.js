// Walking a forcing chain implication by implication: where the walk stands, where Previous
// and Next take it, and what the board draws there. Pure functions of a step as the worker
// sends it (its `implications`, each with the `links` that lead to it and, for an inner trial,
// its own `inner` chain and `innerLinks`); tested with node --test.
//
// A position is `{ k, j }`: implication `k` of the step (0 is the first premise), and `j` the
// implication of its inner chain (-1: the outer implication itself). The walk enters an inner
// chain only where the person opened it (`openInner`, a set of outer indices).

/** The most arrows drawn at once: the current implication's first, then its nearest context. */
export const MAX_ARROWS = 12;

/** The walk of a step nobody has moved: its first premise. */
export const START = Object.freeze({ k: 0, j: -1 });

/** The implications at the position's level, with the links their `links` index. */
function levelOf(step, at) {
  if (at.j < 0) {
    return { list: step.implications ?? [], links: step.links ?? [] };
  }
  const outer = step.implications[at.k];
  return { list: outer.inner ?? [], links: outer.innerLinks ?? [] };
}

/** Whether the step has a chain to walk. */
export function hasChain(step) {
  return (step?.implications?.length ?? 0) > 0;
}

/** The position after `at`, or `at` itself at the end. */
export function nextPosition(step, at, openInner) {
  const outer = step.implications;
  const inner = outer[at.k].inner ?? [];
  if (at.j < 0 && inner.length > 0 && openInner.has(at.k)) {
    return { k: at.k, j: 0 };
  }
  if (at.j >= 0 && at.j + 1 < inner.length) {
    return { k: at.k, j: at.j + 1 };
  }
  return at.k + 1 < outer.length ? { k: at.k + 1, j: -1 } : at;
}

/** The position before `at`, or `at` itself at the start. */
export function previousPosition(step, at, openInner) {
  if (at.j > 0) {
    return { k: at.k, j: at.j - 1 };
  }
  if (at.j === 0) {
    return { k: at.k, j: -1 };
  }
  if (at.k === 0) {
    return at;
  }
  const k = at.k - 1;
  const inner = step.implications[k].inner ?? [];
  return inner.length > 0 && openInner.has(k) ? { k, j: inner.length - 1 } : { k, j: -1 };
}

/** Whether `at` is the walk's last position. */
export function isAtEnd(step, at, openInner) {
  const next = nextPosition(step, at, openInner);
  return next.k === at.k && next.j === at.j;
}

/**
 * The arrows to draw at `at`, at most `max`: `[{ link, role }]`, role `current` (the links
 * that lead to the implication reached), `context` (those of the implications it rests on,
 * nearest first) or `earlier` (the rest of the walk so far, latest first, faded).
 */
export function arrowsAt(step, at, max = MAX_ARROWS) {
  const { list, links } = levelOf(step, at);
  const here = at.j < 0 ? at.k : at.j;
  const picked = new Map();
  const take = (index, role) => {
    for (const l of list[index].links ?? []) {
      if (picked.size < max && !picked.has(l) && links[l]) {
        picked.set(l, role);
      }
    }
  };
  take(here, 'current');
  // The implications it rests on, breadth first: its parents, then theirs.
  const seen = new Set([here]);
  let layer = list[here].from ?? [];
  while (layer.length > 0 && picked.size < max) {
    const next = [];
    for (const f of layer) {
      if (!seen.has(f)) {
        seen.add(f);
        take(f, 'context');
        next.push(...(list[f].from ?? []));
      }
    }
    layer = next;
  }
  for (let i = here - 1; i >= 0 && picked.size < max; i--) {
    if (!seen.has(i)) {
      take(i, 'earlier');
    }
  }
  return [...picked].map(([index, role]) => ({ ...links[index], role }));
}

/**
 * What the board marks at `at`: `on` and `off`, from a cell to a bitmask of digits, the
 * candidates the implication reached makes true (a premise, a placement) or false; and
 * `deadCells` and `deadHouses`, the dead end it names, if it is one.
 */
export function marksAt(step, at) {
  const { list } = levelOf(step, at);
  const implication = list[at.j < 0 ? at.k : at.j];
  const on = new Map();
  const off = new Map();
  const mark = (map, cell, digit) => map.set(cell, (map.get(cell) ?? 0) | (1 << (digit - 1)));
  for (const { op, cell, digit } of implication.changes ?? []) {
    mark(op === 'place' ? on : off, cell, digit);
  }
  return {
    on,
    off,
    deadCells: implication.rule === 'no-candidate' ? [implication.cell] : [],
    deadHouses: implication.rule === 'no-place' ? [implication.house] : [],
  };
}

/** The implication at `at`. */
export function implicationAt(step, at) {
  const { list } = levelOf(step, at);
  return list[at.j < 0 ? at.k : at.j];
}

/** "Implication 3 of 27", or "Implication 3 of 27, inner 2 of 8" inside an inner chain. */
export function positionText(step, at) {
  const n = step.implications.length;
  const outer = `Implication ${at.k + 1} of ${n}`;
  if (at.j < 0) {
    return outer;
  }
  return `${outer}, inner ${at.j + 1} of ${step.implications[at.k].inner.length}`;
}

/** "Chain of 26 implications": the implications after the premises, as the sentence counts. */
export function chainLabel(step) {
  const n = step.implications.filter((i) => i.rule !== 'premise').length;
  return `Chain of ${n} implication${n === 1 ? '' : 's'}`;
}

/** "Inner chain, 8 implications": the same count for an inner chain. */
export function innerLabel(implication) {
  const n = implication.inner.filter((i) => i.rule !== 'premise').length;
  return `Inner chain, ${n} implication${n === 1 ? '' : 's'}`;
}

/**
 * The walk of the chain on show, the one state of it: the step walked, the position, the
 * inner chains open, whether the list is open and kept open, and whether Play chain runs.
 * `onChange()` is called when Play chain moves the walk by itself; `timer` is
 * `{ set(callback, ms), clear(id) }` (setTimeout by default).
 */
export class ChainWalk {
  constructor(
    onChange,
    timer = { set: (callback, ms) => setTimeout(callback, ms), clear: (id) => clearTimeout(id) },
  ) {
    this.onChange = onChange;
    this.timer = timer;
    this.step = null;
    this.at = START;
    this.openInner = new Set();
    this.isListOpen = false;
    this.isPinned = false;
    this.playing = null;
    this.stepsPerSecond = 8;
  }

  /**
   * Follows the step on show: another step starts at its premise with its inner chains
   * closed, the list closed unless kept open, and Play chain stopped.
   */
  show(step) {
    const chainStep = hasChain(step) ? step : null;
    if (chainStep === this.step) {
      return;
    }
    this.step = chainStep;
    this.at = START;
    this.openInner = new Set();
    this.isListOpen = this.isListOpen && this.isPinned;
    this.pause();
  }

  /** Moves to the next implication; whether it moved. */
  next() {
    const at = nextPosition(this.step, this.at, this.openInner);
    const moved = at !== this.at;
    this.at = at;
    return moved;
  }

  previous() {
    this.pause();
    this.at = previousPosition(this.step, this.at, this.openInner);
  }

  /** Jumps to a line of the list (an inner line opens its chain). */
  jump(at) {
    this.pause();
    if (at.j >= 0) {
      this.openInner.add(at.k);
    }
    this.at = { k: at.k, j: at.j };
  }

  /** Opens or closes the inner chain of implication `k`; the walk leaves a chain it closes. */
  toggleInner(k) {
    if (!this.openInner.delete(k)) {
      this.openInner.add(k);
    } else if (this.at.k === k) {
      this.at = { k, j: -1 };
    }
  }

  toggleList() {
    this.isListOpen = !this.isListOpen;
  }

  togglePin() {
    this.isPinned = !this.isPinned;
    if (this.isPinned) {
      this.isListOpen = true;
    }
  }

  /** Play chain or Pause chain: from the end, Play starts again at the premise. */
  togglePlay() {
    if (this.playing !== null) {
      this.pause();
      return;
    }
    if (isAtEnd(this.step, this.at, this.openInner)) {
      this.at = START;
    }
    this.tick();
  }

  /** The pace of Play chain: the trace's speed, at most 20 implications a second. */
  setSpeed(stepsPerSecond) {
    this.stepsPerSecond = Number.isFinite(stepsPerSecond) ? stepsPerSecond : 20;
  }

  tick() {
    const ms = 1000 / Math.min(Math.max(this.stepsPerSecond, 0.5), 20);
    this.playing = this.timer.set(() => {
      this.playing = null;
      if (this.next() && !isAtEnd(this.step, this.at, this.openInner)) {
        this.tick();
      }
      this.onChange();
    }, ms);
  }

  pause() {
    if (this.playing !== null) {
      this.timer.clear(this.playing);
      this.playing = null;
    }
  }

  /** What the chain card shows (see chain-card.js update), or null with no chain on show. */
  view() {
    if (!this.step) {
      return null;
    }
    return {
      step: this.step,
      at: this.at,
      isListOpen: this.isListOpen,
      isPinned: this.isPinned,
      openInner: this.openInner,
      isPlaying: this.playing !== null,
      isAtStart: this.at.k === 0 && this.at.j < 0,
      isAtEnd: isAtEnd(this.step, this.at, this.openInner),
    };
  }

  /**
   * A step's highlight (step-highlight.js stepHighlight) with the walk drawn on it: its arrows (at
   * most MAX_ARROWS, by role) instead of all the step's, and the candidates and dead end of
   * the implication reached.
   */
  over(highlight) {
    if (!this.step) {
      return highlight;
    }
    const marks = marksAt(this.step, this.at);
    const cells = new Set([...highlight.cells, ...marks.deadCells]);
    return {
      ...highlight,
      cells,
      links: arrowsAt(this.step, this.at),
      chainOn: marks.on,
      chainOff: marks.off,
      deadHouses: marks.deadHouses,
    };
  }
}
