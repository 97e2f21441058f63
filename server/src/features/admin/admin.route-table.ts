import { adminAppUrl, type RouteRows, staff, V } from '../../test/route-spec.ts';
import { multipart, pngBytes } from '../../test/uploads.ts';

/** The admin console's rows in the route table (test/route-table.ts): staff only. */
export const adminRouteTable: RouteRows = {
  'GET /api/v1/admin/developer_apps': {
    expect: staff(200),
    call: () => ({ url: `${V}/admin/developer_apps?filters[with_deleted]=true&sort=internal_name` }),
  },
  'GET /api/v1/admin/developers': {
    expect: staff(200),
    call: () => ({ url: `${V}/admin/developers?filters[search]=example` }),
  },
  'GET /api/v1/admin/oauth_applications': {
    expect: staff(200),
    call: () => ({ url: `${V}/admin/oauth_applications?environment=sandbox&sort=-uid` }),
  },
  'GET /api/v1/admin/developer_apps/:id': {
    expect: staff(200),
    call: (fx) => ({ url: adminAppUrl(fx.app) }),
  },
  'PATCH /api/v1/admin/developer_apps/:id': {
    expect: staff(200),
    call: (fx) => ({
      url: adminAppUrl(fx.app),
      payload: { developer_app: { marketplace_enabled: true } },
    }),
  },
  'PUT /api/v1/admin/developer_apps/:id': {
    expect: staff(200),
    call: async (fx) => ({
      url: adminAppUrl(await fx.freshApp()),
      ...multipart([
        {
          name: 'developer_app[thumbnail]',
          filename: 'logo.png',
          type: 'image/png',
          data: pngBytes(256, 256),
        },
      ]),
    }),
  },
  'GET /api/v1/admin/developer_apps/:id/thumbnail': {
    expect: staff(200),
    cacheControl: 'private, max-age=3600',
    call: (fx) => ({ url: adminAppUrl(fx.app, '/thumbnail') }),
  },
  'GET /api/v1/admin/developers/:id': {
    expect: staff(200),
    call: (fx) => ({ url: `${V}/admin/developers/${fx.spare.id}` }),
  },
  'PATCH /api/v1/admin/developers/:id': {
    expect: staff(200),
    call: (fx) => ({
      url: `${V}/admin/developers/${fx.spare.id}`,
      payload: { developer: { employee: true } },
    }),
  },
  'GET /api/v1/admin/review_queue': {
    expect: staff(200),
    call: () => ({ url: `${V}/admin/review_queue?filters[in_review]=false` }),
  },
};
