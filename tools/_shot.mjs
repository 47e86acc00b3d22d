import { startLab, openPage } from '../tests/browser/support.mjs';
const lab = await startLab();
for (const [w, h, name] of [[1280, 800, 'laptop'], [390, 844, 'phone']]) {
  const { page, close } = await openPage(lab.browser, lab.isolatedUrl('exercises.html?kind=self-row'), { contextOptions: { viewport: { width: w, height: h } } });
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.fill('#ex-student', 'Ada Lovelace');
  await page.waitForFunction(() => document.body.dataset.exercise === 'shown');
  await page.fill('#ex-part-q', '1 2');
  await page.press('#ex-part-q', 'Enter');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/ex-${name}.png` });
  await page.screenshot({ path: `/tmp/ex-${name}-full.png`, fullPage: true });
  await close();
}
await lab.close();
