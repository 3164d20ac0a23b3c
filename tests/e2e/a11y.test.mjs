// Accessibility of the page (SPEC 1 "keyboard and screen reader", SPEC 5):
// axe-core finds no WCAG 2.2 A/AA violation in the states a learner meets
// (fresh, mid-run, a finished rejected run, a 320 px phone, the list shown
// for an unknown experiment), in English and in Traditional Chinese; on a phone only the gateway scrolls sideways
// and it does so from the keyboard; reduced motion removes transitions but
// no information; the caption is a live region and `aria-current="step"`
// marks exactly the gate under inspection; the Speed radios work with the
// arrow keys.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import {
  GATE_COUNT,
  GATE_IDS,
  currentGateIds,
  e2eSuite,
  formatAxeViolations,
  gateStatuses,
  nextGates,
  openAllPanels,
  waitForGates,
} from './harness.mjs';
import { EN, LANGUAGES } from './locales.mjs';

const suite = e2eSuite();

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const PHONE = { viewport: { width: 320, height: 800 } };

/** Runs axe over the whole page (in the language of `N`) and fails with a readable list of every violation. */
async function assertNoAxeViolations(page, state, N = EN) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  assert.ok(results.passes.length > 0, `axe checked nothing ${state}: is the page blank?`);
  assert.equal(
    results.violations.length,
    0,
    `axe found ${results.violations.length} WCAG violation(s) ${state}:\n${formatAxeViolations(results.violations)}`,
  );
  // axe checks that <html lang> is valid, not that it is the page's language (WCAG 3.1.1).
  assert.equal(await page.evaluate(() => document.documentElement.lang), N.tag, `${state}: <html lang> is ${N.tag}`);
}

const playToggle = (page, N = EN) =>
  page.getByRole('button', { name: new RegExp(`^(${N.buttons.playRun}|${N.buttons.pause})$`) });
const caption = (page) => page.locator('#gate-caption').textContent();

/** Every comma-separated part of a computed `transition-duration`. */
function durations(page, selector) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).transitionDuration.split(',').map((s) => s.trim()));
}

/** Statuses, reasons and caption after each of the seven Next gate presses. */
async function stepRecord(page) {
  const steps = [];
  for (let i = 0; i < GATE_COUNT; i += 1) {
    await nextGates(page, 1);
    steps.push({
      statuses: await gateStatuses(page),
      reasons: await page.$$eval('li[data-gate] .gate-reason', (ps) => ps.map((p) => p.textContent)),
      caption: await caption(page),
      progress: await page.locator('.progress-text').textContent(),
    });
  }
  return steps;
}

// The axe states, in every language of the page (English, and zh-TW by
// `?lang=zh-TW`), each driven by the language's names table (locales.mjs).
for (const N of LANGUAGES) {
  const inLang = N === EN ? '' : ` (${N.tag})`;
  const B = N.buttons;

  test(`axe: no WCAG 2.2 A/AA violation on a fresh page${inLang}`, { timeout: 60_000 }, async () => {
    const { page } = await suite.open(N.at(''));
    await waitForGates(page);
    assert.deepEqual(await gateStatuses(page), Array(GATE_COUNT).fill('pending'));
    await assertNoAxeViolations(page, 'on the fresh page', N);
  });

  test(`axe: no violation while a run is in progress${inLang}`, { timeout: 60_000 }, async () => {
    const { page } = await suite.open(N.at('?experiment=email'));
    await waitForGates(page);
    await page.getByRole('button', { name: B.playRun }).click();
    await nextGates(page, 1, B.nextGate); // advances one gate and pauses
    await page.getByRole('button', { name: B.playRun }).click(); // plays on from gate 2
    assert.equal(await playToggle(page, N).textContent(), B.pause, 'the run is playing');
    assert.equal((await gateStatuses(page))[0], 'passed', 'gate 1 was inspected');
    assert.deepEqual(await currentGateIds(page), ['before-hook'], 'gate 2 is under inspection');
    assert.match(await caption(page), N.captions.at('before-hook', 'playing'));
    await page.waitForTimeout(400); // let the 0.3 s colour transition of gate 1 settle
    await assertNoAxeViolations(page, 'while a run plays at gate 2', N);
  });

  test(`axe: no violation after a run rejected at the role gate${inLang}`, { timeout: 60_000 }, async () => {
    const { page } = await suite.open(N.at('?experiment=email'));
    await waitForGates(page);
    await page.getByRole('combobox', { name: N.labels.role }).selectOption({ label: N.options.viewer });
    await nextGates(page, GATE_COUNT, B.nextGate);
    assert.deepEqual(await gateStatuses(page), [
      'passed',
      'not-needed',
      'rejected',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
    ]);
    assert.match(await caption(page), N.captions.rejectedAt('role'));
    // Show everything a finished run can show: every panel open (the
    // complete-run preview among them) and a baseline beside it.
    await openAllPanels(page);
    assert.ok(await page.locator('details[data-panel="preview"]').evaluate((d) => d.open), 'the preview is open');
    await page.getByRole('button', { name: B.captureBaseline }).click();
    await page.waitForTimeout(400);
    await assertNoAxeViolations(page, 'after a run rejected at the role gate (preview open, baseline captured)', N);
  });

  // A long but valid request (an email body of 40 short lines, well inside the
  // 2000-character bound) makes the literal panels taller than their max-height,
  // so they scroll. Every scrolling panel must be reachable from the keyboard
  // (axe rule scrollable-region-focusable, WCAG 2.1.1); only #ledger-json is.
  test(
    `axe: no violation with a long request, its output and a baseline (scrolling literal panels)${inLang}`,
    { timeout: 60_000 },
    async () => {
      const { page } = await suite.open(N.at('?experiment=email'));
      await waitForGates(page);
      await page.getByRole('combobox', { name: N.labels.role }).selectOption({ label: N.options.operator });
      const body = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a long synthetic report.`).join('\n');
      await page
        .getByRole('textbox', { name: N.labels.args })
        .fill(JSON.stringify({ to: 'learner@example.test', subject: 'Long report', body }, null, 2));
      await page.getByRole('button', { name: B.approve }).click();
      await nextGates(page, GATE_COUNT, B.nextGate);
      assert.ok(!(await gateStatuses(page)).includes('rejected'), 'the long send is valid and committed');
      await openAllPanels(page);
      await page.getByRole('button', { name: B.captureBaseline }).click();
      const scrolling = await page.$$eval('pre', (ps) => ps.filter((p) => p.scrollHeight > p.clientHeight).length);
      assert.ok(scrolling > 0, 'some literal panel scrolls');
      await page.waitForTimeout(400);
      await assertNoAxeViolations(page, 'with a long request, output and baseline', N);
    },
  );

  test(`axe: no violation at 320 px wide${inLang}`, { timeout: 60_000 }, async () => {
    const { page } = await suite.open(N.at(''), { contextOptions: PHONE });
    await waitForGates(page);
    assert.equal(await page.evaluate(() => window.innerWidth), 320);
    await assertNoAxeViolations(page, 'at 320 px wide', N);
  });

  test(`axe: no violation on the list shown for an unknown experiment${inLang}`, { timeout: 60_000 }, async () => {
    const { page } = await suite.open(N.at('?experiment=nope'));
    await page.getByRole('link').first().waitFor();
    await assertNoAxeViolations(page, 'on the unknown-experiment list', N);
  });
}

test('at 320 px nothing scrolls sideways, nothing is cut off, and the seven gates stand in one column', { timeout: 60_000 }, async () => {
  const { page } = await suite.open('', { contextOptions: PHONE });
  await waitForGates(page);

  const doc = await page.evaluate(() => {
    const d = document.documentElement;
    window.scrollTo(400, 0);
    return { scrollWidth: d.scrollWidth, clientWidth: d.clientWidth, scrollX: window.scrollX };
  });
  assert.ok(
    doc.scrollWidth <= doc.clientWidth,
    `the document is ${doc.scrollWidth} px wide in a ${doc.clientWidth} px viewport (scrolls sideways)`,
  );
  assert.equal(doc.scrollX, 0, 'the window cannot be scrolled sideways');

  // The workbench hides horizontal overflow, so also make sure nothing is cut off instead:
  // after a finished run and a captured baseline (the most text the page shows), no element
  // outside the gateway region reaches past the viewport.
  await nextGates(page);
  await openAllPanels(page);
  await page.getByRole('button', { name: 'Capture baseline' }).click();
  const clipped = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('#app *')]
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.right > width + 0.5 || box.left < -0.5))
      .map(({ el, box }) => `${el.tagName.toLowerCase()}.${el.className} [${Math.round(box.left)}, ${Math.round(box.right)}]`);
  });
  assert.deepEqual(clipped, [], 'no content is cut off at 320 px');

  // The gates top to bottom: the region needs no scrolling of its own.
  const region = page.getByRole('region', { name: 'Seven gates' });
  assert.equal(await region.count(), 1, 'one region named "Seven gates"');
  const box = await region.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  assert.ok(box.scrollWidth <= box.clientWidth, `the gateway region fits (${box.scrollWidth} <= ${box.clientWidth})`);
  const lefts = await page.$$eval('li[data-gate]', (lis) => lis.map((li) => Math.round(li.getBoundingClientRect().left)));
  assert.equal(new Set(lefts).size, 1, `the seven cards stand in one column (${lefts})`);
});

test('prefers-reduced-motion removes transitions, not information', { timeout: 60_000 }, async () => {
  const reduced = await suite.open('?experiment=email', { contextOptions: { reducedMotion: 'reduce' } });
  const normal = await suite.open('?experiment=email', { contextOptions: { reducedMotion: 'no-preference' } });
  await waitForGates(reduced.page);
  await waitForGates(normal.page);
  assert.equal(
    await reduced.page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches),
    true,
    'the reduced context reports prefers-reduced-motion: reduce',
  );
  assert.equal(
    await normal.page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches),
    false,
    'the control context does not',
  );

  for (const selector of ['.gate', '.progress-fill']) {
    const d = await durations(reduced.page, selector);
    assert.ok(
      d.every((s) => s === '0s'),
      `${selector} has transition-duration ${d.join(', ')} under reduced motion (expected 0s)`,
    );
  }

  const seen = await stepRecord(reduced.page);
  const expected = await stepRecord(normal.page);
  assert.deepEqual(seen, expected, 'every status, reason, caption and progress text is the same under reduced motion');
  const last = seen[GATE_COUNT - 1];
  assert.ok(last.statuses.every((s) => s !== 'pending'), `no gate pending after seven presses: ${last.statuses}`);
  assert.match(last.caption, /^Run finished: /);
});

test('the caption is a status live region; aria-current marks exactly the gate under inspection', { timeout: 60_000 }, async () => {
  const { page } = await suite.open('?experiment=email');
  await waitForGates(page);
  const cap = page.locator('#gate-caption');
  assert.equal(await cap.getAttribute('role'), 'status', '#gate-caption has role=status');
  const statusIds = await page.getByRole('status').evaluateAll((els) => els.map((e) => e.id));
  assert.ok(statusIds.includes('gate-caption'), `the caption is exposed as a status (statuses: ${statusIds})`);

  const captions = new Set();
  for (let i = 0; i < GATE_COUNT; i += 1) {
    assert.deepEqual(await currentGateIds(page), [GATE_IDS[i]], `before press ${i + 1} only gate ${i + 1} is current`);
    const text = await cap.textContent();
    assert.ok(text.trim().length > 0, 'the caption says something');
    captions.add(text);
    await nextGates(page, 1);
  }
  assert.deepEqual(await currentGateIds(page), [], 'after the run no gate is current');
  const final = await cap.textContent();
  assert.match(final, /^Run finished: /);
  captions.add(final);
  assert.equal(captions.size, GATE_COUNT + 1, 'the caption changes at every gate');
});

test('the Speed radios are operable with the arrow keys', { timeout: 60_000 }, async () => {
  const { page } = await suite.open('');
  await waitForGates(page);
  const group = page.getByRole('radiogroup', { name: 'Speed' });
  assert.equal(await group.count(), 1, 'a radiogroup named Speed');
  const names = await group.getByRole('radio').evaluateAll((rs) => rs.map((r) => r.labels[0]?.textContent.trim()));
  assert.deepEqual(names, ['Quarter speed', 'Half speed', 'Normal speed', 'Double speed']);

  const pace = page.locator('.pace');
  const checkedName = () =>
    group.getByRole('radio').evaluateAll((rs) => rs.filter((r) => r.checked).map((r) => r.labels[0]?.textContent.trim()));
  const focusedName = () => page.evaluate(() => document.activeElement?.labels?.[0]?.textContent.trim() ?? null);

  assert.deepEqual(await checkedName(), ['Normal speed'], 'normal speed on load');
  const normalPace = await pace.textContent();
  assert.match(normalPace, /\b56 s\b/, 'normal speed: 56 s a run');

  await group.getByRole('radio', { name: 'Normal speed' }).focus();
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await checkedName(), ['Double speed'], 'ArrowRight checks the next speed');
  assert.equal(await focusedName(), 'Double speed', 'focus moves with the selection');
  const doublePace = await pace.textContent();
  assert.notEqual(doublePace, normalPace, 'the pace text changes');
  assert.match(doublePace, /\b28 s\b/, 'double speed: 28 s a run');

  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await checkedName(), ['Half speed'], 'ArrowLeft twice goes back past normal to half');
  assert.match(await pace.textContent(), /\b112 s\b/, 'half speed: 112 s a run');
});
