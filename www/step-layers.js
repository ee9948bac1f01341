// What the grid draws over its cells for a step or a diagnosis: the houses it outlines (a
// step's, or those at fault) and a chain's arrows, into the two layers grid-view.js keeps
// over the cells. Nothing shows them before a trace, a hint or a verdict, so they come with
// the later parts (grid-view.js attachStepLayers), and the first grid does not carry them.

const SVG_NS = 'http://www.w3.org/2000/svg';
/**
 * The kinds of house outlined as one box when their cells fill a rectangle (rows, columns,
 * boxes); the others (jigsaw regions, diagonals, windows) are outlined cell by cell.
 */
const RECTANGULAR = new Set(['row', 'column', 'box']);

/**
 * Fills the grid's layers, `houseLayer` (boxes) and `linkLayer` (an SVG for the arrows):
 * returns `draw({ houses, links }, grid)`, which shows `houses` (`[house, role]`, role `step`
 * or `fault`) and `links` (see drawLinks) on `grid`, `{ shape, layout, shown, candGrid }` as
 * grid-view.js has them (`shown` what each cell shows: `value` and `cands`; `candGrid` the
 * columns and rows of a cell's candidate marks).
 */
export function mountStepLayers(houseLayer, linkLayer) {
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
  let shownHouses = '';
  let shownLinks = '';

  /** Outlines houses: `entries` are `[house, role]`, role `step` or `fault`. */
  function drawHouses(entries, { shape, layout }) {
    const key = JSON.stringify(entries);
    if (key === shownHouses) {
      return;
    }
    shownHouses = key;
    houseLayer.replaceChildren(
      ...entries.flatMap(([house, role]) => {
        const houseCells = cellsOf(house, shape, layout);
        const rect = RECTANGULAR.has(house.kind) && rectangleOf(houseCells, shape);
        return rect ? [houseBox(role, rect, shape)] : outlineOf(houseCells, role, shape);
      }),
    );
  }

  /**
   * Draws a step's arrows: `links` are `{ from, to, kind, role }`, kind `strong` (solid) or
   * `weak` (dashed), role `current`, `context` or `earlier` for a chain being walked (see
   * chain-walk.js arrowsAt), none for a chain drawn whole.
   */
  function drawLinks(links, { shape, shown, candGrid }) {
    const key = JSON.stringify(links);
    if (key === shownLinks) {
      return;
    }
    shownLinks = key;
    linkLayer.setAttribute('viewBox', `0 0 ${shape.size} ${shape.size}`);
    for (const path of [...linkLayer.querySelectorAll('path.link')]) {
      path.remove();
    }
    const centre = (candidates) => nodeCentre(candidates, shape.size, candGrid);
    const cover = (x, y) => coverAt(x, y, shape.size, candGrid, shown);
    for (const link of links) {
      const path = document.createElementNS(SVG_NS, 'path');
      path.setAttribute('d', arrowPath(centre(link.from), centre(link.to), cover));
      path.setAttribute('class', `link ${link.kind}${link.role ? ` ${link.role}` : ''}`);
      path.setAttribute(
        'marker-end',
        `url(#arrow-${link.role === 'current' ? 'current' : 'plain'})`,
      );
      linkLayer.append(path);
    }
  }

  return {
    draw({ houses, links }, grid) {
      drawHouses(houses, grid);
      drawLinks(links, grid);
    },
  };
}

/** A box over cells: `[top row, left column, rows, columns]`. */
function houseBox(role, [r0, c0, rows, cols], { size }) {
  const box = document.createElement('div');
  box.className = `house house-${role}`;
  box.style.cssText =
    `top:${(r0 / size) * 100}%;left:${(c0 / size) * 100}%;` +
    `height:${(rows / size) * 100}%;width:${(cols / size) * 100}%`;
  return box;
}

/**
 * The rectangle `cells` fill, `[top row, left column, rows, columns]` (their bounding box),
 * or null when they leave part of it out.
 */
function rectangleOf(houseCells, { size }) {
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
function cellsOf({ kind, index }, { size }, layout) {
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
function outlineOf(houseCells, role, shape) {
  const { size } = shape;
  const inHouse = new Set(houseCells);
  return houseCells.map((i) => {
    const [r, c] = [Math.floor(i / size), i % size];
    const box = houseBox(role, [r, c, 1, 1], shape);
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

/**
 * The centre of a candidate mark, in cell units (the SVG's user space), on a grid of `size`
 * whose cells place their marks in `candColumns` × `candRows`.
 */
function candidateCentre({ cell, digit }, size, [candColumns, candRows]) {
  const slot = digit - 1;
  return [
    (cell % size) + ((slot % candColumns) + 0.5) / candColumns,
    Math.floor(cell / size) + (Math.floor(slot / candColumns) + 0.5) / candRows,
  ];
}

function nodeCentre(candidates, size, candGrid) {
  const points = candidates.map((candidate) => candidateCentre(candidate, size, candGrid));
  return points.reduce(
    ([x, y], [px, py]) => [x + px / points.length, y + py / points.length],
    [0, 0],
  );
}

/**
 * How much a sample point of an arrow would cover: 2 over a cell's digit, 1 over a
 * candidate shown, 0 over an empty place. Arrows bend to the side that covers less.
 */
function coverAt(x, y, size, [candColumns, candRows], shown) {
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
 * fewer digits (`cover(x, y)`, coverAt on the grid), its ends kept off the candidates'
 * centres.
 */
function arrowPath([x1, y1], [x2, y2], cover) {
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
        cover(u * u * ax + 2 * u * t * cx + t * t * bx, u * u * ay + 2 * u * t * cy + t * t * by)
      );
    }, 0);
  const left = control(1);
  const right = control(-1);
  const [cx, cy] = cost(right) < cost(left) ? right : left;
  const f = (v) => Math.round(v * 1000) / 1000;
  return `M${f(ax)} ${f(ay)}Q${f(cx)} ${f(cy)} ${f(bx)} ${f(by)}`;
}
