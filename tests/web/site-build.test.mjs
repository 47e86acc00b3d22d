// The site build from content/: an edited question shows up in the page, and a
// malformed content file stops the build with its file and line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite } from '../../tools/site/build.mjs';

const WASM_FILES = ['attention_lab_mt.js', 'attention_lab_mt.wasm', 'attention_lab_mt.worker.js',
  'attention_lab_st.js', 'attention_lab_st.wasm', 'attention_lab_single.js'];

// A copy of content/ and stand-ins for the compiled modules (the builder only copies them).
function workspace() {
  const dir = mkdtempSync(join(tmpdir(), 'site-'));
  cpSync('content', join(dir, 'content'), { recursive: true });
  for (const f of WASM_FILES) writeFileSync(join(dir, f), '// stand-in\n');
  return { dir, content: join(dir, 'content'), out: join(dir, 'dist') };
}

test('editing a question in content/ and rebuilding changes the page', async () => {
  const w = workspace();
  const file = join(w.content, 'quick-checks.json');
  const checks = JSON.parse(readFileSync(file, 'utf8'));
  checks.checks[0].prompt = 'Which statement about order-blind attention is right? (edited for the test)';
  checks.checks.push({ id: 'q-added', topic: 'Arithmetic', kind: 'choice', prompt: 'A question an instructor added: is $2 + 2 = 4$?',
    choices: [{ id: 'y', text: 'Yes', correct: true, explanation: 'Arithmetic.' }, { id: 'n', text: 'No', correct: false, explanation: 'It is 4.' }] });
  writeFileSync(file, JSON.stringify(checks, null, 2));
  await buildSite({ out: w.out, wasmDir: w.dir, contentDir: w.content });
  const html = readFileSync(join(w.out, 'checks.html'), 'utf8');
  assert.match(html, /\(edited for the test\)/);
  assert.match(html, /data-check="q-added" data-number="9"/);
  assert.match(html, /Quick check Q9: Arithmetic/);
  assert.match(html, /class="katex"/);  // its maths typeset at build time
  // The question banks are the build's checks, the added one included (numbered by its place,
  // Q9, as every page numbers it), linked for instructors.
  assert.ok(readFileSync(join(w.out, 'downloads/attention-lab-checks-gift.txt'), 'utf8').includes('::Q9\\: Arithmetic::[html]A question an instructor added\\: is \\\\(2 + 2 \\= 4\\\\)? {'));
  assert.match(readFileSync(join(w.out, 'downloads/attention-lab-checks-moodle.xml'), 'utf8'), /\(edited for the test\)/);
  const instructor = readFileSync(join(w.out, 'instructor.html'), 'utf8');
  for (const f of ['attention-lab-checks-moodle.xml', 'attention-lab-checks-gift.txt', 'attention-lab-checks-qti21.zip']) assert.match(instructor, new RegExp(`href="downloads/${f.replace(/\./g, '\\.')}" download`));
});

test('malformed content fails the build naming the file and line', async () => {
  const cases = [
    ['quick-checks.json', (t) => t.replace('"checks": [', '"checks": [,'), /content\/quick-checks.json:\d+:\d+: not valid JSON/],
    ['quick-checks.json', (t) => t.replace(/"correct": true/, '"correct": false'), /content\/quick-checks.json:\d+:\d+: check "q\d" must have exactly one correct choice \(has 0\)/],
    ['assignment.json', (t) => t.replace('"q1"', '"q99"'), /content\/assignment.json:\d+:\d+: unknown quick check "q99"/],
    ['assignment.json', (t) => t.replace('"shapes": 1', '"shape": 1'), /content\/assignment.json:\d+:\d+: "shape" is not an exercise \(use context, scaled, self-row, shapes, cross-step, code\)/],
    ['assignment.json', (t) => t.replace('"context": 1,', '"context": -1,'), /content\/assignment.json:\d+:\d+: the weight of "context" is a number from 0 to 100/],
    ['assignment.json', (t) => t.replace('"variant": 1', '"variant": 100'), /content\/assignment.json:\d+:\d+: "variant" is a whole number from 1 to 99/],
    ['lesson/03-scores-and-softmax.md', (t) => `${t}\n\n::: widget rac\n:::\n`, /content\/lesson\/03-scores-and-softmax.md:\d+:\d+: unknown widget "rac"/],
    ['lesson/03-scores-and-softmax.md', (t) => `${t}\n\n::: note\nnever closed\n`, /03-scores-and-softmax.md:\d+:\d+: "::: note" is never closed/],
    ['lesson/01-why-attention.md', (t) => `${t}\n\nBad maths: $\\frac{1}{$ here.\n`, /01-why-attention.md:\d+:12: math does not typeset/],
    // The translation grammar: the line of the rule or entry at fault.
    ['translation/grammar.json', (t) => t.replace('"tgt": ["NP", "VP"]}', '"tgt": ["NP", "VB"]}'), /content\/translation\/grammar.json:\d+:\d+: rule 3 \(CLAUSE\): VB is neither a lexicon category nor a rule's lhs/],
    ['translation/grammar.json', (t) => t.replace('"links": [[0, 1], [2, 1], [1, 0]]', '"links": [[0, 1], [2, 9]]'), /grammar.json:\d+:\d+: rule 14 \(VP\): the link \[2, 9\] points past the rule's words/],
    ['translation/grammar.json', (t) => t.replace('{ "fr": "rouge", "fem": "rouge", "en": "red" }', '{ "fr": "rouge", "fem": "rouge" }'), /grammar.json:\d+:\d+: lexicon category ADJ: every entry needs "fr" and "en"/],
    ['translation/grammar.json', (t) => t.replace('"adjective": ["ADJ"', '"adjective": ["ADJECTIVE"'), /grammar.json:\d+:\d+: spelling.fr: "agreement" names a category the lexicon does not have/],
    ['translation/grammar.json', (t) => t.replace('{ "fr": "noir", "fem": "noire", "en": "black" }', '{ "fr": "noir", "en": "black" }'), /grammar.json:\d+:\d+: spelling.fr: every entry of ADJ needs a one-word "fem"/],
    ['translation/grammar.json', (t) => t.replace('"src": ["N.det", "N"]', '"src": ["N.gender", "N"]'), /grammar.json:\d+:\d+: rule 9 \(THING\): N.gender: an entry of N has no "gender"/],
  ];
  for (const [name, edit, message] of cases) {
    const w = workspace();
    const path = join(w.content, name);
    writeFileSync(path, edit(readFileSync(path, 'utf8')));
    await assert.rejects(buildSite({ out: w.out, wasmDir: w.dir, contentDir: w.content }), message, name);
  }
  // The line is the right one: an unknown widget added as the file's last lines.
  const w = workspace();
  const path = join(w.content, 'lesson/02-queries-keys-values.md');
  const text = readFileSync(path, 'utf8');
  writeFileSync(path, `${text}\n::: widget nope\n:::\n`);
  const line = `${text}\n`.split('\n').length;
  await assert.rejects(buildSite({ out: w.out, wasmDir: w.dir, contentDir: w.content }),
    new RegExp(`02-queries-keys-values.md:${line}:1: unknown widget "nope"`));
  // A grammar rule's mistake points at that rule's line.
  const g = workspace();
  const gpath = join(g.content, 'translation/grammar.json');
  const gtext = readFileSync(gpath, 'utf8').replace('"src": ["V", "NP"], "tgt": ["V", "NP"]', '"src": ["V", "NP"], "tgt": ["V", "NP", "PP"]');
  writeFileSync(gpath, gtext);
  const gline = gtext.slice(0, gtext.indexOf('"tgt": ["V", "NP", "PP"]')).split('\n').length;
  await assert.rejects(buildSite({ out: g.out, wasmDir: g.dir, contentDir: g.content }), new RegExp(`grammar.json:${gline}:\\d+: rule 13 \\(VP\\): PP is neither`));
});

test('the SCORM launch page opens the lab in the language assignment.json names, one the course has', async () => {
  const w = workspace();
  const file = join(w.content, 'assignment.json');
  const a = JSON.parse(readFileSync(file, 'utf8'));
  await buildSite({ out: w.out, wasmDir: w.dir, contentDir: w.content });
  assert.match(readFileSync(join(w.out, 'scorm-launch.html'), 'utf8'), /<html lang="en">[\s\S]*data-src="index.html"/);
  writeFileSync(file, JSON.stringify({ ...a, lms: { ...(a.lms || {}), language: 'fr' } }, null, 2));
  await buildSite({ out: w.out, wasmDir: w.dir, contentDir: w.content });
  const launch = readFileSync(join(w.out, 'scorm-launch.html'), 'utf8');
  assert.match(launch, /<html lang="fr">[\s\S]*data-src="fr\/index.html"/);
  assert.match(launch, /"lang":"fr"/);  // its notices (no LMS, finish the attempt) in French too
  writeFileSync(file, JSON.stringify({ ...a, lms: { ...(a.lms || {}), language: 'de' } }, null, 2));
  await assert.rejects(buildSite({ out: w.out, wasmDir: w.dir, contentDir: w.content }), /assignment.json:\d+:\d+: lms.language "de" is not a language of this course \(en, fr\)/);
});
