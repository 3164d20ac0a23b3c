// Bounds over a long session (issue 13): once the bounded stores are full
// (100 receipts, 20 emails, 24 events, 100 run records), the WebAssembly
// memory and the DOM stop growing. Compares counts after 2,000 and after
// 4,000 runs: sizes, not times. The figures over 10,000 runs come from
// bench-long-session.mjs and are in the README.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { e2eSuite } from './harness.mjs';
import { SCENARIOS, driveTo, measure, openSession } from './long-session.mjs';

const suite = e2eSuite();

async function sizesAt(scenarioName, marks) {
  const scenario = SCENARIOS[scenarioName];
  const per = scenario.runsPerStep ?? 1;
  const { context, page, pageErrors, consoleErrors } = await openSession(suite.browser, suite.url, scenario.experiment);
  try {
    const sizes = [];
    let done = 0;
    for (const runs of marks) {
      const target = Math.ceil(runs / per);
      await driveTo(page, scenario, done, target);
      done = target;
      sizes.push(await measure(page));
    }
    assert.deepEqual(pageErrors, [], 'no page errors');
    assert.deepEqual(consoleErrors.filter((e) => e.startsWith('error')), [], 'no console errors');
    return sizes;
  } finally {
    await context.close();
  }
}

const BOUNDED = [
  'new key every run (receipts expire)',
  'full outbox and schedule',
  'arguments at the 4096 cap',
  'agent turns (six calls each)',
];

for (const name of BOUNDED) {
  test(`${name}: memory and DOM size stop growing once the stores are full`, { timeout: 900_000 }, async () => {
    const [at2000, at4000] = await sizesAt(name, [2000, 4000]);
    assert.ok(at4000.runsFinished >= 4000, `4,000 runs finished (${at4000.runsFinished})`);
    assert.ok(at2000.memoryBytes > 0, 'the WebAssembly memory was captured');
    assert.equal(at4000.memoryBytes, at2000.memoryBytes, 'WebAssembly memory at 4,000 runs equals 2,000 runs');
    assert.equal(at4000.domNodes, at2000.domNodes, 'DOM nodes at 4,000 runs equal 2,000 runs');
  });
}
