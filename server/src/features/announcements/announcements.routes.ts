import {
  AdminNotification,
  AdminNotificationsQuery,
  CreateNotificationBody,
  CriticalOptOutBody,
  CriticalOptOutResult,
  MarkAllReadResult,
  Notification,
  NotificationsQuery,
  UnreadCount,
  UpdateNotificationBody,
} from '@portal/contracts';
import { z } from 'zod';
import { type App, currentUser } from '../../platform/http/route.ts';
import { listRoute } from '../../platform/list/index.ts';
import {
  adminGetNotification,
  adminListNotifications,
  createNotification,
  deleteNotification,
  getNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  optOutOfCriticalEmails,
  unreadCount,
  updateNotification,
} from './announcements.service.ts';

const IdParams = z.object({ id: z.string().max(100) });

export async function announcementsRoutes(app: App) {
  listRoute(
    app,
    '/notifications',
    { access: 'user', querystring: NotificationsQuery, item: Notification },
    (request) => listNotifications(app.ctx, currentUser(request), request.query),
  );

  app.get(
    '/notifications/unread_count',
    { config: { access: 'user' }, schema: { response: { 200: UnreadCount } } },
    async (request) => unreadCount(app.ctx, currentUser(request)),
  );

  app.post(
    '/notifications/read_all',
    { config: { access: 'user' }, schema: { response: { 200: MarkAllReadResult } } },
    async (request) => markAllNotificationsRead(app.ctx, currentUser(request)),
  );

  app.post(
    '/notifications/opt_out',
    {
      config: { access: 'public' },
      schema: { body: CriticalOptOutBody, response: { 200: CriticalOptOutResult } },
    },
    async (request) => optOutOfCriticalEmails(app.ctx, request.body.token),
  );

  app.get(
    '/notifications/:id',
    { config: { access: 'user' }, schema: { params: IdParams, response: { 200: Notification } } },
    async (request) => getNotification(app.ctx, currentUser(request), request.params.id),
  );

  app.patch(
    '/notifications/:id',
    { config: { access: 'user' }, schema: { params: IdParams, response: { 200: Notification } } },
    async (request) => markNotificationRead(app.ctx, currentUser(request), request.params.id),
  );

  listRoute(
    app,
    '/admin/notifications',
    { access: 'admin', querystring: AdminNotificationsQuery, item: AdminNotification },
    (request) => adminListNotifications(app.ctx, request.query),
  );

  app.post(
    '/admin/notifications',
    {
      config: { access: 'admin', idempotent: true },
      schema: { body: CreateNotificationBody, response: { 201: AdminNotification } },
    },
    async (request, reply) =>
      reply.status(201).send(await createNotification(app.ctx, currentUser(request), request.body)),
  );

  app.get(
    '/admin/notifications/:id',
    { config: { access: 'admin' }, schema: { params: IdParams, response: { 200: AdminNotification } } },
    async (request) => adminGetNotification(app.ctx, request.params.id),
  );

  app.patch(
    '/admin/notifications/:id',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, body: UpdateNotificationBody, response: { 200: AdminNotification } },
    },
    async (request) => updateNotification(app.ctx, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/notifications/:id',
    { config: { access: 'admin' }, schema: { params: IdParams } },
    async (request, reply) => {
      await deleteNotification(app.ctx, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
