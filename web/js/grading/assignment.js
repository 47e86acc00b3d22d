// What is assigned: content/assignment.json, optionally narrowed by the page's
// URL (?checks=q1,q2,q4&require=T:30,epochs:35,seed:3151), so an instructor can
// link a variant without rebuilding. Bad URL parts are ignored and reported.
// raceSpec: the race's settings schema (content/widgets/race.json): a required
// setting is parsed with it, so only values a race can have are ever assigned.
import { parsePairs } from '../settings/settings-schema.js';

export function resolveAssignment(base, checks, search, raceSpec) {
  const params = new URLSearchParams(search);
  const known = new Set(checks.map((c) => c.id));
  const ignored = [];
  const assignment = { title: base.title, checks: [...base.checks], grading: base.grading, race: { required: { ...((base.race && base.race.required) || {}) } } };
  if (params.has('checks')) {
    const ids = [...new Set(params.get('checks').split(',').map((s) => s.trim()).filter(Boolean))];
    const good = ids.filter((id) => known.has(id));
    ids.filter((id) => !known.has(id)).slice(0, 5).forEach((id) => ignored.push(`unknown check "${id.slice(0, 20)}"`));
    if (good.length) assignment.checks = good;
  }
  if (params.has('require')) {
    const pairs = params.get('require').split(',').filter(Boolean).map((part) => {
      const i = part.indexOf(':');
      return i < 0 ? [part, ''] : [part.slice(0, i), part.slice(i + 1)];
    });
    const r = parsePairs(raceSpec, pairs);
    r.ignored.forEach((why) => ignored.push(`race requirement ${why}`));
    assignment.race.required = r.settings;
  }
  return { assignment, ignored };
}
