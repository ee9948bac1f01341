// The app page's offline support: registers the service worker (www/sw.js, as
// scripts/stamp-offline.mjs writes it into dist/), and says quietly, in the line under the
// header (`.update-notice`, a polite live region), when a new version is ready.
//
// Only the app page imports this module: the embeddable element never registers a service
// worker on its host's site. And only the built page registers one: stamp-offline marks
// dist/index.html with <meta name="stepdoku-service-worker" content="sw.js">; the page in
// development has no such tag, so no service worker ever stands between an edited file and
// the browser (and no request is made to find out).
//
// A new version installs beside the one serving the page and waits; the notice offers
// Reload, which asks it to take over and reloads once it has. The board's progress is in
// localStorage and its puzzle and position in the URL, so a reload loses nothing.

const META = document.querySelector('meta[name="stepdoku-service-worker"]');
const notice = document.querySelector('.update-notice');

/** The registration, once made; its waiting worker is the new version Reload starts. */
let registration = null;

/** Whether this page asked the new version to take over, and reloads when it has. */
let isTakingOver = false;

/** Shows the notice: `text`, and the Reload button (made the first time). */
function showNotice(text) {
  if (!notice.firstChild) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Reload';
    button.addEventListener('click', reload);
    notice.append(document.createElement('span'), button);
  }
  notice.firstChild.textContent = text;
}

/**
 * Reload: asks the waiting version, if there is one, to take over (the page reloads once it
 * has: see register); else reloads at once.
 */
function reload() {
  const waiting = registration?.waiting;
  if (waiting) {
    isTakingOver = true;
    waiting.postMessage('take-over');
  } else {
    location.reload();
  }
}

/** Offers a new version once it is installed, unless it is the first (nothing to replace). */
function offerWhenInstalled(worker) {
  const offer = () => {
    if (worker.state === 'installed' && navigator.serviceWorker.controller) {
      showNotice('A new version of Stepdoku is ready.');
    }
  };
  offer();
  worker.addEventListener('statechange', offer);
}

/**
 * Registers the service worker, and listens for a new version: installed beside the one that
 * serves the page, or started by another tab.
 */
async function register(scriptUrl) {
  const container = navigator.serviceWorker;
  let controller = container.controller;
  container.addEventListener('controllerchange', () => {
    if (isTakingOver) {
      location.reload();
    } else if (controller) {
      // Another tab's Reload started the new version, which now serves this page too.
      showNotice('Stepdoku was updated in another tab.');
    }
    controller = container.controller;
  });
  try {
    registration = await container.register(scriptUrl);
  } catch (error) {
    console.warn(`Stepdoku works online only: ${error.message}`);
    return;
  }
  if (registration.waiting) {
    offerWhenInstalled(registration.waiting);
  }
  registration.addEventListener('updatefound', () => offerWhenInstalled(registration.installing));
}

/**
 * Makes the built page installable: links its manifest (beside the page in dist/), here
 * rather than in index.html, so the manifest and its icons come after the first grid.
 */
function linkManifest() {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = new URL('manifest.webmanifest', document.baseURI).href;
  document.head.append(link);
}

if (META && notice && 'serviceWorker' in navigator) {
  linkManifest();
  const scriptUrl = new URL(META.content, document.baseURI);
  // After the page's own files: the install fetches them all again (from the HTTP cache).
  if (document.readyState === 'complete') {
    register(scriptUrl);
  } else {
    window.addEventListener('load', () => register(scriptUrl), { once: true });
  }
}
