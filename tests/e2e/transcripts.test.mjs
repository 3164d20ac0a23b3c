// Transcripts as people really paste them (issue 33), in the browser: the
// fixtures the providers' own SDKs wrote (tests/transcripts/generate.py)
// pasted whole into the decision box.
//
// 1. A whole OpenAI Responses `Response` (over 4,096 characters) and a
//    google-genai snake_case dump: recognised, their calls listed in the
//    turn panel.
// 2. A Chat Completions request body: the calls without a result are
//    replayed, the earlier ones shown as history with their results.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, e2eSuite, openPanel, waitForGates, waitForText } from './harness.mjs';

const suite = e2eSuite();

function fixture(name) {
  return readFile(join(ROOT, 'crates', 'gateway-core', 'tests', 'data', 'transcripts', `sdk-${name}.json`), 'utf8');
}

/** The tool name of each call of the turn panel, in order. */
function callNames(page) {
  return page.$$eval('.turn-calls > li > code', (codes) => codes.map((c) => c.textContent));
}

test('a whole Responses response and a google-genai dump paste, and their calls appear', { timeout: 60_000 }, async () => {
  const { page, pageErrors } = await suite.open('?experiment=registry');
  await waitForGates(page);
  await openPanel(page, 'turn');
  const decision = page.getByRole('textbox', { name: 'Model decision JSON', exact: true });
  const start = page.getByRole('button', { name: 'Start turn' });
  const end = page.locator('[data-panel="turn"]').getByRole('button', { name: 'End turn' });
  const error = page.locator('[data-panel="turn"] .error-line');

  const response = await fixture('responses-response');
  assert.ok(response.length > 4096, `${response.length} characters`);
  await decision.fill(response);
  await start.click();
  await waitForText(page.locator('.turn-format'), /^Recognised as OpenAI Responses API \(a response with output\)\.$/);
  assert.deepEqual(await callNames(page), ['search', 'calculator', 'calendar', 'email']);
  assert.equal(await error.textContent(), '');
  await end.click();

  await decision.fill(await fixture('genai-snake'));
  await start.click();
  await waitForText(page.locator('.turn-format'), /^Recognised as Gemini generateContent \(a response with candidates\)\.$/);
  assert.deepEqual(await callNames(page), ['search', 'calendar']);
  assert.equal(await error.textContent(), '');
  assert.deepEqual(pageErrors, []);
});

test('a request body replays its unanswered calls and shows the rest as history', { timeout: 60_000 }, async () => {
  const { page, pageErrors } = await suite.open('?experiment=registry');
  await waitForGates(page);
  await openPanel(page, 'turn');
  await page.getByRole('textbox', { name: 'Model decision JSON', exact: true }).fill(await fixture('chat-request'));
  await page.getByRole('button', { name: 'Start turn' }).click();
  await waitForText(page.locator('.turn-format'), /a request body with messages/);
  assert.deepEqual(await callNames(page), ['calendar', 'email']);
  const history = page.locator('.turn-history');
  await history.getByRole('heading', { name: 'Earlier in the conversation (shown, not replayed)' }).waitFor();
  const items = await history.locator('li').allTextContents();
  assert.equal(items.length, 2);
  assert.match(items[0], /^search\{"query":"receipt"\}Result: Receipts are kept for 24 hours\.$/);
  assert.match(items[1], /^calculator.*Result: 5$/);
  assert.deepEqual(pageErrors, []);
});
