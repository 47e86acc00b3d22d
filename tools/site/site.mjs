// A course's site from the kit (tools/site/kit.mjs) and its content folder, with Node
// alone: no compiler, no esbuild, no files of this repository but what the kit holds.
// What the npm package's `attention-lab build` runs (tools/package/cli.mjs), and the
// second half of the repository's own build (tools/site/build.mjs).
// - pages rendered from the content (lesson with KaTeX maths, quick checks, landing page,
//   the gradebook, each widget's markup with the content's numbers filled in)
// - the kit's files as they are (scripts, styles, fonts, the WebAssembly modules)
// - the service worker with the list of every file it keeps for offline use
// - the SCORM packages and question banks, from the finished site
// - last, the .br and .gz twins of the site's own pages (tools/site/compress.mjs; the
//   kit's files come with theirs), after every file has its final bytes
// A malformed content file stops the build with "file:line:column: what is wrong".
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadContent } from './content.mjs';
import { kitFiles } from './registry.mjs';
import { renderInline } from './markdown.mjs';
import { fillRefs, renderSection } from './lesson.mjs';
import { escapeHtml } from './html.mjs';
import { ContentError, lineOf } from './errors.mjs';
import { renderCheck } from './checks-html.mjs';
import { assignedChecks, assignedSentence, checkLabel } from '../../web/js/work/check-label.js';
import { exerciseShortName } from '../../web/js/work/exercise-words.js';
import { dataScript, fallbackNote, languageName, page } from './layout.mjs';
import { courseLanguages, languageDir, localContent, rootFrom } from './languages.mjs';
import { localDecimal, t, useLanguage } from '../../web/js/ui/i18n.js';
import { PACKAGES, scormPackage } from './scorm.mjs';
import { questionBanks } from './question-banks.mjs';
import { REPORT_FILE, reportPage } from './report.mjs';
import { checkNoTextMaths, formulasIn, templatesHtml, typesetHtml } from './maths.mjs';
import { FORMULAS, engineMaths } from '../../web/js/ui/maths.js';
import { PSEUDO, pseudoContent, pseudoHtml } from './pseudo-locale.mjs';
import { QUALITY, compressTree, isTwin } from './compress.mjs';
import { siteKatexFonts } from './katex-fonts.mjs';

// The kit's layout version: a site builder reads only a kit of its own format.
export const KIT_FORMAT = 1;
// Where the service worker of the kit takes the site's list of files.
export const PRECACHE_TOKEN = '__ATTENTION_LAB_PRECACHE__';

export function readKit(kitDir) {
  const path = join(kitDir, 'kit.json');
  if (!existsSync(path)) throw new Error(`${kitDir} is not a kit of the attention lab (no kit.json)`);
  const kit = JSON.parse(readFileSync(path, 'utf8'));
  if (kit.format !== KIT_FORMAT) throw new Error(`${kitDir} is a kit of format ${kit.format}; this builder reads format ${KIT_FORMAT}`);
  return kit;
}

// The kit's message catalogs (web/js/messages/LANG.json): {lang: {key: message}}.
function readCatalogs(kitDir) {
  const dir = join(kitDir, 'messages');
  return Object.fromEntries(readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(dir, f), 'utf8'))]));
}

// pseudo: also the pseudo-locale en-XA (tools/site/pseudo-locale.mjs), for the layout tests.
// compress: false leaves the site's own pages without twins (a site served while it is
// edited, rebuilt at every save: the twins' Brotli would be most of the wait).
export async function siteFromKit({ out, kitDir, contentDir, pseudo = false, compress = true }) {
  const kit = readKit(kitDir);
  const base = loadContent(contentDir, kitFiles(kitDir));
  const first = base.course.language || 'en';
  const languages = [...courseLanguages(contentDir, first), ...(pseudo ? [PSEUDO] : [])];
  const catalogs = readCatalogs(kitDir);
  kit.english = catalogs.en;  // what the scripts bundle (pageMessages)

  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  cpSync(join(kitDir, 'site'), out, { recursive: true });

  // Every language's pages, the first at the site's root and each other in its folder.
  const engineCatalogs = readEngineCatalogs(kitDir);
  for (const lang of languages) {
    const local = lang === PSEUDO ? pseudoContent(contentDir, base, catalogs) : localContent(contentDir, base, lang, catalogs);
    const content = { ...local, engine: engineCatalogs[lang] || {} };
    useLanguage(lang, content.messages);
    try {
      languagePages(out, kitDir, kit, content, languages);
    } finally {
      useLanguage(first, localContent(contentDir, base, first, catalogs).messages);
    }
  }
  const content = base;
  const { pages } = content;
  const report = reportPage(kitDir, pages, content.course.title);
  if (report) writeFileSync(join(out, REPORT_FILE), report);
  // The LMS's launch page (one: it holds the lab in a frame), opening the lab in the
  // language content/assignment.json's lms.language chooses (the first by default).
  const launch = pages.find((p) => p.kind === 'launch');
  if (launch) {
    const opens = launchLanguage(content.assignment, languages.filter((l) => l !== PSEUDO), first);
    const local = localContent(contentDir, base, opens, catalogs);
    useLanguage(opens, local.messages);
    try {
      writeFileSync(join(out, launch.file), launchPage(local, siteData(kit, local), launch));
    } finally {
      useLanguage(first, localContent(contentDir, base, first, catalogs).messages);
    }
  }

  embedPages(kitDir, out);
  fillServiceWorker(out, kitDir);

  // Last, from the finished site: the SCORM 1.2 and 2004 packages, offered on the instructor page.
  mkdirSync(join(out, 'downloads'), { recursive: true });
  const masteryScore = content.assignment.lms ? content.assignment.lms.masteryScore : null;
  for (const [version, name] of Object.entries(PACKAGES)) {
    writeFileSync(join(out, 'downloads', name), scormPackage(out, { title: content.course.title, pages, version, masteryScore }));
  }
  // And the quick checks as question banks for an LMS's own quiz engine (not in the package),
  // in every language: downloads/ for the first, downloads/fr/ for French.
  for (const lang of languages.filter((l) => l !== PSEUDO)) {
    const local = localContent(contentDir, base, lang, catalogs);
    mkdirSync(join(out, 'downloads', languageDir(lang, first)), { recursive: true });
    useLanguage(lang, local.messages);  // the banks' own words ("Model answer:") in their language
    try {
      for (const [name, bank] of questionBanks(local.checks, { title: local.course.title })) writeFileSync(join(out, 'downloads', languageDir(lang, first), name), bank);
    } finally {
      useLanguage(first, localContent(contentDir, base, first, catalogs).messages);
    }
  }
  if (compress) await compressTree(out, { quality: QUALITY.pages });
  return { sections: content.sections.length, checks: content.checks.length, languages };
}

// The engine's words in each language but English (web/js/messages/engine/LANG.json,
// read by web/js/ui/engine-words.js): {lang: {English template: message}}.
function readEngineCatalogs(kitDir) {
  const dir = join(kitDir, 'messages/engine');
  if (!existsSync(dir)) return {};
  return Object.fromEntries(readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(dir, f), 'utf8')).messages]));
}

// The texts of an engine catalog with their formulas as the page will write them: a
// subscript that is a placeholder ("q_{n}") with each digit the engine puts there (1 to 9).
function engineFormulaTexts(messages) {
  return Object.values(messages || {}).flatMap((m) => (/_\{\w+\}/.test(m)
    ? Array.from({ length: 9 }, (_, d) => m.replace(/_\{\w+\}/g, `_${d + 1}`)) : [m])).map(engineMaths);
}

// The catalog a page carries: every script bundles the English one (web/js/ui/i18n.js), so
// an English page carries only the course's own wording (content/messages.json), not 76 KB
// that its browser would parse again at every visit.
function pageMessages(lang, messages, english) {
  if (lang !== 'en' || !english) return messages;
  return Object.fromEntries(Object.entries(messages || {}).filter(([key, text]) => english[key] !== text));
}

// What every page's script reads (#lab-data), in the page's language.
function siteData(kit, content) {
  return {
    // Which lab made the pages: a hand-in carries it, the gradebook compares it with its own.
    build: { version: kit.version, engine: kit.engine },
    lang: content.lang,
    messages: pageMessages(content.lang, content.messages, kit.english),
    // The engine's words in this language (none in English: the engine writes English).
    engine: content.engine || {},
    course: content.course,
    checks: content.checks,
    assignment: content.assignment,
    widgets: content.widgets,
    shared: content.shared,
    glossary: content.glossary,
  };
}

// One language's pages (content: localContent's), in out/ or out/LANG/.
function languagePages(out, kitDir, kit, content, languages) {
  const { pages, lang, first } = content;
  const dir = languageDir(lang, first), root = rootFrom(lang, first);
  mkdirSync(join(out, dir), { recursive: true });
  const data = siteData(kit, content);
  const switchTo = (file) => languages.map((l) => ({ lang: l, name: languageName(l), href: `${root}${languageDir(l, first)}${file}` }));
  const shell = (p) => ({ lang, root, languages: switchTo(p.file) });

  const katexCss = '<link rel="stylesheet" href="vendor/katex/katex.min.css">';
  const formulas = [...FORMULAS, ...formulasIn(content.widgets)];
  const templates = templatesHtml(formulas, 'web/js/ui/maths.js');
  // The exercises page also writes the engine's prompts, parts and feedback (src/exercises/).
  const engineStrings = JSON.parse(readFileSync(join(kitDir, 'engine-strings.json'), 'utf8'));
  const engineTexts = [...engineStrings.map(engineMaths), ...engineFormulaTexts(data.engine)];
  const exerciseTemplates = templatesHtml([...formulas, ...formulasIn(engineTexts)], 'src/exercises');
  // Not yet in this language: the widgets' own markup and the gradebook are shown in the
  // first language, marked as such (the catalogs hold their words in a later step).
  const notYet = lang === first || lang === PSEUDO ? null : first;  // (the pseudo-locale's markup is made from the first's)
  const builders = {
    home: (p) => landingPage(content, data, p, shell(p)),
    lesson: (p) => lessonPage(content, data, p, katexCss, shell(p)),
    checks: (p) => checksPage(content, data, p, katexCss, templates, shell(p)),
    instructor: (p) => instructorPage(content, data, p, katexCss, templates, shell(p)),
    // A widget's <main> is hand-written in web/pages/, the shell is shared.
    // Its formulas ($…$) typeset here, and those its script writes ready to be cloned.
    widget: (p) => page({
      pages, file: p.file, title: `${p.title} · ${content.course.title}`, script: p.script, data, widget: true, embeddable: true, head: katexCss,
      body: widgetBody(kitDir, p, content.widgets, lang) + (p.name === 'exercises' ? exerciseTemplates : templates), ...shell(p),
      mainLang: notYet && !widgetMarkup(kitDir, p.name, lang).lang ? notYet : null,
    }),
  };
  for (const p of pages.filter((x) => builders[x.kind])) writeFileSync(join(out, dir, p.file), builders[p.kind](p));
}

// A widget page's hand-written <main> (web/pages/NAME.html, in the kit): the content's
// numbers filled in, no maths written as text, its formulas typeset.
// The markup in the page's language when the kit has it (pages/LANG/NAME.html).
export function widgetMarkup(kitDir, name, lang) {
  const own = join(kitDir, 'pages', lang, `${name}.html`);
  return existsSync(own) ? { path: own, file: `web/pages/${lang}/${name}.html`, lang } : { path: join(kitDir, 'pages', `${name}.html`), file: `web/pages/${name}.html`, lang: null };
}

function widgetBody(kitDir, p, widgets, lang) {
  const { path, file } = widgetMarkup(kitDir, p.name, lang);
  const markup = readFileSync(path, 'utf8');
  const html = fillRefs(lang === PSEUDO ? pseudoHtml(markup) : markup, widgets, file);
  checkNoTextMaths(html, file);
  return typesetHtml(html, file);
}

// The embedding demonstrations (docs/embed/), their formulas ($…$) typeset as the
// widgets' are, with KaTeX's stylesheet from the site.
function embedPages(kitDir, out) {
  const dir = join(kitDir, 'embed-pages');
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.html'))) {
    const html = readFileSync(join(dir, f), 'utf8');
    const maths = /\$[^$\n]+\$/.test(html.replace(/<script\b[\s\S]*?<\/script>/g, ''));
    writeFileSync(join(out, 'embed', f), maths ? typesetHtml(html, `docs/embed/${f}`).replace('</head>', '  <link rel="stylesheet" href="../vendor/katex/katex.min.css">\n</head>') : html);
  }
}

// What a browser keeps for offline use: every file of the site but the downloads (the
// packages an instructor fetches once), the worker for pages opened from disk (no
// service worker there) and older font formats (every browser that runs the lab reads
// KaTeX's woff2 and the demo deck's woff), nor the compressed twins (the host's way of
// sending a file, not files of their own), nor the KaTeX fonts no page of the site can
// show (katexFonts: those some page can, tools/site/katex-fonts.mjs). Each with a hash of
// its bytes, so a new build stores only what changed.
function precacheList(out, katexFonts, dir = '') {
  return readdirSync(join(out, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name)).flatMap((e) => {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) return rel === 'downloads' ? [] : precacheList(out, katexFonts, rel);
    if (rel === 'service-worker.js') return [];  // (a browser fetches it anew to find a new build)
    if (isTwin(rel)) return [];
    if (dir === 'vendor/katex/fonts' && !katexFonts.has(e.name)) return [];
    // The demonstration deck sets no text in italics (docs/embed/deck.html): its theme's
    // italic faces are never fetched (tests/browser/page-fonts.test.mjs).
    if (/^embed\/vendor\/reveal\/theme\/fonts\/.*italic/.test(rel)) return [];
    if (rel === 'js/lab-worker-inline.js' || /\.(eot|ttf)$/.test(rel)) return [];
    return [{ url: rel, revision: createHash('sha256').update(readFileSync(join(out, rel))).digest('hex').slice(0, 16) }];
  });
}

// The service worker (web/js/offline/service-worker.js, bundled in the kit) with this
// site's list of files in place of its token.
export function fillServiceWorker(out, kitDir) {
  const code = readFileSync(join(kitDir, 'service-worker.js'), 'utf8');
  const parts = code.split(PRECACHE_TOKEN);
  if (parts.length !== 2) throw new Error(`${kitDir}/service-worker.js should hold ${PRECACHE_TOKEN} once`);
  writeFileSync(join(out, 'service-worker.js'), parts.join(JSON.stringify(precacheList(out, siteKatexFonts(out)))));
}

// The landing page, which is also the student's dashboard (web/js/pages/index.js fills
// in their progress from the saved work): each activity with its rough time, ticked
// once done.
function landingPage(content, data, home, shell) {
  const c = content.course;
  const outcomes = c.outcomes.map((o) => `<li>${renderInline(o, 'content/course.json', 0)}</li>`).join('');
  const cards = content.pages.filter((p) => p.card).map((p) => {
    const [link, rest] = p.card;
    const minutes = p.minutes ? ` <span class="minutes">${escapeHtml(t('home.minutes', { minutes: p.minutes }))}</span>` : '';
    return `<li data-page="${escapeHtml(p.name)}"><span class="done-mark" aria-hidden="true"></span><a href="${p.file}">${escapeHtml(link)}</a>: ${escapeHtml(rest).replace('{checks}', `<span class="assigned-count">${assignedChecks(content.checks, content.assignment).length}</span>`)}${minutes}<span class="done-text"></span></li>`;
  }).join('\n      ');
  const instructor = content.pages.find((p) => p.kind === 'instructor');
  const body = `
    <h1>${escapeHtml(c.title)}</h1>
    <p class="lead">${escapeHtml(c.module)}. ${renderInline(c.summary, 'content/course.json', 0)}</p>
    <section id="progress" class="panel" aria-labelledby="progress-title">
      <h2 id="progress-title">${escapeHtml(t('home.progress'))}</h2>
      <p id="progress-done" role="status"></p>
      <p id="progress-checks"></p>
      <p id="progress-race"></p>
      <p><a class="button-link" href="checks.html#hand-in">${escapeHtml(t('shell.handIn'))}</a> ${escapeHtml(t('home.handInWhere'))}</p>
    </section>
    <h2>${escapeHtml(t('home.outcomes'))}</h2>
    <ul class="outcomes">${outcomes}</ul>
    <h2>${escapeHtml(t('home.theLab'))}</h2>
    <ol class="cards">
      ${cards}
    </ol>
    <p class="help">${escapeHtml(t('home.runsHere'))}
      ${instructor ? `<!-- site-only -->${linkIn('home.instructors', instructor.file)}<!-- /site-only -->` : ''}</p>`;
  return page({ pages: content.pages, file: home.file, title: c.title, body, script: home.script, data, ...shell });
}

// The SCORM package's launch page: no navigation of its own, the lab in a frame that
// fills the window (web/js/pages/scorm-launch.js holds the one LMS session of the visit).
// A message with a link in it, written as an ICU tag: "see <link>the gradebook page</link>"
// -> its text escaped, the tag's words a link to href.
function linkIn(key, href) {
  const text = t(key, { link: (words) => `\u0001${words.join('')}\u0002` });
  return escapeHtml(text).replace(/\u0001([^\u0002]*)\u0002/g, `<a href="${escapeHtml(href)}">$1</a>`);
}

// The language the LMS opens the lab in: assignment.json's lms.language, one the course has.
function launchLanguage(assignment, languages, first) {
  const lang = assignment.lms && assignment.lms.language;
  if (lang === undefined) return first;
  if (!languages.includes(lang)) {
    const text = JSON.stringify(assignment, null, 2);
    throw new ContentError('content/assignment.json', lineOf(text, '"language"') || 1, `lms.language "${lang}" is not a language of this course (${languages.join(', ')}): a folder content/${lang}/ holds its words`);
  }
  return lang;
}

function launchPage(content, data, p) {
  const home = content.pages.find((x) => x.kind === 'home');
  return `<!doctype html>
<html lang="${content.lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(`${p.title} · ${content.course.title}`)}</title>
  <script src="js/theme.js"></script>
  <link rel="icon" href="favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="css/lab.css">
  ${dataScript(data)}
  <script defer src="js/${p.script}"></script>
</head>
<body class="launch">
  <p id="launch-notice" class="notice" role="status" hidden></p>
  <iframe id="lab-frame" title="${escapeHtml(content.course.title)}" data-src="${languageDir(content.lang, content.first)}${home.file}"></iframe>
</body>
</html>
`;
}

// The glossary (content/glossary.json) as the lesson's last section; every page links
// a term's first use to its entry here (web/js/ui/glossary-links.js).
function glossarySection(terms, lang) {
  const entries = [...terms].sort((a, b) => a.term.localeCompare(b.term, lang)).map((g) =>
    `<dt id="g-${escapeHtml(g.id)}">${escapeHtml(g.term)}</dt><dd>${escapeHtml(g.definition)}</dd>`).join('\n');
  return `<section id="glossary" aria-labelledby="glossary-title">
<h2 id="glossary-title">${escapeHtml(t('lesson.glossary'))}</h2>
<dl class="glossary">${entries}</dl>
</section>`;
}

// How the checks are numbered and how many are assigned, in words (web/js/work/check-label.js).
// #checks-assigned holds the build's assignment; the page's script writes the one the
// student works on (an instructor's link may choose another).
function checksOrder(content) {
  return `${escapeHtml(t('checks.numbered'))} <span id="checks-assigned">${escapeHtml(assignedSentence(content.checks, content.assignment))}</span>`;
}

function lessonPage(content, data, p, head, shell) {
  const ctx = { pages: content.pages, widgets: content.widgets, diagrams: content.diagrams, checks: Object.fromEntries(content.checks.map((c) => [c.id, c])), usedChecks: new Set(), lang: content.lang, first: content.first, fallbacks: content.fallbacks };
  const rendered = content.sections.map((s) => ({ ...s, ...renderSection(s, ctx) }));
  const toc = rendered.map((s) => `<li><a href="#${s.slug}"${s.fallback ? ` lang="${content.first}"` : ''}>${escapeHtml(s.title)}</a></li>`).join('') + `<li><a href="#glossary">${escapeHtml(t('lesson.glossary'))}</a></li>`;
  // A section not yet written in this language is the first language's, marked and said so.
  const sections = rendered.map((s) => `<section id="${s.slug}" aria-labelledby="${s.slug}-title"${s.fallback ? ` lang="${content.first}"` : ''}>
${s.fallback ? fallbackNote(content.lang, content.first) : ''}<h2 id="${s.slug}-title">${escapeHtml(s.title)}</h2>
${s.html}
</section>`).join('\n');
  const body = `
    <h1>${escapeHtml(t('lesson.title', { course: content.course.title }))}</h1>
    <nav aria-labelledby="toc-title" class="toc"><h2 id="toc-title">${escapeHtml(t('lesson.contents'))}</h2><ol>${toc}</ol></nav>
    <p class="help" id="checks-order">${checksOrder(content)} ${linkIn('lesson.checksBeside', 'checks.html')}</p>
    <p id="storage-notice" class="notice" hidden></p>
    <p id="lms-notice" class="notice" role="status" hidden></p>
    ${sections}
    ${glossarySection(content.glossary, content.lang)}
    <p><a href="checks.html">${escapeHtml(t('lesson.toChecks'))}</a></p>`;
  return page({ pages: content.pages, file: p.file, title: `${p.title} · ${content.course.title}`, body, script: p.script, data, head, ...shell });
}

function checksPage(content, data, p, head, templates, shell) {
  const checks = content.checks.map((c) => `<div class="check-slot" data-slot="${escapeHtml(c.id)}">${renderCheck(c, 'content/quick-checks.json', { lang: content.lang, first: content.first })}</div>`).join('\n');
  const body = `
    <h1>${escapeHtml(t('checks.title'))}</h1>
    <p class="lead">${escapeHtml(t('checks.lead'))}
      <span id="checks-order">${checksOrder(content)}</span> ${escapeHtml(t('checks.inLesson'))}</p>
    <p id="storage-notice" class="notice" hidden></p>
    <p id="lms-notice" class="notice" role="status" hidden></p>
    <p id="assignment-facts" class="help"></p>
    <p id="score" class="score" role="status" aria-live="polite"></p>
    ${checks}
    <section id="hand-in" aria-labelledby="handin-title" class="panel handin">
      <h2 id="handin-title">${escapeHtml(t('handin.title'))}</h2>
      <p id="identity-source" class="help"></p>
      <div class="field"><label for="student-name">${escapeHtml(t('handin.name'))}</label><input id="student-name" type="text" autocomplete="name" aria-describedby="student-name-error">
        <p id="student-name-error" class="error" aria-live="polite"></p></div>
      <div class="field"><label for="student-id">${escapeHtml(t('handin.id'))}</label><input id="student-id" type="text" autocomplete="off" aria-describedby="student-id-error">
        <p id="student-id-error" class="error" aria-live="polite"></p></div>
      <div class="buttons">
        <button id="export" type="button">${escapeHtml(t('shell.handIn'))}</button>
        <button id="start-over" type="button">${escapeHtml(t('handin.startOver'))}</button>
      </div>
      <p id="export-status" class="help" role="status" aria-live="polite"></p>
      <p class="help">${escapeHtml(t('handin.fileSays'))}</p>
    </section>${templates}`;
  return page({ pages: content.pages, file: p.file, title: `${p.title} · ${content.course.title}`, body, script: p.script, data, head, ...shell });
}

function instructorPage(content, data, p, head, templates, shell) {
  const a = content.assignment;
  // The question banks in the page's language (downloads/fr/ for French; site.mjs writes them).
  const banksDir = languageDir(content.lang, content.first);
  // Words from the catalogs (t): `say` as text; `rich` with the message's tags as HTML
  // (tags: {name: [open, close]}), its text and values escaped like the rest.
  const say = (key, values) => escapeHtml(t(key, values));
  const rich = (key, values = {}, tags = {}) => {
    const names = Object.keys(tags);
    const marks = Object.fromEntries(names.map((name, i) => [name, (words) => `\u0001${i}\u0002${words.join('')}\u0001/${i}\u0002`]));
    return escapeHtml(t(key, { ...values, ...marks })).replace(/\u0001(\/?)(\d+)\u0002/g, (m, end, i) => tags[names[i]][end ? 1 : 0]);
  };
  const yes = (x) => (x ? 'yes' : 'no');
  // A number as the content writes it ("0.5"), with the language's decimal sign.
  const decimal = (x) => localDecimal(String(x), content.lang);
  const strong = { strong: ['<strong>', '</strong>'] };
  const link = (href, attrs = '') => ({ link: [`<a href="${href}"${attrs}>`, '</a>'] });
  // (no-break spaces: "seed = 3151" is one setting, never split across lines)
  const req = Object.entries((a.race && a.race.required) || {}).map(([k, v]) => `${k}\u00a0=\u00a0${decimal(v)}`).join(', ');
  const ex = Object.entries((a.exercises && a.exercises.weights) || {}).filter(([, w]) => w > 0)
    .map(([k, w]) => t('instructor.exerciseWeight', { name: exerciseShortName(k), weight: decimal(w) })).join(', ');
  const checks = assignedChecks(content.checks, a).map((c) => t('instructor.checkWithId', { label: checkLabel(c), id: c.id })).join(', ');
  const mastery = a.lms && Number.isFinite(a.lms.masteryScore) ? a.lms.masteryScore : null;
  const grading = a.grading || {};
  const fixed = data.widgets.code.fixed;
  const th = (key) => `<th scope="col">${say(key)}</th>`;
  const body = `
    <h1>${say('instructor.title')}</h1>
    <p class="lead">${rich('instructor.lead', {}, link('checks.html'))}</p>
    <p class="help">${rich('instructor.accessibility', {}, link(`${shell.root}${REPORT_FILE}`))}</p>
    <p class="help">${say('instructor.assignment', { checks, hasExercises: yes(ex), variant: String(ex ? a.exercises.variant || 1 : 1), exercises: ex, hasRace: yes(req), race: req })}
      ${rich('instructor.assignLink', { link: 'checks.html?checks=q1,q2&require=T:30,seed:3151' }, { code: ['<code>', '</code>'] })}</p>
    <div class="panel">
      <label for="files">${say('instructor.filesLabel')}</label>
      <input id="files" type="file" multiple accept=".txt,text/plain">
      <p class="help">${say('instructor.drop')}</p>
    </div>
    <h2 id="files-title">${say('instructor.files')}</h2>
    <ul id="file-messages" class="file-messages" aria-live="polite"></ul>
    <section id="regrade-section" aria-labelledby="regrade-title" hidden>
      <h2 id="regrade-title">${say('instructor.regradeTitle')}</h2>
      <p class="help">${say('instructor.regradeHelp', { steps: fixed.stepsPerTest.toLocaleString(content.lang), mb: String(fixed.memoryLimitMb) })}</p>
      <progress id="regrade-progress" max="1" value="0" aria-labelledby="regrade-status"></progress>
      <p id="regrade-status" role="status"></p>
      <div class="buttons"><button id="regrade-stop" type="button" disabled hidden>${say('instructor.regradeStop')}</button> <button id="regrade-resume" type="button" hidden>${say('instructor.regradeResume')}</button></div>
    </section>
    <section id="verify-section" aria-labelledby="verify-title" hidden>
      <h2 id="verify-title">${say('instructor.verifyTitle')}</h2>
      <p class="help">${say('instructor.verifyHelp')}</p>
      <progress id="verify-progress" max="1" value="0" aria-labelledby="verify-status"></progress>
      <p id="verify-status" role="status"></p>
      <div class="buttons"><button id="verify-stop" type="button" disabled hidden>${say('instructor.verifyStop')}</button></div>
    </section>
    <h2>${say('instructor.gradebookTitle')}</h2>
    <p class="help">${rich('instructor.scoreHelp', { selfCounts: yes(grading.selfAssessedCounts), exercises: yes(ex) }, strong)}
      ${say('instructor.attemptRule', { limited: yes(grading.maxAttempts), max: String(grading.maxAttempts || 0), first: yes(grading.choiceAnswer === 'first') })}
      ${rich('instructor.columnsHelp', {}, strong)}
      ${rich('instructor.verifyLimits', {}, strong)}
      ${rich('instructor.doubtsHelp', {}, strong)}</p>
    <div class="scroll-frame" role="region" aria-label="${say('instructor.gradebookFrame')}" tabindex="0">
    <table class="results" id="gradebook">
      <colgroup><col class="name"><col class="narrow"><col class="narrow"><col class="wide"><col><col><col class="wide"><col><col class="date"><col class="doubts"></colgroup>
      <thead><tr>${['colName', 'colId', 'colScore', 'colPerCheck', 'colSelf', 'colRace', 'colExercises', 'colCode', 'colExported', 'colDoubts'].map((k) => th(`instructor.${k}`)).join('')}</tr></thead>
      <tbody></tbody>
    </table>
    </div>
    <div class="buttons" id="gradebook-pages" hidden>
      <button id="gradebook-prev" type="button">${say('instructor.prevPage')}</button>
      <span id="gradebook-range" role="status"></span>
      <button id="gradebook-next" type="button">${say('instructor.nextPage')}</button>
    </div>
    <div class="buttons"><button id="download-csv" type="button" disabled>${say('instructor.downloadCsv')}</button></div>
    <section id="item-analysis" aria-labelledby="items-title" hidden>
      <h2 id="items-title">${say('instructor.itemsTitle')}</h2>
      <p class="help">${rich('instructor.itemsHelp', {}, strong)}</p>
      <figure class="panel">
        <svg id="items-chart" class="plot" role="img" aria-label="${say('instructor.itemsChart')}"></svg>
        <figcaption>${say('instructor.itemsCaption')}</figcaption>
      </figure>
      <div class="scroll-frame" role="region" aria-label="${say('instructor.checksFrame')}" tabindex="0">
      <table class="results" id="items-checks">
        <caption>${say('instructor.checksCaption')}</caption>
        <thead><tr>${['colCheck', 'colAnswered', 'colFirstRight', 'colLastRight', 'colWrongChosen', 'colDiscrimination'].map((k) => th(`instructor.${k}`)).join('')}</tr></thead>
        <tbody></tbody>
      </table>
      </div>
      <div class="scroll-frame" role="region" aria-label="${say('instructor.exercisesFrame')}" tabindex="0">
      <table class="results" id="items-exercises">
        <caption>${say('instructor.exercisesCaption')}</caption>
        <thead><tr>${['colExercise', 'colPartsAnswered', 'colRight', 'colMistakes'].map((k) => th(`instructor.${k}`)).join('')}</tr></thead>
        <tbody></tbody>
      </table>
      </div>
      <div class="scroll-frame" role="region" aria-label="${say('instructor.predictionsFrame')}" tabindex="0">
      <table class="results" id="items-experiments">
        <caption>${say('instructor.predictionsCaption')}</caption>
        <thead><tr>${['colExperiment', 'colPredictions', 'colCompared', 'colBorneOut', 'colPredictedGave'].map((k) => th(`instructor.${k}`)).join('')}</tr></thead>
        <tbody></tbody>
      </table>
      </div>
      <div class="buttons"><button id="download-items" type="button">${say('instructor.downloadItems')}</button></div>
    </section>
    <h2>${say('instructor.lmsTitle')}</h2>
    <p>${say('instructor.lmsHelp', { exercises: yes(ex) })}</p>
    <ul>
      <li>${rich('instructor.scorm2004', { mastery: yes(mastery !== null), percent: mastery === null ? '' : decimal(Math.round(mastery * 1000) / 10) }, link(`${shell.root}downloads/${PACKAGES['2004']}`, ' download'))}</li>
      <li>${rich('instructor.scorm12', {}, link(`${shell.root}downloads/${PACKAGES['1.2']}`, ' download'))}</li>
    </ul>
    <h2>${say('instructor.banksTitle')}</h2>
    <p>${say('instructor.banksHelp', { count: String(content.checks.length) })}</p>
    <ul>
      <li>${rich('instructor.bankMoodle', {}, link(`${shell.root}downloads/${banksDir}attention-lab-checks-moodle.xml`, ' download'))}</li>
      <li>${rich('instructor.bankGift', {}, link(`${shell.root}downloads/${banksDir}attention-lab-checks-gift.txt`, ' download'))}</li>
      <li>${rich('instructor.bankQti', {}, link(`${shell.root}downloads/${banksDir}attention-lab-checks-qti21.zip`, ' download'))}</li>
    </ul>${templates}`;
  return page({ pages: content.pages, file: p.file, title: `${p.title} · ${content.course.title}`, body, script: p.script, data, widget: p.widget, head, ...shell });
}
