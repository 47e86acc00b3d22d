// Builds the static site in one folder that can be copied to any host:
//   node tools/site/build.mjs --out dist --wasm build/wasm/wasm [--kit build/wasm/kit] [--content content] [--pseudo]
// (--pseudo: the pseudo-locale en-XA too, in out/en-XA/, for layout tests; never shipped)
// in two steps: the kit, what every course shares (tools/site/kit.mjs: web/ bundled, the
// WebAssembly modules, KaTeX), then the site from the kit and the content (site.mjs,
// Node alone: what the npm package's `attention-lab build` runs for an instructor's course).
// The content is checked first: a malformed file stops the build with
// "file:line:column: what is wrong".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadContent } from './content.mjs';
import { webFiles } from './registry.mjs';
import { ContentError } from './errors.mjs';
import { makeKit } from './kit.mjs';
import { fillServiceWorker, siteFromKit } from './site.mjs';
import { QUALITY, compressTree } from './compress.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// The kit `tools/lab build` keeps.
const BUILT_KIT = process.env.LAB_KIT || join(ROOT, 'build/wasm/kit');

function arg(name, dflt) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : dflt;
}

// kitDir: where to keep the kit (a temporary folder when not given).
export async function buildSite({ out, wasmDir, contentDir = join(ROOT, 'content'), kitDir, pseudo = false }) {
  loadContent(contentDir, webFiles(join(ROOT, 'web')));  // content errors before the slow part
  const temp = kitDir ? null : mkdtempSync(join(tmpdir(), 'attention-lab-kit-'));
  try {
    // A kit made for one site only takes the unchanged files' twins from the repository's.
    await makeKit({ kitDir: kitDir || temp, wasmDir, reuse: kitDir ? [] : [BUILT_KIT] });
    return await siteFromKit({ out, kitDir: kitDir || temp, contentDir, pseudo });
  } finally {
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}

// The service worker of a site whose files changed after its build (tests of updates),
// and the compressed twins of every changed file.
export async function serviceWorker(out, kitDir = BUILT_KIT) {
  fillServiceWorker(out, kitDir);
  await compressTree(out, { quality: QUALITY.pages });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = resolve(arg('--out', join(ROOT, 'dist')));
  const wasmDir = resolve(arg('--wasm', join(ROOT, 'build/wasm/wasm')));
  const contentDir = resolve(arg('--content', join(ROOT, 'content')));
  const kitDir = arg('--kit') && resolve(arg('--kit'));
  buildSite({ out, wasmDir, contentDir, kitDir, pseudo: process.argv.includes('--pseudo') }).then(
    (r) => console.log(`site: ${out} (${r.sections} lesson sections, ${r.checks} quick checks)`),
    (err) => {
      console.error(err instanceof ContentError ? `content error: ${err.message}` : err.stack || String(err));
      process.exit(1);
    });
}
