// The learner's bugs of issue 10 that the page draws (the core's are in
// crates/gateway-core/tests/learner_bugs.rs), each checked as a learner's
// browser shows it.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { e2eSuite, nextGates, waitForGates } from './harness.mjs';

const suite = e2eSuite();

/** WCAG relative luminance of an `rgb(r, g, b)` colour. */
function luminance(rgb) {
  const [r, g, b] = rgb.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a, b) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

test('9. Approve is one button whose name says what it does, not also a pressed toggle', async () => {
  const { page } = await suite.open('?experiment=email');
  await waitForGates(page);
  await page.selectOption('#role', 'operator');
  const approve = page.locator('#approve');
  assert.equal(await approve.getAttribute('aria-pressed'), null, 'no aria-pressed before approving');
  await page.getByRole('button', { name: 'Approve exact payload', exact: true }).click();
  await page.getByRole('button', { name: 'Revoke approval', exact: true }).waitFor();
  assert.equal(await approve.getAttribute('aria-pressed'), null, 'no aria-pressed once approved');
});

test('10. the output, ledger and schema blocks are named groups, and axe has nothing to review', async () => {
  const { page } = await suite.open('?experiment=email');
  await waitForGates(page);
  await page.selectOption('#role', 'operator');
  await page.getByRole('button', { name: 'Approve exact payload', exact: true }).click();
  await nextGates(page);
  const blocks = await page.$$eval('pre.literal', (pres) =>
    pres.map((p) => ({ role: p.getAttribute('role'), named: !!(p.getAttribute('aria-label') || p.getAttribute('aria-labelledby')) })),
  );
  assert.ok(blocks.length >= 3, `blocks: ${JSON.stringify(blocks)}`);
  for (const b of blocks) assert.deepEqual(b, { role: 'group', named: true });
  const results = await new AxeBuilder({ page }).analyze();
  const prohibited = results.incomplete.filter((r) => r.id === 'aria-prohibited-attr');
  assert.deepEqual(prohibited.map((r) => r.nodes.length), [], 'no name on an element that may not have one');
});

test('11. the focus ring has at least 3:1 contrast with the page and the panels', async () => {
  const { page } = await suite.open('?experiment=email');
  await waitForGates(page);
  await page.keyboard.press('Tab');
  const colours = await page.evaluate(() => {
    const ring = getComputedStyle(document.activeElement).outlineColor;
    const body = getComputedStyle(document.body).backgroundColor;
    const panel = getComputedStyle(document.querySelector('.panel')).backgroundColor;
    return { ring, body, panel };
  });
  for (const surface of ['body', 'panel']) {
    const ratio = contrast(colours.ring, colours[surface]);
    assert.ok(ratio >= 3, `the focus ring ${colours.ring} on the ${surface} ${colours[surface]}: ${ratio.toFixed(2)}:1`);
  }
});

test('12. gate cards write their status in sentence case ("Not needed")', async () => {
  const { page } = await suite.open('?experiment=email');
  await waitForGates(page);
  await nextGates(page);
  const shown = await page.locator('li[data-gate="before-hook"] .gate-status').evaluate((el) => ({
    whole: getComputedStyle(el).textTransform,
    first: getComputedStyle(el, '::first-letter').textTransform,
    text: el.textContent,
  }));
  assert.deepEqual(shown, { whole: 'none', first: 'uppercase', text: 'not needed' });
});

test('Finish run and the keys n, p, f, r work outside text fields and lists, and not while typing', async () => {
  const { page } = await suite.open('?experiment=email');
  await waitForGates(page);
  await page.selectOption('#role', 'operator');
  const current = () => page.$$eval('li[aria-current="step"]', (lis) => lis.map((li) => li.dataset.gate));
  const outbox = async () => JSON.parse(await page.locator('#ledger-json').textContent()).outbox.length;
  // Typing n in a text field types it: the key becomes intent-2n, no gate advances.
  await page.locator('#operation-key').fill('intent-2');
  await page.locator('#operation-key').press('n');
  assert.equal(await page.locator('#operation-key').inputValue(), 'intent-2n');
  assert.deepEqual(await current(), ['schema'], 'typing n is not Next gate');
  // In a list, a letter is the list's own type-ahead: f is not Finish run.
  await page.locator('#hook').focus();
  await page.keyboard.press('f');
  assert.deepEqual(await current(), ['schema'], 'f in the Hook list is not Finish run');
  await page.getByRole('button', { name: 'Approve exact payload', exact: true }).click();
  // Outside a text field: n advances one gate.
  await page.locator('h1').click();
  await page.keyboard.press('n');
  assert.deepEqual(await current(), ['before-hook'], 'n: next gate');
  await page.keyboard.press('p');
  await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
  await page.keyboard.press('p');
  await page.getByRole('button', { name: 'Play run', exact: true }).waitFor();
  assert.equal(await outbox(), 0, 'nothing committed before the seventh stage');
  await page.keyboard.press('f');
  assert.deepEqual(await current(), [], 'f: the run finished');
  assert.equal(await outbox(), 1, 'the send committed at the seventh stage');
  assert.ok(await page.getByRole('button', { name: 'Finish run', exact: true }).isDisabled());
  await page.keyboard.press('r');
  assert.deepEqual(await current(), ['schema'], 'r: restart');
  // The Finish run button does the same, and the keys are listed.
  await page.getByRole('button', { name: 'Finish run', exact: true }).click();
  assert.deepEqual(await current(), []);
  assert.equal(await outbox(), 1, 'the same key replays its receipt');
  assert.ok(await page.getByText('Keys, outside a text field or a list: N next gate').isVisible());
});

test('the schema verdict is shown under the editor as the learner types, and the editor is described by it', async () => {
  const { page } = await suite.open('?experiment=email');
  await waitForGates(page);
  const verdict = page.locator('#arguments-verdict');
  const args = page.getByRole('textbox', { name: 'Arguments JSON', exact: true });
  assert.match(await args.getAttribute('aria-describedby'), /\barguments-verdict\b/);
  assert.equal(await verdict.textContent(), 'Valid email request');
  await args.fill('{"to": "learner@example.test",}');
  assert.match(await verdict.textContent(), /^Malformed JSON at line 1, column \d+: a comma just before “}”/);
  assert.equal(await verdict.getAttribute('class'), 'verdict invalid');
});

test('the ledger marks what the last run changed until the next run starts, and nothing for a rejection', async () => {
  const { page } = await suite.open('?experiment=email');
  await waitForGates(page);
  const marked = () => page.$$eval('[data-changed="true"]', (els) => els.map((e) => e.textContent));
  // Viewer: rejected at the role gate, nothing marked.
  await page.getByRole('button', { name: 'Finish run', exact: true }).click();
  assert.deepEqual(await marked(), [], 'a rejected run changes nothing');
  // Operator, approved: the new message is marked and said.
  await page.selectOption('#role', 'operator');
  await page.getByRole('button', { name: 'Approve exact payload', exact: true }).click();
  await page.getByRole('button', { name: 'Finish run', exact: true }).click();
  const [said, entry] = await marked();
  assert.equal(said, 'Changed by the last run: appends email-1 for learner@example.test to the outbox');
  assert.match(entry, /^email-1 /, `the outbox entry is marked: ${entry}`);
  // Restart: the mark goes with the new run.
  await page.getByRole('button', { name: 'Restart inspection', exact: true }).click();
  assert.deepEqual(await marked(), []);
  // The same key again: its receipt is marked.
  await page.getByRole('button', { name: 'Finish run', exact: true }).click();
  const [replay] = await marked();
  assert.match(replay, /returned the receipt of "intent-1" again/);
});

test('a database set and a file write are marked with before → after', async () => {
  for (const [query, load, want] of [
    ['?experiment=database', null, 'Changed by the last run: seats 120 → 140'],
    ['?experiment=filesystem', 'Valid request', 'Changed by the last run: /workspace/notes.txt "Original notes: review the quarterly plan on Friday." → "Revised notes: approved by the operator."'],
  ]) {
    const { page } = await suite.open(query);
    await waitForGates(page);
    if (load) await page.getByRole('combobox', { name: 'Example', exact: true }).selectOption({ label: load });
    await page.selectOption('#role', 'operator');
    await page.getByRole('button', { name: 'Approve exact payload', exact: true }).click();
    await page.getByRole('button', { name: 'Finish run', exact: true }).click();
    assert.equal(await page.locator('p.change[data-changed="true"]').textContent(), want);
    assert.equal(await page.locator('li[data-changed="true"]').count(), 1, `${query}: one entry marked`);
  }
});

test('arrowing through the Example select loads nothing until Enter; Undo puts back what the learner wrote', async () => {
  const { page } = await suite.open('?experiment=email');
  await waitForGates(page);
  const args = page.locator('#arguments');
  const mine = '{"to": "learner@example.test", "subject": "Mine", "body": "typed by me"}';
  await args.fill(mine);
  await page.locator('#example').focus();
  await page.keyboard.press('ArrowDown');
  assert.equal(await args.inputValue(), mine, 'an arrow step loads nothing');
  await page.keyboard.press('Enter');
  assert.notEqual(await args.inputValue(), mine, 'Enter loads the option');
  const undo = page.getByRole('button', { name: 'Undo: put back my arguments' });
  assert.ok(await undo.isVisible(), 'Undo is offered');
  await undo.click();
  assert.equal(await args.inputValue(), mine, 'Undo puts the text back');
  assert.equal(await undo.count(), 0, 'and is gone');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'arguments', 'focus goes to the arguments');
  // A click on an option (a change without arrow keys) loads at once.
  await page.selectOption('#example', { index: 2 });
  assert.notEqual(await args.inputValue(), mine);
});

test('a clicked gate card tells its reason in the caption without advancing', async () => {
  const { page } = await suite.open('?experiment=email');
  await waitForGates(page);
  await nextGates(page, 2);
  const current = await page.locator('li[aria-current="step"]').getAttribute('data-gate');
  await page.locator('li[data-gate="schema"] .gate-head').click();
  assert.match(await page.locator('#gate-caption').textContent(), /^Gate 1, schema, passed: /);
  assert.equal(await page.locator('li[aria-current="step"]').getAttribute('data-gate'), current, 'the run did not move');
  await page.locator('li[data-gate="after-hook"] .gate-head').click();
  assert.match(await page.locator('#gate-caption').textContent(), /^Gate 7, after-hook, is not inspected yet/);
});
