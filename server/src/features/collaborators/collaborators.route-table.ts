import { everyone, managers, members, ownerOnly, type RouteRows, V } from '../../test/route-spec.ts';

/** The collaborators feature's rows in the route table (test/route-table.ts): people and invitations. */
export const collaboratorsRouteTable: RouteRows = {
  'GET /api/v1/collaborators': {
    expect: members(200),
    call: (fx) => ({ url: `${V}/collaborators?developer_app_id=${fx.app.id}` }),
  },
  'PATCH /api/v1/collaborators': {
    expect: managers(200),
    call: (fx) => ({
      url: `${V}/collaborators`,
      payload: {
        developer_app_id: fx.app.id,
        collaborators: [{ id: fx.app.members.developer, role: 'developer' }],
      },
    }),
  },
  'DELETE /api/v1/collaborators/:id': {
    expect: managers(204),
    call: async (fx) => {
      const app = await fx.freshApp();
      return { url: `${V}/collaborators/${app.members.developer}?developer_app_id=${app.id}` };
    },
  },
  'POST /api/v1/collaborators/:id/transfer_ownership': {
    expect: ownerOnly(200),
    call: async (fx) => {
      const app = await fx.freshApp();
      return {
        url: `${V}/collaborators/${app.members.developer}/transfer_ownership?developer_app_id=${app.id}`,
      };
    },
  },
  'GET /api/v1/invitations': {
    expect: members(200),
    call: (fx) => ({ url: `${V}/invitations?developer_app_id=${fx.app.id}` }),
  },
  'POST /api/v1/invitations': {
    expect: managers(201),
    call: (fx) => ({
      url: `${V}/invitations`,
      payload: {
        developer_app_id: fx.app.id,
        email: `${fx.unique('invite')}@example.com`,
        role: 'developer',
      },
    }),
  },
  'PATCH /api/v1/invitations/:id': {
    expect: managers(200),
    call: async (fx) => {
      const invited = await fx.clients.owner.post(`${V}/invitations`, {
        developer_app_id: fx.app.id,
        email: `${fx.unique('cancel')}@example.com`,
        role: 'admin',
      });
      return {
        url: `${V}/invitations/${invited.json().id}`,
        payload: { developer_app_id: fx.app.id, invitation: { status: 'canceled' } },
      };
    },
  },
  'GET /api/v1/invitations/:token': {
    expect: everyone(200),
    call: (fx) => ({ url: `${V}/invitations/${fx.invitationToken}` }),
  },
  'POST /api/v1/invitations/:token/accept': {
    // The invitation is addressed to the stranger: only that account may accept it.
    expect: { ...everyone(403), anonymous: 401, service: 401, stranger: 200 },
    call: async (fx) => {
      const app = await fx.freshApp();
      const email = fx.users.stranger.email;
      await fx.clients.owner.post(`${V}/invitations`, { developer_app_id: app.id, email, role: 'developer' });
      return { url: `${V}/invitations/${await fx.mailedToken(email, 'invitations')}/accept` };
    },
  },
};
