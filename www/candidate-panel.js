// The selected cell's candidates as letters a person can read, in the row under a big grid
// (16×16 and 25×25), whose marks are too small to read or drawn as dots: "r3c5  A C F K".
// Each mark keeps the look of its role in the step (struck out when eliminated, shaded in
// the pattern, …), classed as the grid classes its own, so the panel reads as a magnified
// cell. The marks come from the grid as it shows them; nothing here works out a candidate.
//
// Its size never changes with what it shows, so picking cells never moves the page: it is
// there from the start on a big grid (asking to pick a cell), an unseen ruler of every
// digit's mark holds the marks' place as tall as all of them wrap to (so 2 marks take as
// many lines as 25), the cell's name has room for the longest, and a filled cell's text
// takes the marks' place.
//
// Accessibility: the marks are a list named "Candidates of r3c5" ("Marks of r3c5" on the
// person's own board), an item per mark shown (the ruler is hidden); a filled cell
// says what it holds instead ("F, given"). It changes with the board without being
// announced: the cell's name says the same where the person is.

/** From this size on, the grid's marks are too small to read. */
const PANEL_FROM_SIZE = 16;

/** What the panel says before a cell is picked. */
const NO_PICK = 'Pick a cell to read its candidates';

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
  panel.innerHTML =
    '<b class="cand-where"></b><span class="cand-ruler" aria-hidden="true"></span>' +
    '<span class="cand-held"></span><ul></ul>';
  grid.tools.prepend(panel);
  const [where, ruler, held, list] = panel.children;
  let symbols = null;
  let shownKey = '';

  /**
   * Shows what the grid says of its selected cell (grid-view.js onSelection; null before a
   * person picks one) on a grid of `shape`: nothing on grids whose marks read in the cell.
   */
  grid.onSelection((selection, shape) => {
    const isShown = shape.size >= PANEL_FROM_SIZE;
    panel.hidden = !isShown;
    if (!isShown) {
      shownKey = '';
      return;
    }
    if (symbols !== shape.symbols) {
      symbols = shape.symbols;
      shownKey = '';
      const marksOf = (tag, className) =>
        symbols.map((symbol) => {
          const mark = document.createElement(tag);
          mark.className = className;
          mark.textContent = symbol;
          return mark;
        });
      list.replaceChildren(...marksOf('li', 'cand'));
      ruler.replaceChildren(...marksOf('span', 'cand on'));
    }
    const { name = '', holding = '', marksName = '', roles = {} } = selection ?? {};
    const key = [name, holding, marksName, ...Object.values(roles)].join();
    if (key === shownKey) {
      return;
    }
    shownKey = key;
    const marks = holding ? 0 : Object.values(roles).reduce((all, mask) => all | mask, 0);
    where.textContent = name;
    held.textContent = !selection ? NO_PICK : holding || (marks ? '' : 'empty');
    const label = marksName === 'marks' ? 'Marks' : 'Candidates';
    list.setAttribute('aria-label', `${label} of ${name}`);
    for (let d = 0; d < symbols.length; d++) {
      list.children[d].className = markClass(1 << d, marks, roles);
      list.children[d].hidden = !(marks & (1 << d));
    }
  });
}
