import type { FixtureApp, RouteFixtures } from '../../test/route-fixtures.ts';
import { adminAppUrl, appUrl, managers, members, type RouteRows, staff, V } from '../../test/route-spec.ts';

/** An app whose owner asked for production credentials (the state staff approve or deny). */
async function pendingProductionApp(fx: RouteFixtures): Promise<FixtureApp> {
  const app = await fx.freshApp();
  const res = await fx.clients.owner.post(appUrl(app, '/production_access'), { confidential: true });
  if (res.statusCode !== 200) throw new Error(`production request failed: ${res.body}`);
  return app;
}

/** The credentials feature's rows in the route table (test/route-table.ts). */
export const credentialsRouteTable: RouteRows = {
  'GET /api/v1/oauth_applications/:id': {
    expect: members(200),
    call: (fx) => ({ url: `${V}/oauth_applications/${fx.app.sandboxOauthId}` }),
  },
  'POST /api/v1/oauth_applications/:id/reset_secret': {
    expect: managers(200),
    call: (fx) => ({
      url: `${V}/oauth_applications/${fx.app.sandboxOauthId}/reset_secret`,
      payload: { acknowledged: true },
    }),
  },
  'POST /api/v1/oauth_applications/:id/reveal_secret': {
    expect: members(200),
    call: (fx) => ({ url: `${V}/oauth_applications/${fx.app.sandboxOauthId}/reveal_secret` }),
  },
  'POST /api/v1/developer_apps/:id/production_access': {
    expect: managers(200),
    call: async (fx) => ({
      url: appUrl(await fx.freshApp(), '/production_access'),
      payload: { confidential: true },
    }),
  },
  'POST /api/v1/admin/developer_apps/:id/production_access/approve': {
    expect: staff(200),
    call: async (fx) => ({ url: adminAppUrl(await pendingProductionApp(fx), '/production_access/approve') }),
  },
  'POST /api/v1/admin/developer_apps/:id/production_access/deny': {
    expect: staff(200),
    call: async (fx) => ({ url: adminAppUrl(await pendingProductionApp(fx), '/production_access/deny') }),
  },
};
