// The translation grammar (content/translation/grammar.json) checked when the site is
// built, so that an instructor's mistake names its file and line instead of surfacing
// in a student's browser. The same rules as the engine's own parser
// (src/translate/grammar.cpp), which checks again whatever it is given.
import { ContentError, lineAt, lineOf } from '../errors.mjs';

const isSymbol = (w) => /^[A-Z]/.test(w);
// "N.det#2" -> {name: "N", form: "det", instance: "N#2"}
function item(w) {
  const m = /^([A-Z][A-Za-z0-9_]*)(#\d+)?(?:\.([a-z]+))?(#\d+)?$/.exec(w);
  if (!m) return null;
  return { name: m[1], form: m[3] || '', instance: m[1] + (m[2] || m[4] || '') };
}

export function checkGrammar(file) {
  const { data: g, path, text } = file;
  // The line of the k-th rule (its "lhs"), else of the rules list.
  const ruleLine = (k) => {
    let at = text.indexOf('"rules"');
    for (let i = 0; i <= k && at >= 0; ++i) at = text.indexOf('"lhs"', at + 1);
    return at < 0 ? lineOf(text, '"rules"') : lineAt(text, at);
  };
  const fail = (line, message) => { throw new ContentError(path, line, message); };
  if (!g || typeof g !== 'object' || Array.isArray(g)) fail(1, 'expected {"start", "lexicon", "rules"}');
  if (typeof g.start !== 'string') fail(1, 'the grammar needs a "start" symbol');
  if (!g.lexicon || typeof g.lexicon !== 'object' || Array.isArray(g.lexicon) || !Object.keys(g.lexicon).length) fail(lineOf(text, '"lexicon"'), 'the grammar needs a "lexicon" of categories');
  for (const [cat, entries] of Object.entries(g.lexicon)) {
    const at = lineOf(text, `"${cat}"`);
    if (!/^[A-Z]/.test(cat)) fail(at, `lexicon category ${cat}: a category's name starts with a capital letter`);
    if (!Array.isArray(entries) || !entries.length) fail(at, `lexicon category ${cat} must be a non-empty list of entries`);
    for (const e of entries) {
      const eAt = e && typeof e.fr === 'string' ? lineOf(text, `"fr": "${e.fr}"`) : at;
      if (!e || typeof e !== 'object' || Array.isArray(e)) fail(at, `lexicon category ${cat} holds an entry that is not an object`);
      for (const [form, words] of Object.entries(e)) {
        if (typeof words !== 'string' || !words.trim()) fail(eAt, `lexicon category ${cat}: the form "${form}" of an entry must be words`);
      }
      if (typeof e.fr !== 'string' || typeof e.en !== 'string') fail(eAt, `lexicon category ${cat}: every entry needs "fr" and "en"`);
    }
  }
  if (!Array.isArray(g.rules) || !g.rules.length) fail(lineOf(text, '"rules"'), 'the grammar needs a list of "rules"');
  const lhs = new Set(g.rules.map((r) => r && r.lhs));
  g.rules.forEach((r, k) => {
    const at = ruleLine(k), where = `rule ${k + 1}${r && typeof r.lhs === 'string' ? ` (${r.lhs})` : ''}`;
    if (!r || typeof r !== 'object' || typeof r.lhs !== 'string') fail(at, `${where} needs an "lhs"`);
    if (r.weight !== undefined && !(typeof r.weight === 'number' && r.weight > 0)) fail(at, `${where}: "weight" must be a number above 0`);
    for (const side of ['src', 'tgt']) {
      if (!Array.isArray(r[side]) || !r[side].length || r[side].some((w) => typeof w !== 'string' || !w || /\s/.test(w))) {
        fail(at, `${where}'s ${side} must be a non-empty list of single words and symbols`);
      }
    }
    const srcInstances = new Set();
    for (const side of ['src', 'tgt']) {
      for (const w of r[side]) {
        if (!isSymbol(w)) continue;
        const it = item(w);
        if (!it) fail(at, `${where}: ${w} is not a symbol (NAME, NAME.form or NAME#2)`);
        const cat = Object.prototype.hasOwnProperty.call(g.lexicon, it.name);
        if (!cat && !lhs.has(it.name)) fail(at, `${where}: ${w} is neither a lexicon category nor a rule's lhs`);
        if (!cat && it.form) fail(at, `${where}: ${w}: only a lexicon category has forms`);
        if (cat && it.form && g.lexicon[it.name].some((e) => typeof e[it.form] !== 'string')) fail(at, `${where}: ${w}: an entry of ${it.name} has no "${it.form}"`);
        if (side === 'src') srcInstances.add(it.instance);
        else if (!srcInstances.has(it.instance)) fail(at, `${where}: ${w} is on the target side only`);
      }
    }
    for (const l of r.links || []) {
      if (!Array.isArray(l) || l.length !== 2 || !l.every(Number.isInteger)) fail(at, `${where}: every link is a pair [source position, target position]`);
      if (l[0] < 0 || l[0] >= r.src.length || l[1] < 0 || l[1] >= r.tgt.length) fail(at, `${where}: the link [${l[0]}, ${l[1]}] points past the rule's words`);
    }
  });
  if (!lhs.has(g.start)) fail(lineOf(text, '"start"'), `the start symbol ${g.start} has no rule`);
  if (g.spelling !== undefined) checkSpelling(g, text, fail);
}

// "spelling": per side, "vowels", "before_vowel" {word: word}, "agreement" naming two
// lexicon categories and a form every adjective has (src/translate/grammar.hpp).
function checkSpelling(g, text, fail) {
  const at = lineOf(text, '"spelling"');
  const isObj = (x) => x && typeof x === 'object' && !Array.isArray(x);
  if (!isObj(g.spelling)) fail(at, '"spelling" must be an object with "fr" and/or "en"');
  for (const [side, own] of [['fr', 'fr'], ['en', 'en']]) {
    const sp = g.spelling[side];
    if (sp === undefined) continue;
    const where = `spelling.${side}`;
    if (!isObj(sp)) fail(at, `${where} must be an object`);
    if (sp.vowels !== undefined && (typeof sp.vowels !== 'string' || !sp.vowels)) fail(at, `${where}: "vowels" must be letters`);
    if (sp.before_vowel !== undefined) {
      if (!isObj(sp.before_vowel) || !sp.vowels) fail(at, `${where}: "before_vowel" maps words to their form before a vowel, and needs "vowels"`);
      for (const [w, r] of Object.entries(sp.before_vowel)) {
        if (typeof r !== 'string' || /\s/.test(r) || !r || /\s/.test(w)) fail(at, `${where}: "before_vowel" replaces one word by one word ("${w}")`);
      }
    }
    if (sp.agreement !== undefined) {
      const a = sp.agreement;
      // "adjective" and "noun": a category, or a non-empty list of them.
      const names = (x) => (typeof x === 'string' && x ? [x] : Array.isArray(x) && x.length && x.every((n) => typeof n === 'string' && n) ? x : null);
      const keys = ['adjective', 'noun', 'form', 'feminine_field', 'feminine_value'];
      if (!isObj(a) || !names(a.adjective) || !names(a.noun) || keys.slice(2).some((k) => typeof a[k] !== 'string' || !a[k])) {
        fail(at, `${where}: "agreement" needs ${keys.map((k) => `"${k}"`).join(', ')}`);
      }
      for (const c of [...names(a.adjective), ...names(a.noun)]) {
        if (!Object.prototype.hasOwnProperty.call(g.lexicon, c)) fail(at, `${where}: "agreement" names a category the lexicon does not have (${c})`);
      }
      for (const noun of names(a.noun)) {
        if (g.lexicon[noun].some((e) => typeof e[a.feminine_field] !== 'string')) fail(at, `${where}: an entry of ${noun} has no "${a.feminine_field}"`);
      }
      for (const adjective of names(a.adjective)) {
        if (g.lexicon[adjective].some((e) => typeof e[a.form] !== 'string' || /\s/.test(e[a.form].trim()) || /\s/.test(e[own].trim()))) {
          fail(at, `${where}: every entry of ${adjective} needs a one-word "${a.form}"`);
        }
      }
    }
  }
}
