// Behaviour of the quick checks rendered at build time (tools/site/checks-html.mjs):
// immediate feedback with the explanation of the chosen answer, retries (as many as
// the assignment allows), and every change saved to the store at once, stamped with
// its time so that tabs merge (store.js). Returns redraw(), for when the store changed
// underneath (another tab, the LMS's saved copy).
import { orderChoices } from './choice-order.js';
import { gradingOf } from './grading-rules.js';
import { loadOwnResults, OWN_RESULT_PAGES, OWN_KEY } from './own-results.js';
import { recordAttempt, TEXT_MAX } from './store.js';

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
    const tries = rules.maxAttempts === 0 ? '' : spent() ? ' You have used every attempt the assignment allows.' : ` ${left} attempt(s) left.`;
    verdict.textContent = a.checked
      ? `${a.correct ? 'Correct.' : 'Not quite: read why, then try another answer.'}${tries}`
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
      verdict.textContent = 'Choose one of the answers first.';
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
      feedback.textContent = `This answer is ${n.toLocaleString('en')} characters; at most ${TEXT_MAX.toLocaleString('en')} are saved. Shorten it to keep it.`;
      return;
    }
    if (feedback.textContent.startsWith('This answer is ')) feedback.textContent = '';
    answerOf(store, check.id).text = text.value;
    store.save();
    onChange();
  });
  el.querySelector('.check-submit').addEventListener('click', () => {
    const words = ((store.state.answers[check.id] || {}).text || '').trim().split(/\s+/).filter(Boolean).length;
    const min = check.minWords || 1;
    if (words < min) {
      feedback.textContent = `Write a little more first (at least ${min} words; you have ${words}).`;
      return;
    }
    feedback.textContent = 'Compare your answer with the model answer below and tick what you covered.';
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
  const link = Object.assign(document.createElement('a'), { href: source.page, textContent: `the ${source.page.replace('.html', '')} page` });
  if (parts.length) {
    box.dataset.has = 'true';
    box.replaceChildren(...parts.map((t) => Object.assign(document.createElement('p'), { textContent: t })));
    const more = document.createElement('p');
    more.append('Try other settings and seeds on ', link, '.');
    box.append(more);
  } else {
    box.dataset.has = 'false';
    const p = document.createElement('p');
    p.append('Test this on a model you train yourself: ', link, source.none);
    box.replaceChildren(p);
  }
}
