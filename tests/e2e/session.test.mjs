// A learner's whole session stays on the page's origin (SPEC 1: "no
// network"; it "runs offline from any static host"), plus the behaviours
// around a session: the list shown for an unknown experiment (SPEC 7),
// playback's timeline and pausing on a hidden tab (SPEC 5), and notes that
// persist per experiment and survive a storage failure (SPEC 6).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  EXPERIMENTS,
  GATE_COUNT,
  GATE_IDS,
  currentGateIds,
  e2eSuite,
  foreignRequests,
  gateStatuses,
  ledgerJson,
  nextGates,
  openAllPanels,
  waitForGates,
} from './harness.mjs';

const suite = e2eSuite();

const EXAMPLES = ['Valid request', 'Malformed JSON', 'Boundary violation'];

const playToggle = (page) => page.getByRole('button', { name: /^(Play run|Pause)$/ });
const caption = (page) => page.locator('#gate-caption').textContent();
const notesBox = (page) => page.getByRole('textbox', { name: 'Notes' });
const notesStatus = (page) => page.getByRole('group', { name: 'Notes' }).getByRole('status');

/** The text of a download. */
async function readDownload(download) {
  const stream = await download.createReadStream();
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** Makes the page believe its tab was hidden, as a browser does. */
function hideTab(page) {
  return page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** Asserts everything `opened` fetched came from the page's own origin (blob: and data: included). */
function assertStayedHome(opened, where) {
  const origin = new URL(suite.url).origin;
  assert.ok(opened.requests.length > 0, 'requests were recorded');
  assert.deepEqual(foreignRequests(opened.requests, origin), [], `no request left ${origin} ${where}`);
  assert.ok(
    opened.requests.every((u) => /^(https?:|blob:|data:)/.test(u)),
    `only http(s), blob: and data: URLs ${where}: ${opened.requests.filter((u) => !/^(https?:|blob:|data:)/.test(u))}`,
  );
  assert.deepEqual(opened.failedResponses, [], `every request answered ${where}`);
  assert.deepEqual(opened.pageErrors, [], `no uncaught error ${where}`);
  assert.deepEqual(opened.consoleErrors, [], `nothing logged as error or warning ${where}`);
}

test('a full session over all seven experiments makes no request outside the page origin', { timeout: 180_000 }, async () => {
  const opened = await suite.open('');
  const { page } = opened;
  await waitForGates(page);
  await openAllPanels(page);
  const titles = new Set();

  // Every experiment, every example, each inspected to the end.
  for (const id of EXPERIMENTS) {
    await page.goto(new URL(`?experiment=${id}`, suite.url).href);
    await waitForGates(page);
    await openAllPanels(page);
    const title = (await page.getByRole('heading', { level: 1 }).textContent()).trim();
    assert.ok(title.length > 0, `${id}: the experiment has a title`);
    titles.add(title);

    const example = page.getByRole('combobox', { name: 'Example' });
    const args = page.getByRole('textbox', { name: 'Arguments JSON' });
    const loaded = new Set();
    for (const label of EXAMPLES) {
      await example.selectOption({ label });
      const text = await args.inputValue();
      assert.ok(text.trim().length > 0, `${id} / ${label}: the editor holds the example`);
      loaded.add(text);
      assert.deepEqual(await currentGateIds(page), ['schema'], `${id} / ${label}: loading starts at gate 1`);
      assert.equal(await playToggle(page).textContent(), 'Play run', `${id} / ${label}: loading never plays`);

      await nextGates(page);
      const statuses = await gateStatuses(page);
      assert.ok(statuses.every((s) => s !== 'pending'), `${id} / ${label}: the run finished (${statuses})`);
      assert.match(await caption(page), /^Run finished: /, `${id} / ${label}: the caption says so`);
      const schemaReason = await page.locator('li[data-gate="schema"] .gate-reason').textContent();
      if (label === 'Valid request') {
        assert.equal(statuses[0], 'passed', `${id}: the valid example passes the schema gate (${schemaReason})`);
      } else if (label === 'Malformed JSON') {
        assert.equal(statuses[0], 'rejected', `${id}: malformed JSON is a schema rejection`);
        assert.match(schemaReason, /^Malformed JSON at line \d+, column \d+/, `${id}: it says where`);
      } else {
        assert.ok(statuses.includes('rejected'), `${id}: the boundary example is rejected (${statuses})`);
        assert.notEqual(statuses[GATE_IDS.indexOf('execution')], 'passed', `${id}: nothing executes`);
      }
    }
    assert.equal(loaded.size, EXAMPLES.length, `${id}: three different examples`);
  }
  assert.equal(titles.size, EXPERIMENTS.length, 'seven experiments, seven titles');

  // Email: hooks, approval, a committed effect, baseline, speed, notes, export, full screen.
  await page.goto(new URL('?experiment=email', suite.url).href);
  await waitForGates(page);
  await openAllPanels(page);
  const role = page.getByRole('combobox', { name: 'Role' });
  const hook = page.getByRole('combobox', { name: 'Hook' });
  await role.selectOption({ label: 'Operator' });

  await hook.selectOption({ label: 'Block mutations' });
  await nextGates(page);
  assert.equal((await gateStatuses(page))[1], 'rejected', 'Block mutations stops the send at the before-hook');
  await hook.selectOption({ label: 'None' });

  const approve = page.getByRole('button', { name: 'Approve exact payload' });
  await approve.click();
  const revoke = page.getByRole('button', { name: 'Revoke approval' });
  assert.equal(await revoke.getAttribute('data-approved'), 'true', 'approved: the toggle is pressed');
  await revoke.click();
  assert.equal(await approve.getAttribute('data-approved'), 'false', 'revoked: the toggle is released');
  await approve.click();
  await hook.selectOption({ label: 'Redact output' });
  assert.equal(await approve.count(), 1, 'changing the hook clears the approval');
  await approve.click();
  await nextGates(page);
  assert.ok(!(await gateStatuses(page)).includes('rejected'), 'the approved send goes through');
  assert.equal((await ledgerJson(page)).outbox.length, 1, 'one message in the outbox');
  await hook.selectOption({ label: 'None' });

  const capture = page.getByRole('button', { name: 'Capture baseline' });
  const clear = page.getByRole('button', { name: 'Clear baseline' });
  assert.ok(await clear.isDisabled(), 'nothing to clear before a capture');
  await capture.click();
  const replace = page.getByRole('button', { name: 'Replace baseline' });
  assert.equal(await replace.count(), 1, 'Capture baseline becomes Replace baseline');
  assert.ok(await clear.isEnabled(), 'a captured baseline can be cleared');
  assert.ok((await page.locator('.baseline').textContent()).includes('learner@example.test'), 'the baseline shows the request');
  await role.selectOption({ label: 'Viewer' });
  await replace.click();
  assert.match(await page.locator('.baseline').textContent(), /Role: Viewer/, 'the replaced baseline holds the new inputs');
  await clear.click();
  assert.equal(await capture.count(), 1, 'after Clear baseline the button reads Capture baseline again');
  assert.ok(await clear.isDisabled(), 'and there is nothing left to clear');
  await role.selectOption({ label: 'Operator' });

  // Double speed in real time: the first gate takes 4 s (8 inspection seconds).
  await page.getByRole('radio', { name: 'Double speed' }).check();
  const started = Date.now();
  await page.getByRole('button', { name: 'Play run' }).click();
  assert.equal(await playToggle(page).textContent(), 'Pause');
  await page.waitForFunction(
    () => document.querySelector('li[data-gate][aria-current="step"]')?.dataset.gate === 'before-hook',
    null,
    { timeout: 15_000, polling: 50 },
  );
  const firstGateMs = Date.now() - started;
  assert.ok(
    firstGateMs >= 3_500 && firstGateMs < 7_500,
    `at double speed gate 1 took ${firstGateMs} ms of real time (expected about 4000)`,
  );
  await page.getByRole('button', { name: 'Pause' }).click();
  assert.equal(await playToggle(page).textContent(), 'Play run');
  assert.match(await caption(page), /^Paused at gate 2 of 7/);
  await page.getByRole('button', { name: 'Restart inspection' }).click();
  assert.deepEqual(await currentGateIds(page), ['schema'], 'Restart inspection returns to gate 1');

  const notes = 'Session notes: the receipt was reused, no second message.';
  await notesBox(page).fill(notes);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export notes' }).click(),
  ]);
  const exported = await readDownload(download);
  assert.ok(exported.includes(notes), 'the export carries the notes');
  const ledgerText = await page.locator('#ledger-json').textContent();
  assert.ok(exported.includes(ledgerText), 'the export carries the ledger as shown');
  assert.ok(exported.includes(await page.getByRole('textbox', { name: 'Arguments JSON' }).inputValue()), 'and the payload');
  assert.match(exported, /Role: Operator/, 'and the role');
  assert.match(exported, /Operation key: intent-1/, 'and the key');
  assert.match(exported, /Hook: None/, 'and the hook');

  const expand = page.getByRole('button', { name: 'Expand experiment' });
  await expand.click();
  const exit = page.getByRole('button', { name: 'Exit full screen' });
  await exit.waitFor({ timeout: 5_000 });
  await exit.click();
  await expand.waitFor({ timeout: 5_000 });

  assertStayedHome(opened, 'during the session');
  assert.ok(opened.requests.some((u) => u.endsWith('.wasm')), 'the page fetched its WebAssembly');
});

test('Play run at Double speed finishes by itself after 28 s of playback', { timeout: 60_000 }, async () => {
  const context = await suite.browser.newContext();
  try {
    const page = await context.newPage();
    const requests = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.clock.install({ time: new Date('2030-01-01T09:00:00Z') });
    await page.goto(new URL('?experiment=search', suite.url).href);
    await waitForGates(page);
    await openAllPanels(page);
    await page.clock.pauseAt(new Date('2030-01-01T09:01:00Z'));

    await page.getByRole('radio', { name: 'Double speed' }).check();
    await page.getByRole('button', { name: 'Play run' }).click();
    // Each gate lasts 4 s of real time at double speed: check 0.1 s either side of every boundary.
    let now = 0;
    const runTo = async (ms) => {
      await page.clock.runFor(ms - now);
      now = ms;
    };
    assert.deepEqual(await currentGateIds(page), [GATE_IDS[0]], 'gate 1 under inspection at 0 s');
    for (let gate = 0; gate < GATE_COUNT; gate += 1) {
      const end = (gate + 1) * 4_000;
      await runTo(end - 100);
      assert.deepEqual(await currentGateIds(page), [GATE_IDS[gate]], `gate ${gate + 1} still under inspection at ${(end - 100) / 1000} s`);
      assert.equal(await playToggle(page).textContent(), 'Pause', 'still playing');
      await runTo(end + 100);
      if (gate + 1 < GATE_COUNT) {
        assert.deepEqual(await currentGateIds(page), [GATE_IDS[gate + 1]], `gate ${gate + 2} under inspection at ${(end + 100) / 1000} s`);
      }
    }
    assert.deepEqual(await currentGateIds(page), [], 'no gate current after 28 s');
    assert.match(await caption(page), /^Run finished: /, 'the run finished by itself');
    assert.equal(await playToggle(page).textContent(), 'Play run', 'and stopped playing');
    assert.ok((await gateStatuses(page)).every((s) => s !== 'pending'));
    assert.ok(await page.locator('#output').isVisible(), 'the read returned its output');
    const origin = new URL(suite.url).origin;
    assert.deepEqual(foreignRequests(requests, origin), []);
  } finally {
    await context.close();
  }
});

test('an unknown experiment shows the seven experiments as links', { timeout: 60_000 }, async () => {
  const opened = await suite.open('?experiment=nope');
  const { page } = opened;
  const links = page.locator('#app a');
  await links.first().waitFor({ timeout: 15_000 });
  const h1 = (await page.getByRole('heading', { level: 1 }).textContent()).trim();
  assert.ok(h1.length > 0, 'the page has a heading');
  assert.ok((await page.locator('#app').innerText()).includes('nope'), 'it names the unknown id');
  assert.equal(await page.locator('.loading').count(), 0, 'the loading text is gone');

  const found = await links.evaluateAll((as) =>
    as.map((a) => ({ name: a.textContent.trim(), id: new URL(a.href).searchParams.get('experiment') })),
  );
  assert.deepEqual(
    found.map((l) => l.id),
    EXPERIMENTS,
    'one link per experiment',
  );
  assert.ok(found.every((l) => l.name.length > 0), 'every link has a name');
  assert.equal(new Set(found.map((l) => l.name)).size, EXPERIMENTS.length, 'seven different names');

  await page.getByRole('link', { name: found[1].name }).click();
  await waitForGates(page);
  await openAllPanels(page);
  assert.equal(new URL(page.url()).searchParams.get('experiment'), 'email');
  assert.equal((await page.getByRole('heading', { level: 1 }).textContent()).trim(), found[1].name);
  assertStayedHome(opened, 'on the unknown-experiment list');
});

test('hiding the tab pauses a playing run and says so', { timeout: 60_000 }, async () => {
  const context = await suite.browser.newContext();
  try {
    const page = await context.newPage();
    await page.clock.install({ time: new Date('2030-01-01T09:00:00Z') });
    await page.goto(new URL('?experiment=search', suite.url).href);
    await waitForGates(page);
    await openAllPanels(page);
    await page.clock.pauseAt(new Date('2030-01-01T09:01:00Z'));
    const notice = page.locator('.notice');

    await page.getByRole('button', { name: 'Play run' }).click();
    await page.clock.runFor(9_000); // gate 1 done at normal speed
    assert.deepEqual(await currentGateIds(page), ['before-hook']);
    assert.equal(await playToggle(page).textContent(), 'Pause');
    assert.ok(await notice.isHidden(), 'no notice while playing');

    await hideTab(page);
    assert.equal(await playToggle(page).textContent(), 'Play run', 'the Play button reads Play run again');
    assert.ok(await notice.isVisible(), 'a notice is shown');
    assert.match(await notice.textContent(), /hidden/i, 'the notice says the page was hidden');
    assert.equal(await notice.getAttribute('role'), 'status', 'the notice is announced');
    assert.match(await caption(page), /^Paused at gate 2 of 7/);

    await page.clock.runFor(60_000);
    assert.deepEqual(await currentGateIds(page), ['before-hook'], 'time passing while hidden changes nothing');
  } finally {
    await context.close();
  }
});

test('notes persist across a reload, per experiment', { timeout: 60_000 }, async () => {
  const opened = await suite.open('?experiment=email');
  const { page } = opened;
  await waitForGates(page);
  await openAllPanels(page);
  assert.equal(await notesBox(page).inputValue(), '', 'no notes yet');
  await notesBox(page).fill('Email notes: approval binds the payload.');
  await page.reload();
  await waitForGates(page);
  await openAllPanels(page);
  assert.equal(await notesBox(page).inputValue(), 'Email notes: approval binds the payload.', 'kept across a reload');

  await page.goto(new URL('?experiment=calendar', suite.url).href);
  await waitForGates(page);
  await openAllPanels(page);
  assert.equal(await notesBox(page).inputValue(), '', 'another experiment has its own notes');
  await notesBox(page).fill('Calendar notes: overlaps fail at execution.');

  await page.goto(new URL('?experiment=email', suite.url).href);
  await waitForGates(page);
  await openAllPanels(page);
  assert.equal(await notesBox(page).inputValue(), 'Email notes: approval binds the payload.');
  await page.goto(new URL('?experiment=calendar', suite.url).href);
  await waitForGates(page);
  await openAllPanels(page);
  assert.equal(await notesBox(page).inputValue(), 'Calendar notes: overlaps fail at execution.');
  assertStayedHome(opened, 'while keeping notes');
});

test('when storage refuses to save, typing notes shows a message and keeps the text', { timeout: 60_000 }, async () => {
  const opened = await suite.open('?experiment=database');
  const { page } = opened;
  await waitForGates(page);
  await openAllPanels(page);
  const savedMessage = await notesStatus(page).textContent();
  await page.addInitScript(() => {
    Storage.prototype.setItem = function setItem() {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await page.reload();
  await waitForGates(page);
  await openAllPanels(page);
  const thrown = await page.evaluate(() => {
    try {
      localStorage.setItem('probe', '1');
      return null;
    } catch (e) {
      return e.name;
    }
  });
  assert.equal(thrown, 'QuotaExceededError', 'the injected storage refuses every write');

  const typed = 'Seats 140 then 501: the bound holds.';
  await notesBox(page).pressSequentially(typed);
  assert.equal(await notesBox(page).inputValue(), typed, 'the typed text stays in the textarea');
  const status = notesStatus(page);
  assert.ok(await status.isVisible(), 'a message is visible');
  const message = await status.textContent();
  assert.notEqual(message, savedMessage, `the message changed from "${savedMessage}"`);
  assert.match(message, /(cannot|could not|can't|not) be saved|not saved/i, `it says the notes are not saved: ${message}`);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export notes' }).click(),
  ]);
  assert.ok((await readDownload(download)).includes(typed), 'Export notes still has every typed character');
  assert.deepEqual(opened.pageErrors, [], 'the refused write raised no uncaught error');
});

test('when storage is disabled altogether, the page still works and says notes are not saved', { timeout: 60_000 }, async () => {
  const opened = await suite.open('?experiment=calculator');
  const { page } = opened;
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('Storage is disabled.', 'SecurityError');
      },
    });
  });
  await page.reload();
  await waitForGates(page);
  await openAllPanels(page);
  assert.equal(
    await page.evaluate(() => {
      try {
        return typeof window.localStorage;
      } catch (e) {
        return e.name;
      }
    }),
    'SecurityError',
    'the injected page has no storage',
  );
  const typed = 'Named operators only.';
  await notesBox(page).pressSequentially(typed);
  assert.equal(await notesBox(page).inputValue(), typed, 'the typed text stays in the textarea');
  assert.ok(await notesStatus(page).isVisible(), 'a message is visible');
  assert.match(await notesStatus(page).textContent(), /(cannot|could not|can't|not) be saved|not saved/i);
  await nextGates(page);
  assert.match(await caption(page), /^Run finished: /, 'the workbench still runs');
  assert.deepEqual(opened.pageErrors, [], 'no uncaught error');
});

// Issue 13, defect 3: with storage that cannot be read but can be written,
// the first keystroke used to replace the stored notes, and Capture the
// stored baseline. Both are now kept: the page says so and keeps the text.
test('when storage cannot be read, stored notes and a stored baseline are never written over', { timeout: 60_000 }, async () => {
  const opened = await suite.open('?experiment=email');
  const { page } = opened;
  await waitForGates(page);
  await openAllPanels(page);
  const keys = {
    notes: 'function-tools-workbench/notes/v1/email',
    baseline: 'function-tools-workbench/baseline/v1/email',
  };
  await page.evaluate((k) => {
    localStorage.setItem(k.notes, 'Notes typed last week.');
    localStorage.setItem(k.baseline, '{"version":1,"baseline":"kept"}');
  }, keys);
  await page.addInitScript(() => {
    window.__getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function getItem() {
      throw new DOMException('Reading is blocked.', 'SecurityError');
    };
  });
  await page.reload();
  await waitForGates(page);
  await openAllPanels(page);
  await notesBox(page).pressSequentially('New line.');
  assert.equal(await notesBox(page).inputValue(), 'New line.', 'the typed text stays in the textarea');
  assert.match(await notesStatus(page).textContent(), /cannot be saved/, 'the page says the notes are not saved');
  await page.getByRole('button', { name: 'Capture baseline' }).click();
  await page.getByText('left untouched').first().waitFor();
  const stored = await page.evaluate((k) => ({
    notes: window.__getItem.call(localStorage, k.notes),
    baseline: window.__getItem.call(localStorage, k.baseline),
  }), keys);
  assert.deepEqual(stored, { notes: 'Notes typed last week.', baseline: '{"version":1,"baseline":"kept"}' });
  assert.deepEqual(opened.pageErrors, [], 'no uncaught error');
});
