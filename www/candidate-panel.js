// The selected cell's candidates as letters a person can read, in the row under a big grid
// (16×16 and 25×25), whose marks are too small to read or drawn as dots: "r3c5  A C F K".
// Each mark keeps the look of its role in the step (struck out when eliminated, shaded in
// the pattern, …), classed as the grid classes its own, so the panel reads as a magnified
// cell. The
// marks come from the grid as it shows them; nothing here works out a candidate.
//
// Accessibility: the marks are a list named "Candidates of r3c5" ("Marks of r3c5" on the
// person's own board), an item per mark shown; a filled cell says what it holds instead
// ("F, given"). It changes with the board without being announced: the cell's name says the
// same where the person is.

/** From this size on, the grid's marks are too small to read. */
const PANEL_FROM_SIZE = 16;

/**
 * Mounts the panel at the start of `grid.tools` (the row under the grid) and shows there what
 * the grid says of its selected cell, with its `markClass` (grid-view.js).
 */
export function mountCandidatePanel(grid) {
  const { markClass } = grid;
  const panel = document.createElement('div');
  panel.className = 'cand-panel';
  panel.setAttribute('part', 'candidate-panel');
  panel.hidden = true;
  panel.innerHTML = '<b class="cand-where"></b><span class="cand-held"></span><ul></ul>';
  grid.tools.prepend(panel);
  const [where, held, list] = panel.children;
  let symbols = null;
  let shownKey = '';

  /**
   * Shows what the grid says of its selected cell (grid-view.js onSelection; null before a
   * person picks one): hidden on grids whose marks can be read in the cell.
   */
  grid.onSelection((selection) => {
    const isShown = Boolean(selection) && selection.size >= PANEL_FROM_SIZE;
    panel.hidden = !isShown;
    if (!isShown) {
      shownKey = '';
      return;
    }
    const { name, holding, marksName, roles } = selection;
    const key = [name, holding, marksName, ...Object.values(roles)].join();
    if (key === shownKey && symbols === selection.symbols) {
      return;
    }
    shownKey = key;
    if (symbols !== selection.symbols) {
      symbols = selection.symbols;
      list.replaceChildren(
        ...symbols.map((symbol) => {
          const item = document.createElement('li');
          item.textContent = symbol;
          return item;
        }),
      );
    }
    const marks = holding ? 0 : Object.values(roles).reduce((all, mask) => all | mask, 0);
    where.textContent = name;
    held.textContent = holding || (marks ? '' : 'empty');
    list.hidden = !marks;
    const label = marksName === 'marks' ? 'Marks' : 'Candidates';
    list.setAttribute('aria-label', `${label} of ${name}`);
    for (let d = 0; d < symbols.length; d++) {
      const bit = 1 << d;
      list.children[d].className = markClass(bit, marks, roles);
      list.children[d].hidden = !(marks & bit);
    }
  });
}
