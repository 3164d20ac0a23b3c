// After Next gate, Finish run or a decision on a pending call, the caption
// with the verdict, and the ledger entry the run changed where there is
// one, are brought into view, scrolling as little as will do (issue 32,
// "The learner's journey"). On a tablet the caption used to land below the
// screen and Finish run seemed to do nothing.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { e2eSuite, waitForGates } from './harness.mjs';

const suite = e2eSuite();

// The controls are pressed by their keys (F, N) or focused without
// scrolling: a click would scroll the button into view itself, and the
// caption beside it with it, so the test could pass without the reveal.

/** Presses `key` with nothing focused, the page staying where it is. */
async function press(page, key) {
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press(key);
}

/** The viewport box of `selector`'s first match, or null. */
const boxOf = (page, selector) => page.locator(selector).first().boundingBox();

function inViewport(b, size) {
  return b !== null && b.y >= -0.5 && b.y + b.height <= size.height + 0.5;
}

/** Waits until the page has not scrolled for three frames in a row. */
async function settled(page) {
  await page.waitForFunction(
    () =>
      new Promise((done) => {
        let last = window.scrollY;
        let still = 0;
        const frame = () => {
          if (window.scrollY === last) still += 1;
          else [last, still] = [window.scrollY, 0];
          if (still >= 3) done(true);
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/** The email experiment as an operator with the payload approved, scrolled to the top. */
async function approvedEmail(size, reducedMotion = 'no-preference') {
  const { page } = await suite.open('?experiment=email', { contextOptions: { viewport: size, reducedMotion } });
  await waitForGates(page);
  await page.getByRole('combobox', { name: 'Role' }).selectOption('operator');
  await page.getByRole('button', { name: 'Approve exact payload' }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  return page;
}

for (const size of [
  { width: 320, height: 640 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
]) {
  test(`${size.width}×${size.height}: Finish run brings the verdict into view, and the changed outbox entry where both fit`, async () => {
    const page = await approvedEmail(size);
    await press(page, 'f');
    await page.locator('[data-panel="ledger"] li[data-changed]').waitFor({ state: 'attached' });
    await settled(page);
    const caption = await boxOf(page, '#gate-caption');
    assert.ok(inViewport(caption, size), `the caption is on screen: ${JSON.stringify(caption)}`);
    assert.match(await page.locator('#gate-caption').textContent(), /committed|ledger/i, 'the caption says the verdict');
    const entry = await boxOf(page, '[data-panel="ledger"] li[data-changed]');
    const together = Math.max(caption.y + caption.height, entry.y + entry.height) - Math.min(caption.y, entry.y);
    if (together <= size.height) {
      assert.ok(inViewport(entry, size), `the changed entry is on screen with the caption: ${JSON.stringify(entry)}`);
    }
  });
}

test('reduced motion: the page is where it must be at once, without a smooth scroll', async () => {
  const size = { width: 768, height: 1024 };
  const page = await approvedEmail(size, 'reduce');
  await press(page, 'f');
  // Two frames: the redraw and the reveal; no waiting for a scroll to end.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.ok(inViewport(await boxOf(page, '#gate-caption'), size), 'the caption is on screen');
});

test('Next gate scrolls only as far as the caption needs, and not at all when it is in view', async () => {
  const size = { width: 1280, height: 800 };
  const page = await approvedEmail(size);
  await press(page, 'n');
  await settled(page);
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'nothing moved: the caption was in view');
  // Scrolled away: Next gate brings the caption back, to the screen's edge.
  const small = { width: 768, height: 1024 };
  await page.setViewportSize(small);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await press(page, 'n');
  await settled(page);
  const caption = await boxOf(page, '#gate-caption');
  assert.ok(inViewport(caption, small), `the caption is on screen: ${JSON.stringify(caption)}`);
  assert.ok(caption.y < 2, `the caption is at the top edge, scrolled no further: ${caption.y}`);
});

test('rejecting a pending call in an agent turn brings its verdict into view', async () => {
  const size = { width: 768, height: 1024 };
  const { page } = await suite.open('?experiment=registry', { contextOptions: { viewport: size } });
  await waitForGates(page);
  await page.getByRole('combobox', { name: 'Role' }).selectOption('operator');
  await page.getByRole('button', { name: 'Start turn' }).click();
  // The search runs at once; N moves the turn on (Next call); the calendar
  // create stops at the approval gate.
  for (let i = 0; i < 11; i += 1) await press(page, 'n');
  await page.getByRole('group', { name: 'Pending approval' }).waitFor();
  await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const reject = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Reject this call');
    reject.focus({ preventScroll: true });
  });
  await page.keyboard.press('Enter');
  await page.getByRole('group', { name: 'Pending approval' }).waitFor({ state: 'hidden' });
  await settled(page);
  assert.ok(inViewport(await boxOf(page, '#gate-caption'), size), 'the caption is on screen');
});
