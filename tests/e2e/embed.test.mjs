// Course-page embedding, shared links and stored baselines (issues 4, 13):
// the page inside an <iframe> posts its height and goal events to the
// parent, and course pages that resize frames the way LMSs do resize it
// (H5P's h5p-resizer.js, a handler that JSON.parses the data as Moodle's
// does); Expand never posts a height of 0; unknown hide= names are
// reported; a copied link restores its setup and never an approval; a
// stored baseline comes back after a reload, and one this version cannot
// read is left untouched.
//
// The course pages come from a server of their own on 127.0.0.1 (another
// port, so another origin than the workbench's, as an LMS is).

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ROOT, e2eSuite, ledgerJson, nextGates, openPanel, waitForGates } from './harness.mjs';

const suite = e2eSuite();

/** Collects every message the parent page receives from its frames. */
const RECORD_MESSAGES = () => {
  window.__messages = [];
  window.addEventListener('message', (e) => window.__messages.push(e.data));
};

async function messages(page, filter) {
  const all = await page.evaluate(() => window.__messages);
  return all.filter(filter);
}

const isResize = (m) => m && m.type === 'function-tools-workbench.resize';
const isLti = (m) => m && m.subject === 'lti.frameResize';
const isGoal = (m) => m && m.type === 'function-tools-workbench.goal';

async function lastHeight(page) {
  const resizes = await messages(page, isResize);
  return resizes.length ? resizes[resizes.length - 1].height : null;
}

test('inside an iframe: no chrome, hidden panels, height and goal messages', { timeout: 90_000 }, async () => {
  const { page, pageErrors } = await suite.open('embed.html', { initScript: RECORD_MESSAGES });
  const frame = page.frameLocator('#workbench');
  await frame.locator('li[data-gate]').first().waitFor();
  assert.equal(await frame.locator('li[data-gate]').count(), 7);
  // The gates are in index.html's first view already, chrome and all: wait
  // for the page to have taken it over in embed mode (on a loaded machine
  // the check below ran before, and saw the first view's eyebrow).
  await frame.locator('.workbench.embed').waitFor();

  // Embed mode: the chrome is gone, the hidden panel is gone, the rest is there.
  assert.equal(await frame.locator('.eyebrow').isVisible(), false, 'no page chrome');
  assert.equal(await frame.locator('#notes').isVisible(), false, 'hide=notes hides the Notes panel');
  assert.equal(await frame.getByRole('button', { name: 'Next gate' }).isVisible(), true);

  // Height messages: both shapes, the same height, matching the frame's document.
  await page.waitForFunction(() => window.__messages.some((m) => m && m.type === 'function-tools-workbench.resize'));
  const first = await lastHeight(page);
  const lti = await messages(page, isLti);
  assert.ok(lti.length >= 1, 'an lti.frameResize message');
  assert.equal(lti[lti.length - 1].height, first);
  const resize = (await messages(page, isResize)).at(-1);
  assert.equal(resize.experiment, 'email');
  assert.equal(resize.version, 1);
  const docHeight = await frame.locator('html').evaluate((h) => h.offsetHeight);
  assert.equal(first, docHeight, 'the reported height is the document height');
  // The parent's script resized the frame to it.
  const frameHeight = await page.locator('#workbench').evaluate((f) => f.getBoundingClientRect().height);
  assert.ok(Math.abs(frameHeight - first) <= 2, `frame ${frameHeight} vs reported ${first}`);

  // A panel opens: taller; it closes: back to the same height.
  await frame.getByText('Complete-run preview').click();
  await page.waitForFunction((h) => {
    const r = window.__messages.filter((m) => m && m.type === 'function-tools-workbench.resize');
    return r.length && r[r.length - 1].height > h;
  }, first);
  const opened = await lastHeight(page);
  assert.ok(opened > first, `opening the preview grows the page (${first} → ${opened})`);
  await frame.getByText('Complete-run preview').click();
  await page.waitForFunction((h) => {
    const r = window.__messages.filter((m) => m && m.type === 'function-tools-workbench.resize');
    return r[r.length - 1].height === h;
  }, first);

  // No goal yet; reaching one posts exactly one namespaced event.
  assert.deepEqual(await messages(page, isGoal), []);
  await frame.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Operator' });
  await frame.getByRole('button', { name: 'Approve exact payload' }).click();
  const next = frame.getByRole('button', { name: 'Next gate' });
  for (let i = 0; i < 7; i += 1) await next.click();
  await page.waitForFunction(() => window.__messages.some((m) => m && m.type === 'function-tools-workbench.goal'));
  const goals = await messages(page, isGoal);
  assert.deepEqual(goals, [
    {
      type: 'function-tools-workbench.goal',
      version: 1,
      experiment: 'email',
      goal: 'first-message',
      reached: 1,
      total: 4,
      complete: false,
    },
  ]);
  // The parent example page lists it, as text.
  await page.getByText('email: goal "first-message" reached (1 of 4)').waitFor();
  // Finishing the same run again reaches the next goal, never the first twice.
  await frame.getByRole('button', { name: 'Restart inspection' }).click();
  for (let i = 0; i < 7; i += 1) await next.click();
  await page.waitForFunction(() => window.__messages.filter((m) => m && m.type === 'function-tools-workbench.goal').length === 2);
  const ids = (await messages(page, isGoal)).map((g) => g.goal);
  assert.deepEqual(ids, ['first-message', 'receipt-reused']);
  assert.deepEqual(pageErrors, []);
});

test('a page that is not framed posts nothing and keeps its chrome', async () => {
  const { page } = await suite.open('?experiment=email', { initScript: RECORD_MESSAGES });
  await waitForGates(page);
  assert.equal(await page.locator('.eyebrow').isVisible(), true);
  await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Operator' });
  await page.getByRole('button', { name: 'Approve exact payload' }).click();
  await nextGates(page);
  assert.deepEqual(await page.evaluate(() => window.__messages), []);
});

test('hide= hides any named panels, and unknown names hide nothing else and are reported', async () => {
  const { page } = await suite.open('?experiment=email&embed=1&hide=baseline,runs,policy,nonsense,Side-Bar');
  await waitForGates(page);
  for (const name of ['baseline', 'runs', 'policy']) {
    assert.equal(await page.locator(`[data-panel="${name}"]`).isVisible(), false, `${name} hidden`);
  }
  for (const name of ['experiment', 'build', 'request', 'gateway', 'output', 'ledger', 'notes']) {
    assert.equal(await page.locator(`[data-panel="${name}"]`).first().isVisible(), true, `${name} shown`);
  }
  // The instructor is told which names matched nothing, and which exist
  // (the goals beside the ledger are part of the experiment's panel).
  const panels = [...new Set(await page.$$eval('[data-panel]', (ps) => ps.map((p) => p.dataset.panel)))];
  const notice = page.getByText('hide= names nonsense, side-bar, which are not panels of this page');
  await notice.waitFor();
  assert.ok(await notice.isVisible());
  const words = await notice.textContent();
  assert.ok(words.endsWith(`The panels hide= can name: ${panels.join(', ')}.`), `${words} | ${panels}`);
  // Known names only: no such notice.
  const { page: known } = await suite.open('?experiment=email&embed=1&hide=notes');
  await waitForGates(known);
  assert.equal(await known.getByText('hide= names').count(), 0);
});

// ---------------------------------------------------------------------------
// Course pages that resize the frame the way LMSs do.

/** The real h5p-resizer.js, if this checkout has it (see docs/embedding.md). */
const RESIZER_PATH = process.env.H5P_RESIZER_JS || join(ROOT, 'tests', 'e2e', 'fixtures', 'h5p-resizer.js');
const RESIZER = existsSync(RESIZER_PATH) ? readFileSync(RESIZER_PATH, 'utf8') : null;

/** The course pages' server: answers GET /N with the Nth page given to `serve`. */
let courses = null;
function courseServer() {
  if (courses) return courses;
  const pages = [];
  const server = createServer((req, res) => {
    const body = pages[Number(req.url.slice(1))];
    res.writeHead(body === undefined ? 404 : 200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  courses = new Promise((ok) => {
    server.listen(0, '127.0.0.1', () => {
      ok({
        serve: (html) => `http://127.0.0.1:${server.address().port}/${pages.push(html) - 1}`,
        close: () => new Promise((done) => {
          server.close(() => done());
          server.closeAllConnections();
        }),
      });
    });
  });
  return courses;
}
after(async () => {
  if (courses) await (await courses).close();
});

/**
 * Opens a course page whose HTML is `body` (with FRAME replaced by the
 * workbench's address for `query`). Every window records the messages it
 * receives in `window.__messages`.
 */
async function openCourse(body, query = '?experiment=email&embed=1') {
  const frameUrl = new URL(`index.html${query}`, suite.url).href;
  const courseUrl = (await courseServer()).serve(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course</title></head>
<body style="margin: 0"><h1>Unit 3</h1>${body.replace('FRAME', frameUrl)}</body></html>`,
  );
  const context = await suite.browser.newContext();
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  await page.addInitScript(RECORD_MESSAGES);
  await page.goto(courseUrl);
  const frame = page.frameLocator('iframe');
  await frame.locator('li[data-gate]').nth(6).waitFor();
  return { context, page, frame, pageErrors };
}

/** The frame element's height and the framed document's height. */
async function heights(page, frame) {
  const box = await page.locator('iframe').evaluate((f) => f.getBoundingClientRect().height);
  const doc = await frame.locator('html').evaluate((h) => h.offsetHeight);
  return { box, doc };
}

/** Waits until the frame is as tall as its document, and returns that height. */
async function fitted(page, frame, why) {
  let last = null;
  for (let i = 0; i < 100; i += 1) {
    last = await heights(page, frame);
    if (last.doc > 0 && Math.abs(last.box - last.doc) <= 1) return last.doc;
    await page.waitForTimeout(50);
  }
  throw new Error(`${why}: the frame is ${last.box}px for a ${last.doc}px document`);
}

/** Every height the parent was told, by any of the three conventions. */
async function postedHeights(page) {
  const all = await page.evaluate(() => window.__messages);
  return all.flatMap((m) => {
    const parsed = typeof m === 'string' ? JSON.parse(m) : m;
    return ['height', 'scrollHeight', 'clientHeight'].filter((k) => parsed && k in parsed).map((k) => parsed[k]);
  });
}

/** Opens and closes the Complete-run preview: the frame follows its document both ways. */
async function followsPanels(page, frame, why) {
  const first = await fitted(page, frame, `${why}: on load`);
  assert.ok(first > 300, `${why}: taller than the frame's 300px (${first})`);
  await frame.getByText('Complete-run preview').click();
  let opened = first;
  for (let i = 0; i < 100 && opened <= first; i += 1) {
    await page.waitForTimeout(50);
    opened = await fitted(page, frame, `${why}: preview open`);
  }
  assert.ok(opened > first, `${why}: opening the preview grew the frame (${first} → ${opened})`);
  await frame.getByText('Complete-run preview').click();
  let closed = opened;
  for (let i = 0; i < 100 && closed !== first; i += 1) {
    await page.waitForTimeout(50);
    closed = await fitted(page, frame, `${why}: preview closed`);
  }
  assert.equal(closed, first, `${why}: closing the preview gave the height back`);
  return first;
}

/**
 * A stand-in for the parent side of H5P's resizer protocol, for a checkout
 * without the real script: it answers hello with hello, sets the frame to
 * prepareResize's clientHeight and answers resizePrepared, and sets the
 * frame to resize's scrollHeight (h5p-resizer.js also skips a
 * prepareResize that would change nothing).
 */
const RESIZER_STAND_IN = `
  window.addEventListener('message', (e) => {
    const frame = document.querySelector('iframe');
    const m = e.data;
    if (e.source !== frame.contentWindow || !m || m.context !== 'h5p') return;
    const reply = (action) => e.source.postMessage({ context: 'h5p', action }, e.origin);
    if (m.action === 'hello') reply('hello');
    if (m.action === 'prepareResize') {
      frame.style.height = m.clientHeight + 'px';
      reply('resizePrepared');
    }
    if (m.action === 'resize') frame.style.height = m.scrollHeight + 'px';
  });`;

/** A course page with `script` as its only script resizes the frame by H5P's protocol. */
async function resizedByH5p(script, why) {
  // As Moodle and WordPress embed H5P: the frame, then the resizer.
  const course = await openCourse(
    `<iframe src="FRAME" title="Workbench" style="width: 100%; height: 300px; border: 0"></iframe>
     <script>${script}</script>`,
  );
  const { page, frame } = course;
  try {
    await followsPanels(page, frame, why);
    const style = await page.locator('iframe').evaluate((f) => f.style.height);
    const doc = await frame.locator('html').evaluate((h) => h.offsetHeight);
    assert.equal(style, `${doc}px`, `${why}: the resizer set the frame height`);
    // The handshake: the page said hello, the resizer answered hello and resizePrepared.
    const h5pOut = (await page.evaluate(() => window.__messages)).filter((m) => m && m.context === 'h5p');
    assert.deepEqual(h5pOut[0], { context: 'h5p', action: 'hello' });
    const prepare = h5pOut.filter((m) => m.action === 'prepareResize');
    assert.ok(prepare.length >= 3, `${why}: prepareResize on load, open and close: ${JSON.stringify(h5pOut)}`);
    assert.ok(prepare.every((m) => m.scrollHeight > 0 && m.clientHeight === m.scrollHeight));
    assert.equal(h5pOut.filter((m) => m.action === 'resize').at(-1).scrollHeight, doc);
    const h5pIn = (await frame.locator('html').evaluate(() => window.__messages)).filter((m) => m && m.context === 'h5p');
    assert.deepEqual(h5pIn[0], { context: 'h5p', action: 'hello' }, `${why}: the resizer answered hello`);
    assert.ok(h5pIn.some((m) => m.action === 'resizePrepared'));
    assert.ok(!(await postedHeights(page)).includes(0), `${why}: no height of 0`);
    assert.deepEqual(course.pageErrors, []);
  } finally {
    await course.context.close();
  }
}

test(
  "a course page running H5P's real h5p-resizer.js resizes the frame as panels open and close",
  {
    timeout: 90_000,
    skip: !RESIZER && `no h5p-resizer.js at ${RESIZER_PATH} (set H5P_RESIZER_JS to js/h5p-resizer.js of h5p/h5p-php-library)`,
  },
  () => resizedByH5p(RESIZER, 'h5p-resizer.js'),
);

test("a course page speaking H5P's resizer protocol resizes the frame as panels open and close", { timeout: 90_000 }, () =>
  resizedByH5p(RESIZER_STAND_IN, 'H5P stand-in'),
);

test('a course page that JSON.parses string messages (as Moodle does) resizes the frame too', { timeout: 90_000 }, async () => {
  // Only strings are understood here; objects fail JSON.parse and are skipped.
  const course = await openCourse(
    `<iframe id="contentframe" src="FRAME" title="Workbench" style="width: 100%; height: 300px; border: 0"></iframe>
     <script>
       window.__parsed = [];
       window.addEventListener('message', (e) => {
         const frame = document.getElementById('contentframe');
         if (e.source !== frame.contentWindow) return;
         let message;
         try { message = JSON.parse(e.data); } catch (err) { return; }
         if (message.subject === 'lti.frameResize') {
           window.__parsed.push(message.height);
           frame.style.height = message.height + 'px';
         }
       });
     </script>`,
  );
  const { page, frame } = course;
  try {
    await followsPanels(page, frame, 'JSON.parse');
    const parsed = await page.evaluate(() => window.__parsed);
    assert.ok(parsed.length >= 3, `the string messages were read: ${parsed}`);
    assert.ok(!parsed.includes(0));
    // The same height went as an object too (Canvas).
    const objects = (await page.evaluate(() => window.__messages)).filter((m) => m && m.subject === 'lti.frameResize');
    assert.deepEqual(objects.map((m) => m.height), parsed);
    assert.deepEqual(course.pageErrors, []);
  } finally {
    await course.context.close();
  }
});

/** A course page that resizes its frame on every convention this page speaks. */
const EVERY_CONVENTION = (allow) => `
  <iframe src="FRAME" title="Workbench" ${allow} style="width: 100%; height: 300px; border: 0"></iframe>
  <script>
    window.addEventListener('message', (e) => {
      const frame = document.querySelector('iframe');
      if (e.source !== frame.contentWindow) return;
      const m = typeof e.data === 'string' ? JSON.parse(e.data) : e.data;
      if (m.subject === 'lti.frameResize') frame.style.height = m.height + 'px';
      if (m.type === 'function-tools-workbench.resize') frame.style.height = m.height + 'px';
    });
  </script>`;

test('Expand experiment in a frame never posts a height of 0, and the frame keeps its height', { timeout: 90_000 }, async () => {
  for (const [allow, how] of [['', 'filling the frame'], ['allow="fullscreen"', 'full screen']]) {
    const course = await openCourse(EVERY_CONVENTION(allow));
    const { page, frame } = course;
    try {
      const before = await fitted(page, frame, `${how}: on load`);
      const count = (await page.evaluate(() => window.__messages)).length;
      await frame.getByRole('button', { name: 'Expand experiment' }).click();
      await frame.getByRole('button', { name: 'Exit full screen' }).waitFor({ state: 'attached', timeout: 5_000 });
      if (how === 'full screen') {
        assert.equal(await frame.locator('html').evaluate(() => !!document.fullscreenElement), true, 'in full screen');
      } else {
        assert.equal(await frame.locator('.workbench.expanded').count(), 1, 'filling the frame');
      }
      // Let the page measure itself expanded and report what it would.
      await page.waitForTimeout(500);
      const during = (await page.evaluate(() => window.__messages)).slice(count);
      assert.deepEqual(during, [], `${how}: nothing posted while expanded: ${JSON.stringify(during)}`);
      await frame.getByRole('button', { name: 'Exit full screen' }).click();
      await frame.getByRole('button', { name: 'Expand experiment' }).waitFor();
      await page.waitForTimeout(500);
      assert.equal(await fitted(page, frame, `${how}: after`), before, `${how}: the same height after`);
      assert.ok(!(await postedHeights(page)).includes(0), `${how}: no height of 0 ever`);
      assert.deepEqual(course.pageErrors, []);
    } finally {
      await course.context.close();
    }
  }
});

test('Copy link restores the setup and never the approval or the ledger', { timeout: 60_000 }, async () => {
  const { page } = await suite.open('?experiment=email');
  await waitForGates(page);
  const args = page.getByRole('textbox', { name: 'Arguments JSON' });
  const edited = (await args.inputValue()).replace('Weekly summary', 'Shared <b>subject</b>');
  await args.fill(edited);
  await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Operator' });
  await page.getByRole('combobox', { name: 'Hook' }).selectOption({ label: 'Redact output' });
  await page.getByRole('textbox', { name: 'Operation key' }).fill('intent-7');
  await page.getByRole('radio', { name: 'Half speed' }).check();
  await page.getByRole('button', { name: 'Approve exact payload' }).click();
  await nextGates(page);
  assert.equal((await ledgerJson(page)).outbox.length, 1);

  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByRole('textbox', { name: 'Link to this setup' }).inputValue();
  assert.match(link, /\?experiment=email&lang=en#s=1\.[A-Za-z0-9_-]+$/, 'the link keeps the experiment, the language and the setup');
  assert.equal(page.url(), link, 'the address bar holds the link too');
  assert.match(await page.locator('#share-status').textContent(), /link/i);

  const { page: other } = await suite.open(link.slice(link.indexOf('?')));
  await waitForGates(other);
  assert.equal(await other.getByRole('textbox', { name: 'Arguments JSON' }).inputValue(), edited);
  assert.equal(await other.getByRole('combobox', { name: 'Role' }).inputValue(), 'operator');
  assert.equal(await other.getByRole('combobox', { name: 'Hook' }).inputValue(), 'redact-output');
  assert.equal(await other.getByRole('textbox', { name: 'Operation key' }).inputValue(), 'intent-7');
  assert.equal(await other.getByRole('radio', { name: 'Half speed' }).isChecked(), true);
  // Not approved, and the ledger is this page's own (empty) one.
  assert.equal(await other.getByRole('button', { name: 'Approve exact payload' }).isEnabled(), true);
  assert.equal((await ledgerJson(other)).outbox.length, 0);
  await other.getByText('Approvals are never shared').waitFor();
  await nextGates(other);
  assert.equal(await other.locator('li[data-gate="approval"]').getAttribute('data-status'), 'rejected');
  assert.equal((await ledgerJson(other)).outbox.length, 0);
});

test('a damaged or future-version link gives a clear message and the default setup', async () => {
  for (const [fragment, words] of [
    ['#s=1.!!!', 'damaged'],
    ['#s=1.e30', 'damaged'],
    ['#s=9.eyJ9', 'newer version'],
  ]) {
    const { page } = await suite.open(`?experiment=email${fragment}`);
    await waitForGates(page);
    await page.getByText(words).first().waitFor();
    const args = await page.getByRole('textbox', { name: 'Arguments JSON' }).inputValue();
    assert.match(args, /"subject": "Weekly summary"/, `${fragment}: the default setup`);
    assert.equal(await page.getByRole('combobox', { name: 'Role' }).inputValue(), 'viewer');
  }
});

test('the baseline is stored with a version, restored after a reload, and an unreadable one is left untouched', { timeout: 60_000 }, async () => {
  const { page } = await suite.open('?experiment=calendar');
  await waitForGates(page);
  await openPanel(page, 'baseline');
  await page.getByRole('button', { name: 'Capture baseline' }).click();
  const stored = await page.evaluate(() => localStorage.getItem('function-tools-workbench/baseline/v1/calendar'));
  assert.equal(JSON.parse(stored).version, 1);
  await page.reload();
  await waitForGates(page);
  await openPanel(page, 'baseline');
  assert.equal(await page.getByRole('button', { name: 'Replace baseline' }).count(), 1, 'the baseline came back');
  await page.getByRole('button', { name: 'Clear baseline' }).click();
  assert.equal(await page.evaluate(() => localStorage.getItem('function-tools-workbench/baseline/v1/calendar')), null);

  // A baseline written by a newer version: reported, kept, never overwritten.
  const future = JSON.stringify({ version: 2, baseline: { anything: 'new' } });
  await page.evaluate((v) => localStorage.setItem('function-tools-workbench/baseline/v1/calendar', v), future);
  await page.reload();
  await waitForGates(page);
  await openPanel(page, 'baseline');
  await page.getByText('newer version of the workbench').waitFor();
  await page.getByRole('button', { name: 'Capture baseline' }).click();
  await page.getByText('left untouched').first().waitFor();
  assert.equal(await page.getByRole('button', { name: 'Replace baseline' }).count(), 1, 'kept on the page');
  assert.equal(
    await page.evaluate(() => localStorage.getItem('function-tools-workbench/baseline/v1/calendar')),
    future,
  );
});

test('a baseline that storage refuses stays on the page with a message', async () => {
  const { page, pageErrors } = await suite.open('?experiment=search', {
    initScript: () => {
      Storage.prototype.setItem = function () {
        throw new DOMException('full', 'QuotaExceededError');
      };
    },
  });
  await waitForGates(page);
  await openPanel(page, 'baseline');
  await page.getByRole('button', { name: 'Capture baseline' }).click();
  await page.getByText('The baseline cannot be saved in this browser').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Replace baseline' }).count(), 1);
  assert.deepEqual(pageErrors, []);
});
