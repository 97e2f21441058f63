import type { AppContext } from '../../platform/context.ts';
import * as repo from './quota.repo.ts';

/**
 * Buckets by (server, domain), so a checked request costs a map lookup, not a query. An entry older
 * than BUCKET_CACHE_MS is answered as it is while it is read again in the background (no request
 * waits on the database after a client's first); an edit here is seen at once, on other instances
 * within about this bound.
 */
export const BUCKET_CACHE_MS = 2_000;

type Entry = { row: repo.BucketRow | null; at: number; refreshing?: boolean };
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
  if (hit) {
    if (now - hit.at >= BUCKET_CACHE_MS && !hit.refreshing) {
      hit.refreshing = true;
      repo
        .findBucketForDomain(ctx, server, domain)
        .then((row) => cache.set(key, { row, at: Date.now() }))
        .catch((error) => {
          hit.refreshing = false;
          ctx.log.warn({ err: error }, 'quota: bucket not read again; the last one is used');
        });
    }
    return hit.row;
  }
  const row = await repo.findBucketForDomain(ctx, server, domain);
  if (cache.size > 50_000) cache.clear();
  cache.set(key, { row, at: now });
  return row;
}

/** After a change on this instance. */
export function forgetBuckets(ctx: AppContext) {
  cacheOf(ctx).clear();
}
