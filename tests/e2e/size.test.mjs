// The size budget as a regression guard (size is not noisy, unlike time):
// what a browser downloads to show the page in each language — the shared
// files plus that language's catalogue — gzipped by `gzip -9`, as
// scripts/bench-size measures it, stays within the budget. A language the
// learner does not use is not downloaded, so it is not counted.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { WWW } from './harness.mjs';

/** The gzipped budget of the page in one language, in bytes. */
const BUDGET = 150_000;

const SHARED = ['index.html', 'pkg/style.css', 'main.js', 'pkg/gateway_web.js', 'pkg/gateway_web_bg.wasm'];

// gzip itself, as the budget is stated in its bytes (node's zlib at level 9
// makes the module about 3% larger).
const gzipped = (file) => execFileSync('gzip', ['-9', '-c', join(WWW, file)], { maxBuffer: 1 << 24 }).length;

test('the page in each language stays within the gzipped budget', () => {
  const shared = SHARED.map(gzipped).reduce((a, b) => a + b, 0);
  const catalogues = readdirSync(join(WWW, 'pkg', 'locales')).filter((f) => f.endsWith('.json')).sort();
  assert.ok(catalogues.includes('en.json') && catalogues.length >= 2, `catalogues: ${catalogues}`);
  for (const file of catalogues) {
    const total = shared + gzipped(join('pkg', 'locales', file));
    console.log(`${file}: ${total} bytes gzipped (shared ${shared})`);
    assert.ok(total <= BUDGET, `${file}: the page downloads ${total} gzipped bytes, over the ${BUDGET}-byte budget`);
  }
});
