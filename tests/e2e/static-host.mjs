// A static host for the benchmarks (bench-first-render.mjs) and the
// Lighthouse figures (tests/lighthouse/run.mjs). It imports nothing outside
// Node, so a package other than tests/e2e can use it without installing the
// browser tests' npm tools.

import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Content types by extension, for the tests' own static servers of dist/. */
export const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};

/**
 * Serves `dir` on an ephemeral port of 127.0.0.1 as a static host does, not
 * as devserve (which stores nothing and compresses nothing, for
 * development): gzip -9 when the browser accepts it, an ETag, and
 * `Cache-Control: max-age=600` (GitHub Pages' figure), so a warm load reads
 * the HTTP cache and a throttled one moves the gzipped bytes that
 * scripts/bench-size counts. Resolves to { url, close }.
 */
export function startStaticHost(dir) {
  // Each file read, compressed and tagged once: { raw, gz, etag }.
  const files = new Map();
  const server = createServer((req, res) => {
    let path = normalize(decodeURIComponent(new URL(req.url, 'http://host').pathname));
    if (path.endsWith('/')) path += 'index.html';
    const file = join(dir, path);
    if (path.includes('..') || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end();
      return;
    }
    if (!files.has(file)) {
      const raw = readFileSync(file);
      files.set(file, { raw, gz: gzipSync(raw, { level: 9 }), etag: createHash('sha1').update(raw).digest('hex') });
    }
    const { raw, gz, etag } = files.get(file);
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const tag = `"${etag}${gzip ? '-gzip' : ''}"`;
    const headers = { 'Cache-Control': 'max-age=600', ETag: tag, Vary: 'Accept-Encoding' };
    if (req.headers['if-none-match'] == tag) {
      res.writeHead(304, headers).end();
      return;
    }
    headers['Content-Type'] = MIME_TYPES[extname(file)] ?? 'application/octet-stream';
    if (gzip) headers['Content-Encoding'] = 'gzip';
    res.writeHead(200, headers).end(req.method == 'HEAD' ? undefined : gzip ? gz : raw);
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () =>
      ok({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((done) => { server.close(done); server.closeAllConnections(); }) }),
    ),
  );
}
