// The "Your name" field of a page whose numbers are drawn from the student's name (the
// exercises, the code page's tests): inside an LMS the LMS's name, shown and not editable
// (the hand-in carries it); else the name saved with the work, saved again as it is typed
// (the same name as on the quick checks page), onChange called on every keystroke.
import { normaliseStudent } from './exercise-work.js';
import { NAME_MAX } from './store.js';

export function wireStudentName(input, { store, lms, onChange }) {
  if (lms.student) {
    input.value = lms.student.name;
    input.readOnly = true;
    return;
  }
  input.value = store.state.student.name || '';
  input.addEventListener('input', () => {
    const name = input.value.slice(0, NAME_MAX);
    if (normaliseStudent(name)) store.setStudent({ name });
    onChange();
  });
}
