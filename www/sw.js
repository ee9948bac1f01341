// The app page's service worker, registered by offline.js on the built page only. After one
// visit the page loads, solves, plays and rates with the network off.
//
// - install: fetches every file of PRECACHE into this version's cache, each checked against
//   its integrity hash: a half-uploaded site or a stale CDN copy fails the install (the
//   browser tries again on the next visit) rather than being kept as this version.
// - fetch: a precached file is answered from the cache, whatever its query (`app.js?v=…` is
//   app.js; the folder, `./`, is its index.html); any other request goes to the network as
//   if there were no service worker.
// - activate: deletes this site's caches of other versions, and takes the open pages of a
//   first visit (which loaded these same files).
//
// A new version waits until no page uses the old one (the next visit), or until the page
// asks it to take over (the Reload button of offline.js's notice), then reloads: a page never
// mixes modules of two versions.
//
// This file is a template: scripts/stamp-offline.mjs writes dist/sw.js from it, filling in
// VERSION (a hash of every precached file) and PRECACHE.

const VERSION = 'dev';

/** Every file the app page needs: [path relative to this script, subresource integrity]. */
const PRECACHE = [];

/** Caches are the origin's: this site's carry its scope, so another site's stay untouched. */
const CACHE_PREFIX = `stepdoku ${self.registration.scope} `;
const CACHE = CACHE_PREFIX + VERSION;

/** The precached files' absolute URLs, without query. */
const PRECACHED = new Set(PRECACHE.map(([path]) => new URL(path, self.location).href));

/** The precached file a request asks for, as its URL in the cache, or null for none. */
function precachedUrl(request) {
  if (request.method !== 'GET') {
    return null;
  }
  const url = new URL(request.url);
  url.search = '';
  url.hash = '';
  if (url.pathname.endsWith('/')) {
    url.pathname += 'index.html';
  }
  return PRECACHED.has(url.href) ? url.href : null;
}

self.addEventListener('install', (event) => {
  const requests = PRECACHE.map(
    ([path, integrity]) => new Request(path, { integrity, cache: 'no-cache' }),
  );
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const old = names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE);
      await Promise.all(old.map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'take-over') {
    self.skipWaiting();
  }
});

self.addEventListener('fetch', (event) => {
  const url = precachedUrl(event.request);
  if (url) {
    event.respondWith(
      caches
        .open(CACHE)
        .then((cache) => cache.match(url))
        // Evicted (the browser may clear storage under pressure): the network, as before.
        .then((cached) => cached ?? fetch(event.request)),
    );
  }
});
