#!/usr/bin/env node
// A tiny static file server for the page and the browser tests: serves the repository root
// on 127.0.0.1 with the MIME types module scripts and WebAssembly streaming need.
//
//   node scripts/serve.mjs [port]      (or PORT=8080; port 0 picks a free one)
//
// Imported, `startServer({ port })` resolves to `{ server, url }` once listening.

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

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

/** The file a URL path names under the root, or null when it tries to leave the root. */
function resolvePath(urlPath) {
  const decoded = decodeURIComponent(urlPath.split('?')[0]);
  const path = normalize(join(ROOT, decoded));
  return path === ROOT.slice(0, -1) || path.startsWith(ROOT) ? path : null;
}

async function handle(request, response) {
  let path = resolvePath(new URL(request.url, 'http://localhost').pathname);
  if (path === null) {
    response.writeHead(403).end('Forbidden');
    return;
  }
  try {
    let info = await stat(path);
    if (info.isDirectory()) {
      path = join(path, 'index.html');
      info = await stat(path);
    }
    response.writeHead(200, {
      'Content-Type': MIME_TYPES[extname(path)] ?? 'application/octet-stream',
      'Content-Length': info.size,
      'Cache-Control': 'no-cache',
    });
    if (request.method === 'HEAD') {
      response.end();
    } else {
      createReadStream(path).pipe(response);
    }
  } catch {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
  }
}

/** Starts the server; `port` 0 asks the system for a free port. */
export function startServer({ port = 8080, host = '127.0.0.1' } = {}) {
  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      resolve({ server, url: `http://${host}:${actual}/` });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const port = Number(process.argv[2] ?? process.env.PORT ?? 8080);
  const { url } = await startServer({ port });
  console.log(`Stepdoku at ${url} (root ${ROOT.replace(new RegExp(`\\${sep}$`), '')})`);
}
