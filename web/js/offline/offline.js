// Registers the site's service worker (service-worker.js at the site's root: offline
// use after the first visit, and cross-origin isolation on hosts that send no
// COOP/COEP headers) and tells the student, in the page's footer, what it did:
//   "Available offline"                   once this build is stored in the browser
//   "A new version of the lab is ready"   when a new build has been stored beside it,
//                                         with a button to switch every open tab to it
// A classic script loaded in every page's <head>, before anything else runs.
// <html data-offline> says where it stands, for the tests: "ready" (stored, and no reload
// pending), "unavailable" (nothing to do here, or the browser refused).
//
// Where it does nothing: pages opened from disk (no service workers for file://),
// pages in a frame (an LMS or a slide deck: isolation is impossible there, and an
// LMS opens its window with an opener the COOP header would cut), browsers without
// service workers or in a mode that refuses them. The lab runs as before there.
(() => {
  const sw = navigator.serviceWorker;
  const standing = (state) => { document.documentElement.dataset.offline = state; };
  if (!sw || !/^https?:$/.test(location.protocol) || window.top !== window || !window.isSecureContext) {
    standing('unavailable');
    return;
  }
  const root = new URL('../', document.currentScript.src);

  // A reload into isolation is only done before the student has done anything here.
  let touched = false;
  for (const type of ['keydown', 'pointerdown', 'input']) addEventListener(type, () => { touched = true; }, { capture: true, once: true });

  const controlledAtLoad = Boolean(sw.controller);
  const reloadForIsolation = () => !controlledAtLoad && !window.crossOriginIsolated && !touched
    && !sessionStorage.getItem('lab-isolation-reload');
  sw.addEventListener('controllerchange', () => {
    if (controlledAtLoad) {
      // A new build took over (this tab or another asked it to): this page is of the
      // old one, and its next request would be answered from the new one. Reload.
      location.reload();
    } else if (reloadForIsolation()) {
      // The first visit: the worker now answers this page, so a reload brings the
      // isolation headers, and with them the threaded build. Once per tab.
      sessionStorage.setItem('lab-isolation-reload', '1');
      location.reload();
    }
  });

  function footer(build) {
    const p = document.getElementById('offline-status');
    if (!p) return;
    p.hidden = false;
    p.replaceChildren(build(p));
  }
  const whenReady = (f) => (document.readyState === 'loading' ? document.addEventListener('DOMContentLoaded', f, { once: true }) : f());

  function offerUpdate(waiting) {
    whenReady(() => footer(() => {
      const span = document.createElement('span');
      span.setAttribute('role', 'status');
      const button = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Use it now' });
      button.id = 'offline-update';
      button.addEventListener('click', () => waiting.postMessage({ type: 'SKIP_WAITING' }));
      span.append('A new version of the lab is ready. ', button, ' (every open tab of the lab reloads; your saved work is kept)');
      return span;
    }));
  }

  sw.register(new URL('service-worker.js', root), { scope: root.href }).then((registration) => {
    if (registration.waiting && sw.controller) offerUpdate(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const next = registration.installing;
      next.addEventListener('statechange', () => {
        if (next.state === 'installed' && sw.controller) offerUpdate(next);
      });
    });
    return sw.ready;
  }).then(() => whenReady(() => {
    if (!document.getElementById('offline-update')) footer(() => document.createTextNode('Available offline: this browser keeps a copy of the lab.'));
    // (A page about to be reloaded into isolation is not settled yet: its reload is.)
    if (!reloadForIsolation()) standing('ready');
  })).catch(() => standing('unavailable'));  // refused (a private window, a policy): online as before
})();
