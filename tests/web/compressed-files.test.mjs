// The compressed twins of a built site (tools/site/compress.mjs): X.br and X.gz beside every
// text file and WebAssembly module, each decoding to X byte for byte; the kit's made once
// with the kit and copied; none in downloads/ and none named by a list of the site's files
// (the service worker's precache list, the SCORM manifests, the packages). A site is built
// from the kit of `tools/lab build` when there is one, else from a kit made here with
// stand-ins for the compiled modules.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { makeKit } from '../../tools/site/kit.mjs';
import { siteFromKit } from '../../tools/site/site.mjs';
import { serviceWorker } from '../../tools/site/build.mjs';
import { QUALITY } from '../../tools/site/compress.mjs';

const BUILT_KIT = process.env.LAB_KIT || 'build/wasm/kit';
const TEXT_OR_WASM = /\.(html|js|mjs|css|json|svg|txt|md|xml|csv|wasm)$/;
const TWIN = /\.(br|gz)$/;
const DECODE = { '.br': brotliDecompressSync, '.gz': gunzipSync };
const ENCODE = {
  '.br': (b, quality) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
  '.gz': (b) => gzipSync(b, { level: 9 }),
};
let kitDir, out;

// Files under a folder, relative, with '/'.
function listFiles(root, sub = '') {
  return readdirSync(join(root, sub), { withFileTypes: true }).flatMap((e) => {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    return e.isDirectory() ? listFiles(root, rel) : [rel];
  });
}

// The compiled modules' stand-ins: scripts, and .wasm files with WebAssembly's header and
// enough bytes that compression pays (the builder only copies them).
function standInModules(dir) {
  mkdirSync(dir, { recursive: true });
  for (const f of ['attention_lab_mt.js', 'attention_lab_mt.worker.js', 'attention_lab_st.js', 'attention_lab_single.js']) writeFileSync(join(dir, f), '// stand-in\n');
  const wasm = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(16384, 'stand-in module ')]);
  for (const f of ['attention_lab_mt.wasm', 'attention_lab_st.wasm']) writeFileSync(join(dir, f), wasm);
}

before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'compressed-'));
  kitDir = BUILT_KIT;
  if (!existsSync(join(kitDir, 'kit.json'))) {
    standInModules(join(dir, 'modules'));
    kitDir = join(dir, 'kit');
    await makeKit({ kitDir, wasmDir: join(dir, 'modules') });
  }
  out = join(dir, 'site');
  await siteFromKit({ out, kitDir, contentDir: 'content' });
});

// What is wrong with the twins of the folder's files: a twin that does not decode to its
// file, a file missing a twin that would have been smaller (at the quality the kit's files
// or the site's pages get), a twin with no file, a twin where none belongs (downloads/,
// images, fonts, zips).
function twinProblems(root) {
  const quality = (rel) => (existsSync(join(kitDir, 'site', rel)) ? QUALITY.kit : QUALITY.pages);
  const files = listFiles(root);
  const present = new Set(files);
  const problems = [];
  for (const rel of files) {
    if (TWIN.test(rel)) {
      const original = rel.replace(TWIN, '');
      if (!present.has(original)) problems.push(`${rel}: no ${original} beside it`);
      else if (!TEXT_OR_WASM.test(original) || original.startsWith('downloads/')) problems.push(`${rel}: ${original} gets no twin`);
      continue;
    }
    if (!TEXT_OR_WASM.test(rel) || rel.startsWith('downloads/')) continue;
    const bytes = readFileSync(join(root, rel));
    for (const ext of ['.br', '.gz']) {
      if (present.has(rel + ext)) {
        if (!DECODE[ext](readFileSync(join(root, rel + ext))).equals(bytes)) problems.push(`${rel}${ext} does not decode to ${rel}`);
      } else if (ENCODE[ext](bytes, quality(rel)).length < bytes.length) {
        problems.push(`${rel} has no ${ext}, which would save bytes`);
      }
    }
  }
  return problems;
}

test('every text file and WebAssembly module of the site has .br and .gz twins that decode to it', () => {
  assert.deepEqual(twinProblems(out), []);
  const files = listFiles(out);
  // Not vacuous: the modules, the bundles, the pages in both languages and the filled service worker.
  for (const rel of ['wasm/attention_lab_mt.wasm', 'wasm/attention_lab_st.wasm', 'js/race.js', 'css/lab.css', 'index.html', 'fr/race.html', 'service-worker.js', 'vendor/katex/katex.min.css']) {
    for (const ext of ['.br', '.gz']) assert.ok(files.includes(rel + ext), `${rel}${ext} is missing`);
  }
  assert.equal(files.filter((f) => f.startsWith('downloads/') && TWIN.test(f)).length, 0);
  // The filled service worker's twin holds the filled worker, not the kit's token.
  assert.ok(!brotliDecompressSync(readFileSync(join(out, 'service-worker.js.br'))).toString().includes('__ATTENTION_LAB_PRECACHE__'));
});

test('the kit holds the twins of its files, made once and copied into each site as they are', () => {
  const site = join(kitDir, 'site');
  assert.deepEqual(twinProblems(site), []);
  const twins = listFiles(site).filter((f) => TWIN.test(f));
  assert.ok(twins.includes('wasm/attention_lab_mt.wasm.br') && twins.includes('js/race.js.gz'), 'the kit has no twins: made by a builder before the twins?');
  for (const rel of twins) assert.ok(readFileSync(join(out, rel)).equals(readFileSync(join(site, rel))), `${rel} differs from the kit's`);
});

test('no list of the site\'s files names a twin: the precache list, the SCORM manifests and packages', () => {
  const worker = readFileSync(join(out, 'service-worker.js'), 'utf8');
  const urls = [...worker.matchAll(/\{"url":"([^"]+)","revision":"[0-9a-f]+"\}/g)].map((m) => m[1]);
  assert.ok(urls.includes('index.html') && urls.includes('wasm/attention_lab_mt.wasm'), 'the precache list was not found in service-worker.js');
  assert.deepEqual(urls.filter((u) => TWIN.test(u)), []);
  for (const zip of listFiles(join(out, 'downloads')).filter((f) => f.endsWith('.zip'))) {
    const entries = unzipSync(new Uint8Array(readFileSync(join(out, 'downloads', zip))));
    assert.deepEqual(Object.keys(entries).filter((e) => TWIN.test(e)), [], zip);
    const manifest = entries['imsmanifest.xml'] ? Buffer.from(entries['imsmanifest.xml']).toString('utf8') : '';
    assert.doesNotMatch(manifest, /\.(br|gz)"/, `${zip}'s manifest`);
  }
});

test('a page changed after the build, with its service worker filled anew, gets new twins', async () => {
  const index = join(out, 'index.html');
  writeFileSync(index, readFileSync(index, 'utf8').replace('</main>', '<p id="second-build">The second build.</p></main>'));
  await serviceWorker(out, kitDir);
  assert.match(brotliDecompressSync(readFileSync(`${index}.br`)).toString(), /id="second-build"/);
  assert.match(gunzipSync(readFileSync(`${index}.gz`)).toString(), /id="second-build"/);
  assert.deepEqual(twinProblems(out), []);
});
