import { type RouteRows, staff, V } from '../../test/route-spec.ts';

/** The audit feature's rows in the route table (test/route-table.ts). */
export const auditRouteTable: RouteRows = {
  'GET /api/v1/admin/audit': { expect: staff(200), call: () => ({ url: `${V}/admin/audit` }) },
};
