import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, test } from 'node:test';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { ERROR_STATUS } from '../errors.ts';

let t: TestApp;
let port: number;
before(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
after(() => t.close());

/** Sends raw bytes over a new connection and reads the whole answer (the server closes it). */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    socket.end(request);
  });
}

function assertErrorShape(answer: { status: number; headers: string; body: string }, code: string) {
  const body = JSON.parse(answer.body);
  assert.deepEqual(Object.keys(body).sort(), ['code', 'errors', 'message', 'request_id']);
  assert.equal(body.code, code);
  assert.equal(answer.status, ERROR_STATUS[code as keyof typeof ERROR_STATUS]);
  assert.deepEqual(body.errors, [body.message]);
  assert.match(body.request_id, /^[\w-]{8,64}$/);
  assert.match(answer.headers, /content-type: application\/json/i);
  assert.match(answer.headers, /x-content-type-options: nosniff/i);
}

test('a URL over 16 kB gets 431 in the one error shape, not Fastify’s', async () => {
  const url = `/api/v1/marketplace/apps?filters[search]=${'x'.repeat(17 * 1024)}`;
  const answer = await raw(`GET ${url} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  assertErrorShape(answer, 'headers_too_large');
  assert.match(JSON.parse(answer.body).message, /too long/);
});

test('headers over 16 kB and a malformed request answer in the one error shape too', async () => {
  const cookie = `a=${'y'.repeat(17 * 1024)}`;
  assertErrorShape(
    await raw(`GET /api/v1/config HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\n\r\n`),
    'headers_too_large',
  );
  assertErrorShape(await raw('NOT A REQUEST\r\n\r\n'), 'bad_request');
  // The server goes on answering.
  const ok = await fetch(`http://127.0.0.1:${port}/healthz`);
  assert.equal(ok.status, 200);
});
