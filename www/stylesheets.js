// The stylesheets of <stepdoku-board>, resolved relative to this module and fetched with
// CORS, so that a board works from any page that imports it, under a Content-Security-Policy
// without 'unsafe-inline': stepdoku.css styles the parts, chain.css a forcing chain walked,
// layout.css places the parts per activity.

/** The element's stylesheets: its parts, then where they go per activity. */
const STYLE_URLS = ['./stepdoku.css', './chain.css', './layout.css'].map(
  (name) => new URL(name, import.meta.url),
);

let sharedSheets = null;

/** One stylesheet, fetched and parsed. */
async function fetchSheet(url) {
  try {
    const response = await fetch(url);
    if (!response.ok) {
      throw new Error(`the server answered ${response.status}`);
    }
    const sheet = new CSSStyleSheet({ baseURL: url.href });
    sheet.replaceSync(await response.text());
    return sheet;
  } catch (cause) {
    throw new Error(`The stylesheet ${url.href} could not be loaded: ${cause.message}.`);
  }
}

/** The element's stylesheets, fetched and parsed once per page, shared by every board. */
export function styleSheets() {
  sharedSheets ??= Promise.all(STYLE_URLS.map(fetchSheet)).catch((error) => {
    sharedSheets = null;
    throw error;
  });
  return sharedSheets;
}
