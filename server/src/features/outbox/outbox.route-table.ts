import { type RouteRows, staff } from '../../test/route-spec.ts';

/** The outbox feature's rows in the route table (test/route-table.ts). */
export const outboxRouteTable: RouteRows = {
  'GET /api/v1/admin/outbox': { expect: staff(200) },
};
