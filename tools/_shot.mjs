import { startLab, openPage } from '/work/main/tests/browser/support.mjs';
const lab = await startLab();
const [file, query, stateKey, done, ...sizes] = process.argv.slice(2);
for (const s of ['1280x800', '390x844']) {
  const [width, height] = s.split('x').map(Number);
  const { page, close } = await openPage(lab.browser, lab.isolatedUrl(`${file}?${query}`), { contextOptions: { viewport: { width, height } } });
  await page.waitForFunction(() => document.body.dataset.ready && document.body.dataset.build);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/${file}-${s}-before.png` });
  if (stateKey !== '-') {
    const action = { race: '#start', translate: '#start', cost: '#measure', reading: '#start' }[stateKey];
    await page.click(action);
    await page.waitForFunction(([k, d]) => document.body.dataset[k] === d, [stateKey, done], { timeout: 300000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shots/${file}-${s}-after.png` });
  }
  await close();
}
await lab.close();
