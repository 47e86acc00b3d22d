// The lesson page: its embedded quick checks share the store (and, inside an LMS,
// the one LMS session) with the checks page.
import { labData } from '../ui/lab-data.js';
import { openStore, showStoreProblem } from '../work/store.js';
import { initQuickChecks } from '../work/quick-checks.js';
import { connectLms, joinLms } from '../lms/lms.js';
import { chosenAssignment } from '../grading/assignment.js';
import { assignedSentence } from '../work/check-label.js';
import { watchScrollFrames } from '../ui/scroll-frame.js';
import { t } from '../ui/i18n.js';

// Wide tables scroll in frames that say so (css .scroll-frame).
watchScrollFrames();

const data = labData();
const store = openStore();
showStoreProblem(store, document.getElementById('storage-notice'));
const lms = connectLms();
joinLms(store, lms, document.getElementById('lms-notice'));
// The assignment the student works on (an instructor's link may have chosen it): its
// checks counted, its rules for retries; a check it does not count says so.
const { assignment } = chosenAssignment(store, data.assignment, data.checks, location.search, data.widgets.race.settings);
document.getElementById('checks-assigned').textContent = assignedSentence(data.checks, assignment);
for (const el of document.querySelectorAll('.quick-check')) {
  const note = el.querySelector('.check-assigned');
  const counted = assignment.checks.includes(el.dataset.check);
  el.dataset.assigned = String(counted);
  if (note) { note.hidden = counted; note.textContent = counted ? '' : t('lesson.notAssigned'); }
}
const redraw = initQuickChecks(document, { store, checks: data.checks, assignment,
  student: lms.student ? lms.student.name : store.state.student.name });
store.onChange = redraw;  // work saved in another tab shows here too
// Read to the end (its last section on screen): the home page ticks the lesson.
const sections = document.querySelectorAll('main section[id]');
if (sections.length && 'IntersectionObserver' in window) {
  const seen = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) { store.markDone('lesson'); seen.disconnect(); }
  });
  seen.observe(sections[sections.length - 1]);
}
document.body.dataset.ready = 'true';
