// The reading page's content: the race settings it offers ("race_settings") and its
// sweep of another setting may name only the race's settings (content/widgets/race.json),
// and a whole-number one has its ladder in "vary_values", inside the race's range.
import { ContentError, lineOf } from '../errors.mjs';

export function check({ file, widgets }) {
  const { path, text, data: reading } = file;
  const raceSpec = widgets.race.settings;
  const offered = reading.race_settings;
  if (!Array.isArray(offered) || offered.some((k) => !raceSpec.some((s) => s.key === k))) {
    throw new ContentError(path, lineOf(text, '"race_settings"'), '"race_settings" lists settings of the race (content/widgets/race.json) the page offers');
  }
  const vary = (reading.settings || []).find((s) => s.key === 'vary');
  if (!vary) return {};
  const ladders = reading.vary_values || {};
  for (const key of vary.choices.filter((c) => c !== 'seed')) {
    const spec = raceSpec.find((s) => s.key === key);
    if (!spec) throw new ContentError(path, lineOf(text, '"vary"'), `"vary": "${key}" is not a setting of the race (content/widgets/race.json)`);
    if (spec.kind === 'choice') continue;
    const values = ladders[key];
    const bad = !Array.isArray(values) || values.length < 2 || values.length > 50
      || values.some((v) => typeof v !== 'number' || !Number.isInteger(v) || v < spec.min || v > spec.max);
    if (bad) throw new ContentError(path, lineOf(text, '"vary_values"') || lineOf(text, '"vary"'), `"vary_values"."${key}" must list 2 to 50 whole numbers from ${spec.min} to ${spec.max}`);
  }
  return {};
}
