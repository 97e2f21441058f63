import { type RouteRows, staff } from '../../test/route-spec.ts';

/** The audit feature's rows in the route table (test/route-table.ts). */
export const auditRouteTable: RouteRows = {
  'GET /api/v1/admin/audit': { expect: staff(200) },
};
