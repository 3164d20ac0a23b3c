// Arguments and outputs are literal text (SPEC 2.1: "HTML inside an argument
// never becomes markup"). Every string field of every fixture tool, the Tool
// name, the Operation key and the Notes get markup-shaped text; each call is
// inspected through the seven gates (approved as Operator where it is a valid
// mutation) and the text must show up literally in the request panel, in the
// returned output where the tool echoes it, in the ledger where it was
// stored and in the schema reason where the schema rejected it — while no
// element is created from it, no dialog opens and nothing is fetched.

import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import {
  GATE_IDS,
  e2eSuite,
  foreignRequests,
  gateStatuses,
  ledgerJson,
  nextGates,
  openAllPanels,
  waitForGates,
} from './harness.mjs';

const suite = e2eSuite();

const PAYLOADS = ['<img src=x onerror=alert(1)>', '<script>alert(1)</script>'];
const LEARNER = 'learner@example.test';
const NOTES = '/workspace/notes.txt';

/**
 * One call per string field. `outcome`: `schema` (rejected at the schema
 * gate, the reason quoting the text), `effect` (a valid mutation, approved,
 * committed) or `read` (runs without approval, changes nothing).
 * `stored(ledger)` reads the text back from where the effect put it.
 */
function cases(p) {
  return [
    { tool: 'email', field: 'to', args: { to: p, subject: 's', body: 'b' }, outcome: 'schema' },
    {
      tool: 'email',
      field: 'to (local part of an example.test address)',
      args: { to: `${p}@example.test`, subject: 's', body: 'b' },
      outcome: 'schema',
      quoted: `${p}@example.test`,
    },
    {
      tool: 'email',
      field: 'subject',
      args: { to: LEARNER, subject: p, body: 'b' },
      outcome: 'effect',
      stored: (l) => l.outbox.at(-1)?.subject,
    },
    {
      tool: 'email',
      field: 'body',
      args: { to: LEARNER, subject: 's', body: p },
      outcome: 'effect',
      stored: (l) => l.outbox.at(-1)?.body,
    },
    {
      tool: 'calendar',
      field: 'title',
      args: { title: p, start: '14:00', end: '15:00' },
      outcome: 'effect',
      stored: (l) => l.schedule.find((e) => e.start === '14:00')?.title,
    },
    { tool: 'calendar', field: 'start', args: { title: 't', start: p, end: '15:00' }, outcome: 'schema' },
    { tool: 'calendar', field: 'end', args: { title: 't', start: '14:00', end: p }, outcome: 'schema' },
    { tool: 'files', field: 'operation', args: { operation: p, path: NOTES }, outcome: 'schema' },
    { tool: 'files', field: 'path', args: { operation: 'write', path: p, content: 'x' }, outcome: 'schema' },
    {
      tool: 'files',
      field: 'content',
      args: { operation: 'write', path: NOTES, content: p },
      outcome: 'effect',
      stored: (l) => l.files[NOTES],
    },
    { tool: 'database', field: 'operation', args: { operation: p, key: 'seats' }, outcome: 'schema' },
    { tool: 'database', field: 'key', args: { operation: 'get', key: p }, outcome: 'schema' },
    {
      tool: 'database',
      field: 'value (status)',
      args: { operation: 'set', key: 'status', value: p },
      outcome: 'schema',
    },
    { tool: 'search', field: 'query', args: { query: p }, outcome: 'read' },
    { tool: 'calculator', field: 'operator', args: { operator: p, left: 1, right: 2 }, outcome: 'schema' },
  ];
}

/** Opens a page that records dialogs; `check()` asserts nothing was made of the markup. */
async function openWatched(path) {
  const opened = await suite.open(path);
  const dialogs = [];
  opened.page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    d.dismiss().catch(() => {});
  });
  await waitForGates(opened.page);
  // Every panel open: the payloads are checked wherever they show.
  await openAllPanels(opened.page);
  const origin = new URL(suite.url).origin;
  const check = async (where) => {
    const made = await opened.page.evaluate(() => ({
      elements: document.querySelectorAll('#app img, #app script').length,
      handlers: document.querySelectorAll('[onerror]').length,
    }));
    assert.equal(made.elements, 0, `no img or script element inside #app ${where}`);
    assert.equal(made.handlers, 0, `no element carries an onerror attribute ${where}`);
    assert.deepEqual(dialogs, [], `no dialog opened ${where}`);
    assert.deepEqual(
      opened.requests.filter((u) => /\/x$/.test(new URL(u).pathname)),
      [],
      `nothing fetched the image "x" ${where}`,
    );
    assert.deepEqual(foreignRequests(opened.requests, origin), [], `no request left the origin ${where}`);
    assert.deepEqual(opened.pageErrors, [], `no uncaught error ${where}`);
  };
  return { ...opened, dialogs, check };
}

const text = (page, selector) => page.locator(selector).textContent();
const schemaReason = (page) => text(page, 'li[data-gate="schema"] .gate-reason');

for (const p of PAYLOADS) {
  describe(`markup ${p} in every string argument stays text`, () => {
    let w;
    before(async () => {
      w = await openWatched('?experiment=email');
      await w.page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Operator' });
    });

    for (const c of cases(p)) {
      test(`${c.tool}.${c.field}: ${c.outcome}`, { timeout: 60_000 }, async () => {
        const { page } = w;
        await page.getByRole('button', { name: 'Reset synthetic ledger' }).click();
        await page.getByRole('combobox', { name: 'Tool' }).selectOption(c.tool);
        const json = JSON.stringify(c.args, null, 2);
        assert.ok(json.includes(p), 'JSON.stringify keeps the markup as it is');
        await page.getByRole('textbox', { name: 'Arguments JSON' }).fill(json);
        assert.equal(
          await page.getByRole('combobox', { name: 'Role' }).inputValue(),
          'operator',
          'the role is still Operator',
        );

        const approve = page.getByRole('button', { name: 'Approve exact payload' });
        if (c.outcome === 'effect') {
          assert.ok(await approve.isEnabled(), 'a valid mutation can be approved');
          await approve.click();
          assert.equal(await page.getByRole('button', { name: 'Revoke approval' }).count(), 1, 'approved');
        } else {
          assert.ok(await approve.isDisabled(), 'approval is not offered for a schema rejection or a read');
        }

        // The request panel shows the tool and the arguments literally, before and after the run.
        const request = page.locator('#request');
        assert.equal(await request.textContent(), `tool: ${c.tool}\narguments:\n${json}`);
        await nextGates(page);
        assert.equal(await request.textContent(), `tool: ${c.tool}\narguments:\n${json}`);
        assert.equal(await request.evaluate((e) => e.childElementCount), 0, '#request holds text only');

        const statuses = await gateStatuses(page);
        const ledgerText = await text(page, '#ledger-json');
        const output = page.locator('#output');
        if (c.outcome === 'schema') {
          assert.equal(statuses[0], 'rejected', `rejected at the schema gate: ${statuses}`);
          const reason = await schemaReason(page);
          assert.ok(
            reason.includes(`"${c.quoted ?? p}"`),
            `the schema reason quotes the value literally: ${reason}`,
          );
          assert.ok((await text(page, '#gate-caption')).includes(c.quoted ?? p), 'so does the caption');
          assert.ok(await output.isHidden(), 'no returned output');
          assert.ok(!ledgerText.includes(p), 'nothing reached the ledger');
        } else {
          assert.ok(!statuses.includes('rejected'), `no gate rejects: ${statuses}`);
          assert.equal(statuses[GATE_IDS.indexOf('execution')], 'passed', 'execution passed');
          assert.ok(await output.isVisible(), 'the output is shown');
          assert.ok((await output.textContent()).includes(p), `the output echoes it literally: ${await output.textContent()}`);
          assert.equal(await output.evaluate((e) => e.childElementCount), 0, '#output holds text only');
          if (c.outcome === 'effect') {
            assert.equal(c.stored(await ledgerJson(page)), p, 'the ledger stored it literally');
            assert.ok(
              (await page.locator('.ledger-view').first().textContent()).includes(p),
              'the readable ledger shows it literally',
            );
          } else {
            assert.ok(!ledgerText.includes(p), 'a read stores nothing');
          }
        }

        // The baseline shows the request again, literally.
        await page.getByRole('button', { name: /^(Capture|Replace) baseline$/ }).click();
        assert.ok((await text(page, '.baseline')).includes(json), 'the baseline shows the request literally');
        await w.check(`after ${c.tool}.${c.field}`);
      });
    }
  });

  test(`markup ${p} as the Tool name is rejected at the schema gate, shown literally`, { timeout: 60_000 }, async () => {
    const w = await openWatched('?experiment=email');
    const { page } = w;
    await page.getByRole('textbox', { name: 'Tool name' }).fill(p);
    assert.equal(await page.getByRole('textbox', { name: 'Tool name' }).inputValue(), p);
    assert.ok((await text(page, '#request')).startsWith(`tool: ${p}\narguments:\n`), 'the request names it literally');
    await nextGates(page);
    const statuses = await gateStatuses(page);
    assert.deepEqual(statuses, ['rejected', ...Array(6).fill('skipped')], 'rejected at the first gate');
    const reason = await schemaReason(page);
    assert.ok(reason.includes(p), `the schema reason quotes the name literally: ${reason}`);
    assert.ok((await text(page, '.runs')).includes(p), 'the Runs log shows the name literally');
    await w.check('with markup as the tool name');
  });

  test(`markup ${p} as the Operation key is stored and shown literally`, { timeout: 60_000 }, async () => {
    const w = await openWatched('?experiment=email');
    const { page } = w;
    await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Operator' });
    await page.getByRole('textbox', { name: 'Operation key' }).fill(p);
    await page.getByRole('button', { name: 'Approve exact payload' }).click();
    await nextGates(page);
    const statuses = await gateStatuses(page);
    assert.ok(!statuses.includes('rejected'), `the approved send goes through: ${statuses}`);
    const reason = await text(page, 'li[data-gate="idempotency"] .gate-reason');
    assert.ok(reason.includes(p), `the idempotency reason names the key literally: ${reason}`);
    const ledger = await ledgerJson(page);
    assert.deepEqual(
      ledger.receipts.map((r) => r.key),
      [p],
      'the receipt is stored under the key, literally',
    );
    assert.ok((await text(page, '.runs')).includes(`key ${p}`), 'the Runs log shows the key literally');
    await w.check('with markup as the operation key');
  });

  test(`markup ${p} in the Notes stays text, in the page, the export and after a reload`, { timeout: 60_000 }, async () => {
    const w = await openWatched('?experiment=search');
    const { page } = w;
    const notes = page.getByRole('textbox', { name: 'Notes' });
    await notes.fill(p);
    assert.equal(await notes.inputValue(), p);
    await w.check('after typing markup into the notes');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export notes' }).click(),
    ]);
    const exported = await readDownload(download);
    assert.ok(exported.includes(`Notes\n-----\n${p}\n`), 'the export carries the notes literally');
    await page.reload();
    await waitForGates(page);
    await openAllPanels(page);
    assert.equal(await page.getByRole('textbox', { name: 'Notes' }).inputValue(), p, 'the notes come back literally');
    await w.check('after reloading markup notes');
  });
}

async function readDownload(download) {
  const stream = await download.createReadStream();
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

test('markup as an unknown experiment id in the URL is shown literally', { timeout: 60_000 }, async () => {
  for (const p of PAYLOADS) {
    const opened = await suite.open(`?experiment=${encodeURIComponent(p)}`);
    const { page } = opened;
    const dialogs = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      d.dismiss().catch(() => {});
    });
    await page.locator('#app a').first().waitFor({ timeout: 15_000 });
    assert.ok((await page.locator('#app').textContent()).includes(`"${p}"`), 'the unknown id is quoted literally');
    await page.waitForTimeout(200);
    assert.equal(await page.evaluate(() => document.querySelectorAll('#app img, #app script').length), 0);
    assert.deepEqual(dialogs, [], 'no dialog opened');
    assert.deepEqual(opened.requests.filter((u) => /\/x$/.test(new URL(u).pathname)), [], 'nothing fetched "x"');
    assert.deepEqual(foreignRequests(opened.requests, new URL(suite.url).origin), []);
  }
});
