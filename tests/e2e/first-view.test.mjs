// index.html carries the page's first view, written at build time by the
// shell itself (tests/e2e/first-view.mjs), and the shell takes it over
// without drawing it again (crates/gateway-web/src/first_view.rs; issue 14):
// readable before the module arrives, no element re-created, and nothing
// the learner did meanwhile lost.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { GATE_COUNT, e2eSuite, formatAxeViolations, gateStatuses, waitForGates } from './harness.mjs';

const suite = e2eSuite();
const WASM = /\/pkg\/gateway_web_bg\.wasm$/;

/**
 * Opens `path` with the module held back until `release()`: the page as a
 * learner sees it before the module has arrived.
 */
async function openHeld(path = '') {
  const context = await suite.browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // A CSP refusal (inline style, say) is logged as an error.
  page.on('console', (m) => ['error', 'warning'].includes(m.type()) && errors.push(`${m.type()}: ${m.text()}`));
  let held = [];
  let released = false;
  await page.route(WASM, (route) => (released ? route.continue() : held.push(route)));
  await page.goto(new URL(path, suite.url).href, { waitUntil: 'domcontentloaded' });
  const release = async () => {
    released = true;
    for (const r of held) await r.continue();
    held = [];
  };
  return { page, errors, release, close: () => context.close() };
}

/** The shell has taken the first view over (or drawn the page). */
const takenOver = (page) =>
  page.waitForFunction(() => {
    const app = document.getElementById('app');
    return !app.hasAttribute('data-first-view') && !app.querySelector(':scope > .loading');
  }, null, { timeout: 20_000 });

/** The experiment's text as the running page shows it. */
async function liveText(page) {
  return page.locator('#app').evaluate((app) => ({
    title: app.querySelector('h1')?.textContent.trim() ?? '',
    intro: app.querySelector('.intro-slot')?.textContent.trim() ?? '',
    gates: [...app.querySelectorAll('li[data-gate]')].map((r) => r.textContent.trim()),
  }));
}

test('with the module held back, the page shows the experiment, its seven gates, and that it is loading', { timeout: 60_000 }, async () => {
  const live = await suite.open('');
  await waitForGates(live.page);
  const want = await liveText(live.page);
  assert.ok(want.intro.length > 40, `the running page has the experiment's instructions: ${want.intro}`);

  const { page, errors, close } = await openHeld('');
  await page.waitForLoadState('load').catch(() => {});
  const got = await liveText(page);
  assert.equal(got.gates.length, GATE_COUNT, 'seven gate rows');
  assert.deepEqual(got, want, 'the same title, instructions and gate rows as the running page');
  const loading = page.locator('#app > .loading');
  assert.equal(await loading.textContent(), 'Loading the workbench…');
  assert.ok(await loading.isVisible(), 'it says it is loading');
  assert.ok(await page.locator('#arguments, textarea').first().isVisible(), 'the arguments are on the page');
  // As accessible as the running page (a11y.test.mjs' tags).
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']).analyze();
  assert.equal(axe.violations.length, 0, `axe, the first view:\n${formatAxeViolations(axe.violations)}`);
  assert.deepEqual(errors, []);
  await close();
});

test('once the module runs, no element is re-created and no id is doubled', { timeout: 60_000 }, async () => {
  const { page, errors, release, close } = await openHeld('');
  await page.locator('li[data-gate]').nth(GATE_COUNT - 1).waitFor();
  const before = await page.evaluate(() => {
    window.__firstView = [...document.querySelectorAll('#app *')].filter((e) => !e.closest('#app > .loading, #app > .start-hint, #app > noscript'));
    return window.__firstView.length;
  });
  assert.ok(before > 200, `the first view holds the page (${before} elements)`);
  await release();
  await takenOver(page);
  await waitForGates(page);
  const after = await page.evaluate(() => {
    const was = new Set(window.__firstView);
    const now = [...document.querySelectorAll('#app *')];
    const ids = now.map((e) => e.id).filter(Boolean);
    return {
      count: now.length,
      created: now.filter((e) => !was.has(e)).map((e) => e.outerHTML.slice(0, 80)),
      dropped: window.__firstView.filter((e) => !e.isConnected).map((e) => e.outerHTML.slice(0, 80)),
      doubled: ids.filter((id, i) => ids.indexOf(id) != i),
    };
  });
  assert.deepEqual(after.created, [], 'no element made anew');
  assert.deepEqual(after.dropped, [], 'no element of the first view dropped');
  assert.equal(after.count, before);
  assert.deepEqual(after.doubled, [], 'no id twice');

  // And it is the running page: a run goes through its gates.
  await page.getByRole('button', { name: 'Next gate' }).click();
  await page.waitForFunction(() => document.querySelector('li[data-gate="schema"]')?.dataset.status != 'pending');
  assert.notEqual((await gateStatuses(page))[0], 'pending');
  assert.deepEqual(errors, []);
  await close();
});

test('what is typed and focused before the module runs survives the takeover; a button says it is loading', { timeout: 60_000 }, async () => {
  const { page, errors, release, close } = await openHeld('');
  const args = page.locator('#arguments, textarea').first();
  await args.waitFor();
  const typed = '{"path": "/workspace/typed-before-ready.txt"}';
  await args.fill('');
  await args.pressSequentially(typed);
  // A button before the module runs: it says the page is still loading.
  await page.getByRole('button', { name: 'Next gate' }).click();
  const loading = page.locator('#app > .loading');
  assert.match(await loading.textContent(), /^Still loading: the buttons work once the workbench has started\. What you type is kept\.$/);
  await args.focus();
  await page.evaluate(() => document.activeElement.setSelectionRange(3, 7));

  await release();
  await takenOver(page);
  await waitForGates(page);
  const state = await page.evaluate(() => {
    const a = document.activeElement;
    return { tag: a.tagName, value: a.value, start: a.selectionStart, end: a.selectionEnd };
  });
  assert.deepEqual(state, { tag: 'TEXTAREA', value: typed, start: 3, end: 7 }, 'the typed text, focus and selection kept');
  // The core has it: its count of the arguments' length follows the typed text.
  const count = await page.locator('.args-meta .count').textContent();
  assert.match(count, new RegExp(`\\b${typed.length}\\b`), `the count follows the typed text: ${count}`);
  // And the request the gateway would check is the typed one.
  await page.getByRole('button', { name: 'Next gate' }).click();
  await page.waitForFunction(() => document.querySelector('li[data-gate="schema"]')?.dataset.status != 'pending');
  assert.deepEqual(errors, []);
  await close();
});

test('an address with a query or a fragment is drawn anew, without the bare address\'s first view', { timeout: 60_000 }, async () => {
  const { page, errors, release, close } = await openHeld('?experiment=email');
  await page.waitForLoadState('load').catch(() => {});
  assert.equal(await page.locator('li[data-gate]').count(), 0, 'the first view of another experiment is not shown');
  await release();
  await waitForGates(page);
  assert.match(await page.locator('h1').textContent(), /mail/i);
  assert.deepEqual(errors, []);
  await close();
});
