// Tokens the pages must never split across lines, made whole where the text is made:
// the lesson's Markdown (tools/site/markdown.mjs joins a number and its unit, and a short
// plain-text formula, with no-break spaces) and the pages' numbers (web/js/ui/format.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keepTokensWhole, renderMarkdown } from '../../tools/site/markdown.mjs';
import { withUnit } from '../../web/js/ui/format.js';

const shown = (s) => s.replace(/\u00a0/g, '~');

test('the lesson joins a number and its unit, and a short formula, with no-break spaces', () => {
  assert.equal(shown(keepTokensWhole('with H = 20 heads, 3H · D numbers and T × d_model floats')), 'with H~=~20 heads, 3H~·~D numbers and T~×~d_model floats');
  assert.equal(shown(keepTokensWhole('95 % of them in 3 s, not 4 steps')), '95~% of them in 3~s, not 4 steps');
  assert.equal(shown(keepTokensWhole('W_q = W_k = I, (τ = 1)')), 'W_q~=~W_k~=~I, (τ~=~1)');
});

test('code, list numbers and long chains keep their spaces', () => {
  assert.equal(keepTokensWhole('`a = b` in code'), '`a = b` in code');
  assert.equal(keepTokensWhole('1. first'), '1. first');
  const long = 'alpha1 = beta22 = gamma333 = delta4444 = eps';
  assert.equal(keepTokensWhole(long), long);  // 44 characters: a phone may wrap it
});

test('a lesson table cell keeps its formula whole', () => {
  const html = renderMarkdown('| size | of |\n| --- | --- |\n| T × d_model | 95 % |\n', 'x.md', 1);
  assert.match(html, /<td>T\u00a0×\u00a0d_model<\/td>\n<td>95\u00a0%<\/td>/);
});

test('a number and its unit are one token', () => {
  assert.equal(shown(withUnit('0.047', 'ms')), '0.047~ms');
  assert.equal(shown(withUnit(95, '%')), '95~%');
});
