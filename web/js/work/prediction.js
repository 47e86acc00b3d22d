// Predictions written before a run ("predict, then run", pages/predict-box.js) inside the
// student's answers (work/store.js), read back for the hand-in and the gradebook. Pure.
//
//   answers["predict-race"] = {choice: the option predicted, text: why, locked, run: the
//     run's settings in words, at, outcome: the option the run gave, result: in words,
//     reflection: one sentence}
import { t } from '../ui/i18n.js';

export const PREFIX = 'predict-';
export const predictionId = (page) => `${PREFIX}${page}`;

// Every prediction in answers: [{page, answer}], in page order.
export function predictions(answers) {
  return Object.keys(answers || {}).sort().filter((id) => id.startsWith(PREFIX) && answers[id].choice)
    .map((id) => ({ page: id.slice(PREFIX.length), answer: answers[id] }));
}

// The hand-in's lines for them.
export function predictionLines(answers) {
  const out = [];
  for (const { page, answer: a } of predictions(answers)) {
    const said = t('predict.handinSaid', { page, choice: a.choice, hasWhy: a.text ? 'yes' : 'no', why: a.text ? a.text.replace(/\s+/g, ' ').trim() : '' });
    if (!a.locked) out.push(`  ${t('predict.handinNotRun', { said })}`);
    else if (!a.outcome) out.push(`  ${t('predict.handinNoResult', { said, run: a.run || '' })}`);
    else {
      out.push(`  ${t('predict.handinResult', { said, run: a.run || '', outcome: a.outcome, result: a.result || '', same: a.outcome === a.choice ? 'yes' : 'no' })}`);
      if (a.reflection) out.push(`    ${t('predict.handinReflection', { text: a.reflection.replace(/\s+/g, ' ').trim() })}`);
    }
  }
  return out;
}
