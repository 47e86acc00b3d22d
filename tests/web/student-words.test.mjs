// What students read never sends them to files they do not have: no page, lesson
// section, check or widget help names "the README" (an instructor's document, not
// in the built site a student opens). Comments in the code may; shown strings may not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const files = (dir, ext) => readdirSync(dir, { recursive: true }).filter((f) => f.endsWith(ext)).map((f) => join(dir, f));
// A script's text without its comments: what can reach the page.
const shownCode = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').split('\n').filter((l) => !l.trim().startsWith('//')).join('\n');

test('no page, lesson, check or widget text names the README to students', () => {
  const found = [];
  for (const f of [...files('web/pages', '.html'), ...files('content/lesson', '.md'), 'content/quick-checks.json']) {
    if (/README/.test(readFileSync(f, 'utf8'))) found.push(f);
  }
  for (const f of files('content/widgets', '.json')) {
    const { settings = [] } = JSON.parse(readFileSync(f, 'utf8'));
    for (const s of settings) if (/README/.test(`${s.label} ${s.help}`)) found.push(`${f}: ${s.key}`);
  }
  for (const f of files('web/js', '.js')) {
    if (f.endsWith('instructor.js')) continue;  // the instructor's page
    if (/README/.test(shownCode(readFileSync(f, 'utf8')))) found.push(f);
  }
  assert.deepEqual(found, []);
});

// Nor does it speak in the developers' words: no source file (src/…, a .hpp, .cpp, .mjs
// or .wasm, a script's path such as js/lab-worker-inline.js) and no internal build name
// (attention_lab_mt) in a page, a lesson section, a check, a widget's label or help, the
// glossary, or a message a script shows (an Error's text, which pages print, or a
// textContent it sets).
const DEVELOPER = /\bsrc\/|\b[\w-]+\.(?:hpp|cpp|mjs|wasm)\b|\bjs\/[\w/-]+\.js\b|\battention_lab_\w+/;

test('no student-facing text names a source file or an internal build name', () => {
  const found = [];
  const check = (where, text) => { const m = DEVELOPER.exec(text); if (m) found.push(`${where}: ${m[0]}`); };
  for (const f of files('web/pages', '.html')) check(f, readFileSync(f, 'utf8').replace(/<!--[\s\S]*?-->/g, ''));
  for (const f of files('content/lesson', '.md')) check(f, readFileSync(f, 'utf8'));
  check('content/quick-checks.json', readFileSync('content/quick-checks.json', 'utf8'));
  for (const t of JSON.parse(readFileSync('content/glossary.json', 'utf8')).terms) check(`glossary: ${t.id}`, `${t.term} ${t.definition}`);
  for (const f of files('content/widgets', '.json')) {
    const w = JSON.parse(readFileSync(f, 'utf8'));
    for (const s of w.settings || []) check(`${f}: ${s.key}`, [s.label, s.help, ...Object.values(s.choiceLabels || {})].join(' '));
    if (w.predict) check(`${f}: predict`, JSON.stringify(w.predict));
  }
  // A shown message: the literal text given to new Error(…) or to textContent.
  const SHOWN = /(?:new Error\(\s*|textContent\s*[:=]\s*)(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  for (const f of files('web/js', '.js')) {
    if (f.endsWith('instructor.js')) continue;  // the instructor's page
    for (const m of shownCode(readFileSync(f, 'utf8')).matchAll(SHOWN)) check(f, m[2]);
  }
  assert.deepEqual(found, []);
});
