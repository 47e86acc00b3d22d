// The pseudo-locale en-XA (tools/site/pseudo-locale.mjs): every catalog message still
// parses and names the same placeholders and tags, its letters accented and 40 % more;
// what a program reads (placeholders, formulas, {{refs}}, tags, code, link targets,
// acronyms) is kept; a widget's markup keeps its elements and attributes but its words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { pseudoCatalog, pseudoHtml, pseudoMessage, pseudoText } from '../../tools/site/pseudo-locale.mjs';

const en = JSON.parse(readFileSync(new URL('../../web/js/messages/en.json', import.meta.url), 'utf8'));
const names = (ast, out = new Set()) => {
  for (const el of ast) {
    if (el.type !== TYPE.literal && el.type !== TYPE.pound && el.value !== undefined) out.add(el.value);
    if (el.options) for (const o of Object.values(el.options)) names(o.value, out);
    if (el.children) names(el.children, out);
  }
  return out;
};
const literals = (ast, out = []) => {
  for (const el of ast) {
    if (el.type === TYPE.literal) out.push(el.value);
    if (el.options) for (const o of Object.values(el.options)) literals(o.value, out);
    if (el.children) literals(el.children, out);
  }
  return out;
};
const letters = (s) => (s.match(/\p{L}/gu) || []).length;

test('every catalog message in the pseudo-locale parses, with its placeholders, accented and longer', () => {
  const pseudo = pseudoCatalog(en);
  for (const [key, message] of Object.entries(en)) {
    const ast = parse(pseudo[key]);
    assert.deepEqual([...names(ast)].sort(), [...names(parse(message))].sort(), key);
    assert.doesNotMatch(literals(ast).join(' ').replace(/\b[A-Z][A-Z0-9]+(\/[A-Za-z]+)?\b/g, ''), /\b[a-z]{3,}\b/, `${key}: an English word left`);
  }
  const m = pseudoMessage('Run {count, plural, one {# race} other {# races}} with <link>GRU</link>');
  assert.match(m, /^Ŕúñ \{count,plural,one\{# ŕáçé\} other\{# ŕáçéš\}\} ŵíţĥ <link>GRU<\/link> ẋ+/);
});

test('plain texts: 40 % more letters; formulas, refs, placeholders, code and link targets kept', () => {
  const text = 'Scores are divided by $\\sqrt{d_k}$ for {{race.T}} tokens: see [the lesson](lesson.html#scaling) and `softmax(x)`.';
  const out = pseudoText(text);
  for (const kept of ['$\\sqrt{d_k}$', '{{race.T}}', '](lesson.html#scaling)', '`softmax(x)`']) assert.ok(out.includes(kept), kept);
  assert.ok(letters(out) >= 1.4 * letters(text.replace(/\$[^$]*\$|\{\{[^}]*\}\}|\]\([^)]*\)|`[^`]*`/g, '')), out);
  assert.equal(pseudoText('50 %'), '50 %');  // a number is as long in every language
  assert.equal(pseudoText('GFLOP/s'), 'GFLOP/s');
});

test('markup: elements, ids and attributes kept, words and labels in the pseudo-locale, code and English examples not', () => {
  const html = '<p class="help" id="h">Type a number <code>0.5</code> or <span lang="en">the cat sat</span>.</p><button aria-label="Start the race" data-x="keep me">Start</button>';
  const out = pseudoHtml(html);
  assert.equal(out.replace(/>[^<]*</g, '><'), html.replace(/>[^<]*</g, '><').replace('aria-label="Start the race"', `aria-label="${pseudoText('Start the race')}"`));
  assert.match(out, /<code>0\.5<\/code>/);
  assert.match(out, /<span lang="en">the cat sat<\/span>/);
  assert.match(out, /data-x="keep me"/);
  assert.doesNotMatch(out, />Start</);
});
