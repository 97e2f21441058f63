import { everyone, type RouteRows } from '../../test/route-spec.ts';

/** The config feature's rows in the route table (test/route-table.ts). */
export const configRouteTable: RouteRows = {
  'GET /api/v1/config': { expect: everyone(200) },
};
