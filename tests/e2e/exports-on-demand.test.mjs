// The learner's page downloads the exports (pkg/locales/<tag>/exports.json)
// when the declarations panel first opens, not with its catalogue (issue 14:
// what a page does not need to show itself is not downloaded to show it).
// Until they arrive the panel says it is loading; a failed download is said
// in the panel, in the page's language, and opening the panel again
// retries. An experiment that opens the panel downloads them at once, and
// the single file carries them inline. What is downloaded is every tool's
// exports; the panel draws those of the experiment's own registry (the
// registry experiment's eight, the six fixture tools elsewhere).

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { ROOT, e2eSuite, openPage, waitForGates } from './harness.mjs';

const suite = e2eSuite();

const EXPORTS = /\/pkg\/locales\/[^/]+\/exports\.json$/;
const TOOLS = ['email', 'calendar', 'files', 'database', 'search', 'calculator'];
/** The registry experiment's registry: the six, then the two refused for every role. */
const REGISTRY_TOOLS = [...TOOLS, 'files.delete', 'files.share'];

/** Opens or closes the declarations panel by its summary. */
const toggle = (page) => page.locator('[data-panel="declarations"] > summary').click();

/** The panel's Copy buttons and tool declarations, and its text. */
const panelState = (page) =>
  page.locator('[data-panel="declarations"]').evaluate((p) => ({
    copies: [...p.querySelectorAll('.exports button')].filter((b) => /^Copy |^複製/.test(b.getAttribute('aria-label') ?? '')).length,
    tools: [...p.querySelectorAll('details.declaration')].map((d) => d.dataset.tool),
    hint: p.querySelector('.exports')?.textContent ?? '',
  }));

test('the exports are downloaded once, when the panel first opens', { timeout: 60_000 }, async () => {
  const { page, requests, pageErrors } = await suite.open('');
  await waitForGates(page);
  assert.equal(requests.filter((u) => EXPORTS.test(u)).length, 0, 'a fresh page downloads no exports');
  assert.deepEqual((await panelState(page)).tools, [], 'nothing is drawn before the panel opens');

  await toggle(page);
  await page.locator('[data-panel="declarations"] details.declaration').first().waitFor();
  const state = await panelState(page);
  assert.equal(state.copies, 6, 'six Copy buttons');
  assert.deepEqual(state.tools, TOOLS, 'the six tools');
  assert.deepEqual(requests.filter((u) => EXPORTS.test(u)).map((u) => new URL(u).pathname), ['/pkg/locales/en/exports.json']);

  // Closed and opened again: drawn once, downloaded once.
  await toggle(page);
  await toggle(page);
  await page.waitForTimeout(200);
  assert.deepEqual((await panelState(page)).tools, TOOLS);
  assert.equal(requests.filter((u) => EXPORTS.test(u)).length, 1, 'one download');
  assert.deepEqual(pageErrors, []);
});

test('a failed download is said in the panel, and opening it again retries', { timeout: 60_000 }, async () => {
  for (const [lang, said] of [
    ['en', /^The declarations could not be downloaded \(HTTP 404 .*exports\.json\)\. Close this panel and open it again to retry, or reload the page\.$/],
    ['zh-TW', /^無法下載宣告（HTTP 404 .*exports\.json）。請收合此面板後再展開以重試，或重新載入頁面。$/],
  ]) {
    const { page, pageErrors } = await suite.open(`?lang=${lang}`);
    await waitForGates(page);
    await page.route(EXPORTS, (r) => r.fulfill({ status: 404, body: 'not found' }));
    await toggle(page);
    await page.waitForFunction(() => /404/.test(document.querySelector('[data-panel="declarations"] .exports').textContent));
    const failed = await panelState(page);
    assert.match(failed.hint, said, `${lang}: the panel says why`);
    assert.deepEqual(failed.tools, [], `${lang}: no declarations drawn`);

    await page.unroute(EXPORTS);
    await toggle(page);
    await toggle(page);
    await page.locator('[data-panel="declarations"] details.declaration').first().waitFor();
    assert.equal((await panelState(page)).copies, 6, `${lang}: drawn once the retry succeeds`);
    assert.deepEqual(pageErrors, []);
  }
});

test('an experiment that opens the panel downloads the exports at once; a language switch draws them again', { timeout: 60_000 }, async () => {
  const { page } = await suite.open('?experiment=registry');
  await waitForGates(page);
  await page.locator('[data-panel="declarations"] details.declaration').first().waitFor();
  assert.deepEqual((await panelState(page)).tools, REGISTRY_TOOLS);

  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-TW');
  await page.waitForFunction(() => document.documentElement.lang == 'zh-TW');
  await page.locator('[data-panel="declarations"] details.declaration').first().waitFor();
  const state = await panelState(page);
  assert.equal(state.copies, 6, 'the zh-TW Copy buttons');
  assert.deepEqual(state.tools, REGISTRY_TOOLS);
});

test('the single file carries the exports: its panel fetches nothing', { timeout: 60_000 }, async () => {
  const single = pathToFileURL(join(ROOT, 'dist', 'workbench.html')).href;
  const opened = await openPage(suite.browser, single);
  try {
    await waitForGates(opened.page);
    await toggle(opened.page);
    const state = await panelState(opened.page);
    assert.equal(state.copies, 6);
    assert.deepEqual(state.tools, TOOLS);
    assert.equal(opened.requests.filter((u) => EXPORTS.test(u)).length, 0);
  } finally {
    await opened.close();
  }
});
