// The engine's words in French (web/js/messages/engine/fr.json, read by
// web/js/ui/engine-words.js): every English text the engine writes for a reader (its
// refusals, the exercises' prompts, parts and diagnoses, the code page's tests and
// verdicts) has a template; each template parses as ICU, names the same placeholders as
// its English key, and still matches the engine's English (its literal parts are in
// src/); a composed text comes out whole in French, its numbers with a decimal comma;
// a text no template has stays English and says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { engineWords, useEngineCatalog } from '../../web/js/ui/engine-words.js';
import { useLanguage } from '../../web/js/ui/i18n.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const { messages } = JSON.parse(readFileSync(join(ROOT, 'web/js/messages/engine/fr.json'), 'utf8'));
const files = (dir) => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
const sources = [...files(join(ROOT, 'src')), ...files(join(ROOT, 'wasm'))].filter((f) => /\.(cpp|hpp)$/.test(f));
const placeholders = (text) => new Set(parse(text).filter((e) => e.type === TYPE.argument).map((e) => e.value));
// A key's literal pieces: the text between its placeholders.
const pieces = (key) => key.split(/\{[A-Za-z]+\}/).filter((p) => p.trim().length > 2);

// The literals of src/ a reader sees: those of the exercises (every sentence, label and
// name) and every refusal (Status::error), adjacent literals joined as C++ joins them.
function readerLiterals() {
  const out = [];
  for (const f of sources) {
    const src = readFileSync(f, 'utf8').replace(/(^|\s)\/\/.*$/gm, '$1').replace(/"\s*\n\s*"/g, '');  // code, not comments
    const literals = (text) => [...text.matchAll(/"((?:[^"\\\n]|\\.)*)"/g)].map((m) => m[1].replace(/\\"/g, '"'));
    for (const m of src.matchAll(/Status::error\(([^;]*)\);/g)) out.push(...literals(m[1]).map((l) => [f, l]));
    if (/src\/exercises\//.test(f)) out.push(...literals(src).map((l) => [f, l]));
  }
  // Words, not ids, formats or punctuation: two words of letters at least.
  return out.filter(([, l]) => /\p{L}{2,}[^"]*\s+[^"]*\p{L}{2,}/u.test(l) && !/^%/.test(l));
}

test('every message parses, names its key\'s placeholders, and no ASCII apostrophe opens a quote', () => {
  assert.ok(Object.keys(messages).length > 200);
  for (const [key, text] of Object.entries(messages)) {
    assert.doesNotThrow(() => parse(text), key);
    assert.deepEqual([...placeholders(text)].sort(), [...placeholders(key)].sort(), `${key}: placeholders differ`);
    assert.doesNotMatch(text, /'/, `${key}: an ASCII apostrophe starts ICU quoting; write ’`);
  }
});

test('every text of the engine a reader sees has a template; every template\'s words are the engine\'s', () => {
  const keyText = Object.keys(messages).join('\u0000');
  const missing = readerLiterals().filter(([, l]) => !l.split(/\s*\\n\s*/).every((part) => keyText.includes(part.trim())));
  assert.deepEqual(missing.map(([f, l]) => `${f.slice(ROOT.length)}: "${l}"`), [], 'English the engine writes with no French template');
  // (and the worker's own refusals, web/js/engine/lab-worker.js, which reach the page as the engine's do)
  const all = [...sources, join(ROOT, 'web/js/engine/lab-worker.js')].map((f) => readFileSync(f, 'utf8').replace(/"\s*\n\s*"/g, '')).join('\n').replace(/\\"/g, '"');
  // A piece is the engine's when in its sources whole, or as two literals it joins
  // ("softmax" + ": " + "a short row", "this part takes " + n + " number" + ", and ").
  const joined = (p) => all.includes(p) || [...p].some((_, i) => i > 0 && all.includes(p.slice(0, i)) && (all.includes(p.slice(i)) || joined2(p.slice(i))));
  const joined2 = (p) => [...p].some((_, i) => i > 0 && all.includes(p.slice(0, i)) && all.includes(p.slice(i)));
  const stale = Object.keys(messages).flatMap(pieces).filter((p) => !joined(p));
  assert.deepEqual(stale, [], 'template words the engine no longer writes');
});

test('composed texts come out whole in French, numbers with a decimal comma; unknown text stays English', () => {
  useLanguage('fr', {});
  useEngineCatalog('fr', messages);
  try {
    assert.deepEqual(engineWords('Right.'), { text: messages['Right.'], lang: 'fr' });
    const sum = engineWords('These weights sum to 1.25: softmax weights always sum to 1.');
    assert.equal(sum.lang, 'fr');
    assert.match(sum.text, /1,25/);
    assert.doesNotMatch(sum.text, /weights|always/);
    const row = engineWords('row 2 of S');
    assert.equal(row.lang, 'fr');
    assert.match(row.text, /2/);
    assert.deepEqual(engineWords('A sentence no template has.'), { text: 'A sentence no template has.', lang: 'en' });
  } finally {
    useEngineCatalog('en', {});
    useLanguage('en');
  }
});
