// The hand-in file: a plain-text summary a person can read, followed by the same
// facts as JSON between two marker lines, which the instructor page reads.
// Pure functions (no DOM): tests run them under Node.
export const FORMAT = 'attention-lab-handin';
export const VERSION = 1;
export const BEGIN = '-----BEGIN ATTENTION LAB DATA-----';
export const END = '-----END ATTENTION LAB DATA-----';
export const MAX_BYTES = 2 * 1024 * 1024;

// Credit per assigned check: 1 for a choice whose latest check was right, the
// share of rubric points ticked for a short answer (self-assessed), else 0.
export function scoreOf(state, checks, assignedIds) {
  const byId = Object.fromEntries(checks.map((c) => [c.id, c]));
  const perCheck = {};
  for (const id of assignedIds) {
    const a = state.answers[id], c = byId[id];
    if (!a || !c) perCheck[id] = 0;
    else if (c.kind === 'choice') perCheck[id] = a.checked && a.correct ? 1 : 0;
    else perCheck[id] = a.revealed && Array.isArray(a.rubric) ? a.rubric.filter(Boolean).length / c.rubric.length : 0;
  }
  const points = Object.values(perCheck).reduce((s, x) => s + x, 0);
  return { points: Math.round(points * 100) / 100, max: assignedIds.length, perCheck };
}

// Did a finished race use every required setting?
export function meetsRace(races, required) {
  const keys = Object.keys(required || {});
  if (keys.length === 0) return true;
  return races.some((r) => !r.stopped && keys.every((k) => String(r.settings[k]) === String(required[k])));
}

export function buildHandin({ state, checks, assignment, now = new Date() }) {
  const assigned = assignment.checks;
  const score = scoreOf(state, checks, assigned);
  const required = (assignment.race && assignment.race.required) || {};
  const record = {
    format: FORMAT, version: VERSION, exportedAt: now.toISOString(),
    student: { name: state.student.name || '', id: state.student.id || '' },
    assignment: { title: assignment.title, checks: assigned, race: { required } },
    score: { points: score.points, max: score.max, perCheck: score.perCheck },
    answers: state.answers,
    races: state.races.slice(-20),
    raceRequirementMet: meetsRace(state.races, required),
  };
  const byId = Object.fromEntries(checks.map((c) => [c.id, c]));
  const lines = [
    'The attention lab: homework hand-in',
    `Student: ${record.student.name || '(no name given)'}${record.student.id ? ` (ID ${record.student.id})` : ''}`,
    `Exported: ${record.exportedAt}`,
    `Assignment: ${assignment.title}`,
    `Score: ${score.points} of ${score.max}`,
    '',
  ];
  for (const id of assigned) {
    const a = state.answers[id] || {}, c = byId[id];
    if (!c) continue;
    if (c.kind === 'choice') {
      const k = c.choices.findIndex((ch) => ch.id === a.choice);
      const answer = k >= 0 ? `answered ${String.fromCharCode(65 + k)}` : 'not answered';
      const verdict = a.checked ? (a.correct ? 'correct' : 'not correct') : 'not checked';
      lines.push(`${id.toUpperCase()}: ${answer}, ${verdict}${a.attempts ? `, ${a.attempts} attempt(s)` : ''}`);
    } else {
      lines.push(`${id.toUpperCase()}: ${a.text ? `"${a.text.replace(/\s+/g, ' ').trim()}"` : 'not answered'}`);
      if (a.revealed) lines.push(`  self-check: ${(a.rubric || []).filter(Boolean).length} of ${c.rubric.length} points covered`);
    }
  }
  lines.push('', `Training race runs: ${record.races.length}`);
  for (const r of record.races) {
    const s = Object.entries(r.settings).map(([k, v]) => `${k}=${v}`).join(' ');
    lines.push(`  ${r.at}: ${s}: GRU ${r.gru.toFixed(3)}, attention ${r.attention.toFixed(3)}${r.stopped ? ' (stopped early)' : ''}`);
  }
  if (Object.keys(required).length) {
    lines.push(`Required race (${Object.entries(required).map(([k, v]) => `${k}=${v}`).join(' ')}): ${record.raceRequirementMet ? 'done' : 'not done'}`);
  }
  lines.push('', BEGIN, JSON.stringify(record, null, 1), END, '');
  const who = (record.student.id || record.student.name || 'student').replace(/[^\w.-]+/g, '_').slice(0, 40);
  return { filename: `attention-lab-${who}.txt`, text: lines.join('\n'), record };
}

const isObj = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);

// -> {ok: true, record} | {ok: false, message}
export function parseHandin(text, size = text.length) {
  if (size > MAX_BYTES) return { ok: false, message: `too large (${(size / 1048576).toFixed(1)} MB): a hand-in file is a few kilobytes` };
  const b = text.indexOf(BEGIN);
  if (b < 0) return { ok: false, message: 'not a hand-in from the attention lab (it has no lab data block)' };
  const e = text.indexOf(END, b);
  if (e < 0) return { ok: false, message: 'truncated: the lab data block does not end (was the file cut short?)' };
  let record;
  try { record = JSON.parse(text.slice(b + BEGIN.length, e)); } catch { return { ok: false, message: 'damaged: the lab data block is not valid JSON' }; }
  if (!isObj(record) || record.format !== FORMAT) return { ok: false, message: 'not a hand-in from the attention lab (unknown format)' };
  if (!Number.isInteger(record.version) || record.version < 1) return { ok: false, message: 'damaged: it has no valid format version' };
  if (record.version > VERSION) return { ok: false, message: `made by a newer version of the lab (format ${record.version}); this page reads format ${VERSION}: update the lab` };
  const s = record.student, sc = record.score;
  if (!isObj(s) || typeof s.name !== 'string' || typeof s.id !== 'string' || s.name.length > 200 || s.id.length > 100) {
    return { ok: false, message: 'damaged: the student name or ID is missing or too long' };
  }
  if (!isObj(sc) || !Number.isFinite(sc.points) || !Number.isFinite(sc.max) || sc.points < 0 || sc.points > sc.max || !isObj(sc.perCheck)) {
    return { ok: false, message: 'damaged: the score is missing or impossible' };
  }
  if (!isObj(record.answers) || !Array.isArray(record.races) || !isObj(record.assignment) || typeof record.exportedAt !== 'string') {
    return { ok: false, message: 'damaged: answers, races or assignment are missing' };
  }
  return { ok: true, record };
}

// Gradebook rows from parsed records; the same student twice keeps the later export.
export function gradebook(records) {
  const byStudent = new Map(), notes = [];
  for (const r of records) {
    const key = (r.student.id || r.student.name).trim().toLowerCase();
    const prev = byStudent.get(key);
    if (prev) {
      const later = r.exportedAt > prev.exportedAt ? r : prev;
      notes.push(`${r.student.name || r.student.id}: two hand-ins; kept the one exported ${later.exportedAt}`);
      byStudent.set(key, later);
    } else {
      byStudent.set(key, r);
    }
  }
  return { rows: [...byStudent.values()].sort((a, b) => a.student.name.localeCompare(b.student.name)), notes };
}

// CSV with a header; every field quoted, formula-leading characters neutralised
// (a name like "=HYPERLINK(...)" must not run in a spreadsheet).
export function toCsv(rows) {
  const checkIds = [...new Set(rows.flatMap((r) => r.assignment.checks || []))];
  const header = ['name', 'student_id', 'score', 'max', ...checkIds, 'race_requirement_met', 'exported_at'];
  const cell = (v) => {
    let s = String(v ?? '');
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return `"${s.replace(/"/g, '""')}"`;
  };
  const lines = [header.map(cell).join(',')];
  for (const r of rows) {
    lines.push([r.student.name, r.student.id, r.score.points, r.score.max, ...checkIds.map((id) => r.score.perCheck[id] ?? ''),
      r.raceRequirementMet ? 'yes' : 'no', r.exportedAt].map(cell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
