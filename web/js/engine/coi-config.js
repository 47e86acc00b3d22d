// Settings for coi-serviceworker (loaded right after this file), which gives
// cross-origin isolation, and so WebAssembly threads, on hosts that cannot send
// COOP/COEP headers (GitHub Pages). It registers a service worker and reloads the
// page once. Inside a frame (an LMS) isolation is impossible whatever we do, so
// there it stays out of the way, as it does for pages opened from disk (no
// service workers for file://); the single-thread build runs.
window.coi = {
  shouldRegister: () => window.top === window && /^https?:$/.test(location.protocol),
  quiet: true,
};
