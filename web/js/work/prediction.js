// Predictions written before a run ("predict, then run", pages/predict-box.js) inside the
// student's answers (work/store.js), read back for the hand-in and the gradebook. Pure.
//
//   answers["predict-race"] = {choice: the option predicted, text: why, locked, run: the
//     run's settings in words, at, outcome: the option the run gave, result: in words,
//     reflection: one sentence}
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
    const said = `${page}: predicted "${a.choice}"${a.text ? ` ("${a.text.replace(/\s+/g, ' ').trim()}")` : ''}`;
    if (!a.locked) out.push(`  ${said}; not run yet`);
    else if (!a.outcome) out.push(`  ${said}, locked for the run ${a.run || ''}; no result yet`);
    else {
      out.push(`  ${said}, locked for the run ${a.run || ''}; the run gave "${a.outcome}" (${a.result || ''}): ${a.outcome === a.choice ? 'as predicted' : 'not as predicted'}`);
      if (a.reflection) out.push(`    reflection: "${a.reflection.replace(/\s+/g, ' ').trim()}"`);
    }
  }
  return out;
}
