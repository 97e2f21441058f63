// A separate process for parallel.test.ts: fires its share of requests at once against the
// shared Redis and prints how many were admitted. argv: redis url, prefix, count, now (ms), templates json.
import { Redis } from 'ioredis';
import { createLogger } from '../logger.ts';
import { createQuotaLimiter, PATIENT_REDIS_TIMEOUT_MS } from './limiter.ts';

const [url, prefix, count, now, templates] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
];
const redis = new Redis(url);
const limiter = createQuotaLimiter({
  redis,
  prefix,
  clock: { now: () => new Date(Number(now)) },
  instances: 3,
  log: createLogger('silent'),
  redisTimeoutMs: PATIENT_REDIS_TIMEOUT_MS,
});
const decisions = await Promise.all(
  Array.from({ length: Number(count) }, () =>
    limiter.charge({ namespace: 'Production_US01:1:app', templates: JSON.parse(templates), cost: 1 }),
  ),
);
process.stdout.write(
  JSON.stringify({
    admitted: decisions.filter((d) => d.allowed).length,
    insured: decisions.filter((d) => d.underInsurance).length,
  }),
);
redis.disconnect();
