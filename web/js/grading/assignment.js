// What is assigned: content/assignment.json, optionally narrowed by the page's
// URL (?checks=q1,q2,q4&require=T:30,epochs:35,seed:3151), so an instructor can
// link a variant without rebuilding. The link is read as every page reads its link
// (settings/settings-schema.js): a parameter given twice keeps both values, and every
// part that is not used is named (an unknown parameter or check, a check listed twice,
// a requirement no race can have). When no requirement in require= can be used, the
// assignment's own stays, so a typo cannot silently drop the race.
// raceSpec: the race's settings schema (content/widgets/race.json): a required
// setting is parsed with it, so only values a race can have are ever assigned.
import { clip, quoted } from '../ui/quote.js';
import { linkParams, parsePairs } from '../settings/settings-schema.js';
import { t } from '../ui/i18n.js';

const list = (values) => values.flatMap((v) => v.split(',')).map((s) => s.trim()).filter(Boolean);

export function resolveAssignment(base, checks, search, raceSpec) {
  const { values, ignored } = linkParams(search, ['checks', 'require']);
  const known = new Set(checks.map((c) => c.id));
  const assignment = { title: base.title, checks: [...base.checks], grading: base.grading, exercises: base.exercises, race: { required: { ...((base.race && base.race.required) || {}) } } };
  if (values.checks.length) {
    const ids = list(values.checks), good = [], repeated = new Set();
    for (const id of ids) {
      if (!known.has(id)) ignored.push(t('handin.linkUnknownCheck', { id: quoted(id, 20) }));
      else if (!good.includes(id)) good.push(id);
      else if (!repeated.has(id)) { repeated.add(id); ignored.push(t('handin.linkCheckTwice', { id: clip(id, 20) })); }
    }
    if (good.length) assignment.checks = good;
    else ignored.push(t('handin.linkNoCheck'));
  }
  if (values.require.length) {
    const pairs = list(values.require).map((part) => {
      const i = part.indexOf(':');
      return i < 0 ? [part, ''] : [part.slice(0, i), part.slice(i + 1)];
    });
    const r = parsePairs(raceSpec, pairs);
    r.ignored.forEach((why) => ignored.push(t('handin.linkRequirement', { why: why.replace(/\.$/, '') })));  // joined by "; "
    if (Object.keys(r.settings).length) assignment.race.required = r.settings;
    else if (pairs.length) ignored.push(t('handin.linkNoRequirement'));
  }
  return { assignment, ignored: ignored.slice(0, 12) };
}

// The assignment a student works on, on every page: the page's link when it names one
// (checks= or require=), which then stays chosen (saved with the student's work, so it
// holds across pages, tabs and visits, and goes in the hand-in) until another
// assignment link is opened; else the one saved; else the build's.
//   -> {assignment, ignored, link: the chosen link's query or '', fromLink, at}
export function chosenAssignment(store, base, checks, search, raceSpec) {
  // The link's own parameters, in order, readable (commas and colons as typed).
  const own = [...new URLSearchParams(search)].filter(([k]) => k === 'checks' || k === 'require')
    .map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%2C/gi, ',').replace(/%3A/gi, ':')}`);
  const link = own.length ? `?${own.join('&')}` : '';
  if (link) {
    if (store.state.assignment.search !== link) store.setAssignment(link);
    return { ...resolveAssignment(base, checks, search, raceSpec), link, fromLink: true, at: store.state.assignment.at };
  }
  const saved = store.state.assignment.search;
  if (saved) {
    const { assignment } = resolveAssignment(base, checks, saved, raceSpec);
    return { assignment, ignored: resolveAssignment(base, checks, search, raceSpec).ignored, link: saved, fromLink: false, at: store.state.assignment.at };
  }
  return { ...resolveAssignment(base, checks, search, raceSpec), link: '', fromLink: false, at: '' };
}
