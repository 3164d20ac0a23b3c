// Every width from 320 to 1920 px, in English, zh-TW and the pseudo-locale
// en-XA (every message about 40 % longer), on every experiment, fresh and
// after a run (issue 32, "The learner's journey"):
//  - nothing overflows the viewport sideways;
//  - no button label takes more than two lines;
//  - no control breaks inside a word: each word of a control's label has
//    one client rect (a label may wrap between words, never inside one).
//
// The widths are where the content changes its layout, not a fixed list of
// devices: phones (320, 360, 414), the one-column tablet (600, 768, 900),
// the three-column breakpoint at 64rem (1024) and the widths just past it
// where the gateway's column is narrowest (1100, 1180), and the desktop
// widths (1280, 1440, 1920). One page per language and experiment is opened
// and resized, never reloaded for each width. Every details panel is open,
// so the declarations' exports and the ledger's other stores are measured
// too. Chinese is measured with its own glyphs: scripts/test installs
// fonts-noto-cjk (ensure_chromium).

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { EXPERIMENTS, ROOT, e2eSuite, waitForGates } from './harness.mjs';

export const WIDTHS = [320, 360, 414, 600, 768, 900, 1024, 1100, 1180, 1280, 1440, 1920];

const PSEUDO_WWW = join(ROOT, 'target', 'pseudo-www');
if (!existsSync(join(PSEUDO_WWW, 'pkg', 'locales', 'en-XA.json'))) {
  throw new Error(`${PSEUDO_WWW} is missing: build the pseudo-locale's page first (scripts/build-web --pseudo)`);
}
const shipped = e2eSuite();
const pseudo = e2eSuite({ www: PSEUDO_WWW });

/**
 * What is wrong with the layout as drawn now, one line each (runs in the
 * page). A control is a button, select, label, summary, link or heading.
 * A select must show its chosen option whole.
 */
export function layoutFindings() {
  const found = [];
  const vw = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > vw) {
    found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px wide in ${vw}`);
  }
  const name = (el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${el.textContent.trim().slice(0, 40)}"`;
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const range = document.createRange();
  for (const el of document.querySelectorAll('button, select, label, summary, a, h1, h2, h3')) {
    if (!shown(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.right > vw + 0.5 || box.left < -0.5) {
      found.push(`${name(el)} stands outside the viewport (x ${Math.round(box.left)}…${Math.round(box.right)} of ${vw})`);
    }
    const rects = [];
    const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      range.selectNodeContents(node);
      rects.push(...[...range.getClientRects()].filter((r) => r.width > 0));
      // A word of Latin letters or digits (a CJK label may wrap between
      // any two characters, and a hyphen is a place to wrap).
      for (const word of node.data.matchAll(/[\p{Script=Latin}\p{Nd}'’]+/gu)) {
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const pieces = [...range.getClientRects()].filter((r) => r.width > 0).length;
        if (pieces > 1) found.push(`${name(el)} breaks the word "${word[0]}" in ${pieces}`);
      }
    }
    if (el.tagName === 'SELECT' && el.selectedOptions.length > 0) {
      // The chosen option shown whole: the select is as wide as a copy of
      // it holding that option alone, sized to its content (its text, its
      // padding and the arrow).
      const alone = el.cloneNode(false);
      alone.removeAttribute('id');
      alone.append(el.selectedOptions[0].cloneNode(true));
      alone.style.cssText = 'position: absolute; visibility: hidden; width: auto; min-width: 0; max-width: none; flex: none';
      el.after(alone);
      const needed = alone.getBoundingClientRect().width;
      alone.remove();
      // Where its column is narrower than the option, the select takes
      // the column's whole width, and that is the most it can do.
      const column = el.parentElement.closest('.panel, .masthead, .turn-step, details, section') ?? document.body;
      const pad = getComputedStyle(column);
      const room = column.clientWidth - parseFloat(pad.paddingLeft) - parseFloat(pad.paddingRight);
      if (box.width + 0.5 < needed && box.width + 1 < room) {
        found.push(`${name(el)} cuts its chosen option "${el.selectedOptions[0].textContent}" (${Math.round(box.width)} px of ${Math.round(needed)})`);
      }
    }
    if (el.tagName === 'BUTTON') {
      // Lines: text boxes that do not overlap vertically (a gate's number
      // badge and its name share a line).
      rects.sort((a, b) => a.top - b.top);
      let lines = 0;
      let bottom = -Infinity;
      for (const r of rects) {
        if (r.top >= bottom - 2) {
          lines += 1;
          bottom = r.bottom;
        } else bottom = Math.max(bottom, r.bottom);
      }
      if (lines > 2) found.push(`${name(el)} takes ${lines} lines`);
    }
  }
  return [...new Set(found)];
}

/** Resizes `page` through every width; the findings, each with its width. */
async function sweep(page) {
  const found = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    for (const f of await page.evaluate(layoutFindings)) found.push(`${width} px: ${f}`);
  }
  return found;
}

async function checkEveryWidth(suite, lang, experiment) {
  const { page, pageErrors, close } = await suite.open(`?experiment=${experiment}&lang=${lang}`, {
    contextOptions: { viewport: { width: 1280, height: 800 } },
  });
  await waitForGates(page);
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  await page.locator('[data-panel="declarations"] .export').first().waitFor();
  const fresh = await sweep(page);
  // Finish the run (the F key, outside any field), then sweep again.
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('f');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('li[data-gate]')].every((g) => g.dataset.status !== 'pending'),
  );
  const finished = await sweep(page);
  assert.deepEqual(pageErrors, []);
  await close();
  return [...fresh.map((f) => `fresh, ${f}`), ...finished.map((f) => `after a run, ${f}`)];
}

for (const [suite, lang] of [
  [shipped, 'en'],
  [shipped, 'zh-TW'],
  [pseudo, 'en-XA'],
]) {
  test(`every width from 320 to 1920 px in ${lang}: nothing sideways, no button over two lines, no word broken`, { timeout: 300_000 }, async () => {
    const found = [];
    for (const experiment of EXPERIMENTS) {
      for (const f of await checkEveryWidth(suite, lang, experiment)) found.push(`${experiment}, ${f}`);
    }
    assert.deepEqual(found, [], `layout findings in ${lang}:\n${found.join('\n')}`);
  });
}

test('the layout check finds what it is for: a word broken in a narrow button, a wide block, a third line, a cut select', async () => {
  const { page } = await shipped.open('?experiment=email', { contextOptions: { viewport: { width: 1024, height: 800 } } });
  await waitForGates(page);
  const found = await page.evaluate((check) => {
    const panel = document.querySelector('.gateway');
    const narrow = document.createElement('button');
    narrow.textContent = 'Restart inspection';
    narrow.style.cssText = 'width: 3rem; overflow-wrap: anywhere';
    const wide = document.createElement('h3');
    wide.textContent = 'wide';
    wide.style.cssText = 'width: 3000px';
    const tall = document.createElement('button');
    tall.textContent = 'one two three four five six';
    tall.style.cssText = 'width: 5rem';
    const cut = document.createElement('select');
    cut.append(new Option('Virtual file system'), new Option('a'));
    cut.style.cssText = 'width: 6rem';
    panel.append(narrow, wide, tall, cut);
    // eslint-disable-next-line no-new-func
    return new Function(`return (${check})()`)();
  }, layoutFindings.toString());
  assert.ok(found.some((f) => /breaks the word "Restart"/.test(f)), found.join('\n'));
  assert.ok(found.some((f) => /h3 "wide" stands outside the viewport/.test(f)), found.join('\n'));
  assert.ok(found.some((f) => /"one two three four five six" takes [3-9] lines/.test(f)), found.join('\n'));
  assert.ok(found.some((f) => /select "Virtual file systema" cuts its chosen option "Virtual file system"/.test(f)), found.join('\n'));
});
