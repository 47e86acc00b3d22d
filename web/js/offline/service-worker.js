// The lab's one service worker (bundled by tools/site/build.mjs into the site's
// root as service-worker.js, so its scope is the whole site). Two jobs:
//
// 1. Offline after the first visit. On install it stores every file of this build
//    (workbox-precaching; the list, each file with a hash of its bytes, is written
//    into this script at build time as PRECACHE). Every request for a stored file
//    is answered from the store, whatever its query (?embed, ?T=8&seed=3 are one
//    page). A new build is a new script: it stores its files beside the old ones
//    and waits until no page of the old build is open (or a page asks it to take
//    over, see offline.js), then removes what the old build stored. A page is
//    never served half old, half new.
// 2. Cross-origin isolation where the host sends no COOP/COEP headers (a plain
//    static host, GitHub Pages): every response it hands a page carries them, so
//    the threaded WebAssembly build can run (SharedArrayBuffer needs isolation).
//    The site makes no request to another origin, so require-corp blocks nothing.
import { precacheAndRoute, cleanupOutdatedCaches, addPlugins } from 'workbox-precaching';
import { setDefaultHandler } from 'workbox-routing';

// [{ url, revision }], relative to this script; filled in by the build.
/* global PRECACHE */

// The headers that make a document cross-origin isolated (HTML Living Standard,
// "cross-origin isolation"): COOP same-origin + COEP require-corp. A response
// with status 0 (opaque) cannot be rebuilt and is left alone.
function withIsolation(response) {
  if (!response || response.status === 0) return response;
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

addPlugins([{ handlerWillRespond: async ({ response }) => withIsolation(response) }]);
precacheAndRoute(PRECACHE, {
  ignoreURLParametersMatching: [/.*/],  // a page's settings live in its query
  directoryIndex: 'index.html',
  cleanURLs: false,
});
cleanupOutdatedCaches();
// Anything not in the build (a file added by the host): the network, isolated too.
setDefaultHandler(async ({ request }) => withIsolation(await fetch(request)));

// A page that shows "a new version is ready" may ask the waiting worker to take over.
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});
// The first install takes the open pages at once (there is no old build to mix with),
// so that offline.js can reload an untouched page into isolation.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
