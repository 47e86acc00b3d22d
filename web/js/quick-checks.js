// Behaviour of the quick checks rendered at build time (tools/site/checks-html.mjs):
// immediate feedback with the explanation of the chosen answer, retries, and every
// change saved to the store at once.
export function initQuickChecks(root, { store, checks, onChange = () => {} }) {
  const byId = Object.fromEntries(checks.map((c) => [c.id, c]));
  for (const el of root.querySelectorAll('.quick-check')) {
    const check = byId[el.dataset.check];
    if (!check) continue;
    if (check.kind === 'choice') initChoice(el, check, store, onChange);
    else initShort(el, check, store, onChange);
  }
}

function answerOf(store, id) {
  if (!store.state.answers[id]) store.state.answers[id] = {};
  return store.state.answers[id];
}

function initChoice(el, check, store, onChange) {
  const radios = [...el.querySelectorAll('input[type=radio]')];
  const verdict = el.querySelector('.verdict');
  const show = () => {
    const a = store.state.answers[check.id] || {};
    for (const r of radios) r.checked = r.value === a.choice;
    for (const x of el.querySelectorAll('.explanation')) x.hidden = !(a.checked && x.dataset.choice === a.choice);
    el.dataset.state = a.checked ? (a.correct ? 'correct' : 'wrong') : 'open';
    verdict.textContent = a.checked
      ? (a.correct ? 'Correct.' : 'Not quite: read why, then try another answer.')
      : '';
  };
  for (const r of radios) {
    r.addEventListener('change', () => {
      const a = answerOf(store, check.id);
      a.choice = r.value;
      a.checked = false;
      store.save();
      show();
      onChange();
    });
  }
  el.querySelector('.check-submit').addEventListener('click', () => {
    const a = answerOf(store, check.id);
    if (!a.choice) {
      verdict.textContent = 'Choose one of the answers first.';
      return;
    }
    const choice = check.choices.find((c) => c.id === a.choice);
    a.checked = true;
    a.correct = Boolean(choice && choice.correct);
    a.attempts = (a.attempts || 0) + 1;
    a.at = new Date().toISOString();
    store.save();
    show();
    onChange();
  });
  show();
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
  text.addEventListener('input', () => {
    answerOf(store, check.id).text = text.value;
    store.save();
    onChange();
  });
  el.querySelector('.check-submit').addEventListener('click', () => {
    const a = answerOf(store, check.id);
    const words = (a.text || '').trim().split(/\s+/).filter(Boolean).length;
    const min = check.minWords || 1;
    if (words < min) {
      feedback.textContent = `Write a little more first (at least ${min} words; you have ${words}).`;
      return;
    }
    feedback.textContent = 'Compare your answer with the model answer below and tick what you covered.';
    a.revealed = true;
    a.rubric = a.rubric || boxes.map(() => false);
    store.save();
    show();
    onChange();
  });
  boxes.forEach((b, k) => b.addEventListener('change', () => {
    const a = answerOf(store, check.id);
    a.rubric = boxes.map((x) => x.checked);
    store.save();
    onChange();
  }));
  show();
}
