import type { AppMetrics, DailyAggregates } from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const metricsKeys = {
  all: ['app_metrics'] as const,
  app: (appId: string) => [...metricsKeys.all, appId] as const,
};

/** The app's engagement metrics over the API's default span (the last 90 days, today included). */
export const appMetricsQuery = (appId: string) =>
  queryOptions({
    queryKey: metricsKeys.app(appId),
    queryFn: () => api<AppMetrics>(`/developer_apps/${appId}/metrics`),
  });

/** One day of the report: its installations and marketplace views. */
export type MetricsDay = { date: string; installations: number; views: number };

/**
 * Every day of the span, oldest first, with zeros for days without counts (the API leaves those
 * out): the chart's points, and, reversed, the table's rows.
 */
export function metricsDays(metrics: AppMetrics): MetricsDay[] {
  const byDate = (aggregates: DailyAggregates) =>
    new Map(aggregates.rows.map((row) => [row.date, row.count]));
  const installations = byDate(metrics.daily_app_installations_aggregates);
  const views = byDate(metrics.daily_marketplace_app_views_aggregates);
  const days: MetricsDay[] = [];
  const end = Date.parse(`${metrics.to}T00:00:00Z`);
  for (let time = Date.parse(`${metrics.from}T00:00:00Z`); time <= end; time += 86_400_000) {
    const date = new Date(time).toISOString().slice(0, 10);
    days.push({ date, installations: installations.get(date) ?? 0, views: views.get(date) ?? 0 });
  }
  return days;
}

/** No views, no installations: the report says so instead of an empty chart and table. */
export const hasNoData = (metrics: AppMetrics) =>
  metrics.daily_app_installations_aggregates.total_count === 0 &&
  metrics.daily_marketplace_app_views_aggregates.total_count === 0 &&
  metrics.app_installations.total_count === 0;
