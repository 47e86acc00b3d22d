// Behaviour of the quick checks rendered at build time (tools/site/checks-html.mjs):
// immediate feedback with the explanation of the chosen answer, retries (as many as
// the assignment allows), and every change saved to the store at once, stamped with
// its time so that tabs merge (store.js). Returns redraw(), for when the store changed
// underneath (another tab, the LMS's saved copy).
import { orderChoices } from './choice-order.js';
import { gradingOf } from './grading-rules.js';
import { loadOwnResults, OWN_RESULT_PAGES, OWN_KEY } from './own-results.js';
import { recordAttempt, TEXT_MAX } from './store.js';
import { pageLanguage, t } from '../ui/i18n.js';

// A message with \u0000 where its link goes -> the parts to append around the link.
const withLink = (text, link) => text.split('\u0000').flatMap((part, i) => (i ? [link, part] : [part]));

// student: whose order of the options to show (choice-order.js), '' for the answer key's.
export function initQuickChecks(root, { store, checks, assignment = null, student = '', onChange = () => {} }) {
  orderChoices(root, student);
  const byId = new Map(checks.map((c) => [c.id, c]));
  const rules = gradingOf(assignment);
  const views = [];
  for (const el of root.querySelectorAll('.quick-check')) {
    const check = byId.get(el.dataset.check);
    if (!check) continue;
    views.push(check.kind === 'choice' ? initChoice(el, check, store, onChange, rules) : initShort(el, check, store, onChange));
  }
  return () => views.forEach((show) => show());
}

function answerOf(store, id) {
  store.touchAnswer(id);
  return store.answer(id);
}

function initChoice(el, check, store, onChange, rules) {
  const radios = [...el.querySelectorAll('input[type=radio]')];
  const verdict = el.querySelector('.verdict');
  const submit = el.querySelector('.check-submit');
  const own = el.querySelector('.own-result');
  if (own) window.addEventListener('storage', (e) => { if (e.key === OWN_KEY) show(); });  // the reading page in another tab
  const used = () => (store.state.answers[check.id] || {}).attempts || 0;
  const spent = () => rules.maxAttempts > 0 && used() >= rules.maxAttempts;
  const show = () => {
    const a = store.state.answers[check.id] || {};
    for (const r of radios) { r.checked = r.value === a.choice; r.disabled = spent(); }
    submit.disabled = spent();
    for (const x of el.querySelectorAll('.explanation')) x.hidden = !(a.checked && x.dataset.choice === a.choice);
    if (own) showOwnResult(own, a.checked);
    el.dataset.state = a.checked ? (a.correct ? 'correct' : 'wrong') : 'open';
    const left = rules.maxAttempts > 0 ? rules.maxAttempts - used() : 0;
    const tries = rules.maxAttempts === 0 ? '' : spent() ? ` ${t('qc.noAttemptsLeft')}` : ` ${t('qc.attemptsLeft', { left: String(left) })}`;
    verdict.textContent = a.checked
      ? `${t(a.correct ? 'qc.correct' : 'qc.notQuite')}${tries}`
      : '';
  };
  for (const r of radios) {
    r.addEventListener('change', () => {
      if (spent()) return;
      const a = answerOf(store, check.id);
      a.choice = r.value;
      // The letter the student saw beside it (their own order, choice-order.js), for the hand-in.
      const letter = r.closest('li') && r.closest('li').querySelector('.choice-letter');
      a.shown = letter ? letter.textContent.replace(/[^A-Z]/g, '').slice(0, 2) : '';
      a.checked = false;
      store.save();
      show();
      onChange();
    });
  }
  submit.addEventListener('click', () => {
    if (spent()) return;
    const current = store.state.answers[check.id] || {};
    if (!current.choice) {
      verdict.textContent = t('qc.chooseFirst');
      return;
    }
    const a = answerOf(store, check.id);
    const choice = check.choices.find((c) => c.id === a.choice);
    recordAttempt(a, a.choice, Boolean(choice && choice.correct), a.updatedAt);
    store.save();
    show();
    onChange();
  });
  show();
  return show;
}

function initShort(el, check, store, onChange) {
  const text = el.querySelector('textarea');
  const model = el.querySelector('.model-answer');
  const boxes = [...el.querySelectorAll('.rubric-item')];
  const feedback = el.querySelector('.check-feedback');
  const show = () => {
    const a = store.state.answers[check.id] || {};
    text.value = a.text || '';
    model.hidden = !a.revealed;
    boxes.forEach((b, k) => { b.checked = Boolean(a.rubric && a.rubric[k]); });
    el.dataset.state = a.revealed ? 'revealed' : 'open';
  };
  // An answer is kept whole or not at all: past TEXT_MAX characters the field says so and
  // nothing is saved until it is shorter (the text stays in the field, never cut).
  text.addEventListener('input', () => {
    const n = text.value.length;
    text.setAttribute('aria-invalid', n > TEXT_MAX ? 'true' : 'false');
    if (n > TEXT_MAX) {
      feedback.textContent = t('qc.tooLong', { n: n.toLocaleString(pageLanguage()), max: TEXT_MAX.toLocaleString(pageLanguage()) });
      feedback.dataset.tooLong = 'true';
      return;
    }
    if (feedback.dataset.tooLong) { feedback.textContent = ''; delete feedback.dataset.tooLong; }
    answerOf(store, check.id).text = text.value;
    store.save();
    onChange();
  });
  el.querySelector('.check-submit').addEventListener('click', () => {
    const words = ((store.state.answers[check.id] || {}).text || '').trim().split(/\s+/).filter(Boolean).length;
    const min = check.minWords || 1;
    if (words < min) {
      feedback.textContent = t('qc.moreWords', { min: String(min), words: String(words) });
      return;
    }
    feedback.textContent = t('qc.compare');
    const a = answerOf(store, check.id);
    if (!a.revealed) a.at = a.updatedAt;  // when it was first answered (an LMS's latency)
    a.revealed = true;
    a.rubric = a.rubric || boxes.map(() => false);
    store.save();
    show();
    onChange();
  });
  boxes.forEach((b) => b.addEventListener('change', () => {
    const a = answerOf(store, check.id);
    a.rubric = boxes.map((x) => x.checked);
    store.save();
    onChange();
  }));
  show();
  // Redrawn from the store, except the text box while it is being typed in.
  return () => {
    if (document.activeElement === text) return;
    show();
  };
}

// A check's feedback that speaks of the student's own models (ownResult: "reading" or
// "comments", work/own-results.js): what that page found, or where to find it.
function showOwnResult(box, answered) {
  box.hidden = !answered;
  if (!answered) return;
  const source = OWN_RESULT_PAGES[box.dataset.own] || OWN_RESULT_PAGES.reading;
  const parts = source.text(loadOwnResults());
  const link = Object.assign(document.createElement('a'), { href: source.page, textContent: t('qc.pageName', { page: source.page.replace('.html', '') }) });
  if (parts.length) {
    box.dataset.has = 'true';
    box.replaceChildren(...parts.map((t) => Object.assign(document.createElement('p'), { textContent: t })));
    const more = document.createElement('p');
    more.append(...withLink(t('qc.tryOther', { link: '\u0000' }), link));
    box.append(more);
  } else {
    box.dataset.has = 'false';
    const p = document.createElement('p');
    p.append(...withLink(t('qc.testYourself', { link: '\u0000' }), link), source.none);
    box.replaceChildren(p);
  }
}
