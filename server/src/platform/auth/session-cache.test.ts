import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { createSessionCache, SESSION_CACHE_TTL_MS } from './session-cache.ts';
import type { SessionUser } from './session-user.ts';

const user = (id: string): SessionUser => ({
  id,
  name: 'Ada',
  email: `${id}@example.com`,
  role: 'developer',
  employee: false,
  procoreId: 1,
  companyName: null,
  criticalEmails: true,
  developerAppsBeta: false,
});
const inAnHour = (now: number) => new Date(now + 3_600_000);

describe('session cache', () => {
  test('trusts a verified cookie for the TTL, then asks again', () => {
    let now = 1_000_000;
    const cache = createSessionCache({ now: () => now });
    cache.set('cookie-a', user('u1'), inAnHour(now));
    assert.equal(cache.get('cookie-a')?.id, 'u1');
    assert.equal(cache.get('cookie-b'), undefined);
    now += SESSION_CACHE_TTL_MS - 1;
    assert.equal(cache.get('cookie-a')?.id, 'u1');
    now += 1;
    assert.equal(cache.get('cookie-a'), undefined);
  });

  test('never outlives the session itself', () => {
    let now = 1_000_000;
    const cache = createSessionCache({ now: () => now });
    cache.set('cookie-a', user('u1'), new Date(now + 5_000));
    now += 5_000;
    assert.equal(cache.get('cookie-a'), undefined);
  });

  test('forgets one session or every session of a user at once', () => {
    const now = 1_000_000;
    const cache = createSessionCache({ now: () => now });
    cache.set('a1', user('a'), inAnHour(now));
    cache.set('a2', user('a'), inAnHour(now));
    cache.set('b1', user('b'), inAnHour(now));
    cache.forgetSession('a1');
    assert.equal(cache.get('a1'), undefined);
    assert.equal(cache.get('a2')?.id, 'a');
    cache.forgetUser('a');
    assert.equal(cache.get('a2'), undefined);
    assert.equal(cache.get('b1')?.id, 'b');
  });

  test('with Redis, a forget on one instance reaches the others', {
    skip: !process.env.REDIS_URL,
  }, async () => {
    const prefix = `test:${randomBytes(4).toString('hex')}`;
    // As the portal makes its client (bootstrap.ts): nothing is queued while it is not connected.
    const redisA = new Redis(process.env.REDIS_URL!, { enableOfflineQueue: false });
    const redisB = new Redis(process.env.REDIS_URL!, { enableOfflineQueue: false });
    const a = createSessionCache({ redis: redisA, prefix });
    const b = createSessionCache({ redis: redisB, prefix });
    try {
      // Wait until both instances hear the channel: each cache's own signal, which follows its
      // subscription's confirmation. (Redis counting both subscribers, PUBSUB NUMSUB, came earlier
      // than that on a loaded machine: the cache was not yet listening, so it cached nothing.)
      await Promise.all([a.listening, b.listening]);
      b.set('cookie', user('u1'), inAnHour(Date.now()));
      assert.equal(b.get('cookie')?.id, 'u1', 'subscribed, it caches');
      a.forgetUser('u1');
      const deadline = Date.now() + 15_000;
      while (b.get('cookie') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      assert.equal(b.get('cookie'), undefined);
    } finally {
      a.close();
      b.close();
      redisA.disconnect();
      redisB.disconnect();
    }
  });

  test('with Redis, nothing is cached until the subscription is confirmed, nor while Redis is away', {
    skip: !process.env.REDIS_URL,
  }, async () => {
    const prefix = `test:${randomBytes(4).toString('hex')}`;
    // Named, so that this test finds its own subscriber among whatever else uses the Redis.
    const name = `session-cache-${prefix.slice(5)}`;
    const redis = new Redis(process.env.REDIS_URL!, { enableOfflineQueue: false, connectionName: name });
    const cache = createSessionCache({ redis, prefix });
    try {
      // Straight after start-up the subscriber is still connecting: a forget from elsewhere would
      // go unheard, so a verified session is not kept.
      cache.set('early', user('u1'), inAnHour(Date.now()));
      assert.equal(cache.get('early'), undefined);
      await cache.listening;
      cache.set('cookie', user('u1'), inAnHour(Date.now()));
      assert.equal(cache.get('cookie')?.id, 'u1');
      // The subscriber's connection drops (as when Redis restarts): what it held is forgotten, and
      // nothing new is kept until it has subscribed again.
      const clients = (await redis.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
      const ours = clients
        .split('\n')
        .filter((line) => line.includes(` name=${name} `) && line.includes(' sub=1 '))
        .map((line) => /id=(\d+)/.exec(line)?.[1])
        .filter(Boolean);
      assert.equal(ours.length, 1, clients);
      for (const id of ours) await redis.call('CLIENT', 'KILL', 'ID', id!);
      const deadline = Date.now() + 5_000;
      while (cache.get('cookie') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      assert.equal(cache.get('cookie'), undefined);
    } finally {
      cache.close();
      redis.disconnect();
    }
  });
});
