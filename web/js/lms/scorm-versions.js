// The two SCORM run-times the lab reports to, as two small adapters for the one session
// (lms-session.js): the API's name and functions, the data model's keys, and what the LMS
// is told for the same facts. Pure (no DOM).
//
//                      SCORM 1.2 (RTE 3.4)          SCORM 2004 4th Edition (RTE 4.2)
//   score, percent     cmi.core.score.raw/min/max   cmi.score.raw/min/max
//   score, 0..1        -                            cmi.score.scaled
//   completion         cmi.core.lesson_status       cmi.completion_status
//   pass or fail       -                            cmi.success_status, by the mastery score
//   the work           cmi.suspend_data (4,096)     cmi.suspend_data (64,000)
//   leaving            cmi.core.exit "suspend"/""   cmi.exit "suspend"/"normal"
//   this launch        cmi.core.session_time        cmi.session_time (ISO 8601 duration)
//   each question      -                            cmi.interactions.n.* (interactionsOf)
import { exerciseRulesOf, gradingOf } from '../grading/grading.js';
import { parseAnswer } from '../settings/parse.js';
import { CODE_ID, codeRun } from '../work/code-work.js';
import { answerId, exerciseAnswers, gradedRight, gradedText, normaliseStudent } from '../work/exercise-work.js';
import { SUSPEND_MAX } from './suspend.js';

// "HHHH:MM:SS.SS", SCORM 1.2's CMITimespan.
export function timespan(ms) {
  const s = Math.max(0, ms) / 1000;
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  return `${String(h).padStart(4, '0')}:${String(m).padStart(2, '0')}:${sec.toFixed(2).padStart(5, '0')}`;
}

// "PT1H2M3.45S", SCORM 2004's timeinterval (ISO 8601 duration, hundredths of a second).
export function duration(ms) {
  const cs = Math.round(Math.max(0, ms) / 10);
  const h = Math.floor(cs / 360000), m = Math.floor((cs % 360000) / 6000), s = (cs % 6000) / 100;
  return `PT${h ? `${h}H` : ''}${h || m ? `${m}M` : ''}${s}S`;
}

// facts (LabSession.facts): {raw: '0'..'100', scaled: '0'..'1', status: 'completed' | 'incomplete',
// success: 'passed' | 'failed' | 'unknown'} -> [[key, value]], written when a value changes.
export const SCORM12 = {
  version: '1.2',
  global: 'API',
  fn: { init: 'LMSInitialize', finish: 'LMSFinish', get: 'LMSGetValue', set: 'LMSSetValue', commit: 'LMSCommit', error: 'LMSGetLastError', errorText: 'LMSGetErrorString' },
  keys: { name: 'cmi.core.student_name', id: 'cmi.core.student_id', entry: 'cmi.core.entry', suspend: 'cmi.suspend_data', time: 'cmi.core.session_time' },
  suspendMax: SUSPEND_MAX,
  // "ab-initio": a first launch; "resume" or "" (some LMSs): look for saved work.
  resumes: (entry) => entry !== 'ab-initio',
  timespan,
  report: (f) => [
    ['cmi.core.score.min', '0'], ['cmi.core.score.max', '100'], ['cmi.core.score.raw', f.raw],
    ['cmi.core.lesson_status', f.status],
    ['cmi.core.exit', f.status === 'completed' ? '' : 'suspend'],
  ],
  interactions: false,
};

export const SCORM2004 = {
  version: '2004',
  global: 'API_1484_11',
  fn: { init: 'Initialize', finish: 'Terminate', get: 'GetValue', set: 'SetValue', commit: 'Commit', error: 'GetLastError', errorText: 'GetErrorString' },
  keys: { name: 'cmi.learner_name', id: 'cmi.learner_id', entry: 'cmi.entry', suspend: 'cmi.suspend_data', time: 'cmi.session_time', passing: 'cmi.scaled_passing_score' },
  suspendMax: 64000,
  // Only a resumed attempt has suspend_data (asking a new one's is error 403, not initialised).
  resumes: (entry) => entry === 'resume',
  timespan: duration,
  report: (f) => [
    ['cmi.score.min', '0'], ['cmi.score.max', '100'], ['cmi.score.raw', f.raw], ['cmi.score.scaled', f.scaled],
    ['cmi.completion_status', f.status],
    ['cmi.success_status', f.success],
    ['cmi.exit', f.status === 'completed' ? 'normal' : 'suspend'],
  ],
  interactions: true,
};

// The LMS's API (RTE API discovery): the window chain above win, then the opener's.
// prefer: '1.2' or '2004' (the launch URL's ?scorm=, from the package's manifest), for an
// LMS that offers both; without it SCORM 2004 is looked for first.
// -> {api, adapter} | null
export function findApi(win, prefer = '') {
  const search = (start, adapter) => {
    for (let w = start, hops = 0; w && hops < 10; ++hops) {
      try {
        const api = w[adapter.global];
        if (api && typeof api[adapter.fn.init] === 'function') return api;
      } catch { /* a cross-origin frame: keep looking */ }
      if (!w.parent || w.parent === w) break;
      w = w.parent;
    }
    return null;
  };
  for (const adapter of prefer === '1.2' ? [SCORM12, SCORM2004] : [SCORM2004, SCORM12]) {
    let api = search(win, adapter);
    if (!api) {
      try { if (win.opener && win.opener !== win) api = search(win.opener, adapter); } catch { api = null; }
    }
    if (api) return { api, adapter };
  }
  return null;
}

const own = (o, k) => o !== null && typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, k);
const isoTime = (x) => (typeof x === 'string' && Number.isFinite(Date.parse(x)) ? new Date(x).toISOString() : '');

// A text as one line of at most max characters: runtimes check a response as a single line,
// and a "{" at its start would read as a language tag.
const oneLine = (text, max) => String(text).replace(/\s*[\r\n]+\s*/g, ' ').replace(/^\{/, ' {').slice(0, max);

// A number as SCORM's decimal (no exponent, at most 10 digits before the point), or null.
function decimal(x) {
  if (!Number.isFinite(x) || Math.abs(x) >= 1e10) return null;
  const s = x.toFixed(12).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

// One record. answeredAt: the first response; opened: when the question was first touched
// (store.js). timestamp is when it was opened and latency how long the first response took,
// both as the standard defines them; unknown (an answer resumed from an LMS without its
// opening time), the timestamp is the answer's and the latency is left out.
function record(id, type, response, result, a, answeredAt) {
  const opened = isoTime(a.opened), answered = isoTime(answeredAt) || isoTime(a.updatedAt);
  const ms = opened && answered ? Date.parse(answered) - Date.parse(opened) : NaN;
  return { id, type, response, result, timestamp: ms >= 0 ? opened : answered, latency: ms >= 0 ? duration(ms) : '' };
}

// The questions answered, as SCORM 2004 interaction records, by the assignment's rules:
// each assigned quick check (a choice: "choice", its graded answer's option id; a short
// answer: "long-fill-in", self-assessed so "neutral"), each exercise part answered for the
// student's own numbers ("numeric" when it takes one number, else "fill-in", the typed
// text), and the code page's last run ("long-fill-in", correct when every test passed).
// -> [{id, type, response, result, timestamp, latency}]
export function interactionsOf(state, checks, assignment, student) {
  const rules = gradingOf(assignment);
  const answers = state.answers;
  const key = new Map(checks.map((c) => [c.id, c]));
  const out = [];
  for (const id of assignment.checks) {
    const c = key.get(id), a = own(answers, id) ? answers[id] : null;
    if (!c || !a) continue;
    if (c.kind === 'choice') {
      const log = Array.isArray(a.log) ? a.log : [];
      const last = a.checked ? a.choice : log.length ? log[log.length - 1][0] : a.first && a.first.choice;
      const choice = rules.choiceAnswer === 'first' ? a.first && a.first.choice : last;
      if (!choice) continue;
      const right = c.choices.some((ch) => ch.id === choice && ch.correct === true);
      out.push(record(id, 'choice', choice, right ? 'correct' : 'incorrect', a, a.first && a.first.at));
    } else if (a.revealed) {
      out.push(record(id, 'long-fill-in', oneLine(a.text || '', 4000), 'neutral', a, a.at));
    }
  }
  const ex = exerciseRulesOf(assignment);
  const who = normaliseStudent(student);
  for (const { kind, part, answer: a } of exerciseAnswers(answers)) {
    if (!a.checked || normaliseStudent(a.student || '') !== who || (a.variant || 1) !== ex.variant) continue;
    const text = gradedText(a, ex.answer);
    const parsed = parseAnswer(text, null);
    const number = parsed.ok && parsed.values.length === 1 ? decimal(parsed.values[0]) : null;
    out.push(record(answerId(kind, part), number === null ? 'fill-in' : 'numeric', number === null ? oneLine(text, 250) : number,
      gradedRight(a, ex.answer) ? 'correct' : 'incorrect', a, a.first && a.first.at));
  }
  const run = codeRun(answers);
  if (run && normaliseStudent(run.student || '') === who && (run.variant || 1) === ex.variant) {
    out.push(record(CODE_ID, 'long-fill-in', oneLine(run.text, 4000), run.correct ? 'correct' : 'incorrect', run, run.first && run.first.at));
  }
  return out;
}
