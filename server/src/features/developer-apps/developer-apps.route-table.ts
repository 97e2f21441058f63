import { appUrl, managers, members, ownerOnly, type RouteRows, signedIn, V } from '../../test/route-spec.ts';
import { multipart, pngBytes } from '../../test/uploads.ts';

/** The single app's rows in the route table (test/route-table.ts). */
export const developerAppsRouteTable: RouteRows = {
  'POST /api/v1/developer_apps': {
    expect: signedIn(201),
    call: (fx) => ({ url: `${V}/developer_apps`, payload: { internal_name: fx.unique('Matrix ') } }),
  },
  'GET /api/v1/developer_apps': { expect: signedIn(200) },
  'GET /api/v1/developer_apps/:id': { expect: members(200), call: (fx) => ({ url: appUrl(fx.app) }) },
  'PATCH /api/v1/developer_apps/:id': {
    expect: managers(200),
    call: (fx) => ({ url: appUrl(fx.app), payload: { developer_app: { name: 'Route Matrix App' } } }),
  },
  'PUT /api/v1/developer_apps/:id': {
    expect: managers(200),
    call: (fx) => ({
      url: appUrl(fx.app),
      ...multipart([
        { name: 'thumbnail', filename: 'logo.png', type: 'image/png', data: pngBytes(256, 256) },
      ]),
    }),
  },
  'DELETE /api/v1/developer_apps/:id': {
    expect: ownerOnly(204),
    call: async (fx) => ({ url: appUrl(await fx.freshApp()) }),
  },
};
