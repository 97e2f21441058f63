import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Redis } from 'ioredis';
import { createTestClock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { type ChargeTemplate, createQuotaLimiter, insuranceTemplate } from './limiter.ts';

const DEFAULTS: ChargeTemplate[] = [
  { name: 'main', fillType: 'count', limit: 7200, intervalMs: 3_600_000 },
  { name: 'spike', fillType: 'count', limit: 100, intervalMs: 10_000 },
];

function capturingLog() {
  const warnings: string[] = [];
  const log = {
    warn: (_: unknown, message?: string) => void warnings.push(String(message ?? _)),
    info: () => {},
    debug: () => {},
    error: () => {},
  } as unknown as Logger;
  return { log, warnings };
}

test('the insurance template is limit ÷ instances (an interval stretched below one token each)', () => {
  assert.deepEqual(insuranceTemplate({ name: 'spike', limit: 100, intervalMs: 10_000 }, 3), {
    name: 'spike',
    limit: 33,
    intervalMs: 10_000,
  });
  assert.deepEqual(insuranceTemplate({ name: 'spike', limit: 2, intervalMs: 1_000 }, 3), {
    name: 'spike',
    limit: 1,
    intervalMs: 2_000,
  });
});

test('Redis unreachable: never unlimited, never N × the limit, one warning per outage, admissions counted', async () => {
  // Nothing listens on port 1: every command fails at once (no offline queue, as in bootstrap).
  const redis = new Redis({
    port: 1,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  const { log, warnings } = capturingLog();
  const clock = createTestClock();
  const limiters = [0, 1, 2].map(() =>
    createQuotaLimiter({ redis, prefix: 'wtquota-test', clock, instances: 3, log }),
  );
  let admitted = 0;
  for (let i = 0; i < 300; i++) {
    const decision = await (limiters[i % 3] as (typeof limiters)[number]).charge({
      namespace: 'n',
      templates: DEFAULTS,
      cost: 1,
    });
    assert.equal(decision.underInsurance, true);
    if (decision.allowed) admitted++;
  }
  // Three instances, 33 each: 99 of the limit of 100, never 300.
  assert.equal(admitted, 99);
  assert.equal(warnings.length, 3, 'one line per instance for the outage');
  assert.equal(
    limiters.reduce((sum, l) => sum + l.stats().insuranceAdmissions, 0),
    99,
  );
  assert.ok(limiters.every((l) => l.stats().redisDown));
  redis.disconnect();
});

test('Redis back: the next request is decided on Redis again', { skip: !process.env.REDIS_URL }, async () => {
  const redis = new Redis(process.env.REDIS_URL as string, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  const prefix = `wtquota-test:${Date.now()}`;
  try {
    await new Promise((resolve) => redis.once('ready', resolve));
    const { log, warnings } = capturingLog();
    const limiter = createQuotaLimiter({ redis, prefix, clock: createTestClock(), instances: 3, log });
    const charge = () => limiter.charge({ namespace: 'n', templates: DEFAULTS, cost: 1 });
    assert.equal((await charge()).underInsurance, false);
    // The connection drops; ioredis reconnects by itself (as bootstrap's client does).
    redis.disconnect(true);
    const during = await charge();
    assert.equal(during.underInsurance, true);
    assert.equal(during.templates[1]?.limit, 33);
    assert.equal((await charge()).underInsurance, true);
    await new Promise((resolve) => redis.once('ready', resolve));
    const back = await charge();
    assert.equal(back.underInsurance, false);
    assert.equal(back.templates[1]?.limit, 100);
    // Redis kept its state: 2 of its tokens are gone (the insurance admissions were counted apart).
    assert.equal(back.templates[1]?.remaining, 98);
    assert.equal(limiter.stats().redisDown, false);
    assert.equal(limiter.stats().insuranceAdmissions, 2);
    assert.equal(warnings.length, 1);
  } finally {
    const keys = await redis.keys(`${prefix}:*`).catch(() => []);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
});
