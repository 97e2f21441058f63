import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { createTestClock } from '../clock.ts';
import { createLogger } from '../logger.ts';
import { rateLimitHeaders } from './headers.ts';
import {
  type ChargeTemplate,
  createQuotaLimiter,
  PATIENT_REDIS_TIMEOUT_MS,
  type QuotaLimiter,
} from './limiter.ts';

// Spec admin §9: the default templates.
const DEFAULTS: ChargeTemplate[] = [
  { name: 'main', fillType: 'count', limit: 7200, intervalMs: 3_600_000 },
  { name: 'spike', fillType: 'count', limit: 100, intervalMs: 10_000 },
];
const log = createLogger('silent');
const redisUrl = process.env.REDIS_URL;
const connections: Redis[] = [];
after(async () => {
  if (!connections[0]) return;
  const keys = await connections[0].keys('wtquota-test:*');
  if (keys.length) await connections[0].del(...keys);
  for (const c of connections) c.disconnect();
});

type Setup = { clock: ReturnType<typeof createTestClock>; limiters: QuotaLimiter[] };

function setups(): Array<[string, () => Setup]> {
  const memory = (): Setup => {
    const clock = createTestClock(new Date('2026-03-01T00:00:00Z'));
    return { clock, limiters: [createQuotaLimiter({ clock, instances: 1, log })] };
  };
  const onRedis = (processes: number) => (): Setup => {
    const clock = createTestClock(new Date('2026-03-01T00:00:00Z'));
    const prefix = `wtquota-test:${randomBytes(6).toString('hex')}`;
    return {
      clock,
      limiters: Array.from({ length: processes }, () => {
        const redis = new Redis(redisUrl as string);
        connections.push(redis);
        return createQuotaLimiter({
          redis,
          prefix,
          clock,
          instances: processes,
          log,
          redisTimeoutMs: PATIENT_REDIS_TIMEOUT_MS,
        });
      }),
    };
  };
  return [
    ['in memory', memory],
    ['on Redis, 1 process', onRedis(1)],
    ['on Redis, 3 processes sharing it', onRedis(3)],
  ];
}

for (const [where, make] of setups()) {
  describe(`bucket arithmetic ${where}`, { skip: where !== 'in memory' && !redisUrl }, () => {
    let turn = 0;
    const charge = (setup: Setup, templates = DEFAULTS, cost = 1) =>
      (setup.limiters[turn++ % setup.limiters.length] as QuotaLimiter).charge({
        namespace: 'Production_US01:1:app',
        templates,
        cost,
      });

    test('150 requests at t=0: exactly 100 admitted, 50 refused with Retry-After and the headers', async () => {
      const setup = make();
      const now = setup.clock.now().getTime();
      const decisions = [];
      for (let i = 0; i < 150; i++) decisions.push(await charge(setup));
      assert.equal(decisions.filter((d) => d.allowed).length, 100);
      assert.ok(decisions.slice(0, 100).every((d) => d.allowed));
      for (const d of decisions.slice(100)) {
        assert.equal(d.allowed, false);
        assert.equal(d.underInsurance, false);
        const headers = rateLimitHeaders(d, now);
        // One spike token comes back 100 ms later: Retry-After rounds up to 1 s.
        assert.equal(headers['Retry-After'], '1');
        assert.equal(headers['X-Rate-Limit-Limit'], '100');
        assert.equal(headers['X-Rate-Limit-Remaining'], '0');
        assert.equal(headers['X-Rate-Limit-Reset'], String(Math.ceil((now + 10_000) / 1000)));
        assert.equal(headers['RateLimit-Policy'], '"main";q=7200;w=3600, "spike";q=100;w=10');
        assert.equal(headers.RateLimit, '"spike";r=0;t=10');
      }
      // A refused request charged no template: main has exactly 7,100 left.
      const next = await charge(setup);
      assert.equal(next.allowed, false);
      assert.equal(next.templates[0]?.remaining, 7100);
      setup.clock.advance(100);
      const one = await charge(setup);
      assert.equal(one.allowed, true);
      assert.equal(one.templates[0]?.remaining, 7099);
    });

    test('50 requests a second for 60 s: exactly 100 + 10 a second admitted', async () => {
      const setup = make();
      let admitted = 0;
      let lastAdmittedCount = 0;
      for (let i = 0; i < 3000; i++) {
        if ((await charge(setup)).allowed) admitted++;
        if (i === 2999) lastAdmittedCount = admitted;
        setup.clock.advance(20);
      }
      // Requests at 0, 20, …, 59,980 ms: the burst of 100, then one spike token every 100 ms after t=0.
      assert.equal(lastAdmittedCount, 100 + Math.floor(59_980 / 100));
    });

    test('once main is drained: exactly 2 a second', async () => {
      const setup = make();
      // 20 a second for 15 minutes: spike lets 10/s through, main refills 2/s, so it drains at 8/s.
      for (let i = 0; i < 20 * 900; i++) {
        await charge(setup);
        setup.clock.advance(50);
      }
      let admitted = 0;
      for (let i = 0; i < 20 * 60; i++) {
        if ((await charge(setup)).allowed) admitted++;
        setup.clock.advance(50);
      }
      assert.equal(admitted, 120);
      const refused = await charge(setup);
      assert.equal(rateLimitHeaders(refused, setup.clock.now().getTime())['X-Rate-Limit-Limit'], '7200');
    });

    test('quota templates take the declared cost, capped at capacity; count templates cost 1', async () => {
      const setup = make();
      const templates: ChargeTemplate[] = [
        { name: 'main', fillType: 'quota', limit: 1000, intervalMs: 60_000 },
        { name: 'spike', fillType: 'count', limit: 5, intervalMs: 1_000 },
      ];
      const first = await charge(setup, templates, 600);
      assert.equal(first.allowed, true);
      assert.deepEqual(
        first.templates.map((t) => t.remaining),
        [400, 4],
      );
      // 600 more would overdraw main: refused, and spike keeps its 4.
      const second = await charge(setup, templates, 600);
      assert.equal(second.allowed, false);
      assert.deepEqual(
        second.templates.map((t) => t.remaining),
        [400, 4],
      );
      // A declared cost past capacity counts as the whole capacity (it could never pass otherwise).
      setup.clock.advance(60_000);
      const huge = await charge(setup, templates, 1_000_000);
      assert.equal(huge.allowed, true);
      assert.equal(huge.templates[0]?.remaining, 0);
    });

    test('fractional emission intervals lose and create nothing (7 tokens per 1,000 ms)', async () => {
      const setup = make();
      const templates: ChargeTemplate[] = [{ name: 'main', fillType: 'count', limit: 7, intervalMs: 1000 }];
      let admitted = 0;
      for (let i = 0; i < 10_000; i++) {
        if ((await charge(setup, templates)).allowed) admitted++;
        setup.clock.advance(1);
      }
      // 7 at once, then exactly 7 per 1,000 ms: tokens at k·1000/7 ms for k = 1.. (t ≤ 9,999).
      assert.equal(admitted, 7 + Math.floor((9_999 * 7) / 1000));
    });
  });
}
