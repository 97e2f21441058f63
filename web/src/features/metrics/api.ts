import type { AppInstallation, AppMetrics, DailyAggregates, MetricsRange } from '@portal/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, apiPage } from '../../lib/api.ts';
import { listSearch } from '../../lib/list-search.ts';

export const metricsKeys = {
  all: ['app_metrics'] as const,
  app: (appId: string) => [...metricsKeys.all, appId] as const,
  report: (appId: string, range: MetricsRange) => [...metricsKeys.app(appId), 'report', range] as const,
  feed: (appId: string, page: number, cursor: string | undefined) =>
    [...metricsKeys.app(appId), 'installations', page, cursor ?? null] as const,
};

/** The app's engagement report over a range (the last 30, 90 or 365 days, today included, or all time). */
export const appMetricsQuery = (appId: string, range: MetricsRange) =>
  queryOptions({
    queryKey: metricsKeys.report(appId, range),
    queryFn: () => api<AppMetrics>(`/developer_apps/${appId}/metrics?range=${range}`),
    placeholderData: keepPreviousData,
  });

/** The install feed, one page from the server (the list pattern: Total, Link cursors). */
export const FEED_PER_PAGE = 25;
export const installationsQuery = (appId: string, page: number, cursor: string | undefined) =>
  queryOptions({
    queryKey: metricsKeys.feed(appId, page, cursor),
    queryFn: () =>
      apiPage<AppInstallation>(
        `/developer_apps/${appId}/installations?${listSearch({ page, cursor }, FEED_PER_PAGE, [['sort', '-procore_updated_at']])}`,
      ),
    placeholderData: keepPreviousData,
  });

/** One day (or month) of the report. */
export type MetricsDay = { date: string; installations: number; uninstalls: number; views: number };

/**
 * Every day of the span (or every month, for a long all-time range), oldest first, with zeros where
 * the API left a bucket out: the chart's points, and, reversed, the table's rows.
 */
export function metricsDays(metrics: AppMetrics): MetricsDay[] {
  const byDate = (aggregates: DailyAggregates) =>
    new Map(aggregates.rows.map((row) => [row.date, row.count]));
  const installations = byDate(metrics.daily_app_installations_aggregates);
  const uninstalls = byDate(metrics.daily_app_uninstallations_aggregates);
  const views = byDate(metrics.daily_marketplace_app_views_aggregates);
  const day = (date: string): MetricsDay => ({
    date,
    installations: installations.get(date) ?? 0,
    uninstalls: uninstalls.get(date) ?? 0,
    views: views.get(date) ?? 0,
  });
  const days: MetricsDay[] = [];
  if (metrics.bucket === 'month') {
    const end = metrics.to.slice(0, 7);
    for (let month = metrics.from.slice(0, 7); month <= end; ) {
      days.push(day(`${month}-01`));
      const [y, m] = month.split('-').map(Number) as [number, number];
      month = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    }
    return days;
  }
  const end = Date.parse(`${metrics.to}T00:00:00Z`);
  for (let time = Date.parse(`${metrics.from}T00:00:00Z`); time <= end; time += 86_400_000)
    days.push(day(new Date(time).toISOString().slice(0, 10)));
  return days;
}

/** The KPI cards' numbers for the span and the period before it (null: none to compare with). */
export type Kpis = {
  visits: number;
  installs: number;
  uninstalls: number;
  net: number;
  /** Installs ÷ visits, or null without visits. */
  conversion: number | null;
};

const kpisOf = (totals: { installs: number; uninstalls: number; visits: number }): Kpis => ({
  visits: totals.visits,
  installs: totals.installs,
  uninstalls: totals.uninstalls,
  net: totals.installs - totals.uninstalls,
  conversion: totals.visits > 0 ? totals.installs / totals.visits : null,
});

export function kpis(metrics: AppMetrics): { current: Kpis; previous: Kpis | null } {
  return {
    current: kpisOf({
      installs: metrics.daily_app_installations_aggregates.total_count,
      uninstalls: metrics.daily_app_uninstallations_aggregates.total_count,
      visits: metrics.daily_marketplace_app_views_aggregates.total_count,
    }),
    previous: metrics.previous_period ? kpisOf(metrics.previous_period) : null,
  };
}

/** No views, no installations in the span or before it: the report says so instead of empty charts. */
export function hasNoData(metrics: AppMetrics): boolean {
  const { current, previous } = kpis(metrics);
  const empty = (k: Kpis | null) => !k || (k.visits === 0 && k.installs === 0 && k.uninstalls === 0);
  return empty(current) && empty(previous) && metrics.app_installations.total_count === 0;
}
