// The two SCORM run-times the lab reports to, as two small adapters for the one session
// (lms-session.js): the API's name and functions, the data model's keys, and what the LMS
// is told for the same facts. Pure (no DOM).
//
//                      SCORM 1.2 (RTE 3.4)          SCORM 2004 4th Edition (RTE 4.2)
//   score, percent     cmi.core.score.raw/min/max   cmi.score.raw/min/max
//   score, 0..1        -                            cmi.score.scaled, once every assigned check
//                                                   is answered (see SCORM2004.report)
//   completion         cmi.core.lesson_status       cmi.completion_status
//   pass or fail       -                            cmi.success_status, by the mastery score
//   the work           cmi.suspend_data (4,096)     cmi.suspend_data (64,000)
//   leaving            cmi.core.exit "suspend"/""   cmi.exit "suspend"/"normal": "suspend"
//                      (the next launch resumes) unless the student finished and handed in
//   this launch        cmi.core.session_time        cmi.session_time (ISO 8601 duration)
//   each question      cmi.interactions.n.*, a      cmi.interactions.n.* (interactionsOf),
//                      journal (journal12)          one record per question
import { exerciseRulesOf, gradingOf } from '../work/grading-rules.js';
import { parseAnswer } from '../settings/parse.js';
import { CODE_ID, codeRun } from '../work/code-work.js';
import { answerId, exerciseAnswers, gradedLang, gradedRight, gradedText, normaliseStudent } from '../work/exercise-work.js';
import { checkLabel } from '../work/check-label.js';
import { exercisePart } from '../work/exercise-words.js';
import { SUSPEND_MAX } from './suspend.js';
import { t } from '../ui/i18n.js';

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
// success: 'passed' | 'failed' | 'unknown', allChecks: every assigned check answered}
// -> [[key, value]], written when a value changes. The exit is the session's (exit below):
// "suspend" on every launch, the normal one only when the student finishes and hands in.
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
  ],
  exit: { key: 'cmi.core.exit', suspend: 'suspend', normal: '' },
  // 1.2's interactions are write-only: a new record each time an answer changes (journal12).
  interactions: 'journal',
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
  // A runtime evaluates success_status from score.scaled and the passing score (RTE
  // 4.2.21.1a): with a scaled score below the passing score it answers "failed" whatever
  // the content set. So score.scaled is sent only once every assigned check is answered;
  // until then the LMS has the raw score (min, max, raw: the share so far, in percent),
  // no scaled score, and success_status "unknown" in the runtime's eyes too.
  report: (f) => [
    ['cmi.score.min', '0'], ['cmi.score.max', '100'], ['cmi.score.raw', f.raw],
    ...(f.allChecks ? [['cmi.score.scaled', f.scaled]] : []),
    ['cmi.completion_status', f.status],
    ['cmi.success_status', f.success],
  ],
  exit: { key: 'cmi.exit', suspend: 'suspend', normal: 'normal' },
  interactions: 'records',
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

// A text as a correct response's pattern: one line, trimmed (runtimes refuse a pattern
// with space around it), and none for a text that starts with "{" (it would read as a
// language tag or a matching rule). A long-fill-in's commas are written "‚" (U+201A, which
// looks the same): scorm-again refuses a comma in a one-pattern response, though SCORM
// allows it; a fill-in's stay (its patterns are separated by "[,]", not by commas).
function pattern(text, max, commas = true) {
  const line = oneLine(text, max).trim();
  if (line.startsWith('{')) return '';
  return commas ? line : line.replace(/,/g, '\u201A');
}

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
// correct: the correct_responses pattern, or '' when the lab knows none; description: describe().
function record(id, type, response, result, a, answeredAt, { correct, description }) {
  const opened = isoTime(a.opened), answered = isoTime(answeredAt) || isoTime(a.updatedAt);
  const ms = opened && answered ? Date.parse(answered) - Date.parse(opened) : NaN;
  return { id, type, response, result, timestamp: ms >= 0 ? opened : answered, latency: ms >= 0 ? duration(ms) : '', correct, description };
}

// A question's text as cmi.interactions.n.description (a localized string of at most 250
// characters, SCORM 2004 RTE 4.2.9.1): its label and prompt on one line, the maths'
// "$" delimiters dropped, shortened with "…" to fit.
export function describe(label, text) {
  const line = oneLine(`${label}: ${String(text).replace(/\$([^$]+)\$/g, '$1')}`, Infinity);
  return line.length <= 250 ? line : `${line.slice(0, 249).trimEnd()}…`;
}

// The questions answered, as SCORM 2004 interaction records, by the assignment's rules:
// each assigned quick check (a choice: "choice", its graded answer's option id; a short
// answer: "long-fill-in", self-assessed so "neutral"), each exercise part answered for the
// student's own numbers ("numeric" when it takes one number, else "fill-in", the typed
// text), and the code page's last run ("long-fill-in", correct when every test passed).
// Each has a description and, where the lab knows one, a correct response:
//   choice          the right option's id (several: joined by "[,]")
//   short answer    the model answer (pattern(): its commas written "‚")
//   exercise part   the student's own answer once it was graded right ("x[:]x" for a
//                   number), else none: the answers to a student's own numbers never reach
//                   the browser (the engine gives verdicts only; the gradebook grades again)
//   code            the code run once every test passed (pattern()), else none (likewise)
// -> [{id, type, response, result, timestamp, latency, correct, description}]
export function interactionsOf(state, checks, assignment, student) {
  const rules = gradingOf(assignment);
  const answers = state.answers;
  const key = new Map(checks.map((c) => [c.id, c]));
  const out = [];
  for (const id of assignment.checks) {
    const c = key.get(id), a = own(answers, id) ? answers[id] : null;
    if (!c || !a) continue;
    const description = describe(checkLabel(c), c.prompt);
    if (c.kind === 'choice') {
      const log = Array.isArray(a.log) ? a.log : [];
      const last = a.checked ? a.choice : log.length ? log[log.length - 1][0] : a.first && a.first.choice;
      const choice = rules.choiceAnswer === 'first' ? a.first && a.first.choice : last;
      if (!choice) continue;
      const right = c.choices.some((ch) => ch.id === choice && ch.correct === true);
      const correct = c.choices.filter((ch) => ch.correct === true).map((ch) => ch.id).join('[,]');
      out.push(record(id, 'choice', choice, right ? 'correct' : 'incorrect', a, a.first && a.first.at, { correct, description }));
    } else if (a.revealed) {
      out.push(record(id, 'long-fill-in', oneLine(a.text || '', 4000), 'neutral', a, a.at, { correct: pattern(c.modelAnswer || '', 4000, false), description }));
    }
  }
  const ex = exerciseRulesOf(assignment);
  const who = normaliseStudent(student);
  for (const { kind, part, answer: a } of exerciseAnswers(answers)) {
    if (!a.checked || normaliseStudent(a.student || '') !== who || (a.variant || 1) !== ex.variant) continue;
    const text = gradedText(a, ex.answer);
    const parsed = parseAnswer(text, null, { lang: gradedLang(a, ex.answer) });
    const number = parsed.ok && parsed.values.length === 1 ? decimal(parsed.values[0]) : null;
    const right = gradedRight(a, ex.answer);
    const response = number === null ? oneLine(text, 250) : number;
    out.push(record(answerId(kind, part), number === null ? 'fill-in' : 'numeric', response, right ? 'correct' : 'incorrect', a, a.first && a.first.at, {
      correct: !right ? '' : number === null ? pattern(text, 250) : `${number}[:]${number}`,
      description: describe(exercisePart(kind, part), t('lms.exerciseDescription')),  // the LMS report's words; the id keeps kind and part
    }));
  }
  const run = codeRun(answers, ex.code);  // the counted run: best or last (grading.codeRun)
  if (run && normaliseStudent(run.student || '') === who && (run.variant || 1) === ex.variant) {
    const response = oneLine(run.text, 4000);
    out.push(record(CODE_ID, 'long-fill-in', response, run.correct ? 'correct' : 'incorrect', run, run.first && run.first.at, {
      correct: run.correct ? pattern(run.text, 4000, false) : '',
      description: describe(t('lms.codeLabel'), t('lms.codeDescription')),
    }));
  }
  return out;
}

// "PT1M2.5S" -> "0000:01:02.50" (duration() back to SCORM 1.2's CMITimespan), '' for ''.
function timespanOf(iso) {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?([\d.]+)S$/.exec(iso || '');
  return m ? timespan(((Number(m[1] || 0) * 60 + Number(m[2] || 0)) * 60 + Number(m[3])) * 1000) : '';
}

// A 2004 record (interactionsOf) as SCORM 1.2's (RTE 3.4.2.7), or null where 1.2 has no
// room for it: the short answer and the code (1.2 has no long-fill-in, and a response of
// at most 255 characters; they are whole in suspend_data and the hand-in). 1.2 has no
// description. time is the time of day (UTC) of the record's timestamp; result "wrong" for
// "incorrect"; a choice's correct pattern is ids joined by commas, a number's the number.
// -> [[field, value]] in the order they are written (id first).
export function journal12(r) {
  if (r.type !== 'choice' && r.type !== 'numeric' && r.type !== 'fill-in') return null;
  if (r.response.length > 255) return null;
  const time = r.timestamp ? r.timestamp.slice(11, 19) : '';
  const correct = r.type === 'choice' ? r.correct.split('[,]').join(',')
    : r.type === 'numeric' ? r.correct.split('[:]')[0] : r.correct;
  const fields = [['id', r.id], ['type', r.type], ['time', time], ['correct_responses.0.pattern', correct.length <= 255 ? correct : ''],
    ['student_response', r.response], ['result', r.result === 'incorrect' ? 'wrong' : r.result], ['latency', timespanOf(r.latency)]];
  return fields.filter(([, v]) => v !== '');
}
