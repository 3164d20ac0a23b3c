// Runs the browser end-to-end tests: `node tests/e2e/run.mjs [FILE.test.mjs…]`.
//
// Starts one devserve on a free port serving www/ (built by scripts/build-web),
// hands its address to the test files in E2E_BASE_URL, and runs them with
// node's own test runner (`node --test`, spec reporter), whose summary of
// pass and fail counts ends the output. Exits with the runner's status.

import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { WWW, startServer } from './harness.mjs';

const here = import.meta.dirname ?? new URL('.', import.meta.url).pathname;
const files = process.argv.length > 2
  ? process.argv.slice(2).map((f) => resolve(f))
  : readdirSync(here).filter((f) => f.endsWith('.test.mjs')).sort().map((f) => join(here, f));

if (files.length === 0) {
  console.error('no tests/e2e/*.test.mjs to run');
  process.exit(1);
}
if (!existsSync(join(WWW, 'pkg', 'gateway_web_bg.wasm'))) {
  console.error('www/pkg is not built: run scripts/build-web first');
  process.exit(1);
}

const server = await startServer(WWW);
console.log(`e2e: ${files.map((f) => basename(f)).join(', ')} against ${server.url}`);

const runner = spawn(process.execPath, ['--test', '--test-reporter=spec', ...files], {
  stdio: 'inherit',
  env: { ...process.env, E2E_BASE_URL: server.url },
});
const stop = (signal) => runner.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
const code = await new Promise((done) => runner.once('exit', (c, s) => done(c ?? (s ? 1 : 0))));
await server.close();
process.exit(code);
