// The student's work as cmi.suspend_data: at most 4,096 characters in SCORM 1.2, 64,000 in
// SCORM 2004 (the limit is a parameter), so
// a student who continues on another computer (or whose LMS opens the package on
// another origin) gets everything back from the LMS. Versioned; what does not fit
// is summarised in the data itself (how many older race runs were left out, which
// long answers were shortened), never silently cut. Pure functions, no DOM.
//
//   {"v": 1,
//    "s": [name, id, updatedAt],
//    "a": {id: {"c": choice, "k": checked, "r": correct, "n": attempts, "f": [choice, correct, at],
//               "t": text, "v": revealed, "b": "1011" (rubric), "u": updatedAt, "x": shortened,
//               "w": whose numbers, "g": variant, "m": mistake (an exercise part),
//               "l": the last LOG_SUSPENDED attempts [[answered, 1|0, at]],
//               "p": tests passed, "q": run number, "e": [text, passed, run, attempt, at, 1|0]
//               (the best attempt, work/code-work.js), "y": a draft, "ft": the first answer whole}},
//    "r": [[at, {settings}, gru, attention, stopped, build, wall]],
//    "o": races left out, "z": resetAt, "d": {page: when its activity was first done}}
import { normalizeState } from '../work/store.js';

export const SUSPEND_VERSION = 1;
export const SUSPEND_MAX = 4096;  // SCORM 1.2's, the default
const LOG_SUSPENDED = 3;  // of each answer's attempt log: the newest, so its last attempt survives

function compact(state, { races, textMax }) {
  const a = {};
  const shortened = [];
  for (const [id, x] of Object.entries(state.answers)) {
    const o = { u: x.updatedAt };
    if (x.choice !== undefined) o.c = x.choice;
    if (x.checked) o.k = 1;
    if (x.correct) o.r = 1;
    if (x.attempts) o.n = x.attempts;
    if (x.first) o.f = [x.first.choice, x.first.correct ? 1 : 0, x.first.at];
    if (x.text !== undefined) {
      o.t = x.text.length > textMax ? x.text.slice(0, textMax) : x.text;
      if (x.text.length > textMax) { o.x = 1; shortened.push(id); }
    }
    if (x.revealed) o.v = 1;
    if (x.rubric) o.b = x.rubric.map((y) => (y ? '1' : '0')).join('');
    if (x.student !== undefined) o.w = x.student;
    if (x.variant) o.g = x.variant;
    if (x.mistake) o.m = x.mistake;
    if (x.log && x.log.length) o.l = x.log.slice(-LOG_SUSPENDED).map(([what, right, at]) => [what, right ? 1 : 0, at]);
    // The code page's runs and draft, an exercise part's best and first answers (what
    // grading.js counts): texts shortened as the others are, and said to be.
    const cut = (t) => {
      if (t.length <= textMax) return t;
      if (!shortened.includes(id)) shortened.push(id);
      o.x = 1;
      return t.slice(0, textMax);
    };
    if (x.passed) o.p = x.passed;
    if (x.run !== undefined) o.q = x.run;
    if (x.best && x.choice === undefined) o.e = [cut(x.best.text), x.best.passed, x.best.run, x.best.attempt, x.best.at, x.best.correct ? 1 : 0];
    if (x.draft !== undefined) o.y = cut(x.draft);
    if (x.first && x.first.text !== undefined) o.ft = cut(x.first.text);
    a[id] = o;
  }
  const kept = state.races.slice(state.races.length - races);
  const data = {
    v: SUSPEND_VERSION,
    s: [state.student.name, state.student.id, state.student.updatedAt],
    a,
    r: kept.map((r) => [r.at, r.settings, r.gru, r.attention, r.stopped ? 1 : 0, r.build, Math.round(r.wall * 100) / 100]),
  };
  if (state.races.length > kept.length) data.o = state.races.length - kept.length;
  if (state.resetAt) data.z = state.resetAt;
  if (state.done && Object.keys(state.done).length) data.d = { ...state.done };
  return { text: JSON.stringify(data), shortened };
}

// state -> {text, omittedRaces, shortened: [check ids]} with text.length <= max.
// Older race runs go first; then long written answers are shortened, 200 characters a step.
export function encodeSuspend(state, max = SUSPEND_MAX) {
  let races = state.races.length;
  let textMax = 20000;
  for (;;) {
    const { text, shortened } = compact(state, { races, textMax });
    if (text.length <= max || (races === 0 && textMax === 0)) {
      return { text: text.length <= max ? text : '', omittedRaces: state.races.length - races, shortened };
    }
    if (races > 0) --races;
    else textMax = Math.max(0, Math.min(textMax, longestText(state)) - 200);
  }
}

function longestText(state) {
  return Math.max(0, ...Object.values(state.answers).map((x) => Math.max((x.text || '').length, (x.draft || '').length,
    x.best ? x.best.text.length : 0, x.first && x.first.text ? x.first.text.length : 0)));
}

// text -> {ok: true, state, omittedRaces, shortened} | {ok: false, reason: 'empty'|'damaged'|'newer'}
// (newer: with the format it was written in; lms-session.js words each reason for the student)
export function decodeSuspend(text) {
  if (typeof text !== 'string' || text.trim() === '') return { ok: false, reason: 'empty' };
  let d;
  try { d = JSON.parse(text); } catch { d = null; }
  if (d === null || typeof d !== 'object' || Array.isArray(d) || !Number.isInteger(d.v)) {
    return { ok: false, reason: 'damaged' };
  }
  if (d.v > SUSPEND_VERSION) return { ok: false, reason: 'newer', format: d.v };
  const answers = {};
  const shortened = [];
  for (const [id, o] of Object.entries(d.a && typeof d.a === 'object' ? d.a : {})) {
    if (!o || typeof o !== 'object') continue;
    const x = { updatedAt: o.u };
    if (o.c !== undefined) x.choice = o.c;
    if (o.k) x.checked = true;
    if (o.k) x.correct = o.r === 1;
    if (o.n) x.attempts = o.n;
    if (Array.isArray(o.f)) x.first = { choice: o.f[0], correct: o.f[1] === 1, at: o.f[2] };
    if (o.t !== undefined) x.text = o.t;
    if (o.v) x.revealed = true;
    if (typeof o.b === 'string') x.rubric = o.b.split('').map((c) => c === '1');
    if (o.w !== undefined) x.student = o.w;
    if (o.g !== undefined) x.variant = o.g;
    if (o.m !== undefined) x.mistake = o.m;
    if (Array.isArray(o.l)) x.log = o.l.map((e) => (Array.isArray(e) ? [e[0], e[1] === 1, e[2]] : null)).filter(Boolean);
    if (o.p !== undefined) x.passed = o.p;
    if (o.q !== undefined) x.run = o.q;
    if (Array.isArray(o.e)) x.best = { text: o.e[0], passed: o.e[1], run: o.e[2], attempt: o.e[3], at: o.e[4], correct: o.e[5] === 1 };
    if (o.y !== undefined) x.draft = o.y;
    if (o.ft !== undefined && x.first) x.first.text = o.ft;
    if (o.x) shortened.push(id);
    answers[id] = x;
  }
  const s = Array.isArray(d.s) ? d.s : [];
  const races = (Array.isArray(d.r) ? d.r : []).map((r) => (Array.isArray(r)
    ? { at: r[0], settings: r[1], gru: r[2], attention: r[3], stopped: r[4] === 1, build: r[5], wall: r[6] } : null));
  const { state } = normalizeState({ answers, races, student: { name: s[0], id: s[1], updatedAt: s[2] }, resetAt: d.z, done: d.d });
  return { ok: true, state, omittedRaces: Number.isInteger(d.o) ? d.o : 0, shortened };
}
