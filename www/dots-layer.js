// A big grid's plain candidates as dots, drawn on one canvas over the cells (grid-view.js
// decides which cells have plain candidates and from what size). As text, one line of dots
// per candidate row in each cell, a 25×25 board spent most of a frame laying out and painting
// the cells that changed, and 300 ms showing its first step (bench/node/big-grid.mjs); a
// canvas costs neither layout nor a cell's repaint. The marks stay in each cell's name, and
// candidate-panel.js shows the selected cell's as letters a person can read.
//
// Each candidate sits where its digit sits in a box (box columns × box rows), as the marks
// of smaller grids do:
//
//   one cell of 25×25, candidates 1, 3, 7 and 25:   ● · ● · ·
//                                                   · ● · · ·
//                                                   · · · · ·
//                                                   · · · · ·
//                                                   · · · · ●

/** The margin around a cell's dots, as a share of the cell (grid.css's .cands inset). */
const INSET = 0.04;
/** A dot's radius, as a share of its slot's side. */
const RADIUS = 0.2;
/**
 * Under this radius, in canvas pixels, a dot is drawn as a square: it lights the same few
 * pixels as a circle, and a board's worth of circles took 10–15 ms of software drawing.
 */
const ROUND_FROM_PX = 1.5;

/**
 * Mounts the layer just after `grid`, over its cells and under the house outlines and arrows
 * (grid-view.js attachDots); returns `{ build, set, flush }`.
 */
export function mountDotsLayer(grid) {
  const canvas = document.createElement('canvas');
  canvas.className = 'dots-layer';
  canvas.setAttribute('aria-hidden', 'true');
  canvas.hidden = true;
  grid.after(canvas);
  const context = canvas.getContext('2d');
  let shape = null;
  /** Per cell, the candidates drawn (a bit mask), and the cells changed since the last draw. */
  let masks = new Uint32Array(0);
  let changed = [];
  let isWhole = true;
  let isQueued = false;

  // The canvas's colour follows the theme through CSS; a theme switched by the host page or
  // the system runs its 1 ms transition (grid.css), and the dots are drawn again in it.
  canvas.addEventListener('transitionend', () => {
    isWhole = true;
    queue();
  });
  new ResizeObserver(([entry]) => {
    const box = entry.devicePixelContentBoxSize?.[0];
    canvas.width = box?.inlineSize ?? Math.round(entry.contentRect.width * devicePixelRatio);
    canvas.height = box?.blockSize ?? Math.round(entry.contentRect.height * devicePixelRatio);
    isWhole = true;
    draw();
  }).observe(canvas);

  function queue() {
    if (!isQueued && shape) {
      isQueued = true;
      requestAnimationFrame(draw);
    }
  }

  /** Draws the cells changed since the last draw, or every cell after a resize. */
  function draw() {
    isQueued = false;
    if (!shape || !canvas.width) {
      return;
    }
    const { size } = shape;
    // The marks' columns and rows: a box's, as the shape record from the core gives them.
    const [markColumns, markRows] = [shape.boxCols, shape.boxRows];
    const cellW = canvas.width / size;
    const cellH = canvas.height / size;
    const slotW = (cellW * (1 - 2 * INSET)) / markColumns;
    const slotH = (cellH * (1 - 2 * INSET)) / markRows;
    const radius = Math.min(slotW, slotH) * RADIUS;
    context.fillStyle = getComputedStyle(canvas).color;
    if (isWhole) {
      context.clearRect(0, 0, canvas.width, canvas.height);
    }
    const cells = isWhole ? masks.keys() : changed;
    context.beginPath();
    for (const i of cells) {
      const row = Math.floor(i / size);
      const x = (i % size) * cellW;
      const y = row * cellH;
      if (!isWhole) {
        context.clearRect(x, y, cellW, cellH);
      }
      for (let d = 0, mask = masks[i]; mask; d++, mask >>>= 1) {
        if (mask & 1) {
          const markRow = Math.floor(d / markColumns);
          const cx = x + cellW * INSET + ((d % markColumns) + 0.5) * slotW;
          const cy = y + cellH * INSET + (markRow + 0.5) * slotH;
          if (radius < ROUND_FROM_PX) {
            context.rect(cx - radius, cy - radius, 2 * radius, 2 * radius);
          } else {
            context.moveTo(cx + radius, cy);
            context.arc(cx, cy, radius, 0, 2 * Math.PI);
          }
        }
      }
    }
    context.fill();
    changed = [];
    isWhole = false;
  }

  return {
    /** Starts over for a grid of `newShape`, or hides the layer (null: no dots). */
    build(newShape) {
      shape = newShape;
      canvas.hidden = !shape;
      masks = new Uint32Array(shape ? shape.size * shape.size : 0);
      changed = [];
      isWhole = true;
      queue();
    },
    /** Shows `mask` as cell `i`'s dots (0: none), at the next flush. */
    set(i, mask) {
      if (masks[i] !== mask) {
        masks[i] = mask;
        changed.push(i);
      }
    },
    /** Draws what changed at the next animation frame. */
    flush() {
      if (changed.length) {
        queue();
      }
    },
  };
}
