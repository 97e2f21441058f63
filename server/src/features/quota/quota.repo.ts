import type { QuotaBucketsQuery } from '@portal/contracts';
import { and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { quotaBuckets, quotaTraffic, type StoredBucketTemplate } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  containsAny,
  endingInId,
  type ListRequest,
  type ListSorts,
  listPage,
  resolveSort,
} from '../../platform/list/index.ts';

export type BucketRow = typeof quotaBuckets.$inferSelect;
export type BucketValues = {
  name: string;
  clientId: string;
  domain: string;
  shadow: boolean;
  templates: StoredBucketTemplate[];
};

const by = endingInId(quotaBuckets.id, 'uuid');
const SORTS = {
  name: by(quotaBuckets.name, 'text', { table: 'quota_buckets', column: 'name' }),
  created_at: by(quotaBuckets.createdAt, 'timestamptz', { table: 'quota_buckets', column: 'created_at' }),
} satisfies ListSorts<QuotaBucketsQuery>;

/** One server's buckets on the list pattern, optionally searched by name or domain. */
export function listBuckets(
  ctx: AppContext,
  server: string,
  request: ListRequest & Pick<QuotaBucketsQuery, 'sort'> & { search?: string | undefined },
) {
  return listPage(
    ctx,
    {
      from: sql`${quotaBuckets}`,
      table: 'quota_buckets',
      where: eq(quotaBuckets.server, server),
      search: containsAny(request.search, [quotaBuckets.name, quotaBuckets.domain]),
      id: quotaBuckets.id,
    },
    resolveSort(SORTS, request.sort),
    request,
    (ids) => ctx.db.select().from(quotaBuckets).where(inArray(quotaBuckets.id, ids)),
    (row) => row.id,
  );
}

/** The server's bucket that matches (by id, or by domain: one bucket a domain per server), or null. */
async function findOnServer(ctx: AppContext, server: string, match: SQL) {
  const [row] = await ctx.db
    .select()
    .from(quotaBuckets)
    .where(and(eq(quotaBuckets.server, server), match));
  return row ?? null;
}

export const findBucket = (ctx: AppContext, server: string, id: string) =>
  findOnServer(ctx, server, eq(quotaBuckets.id, id));

export const findBucketForDomain = (ctx: AppContext, server: string, domain: string) =>
  findOnServer(ctx, server, eq(quotaBuckets.domain, domain));

/** Inserts a bucket; null when the domain already has one on this server (the unique index). */
export async function insertBucket(ctx: AppContext, server: string, values: BucketValues, now: Date) {
  const [row] = await ctx.db
    .insert(quotaBuckets)
    .values({ server, ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateBucket(ctx: AppContext, id: string, values: BucketValues, now: Date) {
  const [row] = await ctx.db
    .update(quotaBuckets)
    .set({ ...values, updatedAt: now })
    .where(eq(quotaBuckets.id, id))
    .returning();
  return row ?? null;
}

export async function deleteBucket(ctx: AppContext, id: string) {
  await ctx.db.delete(quotaBuckets).where(eq(quotaBuckets.id, id));
}

export type TrafficCount = {
  bucketId: string;
  minute: Date;
  requests: number;
  refused: number;
  wouldRefuse: number;
};

/** Adds counted minutes to the stored ones (one statement; a deleted bucket's counts are dropped). */
export async function addTraffic(ctx: AppContext, counts: TrafficCount[]) {
  if (!counts.length) return;
  await ctx.db.execute(sql`
    insert into quota_traffic (bucket_id, minute, requests, refused, would_refuse)
    select c.bucket_id, c.minute, c.requests, c.refused, c.would_refuse
    from jsonb_to_recordset(${JSON.stringify(
      counts.map((c) => ({
        bucket_id: c.bucketId,
        minute: c.minute.toISOString(),
        requests: c.requests,
        refused: c.refused,
        would_refuse: c.wouldRefuse,
      })),
    )}::jsonb) as c(bucket_id uuid, minute timestamptz, requests int, refused int, would_refuse int)
    where exists (select 1 from quota_buckets b where b.id = c.bucket_id)
    on conflict (bucket_id, minute) do update set
      requests = quota_traffic.requests + excluded.requests,
      refused = quota_traffic.refused + excluded.refused,
      would_refuse = quota_traffic.would_refuse + excluded.would_refuse`);
}

export async function pruneTraffic(ctx: AppContext, before: Date) {
  await ctx.db.delete(quotaTraffic).where(lt(quotaTraffic.minute, before));
}

/** A bucket's minutes since `from`, oldest first. */
export function trafficSince(ctx: AppContext, bucketId: string, from: Date) {
  return ctx.db
    .select({
      minute: quotaTraffic.minute,
      requests: quotaTraffic.requests,
      refused: quotaTraffic.refused,
      wouldRefuse: quotaTraffic.wouldRefuse,
    })
    .from(quotaTraffic)
    .where(and(eq(quotaTraffic.bucketId, bucketId), gte(quotaTraffic.minute, from)))
    .orderBy(asc(quotaTraffic.minute));
}
