// Each widget's settings are written in its file alone (content/widgets/NAME.json, with
// content/shared.json): the engine's structs, checks, bindings and command flags are
// generated from it or loop over it (cmake/SettingsSchema.cmake, src/core/widget_settings.hpp),
// and the pages build their forms and links from it. So no source file outside the
// generated ones restates a setting's default ("int epochs = 10", "{ epochs: 10 }") or
// keeps a list of a widget's keys ({"bias", s.bias}, {"noise", s.noise}, or ['T', 'epochs']).
// A test of its own may set settings; the sources may not list them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { resolveShared } from '../../tools/site/shared-settings.mjs';

const shared = JSON.parse(readFileSync('content/shared.json', 'utf8'));
const widgets = readdirSync('content/widgets').filter((f) => f.endsWith('.json')).map((f) => ({
  name: f.replace(/\.json$/, ''),
  settings: resolveShared(JSON.parse(readFileSync(join('content/widgets', f), 'utf8')), shared).settings || [],
})).filter((w) => w.settings.length);

function filesUnder(dir, exts) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p, exts) : exts.some((e) => p.endsWith(e)) ? [p] : [];
  });
}
// Where a widget's settings arrive from its page: its session or request in src/ (the
// lower modules they drive are given values, and may keep defaults of their own for
// their unit tests), its binding and command, its page's script and folder. A default
// is looked for there (a seed of 1 elsewhere is some other seed), and so is a C++ list
// of keys; an array of nothing but a widget's keys is looked for everywhere.
const ENGINE = {
  race: ['race/settings', 'race/race_session', 'race/race_cost'], comments: ['comments/comments_session'],
  translate: ['translate/translate_session', 'translate/translate_cost'], vision: ['vision/vision_session'],
  scaling: ['explore/scaling_stats'], order: ['explore/order_probe'], cost: ['explore/layer_cost'],
  calculator: ['attention/score_steps'], exercises: ['exercises/exercise', 'exercises/code_tests'],
  reading: ['reading/race_reading', 'reading/seed_sweep'],
};
const SOURCES = [...['src', 'wasm', 'tools/cli'].flatMap((d) => filesUnder(d, ['.cpp', '.hpp'])),
  ...['web/js', 'tools/site'].flatMap((d) => filesUnder(d, ['.js', '.mjs']))];
const ownedBy = (file, name) => [...(ENGINE[name] || []).map((p) => `src/${p}.`), `wasm/${name}_bind.cpp`,
  `tools/cli/${name}_command.cpp`, `web/js/pages/${name}.js`, `web/js/pages/${name}/`].some((p) => file.startsWith(p));
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const literal = (s) => (typeof s.default === 'string' ? `["']${escape(s.default)}["']` : `${escape(String(s.default))}(?![\\d.])`);

// Where a file restates a default or lists keys: ["file:line: what", ...].
export function restated(files, widgetList, owns = ownedBy) {
  const out = [];
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    const cpp = /\.(cpp|hpp)$/.test(file);
    lines.forEach((line, i) => {
      const code = line.replace(cpp ? /\/\/.*$/ : /(^|\s)\/\/.*$/, '');
      for (const w of widgetList) {
        for (const s of owns(file, w.name) ? w.settings : []) {
          const def = cpp
            ? new RegExp(`\\b(?:int|double|float|bool|std::string|std::uint32_t|std::uint64_t)\\s+${escape(s.key)}\\s*=\\s*${literal(s)}`)
            : new RegExp(`[{,]\\s*${escape(s.key)}\\s*:\\s*${literal(s)}`);
          if (def.test(code)) out.push(`${file}:${i + 1}: ${w.name}'s ${s.key} = ${JSON.stringify(s.default)}`);
        }
        const keys = new Set(w.settings.map((s) => s.key));
        // A list: two or more of the widget's keys quoted on one line, and (in an array
        // literal) nothing else beside them.
        const quotedKeys = [...code.matchAll(/["']([A-Za-z_][\w]*)["']/g)].map((m) => m[1]).filter((k) => keys.has(k));
        const arrays = [...code.matchAll(/\[([^\][]*)\]/g)].map((m) => m[1].split(',').map((x) => x.trim()).filter(Boolean));
        const keyArray = arrays.some((a) => a.length >= 2 && a.every((x) => /^["'][\w]+["']$/.test(x) && keys.has(x.slice(1, -1))));
        if ((cpp && owns(file, w.name) && new Set(quotedKeys).size >= 2) || keyArray) out.push(`${file}:${i + 1}: a list of ${w.name}'s keys`);
      }
    });
  }
  return out;
}

test('no source outside the generated files restates a widget setting\'s default or lists its keys', () => {
  assert.deepEqual(restated(SOURCES, widgets), []);
});

test('the check sees a restated default and a list of keys, in C++ and in JavaScript', () => {
  const dir = 'tests/web';  // a file of its own would be a source; the check reads what it is given
  const widget = [{ name: 'comments', settings: [{ key: 'bias', default: 0.9 }, { key: 'noise', default: 0.2 }, { key: 'remedy', default: 'augment' }] }];
  const file = join(dir, '.settings-written-once.fixture.cpp');
  const js = join(dir, '.settings-written-once.fixture.js');
  try {
    writeFixture(file, 'struct S {\n  double bias = 0.9;  // a default\n  std::string remedy = "augment";\n};\nfor (auto [k, v] : {{"bias", s.bias}, {"noise", s.noise}}) {}\ndouble bias = 0.95;\n');
    writeFixture(js, "const KEYS = ['bias', 'noise'];\nconst d = { bias: 0.9, other: 1 };\nconst ok = ['bias', 'planted_fpr'];\n");
    assert.deepEqual(restated([file, js], widget, () => true), [
      `${file}:2: comments's bias = 0.9`, `${file}:3: comments's remedy = "augment"`, `${file}:5: a list of comments's keys`,
      `${js}:1: a list of comments's keys`, `${js}:2: comments's bias = 0.9`]);
  } finally {
    removeFixture(file);
    removeFixture(js);
  }
});

import { rmSync, writeFileSync } from 'node:fs';
function writeFixture(path, text) { writeFileSync(path, text); }
function removeFixture(path) { rmSync(path, { force: true }); }
