import { z } from 'zod';
import { dayParam, daysInRange } from './metrics.ts';
import { pageQuery, sortParam } from './pagination.ts';

/**
 * An app's platform API usage (issue 26 "Usage"): calls to `/rest/v1.0/*` counted per app × UTC day ×
 * normalized route × HTTP method × response code.
 */

/** The chart's longest span, and the span it shows when none is asked for (both days included). */
export const API_USAGE_MAX_DAYS = 90;
export const API_USAGE_DEFAULT_DAYS = 30;

/** Why a from…to span cannot be answered, or null when it can. */
export function apiUsageSpanProblem(from: string, to: string, maxDays?: number): string | null {
  if (from > to) return 'From must not be after To';
  if (maxDays !== undefined && daysInRange(from, to) > maxDays)
    return `At most ${maxDays} days can be asked for at once`;
  return null;
}

/** The date-range filters the table and the CSV share (UTC days, both included; either may be left out). */
export const ApiUsageFilters = z.object({
  'filters[from]': dayParam('From').optional(),
  'filters[to]': dayParam('To').optional(),
});
export type ApiUsageFilters = z.infer<typeof ApiUsageFilters>;

/** `GET /developer_apps/:id/api_usage`: the usage rows on the list pattern, newest day first by default. */
export const ApiUsageQuery = pageQuery(25).extend({
  sort: sortParam(['date', 'count'], '-date'),
  ...ApiUsageFilters.shape,
});
export type ApiUsageQuery = z.infer<typeof ApiUsageQuery>;

/** One day's calls of one route, method and response code. */
export const ApiUsageRow = z.object({
  id: z.string(),
  date: z.string(),
  status: z.number().int(),
  method: z.string(),
  route: z.string(),
  count: z.number().int(),
});
export type ApiUsageRow = z.infer<typeof ApiUsageRow>;

/** The CSV's header row, in order (issue 26), and the row field each column shows. */
export const API_USAGE_CSV_COLUMNS = [
  ['Date', 'date'],
  ['Response Code', 'status'],
  ['HTTP Method', 'method'],
  ['Normalized Route', 'route'],
  ['Count', 'count'],
] as const satisfies ReadonlyArray<readonly [string, keyof ApiUsageRow]>;

/** `GET /developer_apps/:id/api_usage/daily` (the chart): `from`…`to`, the last 30 days by default. */
export const ApiUsageDailyQuery = z.object({
  from: dayParam('From').optional(),
  to: dayParam('To').optional(),
});
export type ApiUsageDailyQuery = z.infer<typeof ApiUsageDailyQuery>;

/** One day's calls by outcome: answered below 400, 4xx, 5xx. */
export const ApiUsageDay = z.object({
  date: z.string(),
  successful: z.number().int(),
  client_errors: z.number().int(),
  server_errors: z.number().int(),
});
export type ApiUsageDay = z.infer<typeof ApiUsageDay>;

/** Every day of the span, oldest first (days without calls as zeros), and the span's total. */
export const ApiUsageDaily = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(ApiUsageDay),
  total: z.number().int(),
});
export type ApiUsageDaily = z.infer<typeof ApiUsageDaily>;
