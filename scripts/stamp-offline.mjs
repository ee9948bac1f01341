#!/usr/bin/env node
// Makes a built dist/ work offline: writes DIST/sw.js from www/sw.js with the list of every
// file the app page needs (with each one's integrity hash) and a version that is a hash of
// them all, so that any change of any file makes a new service worker; and marks
// DIST/index.html as the page that registers it (<meta name="stepdoku-service-worker">, which
// www/offline.js looks for). Run it last on a built dist/, after every file is in place:
//
//   node scripts/stamp-offline.mjs dist
//
// The files kept, found by scanning the folder rather than by name:
// - the pages and what they load by type: .html, .css, .wasm, images, the web app manifest;
// - a script (.js) only if a kept page or script names it (by its path from that file), so
//   that the wasm-bindgen glue in pkg/ is kept while a script imports it and left out once
//   the bundles carry their own copy;
// - never sw.js itself, nor package files (package.json, README, LICENSE, *.d.ts, maps).

import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATE = fileURLToPath(new URL('../www/sw.js', import.meta.url));

/** The service worker's own file, in the folder it serves. */
const SW_FILE = 'sw.js';

/** What the page loads by its type: kept whenever it is in the folder. */
const ASSET_TYPES = new Set([
  '.html',
  '.css',
  '.wasm',
  '.svg',
  '.png',
  '.ico',
  '.webp',
  '.woff2',
  '.webmanifest',
]);

/** The files that name others: a script is kept if one of these, kept, names it. */
const NAMING_TYPES = new Set(['.html', '.js']);

/** The tag that makes the page register the service worker (see www/offline.js). */
const PAGE_MARK = `<meta name="stepdoku-service-worker" content="${SW_FILE}" />`;

/** Every file under `dir`, as paths relative to it with '/' (dot-files left out). */
async function listFiles(dir, prefix = '') {
  const paths = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.name.startsWith('.')) {
      continue;
    }
    if (entry.isDirectory()) {
      paths.push(...(await listFiles(dir, path)));
    } else if (entry.isFile()) {
      paths.push(path);
    }
  }
  return paths;
}

/**
 * Whether the text of file `from` names file `target` (both paths relative to the folder),
 * as a URL relative to `from` would: quoted or after a '/', followed by a quote, a query or
 * a fragment ('./pkg/x.js', "worker.js?v=…"; not "my-worker.js").
 */
export function isNamed(text, from, target) {
  const relative = posix.relative(posix.dirname(from), target);
  const escaped = relative.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|['"\`/])${escaped}(?=['"\`?#]|$)`, 'm').test(text);
}

/**
 * The paths to precache, sorted, from `files` (a Map of path → contents, as Buffer or
 * string): the assets by type, then every script a kept page or script names, until none
 * is added.
 */
export function precachePaths(files) {
  const kept = new Set(
    [...files.keys()].filter((path) => path !== SW_FILE && ASSET_TYPES.has(extname(path))),
  );
  const scripts = [...files.keys()].filter((path) => path !== SW_FILE && extname(path) === '.js');
  const naming = (path) => NAMING_TYPES.has(extname(path));
  let isGrowing = true;
  while (isGrowing) {
    isGrowing = false;
    for (const script of scripts) {
      if (
        !kept.has(script) &&
        [...kept].some((path) => naming(path) && isNamed(String(files.get(path)), path, script))
      ) {
        kept.add(script);
        isGrowing = true;
      }
    }
  }
  return [...kept].sort();
}

/** The subresource integrity of a file's contents, as fetch() checks it. */
export function integrity(contents) {
  return `sha256-${createHash('sha256').update(contents).digest('base64')}`;
}

/** The app page marked as the one that registers the service worker (unchanged if it is). */
export function markPage(html) {
  if (html.includes('name="stepdoku-service-worker"')) {
    return html;
  }
  if (!html.includes('</head>')) {
    throw new Error('index.html has no </head> to put the service worker tag before');
  }
  return html.replace('</head>', `  ${PAGE_MARK}\n  </head>`);
}

/**
 * The service worker: `template` (www/sw.js) with its version and precache list filled in,
 * from `entries` ([path, integrity] pairs). The version hashes the template too, so that a
 * change of the worker alone also makes a new cache.
 */
export function stampWorker(template, entries) {
  const version = createHash('sha256')
    .update(template)
    .update(entries.map(([path, sri]) => `${path} ${sri}\n`).join(''))
    .digest('hex')
    .slice(0, 12);
  const list = entries.map((entry) => `  ${JSON.stringify(entry)},\n`).join('');
  const fills = [
    [/^const VERSION = 'dev';$/m, `const VERSION = '${version}';`],
    [/^const PRECACHE = \[\];$/m, `const PRECACHE = [\n${list}];`],
  ];
  let worker = template;
  for (const [pattern, text] of fills) {
    if (!pattern.test(worker)) {
      throw new Error(`www/sw.js has lost its line ${pattern.source.slice(1, -1)}`);
    }
    worker = worker.replace(pattern, text);
  }
  return { version, worker };
}

/** Stamps the folder `dir`; returns what it did, for the build's log. */
export async function stampOffline(dir) {
  const pagePath = join(dir, 'index.html');
  await writeFile(pagePath, markPage(await readFile(pagePath, 'utf8')));
  const files = new Map();
  for (const path of await listFiles(dir)) {
    files.set(path, await readFile(join(dir, path)));
  }
  const paths = precachePaths(files);
  const entries = paths.map((path) => [path, integrity(files.get(path))]);
  const { version, worker } = stampWorker(await readFile(TEMPLATE, 'utf8'), entries);
  await writeFile(join(dir, SW_FILE), worker);
  const kept = new Set(paths);
  return {
    version,
    paths,
    bytes: paths.reduce((sum, path) => sum + files.get(path).length, 0),
    leftOut: [...files.keys()].filter((path) => !kept.has(path) && path !== SW_FILE).sort(),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node scripts/stamp-offline.mjs DIST');
    process.exit(2);
  }
  const { version, paths, bytes, leftOut } = await stampOffline(dir);
  console.log(
    `stamped ${join(dir, SW_FILE)}: version ${version}, ${paths.length} files precached ` +
      `(${bytes} bytes)${leftOut.length ? `; left out: ${leftOut.join(', ')}` : ''}`,
  );
}
