// Where the page's start-up script time goes: a CPU profile (CDP Profiler,
// sampled every 50 µs) of LOADS cold loads (default 7, after one warm-up that
// is not counted), each stopped once the shell has the page (the seven gate
// rows named, index.html's first view taken over: markFirstRender), with the time of each function
// summed over its calls, callees included, per load. The module is the one
// scripts/size-attribution leaves in target/attribution/bindgen, with its
// names kept (and without wasm-opt): run that first. Figures include the
// profiler's own cost; read them as shares. Prints figures only.
//
//   node tests/e2e/profile-start.mjs [LOADS] [TOP]

import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GATE_COUNT, ROOT, WWW, launchBrowser, markFirstRender, startServer } from './harness.mjs';

const loads = Number(process.argv[2] ?? 7);
const top = Number(process.argv[3] ?? 30);
const named = join(ROOT, 'target', 'attribution', 'bindgen');
if (!existsSync(join(named, 'gateway_web_bg.wasm'))) {
  console.error(`no module with its names in ${named}: run ./scripts/size-attribution first`);
  process.exit(2);
}

// The profile's time per function, callees included, a function counted
// once per sample however deep it recurs.
function inclusive(profile, into) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  profile.samples.forEach((id, k) => {
    const ms = (profile.timeDeltas[k + 1] ?? 0) / 1000;
    const seen = new Set();
    for (let at = id; at; at = parent.get(at)) {
      const name = byId.get(at).callFrame.functionName.replace(/\[[0-9a-f]{16}\]/g, '');
      if (!name || seen.has(name)) continue;
      seen.add(name);
      into.set(name, (into.get(name) ?? 0) + ms);
    }
  });
}

const dir = mkdtempSync(join(tmpdir(), 'workbench-profile-'));
cpSync(WWW, dir, { recursive: true });
cpSync(join(named, 'gateway_web_bg.wasm'), join(dir, 'pkg', 'gateway_web_bg.wasm'));
cpSync(join(named, 'gateway_web.js'), join(dir, 'pkg', 'gateway_web.js'));
const server = await startServer(dir);
const browser = await launchBrowser();
const total = new Map();
try {
  for (let i = 0; i <= loads; i += 1) {
    const context = await browser.newContext();
    await context.addInitScript(markFirstRender, GATE_COUNT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
    await cdp.send('Profiler.start');
    await page.goto(server.url);
    await page.waitForFunction(() => window.__liveMs, null, { timeout: 60_000 });
    const { profile } = await cdp.send('Profiler.stop');
    await context.close();
    if (i > 0) inclusive(profile, total);
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
console.log(`start-up script time until the shell has the page (first view taken over), ms per load (callees included), mean of ${loads} cold loads:`);
// Left out: the engine's own frames, the boundary's trampolines and
// closure wrappers (each as long as what it wraps), the test driver's.
const rows = [...total].filter(([name]) => !/^\(|^(wasm-function|real$|js-to-wasm|wasm-to-js|InjectedScript)|closure|shim$|invoke|^<alloc::boxed/.test(name));
rows.sort((a, b) => b[1] - a[1]);
for (const [name, ms] of rows.slice(0, top)) console.log(`  ${(ms / loads).toFixed(1).padStart(7)}  ${name.slice(0, 110)}`);
