/**
 * Read state in O(unread): a per-user watermark plus exceptions on either side of it.
 *
 * Every announcement has a place P = (visible_from, visible_seq): when developers first could see
 * it (null for a draft never published; fixed once passed), the sequence ordering publications at
 * the same instant. A user's state is
 *   - a watermark W = (read_through, read_through_seq): every announcement with P ≤ W counts as read, except
 *   - `announcement_unreads`: the ones below W the user had not read when W passed them; and
 *   - `announcement_reads`: opened ones (any side of W; above W they are the only read marks).
 * unread = (exceptions still visible) + (visible with P above W and visible_from ≤ now, not opened).
 *
 * Mark-all-read moves W to now (so the range is empty); opening one adds a read row and, once the
 * opened ones above W outnumber the unread ones there, moves W to now, turning those few unread
 * into exceptions. So the range holds at most about twice the unread ones and a count never walks
 * the announcements a user has already read. Counts stop at a cap (the bell shows `99+` style).
 *
 * Publishing takes an exclusive advisory lock and moving W a shared one, so an announcement can
 * never be given a P at or below a W that was set without seeing it: W takes the last sequence
 * number handed out, and anything published later gets a larger one.
 */
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  announcementReads,
  announcements,
  announcementUnreads,
  announcementWatermarks,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';

export const PUBLISH_LOCK = sql`hashtextextended('announcements:publish', 0)`;
/**
 * Opened ones above the watermark tolerated before it moves (keeps single reads cheap); the value in
 * use is `ctx.limits.watermarkMoveAfterReads`, which tests lower to exercise both paths.
 */
export const WATERMARK_MOVE_AFTER_READS = 16;

type Rows<T> = { rows: T[] };

const userLock = (tx: Tx, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`announcements:read:${userId}`}, 0))`);

export type Watermark = { at: Date; seq: number };

export async function watermarkOf(db: Tx, userId: string): Promise<Watermark | null> {
  const [row] = await db
    .select({ at: announcementWatermarks.readThrough, seq: announcementWatermarks.readThroughSeq })
    .from(announcementWatermarks)
    .where(eq(announcementWatermarks.userId, userId));
  return row ?? null;
}

const visibleNow = (now: Date) =>
  sql`a.draft = false and (a.show_after_at is null or a.show_after_at <= ${now}::timestamptz)`;
const above = (w: Watermark | null, alias = sql`a.`) =>
  w ? sql`and (${alias}visible_from, ${alias}visible_seq) > (${w.at}::timestamptz, ${w.seq}::bigint)` : sql``;
const notOpened = (userId: string) =>
  sql`not exists (select 1 from ${announcementReads} r where r.announcement_id = a.id and r.user_id = ${userId})`;
const limit = (cap: number) => (Number.isFinite(cap) ? sql`limit ${cap}` : sql``);

/** Unread announcements for the user at `now`, counted up to `cap`. */
export async function countUnread(db: Tx, userId: string, now: Date, cap = Number.POSITIVE_INFINITY) {
  const w = await watermarkOf(db, userId);
  const result = (await db.execute(sql`
    select
      (select count(*) from (
        select 1 from ${announcementUnreads} e join ${announcements} a on a.id = e.announcement_id
        where e.user_id = ${userId} and ${visibleNow(now)} ${limit(cap)}) x)
      + (select count(*) from (
        select 1 from ${announcements} a
        where a.visible_from is not null ${above(w)} and a.visible_from <= ${now}::timestamptz
          and ${visibleNow(now)} and ${notOpened(userId)} ${limit(cap)}) y) as n`)) as unknown as Rows<{
    n: string | number;
  }>;
  return Math.min(cap, Number(result.rows[0]?.n ?? 0));
}

/**
 * Moves the user's watermark to now: what is unread in the range it passes (visible or hidden for
 * now, as long as it was visible once) becomes an exception first.
 */
async function moveWatermark(tx: Tx, ctx: AppContext, userId: string, hiddenOnly: boolean) {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${PUBLISH_LOCK})`);
  // Read after the lock: every publication that could land at or below `now` has committed.
  const now = ctx.clock.now();
  const w = await watermarkOf(tx, userId);
  const hidden = hiddenOnly
    ? sql`and (a.draft or a.show_after_at is not null) and (a.draft or a.show_after_at > ${now}::timestamptz)`
    : sql``;
  await tx.execute(sql`
    insert into ${announcementUnreads} (user_id, announcement_id)
    select ${userId}, a.id from ${announcements} a
    where a.visible_from is not null ${above(w)} and a.visible_from <= ${now}::timestamptz ${hidden}
      and ${notOpened(userId)}
    on conflict do nothing`);
  // No publication is in flight (we hold the shared lock): the sequence's last value is the largest handed out.
  await tx.execute(sql`
    insert into ${announcementWatermarks} (user_id, read_through, read_through_seq)
    select ${userId}, ${now}::timestamptz, case when is_called then last_value else 0 end
    from announcements_visible_seq
    on conflict (user_id) do update
    set read_through = excluded.read_through, read_through_seq = excluded.read_through_seq
    where (${announcementWatermarks.readThrough}, ${announcementWatermarks.readThroughSeq})
      < (excluded.read_through, excluded.read_through_seq)`);
  return now;
}

/** Mark all as read: every announcement visible now; hidden ones keep their state. Returns how many. */
export async function markAllRead(ctx: AppContext, userId: string) {
  return ctx.db.transaction(async (tx) => {
    await userLock(tx, userId);
    const marked = await countUnread(tx, userId, ctx.clock.now());
    // Only hidden ones need an exception: W passing a visible one is what marks it read.
    const now = await moveWatermark(tx, ctx, userId, true);
    await tx.execute(sql`
      delete from ${announcementUnreads} e using ${announcements} a
      where e.user_id = ${userId} and a.id = e.announcement_id and ${visibleNow(now)}`);
    return marked;
  });
}

/**
 * Records that the user opened a visible announcement (the first time only) and moves the
 * watermark when the opened ones above it outnumber the unread ones there. Moves
 * announcements.read_count and copies visible_from / visible_seq onto the read (here; db/derived.ts).
 */
export async function markRead(
  ctx: AppContext,
  userId: string,
  announcement: { id: string; visibleFrom: Date; visibleSeq: number },
) {
  await ctx.db.transaction(async (tx) => {
    await userLock(tx, userId);
    const inserted = (await tx.execute(sql`
      insert into ${announcementReads} (announcement_id, user_id, read_at, visible_from, visible_seq)
      values (${announcement.id}, ${userId}, ${ctx.clock.now()}::timestamptz, ${announcement.visibleFrom}::timestamptz,
              ${announcement.visibleSeq}::bigint)
      on conflict do nothing returning 1`)) as unknown as Rows<unknown>;
    if (inserted.rows.length) {
      await tx.execute(
        sql`update ${announcements} set read_count = read_count + 1 where id = ${announcement.id}`,
      );
    }
    await tx.execute(
      sql`delete from ${announcementUnreads} where user_id = ${userId} and announcement_id = ${announcement.id}`,
    );
    const w = await watermarkOf(tx, userId);
    const now = ctx.clock.now();
    const opened = (await tx.execute(sql`
      select count(*)::int as n from ${announcementReads}
      where user_id = ${userId} ${above(w, sql``)}`)) as unknown as Rows<{
      n: number;
    }>;
    const openedAbove = Number(opened.rows[0]?.n ?? 0);
    if (openedAbove < ctx.limits.watermarkMoveAfterReads) return;
    const unread = (await tx.execute(sql`
      select count(*)::int as n from (
        select 1 from ${announcements} a
        where a.visible_from is not null ${above(w)} and a.visible_from <= ${now}::timestamptz
          and ${notOpened(userId)} limit ${openedAbove + 1}) x`)) as unknown as Rows<{ n: number }>;
    if (Number(unread.rows[0]?.n ?? 0) <= openedAbove) await moveWatermark(tx, ctx, userId, false);
  });
}

/**
 * A reader's marks on the announcement a select reads, as left joins by primary key: their read
 * (when they opened it) and their exception below the watermark. Joins, not sub-selects in the
 * select list, so the planner may read a small table once for the page and look a large one up row
 * by row, by the same keys for every user. (PGlite answers each rescan of a table with a file-size
 * call: as sub-selects they were 78 calls a 25-row page, most of its thread's time.)
 */
export const readerMarks = (userId: string | Placeholder) => ({
  read: and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, userId))!,
  exception: and(
    eq(announcementUnreads.userId, userId),
    eq(announcementUnreads.announcementId, announcements.id),
  )!,
});

/**
 * When the reader read it, from `readerMarks`' joins and their watermark: when they opened it; else,
 * unless it is an exception below the watermark, the watermark's time if the watermark has passed
 * its place (a place never given, a draft never published, is never passed); else null (unread).
 * The watermark is one row per user, read once for the statement (its sub-selects name no column
 * of the row, so they run once, not per row).
 */
export function readAt(userId: string | Placeholder) {
  const w = announcementWatermarks;
  const watermark = (columns: SQL) => sql`(select ${columns} from ${w} where ${w.userId} = ${userId})`;
  return sql`coalesce(${announcementReads.readAt}, case
    when ${announcementUnreads.announcementId} is null
      and (${announcements.visibleFrom}, coalesce(${announcements.visibleSeq}, 0))
        <= ${watermark(sql`${w.readThrough}, ${w.readThroughSeq}`)}
    then ${watermark(sql`${w.readThrough}`)} end)`.mapWith(announcementReads.readAt);
}
