import { AppMetrics, AppMetricsQuery, IdParams } from '@portal/contracts';
import { type App, currentUser } from '../../platform/http.ts';
import * as metrics from './metrics.service.ts';

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
}
