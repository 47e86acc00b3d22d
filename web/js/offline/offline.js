// Registers the site's service worker (service-worker.js at the site's root: offline
// use after the first visit, and cross-origin isolation on hosts that send no
// COOP/COEP headers) and tells the student, in the page's footer, what it did:
//   "Available offline"                   once this build is stored in the browser
//   "A new version of the lab is ready"   when a new build has been stored beside it,
//                                         with a button to switch every open tab to it
// A classic script loaded in every page's <head>, before anything else runs. Its words
// come in the page's language from the footer (#offline-status data-words: the catalog's
// offline.* messages, rendered by the page's build, {list} filled in here).
// <html data-offline> says where it stands, for the tests: "ready" (stored, and no reload
// pending), "unavailable" (nothing to do here, or the browser refused), "stale" (another
// tab switched to a new build; this one, holding unsaved work, waits to be reloaded).
//
// A new build never reloads a tab that holds work it has not saved (a run in progress):
// such a tab says a new version is in use and offers its own reload; a tab whose button
// was pressed asks first when it holds such work. Pages say what they hold through
// self.labWork.hold(key, on, words) (pages/page-kit.js startStop: a run in progress).
//
// The first visit stores the whole build (several MB: both WebAssembly builds, every
// language), which over a slow network would compete with the page's own files: the
// worker is registered only once the page is interactive. A page that runs the engine
// (it has #build-status) waits until its engine has settled, ready or not
// (pages/page-kit.js showEngineStatus dispatches "lab-engine-settled" on the document);
// any other page until its load event; both then wait for an idle moment.
//
// Where it does nothing: pages opened from disk (no service workers for file://),
// pages in a frame (an LMS or a slide deck: isolation is impossible there, and an
// LMS opens its window with an opener the COOP header would cut), browsers without
// service workers or in a mode that refuses them. The lab runs as before there.
(() => {
  let words = null;
  function say(key, list = '') {
    if (!words) {
      const p = document.getElementById('offline-status');
      try { words = p ? JSON.parse(p.dataset.words || '{}') : null; } catch { words = {}; }
    }
    return ((words && words[key]) || `\u27e6offline.${key}\u27e7`).replace('{list}', list);
  }
  // What this page holds that a reload would lose: key -> words ("a run in progress").
  const held = new Map();
  self.labWork = {
    hold(key, on, words = say('work')) { if (on) held.set(key, words); else held.delete(key); },
    holding: () => [...held.values()],
  };
  const sw = navigator.serviceWorker;
  const standing = (state) => { document.documentElement.dataset.offline = state; };
  if (!sw || !/^https?:$/.test(location.protocol) || window.top !== window || !window.isSecureContext) {
    standing('unavailable');
    return;
  }
  const root = new URL('../', document.currentScript.src);
  // How long an idle moment is waited for once the page is interactive, and the pause
  // that stands for it where the browser has no requestIdleCallback (Safari).
  const IDLE_WAIT_MS = 2000, IDLE_FALLBACK_MS = 200;
  // The longest wait for an engine that does not settle (the engine's own start gives up
  // after 3 tries of 30 s, engine/lab-client.js).
  const ENGINE_WAIT_MS = 90000;

  // A reload into isolation is only done before the student has done anything here.
  let touched = false;
  for (const type of ['keydown', 'pointerdown', 'input']) addEventListener(type, () => { touched = true; }, { capture: true, once: true });

  const controlledAtLoad = Boolean(sw.controller);
  const reloadForIsolation = () => !controlledAtLoad && !window.crossOriginIsolated && !touched
    && !sessionStorage.getItem('lab-isolation-reload');
  sw.addEventListener('controllerchange', () => {
    if (controlledAtLoad) {
      // A new build took over (this tab or another asked it to): this page is of the
      // old one, and its next request would be answered from the new one. Reload, unless
      // the page holds work a reload would lose: then it says so and reloads when asked.
      if (!held.size || switching) location.reload();
      else offerReload();
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

  const button = (id, text, onClick) => {
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: text, id });
    b.addEventListener('click', onClick);
    return b;
  };
  const statusSpan = (...children) => {
    const span = document.createElement('span');
    span.setAttribute('role', 'status');
    span.append(...children);
    return span;
  };
  const list = () => [...new Set(held.values())].join(', ');

  // True once this tab asked for the new build: its own reload is then expected.
  let switching = false;
  function offerUpdate(waiting) {
    const use = () => { switching = true; waiting.postMessage({ type: 'SKIP_WAITING' }); };
    whenReady(() => footer(() => statusSpan(`${say('ready')} `, button('offline-update', say('useNow'), () => {
      if (!held.size) { use(); return; }
      // This tab holds work a reload would lose: ask here, in words, before switching.
      footer(() => statusSpan(`${say('switchAsk', list())} `,
        button('offline-update-confirm', say('switch'), use), ' ',
        button('offline-update-later', say('later'), () => offerUpdate(waiting))));
      document.getElementById('offline-update-later').focus();
    }), ` ${say('everyTab')}`)));
  }

  // Another tab switched to a new build while this one holds work: this tab keeps the
  // old build until the student reloads it.
  function offerReload() {
    document.documentElement.dataset.offline = 'stale';
    whenReady(() => footer(() => statusSpan(`${say('otherTab', list())} `,
      button('offline-reload', say('reload'), () => location.reload()))));
  }

  // Heard from the start: the engine may settle before the page's load event.
  let engineSettled = false;
  document.addEventListener('lab-engine-settled', () => { engineSettled = true; }, { once: true });

  // then() once, when the page is interactive (see the header), in an idle moment.
  function whenInteractive(then) {
    let called = false;
    const once = () => { if (!called) { called = true; then(); } };
    const idle = () => (self.requestIdleCallback ? requestIdleCallback(once, { timeout: IDLE_WAIT_MS }) : setTimeout(once, IDLE_FALLBACK_MS));
    const afterLoad = () => {
      if (!document.getElementById('build-status') || engineSettled) { idle(); return; }
      document.addEventListener('lab-engine-settled', idle, { once: true });
      // An engine that never settles must not keep the lab from working offline.
      setTimeout(idle, ENGINE_WAIT_MS);
    };
    if (document.readyState === 'complete') afterLoad();
    else addEventListener('load', afterLoad, { once: true });
  }

  whenInteractive(() => sw.register(new URL('service-worker.js', root), { scope: root.href }).then((registration) => {
    if (registration.waiting && sw.controller) offerUpdate(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const next = registration.installing;
      next.addEventListener('statechange', () => {
        if (next.state === 'installed' && sw.controller) offerUpdate(next);
      });
    });
    return sw.ready;
  }).then(() => whenReady(() => {
    if (!document.getElementById('offline-update')) footer(() => document.createTextNode(say('available')));
    // (A page about to be reloaded into isolation is not settled yet: its reload is.)
    if (!reloadForIsolation()) standing('ready');
  })).catch(() => standing('unavailable')));  // refused (a private window, a policy): online as before
})();
