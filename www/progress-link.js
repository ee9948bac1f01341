// Reading a share link's progress (`&y=`, as saved.js's progressText writes it) back onto a
// puzzle: loaded by solving.js only when a link carries progress, so the first grid does not
// wait for it.

/**
 * Reads progressText back for a puzzle of `size` with `givens` and digit `symbols`:
 * `{ progress }`, `{ values, origins, marks, elapsedMs }` (givens included), or `{ problem }`
 * when it does not fit the puzzle, a phrase that names what does not ("its digit in r1c1 does
 * not fit this puzzle") for the notice a refused link gets. `Origin` and `cellName`
 * (board-model.js) and `isElapsed` (saved.js) come as arguments, so that this module
 * imports nothing and stays out of the chunks the first grid loads.
 */
export function parseProgress(text, size, givens, symbols, { Origin, cellName, isElapsed }) {
  const parts = typeof text === 'string' ? text.split('~') : [];
  const n = size * size;
  const markList = parts[2]?.split('-');
  const seconds = /^\d+$/.test(parts[3]) ? Number(parts[3]) : NaN;
  const misfit = (what, verb = 'does') => ({ problem: `its ${what} ${verb} not fit this puzzle` });
  if (parts.length !== 4) {
    return { problem: 'it is not four parts joined by ~' };
  }
  if (parts[0].length !== n || parts[1].length !== n || markList.length !== n) {
    return misfit('length');
  }
  if (!isElapsed(seconds * 1000)) {
    return misfit('time');
  }
  const values = Uint8Array.from(givens);
  const origins = Uint8Array.from(givens, (v) => (v ? Origin.GIVEN : Origin.EMPTY));
  const marks = new Uint32Array(n);
  const all = 2 ** size - 1;
  for (let i = 0; i < n; i++) {
    const cell = cellName(i, size);
    for (const [text, origin] of [
      [parts[0], Origin.YOURS],
      [parts[1], Origin.DEDUCED],
    ]) {
      if (text[i] !== '.') {
        const digit = symbols.indexOf(text[i].toUpperCase()) + 1;
        if (givens[i] || values[i] || digit === 0) {
          return misfit(`digit in ${cell}`);
        }
        values[i] = digit;
        origins[i] = origin;
      }
    }
    if (markList[i]) {
      const m = /^[0-9a-z]{1,7}$/.test(markList[i]) ? parseInt(markList[i], 36) : NaN;
      if (!(m > 0 && m <= all) || values[i]) {
        return misfit(`marks in ${cell}`, 'do');
      }
      marks[i] = m;
    }
  }
  return { progress: { values, origins, marks, elapsedMs: seconds * 1000 } };
}
