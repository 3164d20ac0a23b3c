// Course-page embedding, shared links and stored baselines (issue 4):
// the page inside an <iframe> posts its height and goal events to the
// parent; a copied link restores its setup and never an approval; a stored
// baseline comes back after a reload, and one this version cannot read is
// left untouched.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { e2eSuite, ledgerJson, nextGates, waitForGates } from './harness.mjs';

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

test('hide= hides any named panels, and unknown names hide nothing else', async () => {
  const { page } = await suite.open('?experiment=email&embed=1&hide=baseline,runs,policy,nonsense');
  await waitForGates(page);
  for (const name of ['baseline', 'runs', 'policy']) {
    assert.equal(await page.locator(`[data-panel="${name}"]`).isVisible(), false, `${name} hidden`);
  }
  for (const name of ['experiment', 'build', 'request', 'gateway', 'output', 'ledger', 'notes']) {
    assert.equal(await page.locator(`[data-panel="${name}"]`).isVisible(), true, `${name} shown`);
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
  assert.match(link, /\?experiment=email#s=1\.[A-Za-z0-9_-]+$/);
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
  await page.getByRole('button', { name: 'Capture baseline' }).click();
  const stored = await page.evaluate(() => localStorage.getItem('function-tools-workbench/baseline/v1/calendar'));
  assert.equal(JSON.parse(stored).version, 1);
  await page.reload();
  await waitForGates(page);
  assert.equal(await page.getByRole('button', { name: 'Replace baseline' }).count(), 1, 'the baseline came back');
  await page.getByRole('button', { name: 'Clear baseline' }).click();
  assert.equal(await page.evaluate(() => localStorage.getItem('function-tools-workbench/baseline/v1/calendar')), null);

  // A baseline written by a newer version: reported, kept, never overwritten.
  const future = JSON.stringify({ version: 2, baseline: { anything: 'new' } });
  await page.evaluate((v) => localStorage.setItem('function-tools-workbench/baseline/v1/calendar', v), future);
  await page.reload();
  await waitForGates(page);
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
  await page.getByRole('button', { name: 'Capture baseline' }).click();
  await page.getByText('The baseline cannot be saved in this browser').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Replace baseline' }).count(), 1);
  assert.deepEqual(pageErrors, []);
});
