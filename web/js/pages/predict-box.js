// "Predict, then run": a folded box above a widget's playground where the student picks
// what they expect (one of the experiment's options, content/widgets/NAME.json
// "predict") and says why, before the run. Starting a run locks the prediction with the
// run's settings; when the run ends the page hands over which option it gave, and the box
// puts prediction and result side by side and asks for one sentence of reflection. On a
// live page (no run to start) the student locks it with a button and the result is the
// page's current one. Saved as answers["predict-NAME"] (work/prediction.js), in the hand-in.
//
// A prediction is compared only with the run it was locked for: lock() returns that run's
// ticket and showResult() takes it back. A run that was stopped gives no result, so the
// next run started re-pins the still-open prediction to itself (its settings and ticket);
// a result that arrives for any other run than the one pinned is ignored.
//
//   const predict = setUpPrediction('race', spec, store, { live: false });
//   const ticket = predict.lock('T = 30, 35 epochs, seed 3151');   // at Start
//   predict.showResult({ option: 'attention', words: 'self-attention 100 %, GRU 48 %' }, ticket);
//   // live: setUpPrediction('order', spec, store, { live: true, outcome: () => ({option, words, run}) | null })
import { predictionId } from '../work/prediction.js';
import { pageLanguage, t } from '../ui/i18n.js';

const TEXT_MAX = 1000;  // a prediction's reason, a reflection: a sentence (work/store.js keeps 1,000)

const el = (tag, props = {}, ...children) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
};

export function setUpPrediction(page, spec, store, { live = false, outcome = null } = {}) {
  if (!spec) return { lock() { return ''; }, showResult() {} };
  const id = predictionId(page);
  const saved = () => store.state.answers[id] || {};
  const box = el('details', { className: 'panel predict', id: 'predict' });
  box.dataset.state = 'open';
  const summary = el('summary', { textContent: t('predict.summary') });
  const legend = el('legend', { textContent: spec.question });
  const fieldset = el('fieldset', {}, legend);
  for (const o of spec.options) {
    const input = el('input', { type: 'radio', name: `predict-${page}`, id: `predict-${o.id}`, value: o.id });
    fieldset.append(el('div', { className: 'choice' }, input, el('label', { htmlFor: input.id, textContent: o.label })));
  }
  const why = el('textarea', { id: 'predict-why', rows: 2 });
  const whyError = el('p', { id: 'predict-why-error', className: 'error' });
  const whyLabel = el('label', { htmlFor: why.id, textContent: t('predict.why') });
  const lockButton = el('button', { type: 'button', id: 'predict-lock', textContent: t('predict.lock') });
  const status = el('p', { id: 'predict-status', className: 'help' });
  status.setAttribute('role', 'status');
  const result = el('div', { id: 'predict-result', hidden: true });
  const verdict = el('p', { id: 'predict-verdict' });
  const reflection = el('textarea', { id: 'predict-reflection', rows: 2 });
  const reflectionError = el('p', { id: 'predict-reflection-error', className: 'error' });
  const reflectionLabel = el('label', { htmlFor: reflection.id, textContent: t('predict.reflection') });
  const again = el('button', { type: 'button', id: 'predict-again', textContent: t('predict.again') });
  result.append(verdict, reflectionLabel, reflection, reflectionError, again);
  box.append(summary, fieldset, whyLabel, why, whyError, ...(live ? [lockButton] : []), status, result);
  for (const [field, error] of [[why, whyError], [reflection, reflectionError]]) {
    error.setAttribute('aria-live', 'polite');
    field.setAttribute('aria-describedby', error.id);
  }
  document.querySelector('.playground').before(box);

  const save = (fields) => {
    Object.assign(store.answer(id), fields);
    store.touchAnswer(id);
    store.save();
  };
  const label = (option) => (spec.options.find((o) => o.id === option) || { label: option }).label;

  function render() {
    const a = saved();
    for (const input of fieldset.querySelectorAll('input')) {
      input.checked = input.value === a.choice;
      input.disabled = Boolean(a.locked);
    }
    if (document.activeElement !== why) why.value = a.text || '';
    why.readOnly = Boolean(a.locked);
    lockButton.disabled = Boolean(a.locked) || !a.choice;
    box.dataset.state = a.outcome ? 'compared' : a.locked ? 'locked' : 'open';
    const mine = { run: a.run, choice: label(a.choice) };
    status.textContent = a.locked
      ? t(!a.run ? 'predict.locked' : live ? 'predict.lockedAt' : 'predict.lockedRun', mine)
      : a.choice ? t(live ? 'predict.lockLive' : 'predict.lockAtStart') : '';
    result.hidden = !a.outcome;
    if (a.outcome) {
      verdict.textContent = t(a.outcome === a.choice ? 'predict.verdictSame' : 'predict.verdictOther', { choice: label(a.choice), outcome: label(a.outcome), result: a.result });
      if (document.activeElement !== reflection) reflection.value = a.reflection || '';
    }
    if (a.choice && !a.outcome) box.open = true;
  }

  fieldset.addEventListener('change', (e) => { if (!saved().locked) { save({ choice: e.target.value }); render(); } });
  // A sentence is kept whole or not at all: past TEXT_MAX characters the field says so and
  // nothing is saved until it is shorter (the text stays in the field, never cut).
  const keepWhole = (field, error, onFits) => field.addEventListener('input', () => {
    const n = field.value.length;
    error.textContent = n > TEXT_MAX ? t('predict.tooLong', { n: n.toLocaleString(pageLanguage()), max: TEXT_MAX.toLocaleString(pageLanguage()) }) : '';
    field.setAttribute('aria-invalid', n > TEXT_MAX ? 'true' : 'false');
    if (n <= TEXT_MAX) onFits(field.value);
  });
  keepWhole(why, whyError, (text) => { if (!saved().locked) save({ text }); });
  keepWhole(reflection, reflectionError, (text) => save({ reflection: text }));
  again.addEventListener('click', () => {
    const a = store.answer(id);
    for (const k of ['choice', 'text', 'locked', 'run', 'ticket', 'outcome', 'result', 'reflection']) delete a[k];
    store.touchAnswer(id);
    store.save();
    render();
    box.open = true;
  });

  const api = {
    // The run starts: a prediction made and not yet compared is pinned to this run (its
    // settings in words) and locked. -> the run's ticket, for showResult.
    lock(run) {
      const ticket = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
      const a = saved();
      if (!a.choice || a.outcome) return ticket;
      save({ locked: true, run: String(run).slice(0, 200), ticket, at: new Date().toISOString() });
      render();
      return ticket;
    },
    // The run `ticket` ended: which option it gave and in words; compared with the
    // prediction only if it is still pinned to that run.
    showResult({ option, words }, ticket) {
      const a = saved();
      if (!a.locked || a.outcome || !ticket || a.ticket !== ticket) return;
      save({ outcome: option, result: String(words).slice(0, 200) });
      render();
    },
  };
  lockButton.addEventListener('click', () => {
    const r = outcome && outcome();
    if (!r) { status.textContent = t('predict.noResult'); return; }
    api.showResult(r, api.lock(r.run || ''));
  });
  store.onChange = ((prev) => () => { if (prev) prev(); render(); })(store.onChange);
  render();
  return api;
}
