// The SCORM packages (tools/site/scorm.mjs) as an LMS reads them: zips fflate opens,
// manifests a parser that is not ours reads (fast-xml-parser), listing the launch page and
// every file, without the gradebook; the 2004 one with the assignment's mastery score.
// And the 2004 run-time's side (web/js/lms/scorm-versions.js, lms-session.js) against a
// stand-in API: interaction records, the mastery score's source, API discovery.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { buildSite } from '../../tools/site/build.mjs';
import { loadRegistry } from '../../tools/site/registry.mjs';
import { PACKAGES, packageFiles, scormPackage } from '../../tools/site/scorm.mjs';
import { describe, duration, findApi, interactionsOf, journal12, SCORM12, SCORM2004 } from '../../web/js/lms/scorm-versions.js';
import { checkLabel } from '../../web/js/work/check-label.js';
import { LabSession } from '../../web/js/lms/lms-session.js';
import { emptyState } from '../../web/js/work/store.js';

const WASM_FILES = ['attention_lab_mt.js', 'attention_lab_mt.wasm', 'attention_lab_mt.worker.js',
  'attention_lab_st.js', 'attention_lab_st.wasm', 'attention_lab_single.js'];
const assignment = JSON.parse(readFileSync('content/assignment.json', 'utf8'));
const checks = JSON.parse(readFileSync('content/quick-checks.json', 'utf8')).checks;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'file' });
let out, zips;

before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'scorm-'));
  for (const f of WASM_FILES) writeFileSync(join(dir, f), '// stand-in\n');
  out = join(dir, 'dist');
  await buildSite({ out, wasmDir: dir, contentDir: 'content' });
  zips = Object.fromEntries(Object.entries(PACKAGES).map(([v, name]) => [v, readFileSync(join(out, 'downloads', name))]));
});

const entries = (zip) => unzipSync(new Uint8Array(zip));
const listed = (resource) => resource.file.map((f) => f.href);

test('both packages: the lab for students, every file listed, no gradebook, no downloads', () => {
  for (const [version, zip] of Object.entries(zips)) {
    const files = entries(zip);
    const names = Object.keys(files);
    assert.equal(names[0], 'imsmanifest.xml', version);
    const text = Buffer.from(files['imsmanifest.xml']).toString('utf8');
    assert.equal(XMLValidator.validate(text), true, version);
    const resource = parser.parse(text).manifest.resources.resource;
    assert.equal(resource.href, 'scorm-launch.html');
    assert.deepEqual(listed(resource), names.slice(1), `${version}: the manifest lists every file of the zip`);
    for (const f of ['scorm-launch.html', 'index.html', 'checks.html', 'js/scorm-launch.js', 'css/lab.css']) assert.ok(names.includes(f), `${version} has ${f}`);
    for (const f of ['instructor.html', 'js/instructor.js']) assert.ok(!names.includes(f), `${version} has no ${f}`);
    assert.ok(!names.some((f) => f.startsWith('downloads/')), version);
    // The landing page's link to the gradebook is the site's only.
    assert.doesNotMatch(Buffer.from(files['index.html']).toString('utf8'), /instructor\.html/);
    assert.match(readFileSync(join(out, 'index.html'), 'utf8'), /href="instructor\.html"/);
  }
});

test('SCORM 2004 4th Edition manifest: ADL namespaces, one SCO, the mastery score of content/assignment.json', () => {
  const text = Buffer.from(entries(zips['2004'])['imsmanifest.xml']).toString('utf8');
  const m = parser.parse(text).manifest;
  assert.equal(m.xmlns, 'http://www.imsglobal.org/xsd/imscp_v1p1');
  assert.equal(m['xmlns:adlcp'], 'http://www.adlnet.org/xsd/adlcp_v1p3');
  assert.equal(m['xmlns:adlseq'], 'http://www.adlnet.org/xsd/adlseq_v1p3');
  assert.equal(m['xmlns:imsss'], 'http://www.imsglobal.org/xsd/imsss');
  assert.deepEqual([m.metadata.schema, m.metadata.schemaversion], ['ADL SCORM', '2004 4th Edition']);
  const item = m.organizations.organization.item;
  assert.equal(item.identifierref, m.resources.resource.identifier);
  assert.equal(item.parameters, '?scorm=2004');
  assert.equal(m.resources.resource['adlcp:scormType'], 'sco');
  const objective = item['imsss:sequencing']['imsss:objectives']['imsss:primaryObjective'];
  assert.equal(objective.satisfiedByMeasure, 'true');
  assert.equal(objective['imsss:minNormalizedMeasure'], assignment.lms.masteryScore);
  assert.equal(assignment.lms.masteryScore, 0.7);

  const m12 = parser.parse(Buffer.from(entries(zips['1.2'])['imsmanifest.xml']).toString('utf8')).manifest;
  assert.deepEqual([m12.metadata.schemaversion, m12.resources.resource['adlcp:scormtype']], [1.2, 'sco']);
});

test('the zips through fflate: the site\'s bytes, the same bytes every build', () => {
  const pages = loadRegistry('content', 'web');
  const files = entries(zips['1.2']);
  for (const f of ['wasm/attention_lab_st.wasm', 'favicon.svg', 'js/checks.js']) assert.deepEqual(Buffer.from(files[f]), readFileSync(join(out, f)), f);
  assert.deepEqual(Object.keys(files).slice(1), packageFiles(out, pages));
  // Every entry dated 1980-01-01 00:00 (DOS date 0x21, time 0), not the time of the build.
  const again = scormPackage(out, { title: 'The attention lab', pages, version: '2004', masteryScore: 0.7 });
  assert.deepEqual(again, zips['2004']);
  assert.deepEqual([again.readUInt32LE(0), again.readUInt16LE(10), again.readUInt16LE(12)], [0x04034b50, 0, 0x21]);
});

test('a package without a mastery score has no objective, and content/assignment.json refuses a bad one', async () => {
  const pages = loadRegistry('content', 'web');
  const zip = scormPackage(out, { title: 'Lab', pages, version: '2004', masteryScore: null });
  assert.doesNotMatch(Buffer.from(entries(zip)['imsmanifest.xml']).toString('utf8'), /minNormalizedMeasure/);
  const dir = mkdtempSync(join(tmpdir(), 'scorm-bad-'));
  cpSync('content', join(dir, 'content'), { recursive: true });
  const file = join(dir, 'content/assignment.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace('"masteryScore": 0.7', '"masteryScore": 70'));
  await assert.rejects(buildSite({ out: join(dir, 'dist'), wasmDir: dir, contentDir: join(dir, 'content') }), /assignment\.json:\d+:\d+: "lms" is \{"masteryScore"/);
});

test('ISO 8601 durations: hundredths of a second at most', () => {
  assert.equal(duration(0), 'PT0S');
  assert.equal(duration(12345), 'PT12.35S');
  assert.equal(duration(61000), 'PT1M1S');
  assert.equal(duration(3600000 + 5000), 'PT1H0M5S');
});

const at = (s) => `2026-11-30T09:00:${String(s).padStart(2, '0')}.000Z`;

test('interaction records: one per question answered, in each type\'s response format, with its latency', () => {
  const state = emptyState();
  Object.assign(state.answers, {
    q1: { choice: 'a', checked: false, opened: at(0), updatedAt: at(30), first: { choice: 'b', correct: true, at: at(12) }, log: [['b', true, at(12)], ['c', false, at(20)]] },
    q2: { choice: 'd', checked: true, correct: false, updatedAt: at(5), first: { choice: 'd', correct: false, at: at(5) } },  // no opening time: no latency
    q3: { text: 'Line one\nline two', revealed: true, rubric: [true], opened: at(1), at: at(9), updatedAt: at(9) },
    q4: { choice: 'c', opened: at(1), updatedAt: at(1) },  // chosen, never checked
    'ex-shapes--S_shape': { text: '3, 3', checked: true, correct: true, student: 'Ada', variant: 1, opened: at(2), updatedAt: at(4), first: { choice: '3, 3', correct: true, at: at(4) } },
    'ex-scaled--tau': { text: '−3/4', checked: true, correct: false, student: 'ada ', variant: 1, opened: at(2), updatedAt: at(4), first: { choice: '−3/4', correct: false, at: at(4) } },
    'ex-context--w': { text: '1', checked: true, correct: true, student: 'Someone else', variant: 1, updatedAt: at(4) },
    code: { text: '{\n  return 1;\n}', checked: true, correct: true, passed: [], student: 'Ada', variant: 1, opened: at(0), updatedAt: at(40), first: { choice: 'x', correct: false, at: at(40) } },
  });
  const r = Object.fromEntries(interactionsOf(state, checks, assignment, 'Ada').map((x) => [x.id, x]));
  assert.deepEqual(Object.keys(r).sort(), ['code', 'ex-scaled--tau', 'ex-shapes--S_shape', 'q1', 'q2', 'q3']);
  const check = (id) => checks.find((c) => c.id === id);
  const right = (id) => check(id).choices.filter((ch) => ch.correct).map((ch) => ch.id).join('[,]');
  // The last answer checked (the log's, the selection since changed), its latency from the first touch to the first answer.
  assert.deepEqual(r.q1, { id: 'q1', type: 'choice', response: 'c', result: 'incorrect', timestamp: at(0), latency: 'PT12S', correct: right('q1'), description: describe(checkLabel(check('q1')), check('q1').prompt) });
  assert.deepEqual(r.q2, { id: 'q2', type: 'choice', response: 'd', result: 'incorrect', timestamp: at(5), latency: '', correct: right('q2'), description: describe(checkLabel(check('q2')), check('q2').prompt) });
  assert.deepEqual(r.q3, { id: 'q3', type: 'long-fill-in', response: 'Line one line two', result: 'neutral', timestamp: at(1), latency: 'PT8S', correct: check('q3').modelAnswer.replace(/\s*\n\s*/g, ' ').replace(/,/g, '\u201A'), description: describe(checkLabel(check('q3')), check('q3').prompt) });
  assert.equal(right('q1'), 'b');
  assert.deepEqual([r['ex-shapes--S_shape'].type, r['ex-shapes--S_shape'].response, r['ex-shapes--S_shape'].result, r['ex-shapes--S_shape'].correct], ['fill-in', '3, 3', 'correct', '3, 3']);
  // A part graded wrong: the lab does not know its answer (the engine gives verdicts only).
  assert.deepEqual([r['ex-scaled--tau'].type, r['ex-scaled--tau'].response, r['ex-scaled--tau'].result, r['ex-scaled--tau'].correct], ['numeric', '-0.75', 'incorrect', '']);
  // Named in words (work/exercise-words.js); "tau" is no part the engine has, and is said to be none.
  assert.match(r['ex-scaled--tau'].description, /^2\. Scaled by √dₖ, with a temperature — a part this exercise does not have \("tau"\): /);
  assert.match(r['ex-shapes--S_shape'].description, /^4\. Shapes and costs — the shape of S: /);
  // Code on one line, not starting with "{" (it would read as a language tag).
  // No pattern can start with "{" (a language tag or a rule): none for this code.
  assert.deepEqual([r.code.type, r.code.response, r.code.result, r.code.latency, r.code.correct], ['long-fill-in', ' { return 1; }', 'correct', 'PT40S', '']);
  // A passing run's code is a correct response: trimmed, its commas written "‚" (scorm-again
  // refuses a comma in a one-pattern response); a failing run's has none.
  state.answers.code = { ...state.answers.code, text: '  function softmax(x, axis) {\n  return x;\n}' };
  assert.equal(interactionsOf(state, checks, assignment, 'Ada').find((x) => x.id === 'code').correct, 'function softmax(x\u201A axis) { return x; }');
  state.answers.code.correct = false;
  assert.equal(interactionsOf(state, checks, assignment, 'Ada').find((x) => x.id === 'code').correct, '');
  // Every description within SCORM 2004's 250 characters, the label first, no "$".
  for (const x of Object.values(r)) assert.ok(x.description.length > 0 && x.description.length <= 250 && !x.description.includes('$'), x.description);
  assert.match(r.q1.description, new RegExp(`^${checkLabel(check('q1'))}: `));
  const long = describe('Q9', `A prompt ${'much '.repeat(80)}too long`);
  assert.equal(long.length, 250);
  assert.match(long, /…$/);
  // Graded by the first answer, the records say so too.
  const first = { ...assignment, grading: { ...assignment.grading, choiceAnswer: 'first' } };
  assert.equal(interactionsOf(state, checks, first, 'Ada').find((x) => x.id === 'q1').response, 'b');
});

// A stand-in SCORM 2004 API: values in a map, every call logged.
function fakeApi2004(values = {}) {
  const data = new Map(Object.entries(values));
  const log = [];
  const api = {
    Initialize: () => 'true', Terminate: () => 'true', Commit: () => 'true', GetLastError: () => '0', GetErrorString: () => '',
    GetValue: (k) => { log.push(['get', k]); return data.has(k) ? data.get(k) : ''; },
    SetValue: (k, v) => { log.push(['set', k, v]); data.set(k, v); return 'true'; },
  };
  return { api, data, log };
}

test('the 2004 session: the LMS\'s passing score first, else the assignment\'s; records rewritten in place', () => {
  const state = emptyState();
  state.answers.q1 = { choice: 'b', checked: true, correct: true, opened: at(0), updatedAt: at(3), first: { choice: 'b', correct: true, at: at(3) } };
  for (const [lms, want] of [['', 0.7], ['0.05', 0.05]]) {
    const { api, data } = fakeApi2004({ 'cmi.scaled_passing_score': lms, 'cmi.learner_name': '{lang=en}Ada' });
    const s = new LabSession(api, { checks, assignment }, { adapter: SCORM2004 });
    s.start();
    assert.equal(s.mastery, want);
    assert.deepEqual(s.student, { name: 'Ada', id: '' });
    s.update(state);
    assert.equal(data.get('cmi.success_status'), 'unknown');  // the other checks unanswered
    // 1 of the assigned choice checks (content/assignment.json without the exercises' part
    // counts the build adds), as the raw score; no scaled score, which would make a
    // runtime judge success before every check is answered.
    const choices = assignment.checks.filter((id) => checks.find((c) => c.id === id).kind === 'choice').length;
    assert.equal(data.get('cmi.score.raw'), String(Math.round(100 / choices)));
    assert.equal(data.has('cmi.score.scaled'), false);
    assert.equal(data.get('cmi.exit'), 'suspend');
    s.finish();
    assert.equal(data.get('cmi.exit'), 'suspend');
  }
  // A record from an earlier launch keeps its index; only a changed answer is sent.
  const { api, data, log } = fakeApi2004({ 'cmi.interactions._count': '1', 'cmi.interactions.0.id': 'q1' });
  const s = new LabSession(api, { checks, assignment }, { adapter: SCORM2004 });
  s.start();
  s.update(state);
  state.answers.q1 = { ...state.answers.q1, choice: 'a', correct: false };
  s.update(state);
  s.finish();
  const q1 = checks.find((c) => c.id === 'q1');
  assert.deepEqual(log.filter(([op, k]) => op === 'set' && k.startsWith('cmi.interactions.')).map(([, k, v]) => [k, v]), [
    ['cmi.interactions.0.type', 'choice'], ['cmi.interactions.0.description', describe(checkLabel(q1), q1.prompt)],
    ['cmi.interactions.0.correct_responses.0.pattern', 'b'],
    ['cmi.interactions.0.learner_response', 'b'], ['cmi.interactions.0.result', 'correct'],
    ['cmi.interactions.0.learner_response', 'a'], ['cmi.interactions.0.result', 'incorrect'],
  ]);
  assert.match(data.get('cmi.session_time'), /^PT/);
  assert.ok(!log.some(([op, k]) => op === 'get' && k === 'cmi.suspend_data'), 'a new attempt has no suspend_data to ask for');
});

test('API discovery: SCORM 2004 first unless the launch asks for 1.2; the opener\'s too', () => {
  const api12 = { LMSInitialize() {} }, api2004 = { Initialize() {} };
  const top = { API: api12, API_1484_11: api2004 };
  top.parent = top;
  const frame = { parent: top };
  assert.deepEqual(findApi(frame), { api: api2004, adapter: SCORM2004 });
  assert.deepEqual(findApi(frame, '1.2'), { api: api12, adapter: SCORM12 });
  assert.deepEqual(findApi(frame, '2004'), { api: api2004, adapter: SCORM2004 });
  const only12 = { parent: null, opener: { API: api12 } };
  assert.deepEqual(findApi(only12, '2004'), { api: api12, adapter: SCORM12 });
  assert.equal(findApi({ parent: null }), null);
});

test('success stays unknown, with no scaled score, until every assigned check is answered; the exit is "suspend" unless handed in', () => {
  const state = emptyState();
  const assigned = assignment.checks.map((id) => checks.find((c) => c.id === id));
  const answerIt = (c) => {
    state.answers[c.id] = c.kind === 'choice'
      ? { choice: c.choices.find((ch) => !ch.correct).id, checked: true, correct: false, updatedAt: at(3), first: { choice: c.choices.find((ch) => !ch.correct).id, correct: false, at: at(3) } }
      : { text: 'An answer.', revealed: true, rubric: [true], at: at(3), updatedAt: at(3) };
  };
  const { api, data, log } = fakeApi2004({ 'cmi.scaled_passing_score': '0.7' });
  const s = new LabSession(api, { checks, assignment }, { adapter: SCORM2004 });
  s.start();
  for (const c of assigned.slice(0, -1)) { answerIt(c); s.update(state); }
  // All wrong but one check left: still no scaled score, so no runtime can call it failed yet.
  assert.equal(data.has('cmi.score.scaled'), false);
  assert.ok(log.filter(([op, k]) => op === 'set' && k === 'cmi.success_status').every(([, , v]) => v === 'unknown'));
  answerIt(assigned[assigned.length - 1]);
  s.update(state);
  assert.equal(data.get('cmi.score.scaled'), '0');
  assert.equal(data.get('cmi.success_status'), 'failed');
  assert.equal(data.get('cmi.exit'), 'suspend');
  s.finish({ handIn: true });
  assert.equal(data.get('cmi.exit'), 'normal');
  assert.equal(s.handedIn, true);

  // SCORM 1.2: "suspend" when the LMS closes the activity, "" (a normal exit) when handed in.
  for (const [handIn, exit] of [[false, 'suspend'], [true, '']]) {
    const values = new Map();
    const api12 = {
      LMSInitialize: () => 'true', LMSFinish: () => 'true', LMSCommit: () => 'true', LMSGetLastError: () => '0', LMSGetErrorString: () => '',
      LMSGetValue: (k) => (values.has(k) ? values.get(k) : ''), LMSSetValue: (k, v) => { values.set(k, v); return 'true'; },
    };
    const s12 = new LabSession(api12, { checks, assignment }, { adapter: SCORM12 });
    s12.start();
    s12.update(state);
    assert.equal(values.get('cmi.core.exit'), 'suspend');
    s12.finish({ handIn });
    assert.equal(values.get('cmi.core.exit'), exit);
  }
});

test('SCORM 1.2 interactions: a journal, a new record only when an answer changes, none where 1.2 has no room', () => {
  const q1 = checks.find((c) => c.id === 'q1');
  const wrong = q1.choices.find((ch) => !ch.correct).id, right = q1.choices.find((ch) => ch.correct).id;
  assert.deepEqual(journal12({ id: 'q1', type: 'choice', response: wrong, result: 'incorrect', timestamp: at(5), latency: 'PT1M2.5S', correct: right, description: 'x' }), [
    ['id', 'q1'], ['type', 'choice'], ['time', '09:00:05'], ['correct_responses.0.pattern', right], ['student_response', wrong], ['result', 'wrong'], ['latency', '0000:01:02.50']]);
  assert.deepEqual(journal12({ id: 'ex-scaled--tau', type: 'numeric', response: '-0.75', result: 'correct', timestamp: at(5), latency: '', correct: '-0.75[:]-0.75' }).find(([f]) => f === 'correct_responses.0.pattern'), ['correct_responses.0.pattern', '-0.75']);
  assert.equal(journal12({ id: 'q3', type: 'long-fill-in', response: 'text', result: 'neutral', timestamp: at(5), latency: '', correct: 'model' }), null);

  const values = new Map([['cmi.interactions._count', '2']]);
  const log = [];
  const api = {
    LMSInitialize: () => 'true', LMSFinish: () => 'true', LMSCommit: () => 'true', LMSGetLastError: () => '0', LMSGetErrorString: () => '',
    LMSGetValue: (k) => (values.has(k) ? values.get(k) : ''), LMSSetValue: (k, v) => { log.push([k, v]); values.set(k, v); return 'true'; },
  };
  const s = new LabSession(api, { checks, assignment }, { adapter: SCORM12 });
  s.start();
  const state = emptyState();
  state.answers.q1 = { choice: wrong, checked: true, correct: false, opened: at(0), updatedAt: at(3), first: { choice: wrong, correct: false, at: at(3) } };
  s.update(state);
  s.update(state);  // nothing changed: nothing journaled
  state.answers.q1 = { ...state.answers.q1, choice: right, correct: true };
  s.update(state);
  s.finish();
  const journal = log.filter(([k]) => k.startsWith('cmi.interactions.'));
  // After the LMS's two records: index 2 (wrong), then 3 (right).
  assert.deepEqual(journal.filter(([k]) => k.endsWith('.student_response')), [['cmi.interactions.2.student_response', wrong], ['cmi.interactions.3.student_response', right]]);
  assert.deepEqual(journal.filter(([k]) => k.endsWith('.result')).map(([, v]) => v), ['wrong', 'correct']);
  assert.deepEqual(journal.filter(([k]) => k.endsWith('.pattern')).map(([, v]) => v), [right, right]);
});
