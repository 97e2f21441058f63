import {
  AppEventsBody,
  AppEventsResponse,
  AppInstallation,
  AppInstallationsQuery,
  AppMetrics,
  AppMetricsQuery,
  IdParams,
} from '@portal/contracts';
import { z } from 'zod';
import { type App, currentUser } from '../../platform/http/route.ts';
import { listRoute } from '../../platform/list/index.ts';
import { ingestAppEvents } from './metrics.ingest.ts';
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
          "The app's engagement report over `range` (30, 90 or 365 days, or all) or `from`…`to` (portal " +
          'days; the last 90 days by default): daily installs, uninstalls, marketplace visits and page ' +
          'views, the previous period’s totals and the newest installations. For the app’s people and staff.',
        params: IdParams,
        querystring: AppMetricsQuery,
        response: { 200: AppMetrics },
      },
    },
    async (request) => metrics.appMetrics(app.ctx, currentUser(request), request.params.id, request.query),
  );

  listRoute(
    app,
    '/developer_apps/:id/installations',
    {
      access: 'user',
      description:
        "The app's install feed: one row per company, newest first (Total, Per-Page and Link headers). " +
        'The installer’s e-mail only for staff.',
      params: IdParams,
      querystring: AppInstallationsQuery,
      item: AppInstallation,
    },
    (request) => metrics.installationsPage(app.ctx, currentUser(request), request.params.id, request.query),
  );

  app.get(
    '/developer_apps/:id/installations.csv',
    {
      config: { access: 'user' },
      schema: {
        description:
          "The app's installations as a CSV download (a header row, then one row per installation, " +
          'streamed). For the app’s people and staff; the installer’s e-mail only in staff’s file.',
        params: IdParams,
        response: { 200: InstallationsCsvResponse },
      },
    },
    async (request, reply) => {
      const file = await metrics.installationsFile(app.ctx, currentUser(request), request.params.id);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .send(file.stream as unknown as string);
    },
  );

  app.post(
    '/platform/app_events',
    {
      config: { access: 'service' },
      schema: {
        description:
          'For the platform’s services (a bearer token): up to 1,000 install, uninstall and update events. ' +
          'Each is answered on its own: accepted, duplicate (its id was seen before; nothing changes) or ' +
          'rejected with errors per field. An accepted event is on the report at once.',
        body: AppEventsBody,
        response: { 202: AppEventsResponse },
      },
    },
    async (request, reply) => reply.code(202).send(await ingestAppEvents(app.ctx, request.body.events)),
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
