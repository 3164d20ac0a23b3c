// The walkthroughs of SPEC 8, performed in the browser the way a person
// would: by role and accessible name (getByRole, fill, selectOption, click),
// and once more for the email walkthrough with the keyboard only (Tab,
// Shift+Tab, arrow keys, Enter, Space and typing — no mouse event at all).
// The email walkthrough runs in English and in Traditional Chinese: it is
// driven by a names table (locales.mjs: labels, buttons, options and how a
// caption names a gate), read from the language's catalogue.
//
// After every step the tests read what a learner reads: the seven gate rows
// (`li[data-gate]`, `data-status`, `.gate-reason`, `aria-current`), the
// caption (`#gate-caption`), the returned output (`#output`) and the ledger
// as JSON text (`#ledger-json`, parsed).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GATE_COUNT, e2eSuite, gateStatuses, openPanel, waitForGates } from './harness.mjs';
import { EN, ZH } from './locales.mjs';

const suite = e2eSuite();

/** The gate ids in order (SPEC 3). */
const GATES = ['schema', 'before-hook', 'role', 'approval', 'idempotency', 'execution', 'after-hook'];

const NOTES = '/workspace/notes.txt';
const REPORT = '/workspace/report.txt';
const LEARNER = 'learner@example.test';

// ---------------------------------------------------------------------------
// Reading the page.

/** The ledger, parsed from `#ledger-json`. */
async function ledger(page) {
  const text = await page.locator('#ledger-json').textContent();
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`#ledger-json is not JSON (${e.message}): ${text}`);
  }
}

/** `{ gate: status }` of the seven rows. */
async function statusMap(page) {
  const list = await gateStatuses(page);
  assert.equal(list.length, GATE_COUNT, 'seven gate rows');
  return Object.fromEntries(GATES.map((g, i) => [g, list[i]]));
}

/** The `.gate-reason` text of one gate row. */
function gateReason(page, gate) {
  return page.locator(`li[data-gate="${gate}"] .gate-reason`).textContent();
}

function caption(page) {
  return page.locator('#gate-caption').textContent();
}

/** The gates that carry `aria-current="step"`. */
function currentGates(page) {
  return page.$$eval('li[data-gate][aria-current="step"]', (lis) => lis.map((li) => li.dataset.gate));
}

/** The returned output: null while `#output` is hidden, else its literal text. */
async function output(page) {
  const out = page.locator('#output');
  if (await out.isHidden()) return null;
  return out.textContent();
}

/** The returned output parsed as JSON (it must be shown). */
async function outputJson(page) {
  const text = await output(page);
  assert.notEqual(text, null, '#output is shown after the run');
  return JSON.parse(text);
}

/** Everything in the ledger but its counters. */
function contents(l) {
  const { counters: _ignored, ...rest } = l;
  return rest;
}

// The helpers below take the names table `N` of the page's language (English unless given).

function approveButton(page, N = EN) {
  return page.getByRole('button', { name: N.buttons.approve, exact: true });
}
function revokeButton(page, N = EN) {
  return page.getByRole('button', { name: N.buttons.revoke, exact: true });
}
function nextButton(page, N = EN) {
  return page.getByRole('button', { name: N.buttons.nextGate, exact: true });
}

/** Asserts the approval toggle reads `Approve exact payload` (not approved). */
async function assertNotApproved(page, why, N = EN) {
  assert.equal(await approveButton(page, N).count(), 1, `${why}: the button reads ${N.buttons.approve}`);
  assert.equal(await revokeButton(page, N).count(), 0, `${why}: no ${N.buttons.revoke}`);
  assert.equal(await approveButton(page, N).getAttribute('data-approved'), 'false', `${why}: data-approved false`);
}

/** Asserts the approval toggle reads `Revoke approval` (approved). */
async function assertApproved(page, why, N = EN) {
  assert.equal(await revokeButton(page, N).count(), 1, `${why}: the button reads ${N.buttons.revoke}`);
  assert.equal(await approveButton(page, N).count(), 0, `${why}: no ${N.buttons.approve}`);
  assert.equal(await revokeButton(page, N).getAttribute('data-approved'), 'true', `${why}: data-approved true`);
}

/** Inspection stands at gate 1: every row pending, gate 1 current, no output. */
async function assertAtGateOne(page, why, N = EN) {
  assert.deepEqual(await gateStatuses(page), Array(GATE_COUNT).fill('pending'), `${why}: every gate pending`);
  assert.deepEqual(await currentGates(page), ['schema'], `${why}: gate 1 under inspection`);
  assert.equal(await output(page), null, `${why}: no output before the final stage`);
  assert.ok(await nextButton(page, N).isEnabled(), `${why}: ${N.buttons.nextGate} enabled`);
}

/**
 * Asserts a finished run rejected at `gate`: earlier gates passed or not
 * needed, later ones skipped, no output, Next gate disabled, and a caption
 * that says the run was rejected at that gate, in the words of `N`.
 */
async function assertRejectedAt(page, gate, why, N = EN) {
  const s = await statusMap(page);
  const at = GATES.indexOf(gate);
  GATES.forEach((g, i) => {
    if (i < at) assert.ok(['passed', 'not-needed'].includes(s[g]), `${why}: ${g} passed or not needed, got ${s[g]}`);
    else if (i === at) assert.equal(s[g], 'rejected', `${why}: ${g} rejected (${JSON.stringify(s)})`);
    else assert.equal(s[g], 'skipped', `${why}: ${g} skipped after the ${gate} gate`);
  });
  assert.equal(await output(page), null, `${why}: no returned output for a rejected call`);
  const cap = await caption(page);
  assert.match(cap, N.captions.rejectedAt(gate), `${why}: the caption says the call was rejected at the ${gate} gate: ${cap}`);
  assert.deepEqual(await currentGates(page), [], `${why}: no gate under inspection after the run`);
  assert.ok(await nextButton(page, N).isDisabled(), `${why}: ${N.buttons.nextGate} disabled after the run`);
}

/** Asserts a finished run with no rejection, with `expected` statuses where given. */
async function assertAccepted(page, expected, why, N = EN) {
  const s = await statusMap(page);
  for (const g of GATES) {
    assert.ok(['passed', 'not-needed'].includes(s[g]), `${why}: ${g} passed or not needed, got ${s[g]}`);
  }
  for (const [g, v] of Object.entries(expected)) assert.equal(s[g], v, `${why}: ${g}`);
  assert.notEqual(await output(page), null, `${why}: the output is shown`);
  assert.deepEqual(await currentGates(page), [], `${why}: no gate under inspection after the run`);
  assert.ok(await nextButton(page, N).isDisabled(), `${why}: ${N.buttons.nextGate} disabled after the run`);
}

// ---------------------------------------------------------------------------
// Keyboard only.

/** A short description of the focused element, for failure messages. */
function describeFocus(page) {
  return page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'body';
    const label = a.labels?.[0]?.textContent || a.getAttribute('aria-label') || a.textContent || '';
    return `${a.tagName.toLowerCase()}${a.id ? `#${a.id}` : ''} "${label.trim().slice(0, 30)}"`;
  });
}

/**
 * Presses Tab (or Shift+Tab, when the target lies before the focused element
 * in the document) until `locator` has the focus. Fails clearly after `max`
 * presses, listing where the focus went: an element Tab cannot reach is not
 * operable by keyboard.
 */
async function tabToFocus(page, locator, { max = 60 } = {}) {
  assert.equal(await locator.count(), 1, `tabToFocus: ${locator} must match exactly one element`);
  const trail = [];
  for (let presses = 0; presses <= max; presses += 1) {
    const where = await locator.evaluate((el) => {
      const a = document.activeElement;
      if (a === el) return 'here';
      if (!a || a === document.body || a === document.documentElement) return 'forward';
      return a.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING ? 'back' : 'forward';
    });
    if (where === 'here') return presses;
    if (presses === max) break;
    await page.keyboard.press(where === 'back' ? 'Shift+Tab' : 'Tab');
    trail.push(await describeFocus(page));
  }
  const state = await locator.evaluate((el) => (el.disabled ? 'disabled' : 'enabled'));
  throw new Error(
    `tabTo: ${max} Tab/Shift+Tab presses did not focus ${locator} (${state}); focus went: ${trail.join(' → ')}`,
  );
}

/**
 * Records the kinds of input event the page receives from now on, so that the
 * keyboard walkthrough can assert no mouse or pointer event reached it.
 */
async function recordInputKinds(page) {
  await page.evaluate(() => {
    window.__inputKinds = new Set();
    for (const type of ['mousedown', 'mouseup', 'click', 'pointerdown', 'keydown']) {
      window.addEventListener(
        type,
        (e) => {
          // A click synthesised by Enter/Space on a button has detail 0 and no pointer.
          if (type === 'click' && e.detail === 0) return;
          window.__inputKinds.add(type);
        },
        true,
      );
    }
  });
}
/** The input event kinds recorded since `recordInputKinds`. */
function inputKinds(page) {
  return page.evaluate(() => [...window.__inputKinds].sort());
}

// ---------------------------------------------------------------------------
// Two ways of operating the same controls.

/** The mouse way: Playwright's click, fill and selectOption; `N` names the controls' language. */
function mouseDriver(page, N = EN) {
  return {
    kind: 'mouse',
    names: N,
    async select(name, label) {
      await page.getByRole('combobox', { name, exact: true }).selectOption({ label });
    },
    async press(name) {
      await page.getByRole('button', { name, exact: true }).click();
    },
    async fill(name, text) {
      await page.getByRole('textbox', { name, exact: true }).fill(text);
    },
  };
}

/**
 * The keyboard way: Tab to the control, then keys only. With `shortcuts`,
 * Next gate is the page's `n` key (pressed outside a text field). Every key
 * pressed is counted in `presses` (a typed text counts one per character).
 */
function keyboardDriver(page, N = EN, { shortcuts = false } = {}) {
  const count = { presses: 0, typed: 0 };
  const keyboard = {
    press: (key) => {
      count.presses += 1;
      return page.keyboard.press(key);
    },
    type: (text) => {
      count.presses += [...text].length;
      count.typed += [...text].length;
      return page.keyboard.type(text);
    },
  };
  const tabTo = async (locator) => {
    const n = await tabToFocus(page, locator);
    count.presses += n;
  };
  return {
    kind: 'keyboard',
    names: N,
    shortcuts,
    get presses() {
      return count.presses;
    },
    get typed() {
      return count.typed;
    },
    /** Moves a focused closed select with ArrowDown/ArrowUp, one option at a time. */
    async select(name, label) {
      const sel = page.getByRole('combobox', { name, exact: true });
      await tabTo(sel);
      let moved = 0;
      for (let i = 0; i < 12; i += 1) {
        const { current, target } = await sel.evaluate(
          (s, want) => ({
            current: s.selectedIndex,
            target: [...s.options].findIndex((o) => o.label === want),
          }),
          label,
        );
        assert.ok(target >= 0, `the ${name} select has an option ${label}`);
        // The Tool and Example selects load when chosen: Enter.
        if (current === target) return moved > 0 ? keyboard.press('Enter') : undefined;
        await keyboard.press(target > current ? 'ArrowDown' : 'ArrowUp');
        moved += 1;
        const now = await sel.evaluate((s) => s.selectedIndex);
        assert.notEqual(now, current, `an arrow key moved the focused ${name} select towards ${label}`);
      }
      assert.fail(`the ${name} select never reached ${label} by arrow keys`);
    },
    /** Enter on buttons (Space for Next gate, so both activation keys are used). */
    async press(name) {
      if (shortcuts && name === N.buttons.nextGate) {
        // The page's keys are inactive while typing: leave the field first.
        const typing = () =>
          page.evaluate(() => {
            const a = document.activeElement;
            return /^(TEXTAREA|SELECT)$/.test(a?.tagName ?? '') || (a?.tagName === 'INPUT' && a.type === 'text');
          });
        while (await typing()) {
          await keyboard.press('Tab');
        }
        await keyboard.press('n');
        return;
      }
      await tabTo(page.getByRole('button', { name, exact: true }));
      await keyboard.press(name === N.buttons.nextGate ? 'Space' : 'Enter');
    },
    /** Select all the text of the focused field and type the replacement. */
    async fill(name, text) {
      await tabTo(page.getByRole('textbox', { name, exact: true }));
      await keyboard.press('ControlOrMeta+A');
      await keyboard.press('Delete');
      await keyboard.type(text);
      assert.equal(
        await page.getByRole('textbox', { name, exact: true }).inputValue(),
        text,
        `typing filled the ${name} field`,
      );
    },
  };
}

/**
 * Presses Next gate seven times, checking before each press that the gate it
 * completes is the one under inspection (`aria-current="step"`) and, when
 * given, `during(press)` after each of the first six presses.
 */
async function finishRun(page, drv, { during } = {}) {
  const N = drv.names;
  for (let press = 1; press <= GATE_COUNT; press += 1) {
    const gate = GATES[press - 1];
    assert.deepEqual(await currentGates(page), [gate], `before press ${press}: ${gate} is under inspection`);
    const cap = await caption(page);
    assert.match(cap, N.captions.at(gate), `before press ${press}: the caption names ${gate}, under inspection: ${cap}`);
    assert.equal(
      await page.locator(`li[data-gate="${gate}"]`).getAttribute('data-status'),
      'pending',
      `the gate under inspection (${gate}) is still pending`,
    );
    await drv.press(N.buttons.nextGate);
    if (press < GATE_COUNT) {
      assert.deepEqual(await currentGates(page), [GATES[press]], `after press ${press}: the next gate is current`);
      assert.notEqual(
        await page.locator(`li[data-gate="${gate}"]`).getAttribute('data-status'),
        'pending',
        `after press ${press}: ${gate} shows its verdict`,
      );
      if (during) await during(press);
    }
  }
}

// ---------------------------------------------------------------------------
// 1. Filesystem.

const read = (path) => JSON.stringify({ operation: 'read', path }, null, 2);
const write = (path, content) => JSON.stringify({ operation: 'write', path, content }, null, 2);

const TRAVERSALS = [
  '../../private.txt',
  '/workspace/../private.txt',
  '/workspace/secrets.txt',
  '\\workspace\\notes.txt',
  '/workspace/notes.txt/',
  '/WORKSPACE/notes.txt',
  '/workspace/notes%2Etxt',
];

test('SPEC 8 filesystem walkthrough, by mouse', { timeout: 120_000 }, async () => {
  const { page, pageErrors } = await suite.open('?experiment=filesystem');
  await waitForGates(page);
  const drv = mouseDriver(page);
  const tool = page.getByRole('combobox', { name: 'Tool', exact: true });
  const role = page.getByRole('combobox', { name: 'Role', exact: true });
  const args = page.getByRole('textbox', { name: 'Arguments JSON', exact: true });

  // It opens on a read of notes.txt, as Viewer, paused at gate 1.
  assert.equal(await tool.inputValue(), 'files');
  assert.equal(await role.inputValue(), 'viewer');
  assert.deepEqual(JSON.parse(await args.inputValue()), { operation: 'read', path: NOTES });
  await assertAtGateOne(page, 'on load');
  const atLoad = await ledger(page);
  const filesAtLoad = atLoad.files;
  assert.deepEqual(Object.keys(filesAtLoad).sort(), [NOTES, REPORT], 'exactly the two virtual files');
  assert.match(filesAtLoad[NOTES], /Original notes/);
  assert.ok(await approveButton(page).isDisabled(), 'a read offers no approval');

  // Read as Viewer: the output contains Original notes.
  await finishRun(page, drv);
  await assertAccepted(page, { approval: 'not-needed', role: 'passed', execution: 'passed' }, 'read as Viewer');
  const readOut = await output(page);
  assert.match(readOut, /Original notes/, 'the read returns Original notes');
  assert.equal((await outputJson(page)).path, NOTES);
  assert.deepEqual((await ledger(page)).files, filesAtLoad, 'a read changes no file');

  // The same path as a write: the role gate rejects Viewer; both files unchanged.
  const newText = 'Revised notes: written by the operator after review.';
  await drv.fill('Arguments JSON', write(NOTES, newText));
  await assertAtGateOne(page, 'after editing to a write');
  assert.ok(await approveButton(page).isEnabled(), 'a valid write can be approved');
  await finishRun(page, drv);
  await assertRejectedAt(page, 'role', 'write as Viewer');
  assert.match(await gateReason(page, 'role'), /Viewer/, 'the role reason names Viewer');
  assert.deepEqual((await ledger(page)).files, filesAtLoad, 'Viewer write: both files unchanged');

  // Operator with approval: unchanged through six presses, changed after the seventh.
  await drv.select('Role', 'Operator');
  assert.equal(await role.inputValue(), 'operator');
  await assertAtGateOne(page, 'after choosing Operator');
  await drv.press('Approve exact payload');
  await assertApproved(page, 'after approving the write');
  await assertAtGateOne(page, 'after approving');
  await finishRun(page, drv, {
    during: async (press) => {
      const l = await ledger(page);
      assert.deepEqual(l.files, filesAtLoad, `after Next gate press ${press}: both files unchanged`);
      assert.equal(l.counters.effects_committed, 0, `after press ${press}: no effect committed`);
      assert.equal(await output(page), null, `after press ${press}: no output yet`);
    },
  });
  await assertAccepted(
    page,
    { schema: 'passed', role: 'passed', approval: 'passed', idempotency: 'passed', execution: 'passed' },
    'approved write as Operator',
  );
  const afterWrite = await ledger(page);
  assert.equal(afterWrite.files[NOTES], newText, 'after the seventh press notes.txt holds the new text');
  assert.equal(afterWrite.files[REPORT], filesAtLoad[REPORT], 'report.txt unchanged');
  assert.equal(afterWrite.counters.effects_committed, 1);

  // Read it back as Viewer: the output shows the new text.
  await drv.fill('Arguments JSON', read(NOTES));
  await drv.select('Role', 'Viewer');
  assert.equal(await role.inputValue(), 'viewer');
  await assertNotApproved(page, 'after the edits');
  await finishRun(page, drv);
  await assertAccepted(page, { approval: 'not-needed' }, 'read back as Viewer');
  const back = await output(page);
  assert.ok(back.includes(newText), `the read-back shows the new text: ${back}`);
  assert.doesNotMatch(back, /Original notes/, 'the old text is gone');
  assert.deepEqual((await ledger(page)).files, afterWrite.files, 'reading back changes nothing');

  // Every traversal spelling fails at the schema gate, as a read by Viewer and
  // as a write by Operator, and leaves both files unchanged.
  for (const path of TRAVERSALS) {
    for (const [roleLabel, text] of [
      ['Viewer', read(path)],
      ['Operator', write(path, 'Overwritten through a traversal.')],
    ]) {
      const why = `${roleLabel} ${text.includes('"write"') ? 'write' : 'read'} of ${JSON.stringify(path)}`;
      await drv.select('Role', roleLabel);
      await drv.fill('Arguments JSON', text);
      assert.equal(JSON.parse(await args.inputValue()).path, path, `${why}: the editor holds the spelling`);
      await assertAtGateOne(page, why);
      assert.ok(await approveButton(page).isDisabled(), `${why}: nothing valid to approve`);
      const before = await ledger(page);
      await finishRun(page, drv);
      await assertRejectedAt(page, 'schema', why);
      assert.match(await gateReason(page, 'schema'), /path/, `${why}: the schema reason names the path field`);
      const l = await ledger(page);
      assert.deepEqual(l.files, afterWrite.files, `${why}: both files unchanged`);
      assert.deepEqual(Object.keys(l.files).sort(), [NOTES, REPORT], `${why}: still exactly two files`);
      assert.equal(l.counters.rejections.schema, before.counters.rejections.schema + 1, `${why}: one schema rejection`);
      assert.equal(l.counters.effects_committed, 1, `${why}: no effect`);
    }
  }
  assert.deepEqual(pageErrors, [], 'no uncaught error');
});

// ---------------------------------------------------------------------------
// 2. Email, by mouse and by keyboard.

/**
 * The email walkthrough of SPEC 8 in the language of the names table `N`
 * (EN, ZH), through `makeDriver(page, N)`.
 */
async function emailWalkthrough(makeDriver, N) {
  const { page, pageErrors } = await suite.open(N.at('?experiment=email'));
  await waitForGates(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), N.tag, `the page is in ${N.self}`);
  const drv = makeDriver(page, N);
  if (drv.kind === 'keyboard') await recordInputKinds(page);
  const role = page.getByRole('combobox', { name: N.labels.role, exact: true });
  const hook = page.getByRole('combobox', { name: N.labels.hook, exact: true });
  const args = page.getByRole('textbox', { name: N.labels.args, exact: true });
  const key = page.getByRole('textbox', { name: N.labels.key, exact: true });

  assert.equal(await page.getByRole('combobox', { name: N.labels.tool, exact: true }).inputValue(), 'email');
  assert.equal(await role.inputValue(), 'viewer');
  assert.equal(await key.inputValue(), 'intent-1');
  assert.equal(JSON.parse(await args.inputValue()).to, LEARNER);
  await assertAtGateOne(page, 'on load', N);
  assert.deepEqual((await ledger(page)).outbox, [], 'the outbox starts empty');
  assert.equal(await page.locator('#gate-caption').getAttribute('role'), 'status', 'the caption is a live status region');

  // Viewer: the role gate rejects, the outbox stays empty.
  await finishRun(page, drv, {
    during: async (press) => assert.deepEqual((await ledger(page)).outbox, [], `Viewer, press ${press}: outbox empty`),
  });
  await assertRejectedAt(page, 'role', 'Viewer send', N);
  assert.deepEqual((await ledger(page)).outbox, [], 'Viewer: outbox empty');
  assert.equal((await ledger(page)).counters.rejections.role, 1);

  // Operator: the approval gate rejects.
  await drv.select(N.labels.role, N.options.operator);
  assert.equal(await role.inputValue(), 'operator');
  await assertAtGateOne(page, 'after choosing Operator', N);
  await assertNotApproved(page, 'Operator, before approving', N);
  await finishRun(page, drv);
  await assertRejectedAt(page, 'approval', 'Operator without approval', N);
  assert.deepEqual((await ledger(page)).outbox, [], 'no approval: outbox empty');

  // Approve: email-1 for learner@example.test, only after the final gate.
  await drv.press(N.buttons.approve);
  await assertApproved(page, 'after approving', N);
  await assertAtGateOne(page, 'after approving', N);
  await finishRun(page, drv, {
    during: async (press) => {
      assert.deepEqual((await ledger(page)).outbox, [], `approved, press ${press}: outbox still empty`);
      assert.equal(await output(page), null, `approved, press ${press}: no output yet`);
    },
  });
  await assertAccepted(page, { approval: 'passed', idempotency: 'passed', execution: 'passed' }, 'approved send', N);
  let l = await ledger(page);
  assert.equal(l.outbox.length, 1, 'one message');
  assert.equal(l.outbox[0].id, 'email-1');
  assert.equal(l.outbox[0].to, LEARNER);
  assert.equal((await outputJson(page)).id, 'email-1', 'the output names email-1');
  assert.equal(l.counters.effects_committed, 1);
  const firstSubject = l.outbox[0].subject;

  // Restart and finish again with the same key: still one message, receipt reused.
  await drv.press(N.buttons.restart);
  await assertAtGateOne(page, 'after Restart inspection', N);
  await assertApproved(page, 'Restart keeps the approval', N);
  assert.equal(await key.inputValue(), 'intent-1');
  await finishRun(page, drv);
  await assertAccepted(page, { approval: 'passed', idempotency: 'passed' }, 'same key again', N);
  l = await ledger(page);
  assert.equal(l.outbox.length, 1, 'still one message');
  assert.equal(l.counters.receipts_reused, 1, 'the receipt was reused');
  assert.equal(l.counters.effects_committed, 1, 'no new effect');
  assert.equal((await outputJson(page)).id, 'email-1', 'the stored output is returned again');

  // Edit the subject: approval cleared.
  const edited = JSON.parse(await args.inputValue());
  assert.equal(edited.subject, firstSubject);
  edited.subject = `${firstSubject}, revised`;
  await drv.fill(N.labels.args, JSON.stringify(edited, null, 2));
  await assertNotApproved(page, 'after editing the subject', N);
  await assertAtGateOne(page, 'after editing the subject', N);

  // Approve again keeping intent-1: the idempotency gate rejects.
  await drv.press(N.buttons.approve);
  await assertApproved(page, 'approved the edited payload', N);
  assert.equal(await key.inputValue(), 'intent-1');
  await finishRun(page, drv);
  await assertRejectedAt(page, 'idempotency', 'intent-1 with a different payload', N);
  l = await ledger(page);
  assert.equal(l.outbox.length, 1, 'idempotency rejection: still one message');
  assert.equal(l.counters.rejections.idempotency, 1);

  // Key intent-2, approve: two messages.
  await drv.fill(N.labels.key, 'intent-2');
  assert.equal(await key.inputValue(), 'intent-2');
  await assertNotApproved(page, 'a new key clears approval', N);
  await drv.press(N.buttons.approve);
  await assertApproved(page, 'approved under intent-2', N);
  await finishRun(page, drv);
  await assertAccepted(page, { approval: 'passed', idempotency: 'passed', execution: 'passed' }, 'intent-2', N);
  l = await ledger(page);
  assert.equal(l.outbox.length, 2, 'two messages');
  assert.equal(l.outbox[1].id, 'email-2');
  assert.equal(l.outbox[1].subject, edited.subject);
  assert.equal(l.outbox[0].subject, firstSubject, 'the first message is untouched');

  // Redact hook, new key, approve: the returned recipient is redacted, the ledger keeps it.
  await drv.select(N.labels.hook, N.options.redactOutput);
  assert.equal(await hook.inputValue(), 'redact-output', 'the Redact output hook is chosen');
  await drv.fill(N.labels.key, 'intent-3');
  await assertNotApproved(page, 'after the hook and key changes', N);
  await drv.press(N.buttons.approve);
  await assertApproved(page, 'approved under intent-3 with redaction', N);
  await finishRun(page, drv);
  await assertAccepted(page, { approval: 'passed', execution: 'passed', 'after-hook': 'passed' }, 'redacted send', N);
  const redacted = await output(page);
  assert.ok(redacted.includes('"to": "[redacted]"'), `#output shows "to": "[redacted]": ${redacted}`);
  assert.ok(!redacted.includes(LEARNER), 'the returned output does not show the address');
  l = await ledger(page);
  assert.equal(l.outbox.length, 3);
  assert.equal(l.outbox[2].id, 'email-3');
  assert.equal(l.outbox[2].to, LEARNER, 'the ledger keeps learner@example.test');
  assert.ok(JSON.stringify(l.receipts).includes(LEARNER), 'the stored receipts keep the address');
  assert.ok(!JSON.stringify(l).includes('[redacted]'), 'nothing in the ledger is redacted');

  // Boundary example: outside.test rejected at the schema gate, before execution.
  await drv.select(N.labels.example, N.options.boundary);
  const boundary = JSON.parse(await args.inputValue());
  assert.match(boundary.to, /@outside\.test$/, 'the boundary example sends to outside.test');
  await assertAtGateOne(page, 'after loading the boundary example', N);
  assert.ok(await approveButton(page, N).isDisabled(), 'nothing valid to approve');
  await finishRun(page, drv);
  await assertRejectedAt(page, 'schema', 'outside.test', N);
  assert.equal(await statusMap(page).then((s) => s.execution), 'skipped', 'execution never ran');
  assert.match(await gateReason(page, 'schema'), /example\.test/, 'the reason names the allowed domain');
  l = await ledger(page);
  assert.equal(l.outbox.length, 3, 'still three messages');
  assert.ok(!JSON.stringify(l).includes('outside.test'), 'outside.test never reached the ledger');

  if (drv.kind === 'keyboard') {
    assert.deepEqual(await inputKinds(page), ['keydown'], 'only keyboard events reached the page');
    // The figure docs/figures.md records (a count, not a timing).
    console.log(
      `email walkthrough by keyboard${drv.shortcuts ? " with the page's keys" : ''}: ${drv.presses} key presses ` +
        `(${drv.presses - drv.typed} to move and act, ${drv.typed} typed characters)`,
    );
  }
  assert.deepEqual(pageErrors, [], 'no uncaught error');
}

test('SPEC 8 email walkthrough, by mouse', { timeout: 120_000 }, () => emailWalkthrough(mouseDriver, EN));

test('SPEC 8 email walkthrough, by keyboard only', { timeout: 180_000 }, () => emailWalkthrough(keyboardDriver, EN));
test('SPEC 8 email walkthrough, by keyboard only with the page\'s keys (n for Next gate)', { timeout: 180_000 }, () =>
  emailWalkthrough((page, N) => keyboardDriver(page, N, { shortcuts: true }), EN),
);

test('SPEC 8 email walkthrough in Traditional Chinese (?lang=zh-TW), by mouse', { timeout: 120_000 }, () =>
  emailWalkthrough(mouseDriver, ZH));

// ---------------------------------------------------------------------------
// 3. Registry.

describe('SPEC 8 registry walkthrough, by mouse', () => {
  test('shell.exec fails at the first gate before any tool runs', { timeout: 60_000 }, async () => {
    const { page } = await suite.open('?experiment=registry');
    await waitForGates(page);
    const drv = mouseDriver(page);
    const before = await ledger(page);
    await drv.fill('Tool name', 'shell.exec');
    assert.equal(await page.getByRole('textbox', { name: 'Tool name', exact: true }).inputValue(), 'shell.exec');
    assert.equal(await page.getByRole('combobox', { name: 'Tool', exact: true }).inputValue(), '', 'no fixture tool selected');
    assert.ok(await approveButton(page).isDisabled(), 'nothing to approve for an unknown tool');
    await assertAtGateOne(page, 'after typing shell.exec');
    await finishRun(page, drv);
    assert.deepEqual(
      await statusMap(page),
      Object.fromEntries(GATES.map((g) => [g, g === 'schema' ? 'rejected' : 'skipped'])),
      'schema rejected, the other six skipped',
    );
    await assertRejectedAt(page, 'schema', 'shell.exec');
    assert.match(await gateReason(page, 'schema'), /shell\.exec/, 'the reason names the unknown tool');
    const after = await ledger(page);
    assert.deepEqual(contents(after), contents(before), 'the ledger is unchanged');
    assert.equal(after.counters.effects_committed, before.counters.effects_committed);
    assert.equal(after.counters.receipts_reused, before.counters.receipts_reused);
    assert.equal(after.counters.rejections.schema, before.counters.rejections.schema + 1);
  });

  test('a calendar call without start says Missing start', { timeout: 60_000 }, async () => {
    const { page } = await suite.open('?experiment=registry');
    await waitForGates(page);
    const drv = mouseDriver(page);
    const args = page.getByRole('textbox', { name: 'Arguments JSON', exact: true });
    await drv.select('Tool', 'Calendar');
    assert.equal(await page.getByRole('combobox', { name: 'Tool', exact: true }).inputValue(), 'calendar');
    const call = JSON.parse(await args.inputValue());
    assert.ok('start' in call, 'the calendar example has a start');
    delete call.start;
    await drv.fill('Arguments JSON', JSON.stringify(call, null, 2));
    await drv.select('Role', 'Operator');
    const before = await ledger(page);
    await finishRun(page, drv);
    await assertRejectedAt(page, 'schema', 'calendar without start');
    assert.equal(await gateReason(page, 'schema'), 'Missing start');
    assert.deepEqual((await ledger(page)).schedule, before.schedule, 'nothing was planned into the schedule');
  });

  test('a read runs without approval; a send needs approval', { timeout: 60_000 }, async () => {
    const { page } = await suite.open('?experiment=registry');
    await waitForGates(page);
    const drv = mouseDriver(page);
    const start = await ledger(page);

    // A read (Search) as Viewer: approval not needed, the button disabled.
    await drv.select('Tool', 'Search');
    assert.equal(await page.getByRole('combobox', { name: 'Tool', exact: true }).inputValue(), 'search');
    assert.ok(await approveButton(page).isDisabled(), 'approval is not offered for a read');
    await finishRun(page, drv);
    await assertAccepted(page, { approval: 'not-needed', execution: 'passed' }, 'search as Viewer');
    assert.ok((await output(page)).length > 0, 'the search returned its output');
    assert.deepEqual(contents(await ledger(page)), contents(start), 'a read changes nothing');

    // A send (Email) as Operator: rejected at approval until approved.
    await drv.select('Tool', 'Email');
    await drv.select('Role', 'Operator');
    assert.ok(await approveButton(page).isEnabled(), 'approval is offered for a send');
    await finishRun(page, drv);
    await assertRejectedAt(page, 'approval', 'send without approval');
    assert.deepEqual((await ledger(page)).outbox, []);
    await drv.press('Approve exact payload');
    await assertApproved(page, 'approved send');
    await finishRun(page, drv);
    await assertAccepted(page, { approval: 'passed', execution: 'passed' }, 'approved send');
    const l = await ledger(page);
    assert.equal(l.outbox.length, 1);
    assert.equal(l.outbox[0].id, 'email-1');
  });

  test('the Policy by risk table refuses delete and share for every role', { timeout: 60_000 }, async () => {
    const { page } = await suite.open('?experiment=registry');
    await waitForGates(page);
    await openPanel(page, 'policy');
    const table = page.getByRole('group', { name: 'Policy by risk' }).getByRole('table');
    assert.equal(await table.count(), 1, 'one table in the Policy by risk section');
    const rows = await table.getByRole('row').evaluateAll((trs) =>
      trs.map((tr) => [...tr.cells].map((c) => c.textContent.trim())),
    );
    const byRisk = Object.fromEntries(rows.slice(1).map(([risk, ...rest]) => [risk, rest]));
    assert.deepEqual(Object.keys(byRisk), ['read', 'draft', 'write', 'send', 'delete', 'share'], 'one row per risk');
    // Only the registry experiment's own two tools carry these risks.
    for (const [risk, tool] of [['delete', 'files.delete'], ['share', 'files.share']]) {
      const [rule, tools] = byRisk[risk];
      assert.match(rule, /refused/i, `${risk} is refused`);
      assert.match(rule, /every role/i, `${risk} is refused for every role`);
      assert.equal(tools, tool, `only ${tool} can ${risk}`);
    }
    for (const risk of ['read', 'draft']) {
      assert.match(byRisk[risk][0], /without approval/i, `${risk} runs without approval`);
      assert.doesNotMatch(byRisk[risk][0], /refused/i);
    }
    for (const risk of ['write', 'send']) {
      assert.match(byRisk[risk][0], /approval/i, `${risk} needs approval`);
      assert.doesNotMatch(byRisk[risk][0], /without approval|refused/i);
    }
    assert.match(byRisk.send[1], /\bemail\b/, 'email is the send tool');
  });
});
