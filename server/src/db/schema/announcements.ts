import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { userRef, users } from './users.ts';

/** Orders publications that share a visible_from instant (see announcements.unread.ts). */
export const announcementsVisibleSeq = pgSequence('announcements_visible_seq');

/** Announcements ("notifications" in the spec's API) written by staff. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** Markdown; rendered through the sanitizing pipeline only. */
    body: text('body').notNull(),
    critical: boolean('critical').notNull().default(false),
    draft: boolean('draft').notNull().default(false),
    /** Visible from 00:00 of this day in the portal's time zone. */
    showAfter: date('show_after', { mode: 'string' }),
    /** That 00:00 as an instant (the time zone applied when it was saved); null without show_after. */
    showAfterAt: timestamp('show_after_at', { withTimezone: true }),
    /**
     * When developers first could (or will) see it: its place in the read watermark's order
     * (announcements.unread.ts). Null for a draft never published; fixed once it has passed.
     */
    visibleFrom: timestamp('visible_from', { withTimezone: true }),
    /** Breaks ties between equal visible_from values: later publications get larger numbers. */
    visibleSeq: bigint('visible_seq', { mode: 'number' }),
    /** Developers who opened it (a read row was added); kept with the row so the admin list never counts reads (db/derived.ts). */
    readCount: integer('read_count').notNull().default(0),
    /**
     * Its critical e-mails in mail_outbox (rows naming it in `announcement_id`) by status, kept by the
     * trigger `mail_outbox_announcement_reach` as the mail job records each one, so the admin list never
     * counts the outbox (db/derived.ts).
     */
    emailsSent: integer('emails_sent').notNull().default(0),
    emailsFailed: integer('emails_failed').notNull().default(0),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // Admin list (newest first, or by title) and title search.
    index('announcements_created_idx').on(t.createdAt, t.id),
    index('announcements_title_idx').on(t.title, t.id),
    index('announcements_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`),
    // Developer list: published ones newest first; show_after_at rides along for an index-only scan.
    index('announcements_published_idx').on(t.createdAt, t.id, t.showAfterAt).where(sql`${t.draft} = false`),
    // Unread count: what became visible after a user's watermark.
    index('announcements_visible_from_idx')
      .on(t.visibleFrom, t.visibleSeq, t.id, t.draft, t.showAfterAt)
      .where(sql`${t.visibleFrom} is not null`),
    // The few that were visible once and are hidden again, or are scheduled (read-all looks at these).
    index('announcements_hideable_idx')
      .on(t.visibleFrom, t.visibleSeq, t.id)
      .where(sql`${t.visibleFrom} is not null and (${t.draft} or ${t.showAfterAt} is not null)`),
  ],
);

/** When a user opened an announcement; one row per user and announcement. */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: userRef(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    /** The announcement's visible_from (fixed by the time anyone can read it), to count reads per range. */
    visibleFrom: timestamp('visible_from', { withTimezone: true }).notNull(),
    visibleSeq: bigint('visible_seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.userId] }),
    index('announcement_reads_user_visible_idx').on(t.userId, t.visibleFrom, t.visibleSeq),
  ],
);

/** Per user: every announcement at or before (read_through, read_through_seq) counts as read… */
export const announcementWatermarks = pgTable('announcement_watermarks', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  readThrough: timestamp('read_through', { withTimezone: true }).notNull(),
  /** The last visible_seq handed out when the watermark moved (ties at read_through). */
  readThroughSeq: bigint('read_through_seq', { mode: 'number' }).notNull(),
});

/** …except these, which the user had not read when the watermark passed them. */
export const announcementUnreads = pgTable(
  'announcement_unreads',
  {
    userId: userRef(),
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] })],
);
