import type { RouteFixtures } from '../../test/route-fixtures.ts';
import { type RouteRows, serviceOnly, staff, V } from '../../test/route-spec.ts';
import { bucketData, clearBucket } from './testing.ts';

const buckets = (server: string) => `${V}/admin/quota_minder_servers/${server}/buckets`;

/** A bucket of the main app's sandbox client on `server`, made afresh by the platform admin. */
async function freshBucket(fx: RouteFixtures, server: string): Promise<string> {
  await clearBucket(fx.t.ctx, server, fx.app.sandboxOauthId);
  const res = await fx.clients.platformAdmin.post(buckets(server), bucketData(fx.app.sandboxOauthId));
  if (res.statusCode !== 201) throw new Error(`bucket fixture: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

/** The quota feature's rows in the route table (test/route-table.ts). */
export const quotaRouteTable: RouteRows = {
  'GET /api/v1/admin/quota_minder_servers': { expect: staff(200) },
  'GET /api/v1/admin/quota_minder_status': { expect: staff(200) },
  'GET /api/v1/admin/quota_minder_servers/:server/buckets': {
    expect: staff(200),
    call: () => ({ url: buckets('Production_US01') }),
  },
  'POST /api/v1/admin/quota_minder_servers/:server/buckets': {
    expect: staff(201),
    call: async (fx) => {
      await clearBucket(fx.t.ctx, 'Production_US02', fx.app.sandboxOauthId);
      return { url: buckets('Production_US02'), payload: bucketData(fx.app.sandboxOauthId) };
    },
  },
  'GET /api/v1/admin/quota_minder_servers/:server/buckets/:id': {
    expect: staff(200),
    call: async (fx) => ({
      url: `${buckets('Production_UK01')}/${await freshBucket(fx, 'Production_UK01')}`,
    }),
  },
  'PATCH /api/v1/admin/quota_minder_servers/:server/buckets/:id': {
    expect: staff(200),
    call: async (fx) => ({
      url: `${buckets('Monthly_Sandbox_US01')}/${await freshBucket(fx, 'Monthly_Sandbox_US01')}`,
      payload: { data: { name: fx.unique('Renamed ') } },
    }),
  },
  'DELETE /api/v1/admin/quota_minder_servers/:server/buckets/:id': {
    expect: staff(204),
    call: async (fx) => ({
      url: `${buckets('Monthly_Sandbox_US02')}/${await freshBucket(fx, 'Monthly_Sandbox_US02')}`,
    }),
  },
  'GET /api/v1/admin/quota_minder_servers/:server/buckets/:id/traffic': {
    expect: staff(200),
    call: async (fx) => ({
      url: `${buckets('Integrator_Sandbox')}/${await freshBucket(fx, 'Integrator_Sandbox')}/traffic`,
    }),
  },
  'POST /api/v1/admin/quota_minder_servers/:server/buckets/:id/impact': {
    expect: staff(200),
    call: async (fx) => ({
      url: `${buckets('Production_US01')}/${await freshBucket(fx, 'Production_US01')}/impact`,
      payload: { data: { bucket_templates: bucketData('x').data.bucket_templates } },
    }),
  },
  'POST /api/v1/quota_minder/check': {
    expect: serviceOnly(200),
    call: (fx) => ({
      url: `${V}/quota_minder/check`,
      payload: { server: 'Production_US01', client_id: fx.unique('route-client-') },
    }),
  },
};
