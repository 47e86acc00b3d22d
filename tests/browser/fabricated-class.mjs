// A fabricated class of hand-ins, made with the lab's own hand-in code from saved work of a
// known shape, so that every figure of the gradebook's item analysis can be worked out by
// hand. Used by the item-analysis test and the accessibility test's instructor page.
//
// Student i of n, on the first multiple-choice check C of the build (right option R, wrong
// options W1, W2), by i % 10:
//   0, 1   W1, then R       (wrong at the first attempt, right at the last)
//   2      W2               (wrong)
//   3      not answered
//   4..9   R                (right at once)
// and the second check D right when i < n / 2, else wrong (its first wrong option).
// Students i < 5 answer the exercise "shapes", part S_shape, with "0 0" (wrong, and no
// named mistake gives it).
import '../web/shared-limits.mjs';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildHandin } from '../../web/js/work/handin.js';
import { answerId } from '../../web/js/work/exercise-work.js';
import { normalizeState } from '../../web/js/work/store.js';

const content = JSON.parse(readFileSync('content/quick-checks.json', 'utf8')).checks;
const assignment = JSON.parse(readFileSync('content/assignment.json', 'utf8'));
// The part counts, as the build adds them (tools/site/content.mjs).
const fixed = JSON.parse(readFileSync('content/widgets/exercises.json', 'utf8')).fixed;
assignment.exercises.parts = Object.fromEntries(Object.keys(assignment.exercises.weights).map((k) => [k, fixed[`parts.${k}`]]));
export const [C, D] = content.filter((c) => c.kind === 'choice' && assignment.checks.includes(c.id));
const right = (c) => c.choices.find((x) => x.correct).id;
const wrongs = (c) => c.choices.filter((x) => !x.correct).map((x) => x.id);

const at = (i, k) => new Date(Date.UTC(2026, 10, 30, 9, 0, 0) + i * 60000 + k * 1000).toISOString();
function attempts(i, c, choices) {
  const log = choices.map((ch, k) => [ch, ch === right(c), at(i, k)]);
  const last = log.at(-1);
  return { choice: last[0], checked: true, correct: last[1], attempts: log.length, log, first: { choice: log[0][0], correct: log[0][1], at: log[0][2] }, updatedAt: last[2] };
}

export function studentWork(i, n) {
  const answers = {};
  const [w1, w2] = wrongs(C);
  const r = i % 10;
  if (r <= 1) answers[C.id] = attempts(i, C, [w1, right(C)]);
  else if (r === 2) answers[C.id] = attempts(i, C, [w2]);
  else if (r >= 4) answers[C.id] = attempts(i, C, [right(C)]);
  answers[D.id] = attempts(i, D, [i < n / 2 ? right(D) : wrongs(D)[0]]);
  const name = `Student ${String(i).padStart(2, '0')}`;
  if (i < 5) {
    answers[answerId('shapes', 'S_shape')] = { text: '0 0', checked: true, correct: false, attempts: 1, student: name, variant: 1, mistake: '',
      log: [['0 0', false, at(i, 9)]], updatedAt: at(i, 9) };
  }
  return normalizeState({ version: 2, student: { name, id: `ID-${i}`, updatedAt: at(i, 0) }, answers }).state;
}

// Writes n hand-in files into dir; -> their paths and the figures expected for C, D.
export function writeClass(dir, n) {
  const paths = [];
  for (let i = 0; i < n; ++i) {
    const { text, filename } = buildHandin({ state: studentWork(i, n), checks: content, assignment, now: new Date('2026-11-30T12:00:00Z') });
    paths.push(join(dir, filename));
    writeFileSync(paths.at(-1), text);
  }
  const count = (f) => Array.from({ length: n }, (_, i) => i).filter(f).length;
  const answeredC = count((i) => i % 10 !== 3);
  return {
    paths,
    C: { answered: answeredC, firstRight: count((i) => i % 10 >= 4) / answeredC, lastRight: count((i) => i % 10 <= 1 || i % 10 >= 4) / answeredC,
      w1: count((i) => i % 10 <= 1), w2: count((i) => i % 10 === 2) },
    D: { answered: n, lastRight: count((i) => i < n / 2) / n },
    shapes: { answered: Math.min(5, n) },
  };
}

// Hand-ins that test what the gradebook trusts (tests/browser/gradebook.test.mjs), made with
// the lab's own hand-in code, exported 2026-11-30 12:00 UTC:
//   "Proto Pat"   predictions of "__proto__" (comments), "constructor" (vision) and
//                 "hasOwnProperty" (race), each with the same "result"
//   "Late Lee"    check C answered right, its attempt log dated 2099
//   "Honest Hal"  a comments prediction borne out and an image-page one not: neither
//                 page's run is in a hand-in, so neither can be checked
export function writeHostileClass(dir) {
  const pred = (choice, outcome, run) => ({ choice, text: 'a hunch', locked: true, run, ticket: 't1', at: at(0, 1), outcome, result: 'as stated', updatedAt: at(0, 2) });
  const work = {
    'Proto Pat': { 'predict-comments': pred('__proto__', '__proto__', 'bias 0.9, noise 0.2, seed 1'),
      'predict-vision': pred('constructor', 'constructor', 'positions on, seed 1'), 'predict-race': pred('hasOwnProperty', 'hasOwnProperty', 'T = 30') },
    'Late Lee': { [C.id]: (() => { const a = attempts(0, C, [right(C)]); a.log[0][2] = '2099-01-01T00:00:00.000Z'; a.updatedAt = a.log[0][2]; return a; })() },
    'Honest Hal': { 'predict-comments': pred('many', 'many', 'bias 0.9, noise 0.2, seed 1'), 'predict-vision': pred('same', 'transformer', 'positions on, seed 1') },
  };
  return Object.entries(work).map(([name, answers], i) => {
    const state = normalizeState({ version: 2, student: { name, id: `H-${i}`, updatedAt: at(i, 0) }, answers }).state;
    const { text, filename } = buildHandin({ state, checks: content, assignment, now: new Date('2026-11-30T12:00:00Z') });
    const path = join(dir, filename);
    writeFileSync(path, text);
    return path;
  });
}
