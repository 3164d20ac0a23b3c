// Decimals of many digits in the page as built by scripts/build-web: the
// release wasm that ships. The three calls are typed into the page
// and the gates must read each number as the page's own JSON.parse does.
// The full number table runs in the shell's browser tests
// (crates/gateway-web/tests/web.rs); this checks the shipped build itself.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { e2eSuite, gateStatuses, ledgerJson, nextGates, waitForGates } from './harness.mjs';

const suite = e2eSuite();

const CASES = [
  {
    experiment: 'calculator',
    args: '{"operator":"add","left":14591673423.607815,"right":0}',
    number: '14591673423.607815',
    result: '14591673423.607815',
  },
  {
    experiment: 'database',
    args: '{"operation":"set","key":"seats","value":484.0000000000000319}',
    number: '484.0000000000000319',
    rejects: 'value must be a whole number (got 484.00000000000006)',
  },
  {
    experiment: 'calculator',
    args: '{"operator":"add","left":1000000000000.0001,"right":0}',
    number: '1000000000000.0001',
    rejects: 'left must be from -1000000000000 to 1000000000000 (got 1000000000000.0001)',
  },
];

for (const c of CASES) {
  test(`${c.experiment}: ${c.args} meets the gates as JSON.parse reads it`, { timeout: 60_000 }, async () => {
    const { page, pageErrors } = await suite.open(`?experiment=${c.experiment}`);
    await waitForGates(page);
    const printed = await page.evaluate((t) => String(JSON.parse(t)), c.number);
    await page.getByRole('textbox', { name: 'Arguments JSON', exact: true }).fill(c.args);
    await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('operator');
    const approve = page.getByRole('button', { name: 'Approve exact payload', exact: true });
    if (await approve.isEnabled()) await approve.click();
    const seatsBefore = (await ledgerJson(page)).database.seats;
    await nextGates(page);
    const statuses = await gateStatuses(page);
    if (c.result) {
      assert.equal(printed, c.result, 'JSON.parse in this browser');
      assert.ok(!statuses.includes('rejected'), `no gate rejects: ${statuses.join(', ')}`);
      const output = JSON.parse(await page.locator('#output').textContent());
      assert.equal(String(output.result), c.result);
      assert.equal(String(output.left), printed, 'the operand as JSON.parse reads it');
    } else {
      assert.ok(c.rejects.endsWith(`(got ${printed})`), `JSON.parse in this browser gives ${printed}`);
      assert.equal(statuses[0], 'rejected', `the schema gate rejects: ${statuses.join(', ')}`);
      assert.equal(await page.locator('li[data-gate="schema"] .gate-reason').textContent(), c.rejects);
      assert.equal((await ledgerJson(page)).database.seats, seatsBefore, 'the ledger is unchanged');
    }
    assert.deepEqual(pageErrors, []);
  });
}
