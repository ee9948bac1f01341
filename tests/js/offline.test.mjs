// scripts/stamp-offline.mjs, its pure parts: which files of a built folder the service worker
// keeps, how the page is marked, and how the worker is stamped. (The worker itself, and the
// page offline, are tested in the browser: tests/e2e/offline.test.mjs.)

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  integrity,
  isNamed,
  markPage,
  precachePaths,
  stampWorker,
} from '../../scripts/stamp-offline.mjs';

const TEMPLATE = readFileSync(new URL('../../www/sw.js', import.meta.url), 'utf8');

const PAGE = `<!doctype html><html><head>
    <link rel="stylesheet" href="page.css?v=0123456789" />
    <script type="module" src="app.js?v=abcdef0123"></script>
  </head><body></body></html>`;

/** A built folder as the bundles lay it out: each page's script self-contained. */
const BUNDLED = new Map([
  ['index.html', PAGE],
  ['embed.html', '<script type="module" src="embed.js?v=1"></script>'],
  [
    'app.js',
    'new URL("worker.js?v=9",import.meta.url);new URL("pkg/a_bg.wasm?v=2",import.meta.url)',
  ],
  ['embed.js', 'new URL("worker.js?v=9",import.meta.url)'],
  ['worker.js', 'self.onmessage=()=>{}'],
  ['stepdoku-board.js', 'customElements.define("stepdoku-board",class{})'],
  ['page.css', 'body{}'],
  ['embed.css', 'body{}'],
  ['favicon.svg', '<svg/>'],
  ['manifest.webmanifest', '{}'],
  ['icons/icon-192.png', 'PNG'],
  ['pkg/a.js', 'export default function init() {}'],
  ['pkg/a.d.ts', 'export default function init(): void;'],
  ['pkg/a_bg.wasm', 'wasm'],
  ['pkg/b_bg.wasm', 'wasm'],
  ['pkg/package.json', '{}'],
  ['README.md', '# Stepdoku'],
  ['LICENSE', 'MIT'],
  ['sw.js', TEMPLATE],
]);

test('a script is named by its path from the naming file, quoted or after a slash', () => {
  const check = (text, from, target, expected) =>
    assert.equal(isNamed(text, from, target), expected, `${from} → ${target} in ${text}`);
  check("import init from './pkg/a.js';", 'core.js', 'pkg/a.js', true);
  check('new URL("worker.js?v=1f",import.meta.url)', 'app.js', 'worker.js', true);
  check('<script type="module" src="app.js"></script>', 'index.html', 'app.js', true);
  check("import x from './a.js'", 'pkg/glue.js', 'pkg/a.js', true);
  check("import x from '../app.js'", 'pkg/glue.js', 'app.js', true);
  // The same name in another folder counts too: at worst one file more is kept.
  check('"pkg/a.js"', 'app.js', 'a.js', true);
  // Not another file whose name ends the same, nor a name that is not a path.
  check('new URL("my-worker.js",import.meta.url)', 'app.js', 'worker.js', false);
  check('"a.js.map"', 'app.js', 'a.js', false);
  check('stepdoku-board', 'app.js', 'stepdoku-board.js', false);
});

test('the bundled layout: pages, bundles, styles, wasm, icons; no glue, no package files', () => {
  assert.deepEqual(precachePaths(BUNDLED), [
    'app.js',
    'embed.css',
    'embed.html',
    'embed.js',
    'favicon.svg',
    'icons/icon-192.png',
    'index.html',
    'manifest.webmanifest',
    'page.css',
    'pkg/a_bg.wasm',
    'pkg/b_bg.wasm',
    'worker.js',
  ]);
});

test('the unbundled layout: every module the pages import, the glue too', () => {
  const files = new Map([
    ['index.html', '<script type="module" src="app.js"></script>'],
    ['app.js', "import './stepdoku-board.js';"],
    ['stepdoku-board.js', "import { start } from './core.js';"],
    ['core.js', "import init from './pkg/a.js'; new URL('./worker.js', import.meta.url);"],
    ['worker.js', "await import('./pkg/b.js');"],
    ['pkg/a.js', "new URL('a_bg.wasm', import.meta.url)"],
    ['pkg/b.js', "new URL('b_bg.wasm', import.meta.url)"],
    ['pkg/a_bg.wasm', 'wasm'],
    ['pkg/b_bg.wasm', 'wasm'],
    ['unused.js', 'export {};'],
  ]);
  assert.deepEqual(precachePaths(files), [
    'app.js',
    'core.js',
    'index.html',
    'pkg/a.js',
    'pkg/a_bg.wasm',
    'pkg/b.js',
    'pkg/b_bg.wasm',
    'stepdoku-board.js',
    'worker.js',
  ]);
});

test('the app page is marked once, in its head', () => {
  const marked = markPage(PAGE);
  assert.match(
    marked,
    /<meta name="stepdoku-service-worker" content="sw\.js" \/>\n {2}<\/head>/,
    'before </head>',
  );
  assert.equal(markPage(marked), marked, 'a page marked already stays as it is');
  assert.throws(() => markPage('<p>no head</p>'), /no <\/head>/);
});

test('the stamped worker lists every file with its integrity; any change is a new version', () => {
  const entries = [
    ['index.html', integrity(PAGE)],
    ['app.js', integrity('code')],
  ];
  const { version, worker } = stampWorker(TEMPLATE, entries);
  assert.match(version, /^[0-9a-f]{12}$/);
  assert.ok(worker.includes(`const VERSION = '${version}';`));
  assert.ok(worker.includes(`  ["app.js","${integrity('code')}"],\n];`));
  assert.equal(integrity(''), 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
  // A file's contents, a file more, or the worker's own code: each makes a new version.
  const versions = new Set([
    version,
    stampWorker(TEMPLATE, [entries[0], ['app.js', integrity('code!')]]).version,
    stampWorker(TEMPLATE, [...entries, ['page.css', integrity('')]]).version,
    stampWorker(`${TEMPLATE}\n// changed`, entries).version,
  ]);
  assert.equal(versions.size, 4);
  assert.equal(stampWorker(TEMPLATE, entries).version, version, 'the same files, the same');
  // The stamped worker runs: its list is a valid array literal.
  const precache = new Function(`${/const PRECACHE = [^;]*;/.exec(worker)[0]} return PRECACHE;`);
  assert.deepEqual(precache(), entries);
});

test('a template that lost a line to fill is refused', () => {
  assert.throws(
    () => stampWorker(TEMPLATE.replace("const VERSION = 'dev';", ''), []),
    /lost its line/,
  );
});
