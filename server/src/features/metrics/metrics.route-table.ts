import { appUrl, membersAndStaff, type RouteRows, serviceOnly, V } from '../../test/route-spec.ts';
import { appEvent } from './testing.ts';

/**
 * Engagement metrics' rows in the route table (test/route-table.ts): the report, feed and CSV for the
 * app's people (every role) and staff; app events for the platform's services only.
 */
export const metricsRouteTable: RouteRows = {
  'GET /api/v1/developer_apps/:id/metrics': {
    expect: membersAndStaff(200),
    call: (fx) => ({ url: appUrl(fx.app, '/metrics?from=2026-01-01&to=2026-01-31') }),
  },
  'GET /api/v1/developer_apps/:id/installations': {
    expect: membersAndStaff(200),
    call: (fx) => ({ url: appUrl(fx.app, '/installations?sort=company_name') }),
  },
  'GET /api/v1/developer_apps/:id/installations.csv': {
    expect: membersAndStaff(200),
    call: (fx) => ({ url: appUrl(fx.app, '/installations.csv') }),
  },
  'POST /api/v1/platform/app_events': {
    expect: serviceOnly(202),
    call: (fx) => ({
      url: `${V}/platform/app_events`,
      payload: { events: [appEvent(fx.app.id, { company_id: fx.unique('co'), company_name: 'Route Co' })] },
    }),
  },
};
