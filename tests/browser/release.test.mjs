// The release's files (tools/package/release.mjs), made from the built site and kit as the
// release workflow makes them: every file there, the downloads the same bytes as the site's,
// the site's zip one folder holding exactly dist/, every entry sorted and dated 1980-01-01,
// the same bytes when made again (in another time zone too); and unzipped, the folder works
// from disk: the landing page opens and a short race runs to its end in Chromium.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import { test, DIST, openPage, launchChromium } from './support.mjs';
import { QUESTION_BANKS, release, siteZip } from '../../tools/package/release.mjs';
import { PACKAGES } from '../../tools/site/scorm.mjs';

const VERSION = JSON.parse(readFileSync('package.json', 'utf8')).version;
const SITE = resolve(DIST);
const KIT = resolve(process.env.LAB_KIT || 'build/wasm/kit');
const TOP = `attention-lab-${VERSION}/`;
const DOWNLOADS = [PACKAGES['1.2'], PACKAGES['2004'], ...QUESTION_BANKS];

let dir, out, files, browser;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'release-'));
  out = join(dir, 'release');
  files = await release({ dist: SITE, kitDir: KIT, out });
  browser = await launchChromium();
});

after(async () => {
  if (browser) await browser.close();
  rmSync(dir, { recursive: true, force: true });
});

// Files under a folder, relative, with '/'.
function listFiles(root, sub = '') {
  return readdirSync(join(root, sub)).flatMap((name) => {
    const rel = sub ? `${sub}/${name}` : name;
    return statSync(join(root, rel)).isDirectory() ? listFiles(root, rel) : [rel];
  });
}

// The zip's central directory, in its order: each entry's name and DOS date and time.
function centralDirectory(zip) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(end >= 0, 'no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = [];
  for (let i = 0; i < count; ++i) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50, `central directory entry ${i}`);
    const nameLength = zip.readUInt16LE(at + 28);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      time: zip.readUInt16LE(at + 12),
      date: zip.readUInt16LE(at + 14),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

test('the release holds the site, both SCORM packages, the three question banks, the npm package and the notes', () => {
  const site = `attention-lab-site-${VERSION}.zip`, tgz = `attention-lab-${VERSION}.tgz`;
  const expected = [site, ...DOWNLOADS, tgz, 'NOTES.md'];
  assert.deepEqual(files.map((f) => f.slice(out.length + 1)), expected);
  assert.deepEqual(readdirSync(out).sort(), [...expected].sort(), 'nothing else in the folder');
  for (const f of files) assert.ok(statSync(f).size > 0, `${f} is empty`);
  // The downloads as the site offers them, byte for byte.
  for (const d of DOWNLOADS) assert.ok(readFileSync(join(out, d)).equals(readFileSync(join(SITE, 'downloads', d))), d);
  // A gzipped tarball.
  assert.deepEqual([...readFileSync(join(out, tgz)).subarray(0, 2)], [0x1f, 0x8b]);
  // The notes name every other file, and say which to take for what.
  const notes = readFileSync(join(out, 'NOTES.md'), 'utf8');
  for (const f of expected.slice(0, -1)) assert.ok(notes.includes(`\`${f}\``), `NOTES.md does not name ${f}`);
  assert.match(notes, /^# Attention lab \d+\.\d+\.\d+$/m);
  assert.match(notes, /\| you want to \| download \|/);
});

test("the site's zip: dist/ in one folder, entries sorted, each dated 1980-01-01, the same bytes when made again", () => {
  const zip = readFileSync(files[0]);
  const entries = centralDirectory(zip);
  const names = entries.map((e) => e.name);
  assert.deepEqual(names, [...names].sort(), 'entries in sorted order');
  assert.ok(names.every((n) => n.startsWith(TOP)), names.find((n) => !n.startsWith(TOP)));
  // 1980-01-01 00:00 as a DOS date and time: ((1980 - 1980) << 9) | (1 << 5) | 1, and 0.
  for (const e of entries) assert.deepEqual([e.name, e.date, e.time], [e.name, 0x21, 0]);

  // Exactly dist/'s files, with their bytes; every folder an entry of its own.
  const unzipped = unzipSync(zip);
  const inZip = Object.keys(unzipped).filter((n) => !n.endsWith('/')).map((n) => n.slice(TOP.length)).sort();
  const inDist = listFiles(SITE).sort();
  assert.deepEqual(inZip, inDist);
  for (const f of inDist) assert.ok(Buffer.from(unzipped[TOP + f]).equals(readFileSync(join(SITE, f))), f);
  const folders = new Set(inDist.flatMap((f) => f.split('/').slice(0, -1).map((_, i, parts) => `${TOP}${parts.slice(0, i + 1).join('/')}/`)));
  for (const d of folders) assert.ok(d in unzipped, `no entry for the folder ${d}`);

  // Made twice, and in a time zone far from this one: the same bytes.
  assert.ok(siteZip(SITE).equals(zip), 'a second zip of the same dist/ differs');
  const zone = process.env.TZ;
  try {
    process.env.TZ = 'Asia/Tokyo';  // UTC+9 (Node takes a new TZ at once)
    assert.ok(siteZip(SITE).equals(zip), 'the zip made in Tokyo time differs');
  } finally {
    if (zone === undefined) delete process.env.TZ; else process.env.TZ = zone;
  }
});

test('unzipped, the site works from disk: the landing page opens and a short race runs to its end', async () => {
  const unpacked = join(dir, 'unzipped');
  for (const [name, data] of Object.entries(unzipSync(readFileSync(files[0])))) {
    const path = resolve(unpacked, name);
    assert.ok(path.startsWith(unpacked + sep), `${name} would be written outside the folder`);
    if (name.endsWith('/')) { mkdirSync(path, { recursive: true }); continue; }
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
  }
  const base = pathToFileURL(join(unpacked, TOP)).href;

  const home = await openPage(browser, `${base}index.html`);
  await home.page.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.ok(await home.page.$$eval('.cards li a[href="race.html"]', (as) => as.length) >= 1, 'the landing page links to the race');
  assert.deepEqual(home.problems.console, []);
  assert.deepEqual(home.problems.foreign, []);
  await home.close();

  // A short race (as tests/browser/hosting.test.mjs runs one from disk): single-threaded.
  const { page, problems, close } = await openPage(browser, `${base}race.html?T=8&epochs=1`);
  await page.waitForFunction(() => document.body.dataset.ready && document.body.dataset.build);
  assert.equal(await page.evaluate(() => document.body.dataset.build), 'attention_lab_single');
  await page.click('#start');
  await page.waitForFunction(() => ['finished', 'stopped', 'error'].includes(document.body.dataset.race), null, { timeout: 120000 });
  assert.equal(await page.evaluate(() => document.body.dataset.race), 'finished', await page.textContent('#start-error'));
  const results = await page.$$eval('#results tbody tr', (trs) => trs.map((tr) => [tr.dataset.model, Number(tr.dataset.testAcc)]));
  assert.deepEqual(results.map(([m]) => m), ['gru', 'attention']);
  for (const [m, acc] of results) assert.ok(acc >= 0 && acc <= 1, `${m}: test accuracy ${acc}`);
  assert.equal(await page.$$eval('#curve-table tbody tr', (r) => r.length), 1, 'one epoch on the curves');
  assert.deepEqual(problems.console, []);
  assert.deepEqual(problems.foreign, []);
  await close();
});
