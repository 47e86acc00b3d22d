// The quick checks and hand-in page.
import { nameProblem } from '../work/student-name.js';
import { labData } from '../ui/lab-data.js';
import { ID_MAX, NAME_MAX, openStore, showStoreProblem } from '../work/store.js';
import { initQuickChecks } from '../work/quick-checks.js';
import { buildHandin } from '../work/handin.js';
import { describeScore, grade } from '../work/grading-rules.js';
import { chosenAssignment } from '../grading/assignment.js';
import { connectLms, joinLms } from '../lms/lms.js';
import { downloadText } from '../work/download.js';
import { confirmInPage } from '../ui/confirm.js';
import { assignedChecks, assignedSentence, checkLabel } from '../work/check-label.js';
import { watchScrollFrames } from '../ui/scroll-frame.js';
import { settingsText } from '../ui/format.js';
import { setUnbrokenText } from '../ui/unbroken.js';

// Wide tables scroll in frames that say so (css .scroll-frame).
watchScrollFrames();

const $ = (id) => document.getElementById(id);
const data = labData();
const store = openStore();
const { assignment, ignored, link, fromLink, at } = chosenAssignment(store, data.assignment, data.checks, location.search, data.widgets.race.settings);
const lms = connectLms();

function describeAssignment() {
  const req = settingsText(assignment.race.required);
  let text = `Assigned: ${assignedChecks(data.checks, assignment).map(checkLabel).join(', ')}` +
    (req ? `; and one training race run to the end with ${req}.` : '.');
  if (link && !fromLink) text += ` This is the assignment of your instructor's link opened ${at.slice(0, 10)} (checks.html${link}); it stays until you open another assignment link.`;
  else if (link) text += ' This assignment stays chosen on every page of the lab until you open another assignment link.';
  if (ignored.length) text += ` (Ignored from this link: ${ignored.join('; ')}.)`;
  if (lms.connected) text += ' Your score and your work are saved on your course site.';
  setUnbrokenText($('assignment-facts'), text);
  $('checks-assigned').textContent = assignedSentence(data.checks, assignment);
}

function updateScore() {
  const g = grade(store.state.answers, data.checks, assignment, { student: lms.student ? lms.student.name : store.state.student.name });
  const self = Object.entries(g.selfAssessed);
  let text = `Score: ${describeScore(g)}`;
  if (self.length && !g.rules.selfAssessedCounts) {
    // In words, not as a share: "Q3: 2 of 3 rubric points ticked", or not answered yet.
    const said = self.map(([id, share]) => {
      const c = data.checks.find((x) => x.id === id), n = c.rubric.length;
      return g.answered[id] ? `${checkLabel(c)}: ${Math.round(share * n)} of ${n} rubric points ticked` : `${checkLabel(c)}: not answered yet`;
    });
    text += ` (automatically graded). Self-assessed, for your instructor to review: ${said.join('; ')}.`;
  }
  $('score').textContent = text;
  $('score').dataset.points = String(g.points);
}

// A name or ID field: limited to what the gradebook reads, with a message at the limit.
function wireIdentity(field, key, max) {
  const input = $(field);
  input.maxLength = max;
  input.addEventListener('input', () => {
    const value = input.value.slice(0, max);
    const problem = key === 'name' ? nameProblem(value) : '';  // a name must show (work/student-name.js)
    $(`${field}-error`).textContent = problem || (input.value.length >= max ? `At most ${max} characters.` : '');
    input.setAttribute('aria-invalid', problem ? 'true' : 'false');
    if (!problem) store.setStudent({ [key]: value });
  });
}

function render() {
  for (const slot of document.querySelectorAll('.check-slot')) slot.hidden = !assignment.checks.includes(slot.dataset.slot);
  if (lms.student) {
    // Inside an LMS the hand-in carries the LMS's name and ID, not typed ones.
    for (const [field, key] of [['student-name', 'name'], ['student-id', 'id']]) {
      $(field).value = lms.student[key];
      $(field).readOnly = true;
    }
    $('identity-source').textContent = 'Your name and ID come from your course site.';
  } else {
    $('student-name').value = store.state.student.name || '';
    $('student-id').value = store.state.student.id || '';
  }
  updateScore();
}

function download() {
  try {
    const { filename, text } = buildHandin({ state: store.state, checks: data.checks, assignment, lms: lms.student, build: data.build });
    downloadText(filename, text);
    $('export-status').textContent = `Saved ${filename}. Hand this file in.`;
  } catch (err) {
    $('export-status').textContent = `The file could not be made: ${err.message}. Your answers are still here; try again, or copy them by hand.`;
  }
}

function main() {
  showStoreProblem(store, $('storage-notice'));
  joinLms(store, lms, $('lms-notice'));
  describeAssignment();
  wireIdentity('student-name', 'name', NAME_MAX);
  wireIdentity('student-id', 'id', ID_MAX);
  $('export').addEventListener('click', download);
  $('start-over').addEventListener('click', async () => {
    if (!(await confirmInPage($('start-over'), 'Erase all your answers, your name and your race runs in this browser? This cannot be undone.', { yes: 'Erase everything', no: 'Keep my work' }))) return;
    store.reset();
    location.reload();
  });
  const redraw = initQuickChecks(document, { store, checks: data.checks, assignment, onChange: updateScore,
    student: lms.student ? lms.student.name : store.state.student.name });
  // Another tab (the lesson, a race) saved work: show it here too.
  store.onChange = () => { redraw(); render(); };
  render();
  document.body.dataset.ready = 'true';
}

main();
