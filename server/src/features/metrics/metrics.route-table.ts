import { appUrl, membersAndStaff, type RouteRows } from '../../test/route-spec.ts';

/** Engagement metrics' rows in the route table (test/route-table.ts): the app's people (every role) and staff. */
export const metricsRouteTable: RouteRows = {
  'GET /api/v1/developer_apps/:id/metrics': {
    expect: membersAndStaff(200),
    call: (fx) => ({ url: appUrl(fx.app, '/metrics?from=2026-01-01&to=2026-01-31') }),
  },
  'GET /api/v1/developer_apps/:id/installations.csv': {
    expect: membersAndStaff(200),
    call: (fx) => ({ url: appUrl(fx.app, '/installations.csv') }),
  },
};
