import { AppMetrics, AppMetricsQuery, IdParams } from '@portal/contracts';
import { z } from 'zod';
import { type App, currentUser } from '../../platform/http/route.ts';
import * as metrics from './metrics.service.ts';

const InstallationsCsvResponse = {
  description: 'installations.csv (attachment)',
  content: { 'text/csv': { schema: z.string().describe('CSV with a header row') } },
};

export async function metricsRoutes(app: App) {
  app.get(
    '/developer_apps/:id/metrics',
    {
      config: { access: 'user' },
      schema: {
        description:
          "The app's engagement metrics over `from`…`to` (portal days; the last 90 days by default): " +
          'daily installations and marketplace views, and the installations. For the app’s people and staff.',
        params: IdParams,
        querystring: AppMetricsQuery,
        response: { 200: AppMetrics },
      },
    },
    async (request) => metrics.appMetrics(app.ctx, currentUser(request), request.params.id, request.query),
  );

  app.get(
    '/developer_apps/:id/installations.csv',
    {
      config: { access: 'user' },
      schema: {
        description:
          "The app's installations as a CSV download (a header row, then one row per installation). " +
          'For the app’s people and staff, like the metrics.',
        params: IdParams,
        response: { 200: InstallationsCsvResponse },
      },
    },
    async (request, reply) => {
      const file = await metrics.installationsFile(app.ctx, currentUser(request), request.params.id);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
}

/**
 * The report's export button navigates to `{app page}/installations.csv` (spec admin §7), a page
 * path the SPA would otherwise answer: both app pages' paths send the browser on to the API route,
 * which checks who asks. Registered at the root, before the SPA's fallback.
 */
export async function installationsCsvPageRoutes(app: App) {
  for (const page of ['/developer_apps', '/admin/developer_apps']) {
    app.get(
      `${page}/:id/installations.csv`,
      { config: { access: 'public' }, schema: { params: IdParams, hide: true } },
      async (request, reply) =>
        reply.redirect(`/api/v1/developer_apps/${encodeURIComponent(request.params.id)}/installations.csv`),
    );
  }
}
