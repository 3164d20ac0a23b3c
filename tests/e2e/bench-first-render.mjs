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
// the document with their names (DOM): with index.html's first view, as
// soon as it is parsed; each is also timed to its first contentful paint
// (paint), and the milestones add when the shell has taken it over. Then, for the page's cold loads, the
// milestones on the way to it (files received, scripts run, the catalogue
// requested), so the gap to the floor can be read step by step. Prints
// figures only; asserts nothing.
//
//   node tests/e2e/bench-first-render.mjs [LOADS]

import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GATE_COUNT, WWW, launchBrowser, markFirstRender } from './harness.mjs';
// gzip -9, an ETag and `Cache-Control: max-age=600`, as a static host serves.
import { startStaticHost } from './static-host.mjs';

const loads = Number(process.argv[2] ?? 30);

const THROTTLED = { offline: false, latency: 40, downloadThroughput: 9e6 / 8, uploadThroughput: 9e6 / 8 };

async function firstRender(context, url, network) {
  const page = await context.newPage();
  if (network) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', network);
  }
  await page.goto(url);
  await page.waitForFunction(() => window.__liveMs && performance.getEntriesByName('first-contentful-paint').length, null, { timeout: 60_000 });
  const value = await page.evaluate(milestones);
  await page.close();
  return value;
}

// The first render and, on the way to it, when each file's last byte came
// (the Resource Timing API, ms since navigation start; a file served from
// the cache counts where it was read) and when the deferred scripts ran.
function milestones() {
  const nav = performance.getEntriesByType('navigation')[0];
  const at = { 'index.html received': nav.responseEnd, 'deferred scripts run (DOMContentLoaded)': nav.domContentLoadedEventStart };
  for (const e of performance.getEntriesByType('resource')) {
    const file = new URL(e.name).pathname.split('/').filter(Boolean).slice(-2).join('/');
    if (/\.(wasm|json)$/.test(file)) at[`${file} requested`] = e.startTime;
    if (/\.(wasm|json|js|css)$/.test(file)) at[`${file} received`] = e.responseEnd;
  }
  at['first complete render'] = window.__firstRenderMs;
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  if (paint) at['first contentful paint'] = paint.startTime;
  at['the shell has the page (first view taken over)'] = window.__liveMs;
  return at;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// A copy of www/ with static.html beside index.html: the page's first view
// as it stands once drawn, without its scripts and preloads.
const dir = mkdtempSync(join(tmpdir(), 'workbench-first-render-'));
cpSync(WWW, dir, { recursive: true });
const server = await startStaticHost(dir);
const browser = await launchBrowser();
try {
  {
    const context = await browser.newContext();
    await context.addInitScript(markFirstRender, GATE_COUNT);
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => window.__liveMs, null, { timeout: 60_000 });
    const markup = await page.evaluate(() => {
      const copy = document.documentElement.cloneNode(true);
      copy.querySelectorAll('script, link[rel=modulepreload], link[rel=preload], template').forEach((e) => e.remove());
      return '<!doctype html>\n' + copy.outerHTML;
    });
    writeFileSync(join(dir, 'static.html'), markup);
    await context.close();
  }
  const variants = { page: server.url, static: new URL('static.html', server.url).href };
  const cold = {};
  console.log(`first complete render (${GATE_COUNT} gate rows named), ${loads} interleaved loads of each, headless Chromium, medians:`);
  console.log(`  ${'network'.padEnd(30)} ${'cache'.padEnd(6)} ${'when'.padEnd(6)} ${'page'.padStart(9)} ${'static'.padStart(9)} ${'ratio'.padStart(6)}`);
  for (const [name, network] of [['127.0.0.1', null], ['throttled (40 ms, 9 Mbit/s)', THROTTLED]]) {
    for (const cache of ['cold', 'warm']) {
      const times = { page: [], static: [] };
      const paints = { page: [], static: [] };
      const steps = {};
      for (let i = 0; i <= loads; i += 1) {
        const order = i % 2 ? ['static', 'page'] : ['page', 'static'];
        for (const v of order) {
          const context = await browser.newContext();
          await context.addInitScript(markFirstRender, GATE_COUNT);
          if (cache == 'warm') await firstRender(context, variants[v], network);
          const at = await firstRender(context, variants[v], network);
          await context.close();
          if (i == 0) continue;
          times[v].push(at['first complete render']);
          paints[v].push(at['first contentful paint']);
          if (v == 'page') for (const [k, ms] of Object.entries(at)) (steps[k] ??= []).push(ms);
        }
      }
      const row = (what, page, floor) =>
        console.log(
          `  ${name.padEnd(30)} ${cache.padEnd(6)} ${what.padEnd(6)} ${`${page.toFixed(1)} ms`.padStart(9)} ${`${floor.toFixed(1)} ms`.padStart(9)} ${`${(page / floor).toFixed(2)}×`.padStart(6)}`,
        );
      row('DOM', median(times.page), median(times.static));
      row('paint', median(paints.page), median(paints.static));
      if (cache == 'cold') cold[name] = steps;
    }
  }
  // Where the page's cold first render spends its time: each milestone's
  // median over the same loads (a file some loads did not fetch, such as
  // the favicon, is left out).
  console.log(`where the page's cold first render goes, ms since navigation start, medians of ${loads} loads:`);
  const names = Object.keys(cold);
  console.log(`  ${'milestone'.padEnd(44)} ${names.map((n) => n.split(' ')[0].padStart(10)).join(' ')}`);
  const rows = Object.keys(cold[names[0]]).filter((k) => names.every((n) => cold[n][k]?.length == loads));
  rows.sort((a, b) => median(cold[names[0]][a]) - median(cold[names[0]][b]));
  for (const k of rows) console.log(`  ${k.padEnd(44)} ${names.map((n) => median(cold[n][k]).toFixed(1).padStart(10)).join(' ')}`);
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
