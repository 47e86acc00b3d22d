// Every paper a student is pointed to can be looked up: each citation in what students
// read ("Jain and Wallace (2019)", "Vaswani et al. 2017", "Bahdanau, Cho and Bengio
// 2014") names an author and a year that one entry of the lesson's reference list
// (the last section's "## References") holds. A citation whose paper is missing there
// (a Luong score or an Och and Ney error rate quoted with no entry) fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const files = (dir, ext) => readdirSync(dir, { recursive: true }).filter((f) => f.endsWith(ext)).sort().map((f) => join(dir, f));
const read = (f) => readFileSync(f, 'utf8');
// A script's text without its comments: what can reach the page.
const shownCode = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').split('\n').filter((l) => !l.trim().startsWith('//')).join('\n');

const lessonFiles = files('content/lesson', '.md');
const last = read(lessonFiles[lessonFiles.length - 1]);
const refsAt = last.indexOf('## References');
const references = last.slice(refsAt).split('\n').filter((l) => l.startsWith('- '));

// A name, then "et al." or one or more co-authors, then the year (bare or in brackets).
const NAME = "[A-Z][\\p{L}'-]+";
const CITATION = new RegExp(`(${NAME})(?: et al\\.|(?:, ${NAME})*,? (?:and|&amp;|&) ${NAME}),? \\(?((?:19|20)\\d\\d)\\)?`, 'gu');

function studentTexts() {
  const out = [];
  for (const f of lessonFiles) out.push([f, f === lessonFiles[lessonFiles.length - 1] ? last.slice(0, refsAt) : read(f)]);
  out.push(['content/quick-checks.json', read('content/quick-checks.json')]);
  out.push(['content/glossary.json', JSON.parse(read('content/glossary.json')).terms.map((t) => t.definition).join('\n')]);
  for (const f of files('content/widgets', '.json')) {
    const w = JSON.parse(read(f));
    const shown = (w.settings || []).map((s) => [s.label, s.help, ...Object.values(s.choiceLabels || {})].join('\n'));
    if (w.predict) shown.push(JSON.stringify(w.predict));
    out.push([f, shown.join('\n')]);
  }
  for (const f of files('web/pages', '.html')) out.push([f, read(f).replace(/<!--[\s\S]*?-->/g, '')]);
  for (const f of files('web/js', '.js')) out.push([f, shownCode(read(f))]);
  return out;
}

test('the lesson has a reference list', () => {
  assert.ok(refsAt > 0, 'the last lesson section has a "## References" heading');
  assert.ok(references.length >= 9, `${references.length} entries`);
});

test('every citation students read has its entry in the lesson\'s references', () => {
  const missing = [];
  let seen = 0;
  for (const [file, text] of studentTexts()) {
    for (const m of text.matchAll(CITATION)) {
      ++seen;
      const [, author, year] = m;
      if (!references.some((r) => r.includes(author) && r.includes(` ${year}.`))) missing.push(`${file}: "${m[0]}"`);
    }
  }
  assert.ok(seen >= 10, `only ${seen} citations found: is the pattern still right?`);
  assert.deepEqual([...new Set(missing)], []);
});
