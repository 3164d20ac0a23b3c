// Every failed start says what failed and the fix (issue 13); a working start
// shows none of those words. The words are index.html's (a <template
// id="start-failed"> and the hidden `.start-hint`), shown by main.js, a
// classic script, in place of "Loading the workbench…"; each shown message
// keeps the `data-why` of its source:
//
// - file    dist/index.html from file://: at once
// - frame   dist/ in <iframe sandbox="allow-scripts"> (opaque origin); the
//           single file works there
// - files   the wasm or the glue answered 404: before the timeout, naming it
// - error   the wasm does not compile: the browser's error
// - slow    not started after 8 s; a slow but working start then replaces it
//           with the page (the behaviour chosen: shown, then removed)
// - a folder address without its final slash: devserve redirects it and the
//   page starts; a host that does not serves the page whose relative URLs all
//   miss, style.css included, so the `.start-hint` the style sheet hides is
//   what shows.
//
// Needs dist/ (scripts/build-dist). The host is node:http here (as in
// dist.test.mjs), and devserve for the redirect.

import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { MIME_TYPES, ROOT, launchBrowser, openPage, startServer, waitForGates } from './harness.mjs';

const DIST = join(ROOT, 'dist');
const PREFIX = '/course/workbench/';
/** main.js's timeout before it says the page has not started. */
const WATCHDOG_MS = 8_000;

/**
 * Serves DIST under PREFIX on 127.0.0.1, as a static host that does not
 * redirect: PREFIX without its slash answers index.html itself. `/frame?src=…`
 * is a course page framing `src` in `<iframe sandbox="allow-scripts">`.
 */
function serveDist() {
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const path = decodeURIComponent(url.pathname);
    if (path === '/frame') {
      const src = url.searchParams.get('src').replace(/[&"<>]/g, '');
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><title>Course</title><iframe sandbox="allow-scripts" src="${src}" title="workbench"></iframe>`);
    }
    let file = null;
    if (path === PREFIX.slice(0, -1)) file = join(DIST, 'index.html');
    else if (path.startsWith(PREFIX)) file = normalize(join(DIST, path.slice(PREFIX.length)));
    if (file && existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!file || !file.startsWith(DIST + sep) || !existsSync(file)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return res.end('404 Not Found\n');
    }
    res.writeHead(200, { 'Content-Type': MIME_TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    res.end(readFileSync(file));
  });
  return new Promise((ok) => {
    server.listen(0, '127.0.0.1', () => {
      const close = () =>
        new Promise((done) => {
          server.close(() => done());
          server.closeAllConnections();
        });
      ok({ origin: `http://127.0.0.1:${server.address().port}`, close });
    });
  });
}

let browser = null;
let host = null;
const opened = [];
before(async () => {
  assert.ok(existsSync(join(DIST, 'workbench.html')), 'dist/ is missing: run scripts/build-dist first');
  browser = await launchBrowser();
  host = await serveDist();
});
after(async () => {
  for (const p of opened) await p.close().catch(() => {});
  if (browser) await browser.close();
  if (host) await host.close();
});

/**
 * An `initScript`: records in `window.__startMessages` the `data-why` of
 * every start message the page ever shows (read it with `shownMessages`).
 */
function recordStartMessages() {
  window.__startMessages = [];
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) if (n.dataset?.why && n.matches('#app > .loading')) window.__startMessages.push(n.dataset.why);
    }
  }).observe(document, { childList: true, subtree: true });
}

function shownMessages(page) {
  return page.evaluate(() => window.__startMessages);
}

async function open(url, options) {
  const p = await openPage(browser, url, { initScript: recordStartMessages, ...options });
  opened.push(p);
  return p;
}

/** The start message in #app (what replaced "Loading the workbench…"), once it is there. */
async function startMessage(frame, { timeout = 5_000 } = {}) {
  const shown = frame.locator('#app > .loading[data-why]');
  await shown.waitFor({ state: 'visible', timeout });
  assert.equal(await shown.getAttribute('role'), 'alert', 'announced');
  assert.equal(await frame.locator('#app > .loading').count(), 1, 'it replaced the loading line');
  return { why: await shown.getAttribute('data-why'), text: (await shown.textContent()).trim() };
}

/**
 * Every fallback text of the served index.html: the loading line, the hint
 * and the template's messages (from index.template.html, which is
 * index.html without the first view, whose words are the page's own).
 */
async function fallbackTexts() {
  const html = readFileSync(join(ROOT, 'www', 'index.template.html'), 'utf8');
  const texts = [...html.matchAll(/<p[^>]*>([^<]*)(?:<span><\/span>([^<]*))?<\/p>/g)].flatMap((m) =>
    [m[1], m[2]].filter((t) => t && t.trim().length > 8).map((t) => t.trim()),
  );
  assert.ok(texts.length >= 6, `found the fallback texts: ${JSON.stringify(texts)}`);
  return texts;
}

/** Asserts that the started page holds none of the fallback words, visible or not. */
async function assertNoFallbackWords(page, why) {
  const { visible, all } = await page.evaluate(() => ({ visible: document.body.innerText, all: document.body.textContent }));
  for (const text of await fallbackTexts()) {
    assert.ok(!all.includes(text), `${why}: "${text}" is not in the page`);
    assert.ok(!visible.includes(text), `${why}: "${text}" is not shown`);
  }
  assert.equal(await page.locator('[data-why]').count(), 0, `${why}: no start message`);
}

describe('a working start', () => {
  test('shows no fallback words, also after the watchdog timeout; nor does the single file from file://', { timeout: 60_000 }, async () => {
    const served = await open(`${host.origin}${PREFIX}?experiment=email`);
    const single = await open(`${pathToFileURL(join(DIST, 'workbench.html')).href}?experiment=email`);
    const since = Date.now();
    for (const [o, why] of [[served, 'served'], [single, 'single file']]) {
      await waitForGates(o.page);
      await assertNoFallbackWords(o.page, `${why}, started`);
    }
    await new Promise((done) => setTimeout(done, WATCHDOG_MS + 1_000 - (Date.now() - since)));
    for (const [o, why] of [[served, 'served'], [single, 'single file']]) {
      await assertNoFallbackWords(o.page, `${why}, after the timeout`);
      assert.deepEqual(await shownMessages(o.page), [], `${why}: no start message was ever shown`);
      assert.deepEqual(o.pageErrors, [], `${why}: no uncaught error`);
      assert.deepEqual(o.consoleErrors, [], `${why}: nothing logged`);
    }
  });

  test('a slow wasm: the page says it has not started yet, then starts and removes it', { timeout: 60_000 }, async () => {
    const delay = WATCHDOG_MS + 2_000;
    const o = await open('about:blank');
    await o.page.route('**/pkg/gateway_web_bg.wasm', async (route) => {
      await new Promise((done) => setTimeout(done, delay));
      await route.continue();
    });
    const since = Date.now();
    await o.page.goto(`${host.origin}${PREFIX}?experiment=email`);
    assert.equal((await o.page.locator('#app > .loading').textContent()).trim(), 'Loading the workbench…');
    assert.ok(!(await o.page.locator('#app > .start-hint').isVisible()), 'the style sheet hides the hint');
    const { why, text } = await startMessage(o.page, { timeout: WATCHDOG_MS + 1_500 });
    assert.ok(Date.now() - since >= WATCHDOG_MS - 500, 'not before the timeout');
    assert.equal(why, 'slow');
    assert.match(text, /^Still loading\? On a slow connection, wait\./);
    await waitForGates(o.page, { timeout: 15_000 });
    await assertNoFallbackWords(o.page, 'after the slow start');
    assert.deepEqual(await shownMessages(o.page), ['slow']);
    assert.deepEqual(o.pageErrors, []);
  });
});

describe('a failed start says what failed and the fix', () => {
  test('dist/index.html from file://, at once', async () => {
    const since = Date.now();
    const o = await open(pathToFileURL(join(DIST, 'index.html')).href);
    const { why, text } = await startMessage(o.page, { timeout: 2_000 });
    assert.ok(Date.now() - since < WATCHDOG_MS / 2, 'at once, not at the timeout');
    assert.equal(why, 'file');
    assert.match(text, /open the folder through a web server, or use workbench\.html, the single file\.$/);
    await new Promise((done) => setTimeout(done, 500));
    assert.equal((await startMessage(o.page)).why, 'file', 'the module error that follows keeps the reason');
  });

  test('dist/ in <iframe sandbox="allow-scripts">; workbench.html starts there', { timeout: 60_000 }, async () => {
    const o = await open(`${host.origin}/frame?src=${encodeURIComponent(`${PREFIX}?experiment=email`)}`);
    const frame = o.page.frameLocator('iframe');
    const { why, text } = await startMessage(frame);
    assert.equal(why, 'frame');
    assert.match(text, /^This frame blocks scripts from this origin: use workbench\.html, the single file/);
    assert.equal(await o.page.frames()[1].evaluate(() => self.origin), 'null', 'the frame has an opaque origin');

    const fixed = await open(`${host.origin}/frame?src=${encodeURIComponent(`${PREFIX}workbench.html?experiment=email`)}`);
    await fixed.page.frameLocator('iframe').locator('li[data-gate]').nth(6).waitFor({ timeout: 15_000 });
    assert.equal(await fixed.page.frameLocator('iframe').locator('[data-why]').count(), 0, 'no start message');
  });

  for (const file of ['gateway_web_bg.wasm', 'gateway_web.js']) {
    test(`pkg/${file} missing (404), before the timeout`, async () => {
      const o = await open('about:blank');
      await o.page.route(`**/pkg/${file}`, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' }));
      const since = Date.now();
      await o.page.goto(`${host.origin}${PREFIX}?experiment=email`);
      const { why, text } = await startMessage(o.page);
      assert.ok(Date.now() - since < WATCHDOG_MS, 'before the timeout');
      assert.equal(why, 'files');
      assert.ok(text.includes(`${PREFIX}pkg/${file}`), `it names the file: ${text}`);
      assert.match(text, /^The page's files did not load \(.+\): upload the whole folder, or use workbench\.html, the single file\.$/);
      if (file.endsWith('.wasm')) assert.ok(text.includes('HTTP 404'), text);
    });
  }

  test('a wasm file that does not compile', async () => {
    const o = await open('about:blank');
    await o.page.route('**/pkg/gateway_web_bg.wasm', (route) =>
      route.fulfill({ status: 200, contentType: 'application/octet-stream', body: 'not a wasm module' }),
    );
    await o.page.goto(`${host.origin}${PREFIX}?experiment=email`);
    const { why, text } = await startMessage(o.page);
    assert.equal(why, 'error');
    assert.match(text, /^The workbench could not start \(CompileError: .+\): reload the page, or use a current browser\.$/);
  });

  test('without the trailing slash, a host that does not redirect shows the hint (no script or style sheet loads)', async () => {
    const o = await open(`${host.origin}${PREFIX.slice(0, -1)}?experiment=email`);
    const hint = o.page.locator('#app > .start-hint');
    assert.ok(await hint.isVisible(), 'the hint is shown');
    assert.match(await hint.textContent(), /end the address with a slash \(…\/workbench\/, not …\/workbench\)/);
    assert.ok(o.failedResponses.some((r) => r.startsWith('404') && r.endsWith('/course/pkg/main.js')), 'main.js missed');
    assert.ok(o.failedResponses.some((r) => r.startsWith('404') && r.endsWith('/course/pkg/style.css')), 'style.css missed');
  });
});

describe('devserve', () => {
  let dir = null;
  let server = null;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'workbench-start-'));
    cpSync(DIST, join(dir, 'course', 'workbench'), { recursive: true });
    server = await startServer(dir);
  });
  after(async () => {
    if (server) await server.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('redirects a folder without its trailing slash, keeping query and fragment, and the page starts', { timeout: 60_000 }, async () => {
    const o = await open(`${server.url}course/workbench?experiment=email#x`);
    await waitForGates(o.page);
    assert.equal(o.page.url(), `${server.url}course/workbench/?experiment=email#x`);
    assert.deepEqual(o.failedResponses, [], 'every request answered');
    await assertNoFallbackWords(o.page, 'after the redirect');
  });
});
