// The size budget as a regression guard (size is not noisy, unlike time):
// what a browser downloads to show the page in each language — the shared
// files plus that language's catalogue for the experiment it opens
// (pkg/locales/<tag>/<id>.json, or <tag>/link.json for a link that carries
// one), the largest of them — gzipped by `gzip -9`, as scripts/bench-size
// measures it, stays within the budget. A language the learner does not
// use is not downloaded, so it is not counted; nor is <tag>.json, which
// only the single file carries.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { WWW } from './harness.mjs';

/**
 * The gzipped budget of the page in one language, in bytes, by the build
 * scripts/build-web made (www/pkg/toolchain): on nightly with std rebuilt
 * and panics that abort at once, which is what the page ships where nightly
 * can be had, 146,500; on stable, 153,500, as that build is about 7 KB
 * larger. They were 145,000 (nightly) and 150,000 (stable) until
 * index.html carried the page's first view (about 4.1 KB) and main.js
 * took it over (about 0.5 KB, minified) with the module's part of it (about
 * 0.6 KB): the README's figures call it out; the nightly budget rose 3,500
 * then and came down 500 with std's optimize_for_size (-561), and both
 * 1,500 when the fixed words became one table (-1,610 nightly, -1,481
 * stable). The nightly one leaves about 820 bytes spare (zh-TW), the
 * stable one about 530.
 */
const BUDGETS = { stable: 153_500, 'nightly-std': 146_500 };
const TOOLCHAIN = readFileSync(join(WWW, 'pkg', 'toolchain'), 'utf8').trim();
const BUDGET = BUDGETS[TOOLCHAIN];

const SHARED = ['index.html', 'pkg/style.css', 'pkg/main.js', 'pkg/gateway_web.js', 'pkg/gateway_web_bg.wasm'];

// gzip itself, as the budget is stated in its bytes (node's zlib at level 9
// makes the module about 3% larger).
const gzipped = (file) => execFileSync('gzip', ['-9', '-c', join(WWW, file)], { maxBuffer: 1 << 24 }).length;

test('the page in each language stays within the gzipped budget', () => {
  assert.ok(BUDGET, `www/pkg/toolchain names a build with a budget: ${TOOLCHAIN}`);
  const shared = SHARED.map(gzipped).reduce((a, b) => a + b, 0);
  const tags = readdirSync(join(WWW, 'pkg', 'locales'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  assert.ok(tags.includes('en') && tags.length >= 2, `languages: ${tags}`);
  for (const tag of tags) {
    // exports.json is downloaded when the declarations panel opens, not to
    // show the page.
    const files = readdirSync(join(WWW, 'pkg', 'locales', tag)).filter((f) => f.endsWith('.json') && f != 'exports.json');
    assert.ok(files.includes('link.json') && files.length >= 10, `${tag}: ${files}`);
    for (const file of files) {
      const total = shared + gzipped(join('pkg', 'locales', tag, file));
      console.log(`${tag}/${file}: ${total} bytes gzipped (shared ${shared}; ${TOOLCHAIN} build)`);
      assert.ok(total <= BUDGET, `${tag}/${file}: the page downloads ${total} gzipped bytes, over the ${BUDGET}-byte budget`);
    }
  }
});
