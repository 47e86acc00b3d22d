// The hand-in file: a plain-text summary a person can read, followed by the same
// facts as JSON between two marker lines, which the instructor page reads.
//
// Reading a file back trusts nothing it claims: each record goes through an
// allow-list (unknown fields dropped, every value of its type, sizes bounded) before
// the gradebook (grading/gradebook.js) looks at it. Pure functions (no DOM): tests
// run them under Node.
import { describeScore, exerciseRulesOf, grade, meetsRace } from './grading-rules.js';
import { ID_MAX, NAME_MAX, normalizeState } from './store.js';
import { exerciseAnswers, gradedRight, gradedText } from './exercise-work.js';
import { codeLines } from './code-work.js';
import { predictionLines } from './prediction.js';
import { assignedChecks, checkLabel } from './check-label.js';
import { choiceOrder } from './choice-order.js';
import { exercisePart } from './exercise-words.js';
import { localDecimal, t } from '../ui/i18n.js';

// The tests a code run has, as the build's assignment knows them (or null: then
// code-work.js's codeLines says "all the hidden tests" in the page's words).
const codeTests = (assignment) => (assignment.exercises && assignment.exercises.parts && assignment.exercises.parts.code) || null;

export const FORMAT = 'attention-lab-handin';
export const VERSION = 4;  // 3: answers carry their attempt log; 4: the score counts weighed exercises (2 and 3 still read)
export const BEGIN = '-----BEGIN ATTENTION LAB DATA-----';
export const END = '-----END ATTENTION LAB DATA-----';
export const MAX_BYTES = 2 * 1024 * 1024;
export const MAX_BLOCKS = 20;  // hand-ins in one file
export const EARLIEST = Date.parse('2020-01-01T00:00:00Z');

const isObj = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
const own = (o, k) => isObj(o) && Object.prototype.hasOwnProperty.call(o, k);
const bare = (fields) => Object.assign(Object.create(null), fields);

// The exercises the assignment weighs, as the hand-in records them: {variant, weights}.
function exercisesAssigned(assignment) {
  const r = exerciseRulesOf(assignment);
  return { variant: r.variant, weights: Object.fromEntries(r.kinds.map((k) => [k.kind, k.weight])) };
}

// Each weighed kind's credit as the student's page saw it: {kind: points}.
const exerciseCredits = (g) => Object.fromEntries(Object.entries(g.exercises).map(([k, e]) => [k, e.credit]));

// lms: {name, id} from the LMS (then the typed ones are not used).
// build: the lab that made the page ({version, engine}: the site's lab data), which the
// gradebook compares with its own.
export function buildHandin({ state, checks, assignment, lms = null, now = new Date(), build = null }) {
  const assigned = assignment.checks;
  const required = (assignment.race && assignment.race.required) || {};
  const student = lms
    ? { name: String(lms.name || '').slice(0, NAME_MAX), id: String(lms.id || '').slice(0, ID_MAX), source: 'lms' }
    : { name: (state.student.name || '').slice(0, NAME_MAX), id: (state.student.id || '').slice(0, ID_MAX), source: 'typed' };
  const g = grade(state.answers, checks, assignment, { student: student.name });  // the name the gradebook draws again
  const record = {
    format: FORMAT, version: VERSION, exportedAt: now.toISOString(),
    ...(build ? { build: { version: String(build.version), engine: String(build.engine) } } : {}),
    student,
    assignment: { title: assignment.title, checks: assigned, race: { required }, grading: g.rules, exercises: exercisesAssigned(assignment), link: (state.assignment && state.assignment.search) || '' },
    score: { points: g.points, max: g.max, perCheck: { ...g.perCheck }, selfAssessed: { ...g.selfAssessed }, exercises: exerciseCredits(g) },
    answers: { ...state.answers },
    races: state.races.slice(-20),
    raceRequirementMet: meetsRace(state.races, required),
  };
  // The summary a person reads, in the page's language; the data block below is the same
  // in every language (a French hand-in grades in the English gradebook).
  const yes = (x) => (x ? 'yes' : 'no');
  const lines = [
    t('handin.heading'),
    t('handin.student', { name: record.student.name || t('handin.noNameGiven'), hasId: yes(record.student.id), id: record.student.id, lms: yes(lms) }),
    t('handin.exported', { at: record.exportedAt }),
    t('handin.assignment', { title: assignment.title, hasLink: yes(record.assignment.link), link: `checks.html${record.assignment.link}` }),
    t('handin.score', { score: describeScore(g), selfCounts: yes(g.rules.selfAssessedCounts) }),
    '',
  ];
  // The assigned checks by their numbers, as every page shows them (check-label.js).
  for (const c of assignedChecks(checks, assignment)) {
    const a = (Object.prototype.hasOwnProperty.call(state.answers, c.id) && state.answers[c.id]) || {};
    if (c.kind === 'choice') {
      const answer = c.choices.some((ch) => ch.id === a.choice)
        ? t('handin.answeredOption', { option: a.choice, letter: shownLetter(a, c, student.name) }) : t('handin.notAnswered');
      const verdict = t('handin.verdict', { verdict: a.checked ? (a.correct ? 'correct' : 'wrong') : 'unchecked' });
      lines.push(t('handin.choiceLine', { label: checkLabel(c), answer, verdict, count: a.attempts || 0, attempts: String(a.attempts) }));
    } else {
      lines.push(t('handin.shortLine', { label: checkLabel(c), answer: a.text ? t('handin.quoted', { text: a.text.replace(/\s+/g, ' ').trim() }) : t('handin.notAnswered') }));
      if (a.revealed) lines.push(`  ${t('handin.selfAssessed', { covered: String((a.rubric || []).filter(Boolean).length), total: String(c.rubric.length) })}`);
    }
  }
  lines.push('', t('handin.races', { count: String(record.races.length) }));
  for (const r of record.races) {
    const s = Object.entries(r.settings).map(([k, v]) => `${k}=${v}`).join(' ');  // the settings' keys, as a link writes them
    lines.push(`  ${t('handin.raceLine', { at: r.at, settings: s, gru: localDecimal(r.gru.toFixed(3)), attention: localDecimal(r.attention.toFixed(3)), stopped: yes(r.stopped) })}`);
  }
  const exercises = exerciseAnswers(state.answers).filter((e) => e.answer.checked);
  if (exercises.length) {
    lines.push('', t('handin.exerciseParts', { right: String(exercises.filter((e) => e.answer.correct).length), total: String(exercises.length) }));
    for (const { kind, part, answer: a } of exercises) {
      const first = g.rules.exerciseAnswer === 'first' && (a.attempts || 1) > 1
        ? t('handin.firstAnswer', { text: gradedText(a, 'first').replace(/\s+/g, ' ').trim(), right: yes(gradedRight(a, 'first')) }) : '';
      // Words for the student and the instructor; the ids stay in the data block below.
      lines.push(`  ${t('handin.exerciseLine', { part: exercisePart(kind, part), text: (a.text || '').replace(/\s+/g, ' ').trim(), right: yes(a.correct), count: a.attempts || 1, attempts: String(a.attempts || 1), first, student: a.student || '', variant: String(a.variant || 1) })}`);
    }
  }
  const code = codeLines(state.answers, g.rules.codeRun, codeTests(assignment));  // what counts, and both runs
  if (code.length) lines.push('', ...code);
  const predicted = predictionLines(state.answers);
  if (predicted.length) lines.push('', t('handin.predictions'), ...predicted);
  if (Object.keys(required).length) {
    lines.push(t('handin.requiredRace', { required: Object.entries(required).map(([k, v]) => `${k}=${v}`).join(' '), done: yes(record.raceRequirementMet) }));
  }
  lines.push('', BEGIN, JSON.stringify(record, null, 1), END, '');
  const who = (record.student.id || record.student.name || 'student').replace(/[^\w.-]+/g, '_').slice(0, 40);
  return { filename: `attention-lab-${who}.txt`, text: lines.join('\n'), record };
}

// The letter a student saw beside their answer: the one saved when they chose it (the
// options are in an order of their own, choice-order.js), else the letter it has in the
// order drawn for this name (work saved before letters were).
export function shownLetter(a, check, student) {
  if (typeof a.shown === 'string' && /^[A-Z]{1,2}$/.test(a.shown)) return a.shown;
  const k = check.choices.findIndex((ch) => ch.id === a.choice);
  const order = choiceOrder(student, check.id, check.choices.length);
  return String.fromCharCode(65 + order.indexOf(k));
}

// A record from a file, through the allow-list: what the gradebook may look at.
// -> {ok: true, record} | {ok: false, message}
export function sanitizeRecord(raw) {
  if (!isObj(raw) || raw.format !== FORMAT) return { ok: false, message: t('handin.unknownFormat') };
  if (!Number.isInteger(raw.version) || raw.version < 1) return { ok: false, message: t('handin.noVersion') };
  if (raw.version > VERSION) return { ok: false, message: t('handin.newerFormat', { format: String(raw.version), ours: String(VERSION) }) };
  const s = raw.student;
  if (!isObj(s) || typeof s.name !== 'string' || typeof s.id !== 'string') return { ok: false, message: t('handin.noStudent') };
  if (s.name.length > NAME_MAX || s.id.length > ID_MAX) return { ok: false, message: t('handin.studentTooLong', { name: String(NAME_MAX), id: String(ID_MAX) }) };
  if (!isObj(raw.answers) || !Array.isArray(raw.races) || !isObj(raw.assignment)) return { ok: false, message: t('handin.partsMissing') };
  const a = raw.assignment;
  const checks = Array.isArray(a.checks) ? [...new Set(a.checks.filter((id) => typeof id === 'string' && /^[\w-]{1,40}$/.test(id)))].slice(0, 100) : [];
  const required = Object.create(null);
  const req = isObj(a.race) && isObj(a.race.required) ? a.race.required : {};
  for (const [k, v] of Object.entries(req).slice(0, 30)) {
    if (/^\w{1,30}$/.test(k) && (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))) required[k] = v;
  }
  const { state, dropped: damaged } = normalizeState({ answers: raw.answers, races: raw.races, student: {} });
  // Ranges the lab never writes outside of: an accuracy is a share (0 to 1), a run's time not negative.
  const races = state.races.filter((r) => r.gru >= 0 && r.gru <= 1 && r.attention >= 0 && r.attention <= 1 && r.wall >= 0);
  const dropped = damaged + state.races.length - races.length;
  const score = isObj(raw.score) ? raw.score : {};
  const claimedPer = Object.create(null);
  if (isObj(score.perCheck)) {
    for (const id of checks) {
      const v = own(score.perCheck, id) ? score.perCheck[id] : undefined;
      if (typeof v === 'number' && Number.isFinite(v)) claimedPer[id] = v;
    }
  }
  // Each race knows the engine that ran it (a hand-in's build): re-run with that engine
  // where it is at hand (the grader), and compared only with its own engine's results.
  const build = buildOf(raw.build);
  if (build) for (const r of races) r.engine = build.engine;
  // Every object the gradebook gets is without a prototype: a name a file holds can never
  // reach Object.prototype through it.
  return {
    ok: true,
    record: bare({
      version: raw.version,
      student: bare({ name: s.name, id: s.id, source: s.source === 'lms' ? 'lms' : 'typed' }),
      exportedAt: typeof raw.exportedAt === 'string' ? raw.exportedAt.slice(0, 40) : '',
      build,
      assignment: bare({ title: typeof a.title === 'string' ? a.title.slice(0, 200) : '', checks, race: bare({ required }) }),
      answers: state.answers,
      races,
      dropped,
      claimed: bare({
        points: typeof score.points === 'number' && Number.isFinite(score.points) ? score.points : null,
        perCheck: claimedPer,
        raceRequirementMet: raw.raceRequirementMet === true,
      }),
    }),
  };
}

// The lab a hand-in was made with, when the file says and says it in the lab's form.
function buildOf(b) {
  if (!isObj(b) || typeof b.engine !== 'string' || !/^[0-9a-f]{12}$/.test(b.engine)) return null;
  return bare({ version: typeof b.version === 'string' ? b.version.slice(0, 20) : '', engine: b.engine });
}

// Every hand-in in a file's text (students sometimes paste two into one file).
// -> {results: [{ok, record} | {ok: false, message}], notes: [text]}
export function parseHandins(text, size = text.length) {
  if (size > MAX_BYTES) return { results: [{ ok: false, message: tooLarge(size) }], notes: [] };
  const notes = [];
  if (text.includes('\uFFFD')) notes.push(t('handin.badCharacters'));
  const results = [];
  let from = 0;
  for (;;) {
    const b = text.indexOf(BEGIN, from);
    if (b < 0) break;
    if (results.length >= MAX_BLOCKS) { notes.push(t('handin.tooMany', { max: String(MAX_BLOCKS) })); break; }
    const e = text.indexOf(END, b);
    if (e < 0) { results.push({ ok: false, message: t('handin.truncated') }); break; }
    let raw;
    try { raw = JSON.parse(text.slice(b + BEGIN.length, e)); } catch { raw = undefined; }
    results.push(raw === undefined ? { ok: false, message: t('handin.notJson') } : sanitizeRecord(raw));
    from = e + END.length;
  }
  if (results.length === 0) results.push({ ok: false, message: t('handin.noDataBlock') });
  if (results.length > 1) notes.push(t('handin.several', { count: String(results.length) }));
  return { results, notes };
}

// Why a file is refused for its size (the gradebook says it before reading the file).
export const tooLarge = (size) => t('handin.tooLarge', { size: localDecimal((size / 1048576).toFixed(1)) });

// Kept for one-hand-in callers: the first record of the file, or why there is none.
export function parseHandin(text, size = text.length) {
  return parseHandins(text, size).results[0];
}

// An export time the gradebook can use: a real date, not before 2020, not in the future.
export function plausibleDate(text, now = Date.now()) {
  const time = Date.parse(text);
  if (!/^\d{4}-\d\d-\d\dT/.test(text) || Number.isNaN(time)) return { ok: false, why: t('handin.dateNotADate') };
  if (time < EARLIEST) return { ok: false, why: t('handin.dateTooEarly') };
  if (time > now + 24 * 3600 * 1000) return { ok: false, why: t('handin.dateFuture') };
  return { ok: true, time };
}
