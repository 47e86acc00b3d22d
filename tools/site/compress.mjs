// The compressed twins of a built site's files: X.br (Brotli) and X.gz (gzip, level 9)
// beside each text file and WebAssembly module, for hosts that serve them as they are
// (nginx's brotli_static and gzip_static, Apache's rewrite rules: docs/instructors.md,
// "Serving the compressed files") and for tools/static-server.mjs's `compressed` option. Many hosts
// do not compress .wasm themselves, and the engine's modules are most of a page's bytes.
// Made twice: once for the kit's files (tools/site/kit.mjs), which every site copies with
// their twins, then for the site's own pages (tools/site/site.mjs), after their last byte.
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompress, brotliDecompressSync, constants, gunzipSync, gzip } from 'node:zlib';
import { join } from 'node:path';
import { promisify } from 'node:util';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Brotli's quality: the highest for the kit's files (the engine's modules and the scripts,
// most of what a page loads), made once and kept from kit to kit while unchanged; 8 for a
// site's own pages, made anew at every build: on content/'s 36 pages (8 MB) quality 11
// took 12 s of processor time and 8 half a second, for pages 9 % larger.
export const QUALITY = { kit: constants.BROTLI_MAX_QUALITY, pages: 8 };

// Text and WebAssembly. Not images, fonts or zips: they are compressed already.
const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt|md|xml|csv|map|wasm)$/;
const TWINS = ['.br', '.gz'];

// A compressed twin, which no list of the site's files names (the service worker's
// precache list, the SCORM manifests): a browser asks for X and gets X.br's bytes.
export const isTwin = (rel) => TWINS.some((ext) => rel.endsWith(ext));

// downloads/ holds packages fetched once, most of them zips: no twins there.
const compressible = (rel) => COMPRESSIBLE.test(rel) && rel !== 'downloads' && !rel.startsWith('downloads/');

// Relative paths, with '/', of the files under dir that get twins.
function compressibleFiles(dir, sub = '') {
  return readdirSync(join(dir, sub), { withFileTypes: true }).flatMap((e) => {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (e.isDirectory()) return rel === 'downloads' ? [] : compressibleFiles(dir, rel);
    return compressible(rel) ? [rel] : [];
  });
}

const encoders = {
  '.br': (bytes, rel, quality) => brotli(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: rel.endsWith('.wasm') ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  }),
  '.gz': (bytes) => gzipAsync(bytes, { level: 9 }),
};
const decoders = { '.br': brotliDecompressSync, '.gz': gunzipSync };

// True when twins of path are there and hold these bytes: the kit's, copied into the site
// with their files, are not made again (decoding costs a hundredth of encoding).
function twinsHold(path, bytes) {
  const there = TWINS.filter((ext) => existsSync(path + ext));
  return there.length > 0 && there.every((ext) => {
    try {
      return decoders[ext](readFileSync(path + ext)).equals(bytes);
    } catch {
      return false;
    }
  });
}

// One file's twins, each written only when it is smaller than the file: a file of a few
// dozen bytes gains nothing (gzip's header and trailer alone are 18 bytes), and a host
// serves the file itself when it has no twin. A twin of older bytes is removed. Twins of
// the same bytes in an earlier build (reuse: folders laid out as dir) are copied.
async function compressFile(dir, rel, { quality, reuse }) {
  const path = join(dir, rel);
  const bytes = readFileSync(path);
  if (twinsHold(path, bytes)) return;
  const earlier = reuse.map((other) => join(other, rel)).find((other) => twinsHold(other, bytes));
  await Promise.all(TWINS.map(async (ext) => {
    const packed = earlier ? (existsSync(earlier + ext) ? readFileSync(earlier + ext) : null) : await encoders[ext](bytes, rel, quality);
    if (packed && packed.length < bytes.length) writeFileSync(path + ext, packed);
    else rmSync(path + ext, { force: true });
  }));
}

// Every compressible file under dir (not downloads/), its twins made or brought up to
// date. Two files at a time, the largest first: zlib works on Node's thread pool, so both
// cores stay busy and the WebAssembly modules do not end the run alone.
export async function compressTree(dir, { quality, parallel = 2, reuse = [] }) {
  const size = (rel) => statSync(join(dir, rel)).size;
  const queue = compressibleFiles(dir).map((rel) => [rel, size(rel)]).sort((a, b) => b[1] - a[1]).map(([rel]) => rel);
  const worker = async () => {
    for (let rel = queue.shift(); rel !== undefined; rel = queue.shift()) await compressFile(dir, rel, { quality, reuse });
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}
