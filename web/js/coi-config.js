// Settings for coi-serviceworker (loaded right after this file), which gives
// cross-origin isolation, and so WebAssembly threads, on hosts that cannot send
// COOP/COEP headers (GitHub Pages). It registers a service worker and reloads the
// page once. Inside a frame (an LMS) isolation is impossible whatever we do, so
// there it stays out of the way; the single-thread build runs.
window.coi = {
  shouldRegister: () => window.top === window,
  quiet: true,
};
