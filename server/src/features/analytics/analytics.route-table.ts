import { everyone, type RouteRows, V } from '../../test/route-spec.ts';

/** The analytics feature's rows in the route table (test/route-table.ts). */
export const analyticsRouteTable: RouteRows = {
  'POST /api/v1/analytics': {
    expect: everyone(202),
    call: () => ({ url: `${V}/analytics`, payload: { key: 'route_matrix.checked' } }),
  },
};
