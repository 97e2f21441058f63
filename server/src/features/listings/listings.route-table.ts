import type { FixtureApp, RouteFixtures } from '../../test/route-fixtures.ts';
import {
  adminAppUrl,
  appUrl,
  everyone,
  managers,
  members,
  type RouteRows,
  staff,
  V,
} from '../../test/route-spec.ts';
import { multipart } from '../../test/uploads.ts';
import { enableMarketplace, routeTableListings, SHOWCASE_MP4 } from './testing.ts';

/** A fresh app with the marketplace activated (a create per call). */
async function marketplaceApp(fx: RouteFixtures): Promise<FixtureApp> {
  const app = await fx.freshApp();
  await enableMarketplace(fx.t, app.id);
  return app;
}

/** A fresh app whose owner asked for the marketplace listing (the state staff approve or deny). */
async function marketplaceRequestApp(fx: RouteFixtures): Promise<FixtureApp> {
  const app = await fx.freshApp();
  const res = await fx.clients.owner.post(appUrl(app, '/marketplace_access'));
  if (res.statusCode !== 200) throw new Error(`marketplace access request failed: ${res.body}`);
  return app;
}

/** The listings feature's rows in the route table (test/route-table.ts): submissions and videos. */
export const listingsRouteTable: RouteRows = {
  'POST /api/v1/developer_apps/:id/marketplace_access': {
    expect: managers(200),
    call: async (fx) => ({ url: appUrl(await fx.freshApp(), '/marketplace_access') }),
  },
  'POST /api/v1/admin/developer_apps/:id/marketplace_access/approve': {
    expect: staff(200),
    call: async (fx) => ({
      url: adminAppUrl(await marketplaceRequestApp(fx), '/marketplace_access/approve'),
    }),
  },
  'POST /api/v1/admin/developer_apps/:id/marketplace_access/deny': {
    expect: staff(200),
    call: async (fx) => ({
      url: adminAppUrl(await marketplaceRequestApp(fx), '/marketplace_access/deny'),
      payload: { reason: 'Not yet' },
    }),
  },
  'GET /api/v1/developer_apps/:id/submissions': {
    expect: members(200),
    call: (fx) => ({ url: appUrl(fx.app, '/submissions') }),
  },
  'POST /api/v1/developer_apps/:id/submissions': {
    expect: managers(201),
    call: async (fx) => ({
      url: appUrl(await marketplaceApp(fx), '/submissions'),
      payload: { public_name: 'Matrix' },
    }),
  },
  'GET /api/v1/submissions/:id': {
    expect: members(200),
    call: async (fx) => ({ url: `${V}/submissions/${(await routeTableListings(fx)).draftId}` }),
  },
  'PATCH /api/v1/submissions/:id': {
    expect: managers(200),
    call: async (fx) => ({
      url: `${V}/submissions/${(await routeTableListings(fx)).draftId}`,
      payload: { tagline: 'Checked by the route matrix' },
    }),
  },
  'GET /api/v1/admin/developer_apps/:id/submissions': {
    expect: staff(200),
    call: (fx) => ({ url: adminAppUrl(fx.app, '/submissions') }),
  },
  'POST /api/v1/admin/developer_apps/:id/submissions': {
    expect: staff(201),
    call: async (fx) => ({
      url: adminAppUrl(await fx.freshApp(), '/submissions'),
      payload: { public_name: 'Staff draft', beta: true },
    }),
  },
  'GET /api/v1/admin/submissions/:id': {
    expect: staff(200),
    call: async (fx) => ({ url: `${V}/admin/submissions/${(await routeTableListings(fx)).draftId}` }),
  },
  'PATCH /api/v1/admin/submissions/:id': {
    expect: staff(200),
    call: async (fx) => ({
      url: `${V}/admin/submissions/${(await routeTableListings(fx)).draftId}`,
      payload: { notes: 'Checked by the route matrix', security_badge: true },
    }),
  },
  'POST /api/v1/videos': {
    expect: { ...managers(201), platformAdmin: 201 },
    call: (fx) => ({
      url: `${V}/videos?developer_app_id=${fx.app.id}`,
      ...multipart([{ name: 'file', filename: 'tour.mp4', type: 'video/mp4', data: SHOWCASE_MP4 }]),
    }),
  },
  'GET /api/v1/videos/:hashed_id': {
    expect: everyone(200),
    cacheControl: 'private, max-age=3600',
    call: async (fx) => ({ url: (await routeTableListings(fx)).video }),
  },
};
