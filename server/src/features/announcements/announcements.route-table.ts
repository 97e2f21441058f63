import { everyone, type RouteRows, signedIn, staff, V } from '../../test/route-spec.ts';
import { optOutToken } from './announcements.mail.ts';

/** The announcements feature's rows in the route table (test/route-table.ts). */
export const announcementsRouteTable: RouteRows = {
  'GET /api/v1/notifications': { expect: signedIn(200) },
  'GET /api/v1/notifications/unread_count': { expect: signedIn(200) },
  'POST /api/v1/notifications/read_all': { expect: signedIn(200) },
  'POST /api/v1/notifications/opt_out': {
    expect: everyone(200),
    call: (fx) => ({
      url: `${V}/notifications/opt_out`,
      payload: { token: optOutToken(fx.t.ctx.config, fx.spare.id) },
    }),
  },
  'GET /api/v1/notifications/:id': {
    expect: signedIn(200),
    call: (fx) => ({ url: `${V}/notifications/${fx.announcementId}` }),
  },
  'PATCH /api/v1/notifications/:id': {
    expect: signedIn(200),
    call: (fx) => ({ url: `${V}/notifications/${fx.announcementId}` }),
  },
  'GET /api/v1/admin/notifications': { expect: staff(200) },
  'POST /api/v1/admin/notifications': {
    expect: staff(201),
    call: (fx) => ({
      url: `${V}/admin/notifications`,
      payload: { title: fx.unique('Matrix news '), summary: 'Summary', body: 'Body' },
    }),
  },
  'GET /api/v1/admin/notifications/:id': {
    expect: staff(200),
    call: (fx) => ({ url: `${V}/admin/notifications/${fx.announcementId}` }),
  },
  'PATCH /api/v1/admin/notifications/:id': {
    expect: staff(200),
    call: (fx) => ({
      url: `${V}/admin/notifications/${fx.announcementId}`,
      payload: { title: 'Route matrix announcement' },
    }),
  },
  'DELETE /api/v1/admin/notifications/:id': {
    expect: staff(204),
    call: async (fx) => {
      const created = await fx.clients.platformAdmin.post(`${V}/admin/notifications`, {
        title: fx.unique('To delete '),
        summary: 'Summary',
        body: 'Body',
      });
      return { url: `${V}/admin/notifications/${created.json().id}` };
    },
  },
};
