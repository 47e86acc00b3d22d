// Race runs a hand-in claims, re-run from their settings and seed in the lab's worker.
// The lab is deterministic (the same settings and seed give the same numbers in every
// build and browser), so a claimed test accuracy either matches the re-run exactly or
// the file was edited. Each distinct setting is run once for the whole class.
//
//   const checks = new Map();                      // raceKey -> result, see gradebook()
//   const job = verifyRaces(lab, runs, raceSpec, checks, {onProgress});
//   job.stop();  await job.done;
// result: {status: 'verified', gru, attention, matches(run)} | {status: 'unverifiable', message}
//       | {status: 'refused', message} | {status: 'unchecked', message} | {status: 'pending'}
import { raceKey } from './gradebook.js';
import { checkNumber, parseSetting } from '../settings/settings-schema.js';
import { t } from '../ui/i18n.js';

// A run's settings as the race engine takes them, or why not.
export function settingsOf(run, spec) {
  const settings = {};
  for (const s of spec) {
    if (!Object.prototype.hasOwnProperty.call(run.settings, s.key)) { settings[s.key] = s.default; continue; }
    const v = run.settings[s.key];
    const r = typeof v === 'number' ? checkNumber(s, v) : parseSetting(s, v);
    if (!r.ok) return { ok: false, message: r.message };
    settings[s.key] = r.value;
  }
  return { ok: true, settings };
}

export function verifyRaces(lab, runs, schema, results, { onProgress = () => {} } = {}) {
  let stopped = false;
  const todo = [];
  for (const run of runs) {
    const key = raceKey(run);
    if (results.has(key) || todo.some((x) => x.key === key)) continue;
    if (run.stopped) { results.set(key, { status: 'unverifiable', message: t('verify.stoppedEarly') }); continue; }
    const s = settingsOf(run, schema.settings);
    if (!s.ok) { results.set(key, { status: 'refused', message: s.message }); continue; }
    results.set(key, { status: 'pending' });
    todo.push({ key, settings: s.settings });
  }
  const done = (async () => {
    let n = 0;
    for (const item of todo) {
      if (stopped) break;
      onProgress({ done: n, total: todo.length, running: item.settings });
      try {
        const r = await lab.runSession('RaceSession', { settings: item.settings });
        if (r.stopped) { results.set(item.key, { status: 'pending' }); break; }  // stopped by the instructor
        const gru = r.gru.test_acc, attention = r.attention.test_acc;
        results.set(item.key, { status: 'verified', gru, attention, matches: (run) => run.gru === gru && run.attention === attention });
      } catch (err) {
        results.set(item.key, { status: 'refused', message: err.message });
      }
      onProgress({ done: ++n, total: todo.length });
    }
    for (const item of todo) {
      if (results.get(item.key).status === 'pending') results.set(item.key, { status: 'unchecked', message: t('verify.notReached') });
    }
    return { done: n, total: todo.length, stopped };
  })();
  return {
    total: todo.length,
    done,
    stop() { stopped = true; lab.stopSession('RaceSession'); },
  };
}
