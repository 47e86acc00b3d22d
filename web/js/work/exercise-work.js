// A student's exercise answers inside the saved work (work/store.js answers): one
// answer per part, under the id "ex-<kind>--<part>" (kinds and parts never hold "--"),
// with the typed text, whose numbers and which variant it answered, the verdict and the
// attempts. The exercises page writes them; the hand-in and the gradebook read them.
// Pure functions (no DOM); the drafts below take the storage they keep to.
import { t } from '../ui/i18n.js';

export const PREFIX = 'ex-';

export const answerId = (kind, part) => `${PREFIX}${kind}--${part}`;

// Every exercise answer in answers: [{kind, part, answer}], in id order.
export function exerciseAnswers(answers) {
  const out = [];
  for (const id of Object.keys(answers).sort()) {
    const m = /^ex-(.+?)--(.+)$/.exec(id);
    if (m) out.push({ kind: m[1], part: m[2], answer: answers[id] });
  }
  return out;
}

// The student as the engine's seed sees them (src/exercises/exercise.cpp
// normalise_student): spaces trimmed and made single, ASCII letters lower-cased.
export function normaliseStudent(name) {
  return String(name).replace(/[ \t\n\v\f\r]+/g, ' ').replace(/^ | $/g, '').replace(/[A-Z]/g, (c) => c.toLowerCase());
}

// The typed answer a part is graded by: the latest checked ('last'), or the first one
// ever checked ('first', the assignment's grading.exerciseAnswer). Hand-ins before the
// first attempt's text was kept have only its first 40 characters.
export function gradedText(answer, which = 'last') {
  // 'best': the first right answer for these numbers, kept whole (work/store.js recordAttempt).
  if (which === 'best') return answer.best && typeof answer.best.text === 'string' ? answer.best.text : answer.text || '';
  if (which !== 'first') return answer.text || '';
  const first = answer.first || {};
  return typeof first.text === 'string' ? first.text : typeof first.choice === 'string' ? first.choice : answer.text || '';
}

// The language the graded answer was typed in (store.js), for reading it again
// (settings/parse.js parseAnswer {lang}); null: the neutral form (answers saved before
// the lab had languages were typed with decimal points).
export function gradedLang(answer, which = 'last') {
  const from = which === 'best' && answer.best && typeof answer.best.text === 'string' ? answer.best
    : which === 'first' && answer.first && typeof answer.first.text === 'string' ? answer.first : answer;
  return typeof from.lang === 'string' ? from.lang : null;
}

// Whether the graded answer was right when checked (the saved verdict).
export const gradedRight = (answer, which = 'last') => (which === 'first' ? Boolean(answer.first && answer.first.correct)
  : which === 'best' ? Boolean(answer.best && typeof answer.best.text === 'string') || answer.correct === true : answer.correct === true);

// Per kind: parts answered (checked) and parts right (by the graded answer: which), for the
// student and variant given (answers made for other numbers do not count).
export function exerciseProgress(answers, student, variant, which = 'last') {
  const who = normaliseStudent(student);
  const per = Object.create(null);
  for (const { kind, answer } of exerciseAnswers(answers)) {
    if (!answer.checked || normaliseStudent(answer.student || '') !== who || (answer.variant || 1) !== variant) continue;
    const p = per[kind] || (per[kind] = { answered: 0, right: 0 });
    ++p.answered;
    if (gradedRight(answer, which)) ++p.right;
  }
  return per;
}

// ---- typed answers: their size, and the drafts not yet checked ----------------------

// The longest answer the page checks (in characters): a part's few numbers need far
// fewer. A longer one is refused at its field with this message, never cut: nothing is
// graded and the text stays in the field (and its draft).
export const TYPED_MAX = 500;
export function lengthProblem(text) {
  const n = Array.from(String(text)).length;
  return n > TYPED_MAX ? t('exwork.tooLong', { n: String(n), max: String(TYPED_MAX) }) : '';
}

// Answers typed but not checked yet, one per part (by answer id, whatever the name or
// variant), under a localStorage key of their own: they are not work to hand in, so they
// stay out of the saved work (store.js), the hand-in and the LMS's suspend data. Saved on
// every change and on pagehide, so a name edited (even to other numbers), another
// exercise opened and back, or a reload finds the text as it was typed.
//   drafts = openDrafts(localStorage)
//   drafts.put(id, text, at)          whole, up to DRAFT_MAX characters -> saved or not
//   drafts.get(id, since) -> {text, at} | null   (null: none, or made before `since`, a "Start over")
//   drafts.remove(id)                 once the text is checked (the answer then holds it)
// Stored: {id: {text, at}}; what is read is checked field by field. Another tab's drafts
// are kept (each write reads the stored ones first).
export const DRAFTS_KEY = 'attention-lab:exercise-drafts:v1';
export const DRAFT_MAX = 100000;  // beyond this a draft is not stored (the field keeps it)

export function openDrafts(storage) {
  const read = () => {
    let raw = null;
    try { raw = JSON.parse(storage.getItem(DRAFTS_KEY) || 'null'); } catch { raw = null; }
    const out = Object.create(null);
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return out;
    for (const [id, d] of Object.entries(raw)) {
      if (/^ex-[\w-]{1,60}$/.test(id) && d && typeof d.text === 'string' && d.text.length <= DRAFT_MAX
        && typeof d.at === 'string' && !Number.isNaN(Date.parse(d.at))) out[id] = { text: d.text, at: d.at };
    }
    return out;
  };
  const write = (change) => {
    if (!storage) return false;
    try {
      const all = read();
      change(all);
      storage.setItem(DRAFTS_KEY, JSON.stringify(all));
      return true;
    } catch {
      return false;  // storage off or full: the field still holds the text
    }
  };
  return {
    get(id, since = '') {
      if (!storage) return null;
      const d = read()[id];
      return d && !(since && Date.parse(d.at) <= Date.parse(since)) ? d : null;
    },
    put(id, text, at = new Date().toISOString()) {
      const t = String(text);
      if (t.length > DRAFT_MAX) return false;
      return write((all) => { all[id] = { text: t, at }; });
    },
    remove(id) { return write((all) => { delete all[id]; }); },
  };
}
