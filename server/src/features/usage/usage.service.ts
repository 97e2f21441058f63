/**
 * An app's platform API usage (issue 26 "Usage"): the table (list pattern), the chart's days and the
 * CSV, for the app's people (every role, like the engagement report) and platform staff. Reads write
 * this instance's pending counts first, so a page shows every call this process has answered.
 */
import {
  API_USAGE_CSV_COLUMNS,
  API_USAGE_DEFAULT_DAYS,
  API_USAGE_MAX_DAYS,
  type ApiUsageDaily,
  type ApiUsageDailyQuery,
  type ApiUsageFilters,
  type ApiUsageQuery,
  type ApiUsageRow,
  apiUsageSpanProblem,
} from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import { csvStream } from '../../platform/http/csv.ts';
import { requireAppReader } from '../apps/index.ts';
import { flushApiUsage } from './usage.record.ts';
import * as repo from './usage.repo.ts';

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const shiftDay = (day: string, days: number) => utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

function checkFilters(filters: ApiUsageFilters) {
  const from = filters['filters[from]'];
  const to = filters['filters[to]'];
  const problem = from && to ? apiUsageSpanProblem(from, to) : null;
  if (problem) throw fieldError('filters[from]', problem);
}

/** One page of the app's usage rows. */
export async function usagePage(ctx: AppContext, user: SessionUser, appId: string, query: ApiUsageQuery) {
  await requireAppReader(ctx, user, appId);
  checkFilters(query);
  await flushApiUsage(ctx);
  return repo.listUsage(ctx, appId, query);
}

/** Every day of the span (the last 30 by default, at most 90) with its calls by outcome. */
export async function usageDaily(
  ctx: AppContext,
  user: SessionUser,
  appId: string,
  query: ApiUsageDailyQuery,
): Promise<ApiUsageDaily> {
  await requireAppReader(ctx, user, appId);
  const to = query.to ?? utcDay(ctx.clock.now().getTime());
  const from = query.from ?? shiftDay(to, 1 - API_USAGE_DEFAULT_DAYS);
  const problem = apiUsageSpanProblem(from, to, API_USAGE_MAX_DAYS);
  if (problem) throw fieldError('from', problem);
  await flushApiUsage(ctx);
  const counted = new Map((await repo.dailyOutcomes(ctx, appId, from, to)).map((row) => [row.date, row]));
  const days: ApiUsageDaily['days'] = [];
  for (let day = from; day <= to; day = shiftDay(day, 1))
    days.push(counted.get(day) ?? { date: day, successful: 0, client_errors: 0, server_errors: 0 });
  const total = days.reduce((sum, d) => sum + d.successful + d.client_errors + d.server_errors, 0);
  return { from, to, days, total };
}

/** Rows per keyset batch of the CSV (as installations.csv: short queries, other requests in between). */
export const USAGE_CSV_BATCH_ROWS = 1000;

/**
 * The usage CSV (Date, Response Code, HTTP Method, Normalized Route, Count), oldest day first, then by
 * route, method and code (the unique index's order), streamed as the client reads it.
 */
export async function usageFile(ctx: AppContext, user: SessionUser, appId: string, filters: ApiUsageFilters) {
  await requireAppReader(ctx, user, appId);
  checkFilters(filters);
  await flushApiUsage(ctx);
  const span = { from: filters['filters[from]'], to: filters['filters[to]'] };
  return {
    filename: `${appId}-api-usage.csv`,
    stream: csvStream<ApiUsageRow>({
      header: API_USAGE_CSV_COLUMNS.map(([header]) => header),
      cells: (row) => API_USAGE_CSV_COLUMNS.map(([, field]) => row[field]),
      batch: (last, limit) => repo.usageBatch(ctx, appId, span, limit, last),
      batchRows: USAGE_CSV_BATCH_ROWS,
    }),
  };
}

/** The app's calls per UTC day from `from` to `to` (days without calls left out), for the impact preview. */
export async function apiCallsPerDay(ctx: AppContext, appId: string, from: string, to: string) {
  await flushApiUsage(ctx);
  return repo.dailyCalls(ctx, appId, from, to);
}
