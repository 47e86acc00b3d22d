// The GitHub Actions workflows the project ships, linted against GitHub's published
// workflow schema by @action-validator/core (a misspelt key, a step with neither `run`
// nor `uses`, a job without `runs-on`: each an error here rather than a failed run on a
// tag or in an instructor's repository): the release (.github/workflows/release.yml), the
// starter's GitHub Pages workflow (tools/package/starter/.github/workflows/pages.yml) and
// the grading workflow of the npm package (tools/grade/cluster/github-actions-grade.yml).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateWorkflow } from '@action-validator/core';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path) => readFileSync(join(ROOT, path), 'utf8');

const WORKFLOWS = [
  '.github/workflows/release.yml',
  'tools/package/starter/.github/workflows/pages.yml',
  'tools/grade/cluster/github-actions-grade.yml',
];

// The validator's errors, one line each: a oneOf's alternatives hold the details.
function errors(source) {
  const lines = [];
  const walk = (list, depth) => {
    for (const e of list) {
      lines.push(`${'  '.repeat(depth)}${e.path ?? ''}${e.location ? ` line ${e.location.line}` : ''}: ${e.title}${e.detail ? ` (${e.detail})` : ''}`);
      for (const s of e.states ?? []) walk(s.errors, depth + 1);
    }
  };
  walk(validateWorkflow(source).errors, 0);
  return lines;
}

for (const path of WORKFLOWS) {
  test(`${path} is a valid workflow`, () => {
    assert.deepEqual(errors(read(path)), []);
  });
}

test('the linter rejects a misspelt key, so a passing lint means something', () => {
  const good = 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo hi\n';
  assert.deepEqual(errors(good), []);
  const bad = errors(good.replace('runs-on:', 'runs-onn:'));
  assert.ok(bad.some((l) => /runs-onn/.test(l)), bad.join('\n'));
  // And a misspelt key in a step, and YAML that does not parse.
  assert.notDeepEqual(errors(good.replace('- run:', '- runn:')), []);
  assert.notDeepEqual(errors('on: push\njobs:\n  a: [\n'), []);
});

test('the release workflow runs on tags v*, tests before it publishes, and publishes every file of build/release', () => {
  const text = read('.github/workflows/release.yml');
  assert.match(text, /^ {4}tags: \['v\*'\]$/m);
  assert.match(text, /^ {2}contents: write\b/m);
  assert.match(text, /image: debian:12/);
  const steps = ['tools/lab test', 'node tools/package/release.mjs --out build/release', 'gh release create "$GITHUB_REF_NAME" build/release/*'];
  const at = steps.map((s) => text.indexOf(s));
  assert.ok(at.every((i) => i > 0), `missing: ${steps.filter((s, k) => at[k] < 0)}`);
  assert.deepEqual([...at].sort((a, b) => a - b), at, 'test, then make the files, then publish');
  assert.match(text, /--notes-file build\/release\/NOTES\.md/);
  assert.match(text, /GH_TOKEN: \$\{\{ github\.token \}\}/);
});

test("the starter's workflow publishes the built folder site/ with GitHub's official Pages actions", () => {
  const text = read('tools/package/starter/.github/workflows/pages.yml');
  for (const action of ['actions/configure-pages', 'actions/upload-pages-artifact', 'actions/deploy-pages']) {
    assert.match(text, new RegExp(`^\\s*(- )?uses: ${action}@v\\d+\\s*$`, 'm'), action);
  }
  // The artifact is the folder `attention-lab build .` writes: site/.
  assert.match(text, /uses: actions\/upload-pages-artifact@v\d+\s*\n\s+with:\s*\n\s+path: (\.\/)?site\/?\s*$/m);
  assert.match(text, /attention-lab build \./);
  // Pages deploys need these permissions; the deploy job waits for the build.
  assert.match(text, /^ {2}pages: write$/m);
  assert.match(text, /^ {2}id-token: write$/m);
  assert.match(text, /needs: build/);
});
