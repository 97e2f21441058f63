import type { Redis } from 'ioredis';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { type GcraDecision, type GcraTemplate, templateCost } from './gcra.ts';
import { type BucketStore, memoryBucketStore, redisBucketStore } from './store.ts';

export type ChargeTemplate = GcraTemplate & { fillType: 'count' | 'quota' };

export type ChargeRequest = {
  /** Whose tokens: server, bucket and caller, e.g. `Production_US01:42:<client id>`. */
  namespace: string;
  templates: ChargeTemplate[];
  /** A `quota` template's declared cost (capped at its capacity); `count` templates cost 1. */
  cost: number;
};

export type QuotaDecision = GcraDecision & {
  /** Decided by the insurance limiter because Redis did not answer. */
  underInsurance: boolean;
};

export type QuotaLimiter = {
  charge(request: ChargeRequest): Promise<QuotaDecision>;
  stats(): { store: 'redis' | 'memory'; redisDown: boolean; insuranceAdmissions: number; instances: number };
};

/** How long a Redis answer may take before the insurance limiter decides instead. */
export const REDIS_TIMEOUT_MS = 250;
/**
 * What tests of Redis's own exactness wait instead: on a loaded machine (CI runs suites side by
 * side) a thousand charges at once may take longer than the production timeout, and a slow answer
 * must not hand a request to the insurance limiter, whose decisions are another test's.
 */
export const PATIENT_REDIS_TIMEOUT_MS = 30_000;

/**
 * The insurance template: limit ÷ instances, so N instances deciding alone admit at most the limit
 * together (docs/decisions.md, "Rate-limit buckets"). Below one token per instance, the interval
 * stretches instead.
 */
export function insuranceTemplate(template: GcraTemplate, instances: number): GcraTemplate {
  if (template.limit >= instances) return { ...template, limit: Math.floor(template.limit / instances) };
  return { ...template, limit: 1, intervalMs: template.intervalMs * Math.ceil(instances / template.limit) };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error('quota: Redis timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Charges buckets on Redis when it is configured (shared by every instance), in memory otherwise.
 * When Redis fails, requests are decided by an in-memory insurance limiter at limit ÷ instances:
 * never unlimited, never N × the limit, never a 5xx; one warning per outage, and every request tries
 * Redis again (ioredis reconnects within 500 ms), so recovery follows Redis within a second or two.
 */
export function createQuotaLimiter(options: {
  redis?: Redis;
  prefix?: string;
  clock: Clock;
  instances: number;
  log: Logger;
  /** How long a Redis answer may take (REDIS_TIMEOUT_MS); tests of Redis's own exactness wait longer. */
  redisTimeoutMs?: number;
}): QuotaLimiter {
  const prefix = `${options.prefix ?? 'portal'}:quota`;
  const primary: BucketStore = options.redis ? redisBucketStore(options.redis) : memoryBucketStore();
  const insurance = memoryBucketStore();
  let redisDown = false;
  let insuranceAdmissions = 0;

  const decideOn = (store: BucketStore, request: ChargeRequest, templates: GcraTemplate[]) =>
    store.decide(
      templates.map((t) => `${prefix}:{${request.namespace}}:${t.name}`),
      templates,
      request.templates.map((t, i) =>
        t.fillType === 'quota' ? templateCost(templates[i] as GcraTemplate, request.cost) : 1,
      ),
      options.clock.now().getTime(),
    );

  return {
    async charge(request) {
      const templates = request.templates.map(({ name, limit, intervalMs }) => ({ name, limit, intervalMs }));
      if (!options.redis) return { ...(await decideOn(primary, request, templates)), underInsurance: false };
      try {
        const decision = await withTimeout(
          decideOn(primary, request, templates),
          options.redisTimeoutMs ?? REDIS_TIMEOUT_MS,
        );
        redisDown = false;
        return { ...decision, underInsurance: false };
      } catch (error) {
        if (!redisDown)
          options.log.warn(
            { err: error, instances: options.instances },
            'quota: Redis is not answering; buckets run on the insurance limiter (limit ÷ instances) until it is back',
          );
        redisDown = true;
        const decision = await decideOn(
          insurance,
          request,
          templates.map((t) => insuranceTemplate(t, options.instances)),
        );
        if (decision.allowed) insuranceAdmissions += 1;
        return { ...decision, underInsurance: true };
      }
    },
    stats: () => ({
      store: options.redis ? 'redis' : 'memory',
      redisDown,
      insuranceAdmissions,
      instances: options.instances,
    }),
  };
}
