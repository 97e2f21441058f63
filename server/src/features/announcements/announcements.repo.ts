import type { AdminNotificationsQuery } from '@portal/contracts';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { idIn, prepared } from '../../db/prepared.ts';
import { announcementReads, announcements, announcementUnreads, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  containsAny,
  endingInId,
  type ListOptions,
  type ListRequest,
  type ListSorts,
  type ListSource,
  listPage,
  pageRows,
  resolveSort,
  rowQuery,
} from '../../platform/list/index.ts';
import { PUBLISH_LOCK, readAt, readerMarks } from './announcements.unread.ts';
import { PUBLISHED, showAfterInstant, visibleAt } from './announcements.visibility.ts';

export type AnnouncementRow = typeof announcements.$inferSelect;

/** A critical announcement's e-mail: one per announcement and user (the mail job's idempotency key). */
export const CRITICAL_MAIL_TEMPLATE = 'announcement.critical';
export const criticalMailKey = (announcementId: string, userId: string) =>
  `announcement:${announcementId}:${userId}`;

/** What a developer is shown of an announcement (a Notification): not its reach, author or place. */
const readerColumns = {
  id: announcements.id,
  title: announcements.title,
  summary: announcements.summary,
  body: announcements.body,
  critical: announcements.critical,
  draft: announcements.draft,
  showAfter: announcements.showAfter,
  showAfterAt: announcements.showAfterAt,
  createdAt: announcements.createdAt,
};

const announcementColumns = {
  ...readerColumns,
  visibleFrom: announcements.visibleFrom,
  visibleSeq: announcements.visibleSeq,
  readCount: announcements.readCount,
  emailsSent: announcements.emailsSent,
  emailsFailed: announcements.emailsFailed,
  authorId: announcements.authorId,
  updatedAt: announcements.updatedAt,
};
export type ReaderRow = { [K in keyof typeof readerColumns]: AnnouncementRow[K] };

const by = endingInId(announcements.id, 'uuid');

const newestFirst = by(announcements.createdAt, 'timestamptz', {
  table: 'announcements',
  column: 'created_at',
});

/** The admin list's orders (spec admin §4: sortable columns); developers always get newest first. */
export const ADMIN_SORTS = {
  created_at: newestFirst,
  title: by(announcements.title, 'text', { table: 'announcements', column: 'title' }),
} satisfies ListSorts<AdminNotificationsQuery>;

const FROM = sql`${announcements}`;
/** Published and past their show-after at `$now` (announcements.visibility.ts), built once. */
const VISIBLE_AT_NOW = visibleAt(sql.placeholder('now'));

// Either no filter (staff) or the published ones up to now, walked newest first in their own
// index whatever the instant: no index leads with the time, so no plan can depend on it.
const source = (
  shape: NonNullable<ListSource['shape']>,
  where: SQL | undefined,
  search: string | undefined,
) => ({
  from: FROM,
  table: 'announcements',
  where,
  search: containsAny(search, [announcements.title]),
  id: announcements.id,
  keptPlan: true,
  shape,
});

const READER = sql.placeholder('userId');
const MARKS = readerMarks(READER);

/** A page row's announcement with when `$userId` read it (announcements.unread.ts), read with the keys. */
const READER_ROW = pageRows('notification for reader', (pageId) =>
  rowQuery
    .select({ ...readerColumns, readAt: readAt(READER) })
    .from(announcements)
    .leftJoin(announcementReads, MARKS.read)
    .leftJoin(announcementUnreads, MARKS.exception)
    .where(eq(announcements.id, pageId)),
);

/**
 * Visible announcements, newest first, optionally whose title contains `search`, each with this
 * reader's marks.
 */
export async function listVisible(
  ctx: AppContext,
  now: Date,
  request: ListRequest & { search?: string | undefined },
  userId: string,
  options?: ListOptions,
) {
  const sort = resolveSort({ created_at: newestFirst }, '-created_at');
  const shape = { name: 'notifications', values: { now: now.toISOString() } };
  // The estimate is planned for every published one, not for this instant's visible ones: a filter
  // with the time in it would be planned afresh on every request.
  const listed = { ...source(shape, VISIBLE_AT_NOW, request.search), estimateWhere: PUBLISHED };
  const rows = { ...READER_ROW, values: { userId } };
  return listPage(ctx, listed, sort, request, rows, (row) => row.id, options);
}

const announcementsWithAuthorsByIds = prepared('announcements_with_authors_by_ids', (db, name) =>
  db
    .select({ ...announcementColumns, authorName: users.name })
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.authorId))
    .where(idIn(announcements.id))
    .prepare(name),
);

const visibleOne = (id: string, now: Date) => and(eq(announcements.id, id), visibleAt(now));

/** The announcement if developers can see it now. */
export async function findVisible(ctx: AppContext, id: string, now: Date) {
  const [row] = await ctx.db.select(announcementColumns).from(announcements).where(visibleOne(id, now));
  return row;
}

/** What a developer is shown of it, with when this user read it (announcements.unread.ts). */
export async function findVisibleForReader(ctx: AppContext, id: string, now: Date, userId: string) {
  const marks = readerMarks(userId);
  const [row] = await ctx.db
    .select({ ...readerColumns, readAt: readAt(userId) })
    .from(announcements)
    .leftJoin(announcementReads, marks.read)
    .leftJoin(announcementUnreads, marks.exception)
    .where(visibleOne(id, now));
  return row;
}

export async function findById(ctx: AppContext, id: string) {
  const [row] = await ctx.db.select().from(announcements).where(eq(announcements.id, id));
  return row;
}

/** Every announcement (drafts too) with its author, in the requested order, optionally searched by title. */
export async function listAll(
  ctx: AppContext,
  request: ListRequest & Pick<AdminNotificationsQuery, 'sort'> & { search?: string | undefined },
  options?: ListOptions,
) {
  const sort = resolveSort(ADMIN_SORTS, request.sort);
  return listPage(
    ctx,
    source({ name: 'admin announcements', values: {} }, undefined, request.search),
    sort,
    request,
    (ids) => announcementsWithAuthorsByIds(ctx.db).execute({ ids }),
    (row) => row.id,
    options,
  );
}

export type Reach = { readCount: number; emailsSent: number; emailsFailed: number };

/** Readers and critical e-mails sent or failed: counters kept on the row (see the schema). */
export function reachOf(row: { readCount: number; emailsSent: number; emailsFailed: number }): Reach {
  return { readCount: row.readCount, emailsSent: row.emailsSent, emailsFailed: row.emailsFailed };
}

export async function findAuthorName(ctx: AppContext, authorId: string | null) {
  if (!authorId) return null;
  const [row] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, authorId));
  return row?.name ?? null;
}

export type AnnouncementValues = Omit<
  typeof announcements.$inferInsert,
  'showAfterAt' | 'visibleFrom' | 'visibleSeq' | 'readCount' | 'id'
>;

const NEXT_VISIBLE_SEQ = sql`nextval('announcements_visible_seq')`;

/** Takes the lock read-all and the watermark take shared (announcements.unread.ts). */
async function lockPublishing(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK})`);
}

/**
 * Inserts an announcement. visible_from is when developers first see it: now, or its show-after
 * instant when that is later; null while it is a draft. Moves nothing derived.
 */
export async function insert(ctx: AppContext, values: AnnouncementValues, timeZone: string) {
  return ctx.db.transaction(async (tx) => {
    await lockPublishing(tx);
    const now = ctx.clock.now();
    const showAfterAt = showAfterInstant(values.showAfter ?? null, timeZone);
    const [row] = await tx
      .insert(announcements)
      .values({
        ...values,
        showAfterAt,
        visibleFrom: values.draft
          ? null
          : sql`greatest(${now}::timestamptz, coalesce(${showAfterAt}, ${now}::timestamptz))`,
        visibleSeq: values.draft ? null : NEXT_VISIBLE_SEQ,
      })
      .returning();
    return row!;
  });
}

/**
 * Updates it. A visible_from that has passed stays (it is the announcement's place in everyone's
 * read watermark); one still ahead, or none, follows the new draft flag and show-after. (Fields are
 * evaluated against the old row, so both CASEs see the same "has it passed".) Moves nothing derived:
 * reads copy visible_from only once it has passed, and then it stays (db/derived.ts).
 */
export async function update(
  ctx: AppContext,
  id: string,
  values: Partial<AnnouncementValues>,
  timeZone: string,
) {
  return ctx.db.transaction(async (tx) => {
    await lockPublishing(tx);
    const now = ctx.clock.now();
    const showAfterAt =
      values.showAfter !== undefined
        ? showAfterInstant(values.showAfter, timeZone)
        : sql`${announcements.showAfterAt}`;
    const draft = values.draft !== undefined ? sql`${values.draft}::boolean` : sql`${announcements.draft}`;
    const [row] = await tx
      .update(announcements)
      .set({
        ...values,
        ...(values.showAfter !== undefined ? { showAfterAt } : {}),
        visibleFrom: sql`case
          when ${announcements.visibleFrom} <= ${now}::timestamptz then ${announcements.visibleFrom}
          when ${draft} then null
          else greatest(${now}::timestamptz, coalesce(${showAfterAt}, ${now}::timestamptz)) end`,
        visibleSeq: sql`case
          when ${announcements.visibleFrom} <= ${now}::timestamptz then ${announcements.visibleSeq}
          when ${draft} then null
          else ${NEXT_VISIBLE_SEQ} end`,
      })
      .where(eq(announcements.id, id))
      .returning();
    return row;
  });
}

// Moves nothing derived: its reads and its counters go with it.
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

// Moves nothing derived (users feed review_owner_email by e-mail only).
export async function optOutOfCriticalEmails(ctx: AppContext, userId: string, at: Date) {
  const [row] = await ctx.db
    .update(users)
    .set({ criticalEmails: false, updatedAt: at })
    .where(eq(users.id, userId))
    .returning({ email: users.email, criticalEmails: users.criticalEmails });
  return row;
}
