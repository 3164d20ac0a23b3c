// Long-session figures (issue 13): 10,000 runs (RUNS) of each scenario in
// long-session.mjs, in headless Chromium against www/ served by devserve.
// Prints, per scenario, the WebAssembly memory and the DOM node count after
// the first 500 runs and at the end, and the median and mean time per run
// of the first and the last 500 runs. Figures only: it asserts nothing.
//
//   node tests/e2e/bench-long-session.mjs [RUNS] [SCENARIO-SUBSTRING]

import { WWW, launchBrowser, startServer } from './harness.mjs';
import { SCENARIOS, driveTo, mean, measure, median, openSession } from './long-session.mjs';

const runs = Number(process.argv[2] ?? 10_000);
const only = process.argv[3] ?? '';
const WINDOW = 500;

const server = await startServer(WWW);
const browser = await launchBrowser();
const mib = (b) => (b == null ? 'n/a' : `${(b / 1048576).toFixed(2)} MiB`);
const ms = (xs) => `${median(xs).toFixed(2)} / ${mean(xs).toFixed(2)} ms`;
try {
  console.log(`${runs} runs per scenario; time per run as median / mean`);
  for (const [name, scenario] of Object.entries(SCENARIOS)) {
    if (!name.includes(only)) continue;
    const { context, page, pageErrors } = await openSession(browser, server.url, scenario.experiment);
    const per = scenario.runsPerStep ?? 1;
    const steps = Math.ceil(runs / per);
    const window = Math.min(Math.ceil(WINDOW / per), steps);
    const start = await measure(page);
    let times = await driveTo(page, scenario, 0, window);
    const early = await measure(page);
    times = times.concat(await driveTo(page, scenario, window, steps));
    const end = await measure(page);
    const firstRuns = times.slice(0, window).map((t) => t / per);
    const lastRuns = times.slice(-window).map((t) => t / per);
    console.log(`\n${name} (${scenario.experiment}): ${end.runsFinished} runs finished`);
    console.log(`  wasm memory   start ${mib(start.memoryBytes)}, after ${WINDOW} runs ${mib(early.memoryBytes)}, end ${mib(end.memoryBytes)}`);
    console.log(`  DOM nodes     start ${start.domNodes}, after ${WINDOW} runs ${early.domNodes}, end ${end.domNodes}`);
    console.log(`  time per run  first ${WINDOW}: ${ms(firstRuns)}; last ${WINDOW}: ${ms(lastRuns)}`);
    if (pageErrors.length) console.log(`  page errors: ${pageErrors.join(' | ')}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
