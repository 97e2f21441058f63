import { z } from 'zod';
import { pageQuery, sortParam } from './pagination.ts';

/** The longest span one metrics request covers (about two years of days). */
export const METRICS_MAX_DAYS = 731;
/** The span answered when the request names none: the last 90 days, today included. */
export const METRICS_DEFAULT_DAYS = 90;

const isRealDay = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** A `YYYY-MM-DD` day that exists on the calendar; the message names the field (`label`). */
export const dayParam = (label: string) =>
  z
    .string()
    .refine(
      (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDay(value),
      `${label} must be a real date in the format YYYY-MM-DD`,
    );

/** Days between two `YYYY-MM-DD` days, counting both. */
export const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * `from` and `to` (portal days, both included). Either may be left out: `to` defaults to today,
 * `from` to 89 days before `to`. `from` after `to`, or a span over METRICS_MAX_DAYS, is refused.
 */
export const AppMetricsQuery = z.object({
  range: z.enum(['30', '90', '365', 'all'], 'Range must be 30, 90, 365 or all').optional(),
  from: dayParam('From').optional(),
  to: dayParam('To').optional(),
});
/** The report's range selector: the last 30, 90 or 365 days (today included), or all time. */
export const METRICS_RANGES = ['30', '90', '365', 'all'] as const;
export type MetricsRange = (typeof METRICS_RANGES)[number];

/** Why a span cannot be answered, or null when it can. */
export function metricsSpanProblem(from: string, to: string): string | null {
  if (from > to) return 'From must not be after To';
  if (daysInRange(from, to) > METRICS_MAX_DAYS)
    return `At most ${METRICS_MAX_DAYS} days can be asked for at once`;
  return null;
}
export type AppMetricsQuery = z.infer<typeof AppMetricsQuery>;

/** One day's count; days without any are left out. */
export const DailyCount = z.object({ date: z.string(), count: z.number().int() });
export type DailyCount = z.infer<typeof DailyCount>;

/** Daily counts over the span, oldest first; `total_count` is their sum (a KPI card's number). */
export const DailyAggregates = z.object({ rows: z.array(DailyCount), total_count: z.number().int() });
export type DailyAggregates = z.infer<typeof DailyAggregates>;

/** One company's installation of the app (spec admin §3); `user_email_address` for staff only. */
export const AppInstallation = z.object({
  id: z.string(),
  company_name: z.string(),
  company_is_demo: z.boolean(),
  user_email_address: z.string().nullable(),
  procore_updated_at: z.string(),
  status: z.string(),
});
export type AppInstallation = z.infer<typeof AppInstallation>;

/** The same four totals over the period just before the asked one (as long), for the KPI cards' change. */
export const MetricsPeriodTotals = z.object({
  from: z.string(),
  to: z.string(),
  installs: z.number().int(),
  uninstalls: z.number().int(),
  visits: z.number().int(),
  page_views: z.number().int(),
});
export type MetricsPeriodTotals = z.infer<typeof MetricsPeriodTotals>;

/**
 * The engagement metrics of one app (spec admin §3 "Metrics payload") over `from`…`to`: per day
 * (`bucket` day) or, for an all-time range longer than two years, per month (`date` the month's
 * first day): install events, uninstall events, marketplace visits (one per visitor per day) and
 * page views (every counted view); the totals of the period before; the newest installations
 * (`app_installations`, the install feed's first page; `total_count` all of them). Installer
 * e-mails only for staff.
 */
export const AppMetrics = z.object({
  developer_app_id: z.string(),
  from: z.string(),
  to: z.string(),
  range: z.enum(METRICS_RANGES).nullable(),
  bucket: z.enum(['day', 'month']),
  daily_app_installations_aggregates: DailyAggregates,
  daily_app_uninstallations_aggregates: DailyAggregates,
  daily_marketplace_app_views_aggregates: DailyAggregates,
  daily_marketplace_app_page_views_aggregates: DailyAggregates,
  previous_period: MetricsPeriodTotals.nullable(),
  app_installations: z.object({ rows: z.array(AppInstallation), total_count: z.number().int() }),
});
export type AppMetrics = z.infer<typeof AppMetrics>;

/**
 * The columns of `installations.csv` (spec admin §7 "CSV export"), in order: the installation row's fields.
 */
export const INSTALLATIONS_CSV_COLUMNS = [
  'id',
  'company_name',
  'company_is_demo',
  'user_email_address',
  'procore_updated_at',
  'status',
] as const satisfies ReadonlyArray<keyof AppInstallation>;

/** The install feed (spec admin §2): an app's installations, newest first by default. */
export const AppInstallationsQuery = pageQuery(25).extend({
  sort: sortParam(['procore_updated_at', 'company_name'], '-procore_updated_at'),
});
export type AppInstallationsQuery = z.infer<typeof AppInstallationsQuery>;
