// A trap of the running module shows the banner, in the page's language
// (crates/gateway-web/src/panic.rs). The page's nightly build aborts at once
// on a panic, with no hook: the trap reaches the page as a
// WebAssembly.RuntimeError thrown out of a listener (an `error` event on the
// window) or a promise callback (an `unhandledrejection`). The page cannot be
// made to panic from its controls, so these tests raise the same events
// with a RuntimeError of their own; other errors are not the workbench's and
// show no banner.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { e2eSuite, waitForGates } from './harness.mjs';

const suite = e2eSuite();

/** The banner's hidden flag and text. */
const banner = (page) =>
  page.evaluate(() => {
    const b = document.getElementById('error-banner');
    return { hidden: b.hidden, text: b.textContent, role: b.getAttribute('role') };
  });

test('a trap in a listener shows the banner with its message; other errors show none', { timeout: 60_000 }, async () => {
  const { page } = await suite.open('');
  await waitForGates(page);
  await page.evaluate(() => {
    const error = new TypeError('not the workbench');
    window.dispatchEvent(new ErrorEvent('error', { error, message: String(error) }));
  });
  assert.equal((await banner(page)).hidden, true, 'a TypeError is not a trap of the module');

  await page.evaluate(() => {
    const error = new WebAssembly.RuntimeError('unreachable');
    window.dispatchEvent(new ErrorEvent('error', { error, message: String(error) }));
  });
  const shown = await banner(page);
  assert.equal(shown.hidden, false, 'the banner shows');
  assert.equal(shown.role, 'alert');
  assert.equal(
    shown.text,
    'Something went wrong inside the workbench and it stopped. Reload the page to start again. Details: unreachable',
  );
});

test('a trap in a promise callback shows the banner in zh-TW', { timeout: 60_000 }, async () => {
  const { page } = await suite.open('?lang=zh-TW');
  await waitForGates(page);
  await page.evaluate(() => {
    const reason = new WebAssembly.RuntimeError('unreachable');
    const promise = Promise.reject(reason);
    promise.catch(() => {});
    window.dispatchEvent(new PromiseRejectionEvent('unhandledrejection', { promise, reason }));
  });
  const shown = await banner(page);
  assert.equal(shown.hidden, false, 'the banner shows');
  assert.equal(shown.text, '工作台內部發生錯誤，已停止運作。請重新載入頁面再試一次。詳細資訊：unreachable');
});
