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
type Cache = { entries: Map<string, Entry>; generation: number };
const caches = new WeakMap<AppContext['db'], Cache>();

const cacheOf = (ctx: AppContext) => {
  let cache = caches.get(ctx.db);
  if (!cache) {
    cache = { entries: new Map(), generation: 0 };
    caches.set(ctx.db, cache);
  }
  return cache;
};

export async function bucketFor(ctx: AppContext, server: string, domain: string) {
  const cache = cacheOf(ctx);
  const { entries, generation } = cache;
  const key = `${server}\n${domain}`;
  const now = Date.now();
  const hit = entries.get(key);
  if (hit) {
    if (now - hit.at >= BUCKET_CACHE_MS && !hit.refreshing) {
      hit.refreshing = true;
      repo
        .findBucketForDomain(ctx, server, domain)
        // A read that started before a change here is dropped (forgetBuckets moved the generation).
        .then((row) => {
          if (cache.generation === generation) entries.set(key, { row, at: Date.now() });
        })
        .catch((error) => {
          hit.refreshing = false;
          ctx.log.warn({ err: error }, 'quota: bucket not read again; the last one is used');
        });
    }
    return hit.row;
  }
  const row = await repo.findBucketForDomain(ctx, server, domain);
  if (entries.size > 50_000) entries.clear();
  if (cache.generation === generation) entries.set(key, { row, at: now });
  return row;
}

/** After a change on this instance. */
export function forgetBuckets(ctx: AppContext) {
  const cache = cacheOf(ctx);
  cache.generation += 1;
  cache.entries.clear();
}
