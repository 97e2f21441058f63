import { DEFAULT_BUCKET_TEMPLATES } from '@portal/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { rateLimitHeaders } from '../../platform/rate-limit/headers.ts';
import type { ChargeTemplate } from '../../platform/rate-limit/limiter.ts';
import { bucketFor } from './quota.cache.ts';
import { assertServer } from './quota.service.ts';
import { countRequest } from './quota.traffic.ts';

export type QuotaCheck = { server: string; clientId: string; cost?: number | undefined };
export type QuotaCheckOutcome = {
  allowed: boolean;
  /** Refused by the bucket's arithmetic but let through: the bucket is in shadow mode. */
  shadow: boolean;
  headers: Record<string, string>;
};

/** Spec admin §9: an app without a bucket of its own on a server is held to the default templates. */
const DEFAULTS: ChargeTemplate[] = DEFAULT_BUCKET_TEMPLATES.map((t) => ({
  name: t.name,
  fillType: t.fill_type,
  limit: t.limit,
  intervalMs: t.interval_ms,
}));

/**
 * Checks and charges one request of an OAuth client on a server: every template of its bucket
 * together, all or nothing (platform/rate-limit). A shadowed bucket counts the would-be 429 and lets
 * the request through (Envoy's soft launch); an enforced one refuses it.
 */
export async function checkQuota(ctx: AppContext, check: QuotaCheck): Promise<QuotaCheckOutcome> {
  assertServer(ctx, check.server);
  const bucket = await bucketFor(ctx, check.server, check.clientId);
  const templates = bucket
    ? bucket.templates.map((t, i) => ({ ...t, name: `${i}.${t.name}` }))
    : DEFAULTS.map((t, i) => ({ ...t, name: `${i}.${t.name}` }));
  const decision = await ctx.quota.charge({
    namespace: bucket ? `${check.server}:${bucket.id}` : `${check.server}:default:${check.clientId}`,
    templates,
    cost: check.cost ?? 1,
  });
  // Keys carry the template's position (two spike templates stay apart); headers show its name.
  const named = {
    ...decision,
    templates: decision.templates.map((t) => ({ ...t, name: t.name.slice(t.name.indexOf('.') + 1) })),
  };
  const now = ctx.clock.now().getTime();
  if (decision.allowed) {
    if (bucket) countRequest(ctx, bucket.id, 'admitted');
    return { allowed: true, shadow: false, headers: rateLimitHeaders(named, now) };
  }
  if (bucket?.shadow) {
    countRequest(ctx, bucket.id, 'would_refuse');
    return { allowed: true, shadow: true, headers: rateLimitHeaders({ ...named, allowed: true }, now) };
  }
  if (bucket) countRequest(ctx, bucket.id, 'refused');
  return { allowed: false, shadow: false, headers: rateLimitHeaders(named, now) };
}

export const RATE_LIMITED_MESSAGE = 'Rate limit exceeded. Retry after the time in Retry-After.';

/** The 429 of a refused request, in the one error shape, with the rate-limit headers. */
export function rateLimited(outcome: QuotaCheckOutcome) {
  return new AppError('rate_limited', RATE_LIMITED_MESSAGE, { headers: outcome.headers });
}
