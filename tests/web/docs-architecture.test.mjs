// The README is the front door and docs/ holds the rest (docs/architecture.md, instructors.md,
// testing.md, benchmarks.md, toolchain.md). What keeps them true as the tree grows:
// - docs/architecture.md's folder map names every tracked top-level folder, every folder of
//   src/ and of web/js/, each with its job on its line, and names no folder that is gone;
// - README.md stays a front door: at most 150 lines, and its page table names every page of
//   the registry (content/pages.json);
// - every relative link and picture in README.md and docs/ reaches a file, and a link to a
//   Markdown heading (#anchor) reaches a heading of that file.
// Each check is a function returning what is wrong, shown failing below on a broken input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { loadRegistry } from '../../tools/site/registry.mjs';

const README_MAX_LINES = 150;
const read = (f) => readFileSync(f, 'utf8');

// Tracked folders: the first components of `git ls-files` (the index, so a folder added but
// not yet committed counts). Without git (a copied tree), the folders on disk that
// .gitignore does not leave out.
function trackedPaths() {
  try {
    return execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8', maxBuffer: 64 << 20 }).split('\0').filter(Boolean);
  } catch {
    const ignored = new Set(read('.gitignore').split('\n').map((l) => l.trim().replace(/^\/|\/$/g, '')).filter(Boolean));
    const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = dir ? `${dir}/${e.name}` : e.name;
      if (e.name === '.git' || ignored.has(p)) return [];
      return e.isDirectory() ? walk(p) : [p];
    });
    return walk('');
  }
}
// The folders directly under `prefix` ('' for the top level) that hold tracked files.
function foldersUnder(paths, prefix) {
  const out = new Set();
  for (const p of paths) {
    if (!p.startsWith(prefix)) continue;
    const rest = p.slice(prefix.length).split('/');
    if (rest.length > 1) out.add(rest[0]);
  }
  return [...out].sort();
}

// The folder map: the first ``` block after "## Folders". Top-level entries start at column 0
// ("src/       the C++ library…"), src/'s and web/'s sub-entries are indented under them
// ("  core/ …", "  js/pages/ …"); an entry needs words after its name on the same line.
export function folderMap(markdown) {
  const at = markdown.indexOf('\n## Folders\n');
  const block = at < 0 ? null : /```\n([\s\S]*?)\n```/.exec(markdown.slice(at));
  const map = { top: [], src: [], webjs: [] };
  if (!block) return map;
  let parent = null;
  for (const line of block[1].split('\n')) {
    const top = /^(\.?[\w-]+)\/\s+\S/.exec(line);
    if (top) { parent = top[1]; map.top.push(parent); continue; }
    if (/^\S/.test(line)) { parent = null; continue; }
    const sub = /^ {2}([\w-]+(?:\/[\w-]+)*)\/\s+\S/.exec(line);
    if (!sub) continue;
    if (parent === 'src') map.src.push(sub[1]);
    if (parent === 'web' && sub[1].startsWith('js/')) map.webjs.push(sub[1].slice(3));
  }
  return map;
}

// What the map leaves out or names in vain, one line each.
export function architectureProblems(markdown, folders) {
  const map = folderMap(markdown);
  const problems = [];
  const where = { top: '', src: 'src/', webjs: 'web/js/' };
  for (const kind of ['top', 'src', 'webjs']) {
    for (const f of folders[kind]) if (!map[kind].includes(f)) problems.push(`${where[kind]}${f}/: no line in docs/architecture.md's folder map`);
    for (const f of map[kind]) if (!folders[kind].includes(f)) problems.push(`${where[kind]}${f}/: in docs/architecture.md's folder map, but not a tracked folder`);
  }
  return problems;
}

// The README as a front door: its length, and every registry page in it.
export function readmeProblems(text, pageFiles) {
  const problems = [];
  const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
  if (lines > README_MAX_LINES) problems.push(`README.md: ${lines} lines, more than ${README_MAX_LINES}; move the detail to docs/`);
  for (const f of pageFiles) if (!text.includes(`\`${f}\``)) problems.push(`README.md: the page ${f} is not in its page table`);
  return problems;
}

// GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens.
export const slug = (heading) => heading.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
const headings = (markdown) => new Set(markdown.replace(/```[\s\S]*?```/g, '').split('\n')
  .filter((l) => /^#{1,6} /.test(l)).map((l) => slug(l.replace(/^#+ /, ''))));

// Every relative link or picture in `files` ({path: text}) that reaches nothing.
// exists(path) and text(path) look at the tree (or, in the failing cases, at a stand-in).
export function linkProblems(files, exists, text) {
  const problems = [];
  for (const [file, markdown] of Object.entries(files)) {
    for (const m of markdown.replace(/```[\s\S]*?```/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
      const href = m[1];
      if (/^[a-z]+:/i.test(href)) continue;
      const [path, anchor] = href.split('#');
      const target = path === '' ? file : normalize(join(dirname(file), path));
      if (!exists(target)) { problems.push(`${file}: ${href} reaches no file`); continue; }
      if (anchor !== undefined && target.endsWith('.md') && !headings(text(target)).has(anchor)) {
        problems.push(`${file}: ${href} names no heading of ${target}`);
      }
    }
  }
  return problems;
}

const paths = trackedPaths();
const folders = { top: foldersUnder(paths, ''), src: foldersUnder(paths, 'src/'), webjs: foldersUnder(paths, 'web/js/') };
const architecture = read('docs/architecture.md');
const readme = read('README.md');
const pageFiles = loadRegistry('content', 'web').map((p) => p.file);
const docFiles = ['README.md', ...readdirSync('docs').filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
  ...readdirSync('docs', { withFileTypes: true }).filter((e) => e.isDirectory() && existsSync(`docs/${e.name}/README.md`)).map((e) => `docs/${e.name}/README.md`)];

test('docs/architecture.md names every tracked top-level folder and every folder of src/ and web/js/', () => {
  assert.ok(folders.top.includes('src') && folders.top.includes('.ci') && folders.src.includes('core') && folders.webjs.includes('engine'),
    `the tree as read: ${JSON.stringify(folders)}`);
  assert.deepEqual(architectureProblems(architecture, folders), []);
});

test('a folder missing from the map, or a map line for a folder that is gone, is named', () => {
  const without = (line) => {
    assert.ok(architecture.includes(line), line);
    return architecture.replace(line, '');
  };
  assert.deepEqual(architectureProblems(without('\n.ci/       '), folders), ['.ci/: no line in docs/architecture.md\'s folder map']);
  assert.deepEqual(architectureProblems(without('\n  nn/ '), folders), ['src/nn/: no line in docs/architecture.md\'s folder map']);
  assert.deepEqual(architectureProblems(without('\n  js/lms/ '), folders), ['web/js/lms/: no line in docs/architecture.md\'s folder map']);
  // A folder someone adds, at each level.
  const grown = { top: [...folders.top, 'extras'], src: [...folders.src, 'decoding'], webjs: [...folders.webjs, 'audio'] };
  assert.deepEqual(architectureProblems(architecture, grown), [
    'extras/: no line in docs/architecture.md\'s folder map',
    'src/decoding/: no line in docs/architecture.md\'s folder map',
    'web/js/audio/: no line in docs/architecture.md\'s folder map',
  ]);
  const gone = { ...folders, src: folders.src.filter((f) => f !== 'vision') };
  assert.deepEqual(architectureProblems(architecture, gone), ['src/vision/: in docs/architecture.md\'s folder map, but not a tracked folder']);
  // A name with no job beside it is no entry.
  assert.deepEqual(architectureProblems(architecture.replace(/\ncmake\/ +\S/, '\ncmake/\n           t'), folders), ['cmake/: no line in docs/architecture.md\'s folder map']);
  // No map at all: everything is named.
  assert.equal(architectureProblems(architecture.replace('## Folders', '## Places'), folders).length,
    folders.top.length + folders.src.length + folders.webjs.length);
});

test('README.md is a front door: at most 150 lines, every registry page in its table', () => {
  assert.deepEqual(readmeProblems(readme, pageFiles), []);
  assert.ok(pageFiles.length >= 10 && pageFiles.includes('race.html'));
});

test('a README over 150 lines, or one without a page, is named', () => {
  const lines = readme.split('\n').length - 1;
  const long = readme + 'more\n'.repeat(README_MAX_LINES + 1 - lines);
  assert.deepEqual(readmeProblems(long, pageFiles), [`README.md: ${README_MAX_LINES + 1} lines, more than ${README_MAX_LINES}; move the detail to docs/`]);
  assert.deepEqual(readmeProblems(readme + 'more\n'.repeat(README_MAX_LINES - lines), pageFiles), []);
  assert.deepEqual(readmeProblems(readme.replace(/\n\| `vision\.html` \|[^\n]*/, ''), pageFiles), ['README.md: the page vision.html is not in its page table']);
});

test('every relative link and picture in README.md and docs/ reaches a file, and its heading', () => {
  assert.ok(docFiles.includes('docs/architecture.md') && docFiles.includes('docs/gallery/README.md'), docFiles.join(', '));
  const files = Object.fromEntries(docFiles.map((f) => [f, read(f)]));
  assert.deepEqual(linkProblems(files, existsSync, read), []);
  // The front door leads to every document beside it.
  const unlinked = docFiles.filter((f) => f.startsWith('docs/') && !readme.includes(`](${f})`));
  assert.deepEqual(unlinked, [], 'docs the README does not link to');
});

test('a link to a missing file or heading is named', () => {
  const files = {
    'README.md': '[a](docs/gone.md) [b](docs/toolchain.md#browsers) [c](docs/toolchain.md#no-such) ![d](docs/gallery/x.jpg) [e](https://example.org/x)',
    'docs/x.md': '# Title\n\n## Two commands (fresh Debian 12, as root)\n\n[f](../README.md#two-commands-fresh-debian-12-as-root) [g](#title) [h](#what-toolslab-test-runs)\n',
  };
  const stand = {
    'README.md': '# R\n\n## Two commands (fresh Debian 12, as root)\n', 'docs/toolchain.md': '# Toolchain\n\n## Browsers\n',
    'docs/gallery/x.jpg': '', 'docs/x.md': files['docs/x.md'],
  };
  assert.deepEqual(linkProblems(files, (p) => Object.hasOwn(stand, p), (p) => stand[p]), [
    'README.md: docs/gone.md reaches no file',
    'README.md: docs/toolchain.md#no-such names no heading of docs/toolchain.md',
    'docs/x.md: #what-toolslab-test-runs names no heading of docs/x.md',
  ]);
  assert.equal(slug('What `tools/lab test` runs'), 'what-toolslab-test-runs');
  assert.equal(slug('Two commands (fresh Debian 12, as root)'), 'two-commands-fresh-debian-12-as-root');
});
