// What the rate-limit hook adds to a request (issue 25): the same route with and without `quotaHook`,
// requests offered at 500 a second for BENCH_QUOTA_SECONDS (10) each, in memory and (with REDIS_URL)
// on Redis. Prints the p50 and p99 of each and their difference. Run: node bench/quota-hook.ts
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import Fastify from 'fastify';
import { quotaHook } from '../src/features/quota/index.ts';
import { errorHandler } from '../src/platform/http/error-handler.ts';
import { createTestApp } from '../src/test/helpers.ts';

const RATE = 500;
const SECONDS = Number(process.env.BENCH_QUOTA_SECONDS ?? 10);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

async function measure(withHook: boolean, t: TestApp) {
  const { ctx } = t;
  const app = Fastify();
  app.setErrorHandler(errorHandler);
  await app.register(async (scope) => {
    if (withHook)
      await scope.register(quotaHook, {
        ctx,
        // 50 clients in turn, 10 requests a second each: the defaults (100 per 10 s) never refuse, so
        // the cost measured is the check itself, not the 429.
        resolve: (request) => ({ server: 'Production_US01', clientId: String(request.headers['x-client']) }),
      });
    scope.get('/platform/ping', async () => ({ ok: true }));
  });
  await app.ready();
  const latencies: number[] = [];
  const total = RATE * SECONDS;
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await delay(wait);
    // The test app's clock follows real time here (its buckets refill as in production).
    t.clock.set(new Date());
    const t0 = performance.now();
    await app.inject({
      url: '/platform/ping',
      headers: { 'x-client': `bench-${withHook ? 'w' : 'o'}-${i % 50}` },
    });
    latencies.push(performance.now() - t0);
  }
  await app.close();
  return latencies.sort((a, b) => a - b);
}

for (const redis of [false, ...(process.env.REDIS_URL ? [true] : [])]) {
  const t = await createTestApp(redis ? { redisUrl: process.env.REDIS_URL } : { redisUrl: undefined });
  await measure(true, t); // warm-up (JIT, Redis script load, bucket cache)
  const without = await measure(false, t);
  const withHook = await measure(true, t);
  const row = {
    store: redis ? 'redis (loopback)' : 'memory',
    offered: `${RATE} req/s × ${SECONDS} s`,
    p50_without: pct(without, 50).toFixed(3),
    p50_with: pct(withHook, 50).toFixed(3),
    p50_added_ms: (pct(withHook, 50) - pct(without, 50)).toFixed(3),
    p99_without: pct(without, 99).toFixed(3),
    p99_with: pct(withHook, 99).toFixed(3),
    p99_added_ms: (pct(withHook, 99) - pct(without, 99)).toFixed(3),
  };
  console.log(JSON.stringify(row));
  await t.close();
}
