import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import pino from 'pino';
import { buildApp } from '../../app.ts';
import { useTestApp } from '../../test/helpers.ts';
import { securityHeaders } from './security-headers.ts';

const t = useTestApp();

test('API responses are compressed with brotli or gzip when the client accepts it', async () => {
  const plain = await t.app.inject({ url: '/api/v1/openapi.json' });
  assert.equal(plain.headers['content-encoding'], undefined);
  const br = await t.app.inject({ url: '/api/v1/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.ok(br.rawPayload.length < plain.rawPayload.length / 3, 'brotli shrinks the document');
  assert.deepEqual(JSON.parse(brotliDecompressSync(br.rawPayload).toString()), plain.json());
  const gzip = await t.app.inject({ url: '/api/v1/openapi.json', headers: { 'accept-encoding': 'gzip' } });
  assert.equal(gzip.headers['content-encoding'], 'gzip');
  assert.deepEqual(JSON.parse(gunzipSync(gzip.rawPayload).toString()), plain.json());
  // Tiny bodies are not worth compressing.
  const small = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br' } });
  assert.equal(small.headers['content-encoding'], undefined);
});

test('security headers are the same on every response, HSTS only over https', async () => {
  const health = await t.app.inject({ url: '/healthz' });
  const api = await t.app.inject({ url: '/api/v1/config' });
  for (const name of [
    'content-security-policy',
    'x-content-type-options',
    'referrer-policy',
    'x-frame-options',
  ]) {
    assert.ok(health.headers[name], `${name} on /healthz`);
    assert.equal(health.headers[name], api.headers[name]);
  }
  assert.match(String(health.headers['content-security-policy']), /object-src 'none'/);
  assert.match(String(health.headers['content-security-policy']), /frame-ancestors 'none'/);
  assert.equal(health.headers['strict-transport-security'], undefined);
  assert.match(securityHeaders({ https: true })['strict-transport-security'] ?? '', /max-age=\d+/);
});

test('one access-log line per request; server errors and slow requests at warn', async () => {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).trim().split('\n')) lines.push(JSON.parse(line));
      done();
    },
  });
  const log = pino({ level: 'info' }, sink);
  const app = await buildApp({ ...t.ctx, log }, { accessLog: 'info' });
  app.get('/boom', { config: { access: 'public' } }, async () => {
    throw new Error('kaput');
  });
  try {
    await app.inject({ url: '/healthz' });
    await app.inject({ url: '/api/v1/nothing' });
    await app.inject({ url: '/boom' });
    const access = lines.filter((line) => typeof line.status === 'number');
    assert.deepEqual(
      access.map((line) => [line.msg, line.level]),
      [
        [`GET /healthz 200 ${access[0]!.ms} ms`, 30],
        [`GET /api/v1/nothing 404 ${access[1]!.ms} ms`, 30],
        [`GET /boom 500 ${access[2]!.ms} ms`, 40],
      ],
    );
    lines.length = 0;
    const quiet = await buildApp({ ...t.ctx, log }, { accessLog: 'debug' });
    await quiet.inject({ url: '/healthz' });
    assert.equal(lines.filter((line) => typeof line.status === 'number').length, 0);
    assert.ok(!JSON.stringify(lines).includes('incoming request'), "Fastify's own request lines are off");
    await quiet.close();
  } finally {
    await app.close();
  }
});

test('the upload parser and its per-request hooks are in the API scope only', async () => {
  const app = await buildApp(t.ctx, { logger: false });
  app.get('/probe', { config: { access: 'public' } }, async (request) => ({
    parses: 'isMultipart' in request,
  }));
  try {
    // Outside /api no request is multipart-aware (the uploads' own tests cover the API taking them).
    assert.deepEqual((await app.inject({ url: '/probe' })).json(), { parses: false });
  } finally {
    await app.close();
  }
});

/** The hooks `printRoutes` lists for one route and method, by hook name. */
function hooksOf(printed: string, url: string, method: string): Record<string, string[]> {
  const lines = printed.split('\n');
  const start = lines.findIndex((line) => line.includes(`${url} (${method})`));
  assert.ok(start >= 0, `${method} ${url} is listed`);
  const hooks: Record<string, string[]> = {};
  for (const line of lines.slice(start + 1)) {
    const match = /• \((\w+)\) (\[.*\])/.exec(line);
    if (!match) break;
    hooks[match[1]!] = JSON.parse(match[2]!);
  }
  return hooks;
}

test('a route that takes no input runs only the hooks every response needs; body routes refuse encoded bodies first', async () => {
  const app = await buildApp(t.ctx, { logger: false });
  try {
    await app.ready();
    const printed = app.printRoutes({ includeHooks: true, commonPrefix: false });
    // Cookies and the one security-and-access hook (main.ts adds draining's two): no body
    // decoding, no text guard, and on the probes, whose few bytes are never compressed, no
    // compression either.
    assert.deepEqual(hooksOf(printed, '/healthz', 'GET'), {
      onRequest: ['fastifyCookieHandler()', 'anonymous()'],
      onSend: ['fastifyCookieOnSendHandler()'],
    });
    assert.deepEqual(hooksOf(printed, '/api/v1/config', 'GET').onSend, [
      'fastifyCookieOnSendHandler()',
      'onSend()',
    ]);
    const accept = hooksOf(printed, '/api/v1/invitations', 'POST');
    assert.equal(accept.preParsing?.[0], 'refuseEncodedBody()');
    assert.equal(accept.preValidation?.[0], 'refuseUnstorableText()');
    // An idempotent route stores its response before compression sees it.
    assert.deepEqual(accept.onSend?.slice(-2), ['storeClaimed()', 'onSend()']);
  } finally {
    await app.close();
  }
});

test('a compressed request body is refused with 415 in the one error shape, never inflated', async () => {
  const app = await buildApp(t.ctx, { logger: false });
  const seen: unknown[] = [];
  app.post('/api/v1/echo', { config: { access: 'public', csrf: false } }, async (request) => {
    seen.push(request.body);
    return { body: request.body };
  });
  try {
    const body = JSON.stringify({ name: 'x'.repeat(5000) });
    const send = (headers: Record<string, string>, payload: string | Buffer) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/echo',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
    for (const encoding of ['gzip', 'GZIP', 'br', 'deflate, gzip']) {
      const res = await send({ 'content-encoding': encoding }, gzipSync(body));
      assert.equal(res.statusCode, 415, encoding);
      assert.equal(res.json().code, 'unsupported_media_type');
      assert.match(res.json().message, /Send the body uncompressed/);
      assert.ok(res.json().request_id);
    }
    assert.deepEqual(seen, [], 'no handler ran');
    const identity = await send({ 'content-encoding': 'identity' }, body);
    assert.equal(identity.statusCode, 200);
    assert.deepEqual(identity.json(), { body: JSON.parse(body) });
    assert.equal((await send({}, body)).statusCode, 200);
  } finally {
    await app.close();
  }
});
