// The message catalogs (web/js/messages/LANG.json, read by web/js/ui/i18n.js): every
// language has every key English has and no other, every message parses as ICU
// MessageFormat in its language and names the same placeholders and tags as English's,
// and every key the code asks for exists. A missing key shows as ⟦key⟧ on a page
// (i18n.js); this test finds it before a student does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIR = join(ROOT, 'web/js/messages');
const catalogs = Object.fromEntries(readdirSync(DIR).filter((f) => f.endsWith('.json')).map((f) => [f.replace('.json', ''), JSON.parse(readFileSync(join(DIR, f), 'utf8'))]));

// The argument and tag names of a parsed message, nested ones too.
function names(ast, out = new Set()) {
  for (const el of ast) {
    if (el.value !== undefined && el.type !== TYPE.literal && el.type !== TYPE.pound) out.add(`${el.type === TYPE.tag ? '<>' : '{}'}${el.value}`);
    if (el.options) for (const o of Object.values(el.options)) names(o.value, out);
    if (el.children) names(el.children, out);
  }
  return out;
}

test('the catalogs hold English and French', () => {
  assert.deepEqual(Object.keys(catalogs).sort(), ['en', 'fr']);
});

for (const [lang, messages] of Object.entries(catalogs)) {
  test(`${lang}: the same keys as English, each message parses and names English's placeholders`, () => {
    const missing = Object.keys(catalogs.en).filter((k) => !(k in messages));
    const extra = Object.keys(messages).filter((k) => !(k in catalogs.en));
    assert.deepEqual(missing, [], `${lang}.json lacks keys English has`);
    assert.deepEqual(extra, [], `${lang}.json has keys English has not`);
    for (const [key, text] of Object.entries(messages)) {
      let ast;
      assert.doesNotThrow(() => { ast = parse(text); new IntlMessageFormat(text, lang); }, `${lang}.json ${key}: ${text}`);
      assert.deepEqual([...names(ast)].sort(), [...names(parse(catalogs.en[key]))].sort(), `${lang}.json ${key}: placeholders differ from English's`);
    }
  });
}

test('a message that does not parse, or a key missing in one language, is seen by this test', () => {
  assert.throws(() => parse('{count, plural, one {# item} other {# items}'));
  const en = { a: 'x', b: 'y' }, fr = { a: 'x' };
  assert.deepEqual(Object.keys(en).filter((k) => !(k in fr)), ['b']);
});

// Every t('key') and t(cond ? 'key1' : 'key2') the code writes, and every key of a key table.
function filesUnder(dir) {
  return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? filesUnder(join(dir, f)) : [join(dir, f)]));
}
test('every key the code asks for is in the English catalog', () => {
  const files = [...filesUnder(join(ROOT, 'web/js')), ...filesUnder(join(ROOT, 'tools/site'))].filter((f) => /\.(m?js)$/.test(f));
  const asked = new Set();
  for (const f of files) {
    const src = readFileSync(f, 'utf8');
    for (const m of src.matchAll(/\bt\(\s*([^)]*?)[,)]/g)) for (const k of m[1].matchAll(/'([a-z][\w]*\.[\w.]+)'/g)) asked.add(k[1]);
    for (const m of src.matchAll(/linkIn\(\s*'([\w.]+)'/g)) asked.add(m[1]);
    for (const m of src.matchAll(/:\s*'((?:lesson|shell|check|checks|home|handin|parse|setting)\.(?!html')[\w]+)'/g)) asked.add(m[1]);
  }
  assert.ok(asked.size > 50, `found ${asked.size} keys`);
  assert.deepEqual([...asked].filter((k) => !(k in catalogs.en)).sort(), []);
});
