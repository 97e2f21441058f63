import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, test } from 'node:test';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { createTestClock } from '../clock.ts';
import { createLogger } from '../logger.ts';
import { type ChargeTemplate, createQuotaLimiter } from './limiter.ts';

const run = promisify(execFile);
const redisUrl = process.env.REDIS_URL;
const child = path.join(import.meta.dirname, 'parallel-child.ts');

const cases: Array<[string, ChargeTemplate[], number]> = [
  [
    'defaults: spike is the minimum',
    [
      { name: 'main', fillType: 'count', limit: 7200, intervalMs: 3_600_000 },
      { name: 'spike', fillType: 'count', limit: 100, intervalMs: 10_000 },
    ],
    100,
  ],
  [
    'main below spike: main is the minimum',
    [
      { name: 'main', fillType: 'count', limit: 37, intervalMs: 3_600_000 },
      { name: 'spike', fillType: 'count', limit: 100, intervalMs: 10_000 },
    ],
    37,
  ],
];

describe('1,000 parallel requests: admitted equals the minimum over the templates', () => {
  for (const [name, templates, expected] of cases) {
    test(`in memory, ${name}`, async () => {
      const limiter = createQuotaLimiter({
        clock: createTestClock(),
        instances: 1,
        log: createLogger('silent'),
      });
      const decisions = await Promise.all(
        Array.from({ length: 1000 }, () => limiter.charge({ namespace: 'n', templates, cost: 1 })),
      );
      assert.equal(decisions.filter((d) => d.allowed).length, expected);
    });

    test(`from 3 processes on one Redis, ${name}`, { skip: !redisUrl }, async () => {
      const prefix = `wtquota-test:${randomBytes(6).toString('hex')}`;
      const now = String(Date.parse('2026-03-01T00:00:00Z'));
      try {
        const results = await Promise.all(
          [334, 333, 333].map((count) =>
            run(process.execPath, [
              child,
              redisUrl as string,
              prefix,
              String(count),
              now,
              JSON.stringify(templates),
            ]),
          ),
        );
        const parsed = results.map((r) => JSON.parse(r.stdout) as { admitted: number; insured: number });
        assert.deepEqual(
          parsed.map((r) => r.insured),
          [0, 0, 0],
          'every charge was decided on Redis',
        );
        assert.equal(
          parsed.reduce((sum, r) => sum + r.admitted, 0),
          expected,
        );
      } finally {
        const redis = new Redis(redisUrl as string);
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length) await redis.del(...keys);
        redis.disconnect();
      }
    });
  }
});
