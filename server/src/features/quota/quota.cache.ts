import type { AppContext } from '../../platform/context.ts';
import * as repo from './quota.repo.ts';

/**
 * Buckets by (server, domain), read once per BUCKET_CACHE_MS per process so a checked request costs a
 * map lookup, not a query. An edit here is seen at once; on other instances within this bound.
 */
export const BUCKET_CACHE_MS = 2_000;

type Entry = { row: repo.BucketRow | null; at: number };
const caches = new WeakMap<AppContext['db'], Map<string, Entry>>();

const cacheOf = (ctx: AppContext) => {
  let cache = caches.get(ctx.db);
  if (!cache) {
    cache = new Map();
    caches.set(ctx.db, cache);
  }
  return cache;
};

export async function bucketFor(ctx: AppContext, server: string, domain: string) {
  const cache = cacheOf(ctx);
  const key = `${server}\n${domain}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < BUCKET_CACHE_MS) return hit.row;
  const row = await repo.findBucketForDomain(ctx, server, domain);
  if (cache.size > 50_000) cache.clear();
  cache.set(key, { row, at: now });
  return row;
}

/** After a change on this instance. */
export function forgetBuckets(ctx: AppContext) {
  cacheOf(ctx).clear();
}
