// tools/static-server.mjs with `compressed`: a file's .br or .gz twin (tools/site/compress.mjs)
// sent as nginx's brotli_static and gzip_static send it, by what Accept-Encoding allows,
// Brotli first, with Content-Encoding, the file's own Content-Type and Vary; the file
// itself when it has no twin, when nothing it has is accepted, and without the option.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../tools/static-server.mjs';
import { QUALITY, compressTree } from '../../tools/site/compress.mjs';

let root, compressed, plain;

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'served-'));
  mkdirSync(join(root, 'wasm'));
  writeFileSync(join(root, 'index.html'), `<!doctype html><title>Lab</title>${'<p>The attention lab.</p>\n'.repeat(200)}`);
  writeFileSync(join(root, 'wasm/engine.wasm'), Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(8192, 'module ')]));
  writeFileSync(join(root, 'tiny.js'), '1\n');  // too small to gain from compression: no twin
  writeFileSync(join(root, 'logo.png'), Buffer.alloc(4096, 7));  // an image: never a twin
  await compressTree(root, { quality: QUALITY.pages });
  compressed = await startServer({ root, port: 0, isolation: true, compressed: true });
  plain = await startServer({ root, port: 0, isolation: true });
});

after(() => {
  compressed.close();
  plain.close();
});

// The raw response (node:http does not decode), headers and bytes as sent.
function get(server, path, acceptEncoding, method = 'GET') {
  const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
  return new Promise((ok, fail) => {
    request({ host: '127.0.0.1', port: server.address().port, path, method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', fail).end();
  });
}

const file = (rel) => readFileSync(join(root, rel));

test('the twins exist where compression pays, and not for tiny files or images', () => {
  for (const rel of ['index.html', 'wasm/engine.wasm']) for (const ext of ['.br', '.gz']) assert.ok(file(rel + ext).length < file(rel).length);
  for (const rel of ['tiny.js.br', 'tiny.js.gz', 'logo.png.br', 'logo.png.gz']) assert.throws(() => file(rel), { code: 'ENOENT' });
});

test('Brotli when accepted, gzip when only it is, with the file\'s type and Vary', async () => {
  const cases = [
    ['gzip, deflate, br', 'br'], ['br', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip', 'gzip'], ['*', 'br'],
    ['br;q=0, *;q=0.5', 'gzip'], ['BR;Q=1', 'br'], ['identity', undefined], ['br;q=0, gzip;q=0', undefined], [undefined, undefined],
  ];
  for (const [accept, coding] of cases) {
    const res = await get(compressed, '/wasm/engine.wasm', accept);
    assert.equal(res.status, 200, accept);
    assert.equal(res.headers['content-encoding'], coding, accept);
    assert.equal(res.headers['content-type'], 'application/wasm', accept);
    assert.equal(res.headers.vary, 'Accept-Encoding', accept);
    assert.ok(res.body.equals(file(`wasm/engine.wasm${{ br: '.br', gzip: '.gz' }[coding] || ''}`)), `${accept}: the wrong bytes`);
    // The isolation headers as for every file.
    assert.equal(res.headers['cross-origin-embedder-policy'], 'require-corp');
  }
  // A folder's index page, and a HEAD request (the headers alone).
  const index = await get(compressed, '/', 'br');
  assert.equal(index.headers['content-encoding'], 'br');
  assert.equal(index.headers['content-type'], 'text/html; charset=utf-8');
  assert.ok(index.body.equals(file('index.html.br')));
  const head = await get(compressed, '/index.html', 'gzip', 'HEAD');
  assert.equal(head.headers['content-encoding'], 'gzip');
  assert.equal(head.body.length, 0);
});

test('a file without a twin, or served without the option, is sent as it is', async () => {
  for (const rel of ['tiny.js', 'logo.png']) {
    const res = await get(compressed, `/${rel}`, 'gzip, deflate, br');
    assert.equal(res.headers['content-encoding'], undefined, rel);
    assert.equal(res.headers.vary, undefined, rel);
    assert.ok(res.body.equals(file(rel)), rel);
  }
  const res = await get(plain, '/wasm/engine.wasm', 'gzip, deflate, br');
  assert.equal(res.headers['content-encoding'], undefined);
  assert.ok(res.body.equals(file('wasm/engine.wasm')));
  assert.equal((await get(compressed, '/missing.js', 'br')).status, 404);
});
