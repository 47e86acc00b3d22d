// The npm package: the prebuilt lab (the kit: both WebAssembly builds, the page scripts,
// styles and fonts), the site builder and the command that runs it (bin/attention-lab.mjs,
// tools/package/cli.mjs bundled with its libraries), a JSON Schema for every content
// file, and the starter an instructor's course begins from (tools/package/starter/ with
// this repository's content/). No dependencies: it installs offline, in seconds.
//
//   node tools/package/pack.mjs [--kit build/wasm/kit] [--out build/package]
//     -> build/package/attention-lab-VERSION.tgz
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { readKit } from '../site/site.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// npm's own script beside the running node (Debian: /usr/lib/node_modules/npm; the
// installers of nodejs.org: lib/node_modules/npm, or node_modules/npm on Windows).
export function npmCli() {
  const bin = dirname(process.execPath);
  const found = [join(bin, '../lib/node_modules/npm/bin/npm-cli.js'), join(bin, 'node_modules/npm/bin/npm-cli.js')].find((p) => existsSync(p));
  if (!found) throw new Error(`npm is not beside ${process.execPath}`);
  return found;
}

// tools/site/widget-checks.mjs reads its folder at run time; the bundle imports each
// check by name instead.
const widgetChecksStatic = {
  name: 'widget-checks-static',
  setup(b) {
    b.onLoad({ filter: /tools[\\/]site[\\/]widget-checks\.mjs$/ }, () => {
      const dir = join(ROOT, 'tools/site/widgets');
      const names = readdirSync(dir).filter((f) => /^[a-z][\w-]*\.mjs$/.test(f)).sort().map((f) => f.replace(/\.mjs$/, ''));
      return {
        resolveDir: dir, loader: 'js',
        // A file without a check (a helper of one) is undefined here, as in the folder's loader.
        contents: `${names.map((n, i) => `import * as c${i} from './${n}.mjs';`).join('\n')}\nexport const WIDGET_CHECKS = {${names.map((n, i) => `${JSON.stringify(n)}: c${i}.check`).join(', ')}};\n`,
      };
    });
  },
};

export async function pack({ kitDir = join(ROOT, 'build/wasm/kit'), out = join(ROOT, 'build/package') } = {}) {
  const { version } = readKit(kitDir);
  const stage = join(out, 'stage');
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(join(stage, 'bin'), { recursive: true });
  // The command, and beside it the grader's two worker threads (tools/grade/), which the
  // command starts by their names next to its own file.
  await esbuild({
    entryPoints: { 'attention-lab': join(ROOT, 'tools/package/cli.mjs'), 'engine-thread': join(ROOT, 'tools/grade/engine-thread.mjs'), 'runner-thread': join(ROOT, 'tools/grade/runner-thread.mjs') },
    outdir: join(stage, 'bin'), outExtension: { '.js': '.mjs' },
    bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'error', plugins: [widgetChecksStatic],
    // Libraries written as CommonJS (KaTeX's, markdown-it's) call require().
    banner: { js: "#!/usr/bin/env node\nimport { createRequire as __labRequire } from 'node:module';\nconst require = __labRequire(import.meta.url);" },
  });
  cpSync(kitDir, join(stage, 'kit'), { recursive: true });
  cpSync(join(ROOT, 'tools/package/schemas'), join(stage, 'schemas'), { recursive: true });
  cpSync(join(ROOT, 'tools/grade/cluster'), join(stage, 'grading'), { recursive: true });
  cpSync(join(ROOT, 'tools/package/starter'), join(stage, 'starter'), { recursive: true });
  cpSync(join(ROOT, 'content'), join(stage, 'starter/content'), { recursive: true });
  // npm drops files named .gitignore from packages: the starter's is gitignore until init.
  renameSync(join(stage, 'starter/.gitignore'), join(stage, 'starter/gitignore'));
  const starterPkg = join(stage, 'starter/package.json');
  writeFileSync(starterPkg, readFileSync(starterPkg, 'utf8').replace('LAB_VERSION', version));
  cpSync(join(ROOT, 'tools/package/README.md'), join(stage, 'README.md'));
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify({
    name: 'attention-lab',
    version,
    description: 'A browser lab on attention and self-attention, prebuilt: make a course of your own with Node alone, host it on any static site.',
    type: 'module',
    license: 'MIT',
    bin: { 'attention-lab': 'bin/attention-lab.mjs' },
    engines: { node: '>=20' },
    files: ['bin', 'kit', 'schemas', 'starter', 'grading'],
  }, null, 2)}\n`);
  const tgz = execFileSync(process.execPath, [npmCli(), 'pack', '--silent', '--pack-destination', out], { cwd: stage, encoding: 'utf8' }).trim().split('\n').pop();
  rmSync(stage, { recursive: true, force: true });
  return join(out, tgz);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name, dflt) => { const i = process.argv.indexOf(name); return i >= 0 ? resolve(process.argv[i + 1]) : dflt; };
  pack({ kitDir: arg('--kit', undefined), out: arg('--out', undefined) }).then((tgz) => console.log(`package: ${tgz}`), (err) => {
    console.error(err.stack || String(err));
    process.exit(1);
  });
}
