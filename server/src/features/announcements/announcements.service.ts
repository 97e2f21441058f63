import type {
  AdminNotification,
  CreateNotificationBody,
  CriticalOptOutResult,
  Notification,
  PageQuery,
  UpdateNotificationBody,
} from '@portal/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/http.ts';
import { criticalFanOutJob } from './announcements.jobs.ts';
import { verifyOptOutToken } from './announcements.mail.ts';
import * as repo from './announcements.repo.ts';
import { portalToday, visibility } from './announcements.visibility.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toNotification(row: repo.AnnouncementRow & { readAt?: Date | null }, today: string): Notification {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
    critical: row.critical,
    draft: row.draft,
    show_after: row.showAfter,
    ...visibility(row, today),
    href: `/notifications/${row.id}`,
  };
}

const emptyReach: repo.Reach = { readCount: 0, emailsSent: 0, emailsFailed: 0 };

function toAdminNotification(
  row: repo.AnnouncementRow & { authorName: string | null },
  today: string,
  reach: repo.Reach,
): AdminNotification {
  return {
    ...toNotification(row, today),
    read_at: null,
    updated_at: row.updatedAt.toISOString(),
    author_name: row.authorName,
    reach: { read_count: reach.readCount, emails_sent: reach.emailsSent, emails_failed: reach.emailsFailed },
  };
}

// Developer side

export async function listNotifications(ctx: AppContext, user: SessionUser, page: PageQuery) {
  const today = portalToday(ctx);
  const { rows, total } = await repo.listVisible(ctx, user.id, today, page);
  return { total, rows: rows.map((row) => toNotification(row, today)) };
}

export async function getNotification(ctx: AppContext, user: SessionUser, id: string) {
  if (!UUID.test(id)) throw notFound('Notification');
  const today = portalToday(ctx);
  const row = await repo.findVisible(ctx, id, user.id, today);
  if (!row) throw notFound('Notification');
  return toNotification(row, today);
}

/** Marks it read for this user when unread; reading again keeps the first time. */
export async function markNotificationRead(ctx: AppContext, user: SessionUser, id: string) {
  const current = await getNotification(ctx, user, id);
  if (current.read_at) return current;
  await repo.markRead(ctx, [id], user.id, ctx.clock.now());
  return getNotification(ctx, user, id);
}

export async function markAllNotificationsRead(ctx: AppContext, user: SessionUser) {
  const ids = await repo.unreadVisibleIds(ctx, user.id, portalToday(ctx));
  return { marked: await repo.markRead(ctx, ids, user.id, ctx.clock.now()) };
}

export async function unreadCount(ctx: AppContext, user: SessionUser) {
  return { unread_count: await repo.countUnread(ctx, user.id, portalToday(ctx)) };
}

/** The one-click link in critical e-mails: turns the opt-in off for the token's user. */
export async function optOutOfCriticalEmails(ctx: AppContext, token: string): Promise<CriticalOptOutResult> {
  const userId = verifyOptOutToken(ctx.config, token);
  const row = userId ? await repo.optOutOfCriticalEmails(ctx, userId, ctx.clock.now()) : undefined;
  if (userId) ctx.sessions.forgetUser(userId);
  if (!row) throw fieldError('token', 'This unsubscribe link is not valid');
  return { email: row.email, critical_emails: row.criticalEmails };
}

// Admin side

export async function adminListNotifications(ctx: AppContext, page: PageQuery) {
  const today = portalToday(ctx);
  const { rows, total } = await repo.listAll(ctx, page);
  const reach = await repo.reachOf(ctx, rows);
  return { total, rows: rows.map((row) => toAdminNotification(row, today, reach.get(row.id) ?? emptyReach)) };
}

async function findForAdmin(ctx: AppContext, id: string) {
  if (!UUID.test(id)) throw notFound('Notification');
  const row = await repo.findById(ctx, id);
  if (!row) throw notFound('Notification');
  return row;
}

async function adminView(ctx: AppContext, row: repo.AnnouncementRow) {
  const reach = await repo.reachOf(ctx, [row]);
  const authorName = await repo.findAuthorName(ctx, row.authorId);
  return toAdminNotification({ ...row, authorName }, portalToday(ctx), reach.get(row.id) ?? emptyReach);
}

export async function adminGetNotification(ctx: AppContext, id: string) {
  return adminView(ctx, await findForAdmin(ctx, id));
}

/** Creates an announcement; a critical one is published now and e-mailed to every subscriber. */
export async function createNotification(
  ctx: AppContext,
  author: { id: string },
  body: CreateNotificationBody,
) {
  const now = ctx.clock.now();
  const row = await repo.insert(ctx, {
    title: body.title,
    summary: body.summary,
    body: body.body,
    critical: body.critical,
    draft: body.critical ? false : body.draft,
    showAfter: body.critical ? null : (body.show_after ?? null),
    authorId: author.id,
    createdAt: now,
    updatedAt: now,
  });
  if (row.critical) {
    await ctx.jobs.send(
      criticalFanOutJob,
      { announcementId: row.id },
      { singletonKey: `announcement-fan-out:${row.id}` },
    );
  }
  return adminView(ctx, row);
}

export async function updateNotification(ctx: AppContext, id: string, body: UpdateNotificationBody) {
  const existing = await findForAdmin(ctx, id);
  if (body.critical !== undefined && body.critical !== existing.critical) {
    throw fieldError('critical', 'Critical can only be set when the notification is created');
  }
  if (
    existing.critical &&
    (body.draft === true || (body.show_after !== undefined && body.show_after !== null))
  ) {
    // A critical announcement was e-mailed as published; hiding or rescheduling it would contradict that.
    const fields: Record<string, string[]> = {};
    if (body.draft === true) fields.draft = ['A critical notification cannot be a draft'];
    if (body.show_after) fields.show_after = ['A critical notification cannot have a show-after date'];
    throw new AppError('validation_failed', 'A critical notification is always published', {
      errors: Object.values(fields).flat(),
      fields,
    });
  }
  const changes: Partial<repo.AnnouncementRow> = { updatedAt: ctx.clock.now() };
  if (body.title !== undefined) changes.title = body.title;
  if (body.summary !== undefined) changes.summary = body.summary;
  if (body.body !== undefined) changes.body = body.body;
  if (body.draft !== undefined) changes.draft = body.draft;
  if (body.show_after !== undefined) changes.showAfter = body.show_after;
  const row = await repo.update(ctx, id, changes);
  if (!row) throw notFound('Notification');
  return adminView(ctx, row);
}

export async function deleteNotification(ctx: AppContext, id: string) {
  await findForAdmin(ctx, id);
  if (!(await repo.remove(ctx, id))) throw notFound('Notification');
}
