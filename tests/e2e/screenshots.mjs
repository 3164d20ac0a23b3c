// Writes the screenshots of the README and docs/screenshots.md:
// `node tests/e2e/screenshots.mjs` (after scripts/build-web). The email
// experiment at six widths from a phone to a wide desktop (and 1366×768, a
// common laptop), in English and zh-TW, fresh and after an approved run has
// committed (the changed outbox entry marked), into
// docs/screenshots/<size>-<state>.png (English) and
// docs/screenshots/<size>-zh-TW-<state>.png.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, WWW, launchBrowser, startServer, waitForGates } from './harness.mjs';

const SIZES = [
  [320, 640],
  [768, 1024],
  [1024, 768],
  [1100, 800],
  [1280, 800],
  [1366, 768],
  [1920, 1080],
];
const LANGS = ['en', 'zh-TW'];

/** The file name of a screenshot, without the directory. */
const shotName = (width, height, lang, state) =>
  `${width}x${height}${lang === 'en' ? '' : `-${lang}`}-${state}.png`;

const out = join(ROOT, 'docs', 'screenshots');
mkdirSync(out, { recursive: true });

const server = await startServer(WWW);
const browser = await launchBrowser();
try {
  for (const lang of LANGS) {
    for (const [width, height] of SIZES) {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      await page.goto(new URL(`?experiment=email&lang=${lang}`, server.url).href);
      await waitForGates(page);
      await page.screenshot({ path: join(out, shotName(width, height, lang, 'fresh')) });
      await page.selectOption('#role', 'operator');
      await page.locator('#approve').click();
      // Finish run (its key, F, from outside any field): the page brings
      // the verdict into view as it does for a learner.
      await page.evaluate(() => document.activeElement?.blur());
      await page.keyboard.press('f');
      await page.locator('.ledger [data-changed]').first().waitFor();
      await page.waitForTimeout(600); // the progress bar's transition and the reveal's scroll
      await page.screenshot({ path: join(out, shotName(width, height, lang, 'finished')) });
      await context.close();
      console.log(`docs/screenshots/${shotName(width, height, lang, '{fresh,finished}')}`);
    }
  }
} finally {
  await browser.close();
  await server.close();
}
