// The npm package as a site owner gets it: dist/ (with the package.json, README, LICENSE and
// types that scripts/package-dist.mjs writes into it) packed by `npm pack`, the tarball
// installed into a fresh folder. The installed files are exactly what `files` promised, its
// exports resolve, and its types check a site owner's TypeScript (tests/types/usage.ts and
// the README's TypeScript) through the package's own exports. Then the installed folder is
// served as a CDN and a host page on another origin loads the element from it, under the
// Content-Security-Policy the package README prints for a CDN, sent as a header: the board
// gives its verdict and plays, with no console error and no CSP violation.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { filesUnder } from '../../scripts/files.mjs';
import { startServer } from '../../scripts/serve.mjs';
import {
  ARTIFACTS,
  button,
  counter,
  launch,
  PUZZLES,
  waitForSteps,
  watchPage,
} from './helpers.mjs';

const run = promisify(execFile);

/** The built dist/ (or another built copy, for trying a build made elsewhere). */
const DIST = process.env.STEPDOKU_DIST ?? fileURLToPath(new URL('../../dist/', import.meta.url));
const TSC = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
const USAGE = fileURLToPath(new URL('../types/usage.ts', import.meta.url));

/** Files npm packs whatever `files` says. */
const ALWAYS_PACKED = ['LICENSE', 'README.md', 'package.json'];

/** The CDN the package README's policy names, replaced by the test's own CDN origin. */
const README_CDN = 'https://cdn.jsdelivr.net';

let scratch;
/** `npm pack --json`'s record of the tarball: `{ filename, size, entryCount, files, … }`. */
let packed;
/** The installed package's folder, and its package.json. */
let installed;
let manifest;

before(async () => {
  try {
    await stat(join(DIST, 'package.json'));
  } catch {
    throw new Error(
      `${DIST} has no package.json: run node scripts/package-dist.mjs dist after building it ` +
        '(bash scripts/build-dist.sh does both)',
    );
  }
  scratch = await mkdtemp(join(tmpdir(), 'stepdoku-package-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', scratch], {
    cwd: DIST,
  });
  [packed] = JSON.parse(stdout);
  const site = join(scratch, 'site');
  await mkdir(site);
  await writeFile(
    join(site, 'package.json'),
    `${JSON.stringify({ name: 'a-site', private: true, type: 'module' }, null, 2)}\n`,
  );
  // A local tarball without dependencies needs no registry.
  const flags = ['--no-audit', '--no-fund', '--offline', '--ignore-scripts'];
  await run('npm', ['install', ...flags, join(scratch, packed.filename)], { cwd: site });
  installed = join(site, 'node_modules', 'stepdoku');
  manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8'));
});

after(async () => {
  if (scratch) {
    await rm(scratch, { recursive: true, force: true });
  }
});

test('the installed package holds exactly what `files` promised, and its exports resolve', async (t) => {
  t.diagnostic(
    `${packed.filename}: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked, ` +
      `${packed.entryCount} files`,
  );
  assert.equal(manifest.name, 'stepdoku');
  const cargo = await readFile(new URL('../../Cargo.toml', import.meta.url), 'utf8');
  assert.ok(cargo.includes(`version = "${manifest.version}"`), 'the version is the crate’s');
  const expected = [...new Set([...manifest.files, ...ALWAYS_PACKED])].sort();
  assert.deepEqual(await filesUnder(installed), expected);
  assert.deepEqual(packed.files.map((f) => f.path).sort(), expected);

  // Node's own resolution, through the exports map, from the site's folder.
  const require = createRequire(join(installed, '..', '..', 'package.json'));
  const resolved = (specifier) => relative(installed, require.resolve(specifier));
  assert.equal(resolved('stepdoku'), 'stepdoku-board.js');
  assert.equal(resolved('stepdoku/wasm'), join('pkg', 'stepdoku.js'));
  for (const name of ['embed.html', 'index.html', 'package.json']) {
    assert.equal(resolved(`stepdoku/${name}`), name);
  }
  // Every target of every condition is a file of the package.
  const targets = Object.values(manifest.exports).flatMap((target) =>
    typeof target === 'string' ? [target] : Object.values(target),
  );
  for (const target of [manifest.main, manifest.types, ...targets]) {
    assert.ok(expected.includes(target.replace(/^\.\//, '')), `${target} is packed`);
  }
});

test('the types are in the tarball and check a site owner’s TypeScript', async () => {
  const typeFiles = packed.files.map((f) => f.path).filter((f) => f.endsWith('.d.ts'));
  assert.ok(typeFiles.includes('stepdoku-board.d.ts'), 'the element’s types');
  assert.ok(typeFiles.includes('pkg/stepdoku.d.ts'), 'the wasm API’s types');
  assert.equal(manifest.exports['.'].types, './stepdoku-board.d.ts');
  assert.equal(manifest.exports['./wasm'].types, './pkg/stepdoku.d.ts');

  // usage.ts, the README's TypeScript, and a page that takes the types by reference only,
  // resolved as a bundler resolves them: through the installed package's exports.
  const site = join(installed, '..', '..');
  await copyFile(USAGE, join(site, 'usage.ts'));
  const readme = await readFile(join(installed, 'README.md'), 'utf8');
  const snippets = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.ok(snippets.length > 0, 'the README shows TypeScript');
  const names = ['usage.ts', 'by-reference.ts'];
  for (const [i, snippet] of snippets.entries()) {
    names.push(`readme-${i}.ts`);
    await writeFile(join(site, `readme-${i}.ts`), snippet);
  }
  await writeFile(
    join(site, 'by-reference.ts'),
    `/// <reference types="stepdoku" />\n` +
      `const board = document.createElement('stepdoku-board');\n` +
      `board.addEventListener('error', (event) => console.warn(event.detail.message));\n` +
      `export const isRead: boolean = board.loadText('${PUZZLES.easy}');\n`,
  );
  const compilerOptions = {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'bundler',
    lib: ['ES2022', 'DOM', 'DOM.Iterable', 'ESNext.Disposable'],
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    types: [],
  };
  await writeFile(join(site, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: names }));
  const args = [TSC, '-p', site, '--pretty', 'false'];
  const tsc = await run(process.execPath, args).catch((error) => error);
  assert.equal(
    tsc.code ?? 0,
    0,
    `tsc failed on the installed package:\n${tsc.stdout}${tsc.stderr}`,
  );
});

test('from the installed package on a CDN origin, under the README’s policy, the board plays', async () => {
  const env = await launch();
  const cdn = await startServer({ port: 0, root: installed });
  const hostDir = join(scratch, 'host');
  await mkdir(hostDir);
  const readme = await readFile(join(installed, 'README.md'), 'utf8');
  const written = /^default-src .*blob:.*$/m.exec(readme)?.[0];
  assert.ok(written?.includes(README_CDN), 'the README prints a policy for jsDelivr');
  const policy = written.replaceAll(README_CDN, new URL(cdn.url).origin);
  const host = await startServer({
    port: 0,
    root: hostDir,
    headers: () => ({ 'Content-Security-Policy': policy }),
  });
  try {
    await copyFile(join(installed, 'favicon.svg'), join(hostDir, 'favicon.svg'));
    await writeFile(
      join(hostDir, 'post.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8">
        <link rel="icon" href="favicon.svg"><title>A post</title>
        <script type="module" src="${cdn.url}stepdoku-board.js"></script></head>
        <body><h1>A post</h1>
        <stepdoku-board puzzle="${PUZZLES.easy}" strategy="singles"></stepdoku-board></body></html>`,
    );
    const page = await env.browser.newPage();
    const { errors, requests } = await watchPage(page);
    const response = await page.goto(`${host.url}post.html`);
    assert.equal(response.headers()['content-security-policy'], policy);
    assert.notEqual(new URL(host.url).origin, new URL(cdn.url).origin);

    await page.evaluate(async () => {
      await customElements.whenDefined('stepdoku-board');
      await document.querySelector('stepdoku-board').whenReady();
    });
    // The verdict, or the sentence that says why the solver could not start (fails at once).
    const status = page.getByRole('status');
    await status
      .filter({ hasText: /Unique solution|failed/ })
      .waitFor()
      .catch(async (error) => {
        // Say where the board stood, for a run that cannot be watched.
        const shown = await status.allInnerTexts();
        throw new Error(`${error.message}\nstatus: ${shown.join(' | ')}`, { cause: error });
      });
    assert.match(await status.innerText(), /Unique solution/);
    await button(page, 'Play').click();
    await waitForSteps(page, 3);
    await button(page, 'Pause').click();
    const steps = await counter(page, 'Steps');
    await button(page, 'Step forward').click();
    await waitForSteps(page, steps + 1);
    assert.ok(await counter(page, 'Placements'), 'the trace placed digits');
    assert.ok(requests.some((u) => u.startsWith(cdn.url) && /\/worker\.js(\?|$)/.test(u)));
    assert.ok(requests.some((u) => u.startsWith(cdn.url) && /_bg\.wasm(\?|$)/.test(u)));

    // The module's value exports are the ones its types declare.
    const exported = await page.evaluate(
      async (url) => Object.keys(await import(url)).sort(),
      `${cdn.url}stepdoku-board.js`,
    );
    assert.deepEqual(exported, ['CONTROLS']);

    await page.screenshot({ path: join(ARTIFACTS, 'package-cdn.png'), fullPage: true });
    assert.deepEqual(await page.evaluate(() => window.violations), []);
    assert.deepEqual(errors, []);
  } finally {
    await env.close();
    await new Promise((resolve) => cdn.server.close(resolve));
    await new Promise((resolve) => host.server.close(resolve));
  }
});
