// What every widget page shows the same way, written once: the engine's status line
// (which build really runs, or why none does), the link that reproduces the page's
// settings, and the notice naming what a link asked for and did not get.
//
//   showEngineStatus(lab, (info) => { ...enable Start... });
//   showShareLink(`race.html${toQuery(spec, settings)}`);
//   showUrlNotice(ignored);   // the messages fromQuery gave, if any
const $ = (id) => document.getElementById(id);

// #build-status from the worker's build info (describeBuild); body[data-build] names the
// variant for the tests. onReady runs once the engine is ready.
export function showEngineStatus(lab, describeBuild, onReady = () => {}) {
  return lab.ready.then((info) => {
    $('build-status').textContent = describeBuild(info);
    document.body.dataset.build = info.variant;
    onReady(info);
    return info;
  }, (err) => { $('build-status').textContent = `The WebAssembly module did not load: ${err.message}`; });
}

// #share-link: its address and its visible text (text, never HTML).
export function showShareLink(href) {
  $('share-link').href = href;
  $('share-link').textContent = href;
}

// #url-notice, shown only when a link's settings were ignored (each message says why).
export function showUrlNotice(ignored) {
  if (!ignored.length) return;
  $('url-notice').hidden = false;
  $('url-notice').textContent = `Some settings in this link were ignored and their defaults used instead: ${ignored.join(' ')}`;
}
