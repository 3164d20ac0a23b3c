// Writes the screenshots of the README and docs/: `node tests/e2e/screenshots.mjs` (after
// scripts/build-web). The email experiment at four sizes, fresh and after an
// approved run has committed (the changed outbox entry marked), into
// docs/screenshots/<size>-<state>.png.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, WWW, launchBrowser, startServer, waitForGates } from './harness.mjs';

const SIZES = [
  [1280, 800],
  [1366, 768],
  [768, 1024],
  [320, 640],
];
const out = join(ROOT, 'docs', 'screenshots');
mkdirSync(out, { recursive: true });

const server = await startServer(WWW);
const browser = await launchBrowser();
try {
  for (const [width, height] of SIZES) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await page.goto(new URL('?experiment=email', server.url).href);
    await waitForGates(page);
    await page.screenshot({ path: join(out, `${width}x${height}-fresh.png`) });
    await page.selectOption('#role', 'operator');
    await page.locator('#approve').click();
    await page.locator('.gateway .controls button >> nth=2').click();
    await page.locator('.ledger [data-changed]').first().waitFor();
    await page.waitForTimeout(400); // the progress bar's transition
    // On a narrow screen the learner looks at the gateway after a run.
    if (width < 1024) await page.evaluate(() => document.querySelector('#h-gateway').scrollIntoView());
    await page.screenshot({ path: join(out, `${width}x${height}-finished.png`) });
    await context.close();
    console.log(`docs/screenshots/${width}x${height}-{fresh,finished}.png`);
  }
} finally {
  await browser.close();
  await server.close();
}
