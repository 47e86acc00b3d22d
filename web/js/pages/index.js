// The landing page as the student's dashboard: from the work saved in this browser
// (work/store.js), each activity ticked once done, the activities done out of all,
// the quick checks answered and the score so far, and the latest training race.
import { labData } from '../ui/lab-data.js';
import { openStore } from '../work/store.js';
import { describeScore, grade, meetsRace } from '../work/grading-rules.js';
import { chosenAssignment } from '../grading/assignment.js';
import { formatPercent, settingsText } from '../ui/format.js';
import { setUnbrokenText } from '../ui/unbroken.js';
import { assignedChecks, checkLabel, labelSpan } from '../work/check-label.js';
import { watchScrollFrames } from '../ui/scroll-frame.js';
import { t } from '../ui/i18n.js';

// Wide tables scroll in frames that say so (css .scroll-frame).
watchScrollFrames();

const $ = (id) => document.getElementById(id);

const data = labData();
const store = openStore();
const { assignment } = chosenAssignment(store, data.assignment, data.checks, location.search, data.widgets.race.settings);

function render() {
  const state = store.state;
  const g = grade(state.answers, data.checks, assignment, { student: state.student.name });
  // Counted from the checks the assignment counts, as every page counts them (check-label.js).
  const mine = assignedChecks(data.checks, assignment);
  const answered = mine.filter((c) => g.answered[c.id]).length;
  for (const span of document.querySelectorAll('.assigned-count')) span.textContent = String(mine.length);
  // The checks page is done once every assigned check is answered; the others when
  // their page said so (pages/page-kit.js markDone, the lesson read to its end).
  const done = (page) => (page === 'checks' ? answered === mine.length : Boolean(state.done[page]));
  const cards = [...document.querySelectorAll('.cards li[data-page]')];
  for (const li of cards) {
    const yes = done(li.dataset.page);
    li.classList.toggle('done', yes);
    li.dataset.done = String(yes);
    li.querySelector('.done-mark').textContent = yes ? '✓' : '';
    li.querySelector('.done-text').textContent = yes ? ` ${t('home.done')}` : '';
  }
  const count = cards.filter((li) => li.dataset.done === 'true').length;
  $('progress-done').textContent = count === 0
    ? t('home.nothingDone', { total: String(cards.length) })
    : t('home.someDone', { count: String(count), total: String(cards.length) });
  // The score's "quick checks n of m" counts the automatically graded ones: the
  // self-assessed ones are named, so that the two counts visibly agree.
  const self = g.rules.selfAssessedCounts ? [] : mine.filter((c) => c.kind !== 'choice').map(checkLabel);
  const apart = self.length ? ` ${t('home.selfApart', { count: self.length, which: labelSpan(self) })}` : '';
  $('progress-checks').textContent = t('home.checks', { answered: String(answered), total: String(mine.length), apart, score: describeScore(g) });
  const required = (assignment.race && assignment.race.required) || {};
  const last = state.races.at(-1);
  const race = last
    ? t('home.races', { count: state.races.length, attention: formatPercent(last.attention), gru: formatPercent(last.gru) })
    : t('home.noRace');
  const need = settingsText(required);
  setUnbrokenText($('progress-race'), need ? `${race} ${meetsRace(state.races, required) ? t('home.raceDone') : t('home.raceAsked', { need })}` : race);
  document.body.dataset.doneCount = String(count);
}

render();
store.onChange = render;  // work saved in another tab
document.body.dataset.ready = 'true';
