import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from './test/helpers.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const chunk = `export const answer = ${'42 + '.repeat(200)}0;\n`;
const html =
  '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>';

/** A web build as `vite build` leaves it: hashed assets with brotli/gzip twins, a manifest, no maps. */
function fakeDist() {
  const dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), html);
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), chunk);
  writeFileSync(path.join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(chunk));
  writeFileSync(path.join(dist, 'assets/index-abc123.js.gz'), gzipSync(chunk));
  // Left behind by a build with source maps on: still never served.
  writeFileSync(path.join(dist, 'assets/index-abc123.js.map'), '{"sources":["src/secret.ts"]}');
  writeFileSync(path.join(dist, '.vite/manifest.json'), '{}');
  return dist;
}

describe('the built web app', () => {
  let t: TestApp;
  let dist: string;
  before(async () => {
    dist = fakeDist();
    t = await createTestApp({ webDist: dist });
  });
  after(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  test('hashed assets go out precompressed, cached for a year', async () => {
    const br = await get('/assets/index-abc123.js', 'br, gzip');
    assert.equal(br.statusCode, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers['cache-control'], IMMUTABLE);
    assert.match(String(br.headers['content-type']), /javascript/);
    assert.match(String(br.headers.vary), /accept-encoding/i);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.rawPayload).toString(), chunk);

    const plain = await get('/assets/index-abc123.js');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, chunk);
    assert.equal(plain.headers['cache-control'], IMMUTABLE);
  });

  test('index.html is revalidated on every load, at / and at any app path', async () => {
    for (const url of ['/', '/login', '/developer_apps/123?tab=keys']) {
      const res = await get(url, 'br');
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.headers['cache-control'], 'no-cache', url);
      assert.equal(res.headers['content-encoding'], 'br', url);
      assert.match(String(res.headers['content-type']), /text\/html/, url);
    }
  });

  test('source maps, build metadata and unknown assets are 404s, not the app', async () => {
    for (const url of [
      '/assets/index-abc123.js.map',
      '/assets/missing-chunk.js',
      '/.vite/manifest.json',
      '/index-abc123.js.map',
    ]) {
      const res = await get(url, 'br, gzip');
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.json().code, 'not_found', url);
    }
  });
});
