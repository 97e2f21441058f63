import { everyone, type RouteRows } from '../../test/route-spec.ts';

/** The OpenAPI document's row in the route table (test/route-table.ts). */
export const openApiRouteTable: RouteRows = {
  'GET /api/v1/openapi.json': { expect: everyone(200) },
};
