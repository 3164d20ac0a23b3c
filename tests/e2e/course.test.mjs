// The course page (issue 12): every experiment in a suggested order, each
// with its goals, this browser's progress (stored locally per experiment,
// never sent), a link and its embed snippet; progress made in the
// workbench shows there, and a context that never made any shows none.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { e2eSuite, nextGates, waitForGates } from './harness.mjs';

const suite = e2eSuite();

const item = (page, id) => page.locator(`li.course-item[data-experiment="${id}"]`);

test('the course page lists every experiment, and shows the progress made in this browser', { timeout: 90_000 }, async () => {
  const { page, requests, pageErrors } = await suite.open('course.html');
  await page.locator('li.course-item').first().waitFor();
  const ids = await page.locator('li.course-item').evaluateAll((items) => items.map((i) => i.dataset.experiment));
  assert.deepEqual(ids, ['search', 'email', 'rewind', 'filesystem', 'calendar', 'database', 'calculator', 'registry', 'injection']);
  assert.equal(await item(page, 'email').locator('.course-progress').textContent(), 'Not started');
  const snippet = await item(page, 'email').locator('.course-embed code').textContent();
  assert.match(snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/index\.html\?experiment=email&amp;lang=en&amp;embed=1" title="Email tool: review intent before an effect"/);

  // Reach the email experiment's first goal, in the same browser context.
  await page.locator('li.course-item[data-experiment="email"] a.course-open').click();
  await waitForGates(page);
  await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Operator' });
  await page.getByRole('button', { name: 'Approve exact payload' }).click();
  await nextGates(page);
  await page.locator('[data-goal="first-message"][data-state="reached"]').waitFor();

  await page.goto(new URL('course.html', suite.url).href);
  await item(page, 'email').waitFor();
  assert.equal(await item(page, 'email').locator('.course-progress').textContent(), '1 of 4 goals reached');
  const states = await item(page, 'email').locator('ul.goals > li').evaluateAll((gs) => gs.map((g) => g.dataset.state));
  assert.deepEqual(states, ['reached', 'open', 'open', 'open']);
  assert.equal(await item(page, 'search').locator('.course-progress').textContent(), 'Not started');
  // Nothing was sent anywhere but the page's own files.
  const origin = new URL(suite.url).origin;
  assert.deepEqual(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:')), []);
  assert.deepEqual(pageErrors, []);

  // Another context (another browser profile) has no progress.
  const { page: fresh } = await suite.open('course.html');
  await item(fresh, 'email').waitFor();
  assert.equal(await item(fresh, 'email').locator('.course-progress').textContent(), 'Not started');
});

test('the course page in Traditional Chinese', async () => {
  const { page } = await suite.open('course.html?lang=zh-TW');
  await page.locator('li.course-item').first().waitFor();
  assert.equal(await page.locator('html').getAttribute('lang'), 'zh-TW');
  assert.equal(await page.locator('h1').textContent(), '課程：依序進行每個實驗');
  assert.equal(await item(page, 'rewind').locator('.course-progress').textContent(), '尚未開始');
  assert.match(await item(page, 'rewind').locator('a.course-open').getAttribute('href'), /experiment=rewind&lang=zh-TW/);
});
