// Loads and checks everything in content/: a malformed file fails the build
// with a message naming the file and line, so an instructor can fix it.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ContentError, lineOf, parseJson } from './errors.mjs';
import { loadRegistry } from './registry.mjs';
import { WIDGET_CHECKS } from './widget-checks.mjs';
import { resolveShared } from './shared-settings.mjs';
import { useSharedLimits } from '../../web/js/ui/shared-limits.js';
import { checkNumber, fillFixed, parseSetting } from '../../web/js/settings/settings-schema.js';
import { OWN_RESULT_PAGES } from '../../web/js/work/own-results.js';

// where: the files the registry's pages need (registry.mjs: webFiles or kitFiles).
export function loadContent(root, where) {
  const rel = (p) => relative(join(root, '..'), p);
  const readJson = (name) => {
    const path = join(root, name);
    if (!existsSync(path)) throw new ContentError(rel(path), 0, 'missing');
    const text = readFileSync(path, 'utf8');
    return { path: rel(path), text, data: parseJson(rel(path), text) };
  };

  const pages = loadRegistry(root, where);
  // What every widget shares (shared-settings.mjs): settings a widget names, and limits.
  const shared = readJson('shared.json');
  checkShared(shared);
  useSharedLimits(shared.data.fixed);  // for the page code this build runs (ui/quote.js)
  const widgets = {}, widgetFiles = {};
  for (const name of readdirSync(join(root, 'widgets')).filter((f) => f.endsWith('.json')).sort()) {
    const file = readJson(join('widgets', name));
    try {
      file.data = resolveShared(file.data, shared.data);
    } catch (err) {
      throw new ContentError(file.path, lineOf(file.text, `"key": "${err.key}"`), err.message);
    }
    if (file.data.settings !== undefined) checkSchema(file);
    widgets[name.replace(/\.json$/, '')] = file.data;
    widgetFiles[name.replace(/\.json$/, '')] = file;
  }
  for (const p of pages.filter((x) => x.kind === 'widget')) {
    if (!widgets[p.name]) throw new ContentError('content/pages.json', 1, `widget "${p.name}" needs content/widgets/${p.name}.json`);
  }

  // The race's settings are defined once, in content/widgets/race.json (the assignment's
  // required race and the reading page use them).
  const raceSpec = widgets.race && widgets.race.settings;
  if (!raceSpec) throw new ContentError('content/widgets/race.json', 1, 'expected {"settings": [{"key": ...}, ...]}');
  const raceKeys = raceSpec.map((x) => x.key);
  for (const [name, file] of Object.entries(widgetFiles)) {
    const check = WIDGET_CHECKS[name];
    if (typeof check === 'function') Object.assign(widgets[name], check({ file, widgets, readJson }));
  }

  const course = readJson('course.json');
  requireFields(course, course.data, ['title', 'module', 'summary', 'outcomes']);
  if (!Array.isArray(course.data.outcomes) || course.data.outcomes.some((o) => typeof o !== 'string')) {
    throw new ContentError(course.path, lineOf(course.text, '"outcomes"'), '"outcomes" must be a list of sentences');
  }

  const checks = readJson('quick-checks.json');
  if (!Array.isArray(checks.data.checks)) throw new ContentError(checks.path, 1, 'expected {"checks": [...]}');
  const ids = new Set();
  for (const c of checks.data.checks) checkQuestion(checks, c, ids);
  // Each check's number (what every page shows, web/js/work/check-label.js): 1, 2, 3, …
  // in the order of the file, which is the order the lesson meets them (tools/site/lesson.mjs).
  // "number" may be left out (the build then numbers the check by its place); when given it must agree.
  checks.data.checks.forEach((c, k) => {
    if (c.number === undefined) c.number = k + 1;
    if (c.number !== k + 1) throw new ContentError(checks.path, lineOf(checks.text, `"id": "${c.id}"`) || 1, `check "${c.id}" has "number": ${JSON.stringify(c.number)}; its place in this file makes it ${k + 1} (the checks are numbered 1, 2, 3, … in the order of this file, the order the lesson meets them)`);
  });

  const assignment = readJson('assignment.json');
  requireFields(assignment, assignment.data, ['title', 'checks']);
  for (const id of assignment.data.checks) {
    if (!ids.has(id)) throw new ContentError(assignment.path, lineOf(assignment.text, `"${id}"`), `unknown quick check "${id}"`);
  }
  const grading = assignment.data.grading;
  if (grading !== undefined) {
    const at = lineOf(assignment.text, '"grading"');
    if (!grading || typeof grading !== 'object' || Array.isArray(grading)) throw new ContentError(assignment.path, at, '"grading" must be an object');
    if (grading.selfAssessedCounts !== undefined && typeof grading.selfAssessedCounts !== 'boolean') throw new ContentError(assignment.path, lineOf(assignment.text, '"selfAssessedCounts"'), '"selfAssessedCounts" is true or false');
    if (grading.choiceAnswer !== undefined && !['first', 'last'].includes(grading.choiceAnswer)) throw new ContentError(assignment.path, lineOf(assignment.text, '"choiceAnswer"'), '"choiceAnswer" is "first" or "last"');
    if (grading.exerciseAnswer !== undefined && !['best', 'first', 'last'].includes(grading.exerciseAnswer)) throw new ContentError(assignment.path, lineOf(assignment.text, '"exerciseAnswer"'), '"exerciseAnswer" is "best", "first" or "last"');
    if (grading.codeRun !== undefined && !['best', 'last'].includes(grading.codeRun)) throw new ContentError(assignment.path, lineOf(assignment.text, '"codeRun"'), '"codeRun" is "best" or "last"');
    if (grading.maxAttempts !== undefined && !(Number.isInteger(grading.maxAttempts) && grading.maxAttempts >= 0)) throw new ContentError(assignment.path, lineOf(assignment.text, '"maxAttempts"'), '"maxAttempts" is a whole number, 0 for no limit');
  }
  const lms = assignment.data.lms;
  if (lms !== undefined && !(lms && typeof lms === 'object' && !Array.isArray(lms)
      && (lms.masteryScore === undefined || (typeof lms.masteryScore === 'number' && lms.masteryScore > 0 && lms.masteryScore <= 1)))) {
    throw new ContentError(assignment.path, lineOf(assignment.text, assignment.text.includes('"masteryScore"') ? '"masteryScore"' : '"lms"'), '"lms" is {"masteryScore": a share of the score above 0 and up to 1, such as 0.7}');
  }
  checkAssignedExercises(assignment, widgets.exercises, widgets.code);
  const required = (assignment.data.race && assignment.data.race.required) || {};
  for (const [key, value] of Object.entries(required)) {
    const spec = raceSpec.find((x) => x.key === key);
    const at = lineOf(assignment.text, `"${key}"`);
    if (!spec) throw new ContentError(assignment.path, at, `"${key}" is not a race setting (use ${raceKeys.join(', ')})`);
    const r = typeof value === 'number' ? checkNumber(spec, value) : parseSetting(spec, value);
    if (!r.ok) throw new ContentError(assignment.path, at, r.message);
  }

  const diagrams = loadDiagrams(join(root, 'diagrams'), rel);

  const lessonDir = join(root, 'lesson');
  const sections = readdirSync(lessonDir).filter((f) => /^\d\d-[\w-]+\.md$/.test(f)).sort()
    .map((name) => ({ file: rel(join(lessonDir, name)), slug: name.replace(/^\d\d-|\.md$/g, ''), text: readFileSync(join(lessonDir, name), 'utf8') }));
  if (sections.length === 0) throw new ContentError(rel(lessonDir), 0, 'no lesson sections (files named NN-name.md)');

  const glossary = readJson('glossary.json');
  checkGlossary(glossary);
  return { pages, raceKeys, shared: shared.data, course: course.data, checks: checks.data.checks, assignment: assignment.data, widgets, diagrams, sections, checkIds: ids, glossary: glossary.data.terms };
}

// The diagrams of a folder (content/diagrams/, content/LANG/diagrams/): name -> inline SVG,
// refused when not SVG or when it holds scripts, handlers or external links.
export function loadDiagrams(diagramDir, rel) {
  const diagrams = {};
  if (!existsSync(diagramDir)) return diagrams;
  for (const name of readdirSync(diagramDir).filter((f) => f.endsWith('.svg')).sort()) {
    const text = readFileSync(join(diagramDir, name), 'utf8');
    if (!/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/.test(text)) throw new ContentError(rel(join(diagramDir, name)), 1, 'not an SVG file');
    if (/<script|\son\w+\s*=|href\s*=\s*["']https?:/i.test(text)) {
      throw new ContentError(rel(join(diagramDir, name)), 1, 'diagrams may not contain scripts, event handlers or external links');
    }
    diagrams[name.replace(/\.svg$/, '')] = text.replace(/^\s*<\?xml[^>]*>\s*/, '');
  }
  return diagrams;
}

// The assignment's "exercises": {variant, weights: {kind: weight}}: kinds the exercises
// widget has, or "code" (the code page), weights of 0 or more, a variant its setting
// allows. The pages get each weighed kind's part count with it (the widget's "parts.KIND",
// the code widget's "tests"; the engine's tests check both).
function checkAssignedExercises(assignment, widget, code) {
  const e = assignment.data.exercises;
  if (e === undefined) return;
  const fail = (key, why) => { throw new ContentError(assignment.path, lineOf(assignment.text, key), why); };
  if (!e || typeof e !== 'object' || Array.isArray(e)) fail('"exercises"', '"exercises" must be an object');
  const kindSpec = widget && widget.settings.find((s) => s.key === 'kind');
  const variantSpec = widget && widget.settings.find((s) => s.key === 'variant');
  if (!kindSpec || !variantSpec) fail('"exercises"', 'the assignment weighs exercises, but content/widgets/exercises.json has no kind and variant settings');
  if (e.variant !== undefined && !(Number.isInteger(e.variant) && e.variant >= variantSpec.min && e.variant <= variantSpec.max)) {
    fail('"variant"', `"variant" is a whole number from ${variantSpec.min} to ${variantSpec.max}`);
  }
  const weights = e.weights === undefined ? {} : e.weights;
  if (!weights || typeof weights !== 'object' || Array.isArray(weights)) fail('"weights"', '"weights" must be an object, e.g. {"context": 1, "shapes": 2}');
  const parts = {};
  const kinds = [...kindSpec.choices, ...(code ? ['code'] : [])];
  for (const [kind, w] of Object.entries(weights)) {
    if (!kinds.includes(kind)) fail(`"${kind}"`, `"${kind}" is not an exercise (use ${kinds.join(', ')})`);
    if (typeof w !== 'number' || !Number.isFinite(w) || w < 0 || w > 100) fail(`"${kind}"`, `the weight of "${kind}" is a number from 0 to 100`);
    const [file, n] = kind === 'code' ? ['code', code.fixed && code.fixed.tests] : ['exercises', widget.fixed && widget.fixed[`parts.${kind}`]];
    if (!Number.isInteger(n) || n < 1) throw new ContentError(`content/widgets/${file}.json`, 1, `"fixed" needs "${kind === 'code' ? 'tests' : `parts.${kind}`}", the number of ${kind === 'code' ? 'tests of a run' : 'parts of that exercise'}`);
    parts[kind] = n;
  }
  e.parts = parts;
}

function requireFields(file, obj, fields) {
  for (const f of fields) {
    if (obj[f] === undefined || obj[f] === '') throw new ContentError(file.path, 1, `missing "${f}"`);
  }
}

// The glossary: every term with an id (its anchor), a name, the forms it is written in
// and a definition; no form claimed by two terms; optional "except" phrases.
export function checkGlossary(file) {
  const terms = file.data && file.data.terms;
  if (!Array.isArray(terms) || !terms.length) throw new ContentError(file.path, 1, 'expected {"terms": [...]}');
  const ids = new Set(), forms = new Set();
  for (const t of terms) {
    const line = lineOf(file.text, `"id": "${t && t.id}"`) || 1;
    if (!t || typeof t.id !== 'string' || !/^[a-z][\w-]*$/.test(t.id) || ids.has(t.id)) throw new ContentError(file.path, line, 'every term needs a distinct "id" of lower-case letters, digits and -');
    ids.add(t.id);
    for (const k of ['term', 'definition']) if (typeof t[k] !== 'string' || !t[k].trim()) throw new ContentError(file.path, line, `term "${t.id}" needs a "${k}"`);
    // A form is also matched with a capital first letter (web/js/ui/glossary-links.js):
    // no two terms may claim the same text either way.
    const variants = (f) => [f, f.charAt(0).toUpperCase() + f.slice(1)];
    if (!Array.isArray(t.forms) || !t.forms.length || t.forms.some((f) => typeof f !== 'string' || !f.trim() || variants(f).some((v) => forms.has(v)))) {
      throw new ContentError(file.path, line, `term "${t.id}" needs "forms", each written once in the glossary (a capital first letter counts as the same form)`);
    }
    for (const f of t.forms) for (const v of variants(f)) forms.add(v);
    // "except": phrases in which one of the term's forms means something else.
    if (t.except !== undefined && (!Array.isArray(t.except) || t.except.some((e) => typeof e !== 'string' || !t.forms.some((f) => e.includes(f)) || t.forms.includes(e)))) {
      throw new ContentError(file.path, line, `term "${t.id}": "except" lists phrases, each containing one of its forms (and longer than it)`);
    }
  }
}

function checkQuestion(file, c, ids) {
  const at = (needle) => lineOf(file.text, needle);
  if (!c || typeof c.id !== 'string' || !/^[\w-]+$/.test(c.id)) throw new ContentError(file.path, at('"id"'), 'every check needs an "id" made of letters, digits, - or _');
  const line = at(`"${c.id}"`);
  if (ids.has(c.id)) throw new ContentError(file.path, line, `duplicate check id "${c.id}"`);
  ids.add(c.id);
  if (typeof c.prompt !== 'string' || !c.prompt.trim()) throw new ContentError(file.path, line, `check "${c.id}" needs a "prompt"`);
  if (typeof c.topic !== 'string' || !c.topic.trim()) throw new ContentError(file.path, line, `check "${c.id}" needs a "topic" (it names the check wherever it appears)`);
  // "module": true marks the module's own quick checks, which keep the module's numbers.
  if (c.module !== undefined && typeof c.module !== 'boolean') throw new ContentError(file.path, at('"module"') || line, `check "${c.id}": "module" is true or false`);
  if (c.kind === 'choice') {
    if (!Array.isArray(c.choices) || c.choices.length < 2) throw new ContentError(file.path, line, `check "${c.id}" needs at least two "choices"`);
    const correct = c.choices.filter((ch) => ch.correct === true).length;
    if (correct !== 1) throw new ContentError(file.path, line, `check "${c.id}" must have exactly one correct choice (has ${correct})`);
    const seen = new Set();
    for (const ch of c.choices) {
      if (typeof ch.id !== 'string' || seen.has(ch.id)) throw new ContentError(file.path, line, `check "${c.id}": every choice needs a distinct "id"`);
      seen.add(ch.id);
      if (typeof ch.text !== 'string' || typeof ch.explanation !== 'string' || !ch.explanation.trim()) {
        throw new ContentError(file.path, at(`"id": "${ch.id}"`) || line, `check "${c.id}", choice "${ch.id}" needs "text" and an "explanation"`);
      }
    }
    if (c.ownResult !== undefined && !Object.hasOwn(OWN_RESULT_PAGES, c.ownResult)) {
      throw new ContentError(file.path, at('"ownResult"') || line, `check "${c.id}": "ownResult" must be one of ${Object.keys(OWN_RESULT_PAGES).join(', ')} (the pages whose results a check's feedback can quote: web/js/work/own-results.js)`);
    }
  } else if (c.kind === 'short') {
    if (typeof c.modelAnswer !== 'string' || !Array.isArray(c.rubric) || c.rubric.length === 0) {
      throw new ContentError(file.path, line, `short-answer check "${c.id}" needs a "modelAnswer" and a "rubric" list`);
    }
  } else {
    throw new ContentError(file.path, line, `check "${c.id}": "kind" must be "choice" or "short"`);
  }
}

// A widget's settings schema (see web/js/settings/settings-schema.js): every spec well formed,
// its default inside its own range, help texts' {placeholders} known. Help texts
// come out with the fixed values filled in.
// content/shared.json: {settings: {NAME: {label, kind, min, max}}, fixed: {NAME: number}}.
function checkShared(file) {
  const { data, path, text } = file;
  if (!data || typeof data.settings !== 'object' || Array.isArray(data.settings)) throw new ContentError(path, lineOf(text, '"settings"'), '"settings" maps names to settings');
  for (const [name, s] of Object.entries(data.settings)) {
    if (!s || typeof s.label !== 'string' || !['int', 'float', 'choice'].includes(s.kind)) throw new ContentError(path, lineOf(text, `"${name}"`), `shared setting "${name}" needs a "label" and a "kind" (int, float or choice)`);
  }
  if (typeof data.fixed !== 'object' || Array.isArray(data.fixed) || Object.values(data.fixed).some((v) => !Number.isFinite(v))) {
    throw new ContentError(path, lineOf(text, '"fixed"'), '"fixed" maps names to numbers');
  }
}

function checkSchema(file) {
  const { data, path, text } = file;
  const fixed = data.fixed === undefined ? {} : data.fixed;
  if (typeof fixed !== 'object' || Array.isArray(fixed) || Object.values(fixed).some((v) => !Number.isFinite(v))) {
    throw new ContentError(path, lineOf(text, '"fixed"'), '"fixed" maps names to numbers');
  }
  if (!Array.isArray(data.settings) || data.settings.length === 0) throw new ContentError(path, lineOf(text, '"settings"'), '"settings" must be a list of settings');
  const keys = new Set();
  for (const s of data.settings) {
    const at = lineOf(text, `"key": "${s && s.key}"`);
    if (!s || typeof s.key !== 'string' || !/^[A-Za-z][A-Za-z0-9_]*$/.test(s.key)) throw new ContentError(path, at, 'every setting needs a "key" made of letters, digits and _');
    if (keys.has(s.key)) throw new ContentError(path, at, `setting "${s.key}" is listed twice`);
    keys.add(s.key);
    if (typeof s.label !== 'string' || !s.label.trim() || typeof s.help !== 'string') throw new ContentError(path, at, `setting "${s.key}" needs a "label" and a "help" text`);
    for (const flag of ['more', 'primary']) {
      if (s[flag] !== undefined && typeof s[flag] !== 'boolean') throw new ContentError(path, at, `setting "${s.key}": "${flag}" is true or false`);
    }
    if (s.more && s.primary) throw new ContentError(path, at, `setting "${s.key}": a primary setting is not folded away ("more")`);
    if (s.kind === 'choice') {
      if (!Array.isArray(s.choices) || s.choices.length < 1 || s.choices.some((c) => typeof c !== 'string' || !/^[\w-]+$/.test(c))) {
        throw new ContentError(path, at, `setting "${s.key}": "choices" must be a list of words`);
      }
      const labels = s.choiceLabels;
      if (labels !== undefined && (typeof labels !== 'object' || Array.isArray(labels) || Object.keys(labels).some((c) => !s.choices.includes(c))
          || Object.values(labels).some((t) => typeof t !== 'string' || !t.trim()))) {
        throw new ContentError(path, at, `setting "${s.key}": "choiceLabels" maps some of its choices to the words shown for them`);
      }
    } else if (s.kind === 'int' || s.kind === 'float') {
      if (!Number.isFinite(s.min) || !Number.isFinite(s.max) || s.min > s.max) throw new ContentError(path, at, `setting "${s.key}": "min" and "max" must be numbers with min <= max`);
      if (s.kind === 'int' && !(Number.isInteger(s.min) && Number.isInteger(s.max))) throw new ContentError(path, at, `setting "${s.key}": an int's "min" and "max" must be whole numbers`);
    } else {
      throw new ContentError(path, at, `setting "${s.key}": "kind" must be "int", "float" or "choice"`);
    }
    const d = s.kind === 'choice' ? parseSetting(s, s.default) : checkNumber(s, s.default);
    if (!d.ok) throw new ContentError(path, at, `the default is not allowed: ${d.message}`);
    const unknown = /\{(\w+)\}/.exec(s.help.replace(/\$[^$\n]+\$/g, '').replace(/\{(\w+)\}/g, (w, n) => (n in fixed ? '' : w)));
    if (unknown) throw new ContentError(path, at, `setting "${s.key}": the help text's {${unknown[1]}} is not in "fixed"`);
    s.help = fillFixed(s.help, fixed);
  }
}
