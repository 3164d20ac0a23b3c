// The page prints every number as JavaScript does (issue 14): the core's
// json::js_number against node's String(x), over the edge cases (±0, the
// subnormals, 1e21 and 1e-7 where the notation changes, the largest and
// smallest doubles, integers around 2^53, shortest-digit ties) and a
// million doubles from a fixed xorshift sequence of bit patterns (every
// exponent alike), plus a million short decimals as JSON text writes them.
// No browser: the core's own binary (crates/gateway-core/src/bin/js-number.rs).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { ROOT } from './harness.mjs';

const view = new DataView(new ArrayBuffer(8));
const bits = (x) => {
  view.setFloat64(0, x);
  return view.getBigUint64(0).toString(16).padStart(16, '0');
};
const fromBits = (b) => {
  view.setBigUint64(0, b);
  return view.getFloat64(0);
};

function edgeCases() {
  const xs = [0, -0, 1, -1, 0.1, 0.2, 0.1 + 0.2, 1e21, 1e21 - 65536, 999999999999999900000, 1e-7, 1.5e-7, 9.999999999999999e-8,
    1e-6, 123e-20, 5e-324, -5e-324, 2.2250738585072014e-308, 2.225073858507201e-308, Number.MAX_VALUE, -Number.MAX_VALUE,
    Number.MIN_VALUE, Number.EPSILON, 2 ** 53, 2 ** 53 - 1, 2 ** 53 + 2, -(2 ** 53), 2 ** 63, 2 ** 64, 2 ** -1074, 2 ** -1022,
    1 / 3, 2 / 3, 100, 1e100, 1.7976931348623157e308, 4.35, 0.000001, 1e-323, 9.881312916824931e-324, 1e300 * 10, NaN, -Infinity];
  // Subnormals: every small multiple of the smallest.
  for (let k = 1n; k < 2000n; k += 1n) xs.push(fromBits(k));
  // Powers of two and ten across the range, and their neighbours.
  for (let e = -1074; e <= 1023; e += 1) {
    const p = 2 ** e;
    xs.push(p, -p);
    view.setFloat64(0, p);
    const b = view.getBigUint64(0);
    xs.push(fromBits(b + 1n), fromBits(b - 1n));
  }
  for (let e = -323; e <= 308; e += 1) xs.push(Number(`1e${e}`), Number(`5e${e}`), Number(`9.5e${e}`));
  return xs;
}

function* randomDoubles(n) {
  let s = 0x9e3779b97f4a7c15n;
  const mask = (1n << 64n) - 1n;
  for (let i = 0; i < n; i += 1) {
    s ^= (s << 13n) & mask;
    s ^= s >> 7n;
    s ^= (s << 17n) & mask;
    yield fromBits(s);
  }
}

function* shortDecimals(n) {
  let s = 12345;
  const next = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s;
  };
  for (let i = 0; i < n; i += 1) {
    const digits = String(next() % 100000000).padStart(1 + (next() % 8), '0');
    const point = next() % (digits.length + 1);
    const exp = (next() % 60) - 30;
    yield Number(`${digits.slice(0, point) || '0'}.${digits.slice(point) || '0'}e${exp}`);
  }
}

function compare(label, xs) {
  const input = `${xs.map(bits).join('\n')}\n`;
  const out = execFileSync('cargo', ['run', '--quiet', '--release', '--locked', '-p', 'gateway-core', '--bin', 'js-number'], {
    cwd: ROOT,
    input,
    maxBuffer: 1 << 28,
  })
    .toString()
    .split('\n');
  const differ = [];
  xs.forEach((x, i) => {
    if (out[i] !== String(x)) differ.push(`${bits(x)}: String(x) ${String(x)}, js_number ${out[i]}`);
  });
  console.log(`${label}: ${xs.length} doubles, ${differ.length} printed differently`);
  assert.deepEqual(differ.slice(0, 20), []);
}

test('the edge cases print as String(x) does', { timeout: 600_000 }, () => compare('edge cases', edgeCases()));

test('a million doubles from random bit patterns print as String(x) does', { timeout: 600_000 }, () =>
  compare('random bit patterns', [...randomDoubles(1_000_000)]));

test('a million short decimals print as String(x) does', { timeout: 600_000 }, () =>
  compare('short decimals', [...shortDecimals(1_000_000)]));
