// An instructor's link that is cut short or damaged opens nothing in its
// place (issue 32): the page says plainly that the link is incomplete or
// damaged, asks for the whole link, and lists the experiments. It used to
// open the default experiment silently, under a notice in jargon.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { deflateRawSync } from 'node:zlib';
import { EXPERIMENTS, ROOT, e2eSuite, waitForGates } from './harness.mjs';

const suite = e2eSuite();

/** A whole instructor's link: the email experiment under another id and title. */
function wholeLink() {
  const file = JSON.parse(readFileSync(join(ROOT, 'crates/gateway-core/experiments/email.json'), 'utf8'));
  file.id = 'email-unit-3';
  file.title = { en: 'Unit 3: the outbox', 'zh-TW': '第三單元：寄件匣' };
  const payload = deflateRawSync(Buffer.from(JSON.stringify(file))).toString('base64url');
  return `?lang=en#x=1.${payload}`;
}

async function brokenPage(address, lang = 'en') {
  const { page, pageErrors } = await suite.open(address.replace('lang=en', `lang=${lang}`));
  await page.locator('h1').waitFor();
  assert.deepEqual(pageErrors, []);
  assert.equal(await page.locator('li[data-gate]').count(), 0, 'no experiment opened in its place');
  return page;
}

test('the whole link opens its experiment (so that a cut one is a fair test)', async () => {
  const { page } = await suite.open(wholeLink());
  await waitForGates(page);
  assert.equal(await page.locator('h1').textContent(), 'Unit 3: the outbox');
});

for (const [what, address] of [
  ['cut at 200 characters', () => wholeLink().slice(0, 200 - 'http://127.0.0.1:00000/'.length)],
  ['with garbage after the payload', () => '?lang=en#x=1.AAAAgarbage'],
]) {
  test(`a link ${what} says it is incomplete or damaged, asks for the whole link and lists the experiments`, async () => {
    const page = await brokenPage(address());
    assert.equal(await page.locator('h1').textContent(), 'This link is incomplete or damaged');
    assert.match(await page.getByRole('alert').textContent(), /Ask whoever gave it to you for the whole link/);
    assert.match(await page.locator('.hint').textContent(), /^What the page found: /);
    const links = page.locator('ul.experiments a');
    assert.equal(await links.count(), EXPERIMENTS.length);
    assert.match(await links.first().getAttribute('href'), /^\?experiment=\w+&lang=en$/);
  });
}

test('in Traditional Chinese too', async () => {
  const page = await brokenPage('?lang=en#x=1.AAAAgarbage', 'zh-TW');
  assert.equal(await page.locator('h1').textContent(), '這個連結不完整或已損壞');
  assert.match(await page.getByRole('alert').textContent(), /完整的連結/);
});
