// A widget's markup in another language (web/pages/LANG/NAME.html, which the site uses for
// that language's page) is the English markup with its words translated: the same
// elements in the same order, the same ids, classes, roles, references and values, so the
// page's script finds everything it finds in English. Translated: the text, and the
// attributes a person reads (aria-label, title, alt, placeholder). Allowed beside: a
// <span lang="en"> around an English example kept in the prose.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const WORDS = new Set(['aria-label', 'title', 'alt', 'placeholder', 'aria-valuetext']);

// The elements of a fragment as [tag, {attribute: value}] in document order, without the
// words (attributes a person reads) and without <span lang="en"> wrappers.
export function skeleton(html) {
  const out = [];
  const stack = [];
  const source = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|textarea)\b([^>]*)>[\s\S]*?<\/\1>/gi, '<$1$2></$1>');
  for (const m of source.matchAll(/<(\/?)([a-zA-Z][\w-]*)((?:\s+[\w:-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g)) {
    const [, close, rawTag, rawAttrs] = m;
    const tag = rawTag.toLowerCase();
    if (close) { if (tag === 'span') stack.pop(); continue; }
    const attrs = {};
    for (const a of rawAttrs.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      if (!WORDS.has(a[1])) attrs[a[1]] = a[2] ?? a[3] ?? a[4] ?? '';
    }
    const wrapper = tag === 'span' && Object.keys(attrs).length === 1 && attrs.lang === 'en';
    if (tag === 'span') stack.push(wrapper);
    if (!wrapper) out.push([tag, attrs]);
  }
  return out;
}

const LANGS = readdirSync('web/pages', { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

test('French markup exists for every widget page', () => {
  assert.ok(LANGS.includes('fr'));
  const english = readdirSync('web/pages').filter((f) => f.endsWith('.html'));
  assert.deepEqual(english.filter((f) => !existsSync(join('web/pages/fr', f))), [], 'widget pages without French markup');
});

for (const lang of LANGS) {
  for (const f of readdirSync(join('web/pages', lang)).filter((n) => n.endsWith('.html'))) {
    test(`web/pages/${lang}/${f}: the English markup's elements and attributes, words translated`, () => {
      assert.ok(existsSync(join('web/pages', f)), `no web/pages/${f} for it to translate`);
      const en = skeleton(readFileSync(join('web/pages', f), 'utf8'));
      const own = skeleton(readFileSync(join('web/pages', lang, f), 'utf8'));
      for (let i = 0; i < Math.max(en.length, own.length); ++i) {
        assert.deepEqual(own[i], en[i], `element ${i + 1} of ${f} (after ${JSON.stringify(en[i - 1] || null)})`);
      }
    });
  }
}

test('the comparison sees a changed id, a lost element and a changed value, and allows translated words', () => {
  const en = '<p id="a" class="help" aria-label="Speed">Fast <em>now</em></p><input id="x" value="3">';
  assert.deepEqual(skeleton('<p id="a" class="help" aria-label="Vitesse">Vite <span lang="en">now</span> <em>maintenant</em></p><input id="x" value="3">'), skeleton(en));
  assert.notDeepEqual(skeleton('<p id="b" class="help">Vite <em>maintenant</em></p><input id="x" value="3">'), skeleton(en));
  assert.notDeepEqual(skeleton('<p id="a" class="help">Vite</p><input id="x" value="3">'), skeleton(en));
  assert.notDeepEqual(skeleton('<p id="a" class="help">Vite <em>maintenant</em></p><input id="x" value="4">'), skeleton(en));
});
