// The gradebook: one row per student, recomputed from the evidence of their hand-ins.
//
// It trusts nothing a file claims. Records arrive through work/handin.js's allow-list;
// every check's points are recomputed from the answers with the build's own answer
// key (grading.js) and compared: a score, a per-check credit or a race requirement
// that the evidence does not give is flagged. Race runs are re-run by the instructor
// page (the lab is deterministic), see verify.js. Pure functions (no DOM): tests run
// them under Node. Its words (doubts, statuses) are in the page's language (English under
// Node); what a program reads (status, points, keys) is the same in every language.

import { exerciseRulesOf, grade, gradingOf, meetsRace } from '../work/grading-rules.js';
import { plausibleDate } from '../work/handin.js';
import { exerciseAnswers, gradedRight, gradedText, normaliseStudent } from '../work/exercise-work.js';
import { exerciseKey } from './verify-exercises.js';
import { codeKey, runNote } from './verify-code.js';
import { codeRun } from '../work/code-work.js';
import { checkLabel } from '../work/check-label.js';
import { exercisePart } from '../work/exercise-words.js';
import { localDecimal, t } from '../ui/i18n.js';

const own = (o, k) => o !== null && typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, k);

const norm = (s) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

// Names in the order localeCompare gives them, by one collator made once: localeCompare
// makes one per call (sorting a class of 200 took 40 ms on a CPU slowed twice over).
const byText = new Intl.Collator().compare;

// A number the file or the grading gives, as it is written ("0.75"), in the page's decimals
// (a whole number as it is: localDecimal asks Intl each time, too slow for every cell of a class).
const num = (x) => (/\d\.\d/.test(String(x)) ? localDecimal(String(x)) : String(x));

// A time the file gives, as the gradebook writes it: "2026-11-30T12:00:05.000Z" as
// "2026-11-30 12:00 UTC", in the CSV as on the page (where ui/unbroken.js keeps the date
// and its time on one line). Minutes are enough: a time named as after the export is more
// than EXPORT_GRACE_MS after it, so the two never show the same minute. Any other text as
// it is (a file's text, never trusted to be a date; a doubt is cut at FLAG_CHARS).
export function shownTime(iso) {
  const s = String(iso);
  const m = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d)(:\d\d(\.\d+)?)?Z$/.exec(s);
  return m ? `${m[1]} ${m[2]} UTC` : s;
}

// One gradebook row per student, recomputed from the evidence, every doubt named.
// records: sanitised; checks, assignment: the build's (its key and its grading rules).
// raceChecks: Map from race key (raceKey) to {status: 'verified'|'mismatch'|'unverifiable'|'pending', ...}.
// exerciseChecks: Map from exercise key (verify-exercises.js) to {status: 'graded', right} | {status: 'refused', message}.
// codeChecks: Map from code key (verify-code.js) to {status: 'ran', passed, total, run} | {status: 'refused', message}.
// memo: a WeakMap the caller keeps from one call to the next (records do not change once
// read): a record's row is made again only when the evidence it is graded by changed (a
// class of 200 took 35-100 ms to grade whole, on every progress report of a re-grade).
// -> {rows: [row], notes: [text]}; no record is ever dropped: a second hand-in of the
// same student is shown as superseded, never silently.
export function gradebook(records, { checks, assignment, raceChecks = new Map(), exerciseChecks = new Map(), codeChecks = new Map(), now = Date.now(), memo = null, build = null, builds = [] }) {
  const notes = [];
  const keyOf = (r, i) => (r.student.id.trim() ? `id:${norm(r.student.id)}` : r.student.name.trim() ? `name:${norm(r.student.name)}` : `file:${i}`);
  const known = new Set(checks.map((c) => c.id));
  const minute = Math.floor(now / 60000);
  const rules = exerciseRulesOf(assignment);
  const labels = new Map(checks.map((c) => [c.id, checkLabel(c)]));
  const rows = records.map((r, i) => {
    // The evidence this row is graded by: the results looked up for it (each result is a
    // new object when it changes: verify*.js never edit one) and the minute (export dates).
    const key = keyOf(r, i);
    const keys = evidenceKeys(r, memo, rules.answer, rules.code);
    const evidence = [minute, ...keys.exercises.map((k) => exerciseChecks.get(k)), codeChecks.get(keys.code), ...keys.races.map((k) => raceChecks.get(k))];
    const kept = memo && memo.get(r);
    if (kept && kept.evidence.length === evidence.length && kept.evidence.every((x, k) => x === evidence[k])) {
      return { ...kept.row, key, flags: [...kept.row.flags] };
    }
    const row = gradeRecord(r);
    if (memo) memo.set(r, { keys, evidence, row: { ...row, flags: [...row.flags] } });
    return { ...row, key };
  });
  function gradeRecord(r) {
    const flags = [];
    const assigned = r.assignment.checks.filter((id) => known.has(id));
    const unknown = r.assignment.checks.filter((id) => !known.has(id));
    if (unknown.length) flags.push(t('gradebook.unknownChecks', { ids: unknown.slice(0, 3).join(', ') }));
    // Exercises by the engine's grading again (for this name and the assigned variant),
    // weighed by the build's assignment; never by the verdicts the file holds.
    const { variant } = rules;
    const ex = exerciseCredit(r, exerciseChecks, rules, flags);
    const code = codeCredit(r, codeChecks, variant, flags, rules.code);
    if (code.right !== null) ex.rightParts.code = code.right;
    ex.pending += code.pending;
    const g = grade(r.answers, checks, { checks: assigned, grading: gradingOf(assignment), exercises: assignment.exercises },
      { student: r.student.name, rightParts: ex.rightParts });
    if (r.claimed.points !== null && !ex.pending && Math.abs(r.claimed.points - g.points) > 0.005) {
      flags.push(t('gradebook.pointsEdited', { claimed: num(r.claimed.points), points: num(g.points) }));
    }
    for (const id of assigned) {
      if (own(r.claimed.perCheck, id) && own(g.perCheck, id) && Math.abs(r.claimed.perCheck[id] - g.perCheck[id]) > 0.005) {
        flags.push(t('gradebook.checkEdited', { label: labels.get(id), claimed: num(r.claimed.perCheck[id]), points: num(g.perCheck[id]) }));
      }
    }
    if (r.dropped) flags.push(t('gradebook.dropped', { count: r.dropped, n: String(r.dropped) }));
    const date = plausibleDate(r.exportedAt, now);
    if (!date.ok) flags.push(t('gradebook.badDate', { date: r.exportedAt.slice(0, 30), why: date.why }));
    else flags.push(...datesAfterExport(r, date.time, labels));
    // Races are the same in every build's browsers, not across builds: say which was used.
    // (builds: the engines of other builds the grader had at hand, which graded their hand-ins.)
    if (build && r.build && r.build.engine !== build.engine && !builds.includes(r.build.engine)) {
      flags.push(t('gradebook.otherBuild', { version: r.build.version || t('gradebook.unknownVersion'), engine: r.build.engine, ours: build.engine }));
    }
    // The race requirement by the runs the instructor page re-ran: claimed is not enough.
    const required = assignment.race && assignment.race.required ? assignment.race.required : {};
    const candidates = r.races.filter((run) => meetsRace([run], required));
    const states = candidates.map((run) => (raceChecks.get(raceKey(run)) || { status: 'pending' }).status);
    const verified = candidates.some((run) => {
      const c = raceChecks.get(raceKey(run));
      return c && c.status === 'verified' && c.matches(run);
    });
    let race;  // 'none' | 'done' | 'notDone' | 'checking' | 'notVerified', in words below
    if (Object.keys(required).length === 0) race = 'none';
    else if (verified) race = 'done';
    else if (candidates.length === 0) race = 'notDone';
    else if (states.includes('pending')) race = 'checking';
    else race = 'notVerified';
    for (const run of r.races) {
      const c = raceChecks.get(raceKey(run));
      if (c && c.status === 'verified' && !c.matches(run)) {
        flags.push(t('gradebook.raceEdited', { at: shownTime(run.at), gru: num(run.gru), attention: num(run.attention), rerunGru: num(c.gru), rerunAttention: num(c.attention) }));
      }
      if (c && (['refused', 'unchecked'].includes(c.status) || (c.status === 'unverifiable' && meetsRace([run], required)))) {
        flags.push(t('gradebook.raceNotVerified', { at: shownTime(run.at), why: c.message }));
      }
    }
    if (r.claimed.raceRequirementMet && !verified && Object.keys(required).length && race !== 'checking') {
      flags.push(t('gradebook.raceClaimed'));
    }
    flags.push(...attemptDoubts(r, labels));
    return {
      record: r, student: r.student, exportedAt: r.exportedAt, time: date.ok ? date.time : -Infinity,
      points: g.points, max: g.max, pending: ex.pending > 0, perCheck: g.perCheck, selfAssessed: g.selfAssessed, exerciseCredit: g.exercises, race: t('gradebook.race', { race }), exercises: ex.text, exercisesRight: ex.right, code: code.text, codePassed: code.right,
      flags: capFlags(flags), status: 'kept',
    };
  }
  // The same student twice: the later export is kept, the other shown as superseded.
  const byKey = new Map();
  for (const row of rows) {
    const prev = byKey.get(row.key);
    if (!prev) { byKey.set(row.key, row); continue; }
    const [keep, drop] = row.time > prev.time ? [row, prev] : [prev, row];
    drop.status = 'superseded';
    drop.flags.push(t('gradebook.superseded', { at: shownTime(keep.exportedAt) }));
    notes.push(t('gradebook.twoHandins', { who: keep.student.name || keep.student.id, at: shownTime(keep.exportedAt) }));
    byKey.set(row.key, keep);
  }
  // Possible duplicates: the same name under different keys (e.g. with and without an ID).
  const byName = new Map();
  for (const row of rows.filter((x) => x.status === 'kept' && x.student.name.trim())) {
    const n = norm(row.student.name);
    byName.set(n, [...(byName.get(n) || []), row]);
  }
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    const ids = group.map((x) => x.student.id || t('gradebook.noId')).join(', ');
    for (const row of group) row.flags.push(t('gradebook.duplicate', { count: String(group.length), ids }));
    notes.push(t('gradebook.sameName', { name: group[0].student.name, count: String(group.length) }));
  }
  for (const row of rows) if (!row.student.name.trim() && !row.student.id.trim()) row.flags.push(t('gradebook.noNameNoId'));
  rows.sort((a, b) => byText(a.student.name, b.student.name) || byText(a.student.id, b.student.id) || a.time - b.time);
  return { rows, notes };
}

// The keys a record's results are found under in the re-grading maps, made once per record.
function evidenceKeys(r, memo, which, codeWhich) {
  const kept = memo && memo.get(r);
  if (kept) return kept.keys;
  const run = codeRun(r.answers, codeWhich);
  return {
    exercises: exerciseAnswers(r.answers).filter((e) => e.answer.checked).map((e) => exerciseKey(r, e, gradedText(e.answer, which))),
    code: run ? codeKey(r, run) : '',
    races: r.races.map(raceKey),
  };
}

// What does not add up in a hand-in's attempt logs (format 3 on; older files have none):
// a checked answer with no attempt logged, attempts out of time order, more attempts
// logged than counted, a last attempt that is not the answer kept or its verdict.
export function attemptDoubts(r, labels = new Map()) {
  if (!(r.version >= 3)) return [];
  const out = [];
  for (const [id, a] of Object.entries(r.answers)) {
    if (!a.checked) continue;
    const what = whatIs(id, labels);
    const log = a.log || [];
    if (!log.length) { out.push(t('gradebook.noAttemptLogged', { what })); continue; }
    if (log.some((e, i) => i > 0 && Date.parse(e[2]) < Date.parse(log[i - 1][2]))) out.push(t('gradebook.attemptsOutOfOrder', { what }));
    if (Number.isInteger(a.attempts) && a.attempts < log.length) out.push(t('gradebook.attemptsCounted', { what, logged: String(log.length), counted: String(a.attempts) }));
    const [answered, right] = log[log.length - 1];
    const kept = a.choice !== undefined ? a.choice : (a.text || '').slice(0, 40);
    if (answered !== kept || right !== (a.correct === true)) out.push(t('gradebook.lastAttemptDiffers', { what }));
  }
  return out.slice(0, 10);
}

// An answer's key in words: a check by its number, an exercise part by kind and part.
const whatIs = (id, labels) => {
  const m = /^ex-(.+?)--(.+)$/.exec(id);
  return labels.has(id) ? labels.get(id) : m ? exercisePart(m[1], m[2]) : id;
};

// Times in a hand-in later than its own export (a minute's grace for a clock read twice):
// work cannot be done after the file holding it was made, so the dates were edited (or
// the student's clock jumped). -> doubts, one line per answer or race, at most 5.
export const EXPORT_GRACE_MS = 60 * 1000;
export function datesAfterExport(r, exported, labels = new Map()) {
  const limit = exported + EXPORT_GRACE_MS;
  const late = (at) => typeof at === 'string' && at !== '' && Date.parse(at) > limit;
  const out = [];
  const shownExport = shownTime(new Date(exported).toISOString());
  for (const [id, a] of Object.entries(r.answers)) {
    const times = [a.updatedAt, a.at, a.opened, a.first && a.first.at, ...(Array.isArray(a.log) ? a.log.map((e) => e[2]) : [])].filter(late);
    if (times.length) out.push(t('gradebook.datedAfter', { what: whatIs(id, labels), at: shownTime(times.sort()[times.length - 1]), exported: shownExport }));
  }
  for (const run of r.races) if (late(run.at)) out.push(t('gradebook.raceDatedAfter', { at: shownTime(run.at), exported: shownExport }));
  return out.length > 5 ? [...out.slice(0, 5), t('gradebook.moreDatedAfter', { count: out.length - 5, n: String(out.length - 5) })] : out;
}

// What a row shows of its doubts: each at most FLAG_CHARS characters, at most MAX_FLAGS of
// them (a hostile file can name many, or long ones: the table and the CSV stay readable).
export const FLAG_CHARS = 300, MAX_FLAGS = 25;
export function capFlags(flags) {
  const cut = flags.map((f) => (f.length > FLAG_CHARS ? `${f.slice(0, FLAG_CHARS - 1)}…` : f));
  return cut.length > MAX_FLAGS ? [...cut.slice(0, MAX_FLAGS - 1), t('gradebook.moreDoubts', { count: cut.length - MAX_FLAGS + 1, n: String(cut.length - MAX_FLAGS + 1) })] : cut;
}

// A hand-in's exercise parts as the engine grades them again from its name: the parts
// right per kind for the assigned variant (rightParts, for the score), the parts right in
// all, a text for the table ("3 of 5 parts right", "checking…", "none"), and pending (parts
// not graded yet). Each part by its graded answer: the latest or the first (rules.answer).
function exerciseCredit(r, exerciseChecks, { variant, answer: which }, flags) {
  const answered = exerciseAnswers(r.answers).filter((e) => e.answer.checked);
  let right = 0, pending = 0, stopped = 0;
  const others = new Set(), otherVariants = new Set();
  const rightParts = Object.create(null);
  for (const e of answered) {
    const c = exerciseChecks.get(exerciseKey(r, e, gradedText(e.answer, which)));
    if (normaliseStudent(e.answer.student || '') !== normaliseStudent(r.student.name)) others.add(e.answer.student || t('gradebook.noName'));
    const v = e.answer.variant || 1;
    if (v !== variant) otherVariants.add(v);
    if (!c) { ++pending; continue; }
    if (c.status === 'stopped') { ++stopped; continue; }
    if (c.status !== 'graded') { flags.push(t('gradebook.partNotGraded', { part: exercisePart(e.kind, e.part), why: c.message })); continue; }
    if (c.right) {
      ++right;
      if (v === variant) rightParts[e.kind] = (rightParts[e.kind] || 0) + 1;
    } else if (gradedRight(e.answer, which)) {
      flags.push(t('gradebook.partNotRight', { part: exercisePart(e.kind, e.part), first: which === 'first' ? 'yes' : 'no' }));
    }
  }
  if (others.size) flags.push(t('gradebook.otherName', { names: [...others].slice(0, 3).map((n) => t('gradebook.quoted', { text: n.slice(0, 40) })).join(', ') }));
  if (otherVariants.size) flags.push(t('gradebook.otherVariant', { variants: [...otherVariants].slice(0, 3).join(', '), variant: String(variant) }));
  if (stopped) flags.push(t('gradebook.partsStopped', { count: stopped, n: String(stopped) }));
  const n = answered.length;
  const text = pending ? t('gradebook.checking') : n ? t('gradebook.partsRight', { right: String(right), count: n, n: String(n), first: which === 'first' ? 'yes' : 'no', stopped: String(stopped), anyStopped: stopped ? 'yes' : 'no' }) : t('gradebook.noParts');
  return { right, rightParts, pending, text };
}

// A hand-in's code as the sandbox runs it again on the tests of the hand-in's name: the
// tests passed (for the score, when the run's variant is the assigned one), a text for the
// table ("9 of 11 tests pass (run again)", "running…", "none"), and pending.
function codeCredit(r, codeChecks, variant, flags, which) {
  const run = codeRun(r.answers, which);  // the counted run: best or last (grading.codeRun)
  if (!run) return { right: null, pending: 0, text: t('gradebook.noCode') };
  const c = codeChecks.get(codeKey(r, run));
  if (!c) return { right: null, pending: 1, text: t('gradebook.codeRunning') };
  if (c.status === 'stopped') {
    flags.push(t('gradebook.codeStopped'));
    return { right: null, pending: 0, text: t('gradebook.codeStoppedShort') };
  }
  if (c.status !== 'ran') { flags.push(t('gradebook.codeNotRun', { why: c.message })); return { right: null, pending: 0, text: t('gradebook.codeNotRunShort') }; }
  const claimed = (run.passed || []).length;
  if (claimed !== c.passed.length) flags.push(t('gradebook.codeEdited', { claimed: String(claimed), passed: String(c.passed.length) }));
  if ((run.variant || 1) !== variant) flags.push(t('gradebook.codeOtherVariant', { got: String(run.variant), variant: String(variant) }));
  const why = runNote(c.run);
  return { right: (run.variant || 1) === variant ? c.passed.length : null, pending: 0, text: t('gradebook.codePasses', { passed: String(c.passed.length), total: String(c.total), why }) };
}

// A race run's identity for re-running: its settings, in a fixed key order.
export function raceKey(run) {
  const settings = Object.keys(run.settings).sort().map((k) => [k, run.settings[k]]);
  // A run whose hand-in names its engine is its engine's: another build may give other numbers.
  return JSON.stringify(run.engine ? { engine: run.engine, settings } : settings);
}

// CSV with a header (an exercise kind's column: its points, empty while being checked); every field quoted, formula-leading characters neutralised
// (a name like "=HYPERLINK(...)" must not run in a spreadsheet). Columns of checks
// are the build's assignment's, so nothing a file names becomes a column; each is headed
// by the check's number (check-label.js), in number order, when checks are given.
export function toCsv(rows, assignment, checks = []) {
  const byId = new Map(checks.map((c) => [c.id, c]));
  const number = (id) => (byId.has(id) && byId.get(id).number) || 0;
  const checkIds = [...assignment.checks].sort((a, b) => number(a) - number(b));
  const head = (id) => (byId.has(id) ? checkLabel(byId.get(id)) : id);
  const kinds = exerciseRulesOf(assignment).kinds.map((k) => k.kind);
  const header = ['name', 'student_id', 'id_from', 'score', 'max', ...checkIds.map(head), ...checkIds.map((id) => `${head(id)}_self_assessed`),
    ...kinds.map((k) => `exercise_${k}`), 'required_race', 'exercise_parts_right', 'code_tests_passed', 'exported_at', 'status', 'flags'];
  const cell = (v) => {
    let s = String(v ?? '');
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return `"${s.replace(/"/g, '""')}"`;
  };
  const lines = [header.map(cell).join(',')];
  for (const r of rows) {
    lines.push([r.student.name, r.student.id, r.student.source, r.points, r.max,
      ...checkIds.map((id) => (own(r.perCheck, id) ? r.perCheck[id] : '')),
      ...checkIds.map((id) => (own(r.selfAssessed, id) ? r.selfAssessed[id] : '')),
      ...kinds.map((k) => (r.pending ? '' : own(r.exerciseCredit, k) ? r.exerciseCredit[k].credit : '')),
      r.race, r.exercisesRight, r.codePassed ?? '', r.exportedAt, r.status, r.flags.join('; ')].map(cell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
