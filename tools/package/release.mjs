// The release: every file an instructor may want from one build, side by side, so that a
// tagged version can be published as it is (.github/workflows/release.yml puts each file
// on the GitHub release) and downloaded without building anything.
//
//   attention-lab-site-VERSION.zip   the whole built site (dist/) in a folder
//                                    attention-lab-VERSION/: unzip it and open index.html
//                                    from disk, or upload the folder to any static web space.
//                                    Entries sorted, each dated 1980-01-01: the same dist/
//                                    gives the same zip, byte for byte.
//   attention-lab-scorm12.zip,       the two SCORM packages, and the quick checks as question
//   attention-lab-scorm2004.zip,     banks (Moodle XML, GIFT, QTI 2.1), copied from
//   attention-lab-checks-*           dist/downloads/ under the names they have there (and in
//                                    the site's links and docs/instructors.md)
//   attention-lab-VERSION.tgz        the npm package (tools/package/pack.mjs): a course of
//                                    one's own, built with Node alone
//   NOTES.md                         what each file is for, in an instructor's words; the
//                                    release's description on GitHub
//
// VERSION is package.json's. Before writing, files of an earlier release in the folder (the
// names above, any version) are removed; nothing else there is touched.
//
//   node tools/package/release.mjs [--dist dist] [--kit build/wasm/kit] [--out build/release]
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { PACKAGES } from '../site/scorm.mjs';
import { readKit } from '../site/site.mjs';
import { pack } from './pack.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;

// The question banks, named as tools/site/question-banks.mjs writes them into dist/downloads/.
export const QUESTION_BANKS = ['attention-lab-checks-moodle.xml', 'attention-lab-checks-gift.txt', 'attention-lab-checks-qti21.zip'];

export const siteZipName = (version = VERSION) => `attention-lab-site-${version}.zip`;

// Formats already compressed are stored; deflating them again only costs time.
const STORED = /\.(zip|woff2?|png|jpe?g|gif|webp|gz|br)$/i;

// Paths under dir, relative, with '/', folders ending in '/'.
function walk(dir, prefix = '') {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? [`${prefix}${name}/`, ...walk(p, `${prefix}${name}/`)] : [`${prefix}${name}`];
  });
}

// The site folder as a zip (Buffer): one top folder, every folder an entry of its own,
// entries in sorted order of their paths. Every entry dated 1980-01-01 in local time, as the
// SCORM packages and the QTI package are: a zip stores local time, so the date is made (and
// read by fflate) in the time zone of the call and the bytes are the same in every zone.
export function siteZip(dist, version = VERSION) {
  const mtime = new Date(1980, 0, 1);
  const top = `attention-lab-${version}/`;
  const entries = {};
  entries[top] = [new Uint8Array(0), { level: 0 }];
  for (const path of walk(dist).sort()) {
    entries[top + path] = path.endsWith('/')
      ? [new Uint8Array(0), { level: 0 }]
      : [readFileSync(join(dist, path)), { level: STORED.test(path) ? 0 : 9 }];
  }
  return Buffer.from(zipSync(entries, { mtime }));
}

function notes(version, files) {
  const [scorm12, scorm2004] = [PACKAGES['1.2'], PACKAGES['2004']];
  const [moodle, giftFile, qti] = QUESTION_BANKS;
  const tgz = files.find((f) => f.endsWith('.tgz'));
  return `# Attention lab ${version}

A browser lab on attention and self-attention: the lesson and its quick checks, live widgets
(the attention table, the training race, translation with cross-attention, …), exercises drawn
per student and a gradebook that re-runs what it grades. Everything runs in the student's
browser; no server code. Download only what your use needs:

| you want to | download |
| --- | --- |
| put the lab on a web site (GitHub Pages, a university web space, any static host), or use it from your own disk | \`${siteZipName(version)}\` |
| add it to an LMS course as one activity that reports completion and a score | \`${scorm2004}\` (Canvas, Blackboard, Brightspace, SCORM Cloud) or \`${scorm12}\` (Moodle, and any LMS that takes only SCORM 1.2) |
| ask the quick checks in your LMS's own quiz | \`${moodle}\` (Moodle XML), \`${giftFile}\` (GIFT) or \`${qti}\` (QTI 2.1: Canvas, Brightspace, Blackboard) |
| change the lesson, the checks or the assignment and build a course of your own, or grade a large class from the command line | \`${tgz}\` |

## The files

- **\`${siteZipName(version)}\`**: the whole site in a folder \`attention-lab-${version}/\`. Unzip it
  and open \`index.html\`: from disk it runs single-threaded, with nothing else installed. Or
  upload the folder as it is to any static web space and link students to its \`index.html\`;
  over http(s) it works offline after the first visit, and runs threaded (on a host that
  cannot send COOP/COEP headers, from the second page on). \`instructor.html\` is the gradebook;
  \`downloads/\` holds the same SCORM packages and question banks as this release.
- **\`${scorm2004}\`**, **\`${scorm12}\`**: the students' part of the site as a SCORM package,
  one file to upload as a SCORM activity. Choose 2004 when the LMS supports it: it reports
  passed or failed and one record per question, and keeps more of the student's work. Choose
  1.2 for Moodle (its SCORM 2004 support is incomplete) and for an LMS that takes nothing else.
- **\`${moodle}\`**, **\`${giftFile}\`**, **\`${qti}\`**: the quick checks as question banks to
  import (Moodle: Question bank, Import). Multiple-choice checks keep every option's feedback;
  the short answer is an essay question with the model answer and rubric for the grader.
- **\`${tgz}\`**: the npm package (Node 20 or newer, no other tools): the prebuilt lab, the
  site builder, a JSON Schema for every content file and the grader for a large class.
  \`npm install -g ./${tgz}\`, then \`attention-lab init my-course\` makes a course of your own
  (content/, a README, a GitHub Pages workflow); in it, \`npm install --save-dev ./${tgz}\`
  (keep the file in the course's repository, so its Pages workflow finds it) and
  \`npx attention-lab build .\` writes the site into \`site/\`. \`attention-lab grade\` grades
  hand-ins outside the browser.

Each file comes from the same build; the repository's docs/instructors.md says more.
`;
}

export async function release({ dist = join(ROOT, 'dist'), kitDir = join(ROOT, 'build/wasm/kit'), out = join(ROOT, 'build/release') } = {}) {
  const downloads = [PACKAGES['1.2'], PACKAGES['2004'], ...QUESTION_BANKS];
  for (const f of ['index.html', ...downloads.map((d) => `downloads/${d}`)]) {
    if (!existsSync(join(dist, f))) throw new Error(`${dist} is not a built site: it has no ${f} (run tools/lab build)`);
  }
  const kit = readKit(kitDir);
  if (kit.version !== VERSION) throw new Error(`the kit ${kitDir} is version ${kit.version}, package.json says ${VERSION}: rebuild`);

  mkdirSync(out, { recursive: true });
  const ours = new Set(['NOTES.md', ...downloads]);
  for (const f of readdirSync(out)) {
    if (ours.has(f) || /^attention-lab-(site-)?\d[\w.+-]*\.(zip|tgz)$/.test(f)) rmSync(join(out, f), { force: true });
  }

  const files = [];
  const site = join(out, siteZipName());
  writeFileSync(site, siteZip(dist));
  files.push(site);
  for (const d of downloads) {
    copyFileSync(join(dist, 'downloads', d), join(out, d));
    files.push(join(out, d));
  }
  files.push(await pack({ kitDir, out }));
  const notesPath = join(out, 'NOTES.md');
  writeFileSync(notesPath, notes(VERSION, files.map((f) => basename(f))));
  files.push(notesPath);
  return files;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name, dflt) => { const i = process.argv.indexOf(name); return i >= 0 ? resolve(process.argv[i + 1]) : dflt; };
  release({ dist: arg('--dist', undefined), kitDir: arg('--kit', undefined), out: arg('--out', undefined) }).then((files) => {
    for (const f of files) console.log(`release: ${f}`);
  }, (err) => {
    console.error(err.stack || String(err));
    process.exit(1);
  });
}
