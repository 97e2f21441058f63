/**
 * The engagement metrics of an app (spec admin §2 "App engagement report", §3 "Metrics payload"):
 * for the app's people (every role) and platform staff. Views come from the marketplace's daily
 * view counts; the portal has no source of installations yet, so those answer empty.
 */
import {
  type AppMetrics,
  type AppMetricsQuery,
  METRICS_DEFAULT_DAYS,
  metricsSpanProblem,
} from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { findAppForStaff, loadAppAccess } from '../apps/index.ts';
import { hasViews, today, viewsPerDay } from '../marketplace/index.ts';
import { installationsCsv } from './metrics.csv.ts';

/** Staff see any app (deleted ones too, like the admin app page); others only apps they are on. */
async function requireMetricsAccess(ctx: AppContext, user: SessionUser, appId: string) {
  if (user.role !== 'admin') return void (await loadAppAccess(ctx, user, appId));
  if (!(await findAppForStaff(ctx, appId))) throw notFound('Developer app');
}

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function appMetrics(
  ctx: AppContext,
  user: SessionUser,
  appId: string,
  query: AppMetricsQuery,
): Promise<AppMetrics> {
  await requireMetricsAccess(ctx, user, appId);
  const to = query.to ?? today(ctx);
  const from = query.from ?? shiftDay(to, 1 - METRICS_DEFAULT_DAYS);
  const problem = metricsSpanProblem(from, to);
  if (problem) throw fieldError('from', problem);
  const views = await viewsPerDay(ctx, appId, from, to);
  return {
    developer_app_id: appId,
    from,
    to,
    // No installation source exists yet (docs/decisions.md "Engagement metrics"): honestly empty.
    daily_app_installations_aggregates: { rows: [], total_count: 0 },
    daily_marketplace_app_views_aggregates: {
      rows: views,
      total_count: views.reduce((sum, row) => sum + row.count, 0),
    },
    app_installations: { rows: [], total_count: 0 },
  };
}

/**
 * Whether the app has any metrics data: a marketplace view ever counted (installations have no
 * source yet). One index probe; the single-app answer carries it as `has_metrics`.
 */
export const hasMetrics = (ctx: AppContext, appId: string) => hasViews(ctx, appId);

/**
 * `installations.csv` for the same people as the metrics: the header row and the installations
 * (none until an installation source exists — docs/decisions.md "Engagement metrics").
 */
export async function installationsFile(ctx: AppContext, user: SessionUser, appId: string) {
  await requireMetricsAccess(ctx, user, appId);
  return { filename: `${appId}-installations.csv`, body: installationsCsv([]) };
}
