// axe in the five states a learner passes through (issue 10), at 1280 and
// at 320 px wide, with every secondary panel open: no violation and nothing
// left for a person to review ("incomplete").

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { e2eSuite, formatAxeViolations, nextGates, openAllPanels, waitForGates } from './harness.mjs';

const suite = e2eSuite();

/** The states, each reached from a fresh page. */
const STATES = {
  fresh: async () => {},
  'mid-run': async (page) => {
    await nextGates(page, 3);
  },
  finished: async (page) => {
    await page.selectOption('#role', 'operator');
    await page.locator('#approve').click();
    await nextGates(page);
  },
  rejected: async (page) => {
    await nextGates(page);
  },
  turn: async (page) => {
    await page.locator('details[data-panel="turn"] button >> nth=0').click();
    await nextGates(page, 3);
  },
};

for (const width of [1280, 320]) {
  for (const [state, reach] of Object.entries(STATES)) {
    test(`axe at ${width} px, ${state}: no violation and nothing to review`, { timeout: 60_000 }, async () => {
      const experiment = state === 'turn' ? 'registry' : 'email';
      const { page } = await suite.open(`?experiment=${experiment}`, {
        contextOptions: { viewport: { width, height: width === 320 ? 640 : 800 } },
      });
      await waitForGates(page);
      await openAllPanels(page);
      await reach(page);
      // Let the transitions settle: axe reads colours as drawn.
      await page.waitForTimeout(400);
      const results = await new AxeBuilder({ page }).analyze();
      assert.ok(results.passes.length > 0, 'axe checked something');
      assert.equal(results.violations.length, 0, formatAxeViolations(results.violations));
      assert.equal(
        results.incomplete.length,
        0,
        `needs review: ${results.incomplete
          .map((r) => `${r.id} (${r.nodes.length}): ${r.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)
          .join('; ')}`,
      );
    });
  }
}
