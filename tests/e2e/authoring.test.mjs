// Instructors author their own experiments (issue #12), end to end on dist/
// (scripts/build-dist: the learner's page, the author build in pkg/author/
// and the single file):
//
// - ?author=1: start from the email experiment, give it a title with markup
//   and another starting role, see "No problems", copy the learner link and
//   open it in a fresh browser context: the page says the experiment is an
//   instructor's, shows the markup as text, and every goal can be reached.
// - Download single file, then open the file from file://: the authored
//   experiment, with no request but the file.
// - The iframe snippet on a course page: the framed link loads and reaches
//   a goal.
// - A broken edit shows the exact problem and shares nothing; where the
//   single file cannot be fetched the page says so and the link still works.
// - ?teacher=1 shows the answer key of the experiment below.
// - A goal built with the form's choices (email, rejected, approval) is
//   written in the JSON, the JSON edited reads the form again, and the
//   goal ticks when the learner opening the link does it.
//
// The server is node:http inside this file (a stand-in for any static
// host), serving dist/ at its root and the course pages a test adds.

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { MIME_TYPES, ROOT, launchBrowser, openPage, waitForGates } from './harness.mjs';
import { EN } from './locales.mjs';

const DIST = join(ROOT, 'dist');
const MARKUP = '<b>bold</b> & <script>x</script>';
const t = (id) => EN.catalogue.text(id);

/** Course pages the tests add, by path. */
const pages = {};
let server = null;
let origin = null;
let browser = null;
const opened = [];

before(async () => {
  assert.ok(existsSync(join(DIST, 'workbench.html')), 'dist/ is missing: run scripts/build-dist first');
  assert.ok(existsSync(join(DIST, 'pkg/author/gateway_web_bg.wasm')), 'dist/pkg/author/ is missing: run scripts/build-dist');
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path in pages) {
      res.writeHead(200, { 'Content-Type': MIME_TYPES['.html'] });
      return res.end(pages[path]);
    }
    let file = normalize(join(DIST, path));
    if (file.startsWith(DIST + sep) && existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!(file === DIST || file.startsWith(DIST + sep)) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return res.end('404 Not Found\n');
    }
    res.writeHead(200, { 'Content-Type': MIME_TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    res.end(readFileSync(file));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${server.address().port}`;
  browser = await launchBrowser();
});

after(async () => {
  for (const p of opened) await p.close().catch(() => {});
  if (browser) await browser.close();
  if (server) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

async function open(url, options) {
  const p = await openPage(browser, url, options);
  opened.push(p);
  return p;
}

/** Opens ?author=1 and waits for the panel and the workbench below it. */
async function authorPage(query = '?author=1') {
  const o = await open(`${origin}/${query}`);
  await o.page.locator('#author-start').waitFor();
  await waitForGates(o.page);
  return o;
}

/** Waits until the verdict reads `text` (it follows the last edit by a moment). */
async function verdict(page, text) {
  await page.locator('#author-verdict', { hasText: text }).waitFor({ timeout: 10_000 });
}

/** Starts from `email`, with MARKUP as its English title and Operator as its starting role. */
async function emailVariant(page) {
  await page.selectOption('#author-start', 'email');
  await page.waitForFunction(() => JSON.parse(document.querySelector('#author-json').value).id === 'email');
  await page.locator('#author-id').fill('email-variant');
  await page.locator('#author-title-en').fill(MARKUP);
  await page.selectOption('#author-start-role', 'operator');
  const json = JSON.parse(await page.locator('#author-json').inputValue());
  assert.equal(json.title.en, MARKUP, 'the form wrote the JSON');
  assert.equal(json.start.role, 'operator');
  await verdict(page, t('author-no-problems'));
  assert.equal(await page.locator('.author-problems li').count(), 0);
}

/** Copies the learner link and reads it from the field the page shows it in. */
async function learnerLink(page) {
  await page.getByRole('button', { name: t('author-copy-link') }).click();
  const field = page.locator('#author-link');
  await field.waitFor();
  const link = await field.inputValue();
  assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/#x=1\.[A-Za-z0-9_-]+$/, 'the link: the page, no query, the experiment');
  return link;
}

/** Finishes the run under inspection (Finish run). */
async function finish(page) {
  await page.getByRole('button', { name: t('finish-run') }).click();
}

async function approve(page) {
  await page.getByRole('button', { name: t('approve-exact-payload') }).click();
}

/** The goals line, e.g. "2 of 4 goals reached". */
const progress = (page) => page.locator('.goals-panel .status-line').textContent();

/** Asserts the page shows the authored experiment as an instructor's, its markup as text. */
async function assertAuthored(page, where) {
  const banner = page.locator('.authored');
  assert.ok(await banner.isVisible(), `the banner shows ${where}`);
  assert.equal(await banner.textContent(), t('authored-experiment'));
  // A quiet note under the title: normal weight, small, muted, one line at
  // a desktop width; the experiment's instructions are read first in their panel.
  const look = await banner.evaluate((note) => {
    const s = getComputedStyle(note);
    const body = getComputedStyle(document.querySelector('.intro .instructions'));
    const range = document.createRange();
    range.selectNodeContents(note);
    const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    return {
      weight: s.fontWeight,
      size: parseFloat(s.fontSize),
      bodySize: parseFloat(body.fontSize),
      muted: s.color !== body.color,
      border: s.borderTopStyle,
      lines,
      wide: window.innerWidth >= 1024,
      underTitle: note.previousElementSibling?.tagName === 'H1',
      inIntro: !!note.closest('.intro'),
    };
  });
  assert.equal(look.weight, '400', `the note is in normal weight ${where}`);
  assert.ok(look.size < look.bodySize, `the note is smaller than the instructions ${where}: ${JSON.stringify(look)}`);
  assert.ok(look.muted, `the note is muted ${where}`);
  assert.equal(look.border, 'none', `the note has no frame ${where}`);
  assert.ok(look.underTitle && !look.inIntro, `the note sits under the title, not before the instructions ${where}`);
  if (look.wide) assert.equal(look.lines, 1, `the note takes one line ${where}: ${JSON.stringify(look)}`);
  assert.equal(await page.locator('h1').textContent(), MARKUP, `the title is the literal text ${where}`);
  assert.equal(await page.locator('h1 *').count(), 0, `the title holds no element ${where}`);
  assert.equal(await page.locator('b').count(), 0, `no <b> element ${where}`);
  assert.ok((await page.title()).includes(MARKUP), `the document title says it as text ${where}`);
}

test('an experiment authored in the panel opens from its link in a fresh context, as text, and every goal is reached', { timeout: 120_000 }, async () => {
  const { page, pageErrors } = await authorPage();
  assert.equal(await page.locator('.authored').isVisible(), false, 'the built-in experiment below is not an instructor\'s');
  await emailVariant(page);
  const link = await learnerLink(page);
  assert.match(await page.locator('#author-status').textContent(), new RegExp(`${t('author-link-copied').slice(0, 20)}|${t('author-copy-failed').slice(0, 20)}`));
  assert.deepEqual(pageErrors, []);

  // A learner opens it: a fresh context, nothing stored.
  const learner = await open(link);
  const p = learner.page;
  await waitForGates(p);
  await assertAuthored(p, 'from the link');
  assert.equal(await p.locator('#author-start').count(), 0, 'the learner sees no authoring panel');
  assert.ok(learner.requests.every((u) => !u.includes('/pkg/author/')), 'the learner\'s page loads the learner build');
  assert.equal(await p.locator('#role').inputValue(), 'operator', 'the starting role is the authored one');
  assert.equal(await progress(p), '0 of 4 goals reached');

  // Goal 1: an approved email is committed.
  await approve(p);
  await finish(p);
  // Goal 2: the same key again returns the receipt.
  await p.getByRole('button', { name: t('restart-inspection') }).click();
  await finish(p);
  // Goal 3: a changed subject under a new key: two messages.
  const args = JSON.parse(await p.locator('#arguments').inputValue());
  args.subject += ', revised';
  await p.locator('#arguments').fill(JSON.stringify(args, null, 2));
  await p.locator('#operation-key').fill('intent-2');
  await approve(p);
  await finish(p);
  // Goal 4: the recipient redacted in the output.
  await p.selectOption('#hook', 'redact-output');
  await p.locator('#operation-key').fill('intent-3');
  await approve(p);
  await finish(p);
  assert.equal(await progress(p), 'Finished: all 4 goals reached');
  assert.equal(await p.locator('.goals li[data-state="reached"]').count(), 4);
  assert.deepEqual(learner.pageErrors, []);
  assert.deepEqual(learner.failedResponses, []);
});

test('a goal built with the form ticks when the learner does it', { timeout: 120_000 }, async () => {
  const { page, pageErrors } = await authorPage('?author=1&experiment=email');
  await page.selectOption('#author-start', 'email');
  await page.waitForFunction(() => JSON.parse(document.querySelector('#author-json').value).id === 'email');
  await page.locator('#author-id').fill('email-waits');
  // Add goal: the form edits the new, fifth goal.
  await page.getByRole('button', { name: t('author-goal-add') }).click();
  await page.waitForFunction(() => JSON.parse(document.querySelector('#author-json').value).goals.length === 5);
  assert.equal(await page.locator('#author-goal').inputValue(), '5', 'the new goal is the one edited');
  await page.locator('#author-goal-id').fill('waits');
  await page.locator('#author-goal-text-en').fill('See an email wait at the approval gate.');
  await page.locator('#author-goal-text-zh-TW').fill('看到電子郵件停在核准關卡。');
  await page.selectOption('#author-goal-tool', 'email');
  await page.selectOption('#author-goal-outcome', 'rejected');
  await page.selectOption('#author-goal-gate', 'approval');
  const json = JSON.parse(await page.locator('#author-json').inputValue());
  assert.deepEqual(json.goals[4], {
    id: 'waits',
    text: { en: 'See an email wait at the approval gate.', 'zh-TW': '看到電子郵件停在核准關卡。' },
    when: { run: { tool: 'email', outcome: 'rejected', gate: 'approval' } },
  }, 'the form wrote the goal in the JSON');
  await verdict(page, t('author-no-problems'));

  // Editing the JSON reads the form again.
  await page.locator('#author-json').fill(JSON.stringify({ ...json, goals: json.goals.map((g, i) => (i === 4 ? { ...g, when: { run: { ...g.when.run, tool: 'calendar' } } } : g)) }, null, 2));
  await page.waitForFunction(() => document.querySelector('#author-goal-tool').value === 'calendar');
  await page.selectOption('#author-goal-tool', 'email');
  await verdict(page, t('author-no-problems'));
  const link = await learnerLink(page);
  assert.deepEqual(pageErrors, []);

  // The learner does it: as Operator, the email, not approved, is rejected at the approval gate.
  const learner = await open(link);
  const p = learner.page;
  await waitForGates(p);
  assert.equal(await progress(p), '0 of 5 goals reached');
  const goal = p.locator('.goals li', { hasText: 'See an email wait at the approval gate.' });
  assert.notEqual(await goal.getAttribute('data-state'), 'reached');
  await p.selectOption('#role', 'operator');
  await finish(p);
  await p.locator('li[data-gate="approval"][data-status="rejected"]').waitFor();
  await p.locator('.goals li[data-state="reached"]', { hasText: 'See an email wait at the approval gate.' }).waitFor();
  assert.equal(await progress(p), '1 of 5 goals reached');
  assert.deepEqual(learner.pageErrors, []);
});

test('the single file carries the authored experiment and opens from file://', { timeout: 120_000 }, async () => {
  const { page } = await authorPage('?author=1&experiment=email');
  await emailVariant(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t('author-download') }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'email-variant.html');
  const dir = mkdtempSync(join(tmpdir(), 'authored-'));
  try {
    const file = join(dir, 'email-variant.html');
    await download.saveAs(file);
    const html = readFileSync(file, 'utf8');
    assert.match(html, /<meta name="function-tools-experiment" content="x=1\.[A-Za-z0-9_-]+">\n<\/head>/);
    await page.locator('#author-status', { hasText: 'email-variant.html' }).waitFor();

    const url = pathToFileURL(file).href;
    const o = await open(url);
    await waitForGates(o.page);
    await assertAuthored(o.page, 'from the single file');
    const foreign = o.requests.filter((u) => u !== url && !u.startsWith('data:') && !u.startsWith('blob:'));
    assert.deepEqual(foreign, [], 'no request but the file itself');
    // A goal, from the file.
    await approve(o.page);
    await finish(o.page);
    assert.equal(await progress(o.page), '1 of 4 goals reached');
    assert.deepEqual(o.pageErrors, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the iframe snippet on a course page loads the experiment, which reaches a goal', { timeout: 120_000 }, async () => {
  const { page } = await authorPage();
  await emailVariant(page);
  await page.getByRole('button', { name: t('author-copy-iframe') }).click();
  // Shown once the experiment is compressed (a promise later).
  await page.locator('#author-iframe').waitFor();
  const snippet = await page.locator('#author-iframe').inputValue();
  const link = await page.locator('#author-link').inputValue();
  // The frame's address is the learner link with embed=1 (the page as one
  // activity of the course), before its fragment.
  const [address, fragment] = link.split('#');
  const src = `${address}${address.includes('?') ? '&amp;' : '?'}embed=1#${fragment}`;
  assert.equal(
    snippet,
    `<iframe src="${src}" title="&lt;b&gt;bold&lt;/b&gt; &amp; &lt;script&gt;x&lt;/script&gt;" width="100%" height="900" loading="lazy" allow="fullscreen; clipboard-write"></iframe>`,
  );
  pages['/course/unit.html'] = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Unit 3</title></head><body><h1>Unit 3</h1>${snippet}</body></html>`;
  const course = await open(`${origin}/course/unit.html`);
  const frame = course.page.frameLocator('iframe');
  assert.equal(await course.page.locator('iframe').getAttribute('title'), MARKUP, 'the frame is named by the title, as text');
  await frame.locator('li[data-gate]').nth(6).waitFor();
  assert.equal(await frame.locator('h1').textContent(), MARKUP);
  assert.ok(await frame.locator('.authored').isVisible());
  await frame.getByRole('button', { name: t('approve-exact-payload') }).click();
  await frame.getByRole('button', { name: t('finish-run') }).click();
  assert.equal(await frame.locator('.goals-panel .status-line').textContent(), '1 of 4 goals reached');
  assert.deepEqual(course.pageErrors, []);
});

test('a broken edit shows the exact problem and shares nothing until it is fixed', { timeout: 60_000 }, async () => {
  const { page } = await authorPage('?author=1&experiment=email');
  await verdict(page, t('author-no-problems'));
  const json = JSON.parse(await page.locator('#author-json').inputValue());
  delete json.title['zh-TW'];
  await page.locator('#author-json').fill(JSON.stringify(json, null, 2));
  await verdict(page, 'One problem');
  assert.deepEqual(await page.locator('.author-problems li').allTextContents(), ['/title/zh-TW: has no zh-TW text.']);
  for (const name of ['author-try', 'author-copy-link', 'author-copy-iframe', 'author-download']) {
    assert.ok(await page.getByRole('button', { name: t(name) }).isDisabled(), `${name} is off with a problem`);
  }
  assert.equal(await page.locator('#author-title-zh-TW').inputValue(), '', 'the form follows the JSON');
  // The form fixes it.
  await page.locator('#author-title-zh-TW').fill('電子郵件變體');
  await verdict(page, t('author-no-problems'));
  assert.ok(await page.getByRole('button', { name: t('author-copy-link') }).isEnabled());
  // JSON that is no object: the form is off and says why.
  await page.locator('#author-json').fill('{ "id": ');
  await page.locator('p.notice', { hasText: t('author-form-off') }).waitFor();
  assert.ok(await page.locator('#author-id').isDisabled());
  await verdict(page, 'One problem');
  assert.match(await page.locator('.author-problems li').first().textContent(), /^\(the file\): The experiment is not JSON \(line 1, column \d+\)\.$/);
});

test('Try it here opens the edited experiment below as a learner would see it', { timeout: 60_000 }, async () => {
  const { page, pageErrors } = await authorPage();
  await emailVariant(page);
  await page.getByRole('button', { name: t('author-try') }).click();
  await page.locator('#author-status', { hasText: t('author-tried') }).waitFor();
  await waitForGates(page);
  await assertAuthored(page, 'tried in the panel');
  // Its controls answer (the page was wired again).
  await approve(page);
  await finish(page);
  assert.equal(await progress(page), '1 of 4 goals reached');
  // Its Copy link carries the experiment again.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: t('copy-link') }).click();
  const shared = await page.locator('#share-link').inputValue();
  assert.match(shared, /#x=1\.[A-Za-z0-9_-]+&s=1\./, 'the shared link carries the experiment and the setup');
  assert.deepEqual(pageErrors, []);
});

test('where the single file cannot be fetched the page says so, and the link still works', { timeout: 60_000 }, async () => {
  const { page } = await authorPage('?author=1&experiment=email');
  await page.route('**/workbench.html', (r) => r.fulfill({ status: 404, body: 'no' }));
  await verdict(page, t('author-no-problems'));
  await page.getByRole('button', { name: t('author-download') }).click();
  const status = page.locator('#author-status');
  await status.filter({ hasText: 'HTTP 404' }).waitFor();
  assert.match(await status.textContent(), /^The single file could not be fetched \(HTTP 404 .*workbench\.html\)/);
  await learnerLink(page);
});

test('?teacher=1 shows the answer key of the experiment, in the page\'s language', { timeout: 60_000 }, async () => {
  const { page } = await open(`${origin}/?teacher=1&experiment=email`);
  await waitForGates(page);
  const panel = page.locator('.teacher-panel');
  assert.equal(await panel.locator('h2').textContent(), t('teacher-heading'));
  assert.equal(await page.locator('#author-start').count(), 0, 'the key alone, without the authoring panel');
  const goals = await page.locator('.goals li').evaluateAll((lis) => lis.map((li) => li.lastChild.textContent));
  assert.deepEqual(await panel.locator('dt').allTextContents(), goals);
  for (const answer of await panel.locator('dd').allTextContents()) assert.ok(answer.trim().length > 0, 'each goal has its answer');
  // In Traditional Chinese after a language switch.
  await page.selectOption('#language', 'zh-TW');
  await panel.locator('h2', { hasText: '解答' }).waitFor();
  const zhGoals = await page.locator('.goals li').evaluateAll((lis) => lis.map((li) => li.lastChild.textContent));
  assert.deepEqual(await panel.locator('dt').allTextContents(), zhGoals);
});

test('Copy link from a teacher view hands out no teacher=1; the teacher keeps the key', { timeout: 60_000 }, async () => {
  const { page } = await open(`${origin}/?teacher=1&experiment=email`);
  await waitForGates(page);
  await page.locator('.teacher-panel').waitFor();
  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByRole('textbox', { name: 'Link to this setup' }).inputValue();
  assert.doesNotMatch(link, /teacher/, `the link a learner gets: ${link}`);
  assert.match(link, /\?experiment=email&lang=en#s=1\./);
  assert.match(page.url(), /[?&]teacher=1&/, 'the address bar keeps the teacher view');
  const { page: learner } = await open(link);
  await waitForGates(learner);
  assert.equal(await learner.locator('.teacher-panel').count(), 0, 'the learner sees no answer key');
});

test('a select says "none of these" only while the JSON holds another value', { timeout: 60_000 }, async () => {
  const { page } = await authorPage('?author=1&experiment=email');
  const options = () => page.locator('#author-start-tool option').allTextContents();
  assert.ok(!(await options()).includes(t('author-not-a-choice')), 'a choice is selected: no placeholder');
  const json = JSON.parse(await page.locator('#author-json').inputValue());
  json.start.tool = 'shell.exec';
  await page.locator('#author-json').fill(JSON.stringify(json, null, 2));
  await page.locator('#author-start-tool option', { hasText: t('author-not-a-choice') }).waitFor({ state: 'attached' });
  assert.equal(await page.locator('#author-start-tool').inputValue(), '', 'nothing selected');
  await verdict(page, 'One problem');
  assert.match((await page.locator('.author-problems li').allTextContents())[0], /^\/start\/tool: names no tool of this experiment's registry: "shell\.exec"/);
  // Chosen again in the form: the JSON follows and the placeholder goes.
  await page.selectOption('#author-start-tool', 'email');
  assert.equal(JSON.parse(await page.locator('#author-json').inputValue()).start.tool, 'email');
  assert.ok(!(await options()).includes(t('author-not-a-choice')));
  await verdict(page, t('author-no-problems'));
});
