// The shell every generated page shares: head, the lab's navigation, the data
// the page's script reads (embedded, so pages work from file:// without fetch).
import { escapeHtml } from './html.mjs';
import { t } from '../../web/js/ui/i18n.js';

// The navigation: the registry's pages that have a "nav" label, in its order.
export function navHtml(pages, current) {
  const items = pages.filter((p) => p.nav).map((p) => (p.file === current
    ? `<li><a href="${p.file}" aria-current="page">${escapeHtml(p.nav)}</a></li>`
    : `<li><a href="${p.file}">${escapeHtml(p.nav)}</a></li>`)).join('');
  // Where the student's work is downloaded, reachable from every student's page (the
  // instructor's gradebook has no work of its own to hand in).
  const checks = pages.find((p) => p.kind === 'checks');
  const own = pages.find((p) => p.file === current);
  const handin = checks && !(own && own.kind === 'instructor') ? `<li class="nav-handin"><a href="${checks.file}#hand-in">${escapeHtml(t('shell.handIn'))}</a></li>` : '';
  return `<nav aria-label="${escapeHtml(t('shell.nav'))}"><ul class="nav">${items}${handin}</ul></nav>`;
}

// The colour theme, chosen in the header (js/theme.js saves and applies it; with no
// choice saved, the system's).
export function themeChoiceHtml() {
  const option = (value, key) => `<option value="${value}">${escapeHtml(t(key))}</option>`;
  return `<div class="theme-choice"><label for="site-theme">${escapeHtml(t('shell.theme'))}</label><select id="site-theme">`
    + `${option('system', 'shell.themeSystem')}${option('light', 'shell.themeLight')}${option('dark', 'shell.themeDark')}</select></div>`;
}

// The languages of the site, each the same page in that language: links, so that the
// choice works without scripts and is kept in the link; js/theme.js remembers the one
// chosen and carries the page's settings (query and fragment) across.
//   languages: [{lang, name (in its own language), href}], current: the page's lang
export function languageChoiceHtml(languages, current) {
  if (!languages || languages.length < 2) return '';
  const items = languages.map((l) => `<li><a href="${escapeHtml(l.href)}" hreflang="${l.lang}" lang="${l.lang}" data-lang-choice="${l.lang}"${l.lang === current ? ' aria-current="true"' : ''}>${escapeHtml(l.name)}</a></li>`).join('');
  return `<nav class="language-choice" aria-label="${escapeHtml(t('shell.language'))}"><ul>${items}</ul></nav>`;
}

// Where a page shows words of another language than its own (a part not yet translated):
// a note in the page's language, and the part marked with its own lang for screen readers.
export function fallbackNote(lang, first) {
  return `<p class="notice fallback-note" lang="${lang}" data-fallback="${first}">${escapeHtml(t('shell.fallback', { language: languageName(first, lang) }))}</p>`;
}

// The words js/offline.js shows (a classic script without the catalogs), in the page's
// language; {list} stays for it to fill in.
const OFFLINE = ['ready', 'useNow', 'switchAsk', 'switch', 'later', 'everyTab', 'otherTab', 'reload', 'available', 'work'];
function offlineWords() {
  return Object.fromEntries(OFFLINE.map((k) => [k, t(`offline.${k}`, { list: '{list}' })]));
}

// A language's name in another's words ("anglais" for en in fr), from Intl.
export function languageName(lang, inLang = lang) {
  const name = new Intl.DisplayNames([inLang], { type: 'language' }).of(lang) || lang;
  return inLang === lang ? name.charAt(0).toLocaleUpperCase(lang) + name.slice(1) : name;
}

// JSON inside <script> must not contain "</" (it would end the element).
export function dataScript(data) {
  return `<script type="application/json" id="lab-data">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

// A page that runs the module starts its worker first thing in <head>, and the worker its
// download ('warm', web/js/engine/lab-worker.js), so the engine (the largest thing the page
// needs) comes over the network beside the page's styles and script rather than after them;
// the page's LabClient adopts the worker. One worker, one request for each file, on any host.
// Not from disk: there the page builds its worker from a string (lab-client.js, inlineWorker).
// What the worker says before the page listens is kept for it (its loading stages), and a
// worker that failed to start is marked so that the page makes another.
function earlyWorkerScript(root) {
  const url = JSON.stringify(`${root}js/lab-worker.js`);
  return `<script>if (location.protocol !== 'file:' && self.Worker) try { var early = window.labEarlyWorker = { url: ${url}, worker: new Worker(${url}), messages: [] }; early.worker.onmessage = function (e) { early.messages.push(e.data); }; early.worker.onerror = function () { early.failed = true; }; early.worker.postMessage({ type: 'warm' }); } catch (e) { window.labEarlyWorker = null; }</script>`;
}

// The first number format a page makes loads the browser's locale data (30-50 ms on the
// 2-core test machine, more while the engine compiles beside it): asked for here in a task
// of its own, ahead of the page's script, it is not part of that script's first task
// (ui/i18n.js formats every message with Intl; a long task is one over 50 ms).
const WARM_INTL_SCRIPT = '<script>setTimeout(function () { try { var l = document.documentElement.lang || undefined; Intl.NumberFormat.supportedLocalesOf(l); new Intl.NumberFormat(l).format(0.5); new Intl.PluralRules(l).select(1); } catch (e) { /* a warm-up only */ } }, 0);</script>';

// pages: the registry (content/pages.json), for the navigation. widget: the page
// runs the module, so it has a status line for the WebAssembly build. embeddable: a
// widget page, which ?embed shows alone for a frame (web/js/embed/embedded.js). Every page
// loads js/offline.js, which registers the site's service worker (offline use, and
// threads on hosts without COOP/COEP) and says in the footer when the lab works offline.
//
// A page in another language than the course's first lives in LANG/ (fr/race.html): its
// page links stay as they are, and root ('../') leads its scripts, styles and the engine
// back to the site's one copy. mainLang: the language of <main> when it is not the
// page's (a part shown in the first language), with a note saying so.
export function page({ pages, file, title, body, script, data, head = '', widget = false, embeddable = false, lang = 'en', root = '', languages = [], mainLang = null }) {
  const attrs = `lang="${lang}"${root ? ` data-root="${root}"` : ''}${languages.length > 1 ? ` data-languages="${languages.map((l) => l.lang).join(' ')}"` : ''}`;
  return `<!doctype html>
<html ${attrs}>
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  ${widget ? earlyWorkerScript(root) : ''}
  ${script ? WARM_INTL_SCRIPT : ''}
  <script src="${root}js/theme.js"></script>
  ${embeddable ? '<script>if (/[?&]embed(=|&|$)/.test(location.search)) document.documentElement.classList.add(\'embed\');</script>' : ''}
  <script src="${root}js/offline.js"></script>
  <link rel="icon" href="${root}favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="${root}css/lab.css">
  ${languages.filter((l) => l.lang !== lang).map((l) => `<link rel="alternate" hreflang="${l.lang}" href="${escapeHtml(l.href)}">`).join('\n  ')}
  ${languages.length > 1 ? `<script src="${root}js/language.js"></script>` : ''}
  ${head.replace(/(href|src)="vendor\//g, `$1="${root}vendor/`)}
  ${data ? dataScript(data) : ''}
  ${script ? `<script defer src="${root}js/${script}"></script>` : ''}
  ${data && data.glossary ? `<script defer src="${root}js/glossary-links.js"></script>` : ''}
</head>
<body${embeddable ? ' data-embeddable="true"' : ''}>
  <a class="skip" href="#main">${escapeHtml(t('shell.skip'))}</a>
  <header class="site">
    ${navHtml(pages, file)}
    ${languageChoiceHtml(languages, lang)}
    ${themeChoiceHtml()}
    ${widget ? `<div id="build-status" class="status" role="status">${escapeHtml(t('shell.engineLoading'))}</div>` : ''}
  </header>
  <main id="main"${mainLang ? ` lang="${mainLang}"` : ''}>${mainLang ? `\n${fallbackNote(lang, mainLang)}` : ''}
${body}
  </main>
  <footer class="site"><p id="offline-status" hidden data-words="${escapeHtml(JSON.stringify(offlineWords()))}"></p></footer>
</body>
</html>
`;
}
