// Startup figures for scripts/bench-size: loads the page N times (default 10,
// after one warm-up load that is not counted), each in a fresh browser context,
// and prints the time from the start of navigation to the first complete
// render — the moment the seven gate rows (li[data-gate]) are in the document
// with their names (harness.mjs' markFirstRender, as bench-first-render).
// Prints figures only; it asserts nothing about time.
//
//   node tests/e2e/bench-startup.mjs [LOADS] [FILE.html]
//
// Without FILE it serves www/ with devserve; with FILE (the single-file
// build, dist/workbench.html) it opens FILE from file:// instead.

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GATE_COUNT, WWW, launchBrowser, markFirstRender, startServer } from './harness.mjs';

const loads = Number(process.argv[2] ?? 10);
const file = process.argv[3] ? resolve(process.argv[3]) : null;

const server = file ? null : await startServer(WWW);
const target = file ? pathToFileURL(file).href : server.url;
const browser = await launchBrowser();
const times = [];
try {
  for (let i = 0; i <= loads; i += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(markFirstRender, GATE_COUNT);
    await page.goto(target);
    const ms = await page.waitForFunction(() => window.__firstRenderMs, null, { timeout: 30_000 });
    if (i > 0) times.push(await ms.jsonValue());
    await context.close();
  }
} finally {
  await browser.close();
  if (server) await server.close();
}
times.sort((a, b) => a - b);
const median = times.length % 2 ? times[(times.length - 1) / 2] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
const f = (ms) => `${ms.toFixed(1)} ms`;
const where = file ? `${process.argv[3]} from file://` : 'www/ from 127.0.0.1';
console.log(
  `first complete render (${GATE_COUNT} gate rows named) after navigation, ${where}, ${times.length} loads in headless Chromium:`,
);
console.log(`  median ${f(median)}   min ${f(times[0])}   max ${f(times[times.length - 1])}`);
