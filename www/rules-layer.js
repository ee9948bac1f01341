// The rules of a puzzle drawn over its grid: Killer cages (dashed, just inside their cells,
// the sum in the top-left corner), thermometers (a bulb and a thick translucent line), arrows
// (a circle, a line and its head), kropki dots and X/V marks on the edge between two cells,
// and extra diagonals; under the grid, a legend of the rules present, which also says the
// rules nothing draws (anti-knight, anti-king, non-consecutive) once for the whole grid.
// Imported only when a puzzle has rules (puzzle-loading.js showRules); styled by rules.css.
//
// It draws what the core's `layout.rules` lists (cells 0-based in reading order, see
// src/wasm/puzzle.rs), and knows no rule's arithmetic. One SVG in cell units (the grid of
// size n is the box 0 0 n n), under the step's outlines and chain arrows; it is hidden from
// assistive technology, as each cell's name already says what touches it (grid-view.js).
// Every shape carries `data-rule` (and a cage `data-sum`, a dot `data-kind`), for tests and
// for a page's own styles.

const SVG_NS = 'http://www.w3.org/2000/svg';
/** How far inside its cells a cage's dashed outline runs, in cells. */
const CAGE_INSET = 0.07;
/** Where a cage's sum starts in its top-left cell (its baseline), in cells from the corner. */
const SUM_AT = [0.04, 0.27];

/** What a legend line says of each kind of rule, in the order the legend lists them. */
const LEGEND = [
  ['cages', 'Cages (dashed): digits differ and add up to the small number.'],
  ['thermometers', 'Thermometers: digits rise from the bulb.'],
  ['arrows', 'Arrows: the digits on the line add up to the digit in the circle.'],
  ['white', 'White dots: the two digits are consecutive.'],
  ['black', 'Black dots: one digit is double the other.'],
  ['sum', 'X and V: the two digits add up to 10 (X) or 5 (V).'],
  ['diagonals', 'Diagonal lines: digits do not repeat along them.'],
];
/** What the legend says of the rules nothing draws. */
const GLOBAL_RULES = {
  'anti-knight': 'Anti-knight: cells a knight’s move apart never hold the same digit.',
  'anti-king': 'Anti-king: touching cells, diagonals too, never hold the same digit.',
  'non-consecutive': 'Non-consecutive: side by side cells never hold consecutive digits.',
};

function svg(tag, attributes = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) {
    node.setAttribute(name, value);
  }
  return node;
}

/** Rounds a coordinate for the SVG's text (cell units). */
const f = (v) => Math.round(v * 1000) / 1000;

/**
 * Draws the rules of `layout` over the grid of `gridPart` (grid-view.js mountGrid's record) of
 * `shape`, in place of any drawn before, with its legend. Returns the layer.
 */
export function drawRules(gridPart, shape, layout) {
  removeRules(gridPart);
  const { size } = shape;
  const { rules } = layout;
  const centre = (i) => [(i % size) + 0.5, Math.floor(i / size) + 0.5];
  const layer = svg('svg', {
    class: 'link-layer rules-layer',
    viewBox: `0 0 ${size} ${size}`,
    preserveAspectRatio: 'none',
    'aria-hidden': 'true',
  });
  for (const cells of rules.diagonals) {
    layer.append(diagonal(cells.map(centre)));
  }
  for (const cells of rules.thermometers) {
    layer.append(thermometer(cells.map(centre)));
  }
  for (const { circle, line } of rules.arrows) {
    layer.append(arrow(centre(circle), line.map(centre)));
  }
  const corners = new Set();
  for (const { cells, sum } of rules.cages) {
    const corner = Math.min(...cells);
    corners.add(corner);
    layer.append(cage(cells, sum, corner, size));
  }
  for (const { cells, kind, label } of rules.dots) {
    const [[x1, y1], [x2, y2]] = cells.map(centre);
    layer.append(dot([(x1 + x2) / 2, (y1 + y2) / 2], kind, label));
  }
  gridPart.wrap.querySelector('.grid').after(layer);
  gridPart.wrap.classList.toggle('with-cages', rules.cages.length > 0);
  // The cells under a cage's sum keep their marks clear of it (rules.css).
  for (const corner of corners) {
    gridPart.wrap.querySelector(`[data-cell="${corner}"]`)?.classList.add('cage-corner');
  }
  showLegend(gridPart, rules);
  return layer;
}

/** Takes away the rules drawn over a grid and their legend, if any. */
export function removeRules(gridPart) {
  gridPart.wrap.querySelector('.rules-layer')?.remove();
  gridPart.wrap.classList.remove('with-cages');
  for (const cell of gridPart.wrap.querySelectorAll('.cage-corner')) {
    cell.classList.remove('cage-corner');
  }
  const legend = gridPart.tools.parentElement?.querySelector('.rules-legend');
  legend?.remove();
  gridPart.wrap.querySelector('.grid').removeAttribute('aria-describedby');
}

/** A diagonal line through the centres of its cells, from grid corner to grid corner. */
function diagonal(points) {
  const [[x1, y1], [x2, y2]] = [points[0], points.at(-1)];
  const [dx, dy] = [Math.sign(x2 - x1) * 0.5, Math.sign(y2 - y1) * 0.5];
  return svg('line', {
    class: 'rule-diagonal',
    'data-rule': 'diagonal',
    x1: f(x1 - dx),
    y1: f(y1 - dy),
    x2: f(x2 + dx),
    y2: f(y2 + dy),
  });
}

/** A thermometer: a bulb on its first cell and a thick line through the others. */
function thermometer(points) {
  const group = svg('g', { class: 'rule-thermo', 'data-rule': 'thermometer' });
  const [bx, by] = points[0];
  group.append(
    svg('polyline', { points: points.map(([x, y]) => `${f(x)},${f(y)}`).join(' ') }),
    svg('circle', { cx: f(bx), cy: f(by), r: 0.36 }),
  );
  return group;
}

/** An arrow: a circle on its sum cell, a line from the circle through its cells, a head. */
function arrow([cx, cy], points) {
  const group = svg('g', { class: 'rule-arrow', 'data-rule': 'arrow' });
  const radius = 0.4;
  // The line leaves the circle's edge toward its first cell.
  const [fx, fy] = points[0];
  const length = Math.hypot(fx - cx, fy - cy) || 1;
  const start = [cx + ((fx - cx) / length) * radius, cy + ((fy - cy) / length) * radius];
  const all = [start, ...points];
  // The head points along the last stretch of the line, at its last cell's centre.
  const [[px, py], [ex, ey]] = all.slice(-2);
  const stretch = Math.hypot(ex - px, ey - py) || 1;
  const [ux, uy] = [(ex - px) / stretch, (ey - py) / stretch];
  const head = 0.2;
  const wing = (side) =>
    `${f(ex - ux * head - uy * head * 0.7 * side)},${f(ey - uy * head + ux * head * 0.7 * side)}`;
  group.append(
    svg('circle', { cx: f(cx), cy: f(cy), r: radius }),
    svg('polyline', { points: all.map(([x, y]) => `${f(x)},${f(y)}`).join(' ') }),
    svg('polyline', { class: 'head', points: `${wing(1)} ${f(ex)},${f(ey)} ${wing(-1)}` }),
  );
  return group;
}

/**
 * A cage: its outline as dashed segments just inside its cells (one per side that borders a
 * cell outside the cage, running on to meet the next side's), and its sum in the top-left
 * corner of `corner`, its first cell in reading order.
 */
function cage(cells, sum, corner, size) {
  const inCage = new Set(cells);
  const has = (r, c) => r >= 0 && c >= 0 && r < size && c < size && inCage.has(r * size + c);
  const d = CAGE_INSET;
  const segments = [];
  for (const i of cells) {
    const [r, c] = [Math.floor(i / size), i % size];
    // Each side in the cell's own frame: where it runs (`at`), the cell it borders (`out`),
    // and the cells before and after it along it (`back`, `ahead`) with the cells beyond them
    // on the outer side (`backOut`, `aheadOut`), which decide where the segment ends.
    const sides = [
      { out: [-1, 0], back: [0, -1], ahead: [0, 1] },
      { out: [0, 1], back: [-1, 0], ahead: [1, 0] },
      { out: [1, 0], back: [0, 1], ahead: [0, -1] },
      { out: [0, -1], back: [1, 0], ahead: [-1, 0] },
    ];
    for (const { out, back, ahead } of sides) {
      if (has(r + out[0], c + out[1])) {
        continue;
      }
      const end = (step) => {
        if (!has(r + step[0], c + step[1])) {
          return -d; // a convex corner: stop short, where the next side turns
        }
        // The cage goes on along this side: straight on, or round a concave corner.
        return has(r + step[0] + out[0], c + step[1] + out[1]) ? d : 0;
      };
      // The side's middle, then its two ends along it.
      const [my, mx] = [r + 0.5 + out[0] * (0.5 - d), c + 0.5 + out[1] * (0.5 - d)];
      const point = (step, extra) => [mx + step[1] * (0.5 + extra), my + step[0] * (0.5 + extra)];
      const [x1, y1] = point(back, end(back));
      const [x2, y2] = point(ahead, end(ahead));
      segments.push(`M${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}`);
    }
  }
  const group = svg('g', {
    class: 'rule-cage',
    'data-rule': 'cage',
    'data-sum': sum ?? '',
    'data-cells': cells.join(','),
  });
  group.append(svg('path', { d: segments.join('') }));
  if (sum !== null && sum !== undefined) {
    const [r, c] = [Math.floor(corner / size), corner % size];
    const label = svg('text', {
      class: 'cage-sum',
      x: f(c + SUM_AT[0]),
      y: f(r + SUM_AT[1]),
    });
    label.textContent = String(sum);
    group.append(label);
  }
  return group;
}

/** A kropki dot (white or black) or an X/V mark on the edge between two cells. */
function dot([x, y], kind, label) {
  const group = svg('g', { class: `rule-dot ${kind}`, 'data-rule': 'dot', 'data-kind': kind });
  if (kind === 'sum') {
    const text = svg('text', { x: f(x), y: f(y) });
    text.textContent = label;
    group.append(text);
    return group;
  }
  group.append(svg('circle', { cx: f(x), cy: f(y), r: 0.13 }));
  if (label) {
    // A dot's gap or ratio when it is not the usual one.
    const text = svg('text', { x: f(x), y: f(y) });
    text.textContent = label;
    group.append(text);
  }
  return group;
}

/**
 * The legend under the grid: a line per kind of rule the puzzle has, the rules that nothing
 * draws included; the grid names it as its description.
 */
function showLegend(gridPart, rules) {
  const present = {
    cages: rules.cages.length,
    thermometers: rules.thermometers.length,
    arrows: rules.arrows.length,
    diagonals: rules.diagonals.length,
    white: rules.dots.some((d) => d.kind === 'white'),
    black: rules.dots.some((d) => d.kind === 'black'),
    sum: rules.dots.some((d) => d.kind === 'sum'),
  };
  const lines = [
    ...LEGEND.filter(([kind]) => present[kind]).map(([, text]) => text),
    ...rules.global.map((rule) => GLOBAL_RULES[rule] ?? rule),
  ];
  const legend = document.createElement('ul');
  legend.className = 'rules-legend';
  legend.id = 'rules-legend';
  legend.setAttribute('aria-label', 'Rules of this puzzle');
  for (const line of lines) {
    const item = document.createElement('li');
    item.textContent = line;
    legend.append(item);
  }
  gridPart.tools.after(legend);
  gridPart.wrap.querySelector('.grid').setAttribute('aria-describedby', legend.id);
}
