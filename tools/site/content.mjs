// Loads and checks everything in content/: a malformed file fails the build
// with a message naming the file and line, so an instructor can fix it.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ContentError, lineOf, parseJson } from './errors.mjs';

export function loadContent(root) {
  const rel = (p) => relative(join(root, '..'), p);
  const readJson = (name) => {
    const path = join(root, name);
    if (!existsSync(path)) throw new ContentError(rel(path), 0, 'missing');
    const text = readFileSync(path, 'utf8');
    return { path: rel(path), text, data: parseJson(rel(path), text) };
  };

  const widgets = {};
  for (const name of readdirSync(join(root, 'widgets')).filter((f) => f.endsWith('.json')).sort()) {
    widgets[name.replace(/\.json$/, '')] = readJson(join('widgets', name)).data;
  }

  // The race's settings are defined once, in content/widgets/race.json.
  const raceKeys = (widgets.race && Array.isArray(widgets.race.settings)) ? widgets.race.settings.map((x) => x.key) : [];
  if (raceKeys.length === 0) throw new ContentError('content/widgets/race.json', 1, 'expected {"settings": [{"key": ...}, ...]}');

  const course = readJson('course.json');
  requireFields(course, course.data, ['title', 'module', 'summary', 'outcomes']);
  if (!Array.isArray(course.data.outcomes) || course.data.outcomes.some((o) => typeof o !== 'string')) {
    throw new ContentError(course.path, lineOf(course.text, '"outcomes"'), '"outcomes" must be a list of sentences');
  }

  const checks = readJson('quick-checks.json');
  if (!Array.isArray(checks.data.checks)) throw new ContentError(checks.path, 1, 'expected {"checks": [...]}');
  const ids = new Set();
  for (const c of checks.data.checks) checkQuestion(checks, c, ids);

  const assignment = readJson('assignment.json');
  requireFields(assignment, assignment.data, ['title', 'checks']);
  for (const id of assignment.data.checks) {
    if (!ids.has(id)) throw new ContentError(assignment.path, lineOf(assignment.text, `"${id}"`), `unknown quick check "${id}"`);
  }
  const required = (assignment.data.race && assignment.data.race.required) || {};
  for (const key of Object.keys(required)) {
    if (!raceKeys.includes(key)) throw new ContentError(assignment.path, lineOf(assignment.text, `"${key}"`), `"${key}" is not a race setting (use ${raceKeys.join(', ')})`);
  }

  const diagrams = {};
  const diagramDir = join(root, 'diagrams');
  if (existsSync(diagramDir)) {
    for (const name of readdirSync(diagramDir).filter((f) => f.endsWith('.svg')).sort()) {
      const text = readFileSync(join(diagramDir, name), 'utf8');
      if (!/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/.test(text)) throw new ContentError(rel(join(diagramDir, name)), 1, 'not an SVG file');
      if (/<script|\son\w+\s*=|href\s*=\s*["']https?:/i.test(text)) {
        throw new ContentError(rel(join(diagramDir, name)), 1, 'diagrams may not contain scripts, event handlers or external links');
      }
      diagrams[name.replace(/\.svg$/, '')] = text.replace(/^\s*<\?xml[^>]*>\s*/, '');
    }
  }

  const lessonDir = join(root, 'lesson');
  const sections = readdirSync(lessonDir).filter((f) => /^\d\d-[\w-]+\.md$/.test(f)).sort()
    .map((name) => ({ file: rel(join(lessonDir, name)), slug: name.replace(/^\d\d-|\.md$/g, ''), text: readFileSync(join(lessonDir, name), 'utf8') }));
  if (sections.length === 0) throw new ContentError(rel(lessonDir), 0, 'no lesson sections (files named NN-name.md)');

  return { raceKeys, course: course.data, checks: checks.data.checks, assignment: assignment.data, widgets, diagrams, sections, checkIds: ids };
}

function requireFields(file, obj, fields) {
  for (const f of fields) {
    if (obj[f] === undefined || obj[f] === '') throw new ContentError(file.path, 1, `missing "${f}"`);
  }
}

function checkQuestion(file, c, ids) {
  const at = (needle) => lineOf(file.text, needle);
  if (!c || typeof c.id !== 'string' || !/^[\w-]+$/.test(c.id)) throw new ContentError(file.path, at('"id"'), 'every check needs an "id" made of letters, digits, - or _');
  const line = at(`"${c.id}"`);
  if (ids.has(c.id)) throw new ContentError(file.path, line, `duplicate check id "${c.id}"`);
  ids.add(c.id);
  if (typeof c.prompt !== 'string' || !c.prompt.trim()) throw new ContentError(file.path, line, `check "${c.id}" needs a "prompt"`);
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
  } else if (c.kind === 'short') {
    if (typeof c.modelAnswer !== 'string' || !Array.isArray(c.rubric) || c.rubric.length === 0) {
      throw new ContentError(file.path, line, `short-answer check "${c.id}" needs a "modelAnswer" and a "rubric" list`);
    }
  } else {
    throw new ContentError(file.path, line, `check "${c.id}": "kind" must be "choice" or "short"`);
  }
}
