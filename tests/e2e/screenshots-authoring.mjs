// Screenshots of the authoring panel and of an authored experiment:
// `node tests/e2e/screenshots-authoring.mjs` (after scripts/build-web), into
// docs/screenshots/<size>-author.png (?author=1, the panel above the
// workbench, its verdict and answer key) and <size>-authored.png (the
// learner link of an edited email experiment, opened fresh: the banner).
// Each run also says whether anything is wider than the window.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, WWW, launchBrowser, startServer, waitForGates } from './harness.mjs';

const SIZES = [
  [1280, 800],
  [320, 640],
];
const out = join(ROOT, 'docs', 'screenshots');
mkdirSync(out, { recursive: true });

/** Elements wider than the window (none should be). */
const overflowing = (page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > width + 1 && e.getClientRects().length)
      .map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.split(' ').join('.')}` : ''}`)
      .slice(0, 10);
  });

const server = await startServer(WWW);
const browser = await launchBrowser();
try {
  for (const [width, height] of SIZES) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await page.goto(new URL('?author=1&experiment=email', server.url).href);
    await page.locator('#author-start').waitFor();
    await waitForGates(page);
    await page.locator('#author-title-en').fill('Email, my way: one message, then a receipt');
    await page.selectOption('#author-start-role', 'operator');
    await page.locator('#author-verdict', { hasText: 'No problems' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(out, `${width}x${height}-author.png`) });
    await page.getByRole('button', { name: 'Copy learner link' }).click();
    await page.locator('#author-link').waitFor();
    const link = await page.locator('#author-link').inputValue();
    await page.evaluate(() => document.querySelector('#h-author-verdict').scrollIntoView());
    await page.screenshot({ path: join(out, `${width}x${height}-author-verdict.png`) });
    console.log(`${width}x${height} ?author=1 overflowing: ${JSON.stringify(await overflowing(page))}`);

    const learner = await browser.newContext({ viewport: { width, height } });
    const p = await learner.newPage();
    await p.goto(link);
    await waitForGates(p);
    await p.screenshot({ path: join(out, `${width}x${height}-authored.png`) });
    console.log(`${width}x${height} authored overflowing: ${JSON.stringify(await overflowing(p))}`);
    await learner.close();
    await context.close();
    console.log(`docs/screenshots/${width}x${height}-{author,author-verdict,authored}.png`);
  }
} finally {
  await browser.close();
  await server.close();
}
