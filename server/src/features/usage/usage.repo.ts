import type { ApiUsageQuery, ApiUsageRow } from '@portal/contracts';
import { and, asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { apiUsageDaily } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { endingInId, type ListSorts, listPage, resolveSort } from '../../platform/list/index.ts';

/** Calls counted in memory, not yet written: one app's day, route, method and response code. */
export type UsageCount = {
  appId: string;
  day: string;
  route: string;
  method: string;
  status: number;
  count: number;
};

const keyOrder = (a: UsageCount, b: UsageCount) =>
  a.appId.localeCompare(b.appId) ||
  a.day.localeCompare(b.day) ||
  a.route.localeCompare(b.route) ||
  a.method.localeCompare(b.method) ||
  a.status - b.status;

/**
 * Adds counted calls to the stored days in one statement. Rows are written in key order, so two
 * processes flushing at once lock them in the same order (no deadlock); a deleted app's counts are
 * dropped (its rows went with it).
 */
export async function addUsage(ctx: AppContext, counts: UsageCount[]) {
  if (!counts.length) return;
  const rows = [...counts].sort(keyOrder).map((c) => ({
    app_id: c.appId,
    day: c.day,
    route: c.route,
    method: c.method,
    status: c.status,
    count: c.count,
  }));
  await ctx.db.execute(sql`
    insert into api_usage_daily (developer_app_id, day, route, method, status, count)
    select c.app_id, c.day, c.route, c.method, c.status, c.count
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as c(app_id uuid, day date, route text, method text, status smallint, count int)
    where exists (select 1 from developer_apps a where a.id = c.app_id)
    on conflict (developer_app_id, day, route, method, status) do update set
      count = api_usage_daily.count + excluded.count`);
}

type Span = { from?: string | undefined; to?: string | undefined };

const within = (appId: string, span: Span): SQL | undefined =>
  and(
    eq(apiUsageDaily.developerAppId, appId),
    span.from ? gte(apiUsageDaily.day, span.from) : undefined,
    span.to ? lte(apiUsageDaily.day, span.to) : undefined,
  );

const rowOf = (row: typeof apiUsageDaily.$inferSelect): ApiUsageRow => ({
  id: row.id,
  date: row.day,
  status: row.status,
  method: row.method,
  route: row.route,
  count: row.count,
});

const by = endingInId(apiUsageDaily.id, 'uuid');
const SORTS = {
  date: by(apiUsageDaily.day, 'date', { table: 'api_usage_daily', column: 'day' }),
  count: by(apiUsageDaily.count, 'integer', { table: 'api_usage_daily', column: 'count' }),
} satisfies ListSorts<ApiUsageQuery>;

/** One page of an app's usage rows (the list pattern), within the asked days. */
export function listUsage(ctx: AppContext, appId: string, query: ApiUsageQuery) {
  return listPage(
    ctx,
    {
      from: sql`${apiUsageDaily}`,
      table: 'api_usage_daily',
      where: within(appId, { from: query['filters[from]'], to: query['filters[to]'] }),
      id: apiUsageDaily.id,
    },
    resolveSort(SORTS, query.sort),
    query,
    async (ids) =>
      (await ctx.db.select().from(apiUsageDaily).where(inArray(apiUsageDaily.id, ids))).map(rowOf),
    (row) => row.id,
  );
}

/**
 * The next `limit` rows after `after` in the CSV's order (day, route, method, code: the unique
 * index's), one short keyset query per batch.
 */
export async function usageBatch(
  ctx: AppContext,
  appId: string,
  span: Span,
  limit: number,
  after: ApiUsageRow | null,
): Promise<ApiUsageRow[]> {
  const t = apiUsageDaily;
  const rows = await ctx.db
    .select()
    .from(t)
    .where(
      and(
        within(appId, span),
        after
          ? sql`(${t.day}, ${t.route}, ${t.method}, ${t.status}) > (${after.date}::date, ${after.route}, ${after.method}, ${after.status}::smallint)`
          : undefined,
      ),
    )
    .orderBy(asc(t.day), asc(t.route), asc(t.method), asc(t.status))
    .limit(limit);
  return rows.map(rowOf);
}

/** Calls per day from `from` to `to` by outcome (below 400, 4xx, 5xx); days without calls left out. */
export function dailyOutcomes(ctx: AppContext, appId: string, from: string, to: string) {
  const t = apiUsageDaily;
  const sum = (filter: SQL) => sql<number>`coalesce(sum(${t.count}) filter (where ${filter}), 0)::int`;
  return ctx.db
    .select({
      date: t.day,
      successful: sum(sql`${t.status} < 400`),
      client_errors: sum(sql`${t.status} between 400 and 499`),
      server_errors: sum(sql`${t.status} >= 500`),
    })
    .from(t)
    .where(within(appId, { from, to }))
    .groupBy(t.day)
    .orderBy(asc(t.day));
}

/** Every call per day from `from` to `to`, whatever its outcome; days without calls left out. */
export function dailyCalls(ctx: AppContext, appId: string, from: string, to: string) {
  const t = apiUsageDaily;
  return ctx.db
    .select({ date: t.day, count: sql<number>`sum(${t.count})::int` })
    .from(t)
    .where(within(appId, { from, to }))
    .groupBy(t.day)
    .orderBy(asc(t.day));
}
