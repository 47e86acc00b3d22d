// OWN_RESULT_PAGES (web/js/work/own-results.js): the pages whose results a quick check's
// feedback can quote. It is kept beside the sentences that quote them, so it is guarded
// here against the registry (content/pages.json) and the widgets' scripts: every entry is
// a registry widget whose script saves its results, and every widget script that saves
// results (saveOwnResult) has an entry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRegistry } from '../../tools/site/registry.mjs';
import { OWN_RESULT_PAGES } from '../../web/js/work/own-results.js';

// What is wrong between the table and the widgets, as "name: problem" lines.
// scripts: widget name -> its script's text.
function ownResultProblems(widgets, table, scripts) {
  const problems = [];
  const saves = (name) => /\bsaveOwnResult\(/.test(scripts[name] || '');
  for (const [name, entry] of Object.entries(table)) {
    const w = widgets.find((p) => p.name === name);
    if (!w) problems.push(`${name}: not a widget of content/pages.json`);
    else if (entry.page !== w.file) problems.push(`${name}: page "${entry.page}", but the widget's file is ${w.file}`);
    else if (!saves(name)) problems.push(`${name}: its script saves no result (saveOwnResult)`);
  }
  for (const w of widgets) {
    if (saves(w.name) && !Object.hasOwn(table, w.name)) problems.push(`${w.name}: saves results, but has no entry in OWN_RESULT_PAGES`);
  }
  return problems;
}

const widgets = loadRegistry('content', 'web').filter((p) => p.kind === 'widget');
const scripts = Object.fromEntries(widgets.map((w) => [w.name, readFileSync(join('web', 'js', 'pages', w.script), 'utf8')]));

test('OWN_RESULT_PAGES names exactly the registry widgets that save results, by their files', () => {
  assert.deepEqual(ownResultProblems(widgets, OWN_RESULT_PAGES, scripts), []);
  assert.ok(Object.keys(OWN_RESULT_PAGES).length >= 2);
});

test('a widget that saves results without an entry, or an entry for no widget, is named', () => {
  const more = { ...scripts, race: `${scripts.race}\nsaveOwnResult('ablation', {});` };
  assert.deepEqual(ownResultProblems(widgets, OWN_RESULT_PAGES, more), ['race: saves results, but has no entry in OWN_RESULT_PAGES']);
  const stale = { ...OWN_RESULT_PAGES, gone: { page: 'gone.html' } };
  assert.deepEqual(ownResultProblems(widgets, stale, scripts), ['gone: not a widget of content/pages.json']);
  const moved = { ...OWN_RESULT_PAGES, reading: { ...OWN_RESULT_PAGES.reading, page: 'read.html' } };
  assert.deepEqual(ownResultProblems(widgets, moved, scripts), ['reading: page "read.html", but the widget\'s file is reading.html']);
  const noComments = { ...scripts };
  delete noComments.comments;
  assert.deepEqual(ownResultProblems(widgets, OWN_RESULT_PAGES, noComments), ['comments: its script saves no result (saveOwnResult)']);
});
