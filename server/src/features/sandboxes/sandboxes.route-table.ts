import { appUrl, managers, members, ownerOnly, type RouteRows, V } from '../../test/route-spec.ts';

/** The sandboxes feature's rows in the route table (test/route-table.ts). */
export const sandboxesRouteTable: RouteRows = {
  'PATCH /api/v1/sandboxes/:id': {
    expect: managers(200),
    call: (fx) => ({ url: `${V}/sandboxes/${fx.app.sandboxId}`, payload: { allowed_cors_domain: '' } }),
  },
  'POST /api/v1/sandboxes/:id/reset_secret': {
    expect: managers(200),
    call: (fx) => ({ url: `${V}/sandboxes/${fx.app.sandboxId}/reset_secret` }),
  },
  'POST /api/v1/developer_apps/:id/sandbox': {
    expect: ownerOnly(202),
    call: async (fx) => {
      const app = await fx.freshApp();
      await fx.failSandbox(app.id);
      return { url: appUrl(app, '/sandbox') };
    },
  },
  'POST /api/v1/developer_apps/:id/sandbox/generate_fake': {
    // Staff who are also on the app only: no persona is both, so members are refused too.
    expect: members(403),
    call: (fx) => ({ url: appUrl(fx.app, '/sandbox/generate_fake') }),
  },
};
