// fuzzdb's XSS lists (tests/e2e/data/xss, see its SOURCE.md) in every string
// field of every fixture tool and as the Tool name, through the page's
// request editor: all 338 distinct non-empty lines, 16 calls each.
//
// xss.test.mjs drives two payloads through Playwright's own clicks and
// fills (about a second a call). For the 5,408 calls of the whole corpus
// this file drives the same controls from inside the page, 16 calls per
// round trip: it sets a control's value and dispatches the `change` or
// `input` event the shell listens to, and clicks buttons with
// `HTMLElement.click()`; about 10 ms a call, 50–60 s in all on the 2-core
// test machine, so every payload is tried (no subset). For each call (as
// Operator, with the approval given where a valid mutation offers it, the
// seven gates stepped with Next gate, then Capture / Replace baseline):
//
// - the verdict is the one the tool's bounds give: a text within its bounds
//   is committed (or, for search, read) and anything else is rejected at the
//   schema gate, with a reason that quotes the value (formats and lists) or
//   names the field and the bound (lengths, line breaks);
// - it is shown literally: the request panel is exactly `tool: …\narguments:
//   \n<the JSON>`; a rejection's reason and the caption quote it; an
//   output holds it as a string value; the ledger JSON stores it and the
//   readable ledger shows it; the baseline and the newest Runs record show
//   the request and the output; a rejected call leaves the ledger as it was;
// - nothing is made of it: the text panels hold no element, every panel has
//   exactly as many elements as with harmless text of the same verdict, no
//   element or attribute name appears that the page does not use with
//   harmless text (watched by a MutationObserver, and over the whole
//   document after each payload), no dialog opens, alert / confirm / prompt
//   are never called, the page's Content-Security-Policy reports nothing
//   blocked, nothing is fetched, the page never navigates and throws
//   nothing.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, e2eSuite, openAllPanels, recordCspViolations, waitForGates } from './harness.mjs';

const suite = e2eSuite();

const DATA = join(ROOT, 'tests', 'e2e', 'data', 'xss');
/** The lists and their line counts, so a half-copied folder fails. */
const LISTS = [
  ['xss-rsnake.txt', 78],
  ['xss-other.txt', 167],
  ['XSSPolyglot.txt', 32],
  ['xss-uri.txt', 6],
  ['all-encodings-of-lt.txt', 72],
];

/** Every non-empty line of the lists, once, in list order. */
function corpus() {
  let lines = 0;
  let empty = 0;
  const out = new Set();
  for (const [file, count] of LISTS) {
    const text = readFileSync(join(DATA, file), 'utf8');
    assert.ok(text.endsWith('\n'), `${file} ends with a line break`);
    const rows = text.slice(0, -1).split('\n');
    assert.equal(rows.length, count, `${file}: line count`);
    lines += rows.length;
    for (const row of rows) {
      if (row === '') empty += 1;
      else out.add(row);
    }
  }
  return { lines, empty, payloads: [...out] };
}

const LEARNER = 'learner@example.test';
const NOTES = '/workspace/notes.txt';
const SINGLE_LINE = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;
const DOT_ATOM = /^[A-Za-z0-9_+-]+(\.[A-Za-z0-9_+-]+)*$/;

/**
 * The string fields. `kind`: `value` (a format or a list: rejected,
 * quoting the value, unless `accepts`), `text` (bounded text: committed or
 * read within its bounds) or `tool` (the Tool name). `stored(ledger)`
 * reads a committed value back.
 */
const FIELDS = [
  { tool: 'email', field: 'to', kind: 'value', args: (p) => ({ to: p, subject: 's', body: 'b' }) },
  {
    tool: 'email',
    field: 'to (before @example.test)',
    kind: 'value',
    value: (p) => `${p}@example.test`,
    accepts: (p) => DOT_ATOM.test(p) && p.length <= 64,
    args: (p) => ({ to: `${p}@example.test`, subject: 's', body: 'b' }),
    stored: (l) => l.outbox.at(-1)?.to,
  },
  {
    tool: 'email',
    field: 'subject',
    kind: 'text',
    max: 120,
    singleLine: true,
    args: (p) => ({ to: LEARNER, subject: p, body: 'b' }),
    stored: (l) => l.outbox.at(-1)?.subject,
  },
  {
    tool: 'email',
    field: 'body',
    kind: 'text',
    max: 2000,
    args: (p) => ({ to: LEARNER, subject: 's', body: p }),
    stored: (l) => l.outbox.at(-1)?.body,
    // The readable outbox lists id, recipient and subject; the body shows in
    // the receipt's payload, which is JSON.
    viewAsJson: true,
  },
  {
    tool: 'calendar',
    field: 'title',
    kind: 'text',
    max: 80,
    singleLine: true,
    args: (p) => ({ title: p, start: '14:00', end: '15:00' }),
    stored: (l) => l.schedule.find((e) => e.start === '14:00')?.title,
  },
  { tool: 'calendar', field: 'start', kind: 'value', args: (p) => ({ title: 't', start: p, end: '15:00' }) },
  { tool: 'calendar', field: 'end', kind: 'value', args: (p) => ({ title: 't', start: '14:00', end: p }) },
  { tool: 'files', field: 'operation', kind: 'value', args: (p) => ({ operation: p, path: NOTES }) },
  { tool: 'files', field: 'path', kind: 'value', args: (p) => ({ operation: 'write', path: p, content: 'x' }) },
  {
    tool: 'files',
    field: 'content',
    kind: 'text',
    max: 2000,
    args: (p) => ({ operation: 'write', path: NOTES, content: p }),
    stored: (l) => l.files[NOTES],
  },
  { tool: 'database', field: 'operation', kind: 'value', args: (p) => ({ operation: p, key: 'seats' }) },
  { tool: 'database', field: 'key', kind: 'value', args: (p) => ({ operation: 'get', key: p }) },
  {
    tool: 'database',
    field: 'value',
    kind: 'value',
    args: (p) => ({ operation: 'set', key: 'status', value: p }),
  },
  { tool: 'search', field: 'query', kind: 'text', max: 100, read: true, args: (p) => ({ query: p }) },
  { tool: 'calculator', field: 'operator', kind: 'value', args: (p) => ({ operator: p, left: 1, right: 2 }) },
  { tool: 'email', field: 'Tool name', kind: 'tool', args: () => ({ to: LEARNER, subject: 's', body: 'b' }) },
];

/**
 * The call for `p` in field `f` and its expected verdict: `verdict`
 * (`effect`, `read` or `schema`), the schema `reason` exactly or the
 * `quoted` text it must contain, and `shape`: which harmless call has the
 * same verdict, to compare the page's structure with.
 */
function call(f, p) {
  const json = JSON.stringify(f.args(p), null, 2);
  assert.ok(json.length <= 4096, `${f.tool}.${f.field}: the arguments stay under the 4096 cap`);
  const c = {
    tool: f.tool,
    field: f.field,
    json,
    toolName: f.kind === 'tool' ? p : null,
    stored: f.stored,
    viewAsJson: f.viewAsJson ?? false,
  };
  if (f.kind === 'tool') return { ...c, verdict: 'schema', quoted: JSON.stringify(p), shape: 'unknown tool' };
  if (f.kind === 'value') {
    const value = f.value ? f.value(p) : p;
    if (f.accepts?.(p)) return { ...c, value, verdict: 'effect', shape: 'valid' };
    return { ...c, value, verdict: 'schema', quoted: JSON.stringify(value), shape: 'value' };
  }
  const name = f.field;
  if (p.length > f.max) {
    return { ...c, verdict: 'schema', reason: `${name} must be at most ${f.max} characters (got ${p.length})`, shape: 'long' };
  }
  if (f.singleLine && !SINGLE_LINE.test(p)) {
    return { ...c, verdict: 'schema', reason: `${name} must be on one line, with no control characters`, shape: 'control' };
  }
  return { ...c, value: p, verdict: f.read ? 'read' : 'effect', shape: 'valid' };
}

/** Harmless text with each shape's verdict in field `f`. */
function harmless(f, shape) {
  switch (shape) {
    case 'long':
      return 'a'.repeat(f.max + 1);
    case 'control':
      return 'a\tb';
    case 'valid':
      return 'plain';
    default:
      return 'plain text';
  }
}

/** Installed in the page: runs one call and reports what every panel shows. */
function installDriver() {
  const $ = (s) => document.querySelector(s);
  const button = (...labels) => [...document.querySelectorAll('button')].find((b) => labels.includes(b.textContent));
  const fire = (el, value, type) => {
    el.value = value;
    el.dispatchEvent(new Event(type, { bubbles: true }));
  };
  // An element's tag, and its tag with each attribute's name.
  const sig = (el, out) => {
    out.add(el.localName);
    for (const a of el.attributes) out.add(`${el.localName}@${a.name}`);
  };
  const added = new Set();
  const attributes = new Set();
  const note = (n) => {
    if (n.nodeType !== 1) return;
    sig(n, added);
    for (const d of n.querySelectorAll('*')) sig(d, added);
  };
  new MutationObserver((records) => {
    for (const r of records) {
      r.addedNodes.forEach(note);
      if (r.type === 'attributes') attributes.add(`${r.target.localName}@${r.attributeName}`);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
  window.__hits = [];
  for (const name of ['alert', 'confirm', 'prompt', 'print']) {
    window[name] = (...args) => {
      window.__hits.push(`${name}(${args.join(', ')})`);
      return name === 'confirm' ? false : null;
    };
  }
  const count = (el) => (el ? el.querySelectorAll('*').length : -1);
  const text = (s) => $(s)?.textContent ?? null;
  let dirty = true;
  window.__drive = {
    /** Runs the calls one after another; reports each, then what was seen. */
    runAll(calls) {
      const reports = calls.map((c) => this.run(c));
      return { reports, seen: this.seen(), hits: [...window.__hits], csp: [...window.__cspViolations] };
    },
    /** What the MutationObserver saw since the last call, and the document now. */
    seen() {
      // The body's elements: the head's script, style and meta elements
      // are the page's own and are never added to.
      const now = new Set();
      for (const el of document.body.querySelectorAll('*')) sig(el, now);
      const out = { added: [...added], attributes: [...attributes], now: [...now] };
      added.clear();
      attributes.clear();
      return out;
    },
    operator() {
      fire($('#role'), 'operator', 'change');
      return $('#role').value;
    },
    run(c) {
      // After a committed effect the ledger goes back to its fixtures, so
      // every call starts from them.
      if (dirty) button('Reset synthetic ledger').click();
      const initial = text('#ledger-json');
      fire($('#tool'), c.tool, 'change');
      if (c.toolName !== null) fire($('#tool-name'), c.toolName, 'input');
      fire($('#arguments'), c.json, 'input');
      const approve = $('#approve');
      const approvable = !approve.disabled;
      if (approvable) approve.click();
      const approved = button('Revoke approval') !== undefined;
      const requestBefore = text('#request');
      const next = button('Next gate');
      for (let i = 0; i < 7; i += 1) next.click();
      button('Capture baseline', 'Replace baseline').click();
      dirty = approved;
      const output = $('#output');
      const runs = $('.runs');
      const newest = runs.firstElementChild;
      return {
        role: $('#role').value,
        approvable,
        approved,
        initial,
        requestBefore,
        request: text('#request'),
        statuses: [...document.querySelectorAll('li[data-gate]')].map((li) => li.dataset.status),
        reason: text('li[data-gate="schema"] .gate-reason'),
        caption: text('#gate-caption'),
        // The shell hides the output with the `hidden` attribute (asking for
        // layout here would cost more than the call itself).
        outputShown: output.closest('[hidden]') === null,
        output: output.textContent,
        ledgerJson: text('#ledger-json'),
        ledgerView: text('.ledger-view'),
        baseline: text('.baseline'),
        newest: newest.textContent,
        // Elements per panel: the text panels hold none; the others are
        // compared with a harmless call of the same verdict.
        textPanels: ['#request', '#output', '#gate-caption', '#ledger-json', 'li[data-gate="schema"] .gate-reason'].map(
          (s) => `${s}: ${count($(s))}`,
        ),
        shape: {
          app: count($('#app')) - count(runs),
          newestRun: count(newest),
          ledgerView: count($('.ledger-view')),
          baseline: count($('.baseline')),
          gates: count($('li[data-gate]')?.parentElement),
        },
      };
    },
  };
}

/** Every string value anywhere inside `v`. */
function strings(v, out = []) {
  if (typeof v === 'string') out.push(v);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) strings(x, out);
  return out;
}

function withoutCounters(ledgerText) {
  const l = JSON.parse(ledgerText);
  delete l.counters;
  return l;
}

/** Checks one call's report `r` against its expectation `c`. */
function checkCall(c, r, p) {
  const where = `${c.tool}.${c.field} with ${JSON.stringify(p)}`;
  const toolLine = c.toolName ?? c.tool;
  const request = `tool: ${toolLine}\narguments:\n${c.json}`;
  assert.equal(r.role, 'operator', `${where}: still Operator`);
  assert.equal(r.requestBefore, request, `${where}: the request panel shows it literally`);
  assert.equal(r.request, request, `${where}: and still after the run`);
  assert.ok(r.baseline.includes(c.json), `${where}: the baseline shows the request literally`);
  for (const t of r.textPanels) assert.match(t, /: 0$/, `${where}: ${t} elements (text only)`);
  if (c.verdict === 'schema') {
    assert.equal(r.statuses[0], 'rejected', `${where}: rejected at the schema gate (${r.statuses})`);
    assert.deepEqual(r.statuses.slice(1), Array(6).fill('skipped'), where);
    assert.equal(r.approvable, false, `${where}: no approval offered`);
    if (c.reason) assert.equal(r.reason, c.reason, `${where}: the reason names the field and the bound`);
    else assert.ok(r.reason.includes(c.quoted), `${where}: the reason quotes the value: ${r.reason}`);
    assert.ok(r.caption.includes(c.reason ?? c.quoted), `${where}: so does the caption: ${r.caption}`);
    assert.equal(r.outputShown, false, `${where}: no returned output`);
    assert.deepEqual(withoutCounters(r.ledgerJson), withoutCounters(r.initial), `${where}: the ledger is unchanged`);
    if (c.toolName !== null) assert.ok(r.newest.includes(c.toolName), `${where}: the Runs log names the tool literally`);
    return;
  }
  assert.ok(!r.statuses.includes('rejected'), `${where}: no gate rejects (${r.statuses})`);
  assert.equal(r.statuses[5], 'passed', `${where}: execution passed`);
  assert.equal(r.approved, c.verdict === 'effect', `${where}: approved exactly when it is a mutation`);
  assert.equal(r.outputShown, true, `${where}: the output is shown`);
  assert.ok(strings(JSON.parse(r.output)).includes(c.value), `${where}: the output holds it as a string: ${r.output}`);
  assert.ok(r.newest.includes(r.output), `${where}: the newest Runs record shows the output literally`);
  if (c.verdict === 'effect') {
    assert.equal(c.stored(JSON.parse(r.ledgerJson)), c.value, `${where}: the ledger stored it literally`);
    const shown = c.viewAsJson ? JSON.stringify(c.value) : c.value;
    assert.ok(r.ledgerView.includes(shown), `${where}: the readable ledger shows it literally: ${r.ledgerView}`);
  } else {
    assert.deepEqual(withoutCounters(r.ledgerJson), withoutCounters(r.initial), `${where}: a read changes nothing`);
  }
}

test('fuzzdb XSS lists in every string field stay literal text', { timeout: 300_000 }, async () => {
  const { lines, empty, payloads } = corpus();
  const opened = await suite.open('?experiment=email', { initScript: recordCspViolations });
  const { page, requests, pageErrors } = opened;
  const dialogs = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    d.dismiss().catch(() => {});
  });
  await waitForGates(page);
  await openAllPanels(page);
  const url = page.url();
  let navigations = 0;
  page.on('framenavigated', () => {
    navigations += 1;
  });
  await page.evaluate(installDriver);
  assert.equal(await page.evaluate(() => window.__drive.operator()), 'operator');

  // Harmless text first: the page's own elements and attributes, and the
  // shape of every panel, for each field and verdict.
  const shapes = new Map();
  const allowed = new Set();
  const harmlessCalls = [];
  for (const f of FIELDS) {
    for (const shape of f.kind === 'text' ? ['valid', 'long', ...(f.singleLine ? ['control'] : [])] : [f.kind === 'tool' ? 'unknown tool' : 'value']) {
      const c = call(f, harmless(f, shape));
      assert.equal(c.shape, shape, `${f.tool}.${f.field}: harmless ${shape}`);
      harmlessCalls.push([f, c]);
    }
  }
  // `alert` before @example.test is a valid address: its harmless twin too.
  const toLocal = FIELDS[1];
  harmlessCalls.push([toLocal, call(toLocal, 'plain')]);
  for (const [f, c] of harmlessCalls) {
    const r = await page.evaluate((x) => window.__drive.run(x), { ...c, stored: undefined });
    checkCall(c, r, harmless(f, c.shape));
    shapes.set(`${f.tool}.${f.field}/${c.shape}`, r.shape);
    const seen = await page.evaluate(() => window.__drive.seen());
    for (const x of [...seen.added, ...seen.now, ...seen.attributes]) allowed.add(x);
  }
  const requestsAfterLoad = requests.length;

  let tried = 0;
  let rejected = 0;
  let accepted = 0;
  const started = Date.now();
  for (const p of payloads) {
    const calls = FIELDS.map((f) => call(f, p));
    const { reports, seen, hits, csp } = await page.evaluate(
      (xs) => window.__drive.runAll(xs),
      calls.map((c) => ({ ...c, stored: undefined })),
    );
    FIELDS.forEach((f, i) => {
      const [c, r] = [calls[i], reports[i]];
      tried += 1;
      checkCall(c, r, p);
      if (c.verdict === 'schema') rejected += 1;
      else accepted += 1;
      assert.deepEqual(
        r.shape,
        shapes.get(`${f.tool}.${f.field}/${c.shape}`),
        `${f.tool}.${f.field} with ${JSON.stringify(p)}: as many elements in every panel as with harmless text`,
      );
    });
    const s = { ...seen, hits };
    const where = `after ${JSON.stringify(p)}`;
    assert.deepEqual(s.added.filter((x) => !allowed.has(x)), [], `${where}: no element or attribute the page does not make`);
    assert.deepEqual(s.now.filter((x) => !allowed.has(x)), [], `${where}: none in the document`);
    assert.deepEqual(s.attributes.filter((x) => !allowed.has(x)), [], `${where}: no attribute set that the page does not set`);
    assert.deepEqual(s.hits, [], `${where}: no alert, confirm or prompt ran`);
    assert.deepEqual(csp, [], `${where}: nothing the page's CSP had to block`);
    assert.deepEqual(dialogs, [], `${where}: no dialog opened`);
    assert.deepEqual(requests.slice(requestsAfterLoad), [], `${where}: nothing fetched`);
    assert.equal(navigations, 0, `${where}: no navigation`);
    assert.equal(page.url(), url, where);
    assert.deepEqual(pageErrors, [], `${where}: no uncaught error`);
  }
  console.log(
    `fuzzdb XSS corpus: ${lines} lines, ${empty} empty, ${payloads.length} distinct payloads × ${FIELDS.length} fields: ` +
      `tried ${tried}, rejected ${rejected}, accepted ${accepted} (committed or read), ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  assert.equal(payloads.length, 338);
  assert.equal(tried, payloads.length * FIELDS.length);
  assert.equal(rejected + accepted, tried);
});
