import { everyone, members, type RouteRows, V } from '../../test/route-spec.ts';
import { routeTableListings } from '../listings/testing.ts';

/** The public catalogue's rows in the route table (test/route-table.ts). */
export const marketplaceRouteTable: RouteRows = {
  'GET /api/v1/categories': { expect: everyone(200) },
  'GET /api/v1/marketplace/apps': {
    expect: everyone(200),
    call: () => ({ url: `${V}/marketplace/apps?filters[region]=north_america` }),
  },
  'GET /api/v1/marketplace/apps/:slug': {
    expect: everyone(200),
    call: async (fx) => ({ url: `${V}/marketplace/apps/${(await routeTableListings(fx)).slug}` }),
  },
  'GET /api/v1/marketplace/previews/:id': {
    // The draft listing path: the app's people and staff.
    expect: { ...members(200), platformAdmin: 200 },
    call: async (fx) => ({ url: `${V}/marketplace/previews/${(await routeTableListings(fx)).draftId}` }),
  },
  'GET /api/v1/marketplace/media/:id': {
    expect: everyone(200),
    // Files never change under their id; a draft's are private, so browsers only keep them privately.
    cacheControl: 'private, max-age=3600',
    call: async (fx) => ({ url: (await routeTableListings(fx)).picture }),
  },
};
