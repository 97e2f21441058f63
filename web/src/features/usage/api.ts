import type { ApiUsageDaily, ApiUsageRow } from '@portal/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, apiPage } from '../../lib/api.ts';
import { listSearch } from '../../lib/list-search.ts';

export const usageKeys = {
  all: ['api_usage'] as const,
  app: (appId: string) => [...usageKeys.all, appId] as const,
  daily: (appId: string) => [...usageKeys.app(appId), 'daily'] as const,
  rows: (appId: string, sort: string, page: number, cursor: string | undefined) =>
    [...usageKeys.app(appId), 'rows', sort, page, cursor ?? null] as const,
};

/** The chart: the app's calls per day by outcome, the last 30 days (the server's default span). */
export const usageDailyQuery = (appId: string) =>
  queryOptions({
    queryKey: usageKeys.daily(appId),
    queryFn: () => api<ApiUsageDaily>(`/developer_apps/${appId}/api_usage/daily`),
  });

/** The table: one page of the usage rows from the server (the list pattern: Total, Link cursors). */
export const USAGE_PER_PAGE = 25;
export const usageRowsQuery = (appId: string, sort: string, page: number, cursor: string | undefined) =>
  queryOptions({
    queryKey: usageKeys.rows(appId, sort, page, cursor),
    queryFn: () =>
      apiPage<ApiUsageRow>(
        `/developer_apps/${appId}/api_usage?${listSearch({ page, cursor }, USAGE_PER_PAGE, [['sort', sort]])}`,
      ),
    placeholderData: keepPreviousData,
  });

/** The CSV download: a plain link, so the browser streams the file to disk. */
export const usageCsvUrl = (appId: string) => `/api/v1/developer_apps/${appId}/api_usage.csv`;
