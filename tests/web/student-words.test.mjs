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
