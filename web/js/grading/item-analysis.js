// Item analysis for a class of hand-ins: how each question and exercise worked, for the
// instructor who wrote or chose it. Pure functions (no DOM): tests run them under Node.
//
// Per multiple-choice check (the assignment's), over the students who answered it:
//   firstRight  share whose first attempt was right (by the answer key, never a flag)
//   lastRight   share whose graded answer, the latest one checked, is right
//   wrong       per wrong option: how many students chose it at some attempt
//   discrimination  the corrected item-total correlation (point-biserial): Pearson's r
//               between the item (1 right at the last attempt, else 0; a student who did
//               not answer counts 0) and the rest of the student's score (their total
//               minus this item), over every student. Near 0 or below: the item does not
//               separate students who do well from those who do not (Crocker & Algina,
//               Introduction to Classical and Modern Test Theory, ch. 14); null when
//               either side does not vary.
// Per exercise kind: parts answered, the share right and the mistakes the engine
// diagnosed in the answers kept (grading/verify-exercises.js results), most frequent first.
// Per experiment (a widget's "predict, then run"): how many students predicted each
// option, how many runs gave it, and how many predictions the run bore out, counted only
// where the hand-in holds the run (the race's runs, re-run by the gradebook): a result the
// file merely states (the comments and image pages' runs are not in a hand-in) is "not
// verifiable", never "borne out". Every option a file names is looked up in the page's own
// list (content/widgets/NAME.json "predict") and counted in maps without a prototype, so
// a prediction of "__proto__" or "constructor" is counted as what it is: not an option.
import { exerciseAnswers } from '../work/exercise-work.js';
import { exerciseKey } from './verify-exercises.js';
import { predictions } from '../work/prediction.js';
import { checkLabel } from '../work/check-label.js';
import { t } from '../ui/i18n.js';
import english from '../messages/en.json' with { type: 'json' };

const own = (o, k) => o !== null && typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, k);

// The engine's mistake keys (src/exercises/exercise.hpp), in a few words: each its
// catalog key (shown in the page's language); MISTAKE_WORDS, their English.
const MISTAKE_KEYS = {
  forgot_sqrt_dk: 'itemAnalysis.forgotSqrtDk',
  forgot_temperature: 'itemAnalysis.forgotTemperature',
  unnormalised_exps: 'itemAnalysis.unnormalisedExps',
  wrong_axis: 'itemAnalysis.wrongAxis',
  transposed: 'itemAnalysis.transposed',
  keys_as_values: 'itemAnalysis.keysAsValues',
  wrong_width: 'itemAnalysis.wrongWidth',
  weights_sum: 'itemAnalysis.weightsSum',
  '': 'itemAnalysis.noMistakeNamed',
};
export const MISTAKE_WORDS = Object.fromEntries(Object.entries(MISTAKE_KEYS).map(([k, key]) => [k, english[key]]));
const mistakeWords = (key) => (Object.hasOwn(MISTAKE_KEYS, key) ? t(MISTAKE_KEYS[key]) : key);

// Every choice a student made on a check, in order: the logged attempts (format 3 on),
// else the first and the last answer the file keeps (format 2).
function choicesOf(a) {
  if (Array.isArray(a.log) && a.log.length) return a.log.map((e) => e[0]);
  const out = [];
  if (a.first && typeof a.first.choice === 'string') out.push(a.first.choice);
  if (a.checked === true && typeof a.choice === 'string') out.push(a.choice);
  return out;
}

export function pearson(xs, ys) {
  const n = xs.length;
  if (n < 2) return null;
  const mx = xs.reduce((s, x) => s + x, 0) / n, my = ys.reduce((s, y) => s + y, 0) / n;
  let sxy = 0, sxx = 0, syy = 0;
  for (let i = 0; i < n; ++i) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : null;
}

const share = (k, n) => (n ? k / n : null);

// The race's outcome as the race page words it (pages/race.js): which model is ahead by
// more than 5 points of test accuracy.
export const raceOutcome = (run) => {
  const diff = run.attention - run.gru;
  return diff > 0.05 ? 'attention' : diff < -0.05 ? 'gru' : 'same';
};
const raceWords = (settings) => Object.entries(settings).map(([k, v]) => `${k} = ${v}`).join(', ');

// A prediction with a result: 'verified' when the hand-in holds the run it was locked for
// and that run gives the result, else 'unverifiable'.
function checkable(page, a, record) {
  if (page !== 'race') return 'unverifiable';
  const run = record.races.find((x) => !x.stopped && raceWords(x.settings) === a.run);
  return run && raceOutcome(run) === a.outcome ? 'verified' : 'unverifiable';
}

// rows: the gradebook's rows (grading/gradebook.js; superseded ones are left out).
// predict: {page: [option id, ...]} the pages' own options (content/widgets/*.json "predict"); a page
// left out takes any option id of letters, digits, - and _.
// -> {students, checks: [{id, label, topic, answered, firstRight, lastRight, wrong: [{option, label, students}], discrimination}],
//     exercises: [{kind, answered, right, share, mistakes: [{key, words, count}]}],
//     experiments: [{page, predicted, compared, matched, unverifiable, notAnOption,
//                    options: {option: {predicted, results}} (no prototype)}]}
export function itemAnalysis(rows, options) {
  const steps = itemAnalysisSteps(rows, options);
  for (;;) {
    const { done, value } = steps.next();
    if (done) return value;
  }
}

// The same, as steps: a generator that yields after every STEP_ROWS rows of a pass, so
// that the instructor page can give the browser back between them (grading/slices.js):
//   const steps = itemAnalysisSteps(rows, options);
//   for (let s = steps.next(); !s.done; s = steps.next()) await pause();   s.value: the analysis
export const STEP_ROWS = 20;
export function* itemAnalysisSteps(rows, { checks, assignment, exerciseChecks = new Map(), predict = {} }) {
  let n = 0;
  const step = () => ++n % STEP_ROWS === 0;
  const kept = rows.filter((r) => r.status === 'kept');
  const byId = new Map(checks.map((c) => [c.id, c]));
  const out = { students: kept.length, checks: [], exercises: [], experiments: [] };
  const assigned = new Set(assignment.checks);
  for (const c of checks.filter((x) => assigned.has(x.id)).sort((a, b) => (a.number || 0) - (b.number || 0))) {
    const id = c.id;
    if (c.kind !== 'choice') continue;
    const right = new Set(c.choices.filter((ch) => ch.correct === true).map((ch) => ch.id));
    const chosenBy = new Map(c.choices.filter((ch) => !right.has(ch.id)).map((ch) => [ch.id, 0]));
    let answered = 0, first = 0, last = 0;
    const item = [], rest = [];
    for (const r of kept) {
      if (step()) yield;
      const a = own(r.record.answers, id) ? r.record.answers[id] : null;
      const made = a ? choicesOf(a) : [];
      const lastRight = made.length > 0 && right.has(a.checked === true ? a.choice : made[made.length - 1]) ? 1 : 0;
      if (made.length) {
        ++answered;
        if (right.has(made[0])) ++first;
        last += lastRight;
        for (const choice of new Set(made)) if (chosenBy.has(choice)) chosenBy.set(choice, chosenBy.get(choice) + 1);
      }
      item.push(lastRight);
      rest.push(r.points - (own(r.perCheck, id) ? r.perCheck[id] : 0));
    }
    // Each student saw the options in an order of their own (work/choice-order.js): an
    // option is named by its id in content/quick-checks.json, never by a letter.
    out.checks.push({
      id, label: checkLabel(c), topic: c.topic || '', answered,
      firstRight: share(first, answered), lastRight: share(last, answered),
      wrong: [...chosenBy].map(([option, students]) => ({ option, label: t('itemAnalysis.option', { option }), students })),
      discrimination: pearson(item, rest),
    });
  }
  const kinds = new Map();
  for (const r of kept) {
    if (step()) yield;
    for (const e of exerciseAnswers(r.record.answers).filter((x) => x.answer.checked)) {
      const g = exerciseChecks.get(exerciseKey(r.record, e));
      if (!g || g.status !== 'graded') continue;
      const k = kinds.get(e.kind) || { kind: e.kind, answered: 0, right: 0, mistakes: new Map() };
      kinds.set(e.kind, k);
      ++k.answered;
      if (g.right) ++k.right;
      else k.mistakes.set(g.mistake || '', (k.mistakes.get(g.mistake || '') || 0) + 1);
    }
  }
  for (const k of [...kinds.values()].sort((a, b) => a.kind.localeCompare(b.kind))) {
    out.exercises.push({
      kind: k.kind, answered: k.answered, right: k.right, share: share(k.right, k.answered),
      mistakes: [...k.mistakes].map(([key, count]) => ({ key, words: mistakeWords(key), count }))
        .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)),
    });
  }
  const pages = new Map();
  const known = (page, o) => (Object.hasOwn(predict, page) && Array.isArray(predict[page]) ? predict[page].includes(o) : /^[\w-]{1,40}$/.test(o));
  for (const r of kept) {
    if (step()) yield;
    for (const { page, answer: a } of predictions(r.record.answers)) {
      if (!/^[\w-]{1,40}$/.test(page)) continue;
      const e = pages.get(page) || { page, predicted: 0, compared: 0, matched: 0, unverifiable: 0, notAnOption: 0, options: Object.create(null) };
      pages.set(page, e);
      const slot = (o) => (e.options[o] = e.options[o] || { predicted: 0, results: 0 });
      ++e.predicted;
      if (!known(page, a.choice) || (a.outcome && !known(page, a.outcome))) { ++e.notAnOption; continue; }
      ++slot(a.choice).predicted;
      if (!a.outcome) continue;
      if (checkable(page, a, r.record) !== 'verified') { ++e.unverifiable; continue; }
      ++e.compared;
      ++slot(a.outcome).results;
      if (a.outcome === a.choice) ++e.matched;
    }
  }
  out.experiments = [...pages.values()].sort((a, b) => a.page.localeCompare(b.page));
  return out;
}

// The analysis as CSV: one line per check, then one per exercise kind (formula-leading
// characters neutralised, as in the gradebook's CSV). The header, the kinds and the ids
// are the same in every language (a program reads them); the words are the page's.
export function itemAnalysisCsv(analysis) {
  const cell = (v) => {
    let s = v === null || v === undefined ? '' : String(v);
    if (typeof v !== 'number' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;  // a negative number stays a number
    return `"${s.replace(/"/g, '""')}"`;
  };
  const round = (x) => (x === null ? '' : Math.round(x * 1000) / 1000);
  const lines = [['item', 'kind', 'answered', 'share_right_first', 'share_right_last', 'discrimination', 'wrong_choices_or_mistakes'].map(cell).join(',')];
  for (const c of analysis.checks) {
    lines.push([c.label || c.id, 'check', c.answered, round(c.firstRight), round(c.lastRight), round(c.discrimination),
      c.wrong.map((w) => `${w.label}: ${w.students}`).join('; ')].map(cell).join(','));
  }
  for (const e of analysis.exercises) {
    lines.push([e.kind, 'exercise', e.answered, '', round(e.share), '', e.mistakes.map((m) => `${m.words}: ${m.count}`).join('; ')].map(cell).join(','));
  }
  for (const e of analysis.experiments) {
    lines.push([e.page, 'prediction', e.predicted, '', e.compared ? round(e.matched / e.compared) : '', '',
      [...Object.entries(e.options).map(([o, n]) => t('itemAnalysis.csvOption', { option: o, predicted: String(n.predicted), results: String(n.results) })),
        ...(e.unverifiable ? [t('itemAnalysis.csvUnverifiable', { count: String(e.unverifiable) })] : []),
        ...(e.notAnOption ? [t('itemAnalysis.csvNotAnOption', { count: String(e.notAnOption) })] : [])].join('; ')].map(cell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
