// The "Your name" field of a page whose numbers are drawn from the student's name (the
// exercises, the code page's tests): inside an LMS the LMS's name, shown and not editable
// (the hand-in carries it); else the name saved with the work, saved again as it is typed
// (the same name as on the quick checks page), onChange called on every change of it.
//
// A name must hold a visible character: one made only of spaces, zero-width or other
// invisible characters is refused at the field (nothing is saved, the page keeps the
// last name it drew from). A name changed in another tab of the lab reaches this one at
// once (the store merges the other tab's save first): the field shows it, the page is
// told, and a line says why the numbers changed, so no tab goes on showing or grading
// one name's numbers while the work is handed in under another.
import { normaliseStudent } from './exercise-work.js';
import { NAME_MAX, STORE_KEY } from './store.js';
import { t } from '../ui/i18n.js';

// Fillers that are letters or symbols to Unicode but show nothing (Hangul fillers, the
// Braille blank), as the engine's check_student counts them (src/exercises/exercise.cpp).
const FILLERS = /[\u115F\u1160\u3164\uFFA0\u2800]/gu;

// Why a typed name cannot be used, or '' when it can (an empty name is the page's to ask for).
export function nameProblem(name) {
  const text = String(name);
  if (!/[^ \t\n\v\f\r]/.test(text)) return '';  // empty as the engine sees it (normalise_student)
  if (!/[\p{L}\p{N}\p{P}\p{S}]/u.test(text.replace(FILLERS, ''))) {
    return t('student.noVisibleCharacter');
  }
  return '';
}

export function wireStudentName(input, { store, lms, onChange }) {
  if (lms.student) {
    input.value = lms.student.name;
    input.readOnly = true;
    return;
  }
  const error = document.getElementById(`${input.id}-error`);
  const say = (text) => { if (error) error.textContent = text; };
  input.value = store.state.student.name || '';
  input.addEventListener('input', () => {
    const name = input.value.slice(0, NAME_MAX);
    const problem = nameProblem(name);
    input.setAttribute('aria-invalid', problem ? 'true' : 'false');
    if (problem) { say(problem); return; }
    if (normaliseStudent(name)) store.setStudent({ name });
    onChange();
  });
  // Another tab saved: if it holds another name, this page follows it.
  window.addEventListener('storage', (e) => {
    if (e.key !== STORE_KEY) return;
    const name = store.state.student.name || '';
    if (!normaliseStudent(name) || normaliseStudent(name) === normaliseStudent(input.value)) return;
    input.value = name;
    onChange();
    say(t('student.changedInOtherTab'));
  });
}
