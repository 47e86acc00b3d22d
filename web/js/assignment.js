// What is assigned: content/assignment.json, optionally narrowed by the page's
// URL (?checks=q1,q2,q4&require=T:30,epochs:35,seed:3151), so an instructor can
// link a variant without rebuilding. Bad URL parts are ignored and reported.
// raceKeys: the race's setting names (from content/widgets/race.json).
export function resolveAssignment(base, checks, search, raceKeys) {
  const params = new URLSearchParams(search);
  const known = new Set(checks.map((c) => c.id));
  const ignored = [];
  const assignment = { title: base.title, checks: [...base.checks], race: { required: { ...((base.race && base.race.required) || {}) } } };
  if (params.has('checks')) {
    const ids = params.get('checks').split(',').map((s) => s.trim()).filter(Boolean);
    const good = ids.filter((id) => known.has(id));
    ids.filter((id) => !known.has(id)).forEach((id) => ignored.push(`unknown check "${id.slice(0, 20)}"`));
    if (good.length) assignment.checks = good;
  }
  if (params.has('require')) {
    const required = {};
    for (const part of params.get('require').split(',').filter(Boolean)) {
      const [k, v] = part.split(':');
      if (raceKeys.includes(k) && v !== undefined && v !== '') required[k] = /^-?\d+(\.\d+)?(e-?\d+)?$/.test(v) ? Number(v) : v;
      else ignored.push(`race requirement "${part.slice(0, 30)}"`);
    }
    assignment.race.required = required;
  }
  return { assignment, ignored };
}
