// The page's input parsing, without a browser.
import './shared-limits.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cleanName, parseNumber, parseTokenLines, parseVector, tokenLines } from '../../web/js/settings/parse.js';
import { formatNumber } from '../../web/js/ui/format.js';
import { clip, quoted } from '../../web/js/ui/quote.js';

test('vectors: commas or spaces, strict numbers', () => {
  assert.deepEqual(parseVector('1.0, 0.9'), { ok: true, values: [1, 0.9] });
  assert.deepEqual(parseVector(' -0.2 1.3e0 '), { ok: true, values: [-0.2, 1.3] });
  assert.deepEqual(parseVector('.5,-.25'), { ok: true, values: [0.5, -0.25] });
  for (const bad of ['', '  ', 'abc', '1, two', '0x10', '1..2', '1,,e3']) assert.equal(parseVector(bad).ok, false, bad);
});

test('numbers: non-finite and out-of-range values are named', () => {
  assert.match(parseNumber('NaN').message, /not a finite number/);
  assert.match(parseNumber('-Infinity').message, /not a finite number/);
  assert.match(parseNumber('1e400').message, /too large/);
  assert.equal(parseNumber('1e30').value, 1e30);
  assert.match(parseNumber('<b>x</b>').message, /"<b>x<\/b>" is not a number/);
  assert.ok(parseNumber('x'.repeat(60)).message.includes('…'));
});

test('token lines', () => {
  assert.deepEqual(parseTokenLines('animal 1.0 0.8\nnot: -0.2, 1.3\n\n', 10),
    { ok: true, rows: [{ token: 'animal', text: '1, 0.8' }, { token: 'not', text: '-0.2, 1.3' }] });
  assert.match(parseTokenLines('', 10).message, /at least one line/);
  assert.match(parseTokenLines('lonely', 10).message, /Line 1/);
  assert.match(parseTokenLines('a 1\nb x', 10).message, /Line 2: "x" is not a number/);
  assert.match(parseTokenLines('a 1\nb 2\nc 3', 2).message, /3 tokens: the table takes at most 2/);
  // Names with spaces and colons survive the round trip through the text box.
  const rows = [{ token: 'New York', text: '1, 2' }, { token: 'a:b', text: '-0.5, 3' }, { token: 'the', text: '0.2, 0.1' }];
  assert.deepEqual(parseTokenLines(tokenLines(rows), 10), { ok: true, rows });
  // Invisible characters are not a name.
  assert.match(parseTokenLines('\u200B: 1, 2', 10).message, /Line 1: the token's name is empty or made of invisible characters only/);
  assert.equal(cleanName(' \u200Bcat\uFEFF '), 'cat');
  assert.equal(cleanName('\u200B\u200D'), '');
});

test('display formatting', () => {
  assert.equal(formatNumber(1.7300000000000002), '1.73');
  assert.equal(formatNumber(0.33499), '0.335');
  assert.equal(formatNumber(0), '0');
  assert.equal(formatNumber(1e30), '1.0\u00a0×\u00a010³⁰');  // a power of ten, never e-notation (format.test.mjs)
  assert.equal(formatNumber(NaN), '—');
});

test('the minus sign of typeset maths (U+2212) reads as a minus, in vectors and settings', () => {
  assert.deepEqual(parseVector('−0.2, 1.3'), { ok: true, values: [-0.2, 1.3] });
  assert.deepEqual(parseNumber('1e−3'), { ok: true, value: 0.001 });
  assert.equal(parseNumber('−').ok, false);
});

test('quoted input is cut by characters, never inside an emoji, and stays short', () => {
  const emoji = '😀'.repeat(30);
  for (let n = 1; n <= 30; ++n) {
    const message = parseNumber('😀'.repeat(n)).message;
    assert.ok(!message.includes('\uFFFD') && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(message), message);
  }
  assert.equal(quoted(emoji), `"${'😀'.repeat(24)}…"`);
  assert.equal(clip('a😀b', 2), 'a😀…');
  assert.ok(parseNumber('x'.repeat(10000)).message.length < 60);
});

test('quoted text that can turn a message around is isolated; other text is quoted as is', () => {
  assert.equal(quoted('\u202Eabc'), '\u2068"\u202Eabc"\u2069');
  assert.equal(quoted('شكرا'), '\u2068"شكرا"\u2069');
  assert.equal(quoted('café 😀'), '"café 😀"');
  assert.equal(quoted(`${'x'.repeat(30)}\u202E`), `"${'x'.repeat(24)}…"`);  // only what is shown counts
});
