// The story on one screen (issue 10): at each of the four sizes, for every
// experiment, fresh and after a finished run, the parts of the story are
// where a learner can see them together, checked by their bounding boxes.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { e2eSuite, EXPERIMENTS, GATE_COUNT, waitForGates } from './harness.mjs';

const suite = e2eSuite();

/** What must be in view without scrolling at a wide size. */
const STORY = [
  ['the Arguments editor', '#arguments'],
  ['the role', '#role'],
  ['the hook', '#hook'],
  ['the operation key', '#operation-key'],
  ['Approve', '#approve'],
  ['the caption', '#gate-caption'],
  ['Play run', '.gateway .controls button >> nth=0'],
  ['Next gate', '.gateway .controls button >> nth=1'],
];

/** The part of the ledger the experiment's tool changes (or the line saying it changes none). */
const LEDGER_PART = '.ledger .ledger-view >> nth=0';
const UNTOUCHED = '.ledger > p.hint';

async function box(page, selector) {
  const b = await page.locator(selector).boundingBox();
  assert.ok(b, `${selector} is drawn`);
  return b;
}

/** Fails unless `selector`'s box lies inside the viewport. */
async function inView(page, what, selector, size) {
  const b = await box(page, selector);
  const eps = 0.5;
  assert.ok(
    b.x >= -eps && b.y >= -eps && b.x + b.width <= size.width + eps && b.y + b.height <= size.height + eps,
    `${what} (${selector}) is in the ${size.width}×${size.height} viewport: ${JSON.stringify(b)}`,
  );
}

/** Only the gateway's own region scrolls sideways. */
async function noSidewaysScroll(page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  assert.ok(scroll <= client, `the page does not scroll sideways (${scroll} > ${client})`);
}

async function ledgerPart(page) {
  const touches = await page.locator(UNTOUCHED).isVisible();
  return touches ? UNTOUCHED : LEDGER_PART;
}

/** The first line of text under the Returned output's heading, with its box (runs in the page). */
function outputFirstLine() {
  const panel = document.querySelector('#h-output').closest('section');
  const texts = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    if (node.parentElement.closest('h2') || !node.data.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const line = [...range.getClientRects()].find((r) => r.width > 0);
    if (line) return { text: node.data.trim().slice(0, 60), top: line.top, bottom: line.bottom };
  }
  return null;
}

async function openAt(size, experiment) {
  const { page } = await suite.open(`?experiment=${experiment}`, { contextOptions: { viewport: size } });
  await waitForGates(page);
  return page;
}

async function finishRun(page) {
  await page.locator('.gateway .controls button >> nth=2').click();
  await page.waitForFunction(() => !document.querySelector('li[data-gate][data-status="pending"]'));
  await page.evaluate(() => window.scrollTo(0, 0));
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
]) {
  for (const experiment of EXPERIMENTS) {
    test(`${size.width}×${size.height} ${experiment}: the request, the seven gates, the caption, the controls and the ledger part are in view, fresh and finished`, async () => {
      const page = await openAt(size, experiment);
      for (const state of ['fresh', 'finished']) {
        if (state === 'finished') await finishRun(page);
        for (const [what, selector] of STORY) await inView(page, `${state}: ${what}`, selector, size);
        for (let i = 0; i < GATE_COUNT; i++) {
          await inView(page, `${state}: gate ${i + 1} with its status`, `li[data-gate] >> nth=${i}`, size);
          await inView(page, `${state}: gate ${i + 1}'s status`, `li[data-gate] >> nth=${i} >> .gate-status`, size);
        }
        await inView(page, `${state}: the ledger part`, await ledgerPart(page), size);
        if (state === 'finished') {
          // What the tool returned, without hunting: the heading and the
          // first line of the panel under it.
          await inView(page, `${state}: the Returned output's heading`, '#h-output', size);
          const firstLine = await page.evaluate(outputFirstLine);
          assert.ok(firstLine, 'the Returned output panel says something after a run');
          assert.ok(
            firstLine.top >= 0 && firstLine.bottom <= size.height,
            `${state}: the Returned output's first line "${firstLine.text}" is in view: ${JSON.stringify(firstLine)}`,
          );
        }
        for (const changed of await page.locator('.ledger [data-changed]').all()) {
          const b = await changed.boundingBox();
          assert.ok(b && b.y + b.height <= size.height, `${state}: the marked change is in view`);
        }
        await noSidewaysScroll(page);
      }
    });
  }
}

for (const experiment of EXPERIMENTS) {
  test(`768×1024 ${experiment}: while stepping, the gateway, the caption and the ledger part are on screen together`, async () => {
    const size = { width: 768, height: 1024 };
    const page = await openAt(size, experiment);
    const next = page.locator('.gateway .controls button >> nth=1');
    await next.scrollIntoViewIfNeeded();
    await page.evaluate(() => document.querySelector('#h-gateway').scrollIntoView());
    for (let step = 0; step < GATE_COUNT; step++) {
      await inView(page, `step ${step}: the caption`, '#gate-caption', size);
      await inView(page, `step ${step}: Next gate`, '.gateway .controls button >> nth=1', size);
      const gates = await box(page, '.gateway-scroll');
      assert.ok(gates.y >= 0 && gates.y + gates.height <= size.height, `step ${step}: the gate cards are on screen`);
      const part = await box(page, await ledgerPart(page));
      assert.ok(part.y >= 0 && part.y < size.height, `step ${step}: the ledger part starts on screen (${part.y})`);
      await next.click();
    }
    await inView(page, 'finished: the caption', '#gate-caption', size);
    await noSidewaysScroll(page);
  });
}

for (const experiment of EXPERIMENTS) {
  test(`320×640 ${experiment}: the gate under inspection, the caption and Next gate stay in view while stepping, and nothing scrolls sideways`, async () => {
    const size = { width: 320, height: 640 };
    const page = await openAt(size, experiment);
    await noSidewaysScroll(page);
    const next = page.locator('.gateway .controls button >> nth=1');
    // The learner scrolls the gateway to the top of the screen, once.
    await page.evaluate(() => document.querySelector('#h-gateway').scrollIntoView());
    const check = async (when) => {
      const current = page.locator('li[data-gate][aria-current="step"]');
      if ((await current.count()) === 0) return;
      const region = await box(page, '.gateway-scroll');
      const card = await current.boundingBox();
      assert.ok(
        card.x >= region.x - 1 && card.x + card.width <= region.x + region.width + 1,
        `${when}: the gate under inspection lies inside the gateway's visible area (${JSON.stringify(card)} in ${JSON.stringify(region)})`,
      );
      await inView(page, `${when}: the caption`, '#gate-caption', size);
      await inView(page, `${when}: the gate under inspection`, 'li[data-gate][aria-current="step"]', size);
      await inView(page, `${when}: Next gate`, '.gateway .controls button >> nth=1', size);
    };
    for (let step = 1; step < GATE_COUNT; step++) {
      await next.click();
      await check(`after Next gate ${step}`);
    }
    await page.locator('.gateway .controls button >> nth=3').click();
    await check('after Restart');
    // Playing moves to the next gate on its own; the quarter-speed clock
    // is slow, so step the clock by pressing Next while playing.
    await page.locator('.gateway .controls button >> nth=0').click();
    await next.click();
    await check('while playing');
    await noSidewaysScroll(page);
  });
}

/**
 * Each gate card's reason, as drawn (runs in the page): its text, whether it
 * is shown whole (nothing cut below or beside it), how many lines it would
 * take uncut, and what describes the card's button to a screen reader.
 */
function reasonsAsDrawn() {
  return [...document.querySelectorAll('li[data-gate]')].map((li) => {
    const reason = li.querySelector('.gate-reason');
    // The same text in the same box, uncut, to count its lines.
    const uncut = reason.cloneNode(true);
    uncut.removeAttribute('id');
    uncut.style.cssText = 'display: block; -webkit-line-clamp: none; line-clamp: none; white-space: normal; overflow: visible';
    reason.after(uncut);
    const lineHeight = parseFloat(getComputedStyle(uncut).lineHeight);
    const lines = Math.round(uncut.getBoundingClientRect().height / lineHeight);
    uncut.remove();
    const head = li.querySelector('.gate-head');
    const described = (head.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    return {
      gate: li.dataset.gate,
      text: reason.textContent,
      whole: reason.scrollHeight <= reason.clientHeight + 1 && reason.scrollWidth <= reason.clientWidth + 1,
      lines,
      described,
      status: li.querySelector('.gate-status').textContent,
    };
  });
}

for (const lang of ['en', 'zh-TW']) {
  test(`320×640 ${lang}: after a finished run, every gate reason that fits in two lines is shown whole, and each card tells its reason whole to a screen reader`, async () => {
    const size = { width: 320, height: 640 };
    for (const experiment of EXPERIMENTS) {
      const { page } = await suite.open(`?experiment=${experiment}&lang=${lang}`, { contextOptions: { viewport: size } });
      await waitForGates(page);
      await finishRun(page);
      const reasons = await page.evaluate(reasonsAsDrawn);
      const fitting = reasons.filter((r) => r.lines <= 2);
      assert.ok(fitting.length >= 5, `${experiment}: most reasons fit in two lines at 320 px: ${JSON.stringify(reasons)}`);
      for (const r of fitting) assert.ok(r.whole, `${experiment}: the ${r.gate} gate's reason is shown whole: ${JSON.stringify(r)}`);
      for (const r of reasons) {
        assert.ok(r.text.length > 0, `${experiment}: the ${r.gate} gate has a reason`);
        assert.equal(r.described, `${r.status} ${r.text}`, `${experiment}: the ${r.gate} card's button is described by its verdict and whole reason`);
      }
    }
  });
}

test('Tab follows the story: the skip link first, then the masthead, the request, the gates, the ledger and the rest', { timeout: 60_000 }, async () => {
  const page = await openAt({ width: 1280, height: 800 }, 'email');
  await page.keyboard.press('Tab');
  assert.equal(
    await page.evaluate(() => document.activeElement.className),
    'skip-link',
    'the first Tab reaches "Skip to the gateway"',
  );
  assert.ok(await page.locator('.skip-link').isVisible(), 'the skip link shows when focused');
  // Where each Tab lands, by story part, until the secondary panels.
  const parts = [];
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press('Tab');
    const part = await page.evaluate(() => {
      const a = document.activeElement;
      const at = (s) => a.closest(s);
      if (at('.masthead')) return 'masthead';
      if (at('.intro')) return 'instructions';
      if (at('.builder')) return 'request';
      if (at('.gateway')) return 'gateway';
      if (at('.result')) return 'ledger';
      if (at('.more')) return 'rest';
      return 'elsewhere';
    });
    if (parts.at(-1) !== part) parts.push(part);
    if (part === 'rest') break;
  }
  assert.deepEqual(parts, ['masthead', 'request', 'gateway', 'ledger', 'rest']);

  // The skip link moves the next Tab into the gateway, and writes nothing into the address.
  const page2 = await openAt({ width: 1280, height: 800 }, 'email');
  const url = page2.url();
  await page2.keyboard.press('Tab');
  await page2.keyboard.press('Enter');
  await page2.keyboard.press('Tab');
  assert.equal(
    await page2.evaluate(() => !!document.activeElement.closest('.gateway')),
    true,
    'after the skip link, Tab is in the gateway',
  );
  assert.ok(page2.url() === url || page2.url() === `${url}#h-gateway`, page2.url());
});
