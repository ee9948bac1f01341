#!/usr/bin/env node
// A tiny static file server for the page, the browser tests and the benchmarks: serves a
// directory (the repository root by default) on 127.0.0.1 with the MIME types module scripts
// and WebAssembly streaming need, and the headers a static host or CDN sends: gzip or brotli
// (negotiated from Accept-Encoding, each file version compressed once and kept in memory),
// an ETag with 304 on If-None-Match, `Cache-Control: no-cache`, and CORS headers on every
// response so the element can be loaded from another origin.
//
//   node scripts/serve.mjs [port] [--root DIR] [--gzip-only | --no-compress]
//                                 (or PORT=8080; port 0 picks a free one)
//
// Imported, `startServer({ port, host, root, headers, encodings })` resolves to
// `{ server, url }` once listening; `headers(urlPath, filePath)` may return extra response
// headers for a file.

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

function makeHandler({ root, headers, encodings }) {
  /** The file a URL path names under the root, or null when it tries to leave the root. */
  const prefix = root.endsWith(sep) ? root : root + sep;
  function resolvePath(urlPath) {
    let decoded;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    const path = normalize(join(root, decoded));
    return path === root || path.startsWith(prefix) ? path : null;
  }

  return async function handle(request, response) {
    const urlPath = new URL(request.url, 'http://localhost').pathname;
    if (request.method === 'OPTIONS') {
      response
        .writeHead(204, {
          ...CORS,
          'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
          'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? '*',
          'Access-Control-Max-Age': '86400',
        })
        .end();
      return;
    }
    let path = resolvePath(urlPath);
    if (path === null) {
      response.writeHead(403, { ...CORS, 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Forbidden');
      return;
    }
    let info;
    try {
      info = await stat(path);
      if (info.isDirectory()) {
        path = join(path, 'index.html');
        info = await stat(path);
      }
    } catch {
      response.writeHead(404, { ...CORS, 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Not found');
      return;
    }
    const version = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
    const etag = `W/"${version}"`;
    const type = extname(path);
    const compressible = encodings.length > 0 && COMPRESSIBLE.has(type);
    const common = {
      ...CORS,
      'Cache-Control': 'no-cache',
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
      createReadStream(path).pipe(response);
    }
  };
}

/**
 * Starts the server; `port` 0 asks the system for a free port. `root` is the directory
 * served (default: the repository root); `headers(urlPath, filePath)` may return extra
 * headers for a file's responses; `encodings` lists the compressions offered, preferred
 * first (`['gzip']` is a host without brotli, `[]` serves every file as it is).
 */
export function startServer({
  port = 8080,
  host = '127.0.0.1',
  root = REPO_ROOT,
  headers,
  encodings = ['br', 'gzip'],
} = {}) {
  const handle = makeHandler({ root: resolve(root), headers, encodings });
  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
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
  console.log(
    `Stepdoku at ${url} (root ${resolve(root)}, ${encodings.join('/') || 'uncompressed'})`,
  );
}
