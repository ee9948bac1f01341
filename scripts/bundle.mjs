// Bundles the page into dist/ with esbuild: each entry one minified, self-contained ES module
// (the element `stepdoku-board.js`, the app page's `app.js`, the iframe page's `embed.js`,
// the worker's `worker.js`), the element's stylesheets inlined, the pages' stylesheets
// minified, and every file the element or a page loads named with a content hash as a query
// string (`worker.js?v=…`, `pkg/stepdoku_core_bg.wasm?v=…`) so that a CDN may cache it
// forever. The source modules in www/ stay as they are, for development.
//
// Usage: node scripts/bundle.mjs OUT — OUT must hold pkg/ already (the wasm modules and their
// glue, copied by scripts/build-dist.sh); index.html and embed.html are read from the
// repository's root, the rest from www/.

import { createHash } from 'node:crypto';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';
import { MODULE_URLS, STYLESHEETS, WORKER_URL } from '../www/assets.js';

const REPO = fileURLToPath(new URL('../', import.meta.url));
const WWW = join(REPO, 'www');
const OUT = process.argv[2];
if (!OUT) {
  console.error('usage: node scripts/bundle.mjs OUT');
  process.exit(2);
}

/** The module entries, by their name in dist/. */
const ENTRIES = ['stepdoku-board.js', 'app.js', 'embed.js'];
/** The pages' own stylesheets. */
const PAGE_STYLES = ['page.css', 'embed.css'];
/** A file of www/assets.js by its path relative to www/ (and so to dist/). */
const pathOf = (url) => relative(WWW, fileURLToPath(url));
/** Modern browsers with module workers, import.meta and constructable stylesheets. */
const TARGET = ['chrome111', 'firefox114', 'safari16.4'];

/** The first 10 hex digits of the SHA-256 of `data`. */
function hashOf(data) {
  return createHash('sha256').update(data).digest('hex').slice(0, 10);
}

/** `name?v=<hash of the file OUT/name>`. */
async function versioned(name) {
  return `${name}?v=${hashOf(await readFile(join(OUT, name)))}`;
}

/** Minified CSS. */
async function minifiedCss(name) {
  const source = await readFile(join(WWW, name), 'utf8');
  return (await transform(source, { loader: 'css', minify: true, target: TARGET })).code;
}

/**
 * Bundles the www/ modules `entries` into OUT, each under its own name, with assets.js
 * replaced by `assetsSource`; with `splitting`, what a dynamic import() loads and what the
 * entries share goes into chunks named by their hash (`chunk-….js`).
 */
function bundle(entries, assetsSource, { splitting = true } = {}) {
  return build({
    entryPoints: entries.map((entry) => join(WWW, entry)),
    outdir: OUT,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    splitting,
    bundle: true,
    minify: true,
    format: 'esm',
    target: TARGET,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'warning',
    plugins: [
      {
        name: 'assets',
        setup(b) {
          b.onResolve({ filter: /^\.\/assets\.js$/ }, () => ({
            path: 'assets',
            namespace: 'assets',
          }));
          b.onLoad({ filter: /.*/, namespace: 'assets' }, () => ({
            contents: assetsSource,
            loader: 'js',
          }));
        },
      },
    ],
  });
}

// The worker first: the element names it by its hash.
// (One file: its wasm glue, imported when a module arrives, comes inlined.)
await bundle([pathOf(WORKER_URL)], 'export {};', { splitting: false });
// The element's assets.js in dist/: the same lists, each file named by its hash; the
// first-grid stylesheets inlined, the later ones minified into files of their own.
const url = (path) => `new URL(${JSON.stringify(path)}, import.meta.url)`;
const modules = Object.entries(MODULE_URLS).map(
  async ([name, u]) => `  ${name}: ${url(await versioned(pathOf(u)))},`,
);
const styles = STYLESHEETS.map(async ({ url: u, isLater }) => {
  const name = pathOf(u);
  const css = await minifiedCss(name);
  if (isLater) {
    await writeFile(join(OUT, name), css);
    return `  { url: ${url(await versioned(name))}, isLater: true, text: null },`;
  }
  return `  { url: ${url(name)}, isLater: false, text: ${JSON.stringify(css)} },`;
});
const assets = [
  `export const WORKER_URL = ${url(await versioned(pathOf(WORKER_URL)))};`,
  `export const MODULE_URLS = {\n${(await Promise.all(modules)).join('\n')}\n};`,
  `export const STYLESHEETS = [\n${(await Promise.all(styles)).join('\n')}\n];`,
].join('\n');
await bundle(ENTRIES, assets);

for (const name of PAGE_STYLES) {
  await writeFile(join(OUT, name), await minifiedCss(name));
}
await copyFile(join(WWW, 'favicon.svg'), join(OUT, 'favicon.svg'));

// The pages refer to www/…; in dist/ everything sits beside them, named by its hash.
for (const page of ['index.html', 'embed.html']) {
  let html = await readFile(join(REPO, page), 'utf8');
  // The element is inside each page's bundle: nothing to preload.
  html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  const refs = [...html.matchAll(/(href|src)="www\/([^"]+)"/g)];
  for (const [whole, attr, name] of refs) {
    const target = /\.(js|css)$/.test(name) ? await versioned(name) : name;
    html = html.replace(whole, `${attr}="${target}"`);
  }
  await writeFile(join(OUT, page), html);
}
