// The registry's pointChart (content/pages.json): the chart that carries a run page's
// point, which the visual suite requires in view after a run. Each one names an element
// of its page's markup; a malformed one is refused with the page's name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRegistry } from '../../tools/site/registry.mjs';

test('every pointChart is an element of its page, on a page with a run', () => {
  const pages = loadRegistry('content', 'web').filter((p) => p.pointChart !== undefined);
  assert.ok(pages.some((p) => p.name === 'translate') && pages.some((p) => p.name === 'comments'), pages.map((p) => p.name).join(', '));
  for (const p of pages) {
    assert.ok(p.run, `${p.name}: a pointChart without a run`);
    assert.match(readFileSync(join('web', 'pages', `${p.name}.html`), 'utf8'), new RegExp(`id="${p.pointChart}"`), `${p.name}: no #${p.pointChart}`);
  }
});

test('a malformed pointChart is refused, naming the page', () => {
  const registry = JSON.parse(readFileSync('content/pages.json', 'utf8'));
  for (const [bad, name] of [[42, 'translate'], ['not an id', 'translate'], ['tr-curves', 'lesson']]) {
    const dir = mkdtempSync(join(tmpdir(), 'registry-'));
    const copy = structuredClone(registry);
    copy.pages.find((p) => p.name === name).pointChart = bad;
    writeFileSync(join(dir, 'pages.json'), JSON.stringify(copy, null, 2));
    assert.throws(() => loadRegistry(dir, 'web'), new RegExp(`page "${name}": "pointChart" is a widget's chart id`));
  }
});
