import {
  type AdminNotification,
  type AdminNotificationsQuery,
  type CreateNotificationBody,
  type CriticalOptOutResult,
  type Notification,
  type NotificationsQuery,
  UNREAD_COUNT_MAX,
  type UpdateNotificationBody,
} from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import { criticalFanOutJob } from './announcements.jobs.ts';
import { verifyOptOutToken } from './announcements.mail.ts';
import * as repo from './announcements.repo.ts';
import * as readState from './announcements.unread.ts';
import { visibility } from './announcements.visibility.ts';

function toNotification(row: repo.ReaderRow, now: Date, readAt: Date | null = null): Notification {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    read_at: readAt ? readAt.toISOString() : null,
    critical: row.critical,
    draft: row.draft,
    show_after: row.showAfter,
    ...visibility(row, now),
    href: `/notifications/${row.id}`,
  };
}

function toAdminNotification(
  row: repo.AnnouncementRow & { authorName: string | null },
  now: Date,
  reach: repo.Reach,
): AdminNotification {
  return {
    ...toNotification(row, now),
    updated_at: row.updatedAt.toISOString(),
    author_name: row.authorName,
    reach: { read_count: reach.readCount, emails_sent: reach.emailsSent, emails_failed: reach.emailsFailed },
  };
}

// Developer side

export async function listNotifications(ctx: AppContext, user: SessionUser, query: NotificationsQuery) {
  const now = ctx.clock.now();
  const page = await repo.listVisible(ctx, now, { ...query, search: query['filters[search]'] }, user.id);
  return { ...page, rows: page.rows.map((row) => toNotification(row, now, row.readAt)) };
}

async function findVisibleRow(ctx: AppContext, id: string) {
  if (!isUuid(id)) throw notFound('Notification');
  const row = await repo.findVisible(ctx, id, ctx.clock.now());
  if (!row) throw notFound('Notification');
  return row;
}

export async function getNotification(ctx: AppContext, user: SessionUser, id: string) {
  const now = ctx.clock.now();
  const row = isUuid(id) ? await repo.findVisibleForReader(ctx, id, now, user.id) : undefined;
  if (!row) throw notFound('Notification');
  return toNotification(row, now, row.readAt);
}

/** Records that this user opened it; reading again keeps the first time. */
export async function markNotificationRead(ctx: AppContext, user: SessionUser, id: string) {
  const row = await findVisibleRow(ctx, id);
  // A visible announcement always has its place (visible_from at or before now).
  await readState.markRead(ctx, user.id, {
    id: row.id,
    visibleFrom: row.visibleFrom ?? row.createdAt,
    visibleSeq: row.visibleSeq ?? 0,
  });
  return getNotification(ctx, user, id);
}

export async function markAllNotificationsRead(ctx: AppContext, user: SessionUser) {
  return { marked: await readState.markAllRead(ctx, user.id) };
}

/** The bell's number, polled on every page: exact up to UNREAD_COUNT_MAX. */
export async function unreadCount(ctx: AppContext, user: SessionUser) {
  return {
    unread_count: await readState.countUnread(ctx.db, user.id, ctx.clock.now(), UNREAD_COUNT_MAX),
  };
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

/** What the audit log keeps of an announcement before and after a change. */
const audited = (row: repo.AnnouncementRow): Record<string, unknown> => ({
  title: row.title,
  summary: row.summary,
  body: row.body,
  critical: row.critical,
  draft: row.draft,
  show_after: row.showAfter,
});
const nothing = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(fields).map((key) => [key, null]));

export async function adminListNotifications(ctx: AppContext, query: AdminNotificationsQuery) {
  const now = ctx.clock.now();
  const page = await repo.listAll(ctx, { ...query, search: query['filters[search]'] });
  return { ...page, rows: page.rows.map((row) => toAdminNotification(row, now, repo.reachOf(row))) };
}

async function findForAdmin(ctx: AppContext, id: string) {
  if (!isUuid(id)) throw notFound('Notification');
  const row = await repo.findById(ctx, id);
  if (!row) throw notFound('Notification');
  return row;
}

async function adminView(ctx: AppContext, row: repo.AnnouncementRow) {
  const authorName = await repo.findAuthorName(ctx, row.authorId);
  return toAdminNotification({ ...row, authorName }, ctx.clock.now(), repo.reachOf(row));
}

export async function adminGetNotification(ctx: AppContext, id: string) {
  return adminView(ctx, await findForAdmin(ctx, id));
}

/** Creates an announcement; a critical one is published now and e-mailed to every subscriber. */
export async function createNotification(ctx: AppContext, author: AuditActor, body: CreateNotificationBody) {
  const now = ctx.clock.now();
  const row = await repo.insert(
    ctx,
    {
      title: body.title,
      summary: body.summary,
      body: body.body,
      critical: body.critical,
      draft: body.critical ? false : body.draft,
      showAfter: body.critical ? null : (body.show_after ?? null),
      authorId: author.id,
      createdAt: now,
      updatedAt: now,
    },
    ctx.config.timeZone,
  );
  const subject = { type: 'announcement', id: row.id } as const;
  await recordAudit(ctx, author, 'announcement.create', subject, nothing(audited(row)), audited(row));
  if (row.critical) {
    await ctx.jobs.send(
      criticalFanOutJob,
      { announcementId: row.id },
      { singletonKey: `announcement-fan-out:${row.id}` },
    );
  }
  return adminView(ctx, row);
}

export async function updateNotification(
  ctx: AppContext,
  actor: AuditActor,
  id: string,
  body: UpdateNotificationBody,
) {
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
  const changes: Partial<repo.AnnouncementValues> = { updatedAt: ctx.clock.now() };
  if (body.title !== undefined) changes.title = body.title;
  if (body.summary !== undefined) changes.summary = body.summary;
  if (body.body !== undefined) changes.body = body.body;
  if (body.draft !== undefined) changes.draft = body.draft;
  if (body.show_after !== undefined) changes.showAfter = body.show_after;
  const row = await repo.update(ctx, id, changes, ctx.config.timeZone);
  if (!row) throw notFound('Notification');
  const subject = { type: 'announcement', id } as const;
  await recordAudit(ctx, actor, 'announcement.update', subject, audited(existing), audited(row));
  return adminView(ctx, row);
}

export async function deleteNotification(ctx: AppContext, actor: AuditActor, id: string) {
  const existing = await findForAdmin(ctx, id);
  if (!(await repo.remove(ctx, id))) throw notFound('Notification');
  const before = audited(existing);
  await recordAudit(ctx, actor, 'announcement.delete', { type: 'announcement', id }, before, nothing(before));
}
