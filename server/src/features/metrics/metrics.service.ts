/**
 * The engagement report of an app (spec admin §2 "App engagement report", §3 "Metrics payload"):
 * for the app's people (every role) and platform staff. Installs and uninstalls come from the
 * platform's app events (metrics.ingest.ts), visits and page views from the marketplace's daily
 * roll-up; both are read per day from their roll-ups, never from the raw rows.
 */
import {
  type AppInstallationsQuery,
  type AppMetrics,
  type AppMetricsQuery,
  type DailyAggregates,
  daysInRange,
  METRICS_DEFAULT_DAYS,
  METRICS_MAX_DAYS,
  metricsSpanProblem,
} from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import { shiftDay } from '../../platform/portal-day.ts';
import { requireAppReader } from '../apps/index.ts';
import { firstViewedOn, today, viewsBetween, viewsPerDay } from '../marketplace/index.ts';
import { installationsCsvStream, listInstallations } from './metrics.feed.ts';
import { anyMetrics, dailyInstalls, firstInstallDay, installTotals } from './metrics.repo.ts';

type Day = { installs: number; uninstalls: number; visits: number; page_views: number };
const SERIES = ['installs', 'uninstalls', 'visits', 'page_views'] as const;

/** The asked span: a range (the last N days, or all time from the first day with data) or from/to. */
async function spanOf(ctx: AppContext, appId: string, query: AppMetricsQuery) {
  const to = query.to ?? today(ctx);
  if (query.range === 'all') {
    const firsts = [await firstInstallDay(ctx, appId), await firstViewedOn(ctx, appId)].filter(
      (day): day is string => day !== null && day <= to,
    );
    return { from: firsts.sort()[0] ?? to, to };
  }
  const days = query.range ? Number(query.range) : METRICS_DEFAULT_DAYS;
  return { from: query.from ?? shiftDay(to, 1 - days), to };
}

/** Every series per day from `from` to `to` (days with nothing left out). */
async function dailySeries(ctx: AppContext, appId: string, from: string, to: string) {
  const days = new Map<string, Day>();
  const at = (day: string) => {
    let row = days.get(day);
    if (!row) {
      row = { installs: 0, uninstalls: 0, visits: 0, page_views: 0 };
      days.set(day, row);
    }
    return row;
  };
  // Both roll-ups at once: on PostgreSQL two backends; on PGlite the second query runs while the
  // server reads the first one's rows.
  const [installs, views] = await Promise.all([
    dailyInstalls(ctx, appId, from, to),
    viewsPerDay(ctx, appId, from, to),
  ]);
  for (const row of installs) {
    Object.assign(at(row.day), { installs: row.installs, uninstalls: row.uninstalls });
  }
  for (const row of views) {
    Object.assign(at(row.date), { visits: row.unique_views, page_views: row.views });
  }
  return days;
}

/** Every series summed from `from` to `to`, by the database (the KPI cards' previous period). */
async function totals(ctx: AppContext, appId: string, from: string, to: string): Promise<Day> {
  const [installs, views] = await Promise.all([
    installTotals(ctx, appId, from, to),
    viewsBetween(ctx, appId, from, to),
  ]);
  return { ...installs, visits: views.unique_views, page_views: views.views };
}

const aggregate = (rows: Array<[string, Day]>, series: keyof Day): DailyAggregates => {
  const kept = rows.filter(([, day]) => day[series] > 0).map(([date, day]) => ({ date, count: day[series] }));
  return { rows: kept, total_count: kept.reduce((sum, row) => sum + row.count, 0) };
};

export async function appMetrics(
  ctx: AppContext,
  user: SessionUser,
  appId: string,
  query: AppMetricsQuery,
): Promise<AppMetrics> {
  await requireAppReader(ctx, user, appId);
  const { from, to } = await spanOf(ctx, appId, query);
  const isAll = query.range === 'all';
  const problem = metricsSpanProblem(from, isAll ? from : to);
  if (problem) throw fieldError('from', problem);
  const length = daysInRange(from, to);
  // The period before, as long, for the KPI cards' change (none for all time): only its sums.
  const previousFrom = shiftDay(from, -length);
  const previousTo = shiftDay(from, -1);
  // The series, the previous period's sums and the feed's first page (with its total) at once.
  const [days, previous, feed] = await Promise.all([
    dailySeries(ctx, appId, from, to),
    isAll ? null : totals(ctx, appId, previousFrom, previousTo),
    listInstallations(ctx, user, appId, { page: 1, per_page: 25, sort: '-procore_updated_at' }),
  ]);
  const current = [...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  // All time longer than two years is answered per month (docs/decisions.md "Installations").
  const bucket = isAll && length > METRICS_MAX_DAYS ? 'month' : 'day';
  const rows = bucket === 'day' ? current : byMonth(current);
  return {
    developer_app_id: appId,
    from,
    to,
    range: query.range ?? null,
    bucket,
    daily_app_installations_aggregates: aggregate(rows, 'installs'),
    daily_app_uninstallations_aggregates: aggregate(rows, 'uninstalls'),
    daily_marketplace_app_views_aggregates: aggregate(rows, 'visits'),
    daily_marketplace_app_page_views_aggregates: aggregate(rows, 'page_views'),
    previous_period: previous && { from: previousFrom, to: previousTo, ...previous },
    app_installations: { rows: feed.rows, total_count: feed.total },
  };
}

/** Days summed per month, each under the month's first day. */
function byMonth(days: Array<[string, Day]>): Array<[string, Day]> {
  const months = new Map<string, Day>();
  for (const [date, day] of days) {
    const month = `${date.slice(0, 7)}-01`;
    const sum = months.get(month) ?? { installs: 0, uninstalls: 0, visits: 0, page_views: 0 };
    for (const series of SERIES) sum[series] += day[series];
    months.set(month, sum);
  }
  return [...months.entries()];
}

/**
 * Whether the app has any metrics data: a marketplace view or an app event, ever. Two index probes
 * in one statement (planned each time: an app's events number from none to millions); the
 * single-app answer carries it as `has_metrics`.
 */
export const hasMetrics = (ctx: AppContext, appId: string) => anyMetrics(ctx, appId);

/** The install feed, one page (list pattern), for the same people as the report. */
export async function installationsPage(
  ctx: AppContext,
  user: SessionUser,
  appId: string,
  query: AppInstallationsQuery,
) {
  await requireAppReader(ctx, user, appId);
  return listInstallations(ctx, user, appId, query);
}

/** `installations.csv` for the same people as the report, streamed; e-mails only in staff's file. */
export async function installationsFile(ctx: AppContext, user: SessionUser, appId: string) {
  await requireAppReader(ctx, user, appId);
  return {
    filename: `${appId}-installations.csv`,
    stream: installationsCsvStream(ctx, appId, user.role === 'admin'),
  };
}
