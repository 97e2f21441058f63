import { closestToExhaustion, type GcraDecision } from './gcra.ts';

/**
 * The response fields of a checked request (data README, "Rate limits"): X-Rate-Limit-Limit
 * (capacity), -Remaining (whole tokens left) and -Reset (Unix seconds when that template is full
 * again) for the template closest to exhaustion; the IETF fields (draft-ietf-httpapi-ratelimit-headers)
 * RateLimit-Policy for every template and RateLimit for that one; Retry-After (seconds until one token)
 * when refused.
 */
export function rateLimitHeaders(decision: Pick<GcraDecision, 'allowed' | 'templates'>, nowMs: number) {
  const closest = closestToExhaustion(decision);
  const resetSeconds = Math.ceil(closest.fullAtMs / 1000);
  const headers: Record<string, string> = {
    'X-Rate-Limit-Limit': String(closest.limit),
    'X-Rate-Limit-Remaining': String(closest.remaining),
    'X-Rate-Limit-Reset': String(resetSeconds),
    'RateLimit-Policy': decision.templates
      .map((t) => `"${t.name}";q=${t.limit};w=${Math.ceil(t.intervalMs / 1000)}`)
      .join(', '),
    RateLimit: `"${closest.name}";r=${closest.remaining};t=${Math.max(0, Math.ceil((closest.fullAtMs - nowMs) / 1000))}`,
  };
  if (!decision.allowed) headers['Retry-After'] = String(Math.max(1, Math.ceil(closest.oneTokenInMs / 1000)));
  return headers;
}
