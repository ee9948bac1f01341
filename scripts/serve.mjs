#!/usr/bin/env node
// A tiny static file server for the page, the browser tests and the benchmarks, on
// 127.0.0.1. From the repository it serves the site only: the app page (`/`, `/index.html`),
// the iframe page (`/embed.html`), the example article (`/examples/embed.html`, `.css`) and
// the folders they load from, `www/` (the wasm in `www/pkg/`) and `dist/`; every other path
// (sources, `target/`, `node_modules/`, `.git/`) is 404. Given another root (`--root DIR`),
// it serves that folder's files, dot-files excepted.
//
// It answers every request, and only requests addressed to a loopback name (Host
// `127.0.0.1`, `localhost` or `[::1]`, any port; others get 421, so a page on another
// domain that rebinds its name to 127.0.0.1 reads nothing): 400 for a malformed request or
// path (bad percent escapes, `.`/`..` or empty segments, encoded slashes, backslashes,
// control characters, a target that is not a path), 405 for methods other than GET, HEAD
// and OPTIONS (a CORS preflight), CONNECT and names Node's parser does not know included. Files go out with the MIME types module scripts and
// WebAssembly streaming need, and the headers a static host or CDN sends: gzip or brotli
// (negotiated from Accept-Encoding, each file version compressed once and kept in memory),
// an ETag with 304 on If-None-Match, `Cache-Control: no-cache`, and CORS headers on every
// response so the element can be loaded from another origin.
//
//   node scripts/serve.mjs [port] [--root DIR] [--gzip-only | --no-compress]
//                                 (or PORT=8080; port 0 picks a free one)
//
// Imported, `startServer({ port, host, root, allow, headers, encodings })` resolves to
// `{ server, url }` once listening; `allow(urlPath)` says which paths may be served
// (`siteOnly`, `anyFile`); `headers(urlPath, filePath)` may return extra response headers
// for a file.

import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.wasm',
  '.svg',
  '.txt',
  '.md',
]);

const CODERS = {
  br: (data) =>
    promisify(brotliCompress)(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gzip: (data) => promisify(gzip)(data, { level: 9 }),
};

/** Every response, errors included: loadable from any origin, as from a CDN. */
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

/** Compressed bodies by file path: `{ version, br, gzip }`, each a promise of a Buffer. */
const cache = new Map();

/** The compressed body of a file version, made once. */
function compressed(path, version, encoding) {
  let entry = cache.get(path);
  if (entry?.version !== version) {
    entry = { version };
    cache.set(path, entry);
  }
  if (!entry[encoding]) {
    entry[encoding] = readFile(path).then(CODERS[encoding]);
    entry[encoding].catch(() => cache.delete(path));
  }
  return entry[encoding];
}

/**
 * The encoding to send, from Accept-Encoding and the server's `encodings` (in order of
 * preference), or null for none.
 */
function negotiate(header = '', encodings) {
  const q = {};
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q[name] = weight ? Number(weight.slice(2)) : 1;
  }
  return encodings.find((name) => (q[name] ?? q['*'] ?? 0) > 0) ?? null;
}

/** Whether If-None-Match names this ETag (weak comparison, as for GET). */
function matches(header, etag) {
  if (!header) {
    return false;
  }
  const bare = (tag) => tag.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((tag) => bare(tag) === bare(etag));
}

/**
 * What of the repository the server answers for when it serves the repository: the app page,
 * the iframe page, the example article and the folders they load from (`www/`, with the wasm
 * in `www/pkg/`, and `dist/`). Not the sources, `target/`, `node_modules/` or `.git/`.
 */
const SITE_FILES = new Set([
  '/index.html',
  '/embed.html',
  '/examples/embed.html',
  '/examples/embed.css',
]);
const SITE_FOLDERS = ['/www/', '/dist/'];

/** Whether a decoded URL path names a file of the site (the default for the repository). */
export function siteOnly(urlPath) {
  return SITE_FILES.has(urlPath) || SITE_FOLDERS.some((folder) => urlPath.startsWith(folder));
}

/** Whether a decoded URL path may be served from a folder given as the root: any of its files. */
export function anyFile() {
  return true;
}

/** The Host header of a request a browser made to this machine by a loopback name. */
const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/i;

/**
 * A path in origin form as RFC 3986 writes it: `/`, then unreserved and sub-delim characters,
 * `:`, `@`, `/` and percent escapes. Anything else (a backslash, a space, a byte above 0x7F,
 * an absolute URL, `*`) is not a path a browser sends.
 */
const ORIGIN_FORM_PATH = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*$/;

/**
 * The decoded URL path of a request target, or a sentence saying why it is malformed. A path
 * never leaves the root: `.` and `..` segments, empty segments, encoded slashes and
 * backslashes, and control characters (NUL included) are all malformed here, before any file
 * is looked at, rather than normalised.
 */
function parseTarget(target) {
  const query = target.indexOf('?');
  const raw = query >= 0 ? target.slice(0, query) : target;
  if (!ORIGIN_FORM_PATH.test(raw)) {
    return { error: 'The request target is not a path on this server (it must start with /).' };
  }
  if (/%(2f|5c)/i.test(raw)) {
    return { error: 'The path holds an encoded / or \\; ask for the file by its plain path.' };
  }
  let path;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return { error: 'The path has a malformed percent escape (%XX must spell UTF-8).' };
  }
  if (/[\u0000-\u001f\u007f]/.test(path)) {
    return { error: 'The path holds a control character.' };
  }
  const segments = path.slice(1).split('/');
  if (
    segments.slice(0, -1).some((s) => s === '') ||
    segments.some((s) => s === '.' || s === '..')
  ) {
    return { error: 'The path has an empty, . or .. segment; ask for the file by its plain path.' };
  }
  return { path, raw, segments };
}

/** Whether a file is there (a regular file, not a folder). */
async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Answers with a status and a short sentence as plain text (for HEAD, the headers only). */
function sendText(response, status, text, extra = {}) {
  const body = `${text}\n`;
  response.writeHead(status, {
    ...CORS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
    ...extra,
  });
  response.end(body);
}

function makeHandler({ root, allow, headers, encodings }) {
  return async function handle(request, response) {
    const host = request.headers.host;
    if (host === undefined) {
      sendText(response, 400, 'The request has no Host header; send Host: 127.0.0.1:PORT.');
      return;
    }
    if (!LOOPBACK_HOST.test(host)) {
      sendText(
        response,
        421,
        'This development server answers only requests addressed to 127.0.0.1, localhost or ' +
          '[::1]; open it by one of those names.',
      );
      return;
    }
    if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) {
      sendText(response, 405, `${request.method} is not supported here; use GET or HEAD.`, {
        Allow: 'GET, HEAD, OPTIONS',
      });
      return;
    }
    const target = parseTarget(request.url);
    if (target.error) {
      sendText(response, 400, target.error);
      return;
    }
    if (request.method === 'OPTIONS') {
      response
        .writeHead(204, {
          ...CORS,
          Allow: 'GET, HEAD, OPTIONS',
          'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
          'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? '*',
          'Access-Control-Max-Age': '86400',
        })
        .end();
      return;
    }
    const { path: urlPath, raw, segments } = target;
    const onDisk = (urlSegments) => join(root, ...urlSegments);
    const prefix = root.endsWith(sep) ? root : root + sep;
    // Dot-files (.git, .env, …) are never served, whatever the root.
    const servable = (path) => allow(path) && !path.split('/').some((s) => s.startsWith('.'));
    // A folder named without its trailing slash: sent on to the folder, as static hosts do,
    // so that the page's relative URLs resolve.
    if (
      !urlPath.endsWith('/') &&
      servable(`${urlPath}/index.html`) &&
      (await isFile(onDisk([...segments, 'index.html'])))
    ) {
      const query = request.url.slice(raw.length);
      response.writeHead(301, { ...CORS, Location: `${raw}/${query}`, 'Content-Length': 0 }).end();
      return;
    }
    const filePath = urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath;
    const fileSegments = filePath.slice(1).split('/');
    const notFound = () => sendText(response, 404, `${urlPath} is not a file of this site.`);
    if (!servable(filePath)) {
      notFound();
      return;
    }
    const path = onDisk(fileSegments);
    if (!path.startsWith(prefix)) {
      // Unreachable after parseTarget; kept so that no later change can open the way out.
      notFound();
      return;
    }
    let info;
    try {
      info = await stat(path);
    } catch {
      notFound();
      return;
    }
    if (!info.isFile()) {
      notFound();
      return;
    }
    const version = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
    const etag = `W/"${version}"`;
    const type = extname(path);
    const compressible = encodings.length > 0 && COMPRESSIBLE.has(type);
    const common = {
      ...CORS,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      ETag: etag,
      ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
      ...headers?.(urlPath, path),
    };
    if (matches(request.headers['if-none-match'], etag)) {
      response.writeHead(304, common).end();
      return;
    }
    const encoding = compressible ? negotiate(request.headers['accept-encoding'], encodings) : null;
    const body = encoding ? await compressed(path, version, encoding) : null;
    const useBody = body !== null && body.length < info.size;
    response.writeHead(200, {
      ...common,
      'Content-Type': MIME_TYPES[type] ?? 'application/octet-stream',
      'Content-Length': useBody ? body.length : info.size,
      ...(useBody ? { 'Content-Encoding': encoding } : {}),
    });
    if (request.method === 'HEAD') {
      response.end();
    } else if (useBody) {
      response.end(body);
    } else {
      // Headers are out: a file that vanished mid-read can only end the response short.
      createReadStream(path)
        .on('error', () => response.destroy())
        .pipe(response);
    }
  };
}

/** What a refused method is told. */
const METHODS_SENTENCE = 'This method is not supported here; use GET or HEAD.';

/** A whole answer written straight to a socket, which then closes. */
function rawAnswer(status, reason, text, extraHeaders = '') {
  const body = `${text}\n`;
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\n${extraHeaders}` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/** The status and sentence for a request Node's HTTP parser refused. */
function clientErrorAnswer(error) {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'Request Header Fields Too Large', 'The request headers are too large.'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'Request Timeout', 'The request did not arrive in time.'];
    case 'HPE_INVALID_METHOD':
      // A method name Node does not know, then a target: a method this server refuses. A
      // line that is not even that ("GET" alone) is malformed.
      if (/^[!#$%&'*+.^_`|~0-9A-Za-z-]+ \S/.test(error.rawPacket?.toString('latin1') ?? '')) {
        return [405, 'Method Not Allowed', METHODS_SENTENCE];
      }
      return [400, 'Bad Request', 'The request is not well-formed HTTP/1.1.'];
    default:
      return [400, 'Bad Request', 'The request is not well-formed HTTP/1.1.'];
  }
}

/**
 * Starts the server; `port` 0 asks the system for a free port. `root` is the directory
 * served (default: the repository root); `allow(urlPath)` says which decoded URL paths may
 * be served (default: `siteOnly` for the repository, `anyFile` for another root; dot-files
 * never); `headers(urlPath, filePath)` may return extra headers for a file's responses;
 * `encodings` lists the compressions offered, preferred first (`['gzip']` is a host without
 * brotli, `[]` serves every file as it is).
 */
export function startServer({
  port = 8080,
  host = '127.0.0.1',
  root = REPO_ROOT,
  allow,
  headers,
  encodings = ['br', 'gzip'],
} = {}) {
  const rootDir = resolve(root);
  allow ??= rootDir === resolve(REPO_ROOT) ? siteOnly : anyFile;
  const handle = makeHandler({ root: rootDir, allow, headers, encodings });
  // Host is checked by the handler, which answers its absence with a sentence.
  const server = createServer({ requireHostHeader: false }, (request, response) => {
    handle(request, response).catch(() => {
      if (response.headersSent) {
        response.destroy();
      } else {
        sendText(response, 500, 'The server could not read this file; try again.');
      }
    });
  });
  // A client may close its side once its request is sent (`printf … | nc -N`); it still gets
  // its answer before the server closes (Node's default would drop it unanswered).
  server.httpAllowHalfOpen = true;
  server.on('clientError', (error, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      return;
    }
    if (socket._httpMessage?.headersSent) {
      // A pipelined request went wrong while an answer is on its way: a second status line
      // would corrupt it, so the connection ends here (as Node's default handler does).
      socket.destroy();
      return;
    }
    const [status, reason, text] = clientErrorAnswer(error);
    const allow = status === 405 ? 'Allow: GET, HEAD, OPTIONS\r\n' : '';
    socket.end(rawAnswer(status, reason, text, allow));
  });
  // Node hands CONNECT (a proxy's tunnel) to this event instead of the handler, and closes
  // the connection unanswered when nothing listens.
  server.on('connect', (_request, socket) => {
    socket.end(
      rawAnswer(405, 'Method Not Allowed', METHODS_SENTENCE, 'Allow: GET, HEAD, OPTIONS\r\n'),
    );
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      resolvePromise({ server, url: `http://${host}:${actual}/` });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const args = process.argv.slice(2);
  const rootAt = args.indexOf('--root');
  const root = rootAt >= 0 ? args.splice(rootAt, 2)[1] : REPO_ROOT;
  const encodings = args.includes('--no-compress')
    ? []
    : args.includes('--gzip-only')
      ? ['gzip']
      : ['br', 'gzip'];
  const port = Number(args.find((a) => !a.startsWith('--')) ?? process.env.PORT ?? 8080);
  const { url } = await startServer({ port, root, encodings });
  const served = resolve(root) === resolve(REPO_ROOT) ? 'the site in' : 'all of';
  const coding = encodings.join('/') || 'uncompressed';
  console.log(`Stepdoku at ${url} (${served} ${resolve(root)}, ${coding})`);
}
