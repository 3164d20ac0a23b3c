// Shared helpers of the browser end-to-end tests (tests/e2e/*.test.mjs).
//
// A test file usually needs only `e2eSuite()`:
//
//   import { test } from 'node:test';
//   import { e2eSuite, waitForGates } from './harness.mjs';
//   const suite = e2eSuite();
//   test('…', async () => {
//     const { page } = await suite.open('?experiment=email');
//     await waitForGates(page);
//   });
//
// The page is served by the workspace's `devserve` from www/ (build it first
// with scripts/build-web). run.mjs starts one server for all files and hands
// its address over in E2E_BASE_URL; without it each file starts its own, so
// `node --test tests/e2e/` works too. Chromium is Debian's (/usr/bin/chromium,
// or CHROMIUM_PATH); nothing here downloads a browser.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const WWW = join(ROOT, 'www');

// Content types by extension, for the tests' own static servers of dist/.
export { MIME_TYPES } from './static-host.mjs';

/** The experiment ids (crates/gateway-core/src/experiments.rs), in the page's order. */
export const EXPERIMENTS = ['filesystem', 'email', 'calendar', 'database', 'search', 'calculator', 'registry', 'injection', 'rewind'];

/** The number of gates the page draws (SPEC 3). */
export const GATE_COUNT = 7;

/**
 * The benchmarks' first complete render, as an init script (runs in the page
 * before its own scripts): notes in `window.__firstRenderMs` the
 * performance.now() (ms since navigation start) at which `count` gate rows
 * first all exist with their names, and in `window.__liveMs` when the shell
 * has the page as well (index.html's first view taken over: #app has no
 * `data-first-view` and no "Loading" line).
 */
export function markFirstRender(count) {
  const check = () => {
    const rows = document.querySelectorAll('li[data-gate]');
    if (rows.length >= count && [...rows].every((r) => r.textContent.trim() != '')) {
      window.__firstRenderMs ??= performance.now();
      const app = document.getElementById('app');
      if (app.hasAttribute('data-first-view') || app.querySelector(':scope > .loading')) return false;
      window.__liveMs = performance.now();
      return true;
    }
    return false;
  };
  if (check()) return;
  new MutationObserver((_, observer) => {
    if (check()) observer.disconnect();
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Chromium flags for this machine: headless, as root, with no network of its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

/**
 * Starts `devserve` on a free port of 127.0.0.1 serving `dir`.
 * Resolves to { url, close } once it prints its address.
 */
export function startServer(dir = WWW, { port = 0, timeoutMs = 180_000 } = {}) {
  const child = spawn('cargo', ['run', '--quiet', '--locked', '-p', 'devserve', '--', dir, String(port)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true, // its own process group, so close() ends cargo and the server together
  });
  const close = () =>
    new Promise((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        done();
      }
    });
  return new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => {
      close();
      fail(new Error(`devserve did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/^Serving .* at (http:\/\/\S+)$/m);
      if (m) {
        clearTimeout(timer);
        ok({ url: m[1], close });
      }
    });
    child.once('error', (e) => {
      clearTimeout(timer);
      fail(e);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`devserve exited (${signal ?? code}) before serving: ${out}`));
    });
  });
}

/** Launches Debian's headless Chromium through playwright-core. */
export async function launchBrowser() {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(`no Chromium at ${executablePath}: run scripts/test (or apt-get install chromium)`);
  }
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

/**
 * Opens `url` in a fresh browser context (axe-core/playwright needs one).
 * Everything the page does is recorded for the test to check:
 *   requests       every URL the page asked for
 *   consoleErrors  console.error / console.warn texts
 *   pageErrors     uncaught exceptions
 *   failedResponses  `STATUS URL` of every answer of 400 or more
 * `initScript` (a function, optional) runs in the page before its own
 * scripts, as Playwright's `page.addInitScript`.
 * Resolves to { context, page, requests, consoleErrors, pageErrors, failedResponses, close }.
 */
export async function openPage(browser, url, { contextOptions = {}, waitUntil = 'load', initScript = null } = {}) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  if (initScript) await page.addInitScript(initScript);
  const requests = [];
  const consoleErrors = [];
  const pageErrors = [];
  const failedResponses = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('response', (r) => {
    if (r.status() >= 400) failedResponses.push(`${r.status()} ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') {
      const where = m.location().url;
      consoleErrors.push(`${m.type()}: ${m.text()}${where ? ` (${where})` : ''}`);
    }
  });
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  await page.goto(url, { waitUntil });
  return { context, page, requests, consoleErrors, pageErrors, failedResponses, close: () => context.close() };
}

/** Waits until the page has drawn its seven gate rows (`li[data-gate]`). */
export async function waitForGates(page, { timeout = 15_000 } = {}) {
  await page.waitForFunction((n) => document.querySelectorAll('li[data-gate]').length === n, GATE_COUNT, {
    timeout,
  });
}

/** The `data-status` of every gate row, in order. */
export function gateStatuses(page) {
  return page.$$eval('li[data-gate]', (lis) => lis.map((li) => li.getAttribute('data-status')));
}

/** The requests among `requests` that left `origin` (data: URLs make no request and pass). */
export function foreignRequests(requests, origin) {
  return requests.filter((u) => !u.startsWith('data:') && new URL(u).origin !== origin);
}

/**
 * Registers node:test hooks for one test file: a server (E2E_BASE_URL or its
 * own) and one browser before its tests, and closing both, with every page
 * opened through `open`, after them. With `www` (another folder than www/,
 * e.g. the pseudo-locale's test build) the file serves that folder itself.
 */
export function e2eSuite({ www = WWW } = {}) {
  let server = null;
  let browser = null;
  let base = www === WWW ? process.env.E2E_BASE_URL || null : null;
  const opened = [];
  before(async () => {
    if (!base) {
      server = await startServer(www);
      base = server.url;
    }
    browser = await launchBrowser();
  });
  after(async () => {
    for (const p of opened) await p.close().catch(() => {});
    if (browser) await browser.close();
    if (server) await server.close();
  });
  return {
    get url() {
      return base;
    },
    get browser() {
      return browser;
    },
    /** Opens the page at `path` (e.g. '?experiment=email') relative to the server's root. */
    async open(path = '', options) {
      const p = await openPage(browser, new URL(path, base).href, options);
      opened.push(p);
      return p;
    },
  };
}

// ---------------------------------------------------------------------------
// Helpers shared by a11y.test.mjs, xss.test.mjs and session.test.mjs.

/** The gate ids in order (SPEC 3), as `li[data-gate]` carries them. */
export const GATE_IDS = ['schema', 'before-hook', 'role', 'approval', 'idempotency', 'execution', 'after-hook'];

/** Presses `Next gate` (`name`, in the page's language) `n` times (seven presses finish a run). */
export async function nextGates(page, n = GATE_COUNT, name = 'Next gate') {
  const next = page.getByRole('button', { name });
  for (let i = 0; i < n; i += 1) await next.click();
}

/** The ledger, parsed from its JSON text (`#ledger-json`). */
export async function ledgerJson(page) {
  const text = await page.locator('#ledger-json').textContent();
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`#ledger-json is not JSON (${e.message}): ${text}`);
  }
}

/** The ids (`data-gate`) of the gate rows that carry `aria-current="step"`. */
export function currentGateIds(page) {
  return page.$$eval('li[data-gate][aria-current="step"]', (lis) => lis.map((li) => li.dataset.gate));
}

/**
 * axe-core violations as readable text: one block per rule (id, impact,
 * help, helpUrl), one line per element (CSS target and axe's failure summary).
 */
export function formatAxeViolations(violations) {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => {
          const summary = (n.failureSummary || '').replace(/\s*\n\s*/g, ' / ');
          return `    - ${n.target.join(' ')}\n      ${summary}\n      html: ${n.html}`;
        })
        .join('\n');
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}`;
    })
    .join('\n');
}

// ---------------------------------------------------------------------------
// Content-Security-Policy helpers (dist.test.mjs).

/**
 * An `initScript` for `openPage`: records every `securitypolicyviolation`
 * event of the document in `window.__cspViolations` (read it with
 * `cspViolations`).
 */
export function recordCspViolations() {
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
  });
}

/** The violations `recordCspViolations` saw, as text. */
export function cspViolations(page) {
  return page.evaluate(() => window.__cspViolations ?? ['recordCspViolations was not installed']);
}

/** The page's Content-Security-Policy meta tag as `{ directive: [sources] }`. */
export async function metaCsp(page) {
  const text = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  return Object.fromEntries(
    text
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

// ---------------------------------------------------------------------------
// Helpers of registry.test.mjs (clipboard permissions, async status lines).

/**
 * Waits until `locator`'s text matches `pattern` (a RegExp) and returns it.
 * For text a page writes after a promise settles (e.g. a clipboard write);
 * fails after `timeout` ms naming the last text seen.
 */
export async function waitForText(locator, pattern, { timeout = 5_000, interval = 50 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const text = await locator.textContent();
    if (pattern.test(text ?? '')) return text;
    if (Date.now() > deadline) {
      throw new Error(`waitForText: ${locator} never matched ${pattern} within ${timeout} ms; last text: ${JSON.stringify(text)}`);
    }
    await new Promise((done) => setTimeout(done, interval));
  }
}

/**
 * Denies `permissions` (CDP PermissionDescriptors, e.g.
 * `{ name: 'clipboard-write' }`) to `origin` in `page`'s browser context,
 * as a user who answered "Block" would. Playwright can only grant; this
 * goes through the DevTools protocol of Chromium. Chromium drops the
 * override when the session that set it detaches, so the session is
 * returned open: detach it (`await session.detach()`) to lift the denial,
 * or let closing the browser end it.
 */
export async function denyPermissions(browser, page, permissions, origin) {
  const pageSession = await page.context().newCDPSession(page);
  const { targetInfo } = await pageSession.send('Target.getTargetInfo');
  await pageSession.detach();
  const session = await browser.newBrowserCDPSession();
  for (const permission of permissions) {
    await session.send('Browser.setPermission', {
      permission,
      setting: 'denied',
      origin,
      browserContextId: targetInfo.browserContextId,
    });
  }
  return session;
}

/**
 * Opens the secondary panel `name` (its `data-panel`), as a learner does by
 * clicking its summary; a panel already open stays open.
 */
export async function openPanel(page, name) {
  const panel = page.locator(`details[data-panel="${name}"]`);
  if (!(await panel.evaluate((d) => d.open))) await panel.locator(':scope > summary').click();
}

/** Opens every secondary panel, for a test that reads or checks them all. */
export async function openAllPanels(page) {
  // Panels `hide=` hid stay hidden.
  for (const panel of await page.locator('details.more-panel:visible').all()) {
    if (!(await panel.evaluate((d) => d.open))) await panel.locator(':scope > summary').click();
  }
}
