// A course in two languages (tools/site/languages.mjs): content/fr/ holds French words for
// the course, the registry, the lesson, the glossary and the checks; what it lacks is
// shown in English with a note; a French checks file that disagrees with the English one
// on anything but words (ids, order, right answers) stops the build, naming the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadContent } from '../../tools/site/content.mjs';
import { courseLanguages, localContent } from '../../tools/site/languages.mjs';
import { ContentError } from '../../tools/site/errors.mjs';

const catalogs = { en: {}, fr: JSON.parse(readFileSync('web/js/messages/fr.json', 'utf8')) };

function copy() {
  const dir = mkdtempSync(join(tmpdir(), 'lang-'));
  cpSync('content', join(dir, 'content'), { recursive: true });
  return join(dir, 'content');
}
const load = (root) => localContent(root, loadContent(root, 'web'), 'fr', catalogs);

test('the course is in English and French; French words replace English ones, numbers and answers stay', () => {
  assert.deepEqual(courseLanguages('content', 'en'), ['en', 'fr']);
  const base = loadContent('content', 'web');
  const fr = localContent('content', base, 'fr', catalogs);
  assert.equal(fr.lang, 'fr');
  assert.notEqual(fr.course.title, base.course.title);
  assert.deepEqual(fr.fallbacks, [], 'every French file is there');
  assert.equal(fr.sections.length, base.sections.length);
  assert.ok(fr.sections.every((s) => s.file.startsWith('content/fr/lesson/') && !s.fallback));
  assert.deepEqual(fr.checks.map((c) => [c.id, c.number, (c.choices || []).map((ch) => ch.correct)]),
    base.checks.map((c) => [c.id, c.number, (c.choices || []).map((ch) => ch.correct)]));
  assert.notEqual(fr.checks[0].prompt, base.checks[0].prompt);
  assert.deepEqual(fr.pages.map((p) => [p.name, p.file, p.kind]), base.pages.map((p) => [p.name, p.file, p.kind]));
  // The widgets' words are French; their numbers, limits and choices are the English file's.
  // (words: labels, help, questions, choice labels and the code page's starter, whose comments are words)
  const WORDS = new Set(['about', 'label', 'help', 'question', 'choiceLabels', 'starter']);
  const numbers = (w) => JSON.stringify(w, (k, v) => (WORDS.has(k) ? '' : v));
  for (const name of Object.keys(base.widgets)) assert.equal(numbers(fr.widgets[name]), numbers(base.widgets[name]), name);
  assert.equal(fr.widgets.race.settings.find((s) => s.key === 'seed').label, 'Graine');
  assert.notEqual(fr.widgets.race.predict.question, base.widgets.race.predict.question);
});

test('a French section or check not written yet is the English one, marked as a fallback', () => {
  const root = copy();
  try {
    rmSync(join(root, 'fr/lesson/07-positions-and-order.md'));
    const checks = JSON.parse(readFileSync(join(root, 'fr/quick-checks.json'), 'utf8'));
    checks.checks = checks.checks.filter((c) => c.id !== 'q6');
    writeFileSync(join(root, 'fr/quick-checks.json'), JSON.stringify(checks));
    const fr = load(root);
    assert.deepEqual(fr.fallbacks, ['lesson/07-positions-and-order.md']);
    const s = fr.sections.find((x) => x.slug === 'positions-and-order');
    assert.equal(s.fallback, true);
    assert.match(s.file, /^content\/lesson\//);
    assert.equal(fr.checks.find((c) => c.id === 'q6').fallback, true);
  } finally { rmSync(join(root, '..'), { recursive: true, force: true }); }
});

test('a French check with another right answer, another order or an unknown id stops the build, naming the file', () => {
  const root = copy();
  try {
    const path = join(root, 'fr/quick-checks.json');
    const good = readFileSync(path, 'utf8');
    const edit = (f) => { const d = JSON.parse(good); f(d.checks); writeFileSync(path, JSON.stringify(d, null, 2)); };
    const refused = (pattern) => assert.throws(() => load(root), (err) => err instanceof ContentError && /content\/fr\/quick-checks\.json/.test(err.message) && pattern.test(err.message));
    edit((c) => { const ch = c[0].choices; ch[0].correct = !ch[0].correct; ch[1].correct = !ch[1].correct; });
    refused(/more than its words/);
    edit((c) => c.reverse());
    refused(/order/);
    edit((c) => { c[0].id = 'q99'; });
    refused(/"q99" is not in content\/quick-checks\.json/);
  } finally { rmSync(join(root, '..'), { recursive: true, force: true }); }
});
