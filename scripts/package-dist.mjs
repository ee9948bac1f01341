#!/usr/bin/env node
// Makes a built dist/ an npm package, `stepdoku`: writes into it package.json, README.md (the
// package's own, for a site owner: www/package/README.md with the version filled in),
// LICENSE (the repository's) and stepdoku-board.d.ts (the element's types,
// www/package/stepdoku-board.d.ts). Run after dist/ is built (scripts/build-dist.sh does):
//
//   node scripts/package-dist.mjs dist
//
// The version is the workspace's, read from the root Cargo.toml, so the crate and the package
// are released together. `files` names, one by one, what a site needs from dist/: the pages,
// the scripts and stylesheets, the icons and the app's manifest, the wasm modules with their
// glue and types (wasm-bindgen's), and the element's types. Anything else found in dist/ is
// not packed, and said so. The script fails, saying which, when a file the package promises
// (in `files`, `exports`, `main` or `types`) is not in dist/.
//
// No dependencies beyond node's own.

import { copyFile, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { filesUnder } from './files.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = join(REPO, 'www', 'package');

/** The files the package's own entries point at: without them nothing works. */
const ENTRY = {
  element: 'stepdoku-board.js',
  elementTypes: 'stepdoku-board.d.ts',
  wasm: 'pkg/stepdoku.js',
  wasmTypes: 'pkg/stepdoku.d.ts',
};

/**
 * What else the package must hold: the app and iframe pages, the worker the element starts
 * and the full wasm module. (A missing one says which part of the build did not run.)
 */
const REQUIRED = ['index.html', 'embed.html', 'worker.js', 'pkg/stepdoku_bg.wasm'];

/**
 * Files of dist/ a site uses, by how their names end (pages, scripts, stylesheets, images and
 * the web app manifest, wasm, types); anything else (a source map, a bundler's metafile) is
 * not packed.
 */
const SITE_FILE = /\.(html|js|css|svg|png|ico|webp|webmanifest|wasm|d\.ts)$/;

/** wasm-bindgen's types of the raw wasm exports, for bundlers' wasm imports: not for a site. */
const RAW_WASM_TYPES = /_bg\.wasm\.d\.ts$/;

/** Files npm packs whatever `files` says, written here. */
const PACKAGE_FILES = new Set(['package.json', 'README.md', 'LICENSE']);

/** Why a file may be missing, for the message. */
const HINTS = {
  [ENTRY.wasmTypes]:
    'wasm-bindgen writes it unless run with --no-typescript (scripts/build-wasm.sh)',
  [ENTRY.elementTypes]: 'copied from www/package/stepdoku-board.d.ts by this script',
};

function fail(message) {
  console.error(`package-dist: ${message}`);
  process.exit(1);
}

/** The `version` of `[workspace.package]` in the root Cargo.toml. */
async function workspaceVersion() {
  const toml = await readFile(join(REPO, 'Cargo.toml'), 'utf8');
  let section = '';
  for (const line of toml.split('\n')) {
    const header = /^\s*\[([^\]]+)\]\s*(#.*)?$/.exec(line);
    if (header) {
      section = header[1].trim();
      continue;
    }
    const version = /^\s*version\s*=\s*"([^"]+)"/.exec(line);
    if (section === 'workspace.package' && version) {
      return version[1];
    }
  }
  return fail('Cargo.toml has no version in [workspace.package].');
}

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The package README: www/package/README.md with `{{version}}` filled in. */
async function readme(version) {
  const text = await readFile(join(SOURCES, 'README.md'), 'utf8');
  const filled = text.replaceAll('{{version}}', version);
  const left = /\{\{[^}]*\}\}/.exec(filled);
  if (left) {
    fail(`www/package/README.md has a placeholder this script does not fill: ${left[0]}`);
  }
  return filled;
}

/** The package.json for `version`, packing `files` (paths relative to dist/). */
function manifest(version, files) {
  const scripts = files.filter((f) => !f.includes('/') && f.endsWith('.js'));
  return {
    name: 'stepdoku',
    version,
    description:
      'A Sudoku solver you can watch: the <stepdoku-board> element solves, explains and plays ' +
      'every step of a puzzle, with a Rust core compiled to WebAssembly. One tag on any page.',
    keywords: [
      'sudoku',
      'sudoku-solver',
      'puzzle',
      'web-component',
      'custom-element',
      'webassembly',
      'wasm',
    ],
    license: 'MIT',
    author: 'The Stepdoku authors',
    type: 'module',
    main: `./${ENTRY.element}`,
    types: `./${ENTRY.elementTypes}`,
    exports: {
      '.': { types: `./${ENTRY.elementTypes}`, default: `./${ENTRY.element}` },
      './wasm': { types: `./${ENTRY.wasmTypes}`, default: `./${ENTRY.wasm}` },
      './embed.html': './embed.html',
      './index.html': './index.html',
      './package.json': './package.json',
    },
    files,
    // The top-level scripts are entry points that act when loaded (the element module
    // defines <stepdoku-board>, the pages' scripts set up their page, the worker listens);
    // the wasm glue only exports.
    sideEffects: scripts.map((f) => `./${f}`),
  };
}

/** Every path the manifest promises, relative to dist/. */
function promised(pkg) {
  const targets = [pkg.main, pkg.types];
  for (const target of Object.values(pkg.exports)) {
    targets.push(...(typeof target === 'string' ? [target] : Object.values(target)));
  }
  return [...new Set([...pkg.files, ...targets.map((t) => t.replace(/^\.\//, ''))])];
}

async function main() {
  const [distArg] = process.argv.slice(2);
  if (!distArg) {
    fail('usage: node scripts/package-dist.mjs DIST (the built dist/ folder)');
  }
  const dist = resolve(distArg);
  if (!(await isFile(join(dist, 'index.html')))) {
    fail(`${distArg} holds no index.html: build it first (bash scripts/build-dist.sh).`);
  }
  const version = await workspaceVersion();

  await writeFile(join(dist, 'README.md'), await readme(version));
  await copyFile(join(REPO, 'LICENSE'), join(dist, 'LICENSE'));
  await copyFile(join(SOURCES, ENTRY.elementTypes), join(dist, ENTRY.elementTypes));

  const found = await filesUnder(dist);
  const isPacked = (f) => SITE_FILE.test(f) && !RAW_WASM_TYPES.test(f) && !f.startsWith('.');
  const files = found.filter((f) => !PACKAGE_FILES.has(f) && isPacked(f));
  const left = found.filter((f) => !PACKAGE_FILES.has(f) && !isPacked(f));
  for (const f of left) {
    console.error(`package-dist: not packed (not a file a site uses): ${f}`);
  }

  const pkg = manifest(version, files);
  const wanted = [...promised(pkg), ...REQUIRED, ...PACKAGE_FILES].filter(
    (f) => f !== 'package.json',
  );
  const missing = [];
  for (const f of new Set(wanted)) {
    if (!(await isFile(join(dist, f)))) {
      missing.push(HINTS[f] ? `${f}: ${HINTS[f]}` : f);
    }
  }
  if (missing.length > 0) {
    fail(`${distArg} lacks files the package promises:\n  ${missing.join('\n  ')}`);
  }
  await writeFile(join(dist, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  console.log(
    `package-dist: wrote ${distArg}/package.json (stepdoku ${version}, ${files.length} files ` +
      `besides package.json, README.md and LICENSE)`,
  );
}

await main();
