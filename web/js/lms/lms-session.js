// One SCORM session per launch, SCORM 1.2 or 2004 alike. The LMS launches the package's
// launch page (scorm-launch.js), which finds the LMS's API once, initialises once, frames
// the lab's pages, and finishes once when the student leaves the activity. The pages in
// the frame never call the LMS: they find this session on their parent window (lms.js)
// and hand it the student's work after every change.
//
// The session works out the facts once; an adapter (scorm-versions.js) names them in its
// standard's data model:
//   score               the automatically graded checks and the weighed exercises, in
//                       percent and 0..1 (self-assessed answers only when the assignment says
//                       so); in 2004 the 0..1 score only once every assigned check is answered
//   completion          "completed" once every assigned check is answered and every
//                       required race was run to the end, else "incomplete"
//   success (2004)      "passed" / "failed" by the mastery score (the LMS's
//                       cmi.scaled_passing_score, else content/assignment.json's
//                       lms.masteryScore) once every assigned check is answered, else "unknown"
//   suspend_data        all the work (suspend.js), restored on the next launch
//   exit                "suspend", so the next launch resumes the attempt with the work, even
//                       once the lab is complete; the normal exit, which ends the attempt,
//                       only when the student presses "Finish and hand in" (finish({handIn}))
//   session time        this launch's length
//   interactions        2004: one record per question answered, rewritten in place when its
//                       answer changes, with its description and correct response
//                       (interactionsOf); 1.2 (write-only records): a new record each time an
//                       answer differs from what the LMS last got (journal12)
// and it reads the entry, the saved work and the learner's name and ID. Every call is
// guarded: an LMS that answers "false" or throws gets a notice in words, and the work
// stays in the browser.
import { grade, lessonStatus } from '../work/grading-rules.js';
import { decodeSuspend, encodeSuspend } from './suspend.js';
import { interactionsOf, journal12, SCORM12 } from './scorm-versions.js';
import { checkLabel } from '../work/check-label.js';
import { pageLanguage, t } from '../ui/i18n.js';

export { findApi, timespan } from './scorm-versions.js';

// 64000 -> "64,000" (in French "64 000", as Intl writes it)
const count = (n) => (pageLanguage() === 'en' ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : new Intl.NumberFormat(pageLanguage()).format(n));

export class LabSession {
  // api: the LMS's API object; content: {checks, assignment}; adapter: SCORM12 or SCORM2004
  // (findApi gives the one that goes with api).
  constructor(api, content, { now = () => Date.now(), setAside = () => false, adapter = SCORM12 } = {}) {
    this.api = api;
    this.content = content;
    this.now = now;
    this.setAside = setAside;
    this.adapter = adapter;
    this.notices = [];
    this.listeners = new Set();
    this.state = 'new';     // new -> running -> finished
    this.student = null;    // {name, id} from the LMS
    this.resumed = null;    // the work from suspend_data, when entry is "resume"
    this.handedIn = false;  // finished by the student's "Finish and hand in"
    this.suspendWritable = true;
    this.started = now();
    this.mastery = null;    // the scaled score that passes, or null
    this.written = new Map();       // key -> the value last written, so only changes are sent
    this.lastSuspend = '';
    this.interactions = new Map();  // question id -> {index, fields last written} (2004)
    this.journaled = new Map();     // question id -> the response and result the LMS last got (1.2)
    this.nextInteraction = 0;
  }

  notice(text) {
    if (this.notices.includes(text)) return;
    this.notices.push(text);
    for (const f of this.listeners) f(text);
  }

  call(name, ...args) {
    const { fn } = this.adapter;
    let result;
    try {
      result = this.api[name](...args);
    } catch (err) {
      this.notice(t('lms.callFailed', { call: name, error: String(err && err.message || err).slice(0, 120) }));
      return null;
    }
    if (name !== fn.get && String(result) !== 'true') {
      let code = '', text = '';
      try { code = String(this.api[fn.error]()); text = String(this.api[fn.errorText](code)); } catch { /* nothing more to say */ }
      const withKey = Boolean(args[0] && name === fn.set);
      this.notice(t('lms.notAccepted', { call: name, withKey: withKey ? 'yes' : 'no', key: withKey ? String(args[0]) : '', code: code || '?', withText: text ? 'yes' : 'no', text }));
      return null;
    }
    return result;
  }

  get(key) {
    const v = this.call(this.adapter.fn.get, key);
    return typeof v === 'string' ? v : '';
  }

  set(key, value) { this.call(this.adapter.fn.set, key, value); }

  // A value, unless the LMS already has it from this session.
  setChanged(key, value) {
    if (this.written.get(key) === value) return;
    this.set(key, value);
    this.written.set(key, value);
  }

  start() {
    if (this.state !== 'new') return;
    this.state = 'running';
    const { fn, keys } = this.adapter;
    if (this.call(fn.init, '') === null) return;
    // A 2004 learner_name may start with a language tag, "{lang=en}".
    const name = this.get(keys.name).replace(/^\{lang=[^}]*\}/, ''), id = this.get(keys.id);
    if (name || id) this.student = { name: name.slice(0, 200), id: id.slice(0, 100) };
    if (keys.passing) {
      const p = this.get(keys.passing);
      this.mastery = p !== '' && Number(p) >= -1 && Number(p) <= 1 ? Number(p) : null;
    }
    if (this.mastery === null) {
      const lms = this.content.assignment.lms;
      this.mastery = lms && Number.isFinite(lms.masteryScore) ? lms.masteryScore : null;
    }
    // 1.2's journal goes on after the records already there.
    if (this.adapter.interactions === 'journal') {
      this.nextInteraction = Number.parseInt(this.get('cmi.interactions._count'), 10) || 0;
    }
    // Records from earlier launches keep their index; only their answer may change.
    if (this.adapter.interactions === 'records') {
      const n = Number.parseInt(this.get('cmi.interactions._count'), 10) || 0;
      for (let i = 0; i < n; ++i) {
        const qid = this.get(`cmi.interactions.${i}.id`);
        if (qid) this.interactions.set(qid, { index: i, fields: { timestamp: true, latency: true } });
      }
      this.nextInteraction = n;
    }
    // "resume": the last launch exited with "suspend"; "ab-initio": a first launch.
    const entry = this.get(keys.entry);
    if (!this.adapter.resumes(entry)) return;
    const saved = this.get(keys.suspend);
    const d = decodeSuspend(saved);
    if (d.reason === 'empty') {
      if (entry === 'resume') this.notice(t('lms.noSavedCopy'));
      return;
    }
    if (d.ok) {
      this.resumed = d.state;
      // What the last launch journaled: the answers it ended with.
      if (this.adapter.interactions === 'journal') {
        const { checks, assignment } = this.content;
        for (const r of interactionsOf(d.state, checks, assignment, this.studentName(d.state))) this.journaled.set(r.id, `${r.response}\n${r.result}`);
      }
      if (d.omittedRaces) this.notice(t('lms.racesOmittedResumed', { count: String(d.omittedRaces) }));
      if (d.shortened.length) {
        // Each answer by the check's number, as every page names it (work/check-label.js).
        const named = d.shortened.map((id) => { const c = this.content.checks.find((x) => x.id === id); return c ? checkLabel(c) : id; });
        this.notice(t('lms.answersShortened', { checks: named.join(', ') }));
      }
    } else if (d.reason === 'newer') {
      this.suspendWritable = false;  // leave it for the version that wrote it
      this.notice(t('lms.suspendNewer', { format: String(d.format) }));
    } else if (d.reason === 'damaged') {
      const where = this.setAside(saved);
      this.notice(where ? t('lms.suspendDamagedSetAside', { key: where }) : t('lms.suspendDamaged'));
    }
  }

  onNotice(f) { this.listeners.add(f); }

  // Whose exercise numbers count: the LMS's name for the student (the hand-in's), else the typed one.
  studentName(state) { return this.student && this.student.name ? this.student.name : state.student.name; }

  // What the LMS is told, in no standard's words (the adapter's report names them).
  facts(state) {
    const { checks, assignment } = this.content;
    const student = this.studentName(state);
    const g = grade(state.answers, checks, assignment, { student });
    const share = g.points / Math.max(1, g.max);
    const scaled = Math.round(share * 10000) / 10000;
    const allChecks = assignment.checks.every((id) => g.answered[id]);
    return {
      raw: String(Math.round(100 * share)),
      scaled: String(scaled),
      status: lessonStatus(state, checks, assignment, { student }),
      allChecks,
      // By the scaled score as sent, as the LMS itself would judge it.
      success: this.mastery === null || !allChecks ? 'unknown' : scaled >= this.mastery ? 'passed' : 'failed',
    };
  }

  // The student's whole work, after any change on any page: score, status, suspend_data, interactions.
  update(state) {
    if (this.state !== 'running') return;
    for (const [key, value] of this.adapter.report(this.facts(state))) this.setChanged(key, value);
    this.setChanged(this.adapter.exit.key, this.adapter.exit.suspend);
    if (this.suspendWritable) {
      const s = encodeSuspend(state, this.adapter.suspendMax);
      if (s.text !== this.lastSuspend) {
        this.set(this.adapter.keys.suspend, s.text);
        this.lastSuspend = s.text;
        if (s.omittedRaces) this.notice(t('lms.racesOmitted', { max: count(this.adapter.suspendMax), count: String(s.omittedRaces) }));
      }
    }
    if (this.adapter.interactions === 'records') this.writeInteractions(state);
    if (this.adapter.interactions === 'journal') this.journalInteractions(state);
    // Commit at most once a second while the student types; finish() commits the rest.
    if (!this.commitTimer) {
      this.commitTimer = setTimeout(() => { this.commitTimer = null; if (this.state === 'running') this.call(this.adapter.fn.commit, ''); }, 1000);
    }
  }

  // One cmi.interactions record per question, at the index it got first: a changed answer
  // rewrites its own record. The opening time and latency, once sent, stay. The type goes
  // before the correct response (a runtime checks the pattern against the type).
  writeInteractions(state) {
    const { checks, assignment } = this.content;
    for (const r of interactionsOf(state, checks, assignment, this.studentName(state))) {
      let known = this.interactions.get(r.id);
      if (!known) {
        known = { index: this.nextInteraction++, fields: {} };
        this.interactions.set(r.id, known);
        this.set(`cmi.interactions.${known.index}.id`, r.id);
      }
      const values = {
        type: r.type, description: r.description, 'correct_responses.0.pattern': r.correct,
        timestamp: r.timestamp, learner_response: r.response, result: r.result, latency: r.latency,
      };
      for (const [field, value] of Object.entries(values)) {
        const before = known.fields[field];
        if (!value || before === value || ((field === 'timestamp' || field === 'latency') && before)) continue;
        this.set(`cmi.interactions.${known.index}.${field}`, value);
        known.fields[field] = value;
      }
    }
  }

  // SCORM 1.2: a new record for each question whose answer or result is not the one the
  // LMS last got, in this launch or (from suspend_data) the last.
  journalInteractions(state) {
    const { checks, assignment } = this.content;
    for (const r of interactionsOf(state, checks, assignment, this.studentName(state))) {
      const key = `${r.response}\n${r.result}`;
      const fields = this.journaled.get(r.id) === key ? null : journal12(r);
      if (!fields) continue;
      const n = this.nextInteraction++;
      for (const [field, value] of fields) this.set(`cmi.interactions.${n}.${field}`, value);
      this.journaled.set(r.id, key);
    }
  }

  // Leaving: the LMS closed the activity (exit stays "suspend"), or handIn: the student
  // pressed "Finish and hand in" and confirmed that the attempt ends (the normal exit).
  finish({ handIn = false } = {}) {
    if (this.state !== 'running') return;
    this.state = 'finished';
    clearTimeout(this.commitTimer);
    const { fn, keys } = this.adapter;
    this.setChanged(this.adapter.exit.key, handIn ? this.adapter.exit.normal : this.adapter.exit.suspend);
    this.handedIn = handIn;
    this.set(keys.time, this.adapter.timespan(this.now() - this.started));
    this.call(fn.commit, '');
    this.call(fn.finish, '');
  }
}
