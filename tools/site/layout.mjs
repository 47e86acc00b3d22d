// The shell every generated page shares: head, the lab's navigation, the data
// the page's script reads (embedded, so pages work from file:// without fetch).
import { escapeHtml } from './html.mjs';

// The navigation: the registry's pages that have a "nav" label, in its order.
export function navHtml(pages, current) {
  const items = pages.filter((p) => p.nav).map((p) => (p.file === current
    ? `<li><a href="${p.file}" aria-current="page">${escapeHtml(p.nav)}</a></li>`
    : `<li><a href="${p.file}">${escapeHtml(p.nav)}</a></li>`)).join('');
  // Where the student's work is downloaded, reachable from every student's page (the
  // instructor's gradebook has no work of its own to hand in).
  const checks = pages.find((p) => p.kind === 'checks');
  const own = pages.find((p) => p.file === current);
  const handin = checks && !(own && own.kind === 'instructor') ? `<li class="nav-handin"><a href="${checks.file}#hand-in">Download my work</a></li>` : '';
  return `<nav aria-label="Lab pages"><ul class="nav">${items}${handin}</ul></nav>`;
}

// The colour theme, chosen in the header (js/theme.js saves and applies it; with no
// choice saved, the system's).
export function themeChoiceHtml() {
  return '<div class="theme-choice"><label for="site-theme">Theme</label><select id="site-theme">'
    + '<option value="system">System</option><option value="light">Light</option><option value="dark">Dark</option></select></div>';
}

// JSON inside <script> must not contain "</" (it would end the element).
export function dataScript(data) {
  return `<script type="application/json" id="lab-data">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

// pages: the registry (content/pages.json), for the navigation. widget: the page
// runs the module, so it has a status line for the WebAssembly build. embeddable: a
// widget page, which ?embed shows alone for a frame (web/js/embed/embedded.js). Every page
// loads js/offline.js, which registers the site's service worker (offline use, and
// threads on hosts without COOP/COEP) and says in the footer when the lab works offline.
export function page({ pages, file, title, body, script, data, head = '', widget = false, embeddable = false }) {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <script src="js/theme.js"></script>
  ${embeddable ? '<script>if (/[?&]embed(=|&|$)/.test(location.search)) document.documentElement.classList.add(\'embed\');</script>' : ''}
  <script src="js/offline.js"></script>
  <link rel="icon" href="favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="css/lab.css">
  ${head}
  ${data ? dataScript(data) : ''}
  ${script ? `<script defer src="js/${script}"></script>` : ''}
  ${data && data.glossary ? '<script defer src="js/glossary-links.js"></script>' : ''}
</head>
<body${embeddable ? ' data-embeddable="true"' : ''}>
  <a class="skip" href="#main">Skip to the content</a>
  <header class="site">
    ${navHtml(pages, file)}
    ${themeChoiceHtml()}
    ${widget ? '<div id="build-status" class="status" role="status">Loading the lab\'s engine…</div>' : ''}
  </header>
  <main id="main">
${body}
  </main>
  <footer class="site"><p id="offline-status" hidden></p></footer>
</body>
</html>
`;
}
