// The dev server (scripts/serve.mjs) as a hostile client meets it: raw requests over a socket,
// so that no client normalises a path, a request line or a header on the way. The site files
// are served (compressed when asked); everything else of the repository is 404; traversal,
// malformed paths and malformed requests get a 400 with a sentence; a foreign Host gets 421;
// only GET, HEAD (and OPTIONS for CORS) are answered.
//
// Most checks run on a fake repository in a temporary folder where every refused file exists
// (`.git/config`, `target/release/stepdoku`, …, and a secret beside the root), so that a 404
// means refused, not missing.

import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { siteOnly, startServer } from '../../scripts/serve.mjs';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const SECRET = 'SECRET-1c9d2e';

/** A module long enough that compression pays. */
const APP_JS = `export const cells = [\n${'  "row, column, box, house",\n'.repeat(200)}];\n`;

/** The fake repository: what the site needs, and what it must never show. */
const TREE = {
  'index.html': '<!doctype html><title>App</title>',
  'embed.html': '<!doctype html><title>Iframe</title>',
  'www/app.js': APP_JS,
  'www/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  'www/pkg/stepdoku_bg.wasm': '\0asm\x01\0\0\0',
  'www/.env': SECRET,
  'examples/embed.html': '<!doctype html><title>Article</title>',
  'examples/embed.css': 'body { margin: 0; }',
  'examples/generate_stats.rs': SECRET,
  'dist/index.html': '<!doctype html><title>Built app</title>',
  'dist/stepdoku-board.js': 'export {};',
  'dist/pkg/stepdoku_core_bg.wasm': '\0asm\x01\0\0\0',
  '.git/config': SECRET,
  '.git/objects/pack/pack-1.pack': SECRET,
  'target/release/stepdoku': SECRET,
  'node_modules/playwright-core/package.json': SECRET,
  'Cargo.toml': SECRET,
  'package.json': SECRET,
  'README.md': SECRET,
  'src/lib.rs': SECRET,
  'scripts/serve.mjs': SECRET,
  'tests/js/serve.test.mjs': SECRET,
};

let scratch;
let site;
let siteServer;
let port;

before(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'stepdoku-serve-'));
  site = join(scratch, 'site');
  for (const [path, text] of Object.entries(TREE)) {
    await mkdir(dirname(join(site, path)), { recursive: true });
    await writeFile(join(site, path), text);
  }
  await mkdir(join(scratch, 'outside'));
  await writeFile(join(scratch, 'outside', 'secret.txt'), SECRET);
  ({ server: siteServer } = await startServer({ port: 0, root: site, allow: siteOnly }));
  port = siteServer.address().port;
});

after(async () => {
  await new Promise((resolve) => siteServer.close(resolve));
  await rm(scratch, { recursive: true, force: true });
});

/**
 * Sends `text` as it is on a new connection to 127.0.0.1:`onPort` and reads until the server
 * closes it (`halfClose`: closing this side once the request is sent); returns the status,
 * the headers (lower-case names) and the body. Fails if the connection ends without a status
 * line.
 */
function rawRequest(onPort, text, { halfClose = false } = {}) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    const socket = connect(onPort, '127.0.0.1', () =>
      halfClose ? socket.end(text, 'latin1') : socket.write(text, 'latin1'),
    );
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const head = all.subarray(0, split < 0 ? all.length : split).toString('latin1');
      const [statusLine, ...lines] = head.split('\r\n');
      const match = /^HTTP\/1\.[01] (\d{3}) /.exec(statusLine);
      if (!match) {
        reject(new Error(`no answer to ${JSON.stringify(text)}: got ${JSON.stringify(head)}`));
        return;
      }
      const headers = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const body = split < 0 ? Buffer.alloc(0) : all.subarray(split + 4);
      resolve({ status: Number(match[1]), headers, body, text: body.toString('utf8') });
    });
  });
}

/**
 * A request with the target as given (nothing normalised), Host 127.0.0.1:PORT unless
 * `host` says otherwise (null: no Host header), and `Connection: close`.
 */
function request(target, { method = 'GET', host, headers = {}, onPort = port } = {}) {
  const lines = [`${method} ${target} HTTP/1.1`];
  const hostValue = host === undefined ? `127.0.0.1:${onPort}` : host;
  if (hostValue !== null) {
    lines.push(`Host: ${hostValue}`);
  }
  for (const [name, value] of Object.entries(headers)) {
    lines.push(`${name}: ${value}`);
  }
  lines.push('Connection: close', '', '');
  return rawRequest(onPort, lines.join('\r\n'));
}

/** Asserts a refusal with a short plain-text sentence that leaks nothing. */
function assertRefused(response, status, what) {
  assert.equal(response.status, status, `${what}: ${response.status} ${response.text}`);
  assert.match(response.headers['content-type'], /^text\/plain/, what);
  assert.match(response.text, /^[A-Z/].{10,200}\.\n$/, `${what}: a sentence (${response.text})`);
  assert.ok(!response.text.includes(SECRET), `${what} leaked the file`);
}

describe('the site files', () => {
  const SERVED = [
    ['/', 'index.html', 'text/html; charset=utf-8'],
    ['/index.html', 'index.html', 'text/html; charset=utf-8'],
    ['/embed.html', 'embed.html', 'text/html; charset=utf-8'],
    ['/www/app.js', 'www/app.js', 'text/javascript; charset=utf-8'],
    ['/www/favicon.svg', 'www/favicon.svg', 'image/svg+xml'],
    ['/www/pkg/stepdoku_bg.wasm', 'www/pkg/stepdoku_bg.wasm', 'application/wasm'],
    ['/examples/embed.html', 'examples/embed.html', 'text/html; charset=utf-8'],
    ['/examples/embed.css', 'examples/embed.css', 'text/css; charset=utf-8'],
    ['/dist/', 'dist/index.html', 'text/html; charset=utf-8'],
    ['/dist/stepdoku-board.js', 'dist/stepdoku-board.js', 'text/javascript; charset=utf-8'],
    ['/dist/pkg/stepdoku_core_bg.wasm', 'dist/pkg/stepdoku_core_bg.wasm', 'application/wasm'],
    ['/www/app.js?v=2', 'www/app.js', 'text/javascript; charset=utf-8'],
  ];
  for (const [target, file, type] of SERVED) {
    test(`${target} is ${file}, with its type and CORS`, async () => {
      const response = await request(target);
      assert.equal(response.status, 200, response.text);
      assert.equal(response.headers['content-type'], type);
      assert.equal(response.headers['access-control-allow-origin'], '*');
      assert.equal(response.headers['content-encoding'], undefined);
      assert.deepEqual(response.body, await readFile(join(site, file)));
    });
  }

  test('a module is sent compressed with brotli or gzip as asked, and the same once decoded', async () => {
    const br = await request('/www/app.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    assert.equal(br.status, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.ok(br.body.length < APP_JS.length / 4, `${br.body.length} bytes`);
    assert.equal(Number(br.headers['content-length']), br.body.length);
    assert.equal(brotliDecompressSync(br.body).toString(), APP_JS);

    const gz = await request('/www/app.js', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.body).toString(), APP_JS);
  });

  test('an ETag that still matches gets 304 without a body', async () => {
    const first = await request('/www/app.js');
    assert.match(first.headers.etag, /^W\/"/);
    const again = await request('/www/app.js', {
      headers: { 'If-None-Match': first.headers.etag },
    });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
  });

  test('HEAD gives the headers of GET and no body', async () => {
    const response = await request('/www/app.js', { method: 'HEAD' });
    assert.equal(response.status, 200);
    assert.equal(Number(response.headers['content-length']), APP_JS.length);
    assert.equal(response.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(response.body.length, 0);
  });

  test('a folder named without its slash is sent on to the folder', async () => {
    const response = await request('/dist?x=1');
    assert.equal(response.status, 301);
    assert.equal(response.headers.location, '/dist/?x=1');
  });

  test('a CORS preflight is answered for GET and HEAD', async () => {
    const response = await request('/dist/stepdoku-board.js', {
      method: 'OPTIONS',
      headers: { Origin: 'https://blog.test', 'Access-Control-Request-Method': 'GET' },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.equal(response.headers['access-control-allow-methods'], 'GET, HEAD, OPTIONS');
  });
});

describe('the rest of the repository', () => {
  const REFUSED = [
    '/.git/config',
    '/.git/objects/pack/pack-1.pack',
    '/target/release/stepdoku',
    '/node_modules/playwright-core/package.json',
    '/Cargo.toml',
    '/package.json',
    '/README.md',
    '/src/lib.rs',
    '/scripts/serve.mjs',
    '/tests/js/serve.test.mjs',
    '/examples/generate_stats.rs',
    '/www/.env',
    '/www/',
    '/examples/',
    '/www/app.js/',
    '/missing.html',
  ];
  for (const target of REFUSED) {
    test(`${target} is 404`, async () => {
      const response = await request(target);
      assertRefused(response, 404, target);
      assert.equal(response.headers['access-control-allow-origin'], '*');
    });
  }
});

describe('paths that try to leave the site', () => {
  const TRAVERSALS = [
    '/www/../.git/config',
    '/www/../../outside/secret.txt',
    '/../outside/secret.txt',
    '/./Cargo.toml',
    '/www/./../Cargo.toml',
    '/www/%2e%2e/Cargo.toml',
    '/www/%2E%2E/%2e%2e/outside/secret.txt',
    '/www/..%2fCargo.toml',
    '/www/..%2FCargo.toml',
    '/www%2f..%2fCargo.toml',
    '/www/..%5cCargo.toml',
    '/www/..\\Cargo.toml',
    '/www\\..\\Cargo.toml',
    '/www/app.js%00.html',
    '/www/%00',
    '/www/%0a',
    '//Cargo.toml',
    '/www//app.js',
    '/%2e%2e/outside/secret.txt',
    '/www/%252e%252e/Cargo.toml',
  ];
  for (const target of TRAVERSALS) {
    test(`${target} is refused`, async () => {
      const response = await request(target);
      // %25 decodes once to a literal '%2e%2e' name, which is simply not a file.
      const status = target.includes('%25') ? 404 : 400;
      assertRefused(response, status, target);
    });
  }
});

describe('malformed requests are answered, never dropped', () => {
  const MALFORMED = [
    ['/%E0%A4%A', 'a cut-off UTF-8 escape'],
    ['/%E0%A4', 'an incomplete UTF-8 sequence'],
    ['/%FF', 'a byte that is not UTF-8'],
    ['/%zz', 'an escape that is not hex'],
    ['/www/app.js%', 'a lone %'],
    ['http://127.0.0.1/index.html', 'an absolute URL'],
    ['*', 'the asterisk form'],
    ['index.html', 'a path without its /'],
    ['/www/\u00e9.js', 'a raw byte above 0x7F'],
    ['/www/a"b.js', 'a quote'],
  ];
  for (const [target, what] of MALFORMED) {
    test(`${what} (${JSON.stringify(target)}) is 400 with a sentence`, async () => {
      assertRefused(await request(target), 400, target);
    });
  }

  const BROKEN_LINES = [
    ['GET /a b HTTP/1.1', 'a space in the path'],
    ['GET /www/\0app.js HTTP/1.1', 'a raw NUL'],
    ['GET /index.html HTTP/9.9', 'an unknown HTTP version'],
    ['GET', 'no target'],
  ];
  for (const [line, what] of BROKEN_LINES) {
    test(`a request line with ${what} is 400 with a sentence`, async () => {
      const response = await rawRequest(port, `${line}\r\nHost: 127.0.0.1\r\n\r\n`);
      assertRefused(response, 400, line);
    });
  }

  test('a client that closes its side after the request still gets the file', async () => {
    const response = await rawRequest(
      port,
      `GET /www/app.js HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`,
      { halfClose: true },
    );
    assert.equal(response.status, 200);
    assert.equal(response.text, APP_JS);
  });

  test('headers too large are 431 with a sentence', async () => {
    // Just over Node's 16 KiB, in one segment, so that the server reads it all before it
    // closes (unread bytes would make the kernel reset the connection).
    const response = await request('/index.html', { headers: { 'X-Big': 'a'.repeat(20_000) } });
    assertRefused(response, 431, 'a 20 KB header');
  });

  test('a request without Host is 400 with a sentence', async () => {
    assertRefused(await request('/index.html', { host: null }), 400, 'no Host (HTTP/1.1)');
    const old = await rawRequest(port, 'GET /index.html HTTP/1.0\r\n\r\n');
    assertRefused(old, 400, 'no Host (HTTP/1.0)');
  });
});

describe('methods', () => {
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'PROPFIND']) {
    test(`${method} is 405 and says what is allowed`, async () => {
      const response = await request('/index.html', {
        method,
        headers: { 'Content-Length': '0' },
      });
      assertRefused(response, 405, method);
      assert.equal(response.headers.allow, 'GET, HEAD, OPTIONS');
    });
  }

  // Node's parser hands CONNECT to another event and refuses a method it does not know
  // before the handler sees either: both still get their 405.
  for (const [name, text] of [
    ['CONNECT', 'CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n'],
    ['an unknown method', 'FROB /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'],
    ['a made-up method', 'NOT-A-METHOD /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'],
  ]) {
    test(`${name} is answered 405, not closed`, async () => {
      const response = await rawRequest(port, text);
      assertRefused(response, 405, name);
      assert.equal(response.headers.allow, 'GET, HEAD, OPTIONS');
    });
  }
});

describe('the Host header', () => {
  const LOOPBACK = ['127.0.0.1', 'localhost', 'LocalHost', '[::1]'];
  for (const name of LOOPBACK) {
    test(`${name}, with and without the port, is answered`, async () => {
      for (const host of [name, `${name}:${port}`]) {
        const response = await request('/index.html', { host });
        assert.equal(response.status, 200, `${host}: ${response.text}`);
      }
    });
  }

  const FOREIGN = [
    'evil.test',
    'evil.test:PORT',
    '127.0.0.1.nip.io:PORT',
    'localhost.evil.test',
    '127.0.0.2:PORT',
    '0.0.0.0:PORT',
    '192.168.1.10:PORT',
    '[::2]:PORT',
    'localhost:',
    'localhost:PORT:PORT',
    'evil.test#@localhost',
    '',
  ];
  for (const template of FOREIGN) {
    test(`Host ${JSON.stringify(template)} is 421 with a sentence`, async () => {
      const host = template.replaceAll('PORT', String(port));
      const response = await request('/.git/config', { host });
      assertRefused(response, 421, host);
      assert.match(response.text, /127\.0\.0\.1, localhost or \[::1\]/);
      const page = await request('/index.html', { host });
      assertRefused(page, 421, `${host} for a site file`);
    });
  }
});

describe('the repository as the default root', () => {
  let repoPort;
  let server;
  before(async () => {
    ({ server } = await startServer({ port: 0 }));
    repoPort = server.address().port;
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  for (const [target, file] of [
    ['/', 'index.html'],
    ['/embed.html', 'embed.html'],
    ['/www/app.js', 'www/app.js'],
    ['/examples/embed.html', 'examples/embed.html'],
  ]) {
    test(`${target} is the repository's ${file}`, async () => {
      const response = await request(target, { onPort: repoPort });
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.body, await readFile(join(REPO, file)));
    });
  }

  // Each of these exists in every checkout.
  for (const target of [
    '/Cargo.toml',
    '/package.json',
    '/README.md',
    '/src/lib.rs',
    '/scripts/serve.mjs',
    '/examples/generate_stats.rs',
  ]) {
    test(`${target} is 404`, async () => {
      await readFile(join(REPO, target));
      assertRefused(await request(target, { onPort: repoPort }), 404, target);
    });
  }
});

describe('another folder as the root', () => {
  let otherPort;
  let server;
  before(async () => {
    ({ server } = await startServer({ port: 0, root: join(site, 'dist') }));
    otherPort = server.address().port;
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  test('serves any of its files', async () => {
    const response = await request('/pkg/stepdoku_core_bg.wasm', { onPort: otherPort });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.headers['content-type'], 'application/wasm');
  });

  test('but never a dot-file, and nothing beside it', async () => {
    await mkdir(join(site, 'dist', '.git'), { recursive: true });
    await writeFile(join(site, 'dist', '.git', 'config'), SECRET);
    assertRefused(await request('/.git/config', { onPort: otherPort }), 404, '/.git/config');
    assertRefused(await request('/../Cargo.toml', { onPort: otherPort }), 400, '/../Cargo.toml');
  });
});
