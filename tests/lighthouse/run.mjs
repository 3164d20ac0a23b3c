// Lighthouse figures of the page for scripts/lighthouse: www/ (or WWW_DIR)
// served as a static host serves it (tests/e2e/static-host.mjs: gzip -9, an
// ETag, max-age=600) on an ephemeral port of 127.0.0.1, measured with
// Lighthouse's default mobile profile (an emulated Moto G Power, simulated
// throttling: slow 4G and a 4× slower CPU) in Debian's headless Chromium,
// one fresh browser per run, as the Lighthouse CLI does. RUNS runs (default
// 3) of each address; each figure is the median of its runs. Prints a
// Markdown table for docs/figures.md; asserts nothing.
//
//   node tests/lighthouse/run.mjs
//   WWW_DIR     the folder to serve (default www/ of this checkout)
//   RUNS        runs per address (default 3)
//   REPORT_DIR  if set, each run's full report is written there
//               (<address>-<run>.report.json and .html)
//   CHROMIUM_PATH  the browser (default /usr/bin/chromium)

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startStaticHost } from '../e2e/static-host.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const WWW = resolve(process.env.WWW_DIR || join(ROOT, 'www'));
const RUNS = Number(process.env.RUNS || 3);
const REPORT_DIR = process.env.REPORT_DIR || '';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const ADDRESSES = ['/', '/?experiment=registry', '/?lang=zh-TW'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'interactive'];

// Headless, as root, no network of its own (tests/e2e/harness.mjs's
// CHROMIUM_ARGS); chrome-launcher adds Lighthouse's own flags.
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic'];

// One run may take this long (Lighthouse itself gives up on a load after
// 45 s); past it the browser is killed and the script fails.
const RUN_TIMEOUT_MS = 240_000;

if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`RUNS must be a whole number of at least 1, not ${process.env.RUNS}`);
if (!existsSync(join(WWW, 'index.html'))) throw new Error(`no ${join(WWW, 'index.html')}: build the page (scripts/build-web) or set WWW_DIR`);
if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium (nothing here downloads a browser)`);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// The browser of the run under way: measure kills it when the run ends or
// fails, these handlers when the script is stopped (Ctrl-C, or
// scripts/lighthouse's timeout).
const browsers = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const chrome of browsers) chrome.kill();
    process.exit(1);
  });
}

/**
 * One Lighthouse run of `url` in a fresh browser. Resolves to Lighthouse's
 * result ({ lhr, report }: with REPORT_DIR, report is [JSON, HTML]) and the
 * browser's version (the user agent Lighthouse records says 156.0.0.0).
 */
async function measure(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent', handleSIGINT: false });
  browsers.add(chrome);
  let timer;
  try {
    const { Browser: browser } = await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json();
    const run = lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      output: REPORT_DIR ? ['json', 'html'] : 'json',
    });
    const timeout = new Promise((_, fail) => {
      timer = setTimeout(() => fail(new Error(`Lighthouse took over ${RUN_TIMEOUT_MS / 1000} s on ${url}`)), RUN_TIMEOUT_MS);
    });
    const result = await Promise.race([run, timeout]);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return { ...result, browser };
  } finally {
    clearTimeout(timer);
    browsers.delete(chrome);
    chrome.kill();
  }
}

const started = Date.now();
if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });
const server = await startStaticHost(WWW);
const rows = [];
let lighthouseVersion = '';
let browserVersion = '';
const benchmarks = [];
try {
  for (const address of ADDRESSES) {
    const url = new URL(address, server.url).href;
    const runs = [];
    for (let i = 1; i <= RUNS; i += 1) {
      process.stderr.write(`==> Lighthouse ${address} (run ${i} of ${RUNS})\n`);
      const { lhr, report, browser } = await measure(url);
      if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      if (REPORT_DIR) {
        const name = address.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'default';
        writeFileSync(join(REPORT_DIR, `${name}-${i}.report.json`), report[0]);
        writeFileSync(join(REPORT_DIR, `${name}-${i}.report.html`), report[1]);
      }
      lighthouseVersion = lhr.lighthouseVersion;
      browserVersion = browser.replace(/^(Headless)?Chrome\//, '');
      benchmarks.push(lhr.environment.benchmarkIndex);
      runs.push(lhr);
    }
    // A score or metric Lighthouse could not compute (null) is left out of its median.
    const figure = (values, scale) => {
      const known = values.filter((v) => typeof v == 'number');
      return known.length ? Math.round(median(known) * scale) : 'n/a';
    };
    const score = (id) => figure(runs.map((r) => r.categories[id].score), 100);
    const ms = (id) => figure(runs.map((r) => r.audits[id].numericValue), 1);
    rows.push([`\`${address}\``, ...CATEGORIES.map(score), ...METRICS.map(ms)]);
  }
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  await server.close();
}
// A run that timed out may leave Lighthouse waiting on its closed browser.
if (process.exitCode) process.exit();

const header = ['address', 'performance', 'accessibility', 'best practices', 'SEO', 'FCP (ms)', 'LCP (ms)', 'TBT (ms)', 'TTI (ms)'];
const line = (cells) => `| ${cells.join(' | ')} |`;
console.log(line(header));
console.log(line(header.map((_, i) => (i == 0 ? '---' : '---:'))));
for (const row of rows) console.log(line(row));
console.log();
console.log(
  `Lighthouse ${lighthouseVersion}, Chromium ${browserVersion} (headless, Debian), default mobile profile (simulated throttling), ` +
    `served gzip -9 from 127.0.0.1; median of ${RUNS} run${RUNS == 1 ? '' : 's'} per address; ` +
    `${new Date().toISOString().slice(0, 10)}; Lighthouse's CPU benchmark index ${Math.round(median(benchmarks))}; ` +
    `${Math.round((Date.now() - started) / 1000)} s in all.`,
);
