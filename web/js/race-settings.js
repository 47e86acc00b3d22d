// The race's settings: parsing and checking what a student types or a URL holds.
// Pure functions over the spec in content/widgets/race.json (no DOM).
//
//   spec: [{key, label, kind: 'int'|'float'|'choice', default, min, max, choices, help}]

export function defaults(spec) {
  return Object.fromEntries(spec.map((s) => [s.key, s.default]));
}

export function rangeText(s) {
  if (s.kind === 'choice') return `one of ${s.choices.join(', ')}`;
  const kind = s.kind === 'int' ? 'a whole number' : 'a number';
  return `${kind} from ${s.min} to ${s.max}`;
}

// One setting from text -> {ok, value} | {ok: false, message} (the message names the range).
export function parseSetting(s, text) {
  const raw = String(text ?? '').trim();
  const fail = (why) => ({ ok: false, message: `${s.label}: ${why}; use ${rangeText(s)}.` });
  if (s.kind === 'choice') {
    return s.choices.includes(raw) ? { ok: true, value: raw } : fail(raw ? `"${clip(raw)}" is not allowed` : 'empty');
  }
  if (raw === '') return fail('empty');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(raw)) return fail(`"${clip(raw)}" is not a number`);
  const value = Number(raw);
  if (!Number.isFinite(value)) return fail(`"${clip(raw)}" is too large`);
  if (s.kind === 'int' && !Number.isInteger(value)) return fail(`${clip(raw)} is not a whole number`);
  if (value < s.min || value > s.max) return fail(`${clip(raw)} is out of range`);
  return { ok: true, value };
}

// All settings from a {key: text} map -> {settings, errors: {key: message}}.
export function parseAll(spec, texts) {
  const settings = {}, errors = {};
  for (const s of spec) {
    const r = parseSetting(s, texts[s.key]);
    if (r.ok) settings[s.key] = r.value;
    else errors[s.key] = r.message;
  }
  return { settings, errors };
}

// From a URL's query string: unknown or bad parameters are ignored (defaults
// stay) and listed, so the page can say which.
export function fromQuery(spec, search) {
  const params = new URLSearchParams(search);
  const settings = defaults(spec), ignored = [];
  const known = new Set(spec.map((s) => s.key));
  for (const [key, text] of params) {
    if (!known.has(key)) { ignored.push(`${clip(key)} (not a setting)`); continue; }
    const r = parseSetting(spec.find((s) => s.key === key), text);
    if (r.ok) settings[key] = r.value;
    else ignored.push(r.message);
  }
  return { settings, ignored };
}

// Only the settings that differ from the defaults, so links stay short.
export function toQuery(spec, settings) {
  const params = new URLSearchParams();
  for (const s of spec) if (settings[s.key] !== s.default) params.set(s.key, String(settings[s.key]));
  const q = params.toString();
  return q ? `?${q}` : '';
}

function clip(text) {
  const t = String(text);
  return t.length > 24 ? `${t.slice(0, 24)}…` : t;
}
