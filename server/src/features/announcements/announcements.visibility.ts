import { and, eq, isNull, lte, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { announcements } from '../../db/schema/index.ts';

/**
 * A date-only show-after opens at 00:00 of that day in the portal's time zone; that instant is
 * stored as `show_after_at` when the announcement is saved (PostgreSQL applies the zone).
 */
export function showAfterInstant(showAfter: string | null, timeZone: string): SQL {
  return showAfter === null
    ? sql`null::timestamptz`
    : sql`(${showAfter}::date::timestamp at time zone ${timeZone})`;
}

/** Visible means shown to developers: not a draft and past its show-after instant. */
export function visibility(row: { draft: boolean; showAfterAt: Date | null }, now: Date) {
  const visibleByShowAfter = row.showAfterAt === null || row.showAfterAt.getTime() <= now.getTime();
  return { visible: !row.draft && visibleByShowAfter, visible_by_show_after: visibleByShowAfter };
}

/**
 * Not a draft, in the statement's text: a value there would keep a kept plan from using the index
 * of published announcements (it covers `draft = false` only).
 */
export const PUBLISHED = eq(announcements.draft, sql`false`);

/** The same rule in SQL, at an instant or at a placeholder's (a statement built once). */
export const visibleAt = (now: Date | Placeholder) =>
  and(PUBLISHED, or(isNull(announcements.showAfterAt), lte(announcements.showAfterAt, now))) as SQL;
