// One SCORM 1.2 session per launch. The LMS launches the package's launch page
// (scorm-launch.js), which finds the LMS's API once, initialises once, frames the
// lab's pages, and finishes once when the student leaves the activity. The pages in
// the frame never call the LMS: they find this session on their parent window
// (lms.js) and hand it the student's work after every change.
//
// What the LMS gets (SCORM 1.2 Run-Time Environment, 3.4):
//   cmi.core.score.raw / min / max  the automatically graded checks, in percent
//                                   (self-assessed answers only when the assignment says so)
//   cmi.core.lesson_status          "completed" once every assigned check is answered and
//                                   every required race was run to the end, else "incomplete"
//   cmi.suspend_data                all the work (suspend.js), restored on the next launch
//   cmi.core.exit                   "suspend" while work remains, else ""
//   cmi.core.session_time           this launch's length
// and the session reads cmi.core.entry, cmi.suspend_data, cmi.core.student_name and
// cmi.core.student_id. Every call is guarded: an LMS that answers "false" or throws
// gets a notice in words, and the work stays in the browser.
import { grade, lessonStatus } from '../grading/grading.js';
import { decodeSuspend, encodeSuspend } from './suspend.js';

// SCORM 1.2 API discovery (RTE 3.3.6.1): the window chain above us, then the opener's.
export function findApi(win) {
  const search = (start) => {
    for (let w = start, hops = 0; w && hops < 10; ++hops) {
      try {
        if (w.API && typeof w.API.LMSInitialize === 'function') return w.API;
      } catch { /* a cross-origin frame: keep looking */ }
      if (!w.parent || w.parent === w) break;
      w = w.parent;
    }
    return null;
  };
  let api = search(win);
  if (!api) {
    try { if (win.opener && win.opener !== win) api = search(win.opener); } catch { api = null; }
  }
  return api;
}

// "HHHH:MM:SS.SS", SCORM 1.2's CMITimespan.
export function timespan(ms) {
  const s = Math.max(0, ms) / 1000;
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  return `${String(h).padStart(4, '0')}:${String(m).padStart(2, '0')}:${sec.toFixed(2).padStart(5, '0')}`;
}

export class LabSession {
  // api: the LMS's SCORM 1.2 API object; content: {checks, assignment}.
  constructor(api, content, { now = () => Date.now(), setAside = () => false } = {}) {
    this.api = api;
    this.content = content;
    this.now = now;
    this.setAside = setAside;
    this.notices = [];
    this.listeners = new Set();
    this.state = 'new';     // new -> running -> finished
    this.student = null;    // {name, id} from the LMS
    this.resumed = null;    // the work from suspend_data, when entry is "resume"
    this.suspendWritable = true;
    this.started = now();
    this.last = { status: '', raw: '', suspend: '' };
  }

  notice(text) {
    if (this.notices.includes(text)) return;
    this.notices.push(text);
    for (const f of this.listeners) f(text);
  }

  call(name, ...args) {
    let result;
    try {
      result = this.api[name](...args);
    } catch (err) {
      this.notice(`The course site failed when the lab called ${name} (${String(err && err.message || err).slice(0, 120)}). Your work is kept in this browser.`);
      return null;
    }
    if (name !== 'LMSGetValue' && String(result) !== 'true') {
      let code = '', text = '';
      try { code = String(this.api.LMSGetLastError()); text = String(this.api.LMSGetErrorString(code)); } catch { /* nothing more to say */ }
      this.notice(`The course site did not accept ${name}${args[0] && name === 'LMSSetValue' ? ` of ${args[0]}` : ''} (error ${code || '?'}${text ? `: ${text}` : ''}). Your work is kept in this browser.`);
      return null;
    }
    return result;
  }

  get(key) {
    const v = this.call('LMSGetValue', key);
    return typeof v === 'string' ? v : '';
  }

  start() {
    if (this.state !== 'new') return;
    this.state = 'running';
    if (this.call('LMSInitialize', '') === null) return;
    const name = this.get('cmi.core.student_name'), id = this.get('cmi.core.student_id');
    if (name || id) this.student = { name: name.slice(0, 200), id: id.slice(0, 100) };
    // "resume": the last launch exited with "suspend"; "ab-initio": a first launch.
    const entry = this.get('cmi.core.entry');
    if (entry === 'ab-initio') return;
    const saved = this.get('cmi.suspend_data');
    const d = decodeSuspend(saved);
    if (d.reason === 'empty') {
      if (entry === 'resume') this.notice('The course site has no saved copy of your work yet: you continue from what this browser has.');
      return;
    }
    if (d.ok) {
      this.resumed = d.state;
      if (d.omittedRaces) this.notice(`The course site's copy of your work had no room for ${d.omittedRaces} older race run(s); they are in the browser where you ran them, and in its download.`);
      if (d.shortened.length) this.notice(`The course site's copy of your written answer to ${d.shortened.join(', ').toUpperCase()} was shortened to fit; the full text is in the browser where you wrote it.`);
    } else if (d.reason === 'newer') {
      this.suspendWritable = false;  // leave it for the version that wrote it
      this.notice(`Your work saved on the course site ${d.message.replace('the saved copy was', 'was')}: it was left untouched, and this page keeps your work in this browser only.`);
    } else if (d.reason === 'damaged') {
      const where = this.setAside(saved);
      this.notice(`Your work saved on the course site could not be read (it is damaged)${where ? `; a copy was set aside in this browser under "${where}"` : ''}. You continue from what this browser has.`);
    }
  }

  onNotice(f) { this.listeners.add(f); }

  // Whose exercise numbers count: the LMS's name for the student (the hand-in's), else the typed one.
  studentName(state) { return this.student && this.student.name ? this.student.name : state.student.name; }

  // The student's whole work, after any change on any page: score, status, suspend_data.
  update(state) {
    if (this.state !== 'running') return;
    const { checks, assignment } = this.content;
    const student = this.studentName(state);
    const g = grade(state.answers, checks, assignment, { student });
    const raw = String(Math.round((100 * g.points) / Math.max(1, g.max)));
    const status = lessonStatus(state, checks, assignment, { student });
    if (raw !== this.last.raw) {
      this.call('LMSSetValue', 'cmi.core.score.min', '0');
      this.call('LMSSetValue', 'cmi.core.score.max', '100');
      this.call('LMSSetValue', 'cmi.core.score.raw', raw);
      this.last.raw = raw;
    }
    if (status !== this.last.status) {
      this.call('LMSSetValue', 'cmi.core.lesson_status', status);
      this.last.status = status;
    }
    if (this.suspendWritable) {
      const s = encodeSuspend(state);
      if (s.text !== this.last.suspend) {
        this.call('LMSSetValue', 'cmi.suspend_data', s.text);
        this.last.suspend = s.text;
        if (s.omittedRaces) this.notice(`The course site keeps at most 4,096 characters of your work: ${s.omittedRaces} older race run(s) are not in its copy (they are in this browser and in "Download my work").`);
      }
    }
    this.call('LMSSetValue', 'cmi.core.exit', status === 'completed' ? '' : 'suspend');
    // Commit at most once a second while the student types; finish() commits the rest.
    if (!this.commitTimer) {
      this.commitTimer = setTimeout(() => { this.commitTimer = null; if (this.state === 'running') this.call('LMSCommit', ''); }, 1000);
    }
  }

  finish() {
    if (this.state !== 'running') return;
    this.state = 'finished';
    clearTimeout(this.commitTimer);
    this.call('LMSSetValue', 'cmi.core.session_time', timespan(this.now() - this.started));
    this.call('LMSCommit', '');
    this.call('LMSFinish', '');
  }
}
