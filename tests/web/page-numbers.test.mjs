// Every number a page template (web/pages/*.html) writes in its prose is either put there by
// the build or tied to where it comes from, as the lesson's numbers are
// (tests/unit/test_lesson_numbers.cpp). Put there by the build: a {{widget.key}}, which
// tools/site/lesson.mjs (fillRefs) replaces with content/widgets/widget.json's fixed value or
// setting default. Tied: a phrase in TIED below whose check recomputes the number from its
// source (a widget's JSON, an engine constant, a lesson phrase that a C++ test holds against
// the engine, docs/benchmarks.md's seed tables) and fails when the source and the page part. The few
// numbers that are not results (a bound, a section's number, an example inside a question, a
// year in a citation) are listed in NOT_RESULTS with why. A number typed into a page and
// listed nowhere fails here, naming the page and the text around it.
//
// "Prose" is what the template shows as text: comments, scripts, tags and attributes are
// dropped, and the text a script later replaces (an element's first content) counts too.
// Maths between $…$ (typeset by tools/site/maths.mjs) reads as its source: "of $w$" is "of w".
// The bare numbers 0 and 1 pass everywhere: weights and probabilities run from 0 to 1, rows
// sum to 1, a loss of 0 is every answer right.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

const read = (f) => readFileSync(f, 'utf8');
const widget = (name) => JSON.parse(read(`content/widgets/${name}.json`));
const setting = (name, key) => widget(name).settings.find((s) => s.key === key).default;
const lessonFile = (nn) => `content/lesson/${readdirSync('content/lesson').find((f) => f.startsWith(`${nn}-`))}`;
const squash = (s) => s.replace(/\s+/g, ' ');
// The first capture of `re` in `file`, as a number; fails if the source no longer says it.
function constant(file, re) {
  const m = re.exec(read(file));
  assert.ok(m, `${file} no longer matches ${re}: where does the number come from now?`);
  return Number(m[1]);
}
const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

// A template's prose: the text a reader meets, placeholders marked.
export function prose(html) {
  return squash(html.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/\{\{[^}]*\}\}/g, '§').replace(/<[^>]*>/g, '').replace(/\$([^$]+)\$/g, '$1').replace(/&amp;/g, '&').replace(/&nbsp;|\u00a0/g, ' ')).trim();
}
const NUMBER = /\d+(?:,\d{3})*(?:\.\d+)?/g;
// As tests/web/citations.test.mjs reads a citation; that test ties each to the references.
const NAME = "[A-Z][\\p{L}'-]+";
const CITATION = new RegExp(`(${NAME})(?: et al\\.|(?:, ${NAME})*,? (?:and|&) ${NAME}),? \\(?((?:19|20)\\d\\d)\\)?`, 'gu');

// page -> [phrase as the prose reads it, check that recomputes its numbers from their source]
const TIED = {
  'calculator.html': [
    ['q = [1, 2] against three keys', (p) => {
      const c = widget('calculator');
      assert.ok(p.includes(`q = [${c.query.join(', ')}] against ${WORDS[c.keys.length]} keys`), 'calculator.json query and keys');
    }],
  ],
  'code.html': [
    ['the first 50 lines', (p) => {
      const max = constant('web/js/code/runner-worker.js', /PRINTED_MAX = (\d+)/);
      assert.ok(p.includes(`the first ${max} lines`), 'runner-worker.js PRINTED_MAX');
      assert.ok(read('web/js/code/sandbox.js').includes(`slice(0, ${max})`), 'sandbox.js keeps as many lines');
    }],
  ],
  'comments.html': [
    // The planted bias and the label noise (comments.json defaults) as odds: 0.9 -> 9 to 1,
    // 0.2 -> one label in five, odds of 1/4 against the words.
    ['With 9 hostile Osk comments for every other one, and one label in five disagreeing with the words', (p) => {
      const bias = setting('comments', 'bias'), noise = setting('comments', 'noise');
      const odds = bias / (1 - bias);
      assert.equal(Math.round(odds * 1e9) / 1e9, Math.round(odds), 'the bias gives whole odds');
      assert.equal(Math.round(1 / noise * 1e9) / 1e9, Math.round(1 / noise), 'the noise is one in a whole number');
      assert.ok(p.includes(`With ${Math.round(odds)} hostile Osk comments for every other one, and one label in ${WORDS[Math.round(1 / noise)]} disagreeing`));
      assert.ok(p.includes(`(one in ${WORDS[Math.round(1 / noise)]} by default)`));
    }],
    ['odds of 9 × ¼, above 2, for hostile', (p) => {
      const bias = setting('comments', 'bias'), noise = setting('comments', 'noise');
      const odds = Math.round(bias / (1 - bias)), against = noise / (1 - noise);
      assert.equal(against, 0.25, 'the label noise as odds: ¼');
      assert.ok(odds * against > 2 && odds * against < 3);
      assert.ok(p.includes(`odds of ${odds} × ¼, above 2, for hostile`));
    }],
  ],
  'cost.html': [
    // The work counts are layer_cost.cpp's, which test_layer_cost.cpp checks.
    ['self-attention 6Td² (the three projections) + 4T²d (QKᵀ and AV) floating-point operations, the GRU 12Td²', () => {
      const src = squash(read('src/explore/layer_cost.cpp'));
      assert.ok(src.includes('6 * T * d * d + 4 * T * T * d : 12 * T * d * d'), 'layer_cost.cpp counts 6Td² + 4T²d and 12Td²');
      assert.ok(read('tests/unit/test_layer_cost.cpp').includes('"work counts: 6Td^2 + 4T^2d for self-attention, 12Td^2 for the GRU"'));
    }],
    // The GRU's 12Td²: the input half splits over two threads, the recurrent half does not.
    ['at most 12/9 ≈ 1.33 times as fast', (p) => {
      const work = 12, split = work / 2, threads = 2, after = split / threads + split;
      assert.ok(p.includes(`at most ${work}/${after} ≈ ${(work / after).toFixed(2)} times as fast`));
    }],
  ],
  'exercises.html': [
    ['within 0.005 + 0.5 % of each exact number', (p) => {
      const src = read('src/exercises/exercise.cpp');
      const m = /decimal_tolerance\(double exact\) \{ return ([\d.]+) \+ ([\d.]+) \* std::fabs\(exact\); \}/.exec(src);
      assert.ok(m, 'exercise.cpp decimal_tolerance');
      assert.ok(p.includes(`within ${Number(m[1])} + ${Number(m[2]) * 100} % of each exact number`));
    }],
  ],
  'order.html': [
    // Lesson 07 quotes the same run and the same bound; test_learning_outcomes.cpp [story] ties
    // "falls from 1.000" and "to about 0.56" to the engine's race, test_lesson_numbers.cpp the 0.61.
    ['falls from 1.000 to about 0.56', (p) => {
      const m = /falls from (\d\.\d{3}) to about (\d\.\d\d)/.exec(p);
      assert.ok(read(lessonFile('07')).includes(`falls from ${m[1]} to about ${m[2]}`), 'lesson 07 quotes the same run');
    }],
    ['about 0.61 at best', (p) => {
      const m = /about (\d\.\d\d) at best/.exec(p);
      assert.ok(read(lessonFile('07')).includes(`by up to about ${m[1]}`), 'lesson 07 works out the same bound');
    }],
  ],
  'scaling.html': [
    ['with 16 hidden units', (p) => {
      const h = constant('src/explore/scaling_stats.hpp', /kScalingAdditiveWidth = (\d+);/);
      assert.ok(p.includes(`with ${h} hidden units`));
      assert.ok(p.includes(`of w of variance 1/${h}`));
    }],
    ['of w of variance 1/16', () => {}],  // checked with the hidden units above
  ],
  'translate.html': [
    ['from 3 to the longest', (p) => {
      const first = constant('src/translate/corpus.hpp', /buckets = \{(\d+),/);
      assert.ok(p.includes(`from ${first} to the longest`), 'corpus.hpp: the shortest bucket');
    }],
    ['the first 6 of their H numbers', (p) => {
      const shown = constant('web/js/pages/translate/tables-view.js', /SHOWN = Math\.min\((\d+), H\)/);
      assert.ok(p.includes(`the first ${shown} of their H numbers`));
    }],
    // The seed-robustness table of docs/benchmarks.md (tests/bench/seed_robustness_bench.py), the translation
    // in WebAssembly, the build every browser runs: "story holds" when attention gets >= 95 %.
    ['(seeds 1 to 20), all 20 ended with the attention model at 95 % or more and the fixed summary got none of the longest sentences right in any of them', (p) => {
      const readme = read('docs/benchmarks.md');
      const row = /\| translation \| WebAssembly \(every machine\) \| (\d+)\/(\d+) \|[^\n]*longest 0 in every run/.exec(readme);
      assert.ok(row, 'docs/benchmarks.md: the translation row of the seed-robustness table, WebAssembly');
      assert.ok(/Seeds 1 to 20, each build's command-line runner/.test(readme) && row[2] === '20');
      assert.ok(squash(readme).includes('the translation at the page\'s defaults when attention gets ≥ 95 % of test sentences exactly right'));
      const told = row[1] === row[2] ? `all ${row[2]}` : row[1];  // "all 20" when every seed told it
      assert.ok(p.includes(`(seeds 1 to ${row[2]}), ${told} ended with the attention model at 95 % or more`));
    }],
  ],
  'vision.html': [
    ['cut into a 3 × 3 board of patches', (p) => {
      const f = widget('vision').fixed, g = f.side / f.patch;
      assert.ok(p.includes(`cut into a ${g} × ${g} board of patches`));
    }],
    // Nine patches and a class token, every token scoring every token.
    ['here 10 tokens, 100 scores per image', (p) => {
      const f = widget('vision').fixed, tokens = (f.side / f.patch) ** 2 + 1;
      assert.ok(p.includes(`here ${tokens} tokens, ${tokens * tokens} scores per image`));
    }],
    // As lesson 11 says, where test_lesson_numbers.cpp computes it.
    ['a 224 × 224 photograph cut into 16 × 16 patches has 196 patches and about 38,000 scores per head and layer', (p) => {
      const n = (224 / 16) ** 2, scores = Math.round(n * n / 1000) * 1000;
      assert.ok(p.includes(`has ${n} patches and about ${scores.toLocaleString('en-US')} scores per head and layer`));
    }],
  ],
};

// page -> [phrase, why its number is not a result to tie]
const NOT_RESULTS = {
  'attention-table.html': [['lesson section 3', 'a section of the lesson, by its number']],
  'calculator.html': [],
  'comments.html': [],
  'cost.html': [
    ['a slope of 2 on log-log axes', 'the slope that quadrupling with doubling means, by definition'],
    ['less steep than 2', 'the same slope of 2'], ['well below 2', 'two threads: a speed-up of 2 at most'],
    ['attention, 2 threads', 'a column named for the thread count it measures'], ['GRU, 2 threads', 'the same'],
  ],
  'exercises.html': [['fractions such as 3/4', 'an example of a format the box reads']],
  'order.html': [['not exactly 0.5 either', 'chance on two balanced classes'], ['Why not 0.5?', 'the same chance']],
  'race.html': [['chance (50 %)', 'chance on two balanced classes']],
  'reading.html': [['(worked example 2)', 'a section of the lesson, by its name']],
  'scaling.html': [['a weight of 0.99', 'an example inside a question to think about']],
  'vision.html': [
    ['chance (50 %)', 'chance on two balanced classes'],
    ['theirs had 12 and more layers and heads', 'a fact of the cited paper (Dosovitskiy et al. 2021: 12 layers and 12 heads in its smallest model)'],
  ],
};

const pages = readdirSync('web/pages').filter((f) => f.endsWith('.html')).sort();
const text = Object.fromEntries(pages.map((f) => [f, prose(read(`web/pages/${f}`))]));

// The spans of `p` covered by the phrases and the citations.
function covered(p, phrases) {
  const spans = [];
  for (const ph of phrases) for (let at = p.indexOf(ph); at >= 0; at = p.indexOf(ph, at + 1)) spans.push([at, at + ph.length]);
  for (const m of p.matchAll(CITATION)) spans.push([m.index, m.index + m[0].length]);
  return spans;
}

test('the scan reads numbers in prose, and a hand-typed one fails', () => {
  const p = prose('<p class="help" id="x">At <span>64</span> keys <!-- 7 --> the {{scaling.T}} (Vaswani et al. 2017) give 0.61 and 1.</p>');
  assert.equal(p, 'At 64 keys the § (Vaswani et al. 2017) give 0.61 and 1.');
  const loose = [...p.matchAll(NUMBER)].filter((m) => !['0', '1'].includes(m[0]) &&
    !covered(p, []).some(([a, b]) => m.index >= a && m.index < b)).map((m) => m[0]);
  assert.deepEqual(loose, ['64', '0.61']);
  assert.equal(prose('<p>of $w$ of variance 1/16</p>'), 'of w of variance 1/16', 'maths reads as its source');
});

for (const page of pages) {
  test(`${page}: every number in its prose is put there by the build or tied to its source`, () => {
    const p = text[page];
    const tied = TIED[page] || [], other = NOT_RESULTS[page] || [];
    for (const [phrase] of [...tied, ...other]) assert.ok(p.includes(phrase), `${page} no longer says "${phrase}": update this test's lists`);
    const spans = covered(p, [...tied, ...other].map(([phrase]) => phrase));
    const loose = [];
    for (const m of p.matchAll(NUMBER)) {
      if (m[0] === '0' || m[0] === '1') continue;
      if (spans.some(([a, b]) => m.index >= a && m.index < b)) continue;
      loose.push(`"${m[0]}" in "…${p.slice(Math.max(0, m.index - 50), m.index + 30)}…"`);
    }
    assert.deepEqual(loose, [], `${page}: numbers typed by hand; insert them with {{widget.key}} or tie them in tests/web/page-numbers.test.mjs`);
    for (const [phrase, check] of tied) {
      try { check(p); } catch (e) { e.message = `${page}, "${phrase}": ${e.message}`; throw e; }
    }
  });
}

test('every list entry names a page that exists', () => {
  for (const page of [...Object.keys(TIED), ...Object.keys(NOT_RESULTS)]) assert.ok(pages.includes(page), page);
});
