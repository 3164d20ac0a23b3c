// The distributable builds of scripts/build-dist (SPEC 1: "a folder (or one
// file) that works with no server code and no network"):
//
// - dist/ served by a plain static server under a sub-path
//   (/course/unit-3/workbench/), as a course site would host it: the page
//   works, every request stays under that sub-path, and the page's
//   Content-Security-Policy reports no violation; once more with the server
//   sending .wasm as application/octet-stream.
// - dist/workbench.html in a frame sandboxed with allow-scripts alone, as
//   an LMS may frame an uploaded file: it works and still tells its parent
//   its height.
// - dist/workbench.html, the single file, copied alone into an empty folder
//   and opened from file://: the SPEC 8 email walkthrough by role and
//   accessible name, with no request but the file itself (and data:/blob:)
//   and no CSP violation.
//
// The server is node:http inside this file, not devserve: a stand-in for
// any static host. Needs dist/ (scripts/build-dist).

import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import {
  GATE_COUNT,
  GATE_IDS,
  MIME_TYPES,
  ROOT,
  cspViolations,
  gateStatuses,
  launchBrowser,
  ledgerJson,
  metaCsp,
  nextGates,
  openPage,
  recordCspViolations,
  waitForGates,
} from './harness.mjs';
import { EN } from './locales.mjs';

const t = (id) => EN.catalogue.text(id);

const DIST = join(ROOT, 'dist');
const SINGLE = join(DIST, 'workbench.html');
const PREFIX = '/course/unit-3/workbench/';
const LEARNER = 'learner@example.test';

/**
 * Serves DIST under PREFIX on 127.0.0.1 (everything else 404; PREFIX without
 * its slash redirects), sending .wasm as `wasmType`, and each of `pages`
 * (path → HTML). Records every request path and the type each file went
 * out with.
 */
function serveDist({ wasmType = 'application/wasm', pages = {} } = {}) {
  const seen = [];
  const server = createServer((req, res) => {
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain' });
      return res.end('400 Bad Request\n');
    }
    seen.push({ path, type: null });
    if (path in pages) {
      res.writeHead(200, { 'Content-Type': MIME_TYPES['.html'] });
      return res.end(pages[path]);
    }
    if (path === PREFIX.slice(0, -1)) {
      res.writeHead(301, { Location: PREFIX });
      return res.end();
    }
    let file = path.startsWith(PREFIX) ? normalize(join(DIST, path.slice(PREFIX.length))) : null;
    if (file && (file === DIST || file.startsWith(DIST + sep)) && existsSync(file) && statSync(file).isDirectory()) {
      file = join(file, 'index.html');
    }
    if (!file || !(file === DIST || file.startsWith(DIST + sep)) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return res.end('404 Not Found\n');
    }
    const type = extname(file) === '.wasm' ? wasmType : MIME_TYPES[extname(file)] ?? 'application/octet-stream';
    seen[seen.length - 1].type = type;
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
    res.end(readFileSync(file));
  });
  return new Promise((ok) => {
    server.listen(0, '127.0.0.1', () => {
      const origin = `http://127.0.0.1:${server.address().port}`;
      // close() waits for every connection to end, and a socket Chromium
      // opened ahead of need but never used ends only at Node's headers
      // timeout (60 s): so end them all at once.
      const close = () => new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      ok({ origin, seen, close });
    });
  });
}

let browser = null;
const opened = [];
before(async () => {
  assert.ok(existsSync(SINGLE), `${SINGLE} is missing: run scripts/build-dist first`);
  browser = await launchBrowser();
});
after(async () => {
  for (const p of opened) await p.close().catch(() => {});
  if (browser) await browser.close();
});

async function open(url) {
  const p = await openPage(browser, url, { initScript: recordCspViolations });
  opened.push(p);
  return p;
}

/** Waits for the seven gate rows; on a timeout, says what the page reported. */
async function waitForPage(o) {
  try {
    await waitForGates(o.page, { timeout: 10_000 });
  } catch (e) {
    const csp = await cspViolations(o.page).catch(() => []);
    throw new Error(
      `${e.message}\n  CSP violations: ${JSON.stringify(csp)}\n  console: ${JSON.stringify(o.consoleErrors)}` +
        `\n  errors: ${JSON.stringify(o.pageErrors)}`,
    );
  }
}

/** Asserts `opened` saw no CSP violation, console error or warning, or uncaught error. */
async function assertQuiet(o, where) {
  assert.deepEqual(await cspViolations(o.page), [], `no CSP violation ${where}`);
  assert.deepEqual(o.consoleErrors, [], `nothing logged as error or warning ${where}`);
  assert.deepEqual(o.pageErrors, [], `no uncaught error ${where}`);
}

/** The policy sources that would let in eval, inline code or another origin. */
function looseSources(csp) {
  return Object.entries(csp).flatMap(([name, sources]) =>
    sources
      .filter((s) => /^'unsafe-(eval|inline|hashes)'$|^\*|^https?:|^wss?:|^blob:|^[a-z0-9-]+(\.[a-z0-9-]+)+/i.test(s))
      .map((s) => `${name} ${s}`),
  );
}

/** Opens the served page at `?experiment=email` and finishes one run with 7 × Next gate. */
async function runServedEmail(server, why) {
  const o = await open(`${server.origin}${PREFIX}?experiment=email`);
  const { page } = o;
  await waitForPage(o);
  assert.deepEqual(await gateStatuses(page), Array(GATE_COUNT).fill('pending'), `${why}: seven gates pending`);
  await nextGates(page);
  const statuses = await gateStatuses(page);
  assert.equal(statuses.length, GATE_COUNT);
  assert.ok(!statuses.includes('pending'), `${why}: seven presses finish the run: ${statuses}`);
  assert.equal(statuses[GATE_IDS.indexOf('role')], 'rejected', `${why}: a Viewer's send stops at the role gate`);
  assert.ok(await page.getByRole('button', { name: 'Next gate' }).isDisabled(), `${why}: Next gate disabled after the run`);
  assert.deepEqual((await ledgerJson(page)).outbox, [], `${why}: nothing sent`);
  return o;
}

/** Asserts every request of the page, and every one the server saw, stayed under PREFIX. */
function assertUnderPrefix(o, server, why) {
  const home = server.origin + PREFIX;
  const outside = o.requests.filter((u) => !u.startsWith('data:') && !u.startsWith(home));
  assert.deepEqual(outside, [], `${why}: every request stays under ${home}`);
  assert.deepEqual(
    server.seen.map((s) => s.path).filter((p) => !p.startsWith(PREFIX)),
    [],
    `${why}: the server saw nothing outside ${PREFIX}`,
  );
  assert.deepEqual(o.failedResponses, [], `${why}: every request answered`);
  assert.ok(
    o.requests.includes(`${home}pkg/gateway_web_bg.wasm`),
    `${why}: the wasm came from the sub-path: ${o.requests.join(' ')}`,
  );
}

describe('dist/ from a static host under a sub-path', () => {
  test('the page works, stays under the sub-path and breaks no CSP rule', { timeout: 60_000 }, async () => {
    const server = await serveDist();
    try {
      const o = await runServedEmail(server, 'application/wasm');
      assertUnderPrefix(o, server, 'application/wasm');
      await assertQuiet(o, 'under the sub-path');
      const csp = await metaCsp(o.page);
      assert.deepEqual(csp['script-src'], ["'self'", "'wasm-unsafe-eval'"]);
      assert.deepEqual(looseSources(csp), [], 'no unsafe-eval, unsafe-inline or remote origin');
      assert.equal(server.seen.find((s) => s.path.endsWith('.wasm')).type, 'application/wasm');
      assert.equal(await o.page.locator('meta[name="workbench-build"]').count(), 0, 'the served page is not the single file');

      // Without the trailing slash a static host redirects, and relative URLs still resolve.
      const bare = await open(`${server.origin}${PREFIX.slice(0, -1)}?experiment=email`);
      await waitForPage(bare);
      assert.equal(new URL(bare.page.url()).pathname, PREFIX);
    } finally {
      await server.close();
    }
  });

  test('a server sending .wasm as application/octet-stream still gets a working, quiet page', { timeout: 60_000 }, async () => {
    const server = await serveDist({ wasmType: 'application/octet-stream' });
    try {
      const o = await runServedEmail(server, 'octet-stream');
      assert.equal(server.seen.find((s) => s.path.endsWith('.wasm')).type, 'application/octet-stream');
      assertUnderPrefix(o, server, 'octet-stream');
      await assertQuiet(o, 'with the wrong MIME type');
    } finally {
      await server.close();
    }
  });

  test(
    'dist/embed.html frames the workbench from the sub-path and asks for nothing outside it',
    { timeout: 60_000, skip: !existsSync(join(DIST, 'embed.html')) && 'the page has no embed.html' },
    async () => {
      const server = await serveDist();
      try {
        const o = await open(`${server.origin}${PREFIX}embed.html`);
        const frame = o.page.frameLocator('iframe');
        await frame.locator('li[data-gate]').nth(GATE_COUNT - 1).waitFor({ timeout: 15_000 });
        assert.equal(await frame.locator('li[data-gate]').count(), GATE_COUNT, 'the framed page draws seven gates');
        const home = server.origin + PREFIX;
        assert.deepEqual(
          o.requests.filter((u) => !u.startsWith('data:') && !u.startsWith(home)),
          [],
          `every request of the course page and its frame stays under ${home}`,
        );
        assert.deepEqual(
          server.seen.map((x) => x.path).filter((p) => !p.startsWith(PREFIX)),
          [],
          `the server saw nothing outside ${PREFIX} (a page without <link rel="icon"> makes the browser ask for /favicon.ico)`,
        );
        assert.deepEqual(o.failedResponses, [], 'every request answered');
        for (const f of o.page.frames()) {
          assert.deepEqual(await f.evaluate(() => window.__cspViolations ?? []), [], `no CSP violation in ${f.url()}`);
        }
        assert.deepEqual(o.consoleErrors, [], 'nothing logged as error or warning');
        assert.deepEqual(o.pageErrors, [], 'no uncaught error');
      } finally {
        await server.close();
      }
    },
  );
});

test('dist/workbench.html in a frame sandboxed with allow-scripts alone works and posts its height', { timeout: 60_000 }, async () => {
  // No allow-same-origin: the frame has an opaque origin, so storage throws.
  const course = `${PREFIX}course.html`;
  const server = await serveDist({
    pages: {
      [course]: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course</title></head><body>
        <iframe src="workbench.html?experiment=email&amp;embed=1" title="Workbench" sandbox="allow-scripts"
                allow="fullscreen; clipboard-write" allowfullscreen style="width: 100%; height: 600px"></iframe>
        <script>
          window.__heights = [];
          window.addEventListener('message', (e) => {
            if (e.data && e.data.subject === 'lti.frameResize') window.__heights.push(e.data.height);
          });
        </script></body></html>`,
    },
  });
  try {
    const o = await openPage(browser, `${server.origin}${course}`);
    opened.push(o);
    const frame = o.page.frameLocator('iframe');
    await frame.locator('li[data-gate]').nth(GATE_COUNT - 1).waitFor({ timeout: 15_000 });
    assert.equal(await frame.locator('meta[name="workbench-build"]').getAttribute('content'), 'single-file');
    assert.equal(await frame.locator('html').evaluate(() => window.origin), 'null', 'an opaque origin');
    // Served over http, it is not opened from a file: no note about file://.
    assert.equal(await frame.locator('.file-note').isVisible(), false, 'no file:// note over http');
    // A learner's approved send reaches the ledger.
    await frame.getByRole('combobox', { name: 'Role', exact: true }).selectOption({ label: 'Operator' });
    await frame.getByRole('button', { name: 'Approve exact payload', exact: true }).click();
    const next = frame.getByRole('button', { name: 'Next gate', exact: true });
    for (let i = 0; i < GATE_COUNT; i += 1) await next.click();
    const ledger = JSON.parse(await frame.locator('#ledger-json').textContent());
    assert.equal(ledger.outbox.length, 1);
    assert.equal(ledger.outbox[0].to, LEARNER);
    // Its parent was told its height.
    await o.page.waitForFunction(() => window.__heights.length > 0);
    const heights = await o.page.evaluate(() => window.__heights);
    assert.ok(heights.every((h) => h > 600), `heights ${heights}`);
    assert.deepEqual(o.pageErrors, [], 'no uncaught error');
  } finally {
    await server.close();
  }
});

describe('dist/workbench.html, the single file, from file://', () => {
  let dir = null;
  let url = null;
  before(() => {
    // Alone in an empty folder: it must need nothing next to it.
    dir = mkdtempSync(join(tmpdir(), 'workbench-single-'));
    copyFileSync(SINGLE, join(dir, 'workbench.html'));
    url = pathToFileURL(join(dir, 'workbench.html')).href;
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('its policy allows exactly its own inline script and style, and it says it is the single file', async () => {
    const o = await open(`${url}?experiment=email`);
    await waitForPage(o);
    const csp = await metaCsp(o.page);
    assert.equal(csp['script-src'].length, 2);
    assert.match(csp['script-src'][0], /^'sha256-[A-Za-z0-9+/]{43}='$/);
    assert.equal(csp['script-src'][1], "'wasm-unsafe-eval'");
    assert.match(csp['style-src'].join(' '), /^'sha256-[A-Za-z0-9+/]{43}='$/);
    assert.deepEqual(csp['img-src'], ['data:']);
    assert.deepEqual(looseSources(csp), [], 'no unsafe-eval, unsafe-inline or remote origin');
    assert.equal(await o.page.locator('meta[name="workbench-build"]').getAttribute('content'), 'single-file');
    assert.equal(await o.page.locator('script[src], link[rel="stylesheet"]').count(), 0, 'nothing loaded by URL');
    assert.ok(await o.page.locator('.file-note').isVisible(), 'from file:// it says what file:// changes');
    // A quiet note: one line in normal weight, the rest behind "What this means".
    const note = () =>
      o.page.locator('.file-note').evaluate((n) => {
        const line = n.querySelector(':scope > p');
        // The lines the note's sentence and its summary are drawn on.
        const tops = new Set();
        for (const part of [line, n.querySelector('summary')]) {
          const range = document.createRange();
          range.selectNodeContents(part);
          for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
        }
        const detail = n.querySelector('details > p');
        return {
          line: line.textContent,
          weight: getComputedStyle(line).fontWeight,
          lines: tops.size,
          more: n.querySelector('summary').textContent,
          detailShown: detail.checkVisibility(),
          detail: detail.textContent,
        };
      });
    const closed = await note();
    assert.equal(closed.line, t('single-file-note'));
    assert.equal(closed.more, t('single-file-more'));
    assert.equal(closed.weight, '400', 'in normal weight');
    assert.equal(closed.lines, 1, `one line: ${JSON.stringify(closed)}`);
    assert.equal(closed.detailShown, false, 'the explanation waits behind its disclosure');
    await o.page.locator('.file-note summary').click();
    const open_ = await note();
    assert.equal(open_.detailShown, true, 'What this means opens the explanation');
    assert.equal(open_.detail, t('single-file-detail'));
    assert.match(open_.detail, /Export notes/);
    await assertQuiet(o, 'on load from file://');
  });

  test('SPEC 8 email walkthrough, by role and accessible name', { timeout: 120_000 }, async () => {
    const o = await open(`${url}?experiment=email`);
    const { page } = o;
    await waitForPage(o);
    const combo = (name) => page.getByRole('combobox', { name, exact: true });
    const box = (name) => page.getByRole('textbox', { name, exact: true });
    const button = (name) => page.getByRole('button', { name, exact: true });
    const rejectedAt = async () => {
      const s = await gateStatuses(page);
      assert.ok(!s.includes('pending'), `the run finished: ${s}`);
      return s.includes('rejected') ? GATE_IDS[s.indexOf('rejected')] : null;
    };
    const run = async () => {
      assert.deepEqual(await gateStatuses(page), Array(GATE_COUNT).fill('pending'), 'a run starts at gate 1');
      await nextGates(page);
      assert.ok(await button('Next gate').isDisabled(), 'Next gate disabled after seven presses');
      return rejectedAt();
    };

    assert.equal(await combo('Tool').inputValue(), 'email');
    assert.equal(await combo('Role').inputValue(), 'viewer');
    assert.equal(await box('Operation key').inputValue(), 'intent-1');
    assert.deepEqual((await ledgerJson(page)).outbox, []);

    assert.equal(await run(), 'role', 'Viewer: the role gate rejects');
    assert.deepEqual((await ledgerJson(page)).outbox, [], 'Viewer: outbox empty');

    await combo('Role').selectOption({ label: 'Operator' });
    assert.equal(await run(), 'approval', 'Operator: the approval gate rejects');
    assert.deepEqual((await ledgerJson(page)).outbox, []);

    await button('Approve exact payload').click();
    assert.equal(await run(), null, 'approved: accepted');
    let l = await ledgerJson(page);
    assert.equal(l.outbox.length, 1);
    assert.equal(l.outbox[0].id, 'email-1');
    assert.equal(l.outbox[0].to, LEARNER);

    await button('Restart inspection').click();
    assert.equal(await run(), null, 'the same key again: accepted');
    l = await ledgerJson(page);
    assert.equal(l.outbox.length, 1, 'still one message');
    assert.equal(l.counters.receipts_reused, 1, 'the receipt was reused');

    const edited = JSON.parse(await box('Arguments JSON').inputValue());
    edited.subject = `${edited.subject}, revised`;
    await box('Arguments JSON').fill(JSON.stringify(edited, null, 2));
    assert.equal(await button('Approve exact payload').getAttribute('data-approved'), 'false', 'editing cleared the approval');
    await button('Approve exact payload').click();
    assert.equal(await run(), 'idempotency', 'intent-1 with another payload: the idempotency gate rejects');
    assert.equal((await ledgerJson(page)).outbox.length, 1);

    await box('Operation key').fill('intent-2');
    await button('Approve exact payload').click();
    assert.equal(await run(), null, 'intent-2: accepted');
    l = await ledgerJson(page);
    assert.equal(l.outbox.length, 2, 'two messages');
    assert.equal(l.outbox[1].subject, edited.subject);

    await combo('Hook').selectOption({ label: 'Redact output' });
    await box('Operation key').fill('intent-3');
    await button('Approve exact payload').click();
    assert.equal(await run(), null, 'redacted send: accepted');
    const out = await page.locator('#output').textContent();
    assert.ok(out.includes('"to": "[redacted]"'), `#output shows "to": "[redacted]": ${out}`);
    l = await ledgerJson(page);
    assert.equal(l.outbox.length, 3);
    assert.equal(l.outbox[2].to, LEARNER, 'the ledger keeps the address');

    await combo('Example').selectOption({ label: 'Boundary violation' });
    assert.match(JSON.parse(await box('Arguments JSON').inputValue()).to, /@outside\.test$/);
    assert.equal(await run(), 'schema', 'outside.test: the schema gate rejects');
    l = await ledgerJson(page);
    assert.equal(l.outbox.length, 3, 'still three messages');
    assert.ok(!JSON.stringify(l).includes('outside.test'), 'outside.test never reached the ledger');

    // Nothing but the file itself was asked for.
    const others = o.requests.filter((u) => !/^(data|blob):/.test(u) && u.split(/[?#]/)[0] !== url);
    assert.deepEqual(others, [], `no request but ${url}`);
    await assertQuiet(o, 'during the walkthrough from file://');
  });
});
