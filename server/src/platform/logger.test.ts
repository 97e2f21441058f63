import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, test } from 'node:test';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { AccessLog } from './http/access-log.ts';
import { createLogger, type LoggerOptions, RequestLogger } from './logger.ts';

/** A logger writing into a buffer, and the lines written so far. */
function capture(level: string, options: LoggerOptions = {}) {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk) => {
    text += chunk;
  });
  const log = createLogger(level, { ...options, destination: out });
  return { log, lines: () => text.split('\n').filter(Boolean) };
}

/** A Fastify app on that logger with the portal's access log, after one request to `url`. */
async function serve(options: LoggerOptions, url: string) {
  const { log, lines } = capture('info', options);
  const app = Fastify({ loggerInstance: log as FastifyBaseLogger, logController: new AccessLog('info') });
  app.get('/api/v1/me', async () => ({ ok: true }));
  await app.inject({ url });
  await app.close();
  return lines();
}

describe('logger', () => {
  test('in a terminal a request is one readable line: time, method, URL, status, duration', async () => {
    const lines = await serve({ pretty: true, colorize: false }, '/api/v1/me?x=1');
    assert.equal(lines.length, 1, lines.join('\n'));
    assert.match(lines[0]!, /^\d\d:\d\d:\d\d GET \/api\/v1\/me\?x=1 200 \d+ ms$/);
  });

  test('a failed request names its level; other fields stay on the line as compact JSON', async () => {
    const { log, lines } = capture('info', { pretty: true, colorize: false });
    log.warn({ to: 'a@example.com' }, 'mail refused');
    log.info('ready');
    assert.match(lines()[0]!, /^\d\d:\d\d:\d\d WARN mail refused \{"to":"a@example.com"\}$/);
    assert.match(lines()[1]!, /^\d\d:\d\d:\d\d ready$/);
  });

  test('errors keep their stack below the line', () => {
    const { log, lines } = capture('info', { pretty: true, colorize: false });
    log.error({ err: new Error('disk full') }, 'job failed');
    assert.match(lines()[0]!, /^\d\d:\d\d:\d\d ERROR job failed ?$/);
    assert.ok(lines().some((line) => line.includes('Error: disk full')));
    assert.ok(lines().some((line) => /^\s+at /.test(line)));
  });

  test('a message cannot write control characters to the terminal', () => {
    const { log, lines } = capture('info', { pretty: true, colorize: false });
    log.info('GET /\u001b[2Jx');
    assert.ok(lines()[0]!.endsWith('GET /\\u001b[2Jx'), lines()[0]);
  });

  test('colours only when asked (a colour terminal)', () => {
    const { log, lines } = capture('info', { pretty: true, colorize: true });
    log.warn('slow');
    assert.ok(lines()[0]!.includes('\u001b[33mWARN\u001b[39m'), lines()[0]);
  });

  test('without pretty every line is JSON with the access fields', async () => {
    const lines = await serve({}, '/api/v1/me');
    assert.equal(lines.length, 1);
    const entry = JSON.parse(lines[0]!);
    assert.equal(entry.level, 30);
    assert.equal(entry.msg.startsWith('GET /api/v1/me 200 '), true);
    assert.deepEqual([entry.method, entry.url, entry.status], ['GET', '/api/v1/me', 200]);
    assert.equal(typeof entry.reqId, 'string');
  });

  test('secrets are redacted', () => {
    const { log, lines } = capture('info');
    log.info({ user: { password: 'hunter2hunter2' } }, 'x');
    assert.equal(JSON.parse(lines()[0]!).user.password, '[Redacted]');
  });

  test("a request's logger makes its child only when it writes at a level that is on", () => {
    const { log, lines } = capture('info');
    let children = 0;
    const child = log.child;
    log.child = function (this: typeof log, ...args: Parameters<typeof log.child>) {
      children += 1;
      return child.apply(this, args);
    } as typeof log.child;
    const requestLog = new RequestLogger(log, { reqId: 'req-1' });
    assert.equal(requestLog.level, 'info');
    assert.equal(requestLog.isLevelEnabled('debug'), false);
    requestLog.debug({ detail: 1 }, 'not written');
    requestLog.trace('not written either');
    assert.equal(children, 0);
    assert.deepEqual(lines(), []);
    requestLog.warn({ job: 'mail' }, 'first');
    requestLog.error(new Error('second'));
    assert.equal(children, 1, 'one child, made on the first line and reused');
    const written = lines().map((line) => JSON.parse(line));
    assert.deepEqual(
      written.map((line) => [line.reqId, line.level, line.msg]),
      [
        ['req-1', 40, 'first'],
        ['req-1', 50, 'second'],
      ],
    );
    assert.equal(written[0].job, 'mail');
    // A child of the request's logger carries both bindings.
    requestLog.child({ module: 'jobs' }).info('third');
    assert.equal(JSON.parse(lines()[2]!).reqId, 'req-1');
    assert.equal(JSON.parse(lines()[2]!).module, 'jobs');
  });
});
