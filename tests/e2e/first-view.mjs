// Writes www/index.html: www/index.template.html with the page's first view
// in place of its `<!-- first view -->`, as the shell itself draws it
// (scripts/build-web runs this after building the page; see
// crates/gateway-web/src/first_view.rs for the takeover).
//
// The built page is opened once, at its bare address, in English, in
// headless Chromium, with `self.workbenchStamp` an array: every element the
// shell makes is pushed onto it, in the order it was made in. Once the seven gate
// rows are drawn, the markup of #app is taken with
// - what controls hold written as markup (a textarea's text, an input's
//   value and checked, an option's selected), so the page reads the same;
// - no style attribute (the page's CSP refuses inline style);
// - no text inside a closed panel (it is not seen; the shell writes it);
// - the orders, in document order, as runs in #app's `data-first-view`.
// Prints the size it adds. Exits non-zero if an element of #app was not
// made by the shell (it could not be taken over).

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { GATE_COUNT, WWW, launchBrowser, startServer } from './harness.mjs';

const MARKER = '<!-- first view -->';
const template = readFileSync(join(WWW, 'index.template.html'), 'utf8');
if (template.split(MARKER).length != 2) throw new Error(`index.template.html must hold ${MARKER} once`);
const appTag = '<div id="app">';
if (template.split(appTag).length != 2) throw new Error(`index.template.html must hold ${appTag} once`);
const titled = /<title>[^<]*<\/title>/;
// The page the capture opens: the template, as it is.
writeFileSync(join(WWW, 'index.html'), template);

const server = await startServer();
const browser = await launchBrowser();
let view;
try {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.addInitScript(() => {
    self.workbenchStamp = [];
  });
  await page.goto(`${server.url}/`);
  await page.waitForFunction(
    (n) => {
      const rows = document.querySelectorAll('li[data-gate]');
      return rows.length == n && [...rows].every((r) => r.textContent.trim() != '');
    },
    GATE_COUNT,
    { timeout: 30_000 },
  );
  // Whatever the opening queued (the wall clock) is drawn by the next frame.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  if (errors.length) throw new Error(`the page failed: ${errors.join('; ')}`);
  view = await page.evaluate(() => {
    const app = document.getElementById('app');
    for (const e of app.querySelectorAll('textarea')) e.textContent = e.value;
    for (const e of app.querySelectorAll('input')) {
      if (e.type == 'checkbox' || e.type == 'radio') e.toggleAttribute('checked', e.checked);
      else e.setAttribute('value', e.value);
    }
    for (const e of app.querySelectorAll('option')) e.toggleAttribute('selected', e.selected);
    // The shell styles through the CSSOM, which the page's CSP allows; as
    // markup a style attribute is inline style, which it refuses (the
    // progress bar's width: 0% is the style sheet's own).
    for (const e of app.querySelectorAll('[style]')) e.removeAttribute('style');
    for (const details of app.querySelectorAll('details:not([open])')) {
      const walk = document.createTreeWalker(details, NodeFilter.SHOW_TEXT);
      const hidden = [];
      while (walk.nextNode()) if (!walk.currentNode.parentElement.closest('summary')) hidden.push(walk.currentNode);
      for (const t of hidden) t.remove();
    }
    const made = new Map(self.workbenchStamp.map((e, n) => [e, n]));
    const orders = [];
    const strays = [];
    for (const e of app.querySelectorAll('*')) {
      if (!made.has(e)) strays.push(e.outerHTML.slice(0, 80));
      orders.push(made.get(e));
    }
    const runs = [];
    for (const n of orders) {
      const last = runs.at(-1);
      if (last && n == last[1] + 1) last[1] = n;
      else runs.push([n, n]);
    }
    return {
      strays,
      count: orders.length,
      runs: runs.map(([a, b]) => (a == b ? `${a}` : `${a}-${b}`)).join(' '),
      attributes: [...app.attributes].filter((a) => a.name != 'id').map(({ name, value }) => ({ name, value })),
      markup: app.innerHTML,
      title: document.title,
    };
  });
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
if (view.strays.length) {
  throw new Error(`elements of #app the shell did not make (dom::el), which it could not take over:\n  ${view.strays.join('\n  ')}`);
}

const escape = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const attributes = view.attributes.map(({ name, value }) => ` ${name}="${escape(value)}"`).join('');
const html = template
  .replace(titled, `<title>${escape(view.title)}</title>`)
  .replace(appTag, `<div id="app"${attributes} data-first-view="${view.runs}">`)
  .replace(MARKER, view.markup);
writeFileSync(join(WWW, 'index.html'), html);
const gz = (s) => gzipSync(s, { level: 9 }).length;
console.log(
  `first view -> www/index.html: ${view.count} elements in ${view.runs.split(' ').length} runs; ` +
    `${html.length} bytes (gzip -9 ${gz(html)}), the template ${template.length} (gzip -9 ${gz(template)})`,
);
