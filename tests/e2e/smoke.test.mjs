// Smoke test: the page loads in Chromium, draws its seven gates, and one
// inspection can be stepped to the end with Next gate, all from its own origin.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GATE_COUNT, e2eSuite, foreignRequests, gateStatuses, waitForGates } from './harness.mjs';

const suite = e2eSuite();

test('the page loads, steps through seven gates and stays on its origin', { timeout: 60_000 }, async () => {
  const { page, requests, failedResponses, pageErrors, consoleErrors } = await suite.open('');
  await waitForGates(page);

  assert.equal(await page.getByRole('combobox', { name: 'Tool' }).count(), 1, 'a combobox named Tool');
  assert.deepEqual(await gateStatuses(page), Array(GATE_COUNT).fill('pending'), 'every gate pending on load');

  const next = page.getByRole('button', { name: 'Next gate' });
  for (let i = 0; i < GATE_COUNT; i += 1) await next.click();

  const statuses = await gateStatuses(page);
  assert.equal(statuses.length, GATE_COUNT);
  assert.ok(
    statuses.every((s) => s && s !== 'pending'),
    `after ${GATE_COUNT} Next gate presses no gate is pending: ${statuses.join(', ')}`,
  );

  const origin = new URL(suite.url).origin;
  assert.deepEqual(foreignRequests(requests, origin), [], 'no request outside the page origin');
  assert.ok(requests.some((u) => u.endsWith('.wasm')), 'the page fetched its WebAssembly');
  assert.deepEqual(failedResponses, [], 'every request answered');
  assert.deepEqual(pageErrors, [], 'no uncaught error');
  assert.deepEqual(consoleErrors, [], 'nothing logged as error or warning');
});
