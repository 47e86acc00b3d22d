// Exercises of the student's own: the exercise for their name, kind and variant comes
// from the C++ engine (src/exercises/exercise.hpp) through the lab's worker, without its
// answers; each part is graded there too, on Check. This file holds the name, the
// settings, the givens, one form row per part and the saved work.
//
// Typed answers are kept whole, as typed: checked ones in the saved work (work/store.js),
// the rest as drafts (work/exercise-work.js openDrafts), saved on every change and on
// pagehide, so a name edit, another exercise and back, or a reload finds them in their
// fields. One that does not parse, or is longer than TYPED_MAX, gets a message beside it
// and nothing is sent or cut. An answer checked for other numbers (another name or
// variant) is not shown as this exercise's, but a draft is (it is the student's text).
import { LabClient, describeBuild } from '../engine/lab-client.js';
import { LatestCall } from '../engine/latest-call.js';
import { parseAnswer } from '../settings/parse.js';
import { toQuery } from '../settings/settings-schema.js';
import { formatNumber } from '../ui/format.js';
import { chosenAssignment } from '../grading/assignment.js';
import { exerciseRulesOf } from '../work/grading-rules.js';
import { connectLms, joinLms } from '../lms/lms.js';
import { labData } from '../ui/lab-data.js';
import { markDone, setUpSettings, showEngineStatus, showShareLink } from './page-kit.js';
import { answerId, exerciseProgress, lengthProblem, normaliseStudent, openDrafts } from '../work/exercise-work.js';
import { nameProblem, wireStudentName } from '../work/student-name.js';
import { NAME_MAX, openStore, recordAttempt, showStoreProblem } from '../work/store.js';
import { watchScrollFrames } from '../ui/scroll-frame.js';
import { engineMaths, plainMaths, writeMaths } from '../ui/maths.js';
import { localDecimal, pageLanguage, t } from '../ui/i18n.js';
import { engineWords, markLang } from '../ui/engine-words.js';
import { nextTurn } from '../ui/turns.js';

// Wide tables scroll in frames that say so (css .scroll-frame).
watchScrollFrames();

const $ = (id) => document.getElementById(id);

// typedAt: when each part (by answer id) was first typed into on this page, for its latency.
// flush: per shown part, a function that saves its field as a draft if it changed (pagehide).
const state = { spec: null, form: null, request: null, typedAt: new Map(), flush: [], nameTyped: false };
const store = openStore();
const drafts = openDrafts(safeStorage());
const lms = connectLms();
const data = labData();
// What counts: the assignment's weights and variant (content/assignment.json, or the
// assignment link the student opened); the part counts are the widget's own.
const { assignment } = chosenAssignment(store, data.assignment, data.checks, '', data.widgets.race.settings);
const rules = exerciseRulesOf(assignment);
const partCount = (kind) => data.widgets.exercises.fixed[`parts.${kind}`];
const lab = new LabClient();
showEngineStatus(lab, describeBuild);

const fetchExercise = new LatestCall(lab, 'exercise', {
  onResult(r, request) { show(r, request); },
  onError(err) {
    markLang($('ex-error'), err.lang || pageLanguage());  // the engine's refusal, in the page's words if it has them
    $('ex-error').textContent = `${err.message.charAt(0).toUpperCase()}${err.message.slice(1)}.`;
    document.body.dataset.exercise = 'refused';
  },
});

// ---- what the student set -----------------------------------------------------------

// The name if the engine can draw from it (work/student-name.js nameProblem: it must hold
// a visible character, as the engine's check_student requires), else null, with a message.
// An empty field is an error only once the student has typed in it: on a first visit the
// prompt below the field (#ex-prompt) asks for the name, with no red message yet.
function studentName() {
  const name = $('ex-student').value;
  const problem = normaliseStudent(name) ? nameProblem(name) : t('exercises.typeName');
  const shown = problem && (state.nameTyped || normaliseStudent(name)) ? problem : '';
  $('ex-student-error').textContent = shown;
  $('ex-student').setAttribute('aria-invalid', shown ? 'true' : 'false');
  return problem ? null : name;
}

function request() {
  const settings = state.form.read();
  const student = studentName();
  if (!settings || !student) return null;
  return { student, kind: settings.kind, variant: settings.variant, settings };
}

function reload() {
  const r = request();
  showProgress();
  if (!r) {
    fetchExercise.supersede();
    state.request = null;
    $('ex-prompt').textContent = t('exercises.prompt');
    $('ex-givens').replaceChildren();
    $('ex-parts').replaceChildren();
    state.flush = [];
    document.body.dataset.exercise = 'waiting';
    return;
  }
  showShareLink(`exercises.html${toQuery(state.spec, r.settings)}`);
  $('ex-error').textContent = '';
  document.body.dataset.exercise = 'loading';
  fetchExercise.send({ student: r.student, kind: r.kind, variant: r.variant });
}

// ---- the exercise -----------------------------------------------------------------

// A given: a number or a vector on a line of its own (never broken), a matrix as a small
// table (row i first). The matrix's grid holds its values only: each row's number is a header cell outside it
// ("row 1", small, unboxed, left of the grid's bracket), so "K (3 × 2)" shows two columns.
function givenView(g) {
  const view = givenElement(g);
  view.dataset.name = g.name;  // (its name is typeset: the tests read it here)
  return view;
}

function givenElement(g) {
  const num = (x) => formatNumber(x, 3).replace('-', '\u2212');
  if (g.rows === 1 && g.cols === 1) return writeMaths(Object.assign(document.createElement('p'), { className: 'unbroken' }), engineMaths(`${g.name} = ${num(g.values[0])}`));
  if (g.rows === 1) return writeMaths(Object.assign(document.createElement('p'), { className: 'unbroken' }), engineMaths(`${g.name} = [${g.values.map(num).join(', ')}]`));
  const table = Object.assign(document.createElement('table'), { className: 'results matrix' });
  writeMaths(table.createCaption(), engineMaths(`${g.name} (${g.rows}\u00a0×\u00a0${g.cols})`));
  table.dataset.rows = g.rows;
  table.dataset.cols = g.cols;
  const body = table.createTBody();
  for (let i = 0; i < g.rows; ++i) {
    const tr = body.insertRow();
    tr.append(Object.assign(document.createElement('th'), { scope: 'row', className: 'row-number', textContent: t('exercises.rowNumber', { n: String(i + 1) }) }));
    for (let j = 0; j < g.cols; ++j) tr.insertCell().textContent = num(g.values[i * g.cols + j]);
  }
  return table;
}

// The engine's words (src/exercises/) in the page's language, formulas typeset; English
// where the language's catalog lacks them, marked so (ui/engine-words.js).
function writeEngineText(el, text) {
  const w = engineWords(text);
  writeMaths(el, engineMaths(w.text));
  markLang(el, w.lang);
  return el;
}

function show(r, req) {
  state.request = req;
  $('ex-title').textContent = state.spec.find((s) => s.key === 'kind').choiceLabels[r.kind] || t('exercises.exercise');
  writeEngineText($('ex-prompt'), r.prompt);
  $('ex-givens').replaceChildren(...r.givens.map(givenView));
  const form = $('ex-parts');
  state.flush = [];
  form.replaceChildren(...r.parts.map((p) => partRow(p, req)));
  showProgress();
  document.body.dataset.exercise = 'shown';
  document.body.dataset.seed = r.seed;
}

// A saved answer counts for this exercise only when made for the same numbers.
function savedFor(part, req) {
  const a = store.state.answers[answerId(req.kind, part.key)];
  return a && normaliseStudent(a.student || '') === normaliseStudent(req.student) && (a.variant || 1) === req.variant ? a : null;
}

function partRow(p, req) {
  const id = `ex-part-${p.key}`;
  const wrap = Object.assign(document.createElement('div'), { className: 'field exercise-part' });
  wrap.dataset.part = p.key;
  const words = { label: engineWords(p.label).text, count: p.count, n: String(p.count) };  // "(2 numbers, exact)"
  const label = writeMaths(Object.assign(document.createElement('label'), { htmlFor: id }), engineMaths(t(p.decimals ? 'exercises.partLabel' : 'exercises.partLabelExact', words)));
  const input = Object.assign(document.createElement('input'), { id, type: 'text', inputMode: 'decimal', spellcheck: false, autocomplete: 'off' });
  const check = Object.assign(document.createElement('button'), { type: 'submit', textContent: t('exercises.check') });
  check.setAttribute('aria-label', t('exercises.checkPart', { label: plainMaths(engineMaths(words.label)) }));
  const feedback = Object.assign(document.createElement('p'), { id: `${id}-feedback`, className: 'feedback' });
  feedback.setAttribute('role', 'status');  // a live region: only its words change (its look is the part's data-feedback)
  input.setAttribute('aria-describedby', feedback.id);
  const answer = answerId(req.kind, p.key);
  // The field holds what was typed last: a draft newer than the answer checked for these
  // numbers (typed for any name, or before another exercise was opened), else that answer.
  const saved = savedFor(p, req);
  const draft = drafts.get(answer, store.state.resetAt);
  const useDraft = draft && !(saved && Date.parse(saved.updatedAt || 0) > Date.parse(draft.at));
  input.value = useDraft ? draft.text : saved ? saved.text || '' : '';
  if (saved && saved.checked && input.value === (saved.text || '')) showSaved(p, req, saved, wrap, feedback);
  else if (useDraft && draft.text.trim()) showUnchecked(wrap, feedback);
  showLength(input, wrap, feedback);
  const row = Object.assign(document.createElement('form'), { className: 'part-row', noValidate: true });
  row.append(input, check);
  row.addEventListener('submit', (e) => { e.preventDefault(); grade(p, input, wrap, feedback); });
  let kept = input.value;  // the text as last saved (a draft or the checked answer)
  const keep = () => {
    if (input.value === kept) return;
    kept = input.value;
    drafts.put(answer, input.value);
  };
  state.flush.push(keep);
  input.addEventListener('input', () => {
    if (!state.typedAt.has(answer)) state.typedAt.set(answer, new Date().toISOString());
    keep();
    showLength(input, wrap, feedback);
  });
  wrap.append(label, row, feedback);
  return wrap;
}

// An answer over TYPED_MAX is refused at once, as it is typed (and again on Check); the
// message goes when it is short enough.
function showLength(input, wrap, feedback) {
  const problem = lengthProblem(input.value);
  if (problem) {
    wrap.dataset.verdict = 'unreadable';
    wrap.dataset.feedback = 'error';
    feedback.textContent = problem;
    input.setAttribute('aria-invalid', 'true');
  } else if (wrap.dataset.length === 'true') {
    delete wrap.dataset.verdict;
    wrap.dataset.feedback = '';
    feedback.textContent = '';
    input.setAttribute('aria-invalid', 'false');
  }
  wrap.dataset.length = problem ? 'true' : 'false';
}

// A draft shown in its field: typed, not checked yet.
function showUnchecked(wrap, feedback) {
  wrap.dataset.verdict = 'unchecked';
  wrap.dataset.feedback = '';
  feedback.textContent = t('exercises.unchecked');
}

function showVerdict(wrap, feedback, right, message, attempts) {
  wrap.dataset.verdict = right ? 'right' : 'wrong';
  wrap.dataset.feedback = right ? 'right' : 'wrong';
  const mark = right ? '✓' : '✗';
  const w = engineWords(message);  // the engine's diagnosis, in the page's words
  writeMaths(feedback, engineMaths(attempts > 1 ? t('exercises.verdictTries', { mark, message: w.text, attempts: String(attempts) }) : `${mark} ${w.text}`));
  markLang(feedback, w.lang);
}

// A saved answer's verdict, with the engine's words for it: graded again (not an attempt).
async function showSaved(p, req, saved, wrap, feedback) {
  const parsed = parseAnswer(saved.text || '', p.count, { lang: saved.lang || null });
  if (!parsed.ok) return;
  try {
    const g = await lab.call('grade_exercise', { student: req.student, kind: req.kind, variant: req.variant, part: p.key, typed: parsed.values });
    if (state.request === req) showVerdict(wrap, feedback, g.right, g.message, saved.attempts);
  } catch { /* the Check button reports it */ }
}

async function grade(p, input, wrap, feedback) {
  const req = state.request;
  const typed = input.value;  // whole: what is checked is what is saved
  const tooLong = lengthProblem(typed);
  const lang = pageLanguage();  // "0,5" is one number here in French (kept with the text)
  const parsed = tooLong ? { ok: false, message: tooLong } : parseAnswer(typed, p.count, { lang });
  if (!parsed.ok) {
    wrap.dataset.verdict = 'unreadable';
    wrap.dataset.feedback = 'error';
    feedback.textContent = parsed.message;
    input.setAttribute('aria-invalid', 'true');
    return;
  }
  input.setAttribute('aria-invalid', 'false');
  let g;
  try {
    g = await lab.call('grade_exercise', { student: req.student, kind: req.kind, variant: req.variant, part: p.key, typed: parsed.values });
  } catch (err) {
    wrap.dataset.feedback = 'error';
    feedback.textContent = t('exercises.checkFailed', { error: err.message });
    return;
  }
  if (state.request !== req) return;  // the exercise changed meanwhile
  const id = answerId(req.kind, p.key);
  const a = store.answer(id);
  if (!savedFor(p, req)) {  // answered before for other numbers: this name's attempts start afresh
    for (const k of Object.keys(a)) delete a[k];
  }
  const now = new Date().toISOString();
  recordAttempt(a, typed, g.right, now, lang);
  if (a.attempts === 1) Object.assign(a.first, { text: typed, lang });  // whole: the assignment may grade the first answer
  if (!a.opened) a.opened = state.typedAt.get(id) || now;  // an LMS's latency runs from the first keystroke
  Object.assign(a, { text: typed, lang, mistake: g.mistake, student: req.student.slice(0, NAME_MAX), variant: req.variant });
  const attempts = a.attempts;
  store.touchAnswer(id);
  store.save();
  if (input.value === typed) drafts.remove(id);  // the answer holds it now (unless typed on meanwhile)
  wrap.dataset.mistake = g.mistake;
  showVerdict(wrap, feedback, g.right, g.message, attempts);
  showProgress();
}

// ---- progress ---------------------------------------------------------------------

function showProgress() {
  const req = state.request;
  const student = $('ex-student').value, settings = state.form.read();
  const per = settings ? exerciseProgress(store.state.answers, student, settings.variant, rules.answer) : {};
  const kind = state.spec.find((s) => s.key === 'kind');
  let complete = 0;
  $('ex-progress').replaceChildren(...kind.choices.map((k) => {
    const p = per[k] || { answered: 0, right: 0 }, n = partCount(k);
    if (p.right === n) ++complete;
    const li = document.createElement('li');
    const link = Object.assign(document.createElement('a'), { href: `exercises.html${toQuery(state.spec, { ...settings, kind: k })}`, textContent: kind.choiceLabels[k] });
    link.addEventListener('click', (e) => {
      e.preventDefault();
      $('set-kind').value = k;
      reload();
    });
    const weighed = rules.kinds.find((x) => x.kind === k);
    // "1 point", "2 points" (in French "1,5 point" too: the language's plural rule).
    const counts = weighed
      ? t('exercises.counts', { weight: localDecimal(formatNumber(weighed.weight, 2)), plural: new Intl.PluralRules(pageLanguage()).select(weighed.weight) })
      : t('exercises.practice');
    const line = { right: String(p.right), n: String(n), counts };
    li.append(link, document.createTextNode(t(rules.answer === 'first' ? 'exercises.progressFirst' : 'exercises.progress', line)));
    if (req && k === req.kind) li.setAttribute('aria-current', 'true');
    return li;
  }));
  const right = Object.values(per).reduce((s, p) => s + p.right, 0);
  const variantNote = settings && settings.variant !== rules.variant && rules.kinds.length
    ? ` ${t('exercises.otherVariant', { want: String(rules.variant), got: String(settings.variant) })}` : '';
  const firstNote = rules.kinds.length ? ` ${rules.countsText}` : '';  // what counts, in one line (grading.js: best, last or first)
  $('ex-summary').textContent = `${right ? t('exercises.partsRight', { right: String(right) }) : ''}${variantNote}${firstNote}`.trim();
  if (complete === kind.choices.length) markDone('exercises');
}

// ---- wiring -----------------------------------------------------------------------

function main() {
  // The variant the assignment asks for is the default (a link may still choose another).
  const spec = data.widgets.exercises.settings.map((x) => (x.key === 'variant' ? { ...x, default: rules.variant } : x));
  ({ spec: state.spec, form: state.form } = setUpSettings('exercises', reload, { spec }));
  showStoreProblem(store, $('storage-notice'));
  joinLms(store, lms, $('lms-notice'));
  $('ex-student').addEventListener('input', () => { state.nameTyped = true; });  // before the reload it triggers
  wireStudentName($('ex-student'), { store, lms, onChange: reload });
  store.onChange = () => {
    if (!lms.student && !$('ex-student').value && store.state.student.name) $('ex-student').value = store.state.student.name;
    showProgress();
  };
  // The last keystrokes before a reload or a closed tab (each is saved as typed; this
  // catches any the input events did not).
  window.addEventListener('pagehide', () => { for (const keep of state.flush) keep(); });
  reload();
  document.body.dataset.ready = 'true';
}

// The browser's localStorage for the drafts, or null where it cannot be used.
function safeStorage() {
  try {
    const s = window.localStorage;
    s.getItem('attention-lab:probe');
    return s;
  } catch {
    return null;
  }
}

// main() in a task of its own, after this script's evaluation (ui/turns.js).
nextTurn().then(main);
