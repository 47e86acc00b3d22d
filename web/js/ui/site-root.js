// A file of the built site from any page: the pages of another language than the course's
// first live in a folder of their own (fr/race.html) and say the way back to the site's
// root on <html data-root="../"> (tools/site/layout.mjs); the scripts, the engine and the
// workers have one copy, at the root.
//   siteUrl('js/lab-worker.js') -> 'js/lab-worker.js' | '../js/lab-worker.js'
export function siteUrl(path) {
  const root = typeof document !== 'undefined' ? document.documentElement.dataset.root || '' : '';
  return `${root}${path}`;
}
