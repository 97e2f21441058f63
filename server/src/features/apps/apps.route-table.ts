import { appUrl, everyone, managers, members, type RouteRows, V } from '../../test/route-spec.ts';

/** The app floor's rows in the route table (test/route-table.ts): logo, contacts, permissions, terms. */
export const appsRouteTable: RouteRows = {
  'GET /api/v1/terms_and_conditions': { expect: everyone(200) },
  'GET /api/v1/developer_apps/:id/thumbnail': {
    expect: members(200),
    // A logo is only ever shown to the people on the app; browsers may keep it for an hour.
    cacheControl: 'private, max-age=3600',
    call: (fx) => ({ url: appUrl(fx.app, '/thumbnail') }),
  },
  'PATCH /api/v1/developer_apps/:id/contacts/:contact_id': {
    expect: managers(200),
    call: (fx) => ({
      url: appUrl(fx.app, `/contacts/${fx.app.contactId}`),
      payload: { name: 'Casey Contact' },
    }),
  },
  'GET /api/v1/developer_app_permissions': {
    expect: members(200),
    call: (fx) => ({ url: `${V}/developer_app_permissions?developer_app_id=${fx.app.id}` }),
  },
};
