// A class of hand-ins whose exercises and code the gradebook grades again: student i
// ("Student i", ID "S-i") answers five exercise parts and hands in a correct softmax and
// attention (CORRECT_CODE) under a comment naming them, so that no two students' code is
// the same and each is run again on its own. Used by the code page's test, the regrade
// Stop test and the class regrade benchmark.
import '../web/shared-limits.mjs';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildHandin } from '../../web/js/work/handin.js';
import { answerId } from '../../web/js/work/exercise-work.js';
import { normalizeState } from '../../web/js/work/store.js';
import { loadContent } from '../../tools/site/content.mjs';

// A right answer to the code page: a softmax that subtracts the row's maximum, attention
// scaled by √d_k with the mask's keys left out.
export const CORRECT_CODE = `function softmax(row) {
  const m = Math.max(...row);
  const e = row.map((s) => Math.exp(s - m));
  const t = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / t);
}
function attention(Q, K, V, mask) {
  const d = Q[0].length;
  return Q.map((q, i) => {
    const keys = K.map((_, j) => j).filter((j) => !mask || mask[i][j]);
    const w = softmax(keys.map((j) => q.reduce((s, x, k) => s + x * K[j][k], 0) / Math.sqrt(d)));
    return V[0].map((_, c) => keys.reduce((s, j, n) => s + w[n] * V[j][c], 0));
  });
}`;

export const PARTS_PER_STUDENT = 5;

// Writes n hand-in files into dir -> their paths.
export function writeCodeClass(dir, n) {
  const content = loadContent('content', 'web');
  const at = '2026-11-30T10:00:00.000Z';
  const part = (text, name) => ({ text, checked: true, correct: false, attempts: 1, student: name, variant: 1, mistake: '', log: [[text, false, at]], updatedAt: at });
  const files = [];
  for (let i = 0; i < n; ++i) {
    const name = `Student ${i}`, code = `// ${name}\n${CORRECT_CODE}`;
    const answers = {
      [answerId('context', 'scores')]: part('1 2 3', name), [answerId('context', 'weights')]: part('0.2 0.3 0.5', name),
      [answerId('shapes', 'S_shape')]: part('4 4', name), [answerId('shapes', 'Z_shape')]: part('4 2', name),
      [answerId('shapes', 'qk_madds')]: part('64', name),
      code: { text: code, checked: true, correct: true, attempts: 1, student: name, variant: 1, passed: [], log: [[code.slice(0, 40), true, at]], updatedAt: at },
    };
    const { state } = normalizeState({ version: 3, student: { name, id: `S-${i}` }, answers, races: [] });
    const { text } = buildHandin({ state, checks: content.checks, assignment: content.assignment, now: new Date('2026-11-30T12:00:00Z') });
    files.push(join(dir, `s${i}.txt`));
    writeFileSync(files.at(-1), text);
  }
  return files;
}

// ---- a lookup table of the page's "Expected" boxes -----------------------------------
// What a student who copies outputs instead of computing them hands in: the inputs and
// expected outputs the page showed for one run, as a table looked up by input, and in call
// order when an input is not in it (a counter in the code's globals). The expected outputs
// are worked here in full precision from the shown inputs (the page shows inputs exactly:
// they are quarters), so the table is the best a copier can make.

// Rows of numbers from the page's text of a matrix ("[1, 2]\n[3, 4]").
const parseRows = (text) => text.trim().split('\n').map((l) => JSON.parse(l));

// A shown case's input block as the page prints it -> {function, args}.
export function parseShownInput(text) {
  const m = /^row = (\[.*\])$/.exec(text.trim());
  if (m) return { function: 'softmax', args: [JSON.parse(m[1])] };
  const part = (name) => parseRows(new RegExp(`${name} \\(\\d+ × \\d+\\) =\\n([^A-Za-z]*)`).exec(text)[1]);
  const [Q, K, V] = ['Q', 'K', 'V'].map(part);
  const causal = /mask = causal/.test(text);
  return { function: 'attention', args: [Q, K, V, causal ? Q.map((_, i) => K.map((__, j) => j <= i)) : null] };
}

// The right output, in double precision (the engine's formula).
export function reference({ function: fn, args }) {
  const softmax = (row) => {
    const m = Math.max(...row), e = row.map((s) => Math.exp(s - m)), t = e.reduce((a, b) => a + b, 0);
    return e.map((x) => x / t);
  };
  if (fn === 'softmax') return softmax(args[0]);
  const [Q, K, V, mask] = args;
  return Q.map((q, i) => {
    const keys = K.map((_, j) => j).filter((j) => !mask || mask[i][j]);
    const w = softmax(keys.map((j) => q.reduce((s, x, k) => s + x * K[j][k], 0) / Math.sqrt(q.length)));
    return V[0].map((_, c) => keys.reduce((s, j, n) => s + w[n] * V[j][c], 0));
  });
}

// The copier's code: inputs (parsed from the page) -> the table of their outputs.
export function lookupTableCode(inputs) {
  const table = inputs.map((x) => [x.function, JSON.stringify(x.args.slice(0, 3)), reference(x)]);
  return `const TABLE = ${JSON.stringify(table)};
globalThis.calls = globalThis.calls || { softmax: 0, attention: 0 };
function answer(fn, args) {
  const key = JSON.stringify(args.slice(0, 3));
  const hit = TABLE.find(([f, k]) => f === fn && k === key);
  if (hit) return hit[2];
  const mine = TABLE.filter(([f]) => f === fn);
  return mine[globalThis.calls[fn]++ % mine.length][2];
}
function softmax(row) { return answer('softmax', [row]); }
function attention(Q, K, V, mask) { return answer('attention', [Q, K, V, mask]); }`;
}
