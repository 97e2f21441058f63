import { appUrl, membersAndStaff, type RouteRows } from '../../test/route-spec.ts';

/** API usage's rows in the route table (test/route-table.ts): the app's people (every role) and staff. */
export const usageRouteTable: RouteRows = {
  'GET /api/v1/developer_apps/:id/api_usage': {
    expect: membersAndStaff(200),
    call: (fx) => ({ url: appUrl(fx.app, '/api_usage?sort=-count&filters[from]=2026-01-01') }),
  },
  'GET /api/v1/developer_apps/:id/api_usage/daily': {
    expect: membersAndStaff(200),
    call: (fx) => ({ url: appUrl(fx.app, '/api_usage/daily?from=2026-01-01&to=2026-01-31') }),
  },
  'GET /api/v1/developer_apps/:id/api_usage.csv': {
    expect: membersAndStaff(200),
    call: (fx) => ({ url: appUrl(fx.app, '/api_usage.csv') }),
  },
};
