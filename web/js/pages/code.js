// Write attention yourself: a code editor (code/code-area.js: a plain text area at once,
// CodeMirror 6 once its bundle arrives), the tests from the engine
// (src/exercises/code_tests.hpp), a run in the sandbox (code/sandbox.js, its runner fetched
// on the first run), and the verdicts. Each run draws its SHOWN tests afresh (the page
// picks a run number and records it with the run): each shown test's verdict by
// code/compare.js, with the input, the expected and the student's output and the first
// place they differ. The grade is the HIDDEN tests, drawn from the student's name and the
// variant: the page gets their inputs only, the sandbox runs the code on them, and the
// engine grades the outputs itself (code_grade), so the expected numbers never reach the
// page.
//
// Saved work (work/store.js, work/code-work.js): the code as typed ("code-draft", whole, on
// every change and when the page is left; code over the run's limit is refused with a
// message at the editor, never cut), and each run ("code": the code run, the hidden tests
// it passed, its run number, whose tests and which variant, the attempts, and the best run
// beside the last). What counts is the assignment's grading.codeRun ("best" or "last"); the
// page says which beside the result, and a run below the counted one says so.
import { quoted } from '../ui/quote.js';
import { LabClient, describeBuild } from '../engine/lab-client.js';
import { CodeSandbox } from '../code/sandbox.js';
import { CodeArea } from '../code/code-area.js';
import { engineWords, markLang, showEngineText } from '../ui/engine-words.js';
import { caseId, compareRun, errorWords, hiddenOutputs, outputShapeText, rowsOf } from '../code/compare.js';
import { chosenAssignment } from '../grading/assignment.js';
import { exerciseRulesOf } from '../work/grading-rules.js';
import { connectLms, joinLms } from '../lms/lms.js';
import { toQuery } from '../settings/settings-schema.js';
import { confirmInPage } from '../ui/confirm.js';
import { labData } from '../ui/lab-data.js';
import { markDone, setUpSettings, showEngineStatus, showShareLink } from './page-kit.js';
import { CODE_ID, DRAFT_ID, countedText, saveCodeRun, savedDraft } from '../work/code-work.js';
import { normaliseStudent } from '../work/exercise-work.js';
import { wireStudentName } from '../work/student-name.js';
import { DRAFT_MAX, NAME_MAX, openStore, recordAttempt, showStoreProblem } from '../work/store.js';
import { watchScrollFrames } from '../ui/scroll-frame.js';
import { pageLanguage, t } from '../ui/i18n.js';
import { nextTurn } from '../ui/turns.js';

// Wide tables scroll in frames that say so (css .scroll-frame).
watchScrollFrames();

const $ = (id) => document.getElementById(id);
const data = labData();
const widget = data.widgets.code;
const store = openStore();
const lms = connectLms();
const lab = new LabClient();
showEngineStatus(lab, describeBuild);
const sandbox = new CodeSandbox(widget.fixed);
const { assignment } = chosenAssignment(store, data.assignment, data.checks, '', data.widgets.race.settings);
const rules = exerciseRulesOf(assignment);
const STARTER = widget.starter.join('\n');
const CODE_MAX = widget.fixed.maxCodeLength;
// next: the tests of the next run ({seed, run, shown, hidden}), drawn ahead of it.
// runnerReady: the sandbox's runner fetched (on the first run: it is not needed before).
const state = { form: null, spec: null, next: null, request: null, editor: null, running: false, nameTyped: false, runnerReady: false };
const number = (n) => n.toLocaleString(pageLanguage());  // "1,000" ("1 000" in French)

// A fresh run number for the shown tests: any 32-bit number, recorded with the run.
function runNumber() {
  const x = new Uint32Array(1);
  crypto.getRandomValues(x);
  return x[0];
}

// ---- whose tests ---------------------------------------------------------------------

function request() {
  const settings = state.form.read();
  const student = $('code-student').value;
  const ok = Boolean(normaliseStudent(student));
  // An empty name is an error only once typed in: on first load #code-status asks for it.
  const shown = !ok && state.nameTyped;
  $('code-student-error').textContent = shown ? t('code.typeName') : '';
  $('code-student').setAttribute('aria-invalid', shown ? 'true' : 'false');
  return settings && ok ? { student, variant: settings.variant, settings } : null;
}

const sameTests = (a, b) => Boolean(a && b) && normaliseStudent(a.student) === normaliseStudent(b.student) && a.variant === b.variant;

// The next run's tests, drawn now (the name or the variant changed, or a run used them).
let loading = 0;
async function loadTests() {
  const r = request();
  const mine = ++loading;
  state.next = null;
  $('run').disabled = true;
  if (!r) { state.request = null; $('code-status').textContent = t('code.typeNameForTests'); return; }
  showShareLink(`code.html${toQuery(state.spec, r.settings)}`);
  try {
    const reply = await lab.call('code_tests', { student: r.student, variant: r.variant, run: runNumber() });
    if (mine !== loading) return;
    state.next = reply;
    const changed = !sameTests(state.request, r);
    state.request = r;
    $('run').disabled = state.running;
    if (changed) {
      $('code-status').textContent = t('code.testsDrawn', { shown: String(reply.shown.length), hidden: String(reply.hidden.length) });
      showSavedRun();
    }
  } catch (err) {
    if (mine === loading) $('code-status').textContent = t('code.drawFailed', { error: err.message });
  }
}

// ---- the editor ----------------------------------------------------------------------

// Code over the run's limit is refused here, in words, and kept whole in the draft.
function showSize(text) {
  const n = text.length;
  const over = n > CODE_MAX;
  $('code-size-error').textContent = over
    ? t(n > DRAFT_MAX ? 'code.tooLongPartSaved' : 'code.tooLong', { n: number(n), max: number(CODE_MAX), saved: number(DRAFT_MAX) })
    : '';
  return !over;
}

// Saved whole on every change (and when the page is left), up to the store's limit.
let draftSaved = null;
function saveDraft(text) {
  if (text === draftSaved) return;
  draftSaved = text;
  const a = store.answer(DRAFT_ID);
  a.draft = text.slice(0, DRAFT_MAX);
  delete a.text;
  store.touchAnswer(DRAFT_ID);
  store.save();
}

function makeEditor() {
  const saved = savedDraft(store.state.answers);
  const ran = store.state.answers[CODE_ID];
  state.editor = new CodeArea($('code-editor'), {
    doc: saved !== null ? saved : ran && typeof ran.text === 'string' ? ran.text : STARTER,
    attributes: { 'aria-label': t('code.editorLabel'), 'aria-describedby': 'code-editor-help code-size-error' },
    onChange: (text) => {
      showSize(text);
      saveDraft(text);
    },
  });
  showSize(code());
  // What the editor opened with counts as saved: leaving an untouched page writes nothing
  // (an old draft stamped new would win over another tab's newer one).
  draftSaved = code();
  addEventListener('pagehide', () => saveDraft(code()));
}

const code = () => state.editor.text();

// ---- running and showing -------------------------------------------------------------

const fmt = (x) => (Number.isNaN(x) ? 'NaN' : Number.isFinite(x) ? String(Number(x.toPrecision(6))) : x > 0 ? 'Infinity' : '-Infinity');
const matrixText = (rows) => rows.map((r) => `[${r.map(fmt).join(', ')}]`).join('\n');

function inputText(c) {
  if (c.function === 'softmax') return `row = [${Array.from(c.args[0].values, fmt).join(', ')}]`;
  const [Q, K, V] = c.args;
  const mask = c.causal ? t('code.maskCausal', { rows: String(Q.rows), cols: String(K.rows) }) : 'mask = null';
  return `Q (${Q.rows} × ${Q.cols}) =\n${matrixText(rowsOf(Q))}\nK (${K.rows} × ${K.cols}) =\n${matrixText(rowsOf(K))}\nV (${V.rows} × ${V.cols}) =\n${matrixText(rowsOf(V))}\n${mask}`;
}

// An output as text: the numbers (a case's shape is small), or only the shape of an
// output of another shape (the sandbox sends no more: an output of a million numbers
// costs the page nothing).
function outputText(c, output) {
  if (!output) return t('code.notRunShort');
  if (!output.ok) return t(output.why === 'error' ? 'code.outputError' : 'code.outputStopped', { error: errorWords(output) });
  if (output.shapeOnly) {
    return c.function === 'softmax' && output.rows === 1
      ? t('code.hiddenNumbers', { n: number(output.cols) }) : t('code.hiddenShape', { shape: outputShapeText(output) });
  }
  return c.function === 'softmax' ? `[${output.value.map(fmt).join(', ')}]` : matrixText(output.value);
}

function block(title, text) {
  const wrap = document.createElement('div');
  wrap.append(Object.assign(document.createElement('h4'), { textContent: title }), Object.assign(document.createElement('pre'), { textContent: text }));
  return wrap;
}

// A test's verdict. The test's name and why are the engine's words (src/exercises/
// code_tests.cpp), in the page's language (ui/engine-words.js); so is the message of a
// hidden test (the engine grades it), while a shown test's message is the page's own.
function verdictItem(id, why, v, { engineMessage = false } = {}) {
  const li = document.createElement('li');
  li.dataset.case = id;  // the engine's id, as the tests and the hand-in name it
  li.dataset.pass = String(v.pass);
  const head = document.createElement('p');
  const name = engineWords(id), reason = engineWords(why);
  const strong = Object.assign(document.createElement('strong'), { textContent: `${v.pass ? '✓' : '✗'} ${name.text}` });
  markLang(strong, name.lang);
  const because = Object.assign(document.createElement('span'), { textContent: reason.text });
  markLang(because, reason.lang);
  head.append(strong, ' — ', because, '.');
  const feedback = Object.assign(document.createElement('p'), { className: `feedback ${v.pass ? 'right' : 'wrong'}` });
  if (engineMessage) showEngineText(feedback, v.message); else feedback.textContent = v.message;
  li.append(head, feedback);
  return li;
}

function showResults(tests, run, verdicts, graded) {
  const firstFail = verdicts.results.findIndex((x) => !x.pass);
  $('code-shown-box').hidden = false;
  $('code-results').replaceChildren(...tests.shown.map((c, k) => {
    const v = verdicts.results[k];
    const li = verdictItem(caseId(c), c.why, v);
    if (!v.pass) {
      const details = document.createElement('details');
      details.open = k === firstFail;  // the first failing one open
      details.append(Object.assign(document.createElement('summary'), { textContent: t('code.detailsSummary') }),
        block(t('code.input'), inputText(c)), block(t('code.expected'), outputText(c, { ok: true, value: c.function === 'softmax' ? Array.from(c.expected.values) : rowsOf(c.expected) })),
        block(t('code.yours'), outputText(c, run.outputs[k])));
      li.append(details);
    }
    return li;
  }));
  $('code-hidden').replaceChildren(...tests.hidden.map((c, k) => verdictItem(graded.results[k].id, c.why, graded.results[k], { engineMessage: true })));
  $('code-hidden-box').hidden = false;
  const n = verdicts.passed.length;
  const all = graded.passed.length === graded.total;
  $('code-summary').textContent = `${t('code.resultsSummary', { run: String(tests.run), shownPassed: String(n), shown: String(tests.shown.length), hiddenPassed: String(graded.passed.length), hidden: String(graded.total) })}${all ? ` ${t('code.allHiddenPass')}` : ''}`;
  document.body.dataset.passed = String(n);
  document.body.dataset.hiddenPassed = String(graded.passed.length);
}

// How much of the run's budget the code used, in words.
function budgetText(run) {
  const share = (100 * run.usedSteps) / run.budget.perRun;
  return share < 1 ? t('code.budgetUnderOne') : t('code.budgetShare', { n: String(Math.min(100, Math.round(share))) });
}

// What counts beside the result; a run below the counted one says so.
function showCounts(thisRun) {
  const a = store.state.answers[CODE_ID];
  const req = state.request;
  const total = widget.fixed.tests;
  if (!a || !a.checked || !req || !sameTests({ student: a.student || '', variant: a.variant || 1 }, req)) { $('code-counts').textContent = ''; return; }
  const c = countedText(store.state.answers, rules.code, total);
  let more = '';
  if (thisRun !== undefined && c) {
    const best = countedText(store.state.answers, 'best', total).counted;
    if (rules.code === 'best' && thisRun < c.counted.passed.length) {
      more = ` ${t('code.bestStillCounts', { passed: String(thisRun), total: String(total), best: String(c.counted.passed.length) })}`;
    } else if (rules.code === 'last' && thisRun < best.passed.length) {
      more = ` ${t('code.lastCounts', { passed: String(thisRun), total: String(total), run: String(best.attempt), best: String(best.passed.length) })}`;
    }
  }
  $('code-counts').textContent = c ? `${c.text}${more}` : '';
  document.body.dataset.counted = c ? String(c.counted.passed.length) : '';
}

async function runTests() {
  const tests = state.next, req = state.request;
  if (!tests || !req || state.running) return;
  const text = code();
  if (!showSize(text)) { $('code-status').textContent = t('code.notRunTooLong'); return; }
  state.running = true;
  $('run').disabled = true;
  document.body.dataset.code = 'running';
  // The first run fetches the runner: said, and a failure said next to Run, nothing
  // recorded (the code stays as it is; Run tries again).
  if (!state.runnerReady) {
    $('code-status').textContent = t('code.loadingRunner');
    try {
      await sandbox.load();
      state.runnerReady = true;
    } catch (err) {
      $('code-status').textContent = t('code.runnerNotLoaded', { error: err.message });
      document.body.dataset.code = 'runner-not-loaded';
      state.running = false;
      $('run').disabled = !state.next;
      return;
    }
  }
  $('code-status').textContent = t('code.running');
  try {
    // The shown tests, then the hidden ones (quiet: what they print is not shown).
    const run = await sandbox.run(text, [...tests.shown, ...tests.hidden.map((c) => ({ ...c, quiet: true }))]);
    const shownRun = { ...run, outputs: run.outputs.slice(0, tests.shown.length) };
    const hiddenRun = { ...run, outputs: run.outputs.slice(tests.shown.length) };
    const verdicts = compareRun(tests.shown, shownRun);
    const graded = await lab.call('code_grade', { student: req.student, variant: req.variant, outputs: hiddenOutputs(hiddenRun) });
    if (!sameTests(state.request, req)) {
      $('code-status').textContent = t('code.discarded', { name: quoted(req.student, 40), variant: String(req.variant) });
      document.body.dataset.code = 'discarded';
      return;
    }
    showResults(tests, run, verdicts, graded);
    $('code-printed-box').hidden = run.printed.length === 0;
    $('code-printed').textContent = run.printed.join('\n');
    const steps = number(run.budget.perRun);
    const status = {
      ran: t('code.used', { share: budgetText(run), steps }),
      budget: t('code.budgetUsedUp', { steps }),
      timeout: t('code.timedOut'),
      'compile-error': t('code.doesNotCompile', { error: run.error }),
      crashed: t('code.crashed', { error: run.error }),
    }[run.status];
    const first = verdicts.results.findIndex((x) => !x.pass);
    // A test stopped by a limit (its budget, the memory, the stack) named once here too.
    const limit = run.status === 'ran' ? run.outputs.find((o) => o && !o.ok && o.why !== 'error') : null;
    const limitText = limit ? ` ${t('code.testStopped', { error: errorWords(limit) })}` : '';
    const passes = t('code.runPasses', { hiddenPassed: String(graded.passed.length), hidden: String(graded.total), shownPassed: String(verdicts.passed.length), shown: String(tests.shown.length) });
    $('code-status').textContent = `${passes}${first >= 0 ? ` ${t('code.firstFailOpen', { id: engineWords(caseId(tests.shown[first])).text })}` : ''}${limitText} ${status}`;
    document.body.dataset.code = run.status;
    document.body.dataset.used = String(run.usedSteps);
    // Saved as an attempt: the code run, the hidden tests it passed, its run number, whose
    // tests; the best run kept beside it.
    const a = store.answer(CODE_ID);
    if (!sameTests({ student: a.student || '', variant: a.variant || 1 }, req)) {
      for (const k of Object.keys(a)) delete a[k];
    }
    const at = new Date().toISOString();
    recordAttempt(a, text, graded.passed.length === graded.total, at);
    saveCodeRun(a, { text, passed: graded.passed, run: tests.run, at, student: req.student.slice(0, NAME_MAX), variant: req.variant });
    // Begun when the draft was first typed into (an LMS's latency runs from there to the first run).
    if (!a.opened && store.state.answers[DRAFT_ID]) a.opened = store.state.answers[DRAFT_ID].opened;
    store.touchAnswer(CODE_ID);
    store.save();
    showCounts(graded.passed.length);
    if (graded.passed.length === graded.total) markDone('code');
  } catch (err) {
    $('code-status').textContent = t('code.gradeFailed', { error: err.message });
    document.body.dataset.code = 'error';
  } finally {
    state.running = false;
    loadTests();  // the next run's tests: drawn afresh
  }
}

// The saved runs for these tests, shown as a summary until the student runs again.
function showSavedRun() {
  const a = store.state.answers[CODE_ID];
  const req = state.request;
  if (!a || !a.checked || !req || !sameTests({ student: a.student || '', variant: a.variant || 1 }, req)) {
    // Before any run: what will fill this section, and the action that fills it.
    $('code-summary').textContent = t('code.noRunYet');
    $('code-counts').textContent = '';
    return;
  }
  const total = widget.fixed.tests;
  const runs = a.attempts || 1;
  $('code-summary').textContent = t('code.lastRun', { passed: String((a.passed || []).length), total: String(total), runs, n: String(runs) });
  showCounts();
}

// ---- wiring --------------------------------------------------------------------------

function main() {
  // The variant is the exercises' setting (one range, which the engine checks too); its
  // default the assignment's.
  const spec = data.widgets.exercises.settings.filter((x) => x.key === 'variant').map((x) => ({ ...x, default: rules.variant }));
  ({ spec: state.spec, form: state.form } = setUpSettings('code', loadTests, { spec }));
  showStoreProblem(store, $('storage-notice'));
  joinLms(store, lms, $('lms-notice'));
  $('code-student').addEventListener('input', () => { state.nameTyped = true; });  // before the reload it triggers
  wireStudentName($('code-student'), { store, lms, onChange: loadTests });
  makeEditor();
  $('run').addEventListener('click', runTests);
  $('reset').addEventListener('click', async () => {
    if (code() === STARTER) return;
    if (!(await confirmInPage($('reset'), t('code.resetAsk'), { yes: t('code.resetYes'), no: t('code.resetNo') }))) return;
    state.editor.replace(STARTER);
  });
  loadTests();
  document.body.dataset.ready = 'true';
}

// main() in a task of its own, after this script's evaluation (ui/turns.js).
nextTurn().then(main);
