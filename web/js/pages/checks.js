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
import { t } from '../ui/i18n.js';
import { nextTurn } from '../ui/turns.js';

// Wide tables scroll in frames that say so (css .scroll-frame).
watchScrollFrames();

const $ = (id) => document.getElementById(id);
const data = labData();
const store = openStore();
const { assignment, ignored, link, fromLink, at } = chosenAssignment(store, data.assignment, data.checks, location.search, data.widgets.race.settings);
const lms = connectLms();

function describeAssignment() {
  const req = settingsText(assignment.race.required);
  const which = assignedChecks(data.checks, assignment).map(checkLabel).join(', ');
  let text = req ? t('assign.withRace', { which, req }) : t('assign.checks', { which });
  if (link && !fromLink) text += ` ${t('assign.fromLink', { date: at.slice(0, 10), link: `checks.html${link}` })}`;
  else if (link) text += ` ${t('assign.stays')}`;
  if (ignored.length) text += ` ${t('assign.ignored', { list: ignored.join('; ') })}`;
  if (lms.connected) text += ` ${t('assign.lms')}`;
  setUnbrokenText($('assignment-facts'), text);
  $('checks-assigned').textContent = assignedSentence(data.checks, assignment);
}

function updateScore() {
  const g = grade(store.state.answers, data.checks, assignment, { student: lms.student ? lms.student.name : store.state.student.name });
  const self = Object.entries(g.selfAssessed);
  let text = t('score.line', { score: describeScore(g) });
  if (self.length && !g.rules.selfAssessedCounts) {
    // In words, not as a share: "Q3: 2 of 3 rubric points ticked", or not answered yet.
    const said = self.map(([id, share]) => {
      const c = data.checks.find((x) => x.id === id), n = c.rubric.length;
      return g.answered[id] ? t('score.rubric', { label: checkLabel(c), ticked: String(Math.round(share * n)), total: String(n) }) : t('score.notAnswered', { label: checkLabel(c) });
    });
    text += ` ${t('score.selfAssessed', { list: said.join('; ') })}`;
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
    $(`${field}-error`).textContent = problem || (input.value.length >= max ? t('handin.atMost', { max: String(max) }) : '');
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
    $('identity-source').textContent = t('handin.fromLms');
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
    $('export-status').textContent = t('handin.saved', { filename });
  } catch (err) {
    $('export-status').textContent = t('handin.failed', { error: err.message });
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
    if (!(await confirmInPage($('start-over'), t('handin.eraseAsk'), { yes: t('handin.erase'), no: t('handin.keep') }))) return;
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

// main() in a task of its own, after this script's evaluation (ui/turns.js).
nextTurn().then(main);
