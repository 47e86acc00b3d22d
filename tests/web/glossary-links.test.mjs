// The glossary's first-use linking (web/js/ui/glossary-links.js), on text alone: which
// term each piece of text links, and where. A form matches as written or with a capital
// first letter (the first word of a sentence), whole (never inside a longer word), once
// per page; an "except" phrase is never linked, nor a setting's name in a link or a
// "name = value" listing. The browser test
// (tests/browser/glossary.test.mjs) checks the links on every built page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { glossaryMatcher, firstUses, formVariants } from '../../web/js/ui/glossary-links.js';

const TERMS = JSON.parse(readFileSync('content/glossary.json', 'utf8')).terms;
const matcher = glossaryMatcher(TERMS);
// A page's text nodes in order -> [[node, the text linked, term id]].
const links = (...nodes) => {
  const linked = new Set();
  return nodes.flatMap((data, i) => firstUses(data, matcher, linked).map(([at, text, term]) => {
    assert.equal(data.slice(at, at + text.length), text);
    return [i, text, term.id];
  }));
};

test('a capitalised first word is a first use: "Teacher forcing", "Epoch", "Softmax"', () => {
  assert.deepEqual(links('Teacher forcing gives the model the right word.', 'Later, teacher forcing again.'),
    [[0, 'Teacher forcing', 'teacher-forcing']]);
  assert.deepEqual(links('Epoch 3 of 35.', 'Each epoch is one pass.'), [[0, 'Epoch', 'epoch']]);
  assert.deepEqual(links('Softmax weights sum to 1; the softmax is smooth.'), [[0, 'Softmax', 'softmax']]);
  assert.deepEqual(links('Counterfactual pairs: a test of behaviour.'), [[0, 'Counterfactual pairs', 'counterfactual']]);
  assert.deepEqual(links('Big-O notation drops constant factors.'), [[0, 'Big-O', 'big-o']]);
  // The first use is the first in the page, whatever its case.
  assert.deepEqual(links('the entropy of equal weights', 'Entropy (nats)'), [[0, 'entropy', 'entropy']]);
});

test('only the first letter: acronyms and names keep their case', () => {
  assert.deepEqual(links('a gru, an lstm, adam and flops'), []);
  assert.deepEqual(links('GRUs and LSTMs, trained with Adam at 2 GFLOP/s'),
    [[0, 'GRUs', 'gru'], [0, 'LSTMs', 'lstm'], [0, 'Adam', 'adam'], [0, 'GFLOP/s', 'flop']]);
  assert.deepEqual(formVariants('GRU'), ['GRU']);
  assert.deepEqual(formVariants('epoch'), ['epoch', 'Epoch']);
});

test('never inside a longer word, and the longest form first', () => {
  assert.deepEqual(links('aggregates, navigate, epochal, reseeded, subgroupings, embeddingX'), []);
  assert.deepEqual(links('the cross-entropy loss, then the entropy'),
    [[0, 'cross-entropy loss', 'cross-entropy'], [0, 'entropy', 'entropy']]);
  assert.deepEqual(links('learned positional embeddings, added to the token embeddings'),
    [[0, 'positional embeddings', 'positional-embedding'], [0, 'embeddings', 'embedding']]);
  assert.deepEqual(links('its false-positive rate per group'), [[0, 'false-positive rate', 'false-positive-rate']]);
  assert.deepEqual(links('it costs O(T²d), and O(Td²) for the GRU'), [[0, 'O(T²d)', 'big-o'], [0, 'GRU', 'gru']]);
});

test('a form written across a line break in the page\'s source is still the form', () => {
  assert.deepEqual(links('4T²d floating-point\n        operations'), [[0, 'floating-point\n        operations', 'flop']]);
  assert.deepEqual(links('right words under teacher\n forcing'), [[0, 'teacher\n forcing', 'teacher-forcing']]);
});

test('an "except" phrase is not a use: the GRU\'s "no such shortcut" is a path, not shortcut learning', () => {
  assert.deepEqual(links('the GRU has no such shortcut: it must carry the token', 'the suspected shortcut'),
    [[0, 'GRU', 'gru'], [1, 'shortcut', 'shortcut']]);
  assert.deepEqual(links('No such shortcut here.'), []);
});

test('a setting\'s name in a link or a "name = value" listing is not a use', () => {
  assert.deepEqual(links('one race run to the end with T = 30, epochs = 35, seed = 3151.'), []);
  assert.deepEqual(links('your link (checks.html?checks=q1,q2&require=T:30,seed:7)'), []);
  assert.deepEqual(links('Seed: which corpus and which initial weights.'), [[0, 'Seed', 'seed']]);
});

test('each term is linked once per page, in the node of its first use', () => {
  assert.deepEqual(links('a seed', 'seeds and a seed', 'Seed'), [[0, 'seed', 'seed']]);
});

// The course's vocabulary (issue 23): every term has an entry, and every entry is
// written somewhere students read, so that some page links it.
const REQUIRED = ['gru', 'gate', 'teacher-forcing', 'alignment', 'aer', 'entropy', 'jsd', 'log-log', 'permutation', 'flop',
  'embedding', 'epoch', 'adam', 'cross-entropy', 'big-o', 'logit', 'false-positive-rate', 'counterfactual', 'bag-of-words', 'shortcut', 'subgroup'];

test('the glossary has the course\'s vocabulary, each entry in the house style', () => {
  assert.deepEqual(REQUIRED.filter((id) => !TERMS.some((t) => t.id === id)), []);
  for (const t of TERMS) {
    assert.ok(t.definition.length <= 420, `${t.id}: a short definition (${t.definition.length} characters)`);
    assert.doesNotMatch(t.definition, /\$|\\[a-z]+|<\w/, `${t.id}: plain text, no maths markup or HTML`);
    // The visual checks' rule for what students read: no identifier from the code (a
    // snake_case part of two letters or more, such as d_model); the maths' d_k is a word.
    assert.doesNotMatch(t.definition, /\b[A-Za-z0-9]+_[A-Za-z0-9]{2,}|\b[A-Za-z0-9]{2,}_[A-Za-z0-9]+/, `${t.id}: no identifier from the code`);
  }
});

test('every term is used in text a page shows (a lesson section, a page, a check, a widget\'s help)', () => {
  const dir = (d, ext) => readdirSync(d).filter((f) => f.endsWith(ext)).map((f) => readFileSync(join(d, f), 'utf8'));
  const text = [...dir('content/lesson', '.md'), ...dir('web/pages', '.html'), readFileSync('content/quick-checks.json', 'utf8'),
    ...dir('content/widgets', '.json')].join('\n');
  const unused = TERMS.filter((t) => !firstUses(text, glossaryMatcher([t]), new Set()).length).map((t) => t.id);
  assert.deepEqual(unused, []);
});
