// A course's site from the kit (tools/site/kit.mjs) and its content folder, with Node
// alone: no compiler, no esbuild, no files of this repository but what the kit holds.
// What the npm package's `attention-lab build` runs (tools/package/cli.mjs), and the
// second half of the repository's own build (tools/site/build.mjs).
// - pages rendered from the content (lesson with KaTeX maths, quick checks, landing page,
//   the gradebook, each widget's markup with the content's numbers filled in)
// - the kit's files as they are (scripts, styles, fonts, the WebAssembly modules)
// - the service worker with the list of every file it keeps for offline use
// - last, the SCORM packages and question banks, from the finished site
// A malformed content file stops the build with "file:line:column: what is wrong".
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadContent } from './content.mjs';
import { kitFiles } from './registry.mjs';
import { renderInline } from './markdown.mjs';
import { fillRefs, renderSection } from './lesson.mjs';
import { escapeHtml } from './html.mjs';
import { renderCheck } from './checks-html.mjs';
import { assignedChecks, assignedSentence, checkLabel } from '../../web/js/work/check-label.js';
import { exerciseShortName } from '../../web/js/work/exercise-words.js';
import { dataScript, fallbackNote, languageName, page } from './layout.mjs';
import { courseLanguages, languageDir, localContent, rootFrom } from './languages.mjs';
import { t, useLanguage } from '../../web/js/ui/i18n.js';
import { PACKAGES, scormPackage } from './scorm.mjs';
import { questionBanks } from './question-banks.mjs';
import { REPORT_FILE, reportPage } from './report.mjs';
import { checkNoTextMaths, formulasIn, templatesHtml, typesetHtml } from './maths.mjs';
import { FORMULAS, engineMaths } from '../../web/js/ui/maths.js';

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

export async function siteFromKit({ out, kitDir, contentDir }) {
  const kit = readKit(kitDir);
  const base = loadContent(contentDir, kitFiles(kitDir));
  const first = base.course.language || 'en';
  const languages = courseLanguages(contentDir, first);
  const catalogs = readCatalogs(kitDir);

  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  cpSync(join(kitDir, 'site'), out, { recursive: true });

  // Every language's pages, the first at the site's root and each other in its folder.
  for (const lang of languages) {
    const content = localContent(contentDir, base, lang, catalogs);
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
  // The LMS's launch page (one, in the first language: it holds the lab in a frame).
  const launch = pages.find((p) => p.kind === 'launch');
  if (launch) writeFileSync(join(out, launch.file), launchPage(content, siteData(kit, { ...content, lang: first, messages: {} }), launch));

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
  for (const lang of languages) {
    const local = localContent(contentDir, base, lang, catalogs);
    mkdirSync(join(out, 'downloads', languageDir(lang, first)), { recursive: true });
    for (const [name, bank] of questionBanks(local.checks, { title: local.course.title })) writeFileSync(join(out, 'downloads', languageDir(lang, first), name), bank);
  }
  return { sections: content.sections.length, checks: content.checks.length, languages };
}

// What every page's script reads (#lab-data), in the page's language.
function siteData(kit, content) {
  return {
    // Which lab made the pages: a hand-in carries it, the gradebook compares it with its own.
    build: { version: kit.version, engine: kit.engine },
    lang: content.lang,
    messages: content.messages,
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
  const exerciseTemplates = templatesHtml([...formulas, ...formulasIn(engineStrings.map(engineMaths))], 'src/exercises');
  // Not yet in this language: the widgets' own markup and the gradebook are shown in the
  // first language, marked as such (the catalogs hold their words in a later step).
  const notYet = lang === first ? null : first;
  const builders = {
    home: (p) => landingPage(content, data, p, shell(p)),
    lesson: (p) => lessonPage(content, data, p, katexCss, shell(p)),
    checks: (p) => checksPage(content, data, p, katexCss, templates, shell(p)),
    instructor: (p) => instructorPage(content, data, p, katexCss, templates, { ...shell(p), mainLang: notYet }),
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
  const html = fillRefs(readFileSync(path, 'utf8'), widgets, file);
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
// KaTeX's woff2 and the demo deck's woff). Each with a hash of its bytes, so a new build stores only what changed.
function precacheList(out, dir = '') {
  return readdirSync(join(out, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name)).flatMap((e) => {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) return rel === 'downloads' ? [] : precacheList(out, rel);
    if (rel === 'service-worker.js') return [];  // (a browser fetches it anew to find a new build)
    if (rel === 'js/lab-worker-inline.js' || /^vendor\/katex\/fonts\/.*\.(ttf|woff)$|\.(eot|ttf)$/.test(rel)) return [];
    return [{ url: rel, revision: createHash('sha256').update(readFileSync(join(out, rel))).digest('hex').slice(0, 16) }];
  });
}

// The service worker (web/js/offline/service-worker.js, bundled in the kit) with this
// site's list of files in place of its token.
export function fillServiceWorker(out, kitDir) {
  const code = readFileSync(join(kitDir, 'service-worker.js'), 'utf8');
  const parts = code.split(PRECACHE_TOKEN);
  if (parts.length !== 2) throw new Error(`${kitDir}/service-worker.js should hold ${PRECACHE_TOKEN} once`);
  writeFileSync(join(out, 'service-worker.js'), parts.join(JSON.stringify(precacheList(out))));
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

function launchPage(content, data, p) {
  const home = content.pages.find((x) => x.kind === 'home');
  return `<!doctype html>
<html lang="en">
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
  <iframe id="lab-frame" title="${escapeHtml(content.course.title)}" data-src="${home.file}"></iframe>
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
  const req = Object.entries((a.race && a.race.required) || {}).map(([k, v]) => `${k} = ${v}`).join(', ');
  const ex = Object.entries((a.exercises && a.exercises.weights) || {}).filter(([, w]) => w > 0).map(([k, w]) => `${exerciseShortName(k)} (weight ${w})`).join(', ');
  const mastery = a.lms && Number.isFinite(a.lms.masteryScore) ? a.lms.masteryScore : null;
  const body = `
    <h1>Gradebook: collect and grade hand-ins</h1>
    <p class="lead">Students download their work from <a href="checks.html">the quick checks page</a> as one text
      file each. Choose all the files here: they are read in this browser only (nothing is uploaded), checked, and
      turned into a gradebook you can download as CSV.</p>
    <p class="help">For your accessibility office: <a href="${shell.root}${REPORT_FILE}">the lab's accessibility conformance report</a>
      (WCAG 2.2 A and AA, criterion by criterion, with the test behind each verdict and the known gaps).</p>
    <p class="help">The assignment in this build: checks ${escapeHtml(assignedChecks(content.checks, a).map((c) => `${checkLabel(c)} (id ${c.id})`).join(', '))}${ex ? `; exercises (variant ${escapeHtml(String(a.exercises.variant || 1))}) ${escapeHtml(ex)}` : ''}${req ? `; a race with ${escapeHtml(req)}` : ''}.
      To assign a variant without rebuilding, link students to <code>checks.html?checks=q1,q2&amp;require=T:30,seed:3151</code>
      (a link names checks by id: their numbers follow the lesson's order and are shown beside each id above).</p>
    <div class="panel">
      <label for="files">Hand-in files</label>
      <input id="files" type="file" multiple accept=".txt,text/plain">
      <p class="help">Or drop files anywhere on this page.</p>
    </div>
    <h2 id="files-title">Files</h2>
    <ul id="file-messages" class="file-messages" aria-live="polite"></ul>
    <section id="regrade-section" aria-labelledby="regrade-title" hidden>
      <h2 id="regrade-title">Grading the exercises and the code again</h2>
      <p class="help">Every exercise part is graded again by the engine for the name in its hand-in, and every
        student's code is run again on the hidden tests of that name, in a sandbox that cannot reach this page, its storage
        or the network (an endless loop is stopped when a test has used ${escapeHtml(data.widgets.code.fixed.stepsPerTest.toLocaleString('en-US'))} steps, the same budget
        as on the student's page, and code that takes more than ${escapeHtml(String(data.widgets.code.fixed.memoryLimitMb))} MB of memory at ${escapeHtml(String(data.widgets.code.fixed.memoryLimitMb))} MB: a hostile file cannot take this page's memory).</p>
      <progress id="regrade-progress" max="1" value="0" aria-labelledby="regrade-status"></progress>
      <p id="regrade-status" role="status"></p>
      <div class="buttons"><button id="regrade-stop" type="button" disabled hidden>Stop grading again</button> <button id="regrade-resume" type="button" hidden>Grade the rest</button></div>
    </section>
    <section id="verify-section" aria-labelledby="verify-title" hidden>
      <h2 id="verify-title">Re-running the races</h2>
      <p class="help">Every race a hand-in claims is run again here from its settings and seed. One build of the lab
        gives the same numbers for the same settings in every browser, so when this page is the build your students
        used, a claimed test accuracy that does not match means the file was changed; a run made with another
        version of the lab may differ without any editing. Each setting is run once for the whole class.</p>
      <progress id="verify-progress" max="1" value="0" aria-labelledby="verify-status"></progress>
      <p id="verify-status" role="status"></p>
      <div class="buttons"><button id="verify-stop" type="button" disabled hidden>Stop re-running</button></div>
    </section>
    <h2>Gradebook</h2>
    <p class="help">Scores are recomputed from each hand-in's answers with this lab's answer key, whatever the file
      says. <strong>Score</strong> counts the automatically graded checks${a.grading && a.grading.selfAssessedCounts ? ' and the self-assessed short answers' : ''}${ex ? ', and the exercises by their weights (the engine\'s grades, not the file\'s)' : ''};
      <strong>self-assessed</strong> is the share of the rubric a student ticked for a short answer, for you to review.
      ${a.grading && a.grading.maxAttempts ? `Each check allows ${a.grading.maxAttempts} attempt(s).` : 'Students may retry a check as often as they like;'}
      ${a.grading && a.grading.choiceAnswer === 'first' ? 'the first answer checked counts.' : 'the last answer checked counts.'}
      <strong>Exercises</strong> counts the exercise parts graded right when the engine draws each student's numbers again from the name in the hand-in and grades the typed answers itself; <strong>Code</strong>, the tests the student's code passes when run again here on that name's tests.
      <strong>What this page can and cannot verify.</strong> It re-computes what can be re-computed: every exercise part (from the student's own numbers), every race (from its settings and seed) and every check's points from the answers. It cannot verify a choice the student clicked: the answer key ships with the lab, and a hand-in is a file the student can edit. Each answer carries its attempts with their times, shown here, and a log that does not add up (an answer with no attempt, attempts out of time order) is listed under <strong>Doubts</strong>; weigh the quick checks accordingly.
      <strong>Doubts</strong> lists what does not add up: an edited score, a race that does not reproduce, an exercise the file calls right that is not, an implausible date, a possible duplicate.</p>
    <div class="scroll-frame" role="region" aria-label="Gradebook, scrollable" tabindex="0">
    <table class="results" id="gradebook">
      <colgroup><col class="name"><col class="narrow"><col class="narrow"><col class="wide"><col class="narrow"><col><col class="wide"><col><col><col class="doubts"></colgroup>
      <thead><tr><th scope="col">Name</th><th scope="col">Student ID</th><th scope="col">Score</th><th scope="col">Per check</th><th scope="col">Self-assessed</th><th scope="col">Required race</th><th scope="col">Exercises</th><th scope="col">Code</th><th scope="col">Exported</th><th scope="col">Doubts</th></tr></thead>
      <tbody></tbody>
    </table>
    </div>
    <div class="buttons" id="gradebook-pages" hidden>
      <button id="gradebook-prev" type="button">Previous page</button>
      <span id="gradebook-range" role="status"></span>
      <button id="gradebook-next" type="button">Next page</button>
    </div>
    <div class="buttons"><button id="download-csv" type="button" disabled>Download the gradebook (CSV)</button></div>
    <section id="item-analysis" aria-labelledby="items-title" hidden>
      <h2 id="items-title">Item analysis: how each question worked</h2>
      <p class="help">Over the hand-ins kept in the gradebook. For each multiple-choice check: the share of the
        students who answered it that were right at their first attempt and at their last; how many students chose
        each wrong option at some attempt (an option many choose names a misconception worth a word in class);
        and its <strong>discrimination</strong>, the correlation between being right and the rest of the score
        (from −1 to 1: above 0.3 the check separates students who do well from those who do not; near 0 or below,
        read the question again). For each exercise: the parts answered, the share right, and the mistakes the
        engine diagnosed, most frequent first.</p>
      <figure class="panel">
        <svg id="items-chart" class="plot" role="img" aria-label="Share right per check"></svg>
        <figcaption>Share right per check, at the first and at the last attempt.</figcaption>
      </figure>
      <div class="scroll-frame" role="region" aria-label="Checks, scrollable" tabindex="0">
      <table class="results" id="items-checks">
        <caption>Quick checks</caption>
        <thead><tr><th scope="col">Check</th><th scope="col">Answered</th><th scope="col">Right, first attempt</th><th scope="col">Right, last attempt</th><th scope="col">Wrong options chosen (students)</th><th scope="col">Discrimination</th></tr></thead>
        <tbody></tbody>
      </table>
      </div>
      <div class="scroll-frame" role="region" aria-label="Exercises, scrollable" tabindex="0">
      <table class="results" id="items-exercises">
        <caption>Exercises</caption>
        <thead><tr><th scope="col">Exercise</th><th scope="col">Parts answered</th><th scope="col">Right</th><th scope="col">Most frequent mistakes</th></tr></thead>
        <tbody></tbody>
      </table>
      </div>
      <div class="scroll-frame" role="region" aria-label="Predictions, scrollable" tabindex="0">
      <table class="results" id="items-experiments">
        <caption>Predictions before a run</caption>
        <thead><tr><th scope="col">Experiment</th><th scope="col">Predictions</th><th scope="col">Compared with a run</th><th scope="col">Borne out</th><th scope="col">Predicted, and what the runs gave</th></tr></thead>
        <tbody></tbody>
      </table>
      </div>
      <div class="buttons"><button id="download-items" type="button">Download the item analysis (CSV)</button></div>
    </section>
    <h2>Putting the lab in your LMS</h2>
    <p>Upload one of the two SCORM packages to your learning management system as a SCORM activity; both hold the
      same lab, without this gradebook page. One launch is one LMS session, whichever pages the student visits.
      The LMS receives the score of the automatically graded checks${ex ? ' and the weighed exercises' : ''} in percent,
      "completed" once every assigned check${ex ? ' and every part of every weighed exercise' : ''} is answered and every required race was run to the end (else
      "incomplete"), and the student's work, so the next launch resumes from it on any computer: all of it
      with SCORM 2004 (up to 64,000 characters), the most recent part with SCORM 1.2 (4,096 characters, older race
      runs left out first). Inside the LMS the hand-in carries the LMS's name and ID.</p>
    <ul>
      <li><a href="${shell.root}downloads/${PACKAGES['2004']}" download>SCORM 2004 (4th edition) package</a>: choose it when your LMS
        supports SCORM 2004 (Canvas, Blackboard, Brightspace and SCORM Cloud do). It also reports
        passed or failed${mastery === null ? '' : ` (passed at ${escapeHtml(String(Math.round(mastery * 1000) / 10))} % once every assigned check is answered)`},
        one record per question answered (the answer, right or wrong, how long it took) for the LMS's interaction
        reports, and keeps up to 64,000 characters of the student's work.</li>
      <li><a href="${shell.root}downloads/${PACKAGES['1.2']}" download>SCORM 1.2 package</a>: for an LMS that takes only SCORM 1.2,
        and for Moodle, whose SCORM 2004 support is incomplete.
        Score and completion only, and 4,096 characters of the student's work (older race runs are left out first).</li>
    </ul>
    <h2>The quick checks in your LMS's own quizzes</h2>
    <p>The ${escapeHtml(String(content.checks.length))} quick checks of this build as a question bank, with the feedback of every option
      (a short answer comes as an essay question with its model answer and rubric for the grader; maths is written
      \(…\), which MathJax typesets):</p>
    <ul>
      <li><a href="${shell.root}downloads/${banksDir}attention-lab-checks-moodle.xml" download>Moodle XML</a> (Moodle: Question bank, Import, Moodle XML format)</li>
      <li><a href="${shell.root}downloads/${banksDir}attention-lab-checks-gift.txt" download>GIFT</a> (Moodle and other LMSs that read GIFT)</li>
      <li><a href="${shell.root}downloads/${banksDir}attention-lab-checks-qti21.zip" download>QTI 2.1 package</a> (Canvas, Brightspace, Blackboard and other QTI importers)</li>
    </ul>${templates}`;
  return page({ pages: content.pages, file: p.file, title: `${p.title} · ${content.course.title}`, body, script: p.script, data, widget: p.widget, head, ...shell });
}
