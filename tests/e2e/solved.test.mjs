// The solved moment (issue 32): reaching the last goal of an experiment
// shows an announced, focusable banner that leads on in the course order
// (Next experiment, the course page) and can be dismissed; the experiment
// list (an unknown id's page, the course page) marks the finished with ✓;
// the masthead counts the experiments finished; where the page is one
// activity of a course (embed=1) the banner offers no navigation.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { e2eSuite, waitForGates } from './harness.mjs';

const suite = e2eSuite();

/** The search experiment's two goals: a read as viewer, then the limit
 * out of range at the schema gate. */
async function solveSearch(page, { finish = 'Finish run', example = 'Example', boundary = 'Boundary violation' } = {}) {
  await waitForGates(page);
  await page.getByRole('button', { name: finish, exact: true }).click();
  await page.locator('[data-goal="read-as-viewer"][data-state="reached"]').waitFor();
  assert.equal(await page.locator('.solved').isVisible(), false, 'no banner before the last goal');
  await page.getByRole('combobox', { name: example, exact: true }).selectOption({ label: boundary });
  await page.getByRole('button', { name: finish, exact: true }).click();
  await page.locator('.solved').waitFor();
}

test('all goals reached: an announced, focused banner; Next experiment opens the next in the course order; the lists show ✓', { timeout: 90_000 }, async () => {
  const { page, pageErrors } = await suite.open('?experiment=search');
  await waitForGates(page);
  assert.equal(await page.locator('.journey').textContent(), 'Experiments finished: 0 of 9The course page');
  await solveSearch(page);
  const banner = page.locator('.solved');
  // Announced: the banner sits in a live region that was there, empty,
  // before it filled; focusable, and focused as it appeared.
  assert.equal(await page.locator('.solved-region').getAttribute('role'), 'status');
  assert.equal(await banner.getAttribute('tabindex'), '-1');
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('solved')), true);
  assert.equal(await banner.locator('h3').textContent(), 'Experiment solved');
  assert.equal(await page.locator('.journey > span').textContent(), 'Experiments finished: 1 of 9');
  // The banner stays in the window: fixed at its foot.
  const box = await banner.boundingBox();
  const { height } = page.viewportSize();
  assert.ok(box.y >= 0 && box.y + box.height <= height, `the banner is in view (${box.y}+${box.height} of ${height})`);
  const course = banner.getByRole('link', { name: 'The course page' });
  assert.equal(await course.getAttribute('href'), 'course.html?lang=en');

  // Dismiss, then back by the quiet link: here, Next experiment opens email.
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  assert.equal(await banner.isVisible(), false);
  const quiet = page.locator('.way-on a');
  assert.equal(await quiet.textContent(), 'Next experiment →');
  await page.getByRole('button', { name: 'Restart inspection' }).click();
  assert.equal(await banner.isVisible(), false, 'a dismissed banner stays dismissed');
  await quiet.click();
  await page.waitForURL(/\?experiment=email&lang=en$/);
  await waitForGates(page);
  assert.match(await page.locator('h1').textContent(), /^Email tool/);
  assert.equal(await page.locator('.journey > span').textContent(), 'Experiments finished: 1 of 9');

  // The experiment list of an unknown id: ✓ on search, a count on the rest.
  await page.goto(new URL('?experiment=nope', suite.url).href);
  const search = page.locator('ul.experiments li:has(a[href*="experiment=search&"])');
  await search.waitFor();
  assert.equal(await search.getAttribute('data-done'), 'true');
  assert.equal(await search.locator('.list-mark').textContent(), '✓ Finished');
  const email = page.locator('ul.experiments li:has(a[href*="experiment=email&"])');
  assert.equal(await email.locator('.list-mark').textContent(), '0 of 4 goals');

  // The course page: ✓ on search.
  await page.goto(new URL('course.html', suite.url).href);
  const item = page.locator('li.course-item[data-experiment="search"]');
  await item.waitFor();
  assert.equal(await item.getAttribute('data-done'), 'true');
  assert.equal(await item.locator('.course-progress').textContent(), '✓ Finished');
  assert.deepEqual(pageErrors, []);
});

test('the banner itself leads on: Next experiment opens the next in the course order, in the page’s language', { timeout: 60_000 }, async () => {
  const { page } = await suite.open('?experiment=search&lang=zh-TW&teacher=1');
  await solveSearch(page, { finish: '完成執行', example: '範例', boundary: '違反邊界' }).catch(async (e) => {
    throw new Error(`${e.message}\n${await page.locator('.builder').innerText()}`);
  });
  const next = page.locator('.solved a.solved-next');
  assert.equal(await next.getAttribute('href'), '?experiment=email&lang=zh-TW');
  await next.click();
  await page.waitForURL((u) => u.search === '?experiment=email&lang=zh-TW' && u.hash === '');
  await waitForGates(page);
});

test('embed=1: the banner says the activity is complete and offers no navigation', { timeout: 60_000 }, async () => {
  const { page } = await suite.open('?experiment=search&embed=1');
  await solveSearch(page);
  const banner = page.locator('.solved');
  assert.equal(await banner.locator('h3').textContent(), 'Activity complete');
  assert.equal(await banner.locator('a:visible').count(), 0);
  assert.equal(await page.locator('a[href^="course.html"]:visible').count(), 0);
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  assert.equal(await page.locator('.way-on a:visible').count(), 0);
});
