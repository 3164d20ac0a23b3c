// Drives long sessions in the real page for the 10,000-run benchmark
// (bench-long-session.mjs) and the bounded-growth test
// (long-session.test.mjs). The runs are driven inside the page, through the
// same controls a learner uses (input events and button clicks), so that
// thousands of runs take seconds rather than hours of protocol round trips.
//
// Each scenario is a function of the run index that the page calls once per
// run; it leaves the page at a finished run. What is measured:
//   - the WebAssembly memory (bytes; it only ever grows, in 64 KiB pages),
//     captured by wrapping WebAssembly.instantiate before the page's scripts;
//   - the DOM node count (every element and text node under <html>);
//   - the time per run (ms), for the first and the last 500 runs.

import { openPage } from './harness.mjs';

/**
 * Files-write arguments of exactly 4096 UTF-16 units (the cap): content at
 * its 2000-character bound, padded with JSON whitespace. `i` varies the
 * content so each run writes.
 */
export function capArgsSource() {
  return `(i) => {
    const base = JSON.stringify({ operation: 'write', path: '/workspace/notes.txt', content: String(i % 10).repeat(2000) });
    return base.slice(0, -1) + ' '.repeat(4096 - base.length) + '}';
  }`;
}

/**
 * Scenarios: `setup` runs once in the page, `run(i)` once per run. Both are
 * page-side source, called with the helpers of `installDriver`.
 */
export const SCENARIOS = {
  'new key every run (receipts expire)': {
    experiment: 'registry',
    setup: `d.select('Tool', 'database'); d.select('Role', 'operator');`,
    run: `d.edit('Arguments JSON', JSON.stringify({ operation: 'set', key: 'seats', value: i % 500 }));
          d.edit('Operation key', 'intent-' + i); d.press('Approve exact payload'); d.finish();`,
  },
  'receipts off after a success': {
    experiment: 'registry',
    setup: `d.select('Tool', 'database'); d.select('Role', 'operator');
            d.edit('Arguments JSON', JSON.stringify({ operation: 'set', key: 'status', value: 'waitlist' }));
            d.press('Approve exact payload'); d.finish(); d.check('Reuse receipts', false);`,
    // Restart keeps the approval; with reuse off the same key runs again.
    run: `d.press('Restart inspection'); d.finish();`,
  },
  'full outbox and schedule': {
    experiment: 'registry',
    setup: `d.select('Role', 'operator');`,
    run: `if (i % 2 === 0) { d.select('Tool', 'email'); } else { d.select('Tool', 'calendar'); }
          d.edit('Operation key', 'k-' + i); d.press('Approve exact payload'); d.finish();`,
  },
  'arguments at the 4096 cap': {
    experiment: 'registry',
    setup: `d.select('Tool', 'files'); d.select('Role', 'operator');`,
    run: `d.edit('Arguments JSON', CAP_ARGS(i));
          d.edit('Operation key', 'cap-' + i); d.press('Approve exact payload'); d.finish();`,
  },
  'agent turns (six calls each)': {
    experiment: 'registry',
    runsPerStep: 6,
    setup: `d.select('Role', 'operator');`,
    // The calendar create waits for approval: the person rejects it.
    run: `d.press('Start turn');
          for (let g = 0; g < 42; g += 1) { d.press('Next gate'); d.decide('Reject this call'); d.decide('Next call'); }
          d.press('End turn');`,
  },
};

/** Before the page's scripts: keep the instance's memory where we can read it. */
function captureMemory() {
  const keep = (result) => {
    const instance = result.instance ?? result;
    if (instance?.exports?.memory) window.__wasmMemory = instance.exports.memory;
    return result;
  };
  const instantiate = WebAssembly.instantiate.bind(WebAssembly);
  const streaming = WebAssembly.instantiateStreaming?.bind(WebAssembly);
  WebAssembly.instantiate = (...a) => instantiate(...a).then(keep);
  if (streaming) WebAssembly.instantiateStreaming = (...a) => streaming(...a).then(keep);
}

/** Opens the page at `?experiment=…` with the memory captured. */
export async function openSession(browser, baseUrl, experiment) {
  const opened = await openPage(browser, new URL(`?experiment=${experiment}`, baseUrl).href, {
    contextOptions: { viewport: { width: 1280, height: 800 } },
    initScript: captureMemory,
  });
  await opened.page.waitForSelector('li[data-gate]');
  await opened.page.evaluate(installDriver);
  return opened;
}

/** Page side: `window.__driver`, the controls by their visible names. */
function installDriver() {
  const named = (name) => {
    const fields = [...document.querySelectorAll('input, textarea, select')];
    const field = fields.find(
      (e) => [...(e.labels ?? [])].some((l) => l.textContent.trim() === name) || e.getAttribute('aria-label') === name,
    );
    if (field) return field;
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === name);
    if (button) return button;
    throw new Error(`no control named ${name}`);
  };
  const d = {
    edit(name, value) {
      const e = named(name);
      if (e.value === value) return;
      e.value = value;
      e.dispatchEvent(new Event('input', { bubbles: true }));
    },
    select(name, value) {
      const e = named(name);
      if (e.value === value) return;
      e.value = value;
      e.dispatchEvent(new Event('change', { bubbles: true }));
    },
    check(name, on) {
      const e = named(name);
      if (e.checked !== on) e.click();
    },
    press(name) {
      const b = named(name);
      if (!b.disabled) b.click();
    },
    /** Presses the button named `name` if one is shown (a pending approval's). */
    decide(name) {
      const b = [...document.querySelectorAll('button')].find((e) => e.textContent.trim() === name);
      if (b && !b.disabled && b.getClientRects().length > 0) b.click();
    },
    /** Next gate until the run has finished (at most seven presses). */
    finish() {
      for (let g = 0; g < 7; g += 1) {
        const next = named('Next gate');
        if (next.disabled) return;
        next.click();
      }
    },
  };
  window.__driver = d;
}

/**
 * Runs `count` runs of `scenario` in the page; returns each run's ms. The
 * scenario bodies are this file's own constants, evaluated as one expression
 * through the DevTools protocol (the page's CSP forbids eval in the page).
 */
export async function drive(page, scenario, from, count, { setup = false } = {}) {
  const source = `(() => {
    const d = window.__driver;
    const CAP_ARGS = ${capArgsSource()};
    ${setup ? scenario.setup : ''}
    const times = [];
    for (let i = ${Number(from)}; i < ${Number(from) + Number(count)}; i += 1) {
      const t0 = performance.now();
      ${scenario.run}
      times.push(performance.now() - t0);
    }
    return times;
  })()`;
  return page.evaluate(source);
}

/**
 * Drives `scenario` from step `done` up to step `target` in chunks of 500
 * (the first chunk runs the setup); returns each step's ms.
 */
export async function driveTo(page, scenario, done, target) {
  let times = [];
  for (let at = done; at < target; at += 500) {
    const n = Math.min(500, target - at);
    times = times.concat(await drive(page, scenario, at, n, { setup: at === 0 }));
  }
  return times;
}

/** Memory, DOM size and runs recorded, after the page has painted. */
export async function measure(page) {
  return page.evaluate(
    () =>
      new Promise((done) =>
        requestAnimationFrame(() => {
          const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ALL);
          let nodes = 1;
          while (walker.nextNode()) nodes += 1;
          done({
            memoryBytes: window.__wasmMemory ? window.__wasmMemory.buffer.byteLength : null,
            domNodes: nodes,
            runsFinished: JSON.parse(document.querySelector('#ledger-json')?.textContent ?? '{}')?.counters
              ?.runs_finished,
          });
        }),
      ),
  );
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : NaN;
};
export const mean = (xs) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
