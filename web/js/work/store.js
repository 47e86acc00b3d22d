// The student's work, kept in the browser's localStorage and written on every
// change (so a reload, a closed tab or a crash loses nothing).
//
//   const store = openStore();
//   store.answer('q1').choice = 'b'; store.touchAnswer('q1'); store.save();
//   store.addRace(run); store.setStudent({name}); store.markDone('race');   (these save)
//   store.setAssignment('?checks=q1,q2')   an instructor's assignment link, kept until another
//   store.problem   -> a sentence to show when saving is impossible or old data was unreadable
//
// Every item carries the time it last changed (answers[id].updatedAt, student.updatedAt,
// races[].at, done[page]: when the student first finished that page's activity), and a save first reads what is stored and merges it, newer item by
// newer item: several tabs (the lesson and the checks page, the checks and a race)
// each add their work and none overwrites another's. "Start over" records resetAt, so
// what it erased stays erased in every tab. Other tabs' saves arrive through the
// storage event and are merged into this tab's state at once.
//
// What is read is never trusted: any stored value of any shape is normalised into the
// state below (unknown fields dropped, wrong types replaced), so nothing later can
// throw on it. Unreadable saved data (hand-edited, truncated) is never silently
// dropped: it is moved aside under its own key and reported, or, when even that is
// impossible, left where it is while this page works in memory. When storage is
// disabled or full, the page says so and everything still works in memory (export
// included).
import { t } from '../ui/i18n.js';

export const STORE_KEY = 'attention-lab:v1';
export const VERSION = 2;
export const NAME_MAX = 200;   // the checks page, the hand-in and the gradebook share these
export const ID_MAX = 100;
export const TEXT_MAX = 20000; // a short answer
export const RACES_KEPT = 20;
export const LINK_MAX = 2000;  // an assignment link's query
export const LOG_KEPT = 50;    // attempts logged per answer (the newest)
export const DRAFT_MAX = 200000; // the code page's draft (answers['code-draft'].draft), kept whole up to this

export function emptyState() {
  return { version: VERSION, answers: Object.create(null), student: { name: '', id: '', updatedAt: '' }, races: [], done: Object.create(null), resetAt: '',
    assignment: { search: '', at: '' } };
}

const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
const str = (x, max = 1000) => (typeof x === 'string' ? x.slice(0, max) : '');
const time = (x) => (typeof x === 'string' && !Number.isNaN(Date.parse(x)) ? x.slice(0, 40) : '');
const num = (x) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
const later = (a, b) => (Date.parse(a || 0) || 0) > (Date.parse(b || 0) || 0);

// One answer, whatever was stored: only the fields the lab writes, each of its type.
// A language tag as the pages write it ("en", "fr", "pt-BR").
const langTag = (x) => typeof x === 'string' && /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/.test(x);

function normalizeAnswer(a) {
  if (!isObject(a)) return null;
  const out = { updatedAt: time(a.updatedAt) || time(a.at) };
  if (typeof a.choice === 'string') out.choice = a.choice.slice(0, 40);
  // The letter the student saw beside that choice (options are in an order of their own).
  if (typeof a.shown === 'string' && /^[A-Z]{1,2}$/.test(a.shown)) out.shown = a.shown;
  if (typeof a.checked === 'boolean') out.checked = a.checked;
  if (typeof a.correct === 'boolean') out.correct = a.correct;
  if (Number.isInteger(a.attempts) && a.attempts >= 0) out.attempts = Math.min(a.attempts, 1e6);
  if (time(a.at)) out.at = time(a.at);
  // When the question was first touched (touchAnswer), for how long an answer took (SCORM 2004's latency).
  if (time(a.opened)) out.opened = time(a.opened);
  if (isObject(a.first) && typeof a.first.choice === 'string') {
    out.first = { choice: a.first.choice.slice(0, 40), correct: a.first.correct === true, at: time(a.first.at) };
    // An exercise part's first answer whole (the assignment may grade it, not the latest).
    if (typeof a.first.text === 'string') out.first.text = a.first.text.slice(0, TEXT_MAX);
    if (langTag(a.first.lang)) out.first.lang = a.first.lang;
  }
  if (typeof a.text === 'string') out.text = a.text.slice(0, TEXT_MAX);
  // The language of the page the text was typed on: "0,5" is one number in French, two
  // in the neutral form (settings/parse.js parseAnswer), so a grader reads it as typed.
  if (langTag(a.lang)) out.lang = a.lang;
  if (typeof a.revealed === 'boolean') out.revealed = a.revealed;
  if (Array.isArray(a.rubric)) out.rubric = a.rubric.slice(0, 50).map((x) => x === true);
  // An exercise part (pages/exercises.js): whose numbers and which variant it answered,
  // and the mistake the engine named.
  if (typeof a.student === 'string') out.student = a.student.slice(0, NAME_MAX);
  if (Number.isInteger(a.variant) && a.variant >= 1 && a.variant <= 1000) out.variant = a.variant;
  if (typeof a.mistake === 'string' && /^[a-z_]{0,40}$/.test(a.mistake)) out.mistake = a.mistake;
  // A prediction (pages/predict-box.js): locked for a run, the run's outcome, a reflection.
  if (typeof a.locked === 'boolean') out.locked = a.locked;
  for (const k of ['run', 'result']) if (typeof a[k] === 'string') out[k] = a[k].slice(0, 200);
  if (typeof a.ticket === 'string' && /^[\w-]{1,40}$/.test(a.ticket)) out.ticket = a.ticket;  // the run it is pinned to
  if (typeof a.outcome === 'string' && /^[\w-]{1,40}$/.test(a.outcome)) out.outcome = a.outcome;
  if (typeof a.reflection === 'string') out.reflection = a.reflection.slice(0, 1000);
  // The code page (pages/code.js, work/code-work.js): the draft as typed, whole; a run's
  // hidden tests passed, by name.
  if (typeof a.draft === 'string') out.draft = a.draft.slice(0, DRAFT_MAX);
  // The best attempt (grading "best", work/grading-rules.js): its text whole and when; for a
  // code run also the hidden tests it passed, its run number and which attempt it was.
  if (isObject(a.best) && typeof a.best.text === 'string') {
    out.best = { text: a.best.text.slice(0, TEXT_MAX), at: time(a.best.at) };
    if (langTag(a.best.lang)) out.best.lang = a.best.lang;
    if (Array.isArray(a.best.passed)) out.best.passed = [...new Set(a.best.passed.filter((x) => typeof x === 'string').map((x) => x.slice(0, 80)))].slice(0, 40);
    if (typeof a.best.run === 'string') out.best.run = a.best.run.slice(0, 20);
    if (Number.isInteger(a.best.attempt) && a.best.attempt >= 1) out.best.attempt = Math.min(a.best.attempt, 1e6);
    if (typeof a.best.correct === 'boolean') out.best.correct = a.best.correct;
  }
  if (Array.isArray(a.passed)) out.passed = [...new Set(a.passed.filter((x) => typeof x === 'string').map((x) => x.slice(0, 80)))].slice(0, 40);
  // Every attempt checked, in order: [what was answered (a choice, or typed text cut to
  // 40 characters), right or not, when] (recordAttempt).
  if (Array.isArray(a.log)) {
    out.log = a.log.filter((e) => Array.isArray(e) && typeof e[0] === 'string' && time(e[2]))
      .slice(-LOG_KEPT).map((e) => [e[0].slice(0, 40), e[1] === true, time(e[2])]);
  }
  return out;
}

// One race run: settings of scalar values, accuracies as numbers; otherwise dropped.
function normalizeRace(r) {
  if (!isObject(r) || !isObject(r.settings) || !time(r.at)) return null;
  const settings = {};
  for (const [k, v] of Object.entries(r.settings).slice(0, 30)) {
    if (/^\w{1,30}$/.test(k) && (typeof v === 'string' || num(v) !== null)) settings[k] = typeof v === 'string' ? v.slice(0, 40) : v;
  }
  const gru = num(r.gru), attention = num(r.attention);
  if (gru === null || attention === null) return null;
  return { at: time(r.at), settings, build: str(r.build, 40), gru, attention, wall: num(r.wall) ?? 0, stopped: r.stopped === true };
}

// Any value -> {state, dropped}: a valid state, and how many stored items were unusable.
// One attempt checked on an answer: counted, logged with its time, the first kept apart.
export function recordAttempt(a, answered, correct, at, lang = null) {
  a.checked = true;
  a.correct = correct;
  a.attempts = (a.attempts || 0) + 1;
  a.at = at;
  a.log = [...(a.log || []), [String(answered).slice(0, 40), correct, at]].slice(-LOG_KEPT);
  if (!a.first) a.first = { choice: String(answered).slice(0, 40), correct, at };  // for "grade the first answer"
  if (correct && !a.best) a.best = { text: String(answered), at, ...(lang ? { lang } : {}) };  // for "grade the best answer": the first right one, whole
}

export function normalizeState(raw) {
  const state = emptyState();
  let dropped = 0;
  if (!isObject(raw)) return { state, dropped: raw === null || raw === undefined ? 0 : 1 };
  if (isObject(raw.answers)) {
    for (const [id, a] of Object.entries(raw.answers)) {
      if (!/^[\w-]{1,40}$/.test(id) || id === '__proto__') { ++dropped; continue; }
      const n = normalizeAnswer(a);
      if (n) state.answers[id] = n; else ++dropped;
    }
  }
  if (isObject(raw.student)) {
    state.student = { name: str(raw.student.name, NAME_MAX), id: str(raw.student.id, ID_MAX), updatedAt: time(raw.student.updatedAt) };
  }
  if (Array.isArray(raw.races)) {
    for (const r of raw.races) {
      const n = normalizeRace(r);
      if (n) state.races.push(n); else ++dropped;
    }
  }
  if (isObject(raw.done)) {
    for (const [page, at] of Object.entries(raw.done).slice(0, 50)) {
      if (/^[a-z][a-z0-9-]{0,39}$/.test(page) && time(at)) state.done[page] = time(at);
    }
  }
  state.resetAt = time(raw.resetAt);
  if (isObject(raw.assignment) && typeof raw.assignment.search === 'string' && /^\?/.test(raw.assignment.search)) {
    state.assignment = { search: raw.assignment.search.slice(0, LINK_MAX), at: time(raw.assignment.at) };
  }
  state.answers = Object.assign(Object.create(null), state.answers);
  return { state, dropped };
}

// a and b merged: per answer and for the student the newer one (b's on a tie: pass
// the copy just worked on as b), the races of both (one per time and settings),
// nothing from before the later reset.
export function mergeStates(a, b) {
  const out = emptyState();
  out.resetAt = later(b.resetAt, a.resetAt) ? b.resetAt : a.resetAt;
  const fresh = (t) => !out.resetAt || later(t, out.resetAt);
  out.answers = Object.create(null);
  for (const s of [a, b]) {
    for (const [id, x] of Object.entries(s.answers)) {
      if (!fresh(x.updatedAt)) continue;
      if (!out.answers[id] || !later(out.answers[id].updatedAt, x.updatedAt)) out.answers[id] = x;
    }
  }
  const student = later(a.student.updatedAt, b.student.updatedAt) ? a.student : b.student;
  out.student = fresh(student.updatedAt) ? { ...student } : emptyState().student;
  const seen = new Map();
  for (const r of [...a.races, ...b.races]) {
    if (fresh(r.at)) seen.set(`${r.at} ${JSON.stringify(r.settings)}`, r);
  }
  out.races = [...seen.values()].sort((x, y) => (Date.parse(x.at) || 0) - (Date.parse(y.at) || 0)).slice(-RACES_KEPT);
  // The assignment link opened last, in any copy; "Start over" keeps it (it is the
  // instructor's choice, not the student's work).
  out.assignment = { ...(later(a.assignment.at, b.assignment.at) ? a.assignment : b.assignment) };
  // An activity is done from the first time it was done in any copy.
  for (const s of [a, b]) {
    for (const [page, at] of Object.entries(s.done || {})) {
      if (fresh(at) && (!out.done[page] || later(out.done[page], at))) out.done[page] = at;
    }
  }
  return out;
}

function readStored(storage) {
  try {
    return { ok: true, raw: storage.getItem(STORE_KEY) };
  } catch {
    return { ok: false, raw: null };
  }
}

// Stored text -> {state} | {unreadable: true}
function parseStored(raw) {
  if (raw === null) return { state: emptyState() };
  let parsed;
  try { parsed = JSON.parse(raw); } catch { return { unreadable: true }; }
  if (!isObject(parsed) || (parsed.version !== 1 && parsed.version !== VERSION)) return { unreadable: true };
  // The shape itself damaged (not single items): set the whole thing aside.
  if ((parsed.answers !== undefined && !isObject(parsed.answers)) || (parsed.races !== undefined && !Array.isArray(parsed.races))
    || (parsed.student !== undefined && !isObject(parsed.student))) return { unreadable: true };
  return normalizeState(parsed);
}

export function openStore(storage = safeLocalStorage(), win = typeof window === 'undefined' ? null : window) {
  const store = { state: emptyState(), persistent: Boolean(storage), problem: null, onProblem: null, onChange: null };
  const report = (text) => { store.problem = text; if (store.onProblem) store.onProblem(text); };
  if (!storage) {
    store.problem = t('store.noStorage');
  } else {
    const read = readStored(storage);
    const parsed = read.ok ? parseStored(read.raw) : { unreadable: true };
    if (!read.ok) {
      store.persistent = false;
      store.problem = t('store.cannotRead');
    } else if (parsed.unreadable) {
      const aside = `${STORE_KEY}:unreadable:${Date.now()}`;
      let setAside = false;
      try { storage.setItem(aside, read.raw); setAside = storage.getItem(aside) === read.raw; } catch { setAside = false; }
      if (setAside) {
        try { storage.removeItem(STORE_KEY); } catch { /* it stays, set aside as well */ }
        store.problem = t('store.unreadableSetAside', { key: aside });
      } else {
        // No room for a copy: leave the data where it is and do not write over it.
        store.persistent = false;
        store.problem = t('store.unreadableNoRoom');
      }
    } else {
      store.state = parsed.state;
      if (parsed.dropped) store.problem = t('store.itemsDamaged', { count: String(parsed.dropped) });
    }
  }

  // Read, merge, write: another tab's work stays.
  store.save = () => {
    if (!store.persistent) return false;
    try {
      const read = readStored(storage);
      const theirs = read.ok ? parseStored(read.raw) : { state: emptyState() };
      if (theirs.state) store.state = mergeStates(theirs.state, store.state);
      storage.setItem(STORE_KEY, JSON.stringify(store.state));
      return true;
    } catch {
      store.persistent = false;
      report(t('store.saveRefused'));
      return false;
    }
  };
  store.answer = (id) => {
    if (!store.state.answers[id]) store.state.answers[id] = { updatedAt: '' };
    return store.state.answers[id];
  };
  store.touchAnswer = (id) => {
    const a = store.answer(id);
    a.updatedAt = new Date().toISOString();
    if (!a.opened) a.opened = a.updatedAt;
  };
  store.setStudent = (fields) => {
    Object.assign(store.state.student, fields, { updatedAt: new Date().toISOString() });
    return store.save();
  };
  store.addRace = (run) => {
    const n = normalizeRace(run);
    if (n) store.state.races = [...store.state.races, n].slice(-RACES_KEPT);
    return store.save();
  };
  // A page's activity done (pages/page-kit.js markDone): kept from the first time.
  store.markDone = (page) => {
    if (store.state.done[page]) return true;
    store.state.done[page] = new Date().toISOString();
    return store.save();
  };
  // Work from elsewhere (the LMS's suspend_data): merged as another tab's would be.
  store.mergeIn = (state) => {
    store.state = mergeStates(state, store.state);  // on a tie this browser's copy (it may be the fuller one)
    store.save();
    if (store.onChange) store.onChange();
  };
  // The assignment an instructor's link chose (grading/assignment.js chosenAssignment).
  store.setAssignment = (search) => {
    store.state.assignment = { search: String(search).slice(0, LINK_MAX), at: new Date().toISOString() };
    return store.save();
  };
  store.reset = () => {
    const now = new Date().toISOString();
    store.state = { ...emptyState(), resetAt: now, assignment: store.state.assignment };
    store.save();
  };
  // Another tab saved: merge its work into ours, then let the page redraw.
  if (win && storage) {
    win.addEventListener('storage', (e) => {
      if (e.key !== STORE_KEY || e.newValue === null) return;
      const theirs = parseStored(e.newValue);
      if (!theirs.state) return;
      store.state = mergeStates(store.state, theirs.state);
      if (store.onChange) store.onChange();
    });
  }
  return store;
}

// The browser's storage if it can at least be read (a full one still holds earlier
// work; its writes fail and are reported then), else null.
function safeLocalStorage() {
  try {
    const s = window.localStorage;
    s.getItem(STORE_KEY);
    return s;
  } catch {
    return null;
  }
}

export function showStoreProblem(store, el) {
  const show = (text) => { el.textContent = text; el.hidden = !text; };
  show(store.problem || '');
  store.onProblem = show;
}
