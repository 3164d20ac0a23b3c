// Bounds over a long session (issue 13): once the bounded stores are full
// (100 receipts, 20 emails, 24 events, 100 run records), the WebAssembly
// memory and the DOM stop growing. Sizes, not times, at 3,000, 6,000 and
// 9,000 runs (MARKS). The DOM must be the same size at all three. The
// memory only grows in 64 KiB pages, and the allocator's high-water mark
// can still rise a page or a few as the heap's free space settles; where
// that step falls moves whenever the heap's layout does (with the exports
// downloaded on demand: the full outbox between 7,500 and 9,000 runs, the
// 4096-character arguments between 4,500 and 6,000, each flat from 1,500
// runs before the step and through 12,000 after). So the memory must stay
// flat over at least one of the two 3,000-run intervals: a leak of 22 bytes
// a run or more grows every interval by at least a page and fails. The
// figures over 10,000 runs come from bench-long-session.mjs and are in the
// docs/figures.md.

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

/** Runs at which the sizes are taken: the stores are full well before the first. */
const MARKS = [3000, 6000, 9000];

const BOUNDED = [
  'new key every run (receipts expire)',
  'full outbox and schedule',
  'arguments at the 4096 cap',
  'agent turns (six calls each)',
];

for (const name of BOUNDED) {
  test(`${name}: memory and DOM size stop growing once the stores are full`, { timeout: 900_000 }, async () => {
    const sizes = await sizesAt(name, MARKS);
    const last = sizes.at(-1);
    assert.ok(last.runsFinished >= MARKS.at(-1), `${MARKS.at(-1)} runs finished (${last.runsFinished})`);
    assert.ok(sizes[0].memoryBytes > 0, 'the WebAssembly memory was captured');
    const memory = sizes.map((s, i) => `${MARKS[i]} runs: ${s.memoryBytes} bytes`).join(', ');
    const flat = sizes.some((s, i) => i > 0 && s.memoryBytes === sizes[i - 1].memoryBytes);
    assert.ok(flat, `WebAssembly memory flat over at least one 3,000-run interval (${memory})`);
    for (const [i, s] of sizes.entries()) {
      assert.equal(s.domNodes, sizes[0].domNodes, `DOM nodes at ${MARKS[i]} runs equal ${MARKS[0]} runs`);
    }
  });
}
