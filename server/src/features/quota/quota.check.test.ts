import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Fastify from 'fastify';
import { errorHandler } from '../../platform/http/error-handler.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { flushApiUsage, recordApiUsage } from '../usage/index.ts';
import { quotaHook } from './quota.hook.ts';
import { flushTraffic } from './quota.traffic.ts';
import { createOauthClient } from './testing.ts';

const V = '/api/v1';
const SPIKE5 = [
  { name: 'main', fill_type: 'count', limit: 7200, interval_ms: 3_600_000 },
  { name: 'spike', fill_type: 'count', limit: 5, interval_ms: 10_000 },
];
let t: TestApp;
let admin: TestClient;
let gateway: TestClient;

before(async () => {
  t = await createTestApp();
  admin = (await t.asNewUser({ role: 'admin' })).client;
  gateway = t.service();
  const owner = await t.createUser({ name: 'Olive Owner' });
  await createOauthClient(t.ctx, owner.id, 'Shadow App', 'shadow-client');
  await createOauthClient(t.ctx, owner.id, 'Enforced App', 'enforced-client');
});
after(() => t.close());

const check = (client_id: string, extra: Record<string, unknown> = {}) =>
  gateway.post(`${V}/quota_minder/check`, { server: 'Production_US01', client_id, ...extra });

const bucket = async (domain: string, shadow: boolean) => {
  const res = await admin.post(`${V}/admin/quota_minder_servers/Production_US01/buckets`, {
    data: { name: `${domain} bucket`, client_id: '*', domain, shadow, bucket_templates: SPIKE5 },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().id as string;
};

describe('the check API for gateways (service access)', () => {
  test('an app without a bucket gets the default templates: 150 at once → 100 admitted, 50 × 429 with Retry-After and the headers', async () => {
    const now = t.ctx.clock.now().getTime();
    const answers = [];
    for (let i = 0; i < 150; i++) answers.push(await check('no-bucket-client'));
    assert.equal(answers.filter((r) => r.statusCode === 200).length, 100);
    const refused = answers.slice(100);
    assert.ok(refused.every((r) => r.statusCode === 429));
    const last = refused.at(-1)!;
    assert.equal(last.json().code, 'rate_limited');
    assert.equal(last.headers['retry-after'], '1');
    assert.equal(last.headers['x-rate-limit-limit'], '100');
    assert.equal(last.headers['x-rate-limit-remaining'], '0');
    assert.equal(last.headers['x-rate-limit-reset'], String(Math.ceil((now + 10_000) / 1000)));
    assert.equal(last.headers['ratelimit-policy'], '"main";q=7200;w=3600, "spike";q=100;w=10');
    const first = answers[0]!;
    assert.deepEqual(first.json().allowed, true);
    assert.equal(first.headers['x-rate-limit-remaining'], '99');
  });

  test('people cannot call it; a bad body is refused; an unknown server is 404', async () => {
    assert.equal(
      (await admin.post(`${V}/quota_minder/check`, { server: 'Production_US01', client_id: 'x' })).statusCode,
      401,
    );
    assert.equal((await check('x', { cost: 0 })).statusCode, 422);
    const unknown = await gateway.post(`${V}/quota_minder/check`, { server: 'Mars', client_id: 'x' });
    assert.equal(unknown.statusCode, 404);
  });

  test('shadow is truthful: the same traffic → would-be 429s on the shadowed copy equal the 429s on the enforced one; the page reads them per day', async () => {
    const shadowId = await bucket('shadow-client', true);
    const enforcedId = await bucket('enforced-client', false);
    let refused = 0;
    for (let second = 0; second < 20; second++) {
      for (let i = 0; i < 3; i++) {
        const shadowed = await check('shadow-client');
        assert.equal(shadowed.statusCode, 200, 'a shadowed bucket never refuses');
        if ((await check('enforced-client')).statusCode === 429) refused++;
      }
      t.clock.advance(1000);
    }
    // 5 at once, then one every 2 s: 5 + 9 admitted of 60 over 19 s.
    assert.equal(refused, 60 - (5 + 9));
    await flushTraffic(t.ctx);
    const day = async (server: string, id: string) =>
      (await admin.get(`${V}/admin/quota_minder_servers/${server}/buckets/${id}/traffic`)).json().days;
    const [shadowDay] = await day('Production_US01', shadowId);
    const [enforcedDay] = await day('Production_US01', enforcedId);
    assert.equal(shadowDay.would_refuse, refused);
    assert.equal(shadowDay.refused, 0);
    assert.equal(enforcedDay.refused, refused);
    assert.equal(enforcedDay.requests, 60);

    // Impact preview: the recorded minutes replayed through a bigger spike throttle fewer.
    /** The impact preview of the enforced bucket with one spike template instead of its own. */
    const impactOfSpike = (limit: number, interval_ms: number) =>
      admin.post(`${V}/admin/quota_minder_servers/Production_US01/buckets/${enforcedId}/impact`, {
        data: { bucket_templates: [{ name: 'spike', fill_type: 'count', limit, interval_ms }] },
      });
    const preview = await impactOfSpike(60, 60_000);
    assert.equal(preview.statusCode, 200, preview.body);
    assert.equal(preview.json().requests, 60);
    assert.equal(preview.json().would_throttle, 0);
    assert.equal(
      preview.json().message,
      'would have throttled 0 requests from app Enforced App in the last 7 days',
    );
    const tighter = await impactOfSpike(10, 3_600_000);
    assert.equal(tighter.json().would_throttle, 50);
    assert.equal(
      tighter.json().message,
      'would have throttled 50 requests from app Enforced App in the last 7 days',
    );
    const bad = await impactOfSpike(0, 1000);
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().message, 'Template 1: limit must be a whole number from 1 to 1,000,000');

    // Switching to enforce: the shadowed copy now refuses.
    const enforce = await admin.patch(`${V}/admin/quota_minder_servers/Production_US01/buckets/${shadowId}`, {
      data: { shadow: false },
    });
    assert.equal(enforce.json().shadow, false);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await check('shadow-client')).statusCode);
    assert.ok(statuses.includes(429));
  });
});

describe('the impact preview reads API usage (issue 26)', () => {
  test('days before the bucket existed are replayed from the app’s API usage counts', async () => {
    const owner = await t.createUser({ name: 'Uma Usage' });
    const client = await createOauthClient(t.ctx, owner.id, 'Usage Replay App', 'usage-replay-client');
    const now = t.clock.now();
    const call = { appId: client.developerAppId, route: '/rest/v1.0/me', method: 'GET', status: 200 };
    try {
      t.clock.set(new Date(now.getTime() - 3 * 86_400_000));
      for (let i = 0; i < 100; i++) recordApiUsage(t.ctx, call);
      t.clock.set(new Date(now.getTime() - 9 * 86_400_000)); // outside the 7 days: not replayed
      for (let i = 0; i < 40; i++) recordApiUsage(t.ctx, call);
      await flushApiUsage(t.ctx);
    } finally {
      t.clock.set(now);
    }
    const id = await bucket('usage-replay-client', false);
    const preview = async (limit: number) =>
      (
        await admin.post(`${V}/admin/quota_minder_servers/Production_US01/buckets/${id}/impact`, {
          data: { bucket_templates: [{ name: 'main', fill_type: 'count', limit, interval_ms: 86_400_000 }] },
        })
      ).json();
    const roomy = await preview(1000);
    assert.equal(roomy.requests, 100);
    assert.equal(roomy.requests_from_api_usage, 100);
    assert.equal(roomy.would_throttle, 0);
    // 10 a day, 100 spread over one day: the burst of 10, then about one more per 2.4 hours.
    const tight = await preview(10);
    assert.ok(tight.would_throttle >= 75 && tight.would_throttle <= 85, String(tight.would_throttle));
    assert.equal(
      tight.message,
      `would have throttled ${tight.would_throttle} requests from app Usage Replay App in the last 7 days`,
    );
  });
});

describe('the platform API hook (a reusable Fastify plugin)', () => {
  test('charges requests on the scope that registers it, answers 429 past the limit, and leaves other routes alone', async () => {
    const platform = Fastify();
    platform.setErrorHandler(errorHandler);
    await platform.register(async (scope) => {
      await scope.register(quotaHook, {
        ctx: t.ctx,
        resolve: (request) => ({
          server: 'Production_US01',
          clientId: String(request.headers['x-client'] ?? ''),
        }),
      });
      scope.get('/platform-test/ping', async () => ({ ok: true }));
    });
    platform.get('/outside', async () => ({ ok: true }));
    try {
      const statuses = [];
      for (let i = 0; i < 110; i++)
        statuses.push(
          (await platform.inject({ url: '/platform-test/ping', headers: { 'x-client': 'hook-client' } }))
            .statusCode,
        );
      assert.equal(statuses.filter((s) => s === 200).length, 100);
      const refused = await platform.inject({
        url: '/platform-test/ping',
        headers: { 'x-client': 'hook-client' },
      });
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.headers['retry-after'], '1');
      assert.equal(refused.headers['x-rate-limit-limit'], '100');
      const outside = await platform.inject({ url: '/outside' });
      assert.equal(outside.statusCode, 200);
      assert.equal(outside.headers['x-rate-limit-limit'], undefined);
    } finally {
      await platform.close();
    }
  });

  test("is never on the portal's own /api", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await admin.get(`${V}/admin/quota_minder_servers`);
      assert.equal(res.headers['x-rate-limit-limit'], undefined);
      assert.equal(res.headers.ratelimit, undefined);
    }
  });
});
