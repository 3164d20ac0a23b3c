// Per-frame figures of playback (issue 14): the script time of each
// animation frame while a run plays, at each of the four speeds, with the
// fixture ledger and with a full one (20 emails, 24 events, 10,000 receipts
// made of which the store keeps the newest 100, and a full runs log), in
// headless Chromium against www/ served by devserve. Every callback the page
// gives requestAnimationFrame is timed (performance.now() around it: the
// Tick, the core's work and the DOM writes; style and layout come after
// it, unless the callback forces them). Each speed's play is also traced
// (CDP Tracing, devtools.timeline): a forced layout is a Layout or
// UpdateLayoutTree event inside a FireAnimationFrame event of the same
// thread; a control frame that writes a style and reads offsetWidth shows
// the count finds one. Prints medians, p95s and counts only: it asserts
// nothing about time.
//
//   node tests/e2e/bench-frames.mjs [SECONDS-PER-SPEED] [FULL-RUNS]

import { WWW, launchBrowser, startServer } from './harness.mjs';
import { driveTo, median, openSession } from './long-session.mjs';

const seconds = Number(process.argv[2] ?? 4);
const fullRuns = Number(process.argv[3] ?? 10_000);
const SPEEDS = ['quarter', 'half', 'normal', 'double'];

// The full ledger: the schedule filled first (a half-hour slot each, from
// 00:00; the slots the fixture events hold fail and change nothing), then
// the outbox, then database writes under a new key each, one receipt per run.
const FULL = {
  experiment: 'registry',
  setup: `d.select('Role', 'operator');`,
  run: `const hhmm = (m) => String(Math.floor(m / 60)).padStart(2, '0') + ':' + String(m % 60).padStart(2, '0');
        if (i < 48) { d.select('Tool', 'calendar');
               d.edit('Arguments JSON', JSON.stringify({ title: 'Slot ' + i, start: hhmm(i * 30), end: hhmm(i * 30 + 30) })); }
        else if (i < 68) { d.select('Tool', 'email'); }
        else { d.select('Tool', 'database');
               d.edit('Arguments JSON', JSON.stringify({ operation: 'set', key: 'seats', value: i % 500 })); }
        d.edit('Operation key', 'full-' + i); d.press('Approve exact payload'); d.finish();`,
};

/** Page side: times every animation-frame callback into window.__frames. */
function timeFrames() {
  const raf = window.requestAnimationFrame.bind(window);
  window.__frames = null;
  window.requestAnimationFrame = (callback) =>
    raf((t) => {
      const t0 = performance.now();
      callback(t);
      if (window.__frames) window.__frames.push(performance.now() - t0);
    });
}

const p95 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))];
};

/**
 * Traces what `during` does: the number of animation frames fired and of
 * layouts or style recalculations forced inside them.
 */
async function traceFrames(page, during) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const complete = new Promise((resolve) => cdp.on('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] },
  });
  const result = await during();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const isSpan = (e) => e.ph === 'X' && typeof e.dur === 'number';
  const fired = events.filter((e) => e.name === 'FireAnimationFrame' && isSpan(e));
  const forced = events.filter(
    (e) =>
      (e.name === 'Layout' || e.name === 'UpdateLayoutTree') &&
      fired.some((f) => f.pid === e.pid && f.tid === e.tid && e.ts >= f.ts && e.ts < f.ts + f.dur),
  );
  return { result, fired: fired.length, forced: forced.length };
}

/** A frame that does force a layout: the trace must find it. */
async function controlFrame(page) {
  const { fired, forced } = await traceFrames(page, () =>
    page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => {
            document.body.style.paddingTop = '1px';
            const width = document.body.offsetWidth;
            document.body.style.paddingTop = '';
            resolve(width);
          }),
        ),
    ),
  );
  return { fired, forced };
}

async function playAt(page, speed) {
  await page.evaluate((speed) => {
    const d = window.__driver;
    d.press('Restart inspection');
    document.getElementById('speed-' + speed).click();
    window.__frames = [];
    d.press('Play run');
  }, speed);
  await page.waitForTimeout(seconds * 1000);
  return page.evaluate(() => {
    const frames = window.__frames;
    window.__frames = null;
    window.__driver.press('Pause');
    return frames;
  });
}

const server = await startServer(WWW);
const browser = await launchBrowser();
try {
  console.log(`script time per animation frame while a run plays, ${seconds} s per speed, headless Chromium:`);
  console.log(
    `  ${'ledger'.padEnd(56)} ${'speed'.padEnd(8)} ${'frames'.padStart(6)} ${'median'.padStart(9)} ${'p95'.padStart(9)} ${'forced layouts'.padStart(15)}`,
  );
  for (const ledger of ['fixture', 'full']) {
    const { context, page, pageErrors } = await openSession(browser, server.url, 'registry');
    await page.evaluate(timeFrames);
    let label = 'fixture ledger';
    if (ledger == 'full') {
      await driveTo(page, FULL, 0, fullRuns);
      const held = await page.evaluate(() => {
        const l = JSON.parse(document.querySelector('#ledger-json').textContent);
        return `${l.outbox.length} emails, ${l.schedule.length} events, ${l.receipts.length} receipts of ${l.counters.runs_finished} runs`;
      });
      label = `full: ${held}`;
    }
    // An approved email send: a write that commits at the seventh gate.
    await page.evaluate(() => {
      const d = window.__driver;
      d.select('Tool', 'email');
      d.edit('Operation key', 'bench-frames');
      d.press('Approve exact payload');
    });
    for (const speed of SPEEDS) {
      const { result: frames, fired, forced } = await traceFrames(page, () => playAt(page, speed));
      console.log(
        `  ${label.padEnd(56)} ${speed.padEnd(8)} ${String(frames.length).padStart(6)} ${`${median(frames).toFixed(3)} ms`.padStart(9)} ${`${p95(frames).toFixed(3)} ms`.padStart(9)} ${`${forced} in ${fired}`.padStart(15)}`,
      );
    }
    if (ledger === 'fixture') {
      const control = await controlFrame(page);
      console.log(`  control: one frame that writes a style and reads offsetWidth: ${control.forced} forced in ${control.fired}`);
    }
    if (pageErrors.length) console.log(`  page errors: ${pageErrors.join(' | ')}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
