// The quick checks and hand-in page.
import { labData } from './lab-data.js';
import { openStore, showStoreProblem } from './store.js';
import { initQuickChecks } from './quick-checks.js';
import { buildHandin, scoreOf } from './handin.js';
import { resolveAssignment } from './assignment.js';
import { connectLms } from './scorm.js';

const $ = (id) => document.getElementById(id);
const data = labData();
const store = openStore();
const { assignment, ignored } = resolveAssignment(data.assignment, data.checks, location.search,
  data.widgets.race.settings);
const lms = connectLms();

function describeAssignment() {
  const req = Object.entries(assignment.race.required).map(([k, v]) => `${k} = ${v}`).join(', ');
  let text = `Assigned: ${assignment.checks.map((id) => id.toUpperCase()).join(', ')}` +
    (req ? `; and one training race run to the end with ${req}.` : '.');
  if (ignored.length) text += ` (Ignored from this link: ${ignored.join('; ')}.)`;
  if (lms.connected) text += ' Your score is reported to your course site.';
  $('assignment-facts').textContent = text;
}

function updateScore() {
  const s = scoreOf(store.state, data.checks, assignment.checks);
  $('score').textContent = `Score: ${s.points} of ${s.max}`;
  $('score').dataset.points = String(s.points);
  const answered = assignment.checks.every((id) => {
    const a = store.state.answers[id];
    return a && (a.checked || a.revealed);
  });
  lms.report({ points: s.points, max: s.max, allAnswered: answered });
}

function render() {
  for (const slot of document.querySelectorAll('.check-slot')) slot.hidden = !assignment.checks.includes(slot.dataset.slot);
  $('student-name').value = store.state.student.name || '';
  $('student-id').value = store.state.student.id || '';
  initQuickChecks(document, { store, checks: data.checks, onChange: updateScore });
  updateScore();
}

function main() {
  showStoreProblem(store, $('storage-notice'));
  describeAssignment();
  for (const [field, key] of [['student-name', 'name'], ['student-id', 'id']]) {
    $(field).addEventListener('input', () => { store.state.student[key] = $(field).value; store.save(); });
  }
  $('export').addEventListener('click', () => {
    const { filename, text } = buildHandin({ state: store.state, checks: data.checks, assignment });
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: filename });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    $('export-status').textContent = `Saved ${filename}. Hand this file in.`;
  });
  $('start-over').addEventListener('click', () => {
    if (!window.confirm('Erase all your answers, your name and your race runs in this browser? This cannot be undone.')) return;
    store.reset();
    location.reload();
  });
  render();
  document.body.dataset.ready = 'true';
}

main();
