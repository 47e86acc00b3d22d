// Write attention yourself: a code editor (CodeMirror 6, bundled), the student's tests
// from the engine (src/exercises/code_tests.hpp, drawn from their name and the variant),
// a run in the sandbox (code/sandbox.js) and each test's verdict by code/compare.js, with
// the input, the expected and the student's output, and the first place they differ.
//
// Saved work (work/store.js): the code as typed ("code-draft", on every pause in typing,
// so nothing is lost), and each run ("code": the code run, the tests it passed, whose
// tests and which variant, the attempts). The hand-in carries the run; the gradebook
// runs the code again in the same sandbox.
import { EditorView, basicSetup } from 'codemirror';
import { javascript } from '@codemirror/lang-javascript';
import { LabClient, describeBuild } from '../engine/lab-client.js';
import { CodeSandbox } from '../code/sandbox.js';
import { caseId, compareRun, rowsOf } from '../code/compare.js';
import { chosenAssignment } from '../grading/assignment.js';
import { exerciseRulesOf } from '../grading/grading.js';
import { connectLms, joinLms } from '../lms/lms.js';
import { toQuery } from '../settings/settings-schema.js';
import { confirmInPage } from '../ui/confirm.js';
import { labData } from '../ui/lab-data.js';
import { markDone, setUpSettings, showEngineStatus, showShareLink } from '../ui/page-kit.js';
import { CODE_ID, DRAFT_ID } from '../work/code-work.js';
import { normaliseStudent } from '../work/exercise-work.js';
import { wireStudentName } from '../work/student-name.js';
import { NAME_MAX, openStore, recordAttempt, showStoreProblem } from '../work/store.js';

const $ = (id) => document.getElementById(id);
const data = labData();
const widget = data.widgets.code;
const store = openStore();
const lms = connectLms();
const lab = new LabClient();
showEngineStatus(lab, describeBuild);
const sandbox = new CodeSandbox({ timeLimitMs: widget.fixed.timeLimitMs, memoryLimitMb: widget.fixed.memoryLimitMb });
const { assignment } = chosenAssignment(store, data.assignment, data.checks, '', data.widgets.race.settings);
const STARTER = widget.starter.join('\n');
const state = { form: null, spec: null, tests: null, request: null, editor: null };

// ---- whose tests ---------------------------------------------------------------------

function request() {
  const settings = state.form.read();
  const student = $('code-student').value;
  const ok = Boolean(normaliseStudent(student));
  $('code-student-error').textContent = ok ? '' : 'Type your name: your tests are drawn from it.';
  $('code-student').setAttribute('aria-invalid', ok ? 'false' : 'true');
  return settings && ok ? { student, variant: settings.variant, settings } : null;
}

let loading = 0;
async function loadTests() {
  const r = request();
  state.tests = null;
  $('run').disabled = true;
  if (!r) { $('code-status').textContent = 'Type your name to get your tests.'; return; }
  showShareLink(`code.html${toQuery(state.spec, r.settings)}`);
  const mine = ++loading;
  try {
    const reply = await lab.call('code_tests', { student: r.student, variant: r.variant });
    if (mine !== loading) return;
    state.tests = reply.cases;
    state.request = r;
    $('run').disabled = false;
    $('code-status').textContent = `${reply.cases.length} tests drawn for your name (seed ${reply.seed}).`;
    showSavedRun();
  } catch (err) {
    if (mine === loading) $('code-status').textContent = `Could not draw the tests: ${err.message}.`;
  }
}

// ---- the editor ----------------------------------------------------------------------

let draftTimer = null;
function saveDraft(text) {
  clearTimeout(draftTimer);
  draftTimer = setTimeout(() => {
    const a = store.answer(DRAFT_ID);
    a.text = text.slice(0, widget.fixed.maxCodeLength);
    store.touchAnswer(DRAFT_ID);
    store.save();
  }, 400);
}

function makeEditor() {
  const saved = store.state.answers[DRAFT_ID] || store.state.answers[CODE_ID];
  state.editor = new EditorView({
    doc: saved && saved.text ? saved.text : STARTER,
    extensions: [
      basicSetup,
      javascript(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': 'Your code: softmax and attention in JavaScript', 'aria-describedby': 'code-editor-help' }),
      EditorView.updateListener.of((u) => { if (u.docChanged) saveDraft(u.state.doc.toString()); }),
    ],
    parent: $('code-editor'),
  });
}

const code = () => state.editor.state.doc.toString();

// ---- running and showing -------------------------------------------------------------

const fmt = (x) => (Number.isNaN(x) ? 'NaN' : Number.isFinite(x) ? String(Number(x.toPrecision(6))) : x > 0 ? 'Infinity' : '-Infinity');
const matrixText = (rows) => rows.map((r) => `[${r.map(fmt).join(', ')}]`).join('\n');

function inputText(c) {
  if (c.function === 'softmax') return `row = [${Array.from(c.args[0].values, fmt).join(', ')}]`;
  const [Q, K, V] = c.args;
  const mask = c.causal ? `mask = causal: query i may look at keys 1..i (${Q.rows} × ${K.rows})` : 'mask = null';
  return `Q (${Q.rows} × ${Q.cols}) =\n${matrixText(rowsOf(Q))}\nK (${K.rows} × ${K.cols}) =\n${matrixText(rowsOf(K))}\nV (${V.rows} × ${V.cols}) =\n${matrixText(rowsOf(V))}\n${mask}`;
}

function outputText(c, output) {
  if (!output) return '(not run)';
  if (!output.ok) return `(error) ${output.error}`;
  return c.function === 'softmax' ? `[${output.value.map(fmt).join(', ')}]` : matrixText(output.value);
}

function block(title, text) {
  const wrap = document.createElement('div');
  wrap.append(Object.assign(document.createElement('h4'), { textContent: title }), Object.assign(document.createElement('pre'), { textContent: text }));
  return wrap;
}

function showResults(tests, run, verdicts) {
  $('code-results').replaceChildren(...tests.map((c, k) => {
    const v = verdicts.results[k];
    const li = document.createElement('li');
    li.dataset.case = caseId(c);
    li.dataset.pass = String(v.pass);
    const head = document.createElement('p');
    head.append(Object.assign(document.createElement('strong'), { textContent: `${v.pass ? '✓' : '✗'} ${caseId(c)}` }), document.createTextNode(`: ${c.why}.`));
    const verdict = Object.assign(document.createElement('p'), { className: `feedback ${v.pass ? 'right' : 'wrong'}`, textContent: v.message });
    li.append(head, verdict);
    if (!v.pass) {
      const details = document.createElement('details');
      details.open = k === verdicts.results.findIndex((x) => !x.pass);  // the first failing one open
      details.append(Object.assign(document.createElement('summary'), { textContent: 'The input, the expected output and yours' }),
        block('Input', inputText(c)), block('Expected', outputText(c, { ok: true, value: c.function === 'softmax' ? Array.from(c.expected.values) : rowsOf(c.expected) })),
        block('Yours', outputText(c, run.outputs[k])));
      li.append(details);
    }
    return li;
  }));
  const n = verdicts.passed.length;
  $('code-summary').textContent = `${n} of ${tests.length} tests pass.${n === tests.length ? ' Every test passes: well done.' : ''}`;
  document.body.dataset.passed = String(n);
}

async function runTests() {
  const tests = state.tests, req = state.request;
  if (!tests) return;
  const text = code().slice(0, widget.fixed.maxCodeLength);
  $('run').disabled = true;
  $('code-status').textContent = 'Running your code on the tests…';
  document.body.dataset.code = 'running';
  const run = await sandbox.run(text, tests);
  const verdicts = compareRun(tests, run);
  showResults(tests, run, verdicts);
  $('code-printed-box').hidden = run.printed.length === 0;
  $('code-printed').textContent = run.printed.join('\n');
  const status = { ran: 'Ran', timeout: `Stopped after ${widget.fixed.timeLimitMs} ms: the code did not finish (an endless loop?).`, 'compile-error': `The code does not compile: ${run.error}`, crashed: `The code stopped the sandbox: ${run.error}`,
    memory: `Stopped: the code used more than the ${widget.fixed.memoryLimitMb} MB of memory a run may use.` }[run.status];
  const first = verdicts.results.findIndex((x) => !x.pass);
  $('code-status').textContent = run.status === 'ran'
    ? `${verdicts.passed.length} of ${tests.length} tests pass.${first >= 0 ? ` The first to fail, "${caseId(tests[first])}", is open below.` : ''}` : status;
  document.body.dataset.code = run.status;
  // Saved as an attempt: the code run, the tests it passed, whose tests.
  const a = store.answer(CODE_ID);
  if (normaliseStudent(a.student || '') !== normaliseStudent(req.student) || (a.variant || 1) !== req.variant) {
    for (const k of Object.keys(a)) delete a[k];
  }
  recordAttempt(a, text, verdicts.passed.length === tests.length, new Date().toISOString());
  Object.assign(a, { text, passed: verdicts.passed, student: req.student.slice(0, NAME_MAX), variant: req.variant });
  // Begun when the draft was first typed into (an LMS's latency runs from there to the first run).
  if (!a.opened && store.state.answers[DRAFT_ID]) a.opened = store.state.answers[DRAFT_ID].opened;
  store.touchAnswer(CODE_ID);
  store.save();
  if (verdicts.passed.length === tests.length) markDone('code');
  $('run').disabled = false;
}

// The last run saved for these tests, shown as a summary until the student runs again.
function showSavedRun() {
  const a = store.state.answers[CODE_ID];
  const req = state.request;
  if (!a || !a.checked || !req || normaliseStudent(a.student || '') !== normaliseStudent(req.student) || (a.variant || 1) !== req.variant) return;
  $('code-summary').textContent = `Your last run passed ${(a.passed || []).length} of ${state.tests.length} tests (${a.attempts || 1} run${a.attempts > 1 ? 's' : ''}). Run the tests again to see each one.`;
}

// ---- wiring --------------------------------------------------------------------------

function main() {
  const rules = exerciseRulesOf(assignment);
  // The variant is the exercises' setting (one range, which the engine checks too); its
  // default the assignment's.
  const spec = data.widgets.exercises.settings.filter((x) => x.key === 'variant').map((x) => ({ ...x, default: rules.variant }));
  ({ spec: state.spec, form: state.form } = setUpSettings('code', loadTests, { spec }));
  showStoreProblem(store, $('storage-notice'));
  joinLms(store, lms, $('lms-notice'));
  wireStudentName($('code-student'), { store, lms, onChange: loadTests });
  makeEditor();
  $('run').addEventListener('click', runTests);
  $('reset').addEventListener('click', async () => {
    if (code() === STARTER) return;
    if (!(await confirmInPage($('reset'), 'Replace your code in the editor with the starter code? (Your last run stays saved; Ctrl+Z in the editor brings your code back.)', { yes: 'Replace it', no: 'Keep my code' }))) return;
    state.editor.dispatch({ changes: { from: 0, to: state.editor.state.doc.length, insert: STARTER } });
  });
  loadTests();
  document.body.dataset.ready = 'true';
}

main();
