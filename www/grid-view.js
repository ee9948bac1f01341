// The grid: its DOM (built once per layout, then updated in place), keyboard and pointer
// input, and the highlighting of a step or a diagnosis. It knows nothing of Sudoku rules:
// it draws the board, the houses of its layout (thick borders between boxes or jigsaw
// regions, shading on diagonals and windows) and the roles it is given.
//
// Accessibility: role="grid" named "Sudoku puzzle", role="row" rows, and focusable
// role="gridcell" cells whose names start with what shows in the cell, so that a person who
// speaks to their computer can say what they see (WCAG 2.5.3, label in name): the digit and
// whose it is (given, yours, the solver's) and any mistake flagged ("5, given"), or the marks
// of an empty cell and what they are ("1 9, marks"; eliminated ones named again after), or
// "empty"; then "row R, column C"; in a variant, the houses it adds ("; in region 3",
// "; on diagonal ↘", "; in window 2"), and what of a puzzle's rules touches it ("; cage of 17,
// 3 cells"); while a single's proof shows, what the cell plays in it
// ("; proof: rules out 7 in r4c1 and r4c2", "; proof: 7 ruled out by r2c1").
// One cell is in the tab order at a time (roving tabindex); arrows move it. The selected
// cell's row, column and box or region are tinted, and the cells that hold its digit more
// strongly (data-related="house" and "digit").

import { Origin } from './board-model.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
/**
 * The kinds of house outlined as one box when their cells fill a rectangle (rows, columns,
 * boxes); the others (jigsaw regions, diagonals, windows) are outlined cell by cell.
 */
const RECTANGULAR = new Set(['row', 'column', 'box']);
/** From this size on, candidates without a role in the step show as dots (dots-layer.js). */
const DOTS_FROM_SIZE = 25;
/** The smallest cell a finger can hit reliably, in CSS px (WCAG 2.2 target size). */
const MIN_TARGET_PX = 24;

/** Cell flags, one bit each, so a cell's look can be compared with one number. */
const Flag = {
  STEP: 1,
  PLACED: 2,
  UNPLACED: 4,
  CONTRADICTION: 8,
  FAULT: 16,
  DIFFER: 32,
  CANDIDATES: 64,
  WRONG_MARKS: 128,
  WRONG: 256,
  WITNESS: 512,
  COVERED: 1024,
};

const ORIGIN_CLASS = ['', 'given', 'deduced', 'guess', 'solution', 'yours'];

/** How a cell relates to the selected one: not at all, in one of its houses, or by its digit. */
const Related = { NONE: 0, HOUSE: 1, DIGIT: 2 };
/** The data-related attribute of each Related ('' for none: no attribute). */
const RELATED_ATTRIBUTE = ['', 'house', 'digit'];

/**
 * The parts a cell exposes for styling from outside (`stepdoku-board::part(cell-given)`):
 * always `cell`, then its digit's origin, then the roles it plays in what is shown.
 */
const ORIGIN_PART = [
  'cell-empty',
  'cell-given',
  'cell-placed',
  'cell-guess',
  'cell-solution',
  'cell-yours',
];
const ROLE_PARTS = [
  [Flag.STEP | Flag.CONTRADICTION, 'cell-step'],
  [Flag.FAULT | Flag.DIFFER | Flag.WRONG | Flag.WRONG_MARKS, 'cell-fault'],
  [Flag.WITNESS, 'cell-witness'],
  [Flag.COVERED, 'cell-covered'],
];

/** Shift+key gives another character ('!' for 1): the key's digit or letter, from its code. */
function symbolOfCode(code) {
  return /^(?:Digit|Numpad|Key)([0-9A-Z])$/.exec(code)?.[1] ?? '';
}

/**
 * The classes of the mark of a digit (`bit`) in a cell: `marks` are the marks shown (0 for
 * none), `roles` the cell's candidates by role, as updateCell has them, with `cands`.
 */
function markClass(bit, marks, { cands, elim, restored, pattern, fins, chainOn, chainOff }) {
  let name = 'cand';
  if (marks & elim & bit) {
    name += ' elim';
  } else if (marks & cands & bit) {
    name += ' on';
  }
  if (marks & restored & bit) {
    name += ' restored';
  }
  if (marks & pattern & bit) {
    name += ' pattern';
  }
  if (marks & fins & bit) {
    name += ' fin';
  }
  if (marks & chainOn & bit) {
    name += ' chain-on';
  } else if (marks & chainOff & bit) {
    name += ' chain-off';
  }
  return name;
}

function cellPart(origin, flags) {
  const roles = ROLE_PARTS.filter(([mask]) => flags & mask).map(([, name]) => name);
  return ['cell', ORIGIN_PART[origin], ...roles].join(' ');
}

function el(tag, className, attributes = {}) {
  const node = document.createElement(tag);
  if (className) {
    node.className = className;
  }
  for (const [name, value] of Object.entries(attributes)) {
    node.setAttribute(name, value);
  }
  return node;
}

/**
 * Mounts the grid into `host`. `on` holds the callbacks: `input(cell, key, isOther)` ('' clears;
 * `isOther` when Shift asks for the other of digit and mark), `switchMode()` (Space: pen or
 * pencil) and `paste(text, cell)`.
 */
export function mountGrid(host, on) {
  const wrap = el('div', 'grid-wrap', { part: 'grid' });
  const grid = el('div', 'grid', {
    role: 'grid',
    'aria-label': 'Sudoku puzzle',
    'aria-readonly': 'false',
  });
  const houseLayer = el('div', 'house-layer', { 'aria-hidden': 'true' });
  const linkLayer = document.createElementNS(SVG_NS, 'svg');
  linkLayer.setAttribute('class', 'link-layer');
  linkLayer.setAttribute('aria-hidden', 'true');
  linkLayer.setAttribute('preserveAspectRatio', 'none');
  linkLayer.innerHTML =
    '<defs>' +
    ['plain', 'current']
      .map(
        (role) =>
          `<marker id="arrow-${role}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="4" ` +
          `markerHeight="4" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" class="arrow-head ${role}"/></marker>`,
      )
      .join('') +
    '</defs>';
  wrap.append(grid, houseLayer, linkLayer);
  // Big grids on a narrow screen get a zoom: cells at least MIN_TARGET_PX, the grid scrolled
  // sideways in its frame. The button shows only when the cells would be smaller.
  const frame = el('div', 'grid-frame');
  frame.append(wrap);
  const zoom = el('button', 'zoom quiet', {
    type: 'button',
    'aria-pressed': 'false',
    title: 'Bigger cells; scroll the grid sideways',
    part: 'button',
  });
  // "Zoom" alone where the candidate panel needs the room (later-parts.css); named in full.
  zoom.setAttribute('aria-label', 'Zoom grid');
  zoom.innerHTML = 'Zoom<span class="zoom-more"> grid</span>';
  zoom.hidden = true;
  const tools = el('div', 'grid-tools');
  tools.append(zoom);
  host.append(frame, tools);
  zoom.addEventListener('click', () => {
    const isZoomed = zoom.getAttribute('aria-pressed') !== 'true';
    zoom.setAttribute('aria-pressed', String(isZoomed));
    wrap.classList.toggle('zoomed', isZoomed);
    fitZoom();
    cells[selected]?.cell.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  });
  /** Shows the zoom when unzoomed cells would be smaller than MIN_TARGET_PX. */
  function fitZoom() {
    const isZoomed = zoom.getAttribute('aria-pressed') === 'true';
    const n = shape?.size ?? 9;
    zoom.hidden = !isZoomed && frame.clientWidth / n >= MIN_TARGET_PX;
  }
  new ResizeObserver(() => fitZoom()).observe(frame);

  let shape = null;
  /** The layout drawn (`{ variant, regions, extras }`, see core.js readPuzzle). */
  let layout = null;
  /** Per cell, what its name says after what it holds: the variant's houses it is in. */
  let placeNames = [];
  let cells = [];
  let selected = 0;
  /** Whether the selected cell shows as selected: not until a person first picks a cell. */
  let isSelectionShown = false;
  /** What each cell shows now, to touch the DOM only where something changed. */
  let shown = null;
  let isReadonly = false;

  /** Builds the grid of a shape in a layout. */
  function build(newShape, newLayout) {
    shape = newShape;
    layout = newLayout;
    placeNames = namesOfPlaces();
    const { size } = shape;
    const { regions } = layout;
    const [candColumns, candRows] = candidateGrid();
    const isExtra = new Uint8Array(size * size);
    for (const house of layout.extras) {
      house.cells.forEach((i) => (isExtra[i] = 1));
    }
    grid.replaceChildren();
    cells = [];
    wrap.style.setProperty('--n', size);
    wrap.style.setProperty('--cand-cols', candColumns);
    wrap.style.setProperty('--cand-rows', candRows);
    wrap.dataset.size = size;
    fitZoom();
    grid.setAttribute('aria-label', `Sudoku puzzle, ${size} by ${size}`);
    for (let r = 0; r < size; r++) {
      const row = el('div', 'row', { role: 'row', 'aria-rowindex': r + 1 });
      for (let c = 0; c < size; c++) {
        const cell = el('div', 'cell', {
          role: 'gridcell',
          tabindex: '-1',
          'aria-label': `empty, row ${r + 1}, column ${c + 1}`,
          'aria-colindex': c + 1,
        });
        const i = r * size + c;
        cell.dataset.cell = i;
        // A thick border where the next cell is in another box or jigsaw region (the core's
        // `regions`), on the right and below.
        if (c + 1 < size && regions[i] !== regions[i + 1]) {
          cell.classList.add('box-right');
        }
        if (r + 1 < size && regions[i] !== regions[i + size]) {
          cell.classList.add('box-bottom');
        }
        if (isExtra[i]) {
          cell.classList.add('extra-house');
        }
        const digit = el('span', 'digit', { 'aria-hidden': 'true' });
        const depth = el('span', 'depth', { 'aria-hidden': 'true' });
        cell.append(digit, depth);
        row.append(cell);
        cells.push({ cell, digit, depth, cands: null, marks: null });
      }
      grid.append(row);
    }
    const n = size * size;
    shown = {
      value: new Int16Array(n).fill(-1),
      origin: new Uint8Array(n),
      depth: new Uint16Array(n),
      flags: new Uint16Array(n),
      cands: new Uint32Array(n),
      elim: new Uint32Array(n),
      restored: new Uint32Array(n),
      pattern: new Uint32Array(n),
      fins: new Uint32Array(n),
      chainOn: new Uint32Array(n),
      chainOff: new Uint32Array(n),
      proofNotes: new Array(n).fill(''),
      isNameStale: new Uint8Array(n),
      related: new Uint8Array(n),
    };
    dots?.build(size >= DOTS_FROM_SIZE ? shape : null);
    selected = Math.min(selected, n - 1);
    isSelectionShown = false;
    cells[selected].cell.tabIndex = 0;
  }

  /**
   * The columns and rows of a cell's candidate marks: a box's, as the shape record from the
   * core gives them (2×3 boxes, 3 marks a row), so a mark sits where a digit does in a box.
   */
  function candidateGrid() {
    return [shape.boxCols, shape.boxRows];
  }

  /** Per cell, the houses of the layout that its name mentions ('' in a classic grid). */
  function namesOfPlaces() {
    const names = Array.from({ length: shape.size * shape.size }, () => []);
    if (layout.variant === 'jigsaw') {
      layout.regions.forEach((region, i) => names[i].push(`in region ${region + 1}`));
    }
    for (const house of layout.extras) {
      const where = house.kind === 'diagonal' ? 'on' : 'in';
      house.cells.forEach((i) => names[i].push(`${where} ${house.name}`));
    }
    // A puzzle's rules say what touches each cell: "cage of 17, 3 cells; white dot with r1c9".
    const notes = layout.rules?.notes ?? [];
    return names.map(
      (list, i) => (list.length ? `; ${list.join(', ')}` : '') + (notes[i] ? `; ${notes[i]}` : ''),
    );
  }

  /**
   * The candidate marks of cell `i`, by digit (null for one not made), with those of the
   * digits in `needed` (a bit mask) made. On grids that show marks as letters, every digit's
   * is made the first time the cell shows one, and a space between marks (not drawn: the marks
   * are grid items) keeps them apart as words in the cell's text, "1 9" and not "19". A big
   * grid, whose plain candidates are dots, makes a digit's mark the first time it has a role,
   * in digit order, each in its place: a step's eliminations reach some 70 cells of a 25×25,
   * and all 25 marks in each cost its first step's render most of its time.
   */
  function candidateMarks(i, needed) {
    const entry = cells[i];
    const isDots = shape.size >= DOTS_FROM_SIZE;
    if (!entry.cands) {
      entry.cands = el('span', 'cands', { 'aria-hidden': 'true' });
      entry.marks = new Array(shape.size).fill(null);
      entry.cell.append(entry.cands);
      if (!isDots) {
        shape.symbols.forEach((symbol, d) => {
          entry.marks[d] = el('span', 'cand');
          entry.marks[d].textContent = symbol;
          entry.cands.append(entry.marks[d], ' ');
        });
      }
    }
    const { marks } = entry;
    for (let d = 0; d < marks.length; d++) {
      if (!marks[d] && needed & (1 << d)) {
        const mark = el('span', 'cand');
        mark.textContent = shape.symbols[d];
        const [candColumns] = candidateGrid();
        mark.style.gridArea = `${Math.floor(d / candColumns) + 1} / ${(d % candColumns) + 1}`;
        entry.cands.insertBefore(mark, marks.slice(d + 1).find(Boolean) ?? null);
        marks[d] = mark;
      }
    }
    return marks;
  }

  /** The symbols of the digits of a bit mask, in order, apart: "1 4 9". */
  function symbolsOf(mask) {
    return shape.symbols.filter((_, d) => mask & (1 << d)).join(' ');
  }

  /**
   * What a cell's name says before its row and column: what shows in it first ("5", "1 4 9"
   * or "empty"; a big grid's dots as the symbols they stand for), then what that is. A
   * step's eliminated candidates still show, struck out, so they are said with the others
   * and named again after.
   */
  function describe(value, origin, depth, cands, elim, flags) {
    if (value) {
      const symbol = shape.symbols[value - 1];
      const how = {
        [Origin.GIVEN]: 'given',
        [Origin.YOURS]: 'yours',
        [Origin.DEDUCED]: depth
          ? `solver's, under ${depth} guess${depth > 1 ? 'es' : ''}`
          : "solver's",
        [Origin.GUESS]: `solver's guess at depth ${depth}`,
        [Origin.SOLUTION]: 'solution',
      }[origin];
      const fault = flags & Flag.WRONG ? ', wrong' : flags & Flag.FAULT ? ', clashes' : '';
      return `${symbol}, ${how}${fault}`;
    }
    const marks = cands | elim;
    if (marks === 0) {
      return 'empty';
    }
    const eliminated = elim ? `, ${symbolsOf(elim)} eliminated` : '';
    const wrong = flags & Flag.WRONG_MARKS ? ', marks leave out its digit' : '';
    return `${symbolsOf(marks)}, ${marksName}${eliminated}${wrong}`;
  }

  /** The cell names sentences use: `r3c5`. */
  function shortName(i) {
    return `r${Math.floor(i / shape.size) + 1}c${(i % shape.size) + 1}`;
  }

  /**
   * What a cell's name adds for the single's proof on show (`step.witnesses`, `step.covered`,
   * see step-highlight.js stepHighlight): '' for a cell that plays no part in it.
   */
  function proofNote(step, i) {
    const witness = step?.witnesses?.get(i);
    if (witness) {
      const cells = witness.covers.map(shortName);
      const list =
        cells.length > 1 ? `${cells.slice(0, -1).join(', ')} and ${cells.at(-1)}` : cells[0];
      return `; proof: rules out ${shape.symbols[witness.digit - 1]} in ${list}`;
    }
    const covered = step?.covered?.get(i);
    if (covered) {
      return `; proof: ${shape.symbols[covered.digit - 1]} ruled out by ${shortName(covered.by)}`;
    }
    return '';
  }

  /**
   * The layer that draws a big grid's plain candidates (dots-layer.js), once the later parts
   * bring it: until then, they show in the cells' names only.
   */
  let dots = null;

  /** Mounts the dots layer over the grid (`mount(grid)`), and shows the candidates there. */
  function attachDots(mount) {
    dots = mount(grid);
    if (!shape) {
      return;
    }
    dots.build(shape.size >= DOTS_FROM_SIZE ? shape : null);
    if (shape.size >= DOTS_FROM_SIZE) {
      const s = shown;
      for (let i = 0; i < s.cands.length; i++) {
        const withRole = s.elim[i] | s.restored[i] | s.pattern[i] | s.fins[i];
        dots.set(i, s.cands[i] & ~(withRole | s.chainOn[i] | s.chainOff[i]));
      }
      dots.flush();
    }
  }

  /** Whether the board is playing too fast for cell names to follow (see render). */
  let isFast = false;

  /** What the name of a cell calls its marks: 'candidates' (the solver's) or 'marks'. */
  let marksName = 'candidates';

  /**
   * Shows a board. `view` holds `showCandidates`, `marksName` (how a cell's name calls them;
   * 'candidates' without it), `isFast` (playing too fast to animate placements) and, by role,
   * what to mark: `step` (a stepHighlight), `faults` (cells at fault: clashing digits, or
   * what a diagnosis names), `wrong` (digits that are not the solution's), `wrongMarks` (cells
   * whose marks leave out their digit), `differ` (cells where two solutions differ), `houses`
   * (houses to outline besides the step's).
   */
  function render(board, view) {
    const step = view.step;
    const newName = view.marksName ?? 'candidates';
    if (newName !== marksName) {
      marksName = newName;
      // Every cell's name says "marks" or "candidates": forget what was shown, so each updates.
      shown.flags.fill(0xffff);
    }
    isFast = Boolean(view.isFast);
    const n = board.values.length;
    for (let i = 0; i < n; i++) {
      const value = board.values[i];
      const origin = board.origins[i];
      const depth = origin === Origin.GIVEN ? 0 : board.depths[i];
      const showCands = view.showCandidates && !value;
      const cands = showCands ? board.candidates[i] : 0;
      let flags = showCands ? Flag.CANDIDATES : 0;
      let elim = 0;
      let restored = 0;
      let pattern = 0;
      let fins = 0;
      let chainOn = 0;
      let chainOff = 0;
      if (step) {
        if (step.cells.has(i)) {
          flags |=
            step.kind === 'contradiction' || step.kind === 'unsolvable'
              ? Flag.CONTRADICTION
              : Flag.STEP;
        }
        if (step.placed.has(i)) {
          flags |= Flag.PLACED;
        }
        if (step.unplaced.has(i)) {
          flags |= Flag.UNPLACED;
        }
        if (showCands) {
          elim = step.eliminated.get(i) ?? 0;
          restored = step.restored.get(i) ?? 0;
          pattern = step.pattern.get(i) ?? 0;
          fins = step.fins.get(i) ?? 0;
          chainOn = step.chainOn?.get(i) ?? 0;
          chainOff = step.chainOff?.get(i) ?? 0;
        }
      }
      if (view.faults?.has(i)) {
        flags |= Flag.FAULT;
      }
      if (view.differ?.has(i)) {
        flags |= Flag.DIFFER;
      }
      if (view.wrong?.has(i)) {
        flags |= Flag.WRONG;
      }
      if (view.wrongMarks?.has(i)) {
        flags |= Flag.WRONG_MARKS;
      }
      if (step?.witnesses?.has(i)) {
        flags |= Flag.WITNESS;
      }
      if (step?.covered?.has(i)) {
        flags |= Flag.COVERED;
      }
      const note = flags & (Flag.WITNESS | Flag.COVERED) ? proofNote(step, i) : '';
      if (shown.proofNotes[i] !== note) {
        shown.proofNotes[i] = note;
        shown.isNameStale[i] = 1;
      }
      updateCell(i, value, origin, depth, flags, cands, {
        elim,
        restored,
        pattern,
        fins,
        chainOn,
        chainOff,
      });
    }
    const isDeadEnd = step && (step.kind === 'contradiction' || step.kind === 'unsolvable');
    const stepRole = step && !isDeadEnd ? 'step' : 'fault';
    drawHouses([
      ...[...(step?.houses ?? []), ...(view.houses ?? [])].map((house) => [house, stepRole]),
      ...(step?.deadHouses ?? []).map((house) => [house, 'fault']),
    ]);
    dots?.flush();
    wrap.classList.toggle('fast', Boolean(view.isFast));
    drawLinks(step?.links ?? []);
    markRelated();
    reportSelection();
  }

  /**
   * Marks the cells related to the selected one, as the digits shown now place them: the
   * cells that hold its digit, and the other cells of its row, column and box or region.
   * Only cells whose mark changes are touched, so a trace playing fast costs one pass over
   * the cells per frame and little DOM.
   */
  function markRelated() {
    const { size } = shape;
    const row = Math.floor(selected / size);
    const column = selected % size;
    const region = layout.regions[selected];
    const value = shown.value[selected];
    for (let i = 0; i < cells.length; i++) {
      let related = Related.NONE;
      if (isSelectionShown && i !== selected) {
        if (value > 0 && shown.value[i] === value) {
          related = Related.DIGIT;
        } else if (
          Math.floor(i / size) === row ||
          i % size === column ||
          layout.regions[i] === region
        ) {
          related = Related.HOUSE;
        }
      }
      if (shown.related[i] !== related) {
        shown.related[i] = related;
        if (related) {
          cells[i].cell.dataset.related = RELATED_ATTRIBUTE[related];
        } else {
          delete cells[i].cell.dataset.related;
        }
      }
    }
  }

  /**
   * Shows cell `i`. `roles` holds its candidates by role, each a bitmask of digits: `elim`,
   * `restored`, `pattern`, `fins`, and the chain walked: `chainOn` (made true by the
   * implication reached) and `chainOff` (made false by it).
   */
  function updateCell(i, value, origin, depth, flags, cands, roles) {
    const { elim, restored, pattern, fins, chainOn, chainOff } = roles;
    const s = shown;
    const { cell, digit, depth: badge } = cells[i];
    const valueChanged = s.value[i] !== value || s.origin[i] !== origin || s.depth[i] !== depth;
    const candsChanged =
      s.cands[i] !== cands ||
      s.elim[i] !== elim ||
      s.restored[i] !== restored ||
      s.pattern[i] !== pattern ||
      s.fins[i] !== fins ||
      s.chainOn[i] !== chainOn ||
      s.chainOff[i] !== chainOff;
    if (valueChanged) {
      digit.textContent = value ? shape.symbols[value - 1] : '';
      cell.dataset.origin = ORIGIN_CLASS[origin];
      cell.toggleAttribute('data-tentative', origin === Origin.DEDUCED && depth > 0);
      // The depth shows as generated content (stepdoku.css), outside the cell's text, whose
      // name starts with that text: "1, solver's guess at depth 1" for a 1 with a small 1.
      if (value && depth) {
        badge.dataset.depth = depth;
      } else {
        delete badge.dataset.depth;
      }
      s.value[i] = value;
      s.origin[i] = origin;
      s.depth[i] = depth;
    }
    const flagsChanged = s.flags[i] !== flags;
    if (flagsChanged) {
      const toggle = (name, flag) => cell.classList.toggle(name, (flags & flag) !== 0);
      toggle('step', Flag.STEP);
      toggle('placed', Flag.PLACED);
      toggle('unplaced', Flag.UNPLACED);
      toggle('contradiction', Flag.CONTRADICTION);
      toggle('fault', Flag.FAULT | Flag.WRONG);
      toggle('differ', Flag.DIFFER);
      toggle('with-cands', Flag.CANDIDATES);
      toggle('wrong-marks', Flag.WRONG_MARKS);
      toggle('witness', Flag.WITNESS);
      toggle('covered', Flag.COVERED);
      s.flags[i] = flags;
    }
    if (candsChanged) {
      const withRole = elim | restored | pattern | fins | chainOn | chainOff;
      // A big grid's candidates without a role are dots (dots-layer.js); the rest are marks.
      const isDots = shape.size >= DOTS_FROM_SIZE;
      if (dots && isDots) {
        dots.set(i, cands & ~withRole);
      }
      const shown = isDots ? withRole : cands | withRole;
      if (shown || cells[i].cands) {
        const marks = candidateMarks(i, shown);
        const withCands = { cands, ...roles };
        for (let d = 0; d < marks.length; d++) {
          const name = marks[d] && markClass(1 << d, shown, withCands);
          if (name && marks[d].className !== name) {
            marks[d].className = name;
          }
        }
      }
      s.cands[i] = cands;
      s.elim[i] = elim;
      s.restored[i] = restored;
      s.pattern[i] = pattern;
      s.fins[i] = fins;
      s.chainOn[i] = chainOn;
      s.chainOff[i] = chainOff;
    }
    if (valueChanged || candsChanged || flagsChanged) {
      s.isNameStale[i] = 1;
    }
    // Playing fast, names wait until it slows or stops: nobody hears them change 60 times
    // a second, and on a 25×25 board they cost a frame.
    if (s.isNameStale[i] && !isFast) {
      s.isNameStale[i] = 0;
      const r = Math.floor(i / shape.size);
      const c = i % shape.size;
      cell.setAttribute(
        'aria-label',
        `${describe(value, origin, depth, cands, elim, flags)}, row ${r + 1}, column ${c + 1}` +
          placeNames[i] +
          s.proofNotes[i],
      );
    }
    if (valueChanged || flagsChanged) {
      cell.setAttribute('part', cellPart(value ? origin : 0, flags));
    }
  }

  let shownHouses = '';
  /** Outlines houses: `entries` are `[house, role]`, role `step` or `fault`. */
  function drawHouses(entries) {
    const key = JSON.stringify(entries);
    if (key === shownHouses) {
      return;
    }
    shownHouses = key;
    houseLayer.replaceChildren(
      ...entries.flatMap(([house, role]) => {
        const houseCells = cellsOf(house);
        const rect = RECTANGULAR.has(house.kind) && rectangleOf(houseCells);
        return rect ? [houseBox(role, rect)] : outlineOf(houseCells, role);
      }),
    );
  }

  /** A box over cells: `[top row, left column, rows, columns]`. */
  function houseBox(role, [r0, c0, rows, cols]) {
    const { size } = shape;
    const box = el('div', `house house-${role}`);
    box.style.cssText =
      `top:${(r0 / size) * 100}%;left:${(c0 / size) * 100}%;` +
      `height:${(rows / size) * 100}%;width:${(cols / size) * 100}%`;
    return box;
  }

  /**
   * The rectangle `cells` fill, `[top row, left column, rows, columns]` (their bounding box),
   * or null when they leave part of it out.
   */
  function rectangleOf(houseCells) {
    const { size } = shape;
    if (!houseCells.length) {
      return null;
    }
    const rows = houseCells.map((i) => Math.floor(i / size));
    const columns = houseCells.map((i) => i % size);
    const [r0, c0] = [Math.min(...rows), Math.min(...columns)];
    const [nRows, nColumns] = [Math.max(...rows) - r0 + 1, Math.max(...columns) - c0 + 1];
    return nRows * nColumns === houseCells.length ? [r0, c0, nRows, nColumns] : null;
  }

  /**
   * The cells of a house (`{ kind, index }`, as steps and diagnoses name it): a row's or a
   * column's, those the core's `regions` put in a box or jigsaw region, or those the layout's
   * `extras` list for a diagonal or a window.
   */
  function cellsOf({ kind, index }) {
    const { size } = shape;
    const all = [...layout.regions.keys()];
    if (kind === 'row') {
      return all.filter((i) => Math.floor(i / size) === index);
    }
    if (kind === 'column') {
      return all.filter((i) => i % size === index);
    }
    if (kind === 'box' || kind === 'region') {
      return all.filter((i) => layout.regions[i] === index);
    }
    return layout.extras.find((h) => h.kind === kind && h.index === index)?.cells ?? [];
  }

  /** A house of any shape, one box per cell with a border only where the house ends. */
  function outlineOf(houseCells, role) {
    const { size } = shape;
    const inHouse = new Set(houseCells);
    return houseCells.map((i) => {
      const [r, c] = [Math.floor(i / size), i % size];
      const box = houseBox(role, [r, c, 1, 1]);
      box.classList.add('house-cell');
      const open = [
        [r > 0 && inHouse.has(i - size), 'Top'],
        [c + 1 < size && inHouse.has(i + 1), 'Right'],
        [r + 1 < size && inHouse.has(i + size), 'Bottom'],
        [c > 0 && inHouse.has(i - 1), 'Left'],
      ];
      for (const [isOpen, side] of open) {
        if (isOpen) {
          box.style[`border${side}Style`] = 'none';
        }
      }
      return box;
    });
  }

  /** The centre of a candidate mark, in cell units (the SVG's user space). */
  function candidateCentre({ cell, digit }) {
    const { size } = shape;
    const [candColumns, candRows] = candidateGrid();
    const slot = digit - 1;
    return [
      (cell % size) + ((slot % candColumns) + 0.5) / candColumns,
      Math.floor(cell / size) + (Math.floor(slot / candColumns) + 0.5) / candRows,
    ];
  }

  function nodeCentre(candidates) {
    const points = candidates.map(candidateCentre);
    return points.reduce(
      ([x, y], [px, py]) => [x + px / points.length, y + py / points.length],
      [0, 0],
    );
  }

  /**
   * How much a sample point of an arrow would cover: 2 over a cell's digit, 1 over a
   * candidate shown, 0 over an empty place. Arrows bend to the side that covers less.
   */
  function coverAt(x, y) {
    const { size } = shape;
    const [candColumns, candRows] = candidateGrid();
    const column = Math.floor(x);
    const row = Math.floor(y);
    if (column < 0 || row < 0 || column >= size || row >= size) {
      return 0;
    }
    const i = row * size + column;
    if (shown.value[i]) {
      return 2;
    }
    const slot =
      Math.min(candRows - 1, Math.floor((y - row) * candRows)) * candColumns +
      Math.min(candColumns - 1, Math.floor((x - column) * candColumns));
    return (shown.cands[i] >> slot) & 1;
  }

  /**
   * The path of an arrow from one node to another: a curve bent to the side where it covers
   * fewer digits, its ends kept off the candidates' centres.
   */
  function arrowPath([x1, y1], [x2, y2]) {
    const length = Math.max(Math.hypot(x2 - x1, y2 - y1), 0.01);
    const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
    const gap = Math.min(0.12, length / 4);
    const [ax, ay, bx, by] = [x1 + ux * gap, y1 + uy * gap, x2 - ux * gap, y2 - uy * gap];
    const bend = Math.min(0.2 * length, 0.6);
    const control = (side) => [(ax + bx) / 2 - uy * bend * side, (ay + by) / 2 + ux * bend * side];
    const cost = ([cx, cy]) =>
      [0.25, 0.5, 0.75].reduce((sum, t) => {
        const u = 1 - t;
        return (
          sum +
          coverAt(
            u * u * ax + 2 * u * t * cx + t * t * bx,
            u * u * ay + 2 * u * t * cy + t * t * by,
          )
        );
      }, 0);
    const left = control(1);
    const right = control(-1);
    const [cx, cy] = cost(right) < cost(left) ? right : left;
    const f = (v) => Math.round(v * 1000) / 1000;
    return `M${f(ax)} ${f(ay)}Q${f(cx)} ${f(cy)} ${f(bx)} ${f(by)}`;
  }

  let shownLinks = '';
  /**
   * Draws a step's arrows: `links` are `{ from, to, kind, role }`, kind `strong` (solid) or
   * `weak` (dashed), role `current`, `context` or `earlier` for a chain being walked (see
   * chain-walk.js arrowsAt), none for a chain drawn whole.
   */
  function drawLinks(links) {
    const key = JSON.stringify(links);
    if (key === shownLinks) {
      return;
    }
    shownLinks = key;
    linkLayer.setAttribute('viewBox', `0 0 ${shape.size} ${shape.size}`);
    for (const path of [...linkLayer.querySelectorAll('path.link')]) {
      path.remove();
    }
    for (const link of links) {
      const path = document.createElementNS(SVG_NS, 'path');
      path.setAttribute('d', arrowPath(nodeCentre(link.from), nodeCentre(link.to)));
      path.setAttribute('class', `link ${link.kind}${link.role ? ` ${link.role}` : ''}`);
      path.setAttribute(
        'marker-end',
        `url(#arrow-${link.role === 'current' ? 'current' : 'plain'})`,
      );
      linkLayer.append(path);
    }
  }

  function select(i, { focus = true } = {}) {
    cells[selected].cell.tabIndex = -1;
    cells[selected].cell.classList.remove('selected');
    selected = i;
    isSelectionShown = true;
    cells[i].cell.tabIndex = 0;
    cells[i].cell.classList.add('selected');
    markRelated();
    reportSelection();
    if (focus) {
      cells[i].cell.focus();
    }
  }

  function cellOf(event) {
    const cell = event.target.closest?.('.cell');
    return cell ? Number(cell.dataset.cell) : -1;
  }

  grid.addEventListener('pointerdown', (event) => {
    const i = cellOf(event);
    if (i >= 0) {
      event.preventDefault();
      select(i);
    }
  });

  // Tabbing into the grid selects the cell it lands on, the one in the tab order.
  grid.addEventListener('focusin', (event) => {
    const i = cellOf(event);
    if (i >= 0 && (i !== selected || !isSelectionShown)) {
      select(i, { focus: false });
    }
  });

  grid.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) {
      return;
    }
    const shifted = event.shiftKey ? symbolOfCode(event.code) : '';
    const { size } = shape;
    const r = Math.floor(selected / size);
    const c = selected % size;
    const moves = {
      ArrowUp: [Math.max(0, r - 1), c],
      ArrowDown: [Math.min(size - 1, r + 1), c],
      ArrowLeft: [r, Math.max(0, c - 1)],
      ArrowRight: [r, Math.min(size - 1, c + 1)],
      Home: [r, 0],
      End: [r, size - 1],
      PageUp: [0, c],
      PageDown: [size - 1, c],
    };
    if (event.key in moves) {
      const [nr, nc] = moves[event.key];
      select(nr * size + nc);
    } else if (isReadonly) {
      return;
    } else if (
      event.key === 'Backspace' ||
      event.key === 'Delete' ||
      event.key === '.' ||
      (event.key === '0' && !shape.symbols.includes('0'))
    ) {
      on.input(selected, '', false);
    } else if (event.key === ' ') {
      on.switchMode();
    } else if (shifted) {
      on.input(selected, shifted, true);
    } else if (event.key.length === 1) {
      on.input(selected, event.key, false);
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  });

  grid.addEventListener('paste', (event) => {
    if (isReadonly) {
      return;
    }
    const text = event.clipboardData?.getData('text/plain') ?? '';
    event.preventDefault();
    event.stopPropagation();
    on.paste(text, selected);
  });

  /** Makes the grid read-only (it still moves and reads out) or editable again. */
  function setReadonly(value) {
    isReadonly = value;
    grid.setAttribute('aria-readonly', String(value));
  }

  /** Who is told what the selected cell shows (onSelection). */
  let selectionListener = null;

  /**
   * Tells the listener what the selected cell shows, with the grid's shape record: null
   * until a person picks a cell, then `{ name, size, symbols, holding, marksName, roles }`: `r3c5`, its digit and whose it is
   * ("5, given"; '' for an empty cell), what its marks are called, and its candidates by role
   * (`cands`, `elim`, … as markClass takes them).
   */
  function reportSelection() {
    if (!selectionListener) {
      return;
    }
    if (!isSelectionShown) {
      selectionListener(null, shape);
      return;
    }
    const i = selected;
    const s = shown;
    const value = s.value[i];
    const selection = {
      name: shortName(i),
      size: shape.size,
      symbols: shape.symbols,
      holding: value ? describe(value, s.origin[i], s.depth[i], 0, 0, s.flags[i]) : '',
      marksName,
      roles: {
        cands: s.cands[i],
        elim: s.elim[i],
        restored: s.restored[i],
        pattern: s.pattern[i],
        fins: s.fins[i],
        chainOn: s.chainOn[i],
        chainOff: s.chainOff[i],
      },
    };
    selectionListener(selection, shape);
  }

  return {
    build,
    render,
    setReadonly,
    attachDots,
    /** How the grid classes a mark by its roles (markClass), for a part that shows marks. */
    markClass,
    /** The row under the grid (the zoom), where other parts may add theirs. */
    tools,
    /** The grid's box, where layers over the cells go (rules-layer.js). */
    wrap,
    /**
     * Calls `listener(selection, shape)` now and whenever what the selected cell shows may
     * have changed (see reportSelection).
     */
    onSelection(listener) {
      selectionListener = listener;
      reportSelection();
    },
    get selected() {
      return selected;
    },
  };
}
