// First-render figures for scripts/bench-size: the page against the floor, a
// static copy of the same markup with no script, which this script captures
// itself from the page's own first view. Loads alternate between the two
// (interleaved, so a busy moment of the machine costs both alike), LOADS
// of each (default 30) after one warm-up of each that is not counted, and
// the median of each is printed with their ratio:
//   cold   a fresh browser context per load (empty cache);
//   warm   a second load in the same context (the HTTP cache filled);
// each served from 127.0.0.1 as is, then throttled through CDP
// (Network.emulateNetworkConditions: 40 ms latency, 9 Mbit/s each way).
// "First render" is the moment the seven gate rows (li[data-gate]) are in
// the document with their names. Prints figures only; asserts nothing.
//
//   node tests/e2e/bench-first-render.mjs [LOADS]

import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GATE_COUNT, WWW, launchBrowser, startServer } from './harness.mjs';

const loads = Number(process.argv[2] ?? 30);

// Runs in the page before its own scripts: notes performance.now() (ms since
// navigation start) when the gate rows first all exist with their names.
function markFirstRender(count) {
  const check = () => {
    const rows = document.querySelectorAll('li[data-gate]');
    if (rows.length >= count && [...rows].every((r) => r.textContent.trim() != '')) {
      window.__firstRenderMs = performance.now();
      return true;
    }
    return false;
  };
  if (check()) return;
  new MutationObserver((_, observer) => {
    if (check()) observer.disconnect();
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

const THROTTLED = { offline: false, latency: 40, downloadThroughput: 9e6 / 8, uploadThroughput: 9e6 / 8 };

async function firstRender(context, url, network) {
  const page = await context.newPage();
  if (network) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', network);
  }
  await page.goto(url);
  const ms = await page.waitForFunction(() => window.__firstRenderMs, null, { timeout: 60_000 });
  const value = await ms.jsonValue();
  await page.close();
  return value;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// A copy of www/ with static.html beside index.html: the page's first view
// as it stands once drawn, without its scripts and preloads.
const dir = mkdtempSync(join(tmpdir(), 'workbench-first-render-'));
cpSync(WWW, dir, { recursive: true });
const server = await startServer(dir);
const browser = await launchBrowser();
try {
  {
    const context = await browser.newContext();
    await context.addInitScript(markFirstRender, GATE_COUNT);
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => window.__firstRenderMs, null, { timeout: 60_000 });
    const markup = await page.evaluate(() => {
      const copy = document.documentElement.cloneNode(true);
      copy.querySelectorAll('script, link[rel=modulepreload], link[rel=preload], template').forEach((e) => e.remove());
      return '<!doctype html>\n' + copy.outerHTML;
    });
    writeFileSync(join(dir, 'static.html'), markup);
    await context.close();
  }
  const variants = { page: server.url, static: new URL('static.html', server.url).href };
  console.log(`first complete render (${GATE_COUNT} gate rows named), ${loads} interleaved loads of each, headless Chromium, medians:`);
  console.log(`  ${'network'.padEnd(30)} ${'cache'.padEnd(6)} ${'page'.padStart(9)} ${'static'.padStart(9)} ${'ratio'.padStart(6)}`);
  for (const [name, network] of [['127.0.0.1', null], ['throttled (40 ms, 9 Mbit/s)', THROTTLED]]) {
    for (const cache of ['cold', 'warm']) {
      const times = { page: [], static: [] };
      for (let i = 0; i <= loads; i += 1) {
        const order = i % 2 ? ['static', 'page'] : ['page', 'static'];
        for (const v of order) {
          const context = await browser.newContext();
          await context.addInitScript(markFirstRender, GATE_COUNT);
          if (cache == 'warm') await firstRender(context, variants[v], network);
          const ms = await firstRender(context, variants[v], network);
          await context.close();
          if (i > 0) times[v].push(ms);
        }
      }
      const [p, s] = [median(times.page), median(times.static)];
      console.log(
        `  ${name.padEnd(30)} ${cache.padEnd(6)} ${`${p.toFixed(1)} ms`.padStart(9)} ${`${s.toFixed(1)} ms`.padStart(9)} ${`${(p / s).toFixed(2)}×`.padStart(6)}`,
      );
    }
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
