import { and, asc, count, desc, eq, gt, inArray, isNull, like, lte, or, sql } from 'drizzle-orm';
import { announcementReads, announcements, mailOutbox, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type AnnouncementWithRead = AnnouncementRow & { readAt: Date | null };

export const CRITICAL_MAIL_TEMPLATE = 'announcement.critical';
export const criticalMailKey = (announcementId: string, userId: string) =>
  `announcement:${announcementId}:${userId}`;

/** Not a draft and on or past its show-after day (`today` in the portal's time zone). */
const visibleTo = (today: string) =>
  and(
    eq(announcements.draft, false),
    or(isNull(announcements.showAfter), lte(announcements.showAfter, today)),
  );

const announcementColumns = {
  id: announcements.id,
  title: announcements.title,
  summary: announcements.summary,
  body: announcements.body,
  critical: announcements.critical,
  draft: announcements.draft,
  showAfter: announcements.showAfter,
  authorId: announcements.authorId,
  createdAt: announcements.createdAt,
  updatedAt: announcements.updatedAt,
};

const readColumns = { ...announcementColumns, readAt: announcementReads.readAt };

const readJoin = (userId: string) =>
  and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, userId));

export async function listVisible(
  ctx: AppContext,
  userId: string,
  today: string,
  page: { page: number; per_page: number },
) {
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select(readColumns)
      .from(announcements)
      .leftJoin(announcementReads, readJoin(userId))
      .where(visibleTo(today))
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page),
    ctx.db.select({ total: count() }).from(announcements).where(visibleTo(today)),
  ]);
  return { rows: rows as AnnouncementWithRead[], total: totals?.total ?? 0 };
}

export async function findVisible(ctx: AppContext, id: string, userId: string, today: string) {
  const [row] = await ctx.db
    .select(readColumns)
    .from(announcements)
    .leftJoin(announcementReads, readJoin(userId))
    .where(and(eq(announcements.id, id), visibleTo(today)));
  return row as AnnouncementWithRead | undefined;
}

export async function countUnread(ctx: AppContext, userId: string, today: string) {
  const [row] = await ctx.db
    .select({ total: count() })
    .from(announcements)
    .leftJoin(announcementReads, readJoin(userId))
    .where(and(visibleTo(today), isNull(announcementReads.readAt)));
  return row?.total ?? 0;
}

/** Records the read once; a second call keeps the first time. */
export async function markRead(ctx: AppContext, ids: string[], userId: string, at: Date) {
  if (!ids.length) return 0;
  const inserted = await ctx.db
    .insert(announcementReads)
    .values(ids.map((announcementId) => ({ announcementId, userId, readAt: at })))
    .onConflictDoNothing()
    .returning({ id: announcementReads.announcementId });
  return inserted.length;
}

export async function unreadVisibleIds(ctx: AppContext, userId: string, today: string) {
  const rows = await ctx.db
    .select({ id: announcements.id })
    .from(announcements)
    .leftJoin(announcementReads, readJoin(userId))
    .where(and(visibleTo(today), isNull(announcementReads.readAt)));
  return rows.map((row) => row.id);
}

export async function findById(ctx: AppContext, id: string) {
  const [row] = await ctx.db.select().from(announcements).where(eq(announcements.id, id));
  return row;
}

/** Every announcement (drafts too), newest first, with author and reach. */
export async function listAll(ctx: AppContext, page: { page: number; per_page: number }) {
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select({ ...announcementColumns, authorName: users.name })
      .from(announcements)
      .leftJoin(users, eq(users.id, announcements.authorId))
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page),
    ctx.db.select({ total: count() }).from(announcements),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export type Reach = { readCount: number; emailsSent: number; emailsFailed: number };

/** Readers, and critical e-mails sent or failed, per announcement (two grouped queries). */
export async function reachOf(
  ctx: AppContext,
  rows: Array<{ id: string; critical: boolean }>,
): Promise<Map<string, Reach>> {
  const reach = new Map<string, Reach>(
    rows.map((row) => [row.id, { readCount: 0, emailsSent: 0, emailsFailed: 0 }]),
  );
  if (!rows.length) return reach;
  const reads = await ctx.db
    .select({ id: announcementReads.announcementId, total: count() })
    .from(announcementReads)
    .where(
      inArray(
        announcementReads.announcementId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(announcementReads.announcementId);
  for (const row of reads) reach.get(row.id)!.readCount = row.total;

  const critical = rows.filter((row) => row.critical).map((row) => row.id);
  if (!critical.length) return reach;
  // Keys are `announcement:<id>:<userId>` (criticalMailKey).
  const announcementId = sql<string>`split_part(${mailOutbox.idempotencyKey}, ':', 2)`;
  const mails = await ctx.db
    .select({ id: announcementId, status: mailOutbox.status, total: count() })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.template, CRITICAL_MAIL_TEMPLATE),
        or(...critical.map((id) => like(mailOutbox.idempotencyKey, `announcement:${id}:%`))),
      ),
    )
    .groupBy(announcementId, mailOutbox.status);
  for (const row of mails) {
    const entry = reach.get(row.id);
    if (!entry) continue;
    if (row.status === 'sent') entry.emailsSent = row.total;
    else entry.emailsFailed = row.total;
  }
  return reach;
}

export async function findAuthorName(ctx: AppContext, authorId: string | null) {
  if (!authorId) return null;
  const [row] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, authorId));
  return row?.name ?? null;
}

export async function insert(ctx: AppContext, values: typeof announcements.$inferInsert) {
  const [row] = await ctx.db.insert(announcements).values(values).returning();
  return row!;
}

export async function update(
  ctx: AppContext,
  id: string,
  values: Partial<typeof announcements.$inferInsert>,
) {
  const [row] = await ctx.db.update(announcements).set(values).where(eq(announcements.id, id)).returning();
  return row;
}

export async function remove(ctx: AppContext, id: string) {
  const rows = await ctx.db
    .delete(announcements)
    .where(eq(announcements.id, id))
    .returning({ id: announcements.id });
  return rows.length > 0;
}

/** Confirmed accounts still opted in to critical e-mails, in id order from `afterId`. */
export async function criticalRecipients(ctx: AppContext, afterId: string | null, limit: number) {
  return ctx.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.emailVerified, true),
        eq(users.criticalEmails, true),
        afterId ? gt(users.id, afterId) : sql`true`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
}

export async function findRecipient(ctx: AppContext, userId: string) {
  const [row] = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      criticalEmails: users.criticalEmails,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function optOutOfCriticalEmails(ctx: AppContext, userId: string, at: Date) {
  const [row] = await ctx.db
    .update(users)
    .set({ criticalEmails: false, updatedAt: at })
    .where(eq(users.id, userId))
    .returning({ email: users.email, criticalEmails: users.criticalEmails });
  return row;
}
