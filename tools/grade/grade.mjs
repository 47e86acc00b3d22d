// Grading a class outside the browser, exactly as the gradebook page does
// (web/js/pages/instructor.js): the same hand-in parser, the same re-grading of every
// exercise answer and every student's code, the same re-runs of every claimed race, in the
// same WebAssembly (the built site's own engine, node-engine.mjs) and the same sandbox
// (node-sandbox.mjs); then the same gradebook, CSV and item analysis.
//
// The work scales out two ways:
//   workers  engine threads in this process, each with its share of the work;
//   shard    this process does share i of n (a stable hash of each race's settings and
//            of each hand-in's place) and writes what it found (part file); `merge`
//            reads the parts of every shard with the hand-ins and writes the gradebook,
//            as one machine would have.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_BYTES, parseHandins } from '../../web/js/work/handin.js';
import { gradebook, raceKey, toCsv } from '../../web/js/grading/gradebook.js';
import { verifyRaces } from '../../web/js/grading/verify.js';
import { regradeExercises } from '../../web/js/grading/verify-exercises.js';
import { regradeCode } from '../../web/js/grading/verify-code.js';
import { exerciseRulesOf } from '../../web/js/work/grading-rules.js';
import { itemAnalysis, itemAnalysisCsv } from '../../web/js/grading/item-analysis.js';
import { useSharedLimits } from '../../web/js/ui/shared-limits.js';
import { useLanguage } from '../../web/js/ui/i18n.js';
import { nodeLab } from './node-engine.mjs';
import { NodeSandbox } from './node-sandbox.mjs';

export const PART_FORMAT = 1;

// What the grader refuses, in words for the instructor (the command prints the message alone).
export class GradeError extends Error {}

// The content a site was built with, as its gradebook page holds it (#lab-data); its
// shared limits then apply here as in its pages.
export function siteData(siteDir) {
  const html = readFileSync(join(siteDir, 'instructor.html'), 'utf8');
  const m = /<script type="application\/json" id="lab-data">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new GradeError(`${siteDir}/instructor.html holds no #lab-data: is ${siteDir} a site built by the attention lab?`);
  const data = JSON.parse(m[1]);
  useSharedLimits(data.shared.fixed);  // the limits the site's pages apply (what a message quotes)
  // The words of the gradebook's CSV cells (flags, the race's status) in the site's language,
  // as its gradebook page writes them: the same file from the page and from here.
  if (data.lang) useLanguage(data.lang, data.messages || {});
  return data;
}

// Hand-in files ({name, text, size}) read as the page reads them: records, and the
// messages the page lists (kind 'ok' | 'note' | 'error').
export function readHandins(files) {
  const records = [], messages = [];
  for (const file of files) {
    if (file.size > MAX_BYTES) {
      messages.push({ kind: 'error', text: `${file.name}: too large (${(file.size / 1048576).toFixed(1)} MB): a hand-in file is a few kilobytes` });
      continue;
    }
    const { results, notes } = parseHandins(file.text, file.size);
    notes.forEach((n) => messages.push({ kind: 'note', text: `${file.name}: ${n}` }));
    results.forEach((r, k) => {
      const which = results.length > 1 ? ` (hand-in ${k + 1} of ${results.length})` : '';
      if (!r.ok) { messages.push({ kind: 'error', text: `${file.name}${which}: ${r.message}` }); return; }
      records.push(Object.assign(Object.create(null), r.record, { file: file.name, place: `${file.name}#${k}` }));
    });
  }
  return { records, messages };
}

// FNV-1a: a hash that is the same on every machine, for sharing work out.
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; ++i) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

// What one grader found, by key: the gradebook's evidence.
function emptyChecks() {
  return { races: new Map(), exercises: new Map(), code: new Map() };
}

// The site that grades a hand-in: the one of its build when it is at hand, else the
// course's (sites[0]), whose gradebook then names the other build.
export function siteFor(sites, engine) {
  return (engine && sites.find((s) => s.data.build && s.data.build.engine === engine)) || sites[0];
}

// Re-grades and re-runs the share {index, count} of the work (all of it by default) with
// `workers` engine threads, each hand-in with the engine of its build when one of `sites`
// ([{dir, data}], the course's first) is that build. -> checks (maps by key, as the page's).
export async function gradeWork({ sites, records, workers = 1, share = { index: 0, count: 1 }, onProgress = () => {} }) {
  const checks = emptyChecks();
  const mine = (key) => hash(key) % share.count === share.index;
  const ours = records.filter((r) => mine(`record ${r.place}`));
  const runs = records.flatMap((r) => r.races).filter((run) => mine(`race ${raceKey(run)}`));
  for (const site of sites) {
    const graded = (engine) => siteFor(sites, engine) === site;
    const group = { records: ours.filter((r) => graded(r.build && r.build.engine)), runs: runs.filter((run) => graded(run.engine)) };
    if (group.records.length || group.runs.length) await gradeGroup(site, group, checks, { workers, onProgress });
  }
  return checks;
}

async function gradeGroup({ dir, data }, { records, runs }, checks, { workers, onProgress }) {
  const answer = exerciseRulesOf(data.assignment).answer;
  const schemas = data.shared ? { ...data.widgets, shared: { fixed: data.shared.fixed } } : data.widgets;
  const done = { exercises: 0, code: 0, races: 0 };
  const report = (what) => ({ done: n }) => { done[what] = n; onProgress({ ...done }); };
  const labs = Array.from({ length: Math.max(1, workers) }, () => nodeLab(dir, schemas));
  const keys = [...new Set(runs.map(raceKey))];
  try {
    await Promise.all(labs.map(async (lab, k) => {
      await lab.ready;
      const sandbox = new NodeSandbox(data.widgets.code.fixed, dir);
      // Worker k takes every k-th hand-in and every k-th distinct race.
      const share = (list) => list.filter((_, i) => i % labs.length === k);
      const wanted = new Set(share(keys));
      try {
        await (await regradeExercises(lab, share(records), checks.exercises, { answer, onProgress: report('exercises') })).done;
        await (await regradeCode(lab, sandbox, share(records), checks.code, { onProgress: report('code') })).done;
        await verifyRaces(lab, runs.filter((run) => wanted.has(raceKey(run))), data.widgets.race, checks.races, { onProgress: report('races') }).done;
      } finally {
        sandbox.close();
      }
    }));
  } finally {
    for (const lab of labs) lab.worker.then((w) => w.terminate(), () => {});
  }
}

// The gradebook of the records with the checks found: the page's rows, CSV and item analysis.
// builds: the engines of the other sites that graded their hand-ins.
export function gradebookOf({ data, records, checks, now = Date.now(), builds = [] }) {
  const book = gradebook(records, { checks: data.checks, assignment: data.assignment, raceChecks: checks.races, exerciseChecks: checks.exercises, codeChecks: checks.code, memo: new WeakMap(), now, build: data.build || null, builds });
  const predict = Object.fromEntries(Object.entries(data.widgets).filter(([, w]) => w && w.predict && Array.isArray(w.predict.options))
    .map(([page, w]) => [page, w.predict.options.map((o) => o.id)]));
  const items = itemAnalysis(book.rows, { checks: data.checks, assignment: data.assignment, exerciseChecks: checks.exercises, predict });
  return { book, csv: toCsv(book.rows, data.assignment, data.checks), itemsCsv: itemAnalysisCsv(items) };
}

// A shard's part file: its checks as JSON (a verified race's matches() is rebuilt on merge).
export function partOf(checks, { share, build }) {
  const race = ([k, v]) => [k, v.status === 'verified' ? { status: v.status, gru: v.gru, attention: v.attention } : v];
  return {
    format: PART_FORMAT, shard: `${share.index + 1}/${share.count}`, build,
    races: [...checks.races].map(race), exercises: [...checks.exercises], code: [...checks.code],
  };
}

// Every shard's part, once each, of one build: -> the checks of the whole class.
export function mergeParts(parts) {
  const checks = emptyChecks();
  const count = parts.length ? Number(parts[0].shard.split('/')[1]) : 0;
  const seen = new Set();
  for (const p of parts) {
    if (p.format !== PART_FORMAT) throw new GradeError(`a part of format ${p.format}; this grader reads format ${PART_FORMAT}`);
    const [i, n] = String(p.shard).split('/').map(Number);
    if (n !== count) throw new GradeError(`parts of ${count} shards and of ${n} shards cannot be merged`);
    if (seen.has(i)) throw new GradeError(`shard ${i}/${n} is given twice`);
    const engine = (x) => (x.build && x.build.engine) || 'unknown';
    if (engine(p) !== engine(parts[0])) throw new GradeError(`the parts were graded with two builds of the lab (engines ${engine(parts[0])} and ${engine(p)})`);
    seen.add(i);
    for (const [k, v] of p.races) {
      checks.races.set(k, v.status === 'verified' ? { ...v, matches: (run) => run.gru === v.gru && run.attention === v.attention } : v);
    }
    for (const [k, v] of p.exercises) checks.exercises.set(k, v);
    for (const [k, v] of p.code) checks.code.set(k, v);
  }
  const missing = Array.from({ length: count }, (_, k) => k + 1).filter((k) => !seen.has(k));
  if (missing.length) throw new GradeError(`shard${missing.length > 1 ? 's' : ''} ${missing.map((k) => `${k}/${count}`).join(', ')} missing`);
  return checks;
}
